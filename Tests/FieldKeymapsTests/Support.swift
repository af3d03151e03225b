import Foundation
import FieldKit
@testable import FieldKeymaps

/// This folder, found from the source file (the corpora are test data, not SwiftPM resources).
let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
/// Keymap files that must not load, each with its exact diagnostics.
let malformedFolder = testsFolder.appendingPathComponent("Malformed").path
/// Keymap files that must load cleanly.
let validFolder = testsFolder.appendingPathComponent("Valid").path
/// The repository's `keymaps/` folder, the source of `ShippedKeymaps`.
let repoKeymapsFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("keymaps").path

/// A loader whose only user folder is `folder` (no XDG or ~/.config folder).
func loader(searching folder: String) -> KeymapLoader {
    KeymapLoader(lookup: KeymapLookup(environment: ["FIELDLINE_KEYMAPS": folder, "HOME": "/nonexistent"]))
}

/// `lint` of `folder/file` with the search path set to `folder`, as `FILE:LINE:COL: message` lines
/// with the `folder/` prefix removed so expectations stay short.
func lintLines(_ file: String, in folder: String) -> [String] {
    loader(searching: folder).lint(path: folder + "/" + file).map { d in
        let line = d.description
        return line.hasPrefix(folder + "/") ? String(line.dropFirst(folder.count + 1)) : line
    }
}

/// The `.yaml` files directly in a folder, sorted.
func yamlFiles(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
}

/// Write a text file, creating its folder.
func write(_ text: String, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// The phone validator as a keymap names it (registered validators compare by name), for comparing lists.
let phoneValidator = Validator.custom(name: "phone", validator: PhoneValidator(metadata: ShippedPhoneMetadata.shared, assumedRegion: nil))
