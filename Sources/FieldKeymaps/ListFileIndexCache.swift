import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Where a large list file's search index (`ChoiceListIndex`) is kept between runs: `$XDG_CACHE_HOME/fieldline/`
/// (default `~/.cache/fieldline/`), one file per list file's path and the columns the list reads from it. An image
/// is used only for the file it was made from: the same device, inode, size, modification and change times (in
/// nanoseconds; any write moves the change time, which no call can set back) and, when the file changed less than
/// `racyNanoseconds` before the image was built (a write in the same clock tick would leave its times as they
/// were), the same XXH3-64 of its bytes. The image's header and block table are checked when it is opened, its
/// body block by block as it is read (`ImageBlocks`; a failed block has the list answer row by row and removes the
/// file). Otherwise it is rebuilt and replaced whole (written beside it and renamed over it, so two starts building
/// at once each leave a whole image). A cache that cannot be read or written only costs the index being built anew.
public enum ListFileIndexCache {
    /// Lists shorter than this are searched row by row, as fast as an index would answer them.
    public static let minimumRows = 1_000

    /// What became of a list's index.
    public enum Outcome: Equatable, Sendable {
        /// Read from the cache.
        case reused
        /// Built and written to the cache.
        case built
        /// Built but not kept: no cache folder, or it cannot be written.
        case uncached
        /// Not indexed: a short list or one in levels.
        case none
    }

    /// The cache folder the environment names: `$XDG_CACHE_HOME/fieldline`, else `$HOME/.cache/fieldline`; nil
    /// when neither is set.
    public static func folder(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/fieldline" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/fieldline" }
        return nil
    }

    /// The cache folder of this process's environment.
    static func processFolder() -> String? {
        var environment: [String: String] = [:]
        for name in ["XDG_CACHE_HOME", "HOME"] { if let value = getenv(name) { environment[name] = String(cString: value) } }
        return folder(environment: environment)
    }

    /// How long after a list file's last change an image built from it must have been started for the file's
    /// times alone to vouch for its bytes: file systems keep times in ticks of up to a second or two.
    static let racyNanoseconds: Int64 = 2_000_000_000

    /// A list file's identity as `stat` gives it (no content hash yet) and the clock when it was taken: taken
    /// before the file is read, so a write after it shows as another identity.
    public struct Identity: Sendable {
        /// Device, inode, size, modification and change times.
        public let source: ChoiceListIndex.Source
        /// When it was taken, nanoseconds since the epoch.
        public let taken: Int64
    }

    /// `file`'s identity now (`now` in nanoseconds since the epoch; the real clock when nil), nil if it cannot be
    /// read.
    public static func identity(of file: String, now: Int64? = nil) -> Identity? {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        var info = stat()
        guard stat(file, &info) == 0 else { return nil }
        func ns(_ t: timespec) -> Int64 { Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec) }
        let source = ChoiceListIndex.Source(size: UInt64(info.st_size), modified: ns(info.st_mtim), hash: 0, changed: ns(info.st_ctim),
                                            device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        return Identity(source: source, taken: now ?? ns(clock))
    }

    /// Whether an image made from `made` and built at `built` is for the file whose identity is now `now`; `hash`
    /// gives the file's content hash, asked only when the file's times cannot vouch for its bytes.
    static func accepts(_ made: ChoiceListIndex.Source, built: Int64, now: ChoiceListIndex.Source, hash: () -> UInt64) -> Bool {
        guard made.device == now.device, made.inode == now.inode, made.size == now.size, made.modified == now.modified,
              made.changed == now.changed else { return false }
        let settled = made.changed < built - racyNanoseconds && made.modified < built - racyNanoseconds
        return settled || made.hash == hash()
    }

    /// Gives `list`, read from `file` (whose identity before it was read was `identity`) with `settings` (the
    /// columns it reads, as text), its search index: from `folder` when an image there was made from this very
    /// file with these settings, else built (and written there when it can be). `contentHash` gives the XXH3-64 of
    /// the bytes the list was read from; it is asked only to build an image or to check one made within
    /// `racyNanoseconds` of its file's last change.
    @discardableResult
    public static func attach(_ list: ChoiceList, file: String, identity: Identity, settings: String = "", folder: String?,
                              contentHash: () -> UInt64) -> Outcome {
        guard list.choices.count >= minimumRows, list.roots.count == list.choices.count else { return .none }
        var hashed: UInt64?
        func hash() -> UInt64 {
            if let hashed { return hashed }
            let value = contentHash()
            hashed = value
            return value
        }
        let path = folder.map { $0 + "/" + name(of: file, settings: settings) }
        if let path, let (image, info) = mapped(path, most: 64 * Int(clamping: identity.source.size) + (1 << 20)) {
            let cached = Cached(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            if let index = ChoiceListIndex(memory: image, accepting: { accepts($0, built: $1, now: identity.source, hash: hash) },
                                           whenDamaged: { cached.remove() }) {
                list.attach(index)
                return .reused
            }
        }
        var source = identity.source
        source.hash = hash()
        let sections = list.indexSections()
        if let folder, let path, makeFolder(folder), let image = written(sections, source: source, built: identity.taken, to: path),
           let index = ChoiceListIndex(memory: image, accepting: { _, _ in true }) {
            list.attach(index)
            return .built
        }
        var bytes: [UInt8] = []
        sections.write(source: source, built: identity.taken) { bytes.append(contentsOf: $0); return true }
        guard let index = bytes.withUnsafeBytes({ ChoiceListIndex(image: $0, source: source) }) else { return .none }
        list.attach(index)
        return .uncached
    }

    /// A cache file as it was mapped: removed when its body turns out damaged, unless another start has renamed a
    /// new image over it since.
    private struct Cached: Sendable {
        let path: String
        let device: UInt64
        let inode: UInt64

        func remove() {
            var info = stat()
            guard stat(path, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else { return }
            unlink(path)
        }
    }

    /// The cache file's name for a list file and the columns read from it: a hash of the file's absolute path and
    /// of `settings`.
    static func name(of file: String, settings: String = "") -> String {
        var absolute = file
        if let resolved = realpath(file, nil) { absolute = String(cString: resolved); free(resolved) }
        let keyed = Array((absolute + "\u{0}" + settings).utf8)
        let key = keyed.withUnsafeBytes { ChoiceListIndex.hash($0) }
        let hex = String(key, radix: 16)
        return "list-" + String(repeating: "0", count: 16 - hex.count) + hex + ".index"
    }

    /// A regular file's bytes mapped read-only and private (a file replaced by another start is renamed over,
    /// never written in place, so the mapping keeps the bytes it was opened with), with its status; nil when it
    /// cannot be mapped, is empty or is larger than `most`.
    private static func mapped(_ path: String, most: Int) -> (ImageMemory, stat)? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, info.st_size <= most,
              let memory = mapped(fd, count: Int(info.st_size)) else { return nil }
        return (memory, info)
    }

    /// `count` bytes of the open file `fd` mapped read-only and private.
    private static func mapped(_ fd: Int32, count: Int) -> ImageMemory? {
        guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        return ImageMemory(lent: UnsafeRawBufferPointer(start: base, count: count)) { bytes in
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        }
    }

    /// The folder and its parents, made where missing (for this user only).
    private static func makeFolder(_ folder: String) -> Bool {
        var made = ""
        for part in folder.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    /// Writes the image of `sections` to a fresh file beside `path`, section by section, maps it and renames it over
    /// `path`: a reader sees the old image or the new one, whole, however many starts write at once. The image as
    /// mapped, nil when it cannot be written.
    private static func written(_ sections: ChoiceListIndex.Sections, source: ChoiceListIndex.Source, built: Int64,
                                to path: String) -> ImageMemory? {
        let temporary = path + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        let fd = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return nil }
        var count = 0
        let whole = sections.write(source: source, built: built) { piece in
            var at = 0
            while at < piece.count {
                let n = write(fd, piece.baseAddress! + at, piece.count - at)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                at += n
            }
            count += at
            return true
        }
        let memory = whole ? mapped(fd, count: count) : nil
        guard close(fd) == 0, let memory, rename(temporary, path) == 0 else {
            unlink(temporary)
            return nil
        }
        return memory
    }
}
