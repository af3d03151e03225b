/// One editing command, named as in readline, applied to a field.
public enum EditCommand: Sendable, Equatable {
    /// Insert typed text at the cursor, key by key: a refused character is skipped, the rest goes in.
    case selfInsert(String)
    /// Insert a paste at the cursor, all or nothing: formatting is dropped, any other refused character (or
    /// passing the limit) leaves the field unchanged and explains why.
    case paste(String)
    /// Remove the symbol before the cursor (never a literal: the display is derived).
    case backwardDeleteChar
    /// Remove the symbol after the cursor.
    case deleteChar
    /// Move left one symbol (literals are skipped because the cursor lives between symbols).
    case backwardChar
    /// Move right one symbol.
    case forwardChar
    /// Move to the start.
    case beginningOfLine
    /// Move to the end.
    case endOfLine
    /// Remove back to the start of the word or template group before the cursor.
    case backwardKillWord
    /// Remove up to the end of the word or template group after the cursor.
    case killWord
    /// Move to the start of the word or template group before the cursor.
    case backwardWord
    /// Move to the end of the word or template group after the cursor.
    case forwardWord
    /// Remove everything before the cursor.
    case unixLineDiscard
    /// Remove everything after the cursor.
    case killLine
    /// Accept the value if valid, otherwise stay and explain.
    case acceptLine
    /// Give up on the field.
    case abort
    /// Complete from choices (fields without choices ring the bell).
    case complete
    /// In a multi-select choice field, mark the current match or take its mark away (Tab, which runs `complete`,
    /// does the same there); refused in every other field.
    case toggleChoice
    /// Step to the previous choice.
    case previousChoice
    /// Step to the next choice.
    case nextChoice
    /// Delete the symbol after the cursor; on an empty field, end of input (readline's `delete-char` on Ctrl-D).
    case deleteCharOrEndOfFile
    /// Draw the field again on a clean screen.
    case clearScreen
    /// Up: the previous choice or date in a picker, the previous field in a form, else an earlier value.
    case previousHistory
    /// Down: the next choice or date in a picker, else a later value (the line being typed after the newest).
    case nextHistory
    /// Go back to a form's previous field.
    case previousField
    /// End at once, as the interrupt signal does (Ctrl-C; reserved, a keymap cannot rebind its key).
    case interrupt
    /// Stop like a job, as the suspend signal does (Ctrl-Z; reserved, a keymap cannot rebind its key).
    case suspend
    /// Insert the last killed text at the cursor, through the field's filter like a paste (all or nothing).
    case yank
    /// Right after a yank: replace the yanked text with the kill ring's previous entry (Alt-Y).
    case yankPop
    /// Undo the last change; a run of typed characters is one change (Ctrl-_).
    case undo
    /// Find a saved record to correct (Ctrl-R, readline's reverse search): a form's, on the first field of an
    /// empty record only.
    case reverseSearchHistory
    /// Show the field's help text on the status line (F1; `help:` in its keymap or form field).
    case showHelp

    /// Every command that needs no argument, by its readline name.
    public static let named: [String: EditCommand] = [
        "backward-delete-char": .backwardDeleteChar, "delete-char": .deleteChar,
        "backward-char": .backwardChar, "forward-char": .forwardChar,
        "beginning-of-line": .beginningOfLine, "end-of-line": .endOfLine,
        "backward-kill-word": .backwardKillWord, "kill-word": .killWord,
        "backward-word": .backwardWord, "forward-word": .forwardWord, "unix-line-discard": .unixLineDiscard,
        "kill-line": .killLine, "accept-line": .acceptLine, "abort": .abort,
        "complete": .complete, "toggle-choice": .toggleChoice, "previous-choice": .previousChoice, "next-choice": .nextChoice,
        "delete-char-or-eof": .deleteCharOrEndOfFile, "clear-screen": .clearScreen,
        "previous-history": .previousHistory, "next-history": .nextHistory, "previous-field": .previousField,
        "interrupt": .interrupt, "suspend": .suspend, "reverse-search-history": .reverseSearchHistory,
        "yank": .yank, "yank-pop": .yankPop, "undo": .undo, "show-help": .showHelp,
    ]

    /// The readline name, e.g. `backward-delete-char`.
    public var name: String {
        if case .selfInsert = self { return "self-insert" }
        if case .paste = self { return "paste" }
        return EditCommand.named.first { $0.value == self }!.key
    }
}

/// What the caller should do after a command.
public enum Effect: Sendable, Equatable {
    /// Redraw the frame.
    case refresh
    /// Redraw and ring the bell: the key was refused or did nothing.
    case bell
    /// The field is done: this is the accepted value.
    case accept(String)
    /// The user gave up.
    case cancel
}
