extension Validator {
    /// The names of the parts `decode` gives for a valid value, known before any value is seen: a form's
    /// `from: FIELD.PART` is checked against them when the form loads.
    public var decodedPartNames: [String] {
        switch self {
        case .gb11643: return ResidentID.partNames
        case .date: return ["date"]
        case .custom(_, let validator): return validator.decodedPartNames
        default: return []
        }
    }
}

extension FieldSpec {
    /// Every part its validators decode from a valid stored value, in validator order: what `check --output json`
    /// gives as `decoded` and what a form's `from: FIELD.PART` takes.
    public func decodedParts(of value: String) -> [(name: String, value: String)] {
        var bytes = Array(value.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            validators.flatMap { $0.decode(UnsafeBufferPointer(buffer)) }.map { (name: $0.0, value: $0.1) }
        }
    }

    /// The first part named `name` that `decodedParts(of: value)` gives, or nil when none is so named.
    public func decodedPart(_ name: String, of value: String) -> String? {
        var text = value
        return text.withUTF8 { bytes in
            for validator in validators {
                if let part = validator.decodedPart(name, of: bytes) { return part }
            }
            return nil
        }
    }

    /// The part names its validators can decode, in validator order (each once).
    public var decodedPartNames: [String] {
        var names: [String] = []
        for name in validators.flatMap(\.decodedPartNames) where !names.contains(name) { names.append(name) }
        return names
    }
}
