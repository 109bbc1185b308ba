/// What the spoken mode and the audit walk: a view, or an element standing for part of what a
/// view draws (Bezel's name for what UIKit types as `Any` in `accessibilityElements`).
@MainActor
public protocol AccessibilityNode: AnyObject {
    var isAccessibilityElement: Bool { get }
    var accessibilityLabel: String? { get }
    var accessibilityValue: String? { get }
    var accessibilityHint: String? { get }
    var accessibilityTraits: AccessibilityTraits { get }
    /// In the window's coordinates (UIKit: the screen's; a Bezel window is the screen).
    var accessibilityFrame: Rect { get }
    var accessibilityActivationPoint: Point { get }
    var accessibilityLanguage: String? { get }
    var accessibilityIdentifier: String? { get }
    var accessibilityCustomActions: [AccessibilityCustomAction]? { get }
    func accessibilityActivate() -> Bool
    func accessibilityIncrement()
    func accessibilityDecrement()
}

/// UIKit's `UIAccessibilityElement`: an element for something a view draws without a view of
/// its own (a segment of a segmented control, a key of the keyboard, a bar of a chart). Its
/// frame is given in its container's coordinates (`accessibilityFrameInContainerSpace`) and
/// follows the container when it moves.
@MainActor
open class AccessibilityElement: AccessibilityNode {
    /// The view the element belongs to (held weakly, as UIKit does).
    public weak var accessibilityContainer: View?
    open var isAccessibilityElement = true
    open var accessibilityLabel: String?
    open var accessibilityValue: String?
    open var accessibilityHint: String?
    open var accessibilityTraits: AccessibilityTraits = []
    open var accessibilityLanguage: String?
    open var accessibilityIdentifier: String?
    open var accessibilityCustomActions: [AccessibilityCustomAction]?
    /// The element's frame in its container's coordinates.
    open var accessibilityFrameInContainerSpace: Rect = .zero
    /// What activating it does (the spoken mode's double tap, the keypad's Enter); nil: the
    /// spoken mode taps the container at the activation point.
    public var onActivate: (@MainActor () -> Bool)?
    public var onIncrement: (@MainActor () -> Void)?
    public var onDecrement: (@MainActor () -> Void)?

    public init(accessibilityContainer: View) {
        self.accessibilityContainer = accessibilityContainer
    }

    /// The frame in the window's coordinates (zero once the container is gone).
    open var accessibilityFrame: Rect {
        guard let container = accessibilityContainer else { return .zero }
        return container.convert(accessibilityFrameInContainerSpace, to: nil)
    }

    open var accessibilityActivationPoint: Point { Point(x: accessibilityFrame.midX, y: accessibilityFrame.midY) }

    open func accessibilityActivate() -> Bool { onActivate?() ?? false }
    open func accessibilityIncrement() { onIncrement?() }
    open func accessibilityDecrement() { onDecrement?() }
}

/// UIKit's `UIAccessibilityCustomAction`: a named action the spoken mode offers on an element
/// (a row's "Delete", "Flag"), returning whether it did something.
@MainActor
public final class AccessibilityCustomAction {
    public let name: String
    public let handler: @MainActor (AccessibilityCustomAction) -> Bool

    public init(name: String, handler: @escaping @MainActor (AccessibilityCustomAction) -> Bool) {
        self.name = name
        self.handler = handler
    }
}
