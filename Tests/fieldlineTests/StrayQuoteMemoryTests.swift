import Foundation
import Testing
@testable import TestSupport

/// A stray quote near the top of a large CSV import costs its own record, not memory that grows with the input: the
/// lines after it are read again a record at a time, and the values given out hold only their own bytes.
struct StrayQuoteMemoryTests {
    /// Peak resident memory of `fieldline form` importing `csv` into a JSON Lines file, in KiB, and its exit code.
    static func peakMemory(form: String, csv: String, out: String) throws -> (kib: Int, status: Int) {
        // A Python parent reports the child's peak (getrusage of its waited children): the test process's own
        // children may be reaped by other tests' waits.
        let script = """
        import resource, subprocess, sys
        status = subprocess.run([sys.argv[1], "form", sys.argv[2], "--input", sys.argv[3], "--out", sys.argv[4]],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, status)
        """
        let run = try Spawn.run(["python3", "-c", script, fieldlineURL.path, form, csv, out])
        let words = run.out.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(words.count == 2, "python said \(run.out) \(run.err)")
        return (words[0], words[1])
    }

    @Test func aStrayQuoteIn400000RecordsKeepsMemoryWithinAFifthOfTheSameFileWithout() throws {
        let s = try ScratchFolder()
        let form = s.path("note.yaml")
        try "name: note\nfields:\n  - {name: note, keymap: text}\n".write(toFile: form, atomically: true, encoding: .utf8)
        var records = ""
        records.reserveCapacity(6_000_000)
        for i in 0..<400_000 { records += "note \(i)\n" }
        try ("note\n" + records).write(toFile: s.path("plain.csv"), atomically: true, encoding: .utf8)
        try ("note\n\"stray\n" + records).write(toFile: s.path("stray.csv"), atomically: true, encoding: .utf8)

        let plain = try Self.peakMemory(form: form, csv: s.path("plain.csv"), out: s.path("plain.jsonl"))
        let stray = try Self.peakMemory(form: form, csv: s.path("stray.csv"), out: s.path("stray.jsonl"))
        #expect(plain.status == 0)
        // The stray quote's record is refused; every record after it is saved.
        #expect(stray.status == 65)
        let saved = try String(contentsOfFile: s.path("stray.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(saved.count == 400_000)
        #expect(saved.last?.contains(#""note":"note 399999""#) == true)
        #expect(Double(stray.kib) <= 1.2 * Double(plain.kib), "\(stray.kib) KiB with the stray quote, \(plain.kib) KiB without")
    }
}
