/// A keymap's own layout of national numbers (`###-####-####` for phone-cn, `(N##) N##-####` for phone-us), in
/// place of the region's formats, and the template tags it refuses (`entertainment` for `(N##) 555-####`).
public struct PhoneGrouping: Sendable {
    /// The keymap's templates.
    public let templates: TemplateSet
    /// Tags whose templates the field refuses.
    public let refused: Set<TemplateOption>

    /// A grouping by `templates`, refusing the numbers of templates tagged with one of `refused`.
    public init(templates: TemplateSet, refused: Set<TemplateOption> = []) {
        self.templates = templates
        self.refused = refused
    }

    /// The most national digits a template holds (what the counter counts towards).
    var longest: Int { templates.templates.map(\.slotCount).max() ?? 0 }

    /// National digits (ASCII) laid out by the best template, or as they are when none fits.
    func display(_ national: [UInt8]) -> [Character] {
        Formatter.format(national.map { Character(Unicode.Scalar($0)) }, with: templates).display
    }

    /// Why a national number (ASCII digits, whole or begun) is refused: the template that decides it carries a
    /// refused tag.
    func refusal(_ national: [UInt8]) -> String? {
        guard !refused.isEmpty,
              let tag = templates.refusedOption(for: national.map { Character(Unicode.Scalar($0)) }, refusing: refused) else {
            return nil
        }
        return tr("\(tag.rawValue) numbers are not accepted")
    }
}
