import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// `fieldline-bench list-index N FOLDER PHASE [QUERY]` (bench/list_index.sh): a list file of N generated entries
/// (`code,name,pinyin`) and its index image, made once into FOLDER (`make`), then read back for one PHASE, so
/// callgrind's count of a run less the count of the `setup` run is that phase alone:
/// - `setup`: nothing (the process's own start);
/// - `open`: the start-up's part: the list file's identity taken by `stat` and the image mapped read-only, its
///   header and block table checked (no byte of the list file read);
/// - `keys`: QUERY typed key by key through the index as the picker asks it (a one- to three-byte query's ranked
///   rows kept in place, a longer one's rows walked as far as its first answer goes; a screenful read), less
///   `opened` (the image opened, no key);
/// - `keys-scan`: the same through `ChoiceList.matches` row by row (N at most `ChoiceList.maxChoices`), less
///   `scan-setup` (the list made and one search that finds nothing, which makes its terms);
/// - `time`: median wall time of each key of QUERY, index and (where it fits) row by row, over 15 runs.
enum ListIndexBench {
    /// The list's file text and each row's distinct lower-cased names, as a list file of `code,name,pinyin` gives them.
    static func generated(_ count: Int) -> (text: [UInt8], rows: [ChoiceRow], terms: [[[UInt8]]]) {
        let words = ["north", "harbour", "east", "gate", "lake", "view", "st.", "mary's", "hill", "park", "river", "zone"]
        let han = ["北京", "上海", "广州", "深圳", "南京", "西安", "成都", "武汉"]
        let pinyin = ["beijing", "shanghai", "guangzhou", "shenzhen", "nanjing", "xian", "chengdu", "wuhan"]
        var state: UInt64 = 42
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var text = Array("code,name,pinyin\n".utf8), rows: [ChoiceRow] = [], terms: [[[UInt8]]] = []
        rows.reserveCapacity(count)
        terms.reserveCapacity(count)
        for row in 0..<count {
            let code = "c\(row)"
            var names: [String]
            if next(3) == 0 {
                let k = next(han.count), m = next(han.count)
                names = ["\(han[k])\(han[m])\(row % 997)", "\(pinyin[k]) \(pinyin[m])"]
            } else {
                names = ["\(words[next(words.count)]) \(words[next(words.count)]) \(row % 9973)"]
            }
            text += Array((code + "," + names[0] + "," + (names.count > 1 ? names[1] : "") + "\n").utf8)
            let label = names.joined(separator: " ")
            rows.append(ChoiceRow(line: row + 2, value: code, label: label, aliases: names.count > 1 ? names : []))
            var mine: [[UInt8]] = []
            for name in [code, label] + (names.count > 1 ? names : []) where !mine.contains(Array(name.utf8)) { mine.append(Array(name.utf8)) }
            terms.append(mine)
        }
        return (text, rows, terms)
    }

    static func run(_ arguments: [String]) {
        guard arguments.count >= 3, let count = Int(arguments[0]) else {
            print("usage: fieldline-bench list-index N FOLDER make|setup|open|keys|keys-scan|time [QUERY]")
            exit(64)
        }
        let folder = arguments[1], phase = arguments[2], query = arguments.count > 3 ? arguments[3] : "harbour 12"
        let textPath = "\(folder)/list-\(count).csv", imagePath = "\(folder)/list-\(count).index"
        if phase == "make" {
            let (text, _, terms) = generated(count)
            write(text, to: textPath)
            // Built as if three seconds after the list file was written: past the racy window, so a start trusts
            // the file's identity and does not hash it.
            let made = identity(textPath, hash: text.withUnsafeBytes { ChoiceListIndex.hash($0) })
            write(ChoiceListIndex.image(terms: terms, source: made, built: made.changed + 3_000_000_000), to: imagePath)
            return
        }
        if phase == "setup" { return }
        if phase == "open" {
            // As a start does: the list file's identity by `stat`, the image mapped and its header and block table
            // checked, no byte of the list file read.
            let now = identity(textPath, hash: 0)
            let index = mapped(imagePath).flatMap { memory in
                ChoiceListIndex(memory: memory, accepting: { made, built in
                    var same = made
                    same.hash = 0
                    return same == now && made.changed < built - 2_000_000_000
                })
            }
            if index?.rows == -42 { print("") }
            return
        }
        let text = read(textPath)
        let source = identity(textPath, hash: text.withUnsafeBytes { ChoiceListIndex.hash($0) })
        let needles = (1...query.utf8.count).map { Array(query.utf8.prefix($0)) }
        var sink = 0
        switch phase {
        case "opened":
            sink = mapped(imagePath).flatMap { ChoiceListIndex(memory: $0, source: source) }?.rows ?? -1
        case "keys":
            let index = mapped(imagePath).flatMap { ChoiceListIndex(memory: $0, source: source) }!
            // As the picker asks (`ChoiceList.rankedMatches`): a short query's ranked rows kept in place, a screenful read.
            for needle in needles {
                let kept = (index.ranked(needle) ?? index.walked(needle))!
                sink &+= kept.count &+ kept.prefix(5).reduce(0, &+)
            }
        case "keys-scan":
            let list = try! ChoiceList(rows: rows(text))
            sink = list.matches("\u{7F}", in: list.roots).count
            for needle in needles { sink &+= list.matches(String(decoding: needle, as: UTF8.self), in: list.roots).count }
        case "scan-setup":
            let list = try! ChoiceList(rows: rows(text))
            sink = list.matches("\u{7F}", in: list.roots).count
        default:
            time(count: count, rows: count <= 100_000 ? rows(text) : [], image: read(imagePath), source: source, needles: needles)
        }
        if sink == -42 { print("") }
    }

    /// The rows of a generated list file, as `choices: {file: …, value: code, label: [name, pinyin]}` makes them.
    static func rows(_ text: [UInt8]) -> [ChoiceRow] {
        text.split(separator: 0x0A).dropFirst().enumerated().map { n, line in
            let cells = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            let names = cells[1...].filter { !$0.isEmpty }
            return ChoiceRow(line: n + 2, value: cells[0], label: names.joined(separator: " "), aliases: names.count > 1 ? names : [])
        }
    }

    /// The list file's identity as `ListFileIndexCache` takes it, with the content hash `hash`.
    static func identity(_ path: String, hash: UInt64) -> ChoiceListIndex.Source {
        var info = stat()
        guard stat(path, &info) == 0 else { fatalError("cannot read \(path): run `make` first") }
        func ns(_ t: timespec) -> Int64 { Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec) }
        return .init(size: UInt64(info.st_size), modified: ns(info.st_mtim), hash: hash, changed: ns(info.st_ctim),
                     device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The image file mapped read-only, as `ListFileIndexCache` maps it.
    static func mapped(_ path: String) -> ImageMemory? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0),
              base != MAP_FAILED else { return nil }
        return ImageMemory(lent: UnsafeRawBufferPointer(start: base, count: Int(info.st_size))) { bytes in
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) {
        guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    static func read(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { fatalError("cannot read \(path): run `make` first") }
        defer { fclose(file) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
    }

    /// Median wall time of each key, index and row by row, over 15 runs of the whole query.
    static func time(count: Int, rows: [ChoiceRow], image: [UInt8], source: ChoiceListIndex.Source, needles: [[UInt8]]) {
        var indexed = [[UInt64]](repeating: [], count: needles.count), scanned = indexed
        let list = rows.isEmpty ? nil : try! ChoiceList(rows: rows)
        var counts = [String](repeating: "", count: needles.count), shown = 0
        for _ in 0..<15 {
            let index = image.withUnsafeBytes { ChoiceListIndex(image: $0, source: source) }!
            for (k, needle) in needles.enumerated() {
                let start = now()
                let kept = (index.ranked(needle) ?? index.walked(needle))!
                shown &+= kept.prefix(5).reduce(0, &+)
                counts[k] = "\(kept.count)" + (kept.isExact ? "" : "+")
                indexed[k].append(now() - start)
            }
            if let list {
                for (k, needle) in needles.enumerated() {
                    let start = now()
                    _ = list.matches(String(decoding: needle, as: UTF8.self), in: list.roots)
                    scanned[k].append(now() - start)
                }
            }
        }
        func median(_ samples: [UInt64]) -> String {
            samples.isEmpty ? "-" : String(format3(Double(samples.sorted()[samples.count / 2]) / 1_000))
        }
        for (k, needle) in needles.enumerated() {
            print("\(count)\t\(String(decoding: needle, as: UTF8.self))\t\(counts[k] + (shown == -1 ? "." : ""))\t\(median(indexed[k]))\t\(median(scanned[k]))")
        }
    }

    /// Microseconds with one decimal.
    static func format3(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
