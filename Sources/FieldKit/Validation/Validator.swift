/// A named check run on a complete value (the UTF-8 of its entered symbols): the built-in ones, or one a Swift
/// program registered (`custom`).
public enum Validator: Sendable, Equatable {
    /// China mobile number, `1[3-9]` and 9 more digits.
    case cnMobile
    /// GB 11643-1999 resident ID: province, birth date, check character. With `acceptsLegacy`, a 15-digit
    /// pre-1999 ID is accepted too and becomes its 18-digit form (`canonical`): the validator owns that rewrite.
    case gb11643(acceptsLegacy: Bool)
    /// A real calendar date written as 8 digits `yyyymmdd`.
    case date
    /// Luhn check digit.
    case luhn
    /// Dotted-quad IPv4 address, each part 0-255 without leading zeros.
    case ipv4
    /// DNS host name: dot-separated labels of letters, digits and inner hyphens.
    case hostname
    /// Lenient e-mail address: one `@`, a local part, a domain with a dot.
    case email
    /// Semantic version `MAJOR.MINOR.PATCH[-pre][+build]`.
    case semver
    /// A whole number within bounds (digits only).
    case range(min: Int, max: Int)
    /// The whole value matches a regular expression (compiled when the keymap loads); `message` replaces the
    /// default explanation.
    case regex(pattern: RegexPattern, message: LanguageTexts?)
    /// A validator registered with the keymap loader under `name` (see `FieldValidator`).
    case custom(name: String, validator: any FieldValidator)

    /// Built-ins are equal by kind and parameters; registered ones by name.
    public static func == (a: Validator, b: Validator) -> Bool {
        switch (a, b) {
        case (.gb11643(let x), .gb11643(let y)): return x == y
        case (.cnMobile, .cnMobile), (.date, .date), (.luhn, .luhn), (.ipv4, .ipv4),
             (.hostname, .hostname), (.email, .email), (.semver, .semver):
            return true
        case (.range(let a1, let a2), .range(let b1, let b2)): return a1 == b1 && a2 == b2
        case (.regex(let p, let m), .regex(let q, let n)): return p == q && m == n
        case (.custom(let x, _), .custom(let y, _)): return x == y
        default: return false
        }
    }

    /// Names as written in keymap files.
    public static let names = ["cn-mobile", "gb11643", "date", "luhn", "ipv4", "hostname", "email", "semver", "range", "regex", "phone"]

    /// A validator without parameters, by name.
    public static func named(_ name: String) -> Validator? {
        switch name {
        case "cn-mobile": return .cnMobile
        case "gb11643": return .gb11643(acceptsLegacy: false)
        case "date": return .date
        case "luhn": return .luhn
        case "ipv4": return .ipv4
        case "hostname": return .hostname
        case "email": return .email
        case "semver": return .semver
        default: return nil
        }
    }

    /// The first problem with the value, or nil if it passes.
    public func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
        switch self {
        case .cnMobile: return MobileNumberCN.issue(value)
        case .gb11643(let acceptsLegacy):
            if acceptsLegacy, let upgraded = canonical(value) {
                return upgraded.withUnsafeBufferPointer { ResidentID.issue($0, context: context) }
            }
            return ResidentID.issue(value, context: context)
        case .date: return Validator.dateIssue(value)
        case .luhn: return Luhn.issue(value)
        case .ipv4: return NetworkNames.ipv4Issue(String(decoding: value, as: UTF8.self))
        case .hostname: return NetworkNames.hostnameIssue(String(decoding: value, as: UTF8.self))
        case .email: return NetworkNames.emailIssue(String(decoding: value, as: UTF8.self))
        case .semver: return SemanticVersion.issue(String(decoding: value, as: UTF8.self))
        case .range(let min, let max):
            guard let n = value.decimal(0..<value.count), value.count <= 18 else { return ValidationIssue(tr("must be a whole number")) }
            if n < min || n > max { return ValidationIssue(tr("must be from \(min) to \(max), not \(n)")) }
            return nil
        case .regex(let pattern, let message):
            switch pattern.wholeMatch(value) {
            case .matched: return nil
            case .differs: return ValidationIssue(message?.text ?? tr("does not match \(pattern.source)"))
            case .tooManySteps:
                return ValidationIssue(tr("the field's pattern needs more than \(RegexPattern.matchBudget) steps to judge this value"))
            }
        case .custom(_, let validator):
            return validator.issue(value, context: context)
        }
    }

    /// The value as it is to be stored when this validator rewrites it (a 15-digit legacy ID as 18 digits), or
    /// nil when it keeps it as it is. Length rules and the other validators judge the rewritten value.
    public func canonical(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        if case .gb11643(true) = self, value.count == 15 { return ResidentID.upgradeLegacy(value) }
        if case .custom(_, let validator) = self { return validator.canonical(value) }
        return nil
    }

    /// Whether it is the resident-ID validator (with or without the legacy upgrade).
    public var isResidentID: Bool { if case .gb11643 = self { true } else { false } }

    /// `validators` with the resident-ID validator's legacy upgrade switched on (`--upgrade-legacy`,
    /// `upgrade-legacy: true`).
    public static func acceptingLegacyIDs(_ validators: [Validator]) -> [Validator] {
        validators.map { $0.isResidentID ? .gb11643(acceptsLegacy: true) : $0 }
    }

    /// The live layout a configurable validator gives its field, if any.
    public var liveLayout: (any LiveLayout)? {
        guard case .custom(_, let validator) = self else { return nil }
        return validator.asConfigurable?.liveLayout
    }

    /// Whether `canonical` may rewrite a value.
    public var rewritesValues: Bool {
        if case .gb11643(true) = self { return true }
        if case .custom(_, let validator) = self { return validator.rewritesValues }
        return false
    }

    /// How a valid value is shown by `--output display`, when the validator decides it (nil: the field's display).
    public func display(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        if case .custom(_, let validator) = self { return validator.display(value) }
        return nil
    }

    /// Named parts decoded from a valid value (for JSON output); empty when the validator decodes nothing.
    public func decode(_ value: UnsafeBufferPointer<UInt8>) -> [(String, String)] {
        switch self {
        case .gb11643: return ResidentID.decode(value)
        case .custom(_, let validator): return validator.decode(value)
        case .date:
            guard value.count == 8, let y = value.decimal(0..<4), let m = value.decimal(4..<6), let d = value.decimal(6..<8)
            else { return [] }
            return [("date", CalendarDate.iso(year: y, month: m, day: d))]
        default: return []
        }
    }

    /// The part of `decode` named `name` (the first so named), or nil when it gives none: what a form's derived
    /// field reads, without making the parts it does not read where the validator can answer for one.
    public func decodedPart(_ name: String, of value: UnsafeBufferPointer<UInt8>) -> String? {
        if case .gb11643 = self { return ResidentID.decodedPart(name, of: value) }
        return decode(value).first { $0.0 == name }?.1
    }

    private static func dateIssue(_ value: UnsafeBufferPointer<UInt8>) -> ValidationIssue? {
        guard value.count == 8, let y = value.decimal(0..<4), let m = value.decimal(4..<6), let d = value.decimal(6..<8)
        else { return ValidationIssue(tr("a date has 8 digits, yyyymmdd")) }
        // Years run from 0001 (ISO 8601 without its extended range; no form means year 0).
        if y == 0 { return ValidationIssue(tr("there is no year 0000: dates run from 0001-01-01 to 9999-12-31"), at: 0) }
        if CalendarDate(year: y, month: m, day: d) == nil {
            return ValidationIssue(tr("no such date \(CalendarDate.iso(year: y, month: m, day: d))"), at: m < 1 || m > 12 ? 4 : 6)
        }
        return nil
    }
}
