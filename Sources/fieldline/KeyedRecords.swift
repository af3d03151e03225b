import FieldKit
import FieldSinks

/// The records of one side of `compare`, each under its value of the `--by` field, in saved order.
struct KeyedRecords {
    /// The keys in saved order.
    private(set) var keys: [String] = []
    /// Key → the record's columns (field → value) and who saved it.
    private(set) var records: [String: (values: [String: String], operatorName: String)] = [:]

    /// Why a side cannot be compared record for record: a record with no key or a key two records hold.
    struct Problem: Error {
        /// One line naming the side, the record and the key.
        let message: String
    }

    /// Reads every record of `source` under its value of `field`; the first unreadable record ends the reading
    /// (a comparison that left records out would count them as missing).
    static func read(_ source: any RecordSource, by field: String, label: String) throws -> KeyedRecords {
        var side = KeyedRecords()
        var problem: Problem?
        var number = 0
        try source.records(matching: []) { record in
            number += 1
            let key = record.value(of: field) ?? ""
            if key.isEmpty {
                problem = Problem(message: tr("\(label): record \(number) has no \(field): records are matched by it"))
                return false
            }
            if side.records[key] != nil {
                problem = Problem(message: tr("\(label): record \(number) has \(field) \(ControlCharacters.escaped(key)) as an earlier record does: records are matched by it, one each"))
                return false
            }
            side.keys.append(key)
            side.records[key] = (Dictionary(record.columns.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }),
                                 record.value(of: RecordColumns.operatorName) ?? "")
            return true
        }
        if let problem { throw problem }
        return side
    }
}
