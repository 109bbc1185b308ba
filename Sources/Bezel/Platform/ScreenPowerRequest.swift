/// What the app asks of the panel's power (`Application.screenPowerRequest`).
public enum ScreenPowerRequest: Sendable, Equatable {
    /// The runtime's idle policy (`dim_after`, `off_after`) and off hours (`screen_off`) decide.
    case automatic
    /// Lit whatever the idle policy and off hours say.
    case on
    /// Off now; the next touch wakes it (swallowed) and the request becomes `.automatic`.
    case off
}
