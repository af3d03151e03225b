/// Spelling of named keys with modifiers, shared by the decoder and `KeyNotation` so both name a key alike.
enum KeyName {
    /// `C-`, `M-`, `S-` in that order before `base`. A one-letter base is lower-cased after `C-`; without `C-`,
    /// Shift is folded into the letter (`M-B`), as a terminal's Meta key sends it. A space base is `Space`.
    static func compose(_ base: String, ctrl: Bool = false, meta: Bool = false, shift: Bool = false) -> String {
        var base = base
        var shift = shift
        // Only a one-byte base (an ASCII character) has a case or a spelled-out name; utf8.count is O(1).
        if base.utf8.count == 1, let v = base.utf8.first {
            if v == 0x20 {
                base = "Space"
            } else if (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) {
                if ctrl {
                    base = String(Character(Unicode.Scalar(v | 0x20)))
                } else if shift {
                    base = String(Character(Unicode.Scalar(v & ~0x20)))
                    shift = false
                }
            }
        }
        let index = (ctrl ? 4 : 0) + (meta ? 2 : 0) + (shift ? 1 : 0)
        return index == 0 ? base : prefixes[index] + base
    }

    /// The modifier prefixes, indexed by Ctrl 4 + Meta 2 + Shift 1: one concatenation per named key.
    private static let prefixes = ["", "S-", "M-", "M-S-", "C-", "C-S-", "C-M-", "C-M-S-"]

    /// The key a C0 control byte or DEL stands for, as a base and whether Ctrl is part of it (0x01 is `a` + Ctrl).
    static func control(_ byte: UInt8) -> (base: String, ctrl: Bool) {
        switch byte {
        case 0x00: return ("@", true)
        case 0x09: return ("Tab", false)
        case 0x0D: return ("CR", false)
        case 0x1B: return ("Esc", false)
        case 0x7F: return ("BS", false)
        case 0x01...0x1A: return (String(Character(Unicode.Scalar(byte + 0x60))), true)
        default: return (String(Character(Unicode.Scalar(byte + 0x40))), true)  // 0x1C-0x1F: \ ] ^ _
        }
    }

    /// Names of the 33 control keys without modifiers, computed once: Enter and Backspace are on every prompt.
    static let plainControls: [Key] = (0...0x20).map { i in
        let (base, ctrl) = control(i == 0x20 ? 0x7F : UInt8(i))
        return .named(compose(base, ctrl: ctrl))
    }

    /// The key for a C0 control byte or DEL, with Meta when an ESC came first.
    static func controlKey(_ byte: UInt8, meta: Bool) -> Key {
        guard meta else { return plainControls[byte == 0x7F ? 0x20 : Int(byte)] }
        let (base, ctrl) = control(byte)
        return .named(compose(base, ctrl: ctrl, meta: true))
    }
}
