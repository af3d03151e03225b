import FieldKit

/// The scanner behind `RecordJSON`: one pass over a line's bytes, an index and a scratch buffer for texts with
/// escapes. Every method either moves past what it read or throws the problem with its column.
struct RecordJSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    /// A text with escapes, decoded; reused from one text to the next.
    private var scratch: [UInt8] = []
    /// Whether bytes that are not UTF-8 inside a text are taken as U+FFFD rather than refused.
    private let lossy: Bool
    /// The fields for which `true` and `false` are read as `yes` and `no` (`FormSpec.yesNoFields`).
    private let yesNoFields: Set<String>
    /// The names whose values were JSON numbers, kept as written: a field that refuses that text is told so.
    private(set) var numberNames: [String] = []
    /// Whether the value `value(of:)` read last was a number.
    private var readNumber = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, lossy: Bool = false, yesNoFields: Set<String> = []) {
        self.bytes = bytes
        self.lossy = lossy
        self.yesNoFields = yesNoFields
    }

    /// Names a record holds before repeats are looked up in a set rather than one by one.
    private static let namesSearchedInOrder = 16

    /// The whole line as one object: its pairs in order, `null` ones left out.
    mutating func object() throws(RecordProblem) -> [RecordJSON.Pair] {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else {
            throw RecordProblem(tr("a record is a JSON object of field names to values"))
        }
        i += 1
        var pairs: [RecordJSON.Pair] = []
        pairs.reserveCapacity(8)  // one allocation for a record of a few fields, not one per doubling
        // A name given twice is refused whatever its values: the names of `null` values are kept too.
        var nullNames: [String] = []
        var nameSet: Set<String> = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return try end(pairs)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw unexpected(tr("a field name in double quotes")) }
            let name = try text()
            let count = pairs.count + nullNames.count
            if count < Self.namesSearchedInOrder
                ? pairs.contains(where: { $0.name == name }) || nullNames.contains(name) : !nameSet.insert(name).inserted {
                throw RecordProblem(tr("'\(ControlCharacters.escaped(name))' is given twice"))
            }
            if count + 1 == Self.namesSearchedInOrder { nameSet = Set(pairs.map(\.name) + nullNames + [name]) }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw unexpected(tr("':' after the field name")) }
            i += 1
            skipSpace()
            if let text = try value(of: name) {
                pairs.append((name, text))
                if readNumber { numberNames.append(name) }
            } else {
                nullNames.append(name)
            }
            skipSpace()
            guard i < bytes.count else { throw unexpected(tr("',' or '}'")) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == UInt8(ascii: "}") else { throw unexpected(tr("',' or '}'")) }
            i += 1
            return try end(pairs)
        }
    }

    /// `pairs`, once nothing but white space follows the closing brace.
    private mutating func end(_ pairs: [RecordJSON.Pair]) throws(RecordProblem) -> [RecordJSON.Pair] {
        skipSpace()
        guard i == bytes.count else { throw unexpected(tr("nothing after the record's closing '}'")) }
        return pairs
    }

    /// The value of field `name` as text (a number as it is written); nil for `null`.
    private mutating func value(of name: String) throws(RecordProblem) -> String? {
        guard i < bytes.count else { throw unexpected(tr("a value: text in double quotes, a number or null")) }
        readNumber = false
        switch bytes[i] {
        case UInt8(ascii: "\""):
            do { return try text() } catch { throw RecordProblem(error.message, field: name) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            readNumber = true
            return try number()
        case UInt8(ascii: "n") where word("null"): return nil
        case UInt8(ascii: "t") where word("true"):
            guard yesNoFields.contains(name) else { throw RecordProblem(valueOf: name, tr("true is a JSON boolean, which only a yes/no field takes; give a string")) }
            return "yes"
        case UInt8(ascii: "f") where word("false"):
            guard yesNoFields.contains(name) else { throw RecordProblem(valueOf: name, tr("false is a JSON boolean, which only a yes/no field takes; give a string")) }
            return "no"
        case UInt8(ascii: "{"): throw RecordProblem(valueOf: name, tr("a JSON object is not a value; give a string (a record is one flat object)"))
        case UInt8(ascii: "["): throw RecordProblem(valueOf: name, tr("a JSON array is not a value; give a string"))
        default: throw unexpected(tr("a value: text in double quotes, a number or null"))
        }
    }

    /// Whether the literal `literal` stands here, not followed by more of a word; moves past it when it does.
    private mutating func word(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        for k in 0..<count where bytes[i + k] != literal.utf8Start[k] { return false }
        if i + count < bytes.count, Self.isWordByte(bytes[i + count]) { return false }
        i += count
        return true
    }

    /// A number by RFC 8259's grammar (`-? int frac? exp?`), as its text.
    private mutating func number() throws(RecordProblem) -> String {
        let start = i
        func digits() -> Int {
            let first = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - first
        }
        var valid = true
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { valid = false }
        if valid, i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            valid = digits() > 0
        }
        if valid, i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            valid = digits() > 0
        }
        // `01`, `1.`, `2e`, `0x1F`, `1.5.2`: the whole run is named, not its first wrong byte.
        if !valid || (i < bytes.count && (Self.isWordByte(bytes[i]) || bytes[i] == UInt8(ascii: "."))) {
            var end = i
            while end < bytes.count, Self.isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "+")
                || bytes[end] == UInt8(ascii: "-") { end += 1 }
            let run = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<max(end, start + 1)]), as: UTF8.self)
            throw RecordProblem(tr("'\(ControlCharacters.escaped(run))' at column \(column(start)) is not a JSON number"))
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    /// Skips RFC 8259's white space: space, tab, line feed, carriage return.
    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    /// A letter, digit or underscore: what continues a word, so `nulls` and `true1` are not `null` and `true`.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"): true
        default: byte >= 0x80
        }
    }

    /// The problem of finding something else than `expected` here (or the line's end).
    private func unexpected(_ expected: String) -> RecordProblem {
        guard i < bytes.count else { return RecordProblem(tr("the line ends at column \(column(i)); expected \(expected)")) }
        guard let found = character(at: i) else { return notUTF8 }
        return RecordProblem(tr("unexpected \(found) at column \(column(i)); expected \(expected)"))
    }

    /// The column of byte `index`: characters (scalars) before it, plus one.
    func column(_ index: Int) -> Int {
        var count = 1
        for k in 0..<min(index, bytes.count) where bytes[k] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The character at byte `index` as a message shows it: `'x'` when it is printable ASCII, else `U+85`; nil
    /// when the bytes there are not UTF-8.
    func character(at index: Int) -> String? {
        let byte = bytes[index]
        if byte > 0x20 && byte < 0x7F { return "'" + String(UnicodeScalar(byte)) + "'" }
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return ControlCharacters.name(scalar)
    }

    /// `text` as a String, or the problem of the line's first byte that is not UTF-8.
    private func validated(_ text: UnsafeBufferPointer<UInt8>) throws(RecordProblem) -> String {
        if let string = String(validating: text, as: UTF8.self) { return string }
        if lossy { return String(decoding: text, as: UTF8.self) }
        throw notUTF8
    }

    /// The line is not UTF-8: where.
    private var notUTF8: RecordProblem {
        RecordProblem(tr("not valid UTF-8 (byte \(UTF8Validation.firstInvalidByte(bytes) ?? 1) of the line)"))
    }
}

extension RecordJSONReader {
    /// A text in double quotes starting here: its raw bytes as they are, JSON's escapes decoded.
    fileprivate mutating func text() throws(RecordProblem) -> String {
        let quote = i
        i += 1
        let start = i
        // Most texts have no escape: found whole and made a String where they lie; one all ASCII needs no check.
        var all: UInt8 = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                i += 1
                let text = UnsafeBufferPointer(rebasing: bytes[start..<i - 1])
                return all < 0x80 ? String(decoding: text, as: UTF8.self) : try validated(text)
            }
            all |= byte
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            i += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<i])
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                return try scratch.withUnsafeBufferPointer { (decoded) throws(RecordProblem) in try validated(decoded) }
            case UInt8(ascii: "\\"):
                try escape()
            case 0x00..<0x20:
                throw RecordProblem(tr("unexpected \(character(at: i) ?? "") at column \(column(i)): a control character in a text is written as an escape (\\n, \\t, \\u001B)"))
            default:
                scratch.append(byte)
                i += 1
            }
        }
        throw RecordProblem(tr("the text that starts at column \(column(quote)) is not closed: the line ends inside it"))
    }

    /// One escape starting at the backslash here, decoded into `scratch`.
    private mutating func escape() throws(RecordProblem) {
        let backslash = i
        guard i + 1 < bytes.count else {
            throw RecordProblem(tr("the line ends at column \(column(i + 1)) inside an escape"))
        }
        i += 2
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var unit = try hex4(escapeAt: backslash)
            if (0xDC00...0xDFFF).contains(unit) { throw loneSurrogate(unit, at: backslash) }
            if (0xD800...0xDBFF).contains(unit) {
                // A character beyond U+FFFF is a pair of escapes, high then low, as UTF-16 has it.
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    throw loneSurrogate(unit, at: backslash)
                }
                let lowAt = i
                i += 2
                let low = try hex4(escapeAt: lowAt)
                guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(unit, at: backslash) }
                unit = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
            }
            // Not a surrogate, so a scalar.
            scratch.append(contentsOf: String(Character(Unicode.Scalar(unit)!)).utf8)
        default:
            guard let escaped = character(at: backslash + 1) else { throw notUTF8 }
            throw RecordProblem(tr("'\\\(escaped.trimmingQuotes)' at column \(column(backslash)) is not a JSON escape (those are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"))
        }
    }

    /// The four hex digits after `\u` here.
    private mutating func hex4(escapeAt backslash: Int) throws(RecordProblem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let digit = Self.hexDigit(bytes[i]) else {
                throw RecordProblem(tr("the escape at column \(column(backslash)) needs four hex digits after \\u"))
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func loneSurrogate(_ unit: UInt32, at backslash: Int) -> RecordProblem {
        let hex = String(unit, radix: 16, uppercase: true)
        return RecordProblem(tr("\\u\(hex) at column \(column(backslash)) is half of a surrogate pair, not a character"))
    }
}

private extension String {
    /// `'x'` as `x`; a `U+85` name as it is.
    var trimmingQuotes: String { hasPrefix("'") && hasSuffix("'") && count == 3 ? String(dropFirst().dropLast()) : self }
}
