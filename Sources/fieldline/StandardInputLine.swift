#if canImport(Glibc)
import Glibc
#endif

/// The one line `ask` reads from stdin when there is no terminal, read with a bound: a line of any length must not
/// take memory of its length.
enum StandardInputLine {
    /// The first line of stdin without its newline, as bytes; nil when stdin is empty or unreadable. A line longer
    /// than `limit` comes back as its first `limit + 1` bytes (so the checker refuses it for its length) and the
    /// rest is not read.
    static func read(atMost limit: Int) -> [UInt8]? {
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var sawInput = false
        while line.count <= limit {
            // One byte past the limit at most, so a pipe's next line (another reader's) is not taken needlessly.
            let wanted = min(chunk.count, limit + 1 - line.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, wanted) }
            if n < 0 { if errno == EINTR { continue }; break }
            if n == 0 { break }
            sawInput = true
            if let newline = chunk[0..<n].firstIndex(of: 0x0A) {
                line += chunk[0..<newline]
                return line
            }
            line += chunk[0..<n]
        }
        return sawInput ? line : nil
    }
}
