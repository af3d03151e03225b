import ArgumentParser
import FieldKit

/// One option of `fieldline ask` (and of the field options other commands share): its names and help, which
/// ArgumentParser's declarations read from here, and how the fast command-line reader stores it in a request.
///
/// Why the ArgumentParser properties still exist beside this table: a property wrapper must be written out in
/// the command's type, it cannot be made from a value. They take their names and help from these entries, values
/// are parsed by the same `ExpressibleByArgument` initialisers either way, and AskCommandLineTests checks that
/// the two readers know the same names and read every accepted line into the same request.
struct AskOption: CommandLineOption, Sendable {
    /// How a value (or the flag's presence) is stored; false when it does not parse.
    enum Storage: Sendable {
        /// A flag: no value.
        case flag(@Sendable (inout AskRequest) -> Void)
        /// An option with one value.
        case value(@Sendable (inout AskRequest, String) -> Bool)
    }

    /// Long names without the dashes; the first is the one a repeat is counted under (`max` is `limit`).
    let names: [String]
    /// The line `--help` shows, made only when asked: a prompt's fast start reads the table, never the help, and
    /// each text is a catalogue look-up (the kinds list also a walk of every phone kind's name).
    let helpText: @Sendable () -> String
    /// How the fast reader stores it.
    let storage: Storage

    /// An option of these names, help and storage.
    init(names: [String], help: @autoclosure @escaping @Sendable () -> String, storage: Storage) {
        self.names = names
        self.helpText = help
        self.storage = storage
    }

    /// The line `--help` shows.
    var help: String { helpText() }

    /// The first name with its dashes (`--limit`).
    var canonical: String { "--" + names[0] }
    /// Every name with its dashes.
    var spellings: [String] { names.map { "--" + $0 } }
    /// The names as ArgumentParser declares them.
    var nameSpecification: NameSpecification { NameSpecification(names.map { .customLong($0) }) }
    /// The help as ArgumentParser declares it.
    var argumentHelp: ArgumentHelp { ArgumentHelp(stringLiteral: help) }
    /// Whether it takes a value.
    var takesValue: Bool {
        if case .value = storage { return true }
        return false
    }

    /// An option whose value any string is.
    private static func text(_ name: String, _ help: @autoclosure @escaping @Sendable () -> String, _ path: WritableKeyPath<AskRequest, String?> & Sendable) -> AskOption {
        AskOption(names: [name], help: help(), storage: .value { request, value in
            request[keyPath: path] = value
            return true
        })
    }

    /// An option whose value parses the way ArgumentParser parses it.
    private static func parsed<T: ExpressibleByArgument>(
        _ name: String, _ help: @autoclosure @escaping @Sendable () -> String, _ path: WritableKeyPath<AskRequest, T?> & Sendable
    ) -> AskOption {
        AskOption(names: [name], help: help(), storage: .value { request, value in
            guard let parsed = T(argument: value) else { return false }
            request[keyPath: path] = parsed
            return true
        })
    }

    /// `--limit`/`--max` and `--min`: a whole number or a date; anything else is ArgumentParser's to explain.
    private static func bound(_ names: [String], _ help: @autoclosure @escaping @Sendable () -> String, max: Bool) -> AskOption {
        AskOption(names: names, help: help(), storage: .value { request, value in
            guard Int(value) != nil || DateBound.parse(value) != nil else { return false }
            request.field.set(value, max: max, name: max ? limitSpelling() : nil)
            return true
        })
    }
}

// The field options every field-loading command shares (FieldOptionGroup).
extension AskOption {
    static let keymapFile = text("keymap-file", tr("Load the field from this keymap file."), \.keymapFile)
    static let limit = bound(["limit", "max"], tr("Most units the field holds (also --max); for a date field the latest date (2026-12-31, 20261231 or today)."), max: true)
    static let min = bound(["min"], tr("Fewest units a complete value has; for a date field the earliest date."), max: false)
    static let count = parsed("count", tr("What is counted: graphemes, utf16, scalars or width."), \.field.countUnit)
    static let choices = text("choices", tr("A choice field's list: one value<TAB>label a line (- reads standard input)."), \.choices)
    static let upgradeLegacy = AskOption(
        names: ["upgrade-legacy"], help: tr("Accept 15-digit pre-1999 ID numbers and convert them to 18."),
        storage: .flag { $0.field.upgradeLegacy = true })

    /// An option for the field's validators (the engine passes it on by name; `phone` reads these).
    private static func validatorOption(_ name: String, _ help: @autoclosure @escaping @Sendable () -> String) -> AskOption {
        AskOption(names: [name], help: help(), storage: .value { request, value in
            request.field.validatorOptions[name] = value
            return true
        })
    }
    static let countries = validatorOption("countries", tr("Phone fields: the countries accepted, as region codes (CN,US,GB); others are refused as typed."))
    static let assume = validatorOption("assume", tr("Phone fields: the country of numbers typed without + (CN)."))
    static let kinds = validatorOption("kinds", tr("Phone fields: the kinds accepted, comma-separated: \(PhoneKind.allCases.map(\.name).joined(separator: ","))."))
    static let national = AskOption(
        names: ["national"], help: tr("Phone fields: --output display writes the national form (else the international one)."),
        storage: .flag { $0.field.validatorOptions["national"] = "" })  // a flag: present, with no value

    static let multi = AskOption(
        names: ["multi"], help: tr("Choice fields: take several choices (Tab marks, Enter takes the marked); --min and --max count choices."),
        storage: .flag { $0.field.multiple = true })
    static let separator = AskOption(
        names: ["separator"], help: tr("With --multi: what joins the chosen values (default ,)."),
        storage: .value { request, value in
            request.field.separator = value
            return true
        })

    /// How the limit is spelled on the command line, for messages about it: the last `--limit` or `--max` (the one
    /// whose value both readers keep), else `--limit`. Read from the arguments themselves because ArgumentParser
    /// does not say which of an option's names it met; both readers ask here, so they agree.
    static func limitSpelling(in arguments: [String] = CommandLine.arguments) -> String {
        var spelling = "--limit"
        for argument in arguments.dropFirst() {
            if argument == "--" { break }
            for name in limit.spellings where argument == name || argument.hasPrefix(name + "=") { spelling = name }
        }
        return spelling
    }

    /// The shared field options, in `--help` order.
    static let fieldGroup: [AskOption] = [keymapFile, limit, min, count, choices, multi, separator, upgradeLegacy, countries, assume, kinds, national]
}

// `ask`'s own options.
extension AskOption {
    static let prompt = AskOption(names: ["prompt"], help: tr("Text before the field."), storage: .value { request, value in
        request.prompt = value
        return true
    })
    static let defaultValue = text("default", tr("Pre-fill the field (filtered like typing)."), \.defaultValue)
    static let value = text("value", tr("Validate this value with no UI instead of asking."), \.value)
    static let output = AskOption(names: ["output"], help: tr("What to print: value, display or json."), storage: .value { request, value in
        guard let output = CheckOutput(argument: value) else { return false }
        request.output = output
        return true
    })
    static let timeout = parsed("timeout", tr("Give up after this many seconds (exit 124)."), \.timeout)
    static let onTimeout = parsed("on-timeout", tr("default: when --timeout runs out, take --default (exit 0) instead of exit 124."), \.onTimeout)
    static let noBell = AskOption(
        names: ["no-bell"], help: tr("Do not ring the bell on refused keys."), storage: .flag { $0.bell = false })
    static let accessible = AskOption(
        names: ["accessible"],
        help: tr("Accessible mode for screen readers: plain lines, the question in words, each refusal's reason once; no cursor movement, colour or bell (also FIELDLINE_ACCESSIBLE=1, TERM=dumb)."),
        storage: .flag { $0.accessible = true })
    static let history = text("history", tr("History file: Up/Down recall earlier accepted values (created 0600)."), \.history)
    static let secret = AskOption(
        names: ["secret"], help: tr("Echo one * per symbol and never write history."), storage: .flag { $0.secret = true })
    // Stored by a closure of its own, not `text`'s key path: instantiating a key path at start-up costs more than
    // the whole option (every `ask`, even `--value`, builds this table).
    static let placeholder = AskOption(
        names: ["placeholder"],
        help: tr("Shown dim in the empty field, never part of the value (a phone field shows its region's example unless given; '' shows none)."),
        storage: .value { request, value in
            request.placeholder = value
            return true
        })

    static let verify = AskOption(
        names: ["verify"], help: tr("Type it twice: the value is asked again, masked, and the two must be the same (not with --value or an answer taken without asking)."),
        storage: .flag { $0.verify = true })

    /// Every option `ask` takes.
    static let all: [AskOption] = fieldGroup + [prompt, defaultValue, value, output, timeout, onTimeout, noBell, accessible, history, secret, placeholder, verify]
        + answerGroup

    /// The option spelled `spelling` (`--max` too), nil for none. A search of the list, not a dictionary: a
    /// command line names a few options, and hashing every spelling to build the table cost more than that.
    static func named(_ spelling: String, in options: [AskOption] = all) -> AskOption? {
        guard spelling.hasPrefix("--") else { return nil }
        let name = String(spelling.dropFirst(2))
        return options.first { $0.names.contains(name) }
    }

    /// Every option `check` takes (its `--output` is stored as `ask`'s is).
    static let checkGroup: [AskOption] = fieldGroup + [output, lookups]
    /// `check --lookups TARGET`: read by the fast reader only to hand such a run to ArgumentParser (`TableLookups`).
    static let lookups = AskOption(names: ["lookups"], help: tr("The output (FILE.db, FILE.sqlite, sqlite:PATH or postgres://...) a field whose choices are another form's table (choices: {table: ...}) reads its list from."),
                                   storage: .value { request, value in request.lookups = value; return true })
}

// How a question is answered without asking (`ask` and `confirm`, QuestionAnswerOptions).
extension AskOption {
    static let name = AskOption(
        names: ["name"], help: tr("The question's name in --answers and --save-answers files and in FIELDLINE_ANSWER_NAME."),
        storage: .value { request, value in
            request.answering.name = value
            return true
        })
    static let answers = AskOption(
        names: ["answers"], help: tr("Take the answer from this YAML or JSON file of name: value (with --name); it wins over FIELDLINE_ANSWER_NAME, which wins over --default."),
        storage: .value { request, value in
            request.answering.answers = value
            return true
        })
    static let answersPartial = AskOption(
        names: ["answers-partial"], help: tr("The --answers file may answer other questions too (else a name not asked here is exit 65)."),
        storage: .flag { $0.answering.partial = true })
    static let nonInteractive = AskOption(
        names: ["non-interactive"],
        help: tr("Nobody is there: never open the terminal; take the answer, else --default, else exit 64 (also FIELDLINE_NONINTERACTIVE=1, DEBIAN_FRONTEND=noninteractive)."),
        storage: .flag { $0.answering.nonInteractive = true })
    static let saveAnswers = AskOption(
        names: ["save-answers"], help: tr("Add the answer taken to this file under --name, in the format --answers reads (JSON for FILE.json, else YAML)."),
        storage: .value { request, value in
            request.answering.saveAnswers = value
            return true
        })

    /// The answer options, in `--help` order.
    static let answerGroup: [AskOption] = [name, answers, answersPartial, nonInteractive, saveAnswers]
}
