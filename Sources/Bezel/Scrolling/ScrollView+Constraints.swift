extension ScrollView {
    /// UIKit's `contentLayoutGuide`: the scrollable content's rectangle. Constrain the
    /// content to its edges and its size becomes `contentSize` (the content's constraints
    /// must fix its width and height).
    public var contentLayoutGuide: LayoutGuide { systemGuide(.scrollContent, identifier: "contentLayoutGuide") }

    /// UIKit's `frameLayoutGuide`: the scroll view's own size, for content as wide (or as
    /// high) as the scroll view. Bezel places it at the content's origin, so only its width
    /// and height are meant to be used (UIKit's moves with the scroll view's frame).
    public var frameLayoutGuide: LayoutGuide { systemGuide(.scrollFrame, identifier: "frameLayoutGuide") }
}
