import Foundation
import Testing
@testable import TestSupport

/// The table of faults (TestSupport's `FaultTable`) through the command line: `replay --json` after typing,
/// `replay` with Enter, and `check`, each giving the one message the engine tests expect.
@Suite("One message per fault: replay and check")
struct FaultTableCommandTests {
    /// The JSON object `fieldline replay --json` prints after `keys`.
    static func replay(_ fault: Fault, _ keys: [String]) throws -> [String: Any] {
        let r = try fieldline(["replay"] + fault.field + ["--json", "--"] + keys)
        #expect(r.status == 0, "\(r.err)")
        return try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    }

    @Test(arguments: FaultTable.rows)
    func replaySaysTheSame(fault: Fault) throws {
        switch fault.typing {
        case .refusedAt(let at):
            let frame = try Self.replay(fault, [String(fault.input.prefix(at + 1))])
            #expect(frame["refused"] as? Bool == true)
            #expect(frame["message"] as? String == fault.message)
        case .accepted:
            let keys = fault.input.isEmpty ? [] : [fault.input]
            let frame = try Self.replay(fault, keys)
            #expect(frame["refused"] as? Bool == false)
            #expect(frame["status"] as? String == fault.status)
            #expect(frame["message"] as? String == fault.message)
            if let full = fault.full { #expect(frame["full"] as? Bool == full) }
            if let counter = fault.counter { #expect(frame["counter"] as? String == counter) }
            let entered = try Self.replay(fault, keys + ["<CR>"])
            if fault.status == "valid" {
                #expect(entered["effect"] as? String == "accept")
            } else {
                #expect(entered["effect"] as? String == "bell")
                #expect(entered["message"] as? String == fault.message)
            }
        }
    }

    @Test(arguments: FaultTable.rows)
    func checkSaysTheSame(fault: Fault) throws {
        let r = try fieldline(["check"] + fault.field, stdin: fault.input + "\n")
        if let message = fault.message {
            #expect(r.err == "1: \(message)\n")
            #expect(r.status == 65)
        } else {
            #expect(r.err == "")
            #expect(r.status == 0)
        }
    }
}
