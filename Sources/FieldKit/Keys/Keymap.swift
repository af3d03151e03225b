/// Which command each key runs; keys it does not bind are typed (`self-insert`) when printable.
public struct Keymap: Sendable {
    /// Key → command.
    public var bindings: [Key: EditCommand]

    /// A keymap from explicit bindings.
    public init(bindings: [Key: EditCommand]) { self.bindings = bindings }

    /// The command a key runs, or nil when the key does nothing in this keymap.
    public func command(for key: Key) -> EditCommand? {
        if let bound = bindings[key] { return bound }
        if case .character(let c) = key { return .selfInsert(String(c)) }
        return nil
    }

    /// Emacs-style bindings, as readline and libedit ship them (Up/Down are readline's history commands, which a
    /// picker takes as stepping); word motion also on Ctrl- and Alt-arrows, as in most terminals' shells.
    public static let standard = Keymap(bindings: [
        .named("BS"): .backwardDeleteChar, .named("C-h"): .backwardDeleteChar,
        .named("Del"): .deleteChar, .named("C-d"): .deleteCharOrEndOfFile,
        .named("Left"): .backwardChar, .named("C-b"): .backwardChar,
        .named("Right"): .forwardChar, .named("C-f"): .forwardChar,
        .named("Home"): .beginningOfLine, .named("C-a"): .beginningOfLine,
        .named("End"): .endOfLine, .named("C-e"): .endOfLine,
        .named("C-w"): .backwardKillWord, .named("M-BS"): .backwardKillWord, .named("C-M-h"): .backwardKillWord,
        .named("M-d"): .killWord, .named("C-Del"): .killWord, .named("M-Del"): .killWord,
        .named("C-Left"): .backwardWord, .named("M-Left"): .backwardWord, .named("M-b"): .backwardWord,
        .named("C-Right"): .forwardWord, .named("M-Right"): .forwardWord, .named("M-f"): .forwardWord,
        .named("C-u"): .unixLineDiscard, .named("C-k"): .killLine,
        .named("C-y"): .yank, .named("M-y"): .yankPop, .named("C-_"): .undo,
        .named("CR"): .acceptLine, .named("C-m"): .acceptLine, .named("C-j"): .acceptLine,
        .named("Esc"): .abort, .named("C-g"): .abort,
        .named("Tab"): .complete, .named("C-i"): .complete,
        .named("Up"): .previousHistory, .named("C-p"): .previousHistory,
        .named("Down"): .nextHistory, .named("C-n"): .nextHistory,
        .named("S-Tab"): .previousField, .named("C-l"): .clearScreen, .named("C-r"): .reverseSearchHistory,
        .named("F1"): .showHelp,
        // Signals from the terminal (ISIG); as keys they arrive only through an extended keyboard protocol, and
        // mean the same. Reserved: a keymap file cannot bind these keys.
        .named("C-c"): .interrupt, .named("C-z"): .suspend,
    ])
}
