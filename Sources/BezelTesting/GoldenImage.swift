import Bezel
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// A rendering that differs from its golden image (or has none): the message says what, and
/// where the actual image and a difference image were written.
public struct SnapshotMismatch: Error, CustomStringConvertible {
    public let description: String
}

/// Golden-image comparison, as Bezel's own snapshot tests do it.
///
/// Goldens are PNGs in a folder (by default `Snapshots/` beside the test file that asks).
/// A pixel differs when a channel is off by more than `channelTolerance` (3 of 255), and up to
/// `differingFraction` (0.1 %) of the pixels may differ: room for anti-aliasing differences
/// between pixman builds, none for a visible change. With `BEZEL_RECORD_SNAPSHOTS=1` the
/// images are written as the new goldens instead. On a mismatch, `<name>.actual.png` and
/// `<name>.diff.png` (differing pixels in red) go to `failureDirectory`.
@MainActor
public enum GoldenImage {
    public static var channelTolerance = 3
    public static var differingFraction = 0.001
    /// Where mismatches are written: `BEZEL_SNAPSHOT_FAILURES`, else `.build/snapshot-failures`
    /// under the current directory (the package's, under `swift test`).
    public static var failureDirectory: String {
        Environment.value("BEZEL_SNAPSHOT_FAILURES") ?? ".build/snapshot-failures"
    }

    public static var isRecording: Bool { Environment.value("BEZEL_RECORD_SNAPSHOTS") == "1" }

    /// `Snapshots/` beside the source file `file` (pass `#filePath`).
    public static func directory(besides file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "Snapshots" }
        return String(file[..<slash]) + "/Snapshots"
    }

    /// Compares `image` with the golden `name` in `directory` (or records it); throws a
    /// `SnapshotMismatch` that says what differs.
    public static func check(_ image: ImageBuffer, named name: String, in directory: String) throws {
        let golden = directory + "/" + name + ".png"
        if isRecording {
            _ = mkdir(directory, 0o755)
            try image.writePNG(to: golden)
            return
        }
        guard access(golden, F_OK) == 0 else {
            throw SnapshotMismatch(description: "no golden image \(golden): record it with BEZEL_RECORD_SNAPSHOTS=1")
        }
        let expected = try ImageBuffer(contentsOfPNG: golden)
        guard let differing = image.countDifferingPixels(from: expected, tolerance: channelTolerance) else {
            throw SnapshotMismatch(description: "\(name): size \(image.width)x\(image.height), golden \(expected.width)x\(expected.height)")
        }
        let allowed = Int(Double(image.width * image.height) * differingFraction)
        guard differing > allowed else { return }
        let failures = failureDirectory
        makeDirectories(failures)
        try image.writePNG(to: failures + "/" + name + ".actual.png")
        try image.differenceImage(from: expected, tolerance: channelTolerance)?.writePNG(to: failures + "/" + name + ".diff.png")
        throw SnapshotMismatch(description: "\(name): \(differing) pixels differ (allowed \(allowed)); see \(failures)/\(name).diff.png")
    }

    private static func makeDirectories(_ path: String) {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            _ = mkdir(partial, 0o755)
        }
    }
}
