/// Why a CSV record cannot be read, where it is, and what to say about it.
public struct CSVProblem: Sendable, Equatable {
    /// The line the record starts on (1-based).
    public let line: Int
    /// The index of the value the problem is in (0-based; it may be past the header's last).
    public let field: Int
    /// What is wrong.
    public let kind: Kind
    /// Where in the input (offset in bytes) the problem is, from a reader told to locate: the stray quote, the text
    /// after a closing quote, the quote left open, or the record's start for a record too long outside quotes.
    public let offset: Int?

    /// A problem of `kind` in value `field` of the record starting on `line`, at `offset` of the input if known.
    public init(line: Int, field: Int, kind: Kind, offset: Int? = nil) {
        self.line = line
        self.field = field
        self.kind = kind
        self.offset = offset
    }

    /// What is wrong with a record.
    public enum Kind: Sendable, Equatable {
        /// A quote in the middle of a value that does not start with one, on `line`.
        case quoteInUnquoted(line: Int)
        /// Text after the quote that closes a value.
        case textAfterQuote(openedOn: Int, closedOn: Int)
        /// A quote never closed before the end of the input.
        case unclosedQuote(openedOn: Int)
        /// A quote not closed on its line, in lines read again after a broken quote.
        case quoteOpenAtLineEnd(openedOn: Int)
        /// The record is longer than `limit` bytes (a quote opened on `quoteOpenedOn` still open there).
        case tooLong(limit: Int, quoteOpenedOn: Int?)
    }

    /// One line for the user.
    public var message: String {
        switch kind {
        case .quoteInUnquoted(let line):
            return tr("a quote inside a value on line \(line) that does not start with one (quote the whole value and double its quotes)")
        case .textAfterQuote(let opened, let closed) where opened == closed:
            return tr("text after the closing quote of a value on line \(closed)")
        case .textAfterQuote(let opened, let closed):
            return tr("a quote opened on line \(opened) closes on line \(closed) and text follows it (a stray quote on line \(opened)?)")
        case .unclosedQuote(let opened):
            return tr("a quote opened on line \(opened) is never closed")
        case .quoteOpenAtLineEnd(let opened):
            return tr("a quote opened on line \(opened) is not closed on its line (lines after a broken quote are read line by line)")
        case .tooLong(let limit, let opened?):
            return tr("longer than \(limit) bytes, the limit for a record (a quote opened on line \(opened) is still open there); it is not read")
        case .tooLong(let limit, nil):
            return tr("longer than \(limit) bytes, the limit for a record; it is not read")
        }
    }
}
