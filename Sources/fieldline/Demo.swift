import ArgumentParser
import FieldKit
import FieldLine

/// `fieldline demo`: a mobile number, an ID number and a nickname, asked in turn, printed as one JSON object.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ask for a mobile number, an ID card number and a nickname, then print them as JSON."
    )

    func run() throws {
        let context = Today.context()
        let steps: [(String, FieldSpec, String)] = [
            ("mobile", BuiltinFields.phoneCN, "Mobile number: "),
            ("idcard", BuiltinFields.idcardCN, "ID card number: "),
            ("nickname", FieldOptions(limit: 12).applied(to: BuiltinFields.text), "Nickname: "),
        ]
        var values: [(String, JSONText.Value)] = []
        for (key, spec, prompt) in steps {
            var options = PromptOptions()
            options.prompt = prompt
            options.colour = Ask.colourAllowed()
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
