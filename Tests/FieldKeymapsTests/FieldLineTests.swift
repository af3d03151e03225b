import FieldKit
import Testing
@testable import FieldKeymaps

/// A terminal draws a field's line from `Field.line`, which works out the display, cursor and counter without the
/// rest of the frame: they must be the frame's own after every key of typing, refused keys, moves and deletions,
/// for every shipped kind of line (layouts, templates, dates, plain text with and without a limit, choices).
struct FieldLineTests {
    static let typed: [String: [String]] = [
        "phone-cn": ["13812345678", "+8613812345678", "008613812345678", "01012345678", "12345", "+16502530000"],
        "phone-us": ["6502530000", "+442079460958", "16502530000"],
        "phone": ["+442079460958", "+8613812345678", "+999123"],
        "idcard-cn": ["11010519491231002X", "110105194912310021", "1101051949123100", "x1"],
        "date": ["20240229", "2024-02-29", "20230229", "99"],
        "text": ["héllo wörld", "备注：好", "abc"],
        "country": ["germ", "cn", "zz"],
    ]

    @Test(arguments: ["phone-cn", "phone-us", "phone", "idcard-cn", "date", "text", "country"])
    func theLineIsTheFramesOwn(_ name: String) throws {
        let spec = try ShippedFieldTests.spec(name).spec
        let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)
        for text in Self.typed[name] ?? [] {
            var field = Field(spec: spec, context: context)
            func check(_ step: String) {
                let frame = field.frame
                #expect(field.line == FieldLine(display: frame.display, cursor: frame.cursor, counter: frame.counter),
                        "\(name) \(text): \(step)")
            }
            check("empty")
            for character in text {
                field.apply(.selfInsert(String(character)))
                check("typed \(character)")
            }
            for command in [EditCommand.backwardChar, .backwardChar, .backwardDeleteChar, .selfInsert("9"),
                            .beginningOfLine, .selfInsert("1")] {
                field.apply(command)
                check("\(command)")
            }
        }
    }
}
