import FieldKit
internal import CYAML

/// YAML text composed into one positioned `YAMLNode` tree from libyaml's parser events.
///
/// A few dozen lines over libyaml's event API rather than a Swift YAML package, which would link all of Foundation
/// and make `fieldline ask` start slower and take more memory (docs/keymaps.md).
enum YAMLComposer {
    /// Collections nested deeper than this are refused: keymaps nest four levels, and a tree is freed recursively,
    /// so an input of a million `[` must fail here rather than overflow the stack later.
    static let maxDepth = 1000
    /// A document may stand for at most this many nodes once every alias is replaced by what its anchor names: a
    /// few hundred bytes of nested aliases ("billion laughs") would otherwise make every reader walk billions.
    /// Keymaps have a few dozen nodes.
    static let maxNodes = 100_000

    /// The single document in UTF-8 `bytes`, or nil when the stream holds none (only comments, or nothing).
    static func compose(_ bytes: [UInt8]) -> Result<YAMLNode?, YAMLError> {
        // libyaml refuses a null input pointer, which an empty array may give; an empty stream has no document.
        if bytes.isEmpty { return .success(nil) }
        // Heap-allocated because libyaml keeps a pointer to the parser inside the parser (its string read handler).
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { return .failure(YAMLError(line: 1, column: 1, message: tr("YAML: out of memory"))) }
        defer { yaml_parser_delete(parser) }
        return bytes.withUnsafeBufferPointer { input in
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            var builder = TreeBuilder()
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else { return .failure(problem(of: parser, in: bytes)) }
                defer { yaml_event_delete(&event) }
                do throws(YAMLError) {
                    if try builder.take(event) { return .success(builder.root) }
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    /// libyaml's error as `YAML syntax: problem` at its mark: the wording the malformed-keymap corpus pins.
    private static func problem(of parser: UnsafeMutablePointer<yaml_parser_t>, in bytes: [UInt8]) -> YAMLError {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? tr("unknown error")
        let mark = parser.pointee.problem_mark
        switch parser.pointee.error {
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            return YAMLError(line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: tr("YAML syntax: \(problem)"))
        case YAML_READER_ERROR:
            // The reader (control characters, bad encoding) gives a byte offset, not a mark.
            let (line, column) = position(ofByte: Int(parser.pointee.problem_offset), in: bytes)
            return YAMLError(line: line, column: column, message: tr("YAML syntax: \(problem)"))
        default:
            return YAMLError(line: 1, column: 1, message: tr("YAML: out of memory"))
        }
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset, counting line breaks as libyaml does.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1, i = 0
        while i < min(offset, bytes.count) {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if b != 0x0D && b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }
}
