import CXXHash
import Synchronization

/// An index image's body checked block by block, each block the first time a word of it is read: its checksum
/// against the image's block table (itself checked when the image is opened), and, for a section of offsets, its
/// words ascending and within the section's end. Opening a large image then costs its header and block table, not
/// a pass over every byte. A block that fails makes the whole image damaged: every read from then on answers a
/// harmless value (0, or an offsets section's end, so a range read from two offsets is never reversed), and the
/// list stops asking the index (`ChoiceList` falls back to its rows).
/// Unchecked `Sendable`: the states are atomics; the image is never written.
public final class ImageBlocks: @unchecked Sendable {
    /// Bytes a block: a page. A one- to three-byte query's first key reads a few dozen of them (the runs' bisection
    /// and a screenful of rows); a larger block would cost more than a key's budget to check.
    public static let blockShift = 12
    static let blockBytes = 1 << blockShift

    /// The whole image.
    let image: UnsafeRawBufferPointer
    /// Where the checked body starts and ends in the image (the header before it, the block table after it).
    let bodyStart: Int
    let bodyEnd: Int
    /// Each block's checksum (the low 32 bits of its XXH3-64, seeded with its number).
    private let sums: UnsafeRawBufferPointer
    /// Each block's state: 0 not checked yet, 1 good, 2 damaged; then whether any block failed (1). Kept behind a
    /// pointer, not in stored atomics: a class's atomic property is reached through a dynamic exclusivity check,
    /// which cost more than the read it guards.
    private let states: UnsafeMutablePointer<Atomic<UInt8>>
    private let blocks: Int
    /// The offsets sections, each as (start in the image, words, the value its words may not exceed).
    private var offsets: [(start: Int, count: Int, end: UInt32)] = []
    /// Called once, the first time a block fails (the cache removes the file).
    private let whenDamaged: (@Sendable () -> Void)?

    /// The checker of `image`'s body `bodyStart..<bodyEnd`, whose block sums are `sums` (4 bytes a block).
    init(image: UnsafeRawBufferPointer, bodyStart: Int, bodyEnd: Int, sums: UnsafeRawBufferPointer, whenDamaged: (@Sendable () -> Void)?) {
        self.image = image
        self.bodyStart = bodyStart
        self.bodyEnd = bodyEnd
        self.sums = sums
        self.whenDamaged = whenDamaged
        blocks = ImageBlocks.blockCount(body: bodyEnd - bodyStart)
        states = .allocate(capacity: blocks + 1)
        for k in 0...blocks { (states + k).initialize(to: Atomic<UInt8>(0)) }
    }

    deinit {
        states.deinitialize(count: blocks + 1)
        states.deallocate()
    }

    /// The blocks a body of `body` bytes has.
    static func blockCount(body: Int) -> Int { (body + blockBytes - 1) >> blockShift }

    /// Block `k`'s checksum over the body `body` (`k` within it).
    static func sum(_ body: UnsafeRawBufferPointer, block k: Int) -> UInt32 {
        let start = k << blockShift
        let count = min(blockBytes, body.count - start)
        return UInt32(truncatingIfNeeded: fl_xxh3_64(body.baseAddress! + start, count, UInt64(k)))
    }

    /// Every block's checksum of a body, in order, as the image's block table holds them.
    static func sums(of body: UnsafeRawBufferPointer) -> [UInt32] {
        (0..<blockCount(body: body.count)).map { sum(body, block: $0) }
    }

    /// Declares the words at `start` (an image offset, four-byte aligned), `count` of them, a section of offsets:
    /// ascending, none past `end`.
    func addOffsets(start: Int, count: Int, end: UInt32) { offsets.append((start, count, end)) }

    /// Whether a block has failed.
    public var isDamaged: Bool { states[blocks].load(ordering: .acquiring) != 0 }

    /// Marks the image damaged (a block failed, or an offset read is out of its section).
    func markDamaged() {
        if states[blocks].exchange(1, ordering: .acquiringAndReleasing) == 0 { whenDamaged?() }
    }

    /// Whether the bytes `start..<end` of the image (within the body) are in good blocks, checking each block not
    /// checked yet. False once the image is damaged.
    @inline(__always)
    func check(_ start: Int, _ end: Int) -> Bool {
        guard !isDamaged else { return false }
        guard start < end else { return true }
        var k = (start - bodyStart) >> ImageBlocks.blockShift
        let last = (end - 1 - bodyStart) >> ImageBlocks.blockShift
        while k <= last {
            let state = states[k].load(ordering: .acquiring)
            if state != 1 && !checkBlock(k, state) { return false }
            k += 1
        }
        return true
    }

    /// Checks block `k` (its state `state`): its sum, then its offsets' order. Two threads may check one block at
    /// once; both reach the same verdict. Never inlined: it is the rare path, and inlined into a caller's loop its
    /// read of `offsets` was hoisted before the loop, a dynamic exclusivity check on every read of a word.
    @inline(never)
    private func checkBlock(_ k: Int, _ state: UInt8) -> Bool {
        var good = state == 0
        if good {
            let body = UnsafeRawBufferPointer(rebasing: image[bodyStart..<bodyEnd])
            good = ImageBlocks.sum(body, block: k) == UInt32(littleEndian: sums.loadUnaligned(fromByteOffset: 4 * k, as: UInt32.self))
        }
        if good { good = offsetsInOrder(block: k) }
        states[k].store(good ? 1 : 2, ordering: .releasing)
        if !good { markDamaged() }
        return good
    }

    /// Whether each offsets section's words in block `k` ascend (from the word before the block, read where it
    /// lies) and stay within the section's end: so two neighbouring offsets read from good blocks make a range.
    private func offsetsInOrder(block k: Int) -> Bool {
        let blockStart = bodyStart + (k << ImageBlocks.blockShift)
        let blockEnd = min(blockStart + ImageBlocks.blockBytes, bodyEnd)
        for section in offsets {
            let sectionEnd = section.start + 4 * section.count
            let from = max(section.start, blockStart), to = min(sectionEnd, blockEnd)
            guard from < to else { continue }
            var previous: UInt32 = from > section.start ? word(at: from - 4) : 0
            // Read as one buffer, not word by word through `image`: this runs for every offsets block read.
            let words = UnsafeBufferPointer(start: (image.baseAddress! + from).assumingMemoryBound(to: UInt32.self), count: (to - from) / 4)
            let end = section.end
            for stored in words {
                let value = UInt32(littleEndian: stored)
                if value < previous || value > end { return false }
                previous = value
            }
        }
        return true
    }

    @inline(__always)
    func word(at offset: Int) -> UInt32 { UInt32(littleEndian: image.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
}

/// A section of an index image's 32-bit words, read through its blocks' checks (`ImageBlocks`): a word out of the
/// section or in a damaged block reads as 0, or as the section's end for a section of offsets.
struct ImageWords {
    let blocks: ImageBlocks
    /// The section's first byte in the image.
    let start: Int
    /// How many words.
    let count: Int
    /// What a word reads as once the image is damaged.
    let fallback: UInt32

    @inline(__always)
    subscript(position: Int) -> UInt32 {
        let offset = start + 4 * position
        guard position >= 0, position < count else { blocks.markDamaged(); return fallback }
        guard blocks.check(offset, offset + 4) else { return fallback }
        return blocks.word(at: offset)
    }

    /// The words of `range` where they lie (little-endian), their blocks checked once for the whole range, so a pass
    /// over many words pays no check a word; empty when they cannot be read.
    func words(_ range: Range<Int>) -> UnsafeBufferPointer<UInt32> {
        let base = (blocks.image.baseAddress! + start).assumingMemoryBound(to: UInt32.self)
        guard range.lowerBound >= 0, range.upperBound <= count else { blocks.markDamaged(); return UnsafeBufferPointer(start: base, count: 0) }
        guard blocks.check(start + 4 * range.lowerBound, start + 4 * range.upperBound) else { return UnsafeBufferPointer(start: base, count: 0) }
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}

/// A section of an index image's bytes, read through its blocks' checks: a range out of the section or in a
/// damaged block reads as empty.
struct ImageBytes {
    let blocks: ImageBlocks
    let start: Int
    let count: Int

    /// The bytes of `range`, as a slice of the section's buffer (empty when they cannot be read).
    @inline(__always)
    subscript(range: Range<Int>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let all = UnsafeBufferPointer(start: (blocks.image.baseAddress! + start).assumingMemoryBound(to: UInt8.self), count: count)
        guard range.lowerBound >= 0, range.upperBound <= count else { blocks.markDamaged(); return all[0..<0] }
        guard blocks.check(start + range.lowerBound, start + range.upperBound) else { return all[0..<0] }
        return all[range]
    }

    /// The bytes of `range`, cut to the section, read without their blocks' checks: a guess that reads through the
    /// checks then confirm.
    @inline(__always)
    func unchecked(_ range: Range<Int>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let all = UnsafeBufferPointer(start: (blocks.image.baseAddress! + start).assumingMemoryBound(to: UInt8.self), count: count)
        let low = max(0, min(range.lowerBound, count))
        return all[low..<max(low, min(range.upperBound, count))]
    }
}
