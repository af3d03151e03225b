#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A record's stable id: a UUID of version 7 (RFC 9562: 48 bits of Unix time in milliseconds, then random bits), in
/// its canonical lowercase text (`019ad2f4-6c1e-7a3b-9f20-4c8e1d2b7a55`). Written when a record is first saved and
/// kept by corrections and copies, so a record is the same record in every output. Time first: ids made one after
/// another are near each other in a database's index (a random UUID's insert touches a random page of it).
public enum RecordID {
    /// A new id, greater than every id this process made before (RFC 9562 §6.2, method 1: the 12 bits after the
    /// version count ids within one millisecond from a random start in their lower half, and a count that runs out
    /// borrows the next millisecond). Ids in increasing order go to the end of a database's unique index, as rows
    /// in saved order do, instead of a random page of it. The other random bits come from a generator seeded once per
    /// process by the system's random source: a system call per id would cost an import two calls per record.
    public static func next() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let now = UInt64(spec.tv_sec) &* 1000 &+ UInt64(spec.tv_nsec / 1_000_000)
        let (milliseconds, counter, random) = state.withLock { state -> (UInt64, UInt64, UInt64) in
            if now > state.milliseconds {
                state.milliseconds = now
                state.counter = state.generator.next() & 0x7FF
            } else if state.counter < 0xFFF {
                state.counter += 1
            } else {
                state.milliseconds += 1
                state.counter = state.generator.next() & 0x7FF
            }
            return (state.milliseconds, state.counter, state.generator.next())
        }
        let high = (milliseconds << 16) | 0x7000 | counter
        let low = (random & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
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

    /// The canonical text of the 128 bits `high` `low`, written in place (no array per id: an import makes one a
    /// record).
    static func text(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { out in
            // Through the base address: the 36 places are known to be there, and an import writes one id a record.
            let base = out.baseAddress!
            /// The 16 hex digits of `word` at `base + from`, a hyphen before each place in `hyphens`.
            func put(_ word: UInt64, from: Int, hyphensBefore hyphens: (Int, Int)) -> Int {
                var at = from
                for digit in 0..<16 {
                    if digit == hyphens.0 || digit == hyphens.1 { base[at] = UInt8(ascii: "-"); at += 1 }
                    let nibble = UInt8(truncatingIfNeeded: word &>> UInt64(60 &- 4 &* digit)) & 0xF
                    base[at] = nibble &+ (nibble < 10 ? 0x30 : 0x57)
                    at += 1
                }
                return at
            }
            // 8-4-4-4-12: hyphens before the high word's digits 8 and 12, the low word's 0 and 4.
            let middle = put(high, from: 0, hyphensBefore: (8, 12))
            return put(low, from: middle, hyphensBefore: (0, 4))
        }
    }

    /// The last id's millisecond and count, and the random generator.
    private struct State {
        var generator: SplitMix64
        var milliseconds: UInt64 = 0
        var counter: UInt64 = 0
    }

    private static let state: Mutex<State> = {
        var system = SystemRandomNumberGenerator()
        return Mutex(State(generator: SplitMix64(state: system.next())))
    }()
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a fast generator whose outputs over one seed are all distinct for 2^64
/// calls, so no two ids of one process share their random bits. Also the tests' seeded generator.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
