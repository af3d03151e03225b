import Testing
@testable import FieldKit
@testable import TestSupport

/// The table of faults (TestSupport's `FaultTable`) through the engine: typing key by key, Enter, and the batch
/// checker `check` uses. fieldlineTests runs the same rows through `replay --json` and `check`.
@Suite("One message per fault: typing, Enter, check")
struct FaultTableTests {
    /// The row's field with its command-line options applied, as the CLI applies them.
    static func spec(_ words: [String]) -> FieldSpec {
        var options = FieldOptions()
        var i = 1
        while i + 1 < words.count {
            let (name, value) = (String(words[i].dropFirst(2)), words[i + 1])
            if name == "min" { options.minLength = Int(value) } else { options.validatorOptions[name] = value }
            i += 2
        }
        return options.applied(to: BuiltinFields.shipped(words[0]))
    }

    @Test(arguments: FaultTable.rows)
    func typingAndEnter(fault: Fault) {
        let spec = Self.spec(fault.field)
        var f = Field(spec: spec, context: fixedContext)
        var wasInvalid = false
        for (i, key) in fault.input.enumerated() {
            f.apply(.selfInsert(String(key)))
            if case .refusedAt(let at) = fault.typing, i == at {
                #expect(f.lastKeyRefused, "key \(i) of \(fault) should be refused")
                #expect(f.frame.message == fault.message)
                return
            }
            #expect(!f.lastKeyRefused, "key \(i) of \(fault) was refused: \(f.frame.message ?? "")")
            // A status never turns from invalid back to incomplete as digits are added.
            if case .invalid = f.status { wasInvalid = true } else { #expect(!wasInvalid, "\(fault) went back from invalid at key \(i)") }
        }
        if case .refusedAt = fault.typing { Issue.record("\(fault): no key was refused"); return }
        #expect(f.status.name == fault.status)
        #expect(f.status.message == fault.message)
        if let full = fault.full { #expect(f.frame.isFull == full) }
        if let counter = fault.counter { #expect(f.frame.counter == counter) }
        // Enter: accepted when valid, else refused with the same message under the field.
        let effect = f.apply(.acceptLine)
        if fault.status == "valid" {
            if case .accept = effect {} else { Issue.record("Enter did not accept \(fault)") }
        } else {
            #expect(effect == .bell)
            #expect(f.frame.message == fault.message)
        }
    }

    @Test(arguments: FaultTable.rows)
    func checkSaysTheSame(fault: Fault) {
        let checker = LineChecker(spec: Self.spec(fault.field), context: fixedContext)
        #expect(checker.check(fault.input).issue?.message == fault.message)
        // From the first refused key on, every longer beginning is invalid with the same message.
        if case .refusedAt(let at) = fault.typing {
            for length in (at + 1)...fault.input.count {
                let prefix = String(fault.input.prefix(length))
                #expect(checker.check(prefix).issue?.message == fault.message, "check '\(prefix)'")
                var pasted = Field(spec: Self.spec(fault.field), context: fixedContext)
                pasted.apply(.paste(prefix))
                #expect(pasted.frame.message == "paste refused: " + (fault.message ?? ""), "paste '\(prefix)'")
            }
        }
    }
}
