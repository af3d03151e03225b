import Foundation
import Testing

/// The members of a one-line JSON object, each re-serialised canonically so values compare as text.
func jsonMembers(_ text: String) throws -> [String: String] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? [String: Any])
    var members: [String: String] = [:]
    for (key, value) in object {
        let data = try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
        members[key] = String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())  // strip the [ ]
    }
    return members
}

/// Expects the JSON object `actual` to have every member of the JSON object `subset`, with equal values.
func expectJSON(_ actual: String, has subset: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let got = try jsonMembers(actual), want = try jsonMembers(subset)
    for (key, value) in want {
        #expect(got[key] == value, "member \(key) of \(actual)", sourceLocation: sourceLocation)
    }
}
