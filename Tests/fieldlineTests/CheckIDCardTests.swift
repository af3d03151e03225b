import Foundation
import Testing
@testable import TestSupport

/// `s` followed by its ISO 7064 MOD 11-2 check character (GB 11643 resident ID).
func withCheckCharacter(_ s: String) -> String {
    let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    let sum = zip(s, weights).reduce(0) { $0 + $1.0.wholeNumberValue! * $1.1 }
    return s + String(Array("10X98765432")[sum % 11])
}

/// `fieldline check idcard-cn`.
@Suite struct CheckIDCardTests {
    static let male = withCheckCharacter("11010519900307123")      // 17th digit 3
    static let female = withCheckCharacter("11010519900307124")    // 17th digit 4
    static let withX = withCheckCharacter("11010519491231002")     // check character X
    static let wrongCheck = String(male.dropLast()) + (male.last == "0" ? "1" : "0")

    @Test func checkCharacterHelper() {
        #expect(withCheckCharacter("11010519491231002") == "11010519491231002X")
        #expect(Self.male == "110105199003071239")
    }

    @Test(arguments: [
        (withX, withX),
        (withX.lowercased(), withX),
        (male, male),
        ("110105 19900307 1239", male),
    ])
    func valid(input: String, value: String) throws {
        let r = try fieldline(["check", "idcard-cn"], stdin: input + "\n")
        #expect(r.out == value + "\n")
        #expect(r.err == "")
        #expect(r.status == 0)
    }

    @Test(arguments: [
        (wrongCheck, "check character should be \(male.last!)"),
        (withCheckCharacter("11010519900230123"), "no such date 1990-02-30"),
        // A birth date in the future whatever day the tests run (fieldline's clock is the system's).
        (withCheckCharacter("11010529990101123"), "birth date 2999-01-01 is in the future"),
        (withCheckCharacter("11010518991231123"), "birth date 1899-12-31 is before 1900"),
        (withCheckCharacter("99010519900307123"), "unknown province code 99"),
        ("11010519900307123", "needs 18 characters, has 17"),
    ])
    func invalid(input: String, message: String) throws {
        let r = try fieldline(["check", "idcard-cn"], stdin: input + "\n")
        #expect(r.out == "\n")
        #expect(r.err == "1: \(message)\n")
        #expect(r.status == 65)
    }

    @Test func xOnlyInPlace18() throws {
        let r = try fieldline(["check", "idcard-cn"], stdin: "1101051990X3071239\n")
        #expect(r.out == "\n")
        #expect(r.err.hasPrefix("1: unexpected 'X' at column"), "\(r.err)")
        #expect(r.status == 65)
    }

    @Test(arguments: [
        (male, #"{"birthDate":"1990-03-07","sex":"male","region":"110105","province":"北京"}"#),
        (female, #"{"birthDate":"1990-03-07","sex":"female","region":"110105","province":"北京"}"#),
        (withX, #"{"birthDate":"1949-12-31","sex":"female","region":"110105","province":"北京"}"#),
        (withCheckCharacter("44030119851120001"), #"{"birthDate":"1985-11-20","sex":"male","region":"440301","province":"广东"}"#),
    ])
    func decoded(input: String, decoded: String) throws {
        let r = try fieldline(["check", "idcard-cn", "--output", "json"], stdin: input + "\n")
        try expectJSON(r.out, has: #"{"value":"\#(input)","valid":true,"message":null}"#)
        let members = try jsonMembers(r.out)
        try expectJSON(try #require(members["decoded"]), has: decoded)
    }

    @Test func invalidJSONHasNoDecoded() throws {
        let r = try fieldline(["check", "idcard-cn", "--output", "json"], stdin: Self.wrongCheck + "\n")
        try expectJSON(r.out, has: #"{"value":null,"display":null,"valid":false}"#)
        #expect(try jsonMembers(r.out)["decoded"] == nil)
    }

    @Test(arguments: [
        (["--upgrade-legacy"], "110105900307123", "\(male)\n", 0),
        ([], "110105900307123", "\n", 65),
        (["--upgrade-legacy"], male, "\(male)\n", 0),
    ])
    func upgradeLegacy(options: [String], input: String, output: String, status: Int) throws {
        let r = try fieldline(["check", "idcard-cn"] + options, stdin: input + "\n")
        #expect(r.out == output)
        #expect(Int(r.status) == status)
    }
}
