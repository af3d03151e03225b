import FieldKit
import Testing

@testable import FieldLine

/// The key bindings handed to libedit: every key bound, each sequence once, the last binding winning.
@Suite struct BindingTableTests {
    static let standard = Dictionary(uniqueKeysWithValues: Bindings.table(for: .standard).ordered.map {
        ($0.sequence, $0.function)
    })

    @Test(arguments: [
        ("a", "fl-self-insert"), ("~", "fl-self-insert"), ("\\-", "fl-self-insert"), ("\\\\", "fl-self-insert"),
        ("^A", "fl-beginning-of-line"), ("^E", "fl-end-of-line"), ("^W", "fl-backward-kill-word"),
        ("^H", "fl-backward-delete-char"), ("^?", "fl-backward-delete-char"), ("^M", "fl-accept-line"),
        ("\\e[D", "fl-backward-char"), ("\\eOD", "fl-backward-char"), ("\\e[1~", "fl-beginning-of-line"),
        ("\\e[3~", "fl-delete-char"), ("\\e[A", "fl-previous-choice"),
        // Terminal-level keys win over the keymap (Ctrl-D is delete-char there, end of input here).
        ("^D", "fl-end-of-file"), ("^C", "fl-interrupt"), ("^Z", "fl-suspend"), ("^L", "fl-redraw"),
        ("^_", "fl-pending"),
        // Unbound controls are refused, never a libedit built-in.
        ("^@", "fl-refuse"), ("^T", "fl-refuse"), ("^Y", "fl-refuse"), ("^X^X", "fl-refuse"),
    ])
    func standardKeymapBindsKeyToFunction(sequence: String, function: String) {
        #expect(Self.standard[sequence] == function)
    }

    /// Every byte is bound exactly once; the only Esc sequences libedit sees are named keys' (`Esc [`, `Esc O`):
    /// the input reader refuses Meta keys before libedit could look them up.
    @Test func everyByteIsBoundExactlyOnceAndNoMetaKeyIs() {
        let sequences = Bindings.table(for: .standard).ordered.map(\.sequence)
        #expect(Set(sequences).count == sequences.count)
        for byte in UInt8(0)..<0x80 {
            #expect(Self.standard[TerminalKeys.escaped(byte)] != nil, "byte \(byte)")
        }
        for sequence in sequences where sequence.hasPrefix("\\e") {
            #expect(sequence.hasPrefix("\\e[") || sequence.hasPrefix("\\eO"), "\(sequence)")
        }
    }

    /// Binding a sequence again replaces its function and moves it to its last place, which is what libedit
    /// ends up with after binding it twice in that order.
    @Test func aRepeatedSequenceKeepsItsLastFunctionAtItsLastPlace() {
        var table = BindingTable()
        table.bind("a", "fl-one")
        table.bind("\\e[D", "fl-two")
        table.bind("a", "fl-three")
        table.bind("^A", "fl-four")
        #expect(table.ordered.map(\.sequence) == ["\\e[D", "a", "^A"])
        #expect(table.ordered.map(\.function) == ["fl-two", "fl-three", "fl-four"])
    }

    /// Control keys from a keymap (`C-a`) use the same spelling as the byte table (`^A`), so they replace it.
    @Test func controlKeysAreSpelledLikeTheByteTable() {
        #expect(TerminalKeys.bindings(for: .named("C-a")) == [TerminalKeys.escaped(1)])
        #expect(TerminalKeys.bindings(for: .named("C-w")) == [TerminalKeys.escaped(0x17)])
    }
}
