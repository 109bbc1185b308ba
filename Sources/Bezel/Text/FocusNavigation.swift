/// Tab and Shift-Tab on a hardware keyboard: the next (or previous) text input of the window
/// becomes first responder, in reading order (top to bottom, then left to right, by their
/// frames in the window), skipping hidden ones and those that refuse.
@MainActor
enum FocusNavigation {
    /// True when focus moved (or there was nowhere to go but it was a text input's Tab).
    static func moveFocus(from current: Responder, backwards: Bool) -> Bool {
        guard let view = current as? View, let window = view.window else { return false }
        var inputs: [View] = []
        var stack: [View] = [window]
        while let next = stack.popLast() {
            guard !next.isHidden, next.alpha > 0 else { continue }
            if next is TextInput, next.canBecomeFirstResponder { inputs.append(next) }
            stack.append(contentsOf: next.subviews.reversed())
        }
        func key(_ input: View) -> (Double, Double) {
            let frame = input.convert(input.bounds, to: window)
            return (frame.minY, frame.minX)
        }
        inputs.sort { key($0) < key($1) }
        guard let index = inputs.firstIndex(where: { $0 === view }), inputs.count > 1 else { return true }
        let target = inputs[(index + (backwards ? inputs.count - 1 : 1)) % inputs.count]
        target.becomeFirstResponder()
        return true
    }
}
