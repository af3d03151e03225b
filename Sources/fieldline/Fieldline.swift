import ArgumentParser

/// The `fieldline` command: validated, formatted input fields for scripts and terminals.
struct Fieldline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fieldline",
        abstract: "Validated, as-you-type formatted input fields for the terminal.",
        discussion: """
            Exit codes: 0 ok, 1 cancelled, 64 usage error, 65 invalid value, 66 unreadable input, \
            70 internal error, 74 output not written, 78 keymap problems, 124 timeout, 129 hangup, \
            130 interrupted (Ctrl-C), 128+n another signal n.
            Exit 78: a keymap or form file has problems (printed as FILE:LINE:COL: message).
            """,
        subcommands: [Ask.self, Check.self, Replay.self, Form.self, Keymaps.self, Demo.self]
    )
}
