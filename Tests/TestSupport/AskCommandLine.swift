/// Suites that type `fieldline ask` command lines into a terminal (TmuxTerminal).
protocol TypesAskCommands {}

extension TypesAskCommands {
    /// A shell command line that asks for a value (`fieldline ask ARGUMENTS`) in command substitution, then prints
    /// the exit code and the captured value as `rc=STATUS x=[VALUE]`.
    static func ask(_ arguments: String) -> String { #"x=$(fieldline ask \#(arguments)); echo "rc=$? x=[$x]""# }
}
