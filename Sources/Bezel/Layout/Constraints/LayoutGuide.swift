/// A rectangle that takes part in constraint layout without being a view (UIKit's
/// `UILayoutGuide`): space between views, or a region of a view such as its safe area. It
/// belongs to a view (`addLayoutGuide(_:)`), is placed in that view's coordinates, draws
/// nothing and takes no touches.
@MainActor
public final class LayoutGuide {
    /// Named in reports and traces.
    public var identifier = ""
    /// The view it belongs to (weak, as UIKit's is).
    public internal(set) weak var owningView: View?

    enum Kind { case custom, safeArea, margins, readable, keyboard, scrollContent, scrollFrame }

    /// The widest a readable-content guide gets: UIKit's at the default text size (672
    /// points, measured on iPad), so lines of body text stay short enough to read.
    public static let readableContentWidth = 672.0
    let kind: Kind

    public init() { kind = .custom }
    init(kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }

    /// Where the guide lies in its owning view's coordinates: the last solution for a guide
    /// placed by constraints; the safe area's rectangle for `safeAreaLayoutGuide`.
    public var layoutFrame: Rect {
        if kind == .keyboard, let owningView {
            let b = owningView.bounds, overlap = Self.keyboardOverlap(of: owningView)
            return Rect(x: b.minX, y: b.maxY - overlap, width: b.width, height: overlap)
        }
        if kind == .readable, let owningView {
            let b = owningView.bounds, m = owningView.layoutMargins
            let available = max(0, b.width - m.left - m.right), width = min(available, Self.readableContentWidth)
            return Rect(x: b.minX + m.left + (available - width) / 2, y: b.minY + m.top, width: width, height: max(0, b.height - m.top - m.bottom))
        }
        if kind == .scrollContent, let scrollView = owningView as? ScrollView {
            return Rect(origin: .zero, size: scrollView.contentSize)
        }
        if kind != .custom, let owningView {
            let b = owningView.bounds, i = insets(of: owningView)
            return Rect(x: b.minX + i.left, y: b.minY + i.top, width: max(0, b.width - i.left - i.right), height: max(0, b.height - i.top - i.bottom))
        }
        guard let item = constraintItem else { return .zero }
        return Rect(x: item.minX.value, y: item.minY.value, width: item.width.value, height: item.height.value)
    }

    /// The insets from its owning view's bounds, for the safe-area and margins guides.
    func insets(of owner: View) -> EdgeInsets {
        switch kind {
        case .custom, .keyboard, .scrollContent, .scrollFrame: .zero
        case .safeArea: owner.safeAreaInsets
        case .margins, .readable: owner.layoutMargins
        }
    }

    /// How much of `owner`'s height, from its bottom, the on-screen keyboard covers (its
    /// window's `keyboardFrame`, where it will have slid to): 0 when it is hidden.
    static func keyboardOverlap(of owner: View) -> Double {
        guard let window = owner.window, window.keyboardFrame != .zero else { return 0 }
        let area = owner.convert(owner.bounds, to: window), keyboard = window.keyboardFrame
        guard area.maxX > keyboard.minX, area.minX < keyboard.maxX else { return 0 }
        return min(area.height, max(0, area.maxY - max(area.minY, keyboard.minY)))
    }

    /// Its variables in the window's engine, while it has some.
    var constraintItem: LayoutItem?

    var debugName: String { "\(owningView?.debugName ?? "(no view)").\(identifier.isEmpty ? "guide" : identifier)" }

    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
}

extension View {
    /// The guides added to this view (not its safe-area guide).
    public var layoutGuides: [LayoutGuide] { constraintState?.guides ?? [] }

    /// Makes `guide` this view's (taking it from another view first).
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.kind == .custom else {
            return Diagnostics.report(.apiMisuse, "addLayoutGuide: \(guide.debugName) is a view's own guide; ignored")
        }
        if let owner = guide.owningView {
            if owner === self { return }
            owner.removeLayoutGuide(guide)
        }
        guide.owningView = self
        constraintStateOrNew.guides.append(guide)
    }

    /// Removes `guide`; its active constraints are deactivated (as UIKit's are).
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self, let state = constraintState, let index = state.guides.firstIndex(where: { $0 === guide }) else { return }
        layoutEngineIfCreated?.guideLeaves(guide)
        state.guides.remove(at: index)
        guide.owningView = nil
    }

    /// The view's own guide of `kind`, made the first time it is asked for.
    func systemGuide(_ kind: LayoutGuide.Kind, identifier: String) -> LayoutGuide {
        let state = constraintStateOrNew
        if let guide = state.systemGuides[kind] { return guide }
        let guide = LayoutGuide(kind: kind, identifier: identifier)
        guide.owningView = self
        state.systemGuides[kind] = guide
        return guide
    }

    /// The part of the view not covered by bars and the screen's edges (UIKit's): its bounds
    /// inset by `safeAreaInsets`.
    public var safeAreaLayoutGuide: LayoutGuide {
        systemGuide(.safeArea, identifier: "safeAreaLayoutGuide")
    }

    /// The view's bounds less its `layoutMargins` (UIKit's; the safe area is the whole view
    /// in Bezel, so the margins are not added to it).
    public var layoutMarginsGuide: LayoutGuide {
        systemGuide(.margins, identifier: "layoutMarginsGuide")
    }

    /// The margins guide narrowed to `LayoutGuide.readableContentWidth` and centred in it
    /// (UIKit's `readableContentGuide`): where paragraphs of text stay readable on a wide panel.
    public var readableContentGuide: LayoutGuide {
        systemGuide(.readable, identifier: "readableContentGuide")
    }

    /// The part of the view the on-screen keyboard covers, at its bottom (UIKit's
    /// `keyboardLayoutGuide`, iOS 15): as wide as the view, as tall as the keyboard's overlap,
    /// nothing tall while it is hidden. A view whose bottom is pinned to its top moves up with
    /// the keyboard, in the keyboard's own slide.
    public var keyboardLayoutGuide: LayoutGuide {
        systemGuide(.keyboard, identifier: "keyboardLayoutGuide")
    }

    /// `layoutMargins` with leading and trailing edges (UIKit's `directionalLayoutMargins`):
    /// leading is the left margin in a left-to-right view, the right one in a right-to-left
    /// view (`effectiveUserInterfaceLayoutDirection`, when the value is set or read).
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            let m = layoutMargins
            return effectiveUserInterfaceLayoutDirection == .rightToLeft
                ? DirectionalEdgeInsets(top: m.top, leading: m.right, bottom: m.bottom, trailing: m.left)
                : DirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
        }
        set {
            layoutMargins = effectiveUserInterfaceLayoutDirection == .rightToLeft
                ? EdgeInsets(top: newValue.top, left: newValue.trailing, bottom: newValue.bottom, right: newValue.leading)
                : EdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }

    /// Zero: in Bezel, navigation and tab bars shrink the view under them rather than overlap
    /// it, and a panel has no rounded corners or notch, so nothing covers a view's bounds. (The
    /// keyboard is `keyboardLayoutGuide`'s.)
    public var safeAreaInsets: EdgeInsets { .zero }
}

/// Insets with leading and trailing edges (UIKit's `NSDirectionalEdgeInsets`).
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}
