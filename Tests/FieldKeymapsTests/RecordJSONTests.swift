import Foundation
import Testing
@testable import FieldKeymaps

/// The JSON Lines record reader: RFC 8259 and nothing more, for one flat object of texts and numbers a line.
@Suite struct RecordJSONTests {
    static func read(_ line: String) -> Result<[(name: String, text: String)], RecordProblem> { RecordJSON.parse(line) }

    static func read(bytes: [UInt8]) -> Result<[(name: String, text: String)], RecordProblem> {
        bytes.withUnsafeBufferPointer { RecordJSON.parse(utf8: $0) }
    }

    /// The value of field `a` in `{"a":VALUE}`, or the problem.
    static func value(_ json: String) -> Result<String, RecordProblem> {
        read(#"{"a":"# + json + "}").map { pairs in pairs.first?.text ?? "<none>" }
    }

    static func message(_ result: Result<[(name: String, text: String)], RecordProblem>) -> String? {
        if case .failure(let problem) = result { return problem.message }
        return nil
    }

    @Test(arguments: [
        (#""\"""#, "\""), (#""\\""#, "\\"), (#""\/""#, "/"), (#""\b""#, "\u{8}"), (#""\f""#, "\u{C}"),
        (#""\n""#, "\n"), (#""\r""#, "\r"), (#""\t""#, "\t"), (#""\u0041\u00e9\u4E2D""#, "Aé中"),
        (#""\u0000""#, "\u{0}"), (#""\ud83d\ude00""#, "😀"), (#""\uD834\uDD1E""#, "𝄞"), (#""x\"y\\z""#, "x\"y\\z"),
    ])
    func jsonEscapesAreDecoded(_ json: String, _ text: String) throws {
        #expect(try Self.value(json).get() == text)
    }

    /// YAML's escapes, which the libyaml-based reader took: not JSON.
    @Test(arguments: [#"\x41"#, #"\_"#, #"\L"#, #"\P"#, #"\U0001F600"#, #"\N"#, #"\0"#, #"\a"#, #"\e"#, #"\v"#, #"\ "#, #"\'"#])
    func otherEscapesAreRefused(_ escape: String) {
        guard case .failure(let problem) = Self.value("\"" + escape + "\"") else { Issue.record("\(escape) taken"); return }
        #expect(problem.message.contains("is not a JSON escape"), "\(problem.message)")
    }

    @Test(arguments: [#""\ud83d""#, #""\ude00""#, #""\ud83dx""#, #""\ud83d\u0041""#, #""\ud83d\ud83d""#, #""\uDFFF\uD800""#])
    func loneSurrogatesAreRefused(_ json: String) {
        guard case .failure(let problem) = Self.value(json) else { Issue.record("\(json) taken"); return }
        #expect(problem.message.contains("half of a surrogate pair"), "\(problem.message)")
    }

    @Test(arguments: [#""\u12""#, #""\u12G4""#, #""\u""#])
    func shortUnicodeEscapesAreRefused(_ json: String) {
        #expect(Self.message(Self.read(#"{"a":"# + json + "}"))?.contains("four hex digits") == true)
    }

    @Test func rawControlCharactersInATextAreRefused() {
        for byte in UInt8(0)..<0x20 {
            let line: [UInt8] = Array(#"{"a":"x"#.utf8) + [byte] + Array(#"y"}"#.utf8)
            let message = Self.message(Self.read(bytes: line))
            #expect(message?.contains("a control character in a text is written as an escape") == true, "byte \(byte): \(message ?? "taken")")
            #expect(message?.contains("\u{1B}") != true)
        }
        // In a name as well.
        #expect(Self.message(Self.read("{\"a\u{1}\":\"x\"}")) != nil)
    }

    /// Every other character is kept byte for byte: what YAML folds or refuses included.
    @Test(arguments: ["\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\u{7F}", "\u{A0}", "x\u{85}y", "😀", "'#: -[]{}&*!|>%@`"])
    func otherCharactersAreKeptAsTheyAre(_ text: String) throws {
        let line = Array(#"{"a":""#.utf8) + Array(text.utf8) + Array(#""}"#.utf8)
        let pairs = try Self.read(bytes: line).get()
        #expect(Array(pairs[0].text.utf8) == Array(text.utf8))
    }

    @Test(arguments: ["0", "-0", "7", "-12", "1.5", "-0.25", "1e5", "1E+5", "2e-3", "-1.25E-10", "123456789012345678901234567890", "0.000"])
    func numbersAreKeptAsWritten(_ number: String) throws {
        #expect(try Self.value(number).get() == number)
        #expect(try Self.value(" " + number + " ").get() == number)
    }

    @Test(arguments: ["01", "-01", "1.", ".5", "+1", "-", "1e", "1e+", "0x1F", "NaN", "Infinity", "-Infinity", "1.5.2", "1_000", "2a", "0.e1", "- 1"])
    func otherNumbersAreRefused(_ number: String) {
        #expect(throws: RecordProblem.self, "\(number)") { try Self.value(number).get() }
    }

    @Test func nullIsNoValueTheFieldIsLeftOut() throws {
        let pairs = try Self.read(#"{"a":"x","b":null,"c":"y"}"#).get()
        #expect(pairs.map(\.name) == ["a", "c"])
        #expect(try Self.read(#"{"b":null}"#).get().isEmpty)
        // A name given twice is refused, null or not.
        #expect(Self.message(Self.read(#"{"b":null,"b":"x"}"#)) == "'b' is given twice")
        #expect(Self.message(Self.read(#"{"b":"x","b":null}"#)) == "'b' is given twice")
    }

    /// Names are told apart as the form tells its fields apart (Swift's string comparison): canonically equivalent
    /// names are one name; a compatibility variant (U+FB01 for fi) is another.
    @Test func canonicallyEquivalentNamesAreGivenTwice() throws {
        #expect(Self.message(Self.read("{\"\u{E9}\":\"1\",\"e\u{301}\":\"2\"}")) == "'e\u{301}' is given twice")
        #expect(Self.message(Self.read(#"{"\u00c5":"1","\u212b":"2"}"#)) == "'\u{212B}' is given twice")
        #expect(try Self.read("{\"\u{FB01}\":\"1\",\"fi\":\"2\"}").get().count == 2)
    }

    /// The field and the JSON type are named; an import reports the problem under the field.
    static func problem(_ result: Result<[(name: String, text: String)], RecordProblem>) -> RecordProblem? {
        if case .failure(let problem) = result { return problem }
        return nil
    }

    @Test func booleansAreRefusedNamingTheField() {
        #expect(Self.problem(Self.read(#"{"name":true}"#)) == RecordProblem(valueOf: "name", "true is a JSON boolean, which only a yes/no field takes; give a string"))
        #expect(Self.problem(Self.read(#"{"a":"x", "ok" : false }"#)) == RecordProblem(valueOf: "ok", "false is a JSON boolean, which only a yes/no field takes; give a string"))
        // Words that only begin like them are no value at all.
        for word in ["nul", "nulls", "True", "truex", "FALSE", "none", "undefined", "x"] {
            #expect(Self.message(Self.read(#"{"a":"# + word + "}"))?.hasPrefix("unexpected '") == true, "\(word)")
        }
    }

    @Test func nestingIsRefusedNamingTheField() {
        #expect(Self.problem(Self.read(#"{"a":{"b":"c"}}"#)) == RecordProblem(valueOf: "a", "a JSON object is not a value; give a string (a record is one flat object)"))
        #expect(Self.problem(Self.read(#"{"a":["b"]}"#)) == RecordProblem(valueOf: "a", "a JSON array is not a value; give a string"))
        // Deep nesting is refused at its first level, without reading further: no recursion.
        let deep = #"{"a":"# + String(repeating: "[", count: 500_000)
        #expect(Self.problem(Self.read(deep)) == RecordProblem(valueOf: "a", "a JSON array is not a value; give a string"))
    }

    @Test(arguments: ["", " ", "[]", #"["a"]"#, #""a""#, "1", "null", "true", "x", "\u{FEFF}{}"])
    func aLineThatIsNotAnObjectIsRefused(_ line: String) {
        #expect(Self.message(Self.read(line)) == "a record is a JSON object of field names to values")
    }

    @Test(arguments: [
        (#"{"a":"b",}"#, "unexpected '}' at column 10; expected a field name in double quotes"),
        (#"{"a" "b"}"#, "unexpected '\"' at column 6; expected ':' after the field name"),
        (#"{"a":"b" "c":"d"}"#, "unexpected '\"' at column 10; expected ',' or '}'"),
        (#"{'a':'b'}"#, "unexpected ''' at column 2; expected a field name in double quotes"),
        (#"{a:"b"}"#, "unexpected 'a' at column 2; expected a field name in double quotes"),
        (#"{"a":'b'}"#, "unexpected ''' at column 6; expected a value: text in double quotes, a number or null"),
        (#"{"a":b}"#, "unexpected 'b' at column 6; expected a value: text in double quotes, a number or null"),
        (#"{"a":"b"} x"#, "unexpected 'x' at column 11; expected nothing after the record's closing '}'"),
        (#"{"a":"b"}{"c":"d"}"#, "unexpected '{' at column 10; expected nothing after the record's closing '}'"),
        (#"{"a":"b" /* c */}"#, "unexpected '/' at column 10; expected ',' or '}'"),
        (#"{"a":"b""#, "the line ends at column 9; expected ',' or '}'"),
        (#"{"a":"b"#, "the text that starts at column 6 is not closed: the line ends inside it"),
        (#"{"a":"#, "the line ends at column 6; expected a value: text in double quotes, a number or null"),
        (#"{"#, "the line ends at column 2; expected a field name in double quotes"),
        (#"{,}"#, "unexpected ',' at column 2; expected a field name in double quotes"),
        (#"{"a":"b",,"c":"d"}"#, "unexpected ',' at column 10; expected a field name in double quotes"),
        (#"{"中":"文" x}"#, "unexpected 'x' at column 10; expected ',' or '}'"),
        ("{\"a\":\"b\"\u{85}}", "unexpected U+85 at column 9; expected ',' or '}'"),
        ("{\"a\":\"b\u{1B}]0;x\u{7}\"}", "unexpected U+1B at column 8: a control character in a text is written as an escape (\\n, \\t, \\u001B)"),
    ])
    func syntaxProblemsNameTheirColumn(_ line: String, _ message: String) {
        #expect(Self.message(Self.read(line)) == message)
    }

    @Test func jsonWhiteSpaceIsAllowedAnywhereBetweenTokens() throws {
        let pairs = try Self.read(" \t{\r\n \"a\" \t:\n\"b\" ,\t\"c\":1\r} \t\r").get()
        #expect(pairs.map(\.name) == ["a", "c"] && pairs.map(\.text) == ["b", "1"])
        #expect(try Self.read("{}").get().isEmpty)
        #expect(try Self.read(" { } ").get().isEmpty)
    }

    @Test func bytesThatAreNotUTF8AreRefusedNamingTheByte() {
        let inText: [UInt8] = Array(#"{"a":"x"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        #expect(Self.message(Self.read(bytes: inText)) == "not valid UTF-8 (byte 8 of the line)")
        let inName: [UInt8] = Array(#"{""#.utf8) + [0xC3] + Array(#"":"x"}"#.utf8)
        #expect(Self.message(Self.read(bytes: inName)) == "not valid UTF-8 (byte 3 of the line)")
        let outside: [UInt8] = Array(#"{"a":"x"}"#.utf8) + [0xE4, 0xB8]
        #expect(Self.message(Self.read(bytes: outside)) == "not valid UTF-8 (byte 10 of the line)")
        let escaped: [UInt8] = Array(#"{"a":"\n"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8)  // an encoded surrogate
        #expect(Self.message(Self.read(bytes: escaped)) == "not valid UTF-8 (byte 9 of the line)")
    }

    @Test func aNameGivenTwiceIsRefusedAmongManyNames() throws {
        let names = (0..<2000).map { #""f\#($0)":"v""# }
        #expect(try Self.read("{" + names.joined(separator: ",") + "}").get().count == 2000)
        #expect(Self.message(Self.read("{" + names.joined(separator: ",") + #","f1999":"w"}"#)) == "'f1999' is given twice")
        #expect(Self.message(Self.read("{" + names.joined(separator: ",") + #","f3":"w"}"#)) == "'f3' is given twice")
    }

    @Test func aLineOverTheLimitIsRefusedUnread() throws {
        let long = #"{"a":""# + String(repeating: "x", count: 1 << 20) + #""}"#
        #expect(Self.message(Self.read(long))?.hasPrefix("longer than 1048576 bytes") == true)
        let atLimit = #"{"a":""# + String(repeating: "x", count: (1 << 20) - 8) + #""}"#
        #expect(atLimit.utf8.count == 1 << 20)
        #expect(try Self.read(atLimit).get().first?.text.utf8.count == (1 << 20) - 8)
    }
}
