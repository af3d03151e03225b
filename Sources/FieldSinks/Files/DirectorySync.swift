import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Makes the names of files just created next to `path` durable: `fsync` of their folder. A file's own `fsync`
/// makes its contents durable but not its directory entry, so after a power cut a new file that had confirmed
/// records could be gone whole. A file system that cannot sync a folder (EINVAL) is left at that.
func syncParentDirectory(of path: String) throws(SinkError) {
    let folder: String
    if let slash = path.lastIndex(of: "/") {
        folder = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
        folder = "."
    }
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw SinkError(.io, tr("cannot open the folder \(folder): \(String(cString: strerror(errno)))")) }
    defer { close(fd) }
    var status = fsync(fd)
    while status != 0 && errno == EINTR { status = fsync(fd) }
    guard status == 0 || errno == EINVAL else {
        throw SinkError(.io, tr("cannot sync the folder \(folder): \(String(cString: strerror(errno)))"))
    }
}
