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
            // Count the digits (comparing with powers of ten: cheaper than a division per digit), then write them
            // from the last one back.
            var digits = 1
            var bound: UInt = 10
            while v >= bound {
                digits += 1
                let (next, overflow) = bound.multipliedReportingOverflow(by: 10)
                if overflow { break }
                bound = next
            }
            i += digits
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
    /// What the right prompt shows, decided in one place for the frame and `writeCounter(into:)`.
    private enum CounterSource {
        /// Text of its own: a choice field's `k/n`, a complete date's weekday, a template's counter.
        case text(String)
        /// `count/limit`, written when it is needed.
        case count(Int, of: Int)
        /// No counter: the field has no limit.
        case none
    }

    /// The right prompt's source; `formatted` is the display when the field has templates. A choice field's is its
    /// frame's counter (the frame getter builds a choice field's frame without asking this).
    private func counterSource(formatted: FormattedText?, count: Int) -> CounterSource {
        if case .choice = spec.kind { return .text(frame.counter) }
        if let text = dateCounter() ?? formatted?.counter { return .text(text) }
        guard let limit = spec.limit else { return .none }
        return .count(count, of: limit)
    }

    /// The source for the field as it is now, formatting only a field with templates.
    private var counterSource: CounterSource {
        counterSource(formatted: plainDisplay == nil ? Formatter.format(state.symbols, as: spec.kind) : nil,
                      count: spec.countUnit.count(of: state.symbols))
    }

    /// The right prompt for the frame, which has formatted the symbols and counted them already.
    func counter(formatted: FormattedText?, count: Int) -> String {
        Self.text(of: counterSource(formatted: formatted, count: count))
    }

    private static func text(of source: CounterSource) -> String {
        switch source {
        case .text(let text): return text
        case .count(let count, let limit): return Frame.counter(count, of: limit)
        case .none: return ""
        }
    }

    /// Write `frame.counter`'s UTF-8 at the start of `buffer` and return its length, or nil when it does not fit.
    /// A `count/limit` is written straight into the buffer: no frame, no formatting, no string (a terminal draws
    /// the counter after every key).
    public func writeCounter(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        switch counterSource {
        case .text(var text):
            return text.withUTF8 { bytes in
                guard bytes.count <= buffer.count else { return nil }
                _ = buffer.initialize(from: bytes)
                return bytes.count
            }
        case .count(let count, let limit):
            guard buffer.count >= CounterText.capacity else { return nil }
            return CounterText.write(count, of: limit, into: buffer)
        case .none:
            return 0
        }
    }
}
