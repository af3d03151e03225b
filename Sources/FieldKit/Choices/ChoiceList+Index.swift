extension ChoiceList {
    /// This list's search terms as an index image for `source` (the list file it was read from).
    public func indexImage(source: ChoiceListIndex.Source) -> [UInt8] { ChoiceListIndex.image(terms: terms, source: source) }

    /// Has `matches` answer from `index` from now on, when the index covers this list's rows (a flat list: every
    /// level is all of them). The first index attached stays.
    public func attach(_ index: ChoiceListIndex) {
        guard index.rows == choices.count, children.allSatisfy(\.isEmpty) else { return }
        _ = searchIndex.storeIfNil(index)
    }

    /// Whether `matches` answers from an index.
    public var isIndexed: Bool { searchIndex.value != nil }

    /// The index `matches` answers from, if one is attached.
    public var attachedIndex: ChoiceListIndex? { searchIndex.value }
}
