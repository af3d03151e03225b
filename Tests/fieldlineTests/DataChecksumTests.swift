import Foundation
import Testing
@testable import TestSupport

/// Every data file in keymaps/data is what its generator wrote: the header's `# Row count:` and
/// `# Rows SHA-256:` (written by scripts/gen-*.py) match the rows below the comment block, and the header names
/// a source, a licence and the command that regenerates the file.
@Suite struct DataChecksumTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("keymaps/data").path

    /// Every `*.tsv` in keymaps/data, sorted.
    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: data)) ?? [])
        .filter { $0.hasSuffix(".tsv") }.sorted()

    /// A data file split into its leading `#` comment lines (without their LF) and the bytes after them.
    static func split(_ file: String) throws -> (comments: [String], rest: Data) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: data + "/" + file))
        var comments: [String] = []
        var start = bytes.startIndex
        while start < bytes.endIndex, bytes[start] == UInt8(ascii: "#") {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            comments.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = min(end + 1, bytes.endIndex)
        }
        return (comments, Data(bytes[start...]))
    }

    /// The value after `prefix` in the first comment line that starts with it.
    static func headerValue(_ comments: [String], _ prefix: String) -> String? {
        comments.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
    }

    /// SHA-256 of `input` as hex, from Python's hashlib.
    static func sha256(_ input: Data) throws -> String {
        try Spawn.output(["python3", "-c", "import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())"],
                         stdin: input).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func dataFilesFound() {
        #expect(Self.files.contains("country.tsv") && Self.files.contains("region-cn.tsv"), "\(Self.data): \(Self.files)")
    }

    @Test(arguments: files) func rowCountAndChecksumMatchHeader(file: String) throws {
        let (comments, rest) = try Self.split(file)
        let count = try #require(Self.headerValue(comments, "# Row count:"), "\(file): no '# Row count:' header line")
        let sum = try #require(Self.headerValue(comments, "# Rows SHA-256:"), "\(file): no '# Rows SHA-256:' header line")
        let lines = rest.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let rows = lines.count - (rest.last == UInt8(ascii: "\n") ? 1 : 0) - 1  // without the final empty piece and the column-name row
        #expect(String(rows) == count, "\(file): \(rows) data rows, header says \(count)")
        #expect(try Self.sha256(rest) == sum, "\(file): rows' SHA-256 differs from the header's")
    }

    @Test(arguments: files) func headerNamesSourceLicenceAndRegenerateCommand(file: String) throws {
        let (comments, _) = try Self.split(file)
        let source = comments.contains { $0.contains("Source") }
        #expect(source, "\(file): no header line names a source")
        #expect(comments.contains { $0.contains("icen") }, "\(file): no header line names a licence")
        #expect(comments.contains { $0.contains("Regenerate") || $0.contains("regenerate") },
                "\(file): no header line gives the regenerate command")
    }
}
