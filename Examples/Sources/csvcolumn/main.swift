// Validate one column of a CSV file against a keymap, the way `fieldline check` validates lines:
//
//     csvcolumn FILE COLUMN KEYMAP        e.g.  csvcolumn visitors.csv mobile phone-cn
//
// The first record is the header; COLUMN is a header name or a 1-based column number. For every invalid cell it
// prints `ROW: message` (ROW is the record's number in the file, the header being 1: the line number when no
// cell holds a line break). Exit codes: 0 every cell valid, 65 some cell invalid, 64 usage, 66 the file cannot
// be read or is not CSV, 78 the keymap cannot be loaded.
//
// The CSV reader is FieldSinks' `CSVText.records` (RFC 4180: quoted cells, doubled quotes, CRLF or LF).
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

func fail(_ code: Int32, _ text: String) -> Never {
    printError("csvcolumn: \(text)")
    exit(code)
}

/// The whole file's bytes, or nil when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n > 0 { bytes += buffer[0..<n] }
        if n < buffer.count { return ferror(file) == 0 ? bytes : nil }
    }
}

let args = CommandLine.arguments
guard args.count == 4 else { fail(64, "usage: csvcolumn FILE COLUMN KEYMAP") }
let (path, column, keymapName) = (args[1], args[2], args[3])

// 1. The field: the keymap found the way `fieldline` finds it ($FIELDLINE_KEYMAPS, ~/.config, the shipped set).
let loaded: LoadedKeymap
do {
    loaded = try KeymapLoader(lookup: KeymapLookup()).load(keymapName)
} catch {
    for diagnostic in error.diagnostics { printError("\(diagnostic)") }
    exit(78)
}

// 2. The cells. `records` leaves out a last record with no line break after it, so one is added.
guard var bytes = readFile(path) else { fail(66, "cannot read \(path)") }
if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
guard let (records, _) = CSVText.records(bytes), let header = records.first else {
    fail(66, "\(path) is not CSV, or is empty")
}
let index: Int
if let found = header.firstIndex(of: column) {
    index = found
} else if let number = Int(column), number >= 1, number <= header.count {
    index = number - 1
} else {
    fail(64, "no column \(column) in \(path) (its columns: \(header.joined(separator: ", ")))")
}

// 3. One checker for the field; each cell is filtered like a paste (`+86 138 1234 5678` is a valid mobile)
// and then validated. The context carries today's date, for "born in the future" and date bounds; a real
// program would use today's local date (FieldTerminal's `LocalContext.now()` does).
let checker = LineChecker(spec: loaded.spec, context: ValidationContext(today: CalendarDate(year: 2026, month: 1, day: 1)!))
var invalid = 0
for (offset, record) in records.enumerated().dropFirst() {
    let cell = index < record.count ? record[index] : ""
    if let issue = checker.check(cell).issue {
        print("\(offset + 1): \(issue.message)")
        invalid += 1
    }
}
exit(invalid == 0 ? 0 : 65)
