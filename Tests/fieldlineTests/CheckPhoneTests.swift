import Foundation
import Testing

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
        ("12812345678", "a mobile number starts with 13 to 19, not 12"),
        ("138abc", "unexpected 'a' at column 4: position 4 takes a digit"),
        ("1381234", "needs 11 digits, has 7"),
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
        ("12812345678", #"{"value":null,"display":null,"valid":false,"message":"a mobile number starts with 13 to 19, not 12"}"#),
    ])
    func json(input: String, object: String) throws {
        let r = try fieldline(["check", "phone-cn", "--output", "json"], stdin: input + "\n")
        #expect(r.out.hasSuffix("}\n"))
        try expectJSON(r.out, has: object)
    }

    @Test func linesKeepTheirNumbers() throws {
        let r = try fieldline(["check", "phone-cn"], stdin: "13812345678\n12812345678\n13912345678\n1381234\n")
        #expect(r.out == "13812345678\n\n13912345678\n\n")
        #expect(r.err == "2: a mobile number starts with 13 to 19, not 12\n4: needs 11 digits, has 7\n")
        #expect(r.status == 65)
    }
}
