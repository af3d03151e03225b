import Foundation
import Testing
@testable import FieldKit

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.poFolder + "/../scripts/extract-messages.py", "--check"]
        process.environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
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
