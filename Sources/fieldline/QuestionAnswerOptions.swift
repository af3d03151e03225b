import ArgumentParser

/// `--name`, `--answers`, `--answers-partial`, `--non-interactive` and `--save-answers` as ArgumentParser reads
/// them for `ask` and `confirm`, named and explained by their `AskOption` entries (the fast reader's table).
struct QuestionAnswerOptions: ParsableArguments {
    @Option(name: AskOption.name.nameSpecification, help: AskOption.name.argumentHelp)
    var name: String?

    @Option(name: AskOption.answers.nameSpecification, help: AskOption.answers.argumentHelp)
    var answersFile: String?

    @Flag(name: AskOption.answersPartial.nameSpecification, help: AskOption.answersPartial.argumentHelp)
    var answersPartial = false

    @Flag(name: AskOption.nonInteractive.nameSpecification, help: AskOption.nonInteractive.argumentHelp)
    var nonInteractive = false

    @Option(name: AskOption.saveAnswers.nameSpecification, help: AskOption.saveAnswers.argumentHelp)
    var saveAnswers: String?

    /// The options as the request holds them.
    var answers: QuestionAnswers {
        QuestionAnswers(name: name, answers: answersFile, partial: answersPartial, nonInteractive: nonInteractive, saveAnswers: saveAnswers)
    }
}
