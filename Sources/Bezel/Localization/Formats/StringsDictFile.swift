/// A `.stringsdict` file: for each key, a `NSStringLocalizedFormatKey` whose `%#@name@`
/// variables vary by plural (`NSStringPluralRuleType`, with `zero` ... `other` and the
/// variable's `NSStringFormatValueTypeKey`), or the key's device-specific variations
/// (`NSStringDeviceSpecificRuleType`). A variable takes the argument at its place among the
/// format's conversions, as Apple's; in its variants an unnumbered conversion is that argument.
/// Width variations (`NSStringVariableWidthRuleType`) show their widest text.
public enum StringsDictFile {
    public static func parse(_ bytes: [UInt8], file: String) throws(StringTableError) -> StringTable {
        let root: PropertyList
        do { root = try PropertyListReader.parse(bytes) } catch { throw StringTableError(file: file, reason: error.text) }
        guard let keys = root.entries else { throw StringTableError(file: file, reason: "the root is not a <dict>") }
        var table = StringTable()
        for (key, definition) in keys {
            do { table.entries[key] = try entry(definition) } catch {
                throw StringTableError(file: file, reason: "key '\(key)': \(error.text)")
            }
        }
        return table
    }

    private static func entry(_ definition: PropertyList) throws(StringTableError.Reason) -> LocalizedEntry {
        if let devices = definition["NSStringDeviceSpecificRuleType"]?.entries {
            var variants: [String: LocalizedEntry.Variants] = [:]
            for (device, value) in devices {
                guard let text = value.stringValue else { throw .init("device '\(device)' is not a <string>") }
                variants[device] = .string(text)
            }
            return LocalizedEntry(.device(variants))
        }
        if let widths = definition["NSStringVariableWidthRuleType"]?.entries {
            let widest = widths.compactMap { width, value in Int(width).flatMap { number in value.stringValue.map { (number, $0) } } }.max { $0.0 < $1.0 }
            guard let widest else { throw .init("NSStringVariableWidthRuleType has no width with a <string>") }
            return LocalizedEntry(widest.1)
        }
        guard let format = definition["NSStringLocalizedFormatKey"]?.stringValue else {
            throw .init("no NSStringLocalizedFormatKey <string>")
        }
        var substitutions: [String: LocalizedEntry.Substitution] = [:]
        var next = 1
        for token in FormatSpecifier.tokens(format) {
            guard case .specifier(let specifier) = token else { continue }
            let position = specifier.position ?? next
            next = position + 1
            guard let name = specifier.variable, substitutions[name] == nil else { continue }
            guard let rule = definition[name] else { throw .init("the variable '\(name)' is not defined") }
            guard rule["NSStringFormatSpecTypeKey"]?.stringValue == "NSStringPluralRuleType" else {
                throw .init("the variable '\(name)' is not an NSStringPluralRuleType")
            }
            let valueType = rule["NSStringFormatValueTypeKey"]?.stringValue ?? "d"
            guard FormatSpecifier.isNumeric(conversion: valueType) else {
                throw .init("the variable '\(name)' has NSStringFormatValueTypeKey '\(valueType)', not a number's")
            }
            var variants: [PluralCategory: String] = [:]
            for category in PluralCategory.allCases {
                if let text = rule[category.rawValue]?.stringValue { variants[category] = text }
            }
            guard variants[.other] != nil else { throw .init("the variable '\(name)' has no 'other'") }
            substitutions[name] = LocalizedEntry.Substitution(argumentNumber: position, formatSpecifier: valueType, variants: variants)
        }
        return LocalizedEntry(.string(format), substitutions: substitutions)
    }
}
