/// `err` without an import's summary, its last line (`2 saved, 1 refused, to out.jsonl in 0.1 s`, in English or
/// Chinese: issue 42.7), for a test about the reports above it; `err` as it is when its last line is no summary.
/// `ImportSummaryTests` tests the summary itself.
func withoutSummary(_ err: String) -> String {
    var lines = err.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 2, lines.last == "", isImportSummary(String(lines[lines.count - 2])) else { return err }
    lines.remove(at: lines.count - 2)
    return lines.joined(separator: "\n")
}

/// Whether `line` is an import's summary.
func isImportSummary(_ line: String) -> Bool {
    line.wholeMatch(of: /\d+ (saved|corrected)( \(\d+ over a warning\))?, \d+ refused, (\d+ skipped \(saved before\), )?(to|in) .* in \d+\.\d s/) != nil
        || line.wholeMatch(of: /已(保存|更正) \d+ 条(（其中 \d+ 条有警告）)?，拒绝 \d+ 条，.*用时 \d+\.\d 秒/) != nil
}
