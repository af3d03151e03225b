#if canImport(Glibc)
import Glibc
#endif

/// Where a keymap comes from.
public enum KeymapOrigin: Sendable, Equatable {
    /// A file on disk.
    case file(String)
    /// Built into the binary (a copy of the repository's `keymaps/NAME.yaml`).
    case shipped(String)

    /// What makes two origins the same keymap: the resolved path of a file (so `a.yaml` and `/dir/a.yaml` match).
    var identity: String {
        switch self {
        case .file(let path):
            guard let resolved = realpath(path, nil) else { return path }
            defer { free(resolved) }
            return String(cString: resolved)
        case .shipped(let name): return "<shipped>/" + name
        }
    }

    /// How diagnostics name it.
    public var label: String {
        switch self {
        case .file(let path): return path
        case .shipped(let name): return "<shipped>/\(name).yaml"
        }
    }
}

/// The keymap search path: `$FIELDLINE_KEYMAPS` (colon-separated folders), then
/// `$XDG_CONFIG_HOME/fieldline/keymaps` (default `~/.config/fieldline/keymaps`), then the shipped set.
public struct KeymapLookup: Sendable {
    /// Folders searched before the shipped set, first match wins.
    public let folders: [String]

    /// The search path from this process's environment.
    public init() {
        var environment: [String: String] = [:]
        for name in ["FIELDLINE_KEYMAPS", "XDG_CONFIG_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        self.init(environment: environment)
    }

    /// The search path from an environment (tests pass their own).
    public init(environment: [String: String]) {
        var folders: [String] = []
        if let list = environment["FIELDLINE_KEYMAPS"] {
            folders += list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            folders.append(xdg + "/fieldline/keymaps")
        } else if let home = environment["HOME"], !home.isEmpty {
            folders.append(home + "/.config/fieldline/keymaps")
        }
        self.folders = folders
    }

    /// An argument that names a file rather than a keymap: it has a slash or a YAML extension.
    public static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml")
    }

    /// Where a name resolves: the first match on the search path.
    public func locate(_ name: String) -> KeymapOrigin? { candidates(name).first }

    /// Where `extends: NAME` from `origin` resolves: the next match after `origin` on the search path, so a
    /// user file can extend the keymap it overrides (and a chain of overrides walks down the path).
    public func locate(_ name: String, after origin: KeymapOrigin) -> KeymapOrigin? {
        let list = candidates(name)
        if let index = list.firstIndex(where: { $0.identity == origin.identity }) {
            return index + 1 < list.count ? list[index + 1] : nil
        }
        return list.first
    }

    /// Every file or shipped keymap called `name`, in search order.
    private func candidates(_ name: String) -> [KeymapOrigin] {
        var list: [KeymapOrigin] = []
        for folder in folders {
            for ext in ["yaml", "yml"] {
                let path = folder + "/" + name + "." + ext
                if access(path, R_OK) == 0 { list.append(.file(path)) }
            }
        }
        if ShippedKeymaps.files[name] != nil { list.append(.shipped(name)) }
        return list
    }

    /// Every keymap name visible on the search path, with the origin that wins.
    public func all() -> [(name: String, origin: KeymapOrigin)] {
        var found: [String: KeymapOrigin] = [:]
        for folder in folders.reversed() {
            for file in Self.entries(of: folder).sorted().reversed() where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
                let name = String(file[..<file.lastIndex(of: ".")!])
                found[name] = .file(folder + "/" + file)
            }
        }
        for name in ShippedKeymaps.files.keys where found[name] == nil { found[name] = .shipped(name) }
        return found.keys.sorted().map { ($0, found[$0]!) }
    }

    /// The names in a folder (without `.` and `..`); none when it cannot be read, like a missing folder.
    private static func entries(of folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard name != "." && name != ".." else { continue }
            // Only regular files (or links to them) are keymaps: a FIFO would block a scan and `/dev/zero` never
            // ends. `keymaps lint` on such an entry says why (KeymapText.read).
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            names.append(name)
        }
        return names
    }
}
