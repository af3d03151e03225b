/// `--name=value` arguments whose value starts with a combining scalar (an accent, ZWJ, a variation selector, a
/// skin-tone modifier): `=` and that scalar are one Character, so ArgumentParser, which splits by Characters, finds
/// no `=` and reports an unknown option. Such an argument is split at the `=` scalar before parsing.
enum AttachedValues {
    /// The arguments with every such `--name=value` (before a `--`) given as `--name`, `value`.
    static func separated(_ arguments: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(arguments.count)
        var options = true
        for argument in arguments {
            if argument == "--" { options = false }
            guard options, argument.hasPrefix("--"), let split = split(argument) else {
                result.append(argument)
                continue
            }
            result += [split.name, split.value]
        }
        return result
    }

    /// `--name` and `value` when the `=` is merged into a Character with what follows it; nil otherwise (the usual
    /// case, which ArgumentParser reads itself). The value then starts with a combining scalar, never with `-`, so
    /// as a separate argument it cannot be taken for an option.
    private static func split(_ argument: String) -> (name: String, value: String)? {
        let scalars = argument.unicodeScalars
        guard let equals = scalars.firstIndex(of: "=") else { return nil }
        // A clean `=` is a Character of its own: ArgumentParser splits there itself.
        if let character = equals.samePosition(in: argument), argument[character] == "=" { return nil }
        return (String(scalars[..<equals]), String(scalars[scalars.index(after: equals)...]))
    }
}
