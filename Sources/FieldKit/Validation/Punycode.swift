/// Punycode (RFC 3492), the encoding of an IDNA A-label's part after `xn--`: Bootstring with the parameters the RFC
/// fixes for it.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 0x80

    /// The code points `text` (ASCII) encodes, or nil when it is not valid Punycode (a digit out of range, an
    /// overflow, a basic code point after the last delimiter, a result that is not Unicode scalars).
    static func decode(_ text: Substring) -> [Unicode.Scalar]? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        // Everything before the last delimiter is copied as it is.
        let split = bytes.lastIndex(of: UInt8(ascii: "-"))
        var output: [UInt32] = split.map { bytes[..<$0].map(UInt32.init) } ?? []
        var n = initialN, i = 0, bias = initialBias
        var position = split.map { $0 + 1 } ?? 0
        while position < bytes.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < bytes.count, let digit = digitValue(bytes[position]) else { return nil }
                position += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                let (next, over) = weight.multipliedReportingOverflow(by: base - t)
                guard !over, next <= Int(Int32.max) else { return nil }
                weight = next
                k += base
            }
            bias = adapt(delta: i - oldI, count: output.count + 1, first: oldI == 0)
            n += i / (output.count + 1)
            guard n <= 0x10FFFF else { return nil }
            i %= output.count + 1
            output.insert(UInt32(n), at: i)
            i += 1
        }
        var scalars: [Unicode.Scalar] = []
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return scalars
    }

    /// The Punycode of `scalars` (lower-case letters for digits 0-25), the inverse of `decode`.
    static func encode(_ scalars: [Unicode.Scalar]) -> String {
        let input = scalars.map { Int($0.value) }
        var output = input.filter { $0 < 0x80 }.map { Character(Unicode.Scalar(UInt8($0))) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN, delta = 0, bias = initialBias
        while handled < input.count {
            let m = input.filter { $0 >= n }.min()!
            delta += (m - n) * (handled + 1)
            n = m
            for c in input {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digitCharacter(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digitCharacter(q))
                    bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    private static func adapt(delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0")) + 26
        default: return nil
        }
    }

    private static func digitCharacter(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? 0x61 + value : 0x30 + value - 26)))
    }
}
