import Foundation
import Testing
@testable import TestSupport

/// `make install`, `make uninstall` and `make deb` as a packager runs them: the files land in their standard
/// folders, the installed binary works away from the source tree, and uninstall leaves nothing behind.
@Suite(.serialized) struct InstallTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The files `make install` puts under PREFIX.
    static let installed = [
        "bin/fieldline", "share/man/man1/fieldline.1", "share/bash-completion/completions/fieldline",
        "share/zsh/site-functions/_fieldline", "share/fish/vendor_completions.d/fieldline.fish",
        "share/doc/fieldline/copyright",
    ]

    /// Runs a command in the repository with the test runner's PATH (for swift and dpkg) and a scratch HOME.
    static func sh(_ command: String) throws -> Run {
        try shell(command, in: repo, environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
    }

    @Test func makeInstallPutsEveryFileInPlaceAndUninstallRemovesThem() throws {
        let s = try ScratchFolder()
        let make = try Self.sh("make --no-print-directory install DESTDIR='\(s.folder)' PREFIX=/opt/fl 2>&1")
        #expect(make.status == 0, "\(make.out)")
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: s.folder + "/opt/fl/" + file), "\(file) missing")
        }
        let man = s.read("opt/fl/share/man/man1/fieldline.1")
        #expect(man.contains("Exit codes: 0 ok") && man.contains("keymap"), "the man page lacks the exit codes")
        // Finished by scripts/finish-man.sh: the version in the footer, ENVIRONMENT and EXIT STATUS per command
        // (ReleaseTests holds their contents to the code).
        let version = try fieldline(["--version"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = man.split(separator: "\n")
        #expect(lines.contains(".Os fieldline \(version)") && lines.contains(".Sh ENVIRONMENT") && lines.contains(".Ss confirm")
                && lines.contains(".Ss records") && !man.contains(".Ex -std"), "the man page was not finished")
        // ArgumentParser's man page writer drops every character beyond ASCII (a `…` vanished from the kinds list):
        // the help it reads is ASCII, so the page says all of it. No empty input line either (mdoc warns).
        let dump = try fieldline(["--experimental-dump-help"]).out
        #expect(!dump.isEmpty && dump.unicodeScalars.allSatisfy(\.isASCII), "help text beyond ASCII would be lost from the man page")
        #expect(man.contains("premium-rate,shared-cost") && man.contains("--lang"))
        #expect(!man.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains(""), "an empty input line in the man page")
        #expect(s.read("opt/fl/share/bash-completion/completions/fieldline").contains("---completion ask"))
        // Stripped: no symbol table left.
        let nm = try Self.sh("nm '\(s.folder)/opt/fl/bin/fieldline' 2>&1")
        #expect(nm.out.contains("no symbols"), "\(nm.out.prefix(200))")
        let uninstall = try Self.sh("make --no-print-directory uninstall DESTDIR='\(s.folder)' PREFIX=/opt/fl 2>&1")
        #expect(uninstall.status == 0, "\(uninstall.out)")
        for file in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: s.folder + "/opt/fl/" + file), "\(file) left behind")
        }
    }

    /// The release link lays out first the functions scripts/startup-symbols.txt lists (the start-up path, so few
    /// pages of code are resident at a prompt). The list is written by scripts/gen-startup-order.py; this fails
    /// when it has gone stale (most of its names gone from the binary) or when the linker stopped following it.
    @Test func theReleaseBinaryLaysOutTheStartupPathFirst() throws {
        let make = try Self.sh("make --no-print-directory release >/dev/null 2>&1")
        #expect(make.status == 0)
        let listed = Set(try String(contentsOfFile: Self.repo + "/scripts/startup-symbols.txt", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        #expect(listed.count > 1000, "\(listed.count) names")
        struct Function { let address: UInt64; let name: String }
        var symbols: [Function] = []
        for line in try Self.sh("nm -n --defined-only .build-release/release/fieldline").out.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[1] == "t" || parts[1] == "T", let address = UInt64(parts[0], radix: 16) else { continue }
            symbols.append(Function(address: address, name: String(parts[2])))
        }
        let present = symbols.filter { listed.contains($0.name) }
        #expect(present.count * 10 >= listed.count * 9, "only \(present.count) of the \(listed.count) listed functions are in the binary: run scripts/gen-startup-order.py")
        // The project's own functions each have a section, so every listed one comes before every other one.
        let modules = ["$s8FieldKit", "$s12FieldKeymaps", "$s13FieldTerminal", "$s10FieldSinks", "$s9fieldline"]
        let own = symbols.filter { function in modules.contains { function.name.hasPrefix($0) } }
        let lastListed = own.filter { listed.contains($0.name) }.map { $0.address }.max() ?? 0
        let firstOther = own.filter { !listed.contains($0.name) }.map { $0.address }.min() ?? 0
        #expect(lastListed > 0 && lastListed < firstOther, "a listed function at \(lastListed) comes after an unlisted one at \(firstOther)")
    }

    @Test func theDebianPackageHoldsAWorkingBinary() throws {
        let make = try Self.sh("make --no-print-directory deb 2>/dev/null | tail -1")
        #expect(make.status == 0)
        let deb = Self.repo + "/" + make.out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(deb.hasSuffix(".deb"), "\(make.out)")
        let fields = try Self.sh("dpkg-deb -f '\(deb)' Package Version Maintainer Depends")
        let version = try fieldline(["--version"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(fields.out.contains("Package: fieldline") && fields.out.contains("Version: \(version)"), "\(fields.out)")
        let arch = try Self.sh("dpkg --print-architecture").out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(deb.hasSuffix("/fieldline_\(version)_\(arch).deb"), "\(deb)")
        let maintainer = try #require(try String(contentsOfFile: Self.repo + "/Makefile", encoding: .utf8)
            .firstMatch(of: /\nMAINTAINER \?= (.+)\n/)?.1)
        #expect(fields.out.contains("Maintainer: \(maintainer)\n"), "\(fields.out)")
        // Every shared library the binary still loads comes from a package Depends names; the ones linked statically
        // (the Makefile's static-libs folder) have their copyright files in the package instead.
        let built = Self.repo + "/.build-release/release/fieldline"
        // (library, path) as the loader finds them; dpkg knows a library by the path its package installed.
        let loaded = try Self.sh("ldd '\(built)' | awk '$2 == \"=>\" {print $1, $3}'").out.split(separator: "\n")
            .map { $0.split(separator: " ").map(String.init) }.filter { $0.count == 2 }
        let needed = loaded.map { $0[0] }
        #expect(needed.contains("libc.so.6"), "\(needed)")
        for library in loaded {
            let owner = try Self.sh("dpkg -S '\(library[1])' 2>/dev/null || dpkg -S \"$(readlink -f '\(library[1])')\"")
            let package = String(owner.out.prefix { $0 != ":" })
            #expect(!package.isEmpty && fields.out.contains(package), "\(library[0]) (\(package)) is not in \(fields.out)")
        }
        let archives = try Self.sh("ls .build/static-libs").out.split(separator: "\n").map { $0.replacingOccurrences(of: ".a", with: "") }
        #expect(archives.contains("libedit"), "libedit is not linked statically: \(archives)")
        // libc6's bound covers every glibc version the binary needs; GLIBC_ABI_DT_RELR (a binary linked with DT_RELR)
        // came with glibc 2.36, which dpkg-shlibdeps alone does not see.
        let bound = try #require(fields.out.firstMatch(of: /libc6 \(>= ([0-9.]+)\)/)?.1, "\(fields.out)")
        let needs = try Self.sh("readelf -V --wide '\(Self.repo)/.build-release/release/fieldline'").out
        let versions = needs.matches(of: /Name: GLIBC_([0-9][0-9.]*)/).map { String($0.1) }
        func atLeast(_ a: Substring, _ b: String) -> Bool {
            let x = a.split(separator: ".").compactMap { Int($0) }, y = b.split(separator: ".").compactMap { Int($0) }
            return !x.lexicographicallyPrecedes(y)
        }
        #expect(!versions.isEmpty && versions.allSatisfy { atLeast(bound, $0) }, "libc6 (>= \(bound)), the binary needs \(versions)")
        if needs.contains("GLIBC_ABI_DT_RELR") { #expect(atLeast(bound, "2.36"), "libc6 (>= \(bound))") }
        // Unpacked into a scratch root and run from there, away from the source tree.
        let s = try ScratchFolder()
        let unpack = try Self.sh("dpkg -x '\(deb)' '\(s.folder)'")
        #expect(unpack.status == 0, "\(unpack.err)")
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: s.folder + "/usr/" + file), "\(file) missing from the package")
        }
        let copyright = s.read("usr/share/doc/fieldline/copyright")
        for archive in archives where archive != "libstdc++" {
            #expect(copyright.contains("== \(archive) (from Debian's "), "no notice for \(archive), linked statically")
        }
        #expect(!needed.contains { $0.hasPrefix("libedit") || $0.hasPrefix("libyaml") || $0.hasPrefix("libpcre2") },
                "a C library linked statically is still loaded: \(needed)")
        let binary = s.folder + "/usr/bin/fieldline"
        #expect(try Spawn.run([binary, "--version"]).out == version + "\n")
        let checked = try Spawn.run([binary, "check", "phone-cn"], stdin: Data("+86 138 1234 5678\n".utf8))
        #expect(checked.out == "13812345678\n" && checked.status == 0)
    }
}
