/// The field's line as the painter shows it: the text, the cursor and the counter. The session derives one per
/// change (`PromptSession.derivedView`) and hands it to the screen model; the model keeps a second one, what the
/// screen holds (`ScreenModel.drawnField`), and drawing goes from that one to this.
public struct FieldView: Equatable, Sendable {
    /// The line as UTF-8 (asterisks for a secret). The derived view shares the field's kept display; the drawn one
    /// holds bytes of its own, which quick echo appends to in place (shared, they would make the field's next
    /// append copy the whole line).
    public var text: [UInt8]
    /// The cursor, in Characters of the line.
    public var cursor: Int
    /// The right prompt: the counter, marked ` !` after a refused key.
    public var counter: CounterCells

    /// A view of a text, its cursor and its counter.
    public init(text: String, cursor: Int, counter: String) {
        self.init(text: Array(text.utf8), cursor: cursor, counter: CounterCells(counter))
    }

    /// A view of these bytes, shared.
    public init(text: [UInt8], cursor: Int, counter: CounterCells) {
        self.text = text
        self.cursor = cursor
        self.counter = counter
    }

    /// The same view with bytes of its own (see `text`): what the screen holds once this is drawn.
    public func drawnCopy() -> FieldView {
        FieldView(text: text.withUnsafeBufferPointer { Array($0) }, cursor: cursor, counter: counter)
    }
}

/// The right prompt's text as bytes held inline: it changes on every key, and a `String` of it would be built and
/// compared every time. Text longer than `capacity` is cut at a character boundary and marked incomplete; quick
/// echo never draws over a counter it does not know whole.
public struct CounterCells: Equatable, Sendable {
    /// Bytes held; a `count/limit` counter takes at most 41, and the refusal mark 2 more.
    public static let capacity = 64
    private var storage = InlineArray<64, UInt8>(repeating: 0)
    /// How many bytes are held.
    public private(set) var count = 0
    /// Whether the whole text is held.
    public private(set) var isComplete = true

    /// No text.
    public init() {}

    /// A text's bytes (cut to `capacity` when longer).
    public init(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Let `write` put bytes at the start of the storage and return how many, or nil (nothing is kept then).
    public mutating func fill(_ write: (UnsafeMutableBufferPointer<UInt8>) -> Int?) -> Bool {
        let written = withUnsafeMutableBytes(of: &storage) { write($0.bindMemory(to: UInt8.self)) }
        count = written ?? 0
        isComplete = true
        return written != nil
    }

    /// Add bytes at the end; what does not fit is cut at a character boundary and the text marked incomplete.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        var take = min(bytes.count, CounterCells.capacity - count)
        if take < bytes.count {
            isComplete = false
            // Not in the middle of a UTF-8 sequence: back off over continuation bytes to the start of the last one.
            while take > 0 && bytes[take] & 0xC0 == 0x80 { take -= 1 }
        }
        let start = count
        withUnsafeMutableBytes(of: &storage) { raw in
            for k in 0..<take { raw[start + k] = bytes[k] }
        }
        count += take
    }

    /// Add a text's bytes at the end (see `append(_:)`).
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Whether every byte held is printable ASCII (what quick echo writes cell by cell). Eight bytes at a time, as
    /// the echo asks it of two counters on every key: with no byte of 0x80 or more, adding 0x60 sets a byte's top
    /// bit exactly when it is at least 0x20, and adding 1 exactly when it is 0x7F, and neither carries into the next.
    public var isPrintableASCII: Bool {
        withUnsafeBytes(of: storage) { raw in
            let top: UInt64 = 0x8080_8080_8080_8080
            var k = 0
            while k < count {
                var word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
                if count - k < 8 {
                    // Spaces in place of the bytes past the end: they pass.
                    let held: UInt64 = (1 << UInt64((count - k) * 8)) &- 1
                    word = word & held | 0x2020_2020_2020_2020 & ~held
                }
                guard word & top == 0, (word &+ 0x6060_6060_6060_6060) & top == top,
                      (word &+ 0x0101_0101_0101_0101) & top == 0 else { return false }
                k += 8
            }
            return true
        }
    }

    /// The bytes held.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: storage) { body(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<count])) }
    }

    public static func == (a: CounterCells, b: CounterCells) -> Bool {
        a.count == b.count && a.isComplete == b.isComplete && a.withBytes { x in b.withBytes { y in x.elementsEqual(y) } }
    }
}
