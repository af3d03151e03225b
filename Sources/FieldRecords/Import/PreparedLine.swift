import Dispatch
import FieldKeymaps
import FieldKit

/// A line of JSON Lines input as far as it can be taken without the sink: read, parsed and checked against the form,
/// which needs nothing but the form. So the lines of a chunk can be prepared on several cores at once (where the save
/// leaves two free), and only what needs the sink (a unique look-up, the batch) runs in input order on one.
enum PreparedLine: @unchecked Sendable {
    /// Only white space: not a record, not counted.
    case blank
    /// Not a record that can be checked, or one the form refuses: its reports.
    case invalid([(field: String, message: String)])
    /// Read but not checked: a correction is completed from the sink before it is checked. `numbers`: the names
    /// given JSON numbers (`RecordJSON.noting`).
    case pairs([(name: String, text: String)], numbers: [String])
    /// Checked: the values to store, in form order, and the warning rules they break (`RecordVerdict.warnings`).
    case valid([(name: String, value: String)], warnings: [FormRule])

    /// Blocks smaller than this are prepared on one thread: splitting them costs more than it saves.
    static let splitThreshold = 1 << 16
    /// Slices per block: more than the cores, so a slice of costly lines does not leave a core waiting.
    static let slicesPerBlock = 8

    /// One line (without its newline). `checker` nil: parsed only (`pairs`). `yesNo`: the form's yes/no fields.
    static func prepare(_ line: UnsafeBufferPointer<UInt8>, checker: RecordChecker?, yesNo: Set<String>,
                        scratch: inout RecordChecker.Scratch) -> PreparedLine {
        // An over-long line comes cut short (LineReader's bound): refused whole, never read in part.
        if line.count > LineChecker.maxLineBytes {
            return .invalid([("-", tr("longer than \(LineChecker.maxLineBytes) bytes, the limit for a record; it is not read"))])
        }
        // Bytes that are not UTF-8 are refused by the reader, which validates each text as it makes it.
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .blank }
        switch RecordJSON.parseNotingNumbers(utf8: line, yesNoFields: yesNo) {
        case .failure(let problem): return .invalid([(problem.isValueType ? problem.field ?? "-" : "-", problem.message)])
        case .success(let (pairs, numbers)):
            guard let checker else { return .pairs(pairs, numbers: numbers) }
            let verdict = checker.check(pairs, scratch: &scratch)
            return verdict.isValid ? .valid(verdict.values, warnings: verdict.warnings) : .invalid(RecordJSON.noting(numbers: numbers, of: pairs, in: verdict.issues))
        }
    }

    /// Records read from CSV (nil: not readable as pairs), checked in slices on all cores when there are many
    /// and `inParallel`; verdicts in input order, nil where there was nothing to check.
    /// `scratches`: the caller's, kept from chunk to chunk (what the checker learnt stays learnt), one a slice.
    static func check(_ records: [[(name: String, text: String)]?], checker: RecordChecker, inParallel: Bool,
                      scratches: inout [RecordChecker.Scratch]) -> [RecordVerdict?] {
        let count = records.count
        guard inParallel, count >= 4 * slicesPerBlock else {
            return records.map { $0.map { checker.check($0, scratch: &scratches[0]) } }
        }
        let verdicts = UnsafeMutablePointer<RecordVerdict?>.allocate(capacity: count)
        verdicts.initialize(repeating: nil, count: count)
        defer { verdicts.deinitialize(count: count); verdicts.deallocate() }
        // Each iteration writes only its own records' slots; concurrentPerform returns after all finish.
        nonisolated(unsafe) let slots = verdicts
        let share = (count + slicesPerBlock - 1) / slicesPerBlock
        scratches.withUnsafeMutableBufferPointer { own in
            // Each iteration uses only its own slice's scratch.
            nonisolated(unsafe) let slices = own
            DispatchQueue.concurrentPerform(iterations: slicesPerBlock) { k in
                for i in k * share..<min((k + 1) * share, count) {
                    if let pairs = records[i] { slots[i] = checker.check(pairs, scratch: &slices[k]) }
                }
            }
        }
        return Array(UnsafeBufferPointer(start: verdicts, count: count))
    }

    /// Whether an import checks in slices on several cores: only when two are left over by the save. A database
    /// saving on a thread of its own (and a local server) keeps one busy; on two cores, checking on both then
    /// makes the slices wait for each other and for the save, and the import is slower than when one thread checks
    /// (bench/RESULTS.md, session 17).
    static func checksInParallel(savingInBackground: Bool, cores: Int) -> Bool {
        cores - (savingInBackground ? 1 : 0) >= 2
    }

    /// A scratch for each slice, for `check` and `prepare`.
    static func scratches() -> [RecordChecker.Scratch] {
        [RecordChecker.Scratch](repeating: RecordChecker.Scratch(), count: slicesPerBlock)
    }

    /// Lines prepared at a time: enough to share between cores, few enough that the batch's clock (250 ms) and a
    /// kill see records stored as the input goes, not one block at the end.
    static let linesPerChunk = 2048

    /// The lines of `block` (whole lines, the last maybe without its newline), without their newlines.
    static func lines(of block: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for i in 0..<block.count where block[i] == 0x0A {
            lines.append(start..<i)
            start = i + 1
        }
        if start < block.count { lines.append(start..<block.count) }
        return lines
    }

    /// The lines `ranges` of `block`, prepared, in input order; many in slices on all cores when `inParallel`.
    /// `scratches`: as `check` takes them.
    static func prepare(_ ranges: ArraySlice<Range<Int>>, of block: UnsafeBufferPointer<UInt8>, checker: RecordChecker?,
                        yesNo: Set<String>, inParallel: Bool, scratches: inout [RecordChecker.Scratch]) -> [PreparedLine] {
        let bytes = (ranges.last?.upperBound ?? 0) - (ranges.first?.lowerBound ?? 0)
        guard inParallel, bytes >= splitThreshold, ranges.count >= slicesPerBlock else {
            return ranges.map { prepare(UnsafeBufferPointer(rebasing: block[$0]), checker: checker, yesNo: yesNo, scratch: &scratches[0]) }
        }
        let count = ranges.count
        let prepared = UnsafeMutablePointer<PreparedLine>.allocate(capacity: count)
        prepared.initialize(repeating: .blank, count: count)
        defer { prepared.deinitialize(count: count); prepared.deallocate() }
        // Each iteration writes only its own lines' slots; concurrentPerform returns after all finish.
        nonisolated(unsafe) let slots = prepared
        nonisolated(unsafe) let source = block
        let lines = Array(ranges)
        let share = (count + slicesPerBlock - 1) / slicesPerBlock
        scratches.withUnsafeMutableBufferPointer { own in
            // Each iteration uses only its own slice's scratch.
            nonisolated(unsafe) let slices = own
            DispatchQueue.concurrentPerform(iterations: slicesPerBlock) { k in
                for i in k * share..<min((k + 1) * share, count) {
                    slots[i] = prepare(UnsafeBufferPointer(rebasing: source[lines[i]]), checker: checker, yesNo: yesNo, scratch: &slices[k])
                }
            }
        }
        return Array(UnsafeBufferPointer(start: prepared, count: count))
    }
}
