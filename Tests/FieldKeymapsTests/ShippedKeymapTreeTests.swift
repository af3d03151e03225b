import Testing
@testable import FieldKeymaps

/// The shipped keymaps' trees written by scripts/embed-keymaps.py: the YAML files stay the one source.
@Suite struct ShippedKeymapTreeTests {
    @Test(arguments: ShippedKeymaps.files.keys.sorted())
    func treeEqualsParsingTheText(name: String) throws {
        let text = try #require(ShippedKeymaps.files[name])
        let parsed = try YAMLComposer.compose(Array(text.utf8)).get()
        #expect(ShippedKeymapTrees.tree(name) == parsed, "run scripts/embed-keymaps.py")
    }

    @Test func everyShippedKeymapHasATree() {
        let missing = ShippedKeymaps.files.keys.filter { ShippedKeymapTrees.tree($0) == nil }
        #expect(missing.isEmpty, "run scripts/embed-keymaps.py")
        #expect(ShippedKeymapTrees.tree("no-such-keymap") == nil)
    }
}
