import FieldKit
import Foundation
import Testing
@testable import TestSupport
@testable import FieldKeymaps

private let today = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)

/// The final display (cursor drawn as `|`) after feeding keys to a loaded keymap.
private func replay(_ loaded: LoadedKeymap, _ keys: String) throws -> String {
    try ReplayScript([.keys(keys)]).run(spec: loaded.spec, context: today, keymap: loaded.keymap).field.frame.displayWithCursor
}

private func loadValid(_ file: String) throws -> LoadedKeymap {
    try loader(searching: validFolder).load(validFolder + "/" + file)
}

@Suite struct ValidKeymapTests {
    @Test(arguments: ["short-digits.yaml", "phone-cn-keys.yaml", "plate.yaml"])
    func lintsClean(file: String) throws {
        #expect(lintLines(file, in: validFolder) == [])
        #expect(try yamlFiles(in: validFolder).contains(file))
    }

    @Test func extendsShippedAndOverridesLength() throws {
        let loaded = try loadValid("short-digits.yaml")
        #expect(loaded.origin == .file(validFolder + "/short-digits.yaml"))
        #expect(loaded.spec.name == "short-digits")  // the parent's name is not inherited
        #expect(loaded.spec.summary == "Four to six digits")
        #expect(loaded.spec.minLength == 4)
        #expect(loaded.spec.limit == 6)
        #expect(loaded.spec.unitNoun == "digit")  // inherited from digits
        #expect(loaded.spec.symbols.defaultClass.contains("7"))
        #expect(!loaded.spec.symbols.defaultClass.contains("a"))
        #expect(try replay(loaded, "12a345678") == "123456|")
        let field = try ReplayScript([.keys("123")]).run(spec: loaded.spec, context: today, keymap: loaded.keymap).field
        #expect(field.frame.counter == "3/6")
    }

    @Test func bindingsOverrideTheParent() throws {
        let loaded = try loadValid("phone-cn-keys.yaml")
        #expect(loaded.spec.name == "phone-cn-keys")
        #expect(loaded.spec.limit == 15)
        #expect(loaded.spec.validators == [phoneValidator])
        #expect(loaded.keymap.bindings[.named("C-w")] == .unixLineDiscard)
        #expect(loaded.keymap.bindings[.character("x")] == .backwardDeleteChar)
        #expect(loaded.keymap.bindings[.named("C-u")] == .unixLineDiscard)  // the rest of the standard keymap stays
        #expect(loaded.keymap.bindings[.named("BS")] == .backwardDeleteChar)
        #expect(try replay(loaded, "13812345678") == "138-1234-5678|")
        #expect(try replay(loaded, "1381234x") == "138-123|")
        #expect(try replay(loaded, "1381234<C-w>") == "|")
        #expect(try replay(loaded, "1381234<Left><C-w>") == "138-123|4")  // "4" alone cannot start the number: refused
        // The shipped phone-cn keeps its standard <C-w> (kill back to the template group).
        let shipped = try loader(searching: validFolder).load("phone-cn")
        #expect(shipped.keymap.bindings[.named("C-w")] == .backwardKillWord)
        #expect(try replay(shipped, "1381234x") == "138-1234|")
        #expect(try replay(shipped, "1381234<C-w>") == "138|")
    }

    @Test func licencePlate() throws {
        let loaded = try loadValid("plate.yaml")
        #expect(loaded.spec.name == "plate")
        #expect(loaded.spec.summary == "Licence plate, shown AB 12C45")
        #expect(loaded.spec.minLength == 7)
        #expect(loaded.spec.limit == 7)
        #expect(loaded.spec.symbols.caseMapping == .upper)
        #expect(try replay(loaded, "ab12c45") == "AB 12C45|")
        #expect(try replay(loaded, "1ab2") == "AB 2|")  // a digit cannot start a plate
        #expect(try replay(loaded, "ab-12") == "AB 12|")
        let field = try ReplayScript([.keys("ab12c45<CR>")]).run(spec: loaded.spec, context: today, keymap: loaded.keymap)
        #expect(field.lastEffect == .accept("AB12C45"))
    }

    @Test func sameKeyInParentAndChildIsAnOverrideNotADuplicate() throws {
        let folder = try ScratchFolder.made("keymaps")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("extends: phone-cn-keys\nbindings:\n  \\C-w: kill-line\n", to: folder + "/child.yaml")
        let loaded = try KeymapLoader(lookup: KeymapLookup(environment: ["FIELDLINE_KEYMAPS": folder + ":" + validFolder]))
            .load(folder + "/child.yaml")
        #expect(loaded.keymap.bindings[.named("C-w")] == .killLine)
        #expect(loaded.keymap.bindings[.character("x")] == .backwardDeleteChar)
    }
}
