import FieldKeymaps
@testable import FieldKit

/// A phone number entered the three ways a field takes one, in process: typed key by key through the prompt core,
/// pasted at once, and checked as `fieldline check` reads a line.
enum PhoneEntry {
    /// The day the fields are used on.
    static let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)

    /// `phone --assume region` (no option without one), or another shipped phone keymap as it is.
    static func spec(_ region: String?, keymap: String = "phone") throws -> FieldSpec {
        let loaded = try KeymapLoader(lookup: KeymapLookup(environment: [:])).load(origin: .shipped(keymap))
        var options = FieldOptions()
        if let region { options.validatorOptions = ["assume": region] }
        return options.applied(to: loaded.spec)
    }

    /// What typing `text` key by key does: the first refused key and its reason, or the field after the last key.
    static func typed(_ text: String, spec: FieldSpec) -> Result<Field, Refused> {
        var field = Field(spec: spec, context: context)
        var core = PromptCore(keymap: .standard)
        for (i, key) in text.enumerated() {
            if case .refused(let reason) = core.step(.text(String(key)), field: &field) {
                return .failure(Refused(description: "key \(i + 1) '\(key)': \(reason ?? "no reason")"))
            }
        }
        return .success(field)
    }

    /// What pasting `text` into the empty field does.
    static func pasted(_ text: String, spec: FieldSpec) -> Result<Field, Refused> {
        var field = Field(spec: spec, context: context)
        var core = PromptCore(keymap: .standard)
        if case .refused(let reason) = core.step(.paste(text, dropped: nil), field: &field) {
            return .failure(Refused(description: "paste: \(reason ?? "no reason")"))
        }
        return .success(field)
    }

    /// A refused key or paste.
    struct Refused: Error, CustomStringConvertible { let description: String }

    /// The E.164 a field ends with, or why it is not valid.
    static func verdict(_ outcome: Result<Field, Refused>) -> String {
        switch outcome {
        case .failure(let refused): return "refused \(refused)"
        case .success(let field):
            if case .valid = field.status { return field.acceptedValue }
            return "not valid: \(field.frame.message ?? "")"
        }
    }

    /// What `fieldline check` says of the line: the value, or `not valid:` and why.
    static func checked(_ text: String, spec: FieldSpec) -> String {
        let result = LineChecker(spec: spec, context: context).check(text)
        return result.issue.map { "not valid: \($0.message)" } ?? result.value
    }
}
