#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reports of misuse that Bezel survives: an illegal gesture-recognizer state transition,
/// an event for a finger that never began, a bad argument. UIKit logs such things and goes
/// on; so does Bezel, but through one funnel that an app (or a test) can observe. Nothing
/// here ever stops the process: a kiosk must keep running.
public enum Diagnostics {
    public enum Kind: String, Sendable {
        /// A gesture recognizer subclass set a state it cannot move to from its current one.
        case illegalStateTransition
        /// The API was called in a way it does not support; the call was ignored or repaired.
        case apiMisuse
        /// Input that does not make sense (a finger that never began, a duplicate begin...).
        case malformedInput
        /// The platform failed the app (a display that could not be taken back, a device lost).
        case platform
    }

    public struct Report: Sendable, CustomStringConvertible {
        public let kind: Kind
        public let message: String
        public var description: String { "bezel: \(kind.rawValue): \(message)" }
    }

    /// Receives every report. The default writes one line to standard error.
    @MainActor public static var handler: (Report) -> Void = { report in
        writeLineToStandardError(report.description)
    }

    @MainActor public static func report(_ kind: Kind, _ message: String) {
        handler(Report(kind: kind, message: message))
    }
}
