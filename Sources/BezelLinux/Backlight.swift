import Bezel
#if canImport(Glibc)
import Glibc
#endif

/// A panel backlight in sysfs (`/sys/class/backlight/<name>/brightness`, 0...max_brightness):
/// the official Raspberry Pi 7" display is `rpi_backlight` (older kernels) or `10-0045`; DSI
/// and many HDMI panels have one, desktop monitors do not. Writing needs root or a udev rule
/// giving the `video` group the file (deploy/udev/ has one).
public final class Backlight {
    public let directory: String
    public let maximum: Int
    public private(set) var current: Int

    public struct BacklightError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `spec`: a name under /sys/class/backlight, a directory path, "none", or nil for the first
    /// device there. Nil result: none wanted, or none present (with `spec` nil).
    public static func open(_ spec: String?, classDirectory: String = "/sys/class/backlight") throws(BacklightError) -> Backlight? {
        if spec == "none" { return nil }
        if let spec {
            return try Backlight(directory: spec.hasPrefix("/") ? spec : classDirectory + "/" + spec)
        }
        guard let first = Self.entries(of: classDirectory).first else { return nil }
        return try Backlight(directory: classDirectory + "/" + first)
    }

    public init(directory: String) throws(BacklightError) {
        self.directory = directory
        guard let max = Int(Self.read(directory + "/max_brightness")?.trimmed ?? ""), max > 0 else {
            throw BacklightError(description: "backlight \(directory): no readable max_brightness (ls /sys/class/backlight shows the devices; 'none' turns backlight control off)")
        }
        maximum = max
        current = Int(Self.read(directory + "/brightness")?.trimmed ?? "") ?? max
        guard access(directory + "/brightness", W_OK) == 0 else {
            throw BacklightError(description: "backlight \(directory)/brightness is not writable by this user (install deploy/udev/90-bezel-backlight.rules, or run as root)")
        }
    }

    /// Sets the brightness to `fraction` (0...1) of the maximum; returns whether it was written.
    @discardableResult
    public func set(_ fraction: Double) -> Bool {
        let value = Int((min(1, max(0, fraction)) * Double(maximum)).rounded())
        // O_TRUNC as a shell redirection does: sysfs ignores it, a plain file needs it.
        let fd = Glibc.open(directory + "/brightness", O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let text = "\(value)\n"
        let written = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        guard written == text.utf8.count else { return false }
        current = value
        return true
    }

    public var fraction: Double { Double(current) / Double(maximum) }

    static func read(_ path: String) -> String? {
        TextFile.contents(of: path, limit: 64)
    }

    static func entries(of directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        return String(s)
    }
}
