// Records checked against a form and saved to sinks: a form of two fields built in code from shipped keymaps,
// `RecordChecker` (FieldKit) to check each record, and two `RecordSink`s: one written here that keeps records in
// memory, and FieldSinks' `JSONLinesSink` on standard output. `fieldline form` does the same with a form file,
// the terminal UI and durable sinks (JSON Lines, CSV, SQLite, PostgreSQL).
//
//     visitorlog      reads `mobile,idcard` lines from standard input; valid records go to standard output as
//                     JSON Lines, problems to standard error as `LINE:FIELD: message`; exit 65 if any.
import FieldKeymaps
import FieldKit
import FieldSinks

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to standard error (with `write(2)`: C's `stderr` is a global variable, which Swift 6 refuses).
func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// The smallest useful sink: records in an array. A sink says what it is, how many records it holds, which
/// earlier record has a value (for `unique` fields), and saves a record whole or not at all.
struct MemorySink: RecordSink {
    var records: [SavedRecord] = []
    var label: String { "memory" }

    func count() throws(SinkError) -> Int { records.count }

    func earlierRecord(where field: String, is value: String) throws(SinkError) -> String? {
        records.firstIndex { record in record.values.contains { $0.name == field && $0.value == value } }
            .map { "record \($0 + 1)" }
    }

    mutating func save(_ record: SavedRecord) throws(SinkError) {
        records.append(record)
    }
}

/// A field spec from a keymap name.
func spec(_ keymap: String) -> FieldSpec {
    do {
        return try KeymapLoader(lookup: KeymapLookup()).load(keymap).spec
    } catch {
        printError("\(error)")
        exit(78)
    }
}

let form = FormSpec(name: "visitor", fields: [
    FormField(name: "mobile", spec: spec("phone-cn"), unique: true),
    FormField(name: "idcard", spec: spec("idcard-cn")),
])
let checker = RecordChecker(form: form, context: ValidationContext(today: CalendarDate(year: 2026, month: 1, day: 1)!))
var memory = MemorySink()
var output = JSONLinesSink.standardOutput()
var problems = 0

var lineNumber = 0
while let line = readLine() {
    lineNumber += 1
    // A plain split: this example's input has no quoted cells (csvcolumn shows FieldSinks' CSV reader).
    let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let verdict = checker.check(zip(form.fields.map(\.name), cells).map { (name: $0, text: $1) })
    var issues = verdict.issues
    // `unique` is the sink's business: the checker sees one record, the sink knows the earlier ones.
    for field in form.fields where field.unique {
        if let value = verdict.values.first(where: { $0.name == field.name })?.value, !value.isEmpty,
           let earlier = try? memory.earlierRecord(where: field.name, is: value) {
            issues.append((field.name, "already in \(earlier)"))
        }
    }
    guard issues.isEmpty else {
        for (field, message) in issues { printError("\(lineNumber):\(field): \(message)") }
        problems += 1
        continue
    }
    let record = SavedRecord(values: verdict.values, savedAt: "2026-01-01T00:00:00Z", operatorName: "example")
    do {
        try memory.save(record)
        try output.save(record)
    } catch {
        printError("visitorlog: \(error.message)")
        exit(74)
    }
}
printError("\(memory.records.count) saved, \(problems) refused")
exit(problems == 0 ? 0 : 65)
