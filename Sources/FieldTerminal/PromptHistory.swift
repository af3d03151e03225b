import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Earlier accepted values of a field, kept in a libedit history file checked by `HistoryFile`. Stepping through
/// them is `HistoryCursor`'s (FieldKit), which the prompt core holds.
struct PromptHistory {
    /// Oldest first.
    let entries: [String]
    /// The checked file accepted values are appended to; nil when it was refused or is read-only.
    private let file: HistoryFile?

    /// Opens, checks and loads a history file (a missing one is created 0600, empty). A file that cannot be used
    /// gives one warning line and an empty history; a read-only one is loaded and warned about.
    init(file path: String, warn: (String) -> Void = HistoryWarning.write) {
        var list: [String] = []
        var kept: HistoryFile?
        do throws(HistoryProblem) {
            let opened = try HistoryFile.open(path)
            list = try opened.load()
            if opened.writable {
                kept = opened
            } else {
                warn(HistoryWarning.line(path, tr("read-only"), tr("earlier values are offered, new ones are not saved")))
            }
        } catch {
            warn(HistoryWarning.line(path, error.reason, tr("asking without history")))
        }
        entries = list
        file = kept
    }

    /// Appends an accepted value to the file checked at start (skipped when it equals the file's newest entry).
    /// Nothing happens when the file was refused at start; a failure now gives one warning line.
    func save(_ value: String, warn: (String) -> Void = HistoryWarning.write) {
        guard let file else { return }
        Self.append(value, through: file, warn: warn)
    }

    /// Appends an accepted value to `path`, opened and checked again. A file that cannot be used is skipped
    /// silently: `init(file:)` has already warned about it. Prefer `save(_:)`, which keeps the file checked at
    /// start.
    static func append(_ value: String, to path: String) {
        guard let file = try? HistoryFile.open(path), file.writable else { return }
        append(value, through: file, warn: HistoryWarning.write)
    }

    private static func append(_ value: String, through file: HistoryFile, warn: (String) -> Void) {
        do throws(HistoryProblem) {
            if case .savedNotCompacted(let problem) = try file.append(value) {
                warn(HistoryWarning.line(file.path, tr("cannot shorten it (\(problem.reason))"), tr("the value was saved")))
            }
        } catch {
            warn(HistoryWarning.line(file.path, error.reason, tr("value not saved")))
        }
    }
}

/// The one-line warnings about a history file, on standard error.
enum HistoryWarning {
    /// `fieldline: history file PATH: REASON; CONSEQUENCE`, with control characters in the path named (`U+1B`), as
    /// in every other message, so the warning stays one line and sends nothing to the terminal.
    static func line(_ path: String, _ reason: String, _ consequence: String) -> String {
        tr("fieldline: history file \(ControlCharacters.escaped(path)): \(reason); \(consequence)")
    }

    /// Writes `line` and a newline to fd 2 in one `write`, its control characters named (a system's reason too).
    static func write(_ line: String) {
        let bytes = Array((ControlCharacters.escaped(line) + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }
}
