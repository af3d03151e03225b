/// What the operator's keys did in one prompt, as `PromptCore` decided them: the figures a form keeps per field as
/// paradata (`FieldKeying`).
///
/// One key is one input event the operator sent: a typed character (or an input method's committed text), a named
/// key (Enter, Backspace, Shift-Tab, …) or a paste. A value the prompt starts with (a default, an earlier value) is
/// no key, nor is the terminal's answer to a cursor question.
public struct KeyTally: Sendable, Equatable {
    /// Every key.
    public var keys = 0
    /// Keys the engine refused (a character the place does not take, a failed Enter, a key bound to nothing).
    public var refused = 0
    /// Keys that deleted text (Backspace, Delete, the kill commands) and changed the field.
    public var deletions = 0

    /// No keys yet.
    public init(keys: Int = 0, refused: Int = 0, deletions: Int = 0) {
        self.keys = keys
        self.refused = refused
        self.deletions = deletions
    }

    /// One key, run as `command` when the keymap bound it to one, with the step the core decided for it.
    mutating func count(command: EditCommand?, step: PromptStep) {
        keys += 1
        if case .refused = step {
            refused += 1
        } else if step == .edited, let command, Self.deletes(command) {
            deletions += 1
        }
    }

    /// The commands that remove text.
    static func deletes(_ command: EditCommand) -> Bool {
        switch command {
        case .backwardDeleteChar, .deleteChar, .deleteCharOrEndOfFile, .backwardKillWord, .killWord, .unixLineDiscard, .killLine:
            return true
        default:
            return false
        }
    }

    /// Both tallies added.
    public static func + (a: KeyTally, b: KeyTally) -> KeyTally {
        KeyTally(keys: a.keys + b.keys, refused: a.refused + b.refused, deletions: a.deletions + b.deletions)
    }
}
