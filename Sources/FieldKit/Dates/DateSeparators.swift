/// Where a date's separators may stand in a paste or a checked line: only between the year, the month and the day
/// of `yyyy-mm-dd` (after the 4th and after the 6th digit, one at each place), or nowhere (`20240201`).
///
/// Separators are dropped before the digits are read, so without this rule a line written in another order,
/// `01/02/2024`, would be read as the digits `01022024`, and a shape such as `202/40/201` or `2024/2/1` as a date
/// of other digits. A separator anywhere else refuses the line, at its column.
enum DateSeparators {
    /// Whether the field's symbols are a date `yyyymmdd`: a date picker's, or a field the `date` validator judges.
    static func apply(to spec: FieldSpec) -> Bool {
        if case .date = spec.kind { return true }
        return spec.validators.contains(.date)
    }

    /// Whether a separator may stand before symbol `index` (0-based, in the value) when the last one dropped stood
    /// before `previous` (-1 for none yet).
    @inline(__always)
    static func allowed(before index: Int, previous: Int) -> Bool {
        (index == 4 || index == 6) && previous != index
    }

    /// Why a separator elsewhere is refused (after "unexpected '/' at column 3: ").
    static var reason: String { tr("a date is written yyyy-mm-dd or yyyymmdd") }
}
