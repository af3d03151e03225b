#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A record's stable id: a UUID of version 7 (RFC 9562: 48 bits of Unix time in milliseconds, then random bits), in
/// its canonical lowercase text (`019ad2f4-6c1e-7a3b-9f20-4c8e1d2b7a55`). Written when a record is first saved and
/// kept by corrections and copies, so a record is the same record in every output. Time first: ids made one after
/// another are near each other in a database's index (a random UUID's insert touches a random page of it).
public enum RecordID {
    /// A new id. The random bits come from a generator seeded once per process by the system's random source: a
    /// system call per id would cost an import of 100,000 records two system calls per record.
    public static func next() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let milliseconds = UInt64(spec.tv_sec) &* 1000 &+ UInt64(spec.tv_nsec / 1_000_000)
        let (a, b) = generator.withLock { state in (state.next(), state.next()) }
        let high = (milliseconds << 16) | 0x7000 | (a & 0x0FFF)
        let low = (b & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return text(high: high, low: low)
    }

    /// Whether `text` is an id in canonical form: 36 characters, lowercase hex digits and dashes where a UUID has
    /// them (any version: an id made elsewhere is kept as it is).
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (i, byte) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) else { return false }
            }
        }
        return true
    }

    /// The canonical text of the 128 bits `high` `low`.
    static func text(high: UInt64, low: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (i, word) in [high, low].enumerated() {
            for nibble in 0..<16 {
                let position = i * 16 + nibble
                if position == 8 || position == 12 || position == 16 || position == 20 { out.append(UInt8(ascii: "-")) }
                out.append(digits[Int((word >> UInt64(60 - 4 * nibble)) & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let generator: Mutex<SplitMix64> = {
        var system = SystemRandomNumberGenerator()
        return Mutex(SplitMix64(seed: system.next()))
    }()
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a fast generator whose outputs over one seed are all distinct for 2^64
/// calls, so no two ids of one process share their random bits.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
