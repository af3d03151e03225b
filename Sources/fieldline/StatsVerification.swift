import FieldKit
import FieldSinks

/// `stats`' verification figures (`form --verify`): per operator of the first entry, the fields keyed again, how
/// many the first entry got wrong, and that as errors per 10,000 fields (one decimal, rounded half up). Written
/// after the keying figures: a second table; JSON objects with `entered_by`; a second CSV header and rows.
struct StatsVerification {
    let counts: [VerificationCount]
    /// Whether stdout is a terminal (names escaped).
    let terminal: Bool

    /// The machine names, in JSON and CSV order.
    static let keys = ["entered_by", "verified_fields", "verification_errors", "errors_per_10000"]

    private func values(_ c: VerificationCount) -> [String] {
        [String(c.fields), String(c.wrong), c.perTenThousandTenths.map { StatsWriter.fixed($0, 1) } ?? ""]
    }

    /// The figures as text for `output`.
    func text(_ output: StatsOutput) -> String {
        guard !counts.isEmpty else { return "" }
        switch output {
        case .json:
            return counts.map { c in
                let members = [JSONText.quote("entered_by") + ":" + JSONText.quote(c.enteredBy)]
                    + zip(Self.keys.dropFirst(), values(c)).map { JSONText.quote($0) + ":" + ($1.isEmpty ? "null" : $1) }
                return "{" + members.joined(separator: ",") + "}\n"
            }.joined()
        case .csv:
            let rows = counts.map { [terminal ? ControlCharacters.escaped($0.enteredBy) : $0.enteredBy] + values($0) }
            return String(decoding: ([Self.keys] + rows).flatMap { CSVText.record($0) }, as: UTF8.self)
        case .table:
            let header = [tr("entered by"), tr("fields verified"), tr("first entry wrong"), tr("errors per 10,000 fields")]
            let rows = counts.map { [ControlCharacters.escaped($0.enteredBy)] + values($0) }
            let widths = header.indices.map { i in ([header] + rows).map { DisplayWidth.columns(of: $0[i]) }.max() ?? 0 }
            return "\n" + tr("verification (form --verify)") + "\n" + ([header] + rows).map { row in
                row.enumerated().map { i, cell in
                    let pad = String(repeating: " ", count: widths[i] - DisplayWidth.columns(of: cell))
                    return i == 0 ? cell + pad : pad + cell
                }.joined(separator: "  ") + "\n"
            }.joined()
        }
    }
}
