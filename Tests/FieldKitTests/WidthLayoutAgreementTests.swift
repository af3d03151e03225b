@testable import FieldKit
import Testing

/// The columns a string counts and the cells the layout gives its characters one by one agree, on the classes whose
/// width depends on the character before (a cluster ending in U+200D) or on more than the cluster's base: otherwise
/// the cursor would drift from the text.
@Suite("Width: layout and count agree")
struct WidthLayoutAgreementTests {
    /// The context-dependent classes, alone and between other text.
    static let texts: [String] = {
        let classes = WidthCases.afterViramaJoiner + WidthCases.afterJoiner + WidthCases.prependedSymbols
            + WidthCases.conjuncts.prefix(200)
        // Each alone and in a text; the doubled forms for a share, which keeps the debug build's run short.
        return classes.flatMap { [$0, "x" + $0 + "中"] }
            + classes.enumerated().filter { $0.offset % 16 == 0 }.flatMap { [$0.element + $0.element, $0.element + "\u{200D}" + $0.element] }
    }()

    @Test("Placement, row wrapping, region fitting and the width unit sum to the string's columns")
    func layoutMatchesCount() {
        var problems: [String] = []
        for text in Self.texts {
            let columns = DisplayWidth.columns(of: text)
            var place = ScreenPlacement(width: 100_000)
            place.advance(over: text)
            let field = ScreenPlacement.field(prompt: "", text: Array(text.utf8), cursor: text.count, width: 100_000)
            let wrapped = RowWrap.rows([text], width: 100_000)
            let unit = CountUnit.width.count(of: Array(text))
            // Cut one column short: the longest prefix that fits with a cell for its `…`, measured as the string is.
            let fitted = RegionText.fit(text, columns: columns - 1)
            let kept = fitted.dropLast().count
            let fits = columns < 2 || (DisplayWidth.columns(of: fitted) <= columns - 1
                && DisplayWidth.columns(of: String(text.prefix(kept + 1))) + 1 > columns - 1)
            if place.column != columns || field.cursor.column != columns || field.end.column != columns
                || wrapped != [text] || unit != columns || !fits {
                problems.append("\(WidthCases.hex(text)): string \(columns), placement \(place.column), field cursor "
                                + "\(field.cursor.column) end \(field.end.column), unit \(unit), wrapped \(wrapped.map(WidthCases.hex)), "
                                + "cut to \(WidthCases.hex(fitted))")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) of \(Self.texts.count) texts:\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    @Test("A character after a cluster that U+200D ends joins it", arguments: [
        ("\u{0D9A}\u{0DCA}\u{200D}\u{0DC2}", 1),  // Sinhala ka, virama, ZWJ, ssa
        ("a\u{200D}b", 1),
        ("a\u{200D}中", 1),
        ("中\u{200D}a", 2),
        ("a\u{200D}b\u{200D}c", 1),
        ("a\u{200D}bc", 2),
        ("\u{0601}\u{203B}", 2),                  // prepended mark before a symbol: two cells
        ("\u{0600}.", 2),
        ("\u{0600}\u{1F600}", 3),
    ])
    func joined(text: String, columns: Int) {
        #expect(DisplayWidth.columns(of: text) == columns)
        var place = ScreenPlacement(width: 80)
        place.advance(over: text)
        #expect(place.column == columns)
    }
}
