import Foundation
import Testing
@testable import TestSupport

/// `check --multi` (and `ask --value --multi`): a line of items joined with the separator, each read as a
/// one-choice line, duplicates and the bounds refused, written back in list order; a JSON array of values; a
/// keymap's `multiple` setting; and a form storing the joined text.
@Suite struct CheckMultiTests {
    @Test func eachItemIsReadAsOneChoiceAndTheValueIsInListOrder() throws {
        let run = try fieldline(["check", "country", "--multi"],
                                stdin: "FR,DE\n de , France \nger,fra\nDE,DE\nDE,Atlantis\n\nDE,\n")
        #expect(run.status == 65)
        #expect(run.out == "DE,FR\nDE,FR\nDE,FR\n\n\n\n\n")
        #expect(run.err == """
            4: 🇩🇪 Germany 德国 +49 is chosen twice
            5: item 2: not one of the choices: 'Atlantis'
            6: choose at least 1
            7: item 2: no choice given (one of 249)

            """)
    }

    @Test func theBoundsCountChoices() throws {
        let run = try fieldline(["check", "country", "--multi", "--min", "2", "--max", "3"],
                                stdin: "DE\nDE,FR\nDE,FR,IT\nDE,FR,IT,ES\n")
        #expect(run.status == 65)
        #expect(run.out == "\nDE,FR\nDE,FR,IT\n\n")
        #expect(run.err == "1: choose at least 2\n4: at most 3 choices\n")
    }

    @Test func aSeparatorOfItsOwnAndJSONArrays() throws {
        let run = try fieldline(["check", "country", "--multi", "--separator", "; ", "--output", "json"], stdin: "FR; DE\nFR,DE\n")
        #expect(run.status == 65)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let first = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["value"] as? [String] == ["DE", "FR"])
        #expect(first["display"] as? String == "🇩🇪 Germany 德国 +49; 🇫🇷 France 法国 +33")
        #expect(first["label"] as? [String] == ["🇩🇪 Germany 德国 +49", "🇫🇷 France 法国 +33"])
        #expect((first["columns"] as? [[String: String]])?.map { $0["alpha3"] } == ["DEU", "FRA"])
        #expect(lines[1] == #"{"value":null,"display":null,"valid":false,"message":"item 1: not one of the choices: 'FR,DE'"}"#)
        let value = try fieldline(["check", "country", "--multi", "--separator", "|"], stdin: "fr|de\n")
        #expect(value.out == "DE|FR\n" && value.status == 0)
    }

    @Test func askValueTakesTheSameLine() throws {
        let run = try fieldline(["ask", "country", "--multi", "--value", "it, de", "--output", "json"])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix(#"{"value":["DE","IT"],"#))
        let bad = try fieldline(["ask", "country", "--multi", "--max", "1", "--value", "it,de"])
        #expect(bad.status == 65 && bad.err == "fieldline: at most 1 choices\n")
    }

    @Test func optionsThatCannotWorkAreUsageErrors() throws {
        let text = try fieldline(["check", "text", "--multi"], stdin: "")
        #expect(text.status == 64 && text.err.contains("--multi is for choice fields"))
        let separator = try fieldline(["check", "country", "--separator", ";"], stdin: "")
        #expect(separator.status == 64 && separator.err.contains("--separator is for a choice field that takes several choices"))
        let inValue = try fieldline(["check", "choice", "--choices", "-", "--multi"], stdin: "a,b\tAB\nc\tC\n")
        #expect(inValue.status == 64 && inValue.err.contains("the separator ',' is in the value 'a,b'; choose another separator"))
        let overlapping = try fieldline(["check", "choice", "--choices", "-", "--multi", "--separator", "aa"], stdin: "a\tA\nb\tB\n")
        #expect(overlapping.status == 64 && overlapping.err.contains("the value 'a' ends with the start of the separator 'aa', which overlaps itself"),
                "\(overlapping.err)")
        let one = try fieldline(["check", "country", "--max", "3"], stdin: "")
        #expect(one.status == 64 && one.err.contains("--max counts choices, for a choice field that takes several (add --multi)"))
        let bounds = try fieldline(["check", "country", "--multi", "--min", "3", "--max", "2"], stdin: "")
        #expect(bounds.status == 64 && bounds.err.contains("the fewest choices (3) is more than the most (2)"))
    }

    @Test func aKeymapSaysMultipleWithItsBounds() throws {
        let s = try ScratchFolder()
        let keymap = try s.write("toppings.yaml", """
            name: toppings
            choices: [cheese, ham, olives, onion]
            multiple: {min: 2, separator: "+"}
            """)
        let run = try fieldline(["check", "--keymap-file", keymap], stdin: "onion+cheese\nham\n")
        #expect(run.out == "cheese+onion\n\n" && run.err == "2: choose at least 2\n")
        let broken = try s.write("broken.yaml", "name: broken\nmultiple: true\n")
        let lint = try fieldline(["check", "--keymap-file", broken], stdin: "")
        #expect(lint.status == 78 && lint.err.contains("multiple needs a choices list"), "\(lint.err)")
    }

    @Test func replayMarksWithTabOrABoundToggleChoice() throws {
        let run = try fieldline(["replay", "country", "--multi", "fra", "<Tab>", "ger", "<Tab>", "--json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["selected"] as? [String] == ["DE", "FR"] && object["value"] as? String == "DE,FR")
        #expect(object["counter"] as? String == "2 selected · 0/249")
        let s = try ScratchFolder()
        let keymap = try s.write("toppings.yaml", """
            name: toppings
            choices: [cheese, ham, olives, onion]
            multiple: true
            bindings: {C-t: toggle-choice, Tab: complete}
            """)
        let bound = try fieldline(["replay", "--keymap-file", keymap, "oni", "<C-t>", "ch", "<C-t>", "<CR>", "--output", "value"])
        #expect(bound.out == "cheese,onion\n" && bound.status == 0, "\(bound.err)")
        let single = try fieldline(["replay", "country", "ger", "<Tab>", "--json"])
        #expect(single.out.contains(#""query":"🇩🇪 Germany 德国 +49""#) && !single.out.contains("selected"), "Tab still completes")
    }

    @Test func aFormStoresTheJoinedTextInListOrder() throws {
        let s = try ScratchFolder()
        let form = try s.write("order.yaml", """
            name: order
            fields:
              - name: toppings
                keymap:
                  choices: [cheese, ham, olives, onion]
                  multiple: {max: 3}
              - name: countries
                keymap: country
                multiple: true
                separator: ";"
                required: false
            """)
        let records = [#"{"toppings":"olives, cheese","countries":"fr;de"}"#, #"{"toppings":"ham,ham"}"#,
                       #"{"toppings":"ham,olives,onion,cheese"}"#]
        let run = try fieldline(["form", form, "--input", "-", "--out", s.folder + "/o.csv"], stdin: records.joined(separator: "\n") + "\n")
        #expect(run.status == 65)
        #expect(withoutSummary(run.err) == "2:toppings: ham is chosen twice\n3:toppings: at most 3 choices\n")
        let saved = try String(contentsOfFile: s.folder + "/o.csv", encoding: .utf8)
        let rows = saved.split(whereSeparator: \.isNewline)   // CSV ends its rows with CRLF
        #expect(rows.count == 2 && rows[0] == "toppings,countries,saved_at,operator,record_id", "\(saved)")
        #expect(rows.count == 2 && rows[1].hasPrefix("\"cheese,olives\",DE;FR,"), "\(saved)")
    }

    /// A separator of several characters that a value's end shares a character with (`x-` and `-+`): what the field
    /// writes is read back by an import as the same choices. One that such an end would let be found too early
    /// (`x-` and `--`) is refused when the form loads (78).
    @Test func aLongerSeparatorsJoinedValueImportsAgain() throws {
        let s = try ScratchFolder()
        func form(_ separator: String) throws -> String {
            try s.write("parts\(separator.count).yaml", """
                name: parts
                fields:
                  - name: parts
                    keymap:
                      choices: [x-, +y, z]
                    multiple: true
                    separator: "\(separator)"
                """)
        }
        let good = try form("-+")
        func stored(_ file: String) throws -> [String] {
            try String(contentsOfFile: s.folder + "/" + file, encoding: .utf8).split(separator: "\n").map {
                let object = try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                return try #require(object["parts"] as? String)
            }
        }
        let first = try fieldline(["form", good, "--input", "-", "--out", s.folder + "/a.jsonl"], stdin: #"{"parts":"z-+x--++y"}"# + "\n")
        #expect(first.status == 0, "\(first.err)")
        let written = try stored("a.jsonl")
        #expect(written == ["x--++y-+z"])
        // What the field wrote, imported again: the same three choices.
        let again = try fieldline(["form", good, "--input", "-", "--out", s.folder + "/b.jsonl"],
                                  stdin: #"{"parts":"\#(written.first ?? "")"}"# + "\n")
        #expect(again.status == 0, "\(again.err)")
        #expect(try stored("b.jsonl") == written)
        let bad = try fieldline(["form", try form("--"), "--lint"])
        #expect(bad.status == 78 && bad.err.contains(":3:5: field 'parts': the value 'x-' ends with the start of the separator '--', which overlaps itself"), "\(bad.err)")
    }
}

