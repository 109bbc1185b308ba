/// What the spoken mode says for an element, VoiceOver's way: its label, its value, what it
/// is and its state ("Volume, 50%, adjustable"), and its hint after a pause; in the element's
/// language (`accessibilityLanguage`, else its view's). A secure field's characters are
/// "bullet"s, never the characters.
@MainActor
enum SpokenDescription {
    /// The pause before a hint (VoiceOver's is about a second; Bezel's choice).
    static let hintDelay = 1.0

    static func language(of node: any AccessibilityNode) -> String {
        if let language = node.accessibilityLanguage { return language }
        let view = (node as? View) ?? (node as? AccessibilityElement)?.accessibilityContainer
        return view?.language ?? Localization.language
    }

    static func text(of node: any AccessibilityNode) -> String {
        let language = language(of: node)
        func word(_ english: String) -> String { Localization.bezelString(english, language: language) }
        var parts: [String] = []
        if let label = node.accessibilityLabel, !label.isEmpty { parts.append(label) }
        let input = node as? TextInput
        if let value = node.accessibilityValue, !value.isEmpty {
            if input?.isSecureTextEntry == true {
                parts.append(Array(repeating: word("bullet"), count: value.count).joined(separator: " "))
            } else {
                parts.append(value)
            }
        }
        let traits = node.accessibilityTraits
        if let input {
            parts.append(word(traits.contains(.searchField) ? "search field" : input.isSecureTextEntry ? "secure text field" : "text field"))
        } else if traits.contains(.searchField) {
            parts.append(word("search field"))
        }
        for (trait, english) in [(AccessibilityTraits.button, "button"), (.link, "link"), (.header, "heading"), (.image, "image"),
                                 (.adjustable, "adjustable"), (.selected, "selected"), (.notEnabled, "dimmed")] where traits.contains(trait) {
            parts.append(word(english))
        }
        return parts.joined(separator: ", ")
    }

    static func hint(of node: any AccessibilityNode) -> String? {
        if let hint = node.accessibilityHint, !hint.isEmpty { return hint }
        guard node.accessibilityTraits.contains(.adjustable) else { return nil }
        return Localization.bezelString("Swipe up or down with one finger to adjust the value.", language: language(of: node))
    }
}
