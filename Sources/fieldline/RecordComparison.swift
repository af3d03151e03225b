/// Two independently keyed outputs of one form, matched record for record by a field: where they disagree, the
/// records only one holds, and how often they agree per field and per operator (`fieldline compare`).
struct RecordComparison {
    /// One field of one matched record whose value differs between the sides.
    struct Difference {
        /// The `--by` value both records hold.
        let key: String
        /// The field that differs.
        let field: String
        /// Its value in A (`--from`) and in B (`--with`).
        let a: String, b: String
        /// Who saved each side's record.
        let operatorA: String, operatorB: String
    }

    /// How many values of a field (or an operator's) were compared and how many agreed.
    struct Agreement {
        /// The field, or the operator.
        let name: String
        /// Values compared.
        var compared = 0
        /// Values equal on both sides.
        var agreeing = 0
        /// `agreeing` of `compared` as a percentage with one decimal (`97.5`); 100 when nothing was compared.
        var percent: String {
            guard compared > 0 else { return "100.0" }
            let tenths = (agreeing * 1000 + compared / 2) / compared
            return "\(tenths / 10).\(tenths % 10)"
        }
    }

    /// The field records are matched by.
    let by: String
    /// Every disagreement, in A's saved order, fields in form order.
    private(set) var differences: [Difference] = []
    /// The keys only A holds (A's order), and only B (B's order).
    private(set) var onlyInA: [String] = [], onlyInB: [String] = []
    /// How many records both hold.
    private(set) var matched = 0
    /// How many records each holds.
    let countA: Int, countB: Int
    /// Agreement per compared field, in form order.
    private(set) var fields: [Agreement]
    /// Agreement per operator of A's records and of B's, by name.
    private(set) var operatorsA: [Agreement] = [], operatorsB: [Agreement] = []

    /// Whether the sides hold the same records with the same values.
    var agrees: Bool { differences.isEmpty && onlyInA.isEmpty && onlyInB.isEmpty }

    /// Compares `fields` (the form's, but `by`) of the records `a` and `b` both hold.
    init(_ a: KeyedRecords, _ b: KeyedRecords, fields compared: [String], by: String) {
        self.by = by
        countA = a.keys.count
        countB = b.keys.count
        fields = compared.map { Agreement(name: $0) }
        var byOperatorA: [String: Agreement] = [:], byOperatorB: [String: Agreement] = [:]
        for key in a.keys {
            guard let recordA = a.records[key] else { continue }
            guard let recordB = b.records[key] else { onlyInA.append(key); continue }
            matched += 1
            for (index, field) in compared.enumerated() {
                let valueA = recordA.values[field] ?? "", valueB = recordB.values[field] ?? ""
                let same = valueA == valueB
                fields[index].compared += 1
                byOperatorA[recordA.operatorName, default: Agreement(name: recordA.operatorName)].compared += 1
                byOperatorB[recordB.operatorName, default: Agreement(name: recordB.operatorName)].compared += 1
                if same {
                    fields[index].agreeing += 1
                    byOperatorA[recordA.operatorName]!.agreeing += 1
                    byOperatorB[recordB.operatorName]!.agreeing += 1
                } else {
                    differences.append(Difference(key: key, field: field, a: valueA, b: valueB,
                                                  operatorA: recordA.operatorName, operatorB: recordB.operatorName))
                }
            }
        }
        onlyInB = b.keys.filter { a.records[$0] == nil }
        operatorsA = byOperatorA.values.sorted { $0.name < $1.name }
        operatorsB = byOperatorB.values.sorted { $0.name < $1.name }
    }
}
