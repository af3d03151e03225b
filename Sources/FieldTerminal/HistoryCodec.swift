import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// libedit's own encoding of history entries, used without giving libedit a path to the real file.
///
/// libedit can only write a history to a `FILE *` it may `fchmod` (so not `fmemopen`/`open_memstream`, whose
/// `fileno` is -1) and only read one from a path. Both go through a scratch file in memory (`memfd_create`, or an
/// unlinked `tmpfile()` where memfd is missing): an entry is encoded by saving a one-entry history into it and
/// dropping the header line; a checked copy of the file's bytes is decoded by `H_LOAD` of `/proc/self/fd/N`.
enum HistoryCodec {
    /// One entry as libedit writes it in a history file: the vis-encoded value and a newline.
    static func encode(_ value: String) throws(HistoryProblem) -> [UInt8] {
        guard !value.utf8.contains(0) else { throw HistoryProblem(.codec, tr("the value holds a NUL character")) }
        let scratch = try Scratch()
        switch LibeditHistory.save(value, to: scratch.file) {
        case .done: break
        case .noHistory: throw HistoryProblem(.codec, tr("libedit could not start a history"))
        case .refused: throw HistoryProblem(.codec, tr("libedit could not take the value"))
        case .failed: throw HistoryProblem(.codec, tr("libedit could not encode the value"))
        }
        let bytes = try scratch.contents()
        let line = bytes.dropFirst(HistoryFile.header.count)
        guard bytes.starts(with: HistoryFile.header), line.last == 0x0A, line.firstIndex(of: 0x0A) == line.count - 1 + line.startIndex
        else { throw HistoryProblem(.codec, tr("libedit encoded the value in an unexpected way")) }
        return Array(line)
    }

    /// The entries of a history file's bytes (header first, whole lines), oldest first, at most `limit`.
    static func decode(_ bytes: ArraySlice<UInt8>, limit: Int) throws(HistoryProblem) -> [String] {
        let scratch = try Scratch()
        try HistoryFile.writeAll(fileno(scratch.file), Array(bytes))
        let loaded = LibeditHistory.load(path: "/proc/self/fd/\(fileno(scratch.file))", limit: limit)
        switch loaded.step {
        case .noHistory: throw HistoryProblem(.codec, tr("libedit could not start a history"))
        case .done, .refused, .failed:
            guard let entries = loaded.entries else {
                throw HistoryProblem(.codec, tr("libedit could not read it (is /proc mounted?)"))
            }
            return entries
        }
    }

    /// A read-write `FILE *` on an anonymous file, closed on deinit.
    private final class Scratch {
        let file: UnsafeMutablePointer<FILE>

        init() throws(HistoryProblem) {
            let fd = LibeditHistory.memoryFile()
            if fd >= 0, let file = fdopen(fd, "w+") {
                self.file = file
            } else if let file = tmpfile() {
                if fd >= 0 { close(fd) }
                self.file = file
            } else {
                throw HistoryProblem(.codec, tr("no scratch file for libedit"), errno: errno)
            }
        }

        deinit { fclose(file) }

        /// Everything written so far.
        func contents() throws(HistoryProblem) -> [UInt8] {
            guard fflush(file) == 0 else { throw HistoryProblem(.codec, tr("cannot write a scratch file"), errno: errno) }
            var st = stat()
            guard fstat(fileno(file), &st) == 0 else {
                throw HistoryProblem(.codec, tr("cannot examine a scratch file"), errno: errno)
            }
            return try HistoryFile.readAt(fileno(file), offset: 0, count: Int(st.st_size))
        }
    }
}
