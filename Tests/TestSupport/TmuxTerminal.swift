import Foundation

/// A bash shell in its own detached tmux server (80x16), driven with keys and read back from the screen.
final class TmuxTerminal {
    /// The `-L` socket name, unique per terminal so tests can run in parallel.
    let socket = "fl-\(getpid())-\(UUID().uuidString.prefix(8))"
    private var closed = false
    /// The server's socket file, removed on close (tmux leaves it behind after kill-server).
    private var socketPath = ""

    /// A scratch folder that is the shell's HOME (so no user's keymaps or settings reach the tests).
    let home: String

    /// Starts the server with a clean environment (`fieldline` on PATH, a scratch HOME, no FIELDLINE_* or XDG_*)
    /// and waits for a bare `$ ` prompt.
    init(term: String = "xterm-256color", columns: Int = 80) async throws {
        let bin = fieldlineURL.deletingLastPathComponent().path
        var template = Array((NSTemporaryDirectory() + "fl-home-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        home = String(cString: made)
        let shell = "env -i HOME='\(home)' PATH='\(bin)':\"$PATH\" TERM=\(term) LANG=C.UTF-8 bash --norc --noprofile"
        try tmux("new-session", "-d", "-s", "s", "-x", "\(columns)", "-y", "16", shell)
        socketPath = try tmux("display", "-p", "-t", "s", "#{socket_path}").trimmingCharacters(in: .whitespacesAndNewlines)
        try run("unset HISTFILE; ulimit -c 0; PS1='$ '; PS2='>> '; clear")
        try await freshPrompt()
    }

    deinit { close() }

    /// Kills the tmux server (and the shell in it); safe to call twice.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmux("kill-server")
        if !socketPath.isEmpty { unlink(socketPath) }
        _ = try? FileManager.default.removeItem(atPath: home)
    }

    /// Runs `tmux -L socket ARGS…` and returns its standard output.
    @discardableResult
    func tmux(_ args: String...) throws -> String { try tmux(args) }

    /// Runs `tmux -L socket ARGS` with an array of arguments; a tmux that fails (its server gone, a bad target)
    /// fails the test with what tmux said, and one that has not ended after a wait's patience fails it too (the
    /// server is handed the client's output, so a stuck server would otherwise keep the test waiting for ever).
    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        guard let run = try Spawn.run(["tmux", "-L", socket] + args, killedAfter: Waiting.patience) else {
            throw WaitProblem(message: "tmux \(args.joined(separator: " ")) did not end within \(Waiting.patience) s")
        }
        guard run.status == 0 else {
            throw WaitProblem(message: "tmux \(args.joined(separator: " ")) failed (\(run.status)): \(run.err)")
        }
        return run.out
    }

    /// Types literal text.
    func type(_ text: String) throws { try tmux("send-keys", "-t", "s", "-l", text) }

    /// Presses named keys (Enter, Left, BSpace, Escape, C-c, Up…).
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "s"] + keys) }

    /// Sends raw bytes to the program in one write, as a terminal sends one key's sequence (a paste buffer pasted
    /// without bracketed-paste markers and without turning line feeds into carriage returns).
    func send(bytes: [UInt8]) throws {
        let file = home + "/raw-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        defer { unlink(file) }
        try tmux("load-buffer", "-b", "raw", file)
        try tmux("paste-buffer", "-b", "raw", "-d", "-r", "-t", "s")
    }

    /// Sends raw bytes as one key event of tmux's (`send-keys -H`): the program reads them in one read, apart from
    /// bytes sent by an earlier or later call, so a character can be split over reads.
    func send(hex bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "s", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Pastes text as a terminal does: wrapped in bracketed-paste markers when the program asked for them.
    func paste(_ text: String) throws {
        try tmux("set-buffer", "--", text)
        try tmux("paste-buffer", "-p", "-t", "s")
    }

    /// The process id of the newest `fieldline` running under the pane's shell.
    func fieldlinePID() throws -> String? { try newestProcess(named: "fieldline") }

    /// The process id of the newest process called `command` running under the pane's shell.
    func newestProcess(named command: String) throws -> String? {
        let shell = try tmux("display", "-p", "-t", "s", "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
        let table = try Spawn.run(["ps", "-e", "-o", "pid=,ppid=,comm="]).out
        var parent: [String: String] = [:], name: [String: String] = [:]
        for line in table.split(separator: "\n") {
            let f = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 3 else { continue }
            parent[f[0]] = f[1]
            name[f[0]] = f[2]
        }
        func descends(_ pid: String) -> Bool {
            var p = pid
            for _ in 0..<20 { guard let up = parent[p] else { return false }; if up == shell { return true }; p = up }
            return false
        }
        return name.filter { $0.value == command && descends($0.key) }.keys.sorted { Int($0)! < Int($1)! }.last
    }

    /// Types a shell command and presses Enter.
    func run(_ command: String) throws { try type(command); try press("Enter") }

    /// The visible screen, one string per row, trailing blanks trimmed; a placeholder (the only text fieldline
    /// draws dim, SGR 2) is blanked, so a row reads as what is typed and drawn for it. `placeholders` (or
    /// `styledScreen`) keeps it.
    func screen(placeholders: Bool = false) throws -> [String] {
        try tmux("capture-pane", "-p", "-e", "-t", "s").split(separator: "\n", omittingEmptySubsequences: false).map {
            let row = Self.plainRow($0, blankingDim: !placeholders)
            return String(row.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    /// The visible screen with its SGR sequences as tmux gives them (`ESC[2m` before dim text), one string per row.
    func styledScreen() throws -> [String] {
        try tmux("capture-pane", "-p", "-e", "-t", "s").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A captured row without its escape sequences; with `blankingDim`, dim text as blanks (one per column: two
    /// for a wide character).
    static func plainRow(_ row: Substring, blankingDim: Bool) -> String {
        var out = ""
        var dim = false
        var scalars = row.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                if dim && blankingDim {
                    // East Asian wide and emoji ranges take two columns.
                    out += scalar.value >= 0x1100 && (scalar.value <= 0x115F || scalar.value >= 0x2E80) ? "  " : " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
                continue
            }
            // CSI: parameters up to the final byte; only SGR (`m`) changes dim.
            guard scalars.first == "[" else { continue }
            scalars.removeFirst()
            var parameters = ""
            while let c = scalars.popFirst() {
                if c.value >= 0x40 && c.value <= 0x7E {
                    if c == "m" {
                        let list = parameters.split(separator: ";", omittingEmptySubsequences: false)
                        var i = 0
                        while i < list.count {
                            switch list[i] {
                            case "2": dim = true
                            case "", "0", "22": dim = false
                            // A colour's own numbers (`38;5;2`, `38;2;R;G;B`) are not attributes.
                            case "38", "48", "58": i += i + 1 < list.count && list[i + 1] == "2" ? 4 : 2
                            default: break
                            }
                            i += 1
                        }
                    }
                    break
                }
                parameters.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The cursor's column and row (0-based).
    func cursor() throws -> (x: Int, y: Int) {
        let text = try tmux("display", "-p", "-t", "s", "#{cursor_x},#{cursor_y}")
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        guard parts.count == 2 else { throw WaitProblem(message: "tmux gave no cursor: \(text)") }
        return (parts[0], parts[1])
    }

    /// How long `holds` watches by default for something that must not happen: as long as a redraw after a key
    /// takes here when the machine is busy.
    static let watchTime: Double = 0.5

    /// Polls the screen until `done` holds and returns that screen; after `timeout` seconds throws, naming `what`
    /// (or the caller's line) and showing the last screen. Thrown, not `#require`d: this target is plain code (the
    /// release build compiles it without the Testing module); a test that throws records the message as its issue.
    @discardableResult
    func wait(_ what: String = "", timeout: Double = Waiting.patience, fileID: String = #fileID, line: Int = #line,
              _ done: ([String]) throws -> Bool) async throws -> [String] {
        let end = Date().addingTimeInterval(timeout)
        while true {
            let rows = try screen()
            if try done(rows) { return rows }
            guard Date() < end else {
                let condition = what.isEmpty ? "the condition" : what
                let screen = rows.joined(separator: "\n")
                throw WaitProblem(message: "waited \(timeout) s for \(condition) (\(fileID):\(line)) and never saw it; the screen:\n\(screen)")
            }
            try await Task.sleep(nanoseconds: UInt64(Waiting.pollInterval * 1e9))
        }
    }

    /// Polls the screen for `seconds` and throws, naming `what` and showing the screen, as soon as `condition` does
    /// not hold: for what must stay on the screen, or stay away from it, while the program could still change it.
    func holds(_ what: String, for seconds: Double = watchTime, fileID: String = #fileID, line: Int = #line,
               _ condition: ([String]) throws -> Bool) async throws {
        let start = Date(), end = start.addingTimeInterval(seconds)
        while true {
            let rows = try screen()
            guard try condition(rows) else {
                let after = String(format: "%.2f", Date().timeIntervalSince(start))
                let screen = rows.joined(separator: "\n")
                throw WaitProblem(message: "\(what) (\(fileID):\(line)) stopped holding after \(after) s of \(seconds) s; the screen:\n\(screen)")
            }
            guard Date() < end else { return }
            try await Task.sleep(nanoseconds: UInt64(Waiting.pollInterval * 1e9))
        }
    }

    /// Waits until the last non-empty row is `left` … `right` (the field being edited, not an earlier one still on
    /// the screen).
    @discardableResult
    func waitLastRow(_ left: String, _ right: String, timeout: Double = Waiting.patience, fileID: String = #fileID, line: Int = #line) async throws -> [String] {
        try await wait("'\(left)' … '\(right)' as the last row", timeout: timeout, fileID: fileID, line: line) { rows in
            rows.last { !$0.isEmpty }.map { Self.isRow($0, left, right) } ?? false
        }
    }

    /// Waits for a row showing `left` then only blanks then `right` (a field and its right prompt).
    @discardableResult
    func waitRow(_ left: String, _ right: String, timeout: Double = Waiting.patience, fileID: String = #fileID, line: Int = #line) async throws -> [String] {
        try await wait("a row '\(left)' … '\(right)'", timeout: timeout, fileID: fileID, line: line) { $0.contains { Self.isRow($0, left, right) } }
    }

    /// Whether `row` is `left`, at least one blank, then `right` at the end.
    static func isRow(_ row: String, _ left: String, _ right: String) -> Bool {
        guard row.hasPrefix(left), row.hasSuffix(right), row.count > left.count + right.count else { return false }
        return row.dropFirst(left.count).dropLast(right.count).allSatisfy { $0 == " " }
    }

    /// Waits for the shell's result line (one starting `rc=` and a digit) and returns it.
    func result(timeout: Double = Waiting.patience, fileID: String = #fileID, line: Int = #line) async throws -> String {
        let rows = try await wait("a result line (rc=…)", timeout: timeout, fileID: fileID, line: line) { $0.contains(where: Self.isResult) }
        return rows.last(where: Self.isResult) ?? ""
    }

    /// Whether a row is a printed result, not the echoed command line.
    static func isResult(_ row: String) -> Bool {
        row.hasPrefix("rc=") && row.dropFirst(3).first?.isNumber == true
    }

    /// Waits until the last non-empty row is a bare `$ ` prompt with the cursor just after it.
    func freshPrompt(timeout: Double = Waiting.patience, fileID: String = #fileID, line: Int = #line) async throws {
        try await wait("a fresh shell prompt, the cursor after its `$ `", timeout: timeout, fileID: fileID, line: line) { rows in
            guard let y = rows.lastIndex(where: { !$0.isEmpty }), rows[y] == "$" else { return false }
            let c = try cursor()
            return c.x == 2 && c.y == y
        }
    }

    /// The screen as one string, for failure messages (or why there is none).
    func dump() -> String {
        do { return try screen().joined(separator: "\n") } catch { return "(no screen: \(error))" }
    }

    /// The screen with its SGR sequences as one string, for failure messages (or why there is none).
    func styledDump() -> String {
        do { return try styledScreen().joined(separator: "\n") } catch { return "(no screen: \(error))" }
    }
}
