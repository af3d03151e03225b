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
]

print("| field | commands per session | ns per command (apply) | ns per command (apply + frame) |")
print("|---|---|---|---|")
for (name, spec, value) in cases {
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
    _ = run(withFrame: true, sessions: 2_000)  // warm up
    let applyOnly = (0..<5).map { _ in run(withFrame: false, sessions: 20_000) }.sorted()[2]
    let withFrame = (0..<5).map { _ in run(withFrame: true, sessions: 20_000) }.sorted()[2]
    print("| \(name) | \(commands.count) | \(Int(applyOnly)) | \(Int(withFrame)) |")
    if sink == 42 { print("") }  // keep the work observable
}
