/// A row (or item) in a section of a table or collection view (UIKit's `IndexPath` for
/// `UITableView`/`UICollectionView`: `section` and `row`/`item`, ordered section first).
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }

    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// A collection view's name for `row`.
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.row < b.row
    }

    /// "[section, row]", as Foundation prints an index path.
    public var description: String { "[\(section), \(row)]" }
}
