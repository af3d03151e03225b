import CTerminalGuard
import FieldKit
import FieldRecords
#if canImport(Glibc)
import Glibc
#endif

/// An import's progress on a terminal's stderr: one line, redrawn in place at most ten times a second, with the
/// records read, saved and refused, the rate, and a bar of the bytes read when the input's size is known:
///
///     read 123456, saved 123400, refused 56, 41000 records/s  [#####---------------]  27%
///
/// Only at a terminal (not a dumb one): written to a file or a pipe, stderr gets no progress at all, only the
/// import's reports and its summary. The import's summary (`ImportSummaryLine`) replaces the line; a report written
/// meanwhile erases it first (`StderrStatusLine`); Ctrl-C leaves it on the screen with a line break after it.
final class ImportProgressLine {
    /// Seconds between two draws.
    static let interval = 0.1

    private let input: ImportInput
    /// The input's size in bytes (a regular file), for the bar.
    private let size: Int?
    private let correcting: Bool
    private let started: Double
    private var drawn: Double
    private var lastCounts: ImportSummary?

    /// A progress line for an import reading `input` (`size` bytes, when known) that started at `started`
    /// (`ImportProgressLine.now()`), or nil when stderr is not a terminal fit for one.
    init?(input: ImportInput, correcting: Bool, started: Double) {
        guard isatty(2) != 0 else { return nil }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return nil }
        self.input = input
        size = input.size.flatMap { $0 > 0 ? $0 : nil }
        self.correcting = correcting
        self.started = started
        drawn = started
        flsl_arm()
    }

    /// Draws `counts` when the last draw is `interval` old.
    func look(_ counts: ImportSummary) {
        let now = Self.now()
        guard now - drawn >= Self.interval else { return }
        draw(counts, at: now)
    }

    /// Before the import waits for input (a pipe gone quiet): the line shows the latest counts, drawn at once or
    /// after the rest of `interval` when no input comes first.
    func beforeWaiting(_ counts: ImportSummary) {
        guard counts != lastCounts else { return }
        let wait = Self.interval - (Self.now() - drawn)
        if wait <= 0 || !LineReader.waitForInput(input.fd, seconds: wait) { draw(counts, at: Self.now()) }
    }

    /// The import is over: the line is erased if still shown (the summary or an error replaces it), and Ctrl-C
    /// ends the program as it did before.
    func end() {
        StderrStatusLine.erase()
        flsl_disarm()
    }

    private func draw(_ counts: ImportSummary, at now: Double) {
        drawn = now
        lastCounts = counts
        let seconds = max(now - started, 0.001)
        let rate = Int(Double(counts.read - counts.skipped) / seconds)
        let (read, saved, refused, skipped) = (counts.read, counts.saved, counts.refused, counts.skipped)
        let text = correcting ? tr("read \(read), corrected \(saved), refused \(refused), \(rate) records/s")
            : skipped > 0 ? tr("read \(read), skipped \(skipped), saved \(saved), refused \(refused), \(rate) records/s")
            : tr("read \(read), saved \(saved), refused \(refused), \(rate) records/s")
        StderrStatusLine.draw(Self.fitted(text, share: share(), columns: Self.columns()))
    }

    /// The share of the input's bytes read, when its size is known.
    private func share() -> Double? {
        guard let size, let read = input.bytesRead else { return nil }
        return min(Double(read) / Double(size), 1)
    }

    /// Cells of the bar: as many as the terminal leaves, up to the most; none when fewer than the least are left.
    static let barCells = 10...20

    /// `[#####---------------]  27%`, the bar `cells` wide.
    static func bar(_ share: Double, cells: Int) -> String {
        let filled = Int(share * Double(cells))
        let percent = Int(share * 100)
        let padded = percent < 10 ? "  \(percent)" : percent < 100 ? " \(percent)" : "\(percent)"
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled) + "] " + padded + "%"
    }

    /// The line in at most `columns - 1` columns (the last column left free, so the terminal never wraps it): the
    /// bar narrows, then is left out, then the text is cut.
    static func fitted(_ text: String, share: Double?, columns: Int) -> String {
        let room = max(columns - 1, 1)
        let width = DisplayWidth.columns(of: text)
        // Two spaces before the bar; its brackets, the space and `100%` around the cells.
        let cells = min(room - width - 2 - 7, barCells.upperBound)
        if let share, cells >= barCells.lowerBound { return text + "  " + bar(share, cells: cells) }
        guard width > room else { return text }
        var cut = "", used = 0
        var run = DisplayWidth.Run()
        for character in text {
            let w = run.columns(of: character)
            if used + w > room { break }
            cut.append(character)
            used += w
        }
        return cut
    }

    /// The terminal's width in columns (80 when it will not say), asked at every draw: the window may change.
    private static func columns() -> Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// The monotonic clock, in seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
