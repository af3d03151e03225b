extension Field {
    /// The value as it would be accepted: the entered symbols, or an upgraded 18-digit ID for a legacy 15-digit one.
    public var acceptedValue: String {
        if case .choice(let list) = spec.kind { return choiceValue(list) }
        if let rewritten = canonicalValue { return String(decoding: rewritten, as: UTF8.self) }
        return spec.outputValue(symbols: state.symbols)
    }

    /// The value as a validator rewrites it (a legacy ID), or nil (most fields: nothing is joined per key).
    private var canonicalValue: [UInt8]? {
        guard spec.rewritesValues else { return nil }
        return Array(value.utf8).withUnsafeBufferPointer { spec.canonical($0) }
    }

    /// Whether the current value could be accepted, and why not.
    public var status: FieldStatus {
        if case .choice(let list) = spec.kind { return choiceStatus(list) }
        let upgraded = canonicalValue
        // Only validators read the bytes; a plain text field skips joining its whole line on every key.
        let bytes = upgraded ?? (spec.validators.isEmpty ? [] : Array(value.utf8))
        let count = upgraded == nil ? spec.countUnit.count(of: state.symbols) : upgraded!.count
        return FieldStatus.of(symbols: state.symbols, utf8: bytes, count: count, spec: spec, context: context)
    }

    /// What a terminal draws of the field on its line, equal to the frame's `display`, `cursor` and `counter`,
    /// worked out alone: the frame's status asks the validators, and its fullness the layout, on every key.
    public var line: FieldLine {
        if case .choice = spec.kind {
            let frame = self.frame
            return FieldLine(display: frame.display, cursor: frame.cursor, counter: frame.counter)
        }
        let formatted = plainDisplay == nil ? Formatter.format(state.symbols, as: spec.kind) : nil
        let cursor = formatted?.displayIndex(forRawCursor: state.cursor) ?? min(max(state.cursor, 0), state.symbols.count)
        let display = plainDisplay?.text ?? String(joining: formatted?.display ?? state.symbols)
        return FieldLine(display: display, cursor: cursor,
                         counter: counter(formatted: formatted, count: spec.countUnit.count(of: state.symbols)))
    }

    /// The frame a terminal draws now.
    public var frame: Frame {
        if case .choice(let list) = spec.kind { return choiceFrame(list) }
        // Without a layout the display is the symbols themselves (what `Formatter.format` returns for them), kept
        // joined and measured between keys (`PlainDisplay`): no table of symbol ends, no walk per key.
        let formatted = plainDisplay == nil ? Formatter.format(state.symbols, as: spec.kind) : nil
        let displayed = formatted?.display ?? state.symbols
        func displayIndex(_ raw: Int) -> Int { formatted?.displayIndex(forRawCursor: raw) ?? min(max(raw, 0), state.symbols.count) }
        let cursor = displayIndex(state.cursor)
        let display = plainDisplay?.text ?? String(joining: displayed)
        // Typing at the end is the common case: the cursor's column is then the whole line's width.
        let cursorColumn = cursor == displayed.count
            ? plainDisplay?.columns ?? DisplayWidth.columns(of: display)
            : DisplayWidth.columns(of: String(joining: displayed[..<cursor]))
        let status = self.status
        let count = spec.countUnit.count(of: state.symbols)
        var message: String?
        var position: Int?
        switch status {
        case .valid: break
        case .incomplete(let m): if revealsMessage { message = m }
        case .invalid(let issue):
            message = issue.message
            if let p = issue.position, p < state.symbols.count { position = displayIndex(p + 1) - 1 }
        }
        // A refused paste's reason comes first: it is about what the operator just did.
        if let notice {
            message = notice
            position = nil
        }
        return Frame(
            display: display,
            cursor: cursor,
            cursorColumn: cursorColumn,
            counter: counter(formatted: formatted, count: count),
            status: status,
            message: message,
            messagePosition: position,
            isFull: isFull(count: count),
            keyRefused: lastKeyRefused
        )
    }
}

extension Field {
    /// Whether the field is full: its count reached the limit, or its layout finds the value complete (a phone
    /// number that no further digit keeps valid, whatever room the limit leaves for a `+86` or `0086`).
    func isFull(count: Int) -> Bool {
        if let limit = spec.limit, count >= limit { return true }
        if case .liveLayout(let live, _) = spec.kind { return live.isComplete(state.symbols) }
        return false
    }
}

extension FieldStatus {
    /// The status of a value, shared by the interactive field and the batch checker so both judge alike.
    static func of(
        symbols: [Character]?, utf8 bytes: [UInt8], count: Int, spec: FieldSpec, context: ValidationContext
    ) -> FieldStatus {
        if count < spec.minLength { return .incomplete(spec.shortMessage(count: count)) }
        if let limit = spec.limit, count > limit {
            return .invalid(ValidationIssue(tr("at most \(spec.units(limit)), has \(count)"), at: limit))
        }
        // What the kind itself refuses before the validators are asked: a refused template kind, a format not yet met.
        var picker: DatePicker?
        switch spec.kind {
        case .plain, .choice: break
        case .templated(let templates), .liveLayout(_, let templates):
            if let symbols, let status = templateStatus(symbols, count: count, templates: templates, spec: spec) { return status }
        case .date(let templates, let bounds):
            if let symbols, let status = templateStatus(symbols, count: count, templates: templates, spec: spec) { return status }
            picker = bounds
        }
        if count == 0 { return .valid }
        for validator in spec.validators {
            if let issue = bytes.withUnsafeBufferPointer({ validator.issue($0, context: context) }) {
                return issue.isIncomplete ? .incomplete(issue.message) : .invalid(issue)
            }
        }
        // A real date outside the picker's bounds, once the validators have found it a real date.
        if let picker, let symbols, let date = DatePicker.date(of: symbols), let issue = picker.boundsIssue(date, in: context) {
            return .invalid(issue)
        }
        return .valid
    }

    /// Why the templates refuse the symbols: the template that decides them carries a refused tag, or the field
    /// needs an exact match none gives yet; nil when they do not.
    private static func templateStatus(
        _ symbols: [Character], count: Int, templates: TemplateSet, spec: FieldSpec
    ) -> FieldStatus? {
        guard !templates.isEmpty else { return nil }
        if let option = templates.refusedOption(for: symbols, refusing: spec.refusedOptions) {
            return .invalid(ValidationIssue(tr("\(option.rawValue) numbers are not accepted"), at: 0))
        }
        if spec.requiresExactTemplate && count > 0, !templates.templates.contains(where: { TemplateSet.match(symbols, $0) == .exact }) {
            return .incomplete(tr("does not match any format yet"))
        }
        return nil
    }
}

extension FieldSpec {
    /// Why a value of `count` units is too short for the field: an empty one says it is empty, in the words a
    /// form's required field uses, whatever the field's length (typing, Enter, `replay` and `check` say the same).
    func shortMessage(count: Int) -> String {
        count == 0 ? tr("a value is required") : tr("needs \(units(minLength)), has \(count)")
    }
}

/// The field's line as a terminal draws it (`Field.line`).
public struct FieldLine: Equatable, Sendable {
    /// The formatted text, literals included.
    public let display: String
    /// Cursor position in Characters of `display`.
    public let cursor: Int
    /// The right prompt: `n/limit`, a layout's own counter, or empty.
    public let counter: String

    /// A line of this display, cursor and counter.
    public init(display: String, cursor: Int, counter: String) {
        self.display = display
        self.cursor = cursor
        self.counter = counter
    }
}
