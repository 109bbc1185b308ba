/// UIKit's `UIRefreshControl`: pull a scroll view's content down past the control and it
/// starts refreshing (a spinner, `.valueChanged` sent once); the content then stays pulled
/// down by the control's height until `endRefreshing()`.
///
/// Set it as a scroll view's `refreshControl`; it sits above the content's top.
@MainActor
open class RefreshControl: Control {
    /// The pull that starts a refresh: 80 pt past the top (Bezel's choice; UIKit's is
    /// similar, about a thumb's length).
    public static let triggerDistance = 80.0
    /// The room kept above the content while refreshing: 60 pt, UIKit's control height.
    public static let height = 60.0

    public private(set) var isRefreshing = false
    /// The spinner's colour (UIKit's `tintColor` of the control).
    public var spinnerColor = Color.secondaryLabel { didSet { spinner.color = spinnerColor } }
    let spinner = ActivityIndicatorView(frame: Rect(x: 0, y: 0, width: 28, height: 28))
    /// The extra top inset this control added while refreshing.
    private var addedInset = 0.0
    /// Pulled past the trigger during this drag (a refresh starts once per pull).
    private var armed = true

    public init() {
        super.init(frame: Rect(x: 0, y: -RefreshControl.height, width: 320, height: RefreshControl.height))
        name = "refreshControl"
        spinner.hidesWhenStopped = false
        spinner.color = spinnerColor
        addSubview(spinner)
    }

    private var scrollView: ScrollView? { superview as? ScrollView }

    open override func layoutSubviews() {
        spinner.frame.origin = Point(x: ((bounds.width - 28) / 2).rounded(), y: ((bounds.height - 28) / 2).rounded())
    }

    /// Starts refreshing by code (no `.valueChanged`), showing the spinner.
    public func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.startAnimating()
        if let scrollView, !scrollView.isDragging { keepRoom(in: scrollView) }
    }

    /// The refresh finished: the spinner stops and the content slides back up.
    public func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.stopAnimating()
        guard let scrollView, addedInset > 0 else { return }
        scrollView.contentInset.top -= addedInset
        addedInset = 0
        if !scrollView.isDragging, scrollView.contentOffset.y < scrollView.minimumContentOffset.y {
            scrollView.setContentOffset(Point(x: scrollView.contentOffset.x, y: scrollView.minimumContentOffset.y), animated: true)
        }
    }

    /// Follows the pull: placed above the content, the spinner shows the pull's progress and
    /// starts the refresh past the trigger.
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        frame = Rect(x: scrollView.contentOffset.x, y: -RefreshControl.height - addedInset + (addedInset > 0 ? addedInset : 0),
                     width: scrollView.bounds.width, height: RefreshControl.height)
        let pull = scrollView.minimumContentOffset.y - scrollView.contentOffset.y
        if pull <= 0 { armed = true }
        guard scrollView.isDragging, armed, !isRefreshing, pull >= Self.triggerDistance else { return }
        armed = false
        isRefreshing = true
        spinner.startAnimating()
        sendActions(for: .valueChanged)
    }

    /// The finger lifted: while refreshing, the content keeps room for the control.
    func scrollViewWillEndDragging(_ scrollView: ScrollView) {
        if isRefreshing { keepRoom(in: scrollView) }
    }

    private func keepRoom(in scrollView: ScrollView) {
        guard addedInset == 0 else { return }
        addedInset = Self.height
        scrollView.contentInset.top += addedInset
    }
}
