/// What an app set on a view's accessibility (View's `accessibility...` properties): nil
/// fields fall back to the view's defaults. Made on the first set, so views without
/// accessibility settings carry one nil pointer.
@MainActor
final class AccessibilityProperties {
    var isElement: Bool?
    var label: String?
    var value: String?
    var hint: String?
    var traits: AccessibilityTraits?
    var frame: Rect?
    var activationPoint: Point?
    var elements: [any AccessibilityNode]?
    var elementsHidden: Bool?
    var isModal: Bool?
    var groupsChildren: Bool?
    var language: String?
    var identifier: String?
    var customActions: [AccessibilityCustomAction]?
}

extension View: AccessibilityNode {}
