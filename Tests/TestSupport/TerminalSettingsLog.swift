import Foundation

/// An strace log of a run (`strace -v -e trace=ioctl,write`): the terminal settings it made and what it wrote, in
/// order, to tell which mode the terminal was in when something was drawn.
struct TerminalSettingsLog {
    /// The log's lines.
    let lines: [Substring]

    init(path: String) throws {
        lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    }

    /// Whether a line sets the terminal (`ioctl(…, TCSETS…)`).
    static func isSetting(_ line: Substring) -> Bool { line.hasPrefix("ioctl(") && line.contains("TCSETS") }

    /// The local-mode flags (`c_lflag`) a setting line sets.
    static func localFlags(_ line: Substring) -> [Substring] {
        line.split(separator: "c_lflag=").last?.prefix { $0 != "," }.split(separator: "|") ?? []
    }

    /// Whether a setting line leaves the terminal quiet: neither echo nor line buffering.
    static func isQuiet(_ line: Substring) -> Bool {
        let flags = localFlags(line)
        return !flags.isEmpty && !flags.contains("ECHO") && !flags.contains("ICANON")
    }

    /// The index of the first write whose quoted text holds `text`.
    func firstWrite(holding text: String) -> Int? {
        lines.firstIndex { $0.hasPrefix("write(") && $0.contains(text) }
    }
}
