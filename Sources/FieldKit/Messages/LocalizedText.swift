/// A message written in English in the source, with its interpolated values kept apart, so it can be looked up in
/// the current language's catalogue: `tr("needs \(n) digits")` has the catalogue key `needs {0} digits`.
///
/// In English nothing is looked up: the interpolation writes the message directly, as a plain string would.
public struct LocalizedText: ExpressibleByStringInterpolation, Sendable {
    /// The message in the current language.
    public let text: String

    /// A message with no values.
    public init(stringLiteral value: String) {
        text = MessageCatalogue.active?.translate(value, []) ?? value
    }

    /// A message with interpolated values.
    public init(stringInterpolation: Interpolation) {
        if let catalogue = stringInterpolation.catalogue {
            text = catalogue.translate(stringInterpolation.text, stringInterpolation.arguments)
        } else {
            text = stringInterpolation.text
        }
    }

    /// Builds the catalogue key (`{0}`, `{1}` … for the values) and the values, or, in English, the message itself.
    public struct Interpolation: StringInterpolationProtocol, Sendable {
        /// The catalogue of the current language, nil in English.
        let catalogue: MessageCatalogue?
        /// The key (translating) or the message (English).
        var text: String
        /// The values, in order (translating only).
        var arguments: [String] = []

        /// Space for the literal parts.
        public init(literalCapacity: Int, interpolationCount: Int) {
            catalogue = MessageCatalogue.active
            text = ""
            text.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        /// A literal part of the message.
        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// A value: written in place in English, a numbered placeholder when translating.
        public mutating func appendInterpolation<T>(_ value: T) {
            append(String(describing: value))
        }

        /// Text, without the dynamic casts of `String(describing:)` (`check` builds a message per refused line).
        public mutating func appendInterpolation(_ value: String) {
            append(value)
        }

        /// A character, without the dynamic casts of `String(describing:)` (an ID's check character, per refused line).
        public mutating func appendInterpolation(_ value: Character) {
            append(String(value))
        }

        /// A number, in ASCII digits in every language.
        public mutating func appendInterpolation(_ value: Int) {
            append(String(value))
        }

        /// One value, in place or as the next placeholder.
        private mutating func append(_ value: String) {
            if catalogue == nil {
                text += value
            } else {
                text += "{\(arguments.count)}"
                arguments.append(value)
            }
        }
    }
}

/// The message in the current language: `tr("no such date \(date)")` (the gettext `_()` of this project).
/// `scripts/extract-messages.py` finds every `tr("…")` literal for the catalogue template `po/fieldline.pot`.
@inline(__always)
public func tr(_ message: LocalizedText) -> String { message.text }
