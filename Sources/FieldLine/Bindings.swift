import CEditLineShims
import CLibEdit
import FieldKit

/// Registers the `fl-` functions with libedit and binds every key a terminal can send to one of them.
enum Bindings {
    /// libedit function name for an engine command.
    static func functionName(_ command: EditCommand) -> String { "fl-" + command.name }

    static func install(on el: OpaquePointer, keymap: Keymap) {
        fl_set_editor(el, "emacs")
        // Ctrl-C and Ctrl-Z arrive as bytes (bound below) instead of signals; Ctrl-S must not freeze output.
        fl_set_tty(el, "-isig", "-ixon")
        fl_set_prompt(el, Callbacks.prompt)
        fl_set_rprompt(el, Callbacks.counter)
        fl_set_getc(el, Callbacks.readCharacter)

        for (command, fn) in Callbacks.commands {
            fl_add_function(el, functionName(command), command.name, fn)
        }
        let specials: [(String, Callbacks.Command)] = [
            ("fl-self-insert", Callbacks.selfInsert), ("fl-pending", Callbacks.pending),
            ("fl-refuse", Callbacks.refuse), ("fl-end-of-file", Callbacks.endOfFile),
            ("fl-interrupt", Callbacks.interrupt), ("fl-suspend", Callbacks.suspend), ("fl-redraw", Callbacks.redraw),
        ]
        for (name, fn) in specials { fl_add_function(el, name, name, fn) }

        // No libedit built-in may edit the buffer behind the engine: every byte and every Meta sequence is
        // bound to an fl- function, refused unless the keymap says otherwise.
        for byte in UInt8(0)..<0x80 {
            let printable = byte >= 0x20 && byte < 0x7F
            fl_bind(el, TerminalKeys.escaped(byte), printable ? "fl-self-insert" : "fl-refuse")
        }
        for byte in UInt8(1)..<0x80 where byte != UInt8(ascii: "[") && byte != UInt8(ascii: "O") {
            fl_bind(el, "\\e" + TerminalKeys.escaped(byte), "fl-refuse")
        }
        fl_bind(el, "^X^X", "fl-refuse")
        for (key, command) in keymap.bindings {
            for sequence in TerminalKeys.bindings(for: key) { fl_bind(el, sequence, functionName(command)) }
        }
        // Terminal-level keys that are not field commands.
        fl_bind(el, "^_", "fl-pending")
        fl_bind(el, "^C", "fl-interrupt")
        fl_bind(el, "^D", "fl-end-of-file")
        fl_bind(el, "^Z", "fl-suspend")
        fl_bind(el, "^L", "fl-redraw")
    }
}
