/// A field's key rules flattened to byte tables, so ASCII lines are checked without building Characters.
///
/// A class holding raw, immutable tables: the batch checker reads them once per byte of every line, and plain
/// arrays cost a bounds check and a uniqueness dance there.
final class ASCIIRules: @unchecked Sendable {
    /// Row `p` (128 entries) says which bytes position `p` accepts; row `rows` is the default class's.
    let allowed: UnsafeMutablePointer<Bool>
    /// How many positions have their own row.
    let rows: Int
    /// Bytes dropped between symbols (the field's formatting: template literals and separators it does not accept).
    let formatting: UnsafeMutablePointer<Bool>
    /// Bytes trimmed from the ends of a line (white space the field does not accept).
    let trimmable: UnsafeMutablePointer<Bool>
    /// Byte → normalised byte (case mapping).
    let normalized: UnsafeMutablePointer<UInt8>
    /// Units one byte adds to the count (1, or 0 for a control counted in columns).
    let cost: UnsafeMutablePointer<UInt8>
    /// Paste prefixes as normalised bytes, longest first.
    let prefixes: [[UInt8]]
    /// `formatting`, `normalized` and `allowed` in one look-up per byte (the batch checker's inner loop): row `p`
    /// (as in `allowed`, 256 entries) maps a byte to `nonASCIIMark`, `formattingMark`, `refusedMark`, or to its
    /// normalised byte.
    let symbolAt: UnsafeMutablePointer<UInt8>
    /// `cost` of an ASCII byte's normalised byte.
    let rawCost: UnsafeMutablePointer<UInt8>
    /// Whether every ASCII byte that is not formatting counts one unit (so the units are the symbols).
    let unitCost: Bool
    /// How many leading positions take every ASCII digit as itself (`symbolAt` maps it to itself): there the
    /// batch checker may take eight digits at once.
    let digitRows: Int
    /// `symbolAt`'s entry for a formatting byte.
    static let formattingMark: UInt8 = 0xFF
    /// `symbolAt`'s entry for a byte of a non-ASCII character.
    static let nonASCIIMark: UInt8 = 0xFE
    /// `symbolAt`'s entry for a byte the position refuses.
    static let refusedMark: UInt8 = 0x80

    init(spec: FieldSpec) {
        let rules = spec.symbols
        rows = rules.positionClasses.keys.max() ?? 0
        // Per-byte answers asked once per ASCII byte; the position rows are built once per distinct class (an ID
        // card's 18 positions have two) and copied to the other rows of that class.
        formatting = .allocate(capacity: 128)
        trimmable = .allocate(capacity: 128)
        normalized = .allocate(capacity: 128)
        cost = .allocate(capacity: 128)
        rawCost = .allocate(capacity: 128)
        for raw in 0..<128 {
            let character = Character(Unicode.Scalar(UInt8(raw)))
            // Both are the general rule (`FieldSpec.isFormatting`, `isTrimmable`).
            formatting[raw] = spec.isFormatting(character)
            // Of the ASCII bytes only these are white space (Unicode's White_Space), and `Character.isWhitespace`
            // is a property look-up: it is asked of them alone.
            trimmable[raw] = (raw == 0x20 || (0x09...0x0D).contains(raw)) && spec.isTrimmable(character)
            normalized[raw] = UInt8(truncatingIfNeeded: rules.normalize(scalar: UInt32(raw)))
            cost[raw] = UInt8(spec.countUnit.count(of: character))
        }
        for raw in 0..<128 { rawCost[raw] = cost[Int(normalized[raw])] }
        allowed = .allocate(capacity: (rows + 1) * 128)
        symbolAt = .allocate(capacity: (rows + 1) * 256)
        var built: [(symbolClass: SymbolClass, row: Int)] = []
        for row in 0...rows {
            let symbolClass = row < rows ? rules.symbolClass(at: row) : rules.defaultClass
            if let earlier = built.first(where: { $0.symbolClass == symbolClass })?.row {
                (allowed + row * 128).initialize(from: allowed + earlier * 128, count: 128)
                (symbolAt + row * 256).initialize(from: symbolAt + earlier * 256, count: 256)
                continue
            }
            built.append((symbolClass, row))
            for raw in 0..<128 {
                allowed[row * 128 + raw] = symbolClass.contains(scalar: UInt32(raw))
            }
            for raw in 0..<128 {
                let b = Int(normalized[raw])
                symbolAt[row * 256 + raw] = formatting[raw] ? ASCIIRules.formattingMark
                    : b < 128 && allowed[row * 128 + b] ? UInt8(b) : ASCIIRules.refusedMark
            }
            (symbolAt + row * 256 + 128).initialize(repeating: ASCIIRules.nonASCIIMark, count: 128)
        }
        let (formattingTable, costTable) = (formatting, rawCost)
        unitCost = (0..<128).allSatisfy { formattingTable[$0] || costTable[$0] == 1 }
        let symbols = symbolAt
        digitRows = (0..<rows).first { row in !(0x30...0x39).allSatisfy { symbols[row * 256 + $0] == UInt8($0) } } ?? rows
        prefixes = spec.pastePrefixes.map { p in p.unicodeScalars.map { UInt8(truncatingIfNeeded: rules.normalize(scalar: $0.value)) } }
    }

    deinit {
        allowed.deallocate()
        formatting.deallocate()
        trimmable.deallocate()
        cost.deallocate()
        normalized.deallocate()
        symbolAt.deallocate()
        rawCost.deallocate()
    }

    @inline(__always)
    func allows(_ byte: UInt8, at position: Int) -> Bool {
        allowed[min(position, rows) &* 128 &+ Int(byte)]
    }
}
