import Bezel

/// Loads images for `ImageView` and friends: PNG (cairo), JPEG (libjpeg-turbo) and SVG
/// (librsvg), told apart by their first bytes, not their names. The JPEG and SVG libraries
/// are opened the first time one is loaded (`SharedLibrary`). Every error names the file
/// and the reason.
@MainActor
public enum ImageLoader {
    /// The most pixels a decoded image may have. A small file can claim a huge picture (a
    /// 261 KB PNG of 16384 × 16384 decodes to 1 GB): larger images are refused before they
    /// are decoded (a PNG's and a JPEG's header, an SVG's size are read first), the refusal
    /// thrown and, from `Image(named:)` and `Image(contentsOfFile:)`, reported through
    /// `Diagnostics` (`.limit`).
    ///
    /// Default: `defaultMaximumPixels` (64 MiB decoded) until the runtime knows the panel,
    /// then four times the panel's pixels (`limitToPanel`), unless the app or the
    /// `image_pixel_limit` setting chose a number. Values below 1 are taken as 1.
    public static var maximumPixels = defaultMaximumPixels {
        didSet { if maximumPixels < 1 { maximumPixels = 1 } }
    }
    /// 4096 × 4096: 64 MiB in memory, eight full frames of a 1920×1080 panel.
    public static let defaultMaximumPixels = 4096 * 4096
    /// Sets `maximumPixels` to four times a panel of `width` x `height` pixels (an image
    /// larger than four screens cannot be shown whole anyway): 1,536,000 on an 800x480
    /// panel, 8,294,400 at 1920x1080.
    public static func limitToPanel(width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        // An app may pass any Int: a product past Int.max is no limit at all.
        let pixels = pixelCount(width, height)
        maximumPixels = pixels > Int.max / 4 ? Int.max : 4 * pixels
    }
    /// `width` x `height`, or Int.max when the product would pass it (sizes from a file's
    /// header or an app's call are any Int: an unchecked product traps).
    nonisolated static func pixelCount(_ width: Int, _ height: Int) -> Int {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : pixels
    }

    /// Reports an image that could not be loaded: `.limit` when refused for its size,
    /// `.apiMisuse` otherwise (a missing or damaged file).
    static func report(_ error: CairoError, loading image: String) {
        Diagnostics.report(error.isOverPixelLimit ? .limit : .apiMisuse, "image \(image): \(error)")
    }
    /// The largest image file read.
    public static let maximumFileSize = 64 * 1_048_576

    /// The file extensions `Image(named:)` tries, in order, for a name without one.
    public static let knownExtensions = ["png", "jpg", "jpeg", "svg"]

    /// The screen's pixels a point (the runtime sets it from its `scale` setting): which of
    /// `name@2x.png`, `name@3x.png` and `name.png` `Image(named:)` picks, and the resolution
    /// SVGs are drawn at.
    public static var screenScale = 1.0

    /// Whether `load(path:)` and `Image(contentsOfFile:)` decode in a confined helper process
    /// (`bezel-image-decoder`, see `IsolatedImageDecoder`), so a file that crashes, stalls or
    /// floods a decoder refuses that one image instead of stopping the kiosk. The app's own
    /// images (`Image(named:)`, `asset(named:)`) are trusted and decoded in-process. Default
    /// true; when no helper is found the file is decoded in-process, reported once.
    public static var isolatesUntrustedImages = true

    /// The wall-clock time one isolated decode may take before the helper is stopped and the
    /// image refused (the UI thread waits for it): 1.5 s, inside issue 37's 2 s for the UI
    /// thread, and some 10x what the largest photo within the 1080p panel limit takes on a
    /// Pi 4 (8.3 Mpx JPEG, ~0.15 s). Values that are not finite and positive are taken as 1.5.
    public static var decodeTimeLimit = 1.5 {
        didSet { if !(decodeTimeLimit.isFinite && decodeTimeLimit > 0) { decodeTimeLimit = 1.5 } }
    }

    /// Loads the image at `path`, an untrusted file (decoded in the helper process when
    /// `isolatesUntrustedImages`). A raster file named `…@2x.png` (or `@3x`, `@1.5x`) has that
    /// scale: its size in points is its pixels divided by it. An SVG is drawn at `size` points
    /// (default: its own size) times `scale` (default: `screenScale`), so it is sharp.
    public static func load(path: String, size: Size? = nil, scale: Double? = nil) throws(CairoError) -> Image {
        try load(path: path, size: size, scale: scale, trusted: !isolatesUntrustedImages)
    }

    /// `load(path:size:scale:)`, decoded in-process when `trusted`.
    static func load(path: String, size: Size?, scale: Double?, trusted: Bool) throws(CairoError) -> Image {
        let head = try readFile(path, limit: maximumFileSize, prefix: 512)
        let kind = Kind(of: head, path: path)
        guard kind != .unknown else { throw CairoError("\(path): not a PNG, JPEG or SVG file") }
        if kind == .png { try PNGChunks.checkHeaderSize(head, name: path, maximumPixels: maximumPixels) }
        let drawScale = kind == .svg ? (scale.map { $0.isFinite && $0 > 0 ? $0 : 1 } ?? screenScale) : 1
        let buffer: ImageBuffer
        if !trusted, let helper = IsolatedImageDecoder.helperPath {
            buffer = try IsolatedImageDecoder.decode(path: path, helper: helper, size: kind == .svg ? size : nil, scale: drawScale,
                                                     maximumPixels: maximumPixels, timeLimit: decodeTimeLimit)
        } else {
            if !trusted { reportMissingHelperOnce() }
            buffer = try decodeInProcess(try readFile(path, limit: maximumFileSize), kind: kind, name: path,
                                         size: size, scale: drawScale, maximumPixels: maximumPixels)
        }
        let pointScale = kind == .svg ? drawScale : (scale ?? Self.scale(inFileName: path))
        return Image(size: Size(width: Double(buffer.width) / pointScale, height: Double(buffer.height) / pointScale),
                     scale: pointScale, storage: buffer)
    }

    static var missingHelperReported = false
    private static func reportMissingHelperOnce() {
        guard !missingHelperReported else { return }
        missingHelperReported = true
        Diagnostics.report(.platform, "\(IsolatedImageDecoder.helperName) not found (looked at \(IsolatedImageDecoder.candidatesLookedAt.joined(separator: ", "))): untrusted images are decoded in the app's process, unconfined; install it beside the app or set BEZEL_IMAGE_DECODER")
    }

    /// The scale a file's name gives (`icon@2x.png`: 2), 1 without one.
    static func scale(inFileName path: String) -> Double {
        var name = Substring(path)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.lastIndex(of: ".") { name = name[..<dot] }
        guard name.hasSuffix("x"), let at = name.lastIndex(of: "@"),
              let value = Double(name[name.index(after: at)..<name.index(before: name.endIndex)]),
              value.isFinite, value > 0, value <= 4 else { return 1 }
        return value
    }

    /// Decodes `bytes` of `kind` (from `name`, used in errors) in this process: an SVG drawn
    /// at `size` (nil: its own) times `scale`; anything over `maximumPixels` refused.
    static func decodeInProcess(_ bytes: [UInt8], kind: Kind, name: String, size: Size?, scale: Double,
                                maximumPixels: Int) throws(CairoError) -> ImageBuffer {
        switch kind {
        case .png:
            return try ImageBuffer(pngBytes: bytes, name: name, maximumPixels: maximumPixels)
        case .jpeg:
            return try JPEGDecoder.decode(bytes, path: name, maximumPixels: maximumPixels)
        case .svg:
            return try SVGRenderer.render(bytes, path: name, size: size, scale: scale, maximumPixels: maximumPixels)
        case .unknown:
            throw CairoError("\(name): not a PNG, JPEG or SVG file")
        }
    }

    enum Kind {
        case png, jpeg, svg, unknown

        init(of head: [UInt8], path: String) {
            if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { self = .png; return }
            if head.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg; return }
            // SVG is text: an XML declaration, a comment or an <svg> element, after an
            // optional byte-order mark and white space; or a gzipped .svgz.
            var text = head[...]
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
            text = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            if text.starts(with: Array("<?xml".utf8)) || text.starts(with: Array("<svg".utf8)) || text.starts(with: Array("<!--".utf8))
                || (head.starts(with: [0x1F, 0x8B]) && path.lowercased().hasSuffix(".svgz")) {
                self = .svg
                return
            }
            self = .unknown
        }
    }

    /// The image called `name` (UIKit's `UIImage(named:)`): looked for in the app's resource
    /// folder (`ResourceBundle.main`: `Images/<name>`, then `<name>`), then in Bezel's own
    /// `Assets/Images`; a name without an extension tries `knownExtensions` in order. Nil
    /// when not found or not loadable, reported through Diagnostics with the reason.
    public static func image(named name: String, in bundle: ResourceBundle? = ResourceBundle.main) -> Image? {
        guard let path = path(ofImageNamed: name, in: bundle) else {
            Diagnostics.report(.apiMisuse, "image \(name) not found in \(bundle.map { $0.resourcePath + "/Images" } ?? "the app's resources (none set)") or Bezel's Assets/Images")
            return nil
        }
        let key = NamedImageCache.key(path: path, scale: screenScale)
        // A new Image around the shared pixels: a caller's label or rendering mode stays its own.
        if let cached = namedImages.image(for: key) { return Image(size: cached.size, scale: cached.scale, storage: cached.storage) }
        do {
            let image = try load(path: path, size: nil, scale: nil, trusted: true)
            namedImages.insert(image, for: key, limit: max(0, namedImageCacheLimit))
            return Image(size: image.size, scale: image.scale, storage: image.storage)
        } catch {
            ImageLoader.report(error, loading: name)
            return nil
        }
    }

    /// The decoded named images kept for the next `image(named:)` (NamedImageCache.swift).
    static var namedImages = NamedImageCache()
    /// The most bytes of decoded pixels the named-image cache keeps: 16 MiB, some forty
    /// 320 x 320 icons, or four full 1024 x 1024 pictures (Bezel's budget: a tenth of the
    /// demo's peak memory on a 512 MB board's share). 0 turns the cache off.
    public static var namedImageCacheLimit = 16 * 1_048_576 {
        didSet { if namedImageCacheLimit <= 0 { namedImages.removeAll() } }
    }
    /// Lets go of every cached named image (an app that swapped its resources on disk).
    public static func removeCachedNamedImages() { namedImages.removeAll() }

    /// Where `image(named:)` finds `name`, or nil.
    public static func path(ofImageNamed name: String, in bundle: ResourceBundle? = ResourceBundle.main) -> String? {
        guard !name.isEmpty, !name.contains("/") || !name.hasPrefix("/") else { return nil }
        var folders: [ResourceBundle] = []
        if let bundle {
            if let images = ResourceBundle(path: bundle.resourcePath + "/Images") { folders.append(images) }
            folders.append(bundle)
        }
        if let assets = AssetLocator.directory(named: "Images").flatMap(ResourceBundle.init(path:)) { folders.append(assets) }
        let hasExtension = knownExtensions.contains { name.lowercased().hasSuffix("." + $0) }
        // With no scale in the name: the screen's scale first, then larger ones (shrunk
        // looks better than stretched), then smaller, then the plain name (UIKit's order).
        var base = name, type: String? = nil
        if hasExtension, let dot = name.lastIndex(of: ".") {
            base = String(name[..<dot])
            type = String(name[name.index(after: dot)...])
        }
        let names = base.contains("@") ? [base] : scaledNames(base)
        for folder in folders {
            for candidate in names {
                if let type {
                    if let path = folder.path(forResource: candidate, ofType: type) { return path }
                } else {
                    for type in knownExtensions { if let path = folder.path(forResource: candidate, ofType: type) { return path } }
                }
            }
        }
        return nil
    }

    /// `name@2x`, `name@3x`, `name@1.5x`, `name`... in the order `image(named:)` tries them
    /// at `screenScale`.
    static func scaledNames(_ name: String) -> [String] {
        let scales = [1.5, 2, 3]
        let larger = scales.filter { $0 >= screenScale }.sorted()
        let smaller = scales.filter { $0 < screenScale && $0 > 1 }.sorted(by: >)
        func suffix(_ s: Double) -> String { s == s.rounded() ? "\(Int(s))" : "\(s)" }
        // At 1x the plain name first; an app with only @2x files still gets a picture.
        guard screenScale > 1 else { return [name] + scales.map { name + "@" + suffix($0) + "x" } }
        return (larger + smaller).map { name + "@" + suffix($0) + "x" } + [name]
    }

    /// `Assets/Images/<name>.png` (Bezel's own images); nil (reported through Diagnostics)
    /// when it cannot be loaded, so the view shows its placeholder instead of the app stopping.
    public static func asset(named name: String) -> Image? {
        guard let directory = AssetLocator.directory(named: "Images") else {
            Diagnostics.report(.apiMisuse, "Assets/Images not found (set BEZEL_ASSETS); image \(name) not loaded")
            return nil
        }
        do {
            return try load(path: directory + "/" + name + ".png", size: nil, scale: nil, trusted: true)
        } catch {
            ImageLoader.report(error, loading: name)
            return nil
        }
    }
}

extension ImageBuffer {
    /// An image showing these pixels (drawn from them: later changes to the buffer show),
    /// `scale` pixels a point.
    @MainActor public func image(scale: Double = 1) -> Image {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        return Image(size: Size(width: Double(width) / scale, height: Double(height) / scale), scale: scale, storage: self)
    }
}

extension Image {
    /// The image called `name` in the app's resources or Bezel's (UIKit's `UIImage(named:)`;
    /// see `ImageLoader.image(named:)`): PNG, JPEG or SVG. Nil when none is found or it
    /// cannot be loaded (the reason is reported through Diagnostics).
    public convenience init?(named name: String) {
        guard let image = ImageLoader.image(named: name) else { return nil }
        self.init(size: image.size, scale: image.scale, storage: image.storage)
    }

    /// The image in the file at `path` (UIKit's `UIImage(contentsOfFile:)`): nil, with the
    /// reason reported, when it cannot be loaded. `ImageLoader.load(path:)` throws instead.
    public convenience init?(contentsOfFile path: String) {
        do {
            let image = try ImageLoader.load(path: path)
            self.init(size: image.size, scale: image.scale, storage: image.storage)
        } catch {
            ImageLoader.report(error, loading: path)
            return nil
        }
    }
}
