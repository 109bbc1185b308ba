/// UIKit's `UIPasteboard`, in process: what cut and copy put and paste takes. A kiosk has one
/// app, so the general pasteboard is a value in memory shared by every text input of it.
@MainActor
public final class Pasteboard {
    public static let general = Pasteboard()

    public init() {}

    /// The copied text, if any.
    public var string: String?

    public var hasStrings: Bool { !(string ?? "").isEmpty }
}
