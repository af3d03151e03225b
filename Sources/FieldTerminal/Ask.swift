import FieldKeymaps
import FieldKit

/// Why `ask` returned no value.
public enum AskFailure: Error, Equatable {
    /// The keymap could not be found or has problems (each as `FILE:LINE:COL: message`).
    case keymap([String])
    /// The operator pressed Esc, or Ctrl-D on an empty field.
    case cancelled
    /// No value within the timeout.
    case timedOut
    /// There is no terminal to ask on.
    case noTerminal
    /// Ctrl-C (the terminal is already restored; re-raise SIGINT to end as the shell expects).
    case interrupted
    /// A signal ends the process, or the terminal hung up.
    case terminated(Int32)
    /// libedit failed.
    case failed(String)
}

/// Ask for one value on the controlling terminal in a field described by a keymap (a shipped name such as
/// `phone-cn`, one on the user's keymap path, or a file path), and return the accepted value. `placeholder` is
/// shown dim in the empty field (nil: the keymap's, else a phone field's example; empty: none).
///
/// ```swift
/// import FieldTerminal
/// let phone = try ask(keymap: "phone-cn", prompt: "Mobile: ")
/// ```
public func ask(keymap: String, prompt: String = "> ", defaultValue: String? = nil, timeout: Double? = nil,
                placeholder: String? = nil) throws(AskFailure) -> String {
    let loaded: LoadedKeymap
    do {
        loaded = try KeymapLoader(lookup: KeymapLookup()).load(keymap)
    } catch {
        throw .keymap(error.diagnostics.map(\.description))
    }
    var options = PromptOptions()
    options.prompt = prompt
    options.defaultText = defaultValue
    options.timeout = timeout
    options.keymap = loaded.keymap
    options.placeholder = placeholder ?? loaded.placeholder
    switch FieldPrompt.run(spec: loaded.spec, context: LocalContext.now(), options: options) {
    case .accepted(let value): return value
    case .cancelled, .endOfFile, .back, .findRecord: throw .cancelled
    case .timedOut: throw .timedOut
    case .noTerminal: throw .noTerminal
    case .interrupted: throw .interrupted
    case .terminated(let signo): throw .terminated(signo)
    case .failed(let why): throw .failed(why)
    }
}
