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
        #expect(read.byValue == given.byValue)
        #expect(read.choices.map(\.extras) == given.choices.map(\.extras))
    }
}
