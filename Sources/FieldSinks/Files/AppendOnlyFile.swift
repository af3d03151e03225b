import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// A file that only grows by whole records, each written with one `write` and made durable with `fsync` before the
/// caller hears it is saved. Every process that writes it does so holding `flock(LOCK_EX)`, so a reader holding the
/// lock never sees another process's record half written.
struct AppendOnlyFile {
    let path: String
    private let fd: Int32

    /// Open the file, creating it if needed; a file this call created has its folder synced, so its name survives
    /// a power cut as surely as the records later synced into it.
    static func open(_ path: String) throws(SinkError) -> AppendOnlyFile {
        let flags = O_RDWR | O_APPEND | O_CLOEXEC | O_NOFOLLOW
        var fd: Int32 = -1
        // O_EXCL first, to know whether this call made the file; a file removed between the two tries is made again.
        for _ in 0..<3 {
            fd = Glibc.open(path, flags | O_CREAT | O_EXCL, 0o644)
            if fd >= 0 {
                do { try syncParentDirectory(of: path) } catch { close(fd); throw error }
                break
            }
            guard errno == EEXIST else { break }
            fd = Glibc.open(path, flags)
            if fd >= 0 || errno != ENOENT { break }
        }
        guard fd >= 0 else { throw SinkError(.io, tr("cannot open \(path): \(String(cString: strerror(errno)))")) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw SinkError(.io, tr("\(path) is not a regular file"))
        }
        return AppendOnlyFile(path: path, fd: fd)
    }

    /// Run `body` holding the file's exclusive lock: what it reads is every other writer's whole records, and
    /// what it appends lands right after them.
    func locked<T>(_ body: () throws(SinkError) -> T) throws(SinkError) -> T {
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw SinkError(.io, tr("cannot lock \(path): \(String(cString: strerror(errno)))")) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The file's bytes from `offset` (the end of the last record this process read) to its end.
    func read(from offset: Int) throws(SinkError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SinkError(.io, tr("cannot read \(path): \(String(cString: strerror(errno)))")) }
        // Records are only ever appended: a file shorter than what was read of it was changed by another program.
        guard Int(info.st_size) >= offset else { throw SinkError(.io, tr("\(path) became shorter while open (changed by another program?)")) }
        // Nothing appended since (the common case: every save catches up first): no buffer to make.
        if Int(info.st_size) == offset { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size) - offset)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset + bytes.count)) }
            if n < 0 { if errno == EINTR { continue }; throw SinkError(.io, tr("cannot read \(path): \(String(cString: strerror(errno)))")) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// The file's size, and where its last line ends (after its `\n`; 0 when it has none): read backwards from the
    /// end, so a large file costs only its last line.
    func lastLineEnd() throws(SinkError) -> (size: Int, end: Int) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SinkError(.io, tr("cannot read \(path): \(String(cString: strerror(errno)))")) }
        let size = Int(info.st_size)
        var chunk = [UInt8](repeating: 0, count: 1 << 12)
        var end = size
        while end > 0 {
            let start = max(0, end - chunk.count)
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, end - start, off_t(start)) }
            if n < 0 && errno == EINTR { continue }
            guard n == end - start else { throw SinkError(.io, tr("cannot read \(path): \(String(cString: strerror(errno)))")) }
            if let last = chunk[0..<n].lastIndex(of: 0x0A) { return (size, start + last + 1) }
            end = start
        }
        return (size, 0)
    }

    /// Move `tail`, the bytes after the last whole record (which ends at `offset`), out of the file: first into a
    /// new `.torn` file beside it (synced, folder too), then cut. Returns the notice for the operator.
    func cut(_ tail: ArraySlice<UInt8>, at offset: Int) throws(SinkError) -> String {
        let kept = try keep(tail)
        guard ftruncate(fd, off_t(offset)) == 0, fsync(fd) == 0 else {
            throw SinkError(.io, tr("cannot repair \(path): \(String(cString: strerror(errno)))"))
        }
        return tr("\(path): the last record is not whole: cut \(tail.count) bytes, kept in \(kept)")
    }

    /// Write `bytes` to the first of `FILE.torn`, `FILE.torn.1`, `FILE.torn.2`, … that does not exist yet, so each
    /// cut is kept exactly as it was and none overwrites an earlier one.
    private func keep(_ bytes: ArraySlice<UInt8>) throws(SinkError) -> String {
        for n in 0..<1000 {
            let name = n == 0 ? path + ".torn" : path + ".torn.\(n)"
            let out = Glibc.open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if out < 0 && errno == EEXIST { continue }
            guard out >= 0 else { throw SinkError(.io, tr("cannot keep the cut bytes of \(path) in \(name): \(String(cString: strerror(errno)))")) }
            var offset = bytes.startIndex
            while offset < bytes.endIndex {
                let written = bytes[offset...].withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
            let failed = offset < bytes.endIndex || fsync(out) != 0
            let reason = String(cString: strerror(errno))
            close(out)
            if failed {
                unlink(name)
                throw SinkError(.io, tr("cannot keep the cut bytes of \(path) in \(name): \(reason)"))
            }
            try syncParentDirectory(of: name)
            return name
        }
        throw SinkError(.io, tr("cannot keep the cut bytes of \(path): \(path).torn.1 to .torn.999 all exist"))
    }

    /// Append bytes (one whole record, or the end of one) and wait until they are on disk; on failure nothing of
    /// them stays.
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
        guard fsync(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            // The record is reported unsaved, so it must not stay to be read back: a retry would store it twice.
            if before >= 0 { _ = ftruncate(fd, before) }
            throw SinkError(.io, tr("cannot sync \(path): \(reason)"))
        }
    }
}
