/// A check a Swift program adds without changing fieldline: give it to `KeymapLoader(lookup:validators:)` under a
/// name, and keymap files name it in `validators:` like a built-in one.
///
/// ```swift
/// struct EvenDigits: FieldValidator {
///     func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
///         value.count % 2 == 0 ? nil : ValidationIssue(tr("needs an even number of digits"))
///     }
/// }
/// let loader = KeymapLoader(lookup: KeymapLookup(), validators: ["even-digits": EvenDigits()])
/// ```
public protocol FieldValidator: Sendable {
    /// The first problem with a complete value (the UTF-8 of its entered symbols), or nil when it passes.
    func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue?
    /// Named parts of a valid value for `--output json` (`decoded`); none by default.
    func decode(_ value: UnsafeBufferPointer<UInt8>) -> [(String, String)]
    /// The names `decode` may give, known without a value (a form's `from: FIELD.PART` is checked against them);
    /// none by default.
    var decodedPartNames: [String] { get }
    /// Whether `canonical` may rewrite a value (false by default).
    var rewritesValues: Bool { get }
    /// The value as it is to be stored (a phone number as E.164), or nil to keep it as typed.
    func canonical(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8]?
    /// How a valid value is shown by `--output display` (a phone number's international form), or nil for the
    /// field's own display.
    func display(_ value: UnsafeBufferPointer<UInt8>) -> String?
    /// `canonical(value)`, and the `issue` of the value it gives (of `value` itself when it keeps it), in one
    /// step. A validator whose two answers share work (a phone number read once) answers both at once; the
    /// answers must be the ones the two functions give.
    func judge(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> (canonical: [UInt8]?, issue: ValidationIssue?)
    /// `judge`, with a refusal `check` words from a template (`RefusalMessages`) left unworded; its `issue` is
    /// `judge`'s issue, but that a number too short is not incomplete (as `check` reports it).
    func judgeRefusal(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> (canonical: [UInt8]?, refusal: LineRefusal?)
    /// Whether a paste prefix (`+86`, normalised) stays on a paste or a checked line that starts with it, so the
    /// text is judged as written, because what follows it (`rest`, the symbols it leaves) would read otherwise on
    /// its own than after it (false by default: a prefix comes off).
    func keepsPastePrefix(_ prefix: UnsafeBufferPointer<UInt8>, before rest: UnsafeBufferPointer<UInt8>) -> Bool
    /// The validator as a `ConfigurableValidator` when it is one (nil by default). A requirement rather than an
    /// `as?` cast: casting to a protocol scans every conformance record of the program the first time, in every
    /// phone field's start.
    var asConfigurable: (any ConfigurableValidator)? { get }
    /// Its settings as `fieldline inspect` shows them (a phone field's regions and kinds); none by default.
    var parameters: [(String, JSONText.Value)] { get }
}

extension FieldValidator {
    /// No decoded parts.
    public func decode(_ value: UnsafeBufferPointer<UInt8>) -> [(String, String)] { [] }
    /// No decoded parts.
    public var decodedPartNames: [String] { [] }
    /// Values are kept as typed.
    public var rewritesValues: Bool { false }
    /// Values are kept as typed.
    public func canonical(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8]? { nil }
    /// The field's own display.
    public func display(_ value: UnsafeBufferPointer<UInt8>) -> String? { nil }
    /// A paste prefix comes off.
    public func keepsPastePrefix(_ prefix: UnsafeBufferPointer<UInt8>, before rest: UnsafeBufferPointer<UInt8>) -> Bool { false }
    /// Not configurable.
    public var asConfigurable: (any ConfigurableValidator)? { nil }
    /// None: a validator says what it was given only if it chooses to.
    public var parameters: [(String, JSONText.Value)] { [] }
    /// `judge`'s issue, worded.
    public func judgeRefusal(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> (canonical: [UInt8]?, refusal: LineRefusal?) {
        let (canonical, issue) = judge(value, context: context)
        return (canonical, issue.map { .issue($0) })
    }
    /// `canonical`, then `issue` of its answer.
    public func judge(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> (canonical: [UInt8]?, issue: ValidationIssue?) {
        guard let rewritten = canonical(value) else { return (nil, issue(value, context: context)) }
        return (rewritten, rewritten.withUnsafeBufferPointer { issue($0, context: context) })
    }
}
