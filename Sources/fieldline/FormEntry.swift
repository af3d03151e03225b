import FieldKit
import FieldTerminal
import FieldSinks
import FieldRecords
#if canImport(Glibc)
import Glibc
#endif

/// `fieldline form` at a terminal: wires FieldTerminal's `FormPrompt` to the sink and turns its ending into the exit
/// (Ctrl-C re-raised as SIGINT after the terminal is restored: 130 to the shell).
struct FormEntry {
    let form: FormSpec
    let context: ValidationContext
    /// `--resume`: the first record's repeat fields start with this operator's last saved record.
    let resume: Bool

    func run(into sink: inout any RecordSink) throws {
        // One terminal for every field and summary: keys typed ahead of the next field are kept for it.
        let terminal: PromptTerminal
        switch PromptTerminal.open() {
        case .success(let opened): terminal = opened
        case .failure(let problem):
            if case .failed(let why) = problem.outcome { Diagnostics.error(why); throw Exit.internalError }
            Diagnostics.error(tr("no terminal to enter records on"))
            throw Exit.noInput
        }
        var prompt = FormPrompt(form: form, context: context, operatorName: RecordStamp.operatorName(),
                                colour: Ask.colourAllowed(), clock: { RecordStamp.timestamp() })
        prompt.bell = !UserDefaults.noBell
        // A pinned time stands still: each field's time is then 0 ms, so a test's paradata is exact.
        if WallClock.pinned != nil { prompt.milliseconds = { 0 } }
        switch prompt.run(on: terminal, into: &sink, resume: resume) {
        case .ended: return
        case .interrupted: Interrupt.propagate(SIGINT)
        case .terminated(let signo): Interrupt.propagate(signo, wholeGroup: false)
        case .terminalGone:
            Diagnostics.error(tr("the terminal went away"))
            throw Exit.noInput
        case .failed(let why):
            Diagnostics.error(why)
            throw Exit.internalError
        }
    }
}
