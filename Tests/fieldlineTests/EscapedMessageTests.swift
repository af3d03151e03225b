import Foundation
import Testing
@testable import TestSupport

/// Text from a database reaches stderr escaped (`U+1B`), never as the control itself: a trigger's message, a stored
/// `saved_at` or `operator` quoted in a repeat, on import and on correction, SQLite and PostgreSQL.
@Suite(.serialized) struct EscapedMessageTests {
    static let visitor = FormImportTests.visitor
    static let first = #"{"mobile":"13812345678","idcard":"11010519491231002X","name":"Ann"}"#
    static let second = #"{"mobile":"13912345678","idcard":"440524199001010018","name":"Bo"}"#

    /// No control but the line ends; the escape named.
    static func expectEscaped(_ err: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
                "\(err.debugDescription)", sourceLocation: sourceLocation)
        #expect(err.contains("U+1B"), "\(err.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func aSQLiteTriggersMessageIsEscapedOnImportAndCorrection() throws {
        let s = try ScratchFolder()
        let db = s.path("v.db")
        #expect(try fieldline(["form", Self.visitor, "--input", "-", "--out", db], stdin: Self.first + "\n").status == 0)
        // RAISE takes a literal: the controls stand in it as they are.
        _ = try sqliteShell(db, """
            CREATE TRIGGER no_bo BEFORE INSERT ON visitor WHEN NEW.name = 'Bo'
            BEGIN SELECT RAISE(ABORT, 'refused\u{1B}]0;PWNED\u{7}\u{1B}[2J'); END;
            CREATE TRIGGER no_edit BEFORE UPDATE ON visitor
            BEGIN SELECT RAISE(ABORT, 'frozen\u{1B}[31m\u{9B}x'); END;
            """)
        let insert = try fieldline(["form", Self.visitor, "--input", "-", "--out", db], stdin: Self.second + "\n")
        #expect(insert.status != 0)
        #expect(insert.err.contains("refusedU+1B]0;PWNEDU+7U+1B[2J"), "\(insert.err.debugDescription)")
        Self.expectEscaped(insert.err)
        let correction = try fieldline(["form", Self.visitor, "--input", "-", "--out", db, "--update-by", "idcard"],
                                       stdin: #"{"idcard":"11010519491231002X","name":"Cy"}"# + "\n")
        #expect(correction.status != 0)
        #expect(correction.err.contains("frozenU+1B[31mU+9Bx"), "\(correction.err.debugDescription)")
        Self.expectEscaped(correction.err)
    }

    @Test func aPostgresRepeatQuotingAHostileSavedAtAndOperatorIsEscaped() throws {
        let pg = try ScratchPostgres()
        #expect(try fieldline(["form", Self.visitor, "--input", "-", "--out", pg.url], stdin: Self.first + "\n").status == 0)
        _ = try pg.psql(#"UPDATE visitor SET saved_at = E'2026\x1b]0;PWNED\x07', operator = E'eve\x1b[2J'"#)
        let run = try fieldline(["form", Self.visitor, "--input", "-", "--out", pg.url], stdin: Self.first + "\n")
        #expect(run.status == 65)
        #expect(run.err.contains("the record saved 2026U+1B]0;PWNEDU+7 by eveU+1B[2J"), "\(run.err.debugDescription)")
        Self.expectEscaped(run.err)
    }

    @Test func aPostgresTriggersMessageIsEscapedOnImportAndCorrection() throws {
        let pg = try ScratchPostgres()
        #expect(try fieldline(["form", Self.visitor, "--input", "-", "--out", pg.url], stdin: Self.first + "\n").status == 0)
        _ = try pg.psql(#"""
            CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION E'refused\x1b]0;PWNED\x07 %', NEW.name; END $$;
            CREATE TRIGGER no_more BEFORE INSERT OR UPDATE ON visitor FOR EACH ROW EXECUTE FUNCTION refuse();
            """#)
        let insert = try fieldline(["form", Self.visitor, "--input", "-", "--out", pg.url], stdin: Self.second + "\n")
        #expect(insert.status != 0)
        #expect(insert.err.contains("refusedU+1B]0;PWNEDU+7 Bo"), "\(insert.err.debugDescription)")
        Self.expectEscaped(insert.err)
        let correction = try fieldline(["form", Self.visitor, "--input", "-", "--out", pg.url, "--update-by", "idcard"],
                                       stdin: #"{"idcard":"11010519491231002X","name":"Cy"}"# + "\n")
        #expect(correction.status != 0)
        #expect(correction.err.contains("refusedU+1B]0;PWNEDU+7 Cy"), "\(correction.err.debugDescription)")
        Self.expectEscaped(correction.err)
    }

    /// A database named with an escape on the command line: the connection failure names it escaped, with its
    /// password and sslpassword masked.
    @Test func aConnectionFailureShowsTheURLEscapedAndMasked() throws {
        let url = "postgresql://127.0.0.1:1/x\u{1B}]0;PWNED\u{7}?password=secret1&sslpassword=secret2&connect_timeout=2"
        let run = try fieldline(["records", Self.visitor, "--from", url])
        #expect(run.status != 0)
        #expect(!run.err.contains("secret1") && !run.err.contains("secret2"), "\(run.err)")
        Self.expectEscaped(run.err)
    }
}
