import ArgumentParser
import FieldKeymaps
import FieldKit

/// `fieldline keymaps list|show|lint`: see and check the keymaps on the search path.
struct Keymaps: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keymaps",
        abstract: tr("List, show and lint field keymaps."),
        discussion: """
            Search path: --keymap-file PATH, a KEYMAP argument that is a path, $FIELDLINE_KEYMAPS (colon-separated \
            folders), $XDG_CONFIG_HOME/fieldline/keymaps (default ~/.config/fieldline/keymaps), then the shipped set. \
            A user file with a shipped name overrides it.
            """,
        subcommands: [List.self, Show.self, Lint.self]
    )

    /// `keymaps list`: name, where it comes from, one-line description.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: tr("List every keymap: name, origin, description."))

        @OptionGroup var language: LanguageOption

        func run() throws {
            let loader = FieldCatalog.loader
            var out = OutputBuffer(fd: 1)
            // Names and paths come from file names, which may hold anything: their controls are named.
            let rows = loader.lookup.all().map { (name: ControlCharacters.escaped($0.name), origin: $0.origin) }
            let width = rows.map(\.name.count).max() ?? 0
            for (name, origin) in rows {
                let described: String
                do { described = try loader.load(origin: origin).spec.summary } catch { described = tr("(has errors: run keymaps lint)") }
                let from: String
                if case .file(let path) = origin { from = ControlCharacters.escaped(path) } else { from = "shipped" }
                out.append(name.padding(width) + "  " + from + "  " + described + "\n")
            }
            out.flush()
        }
    }

    /// `keymaps show NAME`: the text the name resolves to.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: tr("Print the keymap file a name resolves to."))

        @Argument(help: ArgumentHelp(tr("A keymap name or path.")), completion: FieldCatalog.keymapCompletion)
        var name: String

        /// An unknown name is the usage error every command gives (64), with this command's usage line.
        func validate() throws { try FieldCatalog.requireKnown(name) }

        @OptionGroup var language: LanguageOption

        func run() throws {
            let lookup = FieldCatalog.loader.lookup
            let origin = KeymapLookup.isPath(name) ? .file(name) : lookup.locate(name)
            guard let origin, let text = KeymapLoader.text(of: origin) else {
                Diagnostics.error(tr("no such keymap '\(ControlCharacters.escaped(name))'"))
                throw Exit.config
            }
            // The file may hold anything, an escape sequence in a comment included: each line's controls are named
            // (a CRLF line end stays a line end).
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                ControlCharacters.escaped(String(line.hasSuffix("\r") ? line.dropLast() : line))
            }
            var out = OutputBuffer(fd: 1)
            out.append("# \(ControlCharacters.escaped(origin.label))\n" + lines.joined(separator: "\n"))
            out.flush()
        }
    }

    /// `keymaps lint FILE...`: every problem as FILE:LINE:COL: message; exit 78 if any.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: tr("Check keymap files; print every problem as FILE:LINE:COL: message."),
            discussion: tr("Exit codes: 0 no problems, 78 problems found.")
        )

        @Argument(help: ArgumentHelp(tr("Keymap files.")), completion: .file(extensions: ["yaml", "yml"]))
        var files: [String]

        @OptionGroup var language: LanguageOption

        func run() throws {
            let loader = FieldCatalog.loader
            var problems = 0
            for file in files {
                for d in loader.lint(path: file) {
                    problems += 1
                    Diagnostics.plain(d.description)
                }
            }
            if problems > 0 { throw Exit.config }
        }
    }
}

extension String {
    /// Pad with spaces to a width in characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
