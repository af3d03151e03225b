import Testing
@testable import FieldSinks

/// Which SQLite partial index counts as fieldline's own (`WHERE "c" <> ''`, empty values aside) and so guards a
/// unique field: the same condition however it is written, and nothing else.
struct SQLiteIndexConditionTests {
    @Test(arguments: [
        #"CREATE UNIQUE INDEX "fl_unique_0123456789abcdef" ON "entry"("code") WHERE "code" <> ''"#,
        "create unique index x on entry (code) where code != ''",
        "CREATE UNIQUE INDEX [x] ON `entry` ([Code]) /* empty aside */ WHERE\n  `CODE`   <>''  -- done",
    ])
    func fieldlinesConditionCounts(_ sql: String) {
        #expect(isNonEmptyCondition(indexSQL: sql, column: "code"))
    }

    @Test(arguments: [
        "CREATE UNIQUE INDEX x ON entry (code) WHERE code = 'x'",
        "CREATE UNIQUE INDEX x ON entry (code) WHERE code <> 'x'",
        "CREATE UNIQUE INDEX x ON entry (code) WHERE code <> '' AND name = 'a'",
        "CREATE UNIQUE INDEX x ON entry (code) WHERE name <> ''",
        "CREATE UNIQUE INDEX x ON entry (code) WHERE \"wherecode\" <> ''",
        "CREATE UNIQUE INDEX \"where\" ON entry (code) WHERE (code <> '')",
        "CREATE UNIQUE INDEX x ON entry (code)",
        "CREATE UNIQUE INDEX x ON entry (code) WHERE code <> ''''",
    ])
    func anyOtherConditionDoesNot(_ sql: String) {
        #expect(!isNonEmptyCondition(indexSQL: sql, column: "code"))
    }
}
