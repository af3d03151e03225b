extension CountyNames {
    /// Code → (prefecture, county), built from `table` the first time a place is decoded.
    static let byCode: [Int: (prefecture: String, county: String)] = {
        var result: [Int: (prefecture: String, county: String)] = [:]
        result.reserveCapacity(4096)
        for line in table.utf8.split(separator: 0x0A) {
            let cells = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard cells.count == 3, let code = Int(String(decoding: cells[0], as: UTF8.self)) else { continue }
            result[code] = (String(decoding: cells[1], as: UTF8.self), String(decoding: cells[2], as: UTF8.self))
        }
        return result
    }()

    /// The prefecture and county a six-digit code names, or nil when the code is not one GB/T 2260 has had.
    static func place(of code: Int) -> (prefecture: String, county: String)? { byCode[code] }
}
