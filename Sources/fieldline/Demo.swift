import ArgumentParser
import FieldKeymaps
import FieldKit
import FieldTerminal

/// `fieldline demo`: a mobile number, an ID number and a nickname, asked in turn, printed as one JSON object.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: tr("Ask for a mobile number, an ID card number and a nickname, then print them as JSON.")
    )

    @OptionGroup var language: LanguageOption

    func run() throws {
        let context = Today.context()
        let group = try FieldOptionGroup.parse([])
        var nickname = group
        nickname.limit = "12"
        let steps: [(String, LoadedKeymap, String)] = [
            ("mobile", try FieldCatalog.load("phone-cn", options: group), tr("Mobile number: ")),
            ("idcard", try FieldCatalog.load("idcard-cn", options: group), tr("ID card number: ")),
            ("nickname", try FieldCatalog.load("text", options: nickname), tr("Nickname: ")),
        ]
        var values: [(String, JSONText.Value)] = []
        for (key, loaded, prompt) in steps {
            let spec = loaded.spec
            var options = PromptOptions()
            options.prompt = prompt
            options.colour = Ask.colourAllowed()
            options.keymap = loaded.keymap
            let outcome = FieldPrompt.run(spec: spec, context: context, options: options)
            guard case .accepted(let value) = outcome else {
                try Ask.finish(outcome, spec: spec, context: context, output: .value)
                return
            }
            values.append((key, .string(value)))
        }
        var out = OutputBuffer(fd: 1)
        out.append(JSONText.render(.object(values)))
        out.append(0x0A)
        out.flush()
    }
}
