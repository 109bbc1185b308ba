/// An XML property list's value (what `.stringsdict` files are): dictionaries, arrays,
/// strings, numbers and booleans. Binary property lists are refused with a clear error
/// (Xcode ships them compiled; an app for Bezel ships the source file).
public indirect enum PropertyList: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case array([PropertyList])
    case dictionary([(String, PropertyList)])

    public static func == (lhs: PropertyList, rhs: PropertyList) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.real(a), .real(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.dictionary(a), .dictionary(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> PropertyList? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.0 == key }?.1
    }

    public var stringValue: String? { if case .string(let text) = self { return text } else { return nil } }
    public var entries: [(String, PropertyList)]? { if case .dictionary(let entries) = self { return entries } else { return nil } }
}

/// Reads an XML property list. The XML needed for one (elements, attributes, character and
/// entity references, comments, CDATA, the declaration and doctype), strict about nesting;
/// nesting deeper than `maximumDepth` is refused.
public struct PropertyListReader {
    public static let maximumDepth = 64

    private let scalars: [Unicode.Scalar]
    private var position = 0

    public static func parse(_ bytes: [UInt8]) throws(StringTableError.Reason) -> PropertyList {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw .init("a binary property list (convert it: plutil -convert xml1, or ship the source file)")
        }
        guard let text = StringsFile.decode(bytes) else { throw .init("not UTF-8 or UTF-16 text") }
        var reader = PropertyListReader(scalars: Array(text.unicodeScalars))
        try reader.skipMisc()
        guard let root = try reader.element() else { throw reader.fail("no root element") }
        try reader.skipMisc()
        guard reader.position == reader.scalars.count else { throw reader.fail("text after the root element") }
        guard root.name == "plist" else { throw reader.fail("the root element is <\(root.name)>, not <plist>") }
        let values = root.children.compactMap { $0.element }
        guard values.count == 1 else { throw reader.fail("<plist> must hold one value") }
        return try reader.value(values[0], depth: 0)
    }

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private func fail(_ reason: String) -> StringTableError.Reason {
        let line = 1 + scalars[..<min(position, scalars.count)].count { $0 == "\n" }
        return .init("line \(line): \(reason)")
    }

    private struct Element {
        var name: String
        var children: [Node]
        var line: Int
    }

    private enum Node {
        case element(Element)
        case text(String)
        var element: Element? { if case .element(let element) = self { return element } else { return nil } }
        var text: String? { if case .text(let text) = self { return text } else { return nil } }
    }

    private func has(_ prefix: String) -> Bool {
        var index = position
        for scalar in prefix.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private mutating func skip(past terminator: String, _ what: String) throws(StringTableError.Reason) {
        while position < scalars.count, !has(terminator) { position += 1 }
        guard position < scalars.count else { throw fail("\(what) is not closed") }
        position += terminator.unicodeScalars.count
    }

    /// Whitespace, comments, the XML declaration and the doctype.
    private mutating func skipMisc() throws(StringTableError.Reason) {
        while position < scalars.count {
            if scalars[position].properties.isWhitespace { position += 1 }
            else if has("<!--") { try skip(past: "-->", "a comment") }
            else if has("<?") { try skip(past: "?>", "a processing instruction") }
            else if has("<!DOCTYPE") { try skip(past: ">", "the doctype") }
            else { return }
        }
    }

    private var line: Int { 1 + scalars[..<min(position, scalars.count)].count { $0 == "\n" } }

    private mutating func name() -> String {
        var text = String.UnicodeScalarView()
        while position < scalars.count, scalars[position].properties.isAlphabetic || scalars[position].properties.numericType != nil
            || "_-:.".unicodeScalars.contains(scalars[position]) {
            text.append(scalars[position])
            position += 1
        }
        return String(text)
    }

    /// An element at `position` (after misc), or nil when none starts there.
    private mutating func element(depth: Int = 0) throws(StringTableError.Reason) -> Element? {
        guard has("<"), !has("</") else { return nil }
        guard depth < Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        let startLine = line
        position += 1
        let name = name()
        guard !name.isEmpty else { throw fail("an element without a name") }
        // Attributes (plist's version) are skipped; quoted values may hold '>'.
        while position < scalars.count, scalars[position] != ">", !has("/>") {
            if scalars[position] == "\"" || scalars[position] == "'" {
                let quote = scalars[position]
                position += 1
                while position < scalars.count, scalars[position] != quote { position += 1 }
            }
            position += 1
        }
        guard position < scalars.count else { throw fail("<\(name) is not closed") }
        if has("/>") { position += 2; return Element(name: name, children: [], line: startLine) }
        position += 1
        var children: [Node] = []
        var text = ""
        while true {
            guard position < scalars.count else { throw fail("<\(name)> (line \(startLine)) is not closed") }
            if has("</") {
                position += 2
                let closing = self.name()
                while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
                guard closing == name, position < scalars.count, scalars[position] == ">" else {
                    throw fail("</\(closing)> closes <\(name)> (line \(startLine))")
                }
                position += 1
                if !text.isEmpty { children.append(.text(text)) }
                return Element(name: name, children: children, line: startLine)
            } else if has("<!--") {
                try skip(past: "-->", "a comment")
            } else if has("<![CDATA[") {
                position += 9
                let start = position
                try skip(past: "]]>", "a CDATA section")
                text.unicodeScalars.append(contentsOf: scalars[start..<(position - 3)])
            } else if has("<") {
                if !text.isEmpty { children.append(.text(text)); text = "" }
                guard let child = try element(depth: depth + 1) else { throw fail("a malformed tag") }
                children.append(.element(child))
            } else if scalars[position] == "&" {
                text.unicodeScalars.append(try reference())
            } else {
                text.unicodeScalars.append(scalars[position])
                position += 1
            }
        }
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#n;` `&#xh;`.
    private mutating func reference() throws(StringTableError.Reason) -> Unicode.Scalar {
        let start = position
        while position < scalars.count, scalars[position] != ";", position - start < 12 { position += 1 }
        guard position < scalars.count, scalars[position] == ";" else { position = start; throw fail("an '&' that starts no reference (write &amp;)") }
        var body = ""
        body.unicodeScalars.append(contentsOf: scalars[(start + 1)..<position])
        position += 1
        switch body {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let number: UInt32?
            if body.hasPrefix("#x") || body.hasPrefix("#X") { number = UInt32(body.dropFirst(2), radix: 16) }
            else if body.hasPrefix("#") { number = UInt32(body.dropFirst()) }
            else { number = nil }
            guard let number, number != 0, let scalar = Unicode.Scalar(number) else { position = start; throw fail("unknown reference &\(body);") }
            return scalar
        }
    }

    private func value(_ element: Element, depth: Int) throws(StringTableError.Reason) -> PropertyList {
        let text = element.children.compactMap(\.text).joined()
        switch element.name {
        case "string": return .string(text)
        case "integer":
            guard let number = Int(text.trimmingSpaces) else { throw .init("line \(element.line): <integer> holds '\(text)'") }
            return .integer(number)
        case "real":
            guard let number = Double(text.trimmingSpaces), number.isFinite else { throw .init("line \(element.line): <real> holds '\(text)'") }
            return .real(number)
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "array":
            var items: [PropertyList] = []
            for child in element.children.compactMap(\.element) { items.append(try value(child, depth: depth + 1)) }
            return .array(items)
        case "dict":
            var entries: [(String, PropertyList)] = []
            var pendingKey: String?
            for child in element.children.compactMap(\.element) {
                if child.name == "key" {
                    guard pendingKey == nil else { throw .init("line \(child.line): two <key>s in a row") }
                    pendingKey = child.children.compactMap(\.text).joined()
                } else {
                    guard let key = pendingKey else { throw .init("line \(child.line): <\(child.name)> without its <key>") }
                    entries.append((key, try value(child, depth: depth + 1)))
                    pendingKey = nil
                }
            }
            if let pendingKey { throw .init("line \(element.line): the <key>\(pendingKey)</key> has no value") }
            return .dictionary(entries)
        default:
            throw .init("line \(element.line): <\(element.name)> is not a property list element")
        }
    }
}

extension StringTableError {
    /// Why a file failed, before it is known which file (the loader adds the name).
    public struct Reason: Error, Equatable, Sendable {
        public let text: String
        public init(_ text: String) { self.text = text }
    }
}
