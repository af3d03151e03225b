extension DisplayWidth {
    /// Columns of characters written one after another, each measured after the one before it: a character that
    /// follows one ending in U+200D joins it (`a‍b` and Sinhala's `ක්‍ෂ` are 1, as wcwidth counts), so its base takes
    /// no cell of its own. Whatever measures text character by character (placing it on the screen, wrapping
    /// rows, counting a field in columns) measures through one `Run`, so its sum is the text's columns.
    public struct Run: Sendable {
        /// Whether the last character measured ended in U+200D, so the next one joins it.
        public private(set) var joinsNext = false

        /// A run at the start of a text.
        public init() {}

        /// Columns `character` adds after the characters measured so far.
        public mutating func columns(of character: Character) -> Int {
            let measured = DisplayWidth.measure(character, joined: joinsNext)
            joinsNext = measured.endsInJoiner
            return measured.columns
        }
    }
}
