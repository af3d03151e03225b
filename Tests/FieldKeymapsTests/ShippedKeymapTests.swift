import Foundation
import Testing
@testable import FieldKeymaps

/// `keymaps/*.yaml` and the copies embedded by scripts/embed-keymaps.py.
@Suite struct ShippedKeymapTests {
    static let repoNames: [String] = ((try? yamlFiles(in: repoKeymapsFolder)) ?? []).map { String($0.dropLast(5)) }

    @Test func namesMatchTheRepositoryFolder() throws {
        let names = try yamlFiles(in: repoKeymapsFolder).map { String($0.dropLast(5)) }.sorted()
        #expect(!names.isEmpty)
        #expect(names == ShippedKeymaps.files.keys.sorted(), "run scripts/embed-keymaps.py")
    }

    @Test(arguments: repoNames)
    func embeddedCopyEqualsTheFile(name: String) throws {
        let text = try String(contentsOfFile: repoKeymapsFolder + "/" + name + ".yaml", encoding: .utf8)
        #expect(ShippedKeymaps.files[name] == text, "run scripts/embed-keymaps.py")
    }

    /// keymaps/data/* embedded byte for byte (shipped keymaps' `choices: data/…` read these copies).
    @Test func embeddedDataEqualsTheFiles() throws {
        let folder = repoKeymapsFolder + "/data"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.map { "data/" + $0 } == ShippedData.files.keys.sorted(), "run scripts/embed-keymaps.py")
        for name in names {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            #expect(ShippedData.files["data/" + name] == text, "run scripts/embed-keymaps.py (\(name))")
        }
    }

    @Test(arguments: repoNames)
    func loadsWithoutDiagnostics(name: String) throws {
        let loader = KeymapLoader(lookup: KeymapLookup(environment: [:]))
        #expect(loader.lookup.folders == [])
        #expect(loader.lookup.locate(name) == .shipped(name))
        let loaded = try loader.load(name)
        #expect(loaded.origin == .shipped(name))
        #expect(loaded.spec.name == name)
        #expect(!loaded.spec.summary.isEmpty)
        #expect(loader.lint(path: repoKeymapsFolder + "/" + name + ".yaml") == [])
        #expect(KeymapLoader.text(of: .shipped(name)) == ShippedKeymaps.files[name])
    }

    @Test func shippedLabels() {
        #expect(KeymapOrigin.shipped("phone-cn").label == "<shipped>/phone-cn.yaml")
        #expect(KeymapOrigin.file("a/b.yaml").label == "a/b.yaml")
    }
}
