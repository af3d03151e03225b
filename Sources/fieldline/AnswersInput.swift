import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// `--answers FILE` as a command reads it: the file's records, checked to answer only the questions asked
/// (`--answers-partial` lets it answer others too, as a file a whole script shares does).
struct AnswersInput {
    /// The file as given.
    let path: String
    /// Its records (a map is one).
    let records: [AnswersFile.Record]

    /// Reads `path`: unreadable is 66, not an answers file 65, each said on stderr as `FILE:LINE:COL: message`.
    init(path: String, yesNoFields: Set<String> = []) throws {
        self.path = path
        let bytes: [UInt8]
        do { bytes = try ByteFile.read(path) } catch {
            Diagnostics.error(tr("cannot read the answers file \(ControlCharacters.escaped(path)): \(error.why)"))
            throw Exit.noInput
        }
        switch AnswersFile.parse(bytes, file: path, yesNoFields: yesNoFields) {
        case .success(let records): self.records = records
        case .failure(let problem):
            Diagnostics.plain(problem.description)
            throw Exit.invalid
        }
    }

    /// The names the records answer that are not among `questions`, each once, in file order.
    func unknownNames(_ questions: Set<String>) -> [String] {
        var seen: Set<String> = []
        return records.flatMap { $0.map(\.name) }.filter { !questions.contains($0) && seen.insert($0).inserted }
    }

    /// Refuses (65) a file that answers a name not among `questions`, naming every such name, unless `partial`.
    func refuseUnknownNames(_ questions: [String], partial: Bool) throws {
        let unknown = unknownNames(Set(questions))
        guard !partial, !unknown.isEmpty else { return }
        Diagnostics.error(tr("\(ControlCharacters.escaped(path)) answers what is not asked here: \(unknown.map(ControlCharacters.escaped).joined(separator: ", ")) (asked: \(questions.map(ControlCharacters.escaped).joined(separator: ", "))); --answers-partial takes a file that answers other questions too"))
        throw Exit.invalid
    }

    /// The one question `name` of `ask` or `confirm`: its answer in the file, if any. A list of several records
    /// is a form's (65).
    func answer(to name: String, partial: Bool) throws -> String? {
        guard records.count <= 1 else {
            Diagnostics.error(tr("\(ControlCharacters.escaped(path)) is a list of \(records.count) records, answers for a form; one question takes a map of names to answers"))
            throw Exit.invalid
        }
        try refuseUnknownNames([name], partial: partial)
        return records.first?.first { $0.name == name }?.text
    }
}

/// A whole small file read into memory (an answers file), or why it cannot be.
enum ByteFile {
    /// Files bigger than this are refused unread: an answers file holds a few answers, or a few thousand records.
    static let limit = 64 << 20

    /// Why a file could not be read.
    struct Problem: Error {
        let why: String
        static var errno: Problem { Problem(why: String(cString: strerror(Glibc.errno))) }
    }

    /// The bytes of `path` (`-`: standard input).
    static func read(_ path: String) throws(Problem) -> [UInt8] {
        let fd = path == "-" ? dup(0) : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw .errno }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw .errno }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            if bytes.count > limit { throw Problem(why: tr("larger than \(limit >> 20) MiB")) }
        }
    }
}
