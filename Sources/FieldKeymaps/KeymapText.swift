#if canImport(Glibc)
import Glibc
#endif

/// The raw text of a keymap file turned into a YAML tree, with every failure positioned.
enum KeymapText {
    /// Read a file's bytes; a diagnostic without position when it cannot be read.
    static func read(path: String) -> Result<[UInt8], KeymapDiagnostic> {
        guard let file = fopen(path, "rb") else {
            return .failure(KeymapDiagnostic(file: path, line: nil, column: nil, message: "cannot read: \(String(cString: strerror(errno)))"))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count {
                if ferror(file) != 0 {
                    return .failure(KeymapDiagnostic(file: path, line: nil, column: nil, message: "cannot read: \(String(cString: strerror(errno)))"))
                }
                break
            }
        }
        return .success(bytes)
    }

    /// Parse bytes into the top-level node: invalid UTF-8, an empty file and YAML syntax errors are positioned.
    static func parse(_ bytes: [UInt8], file: String) -> Result<Located, KeymapDiagnostic> {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let (line, column) = firstInvalidUTF8(bytes)
            return .failure(KeymapDiagnostic(file: file, line: line, column: column, message: "not valid UTF-8"))
        }
        let meaningful = text.split(separator: "\n").contains { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            return !trimmed.isEmpty && trimmed.first != "#" && trimmed != "---" && trimmed != "..."
        }
        guard meaningful else { return .failure(KeymapDiagnostic(file: file, line: 1, column: 1, message: "empty keymap file")) }
        // Every scalar stays text (this loader reads numbers and booleans itself), so no type resolution runs.
        switch YAMLComposer.compose(bytes) {
        case .success(let node?): return .success(Located(node: node, file: file))
        case .success(nil): return .failure(KeymapDiagnostic(file: file, line: 1, column: 1, message: "empty keymap file"))
        case .failure(let error):
            return .failure(KeymapDiagnostic(file: file, line: error.line, column: error.column, message: error.message))
        }
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
