extension LineChecker {
    /// Check one line and, when it is valid, append its canonical value's UTF-8 to `out`.
    ///
    /// This is `check(_:)` without building Characters or the display: for ASCII input it touches only bytes
    /// and a scratch buffer, which is what lets `fieldline check` run millions of lines a second.
    public func appendValue(of line: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], scratch: inout [UInt8]) -> ValidationIssue? {
        var end = line.count
        if end > 0 && line[end - 1] == 0x0D { end -= 1 }
        let body = UnsafeBufferPointer(rebasing: line[0..<end])
        guard fastPathUsable, !spec.upgradesLegacyID, spec.valueForm == .symbols, spec.transforms.isEmpty, let issue = fastFilter(body, into: &scratch) else {
            let result = check(line)
            if result.issue == nil { out.append(contentsOf: result.value.utf8) }
            return result.issue
        }
        if let problem = issue.problem { return problem }
        let count = issue.count
        let status = scratch.withUnsafeBufferPointer { all -> ValidationIssue? in
            let bytes = UnsafeBufferPointer(rebasing: all[0..<count])
            if count < minLength { return ValidationIssue("needs \(spec.units(minLength)), has \(count)") }
            if count == 0 { return nil }
            for validator in validators {
                if let issue = validator.issue(bytes, context: context) { return issue }
            }
            return nil
        }
        if status == nil { out.append(contentsOf: scratch[0..<count]) }
        return status
    }
}
