/// Terminal bytes → key events: a small state machine over ECMA-48 escape sequences, UTF-8 and bracketed paste,
/// with the key tables in `KeySequences`. Pure: no I/O, no clock; the reader decides when a wait ran out (`flush`).
///
/// Every byte of an escape sequence ends up in one key or one `.refused`, never in `.text`, and memory stays
/// constant whatever the input (an over-long sequence is swallowed, a paste is capped).
public struct InputDecoder: Sendable {
    /// Where in a sequence the decoder is.
    enum Phase: UInt8, Sendable {
        /// Between keys.
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`.
        case csi
        /// After `ESC [ [` (linux console F1-F5).
        case csiBracket
        /// After `ESC O`.
        case ss3
        /// Inside OSC, DCS, APC, PM or SOS, swallowed up to ST or BEL.
        case string
        /// ESC inside a string: ST if `\` follows.
        case stringEscape
        /// The three raw bytes of an X10 mouse report (`params.count` of them left).
        case mouse
        /// Inside a multi-byte UTF-8 character.
        case utf8
    }

    /// Where in a sequence the decoder is.
    var phase = Phase.ground
    /// An extra ESC came before the current sequence (Alt as rxvt sends it): the key gets Meta.
    var meta = false
    /// The byte after ESC that opened a string sequence, for `flush` of a bare `ESC ]` (Alt-]).
    var introducer: UInt8 = 0
    /// The current CSI or SS3 sequence's parameters (and a string's length).
    var params = SequenceParameters()
    /// The UTF-8 character being read.
    var partial = PartialScalar()
    /// Non-ASCII characters of the current read not yet emitted: one IME commit or emoji stays one `.text`.
    var run = ""
    /// An open bracketed paste.
    var paste = PasteBuffer()
    /// Cursor position requests written and not answered yet: while one is, `CSI row ; column R` is its answer
    /// (`.cursorReport`), not a key.
    public var cursorReportsAwaited = 0

    /// A decoder between keys.
    public init() {}

    /// What an incomplete input is waiting for (.nothing when idle).
    public var waiting: InputDecoderWait {
        if paste.open { return .paste }
        switch phase {
        case .ground: return .nothing
        case .utf8: return .character
        default: return .sequence
        }
    }

    /// Decode the bytes of ONE read() from the terminal, appending complete events to `events`.
    /// Incomplete input (a trailing ESC, half a UTF-8 character, half a CSI, an open paste) is kept for the next call.
    public mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [InputEvent]) {
        for byte in bytes {
            // The common case, typing: one printable ASCII byte between keys is one event.
            if phase == .ground && byte &- 0x20 < 0x5F && !paste.open {
                if !run.isEmpty { flushRun(&events) }
                events.append(.text(Self.ascii[Int(byte &- 0x20)]))
            } else {
                step(byte, &events)
                // A sequence cut by the end of a paste's last read has completed, removed: the paste is over.
                if paste.draining && phase == .ground { events.append(paste.finish()) }
            }
        }
        endOfRead(&events)
    }

    /// Convenience for tests: decode an array as one read.
    public mutating func decode(_ bytes: [UInt8]) -> [InputEvent] {
        var events: [InputEvent] = []
        bytes.withUnsafeBufferPointer { decode($0, into: &events) }
        return events
    }

    /// The wait ran out with no more bytes: a pending lone ESC becomes Key.named("Esc"), an incomplete sequence or
    /// UTF-8 character becomes .unfinishedCharacter, an open paste ends as .paste(text, dropped: .unfinished).
    public mutating func flush(into events: inout [InputEvent]) {
        let pending = phase
        phase = .ground
        switch pending {
        case .ground: break
        case .escape: emit(.key(.named(meta ? "M-Esc" : "Esc")), &events)
        case .csi, .ss3, .string:
            // A bare `ESC [` is Alt-[ (and `ESC O` Alt-Shift-O): nothing came to make it a sequence.
            let opener = pending == .csi ? UInt8(ascii: "[") : pending == .ss3 ? UInt8(ascii: "O") : introducer
            if params.length == 0 {
                emit(.key(.named(KeyName.compose(String(Character(Unicode.Scalar(opener))), meta: true))), &events)
            } else {
                emit(.refused, &events)
            }
        case .utf8: emit(.unfinishedCharacter, &events)
        case .csiBracket, .stringEscape, .mouse: emit(.refused, &events)
        }
        meta = false
        flushRun(&events)
        if paste.open {
            paste.lose(.unfinished)
            events.append(paste.finish())
        }
    }

    /// Flush into a new array.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        flush(into: &events)
        return events
    }

    /// The end of one read: emit the text run, and end a paste whose end marker came in this read (what followed
    /// the marker in the same read was taken as pasted text). A sequence left unfinished there still belongs to
    /// the paste: it drains into it from the next read, so none of its bytes becomes text or a key.
    private mutating func endOfRead(_ events: inout [InputEvent]) {
        if paste.ended {
            if phase == .ground { events.append(paste.finish()) } else { paste.draining = true }
        }
        if !run.isEmpty { flushRun(&events) }
    }

    /// Printable ASCII (0x20 to 0x7E) as strings: a typed key costs no string building. Written out: the compiler
    /// lays out a literal array of small strings, where making them at run time held up the first key
    /// (`InputDecoderTests` checks each entry).
    static let ascii: [String] = [
        " ", "!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/",
        "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ":", ";", "<", "=", ">", "?",
        "@", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O",
        "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "[", "\\", "]", "^", "_",
        "`", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o",
        "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "{", "|", "}", "~",
    ]
}
