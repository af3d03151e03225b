import FieldKit

/// A keymap's settings after `extends` is resolved, each value still carrying its file and position.
struct KeymapSettings {
    /// Top-level setting → its value (the child's value wins over the parent's).
    var values: [String: Located] = [:]
    /// Key bindings, merged per key across `extends`.
    var bindings: [(key: String, keyNode: Located, value: Located)] = []

    /// Every top-level setting a keymap file may have.
    static let known = [
        "name", "description", "extends", "symbols", "length", "count", "unit", "templates", "refuse",
        "exact-template", "paste-prefixes", "separators", "validators", "value", "transforms", "upgrade-legacy", "bindings",
        "choices", "picker", "multiple", "placeholder", "help",
    ]
}

/// Turns settings into a `FieldSpec` and a `Keymap`, recording a diagnostic for every problem.
struct KeymapCompiler {
    var reader = NodeReader()
    /// Validators the program registered with the loader, by name.
    var registered: [String: any FieldValidator] = [:]

    /// The compiled keymap's `placeholder:` in the current language (nil when it has none), set by `compile`. Kept
    /// here rather than in `compile`'s result: a tuple with an optional in it is a type the runtime builds when first
    /// used, which every `ask` would pay for at start-up.
    var placeholder: String?
    /// The compiled keymap's `help:` in every language given, set by `compile` (kept here as `placeholder` is).
    var help: LanguageTexts?
    /// The compiled keymap's `description:` in every language given, set by `compile`.
    var description: LanguageTexts?
    /// `choices: {table: …}` of the compiled keymap, set by `compile` (its list is read once the output is open).
    var tableChoices: TableChoices?

    mutating func compile(_ settings: KeymapSettings, name: String) -> (FieldSpec, Keymap) {
        let v = settings.values
        tableChoices = nil
        description = v["description"].flatMap { reader.languageTexts($0, "description") }
        let summary = description?.text ?? ""
        var (symbols, positionNodes) = v["symbols"].map { symbolRules($0) }
            ?? (SymbolRules(defaultClass: .printable, normalizeFullwidth: false), [:])
        var minLength = 0
        var limit: Int?
        if let length = v["length"], let pairs = reader.mapping(length, "length") {
            var minNode: Located?
            for (key, keyNode, value) in pairs {
                switch key {
                case "min": minLength = reader.int(value, "min") ?? 0; minNode = value
                case "max": limit = reader.int(value, "max", min: 1)
                default: reader.diagnostics.append(keyNode.problem(tr("unknown length setting '\(key)' (use min and max)")))
                }
            }
            if let limit, minLength > limit, let minNode {
                reader.diagnostics.append(minNode.problem(tr("min (\(minLength)) is more than max (\(limit))")))
            }
        }
        // A place after length.max can never be typed: say so rather than keep a rule nobody reaches.
        if let limit {
            for (n, node) in positionNodes.sorted(by: { $0.key < $1.key }) where n > limit {
                reader.diagnostics.append(node.problem(tr("position \(n) is beyond length.max (\(limit))")))
                symbols.positionClasses[n] = nil
            }
        }
        let countUnit = v["count"].flatMap { choice($0, "count", CountUnit.allCases.map(\.rawValue)) }.flatMap(CountUnit.init) ?? .graphemes
        let templates = v["templates"].map { self.templates($0, symbols: symbols, limit: limit) } ?? []
        let refused = v["refuse"].map { options($0, "refuse") } ?? []
        // A refused tag no template carries refuses nothing: a misspelling worth saying.
        if let node = v["refuse"] {
            let tags = Set(templates.flatMap(\.options))
            for tag in refused where !tags.contains(tag) {
                let known = tags.map(\.rawValue).sorted().joined(separator: ", ")
                reader.diagnostics.append(node.problem(tr("refuse names '\(tag)', which no template of this keymap has (its tags: \(known.isEmpty ? tr("none") : known))")))
            }
        }
        let separators = v["separators"].map { self.separators($0, symbols: symbols) } ?? []
        let spec = FieldSpec(
            name: name, summary: summary, symbols: symbols, templates: templates,
            refusedOptions: Set(refused),
            requiresExactTemplate: v["exact-template"].flatMap { reader.bool($0, "exact-template") } ?? false,
            minLength: minLength, limit: limit, countUnit: countUnit,
            unitNoun: v["unit"].flatMap { reader.string($0, "unit") } ?? "character",
            validators: v["validators"].map { validators($0) } ?? [],
            pastePrefixes: v["paste-prefixes"].map { pastePrefixes($0) } ?? [],
            valueForm: v["value"].flatMap { choice($0, "value", ValueForm.allCases.map(\.rawValue)) }.flatMap(ValueForm.init) ?? .symbols,
            transforms: v["transforms"].flatMap { reader.list($0, "transforms") }?.compactMap {
                choice($0, tr("a transform"), ValueTransform.allCases.map(\.rawValue)).flatMap(ValueTransform.init)
            } ?? [],
            separators: separators
        )
        var field = spec
        // `upgrade-legacy: true` switches on the ID validator's own upgrade of 15-digit IDs.
        if let node = v["upgrade-legacy"], reader.bool(node, "upgrade-legacy") == true {
            if field.validators.contains(where: \.isResidentID) {
                field.validators = Validator.acceptingLegacyIDs(field.validators)
            } else {
                reader.diagnostics.append(node.problem(tr("upgrade-legacy needs the gb11643 validator")))
            }
        }
        // Validators that read the limit (a phone number's prefixes) learn it before any layout is taken from them.
        for (index, validator) in field.validators.enumerated() {
            guard case .custom(let name, let custom) = validator, let configurable = custom.asConfigurable else { continue }
            field.validators[index] = .custom(name: name, validator: configurable.limited(to: limit))
        }
        // A field with no templates of its own shows the layout a validator gives (a phone number's, by region);
        // one with templates and such a validator has the validator lay out its part of the value (a phone number's
        // national digits) with them, judging refused tags there too.
        if templates.isEmpty, let layout = field.validators.lazy.compactMap(\.liveLayout).first {
            field.kind = .liveLayout(layout, templates: TemplateSet.none)
        } else if let (index, name, grouped) = groupingValidator(field, templates: templates) {
            field.validators[index] = .custom(name: name, validator: grouped)
            if let layout = grouped.liveLayout { field.kind = .liveLayout(layout, templates: TemplateSet(templates)) }
            field.refusedOptions = []
            field.requiresExactTemplate = false
        }
        let list = v["choices"].flatMap { choices($0) }
        if let value = v["picker"], choice(value, "picker", ["date"]) != nil {
            // The picker reads the symbols as yyyymmdd; the templates lay them out.
            if limit == 8 && minLength == 8 && symbols.defaultClass == .digit {
                field.kind = .date(templates: TemplateSet(templates), picker: DatePicker())
            } else {
                reader.diagnostics.append(value.problem(tr("picker: date needs a field of exactly 8 digits (symbols.class digit, length.min and max 8)")))
            }
        }
        // A list decides what every key does: with `choices`, the field is a choice field whatever else it says.
        if let list { field.kind = .choice(list) }
        field.tableChoices = tableChoices
        if let node = v["multiple"] { field.selection = selection(node, list: list) }
        if let node = v["placeholder"] { placeholder = reader.placeholder(node) }
        if let node = v["help"] { help = reader.help(node) }
        return (field, keymap(settings.bindings))
    }

    /// The first validator that lays out part of the value with the field's templates (a phone number's national
    /// digits), as it does so.
    func groupingValidator(_ field: FieldSpec, templates: [Template]) -> (Int, String, any ConfigurableValidator)? {
        guard !templates.isEmpty else { return nil }
        for (index, validator) in field.validators.enumerated() {
            guard case .custom(let name, let custom) = validator, let configurable = custom.asConfigurable,
                  let grouped = configurable.grouping(with: TemplateSet(templates), refusing: field.refusedOptions) else { continue }
            return (index, name, grouped)
        }
        return nil
    }

    /// `paste-prefixes: ["+86", "0086", "86"]`: a short list of short texts (each paste looks at all of them).
    mutating func pastePrefixes(_ value: Located) -> [String] {
        guard let items = reader.list(value, "paste-prefixes") else { return [] }
        if items.count > KeymapLimits.shortList {
            reader.diagnostics.append(value.problem(tr("paste-prefixes has at most \(KeymapLimits.shortList) entries")))
            return []
        }
        return items.compactMap { item in
            guard let text = reader.string(item, tr("a paste prefix")) else { return nil }
            guard text.count <= KeymapLimits.shortList, !text.isEmpty else {
                reader.diagnostics.append(item.problem(tr("a paste prefix has 1 to \(KeymapLimits.shortList) characters")))
                return nil
            }
            return text
        }
    }

    /// `separators: " -.()"`: characters a paste or checked line may hold as formatting. One the field accepts
    /// would never be dropped, so it is a mistake worth saying.
    mutating func separators(_ value: Located, symbols: SymbolRules) -> Set<Character> {
        guard let text = reader.string(value, "separators") else { return [] }
        if text.count > KeymapLimits.shortList {
            reader.diagnostics.append(value.problem(tr("separators has at most \(KeymapLimits.shortList) characters")))
            return []
        }
        var result = Set<Character>()
        for c in text {
            if symbols.defaultClass.contains(symbols.normalize(c)) {
                reader.diagnostics.append(value.problem(tr("separator '\(c)' is accepted by the field's class, so it would be kept, not dropped")))
            } else {
                result.insert(c)
            }
        }
        return result
    }

    /// A text value that must be one of a few words.
    mutating func choice(_ value: Located, _ what: String, _ allowed: [String]) -> String? {
        guard let text = reader.string(value, what) else { return nil }
        guard allowed.contains(text) else {
            reader.diagnostics.append(value.problem(tr("\(what) must be one of \(allowed.joined(separator: ", ")), not '\(text)'")))
            return nil
        }
        return text
    }

    mutating func symbolClass(_ value: Located) -> SymbolClass? {
        // A list of classes is their union.
        if case .sequence = value.node.content, let items = reader.list(value, tr("a symbol class")) {
            let classes = items.compactMap { symbolClass($0) }
            guard let first = classes.first else { return nil }
            return classes.dropFirst().reduce(first) { $0.union($1) }
        }
        guard let text = reader.string(value, tr("a symbol class")) else { return nil }
        switch SymbolClassSyntax.parse(text) {
        case .success(let cls): return cls
        case .failure(let problem): reader.diagnostics.append(value.problem(problem.message)); return nil
        }
    }

    /// Key rules, and where each position was given (checked against `length.max` once that is known); a position
    /// must lie within `KeymapLimits.largestNumber` in any case.
    mutating func symbolRules(_ value: Located) -> (SymbolRules, [Int: Located]) {
        var rules = SymbolRules(defaultClass: .printable, normalizeFullwidth: true)
        var nodes: [Int: Located] = [:]
        guard let pairs = reader.mapping(value, "symbols") else { return (rules, nodes) }
        for (key, keyNode, item) in pairs {
            switch key {
            case "class": if let cls = symbolClass(item) { rules.defaultClass = cls }
            case "positions":
                for (pos, posNode, clsNode) in reader.mapping(item, "positions") ?? [] {
                    guard let n = Int(pos), n >= 1 else {
                        reader.diagnostics.append(posNode.problem(tr("a position is a number from 1, not '\(pos)'")))
                        continue
                    }
                    if n > KeymapLimits.largestNumber {
                        reader.diagnostics.append(posNode.problem(tr("position \(n) is beyond \(KeymapLimits.largestNumber), the most any field holds")))
                        continue
                    }
                    if rules.positionClasses[n] != nil {
                        reader.diagnostics.append(posNode.problem(tr("position \(n) is given twice")))
                        continue
                    }
                    if let cls = symbolClass(clsNode) { rules.positionClasses[n] = cls; nodes[n] = posNode }
                }
            case "case":
                if let c = choice(item, "case", CaseMapping.allCases.map(\.rawValue)).flatMap(CaseMapping.init) { rules.caseMapping = c }
            case "fullwidth": if let b = reader.bool(item, "fullwidth") { rules.normalizeFullwidth = b }
            default: reader.diagnostics.append(keyNode.problem(tr("unknown symbols setting '\(key)' (use class, positions, case, fullwidth)")))
            }
        }
        return (rules, nodes)
    }

    /// Template tags (`options: [mobile]`, `refuse: [forbidden]`): free-form names, at most 16 in a list.
    mutating func options(_ value: Located, _ what: String) -> [TemplateOption] {
        let items = reader.list(value, what) ?? []
        if items.count > 16 {
            reader.diagnostics.append(value.problem(tr("\(what) has at most 16 tags")))
            return []
        }
        return items.compactMap { item in
            guard let text = reader.string(item, tr("a template tag")) else { return nil }
            guard TemplateOption.isValid(text) else {
                reader.diagnostics.append(item.problem(tr("a template tag is a letter, then letters, digits, - or _ (at most 32), not '\(text)'")))
                return nil
            }
            return TemplateOption(rawValue: text)
        }
    }

    /// Templates, each checked against the key rules: a template no input could ever fill is an error.
    mutating func templates(_ value: Located, symbols: SymbolRules, limit: Int?) -> [Template] {
        var result: [Template] = []
        let items = reader.list(value, "templates") ?? []
        if items.count > KeymapLimits.templates {
            reader.diagnostics.append(value.problem(tr("more than \(KeymapLimits.templates) templates")))
            return []
        }
        for item in items {
            var pattern: String?
            var opts: [TemplateOption] = []
            if case .mapping = item.node.content {
                for (key, keyNode, v) in reader.mapping(item, tr("a template")) ?? [] {
                    switch key {
                    case "pattern": pattern = reader.string(v, "pattern")
                    case "options": opts = options(v, "options")
                    default: reader.diagnostics.append(keyNode.problem(tr("unknown template setting '\(key)' (use pattern and options)")))
                    }
                }
                if pattern == nil { reader.diagnostics.append(item.problem(tr("a template needs a pattern"))) }
            } else {
                pattern = reader.string(item, tr("a template"))
            }
            guard let pattern else { continue }
            if pattern.count > KeymapLimits.templateCharacters {
                reader.diagnostics.append(item.problem(tr("a template has at most \(KeymapLimits.templateCharacters) characters, this one \(pattern.count)")))
                continue
            }
            let template = Template(pattern, options: Set(opts))
            if let problem = TemplateCheck.problem(template, symbols: symbols, limit: limit) {
                reader.diagnostics.append(item.problem(problem))
                continue
            }
            result.append(template)
        }
        return result
    }

    mutating func validators(_ value: Located) -> [Validator] {
        var result: [Validator] = []
        for item in reader.list(value, "validators") ?? [] {
            if let name = item.scalarText {
                if let v = Validator.named(name) { result.append(v); continue }
                if let v = registered[name] { result.append(.custom(name: name, validator: v)); continue }
                if name == "phone" { result.append(phoneValidator(nil)); continue }
                switch name {
                case "range": reader.diagnostics.append(item.problem(tr("validator 'range' needs parameters, e.g. range: {min: 1, max: 9}")))
                case "regex": reader.diagnostics.append(item.problem(tr("validator 'regex' needs a pattern, e.g. regex: '^[a-z]+$'")))
                default:
                    let known = Validator.names + registered.keys.sorted()
                    reader.diagnostics.append(item.problem(tr("unknown validator '\(name)' (known: \(known.joined(separator: ", ")))")))
                }
                continue
            }
            guard let pairs = reader.mapping(item, tr("a validator")), pairs.count == 1, let (name, nameNode, params) = pairs.first else {
                if case .mapping = item.node.content { reader.diagnostics.append(item.problem(tr("a validator is one name with its parameters"))) }
                continue
            }
            switch name {
            case "phone":
                result.append(phoneValidator(params))
            case "range":
                var lo: Int?, hi: Int?
                for (k, kNode, v) in reader.mapping(params, "range") ?? [] {
                    switch k {
                    case "min": lo = reader.int(v, "min", min: Int.min, max: Int.max)
                    case "max": hi = reader.int(v, "max", min: Int.min, max: Int.max)
                    default: reader.diagnostics.append(kNode.problem(tr("unknown range setting '\(k)' (use min and max)")))
                    }
                }
                guard let lo, let hi else { reader.diagnostics.append(params.problem(tr("range needs min and max"))); continue }
                if lo > hi { reader.diagnostics.append(params.problem(tr("range min (\(lo)) is more than max (\(hi))"))); continue }
                result.append(.range(min: lo, max: hi))
            case "regex":
                var pattern: String?, message: LanguageTexts?, patternNode = params
                if case .mapping = params.node.content {
                    for (k, kNode, v) in reader.mapping(params, "regex") ?? [] {
                        switch k {
                        case "pattern": pattern = reader.string(v, "pattern"); patternNode = v
                        case "message": message = reader.languageTexts(v, "message")
                        default: reader.diagnostics.append(kNode.problem(tr("unknown regex setting '\(k)' (use pattern and message)")))
                        }
                    }
                } else {
                    pattern = reader.string(params, "regex")
                }
                guard let pattern else { reader.diagnostics.append(params.problem(tr("regex needs a pattern"))); continue }
                do {
                    result.append(.regex(pattern: try RegexPattern(pattern), message: message))
                } catch {
                    reader.diagnostics.append(patternNode.problem(
                        tr("bad regex '\(pattern)': \(error.message) (at byte \(error.offset) of the pattern)")))
                }
            default:
                reader.diagnostics.append(nameNode.problem(Validator.named(name) != nil
                    ? tr("validator '\(name)' takes no parameters")
                    : tr("unknown validator '\(name)' (known: \(Validator.names.joined(separator: ", ")))")))
            }
        }
        return result
    }

    /// Bindings: key (Vim `<C-w>`, inputrc `\C-w` or a bare name) → readline command name.
    mutating func keymap(_ bindings: [(key: String, keyNode: Located, value: Located)]) -> Keymap {
        var keymap = Keymap.standard
        var seen: [Key: Located] = [:]
        for (text, keyNode, value) in bindings {
            guard let key = KeySyntax.parse(text) else {
                reader.diagnostics.append(keyNode.problem(tr("unknown key '\(text)' (write keys like <C-w>, <Left>, \\C-w or x)")))
                continue
            }
            if let reason = KeySyntax.reserved[key] {
                reader.diagnostics.append(keyNode.problem(tr("\(key) cannot be bound: it is \(reason)")))
                continue
            }
            if let first = seen[key], first.file == keyNode.file {
                reader.diagnostics.append(keyNode.problem(tr("\(key) is bound twice (first at \(first.line):\(first.column))")))
                continue
            }
            seen[key] = keyNode
            guard let name = reader.string(value, tr("a command")) else { continue }
            guard let command = EditCommand.named[name] else {
                let hint = name == "self-insert" ? tr(" (self-insert is what printable keys do; it cannot be bound)") : ""
                reader.diagnostics.append(value.problem(tr("unknown command '\(name)'") + hint))
                continue
            }
            keymap.bindings[key] = command
        }
        return keymap
    }
}

/// Whether a template can ever be filled under the field's key rules and limit.
enum TemplateCheck {
    static func problem(_ template: Template, symbols: SymbolRules, limit: Int?) -> String? {
        if template.slotCount == 0 { return tr("template '\(template.pattern)' has no slots (#, N or digits)") }
        if let limit, template.slotCount > limit {
            return tr("template '\(template.pattern)' has \(template.slotCount) slots but the field holds at most \(limit)")
        }
        for (i, slot) in template.slots.enumerated() {
            let cls = symbols.symbolClass(at: i)
            switch slot {
            case .any: continue
            case .twoToNine:
                if !(0x32...0x39).contains(where: { cls.contains(scalar: $0) }) {
                    return tr("template '\(template.pattern)' slot \(i + 1) needs a digit 2-9 but position \(i + 1) takes \(cls.name)")
                }
            case .exactly(let c):
                if !cls.contains(c) {
                    return tr("template '\(template.pattern)' slot \(i + 1) needs '\(c)' but position \(i + 1) takes \(cls.name)")
                }
            }
        }
        return nil
    }
}

/// Keys as written in keymap files.
enum KeySyntax {
    /// Keys the terminal adapter keeps for itself.
    static let reserved: [Key: String] = [
        .named("C-c"): tr("the interrupt key"), .named("C-z"): tr("the suspend key"),
    ]

    /// `<C-w>`, `\C-w`, `C-w`, `Left`, `<Left>` or one printable character.
    static func parse(_ text: String) -> Key? {
        var written = text
        if written.hasPrefix("\\C-"), written.count == 4 { written = "<C-" + String(written.last!) + ">" }
        if !written.hasPrefix("<") && written.count > 1 { written = "<" + written + ">" }
        guard let keys = try? KeyNotation.parse(written), keys.count == 1 else { return nil }
        return keys[0]
    }
}
