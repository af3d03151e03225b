/// The warnings a record is saved over, each with the reason given (`RecordColumns.warnings`): what a terminal, an
/// import and a correction store alike.
public struct RecordWarnings: Sendable, Equatable {
    /// Warning name → reason, in the form's rule order.
    public var reasons: [(warning: String, reason: String)]

    /// Warnings overruled with these reasons.
    public init(_ reasons: [(warning: String, reason: String)] = []) { self.reasons = reasons }

    /// The column's text: a JSON object of the reasons, empty when there are none.
    public var text: String {
        reasons.isEmpty ? "" : JSONText.render(.object(reasons.map { ($0.warning, .string($0.reason)) }))
    }

    /// The reason given for `warning`, or nil when none was.
    public func reason(for warning: String) -> String? { reasons.first { $0.warning == warning }?.reason }

    /// The record's values (form order) with the `warnings` column after them when `form` has warnings.
    public func stored(_ values: [(name: String, value: String)], form: FormSpec) -> [(name: String, value: String)] {
        form.hasWarnings ? values + [(RecordColumns.warnings, text)] : values
    }

    /// `--find warnings=any`: the records saved over any warning (the column is not empty).
    public static let any = "any"

    /// Whether `condition` is `warnings=any`.
    public static func findsAny(_ condition: (name: String, value: String)) -> Bool {
        condition.name == RecordColumns.warnings && condition.value == any
    }

    /// Whether a record's column value `stored` meets `--find` condition `condition`: exactly its value, or for
    /// `warnings=any` any warning.
    public static func holds(_ stored: String?, _ condition: (name: String, value: String)) -> Bool {
        findsAny(condition) ? !(stored ?? "").isEmpty : stored == condition.value
    }

    public static func == (a: RecordWarnings, b: RecordWarnings) -> Bool {
        a.reasons.map(\.warning) == b.reasons.map(\.warning) && a.reasons.map(\.reason) == b.reasons.map(\.reason)
    }
}
