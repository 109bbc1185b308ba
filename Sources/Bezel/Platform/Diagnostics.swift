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
        /// Content beyond one of Bezel's documented limits (an image too large to decode, a
        /// label too long to lay out whole, a view tree too deep to draw): left out or cut.
        case limit
    }

    public struct Report: Sendable, CustomStringConvertible {
        public let kind: Kind
        public let message: String
        public var description: String { "bezel: \(kind.rawValue): \(message)" }
    }

    /// Receives every report. The default writes one line to standard error the first time
    /// a report is made, and of a report made again and again (the same misuse in every
    /// frame) only every 1,000th, with its count: a kiosk's journal stays readable for months.
    @MainActor public static var handler: (Report) -> Void = { report in
        if let line = printed.line(for: report.description) { writeLineToStandardError(line) }
    }

    /// The reports the default handler has printed, with how often each was made.
    @MainActor static var printed = RepeatFilter()

    /// Counts repeated lines; answers with the line to print, or nil to stay quiet.
    struct RepeatFilter {
        private var counts: [String: Int] = [:]
        /// Different reports remembered at most (then the memory starts again).
        static let capacity = 1_000

        mutating func line(for text: String) -> String? {
            if counts.count >= Self.capacity, counts[text] == nil { counts.removeAll() }
            let count = (counts[text] ?? 0) + 1
            counts[text] = count
            if count == 1 { return text }
            return count % 1_000 == 0 ? "\(text) (made \(count) times)" : nil
        }
    }

    @MainActor public static func report(_ kind: Kind, _ message: String) {
        handler(Report(kind: kind, message: message))
    }
}
