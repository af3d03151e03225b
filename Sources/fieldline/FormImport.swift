import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldSinks
#if canImport(Glibc)
import Glibc
#endif

/// Records read from a file or stdin, each checked as the form's fields would check them and saved when valid.
struct FormImport {
    let form: FormSpec
    let context: ValidationContext

    func run(source: String, format: RecordFormat, into sink: inout any RecordSink) throws {
        let fd: Int32 = source == "-" ? 0 : open(source, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            Diagnostics.error(tr("cannot read \(source): \(String(cString: strerror(errno)))"))
            throw Exit.noInput
        }
        defer { if fd != 0 { close(fd) } }
        let checker = RecordChecker(form: form, context: context)
        let operatorName = FormImport.operatorName()
        var err = OutputBuffer(fd: 2)
        var number = 0
        var invalid = 0
        var header: [String]?
        var pendingCSV: [UInt8] = []
        var failure: Error?  // the first error inside the line callback, which cannot throw itself
        func report(_ field: String, _ message: String) {
            invalid += 1
            err.append("\(number):\(field): \(message)\n")
            err.flush()
        }
        func take(_ pairs: [(name: String, text: String)]) throws {
            let verdict = checker.check(pairs)
            if !verdict.isValid {
                invalid += 1
                for (field, message) in verdict.issues { err.append("\(number):\(field): \(message)\n") }
                err.flush()
                return
            }
            for field in form.fields where field.unique {
                guard let value = verdict.values.first(where: { $0.name == field.name })?.value, !value.isEmpty else { continue }
                if let earlier = try sinkCall({ () throws(SinkError) in try sink.earlierRecord(where: field.name, is: value) }) {
                    report(field.name, field.secret ? tr("this value is already in \(earlier) of \(sink.label)")
                                                     : tr("'\(value)' is already in \(earlier) of \(sink.label)"))
                    return
                }
            }
            let record = SavedRecord(values: verdict.values, savedAt: FormImport.timestamp(), operatorName: operatorName)
            do {
                try sink.save(record)
            } catch where error.kind == .conflict || error.kind == .refused {
                // Saved by someone else between the look-up and the save, or refused by a rule of the database's
                // own (a CHECK constraint): this record is not saved, the rest go on.
                report("-", tr("not saved: \(error.message)"))
            } catch {
                Diagnostics.error(error.message)
                throw error.kind == .mismatch ? Exit.invalid : Exit.ioError
            }
        }
        let readError = LineReader.forEachLine(fd: fd) { line in
            guard failure == nil else { return }
            do {
                switch format {
                case .jsonl:
                    let text = String(decoding: line, as: UTF8.self)
                    if text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { return }
                    number += 1
                    switch RecordJSON.parse(text) {
                    case .success(let pairs): try take(pairs)
                    case .failure(let problem): report("-", problem.message)
                    }
                case .csv:
                    // A quoted value may hold newlines: gather lines until they make whole records.
                    pendingCSV += Array(line) + [0x0A]
                    guard let (records, end) = CSVText.records(pendingCSV), end > 0 else { return }
                    pendingCSV.removeFirst(end)
                    for row in records {
                        guard let names = header else { header = row; continue }
                        number += 1
                        guard row.count == names.count else {
                            report("-", tr("has \(row.count) values, the header \(names.count)"))
                            continue
                        }
                        try take(Array(zip(names, row)).map { (name: $0.0, text: $0.1) })
                    }
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        if format == .csv && !pendingCSV.allSatisfy({ $0 == 0x0A || $0 == 0x0D }) {
            number += 1
            report("-", tr("the last record is not whole (an unclosed quote?)"))
        }
        if let readError {
            Diagnostics.error(tr("cannot read \(source): \(readError)"))
            throw Exit.noInput
        }
        err.flush()
        if invalid > 0 { throw Exit.invalid }
    }

    /// A sink failure ends the import: what was saved stays saved.
    private func sinkCall<T>(_ body: () throws(SinkError) -> T) throws -> T {
        do { return try body() } catch {
            Diagnostics.error(error.message)
            throw error.kind == .mismatch ? Exit.invalid : Exit.ioError
        }
    }

    /// The login name for the `operator` column.
    static func operatorName() -> String {
        if let name = getlogin() { return String(cString: name) }
        if let pw = getpwuid(getuid()), let name = pw.pointee.pw_name { return String(cString: name) }
        return String(getuid())
    }

    /// Now as ISO 8601 UTC, to the second.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
