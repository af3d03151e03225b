import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// The input of an import: a file, or standard input (`-`), open for reading.
public final class ImportInput {
    /// As given: a path, or `-`.
    public let source: String
    /// The open descriptor (read by the import; a progress display may ask where it is, `bytesRead`, or wait on it).
    public let fd: Int32
    /// Whether it is a regular file (its size is known; it never waits).
    public let isRegularFile: Bool
    /// Its size in bytes, when it is a regular file.
    public let size: Int?
    /// The absolute path a sink keeps an import's progress under; nil for standard input and for what is not a
    /// regular file (a pipe cannot be read again from its start).
    let absolutePath: String?
    /// Which file it is, kept with the progress to explain a refused `--resume` (nil: not a regular file).
    let identity: InputFileIdentity?

    /// Opens `source` (`-`: standard input, not closed at the end). Throws `.unreadable` when it cannot be read.
    public init(_ source: String) throws(ImportFailure) {
        self.source = source
        let fd: Int32 = source == "-" ? 0 : open(source, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw ImportFailure(.unreadable, tr("cannot read \(source): \(String(cString: strerror(errno)))"))
        }
        self.fd = fd
        var info = stat()
        let regular = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        isRegularFile = regular
        size = regular ? Int(info.st_size) : nil
        identity = regular ? InputFileIdentity(info) : nil
        absolutePath = source == "-" || !regular ? nil : realpath(source, nil).map { path in
            defer { free(path) }
            return String(cString: path)
        }
    }

    /// How far a regular file has been read, in bytes (nil for a pipe or a terminal).
    public var bytesRead: Int? {
        guard isRegularFile else { return nil }
        let offset = lseek(fd, 0, SEEK_CUR)
        return offset >= 0 ? Int(offset) : nil
    }

    /// The input as named in messages: `standard input`, or the path with its controls shown.
    public var label: String { source == "-" ? tr("standard input") : ControlCharacters.escaped(source) }

    deinit { if fd != 0 { close(fd) } }
}
