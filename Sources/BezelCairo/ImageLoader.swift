import Bezel

/// Loads images for `ImageView` and friends: PNG files from a path or from `Assets/`.
@MainActor
public enum ImageLoader {
    /// Loads a PNG; a missing or corrupt file throws a clear error.
    public static func load(path: String) throws(CairoError) -> Image {
        let buffer = try ImageBuffer(contentsOfPNG: path)
        return Image(size: Size(width: Double(buffer.width), height: Double(buffer.height)), storage: buffer)
    }

    /// `Assets/Images/<name>.png`; nil (reported through Diagnostics) when it cannot be
    /// loaded, so the view shows its placeholder instead of the app stopping.
    public static func asset(named name: String) -> Image? {
        guard let directory = AssetLocator.directory(named: "Images") else {
            Diagnostics.report(.apiMisuse, "Assets/Images not found (set BEZEL_ASSETS); image \(name) not loaded")
            return nil
        }
        do {
            return try load(path: directory + "/" + name + ".png")
        } catch {
            Diagnostics.report(.apiMisuse, "image \(name): \(error)")
            return nil
        }
    }
}
