/// The single truth of a field: the entered symbols and a cursor between them.
public struct FieldState: Sendable, Equatable {
    /// Entered symbols, without any template literal.
    public internal(set) var symbols: [Character]
    /// How many symbols lie before the cursor (0...symbols.count).
    public internal(set) var cursor: Int

    /// An empty field.
    public init() { symbols = []; cursor = 0 }
}
