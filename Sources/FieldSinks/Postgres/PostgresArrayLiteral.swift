/// `{"a","b\"c"}`: texts as one PostgreSQL text array literal, sent as one parameter (`= ANY($1::text[])`) so that
/// many values take one statement. Made from the values' UTF-8 bytes: `"` and `\` are ASCII, never part of another
/// character's bytes.
func postgresArrayLiteral<Values: Sequence<String>>(_ values: Values) -> String {
    var array: [UInt8] = [UInt8(ascii: "{")]
    array.reserveCapacity(values.underestimatedCount * 16 + 2)
    for value in values {
        if array.count > 1 { array.append(UInt8(ascii: ",")) }
        array.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { array.append(UInt8(ascii: "\\")) }
            array.append(byte)
        }
        array.append(UInt8(ascii: "\""))
    }
    array.append(UInt8(ascii: "}"))
    return String(decoding: array, as: UTF8.self)
}
