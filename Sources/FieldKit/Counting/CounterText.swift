/// The `count/limit` counter as bytes: the one writer behind `Frame.counter` and `Field.writeCounter(into:)`.
enum CounterText {
    /// The most bytes `count/limit` takes: two Ints' digits and signs, and the slash.
    static let capacity = 41

    /// Write `count/limit` (`7/11`) digit by digit at the start of `buffer`, which holds at least `capacity` bytes;
    /// returns its length. No string: this runs for every key, and interpolation costs several times as much.
    static func write(_ count: Int, of limit: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var i = 0
        func put(_ n: Int) {
            var v = n.magnitude
            if n < 0 { buffer[i] = UInt8(ascii: "-"); i += 1 }
            // Count the digits, then write them from the last one back.
            var rest = v
            repeat { rest /= 10; i += 1 } while rest > 0
            var k = i
            repeat { k -= 1; buffer[k] = UInt8(48 + v % 10); v /= 10 } while v > 0
        }
        put(count)
        buffer[i] = UInt8(ascii: "/")
        i += 1
        put(limit)
        return i
    }
}

extension Frame {
    /// `count/limit` (`7/11`) as text. Up to 15 bytes (any real counter) make a string stored inline, with no
    /// allocation.
    static func counter(_ count: Int, of limit: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: CounterText.capacity) { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[..<CounterText.write(count, of: limit, into: buffer)]),
                   as: UTF8.self)
        }
    }
}

extension Field {
    /// `frame.counter` without building a frame: for a field without templates, no formatting either.
    public var counter: String {
        if spec.choices != nil { return frame.counter }
        let formatted = plainDisplay == nil ? Formatter.format(state.symbols, with: spec.templates) : nil
        return counter(formatted: formatted, count: spec.countUnit.count(of: state.symbols))
    }

    /// The right prompt: a complete date's weekday, a template's own counter, or `count/limit`.
    func counter(formatted: FormattedText?, count: Int) -> String {
        dateCounter() ?? formatted?.counter ?? spec.limit.map { Frame.counter(count, of: $0) } ?? ""
    }

    /// Write `frame.counter`'s UTF-8 at the start of `buffer` and return its length, or nil when it does not fit.
    /// A `count/limit` is written straight into the buffer: no frame, no formatting, no string (a terminal draws
    /// the counter after every key).
    public func writeCounter(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let formatted = plainDisplay == nil ? Formatter.format(state.symbols, with: spec.templates) : nil
        // The same choice as `counter(formatted:count:)`, in the same order (a choice field's counter is its own).
        if var text = spec.choices != nil ? frame.counter : dateCounter() ?? formatted?.counter {
            return text.withUTF8 { bytes in
                guard bytes.count <= buffer.count else { return nil }
                _ = buffer.initialize(from: bytes)
                return bytes.count
            }
        }
        guard let limit = spec.limit else { return 0 }
        guard buffer.count >= CounterText.capacity else { return nil }
        return CounterText.write(spec.countUnit.count(of: state.symbols), of: limit, into: buffer)
    }
}
