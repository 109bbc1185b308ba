#if canImport(Glibc)
import Glibc
#endif
import Bezel
import BezelCairo

/// Xcode's `performAccessibilityAudit` for a panel: what on the screen a customer who cannot
/// see it, or sees it poorly, would trip over.
public struct AccessibilityAuditType: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// An element with nothing to say (no label, no value).
    public static let sufficientElementDescription = AccessibilityAuditType(rawValue: 1 << 0)
    /// An interactive element smaller than the minimum target.
    public static let hitRegion = AccessibilityAuditType(rawValue: 1 << 1)
    /// Text against what is drawn under it below WCAG's ratio (4.5:1; 3:1 for large text).
    public static let contrast = AccessibilityAuditType(rawValue: 1 << 2)
    /// A control the focus order never reaches.
    public static let elementDetection = AccessibilityAuditType(rawValue: 1 << 3)
    /// A view covering the screen while the elements under it are still read.
    public static let modal = AccessibilityAuditType(rawValue: 1 << 4)
    /// Text that follows the text size (`adjustsFontForContentSizeCategory`) cut off at the
    /// largest accessibility size (Xcode's `textClipped`).
    public static let textClipped = AccessibilityAuditType(rawValue: 1 << 5)
    public static let all: AccessibilityAuditType = [.sufficientElementDescription, .hitRegion, .contrast, .elementDetection, .modal, .textClipped]
}

/// One problem the audit found.
public struct AccessibilityIssue: Sendable, Equatable, CustomStringConvertible {
    public let type: AccessibilityAuditType
    /// The view it is about (its `accessibilityIdentifier`, else its name, else its type).
    public let element: String
    public let message: String
    public var description: String { "\(element): \(message)" }
}

extension AppHarness {
    /// Audits what the window shows now (drawn first): issues in reading order, none when
    /// the screen passes. `minimumTargetSize`: the smallest touch target, 44 pt by default
    /// (UIKit's guideline, and about 7 mm on a 7" panel).
    public func performAccessibilityAudit(for types: AccessibilityAuditType = .all, minimumTargetSize: Double = 44) -> [AccessibilityIssue] {
        _ = render()
        var issues: [AccessibilityIssue] = []
        let elements = AccessibilityTree.elements(in: window)
        func name(_ node: any AccessibilityNode) -> String {
            if let id = node.accessibilityIdentifier { return id }
            if let view = node as? View { return view.name ?? String(describing: Swift.type(of: view)) }
            return node.accessibilityLabel ?? "element"
        }
        for node in elements {
            let label = node.accessibilityLabel ?? "", value = node.accessibilityValue ?? ""
            let interactive = node.accessibilityTraits.contains(.button) || node.accessibilityTraits.contains(.adjustable)
                || node.accessibilityTraits.contains(.keyboardKey) || node is Control
            // A control's value alone ("50%") does not say what it is.
            if types.contains(.sufficientElementDescription), label.isEmpty, interactive || value.isEmpty {
                issues.append(AccessibilityIssue(type: .sufficientElementDescription, element: name(node), message: "no accessibilityLabel: the spoken mode cannot name it"))
            }
            let frame = node.accessibilityFrame
            if types.contains(.hitRegion), interactive, !node.accessibilityTraits.contains(.notEnabled),
               frame.width < minimumTargetSize || frame.height < minimumTargetSize {
                issues.append(AccessibilityIssue(type: .hitRegion, element: name(node),
                    message: "a \(Int(frame.width))x\(Int(frame.height)) pt target, under \(Int(minimumTargetSize)) pt"))
            }
        }
        if types.contains(.elementDetection) {
            for control in visibleViews(of: Control.self) where control.isEnabled && control.isUserInteractionEnabled {
                let reached = elements.contains { node in
                    if let view = node as? View { return view === control || control.isDescendant(of: view) }
                    return (node as? AccessibilityElement)?.accessibilityContainer === control
                }
                if !reached {
                    issues.append(AccessibilityIssue(type: .elementDetection, element: control.name ?? String(describing: Swift.type(of: control)),
                                                     message: "a control the focus never reaches (hidden from accessibility, or not an element)"))
                }
            }
        }
        if types.contains(.contrast) { issues += contrastIssues() }
        if types.contains(.modal) { issues += modalIssues() }
        if types.contains(.textClipped) { issues += clippedTextIssues() }
        return issues
    }

    /// Every view of `type` shown in the window (not hidden, not transparent, inside it).
    private func visibleViews<T: View>(of type: T.Type) -> [T] {
        var found: [T] = []
        var pending: [View] = [window]
        let bounds = window.bounds
        while let view = pending.popLast() {
            guard !view.isHidden, view.alpha > 0.01 else { continue }
            if let match = view as? T, view.convert(view.bounds, to: nil).intersects(bounds) { found.append(match) }
            pending.append(contentsOf: view.subviews)
        }
        return found
    }

    /// At the largest accessibility size (set for the check, then put back): every label and
    /// button title that grows with the text size, measured against the room it has. Text
    /// that shrinks to fit (`adjustsFontSizeToFitWidth`) does not clip.
    private func clippedTextIssues() -> [AccessibilityIssue] {
        let before = application.preferredContentSizeCategory
        application.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        defer {
            application.preferredContentSizeCategory = before
            _ = render()
        }
        _ = render()
        var texts: [(View, String, TextStyle, Size)] = []
        for label in visibleViews(of: Label.self) where label.adjustsFontForContentSizeCategory && !label.adjustsFontSizeToFitWidth {
            if let text = label.text, !text.isEmpty { texts.append((label, text, label.style, label.bounds.size)) }
        }
        for button in visibleViews(of: Button.self) where button.adjustsFontForContentSizeCategory {
            if let title = button.title, !title.isEmpty { texts.append((button, title, button.titleStyle, button.bounds.size)) }
        }
        // Measured as drawn (the harness's text backend).
        guard let measurer = TextMetrics.measurer else { return [] }
        var issues: [AccessibilityIssue] = []
        for (view, text, style, room) in texts {
            let wraps = style.numberOfLines != 1
            var needed = measurer.measureText(text, style: style, width: wraps ? room.width : nil)
            if style.numberOfLines > 1 {
                let lines = measurer.measureText("X", style: style, width: nil).height * Double(style.numberOfLines)
                needed.height = min(needed.height, lines)
                if measurer.measureText(text, style: style, width: room.width).height > lines + 0.5 { needed.width = .infinity }
            }
            if needed.width > room.width + 0.5 || needed.height > room.height + 0.5 {
                issues.append(AccessibilityIssue(type: .textClipped, element: view.name ?? text,
                    message: "\"\(text)\" needs \(Int(needed.width.isFinite ? needed.width : 0))x\(Int(needed.height)) pt at the largest text size, it has \(Int(room.width))x\(Int(room.height))"))
            }
        }
        return issues
    }

    /// Labels' and buttons' text against the pixels drawn under it: the commonest colour in
    /// its box is the background, the colour furthest from it the text's.
    private func contrastIssues() -> [AccessibilityIssue] {
        var issues: [AccessibilityIssue] = []
        let image = display.framebuffer
        let scale = window.contentScaleFactor
        var texts: [(View, Double, Bool)] = []
        for label in visibleViews(of: Label.self) where !(label.text ?? "").isEmpty {
            texts.append((label, label.style.size, label.style.weight == .bold || label.style.weight == .semibold))
        }
        for button in visibleViews(of: Button.self) where !(button.title ?? "").isEmpty && button.isEnabled {
            texts.append((button, button.titleStyle.size, button.titleStyle.weight == .bold || button.titleStyle.weight == .semibold))
        }
        for (view, size, bold) in texts {
            // Only text shown whole: a row half scrolled off is measured when it is in view.
            let box = view.convert(view.bounds, to: nil)
            guard !box.isEmpty, box.intersection(window.bounds) == box else { continue }
            var counts: [UInt32: Int] = [:]
            let x0 = Int((box.minX * scale).rounded()), x1 = Int((box.maxX * scale).rounded())
            let y0 = Int((box.minY * scale).rounded()), y1 = Int((box.maxY * scale).rounded())
            var pixels: [UInt32] = []
            for y in stride(from: y0, to: y1, by: 1) {
                for x in stride(from: x0, to: x1, by: 1) {
                    guard let p = image.pixel(x: x, y: y) else { continue }
                    counts[p & 0xFF_FFFF, default: 0] += 1
                    pixels.append(p & 0xFF_FFFF)
                }
            }
            guard let background = counts.max(by: { $0.value < $1.value })?.key else { continue }
            let backgroundLuminance = Self.luminance(background)
            let ratios = pixels.map { Self.contrast(Self.luminance($0), backgroundLuminance) }
            guard let text = ratios.max(), text > 1.05 else { continue }  // nothing drawn on it
            // Large text: 18 pt, or 14 pt bold (WCAG 2.x).
            let needed = size >= 18 || (bold && size >= 14) ? 3.0 : 4.5
            if text < needed {
                let shown = (view as? Label)?.text ?? (view as? Button)?.title ?? ""
                issues.append(AccessibilityIssue(type: .contrast, element: view.name ?? String(describing: Swift.type(of: view)),
                    message: "\"\(shown.prefix(30))\" at \(String(text.rounded(to: 2))):1, under WCAG's \(needed == 3 ? "3" : "4.5"):1"))
            }
        }
        return issues
    }

    /// A view over the whole window with others' elements still read under it.
    private func modalIssues() -> [AccessibilityIssue] {
        let subviews = window.subviews.filter { !$0.isHidden && $0.alpha > 0.01 }
        guard let top = subviews.last, subviews.count > 1, !top.accessibilityViewIsModal,
              top.frame.minX <= 0, top.frame.minY <= 0, top.frame.maxX >= window.bounds.width, top.frame.maxY >= window.bounds.height,
              let background = top.backgroundColor, background.alpha >= 1 else { return [] }
        let under = subviews.dropLast().contains { $0.isAccessibilityElement || !AccessibilityTree.elements(in: $0).isEmpty }
        guard under else { return [] }
        return [AccessibilityIssue(type: .modal, element: top.name ?? String(describing: Swift.type(of: top)),
                                   message: "covers the window, but the elements under it are still read: set accessibilityViewIsModal")]
    }

    /// WCAG's relative luminance of an 0xRRGGBB colour.
    static func luminance(_ rgb: UInt32) -> Double {
        func channel(_ v: UInt32) -> Double {
            let c = Double(v & 0xFF) / 255
            return c <= 0.03928 ? c / 12.92 : Glibc.pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(rgb >> 16) + 0.7152 * channel(rgb >> 8) + 0.0722 * channel(rgb)
    }

    static func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
}

private extension Double {
    func rounded(to places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (self * factor).rounded() / factor
    }
}
