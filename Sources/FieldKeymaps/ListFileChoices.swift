import FieldKit

/// `choices: {file: sites.csv, value: code, label: name}`: a choice list from a CSV or TSV file (`ListFileTable`),
/// relative to the file that names it. `value` names the column stored; `label` the column shown, a list of them
/// (`[name, pinyin]`: shown together, each also a name the choice is found by), or one of those per language
/// (`{en: name, zh: name_zh}`). Every column is kept with each choice: a filter compares them
/// (`filter: "site == $site"`), `from: FIELD.COLUMN` reads one.
extension KeymapCompiler {
    static let knownListFileSettings = ["file", "value", "label"]

    mutating func listFile(_ node: Located) -> ChoiceList? {
        guard let pairs = reader.mapping(node, "choices") else { return nil }
        if pairs.contains(where: { $0.key == "table" }) { return tableChoices(node, pairs) }
        var path: String?, value: (String, Located)?, labels: [String: [(String, Located)]] = [:]
        for (key, keyNode, v) in pairs {
            switch key {
            case "file": path = reader.string(v, "file")
            case "value": value = reader.string(v, "value").map { ($0, v) }
            case "label": labels = labelColumns(v)
            default:
                reader.diagnostics.append(keyNode.problem(tr("unknown choices setting '\(key)' (known: \(KeymapCompiler.knownListFileSettings.joined(separator: ", ")))")))
            }
        }
        for setting in ["file", "value"] where !pairs.contains(where: { $0.key == setting }) {
            reader.diagnostics.append(node.problem(tr("choices from a file need \(setting) (choices: {file: FILE, value: COLUMN, label: COLUMN})")))
        }
        guard let path, let value else { return nil }
        let folder = node.file.contains("/") ? String(node.file[..<node.file.lastIndex(of: "/")!]) : "."
        let label = path.hasPrefix("/") ? path : folder + "/" + path
        // Taken before the file is read: a write after it leaves another identity, so an image never outlives it.
        let identity = ListFileIndexCache.identity(of: label)
        let text: String
        switch KeymapText.read(path: label, cap: ChoiceFile.maxBytes, what: tr("choice lists")) {
        case .failure(let d): reader.diagnostics.append(d); return nil
        case .success(let bytes):
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                reader.diagnostics.append(KeymapDiagnostic(file: label, line: nil, column: nil, message: tr("not valid UTF-8")))
                return nil
            }
            text = decoded
        }
        let table: ListFileTable
        do {
            table = try ListFileTable(text, tabs: label.hasSuffix(".tsv") || label.hasSuffix(".tab"))
        } catch {
            reader.diagnostics.append(KeymapDiagnostic(file: label, line: error.line, column: error.column, message: error.message))
            return nil
        }
        func column(_ named: (String, Located), _ setting: String) -> Int? {
            if let index = table.columns.firstIndex(of: named.0) { return index }
            reader.diagnostics.append(named.1.problem(tr("\(setting): \(label) has no column '\(ControlCharacters.escaped(named.0))' (its columns: \(table.columns.map(ControlCharacters.escaped).joined(separator: ", ")))")))
            return nil
        }
        let valueColumn = column(value, "value")
        // Every language's columns are checked, whichever is shown now: the form works in each.
        var labelColumns: [String: [Int?]] = [:]
        for (code, named) in labels.sorted(by: { $0.key < $1.key }) { labelColumns[code] = named.map { column($0, "label") } }
        let chosen = labelColumns[""] ?? labelColumns[Language.current.rawValue] ?? labelColumns[Language.en.rawValue] ?? []
        guard let valueColumn, !labelColumns.values.contains(where: { $0.contains(nil) }) else { return nil }
        let shown = chosen.compactMap { $0 }
        let rows = table.rows.map { row in
            let names = shown.map { row.cells[$0] }.filter { !$0.isEmpty }
            return ChoiceRow(line: row.line, value: row.cells[valueColumn], label: names.joined(separator: " "),
                             aliases: names.count > 1 ? names : [], extras: row.cells)
        }
        do {
            let list = try ChoiceList(rows: rows, extraColumns: table.columns)
            if let identity {
                var bytes = text
                // The columns read make the index's terms: another choice on the same file has an index of its own.
                let settings = "value=" + table.columns[valueColumn] + "\u{0}label=" + shown.map { table.columns[$0] }.joined(separator: "\u{0}")
                ListFileIndexCache.attach(list, file: label, identity: identity, settings: settings, folder: ListFileIndexCache.processFolder(),
                                          contentHash: { bytes.withUTF8 { ChoiceListIndex.hash(UnsafeRawBufferPointer($0)) } })
            }
            return list
        } catch {
            reader.diagnostics.append(KeymapDiagnostic(file: label, line: error.line == 0 ? nil : error.line,
                                                       column: error.line == 0 ? nil : 1, message: error.message))
            return nil
        }
    }

    /// `label`: a column, a list of columns, or either per language; by language code (`""` for all languages),
    /// each column with where it is named.
    mutating func labelColumns(_ value: Located) -> [String: [(String, Located)]] {
        func named(_ node: Located) -> [(String, Located)] {
            (reader.list(node, "label") ?? []).compactMap { item in reader.string(item, "label").map { ($0, item) } }
        }
        guard case .mapping = value.node.content else { return ["": named(value)] }
        var byLanguage: [String: [(String, Located)]] = [:]
        for (code, codeNode, v) in reader.mapping(value, "label") ?? [] {
            guard Language(rawValue: code) != nil else {
                let known = Language.allCases.map(\.rawValue).joined(separator: ", ")
                reader.diagnostics.append(codeNode.problem(tr("unknown language '\(code)' in label (known: \(known))")))
                continue
            }
            byLanguage[code] = named(v)
        }
        if byLanguage[Language.en.rawValue] == nil {
            reader.diagnostics.append(value.problem(tr("label needs an English column (en), shown where no other language fits")))
        }
        return byLanguage
    }
}
