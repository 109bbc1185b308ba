import Bezel
import BezelRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Random configuration files (issue 37 U1): every setting with good, bad, extreme and
/// malformed values, misspelt and unknown keys, comments, quotes, CRLF line ends, a byte-order
/// mark, tabs, NULs, very long lines and long runs of spaces, loaded as the runtime loads
/// `/etc/bezel/bezel.conf`. Invariants: each file loads or is refused with an
/// `InvalidSetting` naming the file and the line; the same file gives the same answer twice;
/// a file made only of the settings' documented defaults and comments loads.
@MainActor
public final class ConfigurationSuite: RandomOperationSuite {
    public static let name = "configuration"

    var random: SplitMix64
    let path: String
    var problems: [String] = []

    static let values = ["auto", "yes", "no", "on", "off", "0", "1", "-1", "90", "180", "270", "45", "1.5", "2", "3", "1e308", "-1e308",
                         "nan", "inf", "800x480", "800x480@60", "0x0", "99999999999x2", "-1 0 1 0 1 0", "1 0 0 0 1 0 0", "list",
                         "/dev/dri/card0", "HDMI-A-1", "\"quoted\"", "'single'", "value # comment", "a=b", "", " ", "\t",
                         "héllo", "שלום", "🙂", "9223372036854775807", "18446744073709551616", "0.000001", "60", "300", "debug", "info"]

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        path = "/tmp/bezel-configuration-suite-\(getpid()).conf"
    }

    deinit { unlink(path) }

    private func write(_ text: String) {
        guard let file = fopen(path, "wb") else { return }
        _ = Array(text.utf8).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    private func load() -> String {
        do {
            let configuration = try RuntimeConfiguration.load(file: path, requireFile: true)
            return "loaded \(configuration.warnings.count) warnings"
        } catch {
            return "refused: \(error)"
        }
    }

    private func line() -> String {
        let settings = RuntimeSetting.all
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55:
            let setting = settings.randomElement(using: &random)!
            let value = Bool.random(using: &random) ? setting.defaultValue : Self.values.randomElement(using: &random)!
            let space = [" = ", "=", " =", "\t=\t", " = ", " =  "].randomElement(using: &random)!
            return setting.key + space + value + ["", " ", "   # note", "\t"].randomElement(using: &random)!
        case 55..<65:
            // Misspelt or unknown keys.
            let key = settings.randomElement(using: &random)!.key
            return [String(key.dropLast()), key.uppercased(), key + "s", "unknown_key", "=", "= value", key].randomElement(using: &random)! + " = 1"
        case 65..<75:
            return ["# a comment", "", "   ", "\t# indented comment", "[section]", "no equals sign here", "key = value = more"].randomElement(using: &random)!
        case 75..<78:
            return String(repeating: "x", count: Int.random(in: 1000...20000, using: &random)) + " = 1"
        case 78..<80:
            // Long runs of spaces (80,000 took more than 30 s when trimming was quadratic).
            return settings.randomElement(using: &random)!.key + " = " + String(repeating: " ", count: Int.random(in: 1...80_000, using: &random)) + "1"
        case 80..<85:
            return "backend = auto\u{0}headless"
        default:
            return settings.randomElement(using: &random)!.key + " = " + Self.values.randomElement(using: &random)! + "\r"
        }
    }

    public func step() -> String {
        let count = Int.random(in: 0...12, using: &random)
        var text = (0..<count).map { _ in line() }.joined(separator: Bool.random(using: &random) ? "\r\n" : "\n")
        if Int.random(in: 0..<10, using: &random) == 0 { text = "\u{FEFF}" + text }
        write(text)
        let first = load(), second = load()
        if first != second { problems.append("the same file gave \(first.prefix(200)) then \(second.prefix(200))") }
        if first.hasPrefix("refused: "), !first.contains(path) && !first.contains("BEZEL_") {
            problems.append("a refusal that names neither the file nor a variable: \(first.prefix(300))")
        }
        return "\(count) lines: \(first.prefix(120))"
    }

    public func violations() -> [String] {
        defer { problems.removeAll() }
        return problems
    }

    public func finish() -> [String] {
        // Every setting at its documented default where that is a value (not a description),
        // with comments and blank lines: loads.
        let defaults = RuntimeSetting.all.filter { !$0.defaultValue.contains(" ") && !$0.defaultValue.isEmpty }
        write((["# defaults", ""] + defaults.map { "\($0.key) = \($0.defaultValue)" }).joined(separator: "\n") + "\n")
        let result = load()
        return result.hasPrefix("loaded") ? violations() : violations() + ["the documented defaults are refused: \(result)"]
    }
}
