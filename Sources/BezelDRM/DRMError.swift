import CDRM
#if canImport(Glibc)
import Glibc
#endif

/// A DRM failure, said the way a person setting up a panel needs it: what failed, why, what to try.
public struct DRMError: Error, CustomStringConvertible {
    public let what: String
    public let why: String
    public let tryThis: String

    public var description: String { "\(what): \(why). \(tryThis)" }

    static func system(_ what: String, tryThis: String) -> DRMError {
        let code = bezel_drm_errno()
        let why = String(cString: strerror(code))
        var hint = tryThis
        if code == EACCES || code == EPERM {
            hint = "Run as a user in the 'video' group (or through seatd/logind), or as root."
        } else if code == EBUSY {
            hint = "Another program is DRM master (a desktop, another kiosk app): stop it first."
        }
        return DRMError(what: what, why: why, tryThis: hint)
    }
}
