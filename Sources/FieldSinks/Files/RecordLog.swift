import FieldKit

/// How one file format splits its bytes into records, for `RecordLog`.
protocol RecordFileFormat {
    /// The whole records at the start of `bytes`, which begin at `offset` of the file (the first is record
    /// `number`), as columns, and where the last of them ends in `bytes`.
    func records(_ bytes: ArraySlice<UInt8>, at offset: Int, numbered number: Int) throws(SinkError)
        -> (records: [[(String, String)]], end: Int)
    /// The bytes that end `tail` (what follows the last whole record, at `offset`) when it is one record that
    /// parses whole and only lacks its end of line; nil when it is cut short.
    func completion(of tail: ArraySlice<UInt8>, at offset: Int) throws(SinkError) -> [UInt8]?
}

/// The records of an append-only file as this process knows them, kept up to date with what other processes
/// append: a look-up, a count or a save first reads, under the file's lock, what was appended since.
///
/// A class, so that the non-mutating `count` and `earlierRecord` of a sink can catch up too.
final class RecordLog {
    let file: AppendOnlyFile
    private let format: any RecordFileFormat
    /// The fields whose values no two records may share.
    private let unique: [String]
    let notice: (String) -> Void
    private(set) var index: UniqueIndex
    /// Where the last record this process has read (or written) ends: always a record boundary.
    private var end = 0

    /// Open `path`, read its records (repairing a last record a crash left without its end) and, when it holds
    /// nothing, write `header`. With no `unique` field every field is indexed, unless `lookUpAnyField` is false.
    init(path: String, format: any RecordFileFormat, unique: [String], lookUpAnyField: Bool = true, header: [UInt8]?,
         notice: @escaping (String) -> Void) throws(SinkError) {
        file = try AppendOnlyFile.open(path)
        self.format = format
        self.unique = unique
        self.notice = notice
        index = UniqueIndex(fields: unique.isEmpty && lookUpAnyField ? nil : Set(unique))
        try file.locked { () throws(SinkError) in
            try catchUp()
            if end == 0, let header {
                try file.append(bytes: header)
                end = header.count
            }
        }
    }

    /// How many records the file holds now.
    func count() throws(SinkError) -> Int {
        try file.locked { () throws(SinkError) in try catchUp() }
        return index.count
    }

    /// The number of the record whose `field` holds `value`, in the file as it is now.
    func record(where field: String, is value: String) throws(SinkError) -> Int? {
        try file.locked { () throws(SinkError) in try catchUp() }
        return index.record(where: field, is: value)
    }

    /// Whether the record whose `field` holds its value in `values` has exactly `values`, in the file as it is now.
    func holds(_ values: [(name: String, value: String)], where field: String) throws(SinkError) -> Bool {
        try file.locked { () throws(SinkError) in try catchUp() }
        return index.holds(values.map { ($0.name, $0.value) }, where: field)
    }

    /// The last record in the file as it is now whose `operator` column is `operatorName`.
    func lastRecord(savedBy operatorName: String) throws(SinkError) -> [String: String]? {
        try file.locked { () throws(SinkError) in try catchUp() }
        return index.lastRecord(savedBy: operatorName)
    }

    /// Append `bytes`, the record `columns`, unless a `unique` value of it is already in the file: the check and
    /// the append hold one lock, so two processes cannot both save one value.
    /// `before` runs under the lock once the record is known to be saved, right before it is appended (its
    /// paradata, which must be durable first).
    func save(_ bytes: [UInt8], columns: [(name: String, value: String)],
              before: () throws(SinkError) -> Void = {}) throws(SinkError) {
        if let tooLong = Self.refusal(of: bytes, in: file.path) { throw tooLong }
        try file.locked { () throws(SinkError) in
            try catchUp()
            for field in unique {
                guard let value = columns.first(where: { $0.name == field })?.value, !value.isEmpty,
                      let earlier = index.record(where: field, is: value) else { continue }
                throw SinkError(.conflict, tr("\(field): the value is already in record \(earlier) of \(file.path)"))
            }
            try before()
            try file.append(bytes: bytes)
            end += bytes.count
            index.add(columns)
        }
    }

    /// Append a batch of records with one `write` and one `fsync`, under one lock: each record whose `unique` value
    /// is already in the file (or earlier in the batch) is left out and returned by index with why. Nothing of the
    /// batch stays when the write or sync fails.
    func save(batch records: [(bytes: [UInt8], columns: [(name: String, value: String)])]) throws(SinkError) -> [(index: Int, error: SinkError)] {
        try file.locked { () throws(SinkError) in
            try catchUp()
            var refused: [(index: Int, error: SinkError)] = []
            var bytes: [UInt8] = []
            var added = index
            records: for (number, record) in records.enumerated() {
                if let tooLong = Self.refusal(of: record.bytes, in: file.path) {
                    refused.append((number, tooLong))
                    continue records
                }
                for field in unique {
                    guard let value = record.columns.first(where: { $0.name == field })?.value, !value.isEmpty,
                          let earlier = added.record(where: field, is: value) else { continue }
                    refused.append((number, SinkError(.conflict, tr("\(field): the value is already in record \(earlier) of \(file.path)"))))
                    continue records
                }
                bytes.append(contentsOf: record.bytes)
                added.add(record.columns)
            }
            guard !bytes.isEmpty else { return refused }
            try file.append(bytes: bytes)
            end += bytes.count
            index = added
            return refused
        }
    }

    /// Why the record written as `bytes` (its line end included) is refused, when its line is longer than
    /// `RecordFileReader` reads: what is saved must read back.
    static func refusal(of bytes: [UInt8], in label: String) -> SinkError? {
        var line = bytes.count
        if bytes.last == 0x0A { line -= bytes.dropLast().last == 0x0D ? 2 : 1 }
        guard line > RecordFileReader.recordLimit else { return nil }
        return SinkError(.refused, tr("its line in \(label) would be \(line) bytes, longer than \(RecordFileReader.recordLimit), the most a saved record may take"))
    }

    /// Read what was appended since `end`; a last record without its end of line is ended when it parses whole
    /// and cut (kept in a `.torn` file, with a notice) when not. Called holding the lock.
    private func catchUp() throws(SinkError) {
        let bytes = try file.read(from: end)
        guard !bytes.isEmpty else { return }
        let (records, whole) = try format.records(bytes[...], at: end, numbered: index.count + 1)
        for record in records { index.add(record) }
        end += whole
        let tail = bytes[whole...]
        guard !tail.isEmpty else { return }
        if let completion = try format.completion(of: tail, at: end) {
            try file.append(bytes: completion)
            let ended = Array(tail) + completion
            let (last, lastEnd) = try format.records(ended[...], at: end, numbered: index.count + 1)
            for record in last { index.add(record) }
            end += lastEnd
        } else {
            notice(try file.cut(tail, at: end))
        }
    }
}

/// Which record holds which value, for `unique` fields, kept as records are read and saved.
struct UniqueIndex {
    private(set) var count = 0
    private var byField: [String: [String: (record: Int, fingerprint: UInt64)]] = [:]
    /// Each operator's last record: one record per operator, whatever the file's size.
    private var lastByOperator: [String: [(String, String)]] = [:]
    /// The fields indexed; nil for every field (a sink told of no unique field still answers look-ups). Only these:
    /// an index of every column would hold a large file's every value in memory (docs/forms.md).
    private let fields: Set<String>?

    init(fields: Set<String>? = nil) { self.fields = fields }

    mutating func add(_ columns: [(String, String)]) {
        count += 1
        if let name = columns.last(where: { $0.0 == "operator" })?.1 { lastByOperator[name] = columns }
        var print: UInt64?
        for (name, value) in columns where !value.isEmpty && fields?.contains(name) != false && byField[name]?[value] == nil {
            if print == nil { print = Self.fingerprint(columns) }
            byField[name, default: [:]][value] = (count, print!)
        }
    }

    func record(where field: String, is value: String) -> Int? { byField[field]?[value]?.record }

    /// Whether the record holding `values`' value of `field` has exactly these form fields' values.
    func holds(_ values: [(String, String)], where field: String) -> Bool {
        guard let value = values.first(where: { $0.0 == field })?.1, let held = byField[field]?[value] else { return false }
        return held.fingerprint == Self.fingerprint(values)
    }

    /// FNV-1a of the form's fields (bookkeeping columns aside), names and values, each ended by a zero byte: the
    /// same on every run, and eight bytes a value instead of the record.
    static func fingerprint(_ columns: [(String, String)]) -> UInt64 {
        var hash = FNV1a()
        for (name, value) in columns where !RecordColumns.bookkeeping.contains(name) {
            hash.add(name.utf8)
            hash.add(0)
            hash.add(value.utf8)
            hash.add(0)
        }
        return hash.value
    }

    /// The last record added whose `operator` column is `operatorName`, column → value.
    func lastRecord(savedBy operatorName: String) -> [String: String]? {
        lastByOperator[operatorName].map { Dictionary($0, uniquingKeysWith: { _, b in b }) }
    }
}
