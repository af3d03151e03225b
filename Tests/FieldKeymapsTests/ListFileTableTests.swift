import FieldKit
import Testing
@testable import FieldKeymaps

/// A list file is read by the reader imports use (`CSVReader`): the same text gives the same cells.
struct ListFileTableTests {
    /// The records an import's reader makes of `text`, as strings.
    static func imported(_ text: String) -> [[String]] {
        var reader = CSVReader()
        var records: [[String]] = []
        func take(_ event: CSVReader.Event) {
            if case .record(let fields, _) = event { records.append(fields.map { String(decoding: $0, as: UTF8.self) }) }
        }
        Array(text.utf8).withUnsafeBufferPointer { reader.feed($0, take) }
        reader.finish(take)
        return records
    }

    @Test func aSpreadsheetsListFileReadsAsAnImportReadsIt() throws {
        let text = "\u{FEFF}code,name\r\nE,\"Hall, East\"\r\nW,\"The \"\"West\"\" wing\"\r\nP,'+86\r\n"
        let table = try ListFileTable(text, tabs: false)
        #expect(table.columns == ["code", "name"])
        #expect([table.columns] + table.rows.map(\.cells) == Self.imported(text))
        #expect(table.rows.map(\.line) == [2, 3, 4])
    }

    @Test func aQuotedLineBreakIsRefusedWhereItsQuoteOpens() {
        #expect(throws: ListFileTable.Problem.self) { try ListFileTable("code,name\nA,\"Al\npha\"\n", tabs: false) }
        do {
            _ = try ListFileTable("code,name\nA,\"Al\npha\"\nB,Beta\n", tabs: false)
        } catch {
            #expect(error.line == 2 && error.column == 3 && error.message == "a quote opened here is not closed on its line")
        }
    }

    /// Places are in characters, the byte-order mark not one of them.
    @Test func problemsArePlacedInCharacters() {
        do {
            _ = try ListFileTable("\u{FEFF}代码,名\n甲,\"x\"y\n", tabs: false)
            Issue.record("read")
        } catch {
            #expect(error.line == 2 && error.column == 6 && error.message == "text after the closing quote of a cell")
        }
        do {
            _ = try ListFileTable("\u{FEFF}代码,代码\n", tabs: false)
            Issue.record("read")
        } catch {
            #expect(error.line == 1 && error.column == 4, "\(error)")
        }
    }
}
