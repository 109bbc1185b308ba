/// Puts arguments into a localized entry for one language: picks the device and plural
/// variations, expands `%#@name@` substitutions by their argument's plural category, and
/// prints each conversion as `String(format:)` would. Unnumbered conversions take the
/// arguments in order, a `%#@name@` counting as one (the `.stringsdict` rule); inside a
/// substitution's variant, `%arg` and unnumbered conversions are its own argument.
@MainActor
struct LocalizedFormatter {
    let language: String
    let pluralRules: any PluralRules
    /// What went wrong (an argument missing or of the wrong kind, an unknown substitution):
    /// the text is still made, with the problem left out, and the caller reports these.
    private(set) var problems: [String] = []

    init(language: String, pluralRules: any PluralRules) {
        self.language = language
        self.pluralRules = pluralRules
    }

    mutating func string(_ entry: LocalizedEntry, arguments: [FormatArgument]) -> String {
        let format = choose(entry.value, arguments: arguments)
        var output = ""
        var next = 1
        for token in FormatSpecifier.tokens(format) {
            switch token {
            case .literal(let text): output += text
            case .percent: output += "%"
            case .specifier(let specifier):
                let position = specifier.position ?? next
                next = position + 1
                if let name = specifier.variable {
                    output += substitute(name, in: entry, at: position, arguments: arguments)
                } else {
                    output += print(specifier, position: position, arguments: arguments)
                }
            }
        }
        return output
    }

    private mutating func choose(_ variants: LocalizedEntry.Variants, arguments: [FormatArgument]) -> String {
        switch variants {
        case .string(let text):
            return text
        case .device(let devices):
            guard let chosen = devices[LocalizedEntry.device] ?? devices.sorted(by: { $0.key < $1.key }).first?.value else { return "" }
            return choose(chosen, arguments: arguments)
        case .plural(let cases):
            let operand = arguments.lazy.compactMap(\.pluralOperand).first
            if operand == nil { problems.append("a plural variation needs a number argument; 'other' shown") }
            let category = operand.map { pluralRules.category(of: $0, language: language) } ?? .other
            return choose(cases[category] ?? cases[.other] ?? .string(""), arguments: arguments)
        }
    }

    private mutating func substitute(_ name: String, in entry: LocalizedEntry, at position: Int, arguments: [FormatArgument]) -> String {
        guard let substitution = entry.substitutions[name] else {
            problems.append("no substitution named '\(name)'")
            return ""
        }
        let argumentNumber = substitution.argumentNumber
        guard argumentNumber <= arguments.count, let operand = arguments[argumentNumber - 1].pluralOperand else {
            problems.append("substitution '\(name)' needs a number as argument \(argumentNumber)")
            return ""
        }
        let category = pluralRules.category(of: operand, language: language)
        let variant = substitution.variants[category] ?? substitution.variants[.other] ?? ""
        let own = "%\(argumentNumber)$\(substitution.formatSpecifier)"
        var output = ""
        for token in FormatSpecifier.tokens(variant.replacing("%arg", with: own)) {
            switch token {
            case .literal(let text): output += text
            case .percent: output += "%"
            case .specifier(let specifier):
                if specifier.variable != nil {
                    problems.append("substitution '\(name)' nests another; left out")
                } else {
                    output += print(specifier, position: specifier.position ?? argumentNumber, arguments: arguments)
                }
            }
        }
        return output
    }

    private mutating func print(_ specifier: FormatSpecifier, position: Int, arguments: [FormatArgument]) -> String {
        guard position <= arguments.count else {
            problems.append("\(specifier.text(at: position)) has no argument (\(arguments.count) given)")
            return ""
        }
        let argument = arguments[position - 1]
        if let text = specifier.format(argument) { return text }
        problems.append("\(specifier.text(at: position)) cannot print \(argument); printed as text")
        return argument.description
    }
}
