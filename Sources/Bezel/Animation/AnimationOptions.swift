extension View {
    /// UIKit's `UIView.AnimationOptions`, with its bit values (the curve is a two-bit field).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Touches reach the animating views (by default they pass them by).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from what is on screen and replace the running animations of the same
        /// properties (their completions get `false`) instead of blending with them.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Runs forever (until interrupted).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs forwards then backwards (with `.repeat`, for ever; without, once, then the
        /// view shows its model value).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A nested animation keeps its own duration instead of its enclosing one's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A nested animation keeps its own curve instead of its enclosing one's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)

        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The curve the options name (ease-in-out when none is given, UIKit's default).
        public var curve: AnimationCurve {
            switch (rawValue >> 16) & 3 {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInOut
            }
        }
    }

    /// UIKit's `UIView.AnimationCurve`.
    public enum AnimationCurve: Sendable {
        case easeInOut, easeIn, easeOut, linear

        public var timingCurve: TimingCurve {
            switch self {
            case .easeInOut: .easeInOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }
}
