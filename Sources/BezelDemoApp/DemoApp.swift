import Bezel

/// The demo kiosk app, written against Bezel's public API only, as an app developer would:
/// a window whose root controller is a `NavigationController` starting at the home screen,
/// a clock in the navigation bar, and the gesture playground, the 10,000-row table, the
/// settings (with a Reset bar-button item confirmed by an alert), the motion screen
/// (springs and an interruptible animator), a form (text fields, a PIN on a number pad,
/// a note; the on-screen keyboard), charts drawn with paths and the accessibility switches
/// (larger text, high contrast, bold text, reduced motion, speech) one tap away.
@MainActor
public final class DemoApp {
    public let application: Application
    public let window: Window
    public let navigation: NavigationController
    public let home = HomeViewController()
    public let gestures = GesturePlaygroundViewController()
    public let list = ListViewController()
    public let settings = SettingsViewController()
    public let motion = MotionViewController()
    public let form = FormViewController()
    public let charts = ChartsViewController()
    public let accessibility: AccessibilityViewController
    public let clock: MinuteClock
    /// What the app reports (a tile pressed, a row selected), for the log.
    public var log: (String) -> Void = { print($0) }
    /// Media keys and shakes that no screen handled (the end of the responder chain).
    private let appDelegate = DemoAppDelegate()

    /// - Parameter videoPath: the clip of the attract loop's first slide and of the how-to
    ///   video (nil, the default: no video; `bezel-demo` gives `DemoApp.bundledVideo`). Tests
    ///   that compare pixels leave it nil: a decoder's timing is the machine's.
    public init(application: Application, size: Size, timeOfDay: @escaping MinuteClock.TimeOfDay, videoPath: String? = nil) {
        self.application = application
        self.videoPath = videoPath
        accessibility = AccessibilityViewController(application: application)
        // The demo's strings (Localizable.xcstrings in its resource folder; from a source
        // checkout Assets/Demo, which is not ResourceBundle.main).
        if Localization.source == nil, let bundle = DemoResources.bundle { Localization.source = bundle }
        window = Window(frame: Rect(origin: .zero, size: size), application: application)
        window.name = "window"
        navigation = NavigationController(rootViewController: home)
        clock = MinuteClock(frame: Rect(x: size.width - 112, y: 0, width: 96, height: NavigationBar.height), timeOfDay: timeOfDay)
        clock.autoresizingMask = [.flexibleLeftMargin]
        home.open = { [unowned self] name in self.open(name) }
        home.openAttract = { [unowned self] in self.showAttractLoop() }
        if videoPath != nil { home.openHowToVideo = { [unowned self] in self.showHowToVideo() } }
        home.openBooking = { [unowned self] in self.showBooking() }
        home.onReport = { [unowned self] line in self.log(line) }
        home.onItem = { [unowned self] n in
            self.navigation.navigationBar.titleLabel.text = "Item \(n) pressed"
            self.log("Item \(n) pressed")
        }
        list.onSelect = { [unowned self] n in
            self.navigation.navigationBar.titleLabel.text = "Row \(n) selected"
            self.log("Row \(n) selected")
        }
        list.onReport = { [unowned self] line in self.log(line) }
        gestures.onReport = { [unowned self] line in self.log("gesture \(line)") }
        motion.onReport = { [unowned self] line in self.log(line) }
        settings.onReport = { [unowned self] line in self.log(line) }
        form.onReport = { [unowned self] line in self.log(line) }
        charts.onReport = { [unowned self] line in self.log(line) }
        accessibility.onReport = { [unowned self] line in self.log(line) }
        navigation.onTransitionFinished = { [unowned self] top in self.log("showing \(top.title ?? "?")") }
        appDelegate.log = { [unowned self] line in self.log(line) }
        application.delegate = appDelegate
        // The kiosk's look is dark until Settings' Theme says otherwise (UIKit apps switch
        // an in-app theme the same way: the window's override).
        window.overrideUserInterfaceStyle = .dark
        navigation.navigationBar.barTintColor = DemoTheme.bar
        window.rootViewController = navigation
        navigation.view.frame = window.bounds
        navigation.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        navigation.navigationBar.addSubview(clock)
        window.makeKeyAndVisible()
        clock.start(on: application.runLoop)
    }

    /// Seconds without a touch or key before the attract loop starts by itself (bezel-demo's
    /// `--attract-after`); nil (the default) never: an idle kiosk that shows nothing moving
    /// wakes only for its clock (the zero-wake-up measurement), one with an attract loop
    /// wakes for its slides by design. One one-shot timer waits for the idle time, checks
    /// the last activity when it fires and waits again for what is left (no timer per touch).
    public var attractAfter: TimeInterval? {
        didSet {
            if let after = attractAfter, !(after.isFinite && after > 0) {
                log("attract-after \(after): not a positive number of seconds; off")
                attractAfter = nil
            }
            attractIdleSince = application.clock.now
            armAttractLoop()
        }
    }
    private var attractTimer: Timer?
    /// When the wait began: idle counts from the later of this and the last activity (an app
    /// just started has had no touch yet, and is not idle for that).
    private var attractIdleSince: TimeInterval = 0
    private var idleTime: TimeInterval {
        application.clock.now - max(application.lastUserActivity, attractIdleSince)
    }

    private func armAttractLoop() {
        attractTimer?.invalidate()
        attractTimer = nil
        guard let after = attractAfter, attract == nil else { return }
        let idle = idleTime
        attractTimer = Timer.scheduledTimer(withTimeInterval: max(0.25, after - idle), repeats: false, on: application.runLoop) { [weak self] _ in
            self?.attractTimerFired()
        }
    }

    private func attractTimerFired() {
        attractTimer = nil
        guard let after = attractAfter, attract == nil else { return }
        let idle = idleTime
        // Not over a sheet or alert the user left open: those wait for their answer.
        if idle >= after, navigation.presentedViewController == nil {
            log("idle \(Int(idle)) s")
            showAttractLoop()
        } else {
            armAttractLoop()
        }
    }

    /// The attract loop (the home screen's menu, or `attractAfter` seconds of idle): full
    /// screen until a touch.
    public func showAttractLoop() {
        let attract = AttractViewController(videoPath: videoPath)
        attract.onReport = { [unowned self] line in self.log(line) }
        attract.onFinish = { [weak self] in self?.armAttractLoop() }
        log("attract loop")
        navigation.present(attract, animated: true)
    }

    /// The clip of the attract loop's first slide and of the how-to video (`init`'s).
    public let videoPath: String?

    /// The demo's own clip (`Videos/attract.webm` in its resources), if it is there.
    public static var bundledVideo: String? { DemoResources.bundle?.path(forResource: "attract", ofType: "webm", inDirectory: "Videos") }

    /// "How-to video" (the home screen's Help menu): a form sheet with a video tile.
    public func showHowToVideo() {
        guard let videoPath else { return }
        let sheet = HowToVideoViewController(videoPath: videoPath)
        sheet.onReport = { [unowned self] line in self.log(line) }
        log("how-to video")
        navigation.present(sheet, animated: true)
    }

    /// "Book a table" (the home screen's menu): a form sheet with the inline date picker. Now
    /// is the wall clock's (the demo's `now`; tests give their own).
    public func showBooking() {
        let booking = BookingViewController(now: now())
        booking.onReport = { [unowned self] line in self.log(line) }
        log("booking")
        navigation.present(booking, animated: true)
    }

    /// Seconds since 1970 now: the date pickers' clock (`DatePicker.currentTime`).
    public func now() -> Double { DatePicker.currentTime() }

    /// The booking sheet when it is up.
    public var booking: BookingViewController? { navigation.presentedViewController as? BookingViewController }

    /// The attract loop when it is up.
    public var attract: AttractViewController? { navigation.presentedViewController as? AttractViewController }

    /// Opens a screen by its tile's name.
    public func open(_ name: String) {
        let screen: ViewController? = switch name {
        case "Gestures": gestures
        case "List": list
        case "Settings": settings
        case "Motion": motion
        case "Form": form
        case "Charts": charts
        case "Accessibility": accessibility
        default: nil
        }
        guard let screen, navigation.topViewController !== screen else { return }
        log("open \(name)")
        navigation.pushViewController(screen, animated: true)
    }
}
