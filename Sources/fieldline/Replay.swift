import ArgumentParser
import FieldKit

/// `fieldline replay KEYMAP KEYS...`: feed keys to the engine with no terminal and print the final frame.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: tr("Feed keys to a field with no terminal and print the final frame."),
        discussion: """
            KEYS use Vim key notation: plain characters are typed one by one and <lt> types '<'; the keys a \
            field binds by default are \(Replay.standardKeys) (a keymap may bind more, to the commands \(Replay.commands); \
            in a --multi choice field <Tab> marks the current match, as toggle-choice does). \
            KEYS and --paste TEXT run in command-line order, each --paste as one paste. Put -- before KEYS that \
            start with '-'. The run stops where a prompt would end (an accepted <CR>, <Esc>, <C-d> on an empty field).
            Prints the display with the cursor drawn as '|' (--output display, the default), the value Enter would \
            accept (--output value), or an object (--output json, or --json) with display, cursor, cursorColumn, \
            value, counter, status, message, full, refused, effect (what the last key did: refresh, bell, redraw, \
            accept, cancel, eof, back, interrupt) and ending (how the prompt would end: accepted, cancelled, back, \
            interrupted, or null while it goes on), and for a choice field query, matches, index and choice (with \
            --multi also selected, the marked values). Every \
            key is decided as at a terminal, through the keymap: <C-d> on an empty field ends the run as \
            cancelled, an unbound key is refused (refused: true).
            Exit codes: 0 replayed, 64 usage error (unknown key name, bad option), 78 keymap problems.
            """
    )

    /// The standard keymap's keys in Vim notation, from the keymap itself (so the help never misses one).
    static let standardKeys = Keymap.standard.bindings.keys.map(\.description).sorted().joined(separator: " ")

    /// Every command a keymap's `bindings` may name, from the engine's own table.
    static let commands = EditCommand.named.keys.sorted().joined(separator: " ")

    @OptionGroup var field: FieldOptionGroup

    @Argument(help: ArgumentHelp(tr("The field (a keymap name or path; omitted with --keymap-file), then keys in Vim notation.")))
    var words: [String] = []

    /// The KEYMAP argument, unless --keymap-file names the field.
    var keymap: String? { field.keymapFile == nil ? words.first : nil }
    /// The KEYS arguments.
    var keys: [String] { field.keymapFile == nil ? Array(words.dropFirst()) : words }

    @Option(help: ArgumentHelp(tr("Text pasted at this point of the key sequence (repeatable).")))
    var paste: [String] = []

    @Option(help: ArgumentHelp(tr("What to print: display (the line with the cursor drawn as '|', the default), value (what Enter would accept) or json (the whole frame).")))
    var output: CheckOutput?

    @Flag(help: ArgumentHelp(tr("The same as --output json.")))
    var json = false

    @Option(help: ArgumentHelp(tr("The output (FILE.db, FILE.sqlite, sqlite:PATH or postgres://...) a field whose choices are another form's table (choices: {table: ...}) reads its list from."), valueName: "TARGET"))
    var lookups: String?

    /// Usage problems are reported here so ArgumentParser prints this subcommand's usage line.
    func validate() throws {
        _ = try FieldCatalog.load(keymap, options: field)
        for key in keys {
            do { _ = try KeyNotation.parse(key) } catch { throw ValidationError(error.message) }
        }
    }

    @OptionGroup var language: LanguageOption

    func run() throws {
        let loaded = try FieldCatalog.load(keymap, options: field)
        let spec = try TableLookups.resolved(loaded.spec, lookups: lookups)
        let script = ReplayScript(Replay.orderedSteps(arguments: Array(CommandLine.arguments.dropFirst()), keys: keys,
                                                      pastes: paste, keymapIsPositional: keymap != nil))
        let outcome: ReplayScript.Outcome
        do {
            outcome = try script.run(spec: spec, context: Today.context(), keymap: loaded.keymap)
        } catch {
            throw ValidationError(error.message)
        }
        let frame = outcome.field.frame
        var out = OutputBuffer(fd: 1)
        let output = self.output ?? (json ? .json : .display)
        if output == .value {
            out.append(outcome.field.acceptedValue)
        } else if output == .json {
            let effect: JSONText.Value
            var ending: JSONText.Value = .null
            switch outcome.lastStep {
            case .accept?: effect = .string("accept"); ending = .string("accepted")
            case .cancel?: effect = .string("cancel"); ending = .string("cancelled")
            case .endOfFile?: effect = .string("eof"); ending = .string("cancelled")
            case .back?: effect = .string("back"); ending = .string("back")
            case .findRecord?: effect = .string("find"); ending = .string("find")
            case .interrupt?: effect = .string("interrupt"); ending = .string("interrupted")
            case .refused?: effect = .string("bell")
            case .edited?, .suspend?: effect = .string("refresh")
            case .redraw?: effect = .string("redraw")
            case .status?: effect = .string("status")
            case nil: effect = .null
            }
            var members: [(String, JSONText.Value)] = [
                ("display", .string(frame.display)),
                ("cursor", .int(frame.cursor)),
                ("cursorColumn", .int(frame.cursorColumn)),
                ("value", .string(outcome.field.acceptedValue)),
                ("counter", .string(frame.counter)),
                ("status", .string(frame.status.name)),
                // A refused key's or paste's reason is about what was just done: it comes first, as under the field.
                ("message", JSONText.string(frame.message ?? frame.status.message)),
                ("full", .bool(frame.isFull)),
                ("refused", .bool(frame.keyRefused)),
                ("effect", effect),
                ("ending", ending),
            ]
            // A choice field: what was typed, how many choices it finds, which is current, and that one's value
            // and labels (the display above is the line as drawn).
            if case .choice(let list) = outcome.field.spec.kind {
                let current = outcome.field.currentChoice
                members += [
                    ("query", .string(outcome.field.value)),
                    // A long query's count so far, `N+` until its walk has found every match.
                    ("matches", outcome.field.choiceMatches.isExact ? .int(outcome.field.choiceMatches.count)
                        : .string("\(outcome.field.choiceMatches.count)+")),
                    ("index", current.flatMap { outcome.field.choiceMatches.firstIndex(of: $0) }.map { .int($0) } ?? .null),
                    ("choice", current.map { .object([("value", .string(list.choices[$0].value)),
                                                      ("display", .string(list.path(to: $0)))]) } ?? .null),
                ]
                // A multi-select field: the marked choices' values, in list order.
                if outcome.field.spec.selection != nil {
                    members.append(("selected", .array(outcome.field.state.choiceMarks.map { .string(list.choices[$0].value) })))
                }
            }
            out.append(JSONText.render(.object(members)))
        } else {
            out.append(frame.displayWithCursor)
        }
        out.append(0x0A)
        out.flush()
    }

    /// KEYS and --paste values in the order they appeared on the command line.
    ///
    /// ArgumentParser keeps each list in order but not their interleaving, so the raw arguments are walked
    /// again: option values are skipped, `--paste` marks a paste, other words after the keymap are keys.
    static func orderedSteps(arguments: [String], keys: [String], pastes: [String], keymapIsPositional: Bool = true) -> [ReplayScript.Step] {
        var steps: [ReplayScript.Step] = []
        var keyIndex = 0, pasteIndex = 0, positional = 0
        var i = arguments.firstIndex(of: "replay").map { $0 + 1 } ?? 0
        var afterDashDash = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if !afterDashDash {
                if arg == "--" { afterDashDash = true; continue }
                if arg == "--paste" || arg.hasPrefix("--paste=") {
                    if arg == "--paste" { i += 1 }
                    if pasteIndex < pastes.count { steps.append(.paste(pastes[pasteIndex])); pasteIndex += 1 }
                    continue
                }
                if FieldOptionGroup.valueOptions.contains(arg) || arg == "--output" || arg == "--lookups" { i += 1; continue }
                if arg.hasPrefix("-") && arg.count > 1 { continue }
            }
            positional += 1
            if positional == 1 && keymapIsPositional { continue }  // the keymap
            if keyIndex < keys.count { steps.append(.keys(keys[keyIndex])); keyIndex += 1 }
        }
        // Anything the walk could not place (it should place everything) still runs, keys first.
        steps += keys[keyIndex...].map { .keys($0) }
        steps += pastes[pasteIndex...].map { .paste($0) }
        return steps
    }
}
