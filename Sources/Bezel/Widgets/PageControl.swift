/// UIKit's `UIPageControl`: a row of dots, one per page. A tap on the left or right half
/// moves one page back or forward and sends `valueChanged`.
@MainActor
open class PageControl: Control {
    // A fingertip's target around the drawn control (Control.minimumTouchTarget).
    override var defaultMinimumTouchTarget: Size { Control.fingertipTarget }
    open override func point(inside point: Point, with event: Event?) -> Bool { touchTargetContains(point) }

    // Accessibility: adjustable, valued "page 2 of 5"; a step turns one page and sends
    // valueChanged, as a tap does.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? {
        Localization.bezelString("page %lld of %lld", filling: [currentPage + 1, numberOfPages], language: language)
    }
    override var defaultAccessibilityTraits: AccessibilityTraits { controlStateTraits.union(.adjustable) }
    open override func accessibilityIncrement() { accessibilityTurn(by: 1) }
    open override func accessibilityDecrement() { accessibilityTurn(by: -1) }
    private func accessibilityTurn(by pages: Int) {
        let next = min(max(0, currentPage + pages), max(0, numberOfPages - 1))
        guard isEnabled, next != currentPage else { return }
        currentPage = next
        sendActions(for: .valueChanged)
    }

    public var numberOfPages = 0 {
        didSet {
            numberOfPages = max(0, numberOfPages)
            currentPage = min(currentPage, max(0, numberOfPages - 1))
            setNeedsDisplay()
            if numberOfPages != oldValue { invalidateIntrinsicContentSize() }
        }
    }
    public var currentPage = 0 {
        didSet {
            currentPage = min(max(0, currentPage), max(0, numberOfPages - 1))
            if currentPage != oldValue { setNeedsDisplay() }
        }
    }
    public var pageIndicatorTintColor = Color.white.withAlpha(0.3) { didSet { if pageIndicatorTintColor != oldValue { setNeedsDisplay() } } }
    public var currentPageIndicatorTintColor = Color.white { didSet { if currentPageIndicatorTintColor != oldValue { setNeedsDisplay() } } }
    public var hidesForSinglePage = false { didSet { if hidesForSinglePage != oldValue { setNeedsDisplay() } } }

    /// Dot diameter 7 pt and spacing 9 pt: UIKit's classic page control.
    static let dot = 7.0
    static let gap = 9.0

    open override func endTracking(_ touch: Touch?, with event: Event?) {
        guard let touch, isTouchInside, numberOfPages > 1 else { return }
        // The next page at the trailing side: the left in a right-to-left language.
        let forward = (touch.location(in: self).x >= bounds.midX) != (effectiveUserInterfaceLayoutDirection == .rightToLeft)
        let page = currentPage + (forward ? 1 : -1)
        guard page >= 0, page < numberOfPages else { return }
        currentPage = page
        sendActions(for: .valueChanged, with: event)
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        BuiltInControlPriority.allows(gestureRecognizer, on: self, overlapping: .singleTap)
    }

    /// The size the dots of `pageCount` pages take (UIKit's `size(forNumberOfPages:)`):
    /// the classic control's 7-point dots 9 points apart, 37 points high (Interface
    /// Builder's 39 x 37 for three pages).
    public func size(forNumberOfPages pageCount: Int) -> Size {
        let n = Double(max(0, pageCount))
        return Size(width: max(0, n * Self.dot + (n - 1) * Self.gap), height: 37)
    }

    open override var intrinsicContentSize: Size { size(forNumberOfPages: numberOfPages) }

    open override func draw(_ rect: Rect, in context: any DrawingContext) {
        guard numberOfPages > (hidesForSinglePage ? 1 : 0) else { return }
        let total = Double(numberOfPages) * Self.dot + Double(numberOfPages - 1) * Self.gap
        var x = bounds.midX - total / 2
        // The first page's dot at the right in a right-to-left language.
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        for index in 0..<numberOfPages {
            let page = rightToLeft ? numberOfPages - 1 - index : index
            let color = page == currentPage ? currentPageIndicatorTintColor : pageIndicatorTintColor
            context.fillEllipse(in: Rect(x: x, y: bounds.midY - Self.dot / 2, width: Self.dot, height: Self.dot), color: color)
            x += Self.dot + Self.gap
        }
    }
}
