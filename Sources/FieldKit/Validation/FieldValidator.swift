/// A check a Swift program adds without changing fieldline: give it to `KeymapLoader(lookup:validators:)` under a
/// name, and keymap files name it in `validators:` like a built-in one.
///
/// ```swift
/// struct EvenDigits: FieldValidator {
///     func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
///         value.count % 2 == 0 ? nil : ValidationIssue("needs an even number of digits")
///     }
/// }
/// let loader = KeymapLoader(lookup: KeymapLookup(), validators: ["even-digits": EvenDigits()])
/// ```
public protocol FieldValidator: Sendable {
    /// The first problem with a complete value (the UTF-8 of its entered symbols), or nil when it passes.
    func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue?
    /// Named parts of a valid value for `--output json` (`decoded`); none by default.
    func decode(_ value: UnsafeBufferPointer<UInt8>) -> [(String, String)]
}

extension FieldValidator {
    /// No decoded parts.
    public func decode(_ value: UnsafeBufferPointer<UInt8>) -> [(String, String)] { [] }
}
