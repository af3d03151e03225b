import FieldKit
import FieldLine
import FieldSinks
#if canImport(Glibc)
import Glibc
#endif

/// `fieldline form` at a terminal: field after field with each field's own prompt, a summary, a confirmation, and
/// the record saved before the next one starts. Up or Shift-Tab goes back a field; Ctrl-D on the first field of an
/// empty record ends the session; Ctrl-C ends it at once (saved records stay saved: each was durable first).
struct FormEntry {
    let form: FormSpec
    let context: ValidationContext
    let tty: Int32

    func run(into sink: inout any RecordSink) throws {
        // One terminal for every field and summary: keys typed ahead of the next field are kept for it.
        let terminal: PromptTerminal
        switch PromptTerminal.open() {
        case .success(let opened): terminal = opened
        case .failure(let problem):
            if case .failed(let why) = problem.outcome { Diagnostics.error(why); throw Exit.internalError }
            Diagnostics.error("no terminal to enter records on")
            throw Exit.noInput
        }
        let operatorName = FormImport.operatorName()
        var saved = 0
        let held = (try? sink.count()) ?? 0
        say("\(form.name): \(form.fields.count) fields, \(held) record\(held == 1 ? "" : "s") in \(sink.label). "
            + "Up goes back a field; Ctrl-D on the first field ends.")
        var unsaved: [(name: String, value: String)]?
        while true {
            // A record that failed to save comes back at its summary: Enter tries again (a lost connection may be
            // back by then), Up goes back into its fields, Esc gives it up.
            guard let values = try record(on: terminal, sink: sink, resuming: unsaved?.map(\.value)) else {
                say("\(saved) record\(saved == 1 ? "" : "s") saved to \(sink.label)")
                return
            }
            unsaved = nil
            let record = SavedRecord(values: values, savedAt: FormImport.timestamp(), operatorName: operatorName)
            do {
                try sink.save(record)
                saved += 1
                say("\(saved) saved to \(sink.label)")
            } catch {
                warn("not saved: \(error.message)")
                unsaved = values
            }
        }
    }

    /// One record entered and confirmed, or nil when the operator ends the session. `resuming` values start at
    /// the summary, as entered.
    private func record(on terminal: PromptTerminal, sink: any RecordSink, resuming: [String]?) throws -> [(name: String, value: String)]? {
        var values: [String?] = resuming.map { $0.map(Optional.some) } ?? Array(repeating: nil, count: form.fields.count)
        var i = resuming == nil ? 0 : form.fields.count
        while true {
            if i == form.fields.count {
                switch confirm(values.map { $0 ?? "" }, on: terminal) {
                case .accepted: return zip(form.fields, values).map { ($0.name, $1 ?? "") }
                case .back: i -= 1; continue
                default:
                    say("record discarded")
                    values = [String?](repeating: nil, count: form.fields.count)
                    i = 0
                    continue
                }
            }
            let field = form.fields[i]
            var options = PromptOptions()
            options.prompt = field.prompt
            options.secret = field.secret
            options.keymap = field.keymap
            options.colour = Ask.colourAllowed()
            options.backKeys = true
            options.defaultIsPaste = true
            options.defaultText = values[i] ?? field.defaultValue?.text(in: context)
            switch terminal.ask(spec: field.spec, context: context, options: options) {
            case .accepted(let value):
                if value.isEmpty && field.required {
                    warn("\(field.name): a value is required")
                    continue
                }
                if field.unique, !value.isEmpty, let earlier = try? sink.earlierRecord(where: field.name, is: value) {
                    warn("\(field.name): \(field.secret ? "this value" : "'\(value)'") is already in \(earlier) of \(sink.label)")
                    values[i] = value
                    continue
                }
                values[i] = value
                i += 1
            case .back:
                if i > 0 { i -= 1 }
            case .cancelled:
                // Esc, or Ctrl-D on an empty field: the end of the session on the first field of an empty record,
                // otherwise the record in progress goes.
                if i == 0 && values.allSatisfy({ $0 == nil }) { return nil }
                say("record discarded")
                values = [String?](repeating: nil, count: form.fields.count)
                i = 0
            case .interrupted: Interrupt.propagate(SIGINT)
            case .terminated(let signo): Interrupt.propagate(signo, wholeGroup: false)
            case .timedOut, .noTerminal:
                Diagnostics.error("the terminal went away")
                throw Exit.noInput
            case .failed(let why):
                Diagnostics.error(why)
                throw Exit.internalError
            }
        }
    }

    /// The record on one screen, then Enter saves, Esc discards, Up goes back to the last field.
    private func confirm(_ values: [String], on terminal: PromptTerminal) -> PromptOutcome {
        var lines = ["", "  \(form.name) record:"]
        let width = form.fields.map(\.name.count).max() ?? 0
        for (field, value) in zip(form.fields, values) {
            let shown = field.secret ? String(repeating: "*", count: value.count) : ControlCharacters.escaped(value)
            lines.append("    " + field.name + String(repeating: " ", count: width - field.name.count) + "  " + shown)
        }
        write(lines.joined(separator: "\r\n") + "\r\n")
        var options = PromptOptions()
        options.prompt = "Enter saves, Esc discards, Up goes back: "
        options.backKeys = true
        options.colour = Ask.colourAllowed()
        // A field that takes nothing: every typed key is refused, only Enter, Esc and Up mean anything.
        let nothing = FieldSpec(name: "confirm", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "nothing")))
        let outcome = terminal.ask(spec: nothing, context: context, options: options)
        switch outcome {
        case .interrupted: Interrupt.propagate(SIGINT)
        case .terminated(let signo): Interrupt.propagate(signo, wholeGroup: false)
        default: return outcome
        }
    }

    private func say(_ text: String) { write(ControlCharacters.escaped(text) + "\r\n") }

    private func warn(_ text: String) {
        let body = ControlCharacters.escaped(text)
        write((Ask.colourAllowed() ? "\u{1B}[31m" + body + "\u{1B}[0m" : body) + "\r\n")
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(tty, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}
