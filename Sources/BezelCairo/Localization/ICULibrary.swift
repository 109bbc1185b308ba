import Bezel
#if canImport(Glibc)
import Glibc
#endif

/// ICU (International Components for Unicode: CLDR's plural rules, and next its number,
/// date and collation data), opened with `dlopen` when a lookup first needs it: an app that
/// never varies a string by plural never maps its 30 MB data file. Debian names the library
/// by its major version (`libicui18n.so.72` in Debian 12) and suffixes every C function with
/// it (`uplrules_open_72`), so both are found at run time, newest first.
final class ICULibrary: @unchecked Sendable {
    // @unchecked: immutable after init (the handle and the version), and dlsym is thread-safe.
    private let handle: UnsafeMutableRawPointer
    let version: Int

    /// The majors tried, newest first: Debian 11 ships 67, 12 ships 72, 13 ships 76.
    static let versions = Array((60...99).reversed())

    private init(handle: UnsafeMutableRawPointer, version: Int) {
        self.handle = handle
        self.version = version
    }

    /// Opened once; nil (with the reason) when no ICU is installed.
    static let shared: Result<ICULibrary, CairoError> = {
        for version in versions {
            if let handle = dlopen("libicui18n.so.\(version)", RTLD_NOW | RTLD_LOCAL) {
                return .success(ICULibrary(handle: handle, version: version))
            }
        }
        return .failure(CairoError("plural rules need ICU (Debian package libicu72: apt-get install libicu72); English's rule is used"))
    }()

    /// The function `name` (without the version suffix) as `type`.
    func function<F>(_ name: String, as type: F.Type) throws(CairoError) -> F {
        guard let address = dlsym(handle, "\(name)_\(version)") ?? dlsym(handle, name) else {
            throw CairoError("ICU \(version) has no \(name)")
        }
        return unsafeBitCast(address, to: type)
    }

    /// ICU's locale identifiers use `_` (`de_AT`, `zh_Hant_TW`).
    static func localeIdentifier(_ language: String) -> String { language.replacing("-", with: "_") }
}

/// A table of ICU functions, looked up on first use (once: a failure is reported once and
/// remembered), shared by ICU's users here (formats, calendars).
@MainActor
struct ICUFunctionTable<Functions> {
    private var looked: Result<Functions, CairoError>?

    /// The functions, or nil (reported once, with what falls back: `fallback`) without ICU.
    mutating func get(fallback: String, _ lookUp: (ICULibrary) throws(CairoError) -> Functions) -> Functions? {
        if looked == nil {
            looked = ICULibrary.shared.flatMap { icu in Result { () throws(CairoError) in try lookUp(icu) } }
            if case .failure(let error) = looked { Diagnostics.report(.platform, "\(error); \(fallback)") }
        }
        if case .success(let functions) = looked { return functions }
        return nil
    }
}

/// ICU objects made once per key (a kiosk formats with the same few locales and styles);
/// at most 512, after which nothing more is kept.
struct ICUObjectCache {
    private var objects: [String: OpaquePointer] = [:]

    mutating func object(_ key: String, _ make: () -> OpaquePointer?) -> OpaquePointer? {
        if let known = objects[key] { return known }
        guard objects.count < 512, let made = make() else { return nil }
        objects[key] = made
        return made
    }
}
