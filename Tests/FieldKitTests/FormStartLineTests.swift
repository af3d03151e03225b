import Testing
@testable import FieldKit

/// A form's start line without a terminal: the form, its output's record count and the keys that work there, in
/// rows of the terminal's width broken between its parts, then at words (CJK between characters), never wider than
/// the width; at most two rows at 80 columns in English and Chinese; Ctrl-R only for an output that corrects records.
@Suite struct FormStartLineTests {
    /// The line in Chinese, made from the catalogue's translations of the messages `FormStartLine` says (the current
    /// language is English while tests run, and switching it would change every other test's messages).
    static func chinese(_ name: String, records: Int, label: String, searchable: Bool) throws -> FormStartLine {
        let zh = MessageCatalogue.zh
        func say(_ key: String, _ arguments: [String] = []) throws -> String {
            _ = try #require(zh.translation(of: key), "po/zh.po translates \(key.debugDescription)")
            return zh.translate(key, arguments)
        }
        let held = records == 1 ? try say("1 record") : try say("{0} records", [String(records)])
        var keys = [try say("Enter next"), try say("Shift-Tab back"), try say("Esc discard")]
        if searchable { keys.append(try say("Ctrl-R find")) }
        keys.append(try say("Ctrl-D end"))
        return FormStartLine(head: try say("{0}: {1} in {2}", [name, held, label]), keys: keys)
    }

    /// Every row at most `width` columns, none starting or ending with a space or the separator, and nothing of the
    /// line lost or added (the rows and the line alike without their spaces and separators).
    static func expectLaidOut(_ rows: [String], of line: FormStartLine, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        for row in rows {
            #expect(DisplayWidth.columns(of: row) <= width, "\(row.debugDescription) is wider than \(width)", sourceLocation: sourceLocation)
            #expect(!row.hasPrefix(" ") && !row.hasSuffix(" ") && !row.hasPrefix("·") && !row.hasSuffix("·"),
                    "\(row.debugDescription)", sourceLocation: sourceLocation)
        }
        func bare(_ text: String) -> String { text.filter { $0 != " " && $0 != "·" } }
        #expect(bare(rows.joined()) == bare(([line.head] + line.keys).joined()), sourceLocation: sourceLocation)
    }

    @Test func theScreensLineFitsTwoRowsAt80() {
        let line = FormStartLine(formName: "visitor", records: 12, sinkLabel: "visitors.db", searchable: true)
        #expect(line.rows(width: 80) == ["visitor: 12 records in visitors.db · Enter next · Shift-Tab back · Esc discard",
                                         "Ctrl-R find · Ctrl-D end"])
        #expect(line.rows(width: 120) == ["visitor: 12 records in visitors.db · Enter next · Shift-Tab back · Esc discard · Ctrl-R find · Ctrl-D end"])
        #expect(FormStartLine(formName: "visitor", records: 1, sinkLabel: "v.db", searchable: true).head == "visitor: 1 record in v.db")
    }

    /// An append-only log (JSON Lines, CSV, standard output) cannot find a saved record: Ctrl-R is not offered.
    @Test func ctrlRIsNamedOnlyWhereSearchWorks() {
        let line = FormStartLine(formName: "visitor", records: 0, sinkLabel: "visitors.jsonl", searchable: false)
        #expect(line.keys == ["Enter next", "Shift-Tab back", "Esc discard", "Ctrl-D end"])
        #expect(line.rows(width: 80) == ["visitor: 0 records in visitors.jsonl · Enter next · Shift-Tab back · Esc discard",
                                         "Ctrl-D end"])
        for width in [80, 40, 20] { #expect(!line.rows(width: width).joined().contains("Ctrl-R")) }
    }

    /// Narrower, a key and what it does stay together on a row; the head breaks at its spaces.
    @Test func narrowRowsBreakBetweenKeysThenAtWords() {
        let line = FormStartLine(formName: "visitor", records: 12, sinkLabel: "visitors.db", searchable: true)
        #expect(line.rows(width: 40) == ["visitor: 12 records in visitors.db", "Enter next · Shift-Tab back",
                                         "Esc discard · Ctrl-R find · Ctrl-D end"])
        #expect(line.rows(width: 20) == ["visitor: 12 records", "in visitors.db", "Enter next", "Shift-Tab back",
                                         "Esc discard", "Ctrl-R find", "Ctrl-D end"])
        #expect(line.rows(width: 12) == ["visitor: 12", "records in", "visitors.db", "Enter next", "Shift-Tab", "back",
                                         "Esc discard", "Ctrl-R find", "Ctrl-D end"])
    }

    @Test func chineseFitsTwoRowsAt80() throws {
        let line = try Self.chinese("visitor", records: 12, label: "visitors.db", searchable: true)
        let rows = line.rows(width: 80)
        #expect(rows == ["visitor：visitors.db 中已有 12 条记录 · Enter 下一项 · Shift-Tab 返回 · Esc 放弃",
                         "Ctrl-R 查找 · Ctrl-D 结束"])
        Self.expectLaidOut(rows, of: line, width: 80)
        let log = try Self.chinese("visitor", records: 0, label: "visitors.csv", searchable: false)
        #expect(log.rows(width: 80).count == 2)
        #expect(!log.rows(width: 80).joined().contains("Ctrl-R"))
    }

    /// Chinese breaks between characters where it has no spaces, never before a closing mark (`：`, `.`).
    @Test func chineseBreaksBetweenCharacters() throws {
        let line = try Self.chinese("访客登记", records: 3, label: "访客登记表.db", searchable: true)
        #expect(line.rows(width: 20) == ["访客登记：访客登记", "表.db 中已有 3 条记", "录 · Enter 下一项", "Shift-Tab 返回",
                                         "Esc 放弃", "Ctrl-R 查找", "Ctrl-D 结束"])
        for width in [80, 40, 20, 11] { Self.expectLaidOut(line.rows(width: width), of: line, width: width) }
    }

    /// A long form name or output (a path, a PostgreSQL URL) wraps at its words, and a word wider than the row is
    /// cut between characters: no row is wider than the terminal.
    @Test func longNamesAndLabelsNeverExceedTheWidth() throws {
        let labels = ["/home/ann/My Documents/reception visitors north building.db",
                      "postgres://reception@db.example.com:5432/visitors_and_contractors_north_building",
                      "访客 登记 北楼 访客和承包商记录簿（二零二六年度）.db"]
        let names = ["visitor", "reception_visitors_and_contractors_north_building_2026"]
        for label in labels {
            for name in names {
                for searchable in [true, false] {
                    let english = FormStartLine(formName: name, records: 1234, sinkLabel: label, searchable: searchable)
                    let chinese = try Self.chinese(name, records: 1234, label: label, searchable: searchable)
                    for width in [80, 40, 20, 7] {
                        Self.expectLaidOut(english.rows(width: width), of: english, width: width)
                        Self.expectLaidOut(chinese.rows(width: width), of: chinese, width: width)
                    }
                }
            }
        }
        let spaced = FormStartLine(formName: "visitor", records: 0, sinkLabel: "/home/ann/My Documents/reception visitors.db",
                                   searchable: false)
        #expect(spaced.rows(width: 30) == ["visitor: 0 records in", "/home/ann/My", "Documents/reception",
                                           "visitors.db · Enter next", "Shift-Tab back · Esc discard", "Ctrl-D end"])
        #expect(FormStartLine(formName: "v", records: 0, sinkLabel: "abcdefghijklmnopqrstuvwxyz", searchable: false)
                    .rows(width: 10).prefix(4) == ["v: 0", "records in", "abcdefghij", "klmnopqrst"])
    }

    /// A control character in a form's name or output's label is named, not sent to the terminal.
    @Test func controlsInNamesAreEscaped() {
        let line = FormStartLine(formName: "vis\u{1B}[2Jitor", records: 0, sinkLabel: "v\u{7}.db", searchable: true)
        #expect(line.head == "visU+1B[2Jitor: 0 records in vU+7.db")
    }
}
