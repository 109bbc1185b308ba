#if canImport(Glibc)
import Glibc
#endif

/// How many times the service manager has started this app again since its unit was started
/// from stopped: the "restarts" of the remote service's health (issue 34).
///
/// systemd keeps that count (`NRestarts`), but reading it takes D-Bus, which neither a minimal
/// Debian nor the app's or the remote service's sandbox has. The app counts instead, in its
/// unit's runtime directory (`$RUNTIME_DIRECTORY`, which systemd makes for `RuntimeDirectory=`):
/// with `RuntimeDirectoryPreserve=restart` (deploy/systemd/bezel-demo.service.d/remote.conf)
/// that directory outlives every restart, automatic (a crash, a kill, the watchdog: what
/// `NRestarts` counts, the guest's service scenario checks they agree) or an operator's
/// `systemctl restart`, and is removed when the unit stops. The runtime counts as it starts
/// running (`Runtime.run`): a start that ends earlier, on a configuration that cannot be
/// read, is in `NRestarts` only. Without a runtime directory
/// (not a systemd service, or a unit without one) there is no count: nil.
public enum ServiceStarts {
    /// The file, in the runtime directory, holding the number of starts so far.
    public static let fileName = "starts"

    /// Counts this start and returns the restarts before it (0 on the unit's first start), or
    /// nil when there is no runtime directory or the count cannot be written there. A file that
    /// does not hold a count (damaged, hand-edited) counts as no start before this one.
    public static func countThisStart(runtimeDirectory: String?) -> Int? {
        // RUNTIME_DIRECTORY lists one folder per RuntimeDirectory= entry, separated by ":".
        guard let directory = runtimeDirectory?.split(separator: ":").first.map(String.init),
              directory.hasPrefix("/") else { return nil }
        let path = directory + "/" + fileName
        let text = TextFile.contents(of: path, limit: 64) ?? ""
        let words = text.split(whereSeparator: \.isWhitespace)
        let before = words.count == 1 ? Int(words[0]).flatMap { $0 >= 0 ? $0 : nil } ?? 0 : 0
        // Written to a new file, then renamed over the old one: a power cut mid-write leaves
        // the old count or the new, never a torn one.
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        let line = Array("\(before + 1)\n".utf8)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == line.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            return nil
        }
        return before
    }
}
