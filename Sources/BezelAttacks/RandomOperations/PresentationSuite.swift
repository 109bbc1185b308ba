import Bezel

/// Random presentations and navigation (issue 37 U1): controllers presented and dismissed from
/// anywhere in the chain, animated or not, in every style, mid-transition included; alerts;
/// pushes and pops; the window's root replaced (a kiosk's "back to the start screen"); taps
/// and time. Invariants: no completion twice, and one exactly once for every call not
/// refused with a report; the presentation chain consistent both ways; at rest the window
/// holds only what the chain shows; after a last root replacement every controller the suite
/// made and let go of is freed; no finger left live.
@MainActor
public final class PresentationSuite: RandomOperationSuite {
    public static let name = "presentations"

    var random: SplitMix64
    let application: Application
    let window: Window
    let fingers: TouchScript
    var calls: [Int: Int] = [:]
    var mustComplete: Set<Int> = []
    var nextID = 0
    var problems: [String] = []
    /// Every controller made, weakly: all but the last root must be freed at the end.
    var made: [WeakController] = []

    struct WeakController {
        weak var controller: ViewController?
        let name: String
    }

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        application = Application(clock: VirtualClock(), tracer: Tracer())
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 700), application: application)
        window.makeKeyAndVisible()
        fingers = TouchScript(application)
        window.rootViewController = NavigationController(rootViewController: controller())
    }

    private func newID() -> Int {
        nextID += 1
        return nextID
    }

    /// A new controller: a plain one, an alert or a navigation controller around one.
    private func controller(kind: Int = 0) -> ViewController {
        let id = newID()
        let made: ViewController
        switch kind {
        case 1:
            let alert = AlertController(title: "Alert \(id)", message: "m", preferredStyle: .alert)
            alert.addAction(AlertAction(title: "OK", style: .default))
            alert.addAction(AlertAction(title: "Cancel", style: .cancel))
            made = alert
        case 2:
            made = NavigationController(rootViewController: controller())
        default:
            made = ViewController()
            made.view.backgroundColor = .white
        }
        made.title = "c\(id)"
        if kind != 1 {
            made.modalPresentationStyle = [.fullScreen, .overFullScreen, .formSheet].randomElement(using: &random)!
            made.modalTransitionStyle = [.coverVertical, .crossDissolve].randomElement(using: &random)!
        }
        self.made.append(WeakController(controller: made, name: "c\(id)"))
        return made
    }

    /// The controllers on screen: the root, what each presents, and navigation stacks' tops.
    private var chain: [ViewController] {
        var result: [ViewController] = []
        var next = window.rootViewController
        while let controller = next {
            result.append(controller)
            if let navigation = controller as? NavigationController, let top = navigation.topViewController { result.append(top) }
            next = controller.presentedViewController.flatMap { $0 === controller ? nil : $0 }
            if let presented = next, result.contains(where: { $0 === presented }) { break }
        }
        return result
    }

    private func completion(_ id: Int) {
        calls[id, default: 0] += 1
        if calls[id]! > 1 { problems.append("completion \(id) called \(calls[id]!) times") }
    }

    /// Runs `call`; its completion must come exactly once unless the call was refused with a report.
    private func expectingCompletion(_ id: Int, _ call: () -> Void) -> Bool {
        let refused = !SuiteChecks.reports(during: call).isEmpty
        if !refused { mustComplete.insert(id) }
        return !refused
    }

    public func step() -> String {
        let chain = self.chain
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22:
            let presenter = chain.randomElement(using: &random)!
            let presented = controller(kind: [0, 0, 1, 2].randomElement(using: &random)!)
            let animated = Bool.random(using: &random), id = newID()
            let accepted = expectingCompletion(id) {
                presenter.present(presented, animated: animated) { [weak self] in self?.completion(id) }
            }
            return "\(presenter.title ?? "?") presents \(presented.title ?? "?")\(animated ? " animated" : "") #\(id)\(accepted ? "" : " (refused)")"
        case 22..<40:
            let target = chain.randomElement(using: &random)!
            let animated = Bool.random(using: &random), id = newID()
            let accepted = expectingCompletion(id) {
                target.dismiss(animated: animated) { [weak self] in self?.completion(id) }
            }
            return "\(target.title ?? "?") dismiss\(animated ? " animated" : "") #\(id)\(accepted ? "" : " (refused)")"
        case 40..<52:
            guard let navigation = chain.compactMap({ $0 as? NavigationController }).randomElement(using: &random) else { return "no navigation controller" }
            if Bool.random(using: &random) {
                let pushed = controller()
                navigation.pushViewController(pushed, animated: Bool.random(using: &random))
                return "\(navigation.title ?? "?") pushes \(pushed.title ?? "?")"
            }
            let popped = navigation.popViewController(animated: Bool.random(using: &random))
            return "\(navigation.title ?? "?") pops \(popped?.title ?? "nothing")"
        case 52..<58:
            let root = Bool.random(using: &random) ? NavigationController(rootViewController: controller()) : controller()
            if root.title == nil { root.title = "nav" }
            window.rootViewController = root
            return "root replaced by \(root.title ?? "?")"
        case 58..<78:
            let point = Point(x: .random(in: 0...400, using: &random), y: .random(in: 0...700, using: &random))
            fingers.tap(at: point)
            return "tap \(point)"
        default:
            let seconds = [0.016, 0.05, 0.1, 0.3, 1].randomElement(using: &random)!
            fingers.wait(seconds)
            return "wait \(seconds) s"
        }
    }

    public func violations() -> [String] {
        var found = problems
        problems.removeAll()
        var next = window.rootViewController
        var depth = 0
        while let controller = next, depth < 100 {
            if let presented = controller.presentedViewController, presented.presentingViewController == nil {
                found.append("\(presented.title ?? "?") is presented by \(controller.title ?? "?") but has no presentingViewController")
            }
            next = controller.presentedViewController
            depth += 1
        }
        if depth >= 100 { found.append("a presentation chain of 100 or more (a cycle?)") }
        if window.subviews.count > 2 * (depth + 2) {
            found.append("\(window.subviews.count) window subviews for a chain of \(depth)")
        }
        if let live = SuiteChecks.liveTouches(application, window) { found.append(live) }
        return found
    }

    public func finish() -> [String] {
        for _ in 0..<20 { fingers.wait(0.25) }
        var found = violations()
        for id in mustComplete.sorted() where calls[id] != 1 {
            found.append("completion \(id) called \(calls[id] ?? 0) times at rest (once expected)")
        }
        // Back to a start screen: the window holds its view and nothing else, and every
        // controller made before is freed.
        let start = ViewController()
        window.rootViewController = start
        for _ in 0..<8 { fingers.wait(0.25) }
        if window.subviews.count != 1 || window.subviews.first !== start.view {
            found.append("after the root was replaced the window holds \(window.subviews.count) views")
        }
        let alive = made.filter { $0.controller != nil }.map(\.name)
        if !alive.isEmpty { found.append("\(alive.count) controllers never freed: \(alive.prefix(8).joined(separator: ", "))") }
        return found
    }
}
