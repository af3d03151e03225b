/// The bytes of a list index's image for as long as an index reads them: a copy this owns, or memory another
/// owner lends (a cache file mapped read-only) with how to give it back.
/// Unchecked `Sendable`: the bytes are never written once the image is made.
public final class ImageMemory: @unchecked Sendable {
    /// The image's bytes.
    public let bytes: UnsafeRawBufferPointer
    private let release: @Sendable (UnsafeRawBufferPointer) -> Void

    /// Memory lent for the image's life: `release` is called with it when the last reader is gone.
    public init(lent bytes: UnsafeRawBufferPointer, release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.bytes = bytes
        self.release = release
    }

    /// A copy of `bytes`, aligned for the image's words.
    public convenience init(copying bytes: UnsafeRawBufferPointer) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        if let base = bytes.baseAddress { copy.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
        let address = Int(bitPattern: copy.baseAddress)
        self.init(lent: UnsafeRawBufferPointer(rebasing: copy[..<bytes.count])) { _ in UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
    }

    deinit { release(bytes) }
}
