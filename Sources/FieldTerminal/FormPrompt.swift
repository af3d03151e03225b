import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// A form entered at the terminal: field after field with each field's own prompt, then a key line, and each record
/// saved into a sink before the next starts. The record is one block on the screen, a line per field: going back
/// edits a field in its own line, with the later fields' lines kept under it, so nothing of a record is drawn
/// twice. Shift-Tab goes back a field (Up too, where it steps nothing); Esc asks before it discards anything typed;
/// Ctrl-D on the first field of an empty record ends the session, and Ctrl-R there finds a saved record to correct
/// (`FormSearch.swift`).
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
    /// Ring the bell on a refused key (off with `FIELDLINE_NO_BELL`).
    public var bell = true
    /// Called with each new record once it is saved (`form --save-answers`); a line it returns (why it could not
    /// do its part) is said under the record's.
    public var recordSaved: ((SavedRecord) -> String?)?
    /// Milliseconds on a clock that only goes forward, for the time each field's prompt is open (paradata): the
    /// system's monotonic clock, or one that stands still while `FIELDLINE_NOW` pins the time.
    public var milliseconds: () -> Int = { Int(Monotonic.now() / 1_000_000) }

    /// A form session; `clock` gives each record's `saved_at`.
    public init(form: FormSpec, context: ValidationContext, operatorName: String, colour: Bool, clock: @escaping () -> String) {
        self.form = form
        self.context = context
        self.operatorName = operatorName
        self.colour = colour
        self.clock = clock
    }

    /// Records entered on `terminal` until the operator ends the session, each saved into `sink`. With `resume`, the
    /// first record's `repeat: true` fields start with the last record this operator saved.
    public func run(on terminal: PromptTerminal, into sink: inout any RecordSink, resume: Bool = false) -> Outcome {
        var saved = 0
        let held = (try? sink.count()) ?? 0
        // Ctrl-R is named only where the search opens (`search(on:sink:)`): an output that corrects records.
        let start = FormStartLine(formName: form.name, records: held, sinkLabel: sink.label, searchable: sink.updatesRecords,
                                  keysEndLines: terminal.isAccessible)
        for row in start.rows(width: terminal.columns) { terminal.say(row) }
        var unsaved: [String]?
        var unsavedKeying: [FieldKeying?]?
        var failure: String?
        var correcting: StoredRecord?  // the saved record opened with Ctrl-R, as read, while it is in the block
        var previous = resume ? (try? sink.lastRecord(savedBy: operatorName)) ?? nil : nil
        // One session's checkers and one cache of drawn lines serve every record.
        let blank = FormSession(form: form, context: context)
        let lines = RecordBlock(form: form, context: context)
        while true {
            // A record that failed to save comes back at its summary: Enter tries again (a lost connection may be
            // back by then), Up goes back into its fields, Esc gives it up.
            var start = blank.another(resuming: unsaved, previous: previous)
            // A record whose save failed keeps how it was keyed so far.
            if let unsavedKeying { start.continueKeying(unsavedKeying) }
            let entered = record(start, correcting: &correcting,
                                 lines: lines, on: terminal, sink: sink, resumed: unsaved != nil, status: failure)
            guard case .success(let session) = entered else {
                switch entered {
                case .failure(.ended): terminal.say(saved == 1 ? tr("1 record saved to \(sink.label)") : tr("\(saved) records saved to \(sink.label)")); return .ended(saved: saved)
                case .failure(.interrupted): return .interrupted(saved: saved)
                case .failure(.stopped(let outcome)): return outcome
                case .success: fatalError("unreachable")
                }
            }
            let values = session.overruled.stored(session.record, form: form)
            unsaved = nil
            unsavedKeying = nil
            failure = nil
            do throws(SinkError) {
                if let read = correcting {
                    // The replaced version goes to the history table in the same transaction (the sink's), and only
                    // while the record is as it was read: another operator's correction since is never overwritten.
                    // Only a database's records are found to correct (`search`).
                    guard let database = sink.database else { throw sink.appendOnlyRefusal }
                    let changed = try database.update(.read(read), with: values, editedAt: clock(), editedBy: operatorName)
                    correcting = nil
                    terminal.say(changed ? tr("correction saved to \(sink.label)") : tr("nothing changed: the record is as saved"))
                    continue
                }
                let record = SavedRecord(values: values, savedAt: clock(), operatorName: operatorName)
                // The record and its paradata are durable together (the sink's transaction, or its files' order).
                try sink.save(record, keying: session.recordKeying)
                saved += 1
                previous = Dictionary(values.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
                terminal.say(tr("\(saved) saved to \(sink.label)"))
                if let problem = recordSaved?(record) { terminal.say(problem, colour: colour ? "31" : nil) }
            } catch {
                // The record's key line comes back under its block, the failure on its status line.
                failure = tr("not saved: \(error.message)")
                unsaved = values.prefix(form.fields.count).map(\.value)
                unsavedKeying = session.keying
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
    ///
    /// The screen holds the record's block, a line per field shown: when field `k` is asked, the lines of the shown
    /// fields before it are above it and those after it under it, each the field's current display (a choice's
    /// label, a derived value as its source now gives it, the text typed in a field left without Enter). The
    /// terminal's screen model draws only the lines that changed, so nothing of a record is drawn twice.
    ///
    /// `correcting` is the saved record in the block as it was read (opened with Ctrl-R), nil for a new record: set
    /// when the search opens one, cleared when it is discarded.
    private func record(_ start: FormSession, correcting: inout StoredRecord?, lines: RecordBlock, on terminal: PromptTerminal,
                        sink: any RecordSink, resumed: Bool,
                        status initialStatus: String?) -> Result<FormSession, Stop> {
        var session = start
        var status = initialStatus
        var lastAsked: FormSession.Step?  // the prompt shown before this one: a field asked after another is returned to
        while true {
            let shown = session.step
            defer { lastAsked = shown }
            let outcome: PromptOutcome
            switch session.step {
            case .summary:
                outcome = confirm(session, correcting: correcting != nil, status: status, lines: lines, on: terminal)
            case .field(let i):
                let opened = milliseconds()
                outcome = ask(i, of: session, correcting: correcting != nil, status: status, lines: lines, sink: sink, on: terminal)
                session.noteKeying(of: i, keys: terminal.lastKeys, milliseconds: milliseconds() - opened,
                                   returning: lastAsked != .field(i))
            case .reason(let k):
                outcome = askReason(k, of: session, status: status, lines: lines, on: terminal)
            }
            status = nil
            switch outcome {
            case .accepted where session.step == .summary:
                // Judged again before the save: a record resumed or opened for a correction has not been (a broken
                // rule sends it to its field, a broken warning asks its reason).
                if let message = session.judgeRules() {
                    status = message
                    continue
                }
                // The summary's key line went when it ended: the block stays as the record's transcript.
                return .success(session)
            case .accepted(let value) where session.asksReason:
                // A reason for the warning asked: the next broken warning, or the summary, follows.
                status = session.giveReason(value)
            case .back where session.asksReason:
                // Esc or Shift-Tab at a warning's reason: back to its field, to change the value instead.
                session.leaveReason()
            case .accepted(let value):
                // A refusal (a unique value, a broken rule) names why on the status line of the field it returns to.
                status = session.accept(value) { [correcting] name, value in
                    // A corrected record keeps its own unique values: only another record's counts.
                    if let own = correcting?.key, !Self.anotherRecord(than: own, in: sink, holds: value, in: name) { return nil }
                    return (try? sink.earlierRecord(where: name, is: value)).flatMap { $0.map { tr("\($0) of \(sink.label)") } }
                }
            case .back:
                // What was typed in the field left stays with it, in its line and when it is asked again.
                session.back(leaving: terminal.leftText)
            case .endOfFile:
                // Only the first field of an empty record lets Ctrl-D end (FormKeys).
                return .failure(.ended)
            case .cancelled:
                // Esc, confirmed with y: the record in progress goes (a correction unwritten); one line says so.
                terminal.replaceDrawn(with: [correcting != nil ? tr("correction discarded; the saved record is unchanged")
                                                                : tr("record discarded")])
                session.discard()
                correcting = nil
            case .findRecord:
                // Only the first field of an empty record lets Ctrl-R search (FormKeys). The search takes the
                // field's line; whatever it ends with, the record is drawn again in its place.
                switch search(on: terminal, sink: sink) {
                case .opened(let found):
                    session = session.another(resuming: form.fields.map { found.value(of: $0.name) ?? "" },
                                              previous: session.previous)
                    correcting = found
                case .left:
                    break
                case .refused(let why):
                    status = why
                case .stopped(let outcome):
                    return .failure(stop(for: outcome))
                }
            case .interrupted, .terminated, .timedOut, .noTerminal, .failed:
                return .failure(stop(for: outcome))
            }
        }
    }

    /// How the session stops for a prompt's outcome that ends it (Ctrl-C, a hang-up, the terminal gone, libedit).
    private func stop(for outcome: PromptOutcome) -> Stop {
        switch outcome {
        case .interrupted: return .interrupted
        case .terminated(let signo): return .stopped(.terminated(signo))
        case .failed(let why): return .stopped(.failed(why))
        case .timedOut, .noTerminal: return .stopped(.terminalGone)
        case .accepted, .cancelled, .endOfFile, .back, .findRecord: return .stopped(.terminalGone)  // never asked: they go on
        }
    }

    /// Whether a record other than `own` holds `value` in field `name` (a unique value of a corrected record); a
    /// sink that cannot tell says no, and the database's own unique index still refuses the update.
    private static func anotherRecord(than own: Int64, in sink: any RecordSink, holds value: String, in name: String) -> Bool {
        var other = false
        try? sink.database?.records(matching: [(name, value)]) { record in
            other = record.key != own
            return !other
        }
        return other
    }

    /// Ask field `i` in its line, the record's later fields that have values kept under it.
    private func ask(_ i: Int, of session: FormSession, correcting: Bool, status: String?, lines: RecordBlock,
                     sink: any RecordSink, on terminal: PromptTerminal) -> PromptOutcome {
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
        options.defaultText = session.startingText(of: i, in: context)
        options.status = status
        if let check = field.savedValueCheck, let database = sink.database {
            options.enterCheck = Self.enterCheck(check, of: field.name, in: database, timeout: form.lookupTimeout)
        }
        // A corrected record always asks before Esc gives the correction up.
        options.formKeys = FormKeys(endOfFileEnds: session.isUntouched, recordHoldsTypedText: correcting || session.holdsTypedText,
                                    startingText: options.defaultText ?? "")
        options.linesAbove = lines.lines(of: session, in: 0..<i)
        options.linesBelow = lines.lines(of: session, in: (i + 1)..<form.fields.count, editing: i)
        // A filtered choice field offers only the choices its filter leaves for the answers so far.
        var spec = field.spec
        if let filter = field.choiceFilter, let list = spec.choices {
            let values = session.resolved.values
            spec.kind = .choice(ChoiceFilter.narrowed(list, by: filter) { name in form.index(of: name).map { values[$0] } ?? "" })
        }
        return field.verify ? terminal.askTwice(spec: spec, context: context, options: options)
            : terminal.ask(spec: spec, context: context, options: options)
    }

    /// The reason for the broken warning `form.rules[k]`, asked in the key line's place under the record's block, the
    /// warning's message on the status line: typed, or one of the form's `reasons:` picked with Up/Down; Enter takes
    /// it, Esc or Shift-Tab goes back to the warning's field.
    private func askReason(_ k: Int, of session: FormSession, status: String?, lines: RecordBlock,
                           on terminal: PromptTerminal) -> PromptOutcome {
        var options = PromptOptions()
        options.linesAbove = lines.lines(of: session, in: 0..<form.fields.count)
        options.keepsLineAtEnd = false
        options.bell = bell
        options.status = status
        options.prompt = tr("Reason to save over the warning on \(form.rules[k].field): ")
        options.promptFitsRow = true
        options.backKeys = true
        options.colour = colour
        // Nothing of the record is lost going back to the field: Esc does not ask, it goes back as Shift-Tab does.
        options.formKeys = FormKeys(endOfFileEnds: false, recordHoldsTypedText: false)
        options.formKeys?.escapeGoesBack = true
        var spec = FieldSpec(name: "reason", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false), limit: Self.reasonLimit)
        let reasons = form.reasons
        spec.kind = .choice(ReasonChoices.list(for: "", reasons: reasons))
        return terminal.ask(spec: spec, context: context, options: options) { query, _ in ReasonChoices.list(for: query, reasons: reasons) }
    }

    /// The longest reason typed, in characters.
    static let reasonLimit = 200

    /// The key line under the record's block: Enter saves (a corrected record: the correction), Shift-Tab (or Up)
    /// goes back, Esc discards.
    private func confirm(_ session: FormSession, correcting: Bool, status: String?, lines: RecordBlock,
                         on terminal: PromptTerminal) -> PromptOutcome {
        var options = PromptOptions()
        options.linesAbove = lines.lines(of: session, in: 0..<form.fields.count)
        // Read back whole before it is saved, in accessible mode: there the block above is not on the screen to see.
        options.readsBlockBack = true
        options.keepsLineAtEnd = false
        options.bell = bell
        options.status = status
        options.prompt = correcting ? tr("Enter saves the correction, Shift-Tab goes back, Esc discards: ")
            : tr("Enter saves, Shift-Tab goes back, Esc discards: ")
        options.backKeys = true
        options.colour = colour
        options.formKeys = FormKeys(endOfFileEnds: false, recordHoldsTypedText: correcting || session.holdsTypedText)
        // A field that takes nothing: every typed key is refused, only Enter, Esc and the back keys mean anything.
        let nothing = FieldSpec(name: "confirm", symbols: SymbolRules(defaultClass: SymbolClass(ranges: [], name: "nothing")))
        return terminal.ask(spec: nothing, context: context, options: options)
    }
}
