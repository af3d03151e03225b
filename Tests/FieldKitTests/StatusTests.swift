import Testing
@testable import FieldKit

/// Validation on Enter: every resident-ID failure kind, mobile numbers, dates, counters.
struct StatusTests {
    static let ids: [(String, String?)] = [
        (validID("11010519900307123"), nil),
        (validID("44030419851231002"), nil),
        (validID("65010220000229001"), nil),                   // leap day
        (validID("11010519000101001"), nil),                   // 1900 is allowed
        (validID("99010519900307123"), "unknown province code 99"),
        (validID("10010519900307123"), "unknown province code 10"),
        (validID("11010519900230123"), "no such date 1990-02-30"),
        (validID("11010519000229123"), "no such date 1900-02-29"),  // 1900 was not a leap year
        (validID("11010519901301123"), "no such date 1990-13-01"),
        (validID("11010518991231123"), "birth date 1899-12-31 is before 1900"),
        (validID("11010520261123123"), "birth date 2026-11-23 is in the future"),
        ("110105199003071234", "check character should be 9"),
        ("11010519900307123X", "check character should be 9"),
        ("11010519900307123", "needs 18 characters, has 17"),
    ]

    @Test(arguments: ids)
    func residentID(id: String, message: String?) {
        let f = field(BuiltinFields.idcardCN, [.selfInsert(id)])
        #expect(f.state.symbols.count == id.count)
        #expect(f.status.message == message)
        let checked = LineChecker(spec: BuiltinFields.idcardCN, context: fixedContext).check(id)
        #expect(checked.issue?.message == message)
    }

    @Test func checkCharacterIsTheMOD11_2Remainder() {
        // 11010519491231002 is the standard's own worked example; its check character is X.
        #expect(validID("11010519491231002") == "11010519491231002X")
    }

    @Test func todayItselfIsNotInTheFuture() {
        #expect(field(BuiltinFields.idcardCN, [.selfInsert(validID("11010520261122123"))]).status == .valid)
    }

    @Test func invalidPositionPointsAtTheCheckCharacter() {
        let f = field(BuiltinFields.idcardCN, [.selfInsert("110105199003071234")])
        #expect(f.frame.messagePosition == 19)  // display index of the last character
        #expect(f.frame.message == "check character should be 9")
    }

    static let decoded: [(String, String, String)] = [
        (validID("11010519900307123"), "male", "1990-03-07"),
        (validID("44030419851231002"), "female", "1985-12-31"),
    ]

    @Test(arguments: decoded)
    func decodesSexAndBirthDate(id: String, sex: String, birth: String) {
        var bytes = Array(id.utf8)
        let parts = bytes.withUnsafeMutableBufferPointer { Validator.gb11643(acceptsLegacy: false).decode(UnsafeBufferPointer($0)) }
        let dict = Dictionary(uniqueKeysWithValues: parts)
        #expect(dict["sex"] == sex)
        #expect(dict["birthDate"] == birth)
        #expect(dict["region"] == String(id.prefix(6)))
    }

    @Test func legacyIDsUpgradeOnlyWhenAsked() {
        let legacy = "110105900307123"
        let plain = LineChecker(spec: BuiltinFields.idcardCN, context: fixedContext).check(legacy)
        #expect(plain.issue?.message == "needs 18 characters, has 15")
        let spec = FieldOptions(upgradeLegacy: true).applied(to: BuiltinFields.idcardCN)
        let upgraded = LineChecker(spec: spec, context: fixedContext).check(legacy)
        #expect(upgraded.issue == nil)
        #expect(upgraded.value == validID("11010519900307123"))
        var f = field(spec, [.selfInsert(legacy)])
        #expect(f.apply(.acceptLine) == .accept(validID("11010519900307123")))
    }

    static let mobiles: [(String, String?)] = [
        ("13812345678", nil), ("19912345678", nil), ("13012345678", nil),
        ("+86 138 1234 5678", nil), ("018562755191", nil), ("0086-186-7240-3197", nil),
        ("12812345678", "not a mobile number (CN mobile numbers start 13 to 19)"),
        ("10012345678", "not a mobile number (CN mobile numbers start 13 to 19)"),
        // In a field of some kinds the kinds word a refusal, whether or not another kind could begin so.
        ("14012345678", "no CN mobile number starts 140"),
        ("1381234567", "too short for CN"),
        ("", "a value is required"),
    ]

    /// Whole values (a pasted or checked number): China's mobile numbers by libphonenumber's metadata; one typing
    /// would refuse gets the message typing gives at the digit that refuses it.
    @Test(arguments: mobiles)
    func mobile(number: String, message: String?) {
        #expect(LineChecker(spec: BuiltinFields.phoneCN, context: fixedContext).check(number).issue?.message == message)
    }

    static let luhn: [(String, String?)] = [
        ("4111111111111111", nil), ("79927398713", nil), ("4111111111111112", "check digit should be 1"),
    ]

    @Test(arguments: luhn)
    func luhnCheck(number: String, message: String?) {
        var b = Array(number.utf8)
        #expect(b.withUnsafeMutableBufferPointer { Luhn.issue(UnsafeBufferPointer($0)) }?.message == message)
    }

    static let dates: [(String, String?)] = [
        ("20240229", nil), ("20230229", "no such date 2023-02-29"), ("20231301", "no such date 2023-13-01"),
        ("2023010", "a date has 8 digits, yyyymmdd"),
    ]

    @Test(arguments: dates)
    func calendarDates(text: String, message: String?) {
        var b = Array(text.utf8)
        #expect(b.withUnsafeMutableBufferPointer { Validator.date.issue(UnsafeBufferPointer($0), context: fixedContext) }?.message == message)
    }

    static let counters: [(FieldSpec, String, String)] = [
        (BuiltinFields.phoneCN, "1381234", "7/11"),
        (BuiltinFields.idcardCN, "", "0/18"),
        (textField(limit: 20), "hello", "5/20"),
        (textField(limit: 20, unit: .width), "中文a", "5/20"),
        (textField(limit: 20, unit: .utf16), "👨‍👩‍👧", "8/20"),
        (textField(limit: 20, unit: .scalars), "👨‍👩‍👧", "5/20"),
        (BuiltinFields.text, "hello", ""),
    ]

    @Test(arguments: counters)
    func counter(spec: FieldSpec, text: String, expected: String) {
        #expect(field(spec, text.isEmpty ? [] : [.selfInsert(text)]).frame.counter == expected)
    }

    @Test func digitsMinAndMax() {
        let spec = FieldOptions(limit: 4, minLength: 2).applied(to: BuiltinFields.digits)
        #expect(field(spec, [.selfInsert("1")]).status == .incomplete("needs 2 digits, has 1"))
        #expect(field(spec, [.selfInsert("12")]).status == .valid)
        #expect(field(spec, [.selfInsert("12345")]).value == "1234")
    }
}
