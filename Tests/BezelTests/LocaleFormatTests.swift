import Testing
@testable import Bezel
@testable import BezelCairo

/// Numbers, currencies, dates, lists and collation in several locales (issue 31 item 3),
/// through ICU, against CLDR's expected strings (CLDR 42, ICU 72: Debian 12's); the locale
/// following the preferred language and region; the plain fallback without ICU.
@MainActor
@Suite(.serialized) struct LocaleFormatTests {
    /// 2026-11-26 09:41 UTC.
    static let moment = 1_795_686_060.0
    static let nbsp = "\u{00A0}", narrowNbsp = "\u{202F}"

    func with(_ languages: [String], formatter: (any LocaleFormatting)? = ICUFormatting(), _ body: () throws -> Void) rethrows {
        let saved = (Localization.preferredLanguages, Localization.formatter, Localization.source)
        defer { Localization.preferredLanguages = saved.0; Localization.formatter = saved.1; Localization.source = saved.2 }
        Localization.source = LocalizedStringTests.fixtures
        Localization.formatter = formatter
        Localization.preferredLanguages = languages
        try body()
    }

    @Test func numbersPercentsAndCurrenciesPerLocale() {
        with(["en"]) {
            #expect(1234.5.formatted() == "1,234.5")
            #expect(1_234_567.formatted() == "1,234,567")
            #expect(0.25.formatted(.percent) == "25%")
            #expect(9.5.formatted(.currency(code: "EUR")) == "€9.50")
            #expect(1200.formatted(.currency(code: "JPY")) == "¥1,200")
            #expect(3.14159.formatted(.number.precision(.fractionLength(2))) == "3.14")
            #expect(1234.5.formatted(.number.grouping(false)) == "1234.5")
        }
        with(["de-AT"]) {
            #expect(Localization.formattingLocale == "de-AT")
            #expect(1234.5.formatted() == "1" + Self.nbsp + "234,5")
        }
        with(["de"]) {
            #expect(1234.5.formatted() == "1.234,5")
            #expect(0.25.formatted(.percent) == "25" + Self.nbsp + "%")
            #expect(9.5.formatted(.currency(code: "EUR")) == "9,50" + Self.nbsp + "€")
        }
        with(["de-CH"]) { #expect(1234.5.formatted(.currency(code: "CHF")) == "CHF" + Self.nbsp + "1’234.50") }
        with(["ar"]) { #expect(1234.5.formatted() == "١٬٢٣٤٫٥") }
        with(["ja"]) { #expect(1200.formatted(.currency(code: "JPY")) == "￥1,200") }
        // A locale given explicitly, whatever the app's.
        with(["en"]) { #expect(1234.5.formatted(.number.locale("fr")) == "1" + Self.narrowNbsp + "234,5") }
    }

    @Test func datesAndTimesPerLocale() {
        let style = DateFormatStyle(date: .abbreviated, time: .shortened, timeZone: "UTC")
        with(["en"]) {
            #expect(style.format(secondsSince1970: Self.moment) == "Nov 26, 2026, 9:41" + Self.narrowNbsp + "AM")
            #expect(DateFormatStyle(date: .numeric, time: .omitted, timeZone: "UTC").format(secondsSince1970: Self.moment) == "11/26/26")
            #expect(DateFormatStyle(date: .omitted, time: .shortened, timeZone: "Europe/Zurich").format(secondsSince1970: Self.moment) == "10:41" + Self.narrowNbsp + "AM")
        }
        with(["de"]) {
            #expect(style.format(secondsSince1970: Self.moment) == "26.11.2026, 09:41")
            #expect(DateFormatStyle(date: .long, time: .omitted, timeZone: "UTC").format(secondsSince1970: Self.moment) == "26. November 2026")
        }
        with(["ja"]) { #expect(style.format(secondsSince1970: Self.moment) == "2026/11/26 9:41") }
    }

    @Test func listsPerLocale() {
        let stops = ["Bern", "Basel", "Biel"]
        with(["en"]) {
            #expect(stops.formatted(ListFormatStyle(type: .and)) == "Bern, Basel, and Biel")
            #expect(stops.formatted(ListFormatStyle(type: .or)) == "Bern, Basel, or Biel")
        }
        with(["de"]) { #expect(stops.formatted(ListFormatStyle()) == "Bern, Basel und Biel") }
    }

    @Test func sortingAndSearchingIgnoreCaseAndAccentsPerLanguage() {
        let names = ["Zürich", "zug", "Ähre", "Ahorn", "Aarau", "Oerlikon", "Öhningen"]
        with(["de"]) {
            #expect(names.localizedSorted() == ["Aarau", "Ahorn", "Ähre", "Oerlikon", "Öhningen", "zug", "Zürich"])
            #expect("Zürich HB".localizedStandardContains("zurich"))
            #expect("Genève-Cornavin".localizedStandardContains("GENEVE"))
            #expect(!"Bern".localizedStandardContains("Basel"))
            #expect("Straße".localizedCaseAndAccentInsensitiveEquals("STRASSE"))
            #expect("Ähre".localizedCaseAndAccentInsensitiveEquals("ahre"))
        }
        // Swedish sorts Ä and Ö after Z.
        with(["sv"]) { #expect(names.localizedSorted() == ["Aarau", "Ahorn", "Oerlikon", "zug", "Zürich", "Ähre", "Öhningen"]) }
    }

    @Test func withoutICUFormatsArePlainAndReportedOnce() {
        var reports: [String] = []
        let savedHandler = Diagnostics.handler
        Diagnostics.handler = { reports.append($0.message) }
        defer { Diagnostics.handler = savedHandler }
        with(["de"], formatter: nil) {
            #expect(1234.5.formatted() == "1234.5")
            #expect(9.5.formatted(.currency(code: "EUR")) == "EUR 9.50")
            #expect(DateFormatStyle().format(secondsSince1970: Self.moment) == "2026-11-26T09:41:00Z")
            #expect(DateFormatStyle().format(secondsSince1970: -1) == "1969-12-31T23:59:59Z")
            #expect(["a", "b"].formatted(ListFormatStyle()) == "a, b")
            #expect("Zürich".localizedStandardContains("zür"))
        }
        #expect(reports.count <= 1)
    }
}
