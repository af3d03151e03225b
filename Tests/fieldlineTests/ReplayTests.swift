import Foundation
import Testing
@testable import TestSupport
@testable import fieldline

/// `fieldline replay`: keys and pastes in, the final frame out.
@Suite struct ReplayTests {
    @Test(arguments: [
        (["phone-cn", "13812345678"], "138-1234-5678|"),
        (["phone-cn", "13812345678", "<Left><Left><Left><Left><Left><BS>"], "138-12|45-678"),
        (["phone-cn", "--paste", "+86 138 1234 5678"], "138-1234-5678|"),
        (["digits", "138", "<Home>", "<Del>"], "|38"),
        (["phone-cn", "138", "<Home>", "<Del>"], "|138"),  // "38" would not start with 1
        (["digits", "12", "--paste", "34", "56"], "123456|"),
        (["digits", "--paste", "34", "12"], "3412|"),
        (["digits", "--limit", "9", "1", "--paste", "2", "3"], "123|"),
        (["text", "a<lt>b"], "a<b|"),
        (["phone-cn", "2"], "|"),
        (["idcard-cn", "1234X"], "1234|"),
        (["phone-cn", "138", "<Esc>", "45"], "138|"),
        (["phone-cn", "13812345678", "<CR>", "<BS>"], "138-1234-5678|"),
    ])
    func frame(args: [String], display: String) throws {
        let r = try TestSupport.fieldline(["replay"] + args)
        #expect(r.out == display + "\n")
        #expect(r.err == "")
        #expect(r.status == 0)
    }

    @Test(arguments: [
        (["phone-cn", "13812345678"], #"{"display":"138-1234-5678","cursor":13,"cursorColumn":13,"value":"13812345678","counter":"11/11","status":"valid","message":null,"full":true,"refused":false}"#),
        (["phone-cn", "138"], #"{"value":"138","counter":"3/11","status":"incomplete","message":"too short for CN","full":false}"#),
        // No carrier-selection code fits before a mobile number in phone-cn's 15 digits: `2` is refused, with why.
        (["phone-cn", "12"], #"{"value":"1","refused":true,"message":"not a mobile number (CN mobile numbers start 13 to 19)"}"#),
        (["phone-cn", "2"], #"{"display":"","value":"","refused":true}"#),
        (["idcard-cn", "1234X"], #"{"value":"1234","refused":true}"#),
        (["phone-cn", "13812345678", "<CR>"], #"{"effect":"accept","status":"valid"}"#),
        (["phone-cn", "138", "<CR>"], #"{"effect":"bell","message":"too short for CN"}"#),
        (["phone-cn", "138", "<Esc>"], #"{"effect":"cancel"}"#),
        (["phone-cn", "138", "<Esc>", "45"], #"{"effect":"cancel","value":"138"}"#),
        // Every key decided as at a terminal (issue 26): Ctrl-D on an empty field ends the run as the prompt ends
        // (cancelled, exit 1 there); an unbound key is refused, never dropped; Ctrl-L redraws.
        (["phone-cn", "<C-d>", "138"], #"{"effect":"eof","ending":"cancelled","value":""}"#),
        (["phone-cn", "138<PageUp>"], #"{"effect":"bell","refused":true,"ending":null,"value":"138"}"#),
        (["phone-cn", "138<C-l>"], #"{"effect":"redraw","refused":false,"value":"138"}"#),
        (["phone-cn", "13812345678", "<CR>"], #"{"ending":"accepted"}"#),
        (["phone-cn", "1<Esc>"], #"{"ending":"cancelled"}"#),
    ])
    func json(args: [String], subset: String) throws {
        let r = try TestSupport.fieldline(["replay"] + args + ["--json"])
        #expect(r.status == 0)
        try expectJSON(r.out, has: subset)
    }

    /// Up on an empty date field fills in today: the day the test's clock says (`FIELDLINE_NOW`, 2026-11-22).
    @Test func upOnAnEmptyDateFillsInToday() throws {
        let r = try TestSupport.fieldline(["replay", "date", "<Up>", "--json"], environment: ["FIELDLINE_NOW": "1795365541"])
        let members = try jsonMembers(r.out)
        #expect(members["effect"] == #""refresh""#)
        #expect(members["value"] == #""2026-11-22""#, "\(r.out)")
    }

    @Test func jsonHasEveryField() throws {
        let keys = try jsonMembers(try TestSupport.fieldline(["replay", "phone-cn", "138", "--json"]).out).keys
        #expect(Set(keys) == ["display", "cursor", "cursorColumn", "value", "counter", "status", "message", "full", "refused", "effect", "ending"])
    }

    @Test(arguments: [
        (["text", "<Foo>"], "<Foo>"),
        (["nosuch", "1"], "nosuch"),
    ])
    func usageError(args: [String], mentioned: String) throws {
        let r = try TestSupport.fieldline(["replay"] + args)
        #expect(r.status == 64)
        #expect(r.out == "")
        #expect(r.err.contains(mentioned), "\(r.err)")
    }
}

/// `--paste=STR` where STR starts with a combining scalar: `=` and that scalar are one Character, which
/// ArgumentParser cannot split; the value must still be the paste.
@Suite struct AttachedValueTests {
    @Test(arguments: ["\u{0301}abc", "\u{200D}abc", "\u{FE0F}x", "\u{1F3FB}x", "abc", "a\u{0301}"])
    func pasteAttachedWithEqualsIsThePaste(_ text: String) throws {
        let run = try TestSupport.fieldline(["replay", "text", "--paste=" + text, "--json"])
        #expect(run.status == 0, "\(run.err)")
        let members = try jsonMembers(run.out.trimmingCharacters(in: .newlines))
        #expect(members["value"] == "\"\(text)\"", "\(run.out)")
    }

    @Test func afterTheTerminatorNothingIsSplit() {
        #expect(AttachedValues.separated(["text", "--", "--paste=\u{0301}a"]) == ["text", "--", "--paste=\u{0301}a"])
        #expect(AttachedValues.separated(["text", "--paste=\u{0301}a"]) == ["text", "--paste", "\u{0301}a"])
        #expect(AttachedValues.separated(["--limit=5"]) == ["--limit=5"])
    }
}

/// `replay --output` takes the values `ask` and `check` take; `--json` stays as the alias it was.
@Suite struct ReplayOutputTests {
    @Test func outputJSONValueAndDisplay() throws {
        let json = try TestSupport.fieldline(["replay", "phone-cn", "138", "--output", "json"])
        let alias = try TestSupport.fieldline(["replay", "phone-cn", "--json", "138"])
        #expect(json.status == 0 && json.out.hasPrefix(#"{"display":"138","cursor":3,"#) && json.out == alias.out, "\(json.out)")
        #expect(try TestSupport.fieldline(["replay", "phone-cn", "--output", "value", "13812345678"]).out == "13812345678\n")
        #expect(try TestSupport.fieldline(["replay", "phone-cn", "138", "--output=display"]).out == "138|\n")
    }
}
