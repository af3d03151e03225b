#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A language fieldline writes its messages in.
public enum Language: String, Sendable, CaseIterable {
    /// English: the messages as written in the source (gettext's msgids).
    case en
    /// Simplified Chinese: `po/zh.po`.
    case zh

    /// The language messages are written in now. English until a program chooses (`fieldline` chooses from
    /// `--lang` or the locale before anything else runs); set it once, before any thread starts.
    nonisolated(unsafe) public static var current: Language = .en {
        didSet { MessageCatalogue.active = current == .en ? nil : MessageCatalogue.shipped(current) }
    }

    /// The language of a locale name (`zh_CN.UTF-8`, `zh_Hans`, `en_US`, `C`): Chinese for every `zh` locale,
    /// Traditional included (the catalogue is Simplified Chinese, which those readers can read, and is closer to
    /// them than English), English for anything else; nil for an empty name.
    public static func of(locale: String) -> Language? {
        guard !locale.isEmpty else { return nil }
        let name = locale.prefix { $0 != "." && $0 != "@" }
        if name == "zh" || name.hasPrefix("zh_") || name.hasPrefix("zh-") { return .zh }
        return .en
    }

    /// The language the environment asks for: `FIELDLINE_LANG` (`zh`, `en` or a locale name, for users who want
    /// fieldline in another language than the rest of their system), else as POSIX chooses the messages locale:
    /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`, the first that is set and not empty; English when none is. A
    /// `FIELDLINE_LANG` that names no language is passed over (`configurationProblem` says so).
    public static func fromEnvironment(_ lookup: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> Language {
        if let chosen = lookup("FIELDLINE_LANG"), !chosen.isEmpty, let language = named(chosen) { return language }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = lookup(name), let language = of(locale: value) { return language }
        }
        return .en
    }

    /// Why `FIELDLINE_LANG` is passed over (it names no language), or nil.
    public static func configurationProblem(_ lookup: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String? {
        guard let chosen = lookup("FIELDLINE_LANG"), !chosen.isEmpty, named(chosen) == nil else { return nil }
        return tr("FIELDLINE_LANG=\(chosen) names no language (zh or en); the locale's is used")
    }

    /// The language named by `--lang` (`zh`, `en`, or a locale name such as `zh_CN`), or nil for an unknown name.
    public static func named(_ name: String) -> Language? {
        if let exact = Language(rawValue: name.lowercased()) { return exact }
        let lowered = name.lowercased()
        return lowered.hasPrefix("zh") ? .zh : lowered.hasPrefix("en") ? .en : nil
    }

    /// The language `--lang` asks for anywhere in a command line (`--lang zh`, `--lang=zh`), before the first `--`;
    /// `.failure` with the bad name when it names no language, nil when it is not given (the last one given wins).
    public static func requested(in arguments: [String]) -> Result<Language, LanguageNameError>? {
        splitRequest(arguments).request
    }

    /// The command line without its `--lang NAME` / `--lang=NAME` options (those before the first `--`), so the
    /// commands themselves never see them: every command takes `--lang`.
    public static func removingRequest(from arguments: [String]) -> [String] {
        splitRequest(arguments).rest
    }

    /// The one reading of `--lang` both of the above take their part of.
    private static func splitRequest(_ arguments: [String]) -> (request: Result<Language, LanguageNameError>?, rest: [String]) {
        var request: Result<Language, LanguageNameError>?
        var rest: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { rest += arguments[i...]; break }
            var name: String?
            if argument == "--lang", i + 1 < arguments.count { name = arguments[i + 1]; i += 1 }
            else if argument.hasPrefix("--lang=") { name = String(argument.dropFirst("--lang=".count)) }
            if let name { request = named(name).map { .success($0) } ?? .failure(LanguageNameError(name: name)) }
            else { rest.append(argument) }
            i += 1
        }
        return (request, rest)
    }
}

/// `--lang` named no language fieldline has.
public struct LanguageNameError: Error, Sendable, Equatable {
    /// What was given.
    public let name: String
}
