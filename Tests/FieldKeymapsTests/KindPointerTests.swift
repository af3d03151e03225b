import FieldKit
import Testing
@testable import FieldKeymaps

/// A kind keeps each heap reference it holds as a plain pointer, never with its case tag in the pointer's spare
/// bits: LeakSanitizer (the fuzz targets) finds live memory by reading memory for pointers, so a buffer reachable
/// only through a tagged pointer is reported as leaked (a shipped keymap's kind lives in a static there).
@Suite struct KindPointerTests {
    /// The bit patterns of the heap references `kind` holds: its templates' array and literal set, its live
    /// layout or choice list.
    static func references(of kind: FieldKind) -> [UInt] {
        func bits(_ templates: TemplateSet) -> [UInt] {
            [unsafeBitCast(templates.templates, to: UInt.self), unsafeBitCast(templates.literals, to: UInt.self)]
        }
        switch kind {
        case .plain: return []
        case .templated(let templates), .date(let templates, _): return bits(templates)
        case .liveLayout(let live, let templates): return [UInt(bitPattern: ObjectIdentifier(live))] + bits(templates)
        case .choice(let list): return [UInt(bitPattern: ObjectIdentifier(list))]
        }
    }

    /// The kind's bytes read as pointer-sized words.
    static func words(of kind: FieldKind) -> [UInt] {
        withUnsafeBytes(of: kind) { raw in
            stride(from: 0, through: raw.count - MemoryLayout<UInt>.size, by: MemoryLayout<UInt>.size).map {
                raw.loadUnaligned(fromByteOffset: $0, as: UInt.self)
            }
        }
    }

    @Test func referencesArePointerSized() {
        #expect(MemoryLayout<[Template]>.size == MemoryLayout<UInt>.size)
        #expect(MemoryLayout<Set<Character>>.size == MemoryLayout<UInt>.size)
    }

    /// Every shipped keymap's kind, and a date's with bounds (the picker's payload then fills its bytes).
    @Test(arguments: ShippedKeymaps.files.keys.sorted())
    func shippedKindHoldsPlainPointers(name: String) throws {
        var spec = try KeymapLoader(lookup: KeymapLookup(environment: [:])).load(name).spec
        if case .date = spec.kind {
            var options = FieldOptions()
            options.set("2026-01-01", max: false)
            options.set("today", max: true)
            spec = options.applied(to: spec)
        }
        let words = Self.words(of: spec.kind)
        for reference in Self.references(of: spec.kind) {
            #expect(words.contains(reference), "\(name): \(String(reference, radix: 16)) is not stored as is in \(words.map { String($0, radix: 16) })")
        }
    }
}
