import Foundation
import Testing
@testable import TestSupport

/// `fieldline stats` with verified records (`form --verify`): per operator of the first entry the fields keyed
/// again, the first entry's errors and errors per 10,000 fields, exactly as a SQL query over the tables computes
/// them; a database with verifications but no paradata still has figures.
@Suite struct StatsVerificationTests {
    /// The database of `StatsTests.generated(count)` with its verification table filled by SQL: every third record
    /// of the first `verified` verified, each of its three fields; a discrepancy on some, resolved either way.
    /// The table is made as `form --verify` makes it (its columns in `RecordVerification.columns` order).
    static func verified(_ count: Int, _ verified: Int, in s: ScratchFolder) throws -> (form: String, db: String) {
        let (form, db) = try StatsTests.generated(count, in: s)
        _ = try sqliteShell(db, """
            CREATE TABLE keyed_verify ("record_id" TEXT NOT NULL, "field" TEXT NOT NULL, "entered_by" TEXT NOT NULL,
              "saved" TEXT NOT NULL, "keyed" TEXT NOT NULL, "chosen" TEXT NOT NULL, "verified_at" TEXT NOT NULL, "verified_by" TEXT NOT NULL);
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 3 FROM n WHERE i + 3 < \(verified))
            INSERT INTO keyed_verify
            SELECT r.record_id, f.name, r.operator, 's', CASE WHEN (n.i + f.o) % 7 = 0 OR (n.i + f.o) % 11 = 0 THEN 'k' ELSE 's' END,
              CASE WHEN (n.i + f.o) % 7 = 0 THEN 'k' ELSE 's' END, '2026-11-28T00:00:00Z', 'checker'
            FROM n JOIN keyed r ON r.record_id = 'id-' || n.i
            JOIN (SELECT 'code' AS name, 1 AS o UNION ALL SELECT 'name', 2 UNION ALL SELECT 'note', 3) f;
            """)
        return (form, db)
    }

    /// The JSON lines the figures should be, computed by SQLite.
    static func expected(_ db: String) throws -> [String] {
        try sqliteShell(db, """
            WITH c AS (SELECT entered_by AS e, count(*) AS n, sum(chosen <> saved) AS w FROM keyed_verify GROUP BY entered_by),
            r AS (SELECT e, n, w, (w * 200000 + n) / (2 * n) AS t FROM c)
            SELECT printf('{"entered_by":"%s","verified_fields":%d,"verification_errors":%d,"errors_per_10000":%d.%d}', e, n, w, t / 10, t % 10)
            FROM r ORDER BY e
            """)
    }

    @Test func theRatePer10000FieldsPerOperatorAsSQLComputesIt() throws {
        let s = try ScratchFolder()
        let (form, db) = try Self.verified(3000, 2000, in: s)
        let want = try Self.expected(db)
        #expect(want.count == 5)
        let run = try fieldline(["stats", form, "--from", db, "--output", "json"])
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(Array(lines.suffix(want.count)) == want, "\(run.out)")
        let table = try fieldline(["stats", form, "--from", db])
        #expect(table.out.contains("errors per 10,000 fields"), "\(table.out)")
    }

    @Test func verificationsWithoutParadataStillHaveFigures() throws {
        let s = try ScratchFolder()
        let (form, db) = try Self.verified(30, 30, in: s)
        _ = try sqliteShell(db, "DELETE FROM keyed_keying")
        let run = try fieldline(["stats", form, "--from", db, "--output", "json"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.split(separator: "\n").map(String.init) == (try Self.expected(db)), "\(run.out)")
    }
}
