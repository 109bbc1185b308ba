import Bezel

/// UIKit's `UIImage(named:)` cache: a named image is decoded once and shared by every later
/// call (a table's cells ask for their icon on every reuse; each call decoded the file again).
/// Keyed by the file found and the screen scale it was drawn for (an SVG is drawn at it).
/// Bounded: when the decoded pixels pass `ImageLoader.namedImageCacheLimit` bytes the images
/// used least recently are let go (images still shown stay alive in their views; only the
/// cache's hold goes), as UIKit's cache gives way under memory pressure.
@MainActor
struct NamedImageCache {
    private struct Entry {
        let image: Image
        let bytes: Int
    }
    private var entries: [String: Entry] = [:]
    /// Keys, least recently used first.
    private var order: [String] = []
    private(set) var bytes = 0

    static func key(path: String, scale: Double) -> String { "\(path)@\(scale)" }

    mutating func image(for key: String) -> Image? {
        guard let entry = entries[key] else { return nil }
        if let index = order.firstIndex(of: key), index != order.count - 1 {
            order.remove(at: index)
            order.append(key)
        }
        return entry.image
    }

    mutating func insert(_ image: Image, for key: String, limit: Int) {
        let size = (image.storage as? ImageBuffer).map { $0.width * $0.height * 4 } ?? 0
        // An image larger than the whole budget is not kept (it would evict everything).
        guard size <= limit else { return }
        if let old = entries.removeValue(forKey: key) {
            bytes -= old.bytes
            order.removeAll { $0 == key }
        }
        entries[key] = Entry(image: image, bytes: size)
        order.append(key)
        bytes += size
        while bytes > limit, let oldest = order.first {
            order.removeFirst()
            if let entry = entries.removeValue(forKey: oldest) { bytes -= entry.bytes }
        }
    }

    mutating func removeAll() {
        entries = [:]
        order = []
        bytes = 0
    }

    var count: Int { entries.count }
}
