import ArgumentParser
import FieldKeymaps
import FieldKit

/// `fieldline inspect FORM|KEYMAP`: the questions a form or a keymap asks, as text or as JSON for another program.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: tr("Show the questions a form or a keymap asks: names, prompts, kinds, limits, choices, validators, conditions, help."),
        discussion: """
            A path to a file with fields: is a form; any other path or name is a keymap (one field). --output json \
            prints one JSON document (version 1; docs/inspect.schema.json is its JSON Schema) with every text in \
            every language the file gives; text prints an outline in the language chosen. A keymap or form with \
            problems is reported as FILE:LINE:COL: message (exit 78); an unknown keymap name is a usage error (64).
            """
    )

    /// The two ways of printing.
    enum Output: String, ExpressibleByArgument, CaseIterable {
        case text, json
        static var allValueStrings: [String] { allCases.map(\.rawValue) }
        var defaultValueDescription: String { rawValue }
    }

    @Argument(help: ArgumentHelp(tr("A form file, or a keymap name or path.")), completion: FieldCatalog.keymapCompletion)
    var target: String

    @Option(help: ArgumentHelp(tr("text (an outline to read) or json (docs/inspect.schema.json).")))
    var output: Output = .text

    @OptionGroup var language: LanguageOption

    /// An unknown name is the usage error every command gives (64), with this command's usage line.
    func validate() throws { try FieldCatalog.requireKnown(target) }

    func run() throws {
        let document: JSONText.Value
        var outline: [String]
        if KeymapLookup.isPath(target) && FormLoader.isForm(path: target) {
            let form: FormSpec
            do { form = try FormLoader(keymaps: FieldCatalog.loader).load(path: target) } catch {
                for d in error.diagnostics { Diagnostics.plain(d.description) }
                throw Exit.config
            }
            document = InspectDocument.form(form)
            outline = InspectOutline.form(form)
        } else {
            // Loaded as written: the `choice` keymap's list, which `--choices` gives elsewhere, is empty here.
            let loaded: LoadedKeymap
            do { loaded = try FieldCatalog.loader.load(target) } catch {
                for d in error.diagnostics { Diagnostics.plain(d.description) }
                throw Exit.config
            }
            document = InspectDocument.keymap(loaded)
            outline = InspectOutline.keymap(loaded)
        }
        var out = OutputBuffer(fd: 1)
        switch output {
        case .json: out.append(JSONText.renderIndented(document) + "\n")
        case .text: outline.append(""); out.append(outline.joined(separator: "\n"))
        }
        out.flush()
    }
}
