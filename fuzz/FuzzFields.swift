// Shared by the engine and check-line fuzz targets: the shipped keymaps, chosen and adjusted by input bytes.
import FieldKeymaps
import FieldKit

/// A finding: libFuzzer records the crash and the input; the message says which invariant broke.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

/// A fixed day, so that a saved crash input replays the same on any later date.
let fuzzContext = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)

/// The fuzz input, read from the front; every read past the end gives nil.
struct FuzzBytes {
    let data: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ data: UnsafePointer<UInt8>, _ size: Int) { self.data = UnsafeBufferPointer(start: data, count: size) }

    /// Whether bytes are left.
    var isEmpty: Bool { index >= data.count }

    /// The next byte.
    mutating func byte() -> UInt8? {
        guard index < data.count else { return nil }
        defer { index += 1 }
        return data[index]
    }

    /// Up to `count` next bytes.
    mutating func bytes(_ count: Int) -> UnsafeBufferPointer<UInt8> {
        let end = min(data.count, index + count)
        defer { index = end }
        return UnsafeBufferPointer(rebasing: data[index..<end])
    }

    /// Everything not read yet.
    mutating func rest() -> UnsafeBufferPointer<UInt8> { bytes(data.count - index) }
}

/// One shipped keymap with field options applied, as `fieldline ask|check|replay KEYMAP [options]` builds it.
struct FuzzField {
    /// Which field: the keymap's index and the options byte (`FuzzFields.field`'s cache key).
    let id: Int
    /// The keymap name and the options, for messages.
    let label: String
    /// The field, options applied.
    let spec: FieldSpec
    /// The keymap's key bindings.
    let keymap: Keymap
    /// The checker `fieldline check` would build for this field.
    let checker: LineChecker
}

/// The fields the fuzz targets run.
enum FuzzFields {
    /// Every shipped keymap, in name order (the search path is emptied so only the shipped set is seen).
    static let shipped: [(name: String, loaded: LoadedKeymap)] = {
        let lookup = KeymapLookup(environment: [:])
        let loader = KeymapLoader(lookup: lookup)
        return lookup.all().map { entry in
            do { return (entry.name, try loader.load(origin: entry.origin)) } catch {
                fatalError("shipped keymap \(entry.name) does not load: \(error)")
            }
        }
    }()

    /// Fields already built, by keymap and options byte (building a checker allocates its byte tables).
    nonisolated(unsafe) static var cache: [Int: FuzzField] = [:]

    /// The field two bytes choose: a shipped keymap, then options. Bits 0-2 of `options` pick `--count` (0-3
    /// none), bits 3-5 `--limit`, bit 6 `--min 2`, bit 7 `--upgrade-legacy` (`--multi` for a choice field); options the CLI would refuse for that
    /// keymap fall back to none.
    static func field(keymap: UInt8, options: UInt8) -> FuzzField {
        let index = Int(keymap) % shipped.count
        let key = index << 8 | Int(options)
        if let field = cache[key] { return field }
        let (name, loaded) = shipped[index]
        let units: [CountUnit?] = [nil, nil, nil, nil] + CountUnit.allCases.map { $0 }
        let limits: [Int?] = [nil, nil, 1, 2, 3, 8, 15, 40]
        var chosen = FieldOptions(limit: limits[Int(options >> 3) & 7], minLength: options & 0x40 != 0 ? 2 : nil,
                                  countUnit: units[Int(options) & 7], upgradeLegacy: options & 0x80 != 0)
        // A choice field takes bit 7 (`--upgrade-legacy` means nothing there) as `--multi`: the limit and bit 6's
        // `--min 2` then count choices.
        if case .choice = loaded.spec.kind, chosen.upgradeLegacy {
            chosen.upgradeLegacy = false
            chosen.multiple = true
        }
        if chosen.problem(for: loaded.spec) != nil { chosen = FieldOptions() }
        let spec = chosen.applied(to: loaded.spec)
        var label = name
        if let limit = chosen.limit { label += " --limit \(limit)" }
        if let min = chosen.minLength { label += " --min \(min)" }
        if let unit = chosen.countUnit { label += " --count \(unit.rawValue)" }
        if chosen.upgradeLegacy { label += " --upgrade-legacy" }
        if chosen.multiple { label += " --multi" }
        let field = FuzzField(id: key, label: label, spec: spec, keymap: loaded.keymap,
                              checker: LineChecker(spec: spec, context: fuzzContext))
        cache[key] = field
        return field
    }
}

extension String {
    /// The first scalar a terminal would act on (C0 but tab, DEL, C1), if any.
    var firstControl: Unicode.Scalar? { ControlCharacters.first(in: self) }
}

/// Checks already passed in this process, by field and text. A cross-check (a value checked and pasted again, a
/// line pasted into a field) is a pure function of the field (keymap, options, the fixed day) and the exact bytes
/// it is given, so once it passed, the same field and bytes can only pass again; the fuzzers meet the same values
/// and lines over and over, and skip them here. Only passes are kept: a failing check stops the run, and its input
/// replays the failure alone, from an empty set. The set is emptied when it grows large.
enum Verified {
    /// What was checked.
    enum Kind: UInt8 {
        /// Engine: a valid field's text passes `check` and a paste with this value.
        case passesAgain
        /// Check line: an accepted line's value and display pass again, and the paste agrees with the verdict.
        case lineAgrees
    }

    /// A field, a kind of check, and the exact bytes of its texts (each followed by a 0xFF, which UTF-8 never
    /// holds, so that no two lists of texts give the same bytes).
    struct Key: Hashable {
        let field: Int
        let kind: Kind
        let bytes: [UInt8]

        init(_ field: FuzzField, _ kind: Kind, _ texts: String...) {
            var bytes: [UInt8] = []
            for text in texts { bytes += text.utf8; bytes.append(0xFF) }
            self.init(field, kind, bytes)
        }

        init(_ field: FuzzField, _ kind: Kind, _ bytes: [UInt8]) {
            self.field = field.id
            self.kind = kind
            self.bytes = bytes
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(field)
            hasher.combine(kind)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// At most this many keys, and this many bytes in them, are kept (a check-line key holds a whole line).
    static let capacity = (keys: 1 << 20, bytes: 128 << 20)
    nonisolated(unsafe) private static var keys = Set<Key>()
    nonisolated(unsafe) private static var bytes = 0

    static func contains(_ key: Key) -> Bool { keys.contains(key) }

    static func insert(_ key: Key) {
        if keys.count >= capacity.keys || bytes + key.bytes.count > capacity.bytes {
            keys.removeAll(keepingCapacity: true)
            bytes = 0
        }
        if keys.insert(key).inserted { bytes += key.bytes.count }
    }
}
