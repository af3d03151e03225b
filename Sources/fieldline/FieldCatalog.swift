import ArgumentParser
import FieldKit

/// Finds a field by the name given on the command line.
enum FieldCatalog {
    /// Names of the shipped fields.
    static var names: [String] { BuiltinFields.all.map(\.name) }

    /// The field spec for a KEYMAP argument with the options applied, or a usage error naming the choices.
    static func spec(named name: String, options: FieldOptionGroup) throws -> FieldSpec {
        guard let base = BuiltinFields.named(name) else {
            throw ValidationError("unknown keymap '\(name)'; known keymaps: \(names.joined(separator: ", "))")
        }
        let opts = options.fieldOptions
        if let problem = opts.problem(for: base) { throw ValidationError(problem) }
        return opts.applied(to: base)
    }
}

/// Field options shared by every command that loads a field.
struct FieldOptionGroup: ParsableArguments {
    @Option(name: [.long, .customLong("max")], help: "Most units the field holds (also --max).")
    var limit: Int?

    @Option(name: .customLong("min"), help: "Fewest units a complete value has.")
    var minLength: Int?

    @Option(name: .customLong("count"), help: "What is counted: graphemes, utf16, scalars or width.")
    var countUnit: CountUnit?

    @Flag(name: .customLong("upgrade-legacy"), help: "Accept 15-digit pre-1999 ID numbers and convert them to 18.")
    var upgradeLegacy = false

    /// Options that take a value, so the replay scanner can skip their values.
    static let valueOptions: Set<String> = ["--limit", "--max", "--min", "--count"]

    var fieldOptions: FieldOptions {
        FieldOptions(limit: limit, minLength: minLength, countUnit: countUnit, upgradeLegacy: upgradeLegacy)
    }
}

extension CountUnit: ExpressibleByArgument {}
extension CheckOutput: ExpressibleByArgument {}
