import FieldKeymaps
import FieldKit
import FieldRecords
#if canImport(Glibc)
import Glibc
#endif

/// `form --answers FILE`, or `form` with nobody to ask: the records come from the answers file (one map is one
/// record, a list several), each completed from the environment (`FIELDLINE_ANSWER_NAME`) and then by the form's
/// defaults, and are saved as an import saves records: judged by the same `RecordChecker`, a refused one reported
/// as `RECORD:FIELD: message` (65). Before anything is saved, every question left with neither an answer nor a
/// default is named on one line (64); without a file, the answers are the environment's and the defaults alone.
struct FormAnswers {
    let form: FormSpec
    let context: ValidationContext
    /// The `--answers` file, nil when the answers are the environment's and the defaults alone.
    let answers: AnswersInput?
    /// `--answers-partial`: names not of this form are left out instead of refused.
    let partial: Bool

    /// The records to import, in the file's order.
    func records() throws -> [AnswersFile.Record] {
        let names = form.fields.map(\.name)
        var records = answers?.records ?? [[]]
        if let answers {
            try answers.refuseUnknownNames(names, partial: partial)
            records = records.map { $0.filter { names.contains($0.name) } }
        }
        // The environment answers what the file leaves unanswered; the checker's defaults come after both.
        for i in records.indices {
            for name in names where !records[i].contains(where: { $0.name == name }) {
                if let answer = EnvironmentAnswer.answer(for: name) { records[i].append((name, answer)) }
            }
        }
        try refuseUnanswered(records)
        return records
    }

    /// Names, on one line (64), every required question a record leaves without an answer or a default, as the
    /// checker finds them (a field whose `when` does not hold, or that is derived, is not asked).
    private func refuseUnanswered(_ records: [AnswersFile.Record]) throws {
        let checker = RecordChecker(form: form, context: context)
        let missing = RecordJudge.missing(nil, required: true)
        let unanswered = records.map { record in checker.check(record).issues.filter { $0.message == missing }.map(\.field) }
        guard unanswered.contains(where: { !$0.isEmpty }) else { return }
        if unanswered.count == 1 {
            Diagnostics.error(NonInteractive.unanswered(unanswered[0]))
        } else {
            let perRecord = unanswered.enumerated().filter { !$0.element.isEmpty }
                .map { tr("record \($0.offset + 1): \($0.element.map(ControlCharacters.escaped).joined(separator: ", "))") }
            Diagnostics.error(NonInteractive.unanswered(list: perRecord.joined(separator: "; ")))
        }
        throw Exit.usage
    }

    /// Saves the records into `sink` as `form --input` would save them from a file holding them as JSON Lines.
    func run(into sink: inout any RecordSink, quiet: Bool) throws {
        let records = try records()
        var lines: [UInt8] = []
        for record in records {
            JSONText.appendObject(record.map { (name: $0.name, value: $0.text) }, to: &lines)
            lines.append(0x0A)
        }
        // A file nobody else can name (removed at once), read by the import through its /dev/fd name like any
        // other input file.
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/fieldline-answers-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
        guard fd >= 0 else {
            Diagnostics.error(tr("cannot hold the answers: \(String(cString: strerror(errno)))"))
            throw Exit.internalError
        }
        defer { close(fd) }
        var written = 0
        while written < lines.count {
            let n = lines[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                Diagnostics.error(tr("cannot hold the answers: \(String(cString: strerror(errno)))"))
                throw Exit.internalError
            }
            written += n
        }
        try FormImport(form: form, context: context, quiet: quiet).run(source: "/dev/fd/\(fd)", format: .jsonl, into: &sink)
    }
}
