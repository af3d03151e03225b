// libFuzzer target: arbitrary bytes as the lines of `fieldline check KEYMAP [options]`, for every shipped keymap.
// Input: a keymap byte, an options byte, then the standard input. The lines go through the code `check` runs
// (ParallelValueCheck, compiled in from Sources/fieldline, for `--output value`; LineChecker.check for the other
// outputs) and the two must agree line by line. Invariants: nothing traps; messages, values and displays hold no
// control a terminal would act on; an accepted line's value and display pass again with the same value; a line
// and the same text pasted into the field get the same verdict and value.
import FieldKit

/// One fuzz input: a field, then standard input for `check`, judged line by line.
@_cdecl("LLVMFuzzerTestOneInput")
public func checkLineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    guard let k = input.byte(), let o = input.byte() else { return 0 }
    let field = FuzzFields.field(keymap: k, options: o)
    let block = input.rest()

    // `--output value`: the block path, as `check` hands it over (one slice: fuzz inputs are below the split).
    var out: [UInt8] = []
    var errors: [Int: String] = [:]
    var lineCount = 0
    ParallelValueCheck.check(block: block, checker: field.checker, firstLine: 0) { slice in
        out += slice.out.bytes
        // The slice writes stderr's `line: message` lines itself; a message holds no newline (no control at all).
        let errorBytes = slice.errors.bytes
        let written = errorBytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        require(written.count == slice.invalid && errorBytes.last.map { $0 == 0x0A } ?? true,
                "\(field.label): \(slice.invalid) invalid lines but \(written.count) messages written")
        for entry in written {
            let text = String(decoding: entry, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":"), let line = Int(text[..<colon]),
                  text[colon...].hasPrefix(": ") else {
                require(false, "\(field.label): malformed message line \(text.debugDescription)")
                continue
            }
            errors[lineCount + line] = String(text[text.index(colon, offsetBy: 2)...])
        }
        lineCount += slice.lines
    }
    let outLines = out.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    require(outLines.count == lineCount && out.last.map { $0 == 0x0A } ?? true,
            "\(field.label): \(lineCount) lines checked but \(outLines.count) written")

    // The other outputs check line by line; both must say the same of every line.
    var number = 0
    var start = 0
    for i in 0...block.count where i == block.count || block[i] == 0x0A {
        defer { start = i + 1 }
        if i == block.count && start == i { break }  // no last line without a newline
        number += 1
        let line = UnsafeBufferPointer(rebasing: block[start..<i])
        let context = { "\(field.label), line \(number) \(Array(line))" }
        let result = field.checker.check(line)
        require(number <= outLines.count, "line \(number) has no output, \(context())")
        let written = outLines[outLines.startIndex + number - 1]
        if let issue = result.issue {
            require(errors[number] == issue.message,
                    "value path says \(errors[number] ?? "nothing") where check says \(issue.message), \(context())")
            require(written.isEmpty, "an invalid line wrote a value, \(context())")
            require(issue.message.firstControl == nil,
                    "control in message \(issue.message.debugDescription), \(context())")
            require(issue.position.map { $0 >= 0 } ?? true, "negative position, \(context())")
        } else {
            require(errors[number] == nil,
                    "value path refuses with \(errors[number]!) what check accepts, \(context())")
            require(Array(written) == Array(result.value.utf8),
                    "value path writes another value than \(result.value.debugDescription), \(context())")
        }
        // The line's own cross-checks (its value and display again, the paste) depend on the field and its bytes
        // alone: a line already seen to agree with the same verdict (`Verified`) is not checked again.
        // The key holds the verdict as well (valid or not, value, display), so only the same result is skipped.
        var bytes = Array(line)
        bytes.append(result.issue == nil ? 0xFE : 0xFF)
        for text in [result.value, result.display] { bytes += text.utf8; bytes.append(0xFF) }
        let key = Verified.Key(field, .lineAgrees, bytes)
        if Verified.contains(key) { continue }
        if result.issue == nil { checkAccepted(result, field, context) }
        checkPaste(line, result, field, context)
        Verified.insert(key)
    }
    require(number == lineCount, "\(field.label): \(number) lines but the value path saw \(lineCount)")
    return 0
}

/// An accepted line: value and display are one clean line each, and both pass again with the same value.
func checkAccepted(_ result: CheckResult, _ field: FuzzField, _ context: () -> String) {
    for text in [result.value, result.display] {
        require(text.firstControl == nil && !text.contains("\n"),
                "control in output \(text.debugDescription), \(context())")
        let again = field.checker.check(text)
        require(again.issue == nil && again.value == result.value,
                "\(text.debugDescription) does not pass again as \(result.value.debugDescription): \(again), \(context())")
    }
}

/// `check` filters a line as a paste into an empty field: the engine's paste must reach the same verdict.
func checkPaste(_ line: UnsafeBufferPointer<UInt8>, _ result: CheckResult, _ field: FuzzField,
                _ context: () -> String) {
    let body = line.last == 0x0D ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
    guard let text = String(validating: body, as: UTF8.self) else { return }  // check refuses it before any field
    var pasted = Field(spec: field.spec, context: fuzzContext)
    pasted.apply(.paste(text))
    let accepted = pasted.notice == nil && pasted.status == .valid
    let pastedValue = pasted.acceptedValue
    // In a choice field a paste that names no single choice is a query, whose best match may be valid: only a
    // line `check` accepts must paste to the same choice.
    if case .choice = field.spec.kind, result.issue != nil { return }
    require(accepted == (result.issue == nil), """
        check says \(result.issue?.message ?? "valid") but the paste gives \(pastedValue.debugDescription) \
        (\(pasted.notice ?? "\(pasted.status)")), \(context())
        """)
    if accepted {
        require(pastedValue == result.value,
                "the paste gives \(pastedValue.debugDescription), check \(result.value.debugDescription), \(context())")
    }
}
