import Bezel
import BezelLinux
#if canImport(Glibc)
import Glibc
#endif

/// The configuration file's syntax: one `key = value` per line; `#` starts a comment (whole
/// line, or after the value); blank lines are ignored; keys are the names of
/// `RuntimeSetting.all`. Anything else is an error naming the file and line.
enum ConfigurationFile {
    struct Entry: Equatable {
        let key: String
        let value: String
        let line: Int
    }

    /// The file's entries; a missing file is no entries unless `required`.
    static func read(_ path: String, required: Bool) throws(RuntimeConfiguration.InvalidSetting) -> [Entry] {
        let text: String
        do throws(TextFile.ReadError) {
            // A configuration file is small; a huge one is a mistake (a wrong path).
            text = try TextFile.read(path, limit: 1 << 20)
        } catch {
            if error.code == ENOENT, !required { return [] }
            throw RuntimeConfiguration.InvalidSetting(description: error.code == 0 ? "\(path): larger than 1 MiB, not a configuration file" : error.description)
        }
        return try parse(text, file: path)
    }

    static func parse(_ text: String, file: String) throws(RuntimeConfiguration.InvalidSetting) -> [Entry] {
        var entries: [Entry] = []
        var seen: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let content = String(line).trimmingSpaces
            if content.isEmpty { continue }
            guard let equals = content.firstIndex(of: "=") else {
                throw RuntimeConfiguration.InvalidSetting(description: "\(file):\(number): expected key = value, found \"\(content)\"")
            }
            let key = String(content[..<equals]).trimmingSpaces.lowercased()
            let value = String(content[content.index(after: equals)...]).trimmingSpaces
            guard RuntimeSetting.all.contains(where: { $0.key == key }) else {
                throw RuntimeConfiguration.InvalidSetting(description: "\(file):\(number): unknown setting \"\(key)\" (known: \(RuntimeSetting.all.map(\.key).joined(separator: ", ")))")
            }
            if let first = seen[key] {
                throw RuntimeConfiguration.InvalidSetting(description: "\(file):\(number): \(key) is already set on line \(first)")
            }
            seen[key] = number
            entries.append(Entry(key: key, value: value, line: number))
        }
        return entries
    }
}
