import Synchronization

/// Every region of phone-regions.tsv, each made from its row the first time it is asked for (a binary search of the
/// sorted file): a phone field asks about its own region and the few sharing its calling code, and making all 254
/// (their automata decoded, their national-prefix patterns compiled) was most of its start-up.
public final class PhoneRegions: Sendable {
    /// The regions file, sorted by region code.
    private let file: SortedTableFile
    /// Where each region's numbers are read from.
    private let tables: PhoneTables
    /// The regions made so far, and the codes asked for that have none.
    private let made = Mutex<[String: PhoneRegion?]>([:])
    /// Each calling code's regions found so far, the main one first (read for every number checked).
    /// Made with the regions (16 KB for both tables), not lazily: a lazy table is one more retained load per look-up.
    private let sharingFound = SharingSlots()
    /// Each calling code's main region alone once made (a list of one), for the fields that need no other.
    private let mainFound = SharingSlots()
    /// Every region code and the regions of each calling code, read from three cells of every row when first needed.
    private let index = LazyReference<CallingCodeIndex>()

    /// Where each cell a region reads is in a row.
    private let columns: RegionColumns

    init(file: SortedTableFile, tables: PhoneTables) {
        self.file = file
        self.tables = tables
        self.columns = RegionColumns(file.columns)
    }

    /// The region with this code (`CN`, `+800`), nil when the metadata has none.
    public subscript(code: String) -> PhoneRegion? {
        if let known = made.withLock({ $0[code] }) { return known }
        let region: PhoneRegion?
        switch make(code) {
        case .success(let found): region = found
        // The shipped data is read whole by the tests (`PhoneMetadata.parse`); failing here means a broken build.
        case .failure(let problem): fatalError("phone metadata of \(code), line \(problem.line): \(problem.message)")
        }
        return made.withLock { regions in
            // Another thread may have made it meanwhile: one object per region, whichever came first.
            if let first = regions[code] { return first }
            regions[code] = region
            return region
        }
    }

    /// Every region code, sorted.
    public var codes: [String] { calling.codes }

    /// How many regions there are.
    public var count: Int { calling.codes.count }

    /// Calling code → its region codes, the main one first.
    var byCallingCode: [Int: [String]] { calling.byCode }

    /// The regions of a calling code, the main one first; nil when no region has it.
    func sharing(_ callingCode: Int) -> [PhoneRegion]? {
        guard callingCode >= 0 && callingCode < SharingSlots.count else { return nil }
        let slots = sharingFound
        // A code no region has is kept as an empty list too: typing `+9…` asks again after every digit.
        if let known = slots[callingCode] { return known.isEmpty ? nil : known }
        let regions = slots.store(codes(sharing: callingCode).compactMap { self[$0] }, at: callingCode)
        return regions.isEmpty ? nil : regions
    }

    /// The region codes of a calling code, the main one first, with no region made (a message names them).
    func codes(sharing callingCode: Int) -> [String] {
        if let index = index.value { return index.codes(of: callingCode) }
        return CallingCodeIndex.codes(of: callingCode, in: file)
    }

    /// The main region of a calling code, made alone: the 25 regions of +1 are made only when a number needs them.
    func main(of callingCode: Int) -> PhoneRegion? {
        guard callingCode >= 0 && callingCode < SharingSlots.count else { return nil }
        if let found = sharingFound[callingCode] { return found.first }
        let slots = mainFound
        if let known = slots[callingCode] { return known.first }
        // The rows of this one code, not the index of every code: a field asks for its own region's main one.
        let main = codes(sharing: callingCode).first.flatMap { self[$0] }
        return slots.store(main.map { [$0] } ?? [], at: callingCode).first
    }

    private var calling: CallingCodeIndex {
        if let index = index.value { return index }
        return index.storeIfNil(CallingCodeIndex(file))
    }

    /// The region of `code` made from its row, nil when the file has none; the problem of a malformed row (`check`:
    /// its national prefix rule compiled now, not when first used).
    func make(_ code: String, check: Bool = false) -> Result<PhoneRegion?, ChoiceListProblem> {
        var made: Result<PhoneRegion, RowProblem>?, offset = 0
        file.withRows(of: code) { at, row in
            (made, offset) = (PhoneRegions.region(row, columns: columns, tables: tables, check: check), at)
            return false
        }
        guard let made else { return .success(nil) }
        return made.map { $0 }.mapError { ChoiceListProblem(line: file.line(at: offset), $0.text) }
    }

    /// A malformed row's message.
    struct RowProblem: Error {
        /// What is wrong, for the user.
        let text: String
    }

    /// The columns a region is read from, by index (looked up by name once, not for each region made).
    struct RegionColumns {
        let code, callingCode, internationalPrefix, nationalPrefixForParsing, leadingDigits: Int?
        let nationalPrefix, prefixPattern, transform, main, possibleLengths, localOnlyLengths: Int?

        init(_ columns: [String: Int]) {
            code = columns["value"]
            callingCode = columns["calling_code"]
            internationalPrefix = columns["intl_prefix_dfa"]
            nationalPrefixForParsing = columns["national_prefix_for_parsing_dfa"]
            leadingDigits = columns["leading_digits_dfa"]
            nationalPrefix = columns["national_prefix"]
            prefixPattern = columns["national_prefix_for_parsing"]
            transform = columns["national_prefix_transform_rule"]
            main = columns["main_country_for_code"]
            possibleLengths = columns["possible_lengths"]
            localOnlyLengths = columns["possible_lengths_local_only"]
        }
    }

    /// The region a row describes, its automata decoded from the row's bytes. A national prefix rule that rewrites
    /// digits is compiled when first used (20 of the 25 regions of +1 have one, and a number needs one region's);
    /// `check` compiles it now, as `PhoneMetadata.parse` wants every problem found.
    static func region(_ row: RowCells, columns: RegionColumns, tables: PhoneTables, check: Bool = false) -> Result<PhoneRegion, RowProblem> {
        func dfa(_ column: Int?) -> DigitDFA?? {
            guard let bytes = row.bytes(column), !bytes.isEmpty else { return .some(nil) }
            return DigitDFA(bytes: bytes).map { .some($0) }
        }
        guard let code = row.string(columns.code), let calling = row.bytes(columns.callingCode).flatMap(decimal),
              let intl = dfa(columns.internationalPrefix), let npp = dfa(columns.nationalPrefixForParsing),
              let lead = dfa(columns.leadingDigits)
        else { return .failure(RowProblem(text: tr("a region row is malformed"))) }
        let prefix = row.string(columns.prefixPattern) ?? "", transform = row.string(columns.transform) ?? ""
        var rewrite: PhoneRegion.RewriteSource?
        if !transform.isEmpty || PhoneMetadata.hasCaptureGroup(prefix) {
            if check && (try? RegexPattern(prefix)) == nil {
                return .failure(RowProblem(text: tr("national_prefix_for_parsing does not compile")))
            }
            rewrite = PhoneRegion.RewriteSource(pattern: prefix, transform: transform)
        }
        return .success(PhoneRegion(
            code: code, callingCode: calling, internationalPrefix: intl,
            nationalPrefix: row.string(columns.nationalPrefix) ?? "", nationalPrefixForParsing: npp,
            isMainCountry: row.bytes(columns.main).map { $0.count == 1 && $0[0] == UInt8(ascii: "1") } ?? false,
            leadingDigits: lead, possibleLengths: lengths(row.bytes(columns.possibleLengths)),
            localOnlyLengths: lengths(row.bytes(columns.localOnlyLengths)), nationalPrefixRewrite: rewrite, tables: tables))
    }

    /// A cell of decimal digits as a number (at most 9 digits); nil for an empty or other cell.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var number = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            number = number * 10 + Int(byte - 0x30)
        }
        return number
    }

    /// A cell of comma-separated lengths (`7,8,10`); what is not a number is skipped, as `Int(_:)` skipped it.
    private static func lengths(_ bytes: UnsafeBufferPointer<UInt8>?) -> [Int] {
        guard let bytes, !bytes.isEmpty else { return [] }
        var found: [Int] = [], start = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: ",") {
            if let number = decimal(UnsafeBufferPointer(rebasing: bytes[start..<i])) { found.append(number) }
            start = i + 1
        }
        return found
    }
}

/// Every region code of the regions file with its calling code and whether it is that code's main region, read
/// from three cells of each row (found with memchr from tab to tab, no row split whole).
private final class CallingCodeIndex: Sendable {
    let codes: [String]
    private let callingCodes: [Int]
    private let main: [Bool]
    /// Calling code → its region codes, made when first asked for (a field asks for one code's).
    private let grouped = LazyReference<Grouped>()

    private final class Grouped: Sendable {
        let byCode: [Int: [String]]
        init(_ byCode: [Int: [String]]) { self.byCode = byCode }
    }

    init(_ file: SortedTableFile) {
        var codes: [String] = [], callingCodes: [Int] = [], main: [Bool] = []
        codes.reserveCapacity(256)
        callingCodes.reserveCapacity(256)
        main.reserveCapacity(256)
        let wanted = ["value", "calling_code", "main_country_for_code"].map { file.columns[$0] ?? -1 }
        file.forEachRow(cells: wanted) { buffer, _, cells in
            guard let codeCell = cells[0] else { return true }
            var number = -1
            if let callingCell = cells[1], !callingCell.isEmpty, callingCell.count <= 6 {
                number = 0
                for byte in buffer[callingCell] {
                    guard byte >= 0x30 && byte <= 0x39 else { number = -1; break }
                    number = number * 10 + Int(byte - 0x30)
                }
            }
            codes.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[codeCell]), as: UTF8.self))
            callingCodes.append(number)
            main.append(cells[2].map { $0.count == 1 && buffer[$0.lowerBound] == UInt8(ascii: "1") } ?? false)
            return true
        }
        self.codes = codes
        self.callingCodes = callingCodes
        self.main = main
    }

    /// `codes(of:)` read from the file without building the index: only the rows whose calling code cell is
    /// `callingCode` are read further (a phone field's start asks for its own region's code, and building the whole
    /// index was a large part of that start). `PhoneNumberTests` keeps the two equal for every code.
    static func codes(of callingCode: Int, in file: SortedTableFile) -> [String] {
        guard callingCode >= 0, let codeColumn = file.columns["value"], let callingColumn = file.columns["calling_code"] else { return [] }
        let mainColumn = file.columns["main_country_for_code"] ?? -1
        var found: [(code: String, main: Bool)] = []
        file.forEachRow(where: callingColumn, is: Array(String(callingCode).utf8), read: [codeColumn, mainColumn]) { buffer, cells in
            guard let code = cells[0] else { return }
            let main = cells[1].map { $0.count == 1 && buffer[$0.lowerBound] == UInt8(ascii: "1") } ?? false
            found.append((String(decoding: UnsafeBufferPointer(rebasing: buffer[code]), as: UTF8.self), main))
        }
        return found.sorted { a, b in a.main != b.main ? a.main : a.code < b.code }.map(\.code)
    }

    /// The region codes of one calling code: the main region first, then by code.
    func codes(of callingCode: Int) -> [String] {
        var found: [(code: String, main: Bool)] = []
        for i in callingCodes.indices where callingCodes[i] == callingCode { found.append((codes[i], main[i])) }
        return found.sorted { a, b in a.main != b.main ? a.main : a.code < b.code }.map(\.code)
    }

    /// Every calling code's region codes, the main region first.
    var byCode: [Int: [String]] {
        if let grouped = grouped.value { return grouped.byCode }
        var byCode: [Int: [String]] = [:]
        for code in Set(callingCodes) where code >= 0 { byCode[code] = codes(of: code) }
        return grouped.storeIfNil(Grouped(byCode)).byCode
    }
}

/// The regions of each calling code (0-999) once found: one slot per code holding its list, read without a lock
/// (a dictionary under a lock put a lock and a hash on every number an import checked).
private final class SharingSlots: @unchecked Sendable {
    /// Calling codes have one to three digits.
    static let count = 1000

    /// A list, retained once, by its address (0: not found yet).
    private final class Box: Sendable {
        let regions: [PhoneRegion]
        init(_ regions: [PhoneRegion]) { self.regions = regions }
    }

    /// Written only by `store`, atomically, once for each slot: the class is Sendable by that rule.
    private let slots: UnsafeMutablePointer<Atomic<UInt>>

    init() {
        slots = .allocate(capacity: SharingSlots.count)
        for i in 0..<SharingSlots.count { (slots + i).initialize(to: Atomic(0)) }
    }

    /// The list of a code, nil before it is stored.
    subscript(code: Int) -> [PhoneRegion]? {
        // Read through the box without retaining it: a stored box is never released before the table is.
        guard let address = UnsafeRawPointer(bitPattern: slots[code].load(ordering: .acquiring)) else { return nil }
        return Unmanaged<Box>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.regions }
    }

    /// Stores the list of a code unless one was stored first; returns the one stored.
    func store(_ regions: [PhoneRegion], at code: Int) -> [PhoneRegion] {
        ReferenceSlot.storeIfNil(slots[code], Box(regions)).regions
    }

    deinit {
        for i in 0..<SharingSlots.count { ReferenceSlot.release(slots[i], as: Box.self) }
        slots.deinitialize(count: SharingSlots.count)
        slots.deallocate()
    }
}

