import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// What kind of file a mode describes, for messages (keymap and data files here, the history file in FieldTerminal).
package enum FileKind {
    /// Nil for a regular file, else what it is (`a folder`, `a FIFO`…).
    package static func name(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return tr("a folder")
        case S_IFIFO: return tr("a FIFO")
        case S_IFCHR: return tr("a character device")
        case S_IFBLK: return tr("a block device")
        case S_IFSOCK: return tr("a socket")
        case S_IFLNK: return tr("a symbolic link")
        default: return tr("an unknown kind of file")
        }
    }
}

/// The raw text of a keymap file turned into a YAML tree, with every failure positioned.
enum KeymapText {
    /// Read a file's bytes; a diagnostic without position when it cannot be read, is not a regular file (a FIFO
    /// would block, `/dev/zero` never ends) or is larger than `KeymapLimits.fileBytes`.
    static func read(path: String, cap: Int = KeymapLimits.fileBytes, what: String = tr("keymap files")) -> Result<[UInt8], KeymapDiagnostic> {
        func failure(_ message: String) -> Result<[UInt8], KeymapDiagnostic> {
            .failure(KeymapDiagnostic(file: path, line: nil, column: nil, message: message))
        }
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; the type is checked before any read.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return failure(tr("cannot read: \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return failure(tr("cannot read: \(String(cString: strerror(errno)))")) }
        if let kind = FileKind.name(info.st_mode) { return failure(tr("not a regular file (\(kind))")) }
        guard info.st_size <= cap else { return failure(tr("larger than \(cap / 1024) KiB, the limit for \(what)")) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return failure(tr("cannot read: \(String(cString: strerror(errno)))"))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            // The file may grow while it is read: the limit holds for what is read, too.
            if bytes.count > cap { return failure(tr("larger than \(cap / 1024) KiB, the limit for \(what)")) }
        }
        return .success(bytes)
    }

    /// Parse bytes into the top-level node: invalid UTF-8, an empty file and YAML syntax errors are positioned.
    static func parse(_ bytes: [UInt8], file: String) -> Result<Located, KeymapDiagnostic> {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            let (line, column) = firstInvalidUTF8(bytes)
            return .failure(KeymapDiagnostic(file: file, line: line, column: column, message: tr("not valid UTF-8")))
        }
        guard hasContent(bytes) else { return .failure(KeymapDiagnostic(file: file, line: 1, column: 1, message: tr("empty keymap file"))) }
        // Every scalar stays text (this loader reads numbers and booleans itself), so no type resolution runs.
        switch YAMLComposer.compose(bytes) {
        case .success(let node?): return .success(Located(node: node, file: file))
        case .success(nil): return .failure(KeymapDiagnostic(file: file, line: 1, column: 1, message: tr("empty keymap file")))
        case .failure(let error):
            return .failure(KeymapDiagnostic(file: file, line: error.line, column: error.column, message: error.message))
        }
    }

    /// Whether a line holds more than blanks, a `#` comment or a document marker (`---`, `...`), read as bytes up
    /// to the first that does. LF or CRLF ends a line: splitting the text by Character had kept a CRLF file whole
    /// (`\r\n` is one Character), so one starting with a comment was called empty, and cost a tenth of a picker's
    /// start-up on its keymap's Chinese comments.
    static func hasContent(_ bytes: [UInt8]) -> Bool {
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var first = start, last = end
            while first < last && (bytes[first] == 0x20 || bytes[first] == 0x09 || bytes[first] == 0x0D) { first += 1 }
            while last > first && bytes[last - 1] == 0x0D { last -= 1 }
            let line = bytes[first..<last]
            if !line.isEmpty && line.first != UInt8(ascii: "#") && !line.elementsEqual("---".utf8) && !line.elementsEqual("...".utf8) {
                return true
            }
            start = end + 1
        }
        return false
    }

    /// 1-based line and column (in characters) of the first byte that breaks UTF-8.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> (Int, Int) {
        var line = 1, lineStart = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0
            let ok = length > 0 && i + length <= bytes.count
                && String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil
            if !ok {
                let column = String(decoding: bytes[lineStart..<i], as: UTF8.self).unicodeScalars.count + 1
                return (line, column)
            }
            if b == 0x0A { line += 1; lineStart = i + 1 }
            i += length
        }
        return (line, 1)
    }
}
