import ArgumentParser
import FieldKit
import FieldTerminal
#if canImport(Glibc)
import Glibc
#endif

/// What users set once in their environment instead of on every command line (the command line wins):
/// `FIELDLINE_TIMEOUT` (seconds, as `--timeout`), `FIELDLINE_NO_BELL` (set and not `0`: as `--no-bell`),
/// `FIELDLINE_ACCESSIBLE` (set and not `0`: as `--accessible`).
/// `FIELDLINE_LANG` is read with the language, before anything else (`Language.fromEnvironment`).
enum UserDefaults {
    /// `FIELDLINE_NO_BELL` is set to something other than empty or `0`.
    static var noBell: Bool {
        guard let value = getenv("FIELDLINE_NO_BELL").map({ String(cString: $0) }) else { return false }
        return !value.isEmpty && value != "0"
    }

    /// Accessible mode: `--accessible` (`flag`), `FIELDLINE_ACCESSIBLE` set to something other than empty or `0`,
    /// or `TERM=dumb` (a terminal that cannot move its cursor: Emacs's shell, a braille or speech terminal).
    static func accessible(_ flag: Bool) -> Bool {
        if flag { return true }
        if let value = getenv("FIELDLINE_ACCESSIBLE").map({ String(cString: $0) }), !value.isEmpty {
            // `0` is a way out of the automatic choice: a dumb terminal that still wants the line editor.
            return value != "0"
        }
        return getenv("TERM").map { String(cString: $0) } == "dumb"
    }

    /// `FIELDLINE_TIMEOUT` in seconds, nil when unset or empty; a usage error (64) when it is not a timeout
    /// `--timeout` would take.
    static func timeout() throws -> Double? {
        guard let text = getenv("FIELDLINE_TIMEOUT").map({ String(cString: $0) }), !text.isEmpty else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds <= PromptOptions.longestTimeout else {
            throw ValidationError(tr("FIELDLINE_TIMEOUT must be a number of seconds above 0 and at most \(Int(PromptOptions.longestTimeout)), not '\(ControlCharacters.escaped(text))'"))
        }
        return seconds
    }

    /// The check `--timeout` gets on the command line.
    static func checkTimeout(_ timeout: Double?) throws {
        if let timeout, !(timeout > 0 && timeout <= PromptOptions.longestTimeout) {
            throw ValidationError(tr("--timeout must be a number of seconds above 0 and at most \(Int(PromptOptions.longestTimeout))"))
        }
    }
}
