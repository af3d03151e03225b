// libFuzzer target: the keymap loader (libyaml, the composer, the compiler) on arbitrary bytes, through `lint` as
// `keymaps lint` runs it. Invariant: nothing traps, hangs or exhausts memory (libFuzzer's -timeout and -rss_limit_mb
// turn those into findings); every problem is a positioned diagnostic.
import FieldKeymaps
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// A file in memory-backed /dev/shm for each input (the loader reads paths; tmpfs keeps that cheap).
private let fuzzPath = "/dev/shm/fieldline-fuzz-\(getpid()).yaml"

@_cdecl("LLVMFuzzerTestOneInput")
public func keymapLoaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fd = open(fuzzPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return 0 }
    _ = write(fd, data, size)
    close(fd)
    let loader = KeymapLoader(lookup: KeymapLookup(environment: ["FIELDLINE_KEYMAPS": "/nonexistent", "HOME": "/nonexistent"]))
    for diagnostic in loader.lint(path: fuzzPath) where diagnostic.description.unicodeScalars.contains(where: {
        ControlCharacters.isControl($0) && $0 != "\n"
    }) {
        fatalError("a diagnostic would send a control character to the terminal: \(diagnostic.description.debugDescription)")
    }
    return 0
}
