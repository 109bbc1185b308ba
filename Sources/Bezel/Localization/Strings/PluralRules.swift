/// CLDR's cardinal plural rules: which category a number falls in, per language. The
/// platform installs ICU's (`Localization.pluralRules`, set by BezelLocalization when a
/// lookup first needs one), loaded only then: an app that never varies a string by plural
/// never maps ICU.
@MainActor
public protocol PluralRules {
    /// The category of `number` in `language` (a BCP 47 identifier: `de`, `pt-BR`, `ar`).
    func category(of number: Double, language: String) -> PluralCategory
}

/// English's rule for every language (one for exactly 1, other otherwise): what lookups use
/// when no CLDR rules are installed (a report says so once). Right for English, German,
/// Dutch, Italian, the Scandinavian languages; wrong for French (0 and 1.5 are one),
/// Arabic, the Slavic languages, Japanese (no one).
public struct EnglishPluralRule: PluralRules {
    public init() {}

    public func category(of number: Double, language: String) -> PluralCategory {
        number == 1 ? .one : .other
    }
}
