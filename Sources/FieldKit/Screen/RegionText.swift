/// Fitting text into one terminal row.
public enum RegionText {
    /// A message's lines joined by spaces, empty ones dropped. Written out: the standard library's `joined` of
    /// substrings is generic code that looks its types up by name at run time, at the first status line of every
    /// prompt.
    public static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(0x0A) else { return text }
        var line = ""
        for part in text.split(separator: "\n") {
            if !line.isEmpty { line += " " }
            line += String(part)
        }
        return line
    }

    /// `text` cut to `columns` terminal columns (with `…` when cut), controls escaped.
    public static func fit(_ text: String, columns: Int) -> String {
        let text = ControlCharacters.escaped(text)
        guard DisplayWidth.columns(of: text) > columns else { return text }
        var out = ""
        var used = 0
        var run = DisplayWidth.Run()
        for c in text {
            let w = run.columns(of: c)
            if used + w > columns - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }
}
