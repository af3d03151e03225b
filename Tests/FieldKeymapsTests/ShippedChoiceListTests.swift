@testable import FieldKit
import Testing
@testable import FieldKeymaps

/// The shipped choice lists read by the data-file reader (cells split and checked as bytes, only kept cells made
/// strings) give the same list as their rows split by this test and handed to `ChoiceList(rows:)`, which checks
/// every cell as a string: the byte path is a faster reading of the same file, not a different one.
@Suite struct ShippedChoiceListTests {
    /// The rows of a data file as this test reads it: `#` and blank lines skipped, a header naming the columns.
    static func rows(_ text: String) -> (rows: [ChoiceRow], extras: [String]) {
        var header: [String] = []
        var rows: [ChoiceRow] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if header.isEmpty { header = cells; continue }
            func cell(_ name: String) -> String? { header.firstIndex(of: name).map { cells[$0] } }
            let label = cell("label_" + Language.current.rawValue) ?? cell("label") ?? ""
            let extras = header.indices.filter { i in
                i > 0 && !["aliases", "parent"].contains(header[i]) && !ChoiceTable.isLabel(header[i])
            }
            rows.append(ChoiceRow(line: i + 1, value: cells[0], label: label,
                                  aliases: (cell("aliases") ?? "").split(separator: "|").map(String.init),
                                  parent: cell("parent"), extras: extras.map { cells[$0] }))
        }
        let extras = header.indices.filter { i in i > 0 && !["aliases", "parent"].contains(header[i]) && !ChoiceTable.isLabel(header[i]) }
        return (rows, extras.map { header[$0] })
    }

    @Test(arguments: ["data/country.tsv", "data/region-cn.tsv"])
    func theDataFileReaderAgreesWithRowsGivenWhole(_ name: String) throws {
        let text = try #require(ShippedData.files[name])
        let read = try ChoiceTable.parse(text)
        let (rows, extras) = Self.rows(text)
        let given = try ChoiceList(rows: rows, extraColumns: extras)
        #expect(read.choices.count > 200 && read.choices == given.choices)
        #expect(read.extraColumns == given.extraColumns && read.roots == given.roots && read.children == given.children)
        #expect(read.choices.indices.allSatisfy { read.index(ofValue: given.choices[$0].value) == $0 })
        #expect(read.choices.map(\.extras) == given.choices.map(\.extras))
        // What a shipped keymap reads at start (cells unchecked: they are checked here) is the same list.
        let unchecked = try ChoiceTable.parse(text, cellsChecked: false)
        #expect(unchecked.choices == read.choices && unchecked.roots == read.roots && unchecked.children == read.children)
    }

    /// A single whole-name look-up reads every name once instead of building the index; both give the same
    /// choices for every name of the shipped lists (as written, upper-cased, and mixed), and the byte-level lower
    /// case is Unicode's.
    @Test(arguments: ["data/country.tsv", "data/region-cn.tsv"])
    func aScanOfTheNamesAgreesWithTheIndex(_ name: String) throws {
        let text = try #require(ShippedData.files[name])
        let first = try ChoiceTable.parse(text), list = try ChoiceTable.parse(text)
        var names: [String] = ["", "ZZZ", "北京", "Ü", "ǅ"]
        for choice in list.choices { names += [choice.label, choice.value] + choice.aliases }
        names += names.map { $0.uppercased() } + names.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        // The first look-ups of a fresh list are scans (a path is three); they name what the index names.
        _ = list.exact
        for query in ["北京市", "cn", "中国", "Germany", "110101", "北京-东城", "广东省-深圳市", "GD-sz", "guangdong-440300", "Guinea-Bissau"] {
            let fresh = try ChoiceTable.parse(text)
            #expect(fresh.named(query) == list.named(query), "\(query)")
        }
        #expect(first.named("北京市") == list.named("北京市") && !list.named(name.contains("country") ? "cn" : "北京市").isEmpty)
        for text in names {
            let lower = ChoiceSearchIndex.lowered(text)
            #expect(lower == text.lowercased(), "\(text)")
            for other in names.prefix(40) + [text, text.uppercased()] {
                #expect(ChoiceSearchIndex.lowers(other, to: lower) == (other.lowercased() == lower), "\(other) \(text)")
            }
            #expect(ChoiceSearchIndex.scan(list.choices.cells, for: lower) == (list.exact[lower] ?? []), "\(text)")
        }
    }

    /// Every row of the shipped lists read where it lies (its strings made when asked for) against the same row
    /// split by this test and made strings at once: value, label, aliases, parent, extras, the value's look-up,
    /// and the search terms and name index, which the eager reader made from the strings.
    @Test(arguments: ["data/country.tsv", "data/region-cn.tsv"])
    func everyRowReadLazilyEqualsTheRowMadeStringsAtOnce(_ name: String) throws {
        let text = try #require(ShippedData.files[name])
        let list = try ChoiceTable.parse(text, cellsChecked: false)
        let (rows, extras) = Self.rows(text)
        try #require(list.choices.count == rows.count && rows.count > 200)
        var position: [String: Int] = [:]
        for (i, row) in rows.enumerated() { position[row.value] = i }
        var terms: [[[UInt8]]] = []
        var exact: [String: [Int]] = [:]
        for (i, row) in rows.enumerated() {
            let choice = list.choices[i]
            let label = row.label.isEmpty ? row.value : row.label
            #expect(choice.value == row.value && choice.label == label && choice.aliases == row.aliases, "\(row.value)")
            #expect(choice.parent == row.parent.flatMap { $0.isEmpty ? nil : position[$0] }, "\(row.value)")
            #expect(choice.extras == Dictionary(uniqueKeysWithValues: zip(extras, row.extras)), "\(row.value)")
            #expect(list.index(ofValue: row.value) == i)
            #expect(list.index(ofValue: row.value + " ") == nil && list.index(ofValue: String(row.value.dropLast())) == nil)
            var mine: [[UInt8]] = []
            for name in [label, row.value] + row.aliases {
                let lower = name.lowercased()
                if !mine.contains(Array(lower.utf8)) { mine.append(Array(lower.utf8)) }
                if exact[lower, default: []].last != i { exact[lower, default: []].append(i) }
            }
            terms.append(mine)
        }
        #expect(list.terms == terms)
        #expect(list.exact == exact)
        #expect(list.roots == rows.indices.filter { rows[$0].parent?.isEmpty ?? true })
    }
}
