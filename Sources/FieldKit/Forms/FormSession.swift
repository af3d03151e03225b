/// A record being entered, field by field: which field is asked (or the summary), the values so far, and what
/// each answer does. Pure (no terminal, no sink): the prompt that drives it asks the fields and shows its messages.
///
/// Derived fields (`from:`) and fields whose `when` does not hold are never asked: stepping skips them, and their
/// values follow the fields they depend on whenever those change. The form's `rules` are judged when the last field
/// is accepted; a broken one sends the record back to its field.
public struct FormSession {
    /// Where the record stands.
    public enum Step: Equatable, Sendable {
        /// The field at this index is asked.
        case field(Int)
        /// Every field is answered: the summary waits for Enter (save), Esc (discard) or Up (back).
        case summary
        /// The record breaks the warning rule at this index of the form's `rules`: a reason is asked to save it
        /// over the warning (`giveReason`), or the operator goes back to its field (`leaveReason`).
        case reason(Int)
    }

    /// Where a field's starting text comes from (see `startingTextOrigin(of:)`).
    public enum StartingTextOrigin: Equatable, Sendable {
        /// The value the field was given earlier in this record (going back, a failed save).
        case earlierValue
        /// Derived from another field (`from:`): shown, not asked.
        case derived
        /// The previous record's value (`repeat: true`).
        case repeated
        /// The field's `default`.
        case defaultValue
        /// Text typed in the field and left without Enter (the operator went back from it).
        case typed

        /// Whether the text goes in as one paste (all or nothing, formatting dropped) rather than as typed keys: a
        /// value a field accepted before comes back whole. Every origin is such a value, so all of them are pastes.
        public var insertsAsPaste: Bool { true }
    }

    /// The form being filled.
    public let form: FormSpec
    /// Each field's value as entered; nil for a field not answered yet, and always nil for a derived field (its
    /// value is in `record`).
    public private(set) var values: [String?]
    /// The field asked now, or the summary.
    public private(set) var step: Step
    /// The previous record's values by field name: the starting text of `repeat: true` fields.
    public let previous: [String: String]?
    /// The record as the form's settings make it from `values`: derived values, empty values where `when` fails.
    public private(set) var resolved: ResolvedRecord
    /// Text typed in a field and left without Enter (going back from it), by field: the field starts with it when
    /// asked again, and its line in the block shows it meanwhile. Not a value: the record holds only what Enter
    /// accepted.
    public private(set) var typed: [Int: String] = [:]
    /// The reasons given for broken warnings, by warning name; a changed value drops them all (a reason given for
    /// one value is not one for another).
    public private(set) var reasons: [String: String] = [:]
    /// How each field was keyed so far (paradata), by field index: nil for a field not asked yet.
    public private(set) var keying: [FieldKeying?]
    /// Today and the other facts derived and default values are checked against.
    private let context: ValidationContext
    private let resolver: RecordResolver

    /// A new record at its first asked field; or, with `resuming` (the record's values in form order), a record
    /// whose save failed, back at its summary. `previous` is the last saved record's values, for `repeat: true`
    /// fields. `context` gives today (for the `today` default and for checking derived values); without it no date
    /// is in the future, so pass the session's context.
    public init(form: FormSpec, resuming: [String]? = nil, previous: [String: String]? = nil, context: ValidationContext? = nil) {
        let context = context ?? ValidationContext(today: CalendarDate(year: 9999, month: 12, day: 31)!)
        self.init(form: form, resolver: RecordResolver(form: form, context: context), resuming: resuming,
                  previous: previous, context: context)
    }

    /// Another record of the same form: a new one (repeat fields starting with `previous`), or with `resuming` one
    /// whose save failed. The fields' checkers are this session's: building them for every record would cost more
    /// than entering it.
    public func another(resuming: [String]? = nil, previous: [String: String]?) -> FormSession {
        FormSession(form: form, resolver: resolver, resuming: resuming, previous: previous, context: context)
    }

    private init(form: FormSpec, resolver: RecordResolver, resuming: [String]?, previous: [String: String]?,
                 context: ValidationContext) {
        self.form = form
        self.previous = previous
        self.context = context
        self.resolver = resolver
        if let resuming, resuming.count == form.fields.count {
            values = zip(form.fields, resuming).map { $0.derivedFrom == nil ? $1 : nil }
        } else {
            values = Array(repeating: nil, count: form.fields.count)
        }
        resolved = ResolvedRecord(values: [], applies: [], derivationIssues: [:])
        keying = Array(repeating: nil, count: form.fields.count)
        step = .summary
        resolve()
        if resuming == nil || resuming?.count != form.fields.count { step = nextAskedStep(after: -1) }
    }

    /// The record after this one is saved: a new record whose `repeat: true` fields start with this one's values.
    public func nextRecord() -> FormSession {
        another(previous: Dictionary(record.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }))
    }

    /// Nothing entered yet: the first asked field of an empty record (where Ctrl-D ends the session).
    public var isUntouched: Bool { step == nextAskedStep(after: -1) && values.allSatisfy { $0 == nil } }

    /// Whether any asked field holds a value other than the one it started with untouched (its default or its
    /// repeat pre-fill): what Esc would lose. The text being typed in the current field is the terminal's to add.
    public var holdsTypedText: Bool {
        typed.values.contains { !$0.isEmpty } || values.indices.contains { i in
            guard let value = values[i], isAsked(i) else { return false }
            return value != untouchedValue(of: i)
        }
    }

    /// Field `index`'s prompt was open for `milliseconds` and took `keys`: added to its paradata. `returning`: the
    /// operator was elsewhere in the record since the field was last asked (another field, the summary, a reason),
    /// so this visit is a return to it; a field asked again at once (its value refused) is the same visit.
    public mutating func noteKeying(of index: Int, keys: KeyTally, milliseconds: Int, returning: Bool) {
        guard keying.indices.contains(index) else { return }
        var field = keying[index] ?? FieldKeying()
        if returning && keying[index] != nil { field.returns += 1 }
        field.milliseconds += max(0, milliseconds)
        field.keys += keys.keys
        field.refused += keys.refused
        field.deletions += keys.deletions
        keying[index] = field
    }

    /// Takes up the paradata of an earlier session of this record (one whose save failed and is resumed).
    public mutating func continueKeying(_ earlier: [FieldKeying?]) {
        if earlier.count == keying.count { keying = earlier }
    }

    /// The record's paradata: each field asked, in form order.
    public var recordKeying: RecordKeying {
        RecordKeying(zip(form.fields, keying).compactMap { field, keying in keying.map { (field.name, $0) } })
    }

    /// Whether a reason for a broken warning is asked now (`.reason`).
    public var asksReason: Bool { if case .reason = step { true } else { false } }

    /// Whether field `index` is asked now: not derived, and its `when` holds for the values so far.
    public func isAsked(_ index: Int) -> Bool { resolver.isAsked(index, in: resolved) }

    /// The text field `index` starts with: its earlier value when going back, its derived value, the previous
    /// record's value for a `repeat` field, else its default.
    public func startingText(of index: Int, in context: ValidationContext) -> String? {
        switch startingTextOrigin(of: index) {
        case .earlierValue: return values[index]
        case .derived: return resolved.values[index]
        case .repeated: return previous?[form.fields[index].name]
        case .defaultValue: return form.fields[index].defaultValue?.text(in: context)
        case .typed: return typed[index]
        case nil: return nil
        }
    }

    /// Where `startingText(of:in:)` comes from, or nil when the field starts empty.
    public func startingTextOrigin(of index: Int) -> StartingTextOrigin? {
        let field = form.fields[index]
        if field.derivedFrom != nil { return resolved.values[index].isEmpty ? nil : .derived }
        if typed[index] != nil { return .typed }
        if values[index] != nil { return .earlierValue }
        if field.repeats, let value = previous?[field.name], !value.isEmpty { return .repeated }
        return field.defaultValue == nil ? nil : .defaultValue
    }

    /// The field asked now accepted `value`. A required field left empty, a derived value the source's new value
    /// gives that its own field refuses, or a unique value `earlierRecord` finds (given the field's name and the
    /// value, it names the record that holds it), stays on this field with the reason; otherwise the record moves to
    /// the next asked field, or (after the last) the rules are judged: a broken rule moves the record to its field
    /// with the rule's message. Returns the reason, or nil.
    public mutating func accept(_ value: String, earlierRecord: (String, String) -> String? = { _, _ in nil }) -> String? {
        guard case .field(let i) = step else { return nil }
        let field = form.fields[i]
        typed[i] = nil
        if let missing = RecordJudge.missing(value, required: field.required) { return "\(field.name): \(missing)" }
        if values[i] != value { reasons = [:] }
        values[i] = value
        resolve()
        let cleared = clearChoicesNoLongerFitting(after: i)
        if let problem = resolved.choiceIssues[i] { return "\(field.name): \(problem)" }
        if let (j, problem) = resolved.derivationIssues.sorted(by: { $0.key < $1.key }).first(where: { rootSource(of: $0.key) == i }) {
            return "\(form.fields[j].name): \(problem)"
        }
        if field.unique, !value.isEmpty, let earlier = earlierRecord(field.name, value) {
            return "\(field.name): " + RecordJudge.repeated(value, secret: field.secret, heldBy: earlier)
        }
        step = nextAskedStep(after: i)
        let judged = step == .summary ? judgeRules() : nil
        guard let cleared else { return judged }
        return judged.map { cleared + "; " + $0 } ?? cleared
    }

    /// Later choice fields whose value field `index`'s new answer leaves outside their `filter` are emptied (to be
    /// chosen again from the narrowed list); what the operator is told, or nil when none was.
    private mutating func clearChoicesNoLongerFitting(after index: Int) -> String? {
        var said: [String] = []
        for j in (index + 1)..<form.fields.count where resolved.choiceIssues[j] != nil {
            guard let old = values[j] else { continue }
            let spec = form.fields[j].spec
            let shown = spec.selection == nil ? spec.choices.flatMap { list in list.index(ofValue: old).map { list.choices[$0].label } } ?? old : old
            // Named as the screen names them: by their prompts' words.
            let cleared = ControlCharacters.escaped(form.fields[j].label), source = ControlCharacters.escaped(form.fields[index].label)
            said.append(tr("\(cleared) cleared: '\(ControlCharacters.escaped(shown))' is not one of its choices for this \(source)"))
            values[j] = nil
        }
        guard !said.isEmpty else { return nil }
        resolve()
        return said.joined(separator: "; ")
    }

    /// The form's rules judged on the whole record: the first broken rule's message, with the record moved to that
    /// rule's field (to the nearest asked field before it when that one is not asked); nil when every rule holds.
    /// `accept` calls it after the last field; calling it again at the summary changes nothing.
    /// Then the first broken warning without a reason: the record moves to `.reason` and its message is returned.
    public mutating func judgeRules() -> String? {
        if let rule = resolver.brokenRule(resolved.values) {
            step = fieldStep(of: rule)
            return rule.message
        }
        let pending = resolver.brokenWarnings(resolved.values).first { reasons[$0.name] == nil }
        guard let pending, let index = form.rules.firstIndex(of: pending) else {
            step = .summary
            return nil
        }
        step = .reason(index)
        return pending.message
    }

    /// At `.reason`: the warning asked about is overruled with `reason` (white space only is none, and refused:
    /// the reason is returned as a message); the next broken warning is asked, or the summary follows.
    public mutating func giveReason(_ reason: String) -> String? {
        guard case .reason(let index) = step else { return nil }
        guard !BlankValue.isBlank(reason) else { return tr("a reason is required to save the record over this warning") }
        reasons[form.rules[index].name] = reason
        return judgeRules()
    }

    /// At `.reason`: Esc or Shift-Tab goes back to the warning's field (its value is to be changed instead).
    public mutating func leaveReason() {
        guard case .reason(let index) = step else { return }
        step = fieldStep(of: form.rules[index])
    }

    /// The warnings the record breaks, each with the reason given: what is stored with it (`RecordColumns.warnings`).
    public var overruled: RecordWarnings {
        RecordWarnings(resolver.brokenWarnings(resolved.values).map { ($0.name, reasons[$0.name] ?? "") })
    }

    /// The step asking `rule`'s field (for a derived field, its source; for one not asked now, the nearest asked
    /// field before it).
    private func fieldStep(of rule: FormRule) -> Step {
        var target = form.index(of: rule.field) ?? 0
        // A derived field is fixed by its source; a field that is not asked by the nearest asked one before it.
        while let from = form.fields[target].derivedFrom, let source = form.index(of: from.field), source < target { target = source }
        while target > 0 && !isAsked(target) { target -= 1 }
        return isAsked(target) ? .field(target) : nextAskedStep(after: -1)
    }

    /// Up or Shift-Tab: the previous asked field (from the summary, the last one); nothing before the first.
    /// `leaving` is the text in the field left: kept for it (see `typed`) when it is not what the field started with.
    public mutating func back(leaving text: String? = nil) {
        let from: Int
        switch step {
        case .field(let i):
            from = i
            if let text {
                typed[i] = nil
                if text != (startingText(of: i, in: context) ?? "") { typed[i] = text }
            }
        case .summary, .reason: from = form.fields.count
        }
        if let earlier = (0..<from).last(where: isAsked) { step = .field(earlier) }
    }

    /// Esc: the record in progress is given up; a new one starts at the first field (repeat fields still start
    /// with the previous record's values).
    public mutating func discard() { self = another(previous: previous) }

    /// The record's values in form order: derived values filled in, empty text for an optional field left empty
    /// and for a field whose `when` does not hold.
    public var record: [(name: String, value: String)] {
        zip(form.fields, resolved.values).map { ($0.name, $1) }
    }

    /// The summary's lines: `name  value` aligned, secret values as one `*` per character, controls escaped.
    public var summary: [String] {
        let width = form.fields.map(\.name.count).max() ?? 0
        return zip(form.fields, resolved.values).map { field, text in
            let shown = field.secret ? String(repeating: "*", count: text.count) : ControlCharacters.escaped(text)
            return field.name + String(repeating: " ", count: width - field.name.count) + "  " + shown
        }
    }

    private mutating func resolve() {
        let values = self.values
        resolved = resolver.resolve { values[$0] }
    }

    /// The first asked field after `index`, or the summary.
    private func nextAskedStep(after index: Int) -> Step {
        ((index + 1)..<form.fields.count).first(where: isAsked).map(Step.field) ?? .summary
    }

    /// The typed field a derived field's value comes from, through any chain of derived fields.
    private func rootSource(of index: Int) -> Int {
        var i = index
        while let from = form.fields[i].derivedFrom, let source = form.index(of: from.field), source < i { i = source }
        return i
    }

    /// The value field `index` holds when nobody touched it: its repeat pre-fill or default, as the field stores it.
    private func untouchedValue(of index: Int) -> String {
        guard let text = startingTextUntouched(index), !text.isEmpty else { return "" }
        let result = resolver.checkers[index].check(text)
        return result.issue == nil ? result.value : text
    }

    private func startingTextUntouched(_ index: Int) -> String? {
        let field = form.fields[index]
        if field.repeats, let value = previous?[field.name], !value.isEmpty { return value }
        return field.defaultValue?.text(in: context)
    }
}
