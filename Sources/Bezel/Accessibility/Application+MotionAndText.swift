extension Application {
    /// Posted when `isReduceMotionEnabled` or `isBoldTextEnabled` changes.
    public static let accessibilitySettingsDidChangeNotification: Notification.Name = "accessibilitySettingsDidChange"

    /// UIKit's `isReduceMotionEnabled`: Bezel's own transitions cross-fade instead of sliding
    /// or zooming (navigation pushes and pops, presentations, alerts). Set by the app (a
    /// kiosk's accessibility menu) or the runtime's `reduce_motion` setting.
    public var isReduceMotionEnabled: Bool {
        get { reduceMotion }
        set {
            guard newValue != reduceMotion else { return }
            reduceMotion = newValue
            notificationCenter.post(name: Self.accessibilitySettingsDidChangeNotification, object: self)
        }
    }
}
