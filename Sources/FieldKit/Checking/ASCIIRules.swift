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
        prefixes = spec.pastePrefixes.map { p in p.unicodeScalars.map { UInt8(truncatingIfNeeded: rules.normalize(scalar: $0.value)) } }
    }

    deinit {
        allowed.deallocate()
        formatting.deallocate()
        trimmable.deallocate()
        cost.deallocate()
        normalized.deallocate()
    }

    @inline(__always)
    func allows(_ byte: UInt8, at position: Int) -> Bool {
        allowed[min(position, rows) &* 128 &+ Int(byte)]
    }
}
