import ArgumentParser
import FieldKit

/// How `ask` and `confirm` take an answer without asking: `--answers FILE` (its `--name` entry), else
/// `FIELDLINE_ANSWER_NAME`, else, with nobody to ask (`NonInteractive`), `--default`; `--save-answers FILE`
/// keeps the answer taken. The same for both commands, and for `ask`'s fast command-line reader (`AskOption`).
struct QuestionAnswers: Equatable {
    /// `--name`: what answers files and the environment call the question.
    var name: String?
    /// `--answers FILE`.
    var answers: String?
    /// `--answers-partial`: the file may answer other questions too.
    var partial = false
    /// `--non-interactive`.
    var nonInteractive = false
    /// `--save-answers FILE`.
    var saveAnswers: String?

    /// Usage problems, found before anything is asked.
    func check() throws {
        if name == nil, answers != nil { throw ValidationError(tr("--answers needs --name: the name the file answers this question by")) }
        if name == nil, saveAnswers != nil { throw ValidationError(tr("--save-answers needs --name: the name the answer is saved under")) }
        if let name, name.isEmpty || ControlCharacters.first(in: name) != nil {
            throw ValidationError(tr("--name must be a name, not '\(ControlCharacters.escaped(name))'"))
        }
    }

    /// The question as messages name it: `--name`, else `fallback` (the keymap's name, `confirm`).
    func label(_ fallback: String) -> String { name ?? fallback }

    /// The answer to take without asking, or nil to ask. With nobody to ask and no answer and no `defaultValue`,
    /// says so naming the question and exits 64. `yesNo`: `true` and `false` in the file read as yes and no.
    func answerWithoutAsking(defaultValue: String?, fallbackLabel: String, yesNo: Bool = false) throws -> String? {
        if let answers, let name {
            let input = try AnswersInput(path: answers, yesNoFields: yesNo ? [name] : [])
            if let answer = try input.answer(to: name, partial: partial) { return answer }
        }
        if let name, let answer = EnvironmentAnswer.answer(for: name) { return answer }
        guard NonInteractive.requested(nonInteractive) else { return nil }
        if let defaultValue { return defaultValue }
        Diagnostics.error(NonInteractive.unanswered([label(fallbackLabel)]))
        throw Exit.usage
    }

    /// Keeps `value` in `--save-answers FILE`, when asked to.
    func save(_ value: String) throws {
        guard let saveAnswers, let name else { return }
        try AnswersOutput.save(value, as: name, to: saveAnswers)
    }
}
