import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// JSON Lines input: blocks of whole lines, each read and checked a chunk at a time (on several cores where the
/// save leaves two free), then taken in input order.
enum JSONLinesImport {
    /// Reads the run's input to its end (or the run's failure); returns why the input could not be read, if so.
    static func read(into run: ImportRun, inParallel: Bool) -> String? {
        // A correction is completed from the sink, and a copied record split from its bookkeeping, before either
        // is checked: such lines are only parsed here.
        let checker = run.correcting || run.options.keepSaved ? nil : run.checker
        var scratches = PreparedLine.scratches()
        return LineReader.forEachBlock(fd: run.input.fd, whenIdle: run.idle) { block in
            let lines = PreparedLine.lines(of: block)
            for start in stride(from: 0, to: lines.count, by: PreparedLine.linesPerChunk) {
                guard run.failure == nil else { return }
                let chunk = lines[start..<min(start + PreparedLine.linesPerChunk, lines.count)]
                let prepared = PreparedLine.prepare(chunk, of: block, checker: checker, yesNo: run.yesNo, inParallel: inParallel, scratches: &scratches)
                for (k, line) in prepared.enumerated() where run.failure == nil {
                    if case .blank = line { continue }
                    run.count.count { $0.add(UnsafeBufferPointer(rebasing: block[chunk[chunk.startIndex + k]])); $0.add(0x0A) }
                    run.keepingFailure { () throws(ImportFailure) in
                        try run.next { () throws(ImportFailure) in
                            switch line {
                            case .blank: break
                            case .invalid(let issues):
                                if let column = issues.first(where: { RecordColumns.bookkeeping.contains($0.field) || run.options.form.hasWarnings && $0.field == RecordColumns.warnings })?.field {
                                    try run.refuseBookkeeping(column)
                                }
                                run.refuse(issues)
                            case .pairs(let pairs, let numbers): try run.take(pairs, numbers: numbers)
                            case .valid(let values, let warnings): try run.store(values, over: warnings)
                            }
                        }
                    }
                }
            }
        }
    }
}
