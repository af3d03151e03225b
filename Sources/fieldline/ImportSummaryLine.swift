import FieldKit
import FieldRecords

/// An import's last line on stderr, written whether or not stderr is a terminal:
/// `600000 saved, 0 refused, to big.db in 3.1 s`; `3 saved (1 over a warning), 0 refused, …` when records were
/// saved over a warning rule.
struct ImportSummaryLine {
    let counts: ImportSummary
    /// Each input record corrects a saved one (`--update-by`): they are counted as corrected.
    let correcting: Bool
    /// Where the records went, as the sink names itself (a path, a URL without its password, standard output).
    let target: String
    let seconds: Double

    /// The line, without its line break.
    var line: String {
        let to = ControlCharacters.escaped(target), time = Self.tenths(seconds)
        let (saved, refused, skipped) = (counts.saved, counts.refused, counts.skipped)
        if counts.warned > 0 {
            let warned = counts.warned
            if correcting { return tr("\(saved) corrected (\(warned) over a warning), \(refused) refused, in \(to) in \(time) s") }
            if skipped > 0 { return tr("\(saved) saved (\(warned) over a warning), \(refused) refused, \(skipped) skipped (saved before), to \(to) in \(time) s") }
            return tr("\(saved) saved (\(warned) over a warning), \(refused) refused, to \(to) in \(time) s")
        }
        if correcting { return tr("\(saved) corrected, \(refused) refused, in \(to) in \(time) s") }
        if skipped > 0 { return tr("\(saved) saved, \(refused) refused, \(skipped) skipped (saved before), to \(to) in \(time) s") }
        return tr("\(saved) saved, \(refused) refused, to \(to) in \(time) s")
    }

    /// Seconds to a tenth, as `3.1`.
    static func tenths(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
