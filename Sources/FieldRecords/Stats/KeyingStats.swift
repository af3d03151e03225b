import FieldKeymaps
import FieldKit
import FieldSinks

/// What `fieldline stats` groups the paradata by.
public enum KeyingGrouping: String, Sendable, CaseIterable {
    /// One group: every record entered at a terminal.
    case all
    /// The record's `operator`.
    case operatorName = "operator"
    /// The field asked.
    case field
    /// The hour (UTC) of the record's `saved_at`.
    case hour
}

/// The figures of one group of paradata (`KeyingStats`). Time is the time the fields' prompts were open, so the
/// rates are per hour of keying: a break between records does not lower them.
public struct KeyingFigures: Sendable, Equatable {
    /// The group: an operator's name, a field's, an hour (`2026-11-22T02`), or `all`.
    public var group: String
    /// Records with paradata in the group.
    public var records = 0
    /// Paradata rows (fields asked, one per record and field).
    public var fields = 0
    /// Keys, refused keys, deleting keys and returns to a field, summed.
    public var keys = 0
    public var refused = 0
    public var deletions = 0
    public var returns = 0
    /// Milliseconds the group's fields were open, summed.
    public var milliseconds = 0
    /// Warnings the group's records were saved over (by field: the warnings whose rule names the field).
    public var warnings = 0
    /// The median time a field was open, in half milliseconds (exact: the mean of the two middle values of an even
    /// count is a whole number of them).
    public var medianHalfMilliseconds = 0

    /// Records per hour of keying, in tenths, rounded half up; nil when no time passed.
    public var recordsPerHourTenths: Int? { Self.perHourTenths(records, milliseconds) }
    /// Keys per hour of keying, in tenths.
    public var keysPerHourTenths: Int? { Self.perHourTenths(keys, milliseconds) }
    /// Refused keys per 1,000 keys (a tenth of a percent), rounded half up; nil without keys.
    public var refusedPerMille: Int? { keys == 0 ? nil : (refused * 2000 + keys) / (2 * keys) }

    /// `count` per hour of `milliseconds`, in tenths, rounded half up: `count × 36,000,000 / milliseconds`.
    static func perHourTenths(_ count: Int, _ milliseconds: Int) -> Int? {
        milliseconds == 0 ? nil : (count * 72_000_000 + milliseconds) / (2 * milliseconds)
    }
}

/// Paradata summed by group, for `fieldline stats`: each `KeyingRow` added, then the figures of each group.
public struct KeyingStats {
    /// How the rows are grouped.
    public let grouping: KeyingGrouping
    /// The form's fields in order (the order of `--by field`), and each warning's field by warning name.
    private let fieldOrder: [String]
    private let warningField: [String: String]
    private var groups: [String: Group] = [:]

    private struct Group {
        var figures: KeyingFigures
        var recordIDs: Set<String> = []
        var times: [Int] = []
    }

    /// Empty figures for `form`, grouped by `grouping`.
    public init(form: FormSpec, grouping: KeyingGrouping) {
        self.grouping = grouping
        fieldOrder = form.fields.map(\.name)
        warningField = Dictionary(form.rules.filter { $0.level == .warning }.map { ($0.name, $0.field) }, uniquingKeysWith: { a, _ in a })
    }

    /// One paradata row added to its group.
    public mutating func add(_ row: KeyingRow) {
        let name: String
        switch grouping {
        case .all: name = KeyingGrouping.all.rawValue
        case .operatorName: name = row.operatorName
        case .field: name = row.field
        case .hour: name = String(row.savedAt.prefix(13))
        }
        var group = groups[name] ?? Group(figures: KeyingFigures(group: name))
        group.figures.fields += 1
        group.figures.keys += row.keying.keys
        group.figures.refused += row.keying.refused
        group.figures.deletions += row.keying.deletions
        group.figures.returns += row.keying.returns
        group.figures.milliseconds += row.keying.milliseconds
        group.times.append(row.keying.milliseconds)
        if group.recordIDs.insert(row.recordID).inserted {
            group.figures.records += 1
            let overruled = Self.warningNames(row.warnings)
            group.figures.warnings += grouping == .field ? overruled.filter { warningField[$0] == name }.count : overruled.count
        }
        groups[name] = group
    }

    /// The names of the warnings a `warnings` column holds.
    static func warningNames(_ text: String) -> [String] {
        guard !text.isEmpty, case .success(let pairs) = RecordJSON.parse(text) else { return [] }
        return pairs.map(\.name)
    }

    /// Each group's figures: operators by name, fields in form order, hours in time order.
    public var figures: [KeyingFigures] {
        let order: [String]
        switch grouping {
        case .field: order = fieldOrder.filter { groups[$0] != nil } + groups.keys.filter { !fieldOrder.contains($0) }.sorted()
        default: order = groups.keys.sorted()
        }
        return order.compactMap { name in
            guard var group = groups[name] else { return nil }
            group.times.sort()
            let n = group.times.count
            group.figures.medianHalfMilliseconds = n == 0 ? 0 : n % 2 == 1 ? 2 * group.times[n / 2] : group.times[n / 2 - 1] + group.times[n / 2]
            return group.figures
        }
    }
}
