import FieldKit
import Testing
@testable import FieldKeymaps

/// An example hint lays its example out without the counter (`Formatter.display`): the display must be the one the
/// field shows for the same symbols (`Formatter.format(…).display`), for every prefix of numbers at home, abroad,
/// with the calling code typed without `+`, and of numbers the field refuses.
struct DisplayWithoutCounterTests {
    static let numbers = ["13812345678", "+8613812345678", "8613812345678", "008613812345678", "01012345678",
                          "6502530000", "+16502530000", "16502530000", "+442079460958", "02079460958", "+4915123456789",
                          "12345678901234", "+999123"]

    @Test(arguments: ["phone-cn", "phone-us", "phone", "date", "idcard-cn"])
    func theDisplayIsTheFieldsOwn(_ name: String) throws {
        let kind = try ShippedFieldTests.spec(name).spec.kind
        for number in Self.numbers {
            let symbols = Array(number)
            for end in 0...symbols.count {
                let prefix = Array(symbols[..<end])
                #expect(Formatter.display(prefix, as: kind) == Formatter.format(prefix, as: kind).display, "\(name): \(String(prefix))")
            }
        }
    }
}
