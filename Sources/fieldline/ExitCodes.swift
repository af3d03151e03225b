import ArgumentParser

/// The documented exit codes (sysexits.h where one fits), in one place so docs and code agree: the man page's
/// EXIT STATUS (docs/man/exit-status.mdoc) lists every one (ReleaseTests); a signal's are 128+n.
enum Exit {
    /// Every value valid / the command did what was asked.
    static let ok = ExitCode(0)
    /// `ask`, `demo`: cancelled (Esc, Ctrl-D), or no terminal and no line on stdin.
    static let cancelled = ExitCode(1)
    /// `confirm`: cancelled (Esc, Ctrl-D), or no terminal and no line on stdin; apart from no, as dialog and whiptail.
    static let confirmCancelled = ExitCode(255)
    /// `confirm`: the answer is no.
    static let no = ExitCode(1)
    /// `records`: nothing matched (as grep).
    static let noMatch = ExitCode(1)
    /// `compare`: the two outputs differ (as diff and cmp).
    static let differ = ExitCode(1)
    /// Command-line usage error (EX_USAGE); also a question with no answer and no default when nobody is there to ask.
    static let usage = ExitCode(64)
    /// At least one value was invalid (EX_DATAERR).
    static let invalid = ExitCode(65)
    /// Input could not be read (EX_NOINPUT).
    static let noInput = ExitCode(66)
    /// A keymap file has problems (EX_CONFIG).
    static let config = ExitCode(78)
    /// No value within --timeout (as timeout(1) reports).
    static let timeout = ExitCode(124)
    /// A bug in fieldline (EX_SOFTWARE).
    static let internalError = ExitCode(70)
    /// Output could not be written: a full disk, a closed stdout (EX_IOERR).
    static let ioError = ExitCode(74)
}
