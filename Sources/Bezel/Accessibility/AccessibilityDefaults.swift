/// Helpers the built-in views' accessibility defaults share.
extension Localization {
    /// Bezel's own string for `english` ("page %lld of %lld") with `numbers` put in order in
    /// its `%lld`s, in `language`.
    static func bezelString(_ english: String, filling numbers: [Int], language: String) -> String {
        var text = bezelString(english, language: Optional(language))
        for number in numbers {
            guard let range = text.firstRange(of: "%lld") else { break }
            text.replaceSubrange(range, with: String(number))
        }
        return text
    }
}

extension Control {
    /// UIKit's state traits of every control: dimmed while disabled, selected while selected.
    var controlStateTraits: AccessibilityTraits {
        var traits: AccessibilityTraits = []
        if !isEnabled { traits.insert(.notEnabled) }
        if isSelected { traits.insert(.selected) }
        return traits
    }
}

extension View {
    /// A percentage as the spoken mode says a slider's or progress bar's value ("50%"), in
    /// the view's formatting locale.
    func accessibilityPercent(_ fraction: Double) -> String {
        (fraction.isFinite ? min(1, max(0, fraction)) : 0).formatted(.percent)
    }

    /// The labels of the elements inside, joined with commas: a cell's or a container's
    /// label when it is read as one element (UIKit joins its subviews' labels so).
    var joinedSubviewLabels: String? {
        var parts: [String] = []
        var pending = Array(subviews.reversed())
        while let view = pending.popLast() {
            guard !view.isHidden, view.alpha > 0.01, !view.accessibilityElementsHidden else { continue }
            if view.isAccessibilityElement {
                if let label = view.accessibilityLabel, !label.isEmpty { parts.append(label) }
                if let value = view.accessibilityValue, !value.isEmpty { parts.append(value) }
            } else {
                pending.append(contentsOf: view.subviews.reversed())
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
