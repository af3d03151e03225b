import Testing
@testable import FieldSinks

/// What the PostgreSQL sink makes of a connection string before libpq sees it: the password kept out of messages,
/// the default connect_timeout, and the unique indexes' names.
struct PostgresConnectionTextTests {
    @Test(arguments: [
        ("postgresql://alice:secret@db.example/visits", "postgresql://alice:***@db.example/visits"),
        ("postgresql://db.example/visits?password=secret", "postgresql://db.example/visits?password=***"),
        ("postgres://alice@db:5432/v?sslmode=require&password=secret&connect_timeout=3",
         "postgres://alice@db:5432/v?sslmode=require&password=***&connect_timeout=3"),
        ("postgresql://alice:secret@h1,h2/v?pass%77ord=secret", "postgresql://alice:***@h1,h2/v?pass%77ord=***"),
        ("postgresql://alice:se?cret@db/v", "postgresql://alice:***@db/v"),
        ("postgresql:///postgres?host=/tmp/s&user=postgres", "postgresql:///postgres?host=/tmp/s&user=postgres"),
        ("host=db user=alice password=secret dbname=v", "host=db user=alice password=*** dbname=v"),
        ("host=db password = 'se cr\\'et' dbname=v", "host=db password = *** dbname=v"),
        ("password=secret", "password=***"),
        ("postgresql://db/v?sslmode=verify-full&sslpassword=secret&sslkey=/k", "postgresql://db/v?sslmode=verify-full&sslpassword=***&sslkey=/k"),
        ("postgresql://db/v?passfile=/home/a/secret.pgpass", "postgresql://db/v?passfile=***"),
        ("postgresql://db/v?SSLPassword=secret&Passfile=secret", "postgresql://db/v?SSLPassword=***&Passfile=***"),
        ("postgresql://db/v?ssl%70assword=secret", "postgresql://db/v?ssl%70assword=***"),
        ("host=db sslpassword=secret passfile='/x/secret' dbname=v", "host=db sslpassword=*** passfile=*** dbname=v"),
        ("host=db new_password_option=secret", "host=db new_password_option=***"),
    ])
    func passwordsAreMasked(url: String, shown: String) {
        #expect(PostgresSink.withoutPassword(url) == shown)
        #expect(!PostgresSink.withoutPassword(url).contains("secret") && !PostgresSink.withoutPassword(url).contains("cr"))
    }

    @Test func aConnectTimeoutOfTenSecondsComesBeforeTheURL() {
        let url = "postgresql://db/v?connect_timeout=3"
        let parameters = PostgresSink.connectionParameters(url: url, environmentTimeout: nil)
        // libpq keeps the last value of a keyword: the URL's, expanded from dbname, wins over the default.
        #expect(parameters.map(\.keyword) == ["connect_timeout", "dbname"])
        #expect(parameters.map(\.value) == ["10", url])
        // PGCONNECT_TIMEOUT is read by libpq only for keywords not given: no default then.
        #expect(PostgresSink.connectionParameters(url: url, environmentTimeout: "4").map(\.keyword) == ["dbname"])
    }

    @Test func uniqueIndexNamesAreShortAndDistinct() {
        let a = uniqueIndexName(table: "a", column: "b_c"), ab = uniqueIndexName(table: "a_b", column: "c")
        #expect(a != ab)
        #expect(a.hasPrefix("fl_unique_") && a.utf8.count == 26)
        let stem = String(repeating: "f", count: 61)
        #expect(uniqueIndexName(table: "t", column: stem + "_1") != uniqueIndexName(table: "t", column: stem + "_2"))
        #expect(uniqueIndexName(table: "a", column: "b_c") == a)
    }
}
