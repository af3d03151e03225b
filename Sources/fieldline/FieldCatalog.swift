import ArgumentParser
import FieldKeymaps
import FieldKit

/// Finds the field a command names: `--keymap-file`, a KEYMAP path, or a name on the keymap search path.
enum FieldCatalog {
    /// Shell completion for a KEYMAP argument: the names on the search path (the user's and the shipped ones)
    /// that start with the word being completed, then keymap files (a word with a `/` is a path).
    static let keymapCompletion = CompletionKind.custom { _, _, prefix in
        if prefix.contains("/") { return [] }
        return KeymapLoader(lookup: KeymapLookup()).lookup.all().map(\.name).filter { $0.hasPrefix(prefix) }
    }

    /// A mistyped keymap name is a usage error (64) with the same message from every command; a path is left to
    /// the loader (a file that cannot be read is a keymap problem, 78).
    static func requireKnown(_ keymap: String) throws {
        guard !KeymapLookup.isPath(keymap), loader.lookup.locate(keymap) == nil else { return }
        let known = loader.lookup.all().map(\.name).joined(separator: ", ")
        throw ValidationError(tr("unknown keymap '\(ControlCharacters.escaped(keymap))'; known keymaps: \(known)"))
    }

    /// The loader for this process's environment.
    static var loader: KeymapLoader { KeymapLoader(lookup: KeymapLookup()) }

    /// The keymap with the command-line field options applied. Keymap problems are printed as
    /// `FILE:LINE:COL: message` and end the command with exit 78; bad options are usage errors (64).
    static func load(_ keymap: String?, options: FieldOptionGroup) throws -> LoadedKeymap {
        try load(keymap, keymapFile: options.keymapFile, choicesFile: options.choices, options: options.fieldOptions)
    }

    /// The same, from plain values: `ask`'s fast path has no ArgumentParser option group.
    static func load(_ keymap: String?, keymapFile: String?, choicesFile: String? = nil, options opts: FieldOptions) throws -> LoadedKeymap {
        let loaded: LoadedKeymap
        do {
            if let file = keymapFile {
                loaded = try loader.load(origin: .file(file))
            } else if let keymap {
                // A mistyped name is a usage error (64); problems inside a keymap file are config errors (78).
                try requireKnown(keymap)
                loaded = try loader.load(keymap)
            } else {
                throw ValidationError(tr("name a KEYMAP or give --keymap-file PATH"))
            }
        } catch let errors as KeymapErrors {
            for d in errors.diagnostics { Diagnostics.plain(d.description) }
            throw Exit.config
        }
        if let problem = opts.problem(for: loaded.spec) { throw ValidationError(problem) }
        var spec = opts.applied(to: loaded.spec)
        // `--choices` gives a choice field its list (the `choice` keymap has none of its own); only a choice field.
        switch spec.kind {
        case .choice(let list):
            if let choicesFile {
                switch ChoiceFile.load(choicesFile) {
                case .success(let list):
                    spec.kind = .choice(list)
                    // A separator held by a value of this list (only known now) could not split a line.
                    if let problem = spec.selection?.problem(for: list) { throw ValidationError(problem) }
                case .failure(let problem):
                    Diagnostics.plain(problem.description)
                    throw Exit.config
                }
            } else if list.choices.isEmpty, spec.tableChoices == nil {  // a table's list is read by `TableLookups`
                throw ValidationError(tr("\(spec.name) needs its list: --choices FILE (one value<TAB>label a line, - for standard input)"))
            }
        case .plain, .templated, .liveLayout, .date:
            if choicesFile != nil {
                throw ValidationError(tr("--choices is for choice fields (the choice keymap, or one with a choices setting)"))
            }
        }
        return LoadedKeymap(spec: spec, keymap: loaded.keymap, origin: loaded.origin, placeholder: loaded.placeholder,
                            help: loaded.help, description: loaded.description)
    }
}

/// Field options shared by every command that loads a field.
struct FieldOptionGroup: ParsableArguments {
    @Option(name: AskOption.keymapFile.nameSpecification, help: AskOption.keymapFile.argumentHelp)
    var keymapFile: String?

    @Option(name: AskOption.limit.nameSpecification, help: AskOption.limit.argumentHelp)
    var limit: String?

    @Option(name: AskOption.min.nameSpecification, help: AskOption.min.argumentHelp)
    var minLength: String?

    @Option(name: AskOption.count.nameSpecification, help: AskOption.count.argumentHelp)
    var countUnit: CountUnit?

    @Option(name: AskOption.choices.nameSpecification, help: AskOption.choices.argumentHelp)
    var choices: String?

    @Flag(name: AskOption.upgradeLegacy.nameSpecification, help: AskOption.upgradeLegacy.argumentHelp)
    var upgradeLegacy = false

    @Option(name: AskOption.countries.nameSpecification, help: AskOption.countries.argumentHelp)
    var countries: String?

    @Option(name: AskOption.assume.nameSpecification, help: AskOption.assume.argumentHelp)
    var assume: String?

    @Option(name: AskOption.kinds.nameSpecification, help: AskOption.kinds.argumentHelp)
    var kinds: String?

    @Flag(name: AskOption.national.nameSpecification, help: AskOption.national.argumentHelp)
    var national = false

    @Flag(name: AskOption.multi.nameSpecification, help: AskOption.multi.argumentHelp)
    var multi = false

    @Option(name: AskOption.separator.nameSpecification, help: AskOption.separator.argumentHelp)
    var separator: String?

    /// Options that take a value, so the replay scanner can skip their values.
    static let valueOptions = Set(AskOption.fieldGroup.filter(\.takesValue).flatMap(\.spellings))

    var fieldOptions: FieldOptions {
        var options = FieldOptions(countUnit: countUnit, upgradeLegacy: upgradeLegacy)
        if let limit { options.set(limit, max: true, name: AskOption.limitSpelling()) }
        if let minLength { options.set(minLength, max: false) }
        // Keyed by the option's name, as the fast reader keys them (AskOption.validatorOption).
        for (option, value) in [(AskOption.countries, countries), (AskOption.assume, assume), (AskOption.kinds, kinds)] {
            if let value { options.validatorOptions[option.names[0]] = value }
        }
        if national { options.validatorOptions[AskOption.national.names[0]] = "" }
        options.multiple = multi
        options.separator = separator
        return options
    }
}

// Value lists spelled out: ArgumentParser's defaults describe each case with String(describing:), whose dynamic
// casts scan every protocol conformance in the binary, a measurable part of `ask`'s start-up.
extension CountUnit: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public var defaultValueDescription: String { rawValue }
}
extension CheckOutput: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public var defaultValueDescription: String { rawValue }
}
