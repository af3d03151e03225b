internal import CPCRE2

/// A keymap's regular expression, compiled once when the keymap loads and matched with a hard step budget.
///
/// Patterns come from untrusted files: a backtracking engine (Swift's `Regex` is one) takes exponential
/// time on `^(a+)+$` and a value of 28 `a`s and `!`, on every key. PCRE2 (Debian's libpcre2) stops a match after
/// `matchBudget` steps, and that value is then refused with a message rather than accepted or left running.
/// Syntax and meaning are PCRE2's in UTF mode with Unicode properties (`.` is one code point; `\d` any digit).
public final class RegexPattern: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let source: String
    // Immutable after init, and PCRE2 matches one compiled pattern from many threads at once (each match has its
    // own match data): that is why the class may be shared (`@unchecked Sendable`).
    private let code: OpaquePointer
    private let limits: OpaquePointer

    /// Steps (PCRE2's match limit) one match may take; a few milliseconds at most.
    public static let matchBudget: UInt32 = 100_000
    /// The longest pattern accepted, in bytes.
    public static let largestPattern = 4096

    /// Why a pattern does not compile: PCRE2's message and the offset (in bytes) where it stopped.
    public struct CompileError: Error, Sendable, Equatable {
        /// PCRE2's message, e.g. `missing terminating ] for character class`.
        public let message: String
        /// Byte offset in the pattern.
        public let offset: Int
    }

    /// Compile `source`, or explain why it cannot be.
    public init(_ source: String) throws(CompileError) {
        self.source = source
        guard source.utf8.count <= RegexPattern.largestPattern else {
            throw CompileError(message: tr("longer than \(RegexPattern.largestPattern) bytes"), offset: 0)
        }
        var errorCode: Int32 = 0
        var errorOffset = 0
        let compiled = source.withCString { text in
            text.withMemoryRebound(to: UInt8.self, capacity: source.utf8.count) {
                pcre2_compile_8($0, source.utf8.count, UInt32(PCRE2_UTF | PCRE2_UCP), &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else {
            throw CompileError(message: RegexPattern.message(for: errorCode), offset: errorOffset)
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw CompileError(message: tr("out of memory"), offset: 0)
        }
        pcre2_set_match_limit_8(context, RegexPattern.matchBudget)
        pcre2_set_depth_limit_8(context, RegexPattern.matchBudget)
        code = compiled
        limits = context
    }

    deinit {
        pcre2_match_context_free_8(limits)
        pcre2_code_free_8(code)
    }

    /// How a match ended.
    public enum Outcome: Sendable, Equatable {
        /// The whole value matches.
        case matched
        /// The value does not match.
        case differs
        /// The step budget ran out before an answer.
        case tooManySteps
    }

    /// Whether the whole of `value` (UTF-8) matches.
    public func wholeMatch(_ value: UnsafeBufferPointer<UInt8>) -> Outcome {
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return .tooManySteps }
        defer { pcre2_match_data_free_8(data) }
        // An empty buffer may have no base address; PCRE2 wants a pointer even for length 0.
        let empty: [UInt8] = [0]
        let rc = empty.withUnsafeBufferPointer { fallback in
            pcre2_match_8(code, value.baseAddress ?? fallback.baseAddress!, value.count, 0,
                          UInt32(PCRE2_ANCHORED | PCRE2_ENDANCHORED), data, limits)
        }
        if rc >= 0 { return .matched }
        if rc == PCRE2_ERROR_NOMATCH { return .differs }
        return .tooManySteps  // the match or depth limit, or a resource limit: no verdict within the budget
    }

    /// Where a match anchored at the start of `value` ends and what each capture group holds (nil for a group
    /// that took no part), or nil when there is none (or the budget ran out): Python's `re.match`.
    public func prefixMatch(_ value: UnsafeBufferPointer<UInt8>) -> (end: Int, groups: [Range<Int>?])? {
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return nil }
        defer { pcre2_match_data_free_8(data) }
        let empty: [UInt8] = [0]
        let rc = empty.withUnsafeBufferPointer { fallback in
            pcre2_match_8(code, value.baseAddress ?? fallback.baseAddress!, value.count, 0, UInt32(PCRE2_ANCHORED), data, limits)
        }
        guard rc > 0, let ovector = pcre2_get_ovector_pointer_8(data) else { return nil }
        var groupCount: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_CAPTURECOUNT), &groupCount)
        // PCRE2_UNSET (all bits set) marks a group that took no part; groups past `rc - 1` took none either.
        let groups: [Range<Int>?] = (0..<Int(groupCount)).map { i in
            let start = ovector[2 * (i + 1)], end = ovector[2 * (i + 1) + 1]
            return i + 1 < Int(rc) && start != .max && start <= end ? Int(start)..<Int(end) : nil
        }
        return (Int(ovector[1]), groups)
    }

    /// Whether `value` matches from its start, or could if more were typed after it (PCRE2's hard partial
    /// match): a number being typed that may still become a match. False also when the budget runs out.
    public func mayMatchFromStart(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return false }
        defer { pcre2_match_data_free_8(data) }
        let empty: [UInt8] = [0]
        let rc = empty.withUnsafeBufferPointer { fallback in
            pcre2_match_8(code, value.baseAddress ?? fallback.baseAddress!, value.count, 0,
                          UInt32(PCRE2_ANCHORED | PCRE2_PARTIAL_HARD), data, limits)
        }
        return rc >= 0 || rc == PCRE2_ERROR_PARTIAL
    }

    public static func == (a: RegexPattern, b: RegexPattern) -> Bool { a.source == b.source }
    public var description: String { source }

    private static func message(for code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer[0..<Int(n)], as: UTF8.self) : "error \(code)"
    }
}
