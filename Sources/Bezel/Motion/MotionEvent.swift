/// What moved (UIKit's `UIEvent.EventSubtype.motionShake`): the device was shaken.
public enum MotionKind: Sendable {
    case shake
}

/// A motion (shake) or remote-control event (UIKit's `UIEvent` of type `.motion` or
/// `.remoteControl`). No hit-testing: the application sends it to the first responder (or, with
/// none, the key window), and each responder's default forwards it up the chain (spec §6).
@MainActor
public final class MotionEvent {
    /// UIKit's `UIEvent.EventSubtype` names.
    public enum Subtype: Sendable, Equatable {
        case motionShake
        case remoteControlPlay, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause
        case remoteControlNextTrack, remoteControlPreviousTrack
        case remoteControlBeginSeekingBackward, remoteControlEndSeekingBackward
        case remoteControlBeginSeekingForward, remoteControlEndSeekingForward

        public var isRemoteControl: Bool { self != .motionShake }
    }

    /// A shake's phase: began, ended or cancelled (remote-control events have none).
    public enum Phase: Sendable, Equatable { case began, ended, cancelled }

    public let subtype: Subtype
    public let timestamp: TimeInterval

    public init(subtype: Subtype, timestamp: TimeInterval) {
        self.subtype = subtype
        self.timestamp = timestamp
    }
}

extension Application {
    /// Delivers a motion or remote-control event to the first responder, or the key window
    /// when nothing is first responder (its chain then reaches the application and its
    /// delegate). `phase` says whether a shake began, ended or was cancelled.
    public func sendMotionEvent(_ event: MotionEvent, phase: MotionEvent.Phase = .began) {
        guard let responder = firstResponder ?? keyWindow else {
            tracer.log(.presses, "\(event.subtype): no first responder or key window: dropped")
            return
        }
        if event.subtype.isRemoteControl {
            tracer.log(.presses, "\(responder.debugName) remoteControlReceived \(event.subtype)")
            responder.remoteControlReceived(with: event)
            return
        }
        tracer.log(.presses, "\(responder.debugName) motion\(phase) shake")
        switch phase {
        case .began: responder.motionBegan(.shake, with: event)
        case .ended: responder.motionEnded(.shake, with: event)
        case .cancelled: responder.motionCancelled(.shake, with: event)
        }
    }
}
