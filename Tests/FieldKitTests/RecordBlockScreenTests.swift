import FieldKeymaps
import FieldKit
import Foundation
import Testing
import TestSupport

/// The form cases in process, byte-exact: the shipped forms entered field by field as the terminal does it
/// (`FormSession` for the record, `RecordBlock` for its lines, `ScreenModel` for the bytes, a terminal emulator for
/// the screen), in English and Chinese. Going back keeps the typed text; an edit left with Shift-Tab is kept; the
/// last field's line stays; a picker's line shows its choice; derived lines are blank while their source is edited;
/// a discarded record leaves one line.
@Suite struct RecordBlockScreenTests {
    static let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("forms").path
    /// The shipped forms' Chinese prompts (`zh:` in forms/*.yaml), by form and field.
    static let chinese = ["visitor.mobile": "手机号：", "visitor.idcard": "身份证号：", "visitor.birth_date": "出生日期：",
                          "visitor.sex": "性别：", "visitor.name": "姓名：", "visitor.visit_date": "来访日期：",
                          "delivery.purpose": "事由：", "delivery.mobile": "手机号：", "delivery.mobile_e164": "mobile_e164: ",
                          "delivery.company": "快递公司：", "delivery.parcels": "件数：", "delivery.visit_date": "日期："]

    /// A form at a terminal of `width` columns, with nothing above it.
    struct Desk {
        var session: FormSession
        let block: RecordBlock
        var model: ScreenModel
        var terminal: TerminalEmulator
        var bytes: [UInt8] = []
        /// The text in the field asked now.
        var typed = ""

        init(form name: String, zh: Bool = false, width: Int = 60) throws {
            let keymaps = KeymapLoader(lookup: KeymapLookup(environment: ["FIELDLINE_KEYMAPS": "/nonexistent", "HOME": "/nonexistent"]))
            var form = try FormLoader(keymaps: keymaps).load(path: RecordBlockScreenTests.forms + "/\(name).yaml")
            if zh { for k in form.fields.indices { form.fields[k].prompt = RecordBlockScreenTests.chinese[name + "." + form.fields[k].name]! } }
            session = FormSession(form: form, context: fixedContext)
            block = RecordBlock(form: form, context: fixedContext)
            model = ScreenModel(width: width, movesCursor: true)
            terminal = TerminalEmulator(columns: width, cellWidth: { DisplayWidth.columns(of: $0) })
            start()
        }

        var asked: Int { if case .field(let i) = session.step { i } else { session.form.fields.count } }

        /// The view of the field asked with `typed` in it, as `FormPrompt` and `PromptSession` make it.
        func view() -> ScreenView {
            let form = session.form
            let i = asked
            guard i < form.fields.count else {
                return ScreenView(block: block.lines(of: session, in: 0..<form.fields.count), prompt: "Enter saves: ",
                                  field: FieldView(text: "", cursor: 0, counter: ""))
            }
            var field = Field(spec: form.fields[i].spec, context: fixedContext)
            if !typed.isEmpty { field.apply(.paste(typed)) }
            let frame = field.frame
            return ScreenView(block: block.lines(of: session, in: 0..<i), prompt: form.fields[i].prompt,
                              field: FieldView(text: frame.display, cursor: frame.display.count, counter: frame.counter),
                              following: block.lines(of: session, in: (i + 1)..<form.fields.count, editing: i))
        }

        mutating func draw() {
            model.draw(view(), into: &bytes)
            terminal.feed(bytes)
        }

        /// The field asked starts with its starting text, as the prompt does.
        mutating func start() {
            typed = asked < session.form.fields.count ? session.startingText(of: asked, in: fixedContext) ?? "" : ""
            draw()
        }

        mutating func type(_ text: String) { typed += text; draw() }

        mutating func erase() { typed = ""; draw() }

        /// The field's value for the text typed (a picker's chosen value, not its query), as the prompt accepts it
        /// and as `PromptTerminal.leftText` keeps it.
        var value: String {
            guard asked < session.form.fields.count else { return "" }
            var field = Field(spec: session.form.fields[asked].spec, context: fixedContext)
            if !typed.isEmpty { field.apply(.paste(typed)) }
            if case .choice = field.spec.kind { return field.acceptedValue }
            return field.value
        }

        /// Enter: the line ends as it stands, the record takes the value, the next field is asked.
        mutating func enter() {
            let value = self.value
            model.finish(view(), into: &bytes)
            terminal.feed(bytes)
            _ = session.accept(value)
            start()
        }

        /// Up or Shift-Tab: the line ends, the text typed stays with its field, the field before is asked.
        mutating func back() {
            model.finish(view(), into: &bytes)
            terminal.feed(bytes)
            session.back(leaving: value)
            start()
        }

        /// Esc, confirmed: the block gives way to one line.
        mutating func discard(_ line: String) {
            model.finish(view(), into: &bytes)
            terminal.feed(bytes)
            model.draw(ScreenView(block: [line], prompt: "", field: FieldView(text: "", cursor: 0, counter: ""), showsField: false),
                       into: &bytes)
            terminal.feed(bytes)
            model.commit()
            session.discard()
            start()
        }

        var lines: [String] { terminal.lines }
    }

    /// `prompt` and `text` with the counter at the row's right end, as the model draws a line of `width` columns.
    static func row(_ left: String, _ counter: String, width: Int = 60) -> String {
        left + String(repeating: " ", count: width - 1 - counter.count - DisplayWidth.columns(of: left)) + counter
    }

    /// Visitor: mobile, ID card, `Nm` in Name, Up: the ID card asked in its line, its derived lines blank, `Nm`
    /// under them; Enter: Name again with `Nm`, the derived lines filled.
    @Test(arguments: [false, true]) func goingBackKeepsTheTypedText(zh: Bool) throws {
        var desk = try Desk(form: "visitor", zh: zh)
        let p = { (name: String, en: String) in zh ? Self.chinese["visitor." + name]! : en }
        desk.type("13812345678"); desk.enter()
        desk.type("11010519491231002X"); desk.enter()
        desk.type("Nm")
        #expect(desk.lines == [p("mobile", "Mobile: ") + "138-1234-5678", p("idcard", "ID card: ") + "110105 19491231 002X",
                               p("birth_date", "Birth date: ") + "1949-12-31", p("sex", "Sex: ") + "female",
                               Self.row(p("name", "Name: ") + "Nm", "2/20")])
        desk.back()
        #expect(desk.lines == [p("mobile", "Mobile: ") + "138-1234-5678",
                               Self.row(p("idcard", "ID card: ") + "110105 19491231 002X", "18/18"),
                               p("birth_date", "Birth date: "), p("sex", "Sex: "), p("name", "Name: ") + "Nm"]
                                .map { $0.trimmingCharacters(in: .whitespaces) })
        desk.enter()
        #expect(desk.lines == [p("mobile", "Mobile: ") + "138-1234-5678", p("idcard", "ID card: ") + "110105 19491231 002X",
                               p("birth_date", "Birth date: ") + "1949-12-31", p("sex", "Sex: ") + "female",
                               Self.row(p("name", "Name: ") + "Nm", "2/20")])
        #expect(desk.terminal.unknown.isEmpty)
    }

    /// Delivery: the purpose found by typing `d` shows `delivery`; Parcels 4, Enter, Shift-Tab, 7, Shift-Tab, Enter:
    /// Parcels holds 7; Shift-Tab from the last field keeps its line.
    @Test(arguments: [false, true]) func anEditLeftWithShiftTabIsKeptAndAPickerShowsItsChoice(zh: Bool) throws {
        var desk = try Desk(form: "delivery", zh: zh)
        let p = { (name: String, en: String) in zh ? Self.chinese["delivery." + name]! : en }
        desk.erase(); desk.type("d"); desk.enter()
        #expect(desk.lines.first == p("purpose", "Purpose: ") + "delivery", "\(desk.lines)")
        desk.type("13812345678"); desk.enter()
        desk.type("SF"); desk.enter()
        desk.type("4"); desk.enter()
        desk.back()                                   // back from the date to Parcels
        desk.erase(); desk.type("7")
        desk.back()                                   // 7 left with Shift-Tab: kept in its line
        #expect(desk.lines.contains(p("parcels", "Parcels: ") + "7"), "\(desk.lines)")
        #expect(desk.lines.last == p("visit_date", "Date: ") + "2026-11-22", "the last field's line stays: \(desk.lines)")
        desk.enter()                                  // on to Parcels: it starts with 7
        #expect(desk.lines.contains(Self.row(p("parcels", "Parcels: ") + "7", "1/3")), "\(desk.lines)")
        desk.enter(); desk.enter()
        #expect(desk.session.record.first { $0.name == "parcels" }?.value == "7")
        #expect(!desk.lines.contains { $0.contains("> delivery") || $0.hasPrefix(p("purpose", "Purpose: ") + "d ") }, "\(desk.lines)")
    }

    /// Esc with a record half entered: one line is left, the next record's first field under it.
    @Test(arguments: [false, true]) func aDiscardedRecordLeavesOneLine(zh: Bool) throws {
        var desk = try Desk(form: "visitor", zh: zh)
        let p = { (name: String, en: String) in zh ? Self.chinese["visitor." + name]! : en }
        desk.type("13812345678"); desk.enter()
        desk.type("1101")
        desk.discard(zh ? "记录已放弃" : "record discarded")
        #expect(desk.lines == [zh ? "记录已放弃" : "record discarded", Self.row(p("mobile", "Mobile: "), "0/11")], "\(desk.lines)")
    }
}
