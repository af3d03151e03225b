import Testing
@testable import FieldKeymaps

/// The phone metadata written by scripts/gen-phone-metadata.py, read from the embedded copies: its DFAs are
/// well formed and a few of them decide as libphonenumber does. The DFA reader is the test's own.
@Suite struct PhoneMetadataDataTests {
    /// `1,…` / `0,…` states separated by `;`: acceptance, then the next state for each digit (nil: dead).
    struct DFA {
        var accepting: [Bool] = []
        var next: [[Int?]] = []

        init(_ text: Substring) throws {
            for state in text.split(separator: ";", omittingEmptySubsequences: false) {
                let fields = state.split(separator: ",", omittingEmptySubsequences: false)
                try #require(fields.count == 11 && (fields[0] == "0" || fields[0] == "1"), "bad state \(state)")
                accepting.append(fields[0] == "1")
                var row: [Int?] = []
                for field in fields.dropFirst() {
                    guard !field.isEmpty else { row.append(nil); continue }
                    let target: Int = try #require(Int(String(field)), "bad target \(field)")
                    row.append(target)
                }
                next.append(row)
            }
        }

        func accepts(_ digits: String) -> Bool {
            var state = 0
            for byte in digits.utf8 {
                guard let target = next[state][Int(byte) - 48] else { return false }
                state = target
            }
            return accepting[state]
        }
    }

    /// The rows of an embedded `data/NAME` file keyed by their first column, as column name → cell.
    static func rows(_ name: String) throws -> [String: [String: Substring]] {
        let text = try #require(ShippedData.files["data/" + name], "data/\(name) is not embedded")
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let columns = lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        var out: [String: [String: Substring]] = [:]
        for line in lines.dropFirst() {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            try #require(cells.count == columns.count, "\(name): \(line.prefix(40))")
            out[String(cells[0])] = Dictionary(uniqueKeysWithValues: zip(columns, cells))
        }
        return out
    }

    @Test func cnMobileDFAAcceptsAssignedRangesOnly() throws {
        let cn = try DFA(try #require(try Self.rows("phone-patterns.tsv")["CN:mobile"]?["dfa"]))
        #expect(cn.accepts("13812345678"))
        #expect(!cn.accepts("14012345678"))      // 140 is data-only / IoT, not mobile
        #expect(!cn.accepts("1381234567") && !cn.accepts("138123456789"))
        #expect(cn.accepts("17400012345") && !cn.accepts("17406012345"))
    }

    @Test func usFixedLineRefusesN11AreaCodes() throws {
        let us = try DFA(try #require(try Self.rows("phone-patterns.tsv")["US:fixed_line"]?["dfa"]))
        #expect(us.accepts("2124567890"))
        #expect(!us.accepts("4112345678"))
    }

    @Test func prefixDFAsAcceptOnceTheLeadingDigitsMatch() throws {
        let formats = try Self.rows("phone-formats.tsv")
        let gb0 = try #require(formats["GB:0"])
        #expect(gb0["leading_digits"] == "8001111")
        // All five leading-digits patterns, broadest first: 800, 8001, … 8001111.
        let dfas = try #require(gb0["leading_digits_dfas"]).split(separator: "|").map { try DFA($0) }
        try #require(dfas.count == 5)
        #expect(dfas[0].accepts("800") && !dfas[0].accepts("80") && dfas[1].accepts("8001") && !dfas[1].accepts("8002"))
        let dfa = dfas[4]
        #expect(!dfa.accepts("800111") && dfa.accepts("8001111") && dfa.accepts("80011112"))
        let regions = try Self.rows("phone-regions.tsv")
        #expect(regions["CN"]?["calling_code"] == "86" && regions["+800"]?["calling_code"] == "800")
        let idd = try DFA(try #require(regions["GB"]?["intl_prefix_dfa"]))
        #expect(idd.accepts("00") && !idd.accepts("0") && !idd.accepts("001"))
    }

    /// The example numbers (a phone field's placeholder): digits only, each a whole match of its own kind's
    /// automaton, on most rows (libphonenumber has one for every kind of every region but a few), and the one
    /// the issue names: `7400123456`, shown nationally as `07400 123456`, for GB mobile.
    @Test func everyExampleIsDigitsItsOwnKindAccepts() throws {
        let rows = try Self.rows("phone-patterns.tsv")
        var examples = 0
        for (value, row) in rows {
            let example = try #require(row["example"], "\(value) has no example column")
            guard !example.isEmpty else { continue }
            examples += 1
            #expect(example.allSatisfy { $0.isASCII && $0.isNumber }, "\(value): \(example)")
            #expect(try DFA(try #require(row["dfa"])).accepts(String(example)), "\(value): \(example) is not its kind's")
        }
        #expect(examples > 1600, "\(examples) examples")
        #expect(rows["GB:mobile"]?["example"] == "7400123456" && rows["CN:mobile"]?["example"] == "13123456789")
        #expect(rows["CN:general"]?["example"] == "", "general_desc has no example")
        // Read into the regions, in PhoneKind order, a digit of any other kind never taken for mobile.
        let gb = try #require(ShippedPhoneMetadata.shared.regions["GB"])
        #expect(gb.examples.first?.kind == .fixedLine && gb.examples.first { $0.kind == .mobile }?.number == "7400123456")
    }

    @Test(arguments: ["phone-regions.tsv", "phone-patterns.tsv", "phone-formats.tsv"])
    func everyDFAIsWellFormed(file: String) throws {
        var count = 0
        for (value, row) in try Self.rows(file) {
            // A `dfas` column holds several, separated by `|`.
            for (column, cell) in row where (column.hasSuffix("dfa") || column.hasSuffix("dfas")) && !cell.isEmpty {
                for encoded in cell.split(separator: "|") {
                    let dfa = try DFA(encoded)
                    let targets = dfa.next.joined().compactMap { $0 }
                    #expect(targets.allSatisfy { $0 < dfa.accepting.count }, "\(file) \(value) \(column)")
                    count += 1
                }
            }
        }
        #expect(count > 200, "\(file): \(count) DFAs")
    }
}
