import FieldKit

/// Reads one record of a JSON Lines import: a flat object of field names to texts or numbers, parsed by the same
/// libyaml-based reader as keymap files (JSON is YAML's flow style), with its limits on size and nesting.
public enum RecordJSON {
    /// The pairs of one line, in order, or why the line is not a flat object. `null` is not a value: leave the key
    /// out for an empty field.
    public static func parse(_ line: String) -> Result<[(name: String, text: String)], RecordProblem> {
        var line = line
        return line.withUTF8 { parse(utf8: $0) }
    }

    /// `parse` of a line given as bytes that are valid UTF-8 (the caller has checked): an import's line is read
    /// where it lies, with no String made of the whole line (a tenth of a plain record's reading and checking).
    public static func parse(utf8 line: UnsafeBufferPointer<UInt8>) -> Result<[(name: String, text: String)], RecordProblem> {
        if let pairs = plainPairs(line) { return .success(pairs) }
        return parseYAML(String(decoding: line, as: UTF8.self))
    }

    /// `parse` by the libyaml reader alone (every line that is not plain; the tests compare the two).
    static func parseYAML(_ line: String) -> Result<[(name: String, text: String)], RecordProblem> {
        let root: Located
        switch KeymapText.parse(yamlReadable(Array(line.utf8)), file: "") {
        case .success(let r): root = r
        case .failure(let d): return .failure(RecordProblem(d.message))
        }
        guard case .mapping(let pairs) = root.node.content else { return .failure(RecordProblem(tr("a record is a JSON object of field names to values"))) }
        var result: [(name: String, text: String)] = []
        for pair in pairs {
            guard case .scalar(let name) = pair.key.content else { return .failure(RecordProblem(tr("a field name must be text"))) }
            guard case .scalar(let text) = pair.value.content else {
                return .failure(RecordProblem(tr("the value of '\(ControlCharacters.escaped(name))' must be text or a number")))
            }
            if result.contains(where: { $0.name == name }) { return .failure(RecordProblem(tr("'\(ControlCharacters.escaped(name))' is given twice"))) }
            result.append((name, text))
        }
        return .success(result)
    }

    /// `line` with what JSON allows in a string but libyaml refuses written as YAML escapes of the same characters:
    /// a surrogate pair escape (`\ud83d\ude00`, as Python's `json` writes every character beyond U+FFFF) as one
    /// `\U0001f600`, and a raw U+FFFE or U+FFFF (as fieldline wrote them before escaping them) as `\ufffe`, `\uffff`.
    static func yamlReadable(_ line: [UInt8]) -> [UInt8] {
        guard line.contains(0x5C) || line.contains(0xEF) else { return line }
        let hex = Array("0123456789abcdef".utf8)
        func hex4(at j: Int) -> UInt32? {
            guard j + 4 <= line.count else { return nil }
            var value: UInt32 = 0
            for byte in line[j..<j + 4] {
                guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        var out: [UInt8] = []
        out.reserveCapacity(line.count + 8)
        var quote: UInt8?  // the quote of the string the scan is in: escapes mean something only in "…"
        var i = 0
        while i < line.count {
            let byte = line[i]
            if quote == nil {
                if byte == 0x22 || byte == 0x27 { quote = byte }
            } else if byte == quote {
                quote = nil  // '' inside '…' closes and reopens: the same text
            } else if quote == 0x22 && byte == 0x5C && i + 1 < line.count {
                if line[i + 1] == 0x75, let high = hex4(at: i + 2), (0xD800...0xDBFF).contains(high),
                   i + 7 < line.count, line[i + 6] == 0x5C, line[i + 7] == 0x75,
                   let low = hex4(at: i + 8), (0xDC00...0xDFFF).contains(low) {
                    let scalar = 0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)
                    out += [0x5C, 0x55] + stride(from: 28, through: 0, by: -4).map { hex[Int(scalar >> UInt32($0) & 0xF)] }
                    i += 12
                    continue
                }
                out += [byte, line[i + 1]]  // an escape, \" and \\ included: the next byte does not end the string
                i += 2
                continue
            } else if quote == 0x22 && byte == 0xEF && i + 2 < line.count && line[i + 1] == 0xBF && line[i + 2] >= 0xBE {
                out += Array(line[i + 2] == 0xBE ? "\\ufffe".utf8 : "\\uffff".utf8)
                i += 3
                continue
            }
            out.append(byte)
            i += 1
        }
        return out
    }
}

/// Why an imported record could not be read.
public struct RecordProblem: Error, Sendable, Equatable {
    /// What is wrong, in one line.
    public let message: String
    /// A problem with this message.
    public init(_ message: String) { self.message = message }
}
