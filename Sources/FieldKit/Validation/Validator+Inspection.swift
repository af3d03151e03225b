extension Validator {
    /// The name a keymap file gives this validator (`gb11643`, `range`, `phone`, a registered one's).
    public var writtenName: String {
        switch self {
        case .cnMobile: return "cn-mobile"
        case .gb11643: return "gb11643"
        case .date: return "date"
        case .luhn: return "luhn"
        case .ipv4: return "ipv4"
        case .hostname: return "hostname"
        case .email: return "email"
        case .semver: return "semver"
        case .range: return "range"
        case .regex: return "regex"
        case .custom(let name, _): return name
        }
    }

    /// Its parameters as `fieldline inspect` shows them: what the keymap set, typed (numbers as numbers, texts in
    /// every language given).
    public var parameters: [(String, JSONText.Value)] {
        switch self {
        case .cnMobile, .date, .luhn, .ipv4, .hostname, .email, .semver: return []
        case .gb11643(let acceptsLegacy): return acceptsLegacy ? [("upgrade-legacy", .bool(true))] : []
        case .range(let min, let max): return [("min", .int(min)), ("max", .int(max))]
        case .regex(let pattern, let message):
            var out: [(String, JSONText.Value)] = [("pattern", .string(pattern.source))]
            if let message { out.append(("message", message.jsonValue)) }
            return out
        case .custom(_, let validator): return validator.parameters
        }
    }
}

extension LanguageTexts {
    /// The texts as a JSON object of language code to text, in `Language` order.
    public var jsonValue: JSONText.Value {
        .object(Language.allCases.compactMap { language in byLanguage[language.rawValue].map { (language.rawValue, .string($0)) } })
    }
}
