/// A validator whose settings a command line may change without a keymap file of its own: `phone` takes
/// `--countries`, `--assume`, `--kinds` and `--national`. Options reach it by name, so the engine knows nothing of
/// what they mean.
public protocol ConfigurableValidator: FieldValidator {
    /// The options it reads (long names without dashes).
    var optionNames: Set<String> { get }
    /// A copy with `options` (name → value; a flag's value is empty) applied, or why they do not fit.
    func applying(_ options: [String: String]) -> Result<any FieldValidator, ValidationIssue>
    /// The display the field shows as the user types, when the validator decides it (a phone number's grouping).
    var liveLayout: (any LiveLayout)? { get }
}

extension FieldOptions {
    /// The validator options applied to the spec's configurable validators (and the live layout one of them
    /// gives renewed), or why they do not apply: an option no validator of the field reads, or a bad value.
    func applyingValidatorOptions(to spec: FieldSpec) -> Result<FieldSpec, ValidationIssue> {
        guard !validatorOptions.isEmpty else { return .success(spec) }
        var spec = spec
        var used: Set<String> = []
        for (i, validator) in spec.validators.enumerated() {
            guard case .custom(let name, let custom) = validator, let configurable = custom as? any ConfigurableValidator else { continue }
            let mine = validatorOptions.filter { configurable.optionNames.contains($0.key) }
            guard !mine.isEmpty else { continue }
            switch configurable.applying(mine) {
            case .failure(let issue): return .failure(issue)
            case .success(let updated):
                spec.validators[i] = .custom(name: name, validator: updated)
                used.formUnion(mine.keys)
                // A layout the validator gave (no templates of the field's own) follows its new settings.
                if spec.templates.templates.isEmpty, spec.templates.live != nil,
                   let layout = (updated as? any ConfigurableValidator)?.liveLayout {
                    spec.templates = TemplateSet([], live: layout)
                }
            }
        }
        if let unused = validatorOptions.keys.sorted().first(where: { !used.contains($0) }) {
            return .failure(ValidationIssue("--\(unused) does not apply to \(spec.name) (no validator of it takes it)"))
        }
        return .success(spec)
    }
}
