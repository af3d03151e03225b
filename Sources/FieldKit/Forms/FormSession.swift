/// A record being entered, field by field: which field is asked (or the summary), the values so far, and what
/// each answer does. Pure (no terminal, no sink): the prompt that drives it asks the fields and shows its messages.
public struct FormSession {
    /// Where the record stands.
    public enum Step: Equatable, Sendable {
        /// The field at this index is asked.
        case field(Int)
        /// Every field is answered: the summary waits for Enter (save), Esc (discard) or Up (back).
        case summary
    }

    /// The form being filled.
    public let form: FormSpec
    /// Each field's value so far; nil for a field not answered yet.
    public private(set) var values: [String?]
    /// The field asked now, or the summary.
    public private(set) var step: Step

    /// A new record at its first field; or, with `resuming`, a record whose save failed, back at its summary.
    public init(form: FormSpec, resuming: [String]? = nil) {
        self.form = form
        if let resuming, resuming.count == form.fields.count {
            values = resuming.map { $0 }
            step = .summary
        } else {
            values = Array(repeating: nil, count: form.fields.count)
            step = form.fields.isEmpty ? .summary : .field(0)
        }
    }

    /// Nothing entered yet: the first field of an empty record (where Ctrl-D ends the session).
    public var isUntouched: Bool { step == .field(0) && values.allSatisfy { $0 == nil } }

    /// The text field `index` starts with: its earlier value when going back, else its default.
    public func startingText(of index: Int, in context: ValidationContext) -> String? {
        values[index] ?? form.fields[index].defaultValue?.text(in: context)
    }

    /// The field asked now accepted `value`. A required field left empty, or a unique value `earlierRecord` finds
    /// (given the field's name and the value, it names the record that holds it), stays on this field with the
    /// reason; otherwise the record moves to the next field or the summary. Returns the reason, or nil.
    public mutating func accept(_ value: String, earlierRecord: (String, String) -> String? = { _, _ in nil }) -> String? {
        guard case .field(let i) = step else { return nil }
        let field = form.fields[i]
        if value.isEmpty && field.required { return tr("\(field.name): a value is required") }
        values[i] = value
        if field.unique, !value.isEmpty, let earlier = earlierRecord(field.name, value) {
            return field.secret ? tr("\(field.name): this value is already in \(earlier)")
                : tr("\(field.name): '\(value)' is already in \(earlier)")
        }
        step = i + 1 < form.fields.count ? .field(i + 1) : .summary
        return nil
    }

    /// Up or Shift-Tab: the previous field (from the summary, the last one); nothing before the first.
    public mutating func back() {
        switch step {
        case .field(let i) where i > 0: step = .field(i - 1)
        case .field: break
        case .summary: if !form.fields.isEmpty { step = .field(form.fields.count - 1) }
        }
    }

    /// Esc: the record in progress is given up; a new one starts at the first field.
    public mutating func discard() { self = FormSession(form: form) }

    /// The record's values in form order, empty text for an optional field left empty.
    public var record: [(name: String, value: String)] {
        zip(form.fields, values).map { ($0.name, $1 ?? "") }
    }

    /// The summary's lines: `name  value` aligned, secret values as one `*` per character, controls escaped.
    public var summary: [String] {
        let width = form.fields.map(\.name.count).max() ?? 0
        return zip(form.fields, values).map { field, value in
            let text = value ?? ""
            let shown = field.secret ? String(repeating: "*", count: text.count) : ControlCharacters.escaped(text)
            return field.name + String(repeating: " ", count: width - field.name.count) + "  " + shown
        }
    }
}
