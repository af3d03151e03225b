import FieldKeymaps
import Testing
@testable import FieldKit

/// The shipped keymap files must behave exactly like the Swift fixtures the engine tests use.
struct ShippedKeymapTests {
    static let pairs: [(String, FieldSpec)] = [
        ("phone-cn", BuiltinFields.phoneCN),
        ("idcard-cn", BuiltinFields.idcardCN),
        ("text", BuiltinFields.text),
        ("digits", BuiltinFields.digits),
    ]

    static func shipped(_ name: String) throws -> FieldSpec {
        try KeymapLoader(lookup: KeymapLookup(environment: [:])).load(origin: .shipped(name)).spec
    }

    @Test(arguments: pairs)
    func sameFramesForRandomKeys(name: String, fixture: FieldSpec) throws {
        let file = try Self.shipped(name)
        var rng = SplitMix64(state: 7)
        for _ in 0..<3_000 {
            var a = Field(spec: fixture, context: fixedContext)
            var b = Field(spec: file, context: fixedContext)
            var commands: [EditCommand] = []
            for _ in 0..<Int.random(in: 1...10, using: &rng) {
                let command = PropertyTests.randomCommand(&rng)
                commands.append(command)
                #expect(a.apply(command) == b.apply(command), "effects differ after \(commands)")
            }
            #expect(a.frame == b.frame, "frames differ after \(commands)")
        }
    }

    @Test(arguments: pairs)
    func sameCheckVerdicts(name: String, fixture: FieldSpec) throws {
        let file = try Self.shipped(name)
        let lines = ["13812345678", "+86 138 1234 5678", "12812345678", "11010519491231002X", "11010519491231002x",
                     "110105199002301234", "abc", "中文", "", "１２３", "12 34", "1-2-3"]
        for line in lines {
            let x = LineChecker(spec: fixture, context: fixedContext).check(line)
            let y = LineChecker(spec: file, context: fixedContext).check(line)
            #expect(x == y, "check differs on \(line.debugDescription)")
        }
    }
}
