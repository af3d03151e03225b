extension String {
    /// The characters as one string, built from their UTF-8 bytes.
    ///
    /// Why not `String(characters)`: that generic initialiser appends Character by Character through protocol
    /// witnesses, and every key rebuilds the whole line. Two passes over the bytes (size, then copy) give the same
    /// string at a fraction of the cost.
    init(joining characters: ArraySlice<Character>) {
        var total = 0
        for character in characters { total += character.utf8.count }
        self.init(unsafeUninitializedCapacity: total) { buffer in
            var i = 0
            for character in characters {
                let utf8 = character.utf8
                if utf8.count == 1 {
                    buffer[i] = utf8.first!
                    i += 1
                } else {
                    for byte in utf8 { buffer[i] = byte; i += 1 }
                }
            }
            return i
        }
    }

    /// The same for a whole array.
    init(joining characters: [Character]) { self.init(joining: characters[...]) }
}

extension Character {
    /// One ASCII scalar (not CR LF): a look at one byte, far cheaper than `isASCII`.
    var isSingleASCII: Bool {
        let utf8 = self.utf8
        return utf8.count == 1 && utf8.first! < 0x80
    }
}
