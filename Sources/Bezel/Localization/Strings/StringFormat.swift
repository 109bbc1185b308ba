#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An argument of a localized format (what `String(format:)` took as a `CVarArg`).
public enum FormatArgument: Equatable, Sendable, CustomStringConvertible {
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)

    public var description: String {
        switch self {
        case .integer(let value): return String(value)
        case .unsigned(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let text): return text
        }
    }

    /// The number plural rules select by (nil for text).
    var pluralOperand: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .double(let value): return value
        case .string: return nil
        }
    }
}

/// One printf conversion in a format (`%lld`, `%2$@`, `%.1f`, `%#@tickets@`): the syntax
/// Apple's `String(format:)`, `.strings`, `.stringsdict` and String Catalogs share.
struct FormatSpecifier: Equatable {
    /// `n` of `%n$…`: the argument, from 1; nil for the next one in order.
    var position: Int?
    var flags = ""
    var width = ""
    var precision = ""
    var length = ""
    /// `d i o u x X f F e E g G a A c C s S p @`.
    var conversion: Character = "@"
    /// `name` of `%#@name@`: a substitution.
    var variable: String?

    /// What a specifier prints, without its position (for `%arg` and for rewriting).
    var body: String {
        if let variable { return "#@\(variable)@" }
        return flags + width + precision + length + String(conversion)
    }

    func text(at position: Int?) -> String { "%" + (position.map { "\($0)$" } ?? "") + body }

    static let conversions: Set<Character> = ["d", "i", "o", "u", "x", "X", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "p", "@"]

    /// Whether `conversion` (as a catalog's `formatSpecifier`: `lld`, `d`, `lf`) prints a number.
    static func isNumeric(conversion: String) -> Bool {
        guard let last = conversion.last else { return false }
        return "dioulxXfFeEgGaA".contains(last) && conversion.dropLast().allSatisfy { "lhqLzjt".contains($0) }
    }

    enum Token: Equatable {
        case literal(String)
        case percent
        case specifier(FormatSpecifier)
    }

    /// The format split into literal text and conversions; an incomplete `%` stays literal.
    static func tokens(_ format: String) -> [Token] {
        var tokens: [Token] = []
        var literal = ""
        let characters = Array(format)
        var index = 0
        while index < characters.count {
            guard characters[index] == "%" else { literal.append(characters[index]); index += 1; continue }
            if index + 1 < characters.count, characters[index + 1] == "%" {
                if !literal.isEmpty { tokens.append(.literal(literal)); literal = "" }
                tokens.append(.percent)
                index += 2
                continue
            }
            if let (specifier, end) = parse(characters, from: index + 1) {
                if !literal.isEmpty { tokens.append(.literal(literal)); literal = "" }
                tokens.append(.specifier(specifier))
                index = end
            } else {
                literal.append("%")
                index += 1
            }
        }
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        return tokens
    }

    private static func parse(_ characters: [Character], from start: Int) -> (FormatSpecifier, Int)? {
        var index = start
        var specifier = FormatSpecifier()
        func digits() -> String {
            var text = ""
            while index < characters.count, let digit = characters[index].wholeNumberValue, characters[index].isASCII, digit >= 0 { text.append(characters[index]); index += 1 }
            return text
        }
        let leading = digits()
        if !leading.isEmpty, index < characters.count, characters[index] == "$" {
            guard let position = Int(leading), position >= 1, position <= 99 else { return nil }
            specifier.position = position
            index += 1
        } else {
            index = start
        }
        if index + 1 < characters.count, characters[index] == "#", characters[index + 1] == "@" {
            index += 2
            var name = ""
            while index < characters.count, characters[index] != "@" { name.append(characters[index]); index += 1 }
            guard index < characters.count, !name.isEmpty else { return nil }
            specifier.variable = name
            return (specifier, index + 1)
        }
        while index < characters.count, "-+ #0'".contains(characters[index]) { specifier.flags.append(characters[index]); index += 1 }
        specifier.width = digits()
        if index < characters.count, characters[index] == "." {
            index += 1
            specifier.precision = "." + digits()
        }
        while index < characters.count, "hlqLzjt".contains(characters[index]) { specifier.length.append(characters[index]); index += 1 }
        guard index < characters.count, conversions.contains(characters[index]) else { return nil }
        specifier.conversion = characters[index]
        return (specifier, index + 1)
    }

    /// `argument` printed by this conversion; nil when it cannot print it (text for `%d`).
    func format(_ argument: FormatArgument) -> String? {
        switch conversion {
        case "@", "s", "S":
            return pad(argument.description)
        case "d", "i":
            switch argument {
            case .integer(let value): return printf("ll", value)
            case .unsigned(let value): return printf("ll", Int64(bitPattern: value))
            case .double(let value): return value.isFinite ? printf("ll", Int64(value.rounded(.towardZero).clamped)) : nil
            case .string: return nil
            }
        case "o", "u", "x", "X":
            switch argument {
            case .integer(let value): return printf("ll", UInt64(bitPattern: value), conversion: conversion)
            case .unsigned(let value): return printf("ll", value, conversion: conversion)
            default: return nil
            }
        case "f", "F", "e", "E", "g", "G", "a", "A":
            switch argument {
            case .integer(let value): return printf("", Double(value), conversion: conversion)
            case .unsigned(let value): return printf("", Double(value), conversion: conversion)
            case .double(let value): return printf("", value, conversion: conversion)
            case .string: return nil
            }
        case "c", "C":
            guard case .integer(let value) = argument, let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: value)) else { return nil }
            return pad(String(Character(scalar)))
        default:
            return nil
        }
    }

    private func printf(_ lengthModifier: String, _ value: some CVarArg, conversion: Character = "d") -> String {
        // The C library prints numbers exactly as String(format:) does (flags, width,
        // precision, rounding); `'` (grouping) is dropped: it follows the C locale.
        let spec = "%" + flags.filter { $0 != "'" } + width + precision + lengthModifier + String(conversion == "i" ? "d" : conversion)
        var buffer = [CChar](repeating: 0, count: 512)
        let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, spec, $0) }
        guard count >= 0 else { return "" }
        return String(decoding: buffer.prefix(min(Int(count), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func pad(_ text: String) -> String {
        var text = text
        if precision.count > 1, let limit = Int(precision.dropFirst()), text.count > limit { text = String(text.prefix(limit)) }
        guard let width = Int(width), width <= 512, text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return flags.contains("-") ? text + padding : padding + text
    }
}

private extension Double {
    /// Within Int64's range (a %d of a huge double prints its bound, not a trap).
    var clamped: Double { Swift.min(Swift.max(self, -9.2e18), 9.2e18) }
}
