import FieldKit
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

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
            picker, picker: date a date picker. fieldline keymaps lint FILE checks one. form enters or imports \
            records into JSON Lines, CSV, SQLite or a PostgreSQL shared by a team; records reads them back; \
            compare matches two keyings of the same paper forms and says where they differ; \
            inspect FORM|KEYMAP shows the questions one asks (--output json for programs). F1 on a field shows \
            its help.

            --lang zh|en, anywhere on the command line, chooses the language of messages and prompts.

            Exit codes: 0 ok; 1 cancelled (Esc, Ctrl-D), confirm answered no, records found none, or compare found differences; 64 usage \
            error; 65 invalid value or record; 66 unreadable input; 70 internal error; 74 output not written; 78 \
            keymap, form or choice list problems (printed as FILE:LINE:COL: message); 124 timeout; 129 hangup; 130 \
            interrupted (Ctrl-C); 128+n another signal n.
            """,
        version: Version.current,
        subcommands: [Ask.self, Confirm.self, Check.self, Replay.self, Form.self, Records.self, Compare.self, Stats.self, Inspect.self, Keymaps.self, Demo.self]
    )

    @OptionGroup var language: LanguageOption
}

extension Fieldline {
    /// Parse and run a command, as ArgumentParser's `main` does, but with every message on stderr made safe for a
    /// terminal: a usage error quotes the argument it refuses (`--limit $'\e[2J'`), which must be named, not sent.
    static func runSafely(_ arguments: [String]) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Glibc.exit(0)
        } catch {
            exitSafely(withError: error)
        }
    }

    /// `exit(withError:)` with control characters in the message shown as `U+1B` (help and version, which go to
    /// stdout with exit 0, hold no argument text and are printed as they are).
    static func exitSafely(withError error: Error) -> Never {
        let code = exitCode(for: error)
        var text = fullMessage(for: error)
        // An option's value from the environment is refused under the variable's name.
        if code == Exit.usage { text = OptionEnvironment.refusalNaming(text) }
        if !text.isEmpty {
            if code == .success {
                var out = OutputBuffer(fd: 1)
                out.append(text + "\n")
                out.flush()
            } else {
                Diagnostics.plain(text)
            }
        }
        Glibc.exit(code.rawValue)
    }
}
