/// UIKit's `UICollectionViewCell` (and `UICollectionReusableView` for headers): an item of
/// a `CollectionView`. Put content in `contentView`; override `isHighlighted`/`isSelected`'s
/// observers, or set `selectedBackgroundView`, to show them.
@MainActor
open class CollectionReusableView: View {
    /// The identifier the view was registered with (set when the collection view makes it).
    public internal(set) var reuseIdentifier: String?
    /// The supplementary kind it was made for (nil for cells).
    var supplementaryKind: String?

    public required override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Called before the view is handed out again. Call super.
    open func prepareForReuse() {}
}

@MainActor
open class CollectionViewCell: CollectionReusableView {
    public let contentView = View()
    /// Behind the content (nil: none).
    public var backgroundView: View? {
        didSet { replace(oldValue, with: backgroundView, at: 0) }
    }
    /// Shown over the background while highlighted or selected (nil: nothing shows them).
    public var selectedBackgroundView: View? {
        didSet {
            replace(oldValue, with: selectedBackgroundView, at: backgroundView == nil ? 0 : 1)
            updateSelectedBackground()
        }
    }
    open var isSelected = false { didSet { if isSelected != oldValue { updateSelectedBackground() } } }
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { updateSelectedBackground() } } }

    /// The collection view showing the cell (nil while it waits for reuse).
    public internal(set) weak var collectionView: CollectionView?

    public required init(frame: Rect) {
        super.init(frame: frame)
        contentView.frame = Rect(origin: .zero, size: frame.size)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    private func replace(_ old: View?, with new: View?, at index: Int) {
        guard old !== new else { return }
        old?.removeFromSuperview()
        guard let new else { return }
        new.frame = Rect(origin: .zero, size: bounds.size)
        new.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        new.isUserInteractionEnabled = false
        insertSubview(new, at: min(index, subviews.count))
    }

    private func updateSelectedBackground() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }

    func resetForReuse() {
        View.performWithoutAnimation {
            isSelected = false
            isHighlighted = false
            alpha = 1
        }
        prepareForReuse()
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        collectionView?.cellTouchBegan(self)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        collectionView?.cellTouchEnded(self, inside: bounds.contains(touch.location(in: self)))
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        collectionView?.cellTouchCancelled(self)
    }
}
