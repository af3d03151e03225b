import FieldKit

extension SQLiteSink {
    /// One query for all of `values` (sent as one JSON array), waiting for another writer's lock at most `timeout`.
    public func savedValues(_ values: [String], in table: String, field: String, timeout: Double) throws(SinkError) -> SavedValueAnswer {
        guard try database.columns(of: table).contains(field) else {
            throw SinkError(.mismatch, tr("\(label) has no table \(table) with a field \(field) (exists:, not_exists:)"))
        }
        guard !values.isEmpty else { return .found([]) }
        var array: [UInt8] = [UInt8(ascii: "[")]
        for (i, value) in values.enumerated() {
            if i > 0 { array.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(value, to: &array)
        }
        array.append(UInt8(ascii: "]"))
        let sql = "SELECT DISTINCT \"\(field)\" FROM \"\(table)\" WHERE \"\(field)\" IN (SELECT value FROM json_each(?1))"
        guard let found = try database.texts(sql, [String(decoding: array, as: UTF8.self)],
                                             waitingAtMost: Int((timeout * 1000).rounded(.up))) else { return .timedOut }
        return .found(Set(found))
    }
}
