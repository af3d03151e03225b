#if canImport(Glibc)
import Glibc
#endif

/// Writes whole lines to standard output, one `write` each, so a reader sees every record as soon as it is saved.
enum StandardOutput {
    static func writeLine(_ line: String) throws(SinkError) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw SinkError(.io, "cannot write standard output: \(String(cString: strerror(errno)))") }
            offset += n
        }
    }
}
