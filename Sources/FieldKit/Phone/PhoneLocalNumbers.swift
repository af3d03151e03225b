/// A national prefix rule whose first alternative is a whole local number the transform rule gives its area code
/// (`([457]\d{6})$|1` → `268$1` in Antigua, `([0-24-8]\d{5})$|0|180020` → `1534$1` in Jersey): the local number's
/// pattern and the area code, so a local number still being typed has a reading before it matches whole.
final class LocalNumberRule: Sendable {
    /// The local number's pattern, anchored at its end (nil: the region has no such rule).
    let pattern: RegexPattern?
    /// The digits (0-9) the transform rule puts before the local number.
    let areaCode: [UInt8]

    init(pattern: RegexPattern?, areaCode: [UInt8]) {
        self.pattern = pattern
        self.areaCode = areaCode
    }

    /// The rule of `source`: its pattern opens with a group that ends the number (`(…)$`) as its first alternative,
    /// and its transform is digits then that group (`268$1`); an empty rule otherwise.
    convenience init(_ source: PhoneRegion.RewriteSource?) {
        guard let source, let inner = LocalNumberRule.firstGroupEndingTheNumber(source.pattern),
              source.transform.hasSuffix("$1") else {
            self.init(pattern: nil, areaCode: [])
            return
        }
        let area = source.transform.utf8.dropLast(2)
        guard !area.isEmpty, area.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let pattern = try? RegexPattern("(?:\(inner))$") else {
            self.init(pattern: nil, areaCode: [])
            return
        }
        self.init(pattern: pattern, areaCode: area.map { $0 - 0x30 })
    }

    /// The inside of a pattern's opening group when the group, followed by `$`, is the whole first alternative
    /// (`([457]\d{6})$|1` → `[457]\d{6}`); nil for any other shape.
    static func firstGroupEndingTheNumber(_ pattern: String) -> String? {
        let bytes = Array(pattern.utf8)
        guard bytes.first == UInt8(ascii: "(") else { return nil }
        var depth = 0, i = 0, inClass = false
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") { i += 2; continue }
            if inClass { if b == UInt8(ascii: "]") { inClass = false } }
            else if b == UInt8(ascii: "[") { inClass = true }
            else if b == UInt8(ascii: "(") { depth += 1 }
            else if b == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 {
                    let rest = bytes[(i + 1)...]
                    guard rest.first == UInt8(ascii: "$"), rest.count == 1 || rest.dropFirst().first == UInt8(ascii: "|") else { return nil }
                    let inner = bytes[1..<i]
                    // A group of its own (`(?:`, `(?<`) is not the capture the transform rule names.
                    guard inner.first != UInt8(ascii: "?") else { return nil }
                    return String(decoding: inner, as: UTF8.self)
                }
            }
            i += 1
        }
        return nil
    }
}

extension PhoneRegion {
    /// The region's local-number rule, worked out (and its pattern compiled) when first asked for.
    var localNumberRule: LocalNumberRule {
        if let known = localRule.value { return known }
        return localRule.storeIfNil(LocalNumberRule(rewriteSource))
    }

    /// The national number a local number being typed (digits 0-9) stands for, its area code first, while the
    /// digits are a local number or may still become one (`736` in Antigua: `268736`); nil otherwise, and for a
    /// region without such a rule. libphonenumber rewrites only a whole local number; this is the reading of
    /// the numbers on the way to one, so typing them refuses no key.
    func localNumberReading<C: Collection>(_ digits: C) -> [UInt8]? where C.Element == UInt8 {
        guard rewritesNationalPrefix, !digits.isEmpty else { return nil }
        let rule = localNumberRule
        guard let pattern = rule.pattern else { return nil }
        let text = digits.map { $0 &+ 0x30 }
        guard text.withUnsafeBufferPointer({ pattern.mayMatchFromStart($0) }) else { return nil }
        return rule.areaCode + digits
    }
}
