import CXXHash

extension ChoiceListIndex {
    /// An index image's sections as built, before they are laid out: written to a file (or a buffer) one after
    /// another, so the image is never held whole in memory while it is made.
    public struct Sections: Sendable {
        let rows: Int
        let rowTerms: [UInt32]
        let termStarts: [UInt32]
        let termBytes: [UInt8]
        let shortKeys: [UInt32]
        let shortStarts: [UInt32]
        let shortRows: [UInt32]
        let nameHashes: [UInt32]
        let startPlaces: [UInt32]
        let startEnds: [UInt32]
        let startRows: [UInt32]

        /// The body's length in bytes: the sections end to end, the term bytes padded to four.
        var bodyBytes: Int {
            4 * (rowTerms.count + termStarts.count) + termBytes.count + (4 - termBytes.count % 4) % 4
                + 4 * (shortKeys.count + shortStarts.count + shortRows.count + nameHashes.count + startPlaces.count + startEnds.count + startRows.count)
        }

        /// Hands the image for `source`, built at `built`, to `put` piece by piece (header, body, block table);
        /// false as soon as `put` is.
        @discardableResult
        public func write(source: Source, built: Int64, to put: (UnsafeRawBufferPointer) -> Bool) -> Bool {
            let body = bodyBytes
            var sums = BlockSums(count: ImageBlocks.blockCount(body: body))
            var header = ImageHeader(rows: rows, terms: termStarts.count - 1, termBytes: termBytes.count, shorts: shortKeys.count,
                                     shortRows: shortRows.count, names: nameHashes.count / 3,
                                     starts: startPlaces.count, bodyBytes: body, source: source, built: built).bytes()
            let padding = [UInt8](repeating: 0, count: (4 - termBytes.count % 4) % 4)
            var ok = true
            // The header's checksum covers the block table, so the body is summed first (pass 0), then written.
            for pass in 0..<2 where ok {
                for section in [rowTerms, termStarts] where ok {
                    ok = section.withUnsafeBytes { pass == 0 ? sums.add($0) : put($0) }
                }
                for bytes in [termBytes, padding] where ok { ok = bytes.withUnsafeBytes { pass == 0 ? sums.add($0) : put($0) } }
                for section in [shortKeys, shortStarts, shortRows, nameHashes, startPlaces, startEnds, startRows] where ok {
                    ok = section.withUnsafeBytes { pass == 0 ? sums.add($0) : put($0) }
                }
                if pass == 0 {
                    sums.finish()
                    ImageHeader.seal(&header, table: sums.table)
                    ok = header.withUnsafeBytes { put($0) }
                }
            }
            return ok && sums.table.withUnsafeBytes { put($0) }
        }
    }
}

/// The block table of a body being written: each 4 KiB block's checksum (`ImageBlocks.sum`), summed as the body
/// goes by in pieces of any length.
struct BlockSums {
    private(set) var table: [UInt32] = []
    private var block = [UInt8]()

    init(count: Int) {
        table.reserveCapacity(count)
        block.reserveCapacity(ImageBlocks.blockBytes)
    }

    /// Adds the next bytes of the body.
    mutating func add(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var at = 0
        while at < bytes.count {
            if block.isEmpty && bytes.count - at >= ImageBlocks.blockBytes {
                // A whole block where it lies, not copied.
                table.append(UInt32(truncatingIfNeeded: fl_xxh3_64(bytes.baseAddress! + at, ImageBlocks.blockBytes, UInt64(table.count))))
                at += ImageBlocks.blockBytes
                continue
            }
            let take = min(ImageBlocks.blockBytes - block.count, bytes.count - at)
            block.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + take)]))
            at += take
            if block.count == ImageBlocks.blockBytes { flush() }
        }
        return true
    }

    /// Sums the last, partial block.
    mutating func finish() { if !block.isEmpty { flush() } }

    private mutating func flush() {
        let sum = block.withUnsafeBytes { fl_xxh3_64($0.baseAddress, $0.count, UInt64(table.count)) }
        table.append(UInt32(truncatingIfNeeded: sum))
        block.removeAll(keepingCapacity: true)
    }
}

/// An index image's header (`ChoiceListIndex.headerBytes` bytes, little-endian): magic, version, the sections'
/// lengths, the block size, the source, when the image was built, the body's length, and a checksum of the
/// header's other bytes and the block table that follows the body.
struct ImageHeader {
    var rows: Int
    var terms: Int
    var termBytes: Int
    var shorts: Int
    var shortRows: Int
    var names: Int
    var starts: Int
    var bodyBytes: Int
    var source: ChoiceListIndex.Source
    var built: Int64

    static let checksumOffset = 120

    /// A header of these values.
    init(rows: Int, terms: Int, termBytes: Int, shorts: Int, shortRows: Int, names: Int, starts: Int, bodyBytes: Int,
         source: ChoiceListIndex.Source, built: Int64) {
        (self.rows, self.terms, self.termBytes, self.shorts, self.shortRows, self.names) = (rows, terms, termBytes, shorts, shortRows, names)
        self.starts = starts
        self.bodyBytes = bodyBytes
        self.source = source
        self.built = built
    }

    /// The header of `image` if it is one of this version, its lengths add up to the image's, and its checksum
    /// holds; nil otherwise.
    init?(_ image: UnsafeRawBufferPointer) {
        let size = ChoiceListIndex.headerBytes
        guard image.count >= size, let base = image.baseAddress, Int(bitPattern: base) % 4 == 0,
              image.prefix(4).elementsEqual(ChoiceListIndex.magic) else { return nil }
        func u32(_ offset: Int) -> Int { Int(UInt32(littleEndian: image.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        func u64(_ offset: Int) -> UInt64 { UInt64(littleEndian: image.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        guard u32(4) == Int(ChoiceListIndex.version), u32(28) == ImageBlocks.blockShift else { return nil }
        rows = u32(8); terms = u32(12); termBytes = u32(16); shorts = u32(20); shortRows = u32(24); names = u32(96); starts = u32(100)
        bodyBytes = u32(88) << 32 | u32(92)
        source = .init(size: u64(32), modified: Int64(bitPattern: u64(40)), hash: u64(48), changed: Int64(bitPattern: u64(56)),
                       device: u64(64), inode: u64(72))
        built = Int64(bitPattern: u64(80))
        // Each count is at most 2^32 - 1, so the sum cannot overflow.
        let body = 4 * (rows + 1) + 4 * (terms + 1) + termBytes + (4 - termBytes % 4) % 4 + 4 * shorts + 4 * (4 * shorts + 1) + 4 * shortRows + 12 * names
            + 12 * starts
        guard bodyBytes == body, image.count == size + body + 4 * ImageBlocks.blockCount(body: body) else { return nil }
        let table = UnsafeRawBufferPointer(rebasing: image[(size + body)...])
        guard u64(ImageHeader.checksumOffset) == ImageHeader.checksum(UnsafeRawBufferPointer(rebasing: image[..<size]), table: table) else { return nil }
    }

    /// The header's bytes, its checksum not yet set (`seal`).
    func bytes() -> [UInt8] {
        var header = [UInt8](repeating: 0, count: ChoiceListIndex.headerBytes)
        func put32(_ value: Int, at offset: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { header.replaceSubrange(offset..<offset + 4, with: $0) } }
        func put64(_ value: UInt64, at offset: Int) { withUnsafeBytes(of: value.littleEndian) { header.replaceSubrange(offset..<offset + 8, with: $0) } }
        header.replaceSubrange(0..<4, with: ChoiceListIndex.magic)
        put32(Int(ChoiceListIndex.version), at: 4)
        put32(rows, at: 8); put32(terms, at: 12); put32(termBytes, at: 16); put32(shorts, at: 20); put32(shortRows, at: 24)
        put32(names, at: 96); put32(starts, at: 100)
        put32(ImageBlocks.blockShift, at: 28)
        put64(source.size, at: 32)
        put64(UInt64(bitPattern: source.modified), at: 40)
        put64(source.hash, at: 48)
        put64(UInt64(bitPattern: source.changed), at: 56)
        put64(source.device, at: 64)
        put64(source.inode, at: 72)
        put64(UInt64(bitPattern: built), at: 80)
        put32(bodyBytes >> 32, at: 88); put32(bodyBytes & 0xFFFF_FFFF, at: 92)
        return header
    }

    /// Sets `header`'s checksum for the block table `table`.
    static func seal(_ header: inout [UInt8], table: [UInt32]) {
        let sum = header.withUnsafeBytes { h in table.withUnsafeBytes { checksum(h, table: $0) } }
        withUnsafeBytes(of: sum.littleEndian) { header.replaceSubrange(checksumOffset..<checksumOffset + 8, with: $0) }
    }

    /// XXH3-64 of the header's bytes before its checksum, seeding that of the block table.
    static func checksum(_ header: UnsafeRawBufferPointer, table: UnsafeRawBufferPointer) -> UInt64 {
        let seed = fl_xxh3_64(header.baseAddress, checksumOffset, 0)
        return fl_xxh3_64(table.baseAddress, table.count, seed)
    }
}
