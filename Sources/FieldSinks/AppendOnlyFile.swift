import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// A file that only grows by whole records, each written with one `write` and made durable with `fsync` before the
/// caller hears it is saved. The sink that opens it cuts off a record that a crash cut short (`truncate`), so no
/// half record is ever read back or continued.
struct AppendOnlyFile {
    let path: String
    private let fd: Int32

    /// Open (creating it if needed) and return it with its contents.
    static func open(_ path: String) throws(SinkError) -> (AppendOnlyFile, [UInt8]) {
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw SinkError(.io, tr("cannot open \(path): \(String(cString: strerror(errno)))")) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw SinkError(.io, tr("\(path) is not a regular file"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if n < 0 { if errno == EINTR { continue }; close(fd); throw SinkError(.io, tr("cannot read \(path): \(String(cString: strerror(errno)))")) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return (AppendOnlyFile(path: path, fd: fd), bytes)
    }

    /// Cut the file to its first `length` bytes (the end of its last whole record) and make that durable: the tail
    /// of a write that a crash cut short was never confirmed, so it goes.
    func truncate(to length: Int) throws(SinkError) {
        guard ftruncate(fd, off_t(length)) == 0, fsync(fd) == 0 else {
            throw SinkError(.io, tr("cannot repair \(path): \(String(cString: strerror(errno)))"))
        }
    }

    /// Append one line (the newline is added) and wait until it is on disk.
    func append(_ line: String) throws(SinkError) {
        try append(bytes: Array(line.utf8) + [0x0A])
    }

    /// Append bytes (one whole record) and wait until they are on disk; on failure nothing of them stays.
    func append(bytes: [UInt8]) throws(SinkError) {
        let before = lseek(fd, 0, SEEK_END)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                // Take back a part-written line, so the next record does not continue it.
                if before >= 0 { _ = ftruncate(fd, before) }
                throw SinkError(.io, tr("cannot write \(path): \(reason)"))
            }
            offset += n
        }
        guard fsync(fd) == 0 else { throw SinkError(.io, tr("cannot sync \(path): \(String(cString: strerror(errno)))")) }
    }
}
