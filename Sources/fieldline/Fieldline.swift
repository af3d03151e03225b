import FieldKit
import ArgumentParser

/// The `fieldline` command: validated, formatted input fields for scripts and terminals.
struct Fieldline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fieldline",
        abstract: tr("Validated, as-you-type formatted input fields for the terminal."),
        discussion: """
            Fields are YAML keymap files: the shipped ones (fieldline keymaps list), then yours in \
            ~/.config/fieldline/keymaps or $FIELDLINE_KEYMAPS, or --keymap-file FILE. A keymap says which \
            characters each position accepts (symbols), how long a value is (length), how it is shown \
            (templates such as ###-####-####), which validators judge it, and key bindings; choices make a \
            picker, picker: date a date picker. fieldline keymaps lint FILE checks one.

            Exit codes: 0 ok; 1 cancelled (Esc, Ctrl-D); 64 usage error; 65 invalid value or record; \
            66 unreadable input; 70 internal error; 74 output not written; 78 keymap, form or choice list \
            problems (printed as FILE:LINE:COL: message); 124 timeout; 129 hangup; 130 interrupted (Ctrl-C); \
            128+n another signal n.
            """,
        version: Version.current,
        subcommands: [Ask.self, Check.self, Replay.self, Form.self, Keymaps.self, Demo.self]
    )
}
