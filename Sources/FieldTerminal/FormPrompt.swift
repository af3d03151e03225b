import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// A form entered at the terminal: field after field with each field's own prompt, a summary, a confirmation, and
/// each record saved into a sink before the next starts. Up or Shift-Tab goes back a field; Ctrl-D on the first
/// field of an empty record ends the session; Esc discards the record in progress.
public struct FormPrompt {
    /// How the session ended.
    public enum Outcome: Equatable, Sendable {
        /// Ctrl-D on the first field of an empty record, after `saved` records.
        case ended(saved: Int)
        /// Ctrl-C: the record in progress is gone; every saved one was durable before it was confirmed.
        case interrupted(saved: Int)
        /// A signal ends the process, or the terminal hung up.
        case terminated(Int32)
        /// The terminal stopped answering (a timeout or no terminal at all).
        case terminalGone
        /// libedit failed.
        case failed(String)
    }

    /// The form asked.
    public let form: FormSpec
    /// Today's date and the other facts values are checked against.
    public let context: ValidationContext
    /// The login name stored with each record.
    public let operatorName: String
    /// Colour for warnings.
    public let colour: Bool
    /// Now as ISO 8601 UTC, for `saved_at`.
    public let clock: () -> String

    /// A form session; `clock` gives each record's `saved_at`.
    public init(form: FormSpec, context: ValidationContext, operatorName: String, colour: Bool, clock: @escaping () -> String) {
        self.form = form
        self.context = context
        self.operatorName = operatorName
        self.colour = colour
        self.clock = clock
    }

    /// Records entered on `terminal` until the operator ends the session, each saved into `sink`.
    public func run(on terminal: PromptTerminal, into sink: inout any RecordSink) -> Outcome {
        var saved = 0
        let held = (try? sink.count()) ?? 0
        let records = held == 1 ? tr("1 record") : tr("\(held) records")
        terminal.say(tr("\(form.name): \(form.fields.count) fields, \(records) in \(sink.label). Shift-Tab goes back a field (Up too, but in a picker); Ctrl-D on the first field ends."))
        var unsaved: [String]?
        while true {
            // A record that failed to save comes back at its summary: Enter tries again (a lost connection may be
            // back by then), Up goes back into its fields, Esc gives it up.
            let entered = record(on: terminal, sink: sink, resuming: unsaved)
            guard case .success(let values) = entered else {
                switch entered {
                case .failure(.ended): terminal.say(saved == 1 ? tr("1 record saved to \(sink.label)") : tr("\(saved) records saved to \(sink.label)")); return .ended(saved: saved)
                case .failure(.interrupted): return .interrupted(saved: saved)
                case .failure(.stopped(let outcome)): return outcome
                case .success: fatalError("unreachable")
                }
            }
            unsaved = nil
            do {
                try sink.save(SavedRecord(values: values, savedAt: clock(), operatorName: operatorName))
                saved += 1
                terminal.say(tr("\(saved) saved to \(sink.label)"))
            } catch {
                warn(tr("not saved: \(error.message)"), on: terminal)
                unsaved = values.map(\.value)
            }
        }
    }

    /// Why a record was not entered.
    private enum Stop: Error {
        case ended
        case interrupted
        case stopped(Outcome)
    }

    /// One record entered and confirmed.
    private func record(on terminal: PromptTerminal, sink: any RecordSink, resuming: [String]?) -> Result<[(name: String, value: String)], Stop> {
        var session = FormSession(form: form, resuming: resuming)
        while true {
            let outcome: PromptOutcome
            switch session.step {
            case .summary:
                switch confirm(session, on: terminal) {
                case .accepted: return .success(session.record)
                case .back: session.back()
                case .interrupted: return .failure(.interrupted)
                case .terminated(let signo): return .failure(.stopped(.terminated(signo)))
                default:
                    terminal.say(tr("record discarded"))
                    session.discard()
                }
                continue
            case .field(let i):
                let field = form.fields[i]
                var options = PromptOptions()
                options.prompt = field.prompt
                options.secret = field.secret
                options.keymap = field.keymap
                options.colour = colour
                options.backKeys = true
                options.defaultIsPaste = true
                options.defaultText = session.startingText(of: i, in: context)
                outcome = terminal.ask(spec: field.spec, context: context, options: options)
            }
            switch outcome {
            case .accepted(let value):
                let refusal = session.accept(value) { name, value in
                    (try? sink.earlierRecord(where: name, is: value)).flatMap { $0.map { tr("\($0) of \(sink.label)") } }
                }
                if let refusal { warn(refusal, on: terminal) }
            case .back:
                session.back()
            case .cancelled:
                // Esc, or Ctrl-D on an empty field: the end of the session on the first field of an empty record,
                // otherwise the record in progress goes.
                if session.isUntouched { return .failure(.ended) }
                terminal.say(tr("record discarded"))
                session.discard()
            case .interrupted: return .failure(.interrupted)
            case .terminated(let signo): return .failure(.stopped(.terminated(signo)))
            case .timedOut, .noTerminal: return .failure(.stopped(.terminalGone))
            case .failed(let why): return .failure(.stopped(.failed(why)))
            }
        }
    }

    /// The record on one screen, then Enter saves, Esc discards, Up goes back to the last field.
    private func confirm(_ session: FormSession, on terminal: PromptTerminal) -> PromptOutcome {
        terminal.say("")
        terminal.say(tr("  \(form.name) record:"))
        for line in session.summary { terminal.say("    " + line) }
        var options = PromptOptions()
        options.prompt = tr("Enter saves, Esc discards, Up goes back: ")
        options.backKeys = true
        options.colour = colour
        // A field that takes nothing: every typed key is refused, only Enter, Esc and Up mean anything.
        let nothing = FieldSpec(name: "confirm", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "nothing")))
        return terminal.ask(spec: nothing, context: context, options: options)
    }

    private func warn(_ text: String, on terminal: PromptTerminal) {
        terminal.say(text, colour: colour ? "31" : nil)
    }
}
