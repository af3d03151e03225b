import FieldKit
import Testing

/// A warning rule (`level: warning`) in the pure form engine (issue 47): after the error rules hold, each broken
/// warning asks a reason (`.reason`); none given is refused; going back leads to its field; a changed value drops
/// the reasons; the record's `warnings` column holds what was given. The import's checker reports the same warnings.
@Suite struct FormSessionWarningTests {
    static let form = FormSpec(name: "parcels", fields: [
        FormField(name: "company", spec: BuiltinFields.text),
        FormField(name: "parcels", spec: BuiltinFields.digits),
    ], rules: [
        FormRule(condition: try! FormCondition("parcels >= 1"), message: "at least one parcel", field: "parcels"),
        FormRule(condition: try! FormCondition("parcels <= 50"), message: "more than 50 parcels", field: "parcels", level: .warning),
    ], reasons: ["a removal"])

    @Test func aBrokenWarningAsksAReasonAndEscGoesBackToItsField() {
        var s = FormSession(form: Self.form)
        #expect(s.accept("SF") == nil)
        #expect(s.accept("0") == "at least one parcel")          // an error first: back to the field
        #expect(s.step == .field(1))
        #expect(s.accept("60") == "more than 50 parcels")
        #expect(s.step == .reason(1) && s.asksReason)
        #expect(s.giveReason("  ") == "a reason is required to save the record over this warning")
        s.leaveReason()
        #expect(s.step == .field(1))
        #expect(s.accept("60") == "more than 50 parcels")
        #expect(s.giveReason("a removal") == nil)
        #expect(s.step == .summary)
        #expect(s.overruled.text == #"{"parcels":"a removal"}"#)
        #expect(s.overruled.stored(s.record, form: Self.form).map(\.name) == ["company", "parcels", "warnings"])
        // Back to the field and a new value: the reason given for 60 is not one for 70.
        s.back()
        #expect(s.accept("70") == "more than 50 parcels")
        #expect(s.step == .reason(1))
        #expect(s.giveReason("counted twice") == nil)
        #expect(s.overruled.text == #"{"parcels":"counted twice"}"#)
        // A value within the warning: nothing to overrule, the column empty.
        s.back()
        #expect(s.accept("5") == nil)
        #expect(s.step == .summary && s.overruled.text == "")
    }

    @Test func theCheckerReportsTheSameWarningAndSavesTheRecord() {
        let checker = RecordChecker(form: Self.form, context: ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!))
        let verdict = checker.check([("company", "SF"), ("parcels", "60")])
        #expect(verdict.isValid)
        #expect(verdict.warnings.map(\.name) == ["parcels"])
        #expect(checker.check([("company", "SF"), ("parcels", "0")]).warnings.isEmpty)   // an error is judged first
        #expect(checker.check([("company", "SF"), ("parcels", "5")]).warnings.isEmpty)
    }

    @Test func reasonChoicesOfferTheTypedTextFirst() {
        #expect(ReasonChoices.list(for: "", reasons: ["a removal", "b"]).choices.map(\.value) == ["a removal", "b"])
        #expect(ReasonChoices.list(for: "big day", reasons: ["a removal"]).choices.map(\.value) == ["big day", "a removal"])
        #expect(ReasonChoices.list(for: "a removal", reasons: ["a removal"]).choices.map(\.value) == ["a removal"])
    }
}
