extension Application {
    /// Posted on the application's notification center when the spoken mode starts or stops
    /// (UIKit's `voiceOverStatusDidChangeNotification`).
    public static let spokenModeStatusDidChangeNotification: Notification.Name = "spokenModeStatusDidChange"

    /// The spoken mode (Accessibility/SpokenMode.swift), made on first use.
    public var spokenMode: SpokenMode {
        if let spokenModeIfMade { return spokenModeIfMade }
        let made = SpokenMode(application: self, synthesizer: speechSynthesizer ?? SpeechLog())
        spokenModeIfMade = made
        return made
    }

    /// Whether the spoken mode runs (UIKit's `isVoiceOverRunning`); setting it starts or stops
    /// it: an app's "speak" button, the runtime's `spoken_mode` setting, a headset plugged in.
    public var isSpokenModeRunning: Bool {
        get { spokenModeIfMade?.isRunning ?? false }
        set {
            guard newValue != isSpokenModeRunning else { return }
            if newValue { spokenMode.start() } else { spokenModeIfMade?.stop() }
            notificationCenter.post(name: Self.spokenModeStatusDidChangeNotification, object: self)
        }
    }

    /// Starts the spoken mode when it is off and `spokenModeStartKey` goes down (true: the
    /// key was taken).
    func startSpokenModeIfAsked(by key: Press.Key, isDown: Bool) -> Bool {
        guard isDown, let start = spokenModeStartKey, key.code == start.code, !isSpokenModeRunning else { return false }
        isSpokenModeRunning = true
        return true
    }
}
