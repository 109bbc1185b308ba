extension String {
    /// A localizable text and its arguments, as Foundation's `String.LocalizationValue`:
    /// `"\(count) tickets to \(city)"` is the key `%lld tickets to %@` (what a catalog holds)
    /// with the arguments 3 and "Bern". Integers interpolate as `%lld`, unsigned ones as
    /// `%llu`, floating-point numbers as `%lf`, anything else as `%@` (its description); a
    /// `%` beside an interpolation is `%%` in the key.
    public struct LocalizationValue: Equatable, Sendable, ExpressibleByStringInterpolation {
        /// The key: the literal text with a format specifier for each interpolation.
        public private(set) var key: String
        public private(set) var arguments: [FormatArgument]

        public init(_ key: String, arguments: [FormatArgument] = []) {
            self.key = key
            self.arguments = arguments
        }

        /// A text without interpolations: its own key, never formatted (a `%` in it stays).
        public init(stringLiteral value: String) {
            self.init(value)
        }

        public init(stringInterpolation: StringInterpolation) {
            self.init(stringInterpolation.key, arguments: stringInterpolation.arguments)
        }

        public struct StringInterpolation: StringInterpolationProtocol {
            var key = ""
            var arguments: [FormatArgument] = []

            public init(literalCapacity: Int, interpolationCount: Int) {
                key.reserveCapacity(literalCapacity + 4 * interpolationCount)
            }

            public mutating func appendLiteral(_ literal: String) { key += literal.replacing("%", with: "%%") }

            public mutating func appendInterpolation<Value: BinaryInteger>(_ value: Value) {
                if Value.isSigned || value <= Int64.max {
                    key += "%lld"
                    arguments.append(.integer(Int64(clamping: value)))
                } else {
                    key += "%llu"
                    arguments.append(.unsigned(UInt64(clamping: value)))
                }
            }

            public mutating func appendInterpolation<Value: BinaryFloatingPoint>(_ value: Value) {
                key += "%lf"
                arguments.append(.double(Double(value)))
            }

            // Concrete overloads for the common types: Int and Double are also
            // CustomStringConvertible, and a generic overload alone is ambiguous.
            public mutating func appendInterpolation(_ value: Int) { appendInterpolation(Int64(value)) }

            public mutating func appendInterpolation(_ value: Double) {
                key += "%lf"
                arguments.append(.double(value))
            }

            public mutating func appendInterpolation(_ value: String) {
                key += "%@"
                arguments.append(.string(value))
            }

            public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
                key += "%@"
                arguments.append(.string(value.description))
            }
        }
    }

    /// The text for `keyAndValue` in the app's language (UIKit's `String(localized:table:comment:)`):
    /// the key looked up in `table` (`Localizable` by default) of the language
    /// `Localization.preferredLanguages` picks, its arguments put in; the key itself, as
    /// the development language's text, when no table has it (reported once).
    @MainActor
    public init(localized keyAndValue: LocalizationValue, table: String? = nil, comment: StaticString? = nil) {
        self = Localization.string(for: LocalizedStringResource(keyAndValue, table: table))
    }

    /// The text for `key`, with `defaultValue` (and its arguments) as the development
    /// language's text when no table has the key.
    @MainActor
    public init(localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, comment: StaticString? = nil) {
        self = Localization.string(for: LocalizedStringResource(key, defaultValue: defaultValue, table: table))
    }

    /// The text `resource` stands for in the app's language.
    @MainActor
    public init(localized resource: LocalizedStringResource) {
        self = Localization.string(for: resource)
    }
}

/// A text to show in the user's language, kept as its key (Foundation's
/// `LocalizedStringResource`): a view given one shows it resolved, and resolves it again
/// when the language changes.
public struct LocalizedStringResource: Equatable, Sendable, ExpressibleByStringInterpolation {
    /// The key in the table.
    public var key: String
    /// The development language's text, with its arguments (the key's when not given).
    public var defaultValue: String.LocalizationValue
    /// The table's name (`Localizable` when nil).
    public var table: String?

    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil, comment: StaticString? = nil) {
        key = keyAndValue.key
        defaultValue = keyAndValue
        self.table = table
    }

    public init(_ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, comment: StaticString? = nil) {
        self.key = key.description
        self.defaultValue = defaultValue
        self.table = table
    }

    public init(stringLiteral value: String) { self.init(String.LocalizationValue(stringLiteral: value)) }

    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(String.LocalizationValue(stringInterpolation: stringInterpolation))
    }

    /// The table a lookup reads when none is named.
    public static let defaultTable = "Localizable"
}
