import FieldKit

/// A keymap ready to use: the field and its key bindings.
public struct LoadedKeymap: Sendable {
    /// The field's behaviour.
    public let spec: FieldSpec
    /// Key → command.
    public let keymap: Keymap
    /// Where it was found.
    public let origin: KeymapOrigin
    /// The keymap's `placeholder:` in the current language, shown dim in the empty field; nil when it has none.
    /// Kept beside the spec, not in it: only a prompt at a terminal shows it.
    public let placeholder: String?
    /// The keymap's `help:` in every language given (F1 shows the current language's); nil when it has none.
    public let help: LanguageTexts?
    /// The keymap's `description:` in every language given; nil when it has none.
    public let description: LanguageTexts?

    /// A loaded keymap (the CLI makes adjusted copies with its field options applied).
    public init(spec: FieldSpec, keymap: Keymap, origin: KeymapOrigin, placeholder: String? = nil,
                help: LanguageTexts? = nil, description: LanguageTexts? = nil) {
        self.spec = spec
        self.keymap = keymap
        self.origin = origin
        self.placeholder = placeholder
        self.help = help
        self.description = description
    }
}

/// Loads keymap files, following `extends`, and reports every problem with its position.
public struct KeymapLoader: Sendable {
    /// The search path for names and `extends`.
    public let lookup: KeymapLookup
    /// Validators a Swift program added, by the name keymap files use (a built-in name cannot be replaced).
    public let validators: [String: any FieldValidator]

    /// A loader over a search path, with any validators of the program's own.
    public init(lookup: KeymapLookup, validators: [String: any FieldValidator] = [:]) {
        self.lookup = lookup
        self.validators = validators
    }

    /// Resolve a KEYMAP argument: a path (with `/` or `.yaml`) or a name on the search path.
    public func load(_ argument: String) throws(KeymapErrors) -> LoadedKeymap {
        if KeymapLookup.isPath(argument) { return try load(origin: .file(argument)) }
        guard let origin = lookup.locate(argument) else {
            let names = lookup.all().map(\.name).joined(separator: ", ")
            throw KeymapErrors(diagnostics: [KeymapDiagnostic(file: argument, line: nil, column: nil,
                                                              message: tr("no such keymap (known: \(names))"))])
        }
        return try load(origin: origin)
    }

    /// Load one keymap from where it lives.
    public func load(origin: KeymapOrigin) throws(KeymapErrors) -> LoadedKeymap {
        var diagnostics: [KeymapDiagnostic] = []
        let settings = resolve(origin, stack: [], diagnostics: &diagnostics)
        var compiler = KeymapCompiler(registered: validators)
        var nameReader = NodeReader()
        let name = settings.flatMap { $0.values["name"] }.flatMap { nameReader.string($0, "name") } ?? KeymapLoader.stem(origin)
        diagnostics += nameReader.diagnostics
        let compiled = settings.map { compiler.compile($0, name: name) }
        diagnostics += compiler.reader.diagnostics
        diagnostics = KeymapLoader.inFileOrder(diagnostics)
        guard diagnostics.isEmpty, let (spec, keymap) = compiled else { throw KeymapErrors(diagnostics: diagnostics) }
        return LoadedKeymap(spec: spec, keymap: keymap, origin: origin, placeholder: compiler.placeholder,
                            help: compiler.help, description: compiler.description)
    }

    /// A keymap written inline in another file (a form's field), named `name`: the same settings, `extends` and
    /// checks as a keymap file; problems point into that file.
    func load(inline root: Located, in origin: KeymapOrigin, name: String) -> Result<LoadedKeymap, KeymapErrors> {
        var diagnostics: [KeymapDiagnostic] = []
        let settings = settings(of: root, origin: origin, stack: [], diagnostics: &diagnostics)
        var compiler = KeymapCompiler(registered: validators)
        let compiled = settings.map { compiler.compile($0, name: name) }
        diagnostics += compiler.reader.diagnostics
        guard diagnostics.isEmpty, let (spec, keymap) = compiled else { return .failure(KeymapErrors(diagnostics: diagnostics)) }
        return .success(LoadedKeymap(spec: spec, keymap: keymap, origin: origin, placeholder: compiler.placeholder,
                            help: compiler.help, description: compiler.description))
    }

    /// Every problem in a file, for `fieldline keymaps lint` (empty when it is fine).
    public func lint(path: String) -> [KeymapDiagnostic] {
        do { _ = try load(origin: .file(path)); return [] } catch { return error.diagnostics }
    }

    /// The text of a keymap, for `fieldline keymaps show`.
    public static func text(of origin: KeymapOrigin) -> String? {
        switch origin {
        case .shipped(let name): return ShippedKeymaps.files[name]
        case .file(let path):
            guard case .success(let bytes) = KeymapText.read(path: path) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The file's own settings merged over those of the keymap it extends.
    func resolve(_ origin: KeymapOrigin, stack: [KeymapOrigin], diagnostics: inout [KeymapDiagnostic]) -> KeymapSettings? {
        let bytes: [UInt8]
        switch origin {
        case .shipped(let name):
            // Built when the program was: the tree parsing the embedded text would give (ShippedKeymapTreeTests).
            if let tree = ShippedKeymapTrees.tree(name) {
                let root = Located(node: tree, file: origin.label)
                return settings(of: root, origin: origin, stack: stack, diagnostics: &diagnostics)
            }
            bytes = Array((ShippedKeymaps.files[name] ?? "").utf8)
        case .file(let path):
            switch KeymapText.read(path: path) {
            case .success(let b): bytes = b
            case .failure(let d): diagnostics.append(d); return nil
            }
        }
        let root: Located
        switch KeymapText.parse(bytes, file: origin.label) {
        case .success(let r): root = r
        case .failure(let d): diagnostics.append(d); return nil
        }
        return settings(of: root, origin: origin, stack: stack, diagnostics: &diagnostics)
    }

    /// A keymap written as a YAML mapping (a file's top node, or a field's inline keymap in a form file), merged
    /// over the keymap it extends; `origin` is the file it is written in.
    func settings(of root: Located, origin: KeymapOrigin, stack: [KeymapOrigin], diagnostics: inout [KeymapDiagnostic]) -> KeymapSettings? {
        var reader = NodeReader()
        defer { diagnostics += reader.diagnostics }
        guard let pairs = reader.mapping(root, tr("a keymap file")) else { return nil }
        var own = KeymapSettings()
        var parent: KeymapSettings?
        for (key, keyNode, value) in pairs {
            guard KeymapSettings.known.contains(key) else {
                reader.diagnostics.append(keyNode.problem(tr("unknown setting '\(key)' (known: \(KeymapSettings.known.joined(separator: ", ")))")))
                continue
            }
            if key == "bindings" {
                own.bindings = reader.mapping(value, "bindings") ?? []
            } else if key == "extends" {
                guard let name = reader.string(value, "extends") else { continue }
                if name.isEmpty { reader.diagnostics.append(value.problem(tr("extends needs a keymap name"))); continue }
                guard let parentOrigin = lookup.locate(name, after: origin) else {
                    let own = name == KeymapLoader.stem(origin)
                    reader.diagnostics.append(value.problem(own
                        ? tr("extends '\(name)', but no other keymap of that name follows this one on the search path")
                        : tr("extends unknown keymap '\(name)'")))
                    continue
                }
                if stack.count + 1 >= KeymapLimits.extendsDepth {
                    reader.diagnostics.append(value.problem(tr("extends goes deeper than \(KeymapLimits.extendsDepth) keymaps")))
                    continue
                }
                if stack.contains(where: { $0.identity == parentOrigin.identity }) || parentOrigin.identity == origin.identity {
                    let chain = (stack + [origin, parentOrigin]).map { KeymapLoader.stem($0) }.joined(separator: " -> ")
                    reader.diagnostics.append(value.problem(tr("extends cycle: \(chain)")))
                    continue
                }
                parent = resolve(parentOrigin, stack: stack + [origin], diagnostics: &diagnostics)
                own.values[key] = value
            } else {
                own.values[key] = value
            }
        }
        guard var merged = parent else { return own }
        merged.values.removeValue(forKey: "name")
        for (k, v) in own.values { merged.values[k] = v }
        let overridden = Set(own.bindings.map(\.key))
        merged.bindings = merged.bindings.filter { !overridden.contains($0.key) } + own.bindings
        return merged
    }

    /// Problems grouped by file (in the order files were first mentioned), then by line and column.
    static func inFileOrder(_ diagnostics: [KeymapDiagnostic]) -> [KeymapDiagnostic] {
        var fileOrder: [String: Int] = [:]
        for d in diagnostics where fileOrder[d.file] == nil { fileOrder[d.file] = fileOrder.count }
        return diagnostics.enumerated().sorted { a, b in
            let ka = (fileOrder[a.element.file]!, a.element.line ?? 0, a.element.column ?? 0, a.offset)
            let kb = (fileOrder[b.element.file]!, b.element.line ?? 0, b.element.column ?? 0, b.offset)
            return ka < kb
        }.map(\.element)
    }

    /// `phone-cn` for `…/phone-cn.yaml` or the shipped `phone-cn`.
    static func stem(_ origin: KeymapOrigin) -> String {
        switch origin {
        case .shipped(let name): return name
        case .file(let path):
            let file = path.split(separator: "/").last.map(String.init) ?? path
            return file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
        }
    }
}
