import Testing
@testable import Bezel
@testable import BezelCairo

/// Localized strings (issue 31 item 1): String Catalogs, `.strings` and `.stringsdict` read
/// from an app's resource folder, the language picked from the preferred ones, the fallback
/// chain (region, language, development language), plurals by CLDR's rules through ICU,
/// substitutions and format arguments, and a missing key reported once.
@MainActor
@Suite(.serialized) struct LocalizedStringTests {
    static let fixtures = ResourceBundle(path: #filePath.replacing("LocalizedStringTests.swift", with: "Fixtures/Localization"))!

    /// Runs `body` with the fixtures as the app's tables, ICU's plural rules and `languages`
    /// preferred; returns the reports made.
    @discardableResult
    func with(_ languages: [String], source: (any StringTableSource)? = fixtures, _ body: () throws -> Void) rethrows -> [String] {
        let saved = (Localization.source, Localization.preferredLanguages, Localization.pluralRules)
        var reports: [String] = []
        let savedHandler = Diagnostics.handler
        Diagnostics.handler = { reports.append($0.message) }
        defer {
            Localization.source = saved.0
            Localization.preferredLanguages = saved.1
            Localization.pluralRules = saved.2
            Diagnostics.handler = savedHandler
        }
        Localization.source = source
        Localization.pluralRules = ICUPluralRules()
        Localization.preferredLanguages = languages
        try body()
        return reports
    }

    @Test func theLanguageIsTheFirstPreferredOneTheAppHasMatchedByLanguageAndRegion() {
        with(["fr", "de-CH", "en"]) {
            #expect(Localization.language == "de")
            #expect(String(localized: "Buy") == "Kaufen")
        }
        with(["de-AT"]) {
            #expect(Localization.language == "de-AT")
            // The region's own text first, then the language's, then the development language's.
            #expect(String(localized: "Buy") == "Kaufen!")
            #expect(String(localized: "Cancel") == "Abbrechen")
        }
        with(["pt-BR"]) { #expect(Localization.language == "pt-BR") }  // from the pt_BR.lproj folder
        with(["fr", "it"]) {
            #expect(Localization.language == "en")
            #expect(String(localized: "Buy") == "Buy")
            #expect(Localization.availableLanguages == ["ar", "de", "de-AT", "en", "ja", "ru", "pt-BR"])
        }
    }

    @Test func aKeyMissingFromTheLanguageShowsTheDevelopmentLanguageAndIsReportedOnce() {
        let reports = with(["ja"]) {
            #expect(String(localized: "Cancel") == "Cancel")
            #expect(String(localized: "Cancel") == "Cancel")
            #expect(String(localized: "Only in English") == "Only in English")
            #expect(String(localized: "Nowhere at all") == "Nowhere at all")
            #expect(String(localized: "nowhere.key", defaultValue: "Default \(2)") == "Default 2")
        }
        #expect(reports == [
            "localization: no 'ja' text for key \"Cancel\" in table Localizable; the en text shown",
            "localization: no 'ja' text for key \"Only in English\" in table Localizable; the en text shown",
            "localization: no 'ja' text for key \"Nowhere at all\" in table Localizable; its default value shown",
            "localization: no 'ja' text for key \"nowhere.key\" in table Localizable; its default value shown",
        ])
        // The development language's own user is told nothing: its text is the key.
        var text = ""
        let silent = with(["en-GB"]) { text = String(localized: "Nowhere either") }
        #expect(text == "Nowhere either")
        #expect(silent.isEmpty)
    }

    @Test(arguments: [
        ("en", [0: "0 tickets", 1: "1 ticket", 2: "2 tickets", 21: "21 tickets"]),
        ("de", [0: "0 Fahrkarten", 1: "1 Fahrkarte", 2: "2 Fahrkarten", 101: "101 Fahrkarten"]),
        // Arabic uses all six of CLDR's categories.
        ("ar", [0: "لا تذاكر", 1: "تذكرة واحدة", 2: "تذكرتان", 3: "3 تذاكر", 10: "10 تذاكر", 11: "11 تذكرة", 99: "99 تذكرة", 100: "100 تذكرة.", 103: "103 تذاكر"]),
        ("ru", [1: "1 билет", 2: "2 билета", 5: "5 билетов", 11: "11 билетов", 21: "21 билет", 22: "22 билета"]),
        ("ja", [1: "切符1枚", 2: "切符2枚"]),
    ])
    func pluralVariationsFollowCLDRsRules(language: String, expected: [Int: String]) {
        with([language]) {
            for (count, text) in expected { #expect(String(localized: "\(count) tickets") == text, "\(language) \(count)") }
        }
    }

    @Test func cldrCategoriesOfFractionsAndTheEnglishFallbackWithoutICU() {
        let rules = ICUPluralRules()
        #expect(rules.category(of: 1.5, language: "ru") == .other)
        #expect(rules.category(of: 1.5, language: "fr") == .one)
        #expect(rules.category(of: 0, language: "fr") == .one)
        #expect(rules.category(of: 1, language: "ja") == .other)
        #expect(rules.category(of: 2, language: "cy") == .two)
        #expect(rules.category(of: .nan, language: "en") == .other)
        #expect(EnglishPluralRule().category(of: 1, language: "ar") == .one)
        #expect(EnglishPluralRule().category(of: 0, language: "ar") == .other)
    }

    @Test func substitutionsVaryByTheirOwnArgumentAndPositionalArgumentsReorder() {
        with(["de"]) {
            #expect(String(localized: "\("Bern") has \(1) stops") == "Bern: eine Haltestelle")
            #expect(String(localized: "\("Bern") has \(12) stops") == "Bern: 12 Haltestellen")
        }
        with(["en"]) { #expect(String(localized: "\("Bern") has \(12) stops") == "Bern has 12 stops") }
    }

    @Test func deviceVariationsPickOther() {
        with(["de"]) { #expect(String(localized: "Tap to start") == "Bildschirm berühren") }
    }

    @Test func lprojStringsAndStringsdictTablesWithStringsdictFirst() {
        with(["de"]) {
            #expect(String(localized: "Platform", table: "Departures") == "Gleis")
            #expect(String(localized: "Quote", table: "Departures") == "Er sagt \"Hallo\"\nTab:\t|")
            #expect(String(localized: "Euro", table: "Departures") == "€ 5")
        }
        with(["pt-BR"]) { #expect(String(localized: "Platform", table: "Departures") == "Plataforma") }
        with(["ar"]) {
            #expect(String(localized: "Platform", table: "Departures") == "رصيف")
            let minutes = { (count: Int) in String(localized: String.LocalizationValue("%d minutes", arguments: [.integer(Int64(count))]), table: "Departures") }
            #expect(minutes(0) == "الآن")
            #expect(minutes(2) == "دقيقتان")
            #expect(minutes(4) == "4 دقائق")
            #expect(minutes(100) == "100 دقيقة & أكثر")
        }
    }

    @Test func interpolationsBuildTheCatalogsKeyAndArguments() {
        let city = "Bern"
        let value: String.LocalizationValue = "\(3) tickets to \(city) at \(2.5)% off, \(UInt64.max)"
        #expect(value.key == "%lld tickets to %@ at %lf%% off, %llu")
        #expect(value.arguments == [.integer(3), .string("Bern"), .double(2.5), .unsigned(.max)])
        let literal: String.LocalizationValue = "100% sure"
        #expect(literal.key == "100% sure")
        with(["de"]) { #expect(String(localized: "100% sure") == "100% sure") }
    }

    @Test func formatsAsStringFormatAndReportsWhatItCannotPrint() {
        func format(_ text: String, _ arguments: [FormatArgument]) -> (String, [String]) {
            var formatter = LocalizedFormatter(language: "en", pluralRules: EnglishPluralRule())
            let output = formatter.string(LocalizedEntry(text), arguments: arguments)
            return (output, formatter.problems)
        }
        #expect(format("%2$@ before %1$@", [.string("a"), .string("b")]).0 == "b before a")
        #expect(format("%.2f|%5d|%-4@|%x|%%|%03lld", [.double(3.14159), .integer(42), .string("ab"), .integer(255), .integer(7)]).0
            == "3.14|   42|ab  |ff|%|007")
        #expect(format("%d", [.double(2.9)]).0 == "2")
        #expect(format("%d", [.double(.infinity)]) == ("inf", ["%1$d cannot print inf; printed as text"]))
        #expect(format("%d and %@", [.string("x")]) == ("x and ", ["%1$d cannot print x; printed as text", "%2$@ has no argument (1 given)"]))
        #expect(format("save 50%", []).0 == "save 50%")
    }

    @Test func catalogErrorsNameTheFileAndTheKeyPath() {
        func error(_ json: String) -> String? {
            do { _ = try StringCatalog(json: Array(json.utf8), file: "Bad.xcstrings"); return nil } catch { return error.description }
        }
        #expect(error("{\"strings\": {}}") == "Bad.xcstrings: sourceLanguage: missing (every catalog names its development language)")
        #expect(error("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"de\": {\"variations\": {\"plural\": {\"one\": {\"stringUnit\": {\"value\": \"x\"}}}}}}}}}")
            == "Bad.xcstrings: strings.a.localizations.de.variations.plural: has no 'other' case (every language needs it)")
        #expect(error("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"de\": {\"variations\": {\"plural\": {\"several\": {}}}}}}}}")
            == "Bad.xcstrings: strings.a.localizations.de.variations.plural: 'several' is not a plural category (zero, one, two, few, many, other)")
        #expect(error("{\"sourceLanguage\": \"en\",\n \"strings\": {,}}") == "Bad.xcstrings: not JSON: line 2, column 14: expected a member name in quotes")
    }

    @Test func aBrokenTableIsReportedOnceAndItsStringsAreNotUsed() {
        final class Files: StringTableSource {
            func contentsOfFile(atRelativePath path: String) throws -> [UInt8]? {
                path == "Localizable.xcstrings" ? Array("{\"sourceLanguage\": \"en\", \"strings\": {\"Buy\": 3}}".utf8) :
                path == "de.lproj/Localizable.strings" ? Array("\"Buy\" = \"Kaufen\"\n\"Sell\" = \"Verkaufen\";".utf8) : nil
            }
            func localizationFolders() -> [String] { ["de"] }
        }
        let reports = with(["de"], source: Files()) {
            #expect(String(localized: "Buy") == "Buy")
            #expect(String(localized: "Buy") == "Buy")
        }
        #expect(reports == [
            "localization: Localizable.xcstrings: strings.Buy: not an object; its strings are not used",
            "localization: de.lproj/Localizable.strings: line 2: expected ';' after \"Buy\"; its strings are not used",
            "localization: no 'de' text for key \"Buy\" in table Localizable; its default value shown",
        ])
    }

    @Test func jsonReaderIsStrictAndBounded() throws {
        func parse(_ text: String) -> String {
            do { return "\(try JSONReader.parse(Array(text.utf8)))" } catch { return error.description }
        }
        #expect(parse("[1, 2,]") == "line 1, column 7: unexpected character ']'")
        #expect(parse("{\"a\": 01}") == "line 1, column 8: a number cannot start with 0")
        #expect(parse("\"\\ud800\"") == "line 1, column 8: a high surrogate \\ud800 without its low half")
        #expect(parse("\"tab\there\"") == "line 1, column 5: a control character must be escaped in a string")
        #expect(parse(String(repeating: "[", count: 100_000)) == "line 1, column 65: nested deeper than 64 levels")
        #expect(parse("1e999") == "line 1, column 6: the number 1e999 is out of range")
        #expect(try JSONReader.parse(Array("\"\\u00e9\\ud83d\\ude00\"".utf8)) == .string("é😀"))
        #expect(try JSONReader.parse(Array("{\"a\": [true, null, -1.5e2]}".utf8))["a"] == .array([.bool(true), .null, .number(-150)]))
    }

    @Test func stringsAndStringsdictErrorsGiveTheLine() {
        func strings(_ text: String) -> String {
            do { return "\(try StringsFile.parse(Array(text.utf8), file: "x.strings").entries)" } catch { return error.description }
        }
        #expect(strings("\"a\" = \"b\";\n\"c\" = ;") == "x.strings: line 2: expected a value in quotes, found ';'")
        #expect(strings("/* open") == "x.strings: line 1: a /* comment is not closed")
        #expect(strings("\"a\" = \"b") == "x.strings: line 1: a quoted string is not closed")
        func dict(_ text: String) -> String {
            do { return "\(try StringsDictFile.parse(Array(text.utf8), file: "x.stringsdict").entries.keys.sorted())" } catch { return error.description }
        }
        #expect(dict("bplist00") == "x.stringsdict: a binary property list (convert it: plutil -convert xml1, or ship the source file)")
        #expect(dict("<plist><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict></dict></plist>")
            == "x.stringsdict: key 'k': the variable 'n' is not defined")
        #expect(dict("<plist><dict><key>k</key>\n<string>a</dict></plist>") == "x.stringsdict: line 2: </dict> closes <string> (line 2)")
        #expect(dict("<plist><dict><key>a &bogus; b</key><string/></dict></plist>") == "x.stringsdict: line 1: unknown reference &bogus;")
    }

    @Test func localeIdentifiersFromTheEnvironmentAreCanonical() {
        #expect(Localization.canonicalIdentifier("de_CH.UTF-8") == "de-CH")
        #expect(Localization.canonicalIdentifier("zh_hant_tw") == "zh-Hant-TW")
        #expect(Localization.canonicalIdentifier("sr_RS@latin") == "sr-RS")
        #expect(Localization.canonicalIdentifier("C.UTF-8") == nil)
        #expect(Localization.canonicalIdentifier("POSIX") == nil)
        #expect(Localization.canonicalIdentifier("") == nil)
        #expect(Localization.fallbacks(of: "zh-Hant-TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
    }
}
