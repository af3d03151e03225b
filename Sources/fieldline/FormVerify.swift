import ArgumentParser
import FieldKit
import FieldRecords
import FieldSinks
import FieldTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `form --verify`'s options: which saved records a second operator keys again.
struct VerifyOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(tr("Double entry: key saved records again without seeing them; each field that differs asks which value is right, and the outcome is saved (FORM_verify, corrections in FORM_history). SQLite and PostgreSQL only, at a terminal.")))
    var verify = false

    @Option(name: .customLong("find"), help: ArgumentHelp(tr("With --verify: only records whose column FIELD holds exactly VALUE (repeatable: all must hold)."), valueName: "FIELD=VALUE"))
    var find: [String] = []

    @Option(help: ArgumentHelp(tr("With --verify: a random share of the records (1% to 100%), the same for the same --seed."), valueName: "N%"))
    var sample: String?

    @Option(help: ArgumentHelp(tr("With --sample: the draw's seed (default 47)."), valueName: "S"))
    var seed: UInt64?

    /// `--sample`'s percentage, or nil without it; out of range or not a number is a usage error.
    func percent() throws -> Int? {
        guard let sample else { return nil }
        let digits = sample.hasSuffix("%") ? String(sample.dropLast()) : sample
        guard let n = Int(digits), (1...100).contains(n) else {
            throw ValidationError(tr("--sample takes a share of the records from 1% to 100%, not '\(ControlCharacters.escaped(sample))'"))
        }
        return n
    }

    /// The combinations `form` refuses with `--verify` (or its options without it).
    func validate(in form: Form) throws {
        guard verify else {
            if !find.isEmpty || sample != nil || seed != nil {
                throw ValidationError(tr("--find, --sample and --seed choose the records --verify keys again: give --verify"))
            }
            return
        }
        _ = try percent()
        if seed != nil && sample == nil { throw ValidationError(tr("--seed is the seed of --sample's draw: give --sample")) }
        for condition in find where !condition.contains("=") {
            throw ValidationError(tr("--find takes FIELD=VALUE, not '\(ControlCharacters.escaped(condition))'"))
        }
        if form.input != nil || form.answers != nil || form.nonInteractive || form.updateBy != nil || form.keepSaved
            || form.saveAnswers != nil || form.resume || form.resumeAnyway || form.lint {
            throw ValidationError(tr("--verify keys saved records again at a terminal: not with --input, --answers, --non-interactive, --update-by, --keep-saved, --save-answers, --resume or --lint"))
        }
        guard try OutputTarget(form.out, format: form.format).isDatabase else {
            throw ValidationError(tr("--verify corrects records in a database: give --out FILE.db, FILE.sqlite, sqlite:PATH or postgres://…"))
        }
    }
}

/// `form --verify`: the records chosen, keyed again at the terminal (`FormVerification`), each outcome saved.
struct FormVerify {
    let form: FormSpec
    let options: VerifyOptions
    var accessible = false

    func run(into sink: any RecordSink) throws {
        guard let store = sink as? any VerificationStore else { throw Exit.usage }  // refused by validate()
        let records = try chosen(from: store)
        if records.isEmpty {
            Diagnostics.error(options.find.isEmpty ? tr("\(store.label) holds no \(form.name) records to verify")
                                                   : tr("no saved \(form.name) record matches --find"))
            throw Exit.noMatch
        }
        if isatty(0) == 0 {
            Diagnostics.error(tr("--verify keys records again at a terminal: standard input is not one"))
            throw Exit.usage
        }
        let terminal: PromptTerminal
        switch PromptTerminal.open(accessible: accessible) {
        case .success(let opened): terminal = opened
        case .failure:
            Diagnostics.error(tr("no terminal to enter records on"))
            throw Exit.noInput
        }
        var pass = FormVerification(form: form, context: Today.context(), operatorName: RecordStamp.operatorName(),
                                    colour: Ask.colourAllowed(), clock: { RecordStamp.timestamp() })
        pass.bell = !UserDefaults.noBell
        let outcome = pass.run(records, on: terminal, into: store)
        try? store.finishBulkRun()
        switch outcome {
        case .ended(let verified): terminal.say(tr("\(verified) of \(records.count) records verified in \(store.label)"))
        case .notSaved(let why):
            Diagnostics.error(tr("not saved: \(why)"))
            throw Exit.ioError
        case .stopped(.interrupted): Interrupt.propagate(SIGINT)
        case .stopped(.terminated(let signo)): Interrupt.propagate(signo, wholeGroup: false)
        case .stopped(.failed(let why)):
            Diagnostics.error(why)
            throw Exit.internalError
        case .stopped:
            Diagnostics.error(tr("the terminal went away"))
            throw Exit.noInput
        }
    }

    /// The records `--find` selects, in saved order, then `--sample`'s share of them.
    private func chosen(from store: any VerificationStore) throws -> [StoredRecord] {
        let columns = form.recordColumns + RecordColumns.bookkeeping
        let conditions = options.find.map { condition in
            let equals = condition.firstIndex(of: "=")!
            return (name: String(condition[..<equals]), value: String(condition[condition.index(after: equals)...]))
        }
        for condition in conditions where !columns.contains(condition.name) {
            Diagnostics.error(tr("--find: \(ControlCharacters.escaped(condition.name)) is not a column of \(form.name) (its columns: \(columns.joined(separator: ", ")))"))
            throw Exit.usage
        }
        for condition in conditions where form.fields.contains(where: { $0.name == condition.name && $0.secret }) {
            Diagnostics.error(tr("--find: \(condition.name) is a secret field: records are not found by its value"))
            throw Exit.usage
        }
        var records: [StoredRecord] = []
        do throws(SinkError) {
            try store.records(matching: conditions) { records.append($0); return true }
        } catch {
            Diagnostics.error(error.message)
            throw Exit.noInput
        }
        guard let percent = try options.percent() else { return records }
        let ids = records.map { $0.value(of: RecordColumns.recordID) ?? "" }
        return VerificationSample.chosen(ids, percent: percent, seed: options.seed ?? VerificationSample.defaultSeed).map { records[$0] }
    }
}
