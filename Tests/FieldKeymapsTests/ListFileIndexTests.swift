import Foundation
import Synchronization
import Testing
@testable import FieldKit
@testable import TestSupport
@testable import FieldKeymaps

/// A large list file's search index in the cache (issue 48 item 5): used only for the very file it was made from
/// (same size and time but other bytes rebuild it), refused when damaged, and answering exactly as the row-by-row
/// search does.
@Suite struct ListFileIndexTests {
    /// A generated list file, `code,name,pinyin`: names of words mixed in case, Chinese names with their pinyin.
    static func listText(rows: Int, seed: UInt64 = 7) -> String {
        let words = ["North", "Harbour", "east", "GATE", "Lake", "view", "St.", "Mary's", "hill", "Park", "o'neil", "Zone-4"]
        let han = ["北京", "上海", "广州", "深圳", "南京", "西安", "成都", "武汉"]
        let pinyin = ["beijing", "shanghai", "guangzhou", "shenzhen", "nanjing", "xian", "chengdu", "wuhan"]
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var lines = ["code,name,pinyin"]
        for row in 0..<rows {
            if next(3) == 0 {
                let k = next(han.count), m = next(han.count)
                lines.append("C\(row),\(han[k])\(han[m])\(row % 97),\(pinyin[k]) \(pinyin[m])")
            } else {
                lines.append("C\(row),\(words[next(words.count)]) \(words[next(words.count)]) \(row % 89),")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The list in `text` as `choices: {file: …, value: code, label: [name, pinyin]}` makes it.
    static func list(_ text: String) throws -> ChoiceList {
        let rows = text.split(separator: "\n").dropFirst().enumerated().map { n, line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let names = cells[1...].filter { !$0.isEmpty }
            return ChoiceRow(line: n + 2, value: cells[0], label: names.joined(separator: " "),
                             aliases: names.count > 1 ? names : [], extras: cells)
        }
        return try ChoiceList(rows: rows, extraColumns: ["code", "name", "pinyin"])
    }

    /// The list in `file`, given its index from `folder`'s cache; `built` the clock when its identity is taken (the
    /// real one when nil), `hashed` counts the times the list file's bytes were hashed.
    static func attached(_ file: String, folder: String?, now: Int64? = nil, hashed: Tally? = nil,
                         settings: String = "") throws -> (list: ChoiceList, outcome: ListFileIndexCache.Outcome) {
        let identity = try #require(ListFileIndexCache.identity(of: file, now: now))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let list = try list(String(decoding: bytes, as: UTF8.self))
        let outcome = ListFileIndexCache.attach(list, file: file, identity: identity, settings: settings, folder: folder) {
            hashed?.count += 1
            return bytes.withUnsafeBytes { ChoiceListIndex.hash($0) }
        }
        return (list, outcome)
    }

    /// How many times something was done.
    final class Tally { var count = 0 }

    /// Ten seconds from now, in nanoseconds since the epoch: an image built then is past the racy window of the
    /// list file written now.
    static func later() -> Int64 { Int64(Date().timeIntervalSince1970 * 1e9) + 10_000_000_000 }

    /// Sets a file's modification time (to the nanosecond).
    static func setModified(_ path: String, to time: timespec) {
        // UTIME_OMIT ((1 << 30) - 2): the access time stays.
        var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), time]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    static func modified(_ path: String) -> timespec {
        var info = stat()
        #expect(stat(path, &info) == 0)
        return info.st_mtim
    }

    /// The one index file in the cache folder.
    static func indexFile(in cache: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(names.count == 1, "\(names)")
        return cache + "/" + (names.first ?? "")
    }

    @Test func anIndexIsBuiltOnceThenReused() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 2_000))
        let first = try Self.attached(file, folder: s.path("cache/fieldline"))
        #expect(first.outcome == .built)
        #expect(first.list.isIndexed)
        let second = try Self.attached(file, folder: s.path("cache/fieldline"))
        #expect(second.outcome == .reused)
        #expect(second.list.matches("harb", in: second.list.roots) == first.list.matches("harb", in: first.list.roots))
    }

    /// One byte changed, the size and modification time put back as they were: the content hash tells.
    @Test func anIndexIsRebuiltWhenTheContentChangesAtTheSameSizeAndTime() throws {
        let s = try ScratchFolder()
        let text = Self.listText(rows: 2_000)
        let file = try s.write("sites.csv", text)
        let time = Self.modified(file)
        #expect(try Self.attached(file, folder: s.path("cache")).outcome == .built)
        let changed = text.replacingOccurrences(of: "\nC1998,", with: "\nQ1998,")
        #expect(changed.utf8.count == text.utf8.count)
        try Data(changed.utf8).write(to: URL(fileURLWithPath: file))
        Self.setModified(file, to: time)
        let after = Self.modified(file)
        #expect(after.tv_sec == time.tv_sec && after.tv_nsec == time.tv_nsec)
        let rebuilt = try Self.attached(file, folder: s.path("cache"))
        #expect(rebuilt.outcome == .built)
        #expect(rebuilt.list.matches("q1998", in: rebuilt.list.roots).map { rebuilt.list.choices[$0].value } == ["Q1998"])
        #expect(try Self.attached(file, folder: s.path("cache")).outcome == .reused)
    }

    @Test func anIndexIsRebuiltWhenOnlyTheTimeChanges() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 2_000))
        #expect(try Self.attached(file, folder: s.path("cache")).outcome == .built)
        Self.setModified(file, to: timespec(tv_sec: 1_000_000_000, tv_nsec: 5))
        #expect(try Self.attached(file, folder: s.path("cache")).outcome == .built)
    }

    /// A changed byte in the header or the block table, a cut-off image, an empty one, a longer one: each refused
    /// when opened and rebuilt, never read.
    @Test(arguments: ["header", "table", "truncated", "empty", "grown"])
    func aDamagedIndexIsRefusedAndRebuilt(damage: String) throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 2_000))
        let cache = s.path("cache")
        let plain = try Self.list(s.read("sites.csv"))
        #expect(try Self.attached(file, folder: cache).outcome == .built)
        let index = try Self.indexFile(in: cache)
        var image = try Data(contentsOf: URL(fileURLWithPath: index))
        switch damage {
        case "header": image[9] ^= 0x01
        case "table": image[image.count - 1] ^= 0x01
        case "truncated": image = image.prefix(image.count - 4)
        case "empty": image = Data()
        default: image.append(contentsOf: [0, 0, 0, 0])
        }
        try image.write(to: URL(fileURLWithPath: index))
        let rebuilt = try Self.attached(file, folder: cache)
        #expect(rebuilt.outcome == .built)
        for query in ["north", "gate 1", "北京", "bei", "zone-4 7"] {
            #expect(rebuilt.list.matches(query, in: rebuilt.list.roots) == plain.matches(query, in: plain.roots))
        }
        #expect(try Self.attached(file, folder: cache).outcome == .reused)
    }

    /// A changed byte in the image's body (a term's letter, ranked rows, offsets, word starts) is not looked for when the image
    /// is opened: the block holding it is refused when a query first reads it, the list answers row by row (the
    /// same answer, no crash), the cache file is removed and the next start builds it again.
    @Test(arguments: ["term", "offsets", "ranked", "starts"])
    func aDamagedBlockIsRefusedWhenRead(damage: String) throws {
        let s = try ScratchFolder()
        let rows = 20_000
        let file = try s.write("sites.csv", Self.listText(rows: rows))
        let cache = s.path("cache")
        let plain = try Self.list(s.read("sites.csv"))
        #expect(try Self.attached(file, folder: cache).outcome == .built)
        let index = try Self.indexFile(in: cache)
        var image = try Data(contentsOf: URL(fileURLWithPath: index))
        // The block table's length: 4 bytes for each 4 KiB of the body between the 128-byte header and it.
        let table = try #require(stride(from: 0, to: image.count, by: 4).first { $0 == 4 * ((image.count - 128 - $0 + 4095) / 4096) })
        switch damage {
        case "term":  // the last `harbour` of the terms, which the query `harbour` ranks
            image[try #require(image.range(of: Data("harbour".utf8), options: .backwards)).lowerBound + 1] = UInt8(ascii: "x")
        case "offsets":  // row 10,000's first term, which the query `c10000` ranks: far past the next row's
            image[128 + 4 * 10_000 + 2] ^= 0x01
        case "starts":  // the middle word start's place, which every long query's bisection reads first
            let starts = Self.headerWord(image, at: 100)
            image[image.count - table - 12 * starts + 4 * (starts / 2)] ^= 0x01
        default:  // the last of the ranked rows: the last row holding the greatest run, 都's bytes
            image[try Self.lastRankedRow(image, table: table)] ^= 0x01
        }
        try image.write(to: URL(fileURLWithPath: index))
        let opened = try Self.attached(file, folder: cache)
        #expect(opened.outcome == .reused)
        let queries = ["e", "a", "h", "ar", "north", "harbour", "gate 1", "北京", "bei", "zone-4 7", "mary's h", "c10000", "c19", "o'neil 8", "都"]
        for query in queries {
            let expected = plain.matches(query, in: plain.roots)
            #expect(opened.list.matches(query, in: opened.list.roots) == expected, "query '\(query)'")
            #expect(opened.list.rankedMatches(query, in: opened.list.roots).all == expected, "query '\(query)' as the picker keeps it")
        }
        #expect(!opened.list.isIndexed, "the damaged block was never read")
        #expect(!FileManager.default.fileExists(atPath: index))
        #expect(try Self.attached(file, folder: cache).outcome == .built)
    }

    /// A long query's bisection of the word starts reads names unchecked, then the range's edges through the block
    /// checks: a damaged name that leads it astray (the middle word start's, every bisection's first probe; made to
    /// sort last) is found at an edge, the bisection done again through the checks, and the index marked damaged,
    /// never a wrong range.
    @Test func aDamagedNameNeverNarrowsALongQuerysWordStarts() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 20_000))
        let cache = s.path("cache")
        let built = try Self.attached(file, folder: cache)
        #expect(built.outcome == .built)
        let needles = ["harbour p", "north", "zone-4 7", "o'neil 8"].map { Array($0.utf8) }
        let clean = try #require(built.list.attachedIndex)
        let expected = needles.map { clean.wordStarts(of: $0) }
        #expect(expected.allSatisfy { !$0.isEmpty })
        let index = try Self.indexFile(in: cache)
        var image = try Data(contentsOf: URL(fileURLWithPath: index))
        let table = try #require(stride(from: 0, to: image.count, by: 4).first { $0 == 4 * ((image.count - 128 - $0 + 4095) / 4096) })
        let starts = Self.headerWord(image, at: 100), rows = Self.headerWord(image, at: 8), terms = Self.headerWord(image, at: 12)
        let place = Self.headerWord(image, at: image.count - table - 12 * starts + 4 * (starts / 2))
        image[128 + 4 * (rows + 1) + 4 * (terms + 1) + place] ^= 0x80
        try image.write(to: URL(fileURLWithPath: index), options: .atomic)
        let opened = try Self.attached(file, folder: cache)
        #expect(opened.outcome == .reused)
        let damaged = try #require(opened.list.attachedIndex)
        let found = damaged.wordStarts(of: needles[0])
        #expect(found == expected[0] || damaged.isDamaged, "a wrong range, the index not marked damaged")
        #expect(damaged.isDamaged)
    }

    /// Where the last of an image's ranked rows lies: before the whole names' hashes (three words a name, their count
    /// at byte 96 of the header), the word starts (three words each, their count at byte 100) and the block table
    /// (`table` bytes) that end the image.
    static func lastRankedRow(_ image: Data, table: Int) throws -> Int {
        let names = headerWord(image, at: 96), starts = headerWord(image, at: 100)
        #expect(names > 0 && starts > 0)
        return image.count - table - 12 * starts - 12 * names - 4
    }

    /// The image's little-endian word at byte `offset`.
    static func headerWord(_ image: Data, at offset: Int) -> Int {
        Int(image[offset]) | Int(image[offset + 1]) << 8 | Int(image[offset + 2]) << 16 | Int(image[offset + 3]) << 24
    }

    /// A query's rows are read from the image only as they are shown (a one- to three-byte query's ranked rows, a
    /// longer one's walk): a block found damaged then, after the query was answered, has the rows found row by row;
    /// no row of the damaged block is shown and none is left out. `ranked`: the last of the ranked rows (都's); `term`:
    /// the last `harbour` of the terms, far past the walk's first screenful of `arbour` (inside names only, so no
    /// word start the query's bisection reads is near it).
    @Test(arguments: [("ranked", "都"), ("term", "arbour")])
    func aBlockFoundDamagedWhileItsRowsAreShownShowsNoWrongRow(damage: String, query: String) throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 20_000))
        let cache = s.path("cache")
        let plain = try Self.list(s.read("sites.csv"))
        #expect(try Self.attached(file, folder: cache).outcome == .built)
        let index = try Self.indexFile(in: cache)
        var image = try Data(contentsOf: URL(fileURLWithPath: index))
        let table = try #require(stride(from: 0, to: image.count, by: 4).first { $0 == 4 * ((image.count - 128 - $0 + 4095) / 4096) })
        if damage == "ranked" {
            image[try Self.lastRankedRow(image, table: table)] ^= 0x01
        } else {
            image[try #require(image.range(of: Data("harbour".utf8), options: .backwards)).lowerBound + 1] = UInt8(ascii: "x")
        }
        try image.write(to: URL(fileURLWithPath: index))
        let opened = try Self.attached(file, folder: cache)
        #expect(opened.outcome == .reused)
        let expected = plain.matches(query, in: plain.roots)
        #expect(expected.count > 100)
        let matches = opened.list.rankedMatches(query, in: opened.list.roots)
        #expect(opened.list.isIndexed, "the query was answered before the damaged block was read")
        #expect(matches.all == expected)
        #expect(Array(matches) == expected)
        #expect(!opened.list.isIndexed)
    }

    /// An image built more than `racyNanoseconds` after its list file last changed is trusted on the file's
    /// identity (device, inode, size, times): the next start opens it without hashing the list file's bytes. One
    /// built within that window has the bytes hashed at each start.
    @Test func aSettledIndexOpensWithoutHashingTheListFile() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 2_000))
        let cache = s.path("cache")
        #expect(try Self.attached(file, folder: cache, now: Self.later()).outcome == .built)
        let hashed = Tally()
        let next = try Self.attached(file, folder: cache, hashed: hashed)
        #expect(next.outcome == .reused)
        #expect(hashed.count == 0)
        #expect(next.list.matches("harbour 1", in: next.list.roots) == (try Self.list(s.read("sites.csv"))).matches("harbour 1", in: next.list.roots))
        // Built in the second the file was last changed: its times cannot vouch for its bytes.
        let racy = s.path("racy")
        var info = stat()
        #expect(stat(file, &info) == 0)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #expect(try Self.attached(file, folder: racy, now: changed + 500_000_000).outcome == .built)
        let checked = Tally()
        #expect(try Self.attached(file, folder: racy, hashed: checked).outcome == .reused)
        #expect(checked.count == 1)
    }

    /// The same list file read with other columns (another label) has its own image: the terms differ.
    @Test func eachColumnChoiceHasItsOwnIndex() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 2_000))
        let cache = s.path("cache")
        #expect(try Self.attached(file, folder: cache, settings: "value=code\u{0}label=name").outcome == .built)
        #expect(try Self.attached(file, folder: cache, settings: "value=code\u{0}label=name\u{0}pinyin").outcome == .built)
        #expect(try Self.attached(file, folder: cache, settings: "value=code\u{0}label=name").outcome == .reused)
    }

    /// Starts building at once in several processes (each `fieldline form` of a form on the list file) leave one
    /// whole image that the next start reads, and no temporary file.
    @Test func concurrentStartsLeaveOneWholeIndex() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 20_000))
        let form = try s.write("f.yaml", "name: f\nfields:\n  - name: site\n    choices: {file: sites.csv, value: code, label: [name, pinyin]}\n")
        for round in 0..<3 {
            try? FileManager.default.removeItem(atPath: s.path("cache"))
            let outcomes = Mutex<[String]>([])
            let folder = s.folder, cache = s.path("cache")
            DispatchQueue.concurrentPerform(iterations: 3) { k in
                let outcome: String
                do {
                    let run = try fieldline(["form", form, "--input", "-", "--out", folder + "/o\(round)-\(k).jsonl"], stdin: "",
                                            environment: ["XDG_CACHE_HOME": cache], in: folder)
                    outcome = run.status == 0 ? "ok" : "exit \(run.status): \(run.err)"
                } catch {
                    outcome = "\(error)"
                }
                outcomes.withLock { $0.append(outcome) }
            }
            #expect(outcomes.withLock { $0 } == ["ok", "ok", "ok"])
            let names = try FileManager.default.contentsOfDirectory(atPath: s.path("cache/fieldline"))
            #expect(names.count == 1 && names[0].hasSuffix(".index"), "\(names)")
            #expect(try Self.attached(file, folder: s.path("cache/fieldline"), settings: "value=code\u{0}label=name\u{0}pinyin").outcome == .reused)
        }
    }

    /// A cache folder that cannot be made or written: the index is built for this run and not kept.
    @Test func anUnwritableCacheOnlyMeansNoCache() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 2_000))
        let blocker = try s.write("cache", "a file where the folder would be")
        let run = try Self.attached(file, folder: blocker + "/fieldline")
        #expect(run.outcome == .uncached)
        #expect(run.list.isIndexed)
        #expect(!run.list.matches("lake", in: run.list.roots).isEmpty)
    }

    @Test func aShortListIsNotIndexed() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 50))
        #expect(try Self.attached(file, folder: s.path("cache")).outcome == .none)
        #expect(!FileManager.default.fileExists(atPath: s.path("cache")))
    }

    /// Differential: the indexed search answers every query exactly as the row-by-row one, rank and order, for
    /// queries typed key by key (the index narrows from the previous key's matches), erased, and typed afresh; as
    /// the picker keeps it, a long query's rows found as they are read, place by place, to an exact count.
    @Test func theIndexedSearchAnswersAsTheRowByRowOne() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 5_000, seed: 11))
        let plain = try Self.list(s.read("sites.csv"))
        let indexed = try Self.attached(file, folder: s.path("cache")).list
        #expect(!plain.isIndexed && indexed.isIndexed)
        let typed = ["North Harbour 1", "mary's hill", "o'NEIL", "zone-4 8", "st. m", "北京上海1", "beijing shang", "guangzhou x",
                     "e", "a", "ar", " ", "4 ", "-", "c12", "c4999", "q", "nor", "xyz", "海", "京上", "park 5",
                     "harb", "harbour ", "HARBOUR 12", "gate", "lake vie", "c1234", "aaaa", "e 1", "ll",
                     // Words inside names, digits, Chinese names and their pinyin.
                     "harbour 1", "s hill", "neil p", "hill 8", "view 1", "ew 12", "e-4 3", "4 12", "12", "88", "c49",
                     "上海2", "京上海", "海北京", "深圳", "jing sh", "shanghai", "hai w", "ngzhou", "chengdu x"]
        var queries: [String] = []
        for text in typed {
            let characters = Array(text)
            for n in 1...characters.count { queries.append(String(characters[..<n])) }
            for n in stride(from: characters.count - 1, through: 1, by: -1) { queries.append(String(characters[..<n])) }
            // Typed again after the erasing: a long query's walk starts afresh, not from the last key's.
            for n in 1...characters.count { queries.append(String(characters[..<n])) }
        }
        var compared = 0, longQueries = 0
        for query in queries {
            let expected = plain.matches(query, in: plain.roots)
            let got = indexed.matches(query, in: indexed.roots)
            #expect(got == expected, "query '\(query)': \(got.count) vs \(expected.count)")
            let kept = indexed.rankedMatches(query, in: indexed.roots)
            #expect(Array(kept.prefix(8)) == Array(expected.prefix(8)), "query '\(query)' as the picker keeps it")
            // Read place by place as Down reads it: each place found, then the count exact.
            var read: [Int] = []
            while true {
                kept.reach(read.count)
                guard read.count < kept.count else { break }
                read.append(kept[read.count])
            }
            #expect(kept.isExact && kept.count == expected.count && read == expected, "query '\(query)' read wholly")
            // A long query whose ranks 1 and 2 are walked, not picked from the word starts, answers the same.
            let needle = Array(query.lowercased().utf8)
            if needle.count >= 4, let index = indexed.attachedIndex {
                #expect(index.walked(needle, startsWithin: 0)?.all == expected, "query '\(query)' walked")
            }
            if query.utf8.count == 4 || query.utf8.count == 8 { longQueries += 1 }
            compared += expected.count
        }
        #expect(compared > 10_000 && longQueries > 40)
    }

    /// A four-byte query that matches thousands of rows reads a bounded number of them for its first screenful: its
    /// count is shown `N+` until Down reaches the rows not yet found, which it finds as it goes.
    @Test func aLongQueryReadsAScreenfulNotEveryMatch() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 30_000, seed: 3))
        let plain = try Self.list(s.read("sites.csv"))
        let indexed = try Self.attached(file, folder: s.path("cache")).list
        let expected = plain.matches("harb", in: plain.roots)
        #expect(expected.count > 3_000)
        let kept = indexed.rankedMatches("harb", in: indexed.roots)
        #expect(!kept.isExact && kept.count >= 8 && kept.count < 1_000, "\(kept.count) of \(expected.count) known")
        #expect(kept.rowsRead <= 600, "\(kept.rowsRead) rows read")
        #expect(Array(kept) == Array(expected.prefix(kept.count)))
        var spec = FieldSpec(name: "site", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        spec.kind = .choice(indexed)
        var field = Field(spec: spec, context: ValidationContext(today: CalendarDate(year: 2026, month: 1, day: 1)!))
        for key in "harb" { field.apply(.selfInsert(String(key))) }
        let known = field.choiceMatches.count
        #expect(field.frame.counter == "1/\(known)+")
        for _ in 0..<known { field.apply(.nextChoice) }
        #expect(field.currentChoice == expected[known])
        #expect(field.choiceMatches.count > known && field.frame.counter.hasSuffix("+"))
        #expect(field.choiceMatches.all == expected && field.choiceMatches.isExact)
        #expect(field.frame.counter == "\(known + 1)/\(expected.count)")
    }

    /// A long query no name starts with, whose rows have a word starting with it (`harbour 1` in `North Harbour 17`):
    /// its first screenful is read from the rows whose words start with it, not found by reading every row of its
    /// rarest three-byte run.
    @Test func aLongQueryStartingWordsReadsAScreenful() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 30_000, seed: 3))
        let plain = try Self.list(s.read("sites.csv"))
        let indexed = try Self.attached(file, folder: s.path("cache")).list
        for query in ["harbour 1", "harbour 12", "lake 3", "shanghai"] {
            let expected = plain.matches(query, in: plain.roots)
            #expect(expected.count > 10, "query '\(query)'")
            let kept = indexed.rankedMatches(query, in: indexed.roots)
            #expect(kept.count >= 8 && kept.rowsRead <= 64, "query '\(query)': \(kept.rowsRead) rows read")
            #expect(Array(kept) == Array(expected.prefix(kept.count)), "query '\(query)'")
            #expect(kept.all == expected, "query '\(query)' read wholly")
        }
    }

    /// A one- to three-byte query over an indexed list is answered from the index's ranked rows, read where they
    /// lie: the picker's field keeps them, counts them exactly and shows the best first.
    @Test func aShortQueryIsAnsweredFromTheRankedRows() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 3_000, seed: 5))
        let plain = try Self.list(s.read("sites.csv"))
        let indexed = try Self.attached(file, folder: s.path("cache")).list
        let index = try #require(indexed.attachedIndex)
        for query in ["e", "E", "h", "ha", "4 ", "-", "q", "z", "\u{7F}", "har", "HAR", "c12", "e 4", "'ne", "北", "xyz", "st."] {
            let needle = Array(query.lowercased().utf8)
            let ranked = try #require(index.ranked(needle), "query '\(query)'")
            #expect(Array(ranked) == plain.matches(query, in: plain.roots), "query '\(query)'")
        }
        #expect(index.ranked(Array("harb".utf8)) == nil)
        var spec = FieldSpec(name: "site", symbols: SymbolRules(defaultClass: .printable, normalizeFullwidth: false))
        spec.kind = .choice(indexed)
        var field = Field(spec: spec, context: ValidationContext(today: CalendarDate(year: 2026, month: 1, day: 1)!))
        field.apply(.selfInsert("h"))
        let expected = plain.matches("h", in: plain.roots)
        #expect(field.choiceMatches.count == expected.count)
        #expect(field.currentChoice == expected.first)
        field.apply(.nextChoice)
        #expect(field.currentChoice == expected[1])
    }

    /// A list file of more than 100,000 rows loads (a million-entry list is what the index is for), and one row past
    /// `ChoiceList.maxChoices` is refused at its line.
    @Test func aListFileHoldsAMillionRowsAndNoMore() throws {
        #expect(ChoiceList.maxChoices == 1_000_000 && ChoiceFile.maxBytes == 64 << 20)
        func text(_ rows: Int) -> String {
            var text = "code,name\n"
            text.reserveCapacity(12 * rows)
            for row in 0..<rows { text += "c\(row),n\n" }
            return text
        }
        let table = try ListFileTable(text(150_000), tabs: false)
        #expect(table.rows.count == 150_000)
        do {
            _ = try ListFileTable(text(ChoiceList.maxChoices + 1), tabs: false)
            Issue.record("a list of \(ChoiceList.maxChoices + 1) rows was read")
        } catch {
            #expect(error.line == ChoiceList.maxChoices + 2 && error.message == "more than 1000000 choices")
        }
    }

    /// A reused index is read where the cache file lies: another start renaming a new image over that file (here
    /// one of other bytes) leaves the running list answering from the image it checked.
    @Test func aReusedIndexOutlivesItsFileBeingReplaced() throws {
        let s = try ScratchFolder()
        let file = try s.write("sites.csv", Self.listText(rows: 2_000))
        let cache = s.path("cache")
        let plain = try Self.list(s.read("sites.csv"))
        #expect(try Self.attached(file, folder: cache).outcome == .built)
        let reused = try Self.attached(file, folder: cache)
        #expect(reused.outcome == .reused)
        let index = try Self.indexFile(in: cache)
        let other = try s.write("other.index", String(repeating: "x", count: 4096))
        #expect(rename(other, index) == 0)
        for query in ["e", "ha", "north", "北京", "zone-4 7"] {
            #expect(reused.list.matches(query, in: reused.list.roots) == plain.matches(query, in: plain.roots), "query '\(query)'")
        }
    }
}
