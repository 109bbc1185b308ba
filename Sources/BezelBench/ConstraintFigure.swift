import Bezel

// Issue 30's M13: constraint layout on a screen of 200 views in a 20 x 10 grid (each placed
// after its neighbour and below the view above with 4 points between, the first view's width
// shared by all, a preferred height of 40 at 750 above a required 20, each row's last view
// against the container's edge): about 1,000 constraints.
//
//   full         a new window: its constraints activated and the first layout solved;
//   incremental  one constant changed (the gap after the first view) and the layout solved
//                again: the incremental case, as a ratio to the full one.
//
// Times only, not judged (timings belong in benchmarks); instruction counts for M13 are issue
// 30's next step.

/// The grid and the constraint whose constant the incremental case changes.
@MainActor
func makeConstraintGrid() -> (window: Window, views: [View], gap: LayoutConstraint, count: Int) {
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
    // constraints[4]: the second view's leading, 4 points after the first (the first has four).
    return (window, views, constraints[4], constraints.count)
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
        grid.gap.constant = flip ? 6 : 4
        grid.window.layoutIfNeeded()
    }
    return (full, incremental, count)
}
