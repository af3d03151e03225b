/// Every string of `WidthCases` on which `DisplayWidth` and wcwidth 0.4.0 (Unicode 16.0 tables) disagree, and why.
///
/// Each entry names its strings exactly; the test fails if one of them stops differing this way. "glibc" is
/// glibc 2.36's wcwidth, which terminals such as xterm and VTE-based ones follow.
enum WcwidthDifferences {
    /// Strings that measure `ours` columns here and `wcwidth` columns in wcwidth (-1 means "not printable").
    struct Entry {
        let strings: [String]
        let ours: Int
        let wcwidth: Int
        let why: String
    }

    static let known: [Entry] = [
        Entry(strings: scalars(0x01...0x1F) + scalars(0x7F...0x9F), ours: 0, wcwidth: -1,
              why: "C0, DEL and C1 controls draw nothing (a field never holds one); wcwidth answers -1"),
        Entry(strings: spacingMarks(wide: false), ours: 1, wcwidth: 0,
              why: "spacing marks (Mc) take a column as glibc says; wcwidth 0.4.0 counts Mc as 0"),
        Entry(strings: spacingMarks(wide: true), ours: 2, wcwidth: 0,
              why: "U+302E-302F and U+16FF0-16FF1 are Mc and East_Asian_Width W: 2, as glibc says"),
        Entry(strings: scalars(0x1F1E6...0x1F1FF) + scalars(0x1F1E6...0x1F1FF).map { $0 + "\u{FE0F}" }, ours: 2,
              wcwidth: 1, why: "a lone regional indicator is Emoji_Presentation, so 2 like every emoji; wcwidth 1"),
        Entry(strings: tones.flatMap { [$0, $0 + "\u{FE0F}"] }, ours: 2, wcwidth: 0,
              why: "a skin tone alone is drawn as a 2-column swatch (glibc 2); wcwidth counts U+1F3FB-1F3FF as 0"),
        Entry(strings: after(["a", "1", "é", "\u{2764}"]), ours: 3, wcwidth: 1,
              why: "a skin tone after a narrow non-modifier-base is its own 2-column swatch; wcwidth adds 0"),
        Entry(strings: after(["中", "한", "\u{1F600}", "\u{1F48E}"]), ours: 4, wcwidth: 2,
              why: "a skin tone after a wide non-modifier-base is its own 2-column swatch; wcwidth adds 0"),
        Entry(strings: after(["\u{1F3FB}"]), ours: 4, wcwidth: 0,
              why: "two skin tones in a row are two swatches; wcwidth counts both as 0"),
        Entry(strings: ["\u{261D}", "\u{26F9}", "\u{270C}", "\u{270D}"].map { $0 + "\u{1F3FD}\u{1F3FB}" }, ours: 3,
              wcwidth: 1, why: "a second skin tone attaches to nothing: its own swatch; wcwidth adds 0"),
        Entry(strings: ["\u{270A}", "\u{270B}", "\u{1F385}", "\u{1F3C2}"].map { $0 + "\u{1F3FD}\u{1F3FB}" }, ours: 4,
              wcwidth: 2, why: "a second skin tone attaches to nothing: its own swatch; wcwidth adds 0"),
    ]

    static let tones = scalars(0x1F3FB...0x1F3FF)

    /// Each assigned scalar of `range` as a string of its own.
    static func scalars(_ range: ClosedRange<UInt32>) -> [String] {
        WidthCases.assigned.filter { range.contains($0.value) }.map { WidthCases.string($0) }
    }

    /// Each skin tone after each of `bases`.
    static func after(_ bases: [String]) -> [String] {
        bases.flatMap { base in tones.map { base + $0 } }
    }

    /// Every Mc scalar, alone and (where `WidthCases.otherVS16` has it) before U+FE0F; `wide` picks the
    /// East_Asian_Width W ones.
    static func spacingMarks(wide: Bool) -> [String] {
        let wideMarks: Set<UInt32> = [0x302E, 0x302F, 0x16FF0, 0x16FF1]
        let marks = WidthCases.assigned.filter {
            $0.properties.generalCategory == .spacingMark && wideMarks.contains($0.value) == wide
        }
        let vs16 = Set(WidthCases.otherVS16)
        return marks.flatMap { mark in
            let withVS16 = WidthCases.string(mark, "\u{FE0F}")
            return [WidthCases.string(mark)] + (vs16.contains(withVS16) ? [withVS16] : [])
        }
    }
}
