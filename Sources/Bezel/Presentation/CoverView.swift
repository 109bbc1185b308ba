/// A clear or dimmed view over the whole window under a card (a menu, a compact date
/// picker's calendar): a touch that lands on the cover itself, outside the card, runs
/// `onOutsideTouch` and goes no further; touches on the card's own padding come up the
/// responder chain and are ignored. The spoken mode's escape does the same.
@MainActor
class CoverView: View {
    var onOutsideTouch: (() -> Void)?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if touches.contains(where: { $0.view === self }) { onOutsideTouch?() }
    }

    override func accessibilityPerformEscape() -> Bool {
        onOutsideTouch?()
        return true
    }
}
