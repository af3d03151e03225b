import FieldKit
import Testing

/// The form engine without a terminal or a sink: fields in order, back, required and unique fields, discarding,
/// a failed save resumed at its summary, and the summary's masking.
@Suite struct FormSessionTests {
    static let form = FormSpec(name: "visitor", fields: [
        FormField(name: "mobile", spec: BuiltinFields.phoneCN),
        FormField(name: "idcard", spec: BuiltinFields.idcardCN, unique: true),
        FormField(name: "note", spec: BuiltinFields.text, required: false, defaultValue: .text("none")),
        FormField(name: "pin", spec: BuiltinFields.digits, secret: true),
    ])

    @Test func fieldsAreAskedInOrderAndUpGoesBackWithTheValue() {
        var s = FormSession(form: Self.form)
        #expect(s.step == .field(0) && s.isUntouched)
        #expect(s.accept("13812345678") == nil)
        #expect(s.step == .field(1) && !s.isUntouched)
        s.back()
        #expect(s.step == .field(0))
        #expect(s.startingText(of: 0, in: fixedContext) == "13812345678")  // the earlier value, to edit
        #expect(s.startingText(of: 2, in: fixedContext) == "none")         // not answered yet: the default
        s.back()
        #expect(s.step == .field(0))                                       // nothing before the first
        #expect(s.accept("13912345678") == nil)
        #expect(s.accept("11010519491231002X") == nil)
        #expect(s.accept("") == nil)                                       // optional: empty is an answer
        #expect(s.accept("1234") == nil)
        #expect(s.step == .summary)
        #expect(s.record.map(\.value) == ["13912345678", "11010519491231002X", "", "1234"])
        s.back()
        #expect(s.step == .field(3))                                       // Up at the summary: the last field
    }

    @Test func aRequiredFieldLeftEmptyAndARepeatedUniqueValueStay() {
        var s = FormSession(form: Self.form)
        #expect(s.accept("") == "mobile: a value is required")
        #expect(s.step == .field(0))
        #expect(s.accept("13812345678") == nil)
        var asked: [(String, String)] = []
        let refusal = s.accept("11010519491231002X") { name, value in
            asked.append((name, value))
            return "record 3 of visitors.db"
        }
        #expect(refusal == "idcard: '11010519491231002X' is already in record 3 of visitors.db")
        #expect(asked.count == 1 && asked[0] == ("idcard", "11010519491231002X"))
        #expect(s.step == .field(1))
        #expect(s.startingText(of: 1, in: fixedContext) == "11010519491231002X")  // kept on screen to fix
        // A field that is not unique is never looked up.
        #expect(s.accept("440524199001010018") == nil)
        #expect(s.accept("x") { _, _ in Issue.record("note is not unique"); return nil } == nil)
    }

    @Test func discardStartsANewRecordAndAFailedSaveResumesAtTheSummary() {
        var s = FormSession(form: Self.form)
        _ = s.accept("13812345678")
        s.discard()
        #expect(s.isUntouched && s.values.allSatisfy { $0 == nil })
        let resumed = FormSession(form: Self.form, resuming: ["13812345678", "11010519491231002X", "", "9876"])
        #expect(resumed.step == .summary)
        #expect(resumed.summary == ["mobile  13812345678", "idcard  11010519491231002X", "note    ", "pin     ****"])
    }

    @Test func theSummaryEscapesControlsInValues() {
        let resumed = FormSession(form: Self.form, resuming: ["1", "2", "a\u{1B}[2Jb", "3"])
        #expect(resumed.summary[2] == "note    aU+1B[2Jb")
    }
}
