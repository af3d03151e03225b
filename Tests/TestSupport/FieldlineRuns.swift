import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `fieldline` with `args`, `stdin` text on standard input (or /dev/null when nil); `environment`
/// is added to the clean one, `folder` is the working directory.
func fieldline(_ args: [String], stdin: String? = nil, environment: [String: String] = [:], in folder: String? = nil) throws -> Run {
    try Spawn.run([fieldlineURL.path] + args, stdin: stdin.map { Data($0.utf8) }, environment: environment, in: folder)
}

/// Runs the built `fieldline` with raw bytes on standard input.
func fieldline(_ args: [String], stdinData: Data) throws -> Run {
    try Spawn.run([fieldlineURL.path] + args, stdin: stdinData)
}

/// Runs the built `fieldline` (standard input from /dev/null), killed with SIGKILL if it has not ended after
/// `seconds`: its run and how long it took, or nil when it had to be killed.
func fieldline(_ args: [String], killedAfter seconds: Double) throws -> (run: Run, elapsed: Double)? {
    let start = DispatchTime.now().uptimeNanoseconds
    guard let run = try Spawn.run([fieldlineURL.path] + args, killedAfter: seconds) else { return nil }
    return (run, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

/// Starts the built `fieldline` with `args` and kills it with SIGKILL at a random moment of its run (`window`, in µs,
/// is how long a whole run takes: `fieldlineRunTime`), so kills land before, during and after its writes whatever
/// the build.
func fieldline(_ args: [String], killedWithin window: UInt32) throws {
    let process = try Spawn.start([fieldlineURL.path] + args)
    usleep(UInt32.random(in: 1_000...max(window, 2_000)))
    process.send(SIGKILL)
    process.wait()
}

/// How long the built `fieldline` takes to run `args` to its end, in µs (at most 10 s); an error if it fails.
func fieldlineRunTime(_ args: [String]) throws -> UInt32 {
    let start = DispatchTime.now().uptimeNanoseconds
    let run = try fieldline(args)
    guard run.status == 0 else { throw SpawnFailure(argv: ["fieldline"] + args, run: run) }
    return UInt32(min((DispatchTime.now().uptimeNanoseconds - start) / 1_000, 10_000_000))
}

/// Runs `command` with /bin/sh, the built `fieldline` first on PATH and as `$FL`, `stdin` text on standard input
/// (or /dev/null when nil), in `folder`; `environment` is added to the clean one (its PATH comes after fieldline's).
func shell(_ command: String, stdin: String? = nil, in folder: String? = nil, environment: [String: String] = [:]) throws -> Run {
    let bin = fieldlineURL.deletingLastPathComponent().path
    var variables = environment
    variables["PATH"] = bin + ":" + (environment["PATH"] ?? Spawn.environment["PATH"]!)
    variables["FL"] = fieldlineURL.path
    return try Spawn.run(["/bin/sh", "-c", command], stdin: stdin.map { Data($0.utf8) }, environment: variables, in: folder)
}
