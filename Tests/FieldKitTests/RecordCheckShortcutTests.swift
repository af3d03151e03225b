@testable import FieldKit
import Testing

/// The shortcuts a record's check takes (one decoded part, an ISO date written at once, an ASCII digit read
/// without Unicode's tables) against the general paths they stand in for: the same answer for every input tried.
@Suite struct RecordCheckShortcutTests {
    /// IDs valid and not: each part alone is the part the whole decode gives (nil where it gives none).
    @Test func oneDecodedPartIsTheWholeDecodesPart() {
        var ids = ["11010519491231002X", "110105194912310021", "440305200002301234", "99999920240101123X",
                   "11010519491231002", "1101051949123100211", "1101051949123a002X", "", "000000000000000000"]
        var seed: UInt64 = 42
        for _ in 0..<300 {
            var digits = ""
            // A region of the real ones (or none), a birth date up to 1999-12-28, a sequence, the check character.
            func next(_ n: UInt64) -> UInt64 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return (seed >> 33) % n
            }
            let region = ["110105", "440305", "320102", "510104", "110000", "999999"][Int(next(6))]
            digits = region + String(1900 + next(100)) + String(format2(1 + next(12))) + String(format2(1 + next(28)))
                + String(100 + next(900))
            var bytes = Array(digits.utf8)
            let check = bytes.withUnsafeBufferPointer { ResidentID.checkCharacter($0) }!
            bytes.append(check)
            ids.append(String(decoding: bytes, as: UTF8.self))
        }
        let names = ResidentID.partNames + ["e164", "date", "none"]
        for id in ids {
            var bytes = Array(id.utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                let all = ResidentID.decode(UnsafeBufferPointer(buffer))
                for name in names {
                    #expect(ResidentID.decodedPart(name, of: UnsafeBufferPointer(buffer)) == all.first { $0.0 == name }?.1, "\(id) \(name)")
                }
            }
        }
        // A field decodes the values it stores: each field's own verdict on the inputs picks them.
        let specs = [BuiltinFields.idcardCN, BuiltinFields.date, BuiltinFields.phoneCN, BuiltinFields.text]
        for spec in specs {
            let checker = LineChecker(spec: spec, context: fixedContext)
            let stored = (ids + ["20240229", "2024-02-29", "13812345678", "+8613812345678", "hello"]).compactMap {
                let result = checker.check($0)
                return result.issue == nil ? result.value : nil
            }
            #expect(stored.count >= (spec.name == BuiltinFields.idcardCN.name ? 200 : 2), "\(spec.name)")
            for value in stored {
                for name in names + spec.decodedPartNames {
                    #expect(spec.decodedPart(name, of: value) == spec.decodedParts(of: value).first { $0.name == name }?.value,
                            "\(spec.name) \(value) \(name)")
                }
            }
        }
    }

    /// A date's decode reads its eight digits only when there are eight: a shorter or longer value (never a stored
    /// one, but the decoder is public) decodes to nothing rather than reading past its end.
    @Test func aDateOfAnotherLengthDecodesToNothing() {
        for text in ["", "2026", "2026112", "202611220", "2026-11-22"] {
            let bytes = Array(text.utf8)
            let parts = bytes.withUnsafeBufferPointer { Validator.date.decode($0) }
            #expect(parts.isEmpty, "\(text)")
        }
        let whole = Array("20261122".utf8).withUnsafeBufferPointer { Validator.date.decode($0) }
        #expect(whole.map { "\($0.0)=\($0.1)" } == ["date=2026-11-22"])
    }

    /// Every number a date can have, and some it cannot, written as the padded general path writes them.
    @Test func isoDateIsThePaddedOne() {
        for year in [0, 1, 9, 10, 99, 100, 999, 1000, 1949, 2024, 9999, 10000, 123456, -1, -2024] {
            for month in [-1, 0, 1, 9, 10, 12, 13, 99, 100] {
                for day in [-5, 0, 1, 9, 10, 31, 99, 100, 1000] {
                    #expect(CalendarDate.iso(year: year, month: month, day: day) == CalendarDate.paddedISO(year, month, day))
                }
            }
        }
        for year in stride(from: 0, through: 9999, by: 7) {
            #expect(CalendarDate.iso(year: year, month: year % 13, day: year % 32) == CalendarDate.paddedISO(year, year % 13, year % 32))
        }
    }

    /// A digit's value read from ASCII directly is `wholeNumberValue`'s, for every ASCII character and for others
    /// that are digits elsewhere (full-width, Arabic-Indic, superscript) or are not digits at all.
    @Test func asciiDigitValueIsWholeNumberValue() {
        var characters = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        characters += ["\r\n", "３", "٣", "²", "½", "一", "Ⅻ", "𝟙", "e\u{301}", "5\u{301}", "\u{FF10}", "é", "😀"]
        for c in characters {
            #expect(DatePicker.digitValue(c) == (c.wholeNumberValue ?? -1), "\(c.unicodeScalars.map(\.value))")
        }
    }

    /// A blank value read from its first ASCII byte is the one Unicode's White_Space property finds, scalar by scalar.
    @Test func blankFromTheFirstByteIsUnicodesBlank() {
        var values = (0..<128).flatMap { b -> [String] in
            let c = String(Unicode.Scalar(UInt8(b)))
            return [c, c + " ", c + "a", " " + c, c + "\u{3000}"]
        }
        values += ["", "\u{3000}", "\u{3000}a", "\u{85}", "\u{A0}", "\r\n", " \t\n\u{B}\u{C}\r", "王", "\u{200B}", "\u{2028}"]
        for value in values {
            #expect(BlankValue.isBlank(value) == value.unicodeScalars.allSatisfy(\.properties.isWhitespace), "\(value.unicodeScalars.map(\.value))")
        }
    }

    private func format2(_ n: UInt64) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
