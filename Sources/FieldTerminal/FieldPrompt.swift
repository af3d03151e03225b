import FieldKit

/// An interactive field on the controlling terminal, edited through libedit with every key going to the engine.
public enum FieldPrompt {
    /// Ask for one value. Keys and drawing use `/dev/tty`, so stdin and stdout stay free for the caller.
    /// On every path the terminal settings are put back exactly, bracketed paste is off and the cursor is on a
    /// fresh line; a signal that ends or stops the process does the same first (see `CTerminalGuard`).
    /// With `verify`, the value is asked twice (`PromptTerminal.askTwice`).
    public static func run(spec: FieldSpec, context: ValidationContext, options: PromptOptions, verify: Bool = false) -> PromptOutcome {
        switch PromptTerminal.open(accessible: options.accessible) {
        case .success(let terminal):
            return verify ? terminal.askTwice(spec: spec, context: context, options: options)
                : terminal.ask(spec: spec, context: context, options: options)
        case .failure(let problem): return problem.outcome
        }
    }
}
