extension CountyNames {
    /// Code → the names it has had, oldest first, built from `table` the first time a place is decoded.
    static let byCode: [Int: [DatedName]] = {
        var result: [Int: [DatedName]] = [:]
        result.reserveCapacity(8192)
        for line in table.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cells.count == 2, let code = Int(cells[0]) else { continue }
            result[code] = DatedName.parse(cells[1])
        }
        return result
    }()

    /// The prefecture (the name of the code's XXXX00) and county a six-digit code names for someone born in `year`,
    /// each chosen by `DatedName.choose`, or nil when the code is not one the table holds.
    static func place(of code: Int, bornIn year: Int) -> (prefecture: String, county: String)? {
        guard let county = byCode[code] else { return nil }
        let prefecture = byCode[code / 100 * 100].map { DatedName.choose($0, bornIn: year) } ?? ""
        return (prefecture, DatedName.choose(county, bornIn: year))
    }
}
