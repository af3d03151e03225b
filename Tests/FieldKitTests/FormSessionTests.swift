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

    /// Text typed in a field and left without Enter (Up, Shift-Tab) stays with that field: it is its starting text
    /// when it is reached again, by going forward or back, and what Esc would lose; it is not a value of the record
    /// until Enter accepts it, and text left as the field started keeps nothing.
    @Test func textLeftInAFieldComesBackWithIt() {
        var s = FormSession(form: Self.form)
        #expect(s.accept("13812345678") == nil)
        #expect(s.accept("11010519491231002X") == nil)
        #expect(s.step == .field(2))
        s.back(leaving: "Nm")                                              // typed in `note`, then Up
        #expect(s.step == .field(1) && s.typed[2] == "Nm" && s.holdsTypedText)
        #expect(s.record.map(\.value)[2] == "")                           // not a value
        #expect(s.accept("11010519491231002X") == nil)                    // Enter on the ID card: forward
        #expect(s.step == .field(2))
        #expect(s.startingText(of: 2, in: fixedContext) == "Nm" && s.startingTextOrigin(of: 2) == .typed)
        #expect(s.accept("Nmx") == nil)                                    // accepted: a value, no longer typed
        #expect(s.typed[2] == nil && s.values[2] == "Nmx")
        s.back(leaving: "")                                                // on `pin`, nothing typed: nothing kept
        #expect(s.typed[3] == nil)
        s.back(leaving: "Nmx")                                             // left as it started: nothing kept
        #expect(s.typed[2] == nil)
        s.back(leaving: "139")                                             // an edit of an accepted value
        #expect(s.step == .field(0) && s.typed[1] == "139")
        #expect(s.startingText(of: 1, in: fixedContext) == "139")
        s.discard()
        #expect(s.typed.isEmpty)
    }

    @Test func aRequiredFieldLeftEmptyAndARepeatedUniqueValueStay() {
        var s = FormSession(form: Self.form)
        #expect(s.accept("") == "mobile: a value is required")
        // White space only is no value either.
        #expect(s.accept("   ") == "mobile: a value is required")
        #expect(s.accept("\u{3000}\t") == "mobile: a value is required")
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

/// Derived (`from`), conditional (`when`), rule and repeat fields in a session without a terminal: which field is
/// asked, what the record holds as earlier fields change, where a broken rule sends the operator.
@Suite struct FormSessionRulesTests {
    static let birthDate = FieldPart(field: "idcard", part: "birthDate")
    static let form = FormSpec(name: "visit", fields: [
        FormField(name: "idcard", spec: BuiltinFields.idcardCN),
        FormField(name: "birth_date", spec: BuiltinFields.date, derivedFrom: birthDate),
        FormField(name: "purpose", spec: BuiltinFields.text),
        FormField(name: "company", spec: BuiltinFields.text, condition: try! FormCondition("purpose == 'delivery'")),
        FormField(name: "visit_date", spec: BuiltinFields.date, defaultValue: .today, repeats: true),
    ], rules: [
        FormRule(condition: try! FormCondition("visit_date >= birth_date"), message: "a visit cannot come before the birth", field: "visit_date"),
        FormRule(condition: try! FormCondition("birth_date < '2020-01-01'"), message: "visitors are born before 2020", field: "birth_date"),
    ])

    func session(previous: [String: String]? = nil) -> FormSession {
        FormSession(form: Self.form, previous: previous, context: fixedContext)
    }

    @Test func aDerivedFieldIsSkippedAndFollowsItsSource() {
        var s = session()
        #expect(s.accept("11010519491231002X") == nil)
        #expect(s.step == .field(2))                                   // birth_date is not asked
        #expect(s.record[1] == ("birth_date", "1949-12-31"))
        #expect(s.startingText(of: 1, in: fixedContext) == "1949-12-31" && s.startingTextOrigin(of: 1) == .derived)
        #expect(!s.isAsked(1))
        s.back()
        #expect(s.step == .field(0))                                   // back skips it too
        #expect(s.accept("440524199001010018") == nil)
        #expect(s.record[1].value == "1990-01-01")                     // re-derived from the new ID
    }

    @Test func aConditionalFieldIsAskedOnlyWhileItsConditionHolds() {
        var s = session()
        _ = s.accept("11010519491231002X")
        #expect(s.accept("meeting") == nil)
        #expect(s.step == .field(4))                                   // company skipped
        s.back()
        #expect(s.step == .field(2))
        #expect(s.accept("delivery") == nil)
        #expect(s.step == .field(3))                                   // now it is asked
        #expect(s.accept("ACME") == nil)
        #expect(s.record[3].value == "ACME")
        s.back()
        s.back()
        #expect(s.step == .field(2))
        #expect(s.accept("meeting") == nil)                            // judged again: company no longer applies
        #expect(s.step == .field(4) && s.record[3].value == "")
        #expect(s.summary[3] == "company     ")
    }

    @Test func aBrokenRuleSendsTheRecordBackToItsField() {
        var s = session()
        _ = s.accept("11010519491231002X")
        _ = s.accept("meeting")
        #expect(s.accept("1949-12-30") == "a visit cannot come before the birth")
        #expect(s.step == .field(4))
        #expect(s.accept("2026-11-22") == nil)
        #expect(s.step == .summary)
        #expect(s.judgeRules() == nil && s.step == .summary)           // judging again changes nothing
        // A rule about a derived field sends the operator to the field it comes from.
        var young = session()
        _ = young.accept("110105202001010019")
        _ = young.accept("meeting")
        #expect(young.accept("2026-11-22") == "visitors are born before 2020")
        #expect(young.step == .field(0))
    }

    @Test func aDerivedValueItsOwnKeymapRefusesKeepsTheSourceField() {
        let form = FormSpec(name: "f", fields: [
            FormField(name: "idcard", spec: BuiltinFields.idcardCN),
            FormField(name: "sex", spec: BuiltinFields.digits, derivedFrom: FieldPart(field: "idcard", part: "sex")),
        ])
        var s = FormSession(form: form, context: fixedContext)
        let refusal = s.accept("11010519491231002X")
        #expect(refusal?.hasPrefix("sex: idcard.sex gives 'female', which this field refuses: ") == true, "\(refusal ?? "nil")")
        #expect(s.step == .field(0))
    }

    @Test func repeatStartsWithThePreviousRecordsValueAndOnlyTypedTextCounts() {
        var s = session(previous: ["visit_date": "2026-11-20", "purpose": "meeting"])
        #expect(s.isUntouched && !s.holdsTypedText)
        #expect(s.startingText(of: 4, in: fixedContext) == "2026-11-20")
        #expect(s.startingTextOrigin(of: 4) == .repeated && s.startingTextOrigin(of: 4)?.insertsAsPaste == true)
        #expect(s.startingText(of: 2, in: fixedContext) == nil)          // purpose does not repeat
        _ = s.accept("11010519491231002X")
        #expect(s.holdsTypedText && !s.isUntouched)
        let fresh = session()
        #expect(fresh.startingText(of: 4, in: fixedContext) == "2026-11-22" && fresh.startingTextOrigin(of: 4) == .defaultValue)

        // Only values that differ from the untouched start count as typed: a default or a pre-fill taken as is
        // does not (Esc then discards without asking), nor does an optional field left empty.
        let small = FormSpec(name: "s", fields: [
            FormField(name: "visit_date", spec: BuiltinFields.date, defaultValue: .today, repeats: true),
            FormField(name: "note", spec: BuiltinFields.text, required: false),
        ])
        var untouched = FormSession(form: small, previous: ["visit_date": "2026-11-20"], context: fixedContext)
        #expect(untouched.accept("2026-11-20") == nil && untouched.accept("") == nil)
        #expect(untouched.step == .summary && !untouched.holdsTypedText)
        var defaulted = FormSession(form: small, context: fixedContext)
        #expect(defaulted.accept("2026-11-22") == nil && !defaulted.holdsTypedText)
        var changed = FormSession(form: small, previous: ["visit_date": "2026-11-20"], context: fixedContext)
        #expect(changed.accept("2026-11-21") == nil && changed.holdsTypedText)

        // The next record repeats this one's value; a discarded one keeps the same pre-fill.
        var next = changed.nextRecord()
        #expect(next.startingText(of: 0, in: fixedContext) == "2026-11-21")
        next.discard()
        #expect(next.startingText(of: 0, in: fixedContext) == "2026-11-21")
    }
}
