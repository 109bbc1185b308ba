import Testing
@testable import Bezel
@testable import BezelCairo
@testable import BezelDemoApp
@testable import BezelRuntime
import BezelScenes
#if canImport(Glibc)
import Glibc
#endif

/// Points and pixels (issue 14 item 7): layout, touches and hit-testing in points, drawing
/// in device pixels at 1, 1.5, 2 or 3 pixels a point, rotation still applied.
@MainActor
@Suite(.serialized, .fontsRegistered) struct ScaleTests {
    /// `image` averaged over `factor` × `factor` blocks (a box filter): what the eye sees of a
    /// 2x rendering at 1x.
    static func downsampled(_ image: ImageBuffer, by factor: Int) throws -> ImageBuffer {
        let result = try ImageBuffer(width: image.width / factor, height: image.height / factor)
        var pixels = [UInt32](repeating: 0, count: result.width * result.height)
        for y in 0..<result.height {
            for x in 0..<result.width {
                var r = 0, g = 0, b = 0
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        let p = image.pixel(x: x * factor + dx, y: y * factor + dy) ?? 0
                        r += Int((p >> 16) & 0xFF); g += Int((p >> 8) & 0xFF); b += Int(p & 0xFF)
                    }
                }
                let n = factor * factor
                pixels[y * result.width + x] = 0xFF00_0000 | UInt32(r / n) << 16 | UInt32(g / n) << 8 | UInt32(b / n)
            }
        }
        result.withPixels { data, stride in
            for y in 0..<result.height {
                for x in 0..<result.width {
                    (UnsafeMutableRawPointer(data) + y * stride + x * 4).storeBytes(of: pixels[y * result.width + x], as: UInt32.self)
                }
            }
        }
        return result
    }

    /// Pixels of `a` and `b` whose largest channel difference is over `tolerance`.
    static func differing(_ a: ImageBuffer, _ b: ImageBuffer, tolerance: Int) -> Int {
        a.countDifferingPixels(from: b, tolerance: tolerance) ?? Int.max
    }

    @Test func theStandardSceneAtScale2IsTheScale1SceneSharper() throws {
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let scene = StandardKioskScene(application: app)
        let display = try HeadlessDisplay(window: scene.window, scale: 2)
        #expect(display.framebuffer.width == 1600 && display.framebuffer.height == 960)
        #expect(scene.window.bounds.size == Size(width: 800, height: 480), "layout stays in points")
        display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "standard-scene@2x")
        // Downsampled, it is the scale-1 golden: the same layout, colours and shapes; only
        // edges and glyphs (hinted for another size) differ a little. Measured: under 1 % of
        // the pixels differ by more than 64 of 255 (2,522: edges of glyphs); any misplaced or
        // mis-sized view would differ by thousands.
        let golden = try ImageBuffer(contentsOfPNG: Snapshot.directory + "/standard-scene.png")
        let small = try Self.downsampled(display.framebuffer, by: 2)
        let far = Self.differing(small, golden, tolerance: 64)
        #expect(far < 800 * 480 / 100, "\(far) pixels differ by more than 64")
        #expect(Self.differing(small, golden, tolerance: 160) < 400, "no pixel should differ by a whole colour step")   // measured: 225
    }

    @Test func theDemoRunsAtScale2OnA1600x960PanelLookingAsAtScale1() throws {
        let clock = VirtualClock()
        let app = Application(clock: clock, tracer: Tracer())
        let demo = DemoApp(application: app, size: Size(width: 800, height: 480), timeOfDay: { 9 * 3600 + 41 * 60 })
        let display = try HeadlessDisplay(window: demo.window, scale: 2)
        display.renderFrame()
        try Snapshot.check(display.framebuffer, named: "demo-home@2x")
        let golden = try ImageBuffer(contentsOfPNG: Snapshot.directory + "/demo-01-home.png")
        let small = try Self.downsampled(display.framebuffer, by: 2)
        let far = Self.differing(small, golden, tolerance: 64)
        #expect(far < 800 * 480 / 100, "\(far) pixels differ by more than 64")   // measured: 2,682
        // Measured: 433 (284 before the seventh tile took the 13-letter "Accessibility": more
        // glyph edges, hinted differently at each size).
        #expect(Self.differing(small, golden, tolerance: 160) < 500)
        // A tap in points reaches the same tile as at scale 1.
        var opened: [String] = []
        demo.log = { opened.append($0) }
        let fingers = TouchScript(app)
        let tile = demo.home.tiles[2]
        fingers.tap(at: tile.convert(Point(x: tile.bounds.midX, y: tile.bounds.midY), to: nil))
        fingers.wait(1)
        #expect(opened.contains("open Settings"))
    }

    /// Every rotation at every scale: the device pixel at the centre of a view, mapped back
    /// to points the way a touch is, hits that view; the damage of a view covers its pixels.
    @Test func touchesAtAnyScaleAndRotationHitTheViewsDrawnThere() throws {
        for rotation in DisplayRotation.allCases {
            for scale in DisplayScale.supported {
                let app = Application(clock: VirtualClock(), tracer: Tracer())
                let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 240), application: app)
                window.backgroundColor = .black
                let target = View(frame: Rect(x: 230, y: 150, width: 60, height: 40))
                target.backgroundColor = .white
                window.addSubview(target)
                window.makeKeyAndVisible()
                let display = try HeadlessDisplay(window: window, rotation: rotation, scale: scale)
                display.renderFrame()
                #expect(window.screenScale == scale && target.contentScaleFactor == scale && target.hairlineWidth == 1 / scale)
                // The white block's pixels, found in the framebuffer.
                var minX = Int.max, minY = Int.max, maxX = 0, maxY = 0
                for y in 0..<display.framebuffer.height {
                    for x in 0..<display.framebuffer.width where display.framebuffer.pixel(x: x, y: y) == 0xFFFF_FFFF {
                        minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
                    }
                }
                let centre = Point(x: Double(minX + maxX + 1) / 2, y: Double(minY + maxY + 1) / 2)
                let point = rotation.fromPanelPixels(centre, logical: window.bounds.size, scale: scale)
                #expect(window.hitTest(point, with: nil) === target, "\(rotation) at \(scale): \(centre) -> \(point)")
                #expect(abs(Double(maxX - minX + 1) * Double(maxY - minY + 1) - 60 * 40 * scale * scale) < 1, "\(rotation) at \(scale): the block's size")
                let pixels = rotation.toPanelPixels(target.frame, logical: window.bounds.size, scale: scale)
                #expect(pixels.minX <= Double(minX) && pixels.maxX >= Double(maxX + 1) && pixels.minY <= Double(minY) && pixels.maxY >= Double(maxY + 1))
            }
        }
        // Scales outside 1, 1.5, 2, 3 are refused with a clear error.
        let app = Application(clock: VirtualClock(), tracer: Tracer())
        let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: app)
        #expect(throws: CairoError.self) { try HeadlessDisplay(window: window, scale: 1.25) }
    }

    @Test func theDefaultScaleComesFromThePanelsSize() {
        // (pixels, millimetres) -> scale
        #expect(DisplayScale.scale(forPixels: (800, 480), millimetres: (154, 86)) == 1, "the 7\" Raspberry Pi panel, 133 ppi")
        #expect(DisplayScale.scale(forPixels: (720, 1280), millimetres: (87, 155)) == 1.5, "Touch Display 2, 210 ppi")
        #expect(DisplayScale.scale(forPixels: (1080, 1920), millimetres: (68, 121)) == 2, "5.5\" phone-class panel, 401 ppi")
        #expect(DisplayScale.scale(forPixels: (1440, 2560), millimetres: (68, 121)) == 3, "5.5\" QHD, 534 ppi")
        #expect(DisplayScale.scale(forPixels: (3840, 2160), millimetres: (531, 299)) == 1, "24\" 4K monitor, 184 ppi")
        #expect(DisplayScale.scale(forPixels: (1920, 1080), millimetres: (0, 0)) == 1, "size unknown")
        #expect(DisplayScale.scale(forPixels: (1920, 1080), millimetres: (16, 9)) == 1, "an aspect ratio, not a size")
        var configuration = RuntimeConfiguration()
        let setting = RuntimeSetting.all.first { $0.key == "scale" }!
        #expect(setting.apply(&configuration, "2") == nil && configuration.scale == 2)
        #expect(setting.apply(&configuration, "auto") == nil && configuration.scale == nil)
        #expect(setting.apply(&configuration, "1.25") == "1, 1.5, 2, 3 or auto")
    }

    @Test func imagesAreChosenAndSizedByScale() throws {
        func png(_ side: Int) throws -> [UInt8] {
            let buffer = try ImageBuffer(width: side, height: side)
            let path = "/tmp/bezel-scale-\(getpid())-\(side).png"
            try buffer.writePNG(to: path)
            defer { unlink(path) }
            return try readFile(path, limit: 1 << 20)
        }
        let folder = ResourceTests.scratch(["icon.png": try png(10), "icon@2x.png": try png(20), "icon@3x.png": try png(30), "only@2x.png": try png(20)])
        defer { _ = system("rm -rf \(folder)") }
        let bundle = try #require(ResourceBundle(path: folder))
        let previous = ImageLoader.screenScale
        defer { ImageLoader.screenScale = previous }
        for (scale, file, pixels) in [(1.0, "icon.png", 10), (2.0, "icon@2x.png", 20), (3.0, "icon@3x.png", 30), (1.5, "icon@2x.png", 20)] {
            ImageLoader.screenScale = scale
            #expect(ImageLoader.path(ofImageNamed: "icon", in: bundle) == folder + "/" + file, "at \(scale)")
            let image = try #require(ImageLoader.image(named: "icon", in: bundle))
            #expect(image.size == Size(width: 10, height: 10) && (image.storage as? ImageBuffer)?.width == pixels, "\(file): 10 points of \(pixels) pixels")
        }
        ImageLoader.screenScale = 1
        #expect(ImageLoader.image(named: "only", in: bundle)?.size == Size(width: 10, height: 10), "an @2x file serves 1x too, at its size in points")
        #expect(ImageLoader.scale(inFileName: "/a/b@3x.jpg") == 3 && ImageLoader.scale(inFileName: "plain.png") == 1 && ImageLoader.scale(inFileName: "odd@99x.png") == 1)
        // An SVG is drawn at the screen's resolution: 48 points of 96 pixels at 2x.
        ImageLoader.screenScale = 2
        let svg = try ImageLoader.load(path: ResourceTests.demoResources.resourcePath + "/Images/cup.svg")
        #expect(svg.size == Size(width: 48, height: 48) && svg.scale == 2 && (svg.storage as? ImageBuffer)?.width == 96)
    }
}
