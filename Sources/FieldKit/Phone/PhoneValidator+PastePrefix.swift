/// A paste prefix of a phone field (phone-cn's `+86`, `0086`, `86`; phone-us's `+1`, `001`, `0111`) stands for the
/// home region's calling code: what follows it is the number after that code, so it comes off only where the rest
/// reads the same on its own. libphonenumber reads one calling code per number: `+86 86 138…` and
/// `+1 1 1320 435 3592` are no numbers, though `86 138…` and `1 1320 435 3592` alone are.
extension PhoneValidator {
    public func keepsPastePrefix(_ prefix: UnsafeBufferPointer<UInt8>, before rest: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let home = layout.home, rest.first != UInt8(ascii: "+"), endsWithCallingCode(prefix, home.callingCode) else { return false }
        let afterCode = Array("+\(home.callingCode)".utf8) + rest
        let alone = PhoneNumber.read(rest, assumedRegion: assumedRegion, metadata: metadata, home: home)
        // A text that is a number as typed stays whole where the rest alone is none: `86 00 138…` is +86 138… to
        // typing and libphonenumber, while `00 138…` alone dials +1.
        if case .failure = alone {
            let typed = Array(prefix) + Array(rest)
            if case .success = typed.withUnsafeBufferPointer({ PhoneNumber.read($0, assumedRegion: assumedRegion, metadata: metadata, home: home) }) {
                return true
            }
        }
        let written = afterCode.withUnsafeBufferPointer { PhoneNumber.read($0, assumedRegion: assumedRegion, metadata: metadata, home: home) }
        switch (alone, written) {
        case (.success(let a), .success(let b)): return a != b
        case (.success, .failure): return true
        case (.failure, .success): return false
        // Neither is a number yet (a paste of its beginning): the prefix stays where typing it would refuse the
        // number while the rest alone would go on.
        case (.failure, .failure): return layout.refusal(bytes: afterCode) != nil && layout.refusal(bytes: Array(rest)) == nil
        }
    }

    /// Whether the prefix's digits end with the calling code's (`+86`, `0086`, `86`; not `tel:`).
    private func endsWithCallingCode(_ prefix: UnsafeBufferPointer<UInt8>, _ callingCode: Int) -> Bool {
        prefix.filter { $0 >= 0x30 && $0 <= 0x39 }.reversed().starts(with: String(callingCode).utf8.reversed())
    }
}
