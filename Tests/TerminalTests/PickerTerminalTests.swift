import Foundation
import Testing
@testable import TestSupport

/// The pickers at a real terminal: typed keys search the list, the candidates are listed under the line with the
/// current one marked, the right prompt shows k/n, a key that leaves no match is refused, Enter prints the value
/// (in `$(…)`), and the list is gone afterwards.
@Suite struct PickerTerminalTests: TypesAskCommands {
    /// The last non-empty row (the field, when nothing is below it) and the rows under the field.
    static func last(_ rows: [String], _ prefix: String) -> Int? { rows.lastIndex { $0.hasPrefix(prefix) } }

    @Test func countryIsFoundByNameAndPrintedAsItsCode() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("country --prompt 'Country: '"))
        try await t.wait("the empty field with the list") { rows in
            guard let y = Self.last(rows, "Country: ") else { return false }
            return rows[y].hasSuffix("0/249") && rows[y + 1].hasPrefix("  🇦🇩 Andorra")
        }
        try t.type("ger")
        try await t.wait("Germany current, 1 of 4") { rows in
            guard let y = Self.last(rows, "Country: ger  > ") else { return false }
            return rows[y].contains("Germany 德国 +49") && rows[y].hasSuffix("1/4") && rows[y + 1].hasPrefix("> 🇩🇪 Germany")
        }
        try t.type("q")                                       // no country has "gerq": refused, nothing changes
        try await t.wait("the refusal mark") { $0.contains { $0.hasPrefix("Country: ger  > ") && $0.hasSuffix("1/4 !") } }
        try t.press("Down")
        try await t.wait("the second match current") { rows in
            guard let y = Self.last(rows, "Country: ger  > ") else { return false }
            return rows[y].hasSuffix("2/4") && rows[y + 2].hasPrefix("> ")
        }
        try t.press("Up")
        try await t.wait("Germany again") { $0.contains { $0.hasPrefix("Country: ger  > ") && $0.hasSuffix("1/4") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[DE]", "\(t.dump())")
        #expect(try !t.screen().contains { $0.hasPrefix("> ") || $0.hasPrefix("  🇦") }, "the list is still there:\n\(t.dump())")
        try await t.freshPrompt()
    }

    /// `--default` naming one country: the country shown whole among all of them, current; a typed query takes its
    /// place; Enter on the default untouched prints it.
    @Test(arguments: [("jap", "JP"), ("", "CN")])
    func aDefaultChoiceIsShownWholeAndTypedOver(typed: String, value: String) async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("country --default CN --prompt 'Country: '"))
        try await t.wait("China whole, current among all") { rows in
            guard let y = Self.last(rows, "Country: ") else { return false }
            return rows[y].hasPrefix("Country: 🇨🇳 China 中国 +86 ") && rows[y].hasSuffix("/249") && rows[y + 3].hasPrefix("> 🇨🇳 China")
        }
        if !typed.isEmpty {
            try t.type(typed)
            try await t.wait("Japan found by the new query") { rows in
                rows.contains { $0.hasPrefix("Country: jap  > 🇯🇵 Japan") }
            }
        }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[\(value)]", "\(t.dump())")
    }

    @Test func aProvinceThenACity() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("region-cn --prompt 'Place: '"))
        try await t.wait("the provinces") { $0.contains { $0.hasPrefix("Place:") && $0.hasSuffix("0/34") } }
        try t.type("gd")
        try await t.wait("广东 current") { $0.contains { TmuxTerminal.isRow($0, "Place: gd  > 广东省", "1/1") } }
        try t.press("Enter")                                  // opens its cities
        try await t.wait("the cities of 广东") { rows in
            guard let y = Self.last(rows, "Place: 广东省-") else { return false }
            return TmuxTerminal.isRow(rows[y], "Place: 广东省-", "0/21") && rows[y + 1] == "  广州市"
        }
        try t.press("BSpace")                                 // back to the provinces, 广东 current
        try await t.wait("the provinces again") { $0.contains { $0.hasPrefix("Place:   > 广东省") && $0.hasSuffix("/34") } }
        try t.press("Tab")                                    // Tab opens it too
        try await t.wait("the cities again") { $0.contains { TmuxTerminal.isRow($0, "Place: 广东省-", "0/21") } }
        try t.type("sz")
        try await t.wait("深圳 current") { rows in
            guard let y = Self.last(rows, "Place: 广东省-sz") else { return false }
            return TmuxTerminal.isRow(rows[y], "Place: 广东省-sz  > 深圳市", "1/1") && rows[y + 1] == "> 深圳市"
        }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[440300]", "\(t.dump())")
        try await t.freshPrompt()
    }

    @Test func aListFromStandardInput() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(#"x=$(printf 'red\tRed\ngreen\tGreen\nblue\tBlue\n' | fieldline ask choice --choices - --prompt 'Colour: '); echo "rc=$? x=[$x]""#)
        try await t.wait("the colours") { $0.contains { TmuxTerminal.isRow($0, "Colour:", "0/3") } && $0.contains("  Blue") }
        try t.press("Enter")                                  // nothing chosen yet: refused, with the reason
        try await t.wait("the reason") { $0.contains("type to search the 3 choices, or Up/Down to pick one") }
        try t.press("Down")
        try await t.wait("Red current") { $0.contains { TmuxTerminal.isRow($0, "Colour:   > Red", "1/3") } }
        try t.press("Down")
        try await t.wait("Green current") { $0.contains { TmuxTerminal.isRow($0, "Colour:   > Green", "2/3") } && $0.contains("> Green") }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[green]", "\(t.dump())")
    }

    @Test func aDateRefusesImpossibleKeysStepsAndShowsTheWeekday() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("date --prompt 'Date: '"))
        try await t.waitLastRow("Date:", "0/8")
        try t.type("2023022")
        try await t.waitLastRow("Date: 2023-02-2", "7/8")
        try t.type("9")                                       // 2023-02-29 does not exist: refused, saying so
        try await t.wait("the refused key marked, its reason on the status line under the field") { rows in
            rows.contains { TmuxTerminal.isRow($0, "Date: 2023-02-2", "7/8 !") } && rows.last { !$0.isEmpty } == "no date starts 2023-02-29"
        }
        try t.type("8")
        try await t.waitLastRow("Date: 2023-02-28", "Tue")
        try t.press("Up")                                     // the day under the cursor, over the month's end
        try await t.waitLastRow("Date: 2023-03-01", "Wed")
        try t.press("Left", "Left", "Left", "Up")             // in the month now (after its first digit)
        try await t.waitLastRow("Date: 2023-04-01", "Sat")
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[2023-04-01]", "\(t.dump())")
    }
}

/// A large list file's picker at a terminal: a long query's count is what has been found so far (`1/64+`), and
/// exact once the query is narrow enough (issue 48 item 5).
@Suite struct LongQueryPickerTerminalTests {
    @Test func aLongQueryShowsItsCountSoFarThenExact() async throws {
        let s = try ScratchFolder()
        var text = "code,name\n"
        for row in 0..<5_000 { text += "c\(row),Harbour gate \(row)\n" }
        _ = try s.write("gates.csv", text)
        let keymap = try s.write("gate.yaml", "name: gate\nchoices: {file: gates.csv, value: code, label: name}\n")
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(#"x=$(XDG_CACHE_HOME='\#(s.path("cache"))' fieldline ask --keymap-file '\#(keymap)' --prompt 'Gate: '); echo "rc=$? x=[$x]""#)
        try await t.wait("the empty field") { $0.contains { $0.hasPrefix("Gate:") && $0.hasSuffix("0/5000") } }
        try t.type("harb")
        try await t.wait("the first gate, the count so far") { rows in
            guard let y = PickerTerminalTests.last(rows, "Gate: harb  > Harbour gate 0") else { return false }
            return rows[y].range(of: #"1/[0-9]+\+$"#, options: .regularExpression) != nil && rows[y + 1] == "> Harbour gate 0"
        }
        try t.type("our gate 499")
        try await t.wait("gate 499, counted exactly") { $0.contains { TmuxTerminal.isRow($0, "Gate: harbour gate 499  > Harbour gate 499", "1/11") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[c499]", "\(t.dump())")
    }
}
