import Testing
@testable import FieldKit
import FieldSinks

/// The streaming CSV reader: the same records whatever the chunks, each byte looked at a bounded number of times,
/// memory bounded by the record limit, and a broken record refused without taking the records after it.
struct CSVReaderTests {
    /// What a reader makes of `text` fed in chunks of `chunk` bytes, and how many bytes it looked at.
    static func read(_ bytes: [UInt8], chunk: Int = 1 << 16, limit: Int = CSVReader.recordLimit) -> (events: [String], visited: Int) {
        var reader = CSVReader(limit: limit)
        var events: [String] = []
        func note(_ event: CSVReader.Event) {
            switch event {
            case .record(let fields, let line): events.append("\(line): " + fields.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "|"))
            case .refused(let problem): events.append("\(problem.line): refused field \(problem.field): \(problem.message)")
            }
        }
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(start + chunk, all.count)
                reader.feed(UnsafeBufferPointer(rebasing: all[start..<end]), note)
                start = end
            }
        }
        reader.finish(note)
        return (events, reader.bytesVisited)
    }

    static func read(_ text: String, chunk: Int = 1 << 16) -> [String] { read(Array(text.utf8), chunk: chunk).events }

    @Test func recordsWithLFOrCRLFAndQuotedLineBreaks() {
        let text = "a,b\r\n\"x,1\",\"say \"\"hi\"\"\"\n\"two\nlines\",\r\nlast,\"no end\""
        #expect(Self.read(text) == ["1: a|b", "2: x,1|say \"hi\"", "3: two\nlines|", "5: last|no end"])
        // A CR alone is data; a CR at the very end is the last line's end.
        #expect(Self.read("a\rb,c\r") == ["1: a\rb|c"])
    }

    /// A reader without a limit (`CSVText.records`, which reads a whole file of its own) takes runs of plain bytes
    /// as one with a limit does: the room left is never added to a position (Int.max overflowed).
    @Test func aReaderWithoutALimitReadsPlainRuns() {
        #expect(Self.read(Array("a,bc\n\"d e\",f\n".utf8), limit: .max).events == ["1: a|bc", "2: d e|f"])
    }

    /// Fed one byte at a time, or in any other chunks, the reader finds the same records and refusals.
    @Test func chunksDoNotMatter() {
        let text = "h1,h2\n\"stray,1\n2,ok\n3,\"q\"\"x\"\n4,bad\"quote\n5,\"a\"b\n6,\"open\n7,z\n"
        let whole = Self.read(text, chunk: 1 << 16)
        for chunk in [1, 2, 3, 7] { #expect(Self.read(text, chunk: chunk) == whole, "chunk \(chunk)") }
    }

    /// A quote that never closes is refused naming the line it opened on, and the lines after that one are
    /// still records (the rule: read again, a quote closing on its own line there).
    @Test func anUnclosedQuoteNamesItsLineAndTakesNothingElse() {
        #expect(Self.read("id,note\n1,ok\n2,\"open\n3,fine\n4,also fine\n") == [
            "1: id|note", "2: 1|ok",
            "3: refused field 1: a quote opened on line 3 is never closed",
            "4: 3|fine", "5: 4|also fine",
        ])
    }

    /// A stray quote at the start of a value runs until the next quote; the text after that one shows the mistake,
    /// and the lines in between are read again.
    @Test func aStrayQuoteCostsItsOwnRecordOnly() {
        #expect(Self.read("1,\"stray\n2,ok\n3,\"fine\",x\n4,y\n") == [
            "1: refused field 1: a quote opened on line 1 closes on line 3 and text follows it (a stray quote on line 1?)",
            "2: 2|ok", "3: 3|fine|x", "4: 4|y",
        ])
        // A quote in the middle of an unquoted value, or text after a closing quote on its line: the rest of
        // the line goes with the record.
        #expect(Self.read("a\"b,\"c\nd\n\"e\"f,\"g\nh\n") == [
            "1: refused field 0: a quote inside a value on line 1 that does not start with one (quote the whole value and double its quotes)",
            "2: d",
            "3: refused field 0: text after the closing quote of a value on line 3",
            "4: h",
        ])
    }

    /// A value over the limit is refused, never cut, whether quoted or not, and the next record is read.
    @Test func aRecordOverTheLimitIsRefusedNotCut() {
        let limit = 100
        let long = String(repeating: "x", count: limit)
        for text in ["1,\(long)\n2,ok\n", "1,\"\(long)\"\n2,ok\n", "1,\"\(long)\nmore\"\n2,ok\n"] {
            let events = Self.read(Array(text.utf8), limit: limit).events
            #expect(events.first?.hasPrefix("1: refused field 1: longer than 100 bytes") == true, "\(events)")
            #expect(events.last == "\(text.filter { $0 == "\n" }.count): 2|ok", "\(events)")
            #expect(!events.contains { $0.contains(String(repeating: "x", count: limit - 5)) })
        }
        // Exactly the limit, CRLF not counted, is taken.
        let exact = String(repeating: "y", count: limit - 2)
        #expect(Self.read(Array("1,\(exact)\r\n".utf8), limit: limit).events == ["1: 1|\(exact)"])
    }

    /// Each byte is looked at once, and at most once more after a broken quote: a stray quote near the start of
    /// 1.5 MB (which the old reader parsed again from its start at every line: quadratic time)
    /// costs at most twice the input, and so does a worst case of broken quotes all the way.
    @Test func eachByteIsVisitedAtMostTwice() {
        var lines = "id,note\n1,\"stray\n"
        while lines.utf8.count < 1_500_000 { lines += "\(lines.utf8.count),some text here\n" }
        let input = Array(lines.utf8)
        let (events, visited) = Self.read(input)
        #expect(visited <= 2 * input.count, "\(visited) for \(input.count)")
        // Past 1 MiB with the quote open: refused, and every line after the quote's is a record again.
        #expect(events.filter { $0.contains("refused") } == [
            "2: refused field 1: longer than 1048576 bytes, the limit for a record (a quote opened on line 2 is still open there); it is not read",
        ])
        #expect(events.count == lines.split(separator: "\n").count)

        // Quotes opening on every line and going wrong far below, and garbage: still at most twice.
        for pattern in ["\"a\n" + String(repeating: "b\n", count: 50) + "\"c\n", "\"\"\"\n\"x\"y\n", ",\"\n\"\n\"\"\"\"\n"] {
            let bytes = Array(String(repeating: pattern, count: 500_000 / pattern.utf8.count).utf8)
            let visited = Self.read(bytes, limit: 1_000).visited
            #expect(visited <= 2 * bytes.count, "\(visited) for \(bytes.count) of \(pattern.debugDescription)")
        }
    }

    /// Whatever comes in (a huge unquoted line, a quote that never closes), the reader keeps at most one record of
    /// `limit` bytes.
    @Test func memoryIsBoundedByTheLimit() {
        for garbage in [String(repeating: "x", count: 50_000), "\"" + String(repeating: "x\n", count: 25_000)] {
            var reader = CSVReader(limit: 1_000)
            var most = 0
            for chunk in Array(garbage.utf8).chunked(100) {
                chunk.withUnsafeBufferPointer { reader.feed($0) { _ in } }
                most = max(most, reader.unfinishedBytes)
            }
            #expect(most <= 1_000)
        }
    }

    /// After a stray quote held a value of up to the limit, the records given out later hold buffers of their own
    /// size: each of 400,000 records read after the quote would otherwise carry (and allocate) a buffer as large
    /// as the broken value, which made memory and time grow with the input.
    @Test func valuesAfterAStrayQuoteHoldOnlyTheirOwnBytes() {
        var text = "mobile,name\n13800000000,\"stray\n"
        for i in 0..<400_000 { text += "138\(10_000_000 + i),person \(i)\n" }
        var reader = CSVReader()
        var records = 0
        var largest = 0
        var refused: [CSVProblem.Kind] = []
        Array(text.utf8).withUnsafeBufferPointer { all in
            reader.feed(all) { event in
                switch event {
                case .record(let values, _):
                    records += 1
                    largest = max(largest, values.bytes.capacity)
                case .refused(let problem):
                    refused.append(problem.kind)
                }
            }
        }
        #expect(refused == [.tooLong(limit: CSVReader.recordLimit, quoteOpenedOn: 2)])
        #expect(records == 400_001)
        #expect(largest <= 64, "a record of at most 30 bytes held a buffer of \(largest)")
    }

    /// Records written by `CSVText.record` come back the same, in any chunks.
    @Test func randomRecordsRoundTrip() {
        var rng = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", ",", "\"", "\r", "\n", "'", "=", "-", "@", "+", "\t", "中", " "]
        for _ in 0..<300 {
            let rows: [[String]] = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                    (0..<Int.random(in: 0...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
                }
            }
            let bytes = rows.flatMap(CSVText.record)
            let expected = rows.enumerated().map { _, row in row.joined(separator: "|") }
            let read = Self.read(bytes, chunk: Int.random(in: 1...9, using: &rng)).events.map { $0.drop { $0 != " " }.dropFirst() }
            #expect(read.map(String.init) == expected, "\(rows)")
        }
    }
}

extension Array {
    /// The array in pieces of `size`.
    func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}

/// A byte-order mark (Excel's "CSV UTF-8") before the first record is skipped, whatever the chunks; elsewhere, or
/// cut short, it is data.
struct CSVByteOrderMarkTests {
    @Test func aMarkBeforeTheFirstRecordIsSkipped() {
        for chunk in [1, 2, 3, 4, 64] {
            #expect(CSVReaderTests.read(Array("\u{FEFF}\"a,b\",c\r\nd,e\r\n".utf8), chunk: chunk).events == ["1: a,b|c", "2: d|e"])
        }
    }

    @Test func aMarkElsewhereOrCutShortIsData() {
        #expect(CSVReaderTests.read("x\n\u{FEFF}y\n") == ["1: x", "2: \u{FEFF}y"])
        for chunk in [1, 64] {
            var reader = CSVReader()
            var values: [[UInt8]] = []
            let bytes: [UInt8] = [0xEF, 0xBB, 0x41, 0x0A, 0xEF]
            bytes.withUnsafeBufferPointer { all in
                for piece in stride(from: 0, to: all.count, by: chunk) {
                    reader.feed(UnsafeBufferPointer(rebasing: all[piece..<min(piece + chunk, all.count)])) { if case .record(let r, _) = $0 { values += r.map(Array.init) } }
                }
            }
            reader.finish { if case .record(let r, _) = $0 { values += r.map(Array.init) } }
            #expect(values == [[0xEF, 0xBB, 0x41], [0xEF]])
        }
    }
}
