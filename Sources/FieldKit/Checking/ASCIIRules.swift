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
        func table(_ cls: SymbolClass) -> [Bool] { (0..<128).map { cls.contains(scalar: UInt32($0)) } }
        rows = rules.positionClasses.keys.max() ?? 0
        let allowedTable = (0..<rows).flatMap { table(rules.symbolClass(at: $0)) } + table(rules.defaultClass)
        allowed = .allocate(capacity: allowedTable.count)
        allowed.initialize(from: allowedTable, count: allowedTable.count)
        // Both tables are the general rule (`FieldSpec.isFormatting`, `isTrimmable`) asked once per ASCII byte.
        formatting = .allocate(capacity: 128)
        formatting.initialize(from: (0..<128).map { spec.isFormatting(Character(Unicode.Scalar(UInt8($0)))) }, count: 128)
        trimmable = .allocate(capacity: 128)
        trimmable.initialize(from: (0..<128).map { spec.isTrimmable(Character(Unicode.Scalar(UInt8($0)))) }, count: 128)
        normalized = .allocate(capacity: 128)
        normalized.initialize(from: (0..<128).map { UInt8(rules.normalize(scalar: UInt32($0))) }, count: 128)
        cost = .allocate(capacity: 128)
        cost.initialize(from: (0..<128).map { UInt8(spec.countUnit.count(of: Character(Unicode.Scalar(UInt8($0))))) }, count: 128)
        symbolAt = .allocate(capacity: (rows + 1) * 256)
        rawCost = .allocate(capacity: 128)
        for raw in 0..<256 {
            let b = raw < 128 ? Int(normalized[raw]) : 0
            if raw < 128 { rawCost[raw] = cost[b] }
            for row in 0...rows {
                symbolAt[row * 256 + raw] = raw >= 128 ? ASCIIRules.nonASCIIMark : formatting[raw] ? ASCIIRules.formattingMark
                    : b < 128 && allowed[row * 128 + b] ? UInt8(b) : ASCIIRules.refusedMark
            }
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
