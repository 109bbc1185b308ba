#if canImport(Glibc)
import Glibc
#endif

/// An accelerometer the kernel exposes through IIO (industrial I/O) in sysfs:
/// `/sys/bus/iio/devices/iio:deviceN/in_accel_{x,y,z}_raw`, scaled by `in_accel_scale` (or
/// per axis `in_accel_x_scale`...) and shifted by `in_accel_offset`, giving m/s². Boards
/// with one (an MPU-6050 on I²C, a tablet's sensor) get shake events; read on demand.
public final class IIOAccelerometer {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let directory: String
    /// The device's `name` file (the driver's name of the chip), or "".
    public let name: String
    private let scale: (x: Double, y: Double, z: Double)
    private let offset: Double

    /// The device in `directory` (an `iio:deviceN` folder); throws, naming the file, when it
    /// is not an accelerometer or its files cannot be read.
    public init(directory: String) throws(Failure) {
        self.directory = directory
        func number(_ file: String) -> Double? {
            (try? TextFile.read(directory + "/" + file, limit: 256)).flatMap { Double($0.trimmingCharacters(in: " \n\t")) }
        }
        for axis in ["x", "y", "z"] where number("in_accel_\(axis)_raw") == nil {
            throw Failure(description: "\(directory): no readable in_accel_\(axis)_raw: not an IIO accelerometer")
        }
        let shared = number("in_accel_scale")
        guard let sx = number("in_accel_x_scale") ?? shared, let sy = number("in_accel_y_scale") ?? shared,
              let sz = number("in_accel_z_scale") ?? shared, sx.isFinite, sy.isFinite, sz.isFinite else {
            throw Failure(description: "\(directory): no in_accel_scale (or per-axis scales): cannot convert to m/s²")
        }
        scale = (sx, sy, sz)
        offset = number("in_accel_offset") ?? 0
        name = (try? TextFile.read(directory + "/name", limit: 256))?.trimmingCharacters(in: " \n\t") ?? ""
    }

    /// The first IIO device under `root` that is an accelerometer, or nil.
    public static func find(in root: String = "/sys/bus/iio/devices") -> String? {
        guard let folder = opendir(root) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("iio:device") { names.append(name) }
        }
        for name in names.sorted() where access(root + "/" + name + "/in_accel_x_raw", R_OK) == 0 { return root + "/" + name }
        return nil
    }

    /// One reading in m/s² (device axes).
    public func read() throws(Failure) -> (x: Double, y: Double, z: Double) {
        func axis(_ a: String, _ s: Double) throws(Failure) -> Double {
            guard let text = try? TextFile.read(directory + "/in_accel_\(a)_raw", limit: 256),
                  let raw = Double(text.trimmingCharacters(in: " \n\t")) else {
                throw Failure(description: "\(directory)/in_accel_\(a)_raw: unreadable")
            }
            return (raw + offset) * s
        }
        return (try axis("x", scale.x), try axis("y", scale.y), try axis("z", scale.z))
    }
}
