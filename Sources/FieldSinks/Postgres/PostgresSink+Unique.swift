import FieldKit

extension PostgresSink {
    /// Loads a batch's `records` (their COPY rows in `text`, row `i` from `starts[i]`) in passes, so that a COPY
    /// seldom meets a repeat of a unique value, which would cost a rolled-back COPY of the rows around it: the
    /// values the table holds are looked up for the whole pass at once (`savedValues`) and a record holding one is
    /// refused as the unique index would refuse it (`.conflict`); a record repeating a value of an earlier record of
    /// the pass waits for the next pass, when that record is saved (or was refused); the rest go by one COPY. The
    /// unique indexes still decide: a value another session saves meanwhile is refused by the COPY.
    func loadWithoutRepeats(_ records: [SavedRecord], _ text: [UInt8], _ starts: [Int],
                            refused: inout [(index: Int, error: SinkError)]) throws(SinkError) {
        var left = Array(records.indices)
        while !left.isEmpty {
            let saved = try savedValues(of: left.map { records[$0] })
            var taken: [String: Set<String>] = [:]
            var pass: [Int] = [], later: [Int] = []
            pass.reserveCapacity(left.count)
            records: for index in left {
                let values = uniqueValues(of: records[index])
                for (field, value) in values {
                    if let earlier = saved[field]?[value] {
                        refused.append((index, SinkError(.conflict, tr("\(field): this value is already in \(earlier)"))))
                        continue records
                    }
                }
                if values.contains(where: { taken[$0.field]?.contains($0.value) == true }) {
                    later.append(index)
                    continue
                }
                for (field, value) in values { taken[field, default: []].insert(value) }
                pass.append(index)
            }
            if pass.count == records.count {
                try load(text, starts, [0..<pass.count], refused: &refused) { pass[$0] }
            } else {
                var passText: [UInt8] = [], passStarts: [Int] = []
                passStarts.reserveCapacity(pass.count + 1)
                for index in pass {
                    passStarts.append(passText.count)
                    passText += text[starts[index]..<starts[index + 1]]
                }
                passStarts.append(passText.count)
                try load(passText, passStarts, [0..<pass.count], refused: &refused) { pass[$0] }
            }
            left = later
        }
    }

    /// The record's non-empty values of the unique fields (the indexes leave empty values aside).
    private func uniqueValues(of record: SavedRecord) -> [(field: String, value: String)] {
        uniqueFields.compactMap { field in
            record.values.first { $0.name == field }.flatMap { $0.value.isEmpty ? nil : (field, $0.value) }
        }
    }

    /// Which of the unique values of `records` the table holds, per field: value → the record holding it, named as
    /// `earlierRecord` names it. One query per unique field, the values sent as one array.
    private func savedValues(of records: [SavedRecord]) throws(SinkError) -> [String: [String: String]] {
        var found: [String: [String: String]] = [:]
        for field in uniqueFields {
            let array = postgresArrayLiteral(records.lazy.compactMap { record in
                record.values.first(where: { $0.name == field }).map(\.value).flatMap { $0.isEmpty ? nil : $0 }
            })
            guard array != "{}" else { continue }
            let rows = try exec("SELECT \"\(field)\", saved_at, operator FROM \"\(tables.table)\" WHERE \"\(field)\" = ANY($1::text[]) AND \"\(field)\" <> ''", [array])
            for row in rows where row.count == 3 {
                found[field, default: [:]][row[0]] = tr("the record saved \(row[1]) by \(ControlCharacters.escaped(row[2]))")
            }
        }
        return found
    }
}
