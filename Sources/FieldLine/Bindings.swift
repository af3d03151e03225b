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

        table(for: keymap).install(on: el)
    }

    /// Every key binding for a keymap. No libedit built-in may edit the buffer behind the engine: every byte is
    /// bound to an fl- function, refused unless the keymap says otherwise (Meta keys never reach libedit: the
    /// input reader refuses them).
    static func table(for keymap: Keymap) -> BindingTable {
        var table = BindingTable()
        for byte in UInt8(0)..<0x80 {
            let printable = byte >= 0x20 && byte < 0x7F
            table.bind(TerminalKeys.escaped(byte), printable ? "fl-self-insert" : "fl-refuse")
        }
        table.bind("^X^X", "fl-refuse")
        for (key, command) in keymap.bindings {
            for sequence in TerminalKeys.bindings(for: key) { table.bind(sequence, functionName(command)) }
        }
        // Terminal-level keys that are not field commands.
        table.bind("^_", "fl-pending")
        table.bind("^C", "fl-interrupt")
        table.bind("^D", "fl-end-of-file")
        table.bind("^Z", "fl-suspend")
        table.bind("^L", "fl-redraw")
        return table
    }
}

/// Key bindings collected before any reaches libedit, so each sequence is bound once.
///
/// Why: every `EL_BIND` looks its function up by name among libedit's 100-odd built-ins, and binding was the
/// largest part of start-up after process loading. A sequence bound again later (a control key the keymap takes
/// over) is bound once, at its last place, with its last function, which leaves libedit in the same state as
/// binding it twice. Strings go in as wide characters (`el_wset`), sparing libedit a conversion per call.
struct BindingTable {
    /// Bindings in the order they were made; a replaced one is nil.
    private var entries: [(sequence: String, function: String)?] = []
    private var place: [String: Int] = [:]

    /// Room for the usual 170-odd bindings, so neither store grows while they are made.
    init() {
        entries.reserveCapacity(256)
        place.reserveCapacity(256)
    }

    /// Bind `sequence` (libedit syntax) to `name`, replacing an earlier binding of the same sequence.
    mutating func bind(_ sequence: String, _ name: String) {
        if let old = place.updateValue(entries.count, forKey: sequence) { entries[old] = nil }
        entries.append((sequence, name))
    }

    /// The bindings in the order libedit gets them.
    var ordered: [(sequence: String, function: String)] { entries.compactMap { $0 } }

    /// Hand every binding to libedit, reusing two wide-character buffers.
    func install(on el: OpaquePointer) {
        var key: [wchar_t] = [], name: [wchar_t] = [], current = ""
        for case let (sequence, function)? in entries {
            BindingTable.fill(&key, with: sequence)
            if function != current {
                BindingTable.fill(&name, with: function)
                current = function
            }
            fl_bind(el, key, name)
        }
    }

    private static func fill(_ buffer: inout [wchar_t], with text: String) {
        buffer.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars { buffer.append(wchar_t(bitPattern: scalar.value)) }
        buffer.append(0)
    }
}
