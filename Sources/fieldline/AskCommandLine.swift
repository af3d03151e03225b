import FieldKit

/// Reads a plain `fieldline ask …` command line without ArgumentParser, so a prompt is up sooner.
///
/// Why it exists: ArgumentParser builds its model of the commands by reflection, and each first dynamic cast
/// scans every protocol-conformance record in the binary; that was three quarters of `ask`'s start-up
/// (bench/RESULTS.md). This reader accepts only command lines whose meaning is beyond doubt and returns nil for
/// anything else (help, `--`, short options, a value that starts with `-`, an empty `--name=`, a repeated
/// option, a value that does not parse, an unknown name), which then goes through ArgumentParser as before, with
/// its messages and usage text. Tests check that whatever this accepts, ArgumentParser reads the same way, and
/// that both know the same option names.
enum AskCommandLine {
    /// Options that take a value, with the canonical name a repeat is detected by (`--max` is `--limit`).
    static let valueOptions: [String: String] = [
        "--keymap-file": "--keymap-file", "--limit": "--limit", "--max": "--limit", "--min": "--min",
        "--count": "--count", "--prompt": "--prompt", "--default": "--default", "--value": "--value",
        "--output": "--output", "--timeout": "--timeout", "--history": "--history", "--choices": "--choices",
    ]
    /// Options that stand alone.
    static let flags: Set<String> = ["--no-bell", "--secret", "--upgrade-legacy"]

    /// The request for `arguments` (without the program name, starting with `ask`), or nil to leave it to
    /// ArgumentParser.
    static func request(_ arguments: [String]) -> AskRequest? {
        guard arguments.first == "ask" else { return nil }
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
            if flags.contains(name) {
                guard inlineValue == nil, seen.insert(name).inserted else { return nil }
                set(flag: name, in: &request)
                continue
            }
            guard let canonical = valueOptions[name], seen.insert(canonical).inserted else { return nil }
            // `--name=` is a missing value to ArgumentParser, while `--name ""` is an empty one.
            guard inlineValue != "", let value = inlineValue ?? rest.popFirst(), !value.hasPrefix("-") else {
                return nil
            }
            guard set(canonical, to: value, in: &request) else { return nil }
        }
        return request
    }

    /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func set(flag: String, in request: inout AskRequest) {
        switch flag {
        case "--no-bell": request.bell = false
        case "--secret": request.secret = true
        default: request.field.upgradeLegacy = true
        }
    }

    /// Stores one option's value; false when it does not parse (ArgumentParser then explains).
    private static func set(_ option: String, to value: String, in request: inout AskRequest) -> Bool {
        switch option {
        case "--keymap-file": request.keymapFile = value
        case "--limit", "--min":
            // A whole number or a date; anything else is ArgumentParser's to explain.
            guard Int(value) != nil || DateBound.parse(value) != nil else { return false }
            request.field.set(value, max: option == "--limit")
        case "--count":
            guard let unit = CountUnit(rawValue: value) else { return false }
            request.field.countUnit = unit
        case "--prompt": request.prompt = value
        case "--default": request.defaultValue = value
        case "--value": request.value = value
        case "--output":
            guard let output = CheckOutput(rawValue: value) else { return false }
            request.output = output
        case "--timeout":
            guard let seconds = Double(value) else { return false }
            request.timeout = seconds
        case "--choices": request.choices = value
        default: request.history = value
        }
        return true
    }
}
