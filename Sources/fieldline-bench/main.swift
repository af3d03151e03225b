// Engine micro-benchmark: nanoseconds per command for each shipped field, typing and editing realistic input.
// Run by bench/run.sh in release mode; prints one Markdown table row per field.
import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Monotonic nanoseconds.
func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "list-index" {
    ListIndexBench.run(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)

/// One session: type a value key by key, move left, delete, retype, accept — the commands an operator sends.
func session(_ value: String) -> [EditCommand] {
    var commands = value.map { EditCommand.selfInsert(String($0)) }
    commands += [.backwardChar, .backwardChar, .backwardChar, .backwardDeleteChar, .selfInsert(String(value.dropLast(3).last!)),
                 .endOfLine, .backwardKillWord, .selfInsert(String(value.suffix(4))), .acceptLine]
    return commands
}

/// A shipped keymap's field with options applied.
func shipped(_ name: String, _ options: FieldOptions = FieldOptions()) -> FieldSpec {
    // The shipped set is embedded and linted by the tests; failing here means a broken build.
    let loaded = try! KeymapLoader(lookup: KeymapLookup(environment: [:])).load(origin: .shipped(name))
    return options.applied(to: loaded.spec)
}

let cases: [(String, FieldSpec, String)] = [
    ("phone-cn", shipped("phone-cn"), "13812345678"),
    ("idcard-cn", shipped("idcard-cn"), "11010519900307123X"),
    ("text --limit 40", shipped("text", FieldOptions(limit: 40)), "你好, fieldline 👋 café"),
    ("digits --max 12", shipped("digits", FieldOptions(limit: 12)), "123456789012"),
    ("phone (+44 20 7946 0958)", shipped("phone"), "+442079460958"),
    ("phone --assume CN (138 1234 5678)", shipped("phone", { var o = FieldOptions(); o.validatorOptions = ["assume": "CN"]; return o }()), "13812345678"),
]

// `fieldline-bench NAME [SESSIONS]`: only the fields whose name starts with NAME, SESSIONS sessions a run (for a
// profiler: `valgrind --tool=callgrind fieldline-bench phone-cn 200`), and none of the tables after the first.
let only = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : nil
let sessionsPerRun = CommandLine.arguments.count > 2 ? max(1, Int(CommandLine.arguments[2]) ?? 20_000) : 20_000

print("| field | commands per session | ns per command (apply) | ns per command (apply + frame) |")
print("|---|---|---|---|")
for (name, spec, value) in cases where only.map({ name.hasPrefix($0) }) ?? true {
    let commands = session(value)
    var sink = 0
    func run(withFrame: Bool, sessions: Int) -> Double {
        let start = now()
        for _ in 0..<sessions {
            var field = Field(spec: spec, context: context)
            for c in commands {
                if case .accept = field.apply(c) { sink &+= 1 }
                if withFrame { sink &+= field.frame.cursor }
            }
        }
        return Double(now() - start) / Double(sessions * commands.count)
    }
    _ = run(withFrame: true, sessions: max(1, sessionsPerRun / 10))  // warm up
    let applyOnly = (0..<5).map { _ in run(withFrame: false, sessions: sessionsPerRun) }.sorted()[2]
    let withFrame = (0..<5).map { _ in run(withFrame: true, sessions: sessionsPerRun) }.sorted()[2]
    print("| \(name) | \(commands.count) | \(Int(applyOnly)) | \(Int(withFrame)) |")
    if sink == 42 { print("") }  // keep the work observable
}

if only != nil { exit(0) }

// A long line: 1,000 letters and digits typed one by one into `text --limit 10000`, the pty benchmark's
// workload. Every key derives a new frame, so work that grows with the line shows here as a rising cost.
print("")
print("Typing 1,000 characters into `text --limit 10000` (apply + frame per key; median of 5 runs of 20 lines):")
print("")
print("| keys | ns per key |")
print("|---|---|")
let longSpec = shipped("text", FieldOptions(limit: 10_000))
let longKeys: [EditCommand] = (0..<1_000).map { i in
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    return .selfInsert(String(alphabet[(i * 7 + 3) % alphabet.count]))
}
var longSink = 0
var perKey = [[UInt64]](repeating: [], count: 5)
for run in 0..<5 {
    var totals = [UInt64](repeating: 0, count: longKeys.count)
    for _ in 0..<20 {
        var field = Field(spec: longSpec, context: context)
        for (i, key) in longKeys.enumerated() {
            let start = now()
            field.apply(key)
            longSink &+= field.frame.cursor
            totals[i] += now() - start
        }
    }
    perKey[run] = totals.map { $0 / 20 }
}
for range in [0..<100, 400..<500, 900..<1_000] {
    let medians = perKey.map { keys in keys[range].reduce(0, +) / UInt64(range.count) }.sorted()
    print("| \(range.lowerBound + 1)-\(range.upperBound) | \(medians[2]) |")
}
if longSink == 42 { print("") }

// A choice field of 3,500 entries (the 249 countries, each 14 times with a number, and their aliases): every key
// of a query re-filters the list. Goal (issue 12): at most 1 ms per key.
print("")
print("Filtering a choice list of 3,486 entries (country names and aliases x 14), apply + frame per key; median of 5 runs:")
print("")
print("| query typed | keys | µs per key (mean) | µs (slowest key) |")
print("|---|---|---|---|")
guard case .choice(let countries) = shipped("country").kind else { fatalError("the shipped country keymap is a choice field") }
var bigRows: [ChoiceRow] = []
for copy in 0..<14 {
    for c in countries.choices {
        bigRows.append(ChoiceRow(line: bigRows.count + 1, value: "\(c.value)\(copy)", label: "\(c.label) \(copy)", aliases: c.aliases))
    }
}
var bigSpec = shipped("choice")
bigSpec.kind = .choice(try! ChoiceList(rows: bigRows))
var choiceSink = 0
for query in ["ger", "united k", "zhongguo", "+4", "an"] {
    var means: [Double] = [], worst: [UInt64] = []
    for _ in 0..<5 {
        var total: UInt64 = 0, slowest: UInt64 = 0
        for _ in 0..<20 {
            var field = Field(spec: bigSpec, context: context)
            for ch in query {
                let start = now()
                field.apply(.selfInsert(String(ch)))
                choiceSink &+= field.frame.cursor
                let spent = now() - start
                total += spent
                slowest = max(slowest, spent)
            }
            field.apply(.unixLineDiscard)
        }
        means.append(Double(total) / Double(20 * query.count) / 1000)
        worst.append(slowest)
    }
    let mean = means.sorted()[2], slow = Double(worst.sorted()[2]) / 1000
    print("| `\(query)` | \(query.count) | \(Int(mean.rounded())) | \(Int(slow.rounded())) |")
}
if choiceSink == 42 { print("") }
