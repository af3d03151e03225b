extension PhoneLayout {
    /// The first problem with a value read as `reading` in this field: a value whose beginning typing would have
    /// refused gets the same message (a country or kind the field does not take, a plan's rule), so `check` says
    /// the same whichever way it reads the line; only refused values pay for looking.
    /// Here rather than on the validator: the layout is a class, so asking it copies none of the field's settings.
    func issue(of reading: Result<PhoneNumber, PhoneReadFailure>, _ value: UnsafeBufferPointer<UInt8>) -> ValidationIssue? {
        refusal(of: reading, value).map(PhoneLayout.issue)
    }

    /// The issue a refusal stands for: a number too short is incomplete (typing more may fix it).
    static func issue(_ refusal: LineRefusal) -> ValidationIssue {
        if case .phoneTooShort = refusal { return ValidationIssue(refusal.issue.message, incomplete: true) }
        return refusal.issue
    }

    /// `issue(of:)`, with the commonest refusals left unworded for `check`'s templates (`RefusalMessages`).
    func refusal(of reading: Result<PhoneNumber, PhoneReadFailure>, _ value: UnsafeBufferPointer<UInt8>) -> LineRefusal? {
        // Too short for a field that takes every number: more digits could make it one, so typing refused none
        // of it (a refusal needs every reading dead).
        let unrestricted = takesEveryNumber
        switch reading {
        case .success(let number):
            guard let verdict = wholeNumberIssue(number) else { return nil }
            if verdict.isIncomplete && unrestricted { return .issue(verdict) }
            return firstRefusalWords(value) ?? .issue(verdict)
        case .failure(let failure):
            if unrestricted && failure.isIncomplete { return failure.refusal(incomplete: true) }
            if let refusal = firstRefusalWords(value) { return refusal }
            // Typing refused none of it, so some reading can still become a number the field takes (or the digits
            // cannot be read yet: `00`): too short, never invalid, so the status never turns from invalid back to
            // incomplete or valid as digits are added (`00` then `0086 138…`). A worded failure keeps its words.
            if case .worded = failure.cause { return .issue(failure.issue) }
            return failure.refusal(incomplete: true)
        }
    }

    /// What is wrong with a valid number for this field: of a country or kind the field does not take.
    private func wholeNumberIssue(_ number: PhoneNumber) -> ValidationIssue? {
        // Most fields take every valid number: settled without copying the optional grouping.
        if takesEveryNumber { return nil }
        if !regions.isEmpty && !(soleRegion.map { $0 == number.region } ?? regions.contains(number.region)) {
            let name = names[number.region].map { "\(number.region) (\($0))" } ?? number.region
            return ValidationIssue(tr("a number of \(name); this field takes \(regions.sorted().joined(separator: ", "))"))
        }
        // The kinds are looked up only for a field that restricts them (most valid lines need no lookup), and listed
        // only for a number of none of them (the message names its kinds): one that is of a wanted kind is found by
        // walking those kinds' patterns, with no list made.
        if !kinds.isEmpty, !isOfWantedKind(number), case let found = number.kinds(metadata: metadata), kinds.isDisjoint(with: found) {
            let wanted = PhoneKind.describe(kinds)
            if found.isEmpty { return ValidationIssue(tr("not a \(wanted) number")) }
            return ValidationIssue(tr("not a \(wanted) number (a \(found.map(\.localizedName).joined(separator: ", ")) number)"))
        }
        if groupingRefuses, let grouping, let reason = grouping.refusal(Array(number.nationalNumber.utf8)) { return ValidationIssue(reason, at: 0) }
        return nil
    }

    /// Whether a valid number is of one of the kinds the field takes: `number.kinds` meets `kinds` (what decides
    /// it below), asked of the wanted kinds' patterns alone.
    private func isOfWantedKind(_ number: PhoneNumber) -> Bool {
        // The number's region among its calling code's (an array, not a hashed look-up by code).
        guard let region = metadata.sharing[number.callingCode]?.first(where: { $0.code == number.region }) ?? metadata.regions[number.region]
        else { return false }
        let wanted = kindList
        // The digits (0-9) in temporary space: walked once per kind, faster than through the string each time.
        var national = number.nationalNumber
        return national.withUTF8 { utf8 in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count) { digits in
                for i in 0..<utf8.count { digits[i] = utf8[i] &- 0x30 }
                let view = UnsafeBufferPointer(digits)
                return region.kinds.contains { kind in wanted.contains(kind.0) && kind.1.matches(view) }
            }
        }
    }
}
