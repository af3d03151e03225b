import CEditLineShims
import CLibEdit

/// Sets libedit up as a line display only: every key is decoded by `InputReader` and reaches libedit as the
/// sentinel, so one binding is all libedit needs.
enum Bindings {
    static func install(on el: OpaquePointer) {
        fl_set_editor(el, "emacs")
        // Ctrl-C and Ctrl-Z stay signals (ISIG, libedit's default), so they work even while the engine is busy;
        // the terminal guard restores the terminal first. Ctrl-\ is not a signal here (a refused key instead),
        // and Ctrl-S must not freeze output. `quit=` disables the character now; `-quit` keeps it disabled when
        // el_gets re-derives the editing characters from the terminal's.
        fl_set_tty(el, "-ixon", "quit=", "-quit")
        fl_set_prompt(el, Callbacks.prompt)
        fl_set_rprompt(el, Callbacks.counter)
        fl_set_getc(el, Callbacks.readCharacter)
        fl_add_function(el, "fl-pending", "run the decoded key", Callbacks.pending)
        let key: [wchar_t] = [wchar_t(InputReader.sentinel), 0]
        let name: [wchar_t] = "fl-pending".unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        fl_bind(el, key, name)
    }
}
