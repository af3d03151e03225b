import FieldKit

/// Reads one record of a JSON Lines import or file: a flat object of field names to texts or numbers, by RFC 8259's
/// grammar and nothing more. Hand-written: the JSON libraries on hand read through Foundation, which fieldline does
/// not link (docs/forms.md).
///
/// A text is kept byte for byte (U+0085, U+2028, U+FFFF included) but for JSON's own escapes; a number is kept as
/// it is written. `null` is no value: the pair is left out, as if the name were not given. `true`, `false`, an
/// object or an array is refused, naming the field and its JSON type (`true` and `false` are `yes` and `no` for a yes/no field), and so is a name given twice: names are told apart as Swift
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
        parseNotingNumbers(utf8: line, lossy: lossy, limit: limit, yesNoFields: yesNoFields).map(\.pairs)
    }

    /// `parse`, with the names whose values were JSON numbers (kept as their text): an import says so when the
    /// field refuses that text (`4.0` for a field of digits).
    public static func parseNotingNumbers(utf8 line: UnsafeBufferPointer<UInt8>, lossy: Bool = false,
                                          limit: Int = LineChecker.maxLineBytes,
                                          yesNoFields: Set<String> = []) -> Result<(pairs: [Pair], numbers: [String]), RecordProblem> {
        guard line.count <= limit else {
            return .failure(RecordProblem(tr("longer than \(limit) bytes, the limit for a record; it is not read")))
        }
        var reader = RecordJSONReader(line, lossy: lossy, yesNoFields: yesNoFields)
        do throws(RecordProblem) {
            let pairs = try reader.object()
            return .success((pairs, reader.numberNames))
        } catch {
            return .failure(error)
        }
    }

    /// `issues` of a record whose `numbers` fields were given as JSON numbers, each such field's message saying
    /// so: `4.0` is refused by a field of digits as the text `4.0`, which the message alone would not tell.
    public static func noting(numbers: [String], of pairs: [Pair], in issues: [(field: String, message: String)])
        -> [(field: String, message: String)] {
        guard !numbers.isEmpty else { return issues }
        return issues.map { issue in
            guard numbers.contains(issue.field), let text = pairs.first(where: { $0.name == issue.field })?.text else { return issue }
            return (issue.field, tr("\(issue.message) (given as the JSON number \(text))"))
        }
    }
}

/// Why an imported record could not be read.
public struct RecordProblem: Error, Sendable, Equatable {
    /// What is wrong, in one line.
    public let message: String
    /// The field whose value holds the problem, when it is inside one.
    public let field: String?
    /// Whether the problem is the JSON type of `field`'s value (a boolean, an object, an array), which an import
    /// reports under that field rather than the line's `-`.
    public let isValueType: Bool
    /// A problem with this message, inside the value of `field` if given.
    public init(_ message: String, field: String? = nil) {
        self.message = message
        self.field = field
        isValueType = false
    }

    /// The value of `field` is of a JSON type no field of the form takes there.
    init(valueOf field: String, _ message: String) {
        self.message = message
        self.field = field
        isValueType = true
    }
}
