import ArgumentParser
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
    /// `--accessible` (or its environment): plain appended lines, the terminal's own line editing.
    var accessible = false
    /// `--save-answers FILE`: each saved record's answers are added to FILE, as `form --answers` reads them.
    var saveAnswers: String? = nil

    func run(into sink: inout any RecordSink) throws {
        // A file that could not be added to is found before the first record is typed.
        if let saveAnswers {
            do { _ = try AnswersOutput.existing(saveAnswers) } catch {
                Diagnostics.error(error.message)
                throw ExitCode(error.code)
            }
        }
        // One terminal for every field and summary: keys typed ahead of the next field are kept for it.
        let terminal: PromptTerminal
        switch PromptTerminal.open(accessible: accessible) {
        case .success(let opened): terminal = opened
        case .failure(let problem):
            if case .failed(let why) = problem.outcome { Diagnostics.error(why); throw Exit.internalError }
            Diagnostics.error(tr("no terminal to enter records on"))
            throw Exit.noInput
        }
        var prompt = FormPrompt(form: form, context: context, operatorName: RecordStamp.operatorName(),
                                colour: Ask.colourAllowed(), clock: { RecordStamp.timestamp() })
        prompt.bell = !UserDefaults.noBell
        if let saveAnswers {
            // What was typed, not what follows from it: a derived field is made again from its source on replay.
            let asked = Set(form.fields.filter { $0.derivedFrom == nil }.map(\.name))
            prompt.recordSaved = { record in
                do throws(AnswersOutput.Problem) {
                    try AnswersOutput.append(record.values.filter { asked.contains($0.name) }.map { ($0.name, $0.value) }, to: saveAnswers)
                    return nil
                } catch {
                    return error.message
                }
            }
        }
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
