/// `{"a","b\"c"}`: texts as one PostgreSQL text array literal, sent as one parameter (`= ANY($1::text[])`) so that
/// many values take one statement.
func postgresArrayLiteral<Values: Sequence<String>>(_ values: Values) -> String {
    var array = "{"
    for value in values {
        if array.utf8.count > 1 { array += "," }
        array += "\""
        for character in value.unicodeScalars {
            if character == "\"" || character == "\\" { array += "\\" }
            array.unicodeScalars.append(character)
        }
        array += "\""
    }
    return array + "}"
}
