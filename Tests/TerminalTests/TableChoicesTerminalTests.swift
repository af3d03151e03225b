import Foundation
import Testing
@testable import TestSupport

/// `choices: {table: …}` at a real terminal (issue 48): a visit's company is picked from the companies saved in the
/// same output, narrowed to the city answered first, its title filled from the chosen record; saved to SQLite and
/// PostgreSQL.
@Suite struct TableChoicesTerminalTests {
    /// The company and visit forms (those of `TableChoicesTests`) in `home`, the companies saved in `out`.
    static func prepare(_ out: String, home: String) throws -> String {
        let company = home + "/company.yaml", visit = home + "/visit.yaml"
        try TableChoicesTerminalTests.companyForm.write(toFile: company, atomically: true, encoding: .utf8)
        try TableChoicesTerminalTests.visitForm.write(toFile: visit, atomically: true, encoding: .utf8)
        let saved = try fieldline(["form", company, "--input", "-", "--out", out], stdin: """
            {"code":"SF","title":"SF Express","city":"Shenzhen","phone":"95338"}
            {"code":"JD","title":"JD Logistics","city":"Beijing","phone":"950616"}
            {"code":"YT","title":"YTO","city":"Shenzhen","phone":"95554"}

            """)
        try #require(saved.status == 0, "\(saved.err)")
        return visit
    }

    static let companyForm = """
        name: company
        fields:
          - {name: code, keymap: text, unique: true}
          - {name: title, keymap: text}
          - {name: city, keymap: text}
          - {name: phone, keymap: digits}

        """
    static let visitForm = """
        name: visit
        fields:
          - name: city
            choices: [Shenzhen, Beijing, Shanghai]
          - name: company
            choices: {table: company, value: code, label: [title, phone]}
            filter: "city == $city"
          - {name: company_title, keymap: text, from: company.title}

        """

    /// Shenzhen, then a company found by its phone number among Shenzhen's two, the title line following; back to
    /// the city and Beijing: the company no longer fits, so it is cleared (the status line says so), and Beijing's
    /// one company is chosen and saved.
    static func pickAndSave(_ t: TmuxTerminal, form: String, out: String) async throws {
        try t.run("fieldline form '\(form)' --out '\(out)'; echo rc=$?")
        try await t.waitRow("city:", "0/3")
        try t.type("Shen"); try t.press("Enter")
        try await t.waitRow("company:", "0/2")                    // SF and YT, not Beijing's JD
        try t.type("95554"); try t.press("Enter")                 // YTO, found by its phone
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves") } }
        #expect(try t.screen().contains("company_title: YTO"), "\(t.dump())")
        try t.press("BTab"); try t.press("BTab")                  // back to the city
        try await t.wait("the city asked again") { rows in rows.contains { $0.hasPrefix("city: Shenzhen") } }
        try t.press("C-u"); try t.type("Bei"); try t.press("Enter")
        try await t.waitRow("company:", "0/1")                    // Beijing's JD alone; YTO no longer fits
        try await t.wait("the status line") { $0.contains { $0.hasPrefix("company cleared:") } }
        #expect(try !t.screen().contains("company_title: YTO"), "\(t.dump())")
        try t.type("JD"); try t.press("Enter")
        try await t.wait("the key line") { $0.contains { $0.hasPrefix("Enter saves") } }
        #expect(try t.screen().contains("company_title: JD Logistics"), "\(t.dump())")
        try t.press("Enter")
        try await t.wait("1 saved") { $0.contains { $0.hasPrefix("1 saved to") } }
        try t.press("C-d")
        #expect(try await t.result() == "rc=0", "\(t.dump())")
    }

    @Test func sqlitePicksACompanyOfTheCity() async throws {
        let t = try await TmuxTerminal(columns: 120); defer { t.close() }
        let out = t.home + "/v.db"
        try await Self.pickAndSave(t, form: try Self.prepare(out, home: t.home), out: out)
        #expect(try sqliteShell(out, "SELECT city, company, company_title FROM visit") == ["Beijing|JD|JD Logistics"])
    }

    @Test func postgresPicksACompanyOfTheCity() async throws {
        let pg = try ScratchPostgres()
        let t = try await TmuxTerminal(columns: 120); defer { t.close() }
        try await Self.pickAndSave(t, form: try Self.prepare(pg.url, home: t.home), out: pg.url)
        #expect(try pg.psql("SELECT city || '|' || company || '|' || company_title FROM visit") == ["Beijing|JD|JD Logistics"])
    }
}
