extension RecordJSON {
    /// The pairs of a line in the shape nearly every import line has, `{"name":"value", …}` (double-quoted texts,
    /// spaces, no number, no escape but `\"`, `\\`, `\/` and `\u` of a printable character), read straight from
    /// the bytes; nil for anything else, which the libyaml reader then reads (and words the problem of). Only
    /// what that reader reads to the same pairs is taken here: a control, a C1 character, a BOM, U+FFFE/U+FFFF, a
    /// repeated name or an empty object all go to it. About a tenth of its cost (bench/RESULTS.md).
    static func plainPairs(_ line: UnsafeBufferPointer<UInt8>) -> [(name: String, text: String)]? {
        var i = 0
        let n = line.count
        func spaces() { while i < n, line[i] == 0x20 { i += 1 } }
        func hex4() -> UInt32? {
            guard i + 4 <= n else { return nil }
            var value: UInt32 = 0
            for k in i..<i + 4 {
                let b = line[k]
                let digit: UInt8
                switch b {
                case 0x30...0x39: digit = b - 0x30
                case 0x41...0x46: digit = b - 0x41 + 10
                case 0x61...0x66: digit = b - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            i += 4
            return value
        }
        var scratch: [UInt8] = []
        /// A double-quoted text starting at `i`, or nil when it is not a plain one.
        func text() -> String? {
            guard i < n, line[i] == 0x22 else { return nil }
            i += 1
            let start = i
            var escaped = false
            while i < n {
                let b = line[i]
                switch b {
                case 0x22:
                    let value = escaped ? String(decoding: scratch, as: UTF8.self)
                                        : String(decoding: UnsafeBufferPointer(rebasing: line[start..<i]), as: UTF8.self)
                    i += 1
                    return value
                case 0x5C:
                    if !escaped { scratch.removeAll(keepingCapacity: true); scratch.append(contentsOf: line[start..<i]); escaped = true }
                    guard i + 1 < n else { return nil }
                    i += 2
                    switch line[i - 1] {
                    case 0x22, 0x5C, 0x2F: scratch.append(line[i - 1])
                    case 0x75:
                        // Printable, one UTF-16 unit: no control, C1, surrogate, BOM or non-character.
                        guard let v = hex4(), v >= 0x20, v != 0x7F, !(0x80...0x9F).contains(v), !(0xD800...0xDFFF).contains(v),
                              v != 0xFEFF, v < 0xFFFE, let scalar = Unicode.Scalar(v) else { return nil }
                        scratch.append(contentsOf: String(Character(scalar)).utf8)
                    default: return nil
                    }
                    continue
                case 0x00..<0x20, 0x7F: return nil
                case 0xC2 where i + 1 < n && (0x80...0x9F).contains(line[i + 1]): return nil
                case 0xEF where i + 2 < n && ((line[i + 1] == 0xBB && line[i + 2] == 0xBF) || (line[i + 1] == 0xBF && line[i + 2] >= 0xBE)):
                    return nil
                default: break
                }
                if escaped { scratch.append(b) }
                i += 1
            }
            return nil
        }
        spaces()
        guard i < n, line[i] == 0x7B else { return nil }
        i += 1
        var pairs: [(name: String, text: String)] = []
        pairs.reserveCapacity(8)  // one allocation for a record of a few fields, not one per doubling
        while true {
            spaces()
            guard let name = text() else { return nil }
            spaces()
            guard i < n, line[i] == 0x3A else { return nil }
            i += 1
            spaces()
            guard let value = text() else { return nil }
            if pairs.contains(where: { $0.name == name }) { return nil }
            pairs.append((name, value))
            spaces()
            guard i < n else { return nil }
            if line[i] == 0x2C { i += 1; continue }
            guard line[i] == 0x7D else { return nil }
            i += 1
            break
        }
        spaces()
        return i == n ? pairs : nil
    }
}
