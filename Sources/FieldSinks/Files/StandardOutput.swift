import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Writes whole lines (or CSV rows) to standard output, one `write` each, so a reader sees every record as soon as it is saved.
enum StandardOutput {
    /// Writes `bytes` whole, retrying after a signal.
    static func write(_ bytes: [UInt8]) throws(SinkError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw SinkError(.io, tr("cannot write standard output: \(String(cString: strerror(errno)))")) }
            offset += n
        }
    }
}
