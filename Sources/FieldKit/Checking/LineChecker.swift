/// Checks whole values the way `fieldline check` does: each line is filtered like a paste into an empty field,
/// but a character the field refuses makes the line invalid instead of being dropped.
public struct LineChecker: Sendable {
    /// The field the lines are checked against.
    public let spec: FieldSpec
    /// Outside facts (today's date).
    public let context: ValidationContext
    private let ascii: ASCIIRules
    /// The ASCII fast path needs nothing the byte tables cannot express.
    private let fastPathUsable: Bool

    /// A checker for one field.
    public init(spec: FieldSpec, context: ValidationContext) {
        self.spec = spec
        self.context = context
        self.ascii = ASCIIRules(spec: spec)
        self.fastPathUsable = spec.refusedOptions.isEmpty && !spec.requiresExactTemplate
            && spec.pastePrefixes.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII } }
    }

    /// Check one line (without its newline; a trailing CR is ignored).
    public func check(_ line: UnsafeBufferPointer<UInt8>) -> CheckResult { check(line, fastPath: true) }

    /// Check one line, optionally forcing the engine path (tests compare the two).
    func check(_ line: UnsafeBufferPointer<UInt8>, fastPath: Bool) -> CheckResult {
        var end = line.count
        if end > 0 && line[end - 1] == 0x0D { end -= 1 }
        let body = UnsafeBufferPointer(rebasing: line[0..<end])
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

    /// The engine path: a Field takes the line as one paste; refusals become the line's issue.
    func slowCheck(_ body: UnsafeBufferPointer<UInt8>) -> CheckResult {
        guard let text = String(validating: body, as: UTF8.self) else {
            return failed(ValidationIssue("not valid UTF-8 text"), text: "")
        }
        var field = Field(spec: spec, context: context)
        let outcome = field.insert(text)
        if let refusal = outcome.firstRefusal, outcome.refusedForKind {
            return failed(ValidationIssue(refusal.reason, at: 0), text: text)
        }
        if let refusal = outcome.firstRefusal {
            return failed(ValidationIssue(LineChecker.unexpected(refusal.character, column: refusal.offset + 1, reason: refusal.reason), at: nil), text: text)
        }
        if outcome.truncated {
            let total = spec.countUnit.count(of: Array(text).filter { !spec.isIgnorable($0) })
            return failed(ValidationIssue("at most \(spec.units(spec.limit ?? 0)), has \(total)", at: spec.limit), text: text)
        }
        return verdict(bytes: Array(field.value.utf8), characters: field.state.symbols)
    }

    /// The byte path for ASCII lines: nil when the line has non-ASCII bytes.
    private func fastFilter(_ body: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], ValidationIssue>? {
        for b in body where b >= 0x80 { return nil }
        var start = 0
        if body.count > 1 && !ascii.prefixes.isEmpty { start = prefixEnd(body) }
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        let limit = spec.limit ?? Int.max
        let isPaste = body.count > 1
        var i = start
        while i < body.count {
            let raw = body[i]
            if isPaste && ascii.ignorable[Int(raw)] { i += 1; continue }
            let b = ascii.normalized[Int(raw)]
            if out.count + 1 > limit {
                var total = out.count
                for j in i..<body.count where !ascii.ignorable[Int(body[j])] { total += 1 }
                return .failure(ValidationIssue("at most \(spec.units(limit)), has \(total)", at: limit))
            }
            if !ascii.allows(b, at: out.count) {
                let cls = spec.symbols.symbolClass(at: out.count)
                let reason = "position \(out.count + 1) takes \(cls.name)"
                return .failure(ValidationIssue(LineChecker.unexpected(Character(Unicode.Scalar(raw)), column: i + 1, reason: reason)))
            }
            out.append(b)
            i += 1
        }
        return .success(out)
    }

    /// Index just after a paste prefix at the start of the line (matched on significant bytes), or 0.
    private func prefixEnd(_ body: UnsafeBufferPointer<UInt8>) -> Int {
        for prefix in ascii.prefixes {
            var i = 0, matched = 0
            while i < body.count && matched < prefix.count {
                let raw = body[i]
                i += 1
                if ascii.ignorable[Int(raw)] { continue }
                if ascii.normalized[Int(raw)] != prefix[matched] { break }
                matched += 1
            }
            guard matched == prefix.count else { continue }
            // Only a prefix when something significant follows it.
            var j = i
            while j < body.count && ascii.ignorable[Int(body[j])] { j += 1 }
            if j < body.count { return j }
        }
        return 0
    }

    private func verdict(bytes: [UInt8], characters: [Character]?) -> CheckResult {
        var value = bytes
        if spec.upgradesLegacyID && bytes.count == 15,
           let upgraded = bytes.withUnsafeBufferPointer({ ResidentID.upgradeLegacy($0) }) {
            value = upgraded
        }
        let symbols = (characters == nil || value != bytes) ? value.map { Character(Unicode.Scalar($0)) } : characters!
        let count = characters == nil || value != bytes ? value.count : spec.countUnit.count(of: symbols)
        let status = FieldStatus.of(symbols: symbols, utf8: value, count: count, spec: spec, context: context)
        let text = String(decoding: value, as: UTF8.self)
        let display = String(Formatter.format(symbols, with: spec.templates).display)
        switch status {
        case .valid: return CheckResult(value: text, display: display, issue: nil)
        case .incomplete(let m): return CheckResult(value: text, display: display, issue: ValidationIssue(m))
        case .invalid(let issue): return CheckResult(value: text, display: display, issue: issue)
        }
    }

    private func failed(_ issue: ValidationIssue, text: String) -> CheckResult {
        CheckResult(value: "", display: "", issue: issue)
    }

    static func unexpected(_ c: Character, column: Int, reason: String) -> String {
        let shown = c.unicodeScalars.first!.value < 0x20 || c == "\u{7F}"
            ? "U+" + String(c.unicodeScalars.first!.value, radix: 16, uppercase: true) : "'\(c)'"
        return "unexpected \(shown) at column \(column): \(reason)"
    }
}
