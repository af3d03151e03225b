import FieldKeymaps
import FieldKit

/// The shipped fields the engine tests use, loaded from the shipped keymap files (`keymaps/`, embedded in
/// FieldKeymaps): one source, so the engine is tested on exactly what users get.
enum BuiltinFields {
    /// A shipped keymap's field, loaded without any user folder on the search path.
    static func shipped(_ name: String) -> FieldSpec {
        // The shipped set is linted by FieldKeymapsTests; failing here means a broken build.
        try! KeymapLoader(lookup: KeymapLookup(environment: [:])).load(origin: .shipped(name)).spec
    }

    /// Mainland China mobile number shown `138-1234-5678`.
    static let phoneCN = shipped("phone-cn")
    /// GB 11643-1999 resident ID number shown `110105 19900307 123X`.
    static let idcardCN = shipped("idcard-cn")
    /// Free text, counted in graphemes unless told otherwise.
    static let text = shipped("text")
    /// A run of digits with optional --min / --max length.
    static let digits = shipped("digits")
    /// A calendar date `yyyy-mm-dd`, also a date picker.
    static let date = shipped("date")

    /// The fields the property tests run on.
    static let all: [FieldSpec] = [phoneCN, idcardCN, text, digits]

    /// A shipped field by name.
    static func named(_ name: String) -> FieldSpec? { all.first { $0.name == name } }
}
