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

    enum Kind { case custom, safeArea }
    let kind: Kind

    public init() { kind = .custom }
    init(kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }

    /// Where the guide lies in its owning view's coordinates: the last solution for a guide
    /// placed by constraints; the safe area's rectangle for `safeAreaLayoutGuide`.
    public var layoutFrame: Rect {
        if kind == .safeArea, let owningView {
            let b = owningView.bounds, i = owningView.safeAreaInsets
            return Rect(x: b.minX + i.left, y: b.minY + i.top, width: max(0, b.width - i.left - i.right), height: max(0, b.height - i.top - i.bottom))
        }
        guard let item = constraintItem else { return .zero }
        return Rect(x: item.minX.value, y: item.minY.value, width: item.width.value, height: item.height.value)
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
        window?.constraintEngineIfCreated?.guideLeaves(guide)
        state.guides.remove(at: index)
        guide.owningView = nil
    }

    /// The part of the view not covered by bars and the screen's edges (UIKit's): its bounds
    /// inset by `safeAreaInsets`.
    public var safeAreaLayoutGuide: LayoutGuide {
        let state = constraintStateOrNew
        if let guide = state.safeAreaGuide { return guide }
        let guide = LayoutGuide(kind: .safeArea, identifier: "safeAreaLayoutGuide")
        guide.owningView = self
        state.safeAreaGuide = guide
        return guide
    }

    /// Zero: in Bezel, navigation and tab bars shrink the view under them rather than overlap
    /// it, and a panel has no rounded corners or notch, so nothing covers a view's bounds. (The
    /// keyboard's guide, which does move, is issue 30 item 4's next step.)
    public var safeAreaInsets: EdgeInsets { .zero }
}
