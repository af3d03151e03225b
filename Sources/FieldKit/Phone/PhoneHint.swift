/// Why a national number cannot be one of its region's, in the words of a numbering plan's rule users meet; nil
/// where no such rule explains it (the caller then says plainly that the number is not valid).
enum PhoneHint {
    /// The North American plan (calling code 1): a three-digit area code, then a three-digit exchange; neither
    /// starts 0 or 1, and an area code does not end 11 (N11 codes are services such as 411 and 911).
    static func explain(_ national: [UInt8], region: PhoneRegion) -> String? {
        guard region.callingCode == 1, let first = national.first else { return nil }
        let code = region.code.hasPrefix("+") ? "+1" : region.code
        if first < 2 { return tr("\(code) area codes do not start \(first)") }
        if national.count >= 3 && national[1] == 1 && national[2] == 1 {
            return tr("\(code) area codes do not end 11 (\(first)11 is a service number)")
        }
        if national.count >= 4 && national[3] < 2 { return tr("\(code) numbers do not start \(national[3]) after the area code") }
        return nil
    }
}
