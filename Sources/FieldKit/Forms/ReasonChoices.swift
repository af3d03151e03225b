/// The list a warning's reason is chosen from at a terminal: the form's `reasons:` that match what is typed, and
/// the typed text itself first, so Enter takes either a reason picked with Up/Down or the text as typed.
public enum ReasonChoices {
    /// The choices for `query`: the text typed (when there is any and it is not one of `reasons`), then `reasons`.
    public static func list(for query: String, reasons: [String]) -> ChoiceList {
        let typed = BlankValue.isBlank(query) || reasons.contains(query) ? [] : [query]
        let rows = (typed + reasons).enumerated().map { ChoiceRow(line: $0.offset + 1, value: $0.element, label: $0.element) }
        // A reason is one line of text a form or the operator wrote: a list of them is always a valid one, but a
        // typed control character would not be (refused by the list, so the query offers the reasons alone).
        return (try? ChoiceList(rows: rows, isSearch: true)) ?? (try? ChoiceList(rows: Array(rows.dropFirst(typed.count)), isSearch: true))
            ?? ReasonChoices.empty
    }

    private static let empty = try! ChoiceList(rows: [], isSearch: true)
}
