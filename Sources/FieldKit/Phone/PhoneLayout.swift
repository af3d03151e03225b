/// A phone field's live display: libphonenumber's as-you-type grouping, the region's flag, code and digit count
/// in the right prompt, and numbers of a country the field does not take refused as soon as their calling code
/// is complete.
public struct PhoneLayout: LiveLayout {
    /// The grouping.
    let formatter: PhoneAsYouType
    /// Every region's numbers.
    let metadata: PhoneMetadata
    /// Regions accepted (empty: all).
    let regions: Set<String>
    /// Region code → name, for refusals (`+44 is United Kingdom`).
    let names: [String: String]
    /// What the formats put between digits, and the space after a prefix.
    public let literals: Set<Character>

    /// The layout for numbers typed in `assumedRegion`, accepting `regions` (empty: all).
    public init(metadata: PhoneMetadata, assumedRegion: String?, regions: Set<String> = [], names: [String: String] = [:]) {
        self.formatter = PhoneAsYouType(metadata: metadata, assumedRegion: assumedRegion)
        self.metadata = metadata
        self.regions = regions
        self.names = names
        self.literals = metadata.formatLiterals
    }

    /// The symbols as the formatter's input: ASCII digits and a leading `+`; nil for anything else.
    private func input(_ symbols: [Character]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(symbols.count)
        for symbol in symbols {
            guard let ascii = symbol.asciiValue, (ascii >= 0x30 && ascii <= 0x39) || (ascii == 0x2B && bytes.isEmpty) else {
                return nil
            }
            bytes.append(ascii)
        }
        return bytes
    }

    public func layout(_ symbols: [Character]) -> (display: [Character], counter: String?)? {
        guard let bytes = input(symbols) else { return nil }
        let output = formatter.format(bytes)
        return (output.display.map { Character(Unicode.Scalar($0)) }, counter(output))
    }

    /// The region's flag, code and national digits out of its longest numbers, once the region is known.
    private func counter(_ output: PhoneAsYouType.Output) -> String? {
        guard let main = output.region else { return nil }
        let region = PhoneLayout.region(of: output.nationalNumber, main: main, metadata: metadata)
        let most = region.possibleLengths.max() ?? 0
        let code = region.code.hasPrefix("+") ? region.code : PhoneLayout.flag(region.code) + " " + region.code
        return "\(code) \(output.nationalNumber.count)/\(most)"
    }

    public func refusal(_ symbols: [Character]) -> String? {
        guard !regions.isEmpty, let bytes = input(symbols), let main = formatter.format(bytes).region else { return nil }
        let sharing = metadata.byCallingCode[main.callingCode] ?? [main.code]
        guard regions.isDisjoint(with: sharing) else { return nil }
        let named = sharing.map { code in names[code].map { "\(code) (\($0))" } ?? code }.joined(separator: ", ")
        return "+\(main.callingCode) is \(named); this field takes \(regions.sorted().joined(separator: ", "))"
    }

    /// Which of the calling code's regions a (partial) national number belongs to: the one it is valid in, else
    /// the one whose leading digits it starts with, else the main one.
    /// `knownInvalid`: the number is valid in none of them (the caller has just tried), so only leading digits count.
    static func region(of national: [UInt8], main: PhoneRegion, metadata: PhoneMetadata, knownInvalid: Bool = false) -> PhoneRegion {
        let sharing = metadata.sharing[main.callingCode] ?? []
        guard sharing.count > 1, !national.isEmpty else { return main }
        let digits = national.map { $0 &- 0x30 }
        if !knownInvalid, let valid = sharing.first(where: { $0.isValid(digits) }) { return valid }
        return sharing.first { region in
            guard let leading = region.leadingDigits, let state = leading.state(after: digits) else { return false }
            return leading.accepts(state)
        } ?? main
    }

    /// The flag emoji of a region code (its letters as regional indicator symbols).
    static func flag(_ code: String) -> String {
        var flag = ""
        for scalar in code.unicodeScalars where scalar.value >= 0x41 && scalar.value <= 0x5A {
            flag.unicodeScalars.append(Unicode.Scalar(0x1F1E6 + scalar.value - 0x41)!)
        }
        return flag
    }
}
