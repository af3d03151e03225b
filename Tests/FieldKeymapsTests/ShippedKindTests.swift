import FieldKit
import Testing
@testable import FieldKeymaps

/// Each shipped keymap makes the kind of field its settings say (`FieldKind`): a kind is decided once, when the
/// keymap is compiled, and every layer after it switches on it.
@Suite struct ShippedKindTests {
    /// Shipped keymap → its kind's name. phone-cn and phone-us have templates, but the phone validator lays their
    /// numbers out live (its as-you-type reading picks the country) and groups the national digits by them.
    static let expected: [String: String] = [
        "text": "plain", "digits": "plain", "email": "plain", "hostname": "plain", "ipv4": "plain", "port": "plain",
        "semver": "plain",
        "idcard-cn": "templated", "card": "templated",
        "phone": "liveLayout", "phone-cn": "liveLayout", "phone-us": "liveLayout",
        "date": "date",
        "country": "choice", "region-cn": "choice", "choice": "choice", "confirm": "choice",
    ]

    /// The kind's name, with what it holds checked on the way.
    static func name(_ kind: FieldKind) -> String {
        switch kind {
        case .plain: return "plain"
        case .templated(let templates): return templates.isEmpty ? "templated without templates" : "templated"
        case .liveLayout: return "liveLayout"
        case .choice: return "choice"
        case .date: return "date"
        }
    }

    @Test func everyShippedKeymapIsListed() {
        #expect(Set(Self.expected.keys) == Set(ShippedKeymaps.files.keys), "add the new keymap's kind to ShippedKindTests")
    }

    @Test(arguments: ShippedKeymaps.files.keys.sorted())
    func shippedKeymapHasItsKind(name: String) throws {
        let spec = try KeymapLoader(lookup: KeymapLookup(environment: [:])).load(name).spec
        #expect(Self.name(spec.kind) == Self.expected[name], "\(name)")
    }

    /// The conveniences older callers read are the kind's payloads, nothing of their own.
    @Test func derivedAccessorsFollowTheKind() throws {
        let loader = KeymapLoader(lookup: KeymapLookup(environment: [:]))
        let date = try loader.load("date").spec, country = try loader.load("country").spec
        let phoneCN = try loader.load("phone-cn").spec, text = try loader.load("text").spec
        #expect(date.datePicker != nil && date.choices == nil)
        #expect(date.templates.templates.map(\.pattern) == ["####-##-##"])
        #expect(country.choices != nil && country.datePicker == nil && country.templates.isEmpty)
        #expect(phoneCN.templates.templates.map(\.pattern) == ["###-####-####"] && phoneCN.refusesPrefixes)
        #expect(text.choices == nil && text.datePicker == nil && text.templates.isEmpty && !text.kind.hasLayout)
        #expect(date.kind.steps && country.kind.steps && !phoneCN.kind.steps && !text.kind.steps)
    }

    /// `--min`/`--max` dates reach the picker inside the kind, and its templates stay.
    @Test func dateBoundsStayInTheKind() throws {
        var options = FieldOptions()
        options.set("2026-01-01", max: false)
        options.set("2026-12-31", max: true)
        let spec = options.applied(to: try KeymapLoader(lookup: KeymapLookup(environment: [:])).load("date").spec)
        guard case .date(let templates, let picker) = spec.kind else { Issue.record("date is a date picker"); return }
        #expect(picker.earliest == DateBound.parse("2026-01-01") && picker.latest == DateBound.parse("2026-12-31"))
        #expect(templates.templates.map(\.pattern) == ["####-##-##"])
    }
}
