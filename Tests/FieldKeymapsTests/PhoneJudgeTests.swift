@testable import FieldKit
import Testing
@testable import FieldKeymaps

/// `check` reads a phone line once (`PhoneValidator.judge`, and `LineChecker.appendValue`'s path for a rewriting
/// validator); these hold both to the general answers they stand in for: `canonical` then `issue` of its result,
/// and `LineChecker.check` of the line.
struct PhoneJudgeTests {
    /// Numbers as users write them, in many regions, then each changed every way one slip changes it: a character
    /// dropped, a digit replaced by the next one or put in, a prefix written in front.
    static let lines: [String] = {
        let seeds = ["+442079460958", "+44 20 7946 0958", "+44 (0)20 7946 0958", "00442079460958", "+8613812345678",
                     "13812345678", "0086 138 1234 5678", "018562755191", "+86 (186) 7240-3197", "+12124567890",
                     "1-800-555-0199", "(212) 456-7890", "011 44 20 7946 0958", "+61212345678", "+4930123456",
                     "+33123456789", "+81312345678", "+5511961234567", "+919876543210", "+79123456789", "+80012345678",
                     "+8613912345678", "+85291234567", "+14165550123", "+4915123456789", "+12", "+", "0", "00"]
        var out: [String] = []
        for seed in seeds {
            let chars = Array(seed)
            out.append(seed)
            for at in chars.indices {
                var dropped = chars, replaced = chars, added = chars
                dropped.remove(at: at)
                if let digit = chars[at].wholeNumberValue { replaced[at] = Character(String((digit + 1) % 10)) }
                added.insert("5", at: at)
                out += [String(dropped), String(replaced), String(added)]
            }
            for prefix in ["00", "011", "0", "+", "1"] { out.append(prefix + String(chars.filter { $0 != "+" })) }
        }
        return out
    }()

    /// The shipped phone keymaps, and `phone` with each kind of option.
    static let fields: [(String, [String: String])] = [
        ("phone", [:]), ("phone", ["assume": "GB"]), ("phone", ["countries": "CN,US", "kinds": "mobile"]),
        ("phone", ["kinds": "toll-free"]), ("phone", ["national": ""]), ("phone-cn", [:]), ("phone-us", [:]),
    ]

    static func spec(_ name: String, _ options: [String: String]) throws -> FieldSpec {
        let loaded = try ShippedFieldTests.spec(name)
        var fieldOptions = FieldOptions()
        fieldOptions.validatorOptions = options
        return fieldOptions.applied(to: loaded.spec)
    }

    @Test(arguments: fields.indices)
    func judgingIsCanonicalThenIssue(index: Int) throws {
        let (name, options) = Self.fields[index]
        let spec = try Self.spec(name, options)
        guard case .custom(_, let validator) = spec.validators.first else { Issue.record("\(name) has no phone validator"); return }
        let context = ShippedFieldTests.today
        var judged = 0
        for line in Self.lines {
            // What the field hands a validator: digits and a leading +, the formatting dropped.
            let value = Array(line.utf8.filter { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B })
            let fast = value.withUnsafeBufferPointer { validator.judge($0, context: context) }
            let canonical = value.withUnsafeBufferPointer { validator.canonical($0) }
            let issue = (canonical ?? value).withUnsafeBufferPointer { validator.issue($0, context: context) }
            #expect(fast.canonical == canonical, "\(name) \(options) \(line)")
            #expect(fast.issue == issue, "\(name) \(options) \(line)")
            if issue != nil { judged += 1 }
        }
        #expect(judged > 100)  // the lines reach refusals, not only valid numbers
    }

    @Test(arguments: fields.indices)
    func checkedValuesAreTheGeneralPathsAnswers(index: Int) throws {
        let (name, options) = Self.fields[index]
        let checker = LineChecker(spec: try Self.spec(name, options), context: ShippedFieldTests.today)
        // phone-cn and phone-us lay numbers out by their own templates, which refuse nothing (no refused tag, no
        // exact template): they take the one-step path too.
        #expect(checker.judging != nil, "\(name): whether it takes the one-step path")
        var scratch: [UInt8] = []
        for line in Self.lines {
            var out: [UInt8] = []
            let issue = Array(line.utf8).withUnsafeBufferPointer { checker.appendValue(of: $0, to: &out, scratch: &scratch) }
            let general = checker.check(line)
            #expect(issue?.message == general.issue?.message, "\(name) \(options) \(line)")
            #expect(String(decoding: out, as: UTF8.self) == general.value, "\(name) \(options) \(line)")
        }
    }
}
