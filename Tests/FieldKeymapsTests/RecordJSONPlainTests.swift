import Testing
@testable import FieldKeymaps

/// The plain-line reader of JSON Lines records (`RecordJSON.plainPairs`) takes a line only when the libyaml reader
/// reads it to the same pairs; everything else it leaves to that reader.
@Suite struct RecordJSONPlainTests {
    static func plain(_ line: String) -> [(name: String, text: String)]? {
        var line = line
        return line.withUTF8 { RecordJSON.plainPairs($0) }
    }

    static func same(_ a: [(name: String, text: String)], _ b: [(name: String, text: String)]) -> Bool {
        a.map(\.name) == b.map(\.name) && a.map(\.text) == b.map(\.text)
    }

    /// Lines the plain reader takes: the same pairs as libyaml's reader.
    @Test(arguments: [
        #"{"mobile":"13800000000","name":"person 1"}"#,
        #"  { "a" : "b" ,  "c":"" }  "#,
        #"{"name":"张三, \"Zhang\"","x":"a\\b\/c"}"#,
        #"{"e":"\u00e9\u4e2d\u0041","s":"'single' #hash: colon- dash [x] {y}"}"#,
        #"{"emoji":"😀","k":"v"}"#,
        #"{"a":"  spaced  "}"#,
    ])
    func plainLinesReadAsLibyamlReadsThem(_ line: String) throws {
        let fast = try #require(Self.plain(line), "not taken: \(line)")
        guard case .success(let slow) = RecordJSON.parseYAML(line) else { Issue.record("libyaml refused \(line)"); return }
        #expect(Self.same(fast, slow), "\(fast) vs \(slow)")
    }

    /// Lines it leaves to libyaml's reader: numbers, other escapes, controls, C1, BOM, non-characters, repeats,
    /// nesting, an empty object, trailing text, tabs, single quotes, a cut line.
    @Test(arguments: [
        #"{"a":1}"#, #"{"a":"x\ny"}"#, #"{"a":"\u0000"}"#, #"{"a":"\u0085"}"#, #"{"a":"\ud83d\ude00"}"#,
        "{\"a\":\"\u{7F}\"}", "{\"a\":\"\u{85}\"}", "{\"a\":\"\u{FEFF}\"}", "{\"a\":\"\u{FFFE}\"}",
        #"{"a":"b","a":"c"}"#, #"{"a":{"b":"c"}}"#, "{}", #"{"a":"b"} x"#, "{\"a\":\t\"b\"}", #"{'a':'b'}"#,
        #"{"a":"b""#, #"[1, 2]"#, #"{"a":null}"#, #"{"a":"\uFFFF"}"#, #"{"a":"\x41"}"#,
    ])
    func otherLinesAreLeftToLibyaml(_ line: String) {
        #expect(Self.plain(line) == nil, "taken: \(line)")
    }

    /// An import reads a line from its bytes (`parse(utf8:)`): a plain line and one only libyaml reads come out as
    /// libyaml reads them, and a line that is no record is refused with libyaml's words.
    @Test(arguments: [#"{"a":"b","c":"中文"}"#, #"{"a":1,"b":"x\ny"}"#, #"{"a":"\u00e9"}"#, #"[1, 2]"#, #"{"a":null}"#])
    func bytesReadAsTheLineIs(_ line: String) {
        var bytes = line
        let fromBytes = bytes.withUTF8 { RecordJSON.parse(utf8: $0) }
        switch (fromBytes, RecordJSON.parseYAML(line)) {
        case (.success(let a), .success(let b)): #expect(Self.same(a, b), "\(a) vs \(b)")
        case (.failure(let a), .failure(let b)): #expect(a.message == b.message)
        default: Issue.record("\(line): \(fromBytes) vs libyaml")
        }
    }
}
