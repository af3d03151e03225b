import Foundation

/// A fresh empty folder under the temporary directory for one test, removed with everything in it when the value
/// goes away.
final class ScratchFolder {
    /// The folder's path.
    let folder: String

    /// Makes the folder; `label` is part of its name, to tell whose it is.
    init(_ label: String = "test") throws {
        folder = try Self.made(label)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { folder + "/" + name }

    /// The text of the file `name` in the folder, or "" when there is none.
    func read(_ name: String) -> String { (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? "" }

    /// Writes `text` to the file `name` in the folder; its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    /// A fresh empty folder that is not removed, for a test that only passes its path on; its path.
    static func made(_ label: String = "test") throws -> String {
        let path = NSTemporaryDirectory() + "fieldline-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
