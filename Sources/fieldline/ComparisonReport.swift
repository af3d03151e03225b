import ArgumentParser
import FieldKit
import FieldSinks

/// `compare`'s output: a readable table (the default), CSV of the disagreements, or JSON with every figure.
struct ComparisonReport {
    /// What `--output` chooses.
    enum Output: String, ExpressibleByArgument, CaseIterable {
        case table, csv, json
        static var allValueStrings: [String] { allCases.map(\.rawValue) }
        var defaultValueDescription: String { rawValue }
    }

    let comparison: RecordComparison
    /// How A (`--from`) and B (`--with`) are named, without a password.
    let labelA: String, labelB: String
    /// Whether stdout is a terminal (CSV values then show controls as `U+1B`).
    let terminal: Bool

    /// The whole report in `output`'s format.
    func text(_ output: Output) -> String {
        switch output {
        case .table: return table()
        case .csv: return csv()
        case .json: return json()
        }
    }

    /// For people: a summary line, the disagreements (key, field, A, B), the records only one side holds, and the
    /// agreement per field and per operator, in the chosen language; every value from the records escaped.
    private func table() -> String {
        let c = comparison
        let e = ControlCharacters.escaped
        var lines = [
            tr("A: \(e(labelA)), \(c.countA) records; B: \(e(labelB)), \(c.countB) records; \(c.matched) in both, matched by \(c.by)."),
            "",
        ]
        if c.differences.isEmpty {
            lines.append(tr("No value differs in the records both hold."))
        } else {
            lines.append(tr("Values that differ (\(c.differences.count)):"))
            lines += Self.aligned([[tr("key"), tr("field"), "A", "B"]]
                                  + c.differences.map { [e($0.key), $0.field, e($0.a), e($0.b)] })
        }
        if !c.onlyInA.isEmpty { lines += ["", tr("Only in A (\(c.onlyInA.count)): \(c.onlyInA.map(e).joined(separator: ", "))")] }
        if !c.onlyInB.isEmpty { lines += ["", tr("Only in B (\(c.onlyInB.count)): \(c.onlyInB.map(e).joined(separator: ", "))")] }
        lines += ["", tr("Agreement per field:")]
        lines += Self.aligned([[tr("field"), tr("agree"), tr("of"), "%"]]
                              + c.fields.map { [$0.name, String($0.agreeing), String($0.compared), $0.percent] })
        lines += ["", tr("Agreement per operator:")]
        lines += Self.aligned([[tr("side"), tr("operator"), tr("agree"), tr("of"), "%"]]
                              + c.operatorsA.map { ["A", e($0.name), String($0.agreeing), String($0.compared), $0.percent] }
                              + c.operatorsB.map { ["B", e($0.name), String($0.agreeing), String($0.compared), $0.percent] })
        return lines.joined(separator: "\n") + "\n"
    }

    /// For spreadsheets: one row per value that differs (`differs`) and per record only one side holds
    /// (`only_in_a`, `only_in_b`, with that side's operator); the header always, so no difference is a header alone.
    private func csv() -> String {
        let c = comparison
        var rows = [["kind", "key", "field", "a", "b", "operator_a", "operator_b"]]
        rows += c.differences.map { ["differs", $0.key, $0.field, $0.a, $0.b, $0.operatorA, $0.operatorB] }
        rows += c.onlyInA.map { ["only_in_a", $0, "", "", "", "", ""] }
        rows += c.onlyInB.map { ["only_in_b", $0, "", "", "", "", ""] }
        var out: [UInt8] = []
        for row in rows { out += CSVText.record(terminal ? row.map(ControlCharacters.escaped) : row) }
        return String(decoding: out, as: UTF8.self)
    }

    /// For programs: one object with the sides, the disagreements and every figure (`percent` a number).
    private func json() -> String {
        let c = comparison
        func agreement(_ a: RecordComparison.Agreement, _ key: String, side: String? = nil) -> String {
            let members: [(String, JSONText.Value)] = (side.map { [("side", .string($0))] } ?? [])
                + [(key, .string(a.name)), ("compared", .int(a.compared)), ("agreeing", .int(a.agreeing))]
            return String(JSONText.render(.object(members)).dropLast()) + ",\"percent\":\(a.percent)}"
        }
        let head: [(String, JSONText.Value)] = [
            ("by", .string(c.by)), ("agrees", .bool(c.agrees)), ("matched", .int(c.matched)),
            ("a", .object([("target", .string(labelA)), ("records", .int(c.countA)), ("only", .array(c.onlyInA.map { .string($0) }))])),
            ("b", .object([("target", .string(labelB)), ("records", .int(c.countB)), ("only", .array(c.onlyInB.map { .string($0) }))])),
            ("differences", .array(c.differences.map { d in
                .object([("key", .string(d.key)), ("field", .string(d.field)), ("a", .string(d.a)), ("b", .string(d.b)),
                         ("operator_a", .string(d.operatorA)), ("operator_b", .string(d.operatorB))])
            })),
        ]
        let fields = c.fields.map { agreement($0, "field") }
        let operators = c.operatorsA.map { agreement($0, "operator", side: "a") } + c.operatorsB.map { agreement($0, "operator", side: "b") }
        return String(JSONText.render(.object(head)).dropLast())
            + ",\"fields\":[" + fields.joined(separator: ",") + "],\"operators\":[" + operators.joined(separator: ",") + "]}\n"
    }

    /// `rows` as lines with each column padded to its widest cell (terminal columns, so Chinese text lines up),
    /// two spaces between columns and none after the last.
    static func aligned(_ rows: [[String]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { i in rows.map { i < $0.count ? DisplayWidth.columns(of: $0[i]) : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - DisplayWidth.columns(of: cell))
            }.joined(separator: "  ")
        }
    }
}
