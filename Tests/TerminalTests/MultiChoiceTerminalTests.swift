import Foundation
import Testing
@testable import TestSupport

/// Multi-select pickers at a real terminal: Tab marks the current match (`✓` in the list, `k selected` in the
/// right prompt), typing still filters, Enter prints the marked values joined in list order (a JSON array with
/// `--output json`), with none marked the current match alone, and the bounds explained on the status line.
@Suite struct MultiChoiceTerminalTests {
    static let colours = #"printf 'red\tRed\ngreen\tGreen\nblue\tBlue\ngrey\tGrey\n' > /tmp/colours-$$.tsv; "#
    /// `fieldline ask choice --choices FILE --multi …` in `$(…)`, the list written first.
    static func ask(_ options: String) -> String {
        colours + #"x=$(fieldline ask choice --choices /tmp/colours-$$.tsv --multi --prompt 'Colour: ' \#(options)); echo "rc=$? x=[$x]"; rm -f /tmp/colours-$$.tsv"#
    }

    @Test func tabMarksTypingFiltersEnterPrintsTheValuesInListOrder() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(Self.ask(""))
        try await t.see("the list, nothing selected") { $0.contains { TmuxTerminal.isRow($0, "Colour:", "0 selected · 0/4") } }
        t.type("blu")
        try await t.see("Blue current") { $0.contains { TmuxTerminal.isRow($0, "Colour: blu  > Blue", "0 selected · 1/1") } }
        t.press("Tab")
        try await t.see("Blue marked, the query gone") { rows in
            rows.contains { TmuxTerminal.isRow($0, "Colour:   ✓ Blue", "1 selected · 0/4") } && rows.contains("  ✓ Blue")
                && rows.contains("    Red")
        }
        t.type("re")                                      // typing filters again; Blue's mark stays
        try await t.see("Red current among the matches") { rows in
            rows.contains { TmuxTerminal.isRow($0, "Colour: re  > Red", "1 selected · 1/3") } && rows.contains(">   Red")
                && rows.contains("    Green") && !rows.contains("  ✓ Blue")
        }
        t.press("Tab")
        try await t.see("Red and Blue marked") { rows in
            rows.contains { TmuxTerminal.isRow($0, "Colour:   ✓ Red, Blue", "2 selected · 0/4") }
                && rows.contains("  ✓ Red") && rows.contains("  ✓ Blue")
        }
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[red,blue]", "list order, not the order marked:\n\(t.dump())")
        #expect(!t.screen().contains { $0.contains("✓ Blue") && !$0.hasPrefix("Colour:") }, "the list is still there:\n\(t.dump())")
        #expect(try await t.freshPrompt(), "\(t.dump())")
    }

    @Test func jsonOutputIsAnArrayAndNoneMarkedTakesTheCurrentMatch() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(Self.ask("--output json --separator ';'"))
        try await t.see("the list") { $0.contains { TmuxTerminal.isRow($0, "Colour:", "0 selected · 0/4") } }
        t.type("gre")
        t.press("Down")                                   // Grey, the second match
        try await t.see("Grey current") { $0.contains { TmuxTerminal.isRow($0, "Colour: gre  > Grey", "0 selected · 2/2") } }
        t.press("Tab")
        t.type("gree")
        try await t.see("Green current") { $0.contains { TmuxTerminal.isRow($0, "Colour: gree  > Green", "1 selected · 1/1") } }
        t.press("Tab")
        try await t.see("Green and Grey marked") { $0.contains { TmuxTerminal.isRow($0, "Colour:   ✓ Green, Grey", "2 selected · 0/4") } }
        t.press("Enter")
        let result = try await t.result()
        #expect(result?.hasPrefix(#"rc=0 x=[{"value":["green","grey"],"display":"Green;Grey","valid":true"#) == true, "\(t.dump())")

        t.run(Self.ask(""))
        try await t.see("a second prompt") { $0.contains { TmuxTerminal.isRow($0, "Colour:", "0 selected · 0/4") } }
        t.type("gree")
        t.press("Enter")                                  // none marked: the current match alone
        try await t.see("green alone") { $0.contains("rc=0 x=[green]") }
    }

    @Test func aDefaultListIsMarkedAtTheStart() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(Self.ask("--default 'grey, red'"))
        try await t.see("Red and Grey marked") { $0.contains { TmuxTerminal.isRow($0, "Colour:   ✓ Red, Grey", "2 selected · 0/4") } }
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[red,grey]", "\(t.dump())")
    }

    @Test func theBoundsAreExplainedOnTheStatusLine() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        t.run(Self.ask("--min 2 --max 2"))
        try await t.see("the list") { $0.contains { TmuxTerminal.isRow($0, "Colour:", "0 selected · 0/4") } }
        t.type("red")
        t.press("Enter")                                  // the current match alone is one, fewer than 2
        try await t.see("choose at least 2") { rows in
            guard let y = rows.lastIndex(where: { $0.hasPrefix("Colour: red") }) else { return false }
            return rows[y].hasSuffix("0 selected · 1/1 !") && rows[y + 1] == "choose at least 2"
        }
        t.press("Tab")
        t.type("blue")
        t.press("Tab")
        t.type("grey")
        t.press("Tab")                                    // a third mark: refused, with the bell and the reason
        try await t.see("at most 2 choices") { rows in
            guard let y = rows.lastIndex(where: { $0.hasPrefix("Colour: grey  > Grey") }) else { return false }
            return rows[y].hasSuffix("2 selected · 1/1 !") && rows[y + 1] == "at most 2 choices"
        }
        t.press("C-u")
        t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[red,blue]", "\(t.dump())")
    }
}

/// A form's multi-select field at a terminal: marked with Tab, stored as the joined text in list order, and its
/// marks back when Shift-Tab returns to it.
@Suite struct MultiChoiceFormTerminalTests {
    @Test func aFormStoresTheJoinedTextAndShiftTabBringsTheMarksBack() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        let form = t.home + "/order.yaml"
        try """
            name: order
            fields:
              - name: toppings
                keymap:
                  choices: [cheese, ham, olives, onion]
                  multiple: {max: 3}
                prompt: "Toppings: "
              - name: note
                keymap: text
                prompt: "Note: "
            """.write(toFile: form, atomically: true, encoding: .utf8)
        let out = t.home + "/o.jsonl"
        t.run("fieldline form '\(form)' --out '\(out)'; echo rc=$?")
        try await t.see("the toppings") { $0.contains { TmuxTerminal.isRow($0, "Toppings:", "0 selected · 0/4") } }
        t.type("oli"); t.press("Tab")
        t.type("che"); t.press("Tab")
        try await t.see("two marked") { $0.contains { TmuxTerminal.isRow($0, "Toppings:   ✓ cheese, olives", "2 selected · 0/4") } }
        t.press("Enter")
        try await t.see("the note") { $0.contains { $0.hasPrefix("Note:") } }
        t.press("BTab")                                   // back: the stored value marks them again
        try await t.see("the marks back") { $0.contains { TmuxTerminal.isRow($0, "Toppings:   ✓ cheese, olives", "2 selected · 0/4") } }
        t.type("ham"); t.press("Tab"); t.press("Enter")
        try await t.see("the note again") { $0.contains { $0.hasPrefix("Note:") } }
        t.type("x"); t.press("Enter")
        try await t.see("the key line") { $0.contains { $0.hasPrefix("Enter saves, Shift-Tab goes back, Esc discards:") } }
        t.press("Enter")
        try await t.see("saved") { $0.contains { $0.contains("saved") } }
        t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        let saved = try String(contentsOfFile: out, encoding: .utf8)
        #expect(saved.hasPrefix(#"{"toppings":"cheese,ham,olives","note":"x","#), "\(saved)")
    }
}
