import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// A DRM failure, said the way a person setting up a panel needs it: what failed, why, what to try.
public struct DRMError: Error, CustomStringConvertible {
    public let what: String
    public let why: String
    public let tryThis: String
    /// Whether looking at the next card would hide the real problem (a named output or mode
    /// that does not fit, a busy card, no permission): then the search stops with this error.
    public let isDecisive: Bool

    public init(what: String, why: String, tryThis: String, decisive: Bool = false) {
        self.what = what
        self.why = why
        self.tryThis = tryThis
        self.isDecisive = decisive
    }

    public var description: String { "\(what): \(why). \(tryThis)" }

    var decisive: DRMError { DRMError(what: what, why: why, tryThis: tryThis, decisive: true) }

    static func system(_ what: String, tryThis: String, code: Int32 = bezel_drm_errno()) -> DRMError {
        let why = String(cString: strerror(code))
        var hint = tryThis
        var decisive = false
        if code == EACCES || code == EPERM {
            hint = "Run as a user in the 'video' group (or through seatd/logind), or as root."
            decisive = true
        } else if code == EBUSY {
            hint = "Another program is DRM master (a desktop, another kiosk app): stop it first."
            decisive = true
        }
        return DRMError(what: what, why: why, tryThis: hint, decisive: decisive)
    }
}
