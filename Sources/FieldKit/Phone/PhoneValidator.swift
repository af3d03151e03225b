import Synchronization

/// The `phone` validator: a valid number of its region by libphonenumber's patterns, read the way users type
/// it (with an assumed region for national numbers), optionally of some kinds and regions only; the value is
/// stored as E.164.
public struct PhoneValidator: ConfigurableValidator {
    /// Every region's numbers.
    public let metadata: PhoneMetadata
    /// The region a number without `+` or an international prefix belongs to.
    public var assumedRegion: String? { didSet { layout = makeLayout() } }
    /// Regions accepted (empty: all).
    public var regions: Set<String> { didSet { layout = makeLayout() } }
    /// Kinds accepted (empty: all).
    public var kinds: Set<PhoneKind> { didSet { layout = makeLayout() } }
    /// Whether `--output display` writes the national form (else the international one).
    public var national = false
    /// Region code → name, for messages (`+44 is GB (United Kingdom)`).
    public var names: RegionNames = [:] { didSet { layout = makeLayout() } }
    /// Whether the value is the national number's digits (`13812345678`) instead of E.164: phone-cn and
    /// phone-us keep the values scripts written for them read.
    public var storesNationalNumber = false
    /// The keymap's own grouping of national numbers, in place of the region's formats.
    public var grouping: PhoneGrouping? { didSet { layout = makeLayout() } }
    /// The most symbols the field holds (its limit), which bounds the national prefixes read (`PhoneReadings.Bound`).
    public var limit: Int? { didSet { layout = makeLayout() } }
    /// The field's layout for these settings, kept: every refused line asks it.
    private(set) var layout: PhoneLayout

    /// A validator over `metadata`.
    public init(metadata: PhoneMetadata, assumedRegion: String?, regions: Set<String> = [], kinds: Set<PhoneKind> = [],
                names: RegionNames = [:]) {
        self.metadata = metadata
        self.assumedRegion = assumedRegion
        self.regions = regions
        self.kinds = kinds
        self.names = names
        self.layout = PhoneLayout(metadata: metadata, assumedRegion: assumedRegion, regions: regions, kinds: kinds, names: names)
    }

    public var optionNames: Set<String> { ["countries", "assume", "kinds", "national"] }

    public func applying(_ options: [String: String]) -> Result<any FieldValidator, ValidationIssue> {
        var copy = self
        func codes(_ text: String, _ option: String) -> Result<[String], ValidationIssue> {
            var found: [String] = []
            for part in text.split(separator: ",") {
                let code = String(part.filter { $0 != " " }).uppercased()
                guard metadata.regions[code] != nil else {
                    return .failure(ValidationIssue(tr("--\(option): no region '\(ControlCharacters.escaped(code))' in the phone metadata (ISO codes such as CN, US, GB)")))
                }
                found.append(code)
            }
            return found.isEmpty ? .failure(ValidationIssue(tr("--\(option) needs a region code such as CN"))) : .success(found)
        }
        for (name, value) in options {
            switch name {
            case "countries":
                switch codes(value, name) { case .success(let list): copy.regions = Set(list); case .failure(let issue): return .failure(issue) }
            case "assume":
                switch codes(value, name) {
                case .success(let list) where list.count == 1: copy.assumedRegion = list[0]
                case .success: return .failure(ValidationIssue(tr("--assume takes one region code")))
                case .failure(let issue): return .failure(issue)
                }
            case "kinds":
                var kinds: Set<PhoneKind> = []
                for part in value.split(separator: ",") {
                    guard let kind = PhoneKind(name: String(part)) else {
                        return .failure(ValidationIssue(tr("--kinds: no kind '\(ControlCharacters.escaped(String(part)))' (use \(PhoneKind.allCases.map(\.name).joined(separator: ", ")))")))
                    }
                    kinds.insert(kind)
                }
                copy.kinds = kinds
            case "national": copy.national = true
            default: break
            }
        }
        return .success(copy)
    }

    public var liveLayout: (any LiveLayout)? { layout }

    /// The layout for the current settings.
    private func makeLayout() -> PhoneLayout {
        PhoneLayout(metadata: metadata, assumedRegion: assumedRegion, regions: regions, kinds: kinds, names: names, grouping: grouping,
                    limit: limit)
    }

    public func limited(to limit: Int?) -> any ConfigurableValidator {
        var copy = self
        copy.limit = limit
        return copy
    }

    public func grouping(with templates: TemplateSet, refusing refused: Set<TemplateOption>) -> (any ConfigurableValidator)? {
        var copy = self
        copy.grouping = PhoneGrouping(templates: templates, refused: refused)
        return copy
    }

    /// The last numbers read (the typed text and its E.164 form), shared by the copies of this validator.
    private let recent = RecentNumbers()

    /// The number `value` reads as. A value is asked about several times in a row (its E.164 form to store,
    /// then whether that is valid, then how it is shown), so the last reading is kept, under both its spellings.
    func number(_ value: UnsafeBufferPointer<UInt8>) -> Result<PhoneNumber, ValidationIssue> {
        if let known = recent.find(value, assumedRegion: assumedRegion) { return known }
        let result = PhoneNumber.parse(value, assumedRegion: assumedRegion, metadata: metadata)
        recent.keep(Array(value), result, assumedRegion: assumedRegion)
        return result
    }

    public func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
        switch number(value) {
        case .success(let number): return layout.issue(of: .success(number), value)
        // The kept reading keeps a failure worded; read again (only failing values pay) so its cause decides
        // whether it is too short or wrong, as in `judge`.
        case .failure: return layout.issue(of: PhoneNumber.read(value, assumedRegion: assumedRegion, metadata: metadata), value)
        }
    }

    /// `canonical` and `issue` in one reading of the number: `check` asks both of every line.
    public func judge(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> (canonical: [UInt8]?, issue: ValidationIssue?) {
        let (canonical, refusal) = judgeRefusal(value, context: context)
        return (canonical, refusal.map(PhoneLayout.issue))
    }

    /// `judge`, with the commonest refusals left unworded for `check`'s templates (`RefusalMessages`).
    public func judgeRefusal(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> (canonical: [UInt8]?, refusal: LineRefusal?) {
        // Settings read into locals first: the closures below would otherwise copy the whole validator per line.
        let layout = self.layout, assumedRegion = self.assumedRegion, metadata = self.metadata
        // The layout holds the assumed region (`home`): the reading looks no region up by its code.
        let reading = PhoneNumber.read(value, assumedRegion: assumedRegion, metadata: metadata, home: layout.home)
        guard case .success(let number) = reading else { return (nil, layout.refusal(of: reading, value)) }
        let (canonical, isE164) = canonicalForm(number)
        // The issue is the rewritten value's. An E.164 form reads back as the same number; a national one is read
        // again, as `issue` would read it (a national prefix may come off it).
        // Reading is a function of the bytes alone: a national value the same as the line's reads as the line did.
        let same = canonical.count == value.count && canonical.indices.allSatisfy { canonical[$0] == value[$0] }
        let again = isE164 || same ? reading
            : canonical.withUnsafeBufferPointer { PhoneNumber.read($0, assumedRegion: assumedRegion, metadata: metadata, home: layout.home) }
        return (canonical, canonical.withUnsafeBufferPointer { layout.refusal(of: again, $0) })
    }

    public var rewritesValues: Bool { true }

    public func canonical(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard case .success(let number) = self.number(value) else { return nil }
        return canonicalForm(number).bytes
    }

    /// How a number is stored: E.164, or its national digits for a field that keeps those.
    private func canonicalForm(_ number: PhoneNumber) -> (bytes: [UInt8], isE164: Bool) {
        // A national number reads back as itself only in the assumed region; another country's number stays
        // E.164, so judging the rewritten value still sees which country it is.
        if storesNationalNumber && number.region == assumedRegion { return (Array(number.nationalNumber.utf8), false) }
        return (number.e164UTF8, true)
    }

    public func display(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        guard case .success(let number) = self.number(value) else { return nil }
        // A keymap's own grouping shows the numbers of the field's one country nationally, as it lays them out.
        if let grouping, regions.count == 1, regions.contains(number.region) {
            return String(grouping.display(Array(number.nationalNumber.utf8)))
        }
        return number.formatted(national ? .national : .international, metadata: metadata)
    }

    /// The parts `decode` gives: what `check --output json` shows and a form's `from: FIELD.PART` takes.
    public var decodedPartNames: [String] { ["e164", "region", "callingCode", "national", "international", "kind"] }

    public func decode(_ value: UnsafeBufferPointer<UInt8>) -> [(String, String)] {
        guard case .success(let number) = self.number(value) else { return [] }
        return [("e164", number.e164), ("region", number.region), ("callingCode", String(number.callingCode)),
                ("national", number.formatted(.national, metadata: metadata)),
                ("international", number.formatted(.international, metadata: metadata)),
                ("kind", number.kinds(metadata: metadata).map(\.name).joined(separator: ","))]
    }
}

/// A validator's last readings of numbers, keyed by the text and the region assumed for it (copies of a validator
/// with other settings share it), and by the number's E.164 form when it is valid. Behind a lock: `check` reads
/// lines on several threads, so a few of the newest are kept (one per thread would be lost to the other thread's).
private final class RecentNumbers: Sendable {
    typealias Entry = (text: [UInt8], assumed: String?, result: Result<PhoneNumber, ValidationIssue>)
    /// How many readings are kept: two spellings for each of a few threads' last numbers.
    static let capacity = 8
    private let entries = Mutex<[Entry]>([])

    func find(_ text: UnsafeBufferPointer<UInt8>, assumedRegion: String?) -> Result<PhoneNumber, ValidationIssue>? {
        entries.withLock { list in
            list.last { $0.assumed == assumedRegion && Self.same($0.text, text) }?.result
        }
    }

    /// Byte equality without the generic sequence walk `elementsEqual` takes between an array and a buffer.
    private static func same(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            for i in 0..<a.count where a[i] != b[i] { return false }
            return true
        }
    }

    func keep(_ text: [UInt8], _ result: Result<PhoneNumber, ValidationIssue>, assumedRegion: String?) {
        // An E.164 form reads the same whatever region is assumed.
        var e164: [UInt8]?
        if case .success(let number) = result {
            let spelled = Array(number.e164.utf8)
            if spelled != text { e164 = spelled }
        }
        entries.withLock { list in
            if list.count > Self.capacity - 2 { list.removeFirst(list.count - (Self.capacity - 2)) }
            list.append((text: text, assumed: assumedRegion, result: result))
            if let e164 { list.append((text: e164, assumed: assumedRegion, result: result)) }
        }
    }
}

extension PhoneKind {
    /// The name users write and messages show (`fixed-line`, `toll-free`).
    public var name: String { String(rawValue.map { $0 == "_" ? "-" : $0 }) }

    /// The kind's name in the current language, for messages (`mobile`, `手机`).
    public var localizedName: String {
        switch self {
        case .fixedLine: return tr("fixed-line")
        case .mobile: return tr("mobile")
        case .tollFree: return tr("toll-free")
        case .premiumRate: return tr("premium-rate")
        case .sharedCost: return tr("shared-cost")
        case .voip: return tr("VoIP")
        case .personalNumber: return tr("personal")
        case .pager: return tr("pager")
        case .uan: return tr("UAN")
        case .voicemail: return tr("voicemail")
        case .emergency: return tr("emergency")
        case .shortCode: return tr("short-code")
        }
    }

    /// Kinds named for a message, in a stable order: `mobile`, `fixed-line or mobile`.
    static func describe(_ kinds: Set<PhoneKind>) -> String {
        let names = kinds.sorted { $0.name < $1.name }.map(\.localizedName)
        return names.dropFirst().reduce(names.first ?? "") { tr("\($0) or \($1)") }
    }

    /// A kind from its name, with `-` or `_` (`fixed-line`, `fixed_line`).
    public init?(name: String) {
        self.init(rawValue: String(name.filter { $0 != " " }.lowercased().map { $0 == "-" ? "_" : $0 }))
    }
}
