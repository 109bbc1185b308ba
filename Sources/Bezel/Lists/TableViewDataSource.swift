/// UIKit's `UITableViewDataSource`: what a `TableView` shows. Only the row count and the
/// cell are required.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// Default 1.
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for a row: get it from `dequeueReusableCell(withIdentifier:for:)` and fill it.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// A section header's title, shown in the standard header view (default none).
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
    /// Whether the row can be edited (swiped to delete); default true when the data source
    /// answers `commit` for deletions, as UIKit does for data sources implementing it.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// The user deleted the row (swipe to delete's button or a full swipe): update the model
    /// and call `deleteRows(at:with:)`. The default does nothing, and then no row offers a
    /// delete button unless the delegate gives swipe actions.
    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// Whether the data source deletes rows through `commit` (the default's answer: false;
    /// say true where `commit` is implemented: Swift cannot ask whether a method was).
    var supportsSwipeToDelete: Bool { get }
    /// The titles of the section index at the trailing edge ("A"..."Z"; default nil: none).
    func sectionIndexTitles(for tableView: TableView) -> [String]?
    /// The section a touched index title goes to (default: the title's position).
    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { supportsSwipeToDelete }
    public func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    public var supportsSwipeToDelete: Bool { false }
    public func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
    public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}

/// UIKit's `UITableViewDelegate`: sizes, display, highlight, selection and swipe actions.
/// It is also the table's `ScrollViewDelegate`. Every method is optional.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
    /// A row's height; the default is the table's `rowHeight`. With `estimatedRowHeight`
    /// above 0 (the default uses `rowHeight`) it is asked only as rows are about to show;
    /// with 0, for every row at each reload (UIKit's rule before estimates).
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
    /// The default: `sectionHeaderHeight`, or the standard height when that is automatic.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
    /// A header view of your own (default: the standard header with the data source's title).
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The row about to be selected by a tap: return it, another row, or nil for none.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
    /// The buttons a swipe toward the leading edge shows at the row's trailing edge (leftward,
    /// at the right; mirrored in right to left). nil: the standard Delete when the data
    /// source supports it; an empty configuration: none.
    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
    /// The buttons a swipe toward the trailing edge shows at the row's leading edge (nil, the
    /// default: none).
    func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration?
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { tableView.rowHeight }
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { tableView.standardHeaderHeight(section) }
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double { tableView.standardFooterHeight(section) }
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? { nil }
}
