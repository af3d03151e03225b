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
    /// False with `--no-bell`.
    var bell = true
    /// `--history FILE`.
    var history: String?
    /// `--secret`.
    var secret = false

    /// Problems ArgumentParser would report as usage errors (exit 64), checked before anything is drawn.
    func load() throws -> LoadedKeymap {
        let loaded = try FieldCatalog.load(keymap, keymapFile: keymapFile, choicesFile: choices, options: field)
        if let timeout, !(timeout > 0 && timeout <= PromptOptions.longestTimeout) {
            throw ValidationError(tr("--timeout must be a number of seconds above 0 and at most \(Int(PromptOptions.longestTimeout))"))
        }
        return loaded
    }

    /// Ask (or, with `--value`, just decide) and end the process the documented way.
    func perform(_ loaded: LoadedKeymap) throws {
        let spec = loaded.spec
        let context = Today.context()
        if let value { try Ask.decide(value, spec: spec, context: context, output: output) }
        var options = PromptOptions()
        options.prompt = prompt
        options.defaultText = defaultValue
        options.timeout = timeout
        options.bell = bell
        options.historyFile = history
        options.secret = secret
        options.colour = Ask.colourAllowed()
        options.keymap = loaded.keymap
        let outcome = FieldPrompt.run(spec: spec, context: context, options: options)
        try Ask.finish(outcome, spec: spec, context: context, output: output)
    }
}
