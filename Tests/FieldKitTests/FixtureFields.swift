import FieldKit

/// The shipped fields written as Swift values, so engine tests need no files. The shipped keymap files in
/// `keymaps/` must behave exactly like these (FieldKeymapsTests checks that).
enum BuiltinFields {
    /// Mainland China mobile number shown `138-1234-5678`.
    static let phoneCN = FieldSpec(
        name: "phone-cn",
        summary: "Mainland China mobile number, shown 138-1234-5678",
        symbols: SymbolRules(defaultClass: .digit, positionClasses: [1: .characters("1")]),
        templates: [Template("###-####-####", options: [.mobile])],
        minLength: 11, limit: 11, unitNoun: "digit",
        validators: [.cnMobile],
        pastePrefixes: ["+86", "0086", "86"],
        separators: [" ", "-", ".", "(", ")"]
    )

    /// GB 11643-1999 resident ID number shown `110105 19900307 123X`.
    static let idcardCN = FieldSpec(
        name: "idcard-cn",
        summary: "Chinese resident ID number (GB 11643-1999), shown 110105 19900307 123X",
        symbols: SymbolRules(
            defaultClass: .digit,
            positionClasses: [18: SymbolClass.digit.union(.characters("X"))],
            caseMapping: .upper
        ),
        templates: [Template("###### ######## ####")],
        minLength: 18, limit: 18,
        validators: [.gb11643]
    )

    /// Free text, counted in graphemes unless told otherwise.
    static let text = FieldSpec(
        name: "text",
        summary: "Free text; --limit N caps it, --count picks what is counted",
        symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false)
    )

    /// A run of digits with optional --min / --max length.
    static let digits = FieldSpec(
        name: "digits",
        summary: "Digits only; --min and --max bound the length",
        symbols: SymbolRules(defaultClass: .digit),
        unitNoun: "digit"
    )

    /// Every shipped field.
    static let all: [FieldSpec] = [phoneCN, idcardCN, text, digits]

    /// A shipped field by name.
    static func named(_ name: String) -> FieldSpec? { all.first { $0.name == name } }
}
