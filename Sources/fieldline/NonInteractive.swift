import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Whether anybody is there to ask: `--non-interactive`, `FIELDLINE_NONINTERACTIVE` (set and not `0`), or debconf's
/// `DEBIAN_FRONTEND=noninteractive`, which install scripts and Dockerfiles already set. Then the terminal is never
/// opened and stdin is never read: each question takes its answer, else its default, else the command fails at
/// once (64) naming every question left unanswered.
enum NonInteractive {
    /// The mode is on: by `flag` (the command line's) or by the environment.
    static func requested(_ flag: Bool) -> Bool {
        if flag { return true }
        if let value = variable("FIELDLINE_NONINTERACTIVE"), !value.isEmpty, value != "0" { return true }
        return variable("DEBIAN_FRONTEND") == "noninteractive"
    }

    /// The one line naming every question that has neither an answer nor a default (exit 64).
    static func unanswered(_ names: [String]) -> String {
        unanswered(list: names.map(ControlCharacters.escaped).joined(separator: ", "))
    }

    /// `unanswered` of a list already written out (`record 2: mobile; record 3: name`).
    static func unanswered(list: String) -> String {
        tr("nobody to ask (non-interactive) and no answer or default for: \(list)")
    }

    private static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

/// A question's answer in the environment: `FIELDLINE_ANSWER_NAME`, the name upper-cased with every character
/// other than an ASCII letter or digit written `_` (`birth_date` is `FIELDLINE_ANSWER_BIRTH_DATE`). An answers
/// file's answer wins over it, and it wins over the question's default.
enum EnvironmentAnswer {
    /// The variable that answers `question`.
    static func variableName(for question: String) -> String {
        "FIELDLINE_ANSWER_" + String(question.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z": Character(String(scalar).uppercased())
            case "A"..."Z", "0"..."9": Character(scalar)
            default: "_"
            }
        })
    }

    /// The answer the environment gives `question`, nil when its variable is unset (set but empty: an empty answer).
    static func answer(for question: String) -> String? {
        getenv(variableName(for: question)).map { String(cString: $0) }
    }
}
