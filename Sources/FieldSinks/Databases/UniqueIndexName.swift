/// The name of the unique index fieldline makes for `column` of `table`: `fl_unique_` and 16 hex digits of a
/// 64-bit FNV-1a hash of both names. The former `<table>_<column>_unique` named one index for form `a`'s field
/// `b_c` and form `a_b`'s field `c`, and PostgreSQL cuts names at 63 bytes; this one is 26 bytes whatever the
/// names. Whether a column is guarded is decided by the index's definition, never by this name, so even a hash
/// collision cannot leave a column unguarded (the sink refuses to open instead).
func uniqueIndexName(table: String, column: String) -> String {
    fieldlineName("fl_unique_", table: table, column: column)
}

/// `prefix` and 16 hex digits of a 64-bit FNV-1a hash of `table` and `column`: a name for something fieldline makes
/// for a column, of one length whatever the names.
func fieldlineName(_ prefix: String, table: String, column: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in Array(table.utf8) + [0] + Array(column.utf8) {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return prefix + String(repeating: "0", count: 16 - hex.count) + hex
}
