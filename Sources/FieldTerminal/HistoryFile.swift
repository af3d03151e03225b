import FieldKit
import FieldKeymaps
#if canImport(Glibc)
import Glibc
#endif

/// Why a history file is not used, or a value not saved: one line of text for the warning.
struct HistoryProblem: Error, Equatable {
    enum Kind: Equatable {
        case symlink, notRegular, notHistory, tooLarge, readOnly, folder, open, busy, io, codec
    }

    let kind: Kind
    let reason: String

    init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// `what: strerror(code)`.
    init(_ kind: Kind, _ what: String, errno code: Int32) {
        self.init(kind, "\(what): \(String(cString: strerror(code)))")
    }
}

/// A libedit history file (`_HiStOrY_V2_`, then one vis-encoded entry a line), opened once and checked before
/// anything is read or written (docs/adapter.md, "History file").
///
/// The file itself is never opened through a symbolic link, never blocks (a FIFO), and is never written or
/// chmod-ed unless it is a regular file that is empty or starts with libedit's header line. A missing file is
/// created 0600. Saving appends one entry under `flock(LOCK_EX)`, so prompts finishing together lose nothing;
/// past `compactThreshold` bytes the file is rewritten (a temporary file renamed over it) to its newest entries.
final class HistoryFile {
    /// A larger file is refused.
    static let loadLimit = 1 << 20
    /// An append that takes the file past this size compacts it.
    static let compactThreshold = 256 << 10
    /// A compaction keeps at most this many bytes of entries, so the next one is at least as far away.
    static let compactKeepBytes = 128 << 10
    /// Entries kept in memory and by a compaction.
    static let maxEntries = 1000
    /// How long to wait for another prompt's lock before giving up.
    static let lockWaitSeconds = 5.0
    /// libedit's first line.
    static let header: [UInt8] = Array("_HiStOrY_V2_\n".utf8)

    /// The path as given (for messages).
    let path: String
    /// Opened for writing; a read-only file can still be loaded.
    let writable: Bool
    /// The folder, so later calls resolve the name in the folder opened at start.
    private let folder: Int32
    private let name: String
    /// The checked file (`O_APPEND`), or its read-only descriptor.
    private let fd: Int32

    private init(path: String, folder: Int32, name: String, fd: Int32, writable: Bool) {
        self.path = path
        self.folder = folder
        self.name = name
        self.fd = fd
        self.writable = writable
    }

    deinit {
        close(fd)
        close(folder)
    }

    // MARK: Opening

    /// Opens and checks `path`, creating it (0600, with libedit's header) when it does not exist.
    static func open(_ path: String) throws(HistoryProblem) -> HistoryFile {
        guard !path.isEmpty else { throw HistoryProblem(.open, tr("no file name")) }
        let (folderPath, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw HistoryProblem(.notRegular, tr("not a regular file (a folder)"))
        }
        let folder = Glibc.open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw HistoryProblem(.folder, tr("cannot open its folder"), errno: errno) }
        do throws(HistoryProblem) {
            let (fd, writable, created) = try openChecked(in: folder, name)
            let file = HistoryFile(path: path, folder: folder, name: name, fd: fd, writable: writable)
            if created { file.writeHeaderIfEmpty() }
            return file
        } catch {
            close(folder)
            throw error
        }
    }

    /// `dir/name` → (`dir`, `name`); `name` → (`.`, `name`); `/name` → (`/`, `name`).
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// Opens `name` in `folder` without following a link and without blocking, then checks that it is a regular
    /// file, small enough, and empty or a libedit history file. Creates it when missing.
    private static func openChecked(in folder: Int32, _ name: String) throws(HistoryProblem)
        -> (fd: Int32, writable: Bool, created: Bool)
    {
        // Not even opened when it is plainly something else (opening a device can have effects); the `fstat` after
        // opening is the check that counts.
        var seen = stat()
        if fstatat(folder, name, &seen, AT_SYMLINK_NOFOLLOW) == 0, let kind = FileKind.name(seen.st_mode) {
            if seen.st_mode & S_IFMT == S_IFLNK { throw HistoryProblem(.symlink, tr("is a symbolic link")) }
            throw HistoryProblem(.notRegular, tr("not a regular file (\(kind))"))
        }
        let common = O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        var fd: Int32 = -1
        var writable = true
        var created = false
        for _ in 0..<4 where fd < 0 {
            fd = openat(folder, name, O_RDWR | O_APPEND | common)
            if fd >= 0 { break }
            let code = errno
            switch code {
            case ELOOP: throw HistoryProblem(.symlink, tr("is a symbolic link"))
            case EISDIR: throw HistoryProblem(.notRegular, tr("not a regular file (a folder)"))
            case ENXIO: throw HistoryProblem(.notRegular, tr("not a regular file"))
            case ENOENT:
                fd = openat(folder, name, O_RDWR | O_APPEND | O_CREAT | O_EXCL | common, 0o600)
                if fd >= 0 { created = true; break }
                if errno == EEXIST { continue }  // created by someone else meanwhile: open it as it is
                throw HistoryProblem(.open, tr("cannot create it"), errno: errno)
            case EACCES, EROFS, EPERM, ETXTBSY:
                fd = openat(folder, name, O_RDONLY | common)
                if fd >= 0 { writable = false; break }
                if errno == ELOOP { throw HistoryProblem(.symlink, tr("is a symbolic link")) }
                throw HistoryProblem(.open, tr("cannot open it"), errno: errno)
            default:
                throw HistoryProblem(.open, tr("cannot open it"), errno: code)
            }
        }
        guard fd >= 0 else { throw HistoryProblem(.open, tr("cannot open it: it keeps appearing and disappearing")) }
        do throws(HistoryProblem) {
            var st = stat()
            guard fstat(fd, &st) == 0 else { throw HistoryProblem(.io, tr("cannot examine it"), errno: errno) }
            if let kind = FileKind.name(st.st_mode) { throw HistoryProblem(.notRegular, tr("not a regular file (\(kind))")) }
            guard Int(st.st_size) <= loadLimit else { throw HistoryProblem(.tooLarge, tr("larger than 1 MiB")) }
            try checkHeader(fd, size: Int(st.st_size))
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
                throw HistoryProblem(.io, tr("cannot set it up"), errno: errno)
            }
        } catch {
            close(fd)
            throw error
        }
        return (fd, writable, created)
    }


    /// An empty file, or a first line that is exactly libedit's header (with or without its newline).
    private static func checkHeader(_ fd: Int32, size: Int) throws(HistoryProblem) {
        guard size > 0 else { return }
        let head = try readAt(fd, offset: 0, count: header.count)
        guard head == header || (size == header.count - 1 && head == Array(header.dropLast())) else {
            throw HistoryProblem(.notHistory, tr("not a libedit history file (its first line is not _HiStOrY_V2_)"))
        }
    }

    /// A file this process just created gets libedit's header, under the lock in case another prompt has
    /// already appended to it.
    private func writeHeaderIfEmpty() {
        guard (try? Self.lock(fd)) != nil else { return }
        defer { flock(fd, LOCK_UN) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size == 0 else { return }
        if (try? Self.writeAll(fd, Self.header)) == nil { ftruncate(fd, 0) }
    }

    // MARK: Loading

    /// The entries, oldest first (at most `maxEntries`), decoded by libedit. A torn last line is left out.
    func load() throws(HistoryProblem) -> [String] {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw HistoryProblem(.io, tr("cannot examine it"), errno: errno) }
        guard Int(st.st_size) <= Self.loadLimit else { throw HistoryProblem(.tooLarge, tr("larger than 1 MiB")) }
        let bytes = try Self.readAt(fd, offset: 0, count: Int(st.st_size) + 1)
        guard bytes.count <= Self.loadLimit else { throw HistoryProblem(.tooLarge, tr("larger than 1 MiB")) }
        guard !bytes.isEmpty else { return [] }
        try Self.checkHeader(fd, size: bytes.count)
        guard let end = bytes.lastIndex(of: 0x0A), end >= Self.header.count else { return [] }
        return try HistoryCodec.decode(bytes[...end], limit: Self.maxEntries)
    }

    // MARK: Saving

    /// What `append` did.
    enum AppendOutcome: Equatable {
        case saved
        /// The value equals the newest entry in the file.
        case duplicate
        /// Saved, but the file could not be compacted.
        case savedNotCompacted(HistoryProblem)
    }

    /// Appends `value` as one entry, unless it equals the newest entry; compacts the file when it has grown past
    /// `compactThreshold`. Everything happens under the file's lock, on the file the path names now.
    @discardableResult
    func append(_ value: String) throws(HistoryProblem) -> AppendOutcome {
        guard writable else { throw HistoryProblem(.readOnly, tr("read-only")) }
        let line = try HistoryCodec.encode(value)
        let (fd, owned) = try lockCurrent()
        defer {
            flock(fd, LOCK_UN)
            if owned { close(fd) }
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw HistoryProblem(.io, tr("cannot examine it"), errno: errno) }
        let size = Int(st.st_size)
        try Self.checkHeader(fd, size: size)
        if size >= line.count + 1, try Self.readAt(fd, offset: size - line.count - 1, count: line.count + 1) == [0x0A] + line {
            return .duplicate
        }
        var bytes: [UInt8] = []
        if size == 0 {
            bytes = Self.header
        } else if try Self.readAt(fd, offset: size - 1, count: 1) != [0x0A] {
            bytes = [0x0A]  // a torn or hand-edited last line: never glue the entry to it
        }
        bytes += line
        do {
            try Self.writeAll(fd, bytes)
        } catch {
            ftruncate(fd, off_t(size))
            throw error
        }
        guard size + bytes.count > Self.compactThreshold else { return .saved }
        do {
            try compact(fd, newest: line.count)
        } catch {
            return .savedNotCompacted(error)
        }
        return .saved
    }

    /// Locks the file the path names now: after the lock is taken the path is checked to still name the locked
    /// inode (another prompt may have compacted it, or someone replaced it), and the file is reopened and checked
    /// again if not. Returns the locked descriptor and whether the caller must close it.
    private func lockCurrent() throws(HistoryProblem) -> (fd: Int32, owned: Bool) {
        var fd = self.fd
        var owned = false
        for _ in 0..<16 {
            do {
                try Self.lock(fd)
            } catch {
                if owned { close(fd) }
                throw error
            }
            if Self.sameInode(fd, folder, name) { return (fd, owned) }
            flock(fd, LOCK_UN)
            if owned { close(fd) }
            let reopened = try Self.openChecked(in: folder, name)
            guard reopened.writable else {
                close(reopened.fd)
                throw HistoryProblem(.readOnly, tr("read-only"))
            }
            (fd, owned) = (reopened.fd, true)
        }
        if owned { close(fd) }
        throw HistoryProblem(.busy, tr("it keeps being replaced"))
    }

    /// Whether `name` in `folder` (not following a link) is the file open as `fd`.
    static func sameInode(_ fd: Int32, _ folder: Int32, _ name: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// `flock(LOCK_EX)`, polling so that a lock held forever costs `lockWaitSeconds`, not a hang.
    static func lock(_ fd: Int32) throws(HistoryProblem) {
        let start = now()
        var pause: UInt32 = 500
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else { throw HistoryProblem(.io, tr("cannot lock it"), errno: code) }
            guard now() - start < lockWaitSeconds else {
                throw HistoryProblem(.busy, tr("locked by another program for more than 5 s"))
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// Monotonic seconds.
    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    // MARK: Compaction

    /// Rewrites the locked file `fd` to libedit's header and its newest entries (at most `maxEntries` and
    /// `compactKeepBytes`, always the newest one): a temporary file in the same folder, created 0600, given the
    /// file's owner and permission bits, synced, then renamed over the name, so a crash leaves either file whole.
    private func compact(_ fd: Int32, newest: Int) throws(HistoryProblem) {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw HistoryProblem(.io, tr("cannot examine it"), errno: errno) }
        let size = Int(st.st_size)
        let count = min(size, max(Self.compactKeepBytes, newest) + 1)
        let tail = try Self.readAt(fd, offset: size - count, count: count)
        var start = tail.startIndex
        if size - count == 0 {
            start += Self.header.count
        } else if let newline = tail.firstIndex(of: 0x0A) {
            start = newline + 1  // the first line may be cut: drop it
        }
        var lines = tail[start...].split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var kept = Self.header
        for line in lines.suffix(Self.maxEntries) {
            kept += line
            kept.append(0x0A)
        }

        var temp = ""
        var tfd: Int32 = -1
        for _ in 0..<8 where tfd < 0 {
            temp = ".fieldline-history-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
            tfd = openat(folder, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if tfd < 0 && errno != EEXIST { break }
        }
        guard tfd >= 0 else { throw HistoryProblem(.io, tr("cannot create a file in its folder"), errno: errno) }
        var renamed = false
        defer {
            close(tfd)
            if !renamed { unlinkat(folder, temp, 0) }
        }
        try Self.writeAll(tfd, kept)
        if st.st_uid != geteuid() || st.st_gid != getegid() {
            guard fchown(tfd, st.st_uid, st.st_gid) == 0 else {
                throw HistoryProblem(.io, tr("cannot give the shortened copy the file's owner"), errno: errno)
            }
        }
        guard fchmod(tfd, st.st_mode & 0o666) == 0, fsync(tfd) == 0 else {
            throw HistoryProblem(.io, tr("cannot write the shortened copy"), errno: errno)
        }
        guard Self.sameInode(fd, folder, name) else { return }  // replaced behind the lock: leave it be
        guard renameat(folder, temp, folder, name) == 0 else {
            throw HistoryProblem(.io, tr("cannot replace it with the shortened copy"), errno: errno)
        }
        renamed = true
    }

    // MARK: Reading and writing

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    static func readAt(_ fd: Int32, offset: Int, count: Int) throws(HistoryProblem) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw HistoryProblem(.io, tr("cannot read it"), errno: errno)
            }
            if n == 0 { break }
            done += n
        }
        bytes.removeLast(count - done)
        return bytes
    }

    /// Writes all of `bytes` (one `write` unless the kernel takes less).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(HistoryProblem) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw HistoryProblem(.io, tr("cannot write it"), errno: errno)
            }
            done += n
        }
    }
}
