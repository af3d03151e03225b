/// One thing the user did at the keyboard, decoded from terminal bytes.
public enum InputEvent: Sendable, Equatable {
    /// Typed printable text. Never contains bytes of an escape sequence, C0/C1 controls or DEL.
    case text(String)
    /// A named key, in the keymap's Vim-style names: Key.named("Left"), Key.named("C-Left"), Key.named("M-b") ...
    case key(Key)
    /// The content of a bracketed paste with control characters, escape sequences and invalid UTF-8 removed.
    /// `dropped` says what was removed first when anything other than line breaks at the very end was (or that the
    /// paste was cut at the cap, or never ended); nil when nothing was.
    case paste(String, dropped: PasteLoss?)
    /// A sequence nobody understands (unknown/malformed/over-long escape sequence, invalid UTF-8, a CSI-u report of
    /// plain text we never asked for): the adapter rings the bell and marks the counter. Never text.
    case refused
    /// The first bytes of a UTF-8 character whose last byte never came (the reader waited for it): refused like
    /// `refused`, with a reason the user can act on, since nothing they see explains it.
    case unfinishedCharacter
    /// The terminal's answer to a cursor position request (`ESC [ 6 n`): the cursor's row and column, from 1. Only
    /// while one is awaited (`InputDecoder.cursorReportsAwaited`); otherwise the same bytes are Shift-F3 and the like.
    case cursorReport(row: Int, column: Int)
}

/// What the decoder is in the middle of, so the reader knows how long to wait before calling `flush`.
public enum InputDecoderWait: Sendable, Equatable {
    /// Idle: the next byte may take as long as it likes.
    case nothing
    /// Inside an escape sequence: its rest follows within milliseconds, and a lone ESC must soon be Esc.
    case sequence
    /// Inside a UTF-8 character: a slow line (ssh, a serial console) may deliver its last bytes in a later read,
    /// and nothing else can mean those bytes, so they are waited for longer than a sequence's.
    case character
    /// Inside a bracketed paste: the terminal may take a while to send the rest.
    case paste
}
