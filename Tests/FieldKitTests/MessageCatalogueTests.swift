import Foundation
import Testing
@testable import FieldKit
@testable import TestSupport

/// The message catalogues: `po/fieldline.pot` holds every `tr("…")` of the sources, every catalogue translates all
/// of them with the same placeholders, and the binary embeds the files as they are.
@Suite struct MessageCatalogueTests {
    static let poFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("po").path

    static func entries(_ name: String) throws -> [String: String] {
        let text = try String(contentsOfFile: poFolder + "/" + name, encoding: .utf8)
        var table: [String: String] = [:]
        for entry in POFile.entries(text) where !entry.msgid.isEmpty { table[entry.msgid] = entry.msgstr }
        return table
    }

    @Test func theTemplateHoldsEveryMessageOfTheSources() throws {
        // The extractor in --check mode changes nothing and fails when the template or a catalogue is stale.
        let run = try Spawn.run(["python3", Self.poFolder + "/../scripts/extract-messages.py", "--check"])
        #expect(run.status == 0, "\(run.err)")
    }

    @Test func everyMessageIsTranslatedWithTheSamePlaceholders() throws {
        let template = try Self.entries("fieldline.pot")
        #expect(template.count > 300)
        for language in Language.allCases where language != .en {
            let catalogue = try Self.entries(language.rawValue + ".po")
            #expect(Set(catalogue.keys) == Set(template.keys), "po/\(language).po: run scripts/extract-messages.py")
            for (msgid, msgstr) in catalogue {
                #expect(!msgstr.isEmpty, "po/\(language).po does not translate \(msgid.debugDescription)")
                #expect(MessageCatalogue.placeholders(msgstr) == MessageCatalogue.placeholders(msgid),
                        "po/\(language).po: \(msgid.debugDescription) → \(msgstr.debugDescription)")
            }
        }
    }

    @Test func theBinaryEmbedsTheCataloguesAsTheyAre() throws {
        let text = try String(contentsOfFile: Self.poFolder + "/zh.po", encoding: .utf8)
        #expect(ShippedCatalogues.zh + "\n" == text, "run scripts/extract-messages.py")
        #expect(MessageCatalogue.zh.translations.count == (try Self.entries("zh.po")).count)
    }

    /// A message is found where it lies in the file (by its msgid's hash) as the table of every entry has it: every
    /// msgid of the shipped catalogue, English text it lacks, and the entries a table drops (fuzzy, untranslated,
    /// the header).
    @Test func aMessageLookedUpWhereItLiesIsTheOneTheWholeTableHas() throws {
        let table = MessageCatalogue.zh.translations
        #expect(table.count > 500)
        for msgid in try Self.entries("zh.po").keys {
            #expect(MessageCatalogue.zh.translation(of: msgid) == table[msgid], "\(msgid.debugDescription)")
        }
        for missing in ["", "not a message", "type a value", "Type a value ", "{0} of {1}x"] {
            #expect(MessageCatalogue.zh.translation(of: missing) == table[missing], "\(missing.debugDescription)")
        }
        let made = MessageCatalogue(poText: """
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "twice"
            msgstr "一"

            #, fuzzy
            msgid "fuzzy"
            msgstr "模糊"

            msgid "empty"
            msgstr ""

            msgid "twice"
            msgstr "二"
            msgid "right after"
            msgstr "紧接"
            # a comment
            msgid "after a comment"
            "\\ttab"
            msgstr "注释后"
            """)
        for key in ["", "twice", "fuzzy", "empty", "right after", "after a comment\ttab", "nothing"] {
            #expect(made.translation(of: key) == made.translations[key], "\(key.debugDescription)")
        }
        #expect(made.translation(of: "twice") == "二" && made.translation(of: "after a comment\ttab") == "注释后")
    }

    @Test func aPlaceholderCheckCatchesAMissingOrExtraValue() {
        #expect(MessageCatalogue.placeholders("needs {0}, has {1}") == [0, 1])
        #expect(MessageCatalogue.placeholders("需要 {0}") != MessageCatalogue.placeholders("needs {0}, has {1}"))
        #expect(MessageCatalogue.placeholders("{1} 的{0}") == [0, 1])
        #expect(MessageCatalogue.placeholders("range: {min: 1, max: 9}") == [])
    }

    @Test func valuesGoWhereTheTranslationPutsThem() {
        let catalogue = MessageCatalogue(poText: """
            msgid "{0} of {1}"
            msgstr "{1} 的{0}"

            #, fuzzy
            msgid "old"
            msgstr "旧"

            msgid "a \\"quoted\\" "
            "line\\n"
            msgstr "一行\\n"
            """)
        #expect(catalogue.translate("{0} of {1}", ["record 3", "out.csv"]) == "out.csv 的record 3")
        #expect(catalogue.translate("old", []) == "old", "a fuzzy entry is not used")
        #expect(catalogue.translate("a \"quoted\" line\n", []) == "一行\n")
        #expect(catalogue.translate("not there {0}", ["x"]) == "not there x", "English when untranslated")
        #expect(MessageCatalogue.fill("{0} {9} {x} {", ["a"]) == "a {9} {x} {")
    }

    @Test(arguments: [
        ("zh_CN.UTF-8", Language.zh), ("zh_SG", .zh), ("zh_Hans", .zh), ("zh_TW.UTF-8", .zh), ("zh_HK", .zh),
        ("zh", .zh), ("zh-Hant", .zh), ("en_US.UTF-8", .en), ("C.UTF-8", .en), ("C", .en), ("POSIX", .en),
        ("de_DE@euro", .en), ("zhx", .en),
    ])
    func aLocaleNamesItsLanguage(locale: String, language: Language) {
        #expect(Language.of(locale: locale) == language)
    }

    @Test func theMessagesLocaleIsChosenAsPOSIXChoosesIt() {
        func pick(_ env: [String: String]) -> Language { Language.fromEnvironment { env[$0] } }
        #expect(pick([:]) == .en)
        #expect(pick(["LANG": "zh_CN.UTF-8"]) == .zh)
        #expect(pick(["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "C"]) == .en)
        #expect(pick(["LANG": "C", "LC_MESSAGES": "zh_CN.UTF-8"]) == .zh)
        #expect(pick(["LC_ALL": "C.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8"]) == .en)
        #expect(pick(["LC_ALL": "", "LANG": "zh_CN.UTF-8"]) == .zh, "an empty variable is not set")
    }

    @Test func langIsTakenOutOfTheCommandLine() {
        #expect(Language.requested(in: ["check", "digits", "--lang", "zh"]) == .success(.zh))
        #expect(Language.requested(in: ["--lang=en", "check"]) == .success(.en))
        #expect(Language.requested(in: ["check", "--lang", "fr"]) == .failure(LanguageNameError(name: "fr")))
        #expect(Language.requested(in: ["replay", "text", "--", "--lang", "zh"]) == nil, "after -- it is data")
        #expect(Language.removingRequest(from: ["check", "--lang", "zh", "digits", "--", "--lang"]) == ["check", "digits", "--", "--lang"])
        #expect(Language.removingRequest(from: ["--lang=zh", "ask", "text"]) == ["ask", "text"])
    }
}

/// The catalogue reader works on bytes; this reference reads a file by Character, as the reader once did (with
/// LF line ends), and both give the same entries for every shipped catalogue and for made-up hard cases.
@Suite struct POFileReaderTests {
    static func reference(_ text: String) -> [POFile.Entry] {
        var entries: [POFile.Entry] = []
        var current = POFile.Entry()
        var field: WritableKeyPath<POFile.Entry, String>?
        var started = false
        func finish() {
            if started { entries.append(current) }
            current = POFile.Entry()
            field = nil
            started = false
        }
        func unquote(_ quoted: Substring) -> String {
            var body = quoted.drop { $0 == " " }
            guard body.first == "\"" else { return "" }
            body = body.dropFirst()
            if body.last == "\"" { body = body.dropLast() }
            var out = "", escaping = false
            for c in body {
                if escaping {
                    switch c { case "n": out.append("\n"); case "t": out.append("\t"); case "r": out.append("\r"); default: out.append(c) }
                    escaping = false
                } else if c == "\\" { escaping = true } else { out.append(c) }
            }
            return out
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty { finish(); continue }
            if line.hasPrefix("#") {
                if started && field == \.msgstr { finish() }
                if line.hasPrefix("#,") && line.contains("fuzzy") { current.fuzzy = true }
                continue
            }
            if line.hasPrefix("msgid ") {
                if started && field == \.msgstr { finish() }
                started = true
                field = \.msgid
                current.msgid = unquote(line.dropFirst(6))
            } else if line.hasPrefix("msgstr ") {
                field = \.msgstr
                current.msgstr = unquote(line.dropFirst(7))
            } else if line.hasPrefix("\""), let field {
                current[keyPath: field] += unquote(line)
            } else {
                field = nil
            }
        }
        finish()
        return entries
    }

    @Test func theByteReaderReadsAsTheReference() throws {
        var texts = [
            "msgid \"a\\\"b\\n\\t\\r\\\\c\"\nmsgstr \"甲\\\"乙\"\n",
            "# comment\n#, fuzzy\nmsgid \"\"\n\"multi \"\n\"line\"\nmsgstr \"\"\n\"多\"\n\"行\"\n\n",
            "  msgid   \"indented\"\n\tmsgstr \"缩进\"\nmsgctxt \"x\"\n\"ignored\"\nmsgid \"next\"\nmsgstr[0] \"no\"\n",
            "msgid \"no end quote\nmsgstr \"\\é\\中\"",
            "msgid \"a\"\nmsgstr \"b\"\n#~ msgid \"old\"\nmsgid \"c\"\nmsgstr \"d\"",
            "", "\n\n", "msgstr \"orphan\"\n", "#, fuzzy, c-format\nmsgid \"f\"\nmsgstr \"g\"\n",
        ]
        let names = ["fieldline.pot"] + Language.allCases.filter { $0 != .en }.map { $0.rawValue + ".po" }
        for name in names {
            texts.append(try String(contentsOfFile: MessageCatalogueTests.poFolder + "/" + name, encoding: .utf8))
        }
        for text in texts {
            #expect(POFile.entries(text) == Self.reference(text), "\(text.prefix(80).debugDescription)")
        }
        #expect(POFile.entries(texts.last!).count > 300)
        // CRLF ends a line too (the reference, by Character, never split such a file).
        #expect(POFile.entries("msgid \"a\"\r\nmsgstr \"b\"\r\n") == [POFile.Entry(msgid: "a", msgstr: "b", fuzzy: false)])
    }
}
