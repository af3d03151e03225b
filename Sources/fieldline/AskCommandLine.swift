import FieldKit

/// Reads a plain `fieldline ask …` command line without ArgumentParser, so a prompt is up sooner.
///
/// Why it exists: ArgumentParser builds its model of the commands by reflection, and each first dynamic cast
/// scans every protocol-conformance record in the binary, which would be most of `ask`'s start-up
/// (bench/RESULTS.md). This reader accepts only command lines whose meaning is beyond doubt and returns nil for
/// anything else (help, `--`, short options, a value that starts with `-`, an empty `--name=`, a repeated
/// option, a value that does not parse, an unknown name), which then goes through ArgumentParser, with its
/// messages and usage text. Tests check that whatever this accepts, ArgumentParser reads the same way, and
/// that both know the same option names.
enum AskCommandLine {
    /// The request for `arguments` (without the program name, starting with `command`), or nil to leave it to
    /// ArgumentParser. `options`: what the command takes; how each is stored comes from `AskOption`. `check`
    /// is read here too (`AskOption.checkGroup`): its start-up is a large share of a short batch's time.
    static func request(_ arguments: [String], command: String = "ask", options: [AskOption] = AskOption.all) -> AskRequest? {
        guard arguments.first == command else { return nil }
        var request = AskRequest()
        var seen: Set<String> = []
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                guard request.keymap == nil else { return nil }
                request.keymap = argument
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = AskOption.named(name, in: options), seen.insert(option.canonical).inserted else { return nil }
            switch option.storage {
            case .flag(let store):
                guard inlineValue == nil else { return nil }
                store(&request)
            case .value(let store):
                // `--name=` is a missing value to ArgumentParser, while `--name ""` is an empty one.
                guard inlineValue != "", let value = inlineValue ?? rest.popFirst(), !value.hasPrefix("-"),
                      store(&request, value)
                else { return nil }
            }
        }
        return request
    }

    /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
