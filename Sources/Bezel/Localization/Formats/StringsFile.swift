/// A `.strings` file (`"key" = "value";` lines, the old-style property list Apple's
/// `Localizable.strings` use): UTF-8 or, as Xcode long wrote them, UTF-16 with a byte order
/// mark; `/* */` and `//` comments; the escapes `\n \t \r \" \' \\`, `\Uxxxx` and octal
/// `\ooo`; unquoted keys and values of letters, digits and `_.-$:/`.
public enum StringsFile {
    public static func parse(_ bytes: [UInt8], file: String) throws(StringTableError) -> StringTable {
        guard let text = decode(bytes) else { throw StringTableError(file: file, reason: "not UTF-8 or UTF-16 text") }
        var scanner = Scanner(scalars: Array(text.unicodeScalars), file: file)
        var table = StringTable()
        while true {
            try scanner.skipSpaceAndComments()
            guard !scanner.atEnd else { return table }
            let key = try scanner.token("a key")
            try scanner.skipSpaceAndComments()
            let value: String
            if scanner.take("=") {
                try scanner.skipSpaceAndComments()
                value = try scanner.token("a value")
                try scanner.skipSpaceAndComments()
            } else {
                value = key  // `"key";` alone: the key is its own value, as Apple's parser
            }
            guard scanner.take(";") else { throw scanner.fail("expected ';' after \"\(key)\"") }
            table.entries[key] = LocalizedEntry(value)
        }
    }

    /// UTF-16 (little- or big-endian, by its byte order mark) or UTF-8 (with or without one).
    static func decode(_ bytes: [UInt8]) -> String? {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            guard bytes.count % 2 == 0 else { return nil }
            let littleEndian = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            for index in stride(from: 2, to: bytes.count, by: 2) {
                let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
            }
            return String(validating: units, as: UTF16.self)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(validating: body, as: UTF8.self)
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let file: String
        var position = 0

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        var atEnd: Bool { position >= scalars.count }

        func fail(_ reason: String) -> StringTableError {
            let line = 1 + scalars[..<min(position, scalars.count)].count { $0 == "\n" }
            return StringTableError(file: file, reason: "line \(line): \(reason)")
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard !atEnd, scalars[position] == scalar else { return false }
            position += 1
            return true
        }

        mutating func skipSpaceAndComments() throws(StringTableError) {
            while !atEnd {
                let scalar = scalars[position]
                if scalar.properties.isWhitespace {
                    position += 1
                } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "*" {
                    position += 2
                    while position + 1 < scalars.count, !(scalars[position] == "*" && scalars[position + 1] == "/") { position += 1 }
                    guard position + 1 < scalars.count else { throw fail("a /* comment is not closed") }
                    position += 2
                } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "/" {
                    while !atEnd, scalars[position] != "\n" { position += 1 }
                } else {
                    return
                }
            }
        }

        static func isBare(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "_.-$:/".unicodeScalars.contains(scalar)
        }

        /// A quoted string or a bare word.
        mutating func token(_ what: String) throws(StringTableError) -> String {
            guard !atEnd else { throw fail("the file ends where \(what) was expected") }
            if take("\"") { return try quoted() }
            let start = position
            while !atEnd, Self.isBare(scalars[position]) { position += 1 }
            guard position > start else { throw fail("expected \(what) in quotes, found '\(scalars[position])'") }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<position])
            return text
        }

        private mutating func quoted() throws(StringTableError) -> String {
            var text = String.UnicodeScalarView()
            while true {
                guard !atEnd else { throw fail("a quoted string is not closed") }
                let scalar = scalars[position]
                position += 1
                if scalar == "\"" { return String(text) }
                guard scalar == "\\" else { text.append(scalar); continue }
                guard !atEnd else { throw fail("a quoted string is not closed") }
                let escape = scalars[position]
                position += 1
                switch escape {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "a": text.append("\u{07}")
                case "b": text.append("\u{08}")
                case "f": text.append("\u{0C}")
                case "v": text.append("\u{0B}")
                case "U", "u": text.append(try hexadecimal())
                case "0"..."7":
                    var value = escape.value - 48
                    for _ in 0..<2 where !atEnd && ("0"..."7").contains(scalars[position]) {
                        value = value * 8 + scalars[position].value - 48
                        position += 1
                    }
                    text.append(Unicode.Scalar(UInt8(truncatingIfNeeded: value)))
                default: text.append(escape)  // \" \' \\ and any other character as itself
                }
            }
        }

        /// The four hexadecimal digits after `\U`; a UTF-16 surrogate pair written as two.
        private mutating func hexadecimal() throws(StringTableError) -> Unicode.Scalar {
            func quad() throws(StringTableError) -> UInt32 {
                guard position + 4 <= scalars.count else { throw fail("\\U needs four hexadecimal digits") }
                var value: UInt32 = 0
                for scalar in scalars[position..<(position + 4)] {
                    guard let digit = Int(String(scalar), radix: 16) else { throw fail("\\U needs four hexadecimal digits") }
                    value = value << 4 | UInt32(digit)
                }
                position += 4
                return value
            }
            let high = try quad()
            if (0xD800...0xDBFF).contains(high), position + 1 < scalars.count, scalars[position] == "\\",
               scalars[position + 1] == "U" || scalars[position + 1] == "u" {
                position += 2
                let low = try quad()
                if let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low &- 0xDC00)), (0xDC00...0xDFFF).contains(low) { return scalar }
                throw fail("\\U\(String(high, radix: 16)) is not followed by a low surrogate")
            }
            guard let scalar = Unicode.Scalar(high) else { throw fail("\\U\(String(high, radix: 16)) is half a surrogate pair") }
            return scalar
        }
    }
}
