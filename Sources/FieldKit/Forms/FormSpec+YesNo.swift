extension FormSpec {
    /// The fields whose answer is yes or no (a choice of exactly the values `yes` and `no`, as the `confirm`
    /// keymap's): a JSON `true` or `false` given for one reads as `yes` or `no`; for any other field it is refused.
    public var yesNoFields: Set<String> {
        Set(fields.compactMap { field -> String? in
            guard case .choice(let list) = field.spec.kind, list.choices.count == 2,
                  Set(list.choices.map(\.value)) == ["yes", "no"] else { return nil }
            return field.name
        })
    }
}
