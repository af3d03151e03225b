/// What the terminal, an import and a correction judge alike beyond a field's own check and the form's resolver
/// (derived values, `when`, rules): whether a required field has a value, and how a unique value already saved is
/// refused. One place, so the three never word or decide these differently.
public enum RecordJudge {
    /// Why a field that is `required` cannot be left with `value` (nil: none given; a value of white space only is
    /// none either, see `BlankValue`), or nil when it can.
    public static func missing(_ value: String?, required: Bool) -> String? {
        guard required else { return nil }
        return value.map(BlankValue.isBlank) ?? true ? tr("a value is required") : nil
    }

    /// The refusal of a unique field's `value` that `holder` (`record 3`, or where and by whom it was saved) holds
    /// already; a secret value is not repeated.
    public static func repeated(_ value: String, secret: Bool, heldBy holder: String) -> String {
        secret ? tr("this value is already in \(holder)") : tr("'\(value)' is already in \(holder)")
    }
}
