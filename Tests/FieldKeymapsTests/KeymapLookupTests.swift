import FieldKit
import Foundation
import Testing
@testable import TestSupport
@testable import FieldKeymaps

/// A keymap file of digits that says where it lives (no `extends`, so it stands alone).
private func digitsSaying(_ where: String) -> String {
    "symbols:\n  class: digit\ndescription: digits from \(`where`)\n"
}

private func summary(_ loader: KeymapLoader, _ name: String) throws -> String {
    try loader.load(name).spec.summary
}

/// Search-path order: FIELDLINE_KEYMAPS folders, then XDG_CONFIG_HOME or ~/.config, then the shipped set.
@Suite struct KeymapLookupTests {
    @Test func userFileOverridesShippedName() throws {
        let folder = try ScratchFolder.made("keymaps")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(digitsSaying("the user"), to: folder + "/digits.yaml")
        let loader = loader(searching: folder)
        #expect(loader.lookup.locate("digits") == .file(folder + "/digits.yaml"))
        #expect(try summary(loader, "digits") == "digits from the user")
        #expect(try loader.load("digits").origin == .file(folder + "/digits.yaml"))
        let all = loader.lookup.all()
        #expect(all.first { $0.name == "digits" }?.origin == .file(folder + "/digits.yaml"))
        #expect(all.first { $0.name == "text" }?.origin == .shipped("text"))
        #expect(all.map(\.name) == ShippedKeymaps.files.keys.sorted())
    }

    @Test func firstFieldlineKeymapsFolderWins() throws {
        let one = try ScratchFolder.made("one"), two = try ScratchFolder.made("two")
        defer { for f in [one, two] { try? FileManager.default.removeItem(atPath: f) } }
        try write(digitsSaying("one"), to: one + "/digits.yaml")
        try write(digitsSaying("two"), to: two + "/digits.yaml")
        try write(digitsSaying("two only"), to: two + "/extra.yaml")
        let lookup = KeymapLookup(environment: ["FIELDLINE_KEYMAPS": one + "::" + two, "HOME": "/nonexistent"])
        #expect(lookup.folders == [one, two, "/nonexistent/.config/fieldline/keymaps"])
        let loader = KeymapLoader(lookup: lookup)
        #expect(try summary(loader, "digits") == "digits from one")
        #expect(try summary(loader, "extra") == "digits from two only")
        #expect(lookup.all().first { $0.name == "digits" }?.origin == .file(one + "/digits.yaml"))
        #expect(lookup.all().first { $0.name == "extra" }?.origin == .file(two + "/extra.yaml"))
        let swapped = KeymapLoader(lookup: KeymapLookup(environment: ["FIELDLINE_KEYMAPS": two + ":" + one]))
        #expect(try summary(swapped, "digits") == "digits from two")
    }

    @Test func yamlBeatsYmlAndYmlIsFound() throws {
        let folder = try ScratchFolder.made("keymaps")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(digitsSaying("yml"), to: folder + "/both.yml")
        try write(digitsSaying("yaml"), to: folder + "/both.yaml")
        try write(digitsSaying("yml only"), to: folder + "/short.yml")
        let loader = loader(searching: folder)
        #expect(try summary(loader, "both") == "digits from yaml")
        #expect(try summary(loader, "short") == "digits from yml only")
        #expect(loader.lookup.all().first { $0.name == "both" }?.origin == .file(folder + "/both.yaml"))
    }

    @Test func fieldlineKeymapsBeatsXDGBeatsHomeBeatsShipped() throws {
        let root = try ScratchFolder.made("order")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let user = root + "/user", xdg = root + "/xdg", home = root + "/home"
        try write(digitsSaying("FIELDLINE_KEYMAPS"), to: user + "/digits.yaml")
        try write(digitsSaying("XDG_CONFIG_HOME"), to: xdg + "/fieldline/keymaps/digits.yaml")
        try write(digitsSaying("HOME"), to: home + "/.config/fieldline/keymaps/digits.yaml")
        let shippedSummary = try summary(KeymapLoader(lookup: KeymapLookup(environment: [:])), "digits")

        func loader(_ env: [String: String]) -> KeymapLoader { KeymapLoader(lookup: KeymapLookup(environment: env)) }
        #expect(try summary(loader(["FIELDLINE_KEYMAPS": user, "XDG_CONFIG_HOME": xdg, "HOME": home]), "digits")
            == "digits from FIELDLINE_KEYMAPS")
        #expect(try summary(loader(["XDG_CONFIG_HOME": xdg, "HOME": home]), "digits") == "digits from XDG_CONFIG_HOME")
        #expect(try summary(loader(["HOME": home]), "digits") == "digits from HOME")
        #expect(try summary(loader(["XDG_CONFIG_HOME": "", "HOME": home]), "digits") == "digits from HOME")  // empty = unset
        #expect(try summary(loader(["HOME": "/nonexistent"]), "digits") == shippedSummary)
        #expect(shippedSummary == "Digits only; --min and --max bound the length")
        // XDG_CONFIG_HOME replaces ~/.config: the HOME folder is not searched at all then.
        #expect(loader(["XDG_CONFIG_HOME": xdg, "HOME": home]).lookup.folders == [xdg + "/fieldline/keymaps"])
        try FileManager.default.removeItem(atPath: xdg + "/fieldline/keymaps/digits.yaml")
        #expect(try summary(loader(["XDG_CONFIG_HOME": xdg, "HOME": home]), "digits") == shippedSummary)
    }

    @Test func userFileExtendingItsOwnNameExtendsTheShippedOne() throws {
        let folder = try ScratchFolder.made("keymaps")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("extends: phone-cn\ndescription: my phone\nbindings:\n  x: backward-delete-char\n", to: folder + "/phone-cn.yaml")
        let loader = loader(searching: folder)
        let loaded = try loader.load("phone-cn")
        #expect(loaded.origin == .file(folder + "/phone-cn.yaml"))
        #expect(loaded.spec.summary == "my phone")
        #expect(loaded.spec.limit == 15)
        #expect(loaded.spec.validators == [phoneValidator])
        #expect(loaded.spec.templates.templates.map(\.pattern) == ["###-####-####"])
        #expect(loader.lint(path: folder + "/phone-cn.yaml") == [])
        // Named another way (relative dots, double slash) it is still the same file, so still no cycle.
        #expect(loader.lint(path: folder + "/./phone-cn.yaml") == [])
        #expect(loader.lint(path: folder + "//phone-cn.yaml") == [])
        let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)
        let frame = try ReplayScript([.keys("138123456789x")]).run(spec: loaded.spec, context: context, keymap: loaded.keymap).field.frame
        #expect(frame.displayWithCursor == "138-1234-567|")
    }

    /// Two user folders both override phone-cn with `extends: phone-cn`: the outer file extends the inner one,
    /// which extends the shipped one (each `extends` continues down the search path, never back up).
    @Test func sameNameInTwoFoldersExtendsTheNextOne() throws {
        let one = try ScratchFolder.made("one"), two = try ScratchFolder.made("two")
        defer { for f in [one, two] { try? FileManager.default.removeItem(atPath: f) } }
        try write("extends: phone-cn\ndescription: outer\n", to: one + "/phone-cn.yaml")
        try write("extends: phone-cn\nunit: figure\n", to: two + "/phone-cn.yaml")
        let loader = KeymapLoader(lookup: KeymapLookup(environment: ["FIELDLINE_KEYMAPS": one + ":" + two]))
        // The inner file extends what comes after it on the path: the shipped phone-cn.
        #expect(try loader.load(origin: .file(two + "/phone-cn.yaml")).spec.validators == [phoneValidator])
        #expect(loader.lint(path: one + "/phone-cn.yaml").map(\.description) == [])
        #expect(loader.lint(path: two + "/phone-cn.yaml").map(\.description) == [])
        let loaded = try loader.load("phone-cn")
        #expect(loaded.spec.summary == "outer")
        #expect(loaded.spec.unitNoun == "figure")  // from the second folder's file
        #expect(loaded.spec.validators == [phoneValidator])  // from the shipped file
    }

    @Test func argumentWithSlashOrYamlIsAPath() throws {
        #expect(KeymapLookup.isPath("keymaps/plate"))
        #expect(KeymapLookup.isPath("./plate"))
        #expect(KeymapLookup.isPath("plate.yaml"))
        #expect(KeymapLookup.isPath("plate.yml"))
        #expect(!KeymapLookup.isPath("plate"))
        #expect(!KeymapLookup.isPath("phone-cn"))

        let folder = try ScratchFolder.made("keymaps")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("name: plate\nsymbols:\n  class: upper\n", to: folder + "/plate.yaml")
        try write(digitsSaying("a file beside it"), to: folder + "/phone-cn.yaml")
        let loader = KeymapLoader(lookup: KeymapLookup(environment: ["HOME": "/nonexistent"]))
        // A path loads that file, even with a shipped name and off the search path.
        #expect(try loader.load(folder + "/phone-cn.yaml").spec.summary == "digits from a file beside it")
        #expect(try loader.load(folder + "/plate.yaml").origin == .file(folder + "/plate.yaml"))
        #expect(try loader.load("phone-cn").origin == .shipped("phone-cn"))
        // `plate.yaml` is a path relative to the working directory, not a name looked up on the search path.
        let searching = self.loaderSearching(folder)
        #expect(try searching.load("plate").origin == .file(folder + "/plate.yaml"))
        do {
            _ = try searching.load("no-such-plate.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.description == "no-such-plate.yaml: cannot read: No such file or directory")
        }
    }

    private func loaderSearching(_ folder: String) -> KeymapLoader { loader(searching: folder) }
}
