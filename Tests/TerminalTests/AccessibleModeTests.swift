import Foundation
import Testing
@testable import TestSupport

/// Accessible mode (`--accessible`, `FIELDLINE_ACCESSIBLE=1`, `TERM=dumb`) on a real pseudo-terminal, driven as
/// `expect` drives one: the question in words on a line of its own, each refused key's reason once, Enter on an
/// invalid value says why and asks again, choices by number or name; the bytes written to the terminal hold no
/// escape sequence (no cursor movement, no colour) and no bell; the value and the exit code are as ever.
@Suite struct AccessibleModeTests {
    /// The fieldline under test, by path: the tests' clean PATH does not hold it.
    static let fieldline = fieldlineURL.path

    /// The transcript is plain text: no ESC (so no CSI cursor movement, no SGR colour, no mode switch) and no BEL.
    static func expectPlain(_ session: PtySession, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!session.transcript.contains(0x1B), "an escape sequence: \(ControlEscaped.show(session.text))",
                sourceLocation: sourceLocation)
        #expect(!session.transcript.contains(0x07), "a bell: \(ControlEscaped.show(session.text))", sourceLocation: sourceLocation)
    }

    /// How many times `line` stands as a line of its own in the transcript.
    static func count(_ line: String, in session: PtySession) -> Int {
        session.text.components(separatedBy: "\r\n").filter { $0 == line }.count
    }

    @Test func aPhoneFieldSaysWhyOnceAndAsksAgain() throws {
        let s = try PtySession([Self.fieldline, "ask", "phone-cn", "--accessible", "--prompt", "Mobile: "])
        try s.expect("Mobile, 11 digits, shown ")
        try s.expect("> ")
        // Three refused letters at the same place: one reason, said once.
        s.typeLine("138aaa")
        try s.expect("position 4 takes a digit\r\n")
        try s.expect("> ")
        s.typeLine("138")
        try s.expect("too short for CN\r\n")
        try s.expect("> ")
        s.typeLine("138-1234-5678")
        let run = try s.finish()
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == "13812345678\n")
        #expect(Self.count("position 4 takes a digit", in: s) == 1, "\(ControlEscaped.show(s.text))")
        #expect(Self.count("too short for CN", in: s) == 1, "\(ControlEscaped.show(s.text))")
        Self.expectPlain(s)
    }

    @Test(arguments: [["TERM": "dumb"], ["FIELDLINE_ACCESSIBLE": "1", "TERM": "xterm-256color"]])
    func theEnvironmentTurnsItOn(environment: [String: String]) throws {
        let s = try PtySession([Self.fieldline, "ask", "date", "--prompt", "Visit: "], environment: environment)
        try s.expect("Visit, 8 digits, typed as year, month and day, shown yyyy-mm-dd\r\n> ")
        // A date typed as text, its separators and all.
        s.typeLine("2026-02-30")
        try s.expect("no such date 2026-02-30\r\n> ")
        s.typeLine("2026/02/28")
        let run = try s.finish()
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == "2026-02-28\n")
        Self.expectPlain(s)
    }

    @Test(arguments: [(["3"], "AF"), (["china"], "CN"), (["chi", "2"], "CN")])
    func aChoiceByNumberOrByName(lines: [String], value: String) throws {
        let s = try PtySession([Self.fieldline, "ask", "country", "--accessible", "--prompt", "Country: "])
        try s.expect("1. ")
        try s.expect("3. ")
        try s.expect("Country, type a number or a name\r\n> ")
        for line in lines.dropLast() {
            s.typeLine(line)
            // A name several choices answer to lists them, by number.
            try s.expect("choices match:\r\n1. ")
            try s.expect("type a number or a name\r\n> ")
        }
        s.typeLine(lines.last!)
        let run = try s.finish()
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == value + "\n")
        Self.expectPlain(s)
    }

    /// A long query over a large list file (its matches found as they are read): a list's worth is said, the count
    /// as "at least", and the rest as "more"; a number past the first screenful chooses the row it was said with.
    @Test func aLongQueryOverALargeListIsSaidWhole() throws {
        let s0 = try ScratchFolder("accessible-long")
        var text = "code,name\n"
        for row in 0..<5_000 { text += "c\(row),Harbour gate \(row)\n" }
        _ = try s0.write("gates.csv", text)
        let keymap = try s0.write("gate.yaml", "name: gate\nchoices: {file: gates.csv, value: code, label: name}\n")
        let s = try PtySession([Self.fieldline, "ask", "--keymap-file", keymap, "--accessible", "--prompt", "Gate: "],
                               environment: ["XDG_CACHE_HOME": s0.path("cache")])
        try s.expect("Gate, type a number or a name\r\n> ")
        s.typeLine("harb")
        try s.expect("at least ")
        try s.expect(" choices match:\r\n1. Harbour gate 0\r\n")
        try s.expect("30. Harbour gate 29\r\nand more: type more of a name to find one\r\n")
        try s.expect("type a number or a name\r\n> ")
        s.typeLine("30")
        let run = try s.finish()
        #expect(run.status == 0, "\(run.err) \(ControlEscaped.show(s.text))")
        #expect(run.out == "c29\n")
        Self.expectPlain(s)
    }

    /// A multiple choice (`--multi`) by the numbers of the list (`3, 4`, `3 4`) or by names and values joined with
    /// the separator: each choice marked, the values joined as the separator says.
    @Test(arguments: [("3, 4", "AF,AG"), ("3 4", "AF,AG"), ("cn,fr", "CN,FR"), ("China;France", "CN;FR")])
    func aMultipleChoiceByNumbersOrByNames(line: String, value: String) throws {
        let separator = value.contains(";") ? ";" : ","
        let s = try PtySession([Self.fieldline, "ask", "country", "--multi", "--separator", separator, "--accessible", "--prompt", "Countries: "])
        try s.expect("3. ")
        try s.expect("Countries, type numbers or names apart by '\(separator)'\r\n> ")
        s.typeLine(line)
        let run = try s.finish()
        #expect(run.status == 0, "\(run.err) \(ControlEscaped.show(s.text))")
        #expect(run.out == value + "\n")
        Self.expectPlain(s)
    }

    @Test func confirmSaysWhatAnswersAndEscCancels() throws {
        let s = try PtySession([Self.fieldline, "confirm", "--accessible", "--prompt", "Install?"])
        try s.expect("Install? [y/n], answer y (yes) or n (no)\r\n> ")
        s.typeLine("maybe")
        try s.expect("answer y (yes) or n (no)\r\n> ")
        s.typeLine("\u{1B}")
        let run = try s.finish()
        #expect(run.status == 255, "\(run.err)")
        #expect(Self.count("answer y (yes) or n (no)", in: s) == 1, "\(ControlEscaped.show(s.text))")
    }

    @Test func chinese() throws {
        let s = try PtySession([Self.fieldline, "ask", "phone-cn", "--accessible", "--prompt", "手机号："],
                               environment: ["LANG": "zh_CN.UTF-8"])
        try s.expect("手机号，11 位数字，显示为 ")
        s.typeLine("138a")
        try s.expect("第 4 位只能是数字\r\n> ")
        s.typeLine("13812345678")
        let run = try s.finish()
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == "13812345678\n")
        Self.expectPlain(s)
    }

    /// The visitor form completed line by line: each question after the other, the values the ID card gives
    /// written once as plain lines when it is accepted, the record read back before Enter saves it.
    @Test func theVisitorFormIsCompletedLineByLine() throws {
        let folder = try ScratchFolder("accessible")
        let out = folder.path("visitors.jsonl")
        let s = try PtySession([Self.fieldline, "form", FormTerminalTests.visitor, "--out", out, "--accessible"],
                               environment: ["FIELDLINE_NOW": "1795365541"])
        try s.expect("Mobile, 11 digits")
        try s.expect("> ")
        s.typeLine("13812345678")
        try s.expect("ID card, 18 characters\r\n> ")
        s.typeLine("110105194912310021")
        try s.expect("check character should be X\r\n> ")
        s.typeLine("11010519491231002X")
        try s.expect("Birth date: 1949-12-31\r\nSex: female\r\n")
        try s.expect("Name, at most 20 characters\r\n> ")
        s.typeLine("Zhang San")
        try s.expect("Visit date, 8 digits, typed as year, month and day, shown yyyy-mm-dd, Enter keeps 2026-11-22\r\n> ")
        s.typeLine("")
        try s.expect("Visit date: 2026-11-22\r\nEnter saves")
        try s.expect("> ")
        s.typeLine("")
        try s.expect("1 saved to")
        try s.expect("> ")
        s.send([0x04])  // Ctrl-D on the first field of an empty record ends the session
        let run = try s.finish()
        #expect(run.status == 0, "\(run.err)")
        let record = folder.read("visitors.jsonl")
        for member in [#""mobile":"13812345678""#, #""idcard":"11010519491231002X""#, #""birth_date":"1949-12-31""#,
                       #""sex":"female""#, #""name":"Zhang San""#, #""visit_date":"2026-11-22""#] {
            #expect(record.contains(member), "\(record)")
        }
        #expect(record.split(separator: "\n").count == 1)
        // Paradata as at a full screen: a line the field takes whole is one key (a paste), its Enter another.
        let keying = folder.read("visitors.jsonl.keying.jsonl")
        #expect(keying.contains(#""field":"mobile","milliseconds":"0","keys":"2","refused":"0""#), "\(keying)")
        #expect(keying.contains(#""field":"idcard","milliseconds":"0","keys":"4","refused":"1""#), "\(keying)")
        // Derived lines once as the ID card is accepted, once more in the record read back before saving.
        #expect(Self.count("Birth date: 1949-12-31", in: s) == 2, "\(ControlEscaped.show(s.text))")
        #expect(Self.count("check character should be X", in: s) == 1)
        Self.expectPlain(s)
    }
    /// A repeated choice (the delivery form's purpose) is listed whole on the next record, numbered as a typed
    /// number picks, with the last record's value kept by Enter: the list is not narrowed to the value kept.
    @Test func aRepeatedChoiceIsListedWholeOnTheNextRecord() throws {
        let folder = try ScratchFolder("accessible-repeat")
        let out = folder.path("deliveries.jsonl")
        let delivery = URL(fileURLWithPath: FormTerminalTests.visitor).deletingLastPathComponent().appendingPathComponent("delivery.yaml").path
        let s = try PtySession([Self.fieldline, "form", delivery, "--out", out, "--accessible"],
                               environment: ["FIELDLINE_NOW": "1795365541"])
        try s.expect("1. delivery\r\n2. visit\r\nPurpose, type a number or a name\r\n> ")
        s.typeLine("1")
        try s.expect("Mobile, 11 digits")
        try s.expect("> ")
        s.typeLine("13812345678")
        try s.expect("Courier company, at most 40 characters\r\n> ")
        s.typeLine("SF")
        try s.expect("Parcels, at most 3 digits\r\n> ")
        s.typeLine("3")
        try s.expect("Enter keeps 2026-11-22\r\n> ")
        s.typeLine("")
        try s.expect("Enter saves")
        try s.expect("> ")
        s.typeLine("")
        try s.expect("1 saved to")
        try s.expect("1. delivery\r\n2. visit\r\nPurpose, type a number or a name, Enter keeps delivery\r\n> ")
        s.typeLine("2")
        try s.expect("Purpose: visit\r\n")
        try s.expect("> ")
        s.send([0x03])  // Ctrl-C: the terminal's interrupt in line mode
        let run = try s.finish()
        #expect(run.status == 130, "\(run.err)")
        #expect(folder.read("deliveries.jsonl").contains(#""purpose":"delivery""#))
        Self.expectPlain(s)
    }

    /// The start line says each key works with Enter after it (the terminal hands over whole lines), and Ctrl-R with
    /// Enter on the first field finds a saved record to correct: the line discipline does not take Ctrl-R to reprint
    /// the line.
    @Test func ctrlRAndEnterFindsASavedRecord() throws {
        let folder = try ScratchFolder("accessible-find")
        let out = folder.path("deliveries.db")
        let delivery = URL(fileURLWithPath: FormTerminalTests.visitor).deletingLastPathComponent().appendingPathComponent("delivery.yaml").path
        let imported = try Spawn.run([Self.fieldline, "form", delivery, "--input", "-", "--out", out],
                                     stdin: Data(#"{"purpose":"delivery","mobile":"13812345678","company":"SF","parcels":"3"}"#.utf8 + [10]),
                                     environment: ["FIELDLINE_NOW": "1795365541"])
        #expect(imported.status == 0, "\(imported.err)")
        let s = try PtySession([Self.fieldline, "form", delivery, "--out", out, "--accessible"],
                               environment: ["FIELDLINE_NOW": "1795365541"])
        try s.expect("Shift-Tab and Enter back")
        try s.expect("Esc and Enter discard")
        try s.expect("Ctrl-R and Enter find")
        try s.expect("Purpose, type a number or a name\r\n> ")
        s.send([0x12]); s.typeLine("")
        try s.expect("1. delivery · 13812345678")
        try s.expect("> ")
        s.typeLine("1")
        try s.expect("Courier company: SF\r\n")
        try s.expect("Enter saves the correction")
        try s.expect("> ")
        s.send([0x03])
        let run = try s.finish()
        #expect(run.status == 130, "\(run.err)")
        Self.expectPlain(s)
    }
}
