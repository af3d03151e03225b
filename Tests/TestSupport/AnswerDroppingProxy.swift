import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy in front of a PostgreSQL server's Unix socket that, once, lets an INSERT commit and then cuts the
/// connection before the answer reaches the client: the one case where a client cannot know whether its record
/// was stored. Python (standard library), started for one test and killed when the value goes away.
final class AnswerDroppingProxy {
    private let process: SpawnedProcess
    /// The port it listens on, on 127.0.0.1.
    let port: Int

    /// A proxy to the server listening on `socket` (its `.s.PGSQL.PORT` file).
    init(socket: String) throws {
        process = try Spawn.start(["python3", "-c", Self.script, socket], stdout: .pipe)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while !line.contains(0x0A) && read(process.output, &byte, 1) == 1 { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ScratchPostgres.PostgresProblem(message: "the proxy reported no port: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
    }

    /// Server messages are a type byte and a 4-byte length; an INSERT's CommandComplete ('C', "INSERT …") is
    /// followed by ReadyForQuery ('Z') once its implicit transaction has committed (status 'I'; an INSERT inside an
    /// open transaction, as the set-up's, answers 'T' and is passed on). The first time, both are held back and
    /// both sockets closed.
    static let script = #"""
    import socket, struct, sys, threading
    server_path = sys.argv[1]
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)
    dropped = [False]
    def close(*socks):
        for s in socks:
            try: s.shutdown(socket.SHUT_RDWR)
            except OSError: pass
            s.close()
    def upstream(client, server):
        try:
            while True:
                data = client.recv(65536)
                if not data: break
                server.sendall(data)
        except OSError: pass
        close(client, server)
    def downstream(server, client):
        buf, held = b"", None
        try:
            while True:
                data = server.recv(65536)
                if not data: break
                buf += data
                out = b""
                while len(buf) >= 5:
                    n = struct.unpack("!I", buf[1:5])[0]
                    if len(buf) < 1 + n: break
                    msg, buf = buf[:1 + n], buf[1 + n:]
                    if not dropped[0] and msg[:1] == b"C" and msg[5:].startswith(b"INSERT"):
                        held = msg
                        continue
                    if held is not None and msg[:1] == b"Z" and msg[5:6] != b"I":
                        out += held + msg
                        held = None
                        continue
                    if held is not None and msg[:1] == b"Z":
                        dropped[0] = True
                        client.sendall(out)
                        close(client, server)
                        return
                    out += msg
                client.sendall(out)
        except OSError: pass
        close(client, server)
    while True:
        client, _ = listener.accept()
        server = socket.socket(socket.AF_UNIX)
        server.connect(server_path)
        threading.Thread(target=upstream, args=(client, server), daemon=True).start()
        threading.Thread(target=downstream, args=(server, client), daemon=True).start()
    """#
}
