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
    /// A copy that lays out the part of the value a keymap's templates describe (a phone number's national
    /// number) with them, refusing values whose template carries one of `refused`; nil when it has no such part.
    func grouping(with templates: TemplateSet, refusing refused: Set<TemplateOption>) -> (any ConfigurableValidator)?
    /// A copy for a field of at most `limit` symbols: what cannot fit is refused as it is typed (a phone
    /// number's national prefix that leaves no room for a number).
    func limited(to limit: Int?) -> any ConfigurableValidator
}

extension ConfigurableValidator {
    /// Itself.
    public var asConfigurable: (any ConfigurableValidator)? { self }

    /// No part of the value for templates to describe: the field's templates lay out the whole of it.
    public func grouping(with templates: TemplateSet, refusing refused: Set<TemplateOption>) -> (any ConfigurableValidator)? { nil }

    /// Nothing depends on the limit.
    public func limited(to limit: Int?) -> any ConfigurableValidator { self }
}

extension FieldOptions {
    /// The validator options applied to the spec's configurable validators (and the live layout one of them
    /// gives renewed), or why they do not apply: an option no validator of the field reads, or a bad value.
    func applyingValidatorOptions(to spec: FieldSpec) -> Result<FieldSpec, ValidationIssue> {
        guard !validatorOptions.isEmpty else { return .success(spec) }
        var spec = spec
        var used: Set<String> = []
        for (i, validator) in spec.validators.enumerated() {
            guard case .custom(let name, let custom) = validator, let configurable = custom.asConfigurable else { continue }
            let mine = validatorOptions.filter { configurable.optionNames.contains($0.key) }
            guard !mine.isEmpty else { continue }
            switch configurable.applying(mine) {
            case .failure(let issue): return .failure(issue)
            case .success(let updated):
                spec.validators[i] = .custom(name: name, validator: updated)
                used.formUnion(mine.keys)
                // A layout the validator gave follows its new settings (templates it groups by stay with it).
                if case .liveLayout(_, let templates) = spec.kind, let layout = updated.asConfigurable?.liveLayout {
                    spec.kind = .liveLayout(layout, templates: templates)
                }
            }
        }
        if let unused = validatorOptions.keys.sorted().first(where: { !used.contains($0) }) {
            return .failure(ValidationIssue(tr("--\(unused) does not apply to \(spec.name) (no validator of it takes it)")))
        }
        return .success(spec)
    }
}

extension FieldSpec {
    /// The spec with its configurable validators told its limit (and the live layout one of them gives renewed):
    /// `--limit` changes what fits after a phone number's national prefix.
    func limitingValidators() -> FieldSpec {
        var spec = self
        for (i, validator) in spec.validators.enumerated() {
            guard case .custom(let name, let custom) = validator, let configurable = custom.asConfigurable else { continue }
            let updated = configurable.limited(to: spec.limit)
            spec.validators[i] = .custom(name: name, validator: updated)
            if case .liveLayout(_, let templates) = spec.kind, let layout = updated.liveLayout {
                spec.kind = .liveLayout(layout, templates: templates)
            }
        }
        return spec
    }
}
