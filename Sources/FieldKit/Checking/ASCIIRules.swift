/// A field's key rules flattened to byte tables, so ASCII lines are checked without building Characters.
struct ASCIIRules: Sendable {
    /// allowed[position][byte] for positions with their own class; later positions use `defaultAllowed`.
    let positionAllowed: [[Bool]]
    /// Bytes accepted by the default class.
    let defaultAllowed: [Bool]
    /// Bytes dropped silently (white space and template literals the field does not accept).
    let ignorable: [Bool]
    /// Byte → normalised byte (case mapping).
    let normalized: [UInt8]
    /// Paste prefixes as normalised bytes, longest first.
    let prefixes: [[UInt8]]

    init(spec: FieldSpec) {
        let rules = spec.symbols
        func table(_ cls: SymbolClass) -> [Bool] { (0..<128).map { cls.contains(scalar: UInt32($0)) } }
        defaultAllowed = table(rules.defaultClass)
        let highest = rules.positionClasses.keys.max() ?? 0
        positionAllowed = (0..<highest).map { table(rules.symbolClass(at: $0)) }
        ignorable = (0..<128).map { spec.isIgnorable(Character(Unicode.Scalar(UInt8($0)))) }
        normalized = (0..<128).map { UInt8(rules.normalize(scalar: UInt32($0))) }
        prefixes = spec.pastePrefixes.map { p in p.unicodeScalars.map { UInt8(truncatingIfNeeded: rules.normalize(scalar: $0.value)) } }
    }

    @inline(__always)
    func allows(_ byte: UInt8, at position: Int) -> Bool {
        position < positionAllowed.count ? positionAllowed[position][Int(byte)] : defaultAllowed[Int(byte)]
    }
}
