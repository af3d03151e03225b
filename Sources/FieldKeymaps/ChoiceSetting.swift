import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// The `choices` setting: a data file next to the keymap (`choices: data/country.tsv`, read with
/// `ChoiceTable.parse`; a shipped keymap's from the embedded copies of `keymaps/data/`), a CSV or TSV list file
/// with its columns named (`choices: {file: sites.csv, value: code, label: name}`, `ListFileChoices.swift`), or
/// the list itself (`choices: [red, green]`, or items `{value: DE, label: Germany, aliases: [deu]}`).
extension KeymapCompiler {
    mutating func choices(_ value: Located) -> ChoiceList? {
        if let path = value.scalarText {
            return choiceFile(path, at: value)
        }
        if case .mapping = value.node.content {
            return listFile(value)
        }
        guard let items = reader.list(value, "choices") else { return nil }
        var rows: [ChoiceRow] = []
        for item in items.prefix(ChoiceList.maxChoices + 1) {
            if item.scalarText != nil {
                guard let text = reader.string(item, tr("a choice")) else { continue }
                rows.append(ChoiceRow(line: item.line, value: text))
                continue
            }
            guard let pairs = reader.mapping(item, tr("a choice")) else { continue }
            var row = ChoiceRow(line: item.line, value: "")
            for (key, keyNode, v) in pairs {
                switch key {
                case "value": row.value = reader.string(v, "value") ?? ""
                case "label": row.label = reader.string(v, "label") ?? ""
                case "aliases": row.aliases = reader.list(v, "aliases")?.compactMap { reader.string($0, tr("an alias")) } ?? []
                case "parent": row.parent = reader.string(v, "parent")
                default: reader.diagnostics.append(keyNode.problem(tr("unknown choice setting '\(key)' (use value, label, aliases, parent)")))
                }
            }
            rows.append(row)
        }
        do {
            return try ChoiceList(rows: rows)
        } catch {
            let node = items.first { $0.line == error.line } ?? value
            reader.diagnostics.append(node.problem(error.message))
            return nil
        }
    }

    /// A data file: relative to the folder of the keymap file that names it; a shipped keymap's from the binary.
    private mutating func choiceFile(_ path: String, at value: Located) -> ChoiceList? {
        let text: String
        let label: String
        if value.file.hasPrefix("<shipped>/") {
            label = "<shipped>/" + path
            guard let shipped = ShippedData.files[path] else {
                reader.diagnostics.append(value.problem(tr("no shipped data file '\(path)'")))
                return nil
            }
            text = shipped
        } else {
            let folder = value.file.contains("/") ? String(value.file[..<value.file.lastIndex(of: "/")!]) : "."
            label = path.hasPrefix("/") ? path : folder + "/" + path
            switch KeymapText.read(path: label) {
            case .failure(let d): reader.diagnostics.append(value.problem(tr("choices file \(label): \(d.message)"))); return nil
            case .success(let bytes):
                guard let decoded = String(validating: bytes, as: UTF8.self) else {
                    reader.diagnostics.append(value.problem(tr("choices file \(label) is not valid UTF-8")))
                    return nil
                }
                text = decoded
            }
        }
        do {
            // The embedded files are read with every cell checked by the tests (ShippedChoiceListTests), not at
            // every start.
            return try ChoiceTable.parse(text, cellsChecked: !value.file.hasPrefix("<shipped>/"))
        } catch {
            reader.diagnostics.append(KeymapDiagnostic(file: label, line: error.line == 0 ? nil : error.line, column: error.line == 0 ? nil : 1, message: error.message))
            return nil
        }
    }
}

/// `--choices FILE|-`: a list given on the command line, one `value<TAB>label` a line.
public enum ChoiceFile {
    /// The largest list file read, in bytes (64 MiB): room for `ChoiceList.maxChoices` lines of a code and a few names.
    public static let maxBytes = 64 << 20

    /// Standard input once read: a command may load its field twice (to validate, then to run), and the second
    /// read would find it at its end.
    nonisolated(unsafe) private static var standardInput: [UInt8]?

    /// The list in `path` (`-`: standard input, read to its end), or a diagnostic naming the file and line.
    public static func load(_ path: String) -> Result<ChoiceList, KeymapDiagnostic> {
        let label = path == "-" ? "<stdin>" : path
        let bytes: [UInt8]
        if path == "-", let read = standardInput {
            bytes = read
        } else if path == "-" {
            var all: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return .failure(KeymapDiagnostic(file: label, line: nil, column: nil, message: tr("cannot read: \(String(cString: strerror(errno)))"))) }
                if n == 0 { break }
                all.append(contentsOf: chunk[0..<n])
                if all.count > maxBytes {
                    return .failure(KeymapDiagnostic(file: label, line: nil, column: nil, message: tr("larger than \(maxBytes >> 20) MiB, the limit for choice lists")))
                }
            }
            bytes = all
            standardInput = all
        } else {
            switch KeymapText.read(path: path, cap: maxBytes, what: tr("choice lists")) {
            case .success(let b): bytes = b
            case .failure(let d): return .failure(d)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(KeymapDiagnostic(file: label, line: nil, column: nil, message: tr("not valid UTF-8")))
        }
        do {
            return .success(try ChoiceTable.parsePairs(text))
        } catch {
            return .failure(KeymapDiagnostic(file: label, line: error.line == 0 ? nil : error.line, column: error.line == 0 ? nil : 1, message: error.message))
        }
    }
}
