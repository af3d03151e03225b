// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "fieldline",
    products: [
        .library(name: "FieldKit", targets: ["FieldKit"]),
        .library(name: "FieldKeymaps", targets: ["FieldKeymaps"]),
        .library(name: "FieldTerminal", targets: ["FieldTerminal"]),
        .library(name: "FieldSinks", targets: ["FieldSinks"]),
        .library(name: "FieldRecords", targets: ["FieldRecords"]),
        .executable(name: "fieldline", targets: ["fieldline"]),
        .executable(name: "fieldline-bench", targets: ["fieldline-bench"]),
    ],
    dependencies: [
        // Usage texts are compared exactly in the tests: stay on the minor version they were written against.
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", .upToNextMinor(from: "1.5.0")),
    ],
    targets: [
        // The three C libraries are named without `pkgConfig`: their headers and libraries are in the default paths,
        // and pkg-config's `-L/usr/lib/…` would come before the release build's folder of static archives (Makefile).
        // PCRE2 from Debian's libpcre2-dev: keymaps' regex validators, compiled once and matched with a step budget.
        .systemLibrary(name: "CPCRE2"),
        // The whole behaviour of a field: pure Swift, no terminal, no Foundation.
        // xxHash (XXH3) from Debian's libxxhash-dev, compiled in from its header: list-file indexes' content keys
        // and checksums.
        .target(name: "CXXHash"),
        .target(name: "FieldKit", dependencies: ["CPCRE2", "CXXHash"]),
        // libyaml from Debian's libyaml-dev: the event parser under the keymap loader's small composer.
        .systemLibrary(name: "CYAML"),
        // Field keymaps as YAML files: loading, `extends`, positioned errors, the shipped set.
        .target(name: "FieldKeymaps", dependencies: ["FieldKit", "CYAML"]),
        // libedit from Debian's libedit-dev, and one-line wrappers for its C-variadic calls.
        .systemLibrary(name: "CLibEdit"),
        .target(name: "CEditLineShims", dependencies: ["CLibEdit"]),
        // Signal handlers that restore the terminal; in C because a handler may only make async-signal-safe calls.
        .target(name: "CTerminalGuard"),
        // The libedit adapter: decodes keys into engine commands and paints frames; no field logic. (Not named
        // FieldLine: it and the fieldline target would differ only in letter case.)
        .target(name: "FieldTerminal", dependencies: ["FieldKit", "FieldKeymaps", "CLibEdit", "CEditLineShims", "CTerminalGuard"]),
        // SQLite (Debian's libsqlite3-dev for the header, libsqlite3-0 at run time) for the embedded database sink,
        // loaded with dlopen on first use: linked, ld.so would bind its ~1,600 symbols at every start of fieldline.
        .target(name: "CSQLiteLoader"),
        // libpq (Debian's libpq-dev for the header, libpq5 at run time) for the shared PostgreSQL sink, loaded with
        // dlopen on first use: linked, it and its twenty dependencies would load at every start of fieldline.
        .target(name: "CLibPQLoader"),
        // Where form records are saved: one small protocol and its sinks (JSON Lines, CSV, SQLite, PostgreSQL).
        .target(name: "FieldSinks", dependencies: ["FieldKit", "FieldKeymaps", "CSQLiteLoader", "CLibPQLoader"]),
        // Records in and out: imports (checking, batching, unique values, resuming) and corrections, for any sink.
        .target(name: "FieldRecords", dependencies: ["FieldKit", "FieldKeymaps", "FieldSinks"]),
        // The command-line tool: argument parsing, streams and exit codes only.
        .executableTarget(
            name: "fieldline",
            dependencies: [
                "FieldKit",
                "FieldKeymaps",
                "FieldTerminal",
                "FieldSinks",
                "FieldRecords",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Engine micro-benchmark (bench/run.sh); not a test.
        .executableTarget(name: "fieldline-bench", dependencies: ["FieldKit", "FieldKeymaps"]),
        .testTarget(name: "FieldKitTests", dependencies: ["FieldKit", "FieldKeymaps", "TestSupport"], exclude: ["Oracles"]),
        .testTarget(name: "FieldKeymapsTests", dependencies: ["FieldKeymaps", "TestSupport"],
                    exclude: ["Malformed", "Valid", "Oracles"]),
        .testTarget(name: "FieldSinksTests", dependencies: ["FieldSinks", "TestSupport"]),
        .testTarget(name: "FieldRecordsTests", dependencies: ["FieldRecords", "FieldSinks", "TestSupport"]),
        // What the tests share, once: the binary's place and runners, starting programs (no terminal, a clean signal
        // state), scratch folders, a tmux terminal, a scratch PostgreSQL server. Test code only (imported @testable).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Runs the built binary; depending on the executable makes `swift test` build it first.
        .testTarget(name: "fieldlineTests", dependencies: ["fieldline", "TestSupport"], exclude: ["Oracles"]),
        // Drives the built binary in a real terminal (tmux): the libedit adapter end to end.
        .testTarget(name: "TerminalTests", dependencies: ["fieldline", "FieldTerminal", "TestSupport"],
                    exclude: ["Differential"]),
    ],
    swiftLanguageModes: [.v6]
)
