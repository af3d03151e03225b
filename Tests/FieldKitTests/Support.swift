@testable import FieldKit

/// A fixed "today" so "not in the future" tests do not age.
let fixedContext = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)

/// The final frame after typing `keys` (Vim notation) into a fresh field.
func frame(_ spec: FieldSpec, _ keys: String) throws -> Frame {
    try ReplayScript([.keys(keys)]).run(spec: spec, context: fixedContext).field.frame
}

/// A field after a sequence of commands.
func field(_ spec: FieldSpec, _ commands: [EditCommand]) -> Field {
    var f = Field(spec: spec, context: fixedContext)
    for c in commands { f.apply(c) }
    return f
}

/// An 18-character ID made valid by appending its computed check character.
func validID(_ first17: String) -> String {
    let bytes = Array(first17.utf8)
    let check = bytes.withUnsafeBufferPointer { ResidentID.checkCharacter($0)! }
    return first17 + String(Character(Unicode.Scalar(check)))
}

/// The text field with a limit, counting in a unit.
func textField(limit: Int, unit: CountUnit = .graphemes) -> FieldSpec {
    FieldOptions(limit: limit, countUnit: unit).applied(to: BuiltinFields.text)
}

/// A US-style phone field exercising template options (issue 4 ships it as a keymap file).
let phoneUSLike = FieldSpec(
    name: "phone-us-test",
    symbols: SymbolRules(defaultClass: .digit),
    templates: [
        Template("911", options: ["emergency"]),
        Template("(800) ###-####", options: ["tollFree"]),
        Template("(666) ###-####", options: ["forbidden"]),
        Template("(N##) 555-####", options: ["entertainment"]),
        Template("(N##) N##-####"),
    ],
    refusedOptions: ["forbidden", "entertainment", "emergency"],
    requiresExactTemplate: true,
    minLength: 10, limit: 10, unitNoun: "digit"
)
