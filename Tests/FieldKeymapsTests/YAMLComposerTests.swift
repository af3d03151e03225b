import Testing
@testable import FieldKeymaps

/// A tree as one line: scalars quoted, every node followed by `@LINE:COL`.
private func render(_ node: YAMLNode) -> String {
    let body: String
    switch node.content {
    case .scalar(let text): body = String(reflecting: text)
    case .sequence(let items): body = "[" + items.map(render).joined(separator: ", ") + "]"
    case .mapping(let pairs): body = "{" + pairs.map { render($0.key) + ": " + render($0.value) }.joined(separator: ", ") + "}"
    }
    return body + "@\(node.line):\(node.column)"
}

/// The rendered tree, `nil` for no document, or `LINE:COL: message` for an error.
private func compose(_ yaml: String) -> String? {
    switch YAMLComposer.compose(Array(yaml.utf8)) {
    case .success(let node): return node.map(render)
    case .failure(let error): return "\(error.line):\(error.column): \(error.message)"
    }
}

/// YAML text and the tree it composes to, positions counted by hand (1-based, columns in Unicode scalars).
let composedCases: [(yaml: String, tree: String)] = [
    ("a: 1", #"{"a"@1:1: "1"@1:4}@1:1"#),
    // Block styles: a nested mapping starts at its first key.
    ("name: x\nlength:\n  min: 1\n  max: 9\n",
     #"{"name"@1:1: "x"@1:7, "length"@2:1: {"min"@3:3: "1"@3:8, "max"@4:3: "9"@4:8}@3:3}@1:1"#),
    ("- a\n- b\n", #"["a"@1:3, "b"@2:3]@1:1"#),
    ("keys:\n  - x\n  - y\n", #"{"keys"@1:1: ["x"@2:5, "y"@3:5]@2:3}@1:1"#),
    // Flow styles start at their bracket.
    ("[a, b, c]", #"["a"@1:2, "b"@1:5, "c"@1:8]@1:1"#),
    ("{a: 1, b: [x, y]}", #"{"a"@1:2: "1"@1:5, "b"@1:8: ["x"@1:12, "y"@1:15]@1:11}@1:1"#),
    ("length: {min: 1, max: 9}", #"{"length"@1:1: {"min"@1:10: "1"@1:15, "max"@1:18: "9"@1:23}@1:9}@1:1"#),
    // Quoted scalars start at their quote; escapes are decoded.
    ("a: \"x y\"\nb: 'it''s'\nc: \"tab\\there\"\n",
     #"{"a"@1:1: "x y"@1:4, "b"@2:1: "it\'s"@2:4, "c"@3:1: "tab\there"@3:4}@1:1"#),
    ("d: |\n  one\n  two\n", #"{"d"@1:1: "one\ntwo\n"@1:4}@1:1"#),
    // Every scalar stays text: numbers, booleans, nulls and an empty value.
    ("n: 12\nb: true\nz: ~\ne:\n", #"{"n"@1:1: "12"@1:4, "b"@2:1: "true"@2:4, "z"@3:1: "~"@3:4, "e"@4:1: ""@4:3}@1:1"#),
    // Columns count Unicode scalars, not bytes.
    ("é: ü\nname: 号码", #"{"é"@1:1: "ü"@1:4, "name"@2:1: "号码"@2:7}@1:1"#),
    // Duplicate keys are kept, in order, for the reader to report.
    ("a: 1\nb: 2\na: 3\n", #"{"a"@1:1: "1"@1:4, "b"@2:1: "2"@2:4, "a"@3:1: "3"@3:4}@1:1"#),
    ("{min: 1, max: 9, min: 2}", #"{"min"@1:2: "1"@1:7, "max"@1:10: "9"@1:15, "min"@1:18: "2"@1:23}@1:1"#),
    // A complex key stays a node (the reader refuses it as "keys must be text").
    ("? [a, b]\n: v\n", #"{["a"@1:4, "b"@1:7]@1:3: "v"@2:3}@1:1"#),
    // An anchored node starts at its anchor; an alias is the anchored node positioned where it is used.
    ("a: &x hello\nb: *x\n", #"{"a"@1:1: "hello"@1:4, "b"@2:1: "hello"@2:4}@1:1"#),
    ("base: &b {min: 1}\nother: *b\n",
     #"{"base"@1:1: {"min"@1:11: "1"@1:16}@1:7, "other"@2:1: {"min"@1:11: "1"@1:16}@2:8}@1:1"#),
    ("- &a x\n- &a y\n- *a\n", #"["x"@1:3, "y"@2:3, "y"@3:3]@1:1"#),
    // Document markers around the one document.
    ("---\na: 1\n...\n", #"{"a"@2:1: "1"@2:4}@2:1"#),
    ("# only a comment\nk: v # and one after\n", #"{"k"@2:1: "v"@2:4}@2:1"#),
]

/// YAML text that must not compose, with the exact error.
let composeErrorCases: [(yaml: String, error: String)] = [
    // libyaml's scanner and parser problems, at libyaml's mark.
    ("name: broken\ntransforms: [lowercase\ndescription: never closed\n", "3:12: YAML syntax: did not find expected ',' or ']'"),
    ("a: \"open\nb: 1\n", "3:1: YAML syntax: found unexpected end of stream"),
    ("symbols:\n  class: digit\n case: upper\n", "3:2: YAML syntax: did not find expected key"),
    ("symbols:\n\tclass: digit\n", "2:1: YAML syntax: found character that cannot start any token"),
    ("a: b: c\n", "1:5: YAML syntax: mapping values are not allowed in this context"),
    // The reader's problems come with a byte offset, turned into a position.
    ("a: b\u{01}c\n", "1:5: YAML syntax: control characters are not allowed"),
    ("é: x\nb: ü\u{7F}\n", "2:5: YAML syntax: control characters are not allowed"),
    // Aliases need an earlier, finished anchor.
    ("a: *nope\n", "1:4: YAML: unknown alias '*nope' (no '&nope' before it)"),
    ("b: *x\na: &x 1\n", "1:4: YAML: unknown alias '*x' (no '&x' before it)"),
    ("&a [1, *a]\n", "1:8: YAML: alias '*a' is inside the node its anchor names"),
    // One document only, positioned where the second starts.
    ("name: first\n---\nname: second\n", "2:1: YAML: a second document starts here, but a keymap file is one document"),
    ("a: 1\n...\n---\nb: 2\n", "3:1: YAML: a second document starts here, but a keymap file is one document"),
    // After `...`, libyaml wants `---` before anything else.
    ("a: 1\n...\nb: 2\n", "3:1: YAML syntax: did not find expected <document start>"),
    ("a: 1\n--- \n", "2:1: YAML: a second document starts here, but a keymap file is one document"),
]

@Suite struct YAMLComposerTests {
    @Test(arguments: composedCases)
    func composesWithPositions(yaml: String, tree: String) {
        #expect(compose(yaml) == tree)
    }

    @Test(arguments: composeErrorCases)
    func refusesWithPositionedError(yaml: String, error: String) {
        #expect(compose(yaml) == error)
    }

    @Test(arguments: ["", "\n\n", "# nothing but a comment\n", "  \n# two\n"])
    func noDocumentIsNil(yaml: String) {
        guard case .success(let node) = YAMLComposer.compose(Array(yaml.utf8)) else {
            Issue.record("\(String(reflecting: yaml)) did not compose")
            return
        }
        #expect(node == nil)
    }

    @Test func nestingIsCappedBeforeItCanOverflowTheStack() {
        let deepest = YAMLComposer.maxDepth
        let fits = String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest)
        #expect(compose(fits)?.hasPrefix("[[[") == true)
        let tooDeep = String(repeating: "[", count: deepest + 1) + String(repeating: "]", count: deepest + 1)
        #expect(compose(tooDeep) == "1:\(deepest + 1): YAML: nested more than \(deepest) levels deep")
        // Far deeper, unclosed: still an error, not a crash.
        #expect(compose(String(repeating: "[", count: 200_000))?.hasSuffix("levels deep") == true)
    }

    @Test func everyPrefixOfAKeymapComposesOrFailsWithAPosition() throws {
        let text = try #require(ShippedKeymaps.files["phone-cn"])
        let bytes = Array(text.utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for end in 0...bytes.count {
            if case .failure(let error) = YAMLComposer.compose(Array(bytes[..<end])) {
                #expect((1...lines).contains(error.line) && error.column >= 1, "prefix of \(end) bytes: \(error)")
            }
        }
        #expect((try? YAMLComposer.compose(bytes).get()) != nil)
    }
}
