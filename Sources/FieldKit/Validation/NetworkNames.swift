/// IPv4 addresses, host names and e-mail addresses, checked leniently the way a form should.
enum NetworkNames {
    /// Four dot-separated numbers 0-255, no leading zeros (`010` is ambiguous: octal to some parsers).
    static func ipv4Issue(_ text: String) -> ValidationIssue? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return ValidationIssue("an IPv4 address has 4 numbers separated by dots") }
        var offset = 0
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(part) else {
                return ValidationIssue("each part of an IPv4 address is a number 0-255", at: offset)
            }
            if n > 255 { return ValidationIssue("\(n) is more than 255", at: offset) }
            if part.count > 1 && part.first == "0" { return ValidationIssue("\(part) has a leading zero", at: offset) }
            offset += part.count + 1
        }
        return nil
    }

    /// Labels of 1-63 letters, digits and inner hyphens; 253 characters at most (RFC 1123).
    static func hostnameIssue(_ text: String) -> ValidationIssue? {
        guard !text.isEmpty, text.count <= 253 else { return ValidationIssue("a host name has 1 to 253 characters") }
        var offset = 0
        let trimmed = text.hasSuffix(".") ? String(text.dropLast()) : text
        for label in trimmed.split(separator: ".", omittingEmptySubsequences: false) {
            if label.isEmpty { return ValidationIssue("empty label (two dots in a row?)", at: offset) }
            if label.count > 63 { return ValidationIssue("a label has at most 63 characters", at: offset) }
            if label.first == "-" || label.last == "-" {
                return ValidationIssue("a label cannot start or end with a hyphen", at: offset)
            }
            if let bad = label.firstIndex(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")) }) {
                return ValidationIssue("'\(label[bad])' is not allowed in a host name", at: offset + label.distance(from: label.startIndex, to: bad))
            }
            offset += label.count + 1
        }
        return nil
    }

    /// One `@`, a non-empty local part of at most 64 characters, a host name domain with at least one dot.
    static func emailIssue(_ text: String) -> ValidationIssue? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return ValidationIssue("an e-mail address has exactly one @") }
        let local = parts[0], domain = String(parts[1])
        if local.isEmpty { return ValidationIssue("nothing before the @", at: 0) }
        if local.count > 64 { return ValidationIssue("the part before the @ has at most 64 characters", at: 0) }
        if !domain.contains(".") { return ValidationIssue("the domain needs a dot, e.g. example.com", at: local.count + 1) }
        if let issue = hostnameIssue(domain) {
            return ValidationIssue(issue.message, at: issue.position.map { $0 + local.count + 1 })
        }
        return nil
    }
}

/// Semantic Versioning 2.0.0: `MAJOR.MINOR.PATCH`, optional `-prerelease` and `+build` identifiers.
enum SemanticVersion {
    static func issue(_ text: String) -> ValidationIssue? {
        var core = Substring(text), build: Substring?, pre: Substring?
        if let plus = core.firstIndex(of: "+") { build = core[core.index(after: plus)...]; core = core[..<plus] }
        if let dash = core.firstIndex(of: "-") { pre = core[core.index(after: dash)...]; core = core[..<dash] }
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3 else { return ValidationIssue("a version is MAJOR.MINOR.PATCH, e.g. 1.4.2") }
        for n in numbers {
            guard !n.isEmpty, n.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return ValidationIssue("MAJOR, MINOR and PATCH are numbers")
            }
            if n.count > 1 && n.first == "0" { return ValidationIssue("\(n) has a leading zero") }
        }
        for (part, name) in [(pre, "pre-release"), (build, "build")] {
            guard let part else { continue }
            for id in part.split(separator: ".", omittingEmptySubsequences: false) {
                if id.isEmpty { return ValidationIssue("empty \(name) identifier") }
                if !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
                    return ValidationIssue("\(name) identifiers use letters, digits and hyphens")
                }
                if name == "pre-release", id.count > 1, id.first == "0", id.allSatisfy({ $0.isNumber }) {
                    return ValidationIssue("numeric pre-release identifier \(id) has a leading zero")
                }
            }
        }
        return nil
    }
}
