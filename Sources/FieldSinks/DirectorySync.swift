import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Make the folder entry of a file just created durable: `fsync` on the file covers its data, not its name, so a
/// power cut right after the first confirmed record could otherwise leave no file at all.
func syncParentDirectory(of path: String) throws(SinkError) {
    let folder: String
    if let slash = path.lastIndex(of: "/") {
        folder = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
        folder = "."
    }
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw SinkError(.io, tr("cannot sync the folder of \(path): \(String(cString: strerror(errno)))")) }
    defer { close(fd) }
    // EINVAL: a file system that cannot sync folders (some network ones) has nothing more to do.
    guard fsync(fd) == 0 || errno == EINVAL else {
        throw SinkError(.io, tr("cannot sync the folder of \(path): \(String(cString: strerror(errno)))"))
    }
}
