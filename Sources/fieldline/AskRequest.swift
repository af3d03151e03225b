import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldTerminal

/// Everything one `fieldline ask` was asked to do, however its command line was read.
struct AskRequest: Equatable {
    /// The positional KEYMAP: a shipped name or a path.
    var keymap: String?
    /// `--keymap-file PATH`.
    var keymapFile: String?
    /// `--limit`, `--min`, `--count`, `--upgrade-legacy`.
    var field = FieldOptions()
    /// `--choices FILE`.
    var choices: String?
    /// `--prompt`.
    var prompt = "> "
    /// `--default`.
    var defaultValue: String?
    /// `--value`: validate with no UI.
    var value: String?
    /// `--output`.
    var output: CheckOutput = .value
    /// `--timeout` in seconds.
    var timeout: Double?
    /// `--on-timeout default`: a timeout takes `--default` instead of exit 124.
    var onTimeout: OnTimeout?
    /// False with `--no-bell`.
    var bell = true
    /// `--accessible`.
    var accessible = false
    /// `--history FILE`.
    var history: String?
    /// `--secret`.
    var secret = false
    /// `--placeholder`.
    var placeholder: String?
    /// `--verify`: the value is typed twice.
    var verify = false
    /// `--name`, `--answers`, `--answers-partial`, `--non-interactive`, `--save-answers`.
    var answering = QuestionAnswers()
    /// `check --lookups TARGET` (`TableLookups`).
    var lookups: String?

    /// Problems ArgumentParser would report as usage errors (exit 64), checked before anything is drawn.
    func load() throws -> LoadedKeymap {
        let loaded = try FieldCatalog.load(keymap, keymapFile: keymapFile, choicesFile: choices, options: field)
        if let source = loaded.spec.tableChoices {
            throw ValidationError(tr("the choices of \(loaded.spec.name) are read from table \(source.table) of a form's output: ask it in a form (fieldline form), or test it with check or replay --lookups"))
        }
        if let placeholder, let problem = Placeholder.problem(placeholder) { throw ValidationError("--placeholder: " + problem) }
        try UserDefaults.checkTimeout(timeout)
        try answering.check()
        let timeout = try self.timeout ?? UserDefaults.timeout()
        if onTimeout == .default {
            guard timeout != nil, let defaultValue else {
                throw ValidationError(tr("--on-timeout default needs --timeout and --default"))
            }
            // Found before asking: a default that is no valid value would only fail when nobody is there to see it.
            let result = LineChecker(spec: loaded.spec, context: Today.context()).check(defaultValue)
            if let issue = result.issue {
                throw ValidationError(tr("--default '\(ControlCharacters.escaped(defaultValue))' is not a value this field takes: \(issue.message)"))
            }
        }
        return loaded
    }

    /// Ask (or, with `--value`, just decide) and end the process the documented way.
    func perform(_ loaded: LoadedKeymap) throws {
        let spec = loaded.spec
        let context = Today.context()
        if let value { try Ask.decide(value, spec: spec, context: context, output: output, saving: answering) }
        let label = answering.label(keymap ?? keymapFile ?? "ask")
        if let answer = try answering.answerWithoutAsking(defaultValue: defaultValue, fallbackLabel: label) {
            try Ask.decide(answer, spec: spec, context: context, output: output, question: label, saving: answering)
        }
        var options = PromptOptions()
        options.prompt = prompt
        options.defaultText = defaultValue
        options.timeout = try timeout ?? UserDefaults.timeout()
        options.bell = bell && !UserDefaults.noBell
        options.historyFile = history
        options.secret = secret
        options.colour = Ask.colourAllowed()
        options.accessible = UserDefaults.accessible(accessible)
        options.keymap = loaded.keymap
        options.placeholder = placeholder ?? loaded.placeholder
        options.help = loaded.help?.text
        let outcome = FieldPrompt.run(spec: spec, context: context, options: options, verify: verify)
        if outcome == .timedOut, onTimeout == .default, let defaultValue {
            try Ask.decide(defaultValue, spec: spec, context: context, output: output, saving: answering)
        }
        try Ask.finish(outcome, spec: spec, context: context, output: output, saving: answering)
    }
}
