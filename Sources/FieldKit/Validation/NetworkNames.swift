/// IPv4 addresses, host names and e-mail addresses, checked leniently the way a form should.
enum NetworkNames {
    /// Four dot-separated numbers 0-255, no leading zeros (`010` is ambiguous: octal to some parsers).
    static func ipv4Issue(_ text: String) -> ValidationIssue? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return ValidationIssue(tr("an IPv4 address has 4 numbers separated by dots")) }
        var offset = 0
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(part) else {
                return ValidationIssue(tr("each part of an IPv4 address is a number 0-255"), at: offset)
            }
            if n > 255 { return ValidationIssue(tr("\(n) is more than 255"), at: offset) }
            if part.count > 1 && part.first == "0" { return ValidationIssue(tr("\(part) has a leading zero"), at: offset) }
            offset += part.count + 1
        }
        return nil
    }

    /// Labels of 1-63 letters, digits and inner hyphens; 253 characters at most (RFC 1123), not counting the root
    /// dot a fully qualified name may end with; the last (top-level) label not all digits (RFC 1123 §2.1, RFC 3696
    /// §2: `1.2.3.4` would read as an IP address, which the ipv4 keymap takes).
    static func hostnameIssue(_ text: String) -> ValidationIssue? {
        let trimmed = text.hasSuffix(".") ? String(text.dropLast()) : text
        guard !trimmed.isEmpty, trimmed.count <= 253 else { return ValidationIssue(tr("a host name has 1 to 253 characters")) }
        var offset = 0
        for label in trimmed.split(separator: ".", omittingEmptySubsequences: false) {
            if label.isEmpty { return ValidationIssue(tr("empty label (two dots in a row?)"), at: offset) }
            if label.count > 63 { return ValidationIssue(tr("a label has at most 63 characters"), at: offset) }
            if label.first == "-" || label.last == "-" {
                return ValidationIssue(tr("a label cannot start or end with a hyphen"), at: offset)
            }
            if let bad = label.firstIndex(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")) }) {
                return ValidationIssue(tr("'\(label[bad])' is not allowed in a host name"), at: offset + label.distance(from: label.startIndex, to: bad))
            }
            offset += label.count + 1
        }
        if let last = trimmed.split(separator: ".", omittingEmptySubsequences: false).last,
           last.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return ValidationIssue(tr("the top-level domain cannot be all digits"), at: trimmed.count - last.count)
        }
        return nil
    }

    /// One `@`; a local part that is an RFC 5322 dot-atom of at most 64 characters (quoted local parts such as
    /// `"a b"@example.com` are refused: forms rarely mean them); a domain that is a host name (RFC 1123) with at
    /// least one inner dot and no root dot at the end.
    static func emailIssue(_ text: String) -> ValidationIssue? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return ValidationIssue(tr("an e-mail address has exactly one @")) }
        let local = parts[0], domain = String(parts[1])
        if local.isEmpty { return ValidationIssue(tr("nothing before the @"), at: 0) }
        if local.count > 64 { return ValidationIssue(tr("the part before the @ has at most 64 characters"), at: 0) }
        if let issue = dotAtomIssue(local) { return issue }
        let domainStart = local.count + 1
        if domain.hasSuffix(".") {
            return ValidationIssue(tr("the domain cannot end with a dot"), at: domainStart + domain.count - 1)
        }
        if !domain.contains(".") { return ValidationIssue(tr("the domain needs a dot, e.g. example.com"), at: domainStart) }
        if let issue = hostnameIssue(domain) {
            return ValidationIssue(issue.message, at: issue.position.map { $0 + domainStart })
        }
        return domainLabelsIssue(domain).map { ValidationIssue($0.message, at: $0.position.map { $0 + domainStart }) }
    }

    /// The rules an e-mail domain's labels keep beyond a host name's (`hostnameIssue`, which refuses an all-digit
    /// top-level label): a label with `--` in places 3 and 4 is an encoded one (RFC 5891 §4.2.3.1: only `xn--` is),
    /// an `xn--` label is a valid A-label (RFC 5890/5891, `IDNALabel`), and when one label is right-to-left every
    /// label keeps the Bidi Rule (RFC 5893 §2: `418.xn--4gbrim`, 418.موقع, is refused for its `418`).
    static func domainLabelsIssue(_ domain: String) -> ValidationIssue? {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        var offset = 0
        // Each label as the characters it stands for (an A-label decoded), for the Bidi Rule of the whole domain.
        var decoded: [[Unicode.Scalar]] = []
        for label in labels {
            defer { offset += label.count + 1 }
            let bytes = Array(label.utf8)
            guard bytes.count >= 4, bytes[2] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: "-") else {
                decoded.append(Array(label.unicodeScalars))
                continue
            }
            guard label.lowercased().hasPrefix("xn--") else {
                return ValidationIssue(tr("'\(label)' has -- in places 3 and 4, which only an encoded name (xn--) may have"), at: offset)
            }
            if let problem = IDNALabel.aLabelProblem(label) { return ValidationIssue(problem, at: offset) }
            decoded.append(Punycode.decode(label.lowercased().dropFirst(4)) ?? [])
        }
        guard decoded.contains(where: IDNALabel.isRightToLeft) else { return nil }
        offset = 0
        for (label, scalars) in zip(labels, decoded) {
            defer { offset += label.count + 1 }
            if let problem = IDNALabel.bidiDomainLabelProblem(scalars) {
                return ValidationIssue(tr("'\(label)', \(problem), in a domain with right-to-left labels"), at: offset)
            }
        }
        return nil
    }

    /// The characters RFC 5322 allows in an atom besides letters and digits.
    private static let atomSymbols = Set("!#$%&'*+-/=?^_`{|}~")

    /// An RFC 5322 dot-atom: atoms of letters, digits and `atomSymbols`, joined by single dots.
    private static func dotAtomIssue(_ local: Substring) -> ValidationIssue? {
        var offset = 0
        for atom in local.split(separator: ".", omittingEmptySubsequences: false) {
            if atom.isEmpty {
                return ValidationIssue(tr("the part before the @ cannot start or end with a dot, or have two in a row"), at: max(0, offset - 1))
            }
            if let bad = atom.firstIndex(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || atomSymbols.contains($0))) }) {
                return ValidationIssue(tr("'\(atom[bad])' is not allowed before the @ (quoted names are not accepted)"),
                                       at: offset + atom.distance(from: atom.startIndex, to: bad))
            }
            offset += atom.count + 1
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
        guard numbers.count == 3 else { return ValidationIssue(tr("a version is MAJOR.MINOR.PATCH, e.g. 1.4.2")) }
        for n in numbers {
            guard !n.isEmpty, n.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return ValidationIssue(tr("MAJOR, MINOR and PATCH are numbers"))
            }
            if n.count > 1 && n.first == "0" { return ValidationIssue(tr("\(n) has a leading zero")) }
        }
        for (part, isPreRelease) in [(pre, true), (build, false)] {
            guard let part else { continue }
            for id in part.split(separator: ".", omittingEmptySubsequences: false) {
                if id.isEmpty { return ValidationIssue(isPreRelease ? tr("empty pre-release identifier") : tr("empty build identifier")) }
                if !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
                    return ValidationIssue(isPreRelease ? tr("pre-release identifiers use letters, digits and hyphens")
                                                        : tr("build identifiers use letters, digits and hyphens"))
                }
                if isPreRelease, id.count > 1, id.first == "0", id.allSatisfy({ $0.isNumber }) {
                    return ValidationIssue(tr("numeric pre-release identifier \(id) has a leading zero"))
                }
            }
        }
        return nil
    }
}
