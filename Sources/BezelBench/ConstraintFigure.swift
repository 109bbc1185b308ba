import Bezel
import BezelDemoApp

// Issue 30's M13: constraint layout on a screen of 200 views in a 20 x 10 grid (each placed
// after its neighbour and below the view above with 4 points between, the first view's width
// shared by all, a preferred height of 40 at 750 above a required 20, each row's last view
// against the container's edge): about 1,000 constraints.
//
//   full         a new window: its constraints activated and the first layout solved;
//   incremental  one constant changed (the first view's preferred height, 40 or 44: its column
//                moves) and the layout solved again: the incremental case, as a ratio to the
//                full one. (Until 2026-11-26 it changed the gap after the first view, which
//                contradicts the equal widths of the other rows: it measured a broken
//                constraint's report, not an edit.)
//
//   settings     the demo's screen on constraints (Settings: 18 views, 72 constraints) made,
//                shown in an 800 x 480 window and laid out.
//
// Times here are not judged (timings belong in benchmarks); the instruction counts of the
// three (M13_full, M13_incremental, M13_settings in instruction-counts.sh) are, in CI.

/// The grid and the constraint whose constant the incremental case changes.
@MainActor
func makeConstraintGrid() -> (window: Window, views: [View], edit: LayoutConstraint, count: Int) {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
    window.makeKeyAndVisible()
    let container = View(frame: window.bounds)
    window.addSubview(container)
    var views: [View] = []
    var constraints: [LayoutConstraint] = []
    for i in 0..<200 {
        let view = View()
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        let row = i / 20, column = i % 20
        constraints.append(column == 0 ? view.leadingAnchor.constraint(equalTo: container.leadingAnchor)
                                       : view.leadingAnchor.constraint(equalTo: views[i - 1].trailingAnchor, constant: 4))
        constraints.append(row == 0 ? view.topAnchor.constraint(equalTo: container.topAnchor)
                                    : view.topAnchor.constraint(equalTo: views[i - 20].bottomAnchor, constant: 4))
        if i > 0 { constraints.append(view.widthAnchor.constraint(equalTo: views[0].widthAnchor)) }
        let preferred = view.heightAnchor.constraint(equalToConstant: 40)
        preferred.priority = .defaultHigh
        constraints.append(preferred)
        constraints.append(view.heightAnchor.constraint(greaterThanOrEqualToConstant: 20))
        if column == 19 { constraints.append(view.trailingAnchor.constraint(equalTo: container.trailingAnchor)) }
        views.append(view)
    }
    LayoutConstraint.activate(constraints)
    window.layoutIfNeeded()
    // constraints[2]: the first view's preferred height (after its leading and top).
    return (window, views, constraints[2], constraints.count)
}

@MainActor
func measureConstraintLayout(samples: Int) -> (full: Stats, incremental: Stats, constraints: Int) {
    var count = 0
    let full = timed(iterations: samples) {
        count = makeConstraintGrid().count
    }
    let grid = makeConstraintGrid()
    var flip = false
    let incremental = timed(iterations: samples * 10) {
        flip.toggle()
        grid.edit.constant = flip ? 44 : 40
        grid.window.layoutIfNeeded()
    }
    return (full, incremental, count)
}

/// The demo's Settings screen shown in a new 800 x 480 window and laid out.
@MainActor
func makeSettingsScreen() -> Window {
    let app = Application(clock: VirtualClock(), tracer: Tracer())
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480), application: app)
    window.rootViewController = SettingsViewController()
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    return window
}

@MainActor
func measureSettingsLayout(samples: Int) -> Stats {
    timed(iterations: samples) { _ = makeSettingsScreen() }
}
