/// The output lines of the `sqlite3` shell (an independent reader) running `sql` on the database at `db`; an error
/// with its message when it fails.
func sqliteShell(_ db: String, _ sql: String) throws -> [String] {
    try Spawn.output(["sqlite3", "-batch", db, sql]).split(separator: "\n").map(String.init)
}
