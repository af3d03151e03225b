extension ChoiceList {
    /// This list's search terms as an index image for `source` (the list file it was read from).
    public func indexImage(source: ChoiceListIndex.Source) -> [UInt8] { ChoiceListIndex.image(terms: terms, source: source) }

    /// This list's index sections, made from terms that are not kept (the list, once indexed, asks the index).
    public func indexSections() -> ChoiceListIndex.Sections {
        ChoiceListIndex.sections(terms: ChoiceTerms(choices.cells).terms)
    }

    /// The attached index while none of its blocks has failed its check; nil after (the list answers row by row).
    var usableIndex: ChoiceListIndex? {
        guard let index = searchIndex.value, !index.isDamaged else { return nil }
        return index
    }

    /// Has `matches` answer from `index` from now on, when the index covers this list's rows (a flat list: every
    /// level is all of them). The first index attached stays.
    public func attach(_ index: ChoiceListIndex) {
        // Every row a root is a row with no parent, so no row has children: no walk over each row's children.
        guard index.rows == choices.count, roots.count == choices.count else { return }
        _ = searchIndex.storeIfNil(index)
    }

    /// Whether `matches` answers from an index.
    public var isIndexed: Bool { usableIndex != nil }

    /// The index `matches` answers from, if one is attached.
    public var attachedIndex: ChoiceListIndex? { searchIndex.value }
}
