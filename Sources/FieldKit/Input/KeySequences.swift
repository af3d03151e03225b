/// What a complete CSI or SS3 sequence means.
enum SequenceResult: Equatable {
    /// A named key.
    case key(Key)
    /// Understood as a sequence, but no key we know.
    case refused
    /// `ESC [ 200 ~`: a bracketed paste begins.
    case pasteStart
    /// `ESC [ 201 ~`: a bracketed paste ends.
    case pasteEnd
}

/// Modifier keys held with a key.
struct KeyModifiers: Equatable {
    /// Ctrl.
    var ctrl = false
    /// Alt, Meta (and kitty's Super): all spelled `M-`.
    var meta = false
    /// Shift.
    var shift = false

    /// xterm's modifier parameter: 1 + (1 Shift) + (2 Alt) + (4 Ctrl) + (8 Meta); kitty adds 16 Hyper, 32 Meta,
    /// 64 Caps Lock, 128 Num Lock. 0 (absent) and 1 are no modifier; nil when the value names no key we can spell.
    init?(parameter: UInt32) {
        guard parameter > 1 else { return }
        let bits = parameter - 1
        // Hyper has no spelling; the lock keys do not change which key was pressed.
        guard bits < 256, bits & 16 == 0 else { return nil }
        shift = bits & 1 != 0
        meta = bits & (2 | 8 | 32) != 0
        ctrl = bits & 4 != 0
    }

    /// Explicit modifiers.
    init(ctrl: Bool = false, meta: Bool = false, shift: Bool = false) {
        self.ctrl = ctrl
        self.meta = meta
        self.shift = shift
    }
}

/// The tables of key sequences: CSI and SS3 final bytes, `~` numbers, CSI-u codes.
enum KeySequences {
    /// Key of a CSI or SS3 final letter (xterm, VTE, tmux); `Z` is back-tab, Tab with Shift.
    static func letterKey(_ final: UInt8) -> (base: String, shift: Bool)? {
        switch final {
        case UInt8(ascii: "A"): return ("Up", false)
        case UInt8(ascii: "B"): return ("Down", false)
        case UInt8(ascii: "C"): return ("Right", false)
        case UInt8(ascii: "D"): return ("Left", false)
        case UInt8(ascii: "H"): return ("Home", false)
        case UInt8(ascii: "F"): return ("End", false)
        case UInt8(ascii: "E"): return ("Begin", false)
        case UInt8(ascii: "P"): return ("F1", false)
        case UInt8(ascii: "Q"): return ("F2", false)
        case UInt8(ascii: "R"): return ("F3", false)
        case UInt8(ascii: "S"): return ("F4", false)
        case UInt8(ascii: "Z"): return ("Tab", true)
        default: return nil
        }
    }

    /// Key of a `CSI n ~` number (VT220, xterm, rxvt, linux console, tmux, screen).
    static func tildeKey(_ n: UInt32) -> String? {
        switch n {
        case 1, 7: return "Home"
        case 2: return "Insert"
        case 3: return "Del"
        case 4, 8: return "End"
        case 5: return "PageUp"
        case 6: return "PageDown"
        case 11...15: return functionKeys[Int(n - 11)]
        case 17...21: return functionKeys[Int(n - 12)]
        case 23...26: return functionKeys[Int(n - 13)]
        case 28, 29: return functionKeys[Int(n - 14)]
        case 31...34: return functionKeys[Int(n - 15)]
        default: return nil
        }
    }

    /// F1 … F20.
    static let functionKeys = (1...20).map { "F\($0)" }

    /// Arrow keys in final-byte order `a`..`d` (rxvt's modified arrows).
    private static let arrows = ["Up", "Down", "Right", "Left"]

    /// A complete CSI sequence; `meta` when an extra ESC came before it (rxvt's Alt).
    static func csi(_ final: UInt8, _ p: SequenceParameters, meta: Bool) -> SequenceResult {
        guard p.isKeyShaped else { return .refused }
        switch final {
        case UInt8(ascii: "~"):
            if p.count == 1 && !p.colon && p.first == 200 { return .pasteStart }
            if p.count == 1 && !p.colon && p.first == 201 { return .pasteEnd }
            if p.count == 3 && p.first == 27 {  // xterm modifyOtherKeys: ESC [ 27 ; mods ; code ~
                return codeKey(p.third, modifiers: p.second, event: p.event, meta: meta)
            }
            guard p.count <= 2, let base = tildeKey(p.first) else { return .refused }
            return key(base, modifiers: p.count == 2 ? p.second : 1, event: p.event, meta: meta)
        case UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "@"):  // rxvt: Ctrl, Shift, Ctrl-Shift
            guard p.isPlainNumber, let base = tildeKey(p.first) else { return .refused }
            let ctrl = final != UInt8(ascii: "$"), shift = final != UInt8(ascii: "^")
            return .key(.named(KeyName.compose(base, ctrl: ctrl, meta: meta, shift: shift)))
        case UInt8(ascii: "u"):  // kitty: ESC [ code[:alternates] ; mods[:event] ; text u
            guard (1...3).contains(p.count) else { return .refused }
            return codeKey(p.first, modifiers: p.count >= 2 ? p.second : 1, event: p.event, meta: meta)
        case UInt8(ascii: "a")...UInt8(ascii: "d"):  // rxvt: Shift with an arrow
            guard p.count == 0 else { return .refused }
            return .key(.named(KeyName.compose(arrows[Int(final - UInt8(ascii: "a"))], meta: meta, shift: true)))
        default:
            guard let (base, shift) = letterKey(final) else { return .refused }
            return letter(base, shift: shift, p, meta: meta)
        }
    }

    /// A complete SS3 sequence (`ESC O` + optional modifier digits + final).
    static func ss3(_ final: UInt8, _ p: SequenceParameters, meta: Bool) -> SequenceResult {
        guard p.isKeyShaped else { return .refused }
        switch final {
        case UInt8(ascii: "a")...UInt8(ascii: "d"):  // rxvt: Ctrl with an arrow
            guard p.count == 0 else { return .refused }
            return .key(.named(KeyName.compose(arrows[Int(final - UInt8(ascii: "a"))], ctrl: true, meta: meta)))
        case UInt8(ascii: "M"):  // the keypad's Enter in application keypad mode
            return letter("CR", shift: false, p, meta: meta)
        default:
            guard let (base, shift) = letterKey(final) else { return .refused }
            return letter(base, shift: shift, p, meta: meta)
        }
    }

    /// A final-letter key with xterm's modifier forms: none, `ESC [ 1 ; m X`, or the older `ESC [ m X`.
    private static func letter(_ base: String, shift: Bool, _ p: SequenceParameters, meta: Bool) -> SequenceResult {
        let modifiers: UInt32
        switch p.count {
        case 0: modifiers = 1
        case 1: modifiers = p.first
        case 2 where p.first <= 1: modifiers = p.second
        default: return .refused
        }
        return key(base, modifiers: modifiers, event: p.event, meta: meta, shift: shift)
    }

    /// A named key with a modifier parameter; nil-modifiers and key releases are refused.
    private static func key(_ base: String, modifiers: UInt32, event: UInt32, meta: Bool,
                            shift: Bool = false) -> SequenceResult {
        guard event <= 2, let m = KeyModifiers(parameter: modifiers) else { return .refused }
        return .key(.named(KeyName.compose(base, ctrl: m.ctrl, meta: m.meta || meta, shift: m.shift || shift)))
    }

    /// A Unicode code with modifiers, as kitty's CSI-u and xterm's modifyOtherKeys report it.
    static func codeKey(_ code: UInt32, modifiers: UInt32, event: UInt32, meta: Bool) -> SequenceResult {
        guard event <= 2, var m = KeyModifiers(parameter: modifiers) else { return .refused }
        m.meta = m.meta || meta
        if code < 0x20 || code == 0x7F {
            let (base, ctrl) = KeyName.control(UInt8(code))
            return .key(.named(KeyName.compose(base, ctrl: ctrl || m.ctrl, meta: m.meta, shift: m.shift)))
        }
        // C1 controls, surrogates, kitty's private-use codes for keypad and media keys, and non-characters.
        guard code > 0x9F || code < 0x80, code <= 0x10FFFF, !(0xE000...0xF8FF).contains(code),
              let scalar = Unicode.Scalar(code) else { return .refused }
        // Plain or shifted text reported as a code: a mode we never enable, and never to become typed text.
        guard m.ctrl || m.meta else { return .refused }
        return .key(.named(KeyName.compose(String(Character(scalar)), ctrl: m.ctrl, meta: m.meta, shift: m.shift)))
    }
}
