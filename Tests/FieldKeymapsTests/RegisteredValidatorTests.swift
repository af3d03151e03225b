import Foundation
import FieldKit
import Testing
@testable import FieldKeymaps

/// A validator a Swift program registers with the loader is named in keymap files like a built-in one, and judges
/// typed values and `check`'s lines alike.
@Suite struct RegisteredValidatorTests {
    struct EvenDigits: FieldValidator {
        func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
            value.count % 2 == 0 ? nil : ValidationIssue("needs an even number of digits")
        }
        func decode(_ value: UnsafeBufferPointer<UInt8>) -> [(String, String)] { [("pairs", String(value.count / 2))] }
    }

    static func keymapFile() throws -> String {
        let path = NSTemporaryDirectory() + "even-\(UUID().uuidString).yaml"
        try "symbols: {class: digit}\nvalidators: [even-digits]\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aRegisteredValidatorJudgesValues() throws {
        let path = try Self.keymapFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loader = KeymapLoader(lookup: KeymapLookup(environment: [:]), validators: ["even-digits": EvenDigits()])
        let spec = try loader.load(origin: .file(path)).spec
        let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)
        let checker = LineChecker(spec: spec, context: context)
        #expect(checker.check("1234").issue == nil)
        #expect(checker.check("123").issue?.message == "needs an even number of digits")
        // The batch path `check --output value` takes (blocks of lines) says the same.
        var out: [UInt8] = [], scratch: [UInt8] = []
        let issue = Array("123".utf8).withUnsafeBufferPointer { checker.appendValue(of: $0, to: &out, scratch: &scratch) }
        #expect(issue?.message == "needs an even number of digits")
        var field = Field(spec: spec, context: context)
        field.apply(.selfInsert("12"))
        #expect(field.status == .valid)
        field.apply(.selfInsert("3"))
        #expect(field.status == .invalid(ValidationIssue("needs an even number of digits")))
        #expect(Array("1234".utf8).withUnsafeBufferPointer { spec.validators[0].decode($0) }.map(\.1) == ["2"])
    }

    /// A registered validator that is configurable is found so without a cast: the loader tells it the field's
    /// limit, and a plain one is not taken for configurable.
    struct KnowsItsLimit: ConfigurableValidator {
        var limit: Int?
        func issue(_ value: UnsafeBufferPointer<UInt8>, context: ValidationContext) -> ValidationIssue? {
            ValidationIssue("limit \(limit.map(String.init) ?? "none")")
        }
        var optionNames: Set<String> { [] }
        func applying(_ options: [String: String]) -> Result<any FieldValidator, ValidationIssue> { .success(self) }
        var liveLayout: (any LiveLayout)? { nil }
        func limited(to limit: Int?) -> any ConfigurableValidator { KnowsItsLimit(limit: limit) }
    }

    @Test func aConfigurableRegisteredValidatorLearnsTheLimit() throws {
        let path = NSTemporaryDirectory() + "limit-\(UUID().uuidString).yaml"
        try "symbols: {class: digit}\nlength: {max: 6}\nvalidators: [knows-limit]\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loader = KeymapLoader(lookup: KeymapLookup(environment: [:]), validators: ["knows-limit": KnowsItsLimit()])
        let spec = try loader.load(origin: .file(path)).spec
        let checker = LineChecker(spec: spec, context: ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!))
        #expect(checker.check("12").issue?.message == "limit 6")
        #expect(KnowsItsLimit().asConfigurable != nil && EvenDigits().asConfigurable == nil)
    }

    @Test func unregisteredItIsAnUnknownValidatorListingTheRegisteredOnes() throws {
        let path = try Self.keymapFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = KeymapLoader(lookup: KeymapLookup(environment: [:]))
        #expect(plain.lint(path: path).map(\.message) == [
            "unknown validator 'even-digits' (known: cn-mobile, gb11643, date, luhn, ipv4, hostname, email, semver, range, regex, phone)",
        ])
        let other = KeymapLoader(lookup: KeymapLookup(environment: [:]), validators: ["odd-digits": EvenDigits()])
        #expect(other.lint(path: path).first?.message.hasSuffix("range, regex, phone, odd-digits)") == true)
    }
}
