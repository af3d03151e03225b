// swift-tools-version: 6.0
// Small programs that use fieldline as a library, the way another Swift package would: the dependency is the
// repository itself, by path. Build with `swift build --package-path Examples` from the repository root.
import PackageDescription

let package = Package(
    name: "fieldline-examples",
    dependencies: [
        // Another package would write `.package(url: "https://github.com/…/fieldline", from: "…")` instead.
        .package(name: "fieldline", path: ".."),
    ],
    targets: [
        // Asks for a mobile number and an ID card at the terminal (FieldTerminal).
        .executableTarget(
            name: "installer",
            dependencies: [.product(name: "FieldTerminal", package: "fieldline")]
        ),
        // Checks one column of a CSV file against a keymap (FieldKeymaps, FieldKit, and FieldSinks' CSV reader).
        .executableTarget(
            name: "csvcolumn",
            dependencies: [
                .product(name: "FieldKit", package: "fieldline"),
                .product(name: "FieldKeymaps", package: "fieldline"),
                .product(name: "FieldSinks", package: "fieldline"),
            ]
        ),
        // Checks records against a form built in code and saves them to a sink of its own and to JSON Lines
        // (FieldKit's RecordChecker and RecordSink, FieldSinks' JSONLinesSink).
        .executableTarget(
            name: "visitorlog",
            dependencies: [
                .product(name: "FieldKit", package: "fieldline"),
                .product(name: "FieldKeymaps", package: "fieldline"),
                .product(name: "FieldSinks", package: "fieldline"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
