import ArgumentParser
import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// The process entry: a plain `ask` goes straight to the prompt; everything else through ArgumentParser.
@main
enum Main {
    static func main() {
        InheritedSignals.unblock()
        var arguments = AttachedValues.separated(Array(CommandLine.arguments.dropFirst()))
        // The language comes first: every message after this point, usage errors included, is written in it.
        switch Language.requested(in: arguments) {
        case .success(let language)?: Language.current = language
        case .failure(let bad)?:
            Language.current = Language.fromEnvironment()
            Diagnostics.error(tr("--lang: no language '\(ControlCharacters.escaped(bad.name))' (use zh or en)"))
            exit(Exit.usage.rawValue)
        case nil:
            Language.current = Language.fromEnvironment()
            if let problem = Language.configurationProblem() { Diagnostics.error(problem) }
        }
        arguments = Language.removingRequest(from: arguments)
        if let problem = WallClock.problem {
            Diagnostics.error(problem)
            exit(Exit.usage.rawValue)
        }
        // `ask` and `confirm` options the environment sets go onto the command line, to be read as typed ones.
        do {
            (arguments, OptionEnvironment.taken) = try OptionEnvironment.applied(to: arguments)
        } catch {
            Diagnostics.error(error.message)
            exit(Exit.usage.rawValue)
        }
        if let request = AskCommandLine.request(arguments) { fastAsk(request) }
        if let request = AskCommandLine.request(arguments, command: "check", options: AskOption.checkGroup) { fastCheck(request) }
        Fieldline.runSafely(arguments)
    }

    /// Runs `check` without ArgumentParser's reflection, which was most of a `check`'s start-up (bench/RESULTS.md):
    /// a batch split by region runs one process per region. Usage problems go back to `Fieldline.runSafely`, as
    /// in `fastAsk`.
    private static func fastCheck(_ request: AskRequest) {
        let loaded: LoadedKeymap
        do {
            loaded = try FieldCatalog.load(request.keymap, keymapFile: request.keymapFile, choicesFile: request.choices,
                                           options: request.field)
        } catch is ValidationError {
            return
        } catch {
            Fieldline.exitSafely(withError: error)
        }
        // A list read from another form's table needs --lookups, which only the full reader takes.
        if loaded.spec.tableChoices != nil || request.lookups != nil { return }
        do {
            try Check.perform(spec: loaded.spec, output: request.output)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            Fieldline.exitSafely(withError: error)
        }
        exit(0)
    }

    /// Runs `ask` without ArgumentParser's reflection. A usage problem (an unknown keymap, a bad --limit) is left
    /// to `Fieldline.runSafely` to report, so its message and exit code (64) are the same either way; nothing has been
    /// drawn or printed by then.
    private static func fastAsk(_ request: AskRequest) {
        let loaded: LoadedKeymap
        do {
            loaded = try request.load()
        } catch is ValidationError {
            return
        } catch {
            Fieldline.exitSafely(withError: error)
        }
        do {
            try request.perform(loaded)
        } catch let code as ExitCode {
            // Straight out: ArgumentParser's exit(withError:) first describes the error by reflection.
            exit(code.rawValue)
        } catch {
            Fieldline.exitSafely(withError: error)
        }
        exit(0)
    }
}
