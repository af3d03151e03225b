import Foundation
import Testing
import FieldKeymaps
@testable import FieldKit

/// A record checker answers a text its field checked before from its memo (`CheckMemo`): the verdicts must be the
/// ones a checker that never saw the text gives, for given and derived values, taken and refused alike.
@Suite struct CheckMemoTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The shipped visitor form (a unique ID card, a derived date and choice, a default, a rule), and a form whose
    /// derived field refuses what its source gives (`sex` into digits).
    static func forms() throws -> [FormSpec] {
        let visitor = try FormLoader(keymaps: KeymapLoader(lookup: KeymapLookup(environment: [:])))
            .load(path: repository + "/forms/visitor.yaml")
        let refusing = FormSpec(name: "refusing", fields: [
            FormField(name: "idcard", spec: BuiltinFields.idcardCN),
            FormField(name: "sex", spec: BuiltinFields.digits, derivedFrom: FieldPart(field: "idcard", part: "sex")),
            FormField(name: "name", spec: BuiltinFields.text, required: false),
        ])
        return [visitor, refusing]
    }

    /// Random records drawn from small pools, so texts repeat: one checker with one scratch for all of them (the
    /// memo answers repeats) against a fresh scratch for each record (every text checked anew).
    @Test func verdictsFromTheMemoAreTheFreshOnes() throws {
        var seed: UInt64 = 20_261_204
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        var ids = ["11010519491231002X", "110105194912310021", "440305200002301234", "1101051949123100", "abc", "", " "]
        for _ in 0..<40 {
            let body = ["110105", "440305", "320102", "510104"][next(4)] + String(1930 + next(100))
                + String(format: "%02d%02d", 1 + next(12), 1 + next(28)) + String(100 + next(900))
            let check = Array(body.utf8).withUnsafeBufferPointer { ResidentID.checkCharacter($0) }!
            ids.append(body + String(UnicodeScalar(check)))
        }
        // Names the byte path takes and the general path takes, canonically equal ones apart (é precomposed and
        // e with a combining accent are one String to `==`, two values to a field), too long and blank ones.
        let names = ["王伟", "李娜", "Li Na", "José", "Jose\u{301}", "e\u{301}", "é", String(repeating: "张", count: 21),
                     "\u{3000}", "  ", "", "a\u{7}b", "Ｚｈａｎｇ"]
        let dates = ["2026-11-22", "2026-02-30", "20261122", "1949-12-31", "2027-01-01", "", "22/11/2026", "１９４９-１２-３１"]
        let given = ["", "1949-12-31", "male", "female", "男", "x", "1"]
        let mobiles = ["13812345678", "+86 138 1234 5678", "12345", ""]
        for form in try Self.forms() {
            let checker = RecordChecker(form: form, context: fixedContext)
            var kept = RecordChecker.Scratch()
            for _ in 0..<3_000 {
                var record: [(name: String, text: String)] = []
                for field in form.fields {
                    let text: String
                    switch field.name {
                    case "idcard": text = ids[next(ids.count)]
                    case "name": text = names[next(names.count)]
                    case "mobile": text = mobiles[next(mobiles.count)]
                    case "visit_date": text = dates[next(dates.count)]
                    default: text = given[next(given.count)]
                    }
                    // Derived fields are mostly left out, as imports do, sometimes given.
                    if field.derivedFrom != nil && next(3) != 0 { continue }
                    record.append((field.name, text))
                }
                var fresh = RecordChecker.Scratch()
                let expected = Self.shown(checker.check(record, scratch: &fresh))
                #expect(Self.shown(checker.check(record, scratch: &kept)) == expected, "\(record)")
            }
        }
    }

    /// A verdict as bytes: values compared by `==` would take canonically equal texts as the same.
    static func shown(_ verdict: RecordVerdict) -> [[UInt8]] {
        verdict.values.map { Array(($0.name + "=" + $0.value).utf8) } + verdict.issues.map { Array(($0.field + ": " + $0.message).utf8) }
    }
}
