/// A JSON value (RFC 8259), as String Catalogs (`.xcstrings`) are written. Bezel's core has no
/// Foundation, and the package mirror has no Foundation-free JSON library; a catalog is a
/// small, strict document, so this is a strict reader of our own (design.md §2: catalogs
/// are JSON).
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order (a catalog's keys keep the order Xcode wrote).
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member `name` of an object (the first, if a document repeats it), else nil.
    public subscript(name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == name }?.1
    }

    public var stringValue: String? { if case .string(let text) = self { return text } else { return nil } }
    public var numberValue: Double? { if case .number(let value) = self { return value } else { return nil } }
    public var members: [(String, JSONValue)]? { if case .object(let members) = self { return members } else { return nil } }
    public var arrayValue: [JSONValue]? { if case .array(let items) = self { return items } else { return nil } }
}

/// A document that is not JSON: where (line and column, from 1) and why.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible, Sendable {
    public let line: Int
    public let column: Int
    public let reason: String
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// Reads a JSON document from UTF-8 bytes. Strict: no comments, no trailing commas, no
/// leading zeros, no unescaped control characters, valid UTF-8 and surrogate pairs. Bounded:
/// nesting deeper than `maximumDepth` is refused (a hostile file cannot exhaust the stack).
public struct JSONReader {
    /// Deeper than any catalog (Xcode's nest about 8 levels: strings, key, localizations,
    /// language, variations, plural, category, stringUnit).
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var position = 0

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        // A UTF-8 byte order mark is allowed (some editors write one).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.error("text after the document's end") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        guard let byte = current else { throw error("the document ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Self.describe(byte))'")
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard position + expected.count <= bytes.count, bytes[position..<(position + expected.count)].elementsEqual(expected) else {
            throw error("expected '\(word)'")
        }
        position += expected.count
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard current == byte else { throw error("expected \(what)") }
        position += 1
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let name = try string()
            try expect(UInt8(ascii: ":"), "':' after a member name")
            skipWhitespace()
            members.append((name, try value(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "}"), "',' or '}' after a member")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "]"), "',' or ']' after an element")
            return .array(elements)
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { throw error("a number needs a digit") }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = current, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") { throw error("a number cannot start with 0") }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { throw error("a digit must follow the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw error("a digit must follow the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("the number \(text) is out of range") }
        return value
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = position
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        position += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw error("a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let decoded = String(validating: text, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                return decoded
            case UInt8(ascii: "\\"):
                position += 1
                guard let escape = current else { throw error("a string is not closed") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text.append(contentsOf: try unicodeEscape())
                default: position -= 1; throw error("unknown escape '\\\(Self.describe(escape))'")
                }
            case 0..<0x20:
                throw error("a control character must be escaped in a string")
            default:
                text.append(byte)
                position += 1
            }
        }
    }

    /// `\uXXXX` (after the `u`), a surrogate pair read whole; the scalar's UTF-8 bytes.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
        let high = try hexQuad()
        var scalarValue = high
        if (0xD800...0xDBFF).contains(high) {
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                throw error("a high surrogate \\u\(String(high, radix: 16)) without its low half")
            }
            position += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate followed by \\u\(String(low, radix: 16))") }
            scalarValue = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(high) {
            throw error("a low surrogate \\u\(String(high, radix: 16)) without its high half")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error("\\u escape out of range") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("\\u needs four hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
