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
        try t.run(Self.ask(""))
        try await t.wait("the list, nothing selected") { $0.contains { TmuxTerminal.isRow($0, "Colour:", "0 selected · 0/4") } }
        try t.type("blu")
        try await t.wait("Blue current") { $0.contains { TmuxTerminal.isRow($0, "Colour: blu  > Blue", "0 selected · 1/1") } }
        try t.press("Tab")
        try await t.wait("Blue marked, the query gone") { rows in
            rows.contains { TmuxTerminal.isRow($0, "Colour:   ✓ Blue", "1 selected · 0/4") } && rows.contains("  ✓ Blue")
                && rows.contains("    Red")
        }
        try t.type("re")                                      // typing filters again; Blue's mark stays
        try await t.wait("Red current among the matches") { rows in
            rows.contains { TmuxTerminal.isRow($0, "Colour: re  > Red", "1 selected · 1/3") } && rows.contains(">   Red")
                && rows.contains("    Green") && !rows.contains("  ✓ Blue")
        }
        try t.press("Tab")
        try await t.wait("Red and Blue marked") { rows in
            rows.contains { TmuxTerminal.isRow($0, "Colour:   ✓ Red, Blue", "2 selected · 0/4") }
                && rows.contains("  ✓ Red") && rows.contains("  ✓ Blue")
        }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[red,blue]", "list order, not the order marked:\n\(t.dump())")
        #expect(try !t.screen().contains { $0.contains("✓ Blue") && !$0.hasPrefix("Colour:") }, "the list is still there:\n\(t.dump())")
        try await t.freshPrompt()
    }

    @Test func jsonOutputIsAnArrayAndNoneMarkedTakesTheCurrentMatch() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("--output json --separator ';'"))
        try await t.wait("the list") { $0.contains { TmuxTerminal.isRow($0, "Colour:", "0 selected · 0/4") } }
        try t.type("gre")
        try t.press("Down")                                   // Grey, the second match
        try await t.wait("Grey current") { $0.contains { TmuxTerminal.isRow($0, "Colour: gre  > Grey", "0 selected · 2/2") } }
        try t.press("Tab")
        try t.type("gree")
        try await t.wait("Green current") { $0.contains { TmuxTerminal.isRow($0, "Colour: gree  > Green", "1 selected · 1/1") } }
        try t.press("Tab")
        try await t.wait("Green and Grey marked") { $0.contains { TmuxTerminal.isRow($0, "Colour:   ✓ Green, Grey", "2 selected · 0/4") } }
        try t.press("Enter")
        let result = try await t.result()
        #expect(result.hasPrefix(#"rc=0 x=[{"value":["green","grey"],"display":"Green;Grey","valid":true"#), "\(t.dump())")

        try t.run(Self.ask(""))
        try await t.wait("a second prompt") { $0.contains { TmuxTerminal.isRow($0, "Colour:", "0 selected · 0/4") } }
        try t.type("gree")
        try t.press("Enter")                                  // none marked: the current match alone
        try await t.wait("green alone") { $0.contains("rc=0 x=[green]") }
    }

    @Test func aDefaultListIsMarkedAtTheStart() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("--default 'grey, red'"))
        try await t.wait("Red and Grey marked") { $0.contains { TmuxTerminal.isRow($0, "Colour:   ✓ Red, Grey", "2 selected · 0/4") } }
        try t.press("Enter")
        #expect(try await t.result() == "rc=0 x=[red,grey]", "\(t.dump())")
    }

    @Test func theBoundsAreExplainedOnTheStatusLine() async throws {
        let t = try await TmuxTerminal(); defer { t.close() }
        try t.run(Self.ask("--min 2 --max 2"))
        try await t.wait("the list") { $0.contains { TmuxTerminal.isRow($0, "Colour:", "0 selected · 0/4") } }
        try t.type("red")
        try t.press("Enter")                                  // the current match alone is one, fewer than 2
        try await t.wait("choose at least 2") { rows in
            guard let y = rows.lastIndex(where: { $0.hasPrefix("Colour: red") }) else { return false }
            return rows[y].hasSuffix("0 selected · 1/1 !") && rows[y + 1] == "choose at least 2"
        }
        try t.press("Tab")
        try t.type("blue")
        try t.press("Tab")
        try t.type("grey")
        try t.press("Tab")                                    // a third mark: refused, with the bell and the reason
        try await t.wait("at most 2 choices") { rows in
            guard let y = rows.lastIndex(where: { $0.hasPrefix("Colour: grey  > Grey") }) else { return false }
            return rows[y].hasSuffix("2 selected · 1/1 !") && rows[y + 1] == "at most 2 choices"
        }
        try t.press("C-u")
        try t.press("Enter")
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
        try t.run("fieldline form '\(form)' --out '\(out)'; echo rc=$?")
        try await t.wait("the toppings") { $0.contains { TmuxTerminal.isRow($0, "Toppings:", "0 selected · 0/4") } }
        try t.type("oli"); try t.press("Tab")
        try t.type("che"); try t.press("Tab")
        try await t.wait("two marked") { $0.contains { TmuxTerminal.isRow($0, "Toppings:   ✓ cheese, olives", "2 selected · 0/4") } }
        try t.press("Enter")
        try await t.wait("the note") { $0.contains { $0.hasPrefix("Note:") } }
        try t.press("BTab")                                   // back: the stored value marks them again
        try await t.wait("the marks back") { $0.contains { TmuxTerminal.isRow($0, "Toppings:   ✓ cheese, olives", "2 selected · 0/4") } }
        try t.type("ham"); try t.press("Tab"); try t.press("Enter")
        try await t.wait("the note again") { $0.contains { $0.hasPrefix("Note:") } }
        try t.type("x"); try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves, Shift-Tab goes back, Esc discards:") } }
        try t.press("Enter")
        try await t.wait("saved") { $0.contains { $0.contains("saved") } }
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
        let saved = try String(contentsOfFile: out, encoding: .utf8)
        #expect(saved.hasPrefix(#"{"toppings":"cheese,ham,olives","note":"x","#), "\(saved)")
    }
}
