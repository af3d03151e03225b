import FieldKit
import FieldTerminal

/// The context every command checks values in (FieldTerminal's `LocalContext`, read once per use).
enum Today {
    static func context() -> ValidationContext { LocalContext.now() }
}
