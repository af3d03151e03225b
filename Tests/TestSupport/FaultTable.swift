/// One fault and the one message every way of meeting it gives (issue 30, item 6): typing it key by key (the
/// prompt core), Enter, `fieldline replay --json` and `fieldline check`. The engine tests (FieldKitTests) and the
/// command-line tests (fieldlineTests) run the same rows.
struct Fault: Sendable, CustomStringConvertible {
    /// How typing meets the fault.
    enum Typing: Sendable {
        /// Every key goes in; the value's status after the last key (and Enter's message) is the fault's.
        case accepted
        /// The key at this 0-based index is the first refused, and says the fault's message; every longer
        /// beginning of the input is invalid with that message in `check` (never incomplete again).
        case refusedAt(Int)
    }

    /// The field and its options as the command line writes them (`["phone", "--assume", "CN"]`).
    let field: [String]
    /// What is typed, one character a key ("" for nothing).
    let input: String
    let typing: Typing
    /// The status of the whole input as `check` judges it: `valid`, `incomplete` or `invalid`.
    let status: String
    /// The message (nil when valid).
    let message: String?
    /// After typing an accepted input: whether the frame is full, and its counter.
    var full: Bool? = nil
    var counter: String? = nil

    var description: String { "\(field.joined(separator: " ")) '\(input)'" }
}

/// The table of faults.
enum FaultTable {
    static let notMobileCN = "not a mobile number (CN mobile numbers start 13 to 19)"
    static let required = "a value is required"

    static let rows: [Fault] = [
        // A beginning no CN mobile number starts with: one message from its first wrong digit on. Before, `12812`
        // read as a carrier-selection code and said `too short for CN`, though no mobile fits after it in 15 digits.
        Fault(field: ["phone-cn"], input: "12812345678", typing: .refusedAt(1), status: "invalid", message: notMobileCN),
        Fault(field: ["phone-cn"], input: "128", typing: .refusedAt(1), status: "invalid", message: notMobileCN),
        Fault(field: ["phone-cn"], input: "10", typing: .refusedAt(1), status: "invalid", message: notMobileCN),
        // Still typing an international prefix: too short, never invalid (`0086 138…` becomes valid).
        Fault(field: ["phone-cn"], input: "0086", typing: .accepted, status: "incomplete", message: "too short for CN", full: false),
        Fault(field: ["phone-cn"], input: "1381234", typing: .accepted, status: "incomplete", message: "too short for CN",
              full: false, counter: "7/11"),
        // An empty required field says it is empty, whatever its length.
        Fault(field: ["phone-cn"], input: "", typing: .accepted, status: "incomplete", message: required, full: false),
        Fault(field: ["idcard-cn"], input: "", typing: .accepted, status: "incomplete", message: required, full: false),
        Fault(field: ["digits", "--min", "4"], input: "", typing: .accepted, status: "incomplete", message: required, full: false),
        Fault(field: ["digits", "--min", "4"], input: "12", typing: .accepted, status: "incomplete", message: "needs 4 digits, has 2"),
        // A complete number is full, and its counter complete, whatever room the limit leaves for a prefix.
        Fault(field: ["phone-cn"], input: "13812345678", typing: .accepted, status: "valid", message: nil, full: true, counter: "11/11"),
        Fault(field: ["phone", "--assume", "CN"], input: "13812345678", typing: .accepted, status: "valid", message: nil,
              full: true, counter: "🇨🇳 CN 11/11"),
        Fault(field: ["phone", "--assume", "CN"], input: "1381234567", typing: .accepted, status: "incomplete",
              message: "too short for CN", full: false, counter: "🇨🇳 CN 10/12"),
        // A refused key says why it was refused.
        Fault(field: ["phone", "--countries", "CN,US"], input: "+44", typing: .refusedAt(2), status: "invalid",
              message: "+44 is GB (United Kingdom), GG (Guernsey), IM (Isle of Man), JE (Jersey); this field takes CN, US"),
    ]
}
