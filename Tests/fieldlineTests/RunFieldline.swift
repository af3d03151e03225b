import Foundation
import Testing
@testable import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif


/// What every process a test starts gets: no HOME, XDG_* or FIELDLINE_* of the user running the tests, so their own
/// keymaps or settings cannot change a result. HOME is an empty scratch folder.
let cleanEnvironment: [String: String] = {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("fl-test-home-\(getpid())")
    try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    return ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path]
}()

/// What a finished process wrote and how it exited.
typealias Run = (out: String, err: String, status: Int32)

/// Runs `fieldline` with `args`, writing `stdin` (or /dev/null when nil) and collecting both outputs.
func fieldline(_ args: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> Run {
    try run(fieldlineURL, args, stdin: stdin.map { Data($0.utf8) }, environment: extra)
}

/// Runs `fieldline` with raw bytes on standard input.
func fieldline(_ args: [String], stdinData: Data) throws -> Run {
    try run(fieldlineURL, args, stdin: stdinData)
}

/// Runs any executable; stdin is written and stdout/stderr are drained on background threads, so no pipe fills up.
func run(_ executable: URL, _ args: [String], stdin: Data?, environment extra: [String: String] = [:]) throws -> Run {
    signal(SIGPIPE, SIG_IGN)  // a child that exits without reading stdin must not kill the test process
    let process = Process()
    process.executableURL = executable
    process.arguments = args
    process.environment = cleanEnvironment.merging(extra) { $1 }
    let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = stdin == nil ? FileHandle(forReadingAtPath: "/dev/null") : inPipe
    try process.run()

    let group = DispatchGroup()
    let out = Collected(), err = Collected()
    for (pipe, box) in [(outPipe, out), (errPipe, err)] {
        DispatchQueue.global().async(group: group) { box.data = pipe.fileHandleForReading.readDataToEndOfFile() }
    }
    if let stdin {
        DispatchQueue.global().async(group: group) {
            try? inPipe.fileHandleForWriting.write(contentsOf: stdin)
            try? inPipe.fileHandleForWriting.close()
        }
    }
    group.wait()
    process.waitUntilExit()
    return (String(decoding: out.data, as: UTF8.self), String(decoding: err.data, as: UTF8.self), process.terminationStatus)
}

/// Bytes filled in by one background reader.
private final class Collected: @unchecked Sendable { var data = Data() }

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
