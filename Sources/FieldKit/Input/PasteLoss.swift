/// What a terminal's paste held that the decoder removed, so the paste is refused whole (see `InputEvent.paste`),
/// and the words that say so.
public enum PasteLoss: Sendable, Equatable {
    /// A line break with more text after it: a field is one line.
    case lineBreak
    /// A control character (a tab, a C1 control) or an escape sequence (an arrow key, a nested paste marker).
    case control
    /// Bytes that are not UTF-8.
    case invalidText
    /// More than `PasteBuffer.cap` bytes.
    case tooLong
    /// The paste's end marker never came: the rest may still be on its way.
    case unfinished

    /// Why the paste was refused, after `paste refused: `; built only for a refused paste.
    public var reason: String {
        switch self {
        case .lineBreak: return tr("it held a line break")
        case .control: return tr("it held a control character or an escape sequence")
        case .invalidText: return tr("it held bytes that are not UTF-8 text")
        case .tooLong: return tr("it was longer than \(PasteBuffer.cap / 1024) KiB")
        case .unfinished: return tr("its end never came")
        }
    }
}
