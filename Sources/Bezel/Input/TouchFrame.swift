/// One finger's change, as any touch source reports it (libinput, the simulator, a script):
/// the normalized input the core sees. Locations are in screen points, already transformed
/// for rotation and calibration by the backend.
public struct TouchReport: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case down, move, up, cancel
    }

    /// The finger's identifier, unique among the fingers currently down (a libinput seat slot).
    public var finger: Int
    public var kind: Kind
    /// Where the finger is. `up` and `cancel` may omit it (libinput's TOUCH_UP carries no
    /// coordinates): the finger's last position is kept.
    public var location: Point?
    /// Where the device said the finger was when that lies off the panel (a mis-calibrated
    /// or noisy controller): `location` is then clamped onto the panel, and this keeps the
    /// device's value for diagnosis. Nil when the two are the same.
    public var unclampedLocation: Point?

    public init(finger: Int, kind: Kind, location: Point? = nil) {
        self.finger = finger
        self.kind = kind
        self.location = location
    }

    public static func down(_ finger: Int, at location: Point) -> TouchReport { TouchReport(finger: finger, kind: .down, location: location) }
    public static func move(_ finger: Int, to location: Point) -> TouchReport { TouchReport(finger: finger, kind: .move, location: location) }
    public static func up(_ finger: Int, at location: Point? = nil) -> TouchReport { TouchReport(finger: finger, kind: .up, location: location) }
    public static func cancel(_ finger: Int) -> TouchReport { TouchReport(finger: finger, kind: .cancel) }
}

/// The reports that arrived together (libinput: everything up to a TOUCH_FRAME). One frame
/// becomes one Event report; fingers not mentioned are `stationary` in it.
public struct TouchFrame: Sendable, Equatable {
    public var reports: [TouchReport]
    /// When the frame happened, on the application's clock (seconds).
    public var timestamp: TimeInterval

    public init(_ reports: [TouchReport], timestamp: TimeInterval) {
        self.reports = reports
        self.timestamp = timestamp
    }
}

extension TouchFrame {
    /// Whether every report is a move (no finger goes down, up or is cancelled).
    public var isMovesOnly: Bool { reports.allSatisfy { $0.kind == .move } }

    /// `earlier` and `later`, two frames of moves only, as one frame at `later`'s time: each
    /// finger where it was last reported (a finger only `earlier` moved keeps that move), in
    /// the order fingers first appear. UIKit coalesces touch moves the same way, delivering
    /// the latest position once rather than every sample when the app falls behind.
    public static func coalescing(_ earlier: TouchFrame, _ later: TouchFrame) -> TouchFrame {
        var reports = earlier.reports
        for report in later.reports {
            if let index = reports.firstIndex(where: { $0.finger == report.finger }) {
                reports[index] = report
            } else {
                reports.append(report)
            }
        }
        return TouchFrame(reports, timestamp: later.timestamp)
    }
}
