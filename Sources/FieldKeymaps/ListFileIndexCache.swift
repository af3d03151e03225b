import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Where a large list file's search index (`ChoiceListIndex`) is kept between runs: `$XDG_CACHE_HOME/fieldline/`
/// (default `~/.cache/fieldline/`), one file per list file's path and the columns read from it, holding the size, modification time and content
/// hash it was made from. An image is used only when all three match the file as read now and it passes its own
/// checks; otherwise it is rebuilt and replaced whole (written beside it and renamed over it, so two starts building
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

    /// Gives `list`, read from `file` whose bytes were `bytes`, its search index: from `folder` when an image there
    /// was made from this very file read the same way (`settings`: the columns read, which make the terms), else built
    /// (and written there when it can be).
    @discardableResult
    public static func attach(_ list: ChoiceList, file: String, bytes: UnsafeRawBufferPointer, settings: String = "",
                              folder: String?) -> Outcome {
        guard list.choices.count >= minimumRows, list.roots.count == list.choices.count else { return .none }
        var info = stat()
        guard stat(file, &info) == 0 else { return .none }
        let source = ChoiceListIndex.Source(size: UInt64(bytes.count),
                                            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                                            hash: ChoiceListIndex.hash(bytes))
        let path = folder.map { $0 + "/" + name(of: file, settings: settings) }
        if let path, let image = mapped(path, most: 64 * bytes.count + (1 << 20)),
           let index = ChoiceListIndex(memory: image, source: source) {
            list.attach(index)
            return .reused
        }
        let image = list.indexImage(source: source)
        guard let index = image.withUnsafeBytes({ ChoiceListIndex(image: $0, source: source) }) else { return .none }
        list.attach(index)
        guard let folder, let path, makeFolder(folder), replace(path, with: image) else { return .uncached }
        return .built
    }

    /// The cache file's name for a list file read with `settings`: a hash of its absolute path and the settings.
    static func name(of file: String, settings: String = "") -> String {
        var absolute = file
        if let resolved = realpath(file, nil) { absolute = String(cString: resolved); free(resolved) }
        let keyed = absolute + "\u{0}" + settings
        let key = keyed.utf8.withContiguousStorageIfAvailable { ChoiceListIndex.hash(UnsafeRawBufferPointer($0)) }
            ?? Array(keyed.utf8).withUnsafeBytes { ChoiceListIndex.hash($0) }
        let hex = String(key, radix: 16)
        return "list-" + String(repeating: "0", count: 16 - hex.count) + hex + ".index"
    }

    /// A regular file's bytes mapped read-only and private (a file replaced by another start is renamed over,
    /// never written in place, so the mapping keeps the bytes it was opened with), nil when it cannot be mapped,
    /// is empty or is larger than `most`.
    private static func mapped(_ path: String, most: Int) -> ImageMemory? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, info.st_size <= most else { return nil }
        let count = Int(info.st_size)
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

    /// Writes `image` to a fresh file beside `path` and renames it over `path`: a reader sees the old image or the
    /// new one, whole, however many starts write at once.
    private static func replace(_ path: String, with image: [UInt8]) -> Bool {
        let temporary = path + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return false }
        var written = 0
        while written < image.count {
            let n = image.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            written += n
        }
        guard close(fd) == 0, written == image.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
