#if canImport(Glibc)
import Glibc
#endif

extension LineChecker {
    /// Check one line and, when it is valid, append its canonical value's UTF-8 to `out`.
    ///
    /// This is `check(_:)` without building Characters or the display: for ASCII input it touches only bytes
    /// and a scratch buffer, which is what lets `fieldline check` run millions of lines a second.
    public func appendValue(of line: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], scratch: inout [UInt8]) -> ValidationIssue? {
        appendValueOrRefusal(of: line, to: &out, scratch: &scratch)?.issue
    }

    /// `appendValue`, with the commonest refusals left unworded for `RefusalMessages` to write as bytes.
    public func appendValueOrRefusal(of line: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], scratch: inout [UInt8]) -> LineRefusal? {
        valueOrRefusal(of: line, to: &out, scratch: &scratch)
    }

    /// `appendValueOrRefusal` into a `ByteWriter` (`check`'s per-line path): the same code, specialised for it.
    public func appendValueOrRefusal(of line: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter, scratch: inout [UInt8]) -> LineRefusal? {
        valueOrRefusal(of: line, to: &out, scratch: &scratch)
    }

    private func valueOrRefusal<Sink: ByteSink & ~Copyable>(of line: UnsafeBufferPointer<UInt8>, to out: inout Sink,
                                                            scratch: inout [UInt8]) -> LineRefusal? {
        if line.count > LineChecker.maxLineBytes { return .issue(LineChecker.overLongLine) }
        var end = line.count
        if end > 0 && line[end - 1] == 0x0D { end -= 1 }
        let body = UnsafeBufferPointer(rebasing: line[0..<end])
        if let judging, let verdict = judgedValue(of: body, by: judging.validator, to: &out, scratch: &scratch) { return verdict }
        guard bytesAreValue, let issue = fastFilter(body, into: &scratch) else {
            let result = check(line)
            if result.issue == nil { var value = result.value; value.withUTF8 { out.appendBytes($0) } }
            return result.issue.map { .issue($0) }
        }
        if let problem = issue.problem { return .issue(problem) }
        let count = issue.count
        return scratch.withUnsafeBufferPointer { all -> LineRefusal? in
            let bytes = UnsafeBufferPointer(rebasing: all[0..<count])
            if count < minLength { return .issue(ValidationIssue(spec.shortMessage(count: count))) }
            if count == 0 { return nil }
            for validator in plainValidators {
                if let refusal = validator.refusal(bytes, context: context, all: validators) { return refusal }
            }
            out.appendBytes(bytes)
            return nil
        }
    }
}

extension LineChecker {
    /// `check(_:)`'s value and issue without the display, for a batch that stores values (an import): the byte
    /// path of `appendValue` where it answers as the general path does, `check` itself elsewhere. `out` and
    /// `scratch` are the caller's buffers, reused from value to value.
    /// Where the byte path is taken: a field whose one validator judges (`judging`), or whose filtered bytes are its
    /// value and are printable ASCII (so the byte count is what every count unit counts).
    public func storedValue(of line: UnsafeBufferPointer<UInt8>, out: inout [UInt8], scratch: inout [UInt8]) -> (value: String, issue: ValidationIssue?) {
        storedValue(of: line, given: nil, out: &out, scratch: &scratch)
    }

    /// `storedValue` of a string: a value stored as it was given is that string, not a new one made of its bytes.
    public func storedValue(of text: String, out: inout [UInt8], scratch: inout [UInt8]) -> (value: String, issue: ValidationIssue?) {
        var bytes = text
        return bytes.withUTF8 { storedValue(of: $0, given: text, out: &out, scratch: &scratch) }
    }

    /// `given`: the string `line` holds, returned as the value when the value is its bytes.
    private func storedValue(of line: UnsafeBufferPointer<UInt8>, given: String?, out: inout [UInt8],
                             scratch: inout [UInt8]) -> (value: String, issue: ValidationIssue?) {
        guard judging != nil || (bytesAreValue && printable) else {
            let result = check(line)
            return (result.value, result.issue)
        }
        out.removeAll(keepingCapacity: true)
        // The general path keeps an incomplete value's message only (its status drops the position).
        if let issue = appendValue(of: line, to: &out, scratch: &scratch) {
            return ("", issue.isIncomplete ? ValidationIssue(issue.message) : issue)
        }
        if let given, !line.isEmpty, out.count == line.count, out.withUnsafeBufferPointer({ memcmp($0.baseAddress!, line.baseAddress!, line.count) == 0 }) {
            return (given, nil)
        }
        return (String(decoding: out, as: UTF8.self), nil)
    }
}

extension LineChecker {
    /// `appendValue` for a field whose one validator rewrites values (`judging`): the value and its issue in one
    /// step. Nil when the general path must decide: a non-ASCII line, an empty one, or a length rule that the
    /// value as typed or as rewritten meets (those are rare, and the general path words them).
    private func judgedValue<Sink: ByteSink & ~Copyable>(of body: UnsafeBufferPointer<UInt8>, by validator: any FieldValidator,
                                                         to out: inout Sink, scratch: inout [UInt8]) -> LineRefusal?? {
        guard let filtered = fastFilter(body, into: &scratch) else { return nil }
        if let problem = filtered.problem { return .some(.issue(problem)) }
        let count = filtered.count
        guard count > 0, count >= minLength else { return nil }
        let (canonical, refusal) = scratch.withUnsafeBufferPointer {
            validator.judgeRefusal(UnsafeBufferPointer(rebasing: $0[0..<count]), context: context)
        }
        let stored = canonical?.count ?? count
        guard stored > 0, stored >= minLength, stored <= limit else { return nil }
        // The general path's status keeps an incomplete value's message only (as a template's refusal words it).
        if let refusal {
            guard case .issue(let issue) = refusal else { return .some(refusal) }
            return .some(.issue(issue.isIncomplete ? ValidationIssue(issue.message) : issue))
        }
        if let canonical {
            canonical.withUnsafeBufferPointer { out.appendBytes($0) }
        } else {
            scratch.withUnsafeBufferPointer { out.appendBytes(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
        return .some(nil)
    }
}

/// A validator as a trivial enum, for the per-line loop; parameterised ones point back at the full value.
/// Why a short list: calling the three commonest validators without copying `Validator` (whose payload cases
/// retain and release) saves a retain and release per line on `check`'s hot path.
/// Each case calls the validator's own function, so there is no second copy of any rule.
enum PlainValidator: Sendable {
    case gb11643, cnMobile, luhn
    case other(Int)

    init(_ validator: Validator, index: Int) {
        switch validator {
        case .gb11643(acceptsLegacy: false): self = .gb11643
        case .cnMobile: self = .cnMobile
        case .luhn: self = .luhn
        default: self = .other(index)
        }
    }

    @inline(__always)
    func refusal(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext, all: [Validator]) -> LineRefusal? {
        switch self {
        case .gb11643: return ResidentID.refusal(value, context: context)
        case .cnMobile: return MobileNumberCN.issue(value).map { .issue($0) }
        case .luhn: return Luhn.issue(value).map { .issue($0) }
        case .other(let i): return all[i].issue(value, context: context).map { .issue($0) }
        }
    }
}

extension LineChecker {
    /// Whether `storedValue` takes an ASCII line's bytes (`appendValue`'s byte path) rather than checking it
    /// through the general path: a few hundred instructions a value, not thousands.
    var checksASCIIBytes: Bool { judging != nil || (bytesAreValue && printable) }
}
