import Bezel

/// The motion screen: a card that follows a finger and springs home when let go (with the
/// finger's speed), and can be grabbed again mid-flight; and a drawer driven by an
/// interruptible animator that a drag scrubs and a release finishes or reverses.
@MainActor
public final class MotionViewController: ViewController {
    public let card = GrabbableCard(name: "springCard", frame: Rect(x: 40, y: 120, width: 220, height: 150))
    public let drawer = View(name: "drawer", frame: .zero)
    public let drawerButton = DemoTheme.tileButton("Open drawer", frame: Rect(x: 40, y: 24, width: 220, height: 64))
    public private(set) var isDrawerOpen = false
    public private(set) var drawerAnimator: ViewPropertyAnimator?
    /// What happens (grabbed, springing, settled...), for the log.
    var onReport: ((String) -> Void)?

    /// The card's resting centre.
    public var cardHome: Point { Point(x: 150, y: 195) }
    /// UIKit-like spring for a thrown card: 0.6 s, damping 0.55 (a visible, short wobble).
    public static let springDuration: TimeInterval = 0.6
    public static let springDamping = 0.55
    /// The drawer's slide (UIKit's sheet speed, 0.5 s) and its two resting places.
    public static let drawerDuration: TimeInterval = 0.5
    /// Closed, the drawer shows its top 80 points (at y 340 on an 800 x 480 panel's 420-point
    /// screen); open, it is 40 points from the top.
    public static let drawerPeek = 80.0
    public static let drawerOpenY = 40.0
    public var drawerClosedY: Double { max(Self.drawerOpenY, view.bounds.height - Self.drawerPeek) }
    private var dragStart = Point.zero

    public override init() {
        super.init()
        localizedTitle = "Motion"
    }

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "motion"
        card.backgroundColor = DemoTheme.accent
        card.cornerRadius = 16
        card.center = cardHome
        let cardLabel = DemoTheme.localizedLabel("Throw me", frame: Rect(x: 0, y: 0, width: 220, height: 150), size: 24, alignment: .center)
        card.addSubview(cardLabel)
        card.onGrab = { [weak self] in self?.onReport?("card grabbed mid-flight") }
        card.addGestureRecognizer(PanGestureRecognizer { [weak self] recognizer in
            self?.moveCard(recognizer as! PanGestureRecognizer)
        })
        // The drawer's frame is its animator's (a slide of its origin): frames, not
        // constraints; it keeps 20 points from the right edge on any panel
        // (viewDidLayoutSubviews).
        drawer.frame = Rect(x: 440, y: 340, width: 340, height: 400)
        drawer.backgroundColor = DemoTheme.tile
        drawer.cornerRadius = 16
        drawer.borderWidth = 1
        drawer.borderColor = DemoTheme.tileBorder
        drawer.addSubview(DemoTheme.localizedLabel("Drag me, or use the button", frame: Rect(x: 20, y: 16, width: 300, height: 40),
                                          size: 18, color: DemoTheme.secondaryText, alignment: .center))
        let progress = ProgressView(frame: Rect(x: 20, y: 70, width: 300, height: 10))
        progress.name = "drawerProgress"
        progress.progress = 0.6
        progress.trackTintColor = DemoTheme.track
        drawer.addSubview(progress)
        drawer.addGestureRecognizer(PanGestureRecognizer { [weak self] recognizer in
            self?.scrubDrawer(recognizer as! PanGestureRecognizer)
        })
        drawerButton.name = "drawerButton"
        drawerButton.localizedTitle = "Open drawer"
        drawerButton.addAction(for: .touchUpInside) { [weak self] _, _ in self?.toggleDrawer() }
        view.addSubview(drawerButton)
        view.addSubview(card)
        view.addSubview(drawer)
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        drawer.frame.origin.x = view.bounds.width - 20 - drawer.frame.width
        if drawerAnimator == nil { drawer.frame.origin.y = isDrawerOpen ? Self.drawerOpenY : drawerClosedY }
    }

    // MARK: The card: springs

    private func moveCard(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            dragStart = card.center
        case .changed:
            let t = pan.translation(in: view)
            card.center = Point(x: dragStart.x + t.x, y: dragStart.y + t.y)
        case .ended, .cancelled:
            // The finger's speed towards home, in distances per second (UIKit's unit).
            let v = pan.velocity(in: view)
            let offset = Point(x: cardHome.x - card.center.x, y: cardHome.y - card.center.y)
            let distance = (offset.x * offset.x + offset.y * offset.y).squareRoot()
            let speed = distance > 1 ? (v.x * offset.x + v.y * offset.y) / (distance * distance) : 0
            onReport?("card released")
            View.animate(withDuration: Self.springDuration, delay: 0, usingSpringWithDamping: Self.springDamping,
                         initialSpringVelocity: max(-20, min(20, speed)), options: .allowUserInteraction, animations: {
                self.card.center = self.cardHome
            }, completion: { [weak self] finished in
                self?.onReport?(finished ? "card settled" : "card interrupted")
            })
        default:
            break
        }
    }

    // MARK: The drawer: an interruptible animator

    private func makeDrawerAnimator() -> ViewPropertyAnimator {
        let opening = !isDrawerOpen
        let closedY = drawerClosedY
        let animator = ViewPropertyAnimator(duration: Self.drawerDuration, curve: .easeInOut) { [drawer] in
            drawer.frame.origin.y = opening ? Self.drawerOpenY : closedY
        }
        animator.addCompletion { [weak self] position in
            guard let self else { return }
            if position == .end { self.isDrawerOpen = opening }
            self.drawerButton.localizedTitle = self.isDrawerOpen ? "Close drawer" : "Open drawer"
            self.drawerAnimator = nil
            self.onReport?("drawer \(self.isDrawerOpen ? "open" : "closed")")
        }
        drawerAnimator = animator
        return animator
    }

    /// The button: starts the slide, or turns a running one around.
    public func toggleDrawer() {
        if let running = drawerAnimator {
            running.isReversed.toggle()
            if !running.isRunning { running.continueAnimation() }
            return
        }
        makeDrawerAnimator().startAnimation()
    }

    private func scrubDrawer(_ pan: PanGestureRecognizer) {
        let travel = drawerClosedY - Self.drawerOpenY
        switch pan.state {
        case .began:
            let animator = drawerAnimator ?? makeDrawerAnimator()
            animator.pauseAnimation()
            dragStart = Point(x: animator.fractionComplete, y: animator.isReversed ? 1 : 0)
        case .changed:
            guard let animator = drawerAnimator else { return }
            // Up opens, down closes: the fraction follows the finger along the travel.
            var moved = -pan.translation(in: view).y / travel
            if isDrawerOpen { moved = -moved }
            if animator.isReversed { moved = -moved }
            animator.fractionComplete = dragStart.x + moved
        case .ended, .cancelled:
            guard let animator = drawerAnimator else { return }
            animator.isReversed = animator.fractionComplete < 0.5
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        default:
            break
        }
    }
}

/// A card that stops where it is seen the moment a finger lands on it while it moves (the
/// pan that drags it begins only after the finger has travelled its slop).
@MainActor
public final class GrabbableCard: View {
    var onGrab: (() -> Void)?

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if hasRunningAnimations {
            let shown = presentation.center
            removeAllAnimations()
            center = shown
            onGrab?()
        }
        super.touchesBegan(touches, with: event)
    }
}
