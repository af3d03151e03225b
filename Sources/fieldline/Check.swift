import ArgumentParser
import FieldKit
import FieldRecords

/// `fieldline check KEYMAP`: validate one value per stdin line, with no terminal.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: tr("Validate one value per line of standard input."),
        usage: """
            fieldline check <keymap> [--output <output>] [field options] < lines
            fieldline check --keymap-file <file> [options] < lines
            """,
        discussion: """
            Each line is filtered as if pasted into the field: white space is trimmed from both ends, template \
            literals, the field's separators and a known prefix (+86) are dropped, any other refused character \
            makes the line invalid. For every input line \
            one line goes to stdout: the value (or display, or a JSON object); an invalid line gives an empty \
            line (a JSON object with "valid": false) and "LINENO: message" on stderr.
            Exit codes: 0 all valid, 65 some invalid, 64 usage error, 66 input unreadable, 74 output not written, \
            78 keymap file problems.
            """
    )

    @Argument(help: ArgumentHelp(tr("The field: a keymap name (phone-cn, idcard-cn, text, digits and more) or a path to a keymap file.")), completion: FieldCatalog.keymapCompletion)
    var keymap: String?

    @OptionGroup var field: FieldOptionGroup

    @Option(help: ArgumentHelp(tr("What to print per line: value, display or json.")))
    var output: CheckOutput = .value

    @Option(help: ArgumentHelp(tr("The output (FILE.db, FILE.sqlite, sqlite:PATH or postgres://...) a field whose choices are another form's table (choices: {table: ...}) reads its list from."), valueName: "TARGET"))
    var lookups: String?

    /// Usage problems are reported here so ArgumentParser prints this subcommand's usage line.
    func validate() throws {
        _ = try FieldCatalog.load(keymap, options: field)
    }

    @OptionGroup var language: LanguageOption

    func run() throws {
        // The parsed option read once: its property-wrapper getter is far too slow for a per-line loop.
        try Check.perform(spec: TableLookups.resolved(FieldCatalog.load(keymap, options: field).spec, lookups: lookups), output: output)
    }

    /// Check every line of standard input against `spec`, writing `output` per line; however the command line
    /// was read (ArgumentParser or `CheckCommandLine`).
    static func perform(spec: FieldSpec, output: CheckOutput) throws {
        let context = Today.context()
        var checker = LineChecker(spec: spec, context: context)
        var out = OutputBuffer(fd: 1)
        var err = ErrorOutput()
        var lineNumber = 0
        var invalid = 0
        if output == .value {
            // The hot path: blocks of lines checked on both cores, written back in input order.
            checker.computesDisplay = false
            let messages = RefusalMessages()
            let workspace = ParallelValueCheck.Workspace()
            let readError = LineReader.forEachBlock(fd: 0, gathering: ParallelValueCheck.splitThreshold, whenIdle: { out.flush(); err.flush(); return true }) { block in
                ParallelValueCheck.check(block: block, checker: checker, firstLine: lineNumber, messages: messages,
                                         workspace: workspace) { slice in
                    slice.out.withBytes { out.append(contentsOf: $0) }
                    slice.errors.withBytes { err.lines(utf8: $0, quotingInput: slice.quotesInput) }
                    invalid += slice.invalid
                    lineNumber += slice.lines
                    out.flushIfFull()
                    err.flushIfFull()
                }
            }
            try Check.finish(out: &out, err: &err, readError: readError, invalid: invalid)
            return
        }
        let readError = LineReader.forEachLine(fd: 0, whenIdle: { out.flush(); err.flush(); return true }) { line in
            lineNumber += 1
            let result = checker.check(line)
            if let issue = result.issue {
                invalid += 1
                err.line("\(lineNumber): \(issue.message)", report: true)
                err.flushIfFull()
            }
            switch output {
            case .value: out.append(result.issue == nil ? result.value : ""); out.append(0x0A)
            case .display: out.append(result.issue == nil ? result.display : ""); out.append(0x0A)
            case .json: out.append(Check.json(result, spec: spec)); out.append(0x0A)
            }
            out.flushIfFull()
        }
        try Check.finish(out: &out, err: &err, readError: readError, invalid: invalid)
    }

    /// Flush both streams and turn the run into its exit code.
    static func finish(out: inout OutputBuffer, err: inout ErrorOutput, readError: String?, invalid: Int) throws {
        out.flush()
        err.flush()
        if let readError {
            Diagnostics.plain(tr("fieldline: cannot read standard input: \(readError)"))
            throw Exit.noInput
        }
        if invalid > 0 { throw Exit.invalid }
    }

    /// The JSON object for one checked line.
    static func json(_ result: CheckResult, spec: FieldSpec) -> String {
        // The parts a form's `from: FIELD.PART` takes: one function gives both.
        let decoded: [(String, JSONText.Value)] = result.issue == nil
            // A part that cannot be told (an ID's county whose code GB/T 2260 never had) is null, not "".
            ? spec.decodedParts(of: result.value).map { ($0.name, $0.value.isEmpty ? .null : .string($0.value)) } : []
        if let selection = spec.selection, case .choice(let list) = spec.kind { return multiJSON(result, list, selection) }
        var members: [(String, JSONText.Value)] = [
            ("value", result.issue == nil ? .string(result.value) : .null),
            ("display", result.issue == nil ? .string(result.display) : .null),
            ("valid", .bool(result.issue == nil)),
            ("message", JSONText.string(result.issue?.message)),
        ]
        if let position = result.issue?.position { members.append(("position", .int(position))) }
        // A choice's label and the extra columns of its row (a country's alpha-3, numeric and calling codes).
        if result.issue == nil, case .choice(let list) = spec.kind, let index = list.index(ofValue: result.value) {
            let choice = list.choices[index]
            members.append(("label", .string(choice.label)))
            let extras = list.extraColumns.compactMap { name in choice.extras[name].map { (name, JSONText.Value.string($0)) } }
            if !extras.isEmpty { members.append(("columns", .object(extras))) }
        }
        if !decoded.isEmpty { members.append(("decoded", .object(decoded))) }
        return JSONText.render(.object(members))
    }

    /// The JSON object for a multi-select field's line: `value` and `label` are arrays, one item per choice in
    /// list order (and `columns`, one object per choice, when the list has extra columns); `display` is the text
    /// `--output display` writes.
    private static func multiJSON(_ result: CheckResult, _ list: ChoiceList, _ selection: ChoiceSelection) -> String {
        guard result.issue == nil else {
            var members: [(String, JSONText.Value)] = [("value", .null), ("display", .null), ("valid", .bool(false)),
                                                       ("message", JSONText.string(result.issue?.message))]
            if let position = result.issue?.position { members.append(("position", .int(position))) }
            return JSONText.render(.object(members))
        }
        // The values hold no separator (the options are refused otherwise), so the joined value splits back.
        let chosen = result.value.isEmpty ? [] : result.value.split(separator: selection.separator).compactMap { list.index(ofValue: String($0)) }
        var members: [(String, JSONText.Value)] = [
            ("value", .array(chosen.map { .string(list.choices[$0].value) })),
            ("display", .string(result.display)),
            ("valid", .bool(true)),
            ("message", .null),
            ("label", .array(chosen.map { .string(list.choices[$0].label) })),
        ]
        if !list.extraColumns.isEmpty {
            members.append(("columns", .array(chosen.map { index in
                .object(list.extraColumns.compactMap { name in list.choices[index].extras[name].map { (name, JSONText.Value.string($0)) } })
            })))
        }
        return JSONText.render(.object(members))
    }
}
