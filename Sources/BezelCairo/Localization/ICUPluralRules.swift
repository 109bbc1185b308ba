import Bezel

/// CLDR's cardinal plural rules through ICU (`uplrules_select`): the category of a number per
/// language, for String Catalogs' and `.stringsdict` plural variations. ICU is opened on the
/// first plural lookup; one ICU rules object per language is kept (a few KB each). Without
/// ICU: English's rule, and one report saying why.
@MainActor
final class ICUPluralRules: PluralRules {
    private typealias Open = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<Int32>) -> OpaquePointer?
    private typealias Select = @convention(c) (OpaquePointer, Double, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32

    private struct Functions {
        let open: Open
        let select: Select
    }

    private var functions: Result<Functions, CairoError>?
    private var rules: [String: OpaquePointer] = [:]
    private let fallback = EnglishPluralRule()

    /// The library's functions, looked up on first use (nil, reported once, without ICU).
    private func loaded() -> Functions? {
        if functions == nil {
            functions = ICULibrary.shared.flatMap { library in
                Result { () throws(CairoError) in
                    Functions(open: try library.function("uplrules_open", as: Open.self),
                              select: try library.function("uplrules_select", as: Select.self))
                }
            }
            if case .failure(let error) = functions { Diagnostics.report(.platform, error.description) }
        }
        if case .success(let loaded) = functions { return loaded }
        return nil
    }

    /// Whether ICU's rules are in use (opens ICU if it is not yet).
    var isAvailable: Bool { loaded() != nil }

    private struct Question: Hashable { let number: Double, language: String }
    /// Categories answered before (the same counts come again and again). Emptied when full.
    private var answers: [Question: PluralCategory] = [:]

    func category(of number: Double, language: String) -> PluralCategory {
        let question = Question(number: number, language: language)
        if let known = answers[question] { return known }
        let category = select(number, language: language)
        if answers.count >= 256 { answers.removeAll(keepingCapacity: true) }
        answers[question] = category
        return category
    }

    private func select(_ number: Double, language: String) -> PluralCategory {
        guard number.isFinite, let functions = loaded() else { return fallback.category(of: number, language: language) }
        let languageRules: OpaquePointer
        if let known = rules[language] {
            languageRules = known
        } else {
            var status: Int32 = 0
            // ICU's status codes: 0 success, negative a warning, positive an error.
            guard let made = functions.open(ICULibrary.localeIdentifier(language), &status), status <= 0 else {
                return fallback.category(of: number, language: language)
            }
            // Kept for the process (bounded by the languages an app has: a catalog's handful).
            if rules.count < 256 { rules[language] = made }
            languageRules = made
        }
        var keyword = [UInt16](repeating: 0, count: 16)
        var status: Int32 = 0
        let length = functions.select(languageRules, number, &keyword, Int32(keyword.count), &status)
        guard status <= 0, length > 0, length <= keyword.count else { return .other }
        return PluralCategory(rawValue: String(decoding: keyword[..<Int(length)], as: UTF16.self)) ?? .other
    }
}
