import FieldKit

/// Where `--resume` starts: the records an earlier import of the same file dealt with (as its sink kept them) are
/// skipped, once the input's first records are found to be those (their fingerprint), else the input is refused
/// before anything of it is saved.
struct ResumePoint {
    /// How many input records the earlier import dealt with.
    let skipped: Int
    /// The fingerprint of those records, and the file they were read from; nil when nothing is to be checked
    /// (`--resume-anyway`, or progress an older fieldline kept).
    private let kept: (fingerprint: String, file: InputFileIdentity?)?
    /// Whether the input is compared with what the earlier import dealt with.
    private let checks: Bool
    /// The input's label and identity now, for the refusal.
    private let input: ImportInput

    /// The point `progress` (nil: nothing was kept, start at the first record) gives for `input`; `checks`: whether
    /// the first records are compared before they are skipped. `notice` hears that progress kept without a
    /// fingerprint cannot be checked.
    init(_ progress: ImportProgress?, of input: ImportInput, checks: Bool, notice: (String) -> Void) {
        self.input = input
        self.checks = checks
        skipped = progress?.records ?? 0
        if checks, let progress, progress.records > 0, progress.fingerprint == nil {
            notice(tr("--resume: the progress of \(ControlCharacters.escaped(input.source)) was kept without a fingerprint of its records (an older fieldline): its first \(progress.records) records are skipped unchecked"))
        }
        kept = checks ? progress?.fingerprint.map(InputFileIdentity.split) : nil
    }

    /// Whether record `number` is to be taken (not dealt with by the earlier import); at the last skipped one,
    /// checks that the records skipped are those (`taken`: their fingerprint).
    func takes(_ number: Int, taken: FNV1a) throws(ImportFailure) -> Bool {
        guard number > skipped else {
            if number == skipped, let expected = kept?.fingerprint, taken.hex != expected {
                throw refusal(tr("its first \(skipped) records differ"))
            }
            return false
        }
        return true
    }

    /// At the end of the input: one shorter than what was dealt with is not the same input.
    func checkEnd(records: Int) throws(ImportFailure) {
        if checks, records < skipped {
            throw refusal(tr("it holds \(records) records, fewer than the \(skipped) dealt with"))
        }
    }

    private func refusal(_ reason: String) -> ImportFailure {
        let change = kept?.file.flatMap { before in input.identity.flatMap { before.change(to: $0) } }
        let why = change.map { "\(reason); \($0)" } ?? reason
        return ImportFailure(.refusedInput, tr("--resume: \(ControlCharacters.escaped(input.source)) is not the input that was imported (\(why))"))
    }
}
