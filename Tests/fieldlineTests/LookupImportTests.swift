import Foundation
import Testing
@testable import TestSupport

/// Choices from list files on import (issue 48): the shipped room-booking form judged as the terminal judges it (a
/// room outside the chosen site's list refused, city and seats filled from the chosen rows), and hostile list files
/// refused with their place and exit 78.
@Suite struct LookupImportTests {
    static let form = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("forms/room-booking.yaml").path

    static let records = """
        site,room,day
        N,N-201,2026-12-01
        S,N-101,2026-12-01
        S,S-102,2026-12-02
        S,X-1,2026-12-02

        """

    func importRecords(language: String) throws -> (run: Run, rows: [String]) {
        let s = try ScratchFolder()
        let run = try fieldline(["form", Self.form, "--input", try s.write("in.csv", Self.records), "--out", s.path("b.db"), "--lang", language])
        return (run, try sqliteShell(s.path("b.db"), "SELECT site, city, room, seats, day FROM room_booking ORDER BY day"))
    }

    @Test func aRoomOutsideTheSitesListIsRefusedInEnglish() throws {
        let (run, rows) = try importRecords(language: "en")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == """
            2:room: 'N-101' is not one of the choices for site 'S' (filter: site == $site)
            4:room: not one of the choices: 'X-1'

            """)
        #expect(rows == ["N|Beijing|N-201|12|2026-12-01", "S|Shanghai|S-102|4|2026-12-02"])
    }

    @Test func aRoomOutsideTheSitesListIsRefusedInChinese() throws {
        let (run, rows) = try importRecords(language: "zh")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err).hasPrefix("2:room: 'N-101' 不在 site 'S' 的选项中（筛选：site == $site）\n4:room: "), "\(run.err)")
        #expect(rows.count == 2)
    }

    /// A given value of a filled field must be what the chosen row says, as for any derived field.
    @Test func aFilledValueGivenMustAgree() throws {
        let s = try ScratchFolder()
        let input = try s.write("in.csv", "site,city,room,seats,day\nN,Beijing,N-101,120,2026-12-01\nN,Beijing,N-101,99,2026-12-01\n")
        let run = try fieldline(["form", Self.form, "--input", input, "--out", s.path("b.jsonl")])
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "2:seats: '99' differs from room's seats, 120\n", "\(run.err)")
    }

    /// A form of one choice field from `list`, checked with `fieldline check` of a form's file (`form --input`).
    func load(list name: String, _ text: String, value: String = "code") throws -> Run {
        let s = try ScratchFolder()
        _ = try s.write(name, text)
        let form = try s.write("f.yaml", "name: f\nfields:\n  - name: site\n    choices: {file: \(name), value: \(value), label: name}\n")
        return try fieldline(["form", form, "--input", "-", "--out", s.path("o.jsonl")], stdin: "", in: s.folder)
    }

    @Test func aLineTooLongIsRefusedWithItsPlace() throws {
        let run = try load(list: "l.csv", "code,name\nA,Alpha\nB," + String(repeating: "b", count: 70_000) + "\n")
        #expect(run.status == 78)
        #expect(run.err.contains("/l.csv:3:1: a line is longer than 65536 bytes"), "\(run.err)")
    }

    /// Placed at the first column past the limit (the 65th starts at character 249).
    @Test func tooManyColumnsAreRefusedWithTheirPlace() throws {
        let header = (0..<70).map { "c\($0)" }.joined(separator: ",")
        let run = try load(list: "l.csv", "code,name," + header + "\n")
        #expect(run.status == 78)
        #expect(run.err.contains("/l.csv:1:249: more than 64 columns"), "\(run.err)")
    }

    @Test func aRowOfTheWrongWidthIsPlacedAtItsExtraCell() throws {
        let run = try load(list: "l.tsv", "code\tname\nA\tAlpha\nB\tBeta\t区\n")
        #expect(run.status == 78)
        #expect(run.err.contains("/l.tsv:3:8: 3 cells; the header has 2 columns"), "\(run.err)")
    }

    @Test func aMissingValueColumnIsRefusedWhereItIsNamed() throws {
        let run = try load(list: "l.csv", "id,name\nA,Alpha\n")
        #expect(run.status == 78)
        #expect(run.err.contains("f.yaml:4:35: value: "), "\(run.err)")
        #expect(run.err.contains("/l.csv has no column 'code' (its columns: id, name)"), "\(run.err)")
    }

    /// A list file as a spreadsheet saves it (a byte-order mark, CRLF, quoted cells holding a comma and doubled
    /// quotes) reads as an import of the same file does: one CSV reader for both.
    @Test func aListFileReadsAsAnImportOfItReads() throws {
        let s = try ScratchFolder()
        let list = try s.write("l.csv", "\u{FEFF}code,name\r\nE,\"Hall, East\"\r\nW,\"The \"\"West\"\" wing\"\r\n")
        let rowsForm = try s.write("rows.yaml", "name: rows\nfields:\n  - {name: code, keymap: text}\n  - {name: name, keymap: text}\n")
        let imported = try fieldline(["form", rowsForm, "--input", list, "--out", s.path("rows.db")], in: s.folder)
        #expect(imported.status == 0, "\(imported.err)")
        let pickForm = try s.write("pick.yaml", """
            name: pick
            fields:
              - name: site
                choices: {file: l.csv, value: code, label: name}
              - {name: hall, keymap: text, from: site.name}

            """)
        let picked = try fieldline(["form", pickForm, "--input", try s.write("in.csv", "site\nE\nW\n"), "--out", s.path("pick.db")], in: s.folder)
        #expect(picked.status == 0, "\(picked.err)")
        let rows = try sqliteShell(s.path("rows.db"), "SELECT code, name FROM rows ORDER BY code")
        #expect(rows == ["E|Hall, East", "W|The \"West\" wing"])
        #expect(try sqliteShell(s.path("pick.db"), "SELECT site, hall FROM pick ORDER BY site") == rows)
    }

    /// A list cell takes no line break: a quote left open at its line's end is placed where it opens.
    @Test func aQuoteOpenAtALineEndIsPlacedWhereItOpens() throws {
        let run = try load(list: "l.csv", "code,name\nA,\"Al\npha\"\n")
        #expect(run.status == 78)
        #expect(run.err.contains("/l.csv:2:3: a quote opened here is not closed on its line"), "\(run.err)")
    }
}
