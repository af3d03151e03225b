// An installer step written in Swift: ask for a mobile number and an ID card number on the terminal, then print
// them. `ask(keymap:prompt:)` is the whole API: it loads the keymap (a shipped name, one of the user's, or a
// file path), runs the field on /dev/tty and returns the accepted value, or throws an `AskFailure`.
//
//     swift run --package-path Examples installer
//
// stdin and stdout stay free: the prompt draws on the controlling terminal, so `x=$(installer)` works.
import FieldTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to standard error (with `write(2)`: C's `stderr` is a global variable, which Swift 6 refuses).
func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Asks for one value; on failure says why and ends the program with the exit code `fieldline ask` would use.
func askOrExit(_ keymap: String, _ prompt: String) -> String {
    do {
        return try ask(keymap: keymap, prompt: prompt)
    } catch {
        // `error` is an `AskFailure` (the function declares a typed throw), so the switch is exhaustive.
        switch error {
        case .noTerminal:
            // No /dev/tty (a CI job, a service, `setsid`): say so instead of waiting for keys that never come.
            printError("installer: no terminal to ask on; run it from a terminal")
            exit(1)
        case .cancelled:
            printError("installer: cancelled")
            exit(1)
        case .timedOut:
            printError("installer: no answer in time")
            exit(124)
        case .interrupted:
            // Ctrl-C: the terminal is already restored. End by the signal itself, as the shell expects.
            signal(SIGINT, SIG_DFL)
            raise(SIGINT)
            exit(130)
        case .terminated(let signo):
            exit(128 + signo)
        case .keymap(let problems):
            // A keymap that cannot be found or has errors, each as `FILE:LINE:COL: message`.
            for problem in problems { printError(problem) }
            exit(78)
        case .failed(let why):
            printError("installer: \(why)")
            exit(70)
        }
    }
}

let phone = askOrExit("phone-cn", "Mobile: ")
let idCard = askOrExit("idcard-cn", "ID card: ")
// The values are canonical: `13812345678`, not `138-1234-5678`; an ID card's `x` is upper case.
print("mobile: \(phone)")
print("id card: \(idCard)")
