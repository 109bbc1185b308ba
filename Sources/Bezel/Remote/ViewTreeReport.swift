/// The view tree and the accessibility elements of an application as JSON: what an operator
/// inspects from afar (`viewTree`, `accessibilityTree` requests). Frames are in window points,
/// as a highlight on the live view needs them.
///
/// Bounded, because a tree can be anything an app builds (issue 13's limits build a 100,000-deep
/// one): views deeper than `maximumDepth` and any after the first `maximumViews` are left out,
/// and the view whose subviews were cut says `"truncated":true`.
@MainActor
public enum ViewTreeReport {
    /// Deeper than any screen an app shows (the demo's deepest is about 15), and shallow
    /// enough for the JSON writer's recursion.
    public static let maximumDepth = 128
    /// Far above a screen's views (the demo's busiest has about 400).
    public static let maximumViews = 20_000

    /// Every window of `application`, front-most last, each with its views.
    public static func viewTree(of application: Application) -> JSONValue {
        var budget = maximumViews
        return .object([("windows", .array(application.windows.map { window in
            describe(window, in: window, depth: 0, budget: &budget)
        }))])
    }

    /// The accessibility elements of each visible window, in reading order (what the spoken
    /// mode moves through).
    public static func accessibilityTree(of application: Application) -> JSONValue {
        .object([("windows", .array(application.windows.filter { !$0.isHidden }.map { window in
            .object([("frame", rect(window.frame)),
                     ("elements", .array(AccessibilityTree.elements(in: window).prefix(maximumViews).map(element)))])
        }))])
    }

    private static func describe(_ view: View, in window: Window, depth: Int, budget: inout Int) -> JSONValue {
        budget -= 1
        var members: [(String, JSONValue)] = [
            ("class", .string(String(describing: type(of: view)))),
            ("frame", rect(view.convert(view.bounds, to: window))),
        ]
        if let identifier = view.accessibilityIdentifier { members.append(("identifier", .string(identifier))) }
        if view.tag != 0 { members.append(("tag", .number(Double(view.tag)))) }
        if view.isHidden { members.append(("hidden", .bool(true))) }
        if view.alpha != 1 { members.append(("alpha", .number(view.alpha))) }
        if !view.isUserInteractionEnabled { members.append(("interactive", .bool(false))) }
        if let control = view as? Control {
            members.append(("control", .object([("enabled", .bool(control.isEnabled)),
                                                ("selected", .bool(control.isSelected)),
                                                ("highlighted", .bool(control.isHighlighted))])))
        }
        if let text = text(of: view) { members.append(("text", .string(text))) }
        if view.isAccessibilityElement {
            members.append(("accessibility", accessibility(of: view)))
        }
        if !view.subviews.isEmpty {
            if depth + 1 >= maximumDepth || budget <= 0 {
                members.append(("truncated", .bool(true)))
            } else {
                var children: [JSONValue] = []
                for subview in view.subviews {
                    guard budget > 0 else { members.append(("truncated", .bool(true))); break }
                    children.append(describe(subview, in: window, depth: depth + 1, budget: &budget))
                }
                members.append(("subviews", .array(children)))
            }
        }
        return .object(members)
    }

    private static func text(of view: View) -> String? {
        switch view {
        case let label as Label: return label.text
        case let field as TextField: return field.text
        case let button as Button: return button.title
        default: return nil
        }
    }

    private static func element(_ node: any AccessibilityNode) -> JSONValue {
        var members: [(String, JSONValue)] = [("frame", rect(node.accessibilityFrame))]
        if let view = node as? View { members.insert(("class", .string(String(describing: type(of: view)))), at: 0) }
        if let identifier = node.accessibilityIdentifier { members.append(("identifier", .string(identifier))) }
        if case .object(let more) = accessibility(of: node) { members += more }
        return .object(members)
    }

    private static func accessibility(of node: any AccessibilityNode) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let label = node.accessibilityLabel { members.append(("label", .string(label))) }
        if let value = node.accessibilityValue { members.append(("value", .string(value))) }
        if let hint = node.accessibilityHint { members.append(("hint", .string(hint))) }
        members.append(("traits", .array(traitNames(node.accessibilityTraits).map(JSONValue.string))))
        return .object(members)
    }

    /// UIKit's names for the traits (`UIAccessibilityTraits`' static members).
    static let traitNames: [(String, AccessibilityTraits)] = [
        ("button", .button), ("link", .link), ("image", .image), ("selected", .selected),
        ("playsSound", .playsSound), ("keyboardKey", .keyboardKey), ("staticText", .staticText),
        ("summaryElement", .summaryElement), ("notEnabled", .notEnabled), ("updatesFrequently", .updatesFrequently),
        ("searchField", .searchField), ("startsMediaSession", .startsMediaSession), ("adjustable", .adjustable),
        ("allowsDirectInteraction", .allowsDirectInteraction), ("causesPageTurn", .causesPageTurn),
        ("header", .header), ("tabBar", .tabBar),
    ]

    static func traitNames(_ traits: AccessibilityTraits) -> [String] {
        traitNames.filter { traits.contains($0.1) }.map(\.0)
    }

    private static func rect(_ r: Rect) -> JSONValue {
        .array([r.origin.x, r.origin.y, r.size.width, r.size.height].map { .number(($0 * 100).rounded() / 100) })
    }
}
