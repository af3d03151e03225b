import ArgumentParser
import FieldKit

/// `--lang`, shown in every command's help. `Main` reads it wherever it stands on the command line and removes it
/// before any command is parsed (so usage errors are already in that language); this group only documents it.
struct LanguageOption: ParsableArguments {
    /// Never set: the option is taken off the command line before parsing.
    @Option(name: .customLong("lang"),
            help: ArgumentHelp(tr("Messages and prompts in this language: zh or en (default: from LC_ALL, LC_MESSAGES or LANG)."),
                               valueName: "zh|en"))
    var language: String?
}
