internal import CTerminalGuard
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Asking in accessible mode (`PromptOptions.accessible`): the terminal's own line editing, and output that only
/// ever appends plain lines — no cursor movement, no redraw, no colour, no bell — so a screen reader or a braille
/// display reads each thing once.
///
/// The question is a line of words (`SpokenQuestion`); the typed line goes through the keymap key by key
/// (`LineEntry`); each refused key's reason is a line of its own, written once; Enter on an invalid value says why
/// and asks again. The terminal is in canonical mode with echo while a line is read, so Backspace, Ctrl-U and
/// Ctrl-C work as at any shell prompt.
struct AccessiblePrompt {
    let tty: Int32
    /// The lines last written above a question (a form's record so far), so only the lines that changed are
    /// written before the next one: a derived value appears once, when its source is accepted.
    var block: [String] = []
    /// The keys of the last prompt, for paradata: a line the field takes whole counts as one key (a paste), as the
    /// terminal's own line editing is never seen.
    private(set) var keys = KeyTally()

    /// Ask for one value; also the text left in the field when the prompt ends without one.
    mutating func ask(spec: FieldSpec, context: ValidationContext, options: PromptOptions) -> (PromptOutcome, left: String) {
        writeBlock(options.linesAbove, whole: options.readsBlockBack)
        var core = PromptCore(keymap: options.keymap, backKeys: options.backKeys)
        defer { keys = core.tally }
        core.formKeys = options.formKeys
        core.answers = options.answers
        core.answerOnEnter = options.answerOnEnter
        let blank = Field(spec: spec, context: context)
        var start = blank
        if let text = options.defaultText, !text.isEmpty {
            _ = start.apply(options.defaultIsPaste ? .paste(text) : .selfInsert(text))
        }
        // Enter on an empty line keeps what the field starts with; a line with text types it into an empty field.
        let defaultDisplay = start.state.symbols.isEmpty ? nil : Self.display(of: start)
        var field = start
        var untouched = true
        if let status = options.status { writeLine(status) }
        // The list is the whole one even when the field starts with a value: a typed line starts from the blank
        // field, so its numbers are the blank field's.
        askQuestion(options: options, field: field, listing: blank, defaultDisplay: defaultDisplay)
        let deadline = options.timeout.flatMap { $0 > 0 ? Monotonic.now() + UInt64(min($0, PromptOptions.longestTimeout) * 1e9) : nil }
        while true {
            TerminalWrites.write(tty, "> ")
            let line: TypedLine
            switch readLine(deadline: deadline, secret: options.secret) {
            case .line(let read): line = read
            case .timedOut: return (.timedOut, field.value)
            case .hangup: return (.terminated(SIGHUP), field.value)
            }
            if untouched && !line.bytes.isEmpty { field = blank }
            untouched = false
            switch LineEntry.enter(line.bytes, pressesEnter: line.endsWithEnter, core: &core, field: &field) {
            case .accepted(let value):
                return (.accepted(value), field.value)
            case .refused(let reasons):
                for reason in reasons { writeLine(reason) }
                field = start
                untouched = true
            case .narrowed:
                let matches = field.choiceMatches
                matches.reach(SpokenQuestion.listedChoices)
                writeLine(matches.isExact ? tr("\(matches.count) choices match:")
                                          : tr("at least \(matches.count) choices match:"))
                askQuestion(options: options, field: field, defaultDisplay: nil)
            case .asks(let question):
                writeLine(question)
            case .continues:
                // A level of choices opened (a province's cities), or a question answered: the field is asked again.
                askQuestion(options: options, field: field, defaultDisplay: nil)
            case .ended(let step):
                return (Self.outcome(of: step), field.value)
            }
        }
    }

    /// How a field that starts with a value shows it: a choice's label (with its parents'), else the field's line.
    private static func display(of field: Field) -> String {
        guard let list = field.spec.choices else { return field.line.display }
        return list.index(ofValue: field.acceptedValue).map { list.path(to: $0) } ?? field.acceptedValue
    }

    /// The record's lines above the question: those that differ from what stands above the last question
    /// (`whole`: every one, a record read back before it is saved).
    private mutating func writeBlock(_ lines: [String], whole: Bool) {
        for (k, line) in lines.enumerated() where whole || k >= block.count || block[k] != line { writeLine(line) }
        block = lines
    }

    /// The question: a choice field's numbered list (the candidates of `listing`, by default the field's), then a
    /// line of words.
    private func askQuestion(options: PromptOptions, field: Field, listing: Field? = nil, defaultDisplay: String?) {
        for line in SpokenQuestion.choiceLines(listing ?? field) { writeLine(line) }
        writeLine(SpokenQuestion.line(prompt: options.prompt, field: field, placeholder: options.placeholder,
                                      defaultDisplay: defaultDisplay, secret: options.secret,
                                      answersYesNo: !options.answers.isEmpty))
    }

    /// Writes `text` as a line of its own, its control characters shown as `U+1B` and the like.
    func writeLine(_ text: String) {
        // The terminal's output processing makes the line feed a new line (ONLCR, set in line mode).
        TerminalWrites.write(tty, ControlCharacters.escaped(text) + "\n")
    }

    /// Forgets the record's lines: a saved or discarded record's block is done with.
    mutating func forgetBlock() { block = [] }

    /// The outcome of a step that ends the prompt without a value.
    private static func outcome(of step: PromptStep) -> PromptOutcome {
        switch step {
        case .cancel: return .cancelled
        case .endOfFile: return .endOfFile
        case .back: return .back
        case .interrupt: return .interrupted
        case .findRecord: return .findRecord
        case .accept(let value): return .accepted(value)
        case .edited, .refused, .redraw, .status, .suspend: return .cancelled
        }
    }

    // MARK: - Reading a line

    /// One line as the terminal's line discipline hands it over.
    struct TypedLine {
        /// The line's bytes without its line break.
        var bytes: [UInt8]
        /// It ended with Enter (else with Ctrl-D).
        var endsWithEnter: Bool
    }

    /// What reading a line gave.
    enum Read {
        case line(TypedLine)
        case timedOut
        case hangup
    }

    /// Reads one line, waiting no longer than `deadline`; `secret`: the line is not echoed (the line break is). Ctrl-R
    /// comes through as a byte of the line (the line discipline would reprint the line with it).
    private func readLine(deadline: UInt64?, secret: Bool) -> Read {
        var settings = termios()
        let changes = tcgetattr(tty, &settings) == 0
        if changes {
            var reading = settings
            // Ctrl-R is a key of ours (find a saved record), not the line discipline's "reprint the line".
            withUnsafeMutableBytes(of: &reading.c_cc) { $0[Int(VREPRINT)] = 0 }
            if secret {
                reading.c_lflag &= ~tcflag_t(ECHO)
                reading.c_lflag |= tcflag_t(ECHONL)
            }
            tcsetattr(tty, TCSANOW, &reading)
        }
        defer { if changes { tcsetattr(tty, TCSANOW, &settings) } }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let now = Monotonic.now()
                if now >= deadline { return endedMidLine(.timedOut) }
                timeout = Int32(min(UInt64(Int32.max), (deadline - now) / 1_000_000 + 1))
            }
            let ready = flg_wait(tty, timeout)
            // A resize or a continue after a stop needs no redraw here: nothing is drawn in place.
            _ = flg_take_resized()
            _ = flg_take_continued()
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .hangup
            }
            if ready == 0 { continue }
            let count = chunk.withUnsafeMutableBytes { read(tty, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .hangup
            }
            if count == 0 {
                var pfd = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
                if poll(&pfd, 1, 0) > 0, pfd.revents & Int16(POLLHUP) != 0 { return .hangup }
            }
            let bytes = Array(chunk[0..<count])
            if bytes.last == 0x0A { return .line(TypedLine(bytes: Array(bytes.dropLast()), endsWithEnter: true)) }
            // Ctrl-D handed the line over without a line break, which the terminal did not echo.
            TerminalWrites.write(tty, "\n")
            return .line(TypedLine(bytes: bytes, endsWithEnter: false))
        }
    }

    /// `read` ending while a line may be half typed: the next output starts a line of its own.
    private func endedMidLine(_ read: Read) -> Read {
        TerminalWrites.write(tty, "\n")
        return read
    }
}
