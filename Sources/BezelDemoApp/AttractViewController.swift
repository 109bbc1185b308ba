import Bezel
import BezelVideo

/// The kiosk's attract loop: full-screen slides in a `PageViewController` that a `Timer`
/// turns every `interval` seconds, round and round, until a touch dismisses it. Opened from
/// the home screen's menu (a kiosk app would open it from its idle hook: see the README on
/// the backlight). While it runs the idle dimming is held off (`isIdleTimerDisabled`), or
/// the backlight would dim the slides it exists to show; the timer stops when it goes.
/// Given a clip (`videoPath`), the first slide plays it, looped (`PlayerLooper`), on a display
/// plane where the display has one free (the runtime decides, frame by frame).
@MainActor
public final class AttractViewController: ViewController, PageViewControllerDataSource {
    /// Seconds a slide shows before the next slides in.
    public static let interval: TimeInterval = 5
    public let pages = PageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, interPageSpacing: 0)
    public private(set) var slides: [ViewController] = []
    private var timer: Timer?
    private var idleTimerWasDisabled = false
    var onReport: ((String) -> Void)?
    /// Runs once the loop has ended (the demo waits for the next idle spell).
    var onFinish: (() -> Void)?
    /// The first slide's video (nil: its picture), looped while the loop shows.
    public private(set) var video: VideoView?
    public private(set) var looper: PlayerLooper?

    /// - Parameter videoPath: a clip for the first slide (the demo's `Videos/attract.webm`).
    public init(videoPath: String? = nil) {
        super.init()
        localizedTitle = "Attract loop"
        modalPresentationStyle = .fullScreen
        slides = [
            Self.slide(title: "Fresh coffee", subtitle: "Touch the screen to order", colour: Color(rgb: 0x6F4E37), image: DemoResources.image("latte"),
                       video: videoPath.map(Self.makeVideo)),
            Self.slide(title: "Any size", subtitle: "Small, medium or large, with oat or soy", colour: Color(rgb: 0x2E86DE), image: DemoResources.image("cup")),
            Self.slide(title: "Pay by card", subtitle: "Or with your phone", colour: Color(rgb: 0x1E8449), image: nil),
        ]
        if let video = slides[0].view.subviews.first(where: { $0 is VideoView }) as? VideoView, let player = video.player, let path = videoPath {
            self.video = video
            looper = PlayerLooper(player: player, templateItem: PlayerItem(url: path))
        }
    }

    /// The video view of the first slide: the latte picture as its poster until the first
    /// frame (and if the clip cannot play).
    private static func makeVideo(_ path: String) -> VideoView {
        let video = VideoView(frame: .zero)
        video.player = Player()
        video.posterImage = DemoResources.image("latte")
        video.backgroundColor = Color(rgb: 0x6F4E37)
        video.accessibilityLabel = String(localized: "Fresh coffee")
        return video
    }

    /// A slide: a coloured page with a large title, a line under it and a picture (or a video).
    static func slide(title: LocalizedStringResource, subtitle: LocalizedStringResource, colour: Color, image: Image?, video: VideoView? = nil) -> ViewController {
        let slide = ViewController()
        slide.localizedTitle = title
        let view = slide.view
        view.backgroundColor = colour
        let heading = Label()
        heading.localizedText = title
        heading.style = TextStyle(size: 44, weight: .bold, color: .white, alignment: .center)
        let line = Label()
        line.localizedText = subtitle
        line.style = TextStyle(size: 22, color: Color.white.withAlpha(0.85), alignment: .center)
        let stack = StackView(frame: .zero, arrangedSubviews: [heading, line])
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        var constraints = [
            stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: video != nil ? 90 : image == nil ? 0 : 50),
            stack.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor, constant: -40),
        ]
        if let video {
            // 256 x 144: the clip's own size, so a plane shows it without scaling.
            video.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(video)
            constraints += [
                video.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                video.bottomAnchor.constraint(equalTo: stack.topAnchor, constant: -20),
                video.widthAnchor.constraint(equalToConstant: 256),
                video.heightAnchor.constraint(equalToConstant: 144),
            ]
        } else if let image {
            let picture = ImageView(frame: .zero, image: image)
            picture.contentMode = .scaleAspectFit
            picture.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(picture)
            constraints += [
                picture.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                picture.bottomAnchor.constraint(equalTo: stack.topAnchor, constant: -20),
                picture.widthAnchor.constraint(equalToConstant: 120),
                picture.heightAnchor.constraint(equalToConstant: 80),
            ]
        }
        LayoutConstraint.activate(constraints)
        return slide
    }

    public override func viewDidLoad() {
        view.name = "attract"
        view.backgroundColor = .black
        pages.dataSource = self
        pages.setViewControllers([slides[0]], direction: .forward, animated: false)
        addChild(pages)
        pages.view.frame = view.bounds
        pages.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(pages.view)
        pages.didMove(toParent: self)
        // A touch anywhere ends the loop (a swipe still turns the slides by hand).
        let tap = TapGestureRecognizer { [weak self] _ in self?.finish() }
        tap.name = "attractTap"
        view.addGestureRecognizer(tap)
        view.accessibilityHint = String(localized: "Double-tap to start")
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard let application = view.window?.application else { return }
        idleTimerWasDisabled = application.isIdleTimerDisabled
        application.isIdleTimerDisabled = true
        timer = Timer.scheduledTimer(withTimeInterval: Self.interval, repeats: true, on: application.runLoop) { [weak self] _ in
            self?.showNext()
        }
        video?.player?.play()
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        timer?.invalidate()
        timer = nil
        video?.player?.pause()
        view.window?.application?.isIdleTimerDisabled = idleTimerWasDisabled
    }

    /// The next slide, after the last the first again.
    func showNext() {
        guard let shown = pages.viewControllers?.first, let next = slide(after: shown) else { return }
        pages.setViewControllers([next], direction: .forward, animated: true)
        onReport?("attract slide \((slides.firstIndex { $0 === next } ?? 0) + 1)")
    }

    private func finish() {
        onReport?("attract ended")
        dismiss(animated: true) { [weak self] in self?.onFinish?() }
    }

    private func slide(after page: ViewController) -> ViewController? {
        guard let index = slides.firstIndex(where: { $0 === page }) else { return nil }
        return slides[(index + 1) % slides.count]
    }

    // MARK: PageViewControllerDataSource: round and round

    public func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController) -> ViewController? {
        guard let index = slides.firstIndex(where: { $0 === viewController }) else { return nil }
        return slides[(index + slides.count - 1) % slides.count]
    }

    public func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController) -> ViewController? {
        slide(after: viewController)
    }

    public func presentationCount(for pageViewController: PageViewController) -> Int { slides.count }
    public func presentationIndex(for pageViewController: PageViewController) -> Int {
        pageViewController.viewControllers?.first.flatMap { page in slides.firstIndex { $0 === page } } ?? 0
    }
}
