/// Turns key downs and ups into `Press` objects (one per key while it is held) and press
/// events for `Application.sendPressEvent`. A release of a key that is not held is dropped
/// and reported; a repeated down of a held key (auto-repeat) is ignored.
@MainActor
final class PressSequencer {
    private var held: [Int: Press] = [:]

    /// The modifier keys held now.
    var modifierFlags: Press.ModifierFlags {
        var flags: Press.ModifierFlags = []
        for press in held.values { flags.formUnion(.of(press.key)) }
        return flags
    }

    func process(_ key: Press.Key, isDown: Bool, timestamp: TimeInterval, in app: Application) {
        if isDown {
            guard held[key.code] == nil else { return }
            let press = Press(key: key, timestamp: timestamp)
            press.modifierFlags = modifierFlags
            held[key.code] = press
            app.sendPressEvent(PressEvent(timestamp: timestamp, presses: [press]))
        } else {
            guard let press = held.removeValue(forKey: key.code) else {
                Diagnostics.report(.malformedInput, "key \(key.code) released but was not pressed; dropped")
                return
            }
            press.phase = .ended
            press.timestamp = timestamp
            app.sendPressEvent(PressEvent(timestamp: timestamp, presses: [press]))
        }
    }
}
