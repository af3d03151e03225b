import Testing
@testable import FieldKit

/// A JSON Lines file's records are written by `JSONText.appendObject` (bytes into one buffer); every other JSON
/// fieldline writes goes through `JSONText.render`. The two give the same bytes for any texts.
struct JSONTextObjectTests {
    static let texts = ["", "plain", "张三, \"Zhang\"", "back\\slash", "tab\there", "line\nbreak\r", "\u{7F}\u{80}\u{9F}",
                        "\u{FEFF}bom", "\u{FFFE}\u{FFFF}", "emoji 👩‍💻", "/slash", String(repeating: "long ", count: 200)]

    @Test func anObjectOfTextsIsWhatRenderWrites() {
        var objects: [[(name: String, value: String)]] = [[]]
        for (i, name) in Self.texts.enumerated() {
            objects.append([(name, Self.texts[(i + 3) % Self.texts.count])])
            objects.append(Self.texts.map { ($0, name) })
        }
        for members in objects {
            var bytes: [UInt8] = []
            JSONText.appendObject(members, to: &bytes)
            let rendered = JSONText.render(.object(members.map { ($0.name, .string($0.value)) }))
            #expect(String(decoding: bytes, as: UTF8.self) == rendered)
            #expect(bytes == Array(rendered.utf8))
        }
    }
}
