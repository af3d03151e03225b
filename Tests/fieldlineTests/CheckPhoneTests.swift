import Foundation
import Testing
@testable import TestSupport

/// `fieldline check phone-cn`, one process per stdin line.
@Suite struct CheckPhoneTests {
    @Test(arguments: [
        ("13812345678", "13812345678"),
        ("138-1234-5678", "13812345678"),
        ("+86 138 1234 5678", "13812345678"),
        ("0086 13812345678", "13812345678"),
        ("8613812345678", "13812345678"),
        ("１３８１２３４５６７８", "13812345678"),
    ])
    func valid(input: String, value: String) throws {
        let r = try fieldline(["check", "phone-cn"], stdin: input + "\n")
        #expect(r.out == value + "\n")
        #expect(r.err == "")
        #expect(r.status == 0)
    }

    @Test(arguments: [
        ("12812345678", "not a mobile number (CN mobile numbers start 13 to 19)"),
        ("138abc", "unexpected 'a' at column 4: position 4 takes a digit"),
        ("1381234", "too short for CN"),
    ])
    func invalid(input: String, message: String) throws {
        let r = try fieldline(["check", "phone-cn"], stdin: input + "\n")
        #expect(r.out == "\n")
        #expect(r.err == "1: \(message)\n")
        #expect(r.status == 65)
    }

    @Test(arguments: [
        ("+86 138 1234 5678", "138-1234-5678\n"),
        ("12812345678", "\n"),
    ])
    func display(input: String, output: String) throws {
        #expect(try fieldline(["check", "phone-cn", "--output", "display"], stdin: input + "\n").out == output)
    }

    @Test(arguments: [
        ("138 1234 5678", #"{"value":"13812345678","display":"138-1234-5678","valid":true,"message":null}"#),
        ("12812345678", #"{"value":null,"display":null,"valid":false,"message":"not a mobile number (CN mobile numbers start 13 to 19)"}"#),
    ])
    func json(input: String, object: String) throws {
        let r = try fieldline(["check", "phone-cn", "--output", "json"], stdin: input + "\n")
        #expect(r.out.hasSuffix("}\n"))
        try expectJSON(r.out, has: object)
    }

    @Test func linesKeepTheirNumbers() throws {
        let r = try fieldline(["check", "phone-cn"], stdin: "13812345678\n12812345678\n13912345678\n1381234\n")
        #expect(r.out == "13812345678\n\n13912345678\n\n")
        #expect(r.err == "2: not a mobile number (CN mobile numbers start 13 to 19)\n4: too short for CN\n")
        #expect(r.status == 65)
    }
}

/// `check phone`: numbers of every country by libphonenumber's metadata, read as typed, written as E.164.
@Suite struct CheckInternationalPhoneTests {
    @Test func numbersAreReadAsTypedAndWrittenAsE164() throws {
        let lines = ["+44 20 7946 0958", "0044 20 7946 0958", "138 1234 5678", "018562755191", "+1 (212) 456-7890",
                     "14012345678", "+999 1234", "+86 138 1234 567a"]
        let r = try fieldline(["check", "phone"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(r.out == "+442079460958\n+442079460958\n+8613812345678\n+8618562755191\n+12124567890\n\n\n\n")
        #expect(r.status == 65)
        #expect(r.err.contains("6: no CN number starts 140"), "\(r.err)")
        #expect(r.err.contains("7: no country has the calling code this number starts with"), "\(r.err)")
        let json = try fieldline(["check", "phone", "--output", "json"], stdin: "+44 20 7946 0958\n")
        #expect(json.out.contains(#""display":"+44 20 7946 0958""#), "\(json.out)")
        #expect(json.out.contains(#""decoded":{"e164":"+442079460958","region":"GB","callingCode":"44","national":"020 7946 0958","international":"+44 20 7946 0958","kind":"fixed-line"}"#), "\(json.out)")
        let short = try fieldline(["check", "phone", "--assume", "GB"], stdin: "020 7946\n")
        #expect(short.err == "1: too short for GB\n", "\(short.err)")
    }

    @Test func aKeymapMayTakeSomeRegionsAndKindsOnly() throws {
        let s = try ScratchFolder()
        try "extends: phone\nvalidators:\n  - phone: {assumed-region: GB, regions: [GB], kinds: [mobile]}\n"
            .write(toFile: s.path("uk-mobile.yaml"), atomically: true, encoding: .utf8)
        let r = try fieldline(["check", s.path("uk-mobile.yaml")], stdin: "07400 123456\n020 7946 0958\n+86 138 1234 5678\n")
        #expect(r.out == "+447400123456\n\n\n", "\(r.err)")
        #expect(r.err.contains("2: not a mobile number (GB mobile numbers start 71 to 75, 77 to 79)"), "\(r.err)")
        #expect(r.err.contains("3: +86 is CN (China); this field takes GB"), "\(r.err)")
    }
}
