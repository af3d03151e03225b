extension Field {
    /// `apply(.selfInsert(text))` for the key typed most: one printable ASCII byte appended at the end of a plain
    /// field, in a run of typing, that takes it. The general insertion would break the text into characters, build an
    /// outcome, look at the neighbours for regrouping and refresh the kept display; here each of those is known from
    /// the one byte. A second copy of the insertion, kept because every typed key would pay for the general one:
    /// `TypedAppendTests` applies every ASCII key both ways on random fields and states and compares.
    /// Returns false, with the field untouched, whenever the key needs the general path (a refusal, the limit, a
    /// field with templates, rules per position or refused prefixes, the first key of a run, a line ending in a
    /// non-ASCII scalar).
    @inline(__always)
    mutating func appendTyped(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 1 else { return false }
        return appendTyped(byte: utf8.first!, text: text)
    }

    /// `appendTyped(_:)` for the key's byte.
    mutating func appendTyped(byte: UInt8) -> Bool {
        appendTyped(byte: byte, text: String(Unicode.Scalar(byte)))
    }

    /// `appendTyped(_:)` for the key's byte and its text (of that one byte).
    private mutating func appendTyped(byte: UInt8, text: String) -> Bool {
        // Printable ASCII only; the first key of a run notes an undo step, which the general path does.
        guard byte &- 0x20 < 0x5F, history.typing, plainDisplay != nil, state.cursor == state.symbols.count else {
            return false
        }
        switch spec.kind {
        case .plain: break
        case .templated, .liveLayout, .choice, .date: return false
        }
        guard spec.symbols.isUniform, spec.refusedOptions.isEmpty else { return false }
        // A printable ASCII scalar never joins the grapheme before it when that one ends in an ASCII scalar (no
        // Unicode rule but CR LF joins after one), so the symbols stay as they are with the new one after them: the
        // kept display's last byte (the symbols joined) tells, without looking into the last symbol.
        if let last = plainDisplay!.utf8.last, last >= 0x80 { return false }
        // Normalising maps ASCII to ASCII (fullwidth forms are not ASCII), so the symbol stays one printable byte.
        let mapped = UInt8(truncatingIfNeeded: spec.symbols.normalize(scalar: UInt32(byte)))
        guard spec.symbols.defaultClass.contains(scalar: UInt32(mapped)) else { return false }
        let character = mapped == byte ? Character(text) : Character(Unicode.Scalar(mapped))
        if let limit = spec.limit {
            let count = spec.countUnit.count(of: state.symbols)
            guard count + spec.countUnit.count(of: character) <= limit else { return false }
        }
        notice = nil
        state.symbols.append(character)
        state.cursor += 1
        revealsMessage = false
        lastKeyRefused = false
        plainDisplay!.utf8.append(mapped)
        plainDisplay!.columns += DisplayWidth.columns(of: Unicode.Scalar(mapped))
        return true
    }
}
