import Testing
@testable import Bezel
@testable import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// Issue 33: `Image(named:)` decodes once and shares the pixels (UIKit's cache), within a
/// budget, per screen scale; it keeps an @2x file's scale; template images are drawn in the
/// tint colour (image views, bar buttons, tabs).
@MainActor
@Suite(.serialized) struct NamedImageTests {
    var bundle: ResourceBundle { ResourceTests.demoResources }

    @Test func aNamedImageIsDecodedOnceAndSharedPerScreenScale() throws {
        ImageLoader.removeCachedNamedImages()
        let previous = ImageLoader.screenScale
        defer { ImageLoader.screenScale = previous }
        ImageLoader.screenScale = 1
        let a = try #require(ImageLoader.image(named: "cup", in: bundle))
        let b = try #require(ImageLoader.image(named: "cup.svg", in: bundle))
        let shared = a.storage === b.storage, distinct = a !== b
        #expect(shared, "the second call reuses the decoded pixels")
        #expect(distinct, "each caller gets its own Image (its label and rendering mode)")
        ImageLoader.screenScale = 2
        let sharp = try #require(ImageLoader.image(named: "cup", in: bundle))
        let redrawn = sharp.storage !== a.storage
        #expect(redrawn && sharp.scale == 2 && sharp.size == a.size, "an SVG is drawn again for a new scale")
        #expect(ImageLoader.namedImages.count == 2)
    }

    @Test func theCacheLetsTheLeastRecentlyUsedGoPastItsBudget() throws {
        ImageLoader.removeCachedNamedImages()
        let limit = ImageLoader.namedImageCacheLimit
        defer { ImageLoader.namedImageCacheLimit = limit }
        let cup = try #require(ImageLoader.image(named: "cup", in: bundle))
        let cupBytes = ImageLoader.namedImages.bytes
        let latte = try #require(ImageLoader.image(named: "latte", in: bundle))
        let latteBytes = ImageLoader.namedImages.bytes - cupBytes
        #expect(cupBytes > 0 && latteBytes > 0)
        // Room for the larger of the two only: the cup, used first, goes when the latte
        // comes back in; the latte stays.
        ImageLoader.removeCachedNamedImages()
        ImageLoader.namedImageCacheLimit = max(cupBytes, latteBytes)
        let cup1 = try #require(ImageLoader.image(named: "cup", in: bundle))
        let latte1 = try #require(ImageLoader.image(named: "latte", in: bundle))
        #expect(ImageLoader.namedImages.bytes <= ImageLoader.namedImageCacheLimit && ImageLoader.namedImages.count == 1)
        let latte2 = try #require(ImageLoader.image(named: "latte", in: bundle))
        let cup2 = try #require(ImageLoader.image(named: "cup", in: bundle))
        let latteKept = latte2.storage === latte1.storage, cupDecodedAgain = cup2.storage !== cup1.storage
        #expect(latteKept)
        #expect(cupDecodedAgain, "evicted: decoded again")
        // 0 turns the cache off.
        ImageLoader.namedImageCacheLimit = 0
        #expect(ImageLoader.namedImages.count == 0)
        let cup3 = try #require(ImageLoader.image(named: "cup", in: bundle))
        let notCached = cup3.storage !== cup.storage
        #expect(notCached && ImageLoader.namedImages.count == 0)
        _ = latte
    }

    @Test func imageNamedKeepsTheScaleOfAnAt2xFile() throws {
        let buffer = try ImageBuffer(width: 40, height: 40, format: .argb8888)
        let folder = ResourceTests.scratch([:])
        defer { unlink(folder + "/dot@2x.png"); rmdir(folder) }
        try buffer.writePNG(to: folder + "/dot@2x.png")
        let previous = ResourceBundle.main
        ResourceBundle.main = ResourceBundle(path: folder)
        defer { ResourceBundle.main = previous }
        let image = try #require(Image(named: "dot@2x"))
        #expect(image.scale == 2 && image.size == Size(width: 20, height: 20))
    }

    /// A 20 x 20 picture: a red square inside a transparent border of 5.
    func redSquare() throws -> Image {
        let buffer = try ImageBuffer(width: 20, height: 20, format: .argb8888)
        for y in 5..<15 { for x in 5..<15 { buffer.setPixelForTesting(x: x, y: y, value: 0xFFFF_0000) } }
        return buffer.image()
    }

    @Test func templateImagesTakeTheTintAndBarsMakeAutomaticOnesTemplates() throws {
        let square = try redSquare()
        let original = square.withRenderingMode(.alwaysOriginal), template = square.withRenderingMode(.alwaysTemplate)
        let samePixels = template.storage === square.storage
        #expect(square.renderingMode == .automatic && template.renderingMode == .alwaysTemplate && samePixels)
        let stage = Stage()
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 60))
        stage.window.backgroundColor = .white
        stage.window.addSubview(root)
        root.tintColor = Color(rgb: 0x0000FF)
        let views = [ImageView(frame: Rect(x: 0, y: 0, width: 20, height: 20), image: square),
                     ImageView(frame: Rect(x: 30, y: 0, width: 20, height: 20), image: template)]
        for view in views { root.addSubview(view) }
        // Bars: a bar-button item's button and a tab draw `.automatic` as templates, keep
        // `.alwaysOriginal`.
        let barButton = Button(frame: Rect(x: 60, y: 0, width: 20, height: 20))
        barButton.image = square
        barButton.drawsAutomaticImagesAsTemplates = true
        barButton.setTitleColor(Color(rgb: 0x00FF00), for: .normal)
        let originalInBar = Button(frame: Rect(x: 90, y: 0, width: 20, height: 20))
        originalInBar.image = original
        originalInBar.drawsAutomaticImagesAsTemplates = true
        for view in [barButton, originalInBar] { root.addSubview(view) }
        let display = try HeadlessDisplay(window: stage.window)
        _ = display.renderFrame()
        let buffer = display.framebuffer
        #expect(buffer.pixel(x: 10, y: 10) == 0xFFFF_0000, "automatic in an image view: its own colours")
        #expect(buffer.pixel(x: 40, y: 10) == 0xFF00_00FF, "a template: the tint")
        #expect(buffer.pixel(x: 31, y: 1) == 0xFFFF_FFFF, "only the shape is filled")
        #expect(buffer.pixel(x: 70, y: 10) == 0xFF00_FF00, "in a bar: the button's title colour")
        #expect(buffer.pixel(x: 100, y: 10) == 0xFFFF_0000, "alwaysOriginal stays itself in a bar")
    }
}

/// Issue 33: a cell's image view takes its image's size (UIKit's), shrunk to the row, and the
/// separator starts at the text unless the app set the inset.
@MainActor
@Suite struct CellImageTests {
    func image(_ side: Int) throws -> Image { try ImageBuffer(width: side, height: side, format: .argb8888).image() }

    @Test func theImageKeepsItsSizeUpToTheRowAndTheSeparatorStartsAtTheText() throws {
        let cell = TableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = Rect(x: 0, y: 0, width: 400, height: 60)
        cell.textLabel.text = "Espresso"
        cell.imageView.image = try image(48)
        cell.layoutIfNeeded()
        #expect(cell.imageView.frame == Rect(x: 16, y: 6, width: 48, height: 48))
        #expect(cell.textLabel.frame.minX == 16 + 48 + 16 && cell.separatorInset.left == 80)
        // Taller than the row less 4 pt each side: shrunk to 52, square kept.
        cell.imageView.image = try image(80)
        cell.setNeedsLayout()
        cell.layoutIfNeeded()
        #expect(cell.imageView.frame == Rect(x: 16, y: 4, width: 52, height: 52) && cell.separatorInset.left == 84)
        #expect(cell.standardFittingHeight == 88, "a self-sizing row grows to the image")
        // An inset the app set is kept; without an image the text and separator start at 16.
        cell.separatorInset.left = 30
        cell.imageView.image = nil
        cell.setNeedsLayout()
        cell.layoutIfNeeded()
        #expect(cell.separatorInset.left == 30 && cell.textLabel.frame.minX == 16)
        let plain = TableViewCell(style: .default, reuseIdentifier: nil)
        plain.frame = Rect(x: 0, y: 0, width: 400, height: 60)
        plain.layoutIfNeeded()
        #expect(plain.separatorInset.left == 16)
    }
}
