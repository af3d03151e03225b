import Testing
@testable import FieldKit

/// A form's Ctrl-R search without a terminal or a sink: each saved record one candidate, ranked by the picker's
/// rule (whole, prefix, word start, substring) over its fields' values, shown as one line; a secret value finds
/// nothing and shows as `*`s; a query no record matches stands (the next fetch may match it).
@Suite struct RecordSearchTests {
    static let form = FormSpec(name: "visitor", fields: [
        FormField(name: "mobile", spec: BuiltinFields.phoneCN),
        FormField(name: "name", spec: BuiltinFields.text),
        FormField(name: "note", spec: BuiltinFields.text, required: false),
        FormField(name: "pin", spec: BuiltinFields.digits, secret: true),
    ])

    /// A record as a sink gives it back: the form's fields, then the bookkeeping columns.
    static func record(_ key: Int64, _ mobile: String, _ name: String, note: String = "", pin: String = "4321") -> StoredRecord {
        StoredRecord(key: key, columns: [("mobile", mobile), ("name", name), ("note", note), ("pin", pin),
                                         ("saved_at", "2026-11-25T09:00:00Z"), ("operator", "desk")])
    }

    /// Newest first, as `records(containing:limit:)` gives them.
    static let records = [
        record(12, "13912345678", "Anna Zhang"),
        record(7, "13812345678", "Zhang San", note: "tea\u{7}"),
        record(3, "13700000000", "Zhangsan Li"),
        record(2, "13600000000", "Wang Wu"),
    ]

    /// The keys `query` finds, best first.
    static func found(_ query: String, in records: [StoredRecord] = records) -> [Int64] {
        let list = RecordSearch.choices(of: records, in: form)
        return list.matches(query, in: list.roots).map { RecordSearch.key(of: list.choices[$0].value)! }
    }

    @Test func recordsRankAsChoicesDoPrefixThenWordStartThenSubstring() {
        // `zhang san`: a whole value first; then a value starting with it.
        #expect(Self.found("zhang san") == [7])
        // Prefix (7 and 3, newest first), then word start (12's "Anna Zhang"); case does not matter.
        #expect(Self.found("Zhang") == [7, 3, 12])
        // Substring only: inside a word.
        #expect(Self.found("hang") == [12, 7, 3])
        // An empty query lists every record, newest first.
        #expect(Self.found("") == [12, 7, 3, 2])
        #expect(Self.found("nobody").isEmpty)
    }

    @Test func aRecordsKeyAndASecretValueFindNothing() {
        // 12 is record 12's key, 4321 every record's secret pin: neither is a term of any candidate.
        #expect(Self.found("12").allSatisfy { key in Self.records.first { $0.key == key }!.value(of: "mobile")!.contains("12") })
        #expect(Self.found("4321").isEmpty)
        for key: Int64 in [0, 7, 12, 9_223_372_036_854_775_807, -5] {
            #expect(RecordSearch.key(of: RecordSearch.value(of: key)) == key)
        }
        #expect(RecordSearch.key(of: "12") == nil, "digits are not a candidate's value")
    }

    @Test func aCandidateIsTheRecordOnOneLineSecretMaskedControlsEscapedEmptyLeftOut() {
        let line = RecordSearch.line(of: Self.records[1], in: Self.form)
        #expect(line == "13812345678 · Zhang San · " + ControlCharacters.escaped("tea\u{7}") + " · ****")
        #expect(!line.unicodeScalars.contains { ControlCharacters.isControl($0) })
        #expect(RecordSearch.line(of: Self.records[0], in: Self.form) == "13912345678 · Anna Zhang · ****")
        let list = RecordSearch.choices(of: Self.records, in: Self.form)
        #expect(list.isSearch && list.choices[1].label == line)
    }

    @Test func aHostileRecordStillMakesAList() {
        // Longer than a list's cell, a control in it, the same key twice: cut, escaped, listed once.
        let long = String(repeating: "é", count: 900)
        let list = RecordSearch.choices(of: [Self.record(1, "1", long + "\u{1B}x"), Self.record(1, "2", "again")], in: Self.form)
        #expect(list.choices.count == 1)
        #expect(list.choices[0].aliases.allSatisfy { $0.utf8.count <= ChoiceList.maxCellBytes })
        #expect(RecordSearch.choices(of: [], in: Self.form).choices.isEmpty)
    }

    @Test func aSearchFieldKeepsAQueryNoRecordMatchesAndTakesTheNextFetch() {
        var spec = FieldSpec(name: "find", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        spec.kind = .choice(RecordSearch.choices(of: Self.records, in: Self.form))
        var field = Field(spec: spec, context: fixedContext)
        // A picker refuses a key that leaves no match; a search keeps it (older records may hold it).
        #expect(field.apply(.selfInsert("q")) == .refresh)
        #expect(field.value == "q" && field.choiceMatches.isEmpty)
        #expect(field.status == .incomplete("no saved record matches"))
        #expect(field.frame.display == "q", "the line shows the query alone")
        #expect(field.apply(.acceptLine) == .bell)
        // The next fetch for `q`: ranked afresh, the query and cursor kept.
        field = field.withChoices(RecordSearch.choices(of: [Self.record(40, "13500000000", "Qian Qi")], in: Self.form))
        #expect(field.value == "q" && field.state.cursor == 1)
        #expect(field.frame.candidates == ["13500000000 · Qian Qi · ****"])
        #expect(field.currentChoice == 0, "the best match of a query is current")
        guard case .accept(let value) = field.apply(.acceptLine) else { Issue.record("Enter did not accept"); return }
        #expect(RecordSearch.key(of: value) == 40)
    }

    @Test func aPasteIsAlwaysTheQuery() {
        // A picker takes a paste naming one choice as that choice (its label becomes the query); a search keeps
        // the pasted text as the query, which the sink is asked for.
        var spec = FieldSpec(name: "find", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        spec.kind = .choice(RecordSearch.choices(of: Self.records, in: Self.form))
        var field = Field(spec: spec, context: fixedContext)
        #expect(field.apply(.paste("Wang Wu")) == .refresh)
        #expect(field.value == "Wang Wu" && field.currentChoice.map { field.spec.choices!.choices[$0].label } == "13600000000 · Wang Wu · ****")
        // Tab would make the whole record line the query: refused, the query kept.
        #expect(field.apply(.complete) == .bell)
        #expect(field.value == "Wang Wu")
    }

    /// A database ranks a search's word starts with `ChoiceList.wordBreaks`; the picker with `isWordBreak`: the same
    /// bytes, or the two would rank records differently.
    @Test func theDatabasesWordBreaksAreThePickers() {
        for byte in UInt8.min...UInt8.max {
            #expect(ChoiceList.isWordBreak(byte) == ChoiceList.wordBreaks.contains(byte), "byte \(byte)")
        }
    }

    /// Record ids: canonical UUIDs of version 7 and variant 10, all different, in time order across milliseconds.
    @Test func recordIDsAreVersion7UUIDs() {
        let ids = (0..<10_000).map { _ in RecordID.next() }
        #expect(Set(ids).count == ids.count)
        // Each greater than the one before, so they go to the end of a database's index.
        #expect(ids == ids.sorted())
        #expect(RecordID.text(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210) == "01234567-89ab-cdef-fedc-ba9876543210")
        for id in ids.prefix(100) {
            #expect(RecordID.isValid(id))
            let bytes = Array(id.utf8)
            #expect(bytes[14] == UInt8(ascii: "7"))
            #expect("89ab".utf8.contains(bytes[19]))
        }
        #expect(!RecordID.isValid("019AD2F4-6C1E-7A3B-9F20-4C8E1D2B7A55"))
        #expect(!RecordID.isValid("019ad2f4-6c1e-7a3b-9f20-4c8e1d2b7a5"))
        // The text written in place is the one the standard library's hex gives, for any bits.
        var random = SplitMix64(state: 49)
        for _ in 0..<1_000 {
            let high = random.next(), low = random.next()
            let hex = [high, low].map { String(repeating: "0", count: 16 - String($0, radix: 16).count) + String($0, radix: 16) }.joined()
            let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
                String(hex.dropFirst(range.lowerBound).prefix(range.count))
            }
            #expect(RecordID.text(high: high, low: low) == parts.joined(separator: "-"))
        }
    }
}
