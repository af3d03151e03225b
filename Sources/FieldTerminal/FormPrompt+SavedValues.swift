import FieldKit

extension FormPrompt {
    /// Field `name`'s `exists:` (or `not_exists:`) judged on Enter: one look-up of the value typed, given up after
    /// `timeout` seconds with a message that keeps the value; an empty value is the field's `required` to judge.
    static func enterCheck(_ check: SavedValueCheck, of name: String, in database: any RecordDatabase, timeout: Double) -> EnterCheck {
        EnterCheck(note: SavedValueCheck.checkingNote) { value in
            guard !value.isEmpty else { return nil }
            do throws(SinkError) {
                switch try database.savedValues([value], in: check.table, field: check.field, timeout: timeout) {
                case .timedOut: return "\(name): " + check.timedOut(seconds: timeout)
                case .found(let found): return check.refusal(of: value, found: found.contains(value)).map { "\(name): " + $0 }
                }
            } catch {
                return "\(name): " + error.message
            }
        }
    }
}
