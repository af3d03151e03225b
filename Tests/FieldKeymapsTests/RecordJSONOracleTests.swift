import Foundation
import Testing
@testable import FieldKeymaps
@testable import TestSupport

/// The record JSON reader against Python's standard `json` held to RFC 8259 (`Oracles/record_json_oracle.py`: NaN
/// and Infinity, a BOM, lone surrogate escapes and raw control characters refused; a name given twice, or one
/// canonically equivalent to an earlier one, seen: fieldline matches names to fields as Swift compares them). About
/// 5,000 lines: fixed edge cases, generated flat records with every escape, raw non-ASCII and every number shape,
/// valid JSON of other shapes, and those mutated byte by byte. A line the oracle finds a flat record is read to the
/// same pairs; one that is JSON of another shape is refused for that shape; one that is not JSON is refused.
@Suite struct RecordJSONOracleTests {
    static let script = testsFolder.appendingPathComponent("Oracles/record_json_oracle.py").path

    /// The oracle's judgement of one line.
    enum Verdict: Equatable {
        /// A flat record: its pairs (null ones left out), names and texts as UTF-8 bytes.
        case record([[UInt8]])
        /// JSON, but not a record, for the reason named (`object`, `twice`, `true`, `false`, `nested-object`, `nested-list`).
        case shape(String)
        /// Not RFC 8259 JSON; why, in the oracle's words.
        case invalid(String)
    }

    /// Lower-case hex as the oracle writes it, as bytes.
    static func bytes(hex: Substring) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(hex.utf8.count / 2)
        var high: UInt8?
        for c in hex.utf8 {
            let nibble = c <= UInt8(ascii: "9") ? c - UInt8(ascii: "0") : c - UInt8(ascii: "a") + 10
            if let h = high { out.append(h << 4 | nibble); high = nil } else { high = nibble }
        }
        return out
    }

    /// The oracle's lines and verdicts: the same every run (a fixed count and seed).
    static func cases() throws -> [(line: [UInt8], verdict: Verdict)] {
        let oracle = try Spawn.run(["python3", "-I", "-B", script, "5000", "8259"])
        try #require(oracle.status == 0, "the JSON oracle failed: \(oracle.err)")
        return oracle.out.split(separator: "\n").map { row in
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
            let detail = fields[2]
            let verdict: Verdict = switch fields[1] {
            case "ok":
                // Names and texts in turn: NAME=TEXT,NAME=TEXT.
                .record(detail.split(separator: ",").flatMap { $0.split(separator: "=", omittingEmptySubsequences: false) }
                    .map { bytes(hex: $0) })
            case "shape": .shape(String(detail))
            default: .invalid(String(detail))
            }
            return (bytes(hex: fields[0]), verdict)
        }
    }

    /// Whether `message` is the reader's refusal for the shape the oracle named.
    static func refuses(_ message: String, for shape: String) -> Bool {
        switch shape {
        case "object": message == "a record is a JSON object of field names to values"
        case "twice": message.hasSuffix("' is given twice")
        case "true": message == "true is a JSON boolean, which only a yes/no field takes; give a string"
        case "false": message == "false is a JSON boolean, which only a yes/no field takes; give a string"
        case "nested-object": message == "a JSON object is not a value; give a string (a record is one flat object)"
        case "nested-list": message == "a JSON array is not a value; give a string"
        default: false
        }
    }

    /// A line for a message: printable ASCII as it is, every other byte as \xHH.
    static func shown(_ line: [UInt8]) -> String {
        line.map { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
    }

    /// Pairs for a message, as `shown` shows bytes.
    static func shown(_ pairs: [RecordJSON.Pair]) -> String {
        "{" + pairs.map { shown(Array($0.name.utf8)) + " = " + shown(Array($0.text.utf8)) }.joined(separator: ", ") + "}"
    }

    @Test func everyLineIsReadAsTheStrictOracleReadsIt() throws {
        let cases = try Self.cases()
        try #require(cases.count > 5000)
        var counts: [String: Int] = [:]  // agreements by kind
        var differences: [String] = []
        for (line, verdict) in cases {
            let result = line.withUnsafeBufferPointer { RecordJSON.parse(utf8: $0) }
            switch (verdict, result) {
            case (.record(let expected), .success(let pairs)):
                counts["record", default: 0] += 1
                let read = pairs.flatMap { [Array($0.name.utf8), Array($0.text.utf8)] }
                if read != expected { differences.append("\(Self.shown(line)): read as \(Self.shown(pairs)), the oracle has other pairs") }
            case (.record, .failure(let problem)):
                differences.append("\(Self.shown(line)): a flat record to the oracle, refused: \(problem.message)")
            case (.shape(let shape), .failure(let problem)):
                counts["shape", default: 0] += 1
                if !Self.refuses(problem.message, for: shape) {
                    differences.append("\(Self.shown(line)): JSON refused for its shape (\(shape)) expected, refused: \(problem.message)")
                }
            case (.shape(let shape), .success(let pairs)):
                differences.append("\(Self.shown(line)): JSON but not a record (\(shape)), taken as \(Self.shown(pairs))")
            case (.invalid, .failure):
                counts["invalid", default: 0] += 1
            case (.invalid(let why), .success(let pairs)):
                differences.append("\(Self.shown(line)): not JSON (\(why)), taken as \(Self.shown(pairs))")
            }
        }
        let count = differences.count
        #expect(count == 0, "\(count) differences:\n\(differences.prefix(30).joined(separator: "\n"))")
        // The generator gives every kind in numbers: a change that made one kind rare would weaken the test.
        #expect(counts["record", default: 0] > 1500 && counts["shape", default: 0] > 500 && counts["invalid", default: 0] > 2000,
                "\(counts)")
    }
}
