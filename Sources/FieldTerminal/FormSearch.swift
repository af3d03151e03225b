import FieldKit

/// Ctrl-R in a form: the search of saved records that opens one to correct. A choice field in the first field's
/// place, whose list is fetched from the sink again for every query (the best `RecordSearch.limit` records holding
/// it, ranked by the database the way a picker ranks its choices, a page more each time the last one is reached, so
/// every match can be reached); the candidates, one record a line, are drawn under it as a picker's are.
extension FormPrompt {
    /// How a search ended.
    enum SearchEnd {
        /// Enter on a candidate: this record is opened in the record block.
        case opened(StoredRecord)
        /// Esc (or Ctrl-D): back to the empty record.
        case left
        /// No search was opened, for this reason (the sink cannot correct records, or holds none).
        case refused(String)
        /// The prompt ended the session (Ctrl-C, a hang-up, the terminal gone).
        case stopped(PromptOutcome)
    }

    /// Searches `sink`'s records at the cursor's line and returns the one chosen. Draws nothing when it refuses.
    func search(on terminal: PromptTerminal, sink: any RecordSink) -> SearchEnd {
        guard let database = sink.database else {
            return .refused(tr("corrections need a SQLite or PostgreSQL database: --out FILE.db or postgres://…"))
        }
        let found = FoundRecords(database: database, form: form)
        let newest = found.choices(for: "", pages: 1)
        if let failure = found.failure { return .refused(tr("cannot search \(sink.label): \(failure)")) }
        guard !newest.choices.isEmpty else { return .refused(tr("no saved records in \(sink.label) to correct")) }
        var spec = FieldSpec(name: "find", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        spec.kind = .choice(newest)
        var options = PromptOptions()
        options.prompt = tr("Find: ")
        options.colour = colour
        options.bell = bell
        options.status = tr("type part of any value; Up/Down picks a record, Enter opens it, Esc goes back")
        let outcome = terminal.ask(spec: spec, context: context, options: options, choicesFor: found.choices(for:pages:))
        switch outcome {
        case .accepted(let value):
            guard let key = RecordSearch.key(of: value), let record = found.records[key] else { return .left }
            return .opened(record)
        case .cancelled, .endOfFile, .back, .findRecord:
            return .left
        case .interrupted, .terminated, .timedOut, .noTerminal, .failed:
            return .stopped(outcome)
        }
    }
}

/// The records the last queries found, by key: the search's list names a record by its key, and Enter opens the
/// record as it was read. A class: the prompt calls back into it for every new query.
private final class FoundRecords {
    let database: any RecordDatabase
    let form: FormSpec
    /// The records of the last fetch (the list the prompt shows), by key.
    private(set) var records: [Int64: StoredRecord] = [:]
    /// Why the last fetch failed, if it did.
    private(set) var failure: String?

    /// The fields a query is looked for in: those that are not secret (a search must not tell which records hold
    /// a secret value).
    let searched: [String]

    init(database: any RecordDatabase, form: FormSpec) {
        self.database = database
        self.form = form
        searched = form.fields.filter { !$0.secret }.map(\.name)
    }

    /// The list for `query`: its first `pages` pages of records holding it, ranked by `ChoiceList.matches`. A
    /// failed fetch lists nothing (the search says no record matches) rather than ending the session.
    func choices(for query: String, pages: Int) -> ChoiceList {
        // A list holds at most `ChoiceList.maxChoices`: past that many matches, a longer query narrows them.
        let limit = min(RecordSearch.limit * max(1, pages), ChoiceList.maxChoices)
        do {
            let fetched = try database.records(containing: query, in: searched, limit: limit)
            failure = nil
            records = Dictionary(fetched.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            return RecordSearch.choices(of: fetched, in: form, mayHaveMore: fetched.count == limit && limit < ChoiceList.maxChoices)
        } catch {
            failure = error.message
            return RecordSearch.choices(of: [], in: form)
        }
    }
}
