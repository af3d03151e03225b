import Foundation
import Testing
@testable import TestSupport

/// `fieldline inspect --output json` of every shipped keymap (keymaps/) and form (forms/), in both languages,
/// validated against docs/inspect.schema.json by the pinned PyPI jsonschema (`Oracles/inspect_schema_oracle.py`;
/// `make test-oracles` installs it). Documents broken on purpose must be refused, so a validator that passes
/// everything cannot pass this test.
@Suite struct InspectSchemaOracleTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let pinned = "4.26.0"

    /// The oracle's verdict on each file: `ok PATH` or `invalid PATH: …`.
    static func verdicts(_ files: [String]) throws -> [String] {
        let oracle = try Spawn.run(["python3", "-I", "-B", repo + "/Tests/fieldlineTests/Oracles/inspect_schema_oracle.py",
                                    repo + "/.test-python", pinned, repo + "/docs/inspect.schema.json"] + files)
        try #require(oracle.status == 0, "the schema oracle failed (make test-oracles installs jsonschema): \(oracle.err)")
        return oracle.out.split(separator: "\n").map(String.init)
    }

    @Test func everyShippedKeymapAndFormMatchesTheSchema() throws {
        let scratch = try ScratchFolder("inspect-schema")
        let keymaps = try FileManager.default.contentsOfDirectory(atPath: Self.repo + "/keymaps")
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
        let forms = try FileManager.default.contentsOfDirectory(atPath: Self.repo + "/forms")
            .filter { $0.hasSuffix(".yaml") }.sorted().map { Self.repo + "/forms/" + $0 }
        #expect(keymaps.count >= 17 && forms.count >= 2)
        var files: [String] = []
        for target in keymaps + forms {
            for language in ["en", "zh"] {
                let run = try fieldline(["inspect", target, "--output", "json", "--lang", language])
                try #require(run.status == 0, "\(target): \(run.err)")
                files.append(try scratch.write("\(files.count).json", run.out))
            }
        }
        let verdicts = try Self.verdicts(files)
        #expect(verdicts.count == files.count)
        #expect(verdicts.allSatisfy { $0.hasPrefix("ok ") }, "\(verdicts.filter { !$0.hasPrefix("ok ") })")
    }

    /// A choice list read from another form's table (`choices_table`) matches the schema; one whose value is not
    /// a text does not.
    @Test func aTableListMatchesTheSchema() throws {
        let scratch = try ScratchFolder("inspect-schema-table")
        let form = try scratch.write("visit.yaml", "name: visit\nfields:\n  - name: company\n    choices: {table: company, value: code, label: [title, phone]}\n")
        let good = try fieldline(["inspect", form, "--output", "json"])
        try #require(good.status == 0, "\(good.err)")
        let broken = good.out.replacingOccurrences(of: #""value": "code""#, with: #""value": 7"#)
        #expect(broken != good.out)
        let verdicts = try Self.verdicts([try scratch.write("good.json", good.out), try scratch.write("broken.json", broken)])
        #expect(verdicts.count == 2 && verdicts[0].hasPrefix("ok ") && verdicts[1].hasPrefix("invalid "), "\(verdicts)")
    }

    @Test func documentsThatBreakTheSchemaAreRefused() throws {
        let scratch = try ScratchFolder("inspect-schema-broken")
        let good = try fieldline(["inspect", Self.repo + "/forms/visitor.yaml", "--output", "json"]).out
        let broken = [
            good.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"),
            good.replacingOccurrences(of: "\"kind\": \"phone\"", with: "\"kind\": \"telephone\""),
            good.replacingOccurrences(of: "\"en\": \"Mobile: \",", with: ""),
            good.replacingOccurrences(of: "\"limit\": 20", with: "\"limit\": \"20\""),
        ]
        let files = try broken.enumerated().map { i, text in
            #expect(text != good, "case \(i) changed nothing")
            return try scratch.write("\(i).json", text)
        }
        let verdicts = try Self.verdicts(files)
        #expect(verdicts.count == files.count && verdicts.allSatisfy { $0.hasPrefix("invalid ") }, "\(verdicts)")
    }
}
