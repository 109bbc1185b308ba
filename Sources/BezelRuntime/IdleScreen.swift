import Bezel
import BezelLinux

/// What the idle controller lights, dims and turns off: a backlight, or (on panels without
/// one: HDMI monitors, most TVs) the output itself through KMS.
@MainActor
public protocol IdleScreen: AnyObject {
    /// Shows `state`; called on every change.
    func show(_ state: IdleController.State)
    /// Can it dim (false: `dimmed` looks like `awake`, the idle controller skips it).
    var canDim: Bool { get }
}

/// A sysfs backlight: awake at the level it had at start, dimmed to `dimLevel`, off at 0.
@MainActor
public final class BacklightScreen: IdleScreen {
    public let backlight: Backlight
    private let awakeLevel: Double
    private let dimLevel: Double
    public let canDim = true

    public init(backlight: Backlight, dimLevel: Double) {
        self.backlight = backlight
        // A backlight found at 0 (left off by a crash) wakes to 5 %, not to darkness.
        awakeLevel = max(0.05, backlight.fraction)
        self.dimLevel = dimLevel
    }

    public func show(_ state: IdleController.State) {
        switch state {
        case .awake: backlight.set(awakeLevel)
        case .dimmed: backlight.set(min(awakeLevel, dimLevel))
        case .off: backlight.set(0)
        }
    }
}

/// An output with no backlight: off is the CRTC turned off (KMS `ACTIVE=0`, or DPMS on the
/// legacy API: the monitor sees no signal and sleeps), on is the mode set again showing the
/// last frame (the console never shows in between: it stays in graphics mode). It cannot dim.
@MainActor
public final class OutputPowerScreen: IdleScreen {
    private let setPower: (Bool) -> Void
    public let canDim = false

    public init(setPower: @escaping (Bool) -> Void) {
        self.setPower = setPower
    }

    public func show(_ state: IdleController.State) {
        setPower(state != .off)
    }
}
