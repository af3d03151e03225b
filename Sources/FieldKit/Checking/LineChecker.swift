/// Checks whole values the way `fieldline check` does: each line is filtered like a paste into an empty field
/// (`PasteFilter`'s rule): formatting is dropped, any other refused character makes the line invalid.
public struct LineChecker: Sendable {
    /// The field the lines are checked against.
    public let spec: FieldSpec
    /// Outside facts (today's date).
    public let context: ValidationContext
    let ascii: ASCIIRules
    /// The ASCII fast path needs nothing the byte tables cannot express.
    let fastPathUsable: Bool
    /// `spec.limit` unwrapped, read per line without copying the spec.
    let limit: Int
    /// Whether any paste prefix needs looking for.
    let hasPrefixes: Bool
    /// Whether `appendValue` may write the filtered bytes as the value (no upgrade, form or transform to apply).
    let bytesAreValue: Bool
    /// `spec.minLength` and `spec.validators`, kept apart so the per-line path never copies the spec.
    let minLength: Int
    let validators: [Validator]
    /// The validators again as a payload-free enum: copying `Validator` (whose regex case holds strings) once
    /// per line costs a retain and a release each, a large part of a line's check.
    let plainValidators: [PlainValidator]
    /// `spec.rewritesValues`, which asks every validator (a copy of each) when read.
    let rewritesValues: Bool
    /// The field's one validator, when it rewrites values and nothing else stands between a line's filtered ASCII
    /// bytes and its value: `appendValue` then asks it for the value and its issue in one step (a phone number
    /// read once, not once for its E.164 form and again for its validity).
    /// In a class: an optional existential read per line would be copied (its box retained and released) each time.
    let judging: Judging?
    /// Whether the kind lays the symbols out (`FieldKind.hasLayout`): else a value is its own display.
    let hasLayout: Bool
    /// Whether the kind reads a value as Characters (templates, a date picker); a live layout alone reads bytes.
    let kindReadsSymbols: Bool
    /// Whether the value is a date, whose separators may stand only between year, month and day (`DateSeparators`).
    let dateSeparators: Bool
    /// Whether every byte the field takes is printable ASCII, so every count unit counts a filtered byte as one
    /// (what lets the byte paths compare lengths by bytes, as the general path counts them).
    let printable: Bool

    /// The one-step validator, behind one reference.
    final class Judging: Sendable {
        let validator: any FieldValidator
        init(_ validator: any FieldValidator) { self.validator = validator }
    }

    /// A checker for one field.
    /// Whether results carry the display. A batch that writes only values turns it off: laying a value out (a
    /// phone number's international form) is then work nobody reads.
    public var computesDisplay = true

    public init(spec: FieldSpec, context: ValidationContext) {
        self.spec = spec
        self.context = context
        self.ascii = ASCIIRules(spec: spec)
        self.limit = spec.limit ?? Int.max
        self.hasPrefixes = !spec.pastePrefixes.isEmpty
        self.minLength = spec.minLength
        self.validators = spec.validators
        self.plainValidators = spec.validators.enumerated().map { PlainValidator($0.element, index: $0.offset) }
        // What the kind asks of a line beyond its characters' classes. A live layout's refusals (a phone field's
        // countries) are its validator's too, on whole values, so they need no Characters.
        let isChoice: Bool
        switch spec.kind {
        case .plain: (isChoice, kindReadsSymbols) = (false, false)
        case .templated: (isChoice, kindReadsSymbols) = (false, true)
        case .liveLayout(_, let templates): (isChoice, kindReadsSymbols) = (false, !templates.isEmpty)
        case .choice: (isChoice, kindReadsSymbols) = (true, false)
        case .date: (isChoice, kindReadsSymbols) = (false, true)
        }
        self.hasLayout = spec.kind.hasLayout
        self.dateSeparators = DateSeparators.apply(to: spec)
        let fast = spec.refusedOptions.isEmpty && !spec.requiresExactTemplate && !isChoice
            && spec.pastePrefixes.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII } }
        self.fastPathUsable = fast
        self.rewritesValues = spec.rewritesValues
        self.bytesAreValue = fast && !rewritesValues && spec.valueForm == .symbols && spec.transforms.isEmpty
        // Printable ASCII only, so every count unit counts a filtered byte as one.
        let rules = ascii
        let printable = (0..<128).allSatisfy { byte in
            (byte >= 0x20 && byte < 0x7F) || !(0...rules.rows).contains { rules.allowed[$0 * 128 + byte] }
        }
        self.printable = printable
        // A value's status reads its Characters only for a date (the picker's bounds) or through templates that can
        // refuse (`FieldStatus.templateStatus`: refused options, an exact template), which `fast` already rules
        // out: so a phone number laid out by the keymap's own templates (phone-cn, phone-us) is judged from its
        // bytes too.
        let statusReadsSymbols: Bool
        if case .date = spec.kind { statusReadsSymbols = true } else { statusReadsSymbols = !fast }
        if fast, printable, rewritesValues, spec.valueForm == .symbols, spec.transforms.isEmpty, !statusReadsSymbols,
           spec.validators.count == 1, case .custom(_, let validator) = spec.validators[0] {
            self.judging = Judging(validator)
        } else {
            self.judging = nil
        }
    }

    /// The longest line `check` looks at, in bytes (1 MiB): a longer one is invalid for its length alone, so
    /// memory stays bounded whatever is piped in. Far beyond any field: lengths are capped at 100,000 units.
    public static let maxLineBytes = 1 << 20

    /// Why a line is refused before anything else is looked at: its length.
    static let overLongLine = ValidationIssue(tr("the line is longer than 1 MiB (\(maxLineBytes) bytes); it is not checked"))

    /// Check one line (without its newline; a trailing CR is ignored).
    public func check(_ line: UnsafeBufferPointer<UInt8>) -> CheckResult { check(line, fastPath: true) }

    /// Check one line, optionally forcing the engine path (tests compare the two).
    func check(_ line: UnsafeBufferPointer<UInt8>, fastPath: Bool) -> CheckResult {
        if line.count > LineChecker.maxLineBytes { return failed(LineChecker.overLongLine, text: "") }
        var end = line.count
        if end > 0 && line[end - 1] == 0x0D { end -= 1 }
        let body = UnsafeBufferPointer(rebasing: line[0..<end])
        if case .choice(let list) = spec.kind { return checkChoice(body, in: list) }
        if fastPath && fastPathUsable, let symbols = fastFilter(body) {
            switch symbols {
            case .success(let bytes): return verdict(bytes: bytes, characters: nil)
            case .failure(let issue): return failed(issue, text: String(decoding: body, as: UTF8.self))
            }
        }
        return slowCheck(body)
    }

    /// Check a line given as a string (tests and non-interactive `ask`).
    public func check(_ line: String) -> CheckResult {
        var copy = Array(line.utf8)
        return copy.withUnsafeMutableBufferPointer { check(UnsafeBufferPointer($0)) }
    }

    /// The general path: the line is filtered like a paste (`PasteFilter`), stopping at the first refusal; a
    /// field whose value depends on more than each character's class then takes it as one paste into a Field.
    /// A plain field's value stays text, never an array of Characters (16 bytes each on a long line).
    func slowCheck(_ body: UnsafeBufferPointer<UInt8>) -> CheckResult {
        guard let text = String(validating: body, as: UTF8.self) else {
            return failed(ValidationIssue(tr("not valid UTF-8 text")), text: "")
        }
        // A plain field's value is the filtered text itself; any other field takes the line as one paste into a
        // Field, whose insertion runs the same filter (filtering here first would do that pass twice).
        if spec.symbols.isUniform && !spec.refusesPrefixes && !hasLayout {
            switch PasteFilter.filter(text, for: spec, at: 0, countBefore: 0, keepOffsets: false) {
            case .failure(.character(let c, let offset, let reason)):
                return failed(ValidationIssue(LineChecker.unexpected(c, column: offset + 1, reason: reason), at: nil), text: text)
            case .failure(.overLimit(let total)):
                return failed(ValidationIssue(tr("at most \(spec.units(limit)), has \(total)"), at: limit), text: text)
            case .success(let filtered):
                return verdict(text: filtered.symbols)
            }
        }
        var field = Field(spec: spec, context: context)
        let outcome = field.insert(text, paste: true)
        if let issue = field.refusalIssue(outcome, inserting: text) { return failed(issue, text: text) }
        return verdict(bytes: Array(field.value.utf8), characters: field.state.symbols)
    }

    /// A choice field's line: valid when it names exactly one choice (by value, label, alias or a `-` path of
    /// them) with nothing under it, or, naming none, when typing it and Enter would take one (`resolve`). The
    /// value is the choice's; the display its labels from the first level. A multi-select field's line is items
    /// joined with its separator, each read so (`ChoiceList.resolveAll`), written back in list order.
    private func checkChoice(_ body: UnsafeBufferPointer<UInt8>, in list: ChoiceList) -> CheckResult {
        guard let text = String(validating: body, as: UTF8.self) else {
            return failed(ValidationIssue(tr("not valid UTF-8 text")), text: "")
        }
        if let selection = spec.selection {
            switch list.resolveAll(text, selection) {
            case .success(let chosen):
                return CheckResult(value: selection.joined(chosen.map { list.choices[$0].value }),
                                   display: selection.joined(chosen.map { list.path(to: $0) }), issue: nil)
            case .failure(let issue): return failed(issue, text: text)
            }
        }
        switch list.resolve(trimming: text) {
        case .success(let index): return CheckResult(value: list.choices[index].value, display: list.path(to: index), issue: nil)
        case .failure(let issue): return failed(issue, text: text)
        }
    }

    /// The byte path for ASCII lines: nil when the line has non-ASCII bytes.
    private func fastFilter(_ body: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], ValidationIssue>? {
        var out: [UInt8] = []
        guard let verdict = fastFilter(body, into: &out) else { return nil }
        if let problem = verdict.problem { return .failure(problem) }
        return .success(Array(out[0..<verdict.count]))
    }

    /// Filter an ASCII line into the front of `out`, returning how many symbols it holds (the rest of `out` is
    /// scratch); nil when the line has non-ASCII bytes.
    /// `stripsPrefix`: as `PasteFilter.filter` takes it.
    func fastFilter(_ body: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], stripsPrefix: Bool = true) -> (count: Int, problem: ValidationIssue?)? {
        if out.count < body.count { out = [UInt8](repeating: 0, count: max(body.count, 2 * out.count, 64)) }
        let rules = ascii
        guard let src = body.baseAddress else { return (0, nil) }
        // White space the field refuses is trimmed from both ends (a non-ASCII byte stops the trim; the general
        // path then takes the line).
        var i = 0
        var n = body.count
        while i < n && src[i] < 0x80 && rules.trimmable[Int(src[i])] { i &+= 1 }
        while n > i && src[n - 1] < 0x80 && rules.trimmable[Int(src[n - 1])] { n &-= 1 }
        var stripped: [UInt8]?
        if hasPrefixes && stripsPrefix, let (end, prefix) = prefixEnd(UnsafeBufferPointer(rebasing: body[i..<n])) {
            i += end
            stripped = prefix
        }
        let limit = self.limit
        let dateSeparators = self.dateSeparators
        let start = i
        let (count, units, failure, overLimit, misplacedSeparator) = out.withUnsafeMutableBufferPointer { buffer in
            LineChecker.scan(src, from: start, to: n, into: buffer.baseAddress!, rules: rules, limit: limit,
                             dateSeparators: dateSeparators)
        }
        if failure == -2 { return nil }
        if failure < 0 {
            if let stripped, rewritesValues, spec.keepsPastePrefix(stripped, before: Array(out[0..<count])) {
                return fastFilter(body, into: &out, stripsPrefix: false)
            }
            return (count, nil)
        }
        for j in failure..<body.count where body[j] >= 0x80 { return nil }
        if overLimit {
            var total = units
            for j in failure..<n where !rules.formatting[Int(body[j])] { total += Int(rules.cost[Int(rules.normalized[Int(body[j])])]) }
            return (count, ValidationIssue(tr("at most \(spec.units(limit)), has \(total)"), at: limit))
        }
        let cls = spec.symbols.symbolClass(at: count)
        let reason = misplacedSeparator ? DateSeparators.reason : tr("position \(count + 1) takes \(cls.name)")
        let raw = body[failure]
        return (count, ValidationIssue(LineChecker.unexpected(Character(Unicode.Scalar(raw)), column: failure + 1, reason: reason)))
    }

    /// `fastFilter`'s loop over the bytes `src[start..<n]`: the symbols written to `dst`, the units they count, and
    /// where it stopped (-1: at the end; -2: at a non-ASCII byte; else the refused byte's index, over the limit or
    /// a misplaced date separator as the flags say).
    /// A function of its own, with one table look-up per byte (`ASCIIRules.symbolAt`), so its state fits in
    /// registers: this is most of a line's check.
    @inline(never)
    private static func scan(_ src: UnsafePointer<UInt8>, from start: Int, to n: Int, into dst: UnsafeMutablePointer<UInt8>,
                             rules: ASCIIRules, limit: Int, dateSeparators: Bool)
        -> (count: Int, units: Int, failure: Int, overLimit: Bool, misplacedSeparator: Bool) {
        var row = rules.symbolAt  // the next symbol's row
        let lastRow = rules.symbolAt + rules.rows * 256
        var i = start
        var count = 0  // symbols written
        // Where every symbol counts one unit and no separator rule applies, the units are the symbols: the loop
        // then keeps no other count (the general loop below gives the same answers; PropertyTests compare the
        // fast path with the engine's).
        if rules.unitCost && !dateSeparators {
            // Two loops, the same rule: while a symbol's position has a row of its own and is under the limit, each
            // symbol moves to the next row with no test; after that the row stays (the last row, or the limit is
            // reached and the next symbol is refused for it).
            // The inner loop tests one bound: it stops where `stepping` symbols would be reached if every byte were
            // one, and a formatting byte only sends it round again.
            let stepping = min(rules.rows, limit)
            // Eight digits at once while each of their positions takes a digit as itself: the byte loop's answer.
            let digitStop = min(rules.digitRows, stepping)
            while count &+ 8 <= digitStop && i &+ 8 <= n {
                let word = UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self)
                guard DigitWord.isAllDigits(word) else { break }
                UnsafeMutableRawPointer(dst + count).storeBytes(of: word, as: UInt64.self)
                i &+= 8
                count &+= 8
                row += 8 * 256
            }
            while i < n && count < stepping {
                let stop = min(n, i &+ (stepping &- count))
                while i < stop {
                    let symbol = row[Int(src[i])]
                    if symbol < 0x80 {
                        dst[count] = symbol
                        count &+= 1
                        i &+= 1
                        row += 256
                        continue
                    }
                    if symbol == ASCIIRules.formattingMark { i &+= 1; continue }
                    if symbol == ASCIIRules.nonASCIIMark { return (count, count, -2, false, false) }
                    return (count, count, i, false, false)
                }
            }
            while i < n {
                let symbol = row[Int(src[i])]
                if symbol < 0x80 {
                    if count >= limit { return (count, count, i, true, false) }
                    dst[count] = symbol
                    count &+= 1
                    i &+= 1
                    continue
                }
                if symbol == ASCIIRules.formattingMark { i &+= 1; continue }
                if symbol == ASCIIRules.nonASCIIMark { return (count, count, -2, false, false) }
                // The limit before the class, as `PasteFilter` does.
                return (count, count, i, count >= limit, false)
            }
            return (count, count, -1, false, false)
        }
        let rawCost = rules.rawCost
        var units = 0  // what the limit counts (a control is 0 columns wide)
        var separatorBefore = -1
        while i < n {
            let raw = src[i]
            let symbol = row[Int(raw)]
            if symbol == ASCIIRules.nonASCIIMark { return (count, units, -2, false, false) }
            if symbol == ASCIIRules.formattingMark {
                if dateSeparators {
                    guard DateSeparators.allowed(before: count, previous: separatorBefore) else {
                        return (count, units, i, false, true)
                    }
                    separatorBefore = count
                }
                i &+= 1
                continue
            }
            let grown = units &+ Int(rawCost[Int(raw)])
            // The limit before the class, as `PasteFilter` does.
            if grown > limit { return (count, units, i, true, false) }
            if symbol == ASCIIRules.refusedMark { return (count, units, i, false, false) }
            dst[count] = symbol
            count &+= 1
            units = grown
            i &+= 1
            if row != lastRow { row += 256 }
        }
        return (count, units, -1, false, false)
    }

    /// Index just after a paste prefix at the start of the line (matched on significant bytes), and the prefix;
    /// nil when there is none.
    /// The tables have 128 entries: a non-ASCII byte ends the match (the line then takes the general path anyway).
    private func prefixEnd(_ body: UnsafeBufferPointer<UInt8>) -> (Int, [UInt8])? {
        for prefix in ascii.prefixes {
            var i = 0, matched = 0
            while i < body.count && matched < prefix.count {
                let raw = body[i]
                i += 1
                if raw >= 0x80 { break }
                if ascii.formatting[Int(raw)] { continue }
                if ascii.normalized[Int(raw)] != prefix[matched] { break }
                matched += 1
            }
            guard matched == prefix.count else { continue }
            // Only a prefix when something significant follows it.
            var j = i
            while j < body.count && body[j] < 0x80 && ascii.formatting[Int(body[j])] { j += 1 }
            if j < body.count { return (j, prefix) }
        }
        return nil
    }

    private func verdict(bytes: [UInt8], characters: [Character]?) -> CheckResult {
        var value = bytes
        if rewritesValues, let upgraded = bytes.withUnsafeBufferPointer({ spec.canonical($0) }) {
            value = upgraded
        }
        if characters == nil && value == bytes && !hasLayout {
            return verdict(text: String(decoding: bytes, as: UTF8.self))
        }
        let rebuilt = characters == nil || value != bytes
        // Characters are made only for what reads them (templates, a date picker, the display as value or output):
        // a phone number, laid out live with no templates, is judged and written from its bytes.
        let readsSymbols = kindReadsSymbols || computesDisplay
            || (spec.valueForm == .display && value == bytes)
        let symbols: [Character]? = !rebuilt ? characters! : readsSymbols ? value.map { Character(Unicode.Scalar($0)) } : nil
        let count = rebuilt ? value.count : spec.countUnit.count(of: symbols!)
        let status = FieldStatus.of(symbols: symbols, utf8: value, count: count, spec: spec, context: context)
        let text = value == bytes
            ? symbols.map { spec.outputValue(symbols: $0) } ?? spec.outputValue(text: String(decoding: value, as: UTF8.self))
            : String(decoding: value, as: UTF8.self)
        guard computesDisplay, let symbols else { return result(status, value: text, display: "") }
        var display: String?
        if status == .valid, rewritesValues {
            display = value.withUnsafeBufferPointer { v in spec.validators.lazy.compactMap { $0.display(v) }.first }
        }
        return result(status, value: text, display: display ?? String(Formatter.format(symbols, as: spec.kind).display))
    }

    /// The verdict on a value of a field without templates, kept as text: its display is the value itself.
    private func verdict(text symbols: String) -> CheckResult {
        let count = spec.countUnit.count(of: symbols)
        let bytes = spec.validators.isEmpty ? [] : Array(symbols.utf8)
        let status = FieldStatus.of(symbols: nil, utf8: bytes, count: count, spec: spec, context: context)
        return result(status, value: spec.outputValue(text: symbols), display: symbols)
    }

    private func result(_ status: FieldStatus, value: String, display: String) -> CheckResult {
        switch status {
        case .valid: return CheckResult(value: value, display: display, issue: nil)
        // Nothing of a refused line is ever printed; keeping none of it makes every path's answer the same
        // (a line refused while read, `failed`, has no value either).
        case .incomplete(let m): return CheckResult(value: "", display: "", issue: ValidationIssue(m))
        case .invalid(let issue): return CheckResult(value: "", display: "", issue: issue)
        }
    }

    private func failed(_ issue: ValidationIssue, text: String) -> CheckResult {
        CheckResult(value: "", display: "", issue: issue)
    }

    static func unexpected(_ c: Character, column: Int, reason: String) -> String {
        // Controls are named, never echoed: C0, DEL and C1 (U+0080-U+009F, which terminals also obey); tab too,
        // since it would not show.
        let first = c.unicodeScalars.first!
        let shown = ControlCharacters.isControl(first) || first == "\t" ? ControlCharacters.name(first) : "'\(c)'"
        return tr("unexpected \(shown) at column \(column): \(reason)")
    }
}
