/// The text of an open bracketed paste, filtered as it arrives, with the facts `InputEvent.paste` reports.
struct PasteBuffer: Sendable {
    /// At most this many bytes of pasted text are kept; the rest is discarded and the paste marked `.tooLong`.
    static let cap = 256 * 1024

    /// Inside `ESC [ 200 ~` … `ESC [ 201 ~` (or after the end marker, until the end of that read).
    var open = false
    /// The end marker was seen in the current read: the rest of the read is still paste (so it never runs keys).
    var ended = false
    /// The read with the end marker ended inside a sequence: the paste ends when that sequence does.
    var draining = false
    /// The first thing other than trailing line breaks that was removed, or the cap reached; nil while none.
    var dropped: PasteLoss?
    /// A line break was removed and nothing has followed it yet: it only counts as dropped if more comes.
    var breakPending = false
    /// The kept text, valid UTF-8.
    var bytes: [UInt8] = []

    /// Begin a paste.
    mutating func start() {
        open = true
        ended = false
        draining = false
        dropped = nil
        breakPending = false
    }

    /// Keep one printable character.
    mutating func append(_ scalar: Unicode.Scalar) {
        if breakPending { lose(.lineBreak); breakPending = false }
        let width = UTF8.width(scalar)
        guard bytes.count + width <= Self.cap else { lose(.tooLong); return }
        bytes.append(contentsOf: scalar.utf8)
    }

    /// A CR or LF was removed.
    mutating func lineBreak() {
        breakPending = true
    }

    /// Anything else was removed: a control or an escape sequence (`.control`), or invalid UTF-8 (`.invalidText`).
    /// A line break just before it is not noted: what the paste held past it is this.
    mutating func remove(_ what: PasteLoss = .control) {
        breakPending = false
        lose(what)
    }

    /// Notes a loss; the first one is what the paste is refused for.
    mutating func lose(_ what: PasteLoss) {
        if dropped == nil { dropped = what }
    }

    /// End the paste, giving its event and the memory back.
    mutating func finish() -> InputEvent {
        let event = InputEvent.paste(String(decoding: bytes, as: UTF8.self), dropped: dropped)
        self = PasteBuffer()
        return event
    }
}
