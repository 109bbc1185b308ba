import Bezel
import BezelLinux
#if canImport(Glibc)
import Glibc
#endif

/// The configuration file's syntax: one `key = value` per line; `#` starts a comment (whole
/// line, or after the value); blank lines are ignored; keys are the names of
/// `RuntimeSetting.all`. A value in double quotes is taken as written, `#` included
/// (`\"` and `\\` inside stand for `"` and `\`). Anything else is an error naming the file
/// and line.
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
        // A UTF-8 byte-order mark (Windows editors write one) is not part of the first key.
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        // Lines end in LF, CRLF or CR: Swift reads "\r\n" as one character, which a split
        // on "\n" never finds (a CRLF file was one long line).
        let lines = Self.lines(of: body)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let content = String(raw).trimmingSpaces
            if content.isEmpty || content.hasPrefix("#") { continue }
            guard let equals = content.firstIndex(of: "="), !content[..<equals].contains("#") else {
                let shown = content.firstIndex(of: "#").map { String(content[..<$0]).trimmingSpaces } ?? content
                throw RuntimeConfiguration.InvalidSetting(description: "\(file):\(number): expected key = value, found \"\(shown)\"")
            }
            let key = String(content[..<equals]).trimmingSpaces.lowercased()
            let value = try Self.value(content[content.index(after: equals)...], file: file, line: number)
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

    /// The lines of `text`, ended by LF, CRLF or CR, the last one unended. Split on scalars,
    /// which gives the same lines as a split on characters (a grapheme always breaks around CR
    /// and LF) without the grapheme breaking: the random configuration suite's long lines took
    /// most of its 222 s there.
    static func lines(of text: Substring) -> [Substring] {
        let scalars = text.unicodeScalars
        var lines: [Substring] = []
        var start = scalars.startIndex, index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard scalar == "\n" || scalar == "\r" else {
                index = scalars.index(after: index)
                continue
            }
            lines.append(Substring(scalars[start..<index]))
            index = scalars.index(after: index)
            if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
            start = index
        }
        lines.append(Substring(scalars[start...]))
        return lines
    }

    /// The value after `=`: quoted (as written, up to the closing quote; then only a comment
    /// may follow), or plain (up to a `#`), trimmed.
    private static func value(_ text: Substring, file: String, line: Int) throws(RuntimeConfiguration.InvalidSetting) -> String {
        let trimmed = Substring(String(text).trimmingSpaces)
        guard trimmed.hasPrefix("\"") else {
            let plain = trimmed.firstIndex(of: "#").map { trimmed[..<$0] } ?? trimmed
            return String(plain).trimmingSpaces
        }
        var result = ""
        var index = trimmed.index(after: trimmed.startIndex)
        while index < trimmed.endIndex {
            let character = trimmed[index]
            if character == "\\", trimmed.index(after: index) < trimmed.endIndex {
                index = trimmed.index(after: index)
                result.append(trimmed[index])
            } else if character == "\"" {
                let rest = String(trimmed[trimmed.index(after: index)...]).trimmingSpaces
                guard rest.isEmpty || rest.hasPrefix("#") else {
                    throw RuntimeConfiguration.InvalidSetting(description: "\(file):\(line): unexpected \"\(rest)\" after the quoted value")
                }
                return result
            } else {
                result.append(character)
            }
            index = trimmed.index(after: index)
        }
        throw RuntimeConfiguration.InvalidSetting(description: "\(file):\(line): the quoted value has no closing quote")
    }
}
