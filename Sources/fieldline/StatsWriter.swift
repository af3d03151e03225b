import FieldKit
import FieldRecords
import FieldSinks

/// `fieldline stats`'s figures written to stdout: a table with a bar chart, JSON Lines or CSV. Decimals are exact
/// (integers scaled, rounded half up where a rate is divided), so a spreadsheet and a SQL query agree to the digit.
struct StatsWriter {
    let grouping: KeyingGrouping
    /// Whether stdout is a terminal.
    let terminal: Bool
    /// Colour allowed (no NO_COLOR, TERM not dumb): with a terminal, the bars are Unicode blocks in colour.
    let colour: Bool
    private var out = OutputBuffer(fd: 1)

    init(grouping: KeyingGrouping, terminal: Bool, colour: Bool) {
        self.grouping = grouping
        self.terminal = terminal
        self.colour = colour
    }

    /// The machine names of the figures, in JSON and CSV order (after the group's own column).
    static let keys = ["records", "fields", "keys", "refused", "deletions", "returns", "seconds", "warnings",
                       "records_per_hour", "keys_per_hour", "refused_percent", "median_seconds"]

    /// The figures as decimal texts in `keys` order; nil for a rate without time or keys.
    static func values(_ f: KeyingFigures) -> [String?] {
        [String(f.records), String(f.fields), String(f.keys), String(f.refused), String(f.deletions), String(f.returns),
         fixed(f.milliseconds, 3), String(f.warnings), f.recordsPerHourTenths.map { fixed($0, 1) },
         f.keysPerHourTenths.map { fixed($0, 1) }, f.refusedPerMille.map { fixed($0, 1) }, fixed(f.medianHalfMilliseconds * 5, 4)]
    }

    /// `value` × 10^-`decimals` written with that many decimals (`fixed(1250, 3)` is `1.250`).
    static func fixed(_ value: Int, _ decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let sign = value < 0 ? "-" : ""
        let whole = abs(value) / scale, part = String(abs(value) % scale)
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - part.count) + part
    }

    /// One JSON object a group: its name under the grouping's name (none without `--by`), then the figures as
    /// numbers (`null` for a rate without time or keys).
    mutating func jsonLines(_ figures: [KeyingFigures]) {
        for f in figures {
            var members: [String] = []
            if grouping != .all { members.append(JSONText.quote(grouping.rawValue) + ":" + JSONText.quote(f.group)) }
            for (key, value) in zip(Self.keys, Self.values(f)) { members.append(JSONText.quote(key) + ":" + (value ?? "null")) }
            out.append("{" + members.joined(separator: ",") + "}\n")
        }
    }

    /// A header row, then a row a group (an empty cell for a rate without time or keys).
    mutating func csv(_ figures: [KeyingFigures]) {
        out.append(contentsOf: CSVText.record((grouping == .all ? [] : [grouping.rawValue]) + Self.keys))
        for f in figures {
            let group = terminal ? ControlCharacters.escaped(f.group) : f.group
            out.append(contentsOf: CSVText.record((grouping == .all ? [] : [group]) + Self.values(f).map { $0 ?? "" }))
        }
    }

    /// The table, then a bar chart of records per hour (by field: of the median seconds per field).
    mutating func table(_ figures: [KeyingFigures]) {
        let header = [groupTitle, tr("records"), tr("records/hour"), tr("keys/hour"), tr("refused"), tr("warnings overruled"),
                      tr("median s/field")]
        let rows = figures.map { f -> [String] in
            let v = Self.values(f)
            return [label(f), v[0]!, v[8] ?? "—", v[9] ?? "—", v[10].map { $0 + "%" } ?? "—", v[7]!, v[11]!]
        }
        let widths = header.indices.map { i in ([header] + rows).map { DisplayWidth.columns(of: $0[i]) }.max() ?? 0 }
        for row in [header] + rows {
            let cells = row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - DisplayWidth.columns(of: cell))
                return i == 0 ? cell + pad : pad + cell
            }
            out.append(cells.joined(separator: "  ") + "\n")
        }
        let byField = grouping == .field
        out.append("\n" + (byField ? tr("median seconds per field") : tr("records per hour of keying")) + "\n")
        let measure = figures.map { byField ? $0.medianHalfMilliseconds : $0.recordsPerHourTenths ?? 0 }
        let shown = figures.map { byField ? Self.fixed($0.medianHalfMilliseconds * 5, 4) : $0.recordsPerHourTenths.map { Self.fixed($0, 1) } ?? "—" }
        let labelWidth = figures.map { DisplayWidth.columns(of: label($0)) }.max() ?? 0
        let most = max(measure.max() ?? 0, 1)
        for (i, f) in figures.enumerated() {
            let name = label(f)
            out.append(name + String(repeating: " ", count: labelWidth - DisplayWidth.columns(of: name)) + "  "
                       + bar(eighths: measure[i] * Self.barWidth * 8 / most) + " " + shown[i] + "\n")
        }
    }

    /// The longest bar, in columns.
    static let barWidth = 40

    /// A bar `eighths` eighths of a column long: Unicode blocks in colour at a terminal, else `#` a whole column.
    private func bar(eighths: Int) -> String {
        guard terminal && colour else { return String(repeating: "#", count: (eighths + 4) / 8) }
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        return "\u{1B}[36m" + String(repeating: "█", count: eighths / 8) + partial + "\u{1B}[0m"
    }

    /// The group's name as shown in the table: its controls escaped; `all` in the user's language.
    private func label(_ f: KeyingFigures) -> String {
        grouping == .all ? tr("all") : ControlCharacters.escaped(f.group)
    }

    /// The table's first column's title.
    private var groupTitle: String {
        switch grouping {
        case .all: return ""
        case .operatorName: return tr("operator")
        case .field: return tr("field")
        case .hour: return tr("hour (UTC)")
        }
    }

    /// Writes what is buffered (exit 74 when it cannot).
    mutating func finish() { out.flush() }
}
