import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// `--save-answers FILE`: the answer a question took, written into FILE under the question's name, in the format
/// `--answers` reads (JSON for a `.json` file, else YAML), so a run at one machine's terminal can be replayed on
/// another with nobody there (as debconf-get-selections feeds debconf-set-selections).
///
/// An option of the question rather than a command of its own: an answer exists only inside the run that took
/// it, and each question of a script adds its own to the one file the whole script shares (a name answered again
/// is replaced). The file is written whole to a new file beside it and renamed over it, so a reader never sees
/// half of it; it is created readable by its owner alone (answers may be private).
enum AnswersOutput {
    /// Adds `name: value` to the map in `path` (created when missing); a problem is said on stderr and is 74 (or
    /// 65 when the file is there but is no answers map).
    static func save(_ value: String, as name: String, to path: String) throws {
        var record: AnswersFile.Record = []
        if access(path, F_OK) == 0 {
            let existing = try AnswersInput(path: path)
            guard existing.records.count <= 1 else {
                Diagnostics.error(tr("--save-answers: \(ControlCharacters.escaped(path)) is a list of records, not one question's map"))
                throw Exit.invalid
            }
            record = existing.records.first ?? []
        }
        if let at = record.firstIndex(where: { $0.name == name }) { record[at].text = value } else { record.append((name, value)) }
        try write(record, to: path)
    }

    /// `record` as the file's whole text: one `"name": "value"` a line (YAML), or one JSON object.
    static func text(_ record: AnswersFile.Record, json: Bool) -> String {
        // JSONText's strings are also YAML double-quoted scalars: every control and non-character escaped, so
        // libyaml reads back exactly what was written.
        let lines = record.map { JSONText.quote($0.name) + ": " + JSONText.quote($0.text) }
        guard json else { return lines.map { $0 + "\n" }.joined() }
        return lines.isEmpty ? "{}\n" : "{\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n}\n"
    }

    private static func write(_ record: AnswersFile.Record, to path: String) throws {
        let bytes = Array(text(record, json: path.hasSuffix(".json")).utf8)
        let temporary = path + ".fieldline-new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        var problem: String? = fd < 0 ? String(cString: strerror(errno)) : nil
        if fd >= 0 {
            var written = 0
            while problem == nil, written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if n < 0 { if errno != EINTR { problem = String(cString: strerror(errno)) } } else { written += n }
            }
            if problem == nil, fsync(fd) != 0 { problem = String(cString: strerror(errno)) }
            close(fd)
            if problem == nil, rename(temporary, path) != 0 { problem = String(cString: strerror(errno)) }
            if problem != nil { unlink(temporary) }
        }
        if let problem {
            Diagnostics.error(tr("--save-answers: cannot write \(ControlCharacters.escaped(path)): \(problem)"))
            throw Exit.ioError
        }
    }
}
