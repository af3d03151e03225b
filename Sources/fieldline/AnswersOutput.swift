import ArgumentParser
import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// `--save-answers FILE`: the answers a run took, written into FILE in the format `--answers` reads (JSON for a
/// `.json` file, else YAML), so a run at one machine's terminal can be replayed on another with nobody there (as
/// debconf-get-selections feeds debconf-set-selections). `ask` and `confirm` add their one answer to a map, under
/// the question's name (a name answered again is replaced); `form` adds each record it saves to a list.
///
/// An option of the question rather than a command of its own: an answer exists only inside the run that took
/// it, and each question of a script adds its own to the one file the whole script shares. The file is written
/// whole to a new file beside it and renamed over it, so a reader never sees half of it; it is created readable
/// by its owner alone (answers may be private). Writers take turns: each reads, changes and replaces the file
/// holding an exclusive `flock` on its folder (the file itself is replaced, so its own lock would not hold), so
/// questions answered at once by parallel parts of a script lose none of their answers.
enum AnswersOutput {
    /// Why the file could not be kept: said on stderr (or a form's status line), with its exit code.
    struct Problem: Error {
        let message: String
        /// 74 for a file that cannot be written, 65 for one that is there but is no answers file.
        let code: Int32
    }

    /// Adds `name: value` to the map in `path` (created when missing); a problem is said on stderr and is 74 (or
    /// 65 when the file is there but is not one question's map).
    static func save(_ value: String, as name: String, to path: String) throws {
        do {
            try update(path, asList: false) { records throws(Problem) in
                guard records.count <= 1 else {
                    throw Problem(message: tr("--save-answers: \(ControlCharacters.escaped(path)) is a list of records, not one question's map"), code: Exit.invalid.rawValue)
                }
                var record = records.first ?? []
                if let at = record.firstIndex(where: { $0.name == name }) { record[at].text = value } else { record.append((name, value)) }
                return [record]
            }
        } catch {
            Diagnostics.error(error.message)
            throw ExitCode(error.code)
        }
    }

    /// Adds `record` to the list of records in `path` (created when missing; a file holding one map becomes a list
    /// of it and `record`): a form's answers, as `form --answers` reads them.
    static func append(_ record: AnswersFile.Record, to path: String) throws(Problem) {
        try update(path, asList: true) { records in records + [record] }
    }

    /// The records `path` holds now (none when it is missing), or why it is no answers file: checked before a form
    /// asks anything, so a file it could not add to is found before the first record, not after it.
    static func existing(_ path: String) throws(Problem) -> [AnswersFile.Record] {
        guard access(path, F_OK) == 0 else { return [] }
        let bytes: [UInt8]
        do { bytes = try ByteFile.read(path) } catch {
            throw Problem(message: tr("--save-answers: cannot read \(ControlCharacters.escaped(path)): \(error.why)"), code: Exit.ioError.rawValue)
        }
        switch AnswersFile.parse(bytes, file: path) {
        case .success(let records): return records
        case .failure(let problem): throw Problem(message: problem.description, code: Exit.invalid.rawValue)
        }
    }

    /// `records` as the file's whole text. A map (`asList` false, one record): one `"name": "value"` a line (YAML)
    /// or one JSON object. A list: one `- {"name": "value", …}` a line (YAML) or a JSON array of objects.
    static func text(_ records: [AnswersFile.Record], json: Bool, asList: Bool) -> String {
        // JSONText's strings are also YAML double-quoted scalars: every control and non-character escaped, so
        // libyaml reads back exactly what was written.
        func pairs(_ record: AnswersFile.Record) -> [String] { record.map { JSONText.quote($0.name) + ": " + JSONText.quote($0.text) } }
        guard asList else {
            let lines = pairs(records.first ?? [])
            guard json else { return lines.map { $0 + "\n" }.joined() }
            return lines.isEmpty ? "{}\n" : "{\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n}\n"
        }
        let objects = records.map { "{" + pairs($0).joined(separator: ", ") + "}" }
        guard json else { return objects.map { "- " + $0 + "\n" }.joined() }
        return objects.isEmpty ? "[]\n" : "[\n" + objects.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
    }

    /// Reads the file's records, changes them with `change` and writes them back, under the folder's lock.
    private static func update(_ path: String, asList: Bool,
                               _ change: ([AnswersFile.Record]) throws(Problem) -> [AnswersFile.Record]) throws(Problem) {
        let folder = open(folderName(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw cannotWrite(path, String(cString: strerror(errno))) }
        defer { close(folder) }
        try lock(folder, path)
        defer { flock(folder, LOCK_UN) }
        try write(try change(try existing(path)), asList: asList, to: path)
    }

    /// The folder `path` is in (`.` for a bare name).
    private static func folderName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// How long another writer may hold the lock before this one gives up (74), so a stuck one is no hang.
    static let lockWaitSeconds = 10.0

    private static func lock(_ folder: Int32, _ path: String) throws(Problem) {
        var waited: UInt32 = 0
        var pause: UInt32 = 1_000
        while flock(folder, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else { throw cannotWrite(path, String(cString: strerror(errno))) }
            guard Double(waited) < lockWaitSeconds * 1_000_000 else {
                throw cannotWrite(path, tr("another --save-answers held its folder's lock for \(Int(lockWaitSeconds)) s"))
            }
            usleep(pause)
            waited += pause
            pause = min(pause * 2, 50_000)
        }
    }

    private static func cannotWrite(_ path: String, _ why: String) -> Problem {
        Problem(message: tr("--save-answers: cannot write \(ControlCharacters.escaped(path)): \(why)"), code: Exit.ioError.rawValue)
    }

    private static func write(_ records: [AnswersFile.Record], asList: Bool, to path: String) throws(Problem) {
        let bytes = Array(text(records, json: path.hasSuffix(".json"), asList: asList).utf8)
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
        if let problem { throw cannotWrite(path, problem) }
    }
}
