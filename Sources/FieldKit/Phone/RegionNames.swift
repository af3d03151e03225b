/// Region code → name for messages (`+44 is GB (United Kingdom)`), looked up only when a message names a region:
/// the shipped list is read from its data file on first use, not when a phone field starts.
public struct RegionNames: Sendable, ExpressibleByDictionaryLiteral {
    private let lookup: @Sendable (String) -> String?

    /// Names from a function called for each region a message names (it may read its table on first call).
    public init(lookup: @escaping @Sendable (String) -> String?) { self.lookup = lookup }

    /// Names from a table.
    public init(_ names: [String: String]) { self.lookup = { names[$0] } }

    /// Names written as a dictionary literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }

    /// The region's name, nil when it has none.
    public subscript(code: String) -> String? { lookup(code) }
}
