import FieldKit

/// `form --verify` at the terminal: saved records keyed again by a second operator, field by field with the form's
/// prompts, none showing the saved value. Each field's value is compared, as the form stores it, with the saved one
/// on Enter: where they differ the status line shows both and a choice asks which is right (the saved value, the
/// one keyed, or type it again; Esc goes back to the field). Each record's outcome is saved whole
/// (`VerificationStore`) before the next is asked.
public struct FormVerification {
    /// How the pass ended.
    public enum Outcome: Equatable, Sendable {
        /// Every record verified, or Esc/Ctrl-D ended the pass after `verified` of them.
        case ended(verified: Int)
        /// A record's verification could not be saved (the message); the earlier ones are.
        case notSaved(String)
        /// Ctrl-C, a signal, the terminal gone or libedit failing: the record being keyed is not saved.
        case stopped(PromptOutcome)
    }

    /// The form asked.
    public let form: FormSpec
    /// Today's date and the other facts values are checked against.
    public let context: ValidationContext
    /// The verifier's login name.
    public let operatorName: String
    /// Colour for the status line.
    public let colour: Bool
    /// Now as ISO 8601 UTC, for `verified_at`.
    public let clock: () -> String
    /// Ring the bell on a refused key.
    public var bell = true

    /// A verification pass.
    public init(form: FormSpec, context: ValidationContext, operatorName: String, colour: Bool, clock: @escaping () -> String) {
        self.form = form
        self.context = context
        self.operatorName = operatorName
        self.colour = colour
        self.clock = clock
    }

    /// Keys `records` again, one after another, each verification saved into `store`.
    public func run(_ records: [StoredRecord], on terminal: PromptTerminal, into store: any VerificationStore) -> Outcome {
        let blank = FormSession(form: form, context: context)
        let lines = RecordBlock(form: form, context: context)
        for (n, read) in records.enumerated() {
            terminal.say(tr("verifying record \(n + 1) of \(records.count) (saved \(ControlCharacters.escaped(read.value(of: RecordColumns.savedAt) ?? "")) by \(ControlCharacters.escaped(read.value(of: RecordColumns.operatorName) ?? "")))"))
            let keyed: [RecordVerification.Field]
            let session: FormSession
            switch verify(read, blank.another(previous: nil), lines: lines, on: terminal) {
            case .success(let done): (session, keyed) = done
            case .failure(.ended): return .ended(verified: n)
            case .failure(.stopped(let outcome)): return .stopped(outcome)
            }
            let record = Dictionary(session.record.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            let values = form.recordColumns.map { ($0, record[$0] ?? read.value(of: $0) ?? "") }
            let verification = RecordVerification(read: read, values: values, fields: keyed, verifiedAt: clock(), verifiedBy: operatorName)
            do throws(SinkError) { try store.save(verification) } catch { return .notSaved(error.message) }
            let differed = keyed.filter(\.isDiscrepancy).count
            terminal.say(differed == 0 ? tr("verified: every field as saved") : tr("verified: \(differed) of \(keyed.count) fields differed"))
        }
        return .ended(verified: records.count)
    }

    private enum Stop: Error {
        case ended
        case stopped(PromptOutcome)
    }

    /// Every asked field of `read` keyed again: the session holding the values kept, and each field's comparison.
    private func verify(_ read: StoredRecord, _ start: FormSession, lines: RecordBlock,
                        on terminal: PromptTerminal) -> Result<(FormSession, [RecordVerification.Field]), Stop> {
        var session = start
        var compared: [Int: RecordVerification.Field] = [:]
        var status: String?
        var retyped: String?
        // What the verifier keyed first for a field asked again ("type it again"): the row keeps that slip.
        var firstKeyed: [Int: String] = [:]
        while case .field(let i) = session.step {
            let field = form.fields[i]
            let outcome = ask(i, of: session, text: retyped, status: status, lines: lines, on: terminal)
            status = nil
            retyped = nil
            switch outcome {
            case .accepted(let value):
                var keyedSession = session
                if let refusal = keyedSession.accept(value) {
                    status = refusal
                    retyped = value
                    continue
                }
                let keyed = keyedSession.record[i].value
                let saved = read.value(of: field.name) ?? ""
                if keyed == saved {
                    compared[i] = .init(name: field.name, saved: saved, keyed: firstKeyed[i] ?? keyed, chosen: saved)
                    session = keyedSession
                    continue
                }
                switch resolve(field, saved: saved, keyed: keyed, lines: lines, session: keyedSession, on: terminal) {
                case .accepted(Self.keepSaved):
                    var savedSession = session
                    if let refusal = savedSession.accept(saved) {
                        // The saved value no longer passes the form: only the keyed one can be kept.
                        status = tr("the saved value is refused now: \(refusal)")
                        retyped = value
                        continue
                    }
                    compared[i] = .init(name: field.name, saved: saved, keyed: firstKeyed[i] ?? keyed, chosen: saved)
                    session = savedSession
                case .accepted(Self.keepKeyed):
                    compared[i] = .init(name: field.name, saved: saved, keyed: firstKeyed[i] ?? keyed, chosen: keyed)
                    session = keyedSession
                case .accepted:
                    firstKeyed[i] = firstKeyed[i] ?? keyed  // type it again, from empty
                case .back, .cancelled:
                    retyped = value
                case let other:
                    return .failure(.stopped(other))
                }
            case .back:
                session.back()
            case .cancelled, .endOfFile:
                return .failure(.ended)
            case let other:
                return .failure(.stopped(other))
            }
        }
        // Fields asked then left unasked by a later answer (`when`) are not compared.
        let fields = compared.keys.sorted().filter { session.isAsked($0) }.map { compared[$0]! }
        return .success((session, fields))
    }

    /// The choice's values.
    static let keepSaved = "saved", keepKeyed = "keyed", typeAgain = "again"

    /// Which of two differing values is right, asked under the block like a warning's reason: the saved value, the
    /// keyed one, or type it again; the status line shows both, the block above the keyed value. Esc goes back to
    /// the field.
    private func resolve(_ field: FormField, saved: String, keyed: String, lines: RecordBlock, session: FormSession,
                         on terminal: PromptTerminal) -> PromptOutcome {
        func shown(_ value: String) -> String {
            field.secret ? String(repeating: "*", count: value.count) : value.isEmpty ? tr("(empty)") : ControlCharacters.escaped(value)
        }
        var options = PromptOptions()
        options.linesAbove = lines.lines(of: session, in: 0..<form.fields.count)
        options.keepsLineAtEnd = false
        options.bell = bell
        options.colour = colour
        options.status = tr("\(ControlCharacters.escaped(field.label)) differs: saved \(shown(saved)), keyed \(shown(keyed))")
        options.prompt = tr("Which is right? ")
        options.promptFitsRow = true
        options.backKeys = true
        options.formKeys = FormKeys(endOfFileEnds: false, recordHoldsTypedText: false)
        options.formKeys?.escapeGoesBack = true
        let rows = [(Self.keepSaved, tr("saved: \(shown(saved))")), (Self.keepKeyed, tr("keyed: \(shown(keyed))")),
                    (Self.typeAgain, tr("type it again"))]
        var spec = FieldSpec(name: "resolution", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        guard let list = try? ChoiceList(rows: rows.enumerated().map { ChoiceRow(line: $0.offset + 1, value: $0.element.0, label: $0.element.1) }) else {
            return .failed(tr("the choice between the two values could not be made"))
        }
        spec.kind = .choice(list)
        return terminal.ask(spec: spec, context: context, options: options)
    }

    /// Field `i` asked empty (or with `text`, the value typed before a refusal or Esc at the choice).
    private func ask(_ i: Int, of session: FormSession, text: String?, status: String?, lines: RecordBlock,
                     on terminal: PromptTerminal) -> PromptOutcome {
        let field = form.fields[i]
        var options = PromptOptions()
        options.prompt = lines.prompts[i]
        options.help = field.help?.text
        options.secret = field.secret
        options.placeholder = field.placeholder
        options.keymap = field.keymap
        options.colour = colour
        options.bell = bell
        options.backKeys = true
        options.defaultIsPaste = true
        options.defaultText = text
        options.status = status
        // As at entry: Ctrl-D ends the pass only before anything of the record is keyed, Esc asks when something is.
        options.formKeys = FormKeys(endOfFileEnds: session.isUntouched && text == nil, recordHoldsTypedText: session.holdsTypedText,
                                    startingText: text ?? "")
        options.linesAbove = lines.lines(of: session, in: 0..<i)
        var spec = field.spec
        if let filter = field.choiceFilter, let list = spec.choices {
            let values = session.resolved.values
            spec.kind = .choice(ChoiceFilter.narrowed(list, by: filter) { name in form.index(of: name).map { values[$0] } ?? "" })
        }
        return terminal.ask(spec: spec, context: context, options: options)
    }
}
