import FieldKit

/// Reads one record of a JSON Lines import or file: a flat object of field names to texts or numbers, by RFC 8259's
/// grammar and nothing more. Hand-written: the JSON libraries on hand read through Foundation, which fieldline does
/// not link (docs/forms.md).
///
/// A text is kept byte for byte (U+0085, U+2028, U+FFFF included) but for JSON's own escapes; a number is kept as
/// it is written. `null` is no value: the pair is left out, as if the name were not given. `true`, `false`, an
/// object or a list is refused, naming the field, and so is a name given twice: names are told apart as Swift
/// compares strings, so `é` and `e` + U+0301 are one name, as they are one field to the form. A line is read in one pass without recursion, and one of more
/// than its limit (an input's `LineChecker.maxLineBytes`; a saved file's line, which also holds the bookkeeping
/// columns, more) is refused unread.
public enum RecordJSON {
    /// One field of a record: its name and its text.
    public typealias Pair = (name: String, text: String)

    /// The pairs of one line, in order, or why the line is not a flat object of texts and numbers.
    public static func parse(_ line: String) -> Result<[Pair], RecordProblem> {
        var line = line
        return line.withUTF8 { parse(utf8: $0) }
    }

    /// `parse` of a line given as bytes, read where it lies (no String made of the whole line). Bytes that are not
    /// UTF-8 are refused, naming the first one; `lossy`, those inside a text are read as U+FFFD instead. A line
    /// longer than `limit` bytes is refused unread. `true` and `false` are refused, but for `yesNoFields`
    /// (`FormSpec.yesNoFields`), where they read as `yes` and `no`.
    public static func parse(utf8 line: UnsafeBufferPointer<UInt8>, lossy: Bool = false,
                             limit: Int = LineChecker.maxLineBytes, yesNoFields: Set<String> = []) -> Result<[Pair], RecordProblem> {
        guard line.count <= limit else {
            return .failure(RecordProblem(tr("longer than \(limit) bytes, the limit for a record; it is not read")))
        }
        var reader = RecordJSONReader(line, lossy: lossy, yesNoFields: yesNoFields)
        do throws(RecordProblem) {
            return .success(try reader.object())
        } catch {
            return .failure(error)
        }
    }
}

/// Why an imported record could not be read.
public struct RecordProblem: Error, Sendable, Equatable {
    /// What is wrong, in one line.
    public let message: String
    /// The field whose value holds the problem, when it is inside one.
    public let field: String?
    /// A problem with this message, inside the value of `field` if given.
    public init(_ message: String, field: String? = nil) {
        self.message = message
        self.field = field
    }
}
