import Testing
@testable import Bezel
@testable import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// An app's own images and fonts (issue 14 item 6): found in its resource folder, PNG, JPEG
/// and SVG decoded, TrueType, OpenType and collections registered; bad files refused with
/// the file and the reason.
@MainActor
@Suite(.serialized, .fontsRegistered) struct ResourceTests {
    static var demoResources: ResourceBundle { ResourceBundle(path: packageRoot + "/Assets/Demo")! }

    /// A scratch folder with `files` (name -> bytes), removed by the caller.
    static func scratch(_ files: [String: [UInt8]]) -> String {
        let folder = "/tmp/bezel-resources-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(folder, 0o755)
        for (name, bytes) in files {
            let file = fopen(folder + "/" + name, "wb")!
            _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        }
        return folder
    }

    static func bytes(of path: String) throws -> [UInt8] { try readFile(path, limit: 1 << 26) }

    @Test func imagesAreFoundInTheAppsFolderThenInBezelsAndEachFormatDecodes() throws {
        let bundle = Self.demoResources
        #expect(bundle.path(forResource: "latte", ofType: "jpg", inDirectory: "Images") == bundle.resourcePath + "/Images/latte.jpg")
        #expect(bundle.path(forResource: "latte", ofType: ".jpg", inDirectory: "Images") != nil)
        #expect(bundle.path(forResource: "nothing", ofType: "png") == nil)
        #expect(ResourceBundle(path: packageRoot + "/README.md") == nil, "a file is not a resource folder")
        #expect(ResourceBundle(path: "/nonexistent") == nil)

        let jpeg = try #require(ImageLoader.image(named: "latte", in: bundle))
        #expect(jpeg.size == Size(width: 240, height: 160))
        let pixels = try #require(jpeg.storage as? ImageBuffer)
        // The foam heart in the middle is near white, the crema around it brown.
        let heart = try #require(pixels.pixel(x: 120, y: 80)), crema = try #require(pixels.pixel(x: 120, y: 30))
        #expect((heart >> 16) & 0xFF > 220 && heart & 0xFF > 190, "\(String(heart, radix: 16))")
        #expect((crema >> 16) & 0xFF > (crema & 0xFF) + 40, "\(String(crema, radix: 16))")

        let svg = try #require(ImageLoader.image(named: "cup.svg", in: bundle))
        #expect(svg.size == Size(width: 48, height: 48))
        let large = try ImageLoader.load(path: bundle.resourcePath + "/Images/cup.svg", size: Size(width: 96, height: 96))
        #expect(large.size == Size(width: 96, height: 96), "an SVG drawn at the size asked for")
        // Not in the app's folder: Bezel's own assets.
        #expect(ImageLoader.image(named: "touch-target", in: bundle) != nil)
        #expect(ImageLoader.path(ofImageNamed: "touch-target", in: nil) != nil)
        let reports = capturingDiagnostics { #expect(ImageLoader.image(named: "no-such-picture", in: bundle) == nil) }
        #expect(reports.map(\.message) == ["image no-such-picture not found in \(bundle.resourcePath)/Images or Bezel's Assets/Images"])
        // Image(named:) uses ResourceBundle.main.
        let previous = ResourceBundle.main
        ResourceBundle.main = bundle
        defer { ResourceBundle.main = previous }
        #expect(Image(named: "latte")?.size == Size(width: 240, height: 160))
    }

    @Test func corruptAndHostileFilesGiveErrorsNamingTheFileAndTheReason() throws {
        let latte = try Self.bytes(of: Self.demoResources.resourcePath + "/Images/latte.jpg")
        let cup = try Self.bytes(of: Self.demoResources.resourcePath + "/Images/cup.svg")
        // A JPEG header that claims 30000 x 30000 pixels (SOF0 frame size patched).
        var huge = latte
        if let sof = (0..<huge.count - 9).first(where: { huge[$0] == 0xFF && (huge[$0 + 1] == 0xC0 || huge[$0 + 1] == 0xC2) }) {
            huge[sof + 5] = 0x75; huge[sof + 6] = 0x30; huge[sof + 7] = 0x75; huge[sof + 8] = 0x30
        }
        // A PNG whose header claims 16384 x 16384 (the 261 KB decompression bomb's trick).
        var bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                             0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 2, 0, 0, 0]
        bomb += [UInt8](repeating: 0, count: 64)
        let folder = Self.scratch([
            "truncated.jpg": Array(latte.prefix(latte.count / 2)),
            "huge.jpg": huge,
            "text.jpg": Array("hello, not a picture".utf8),
            "broken.svg": Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect".utf8),
            "unsized.svg": Array("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><rect width='10' height='10'/></svg>".utf8),
            "bomb.png": bomb,
            "empty.png": [],
            "cup.svg": cup,
        ])
        defer { _ = system("rm -rf \(folder)") }
        func error(_ name: String, size: Size? = nil) -> String {
            do {
                _ = try ImageLoader.load(path: folder + "/" + name, size: size)
                return "loaded"
            } catch {
                return error.message
            }
        }
        #expect(error("truncated.jpg").hasPrefix("\(folder)/truncated.jpg: corrupt JPEG: "))
        #expect(error("huge.jpg") == "\(folder)/huge.jpg: JPEG of 30000x30000 pixels is over the limit of 16777216 pixels, not decoded")
        #expect(error("text.jpg") == "\(folder)/text.jpg: not a PNG, JPEG or SVG file")
        #expect(error("broken.svg").hasPrefix("\(folder)/broken.svg: not a readable SVG: "))
        #expect(error("unsized.svg") == "\(folder)/unsized.svg: the SVG gives no width and height in absolute units; load it with a size")
        #expect(error("unsized.svg", size: Size(width: 20, height: 20)) == "loaded")
        #expect(error("cup.svg", size: Size(width: 1e6, height: 1e6)).contains("over the limit"))
        #expect(error("bomb.png") == "\(folder)/bomb.png: PNG of 16384x16384 pixels is over the limit of 16777216 pixels, not decoded")
        #expect(error("empty.png") == "\(folder)/empty.png: not a PNG, JPEG or SVG file")
        #expect(error("missing.png") == "\(folder)/missing.png: No such file or directory")
        #expect(error("") == "\(folder)/: a folder, not an image file")
        // Image(contentsOfFile:) reports and answers nil.
        let reports = capturingDiagnostics { #expect(Image(contentsOfFile: folder + "/text.jpg") == nil) }
        #expect(reports.count == 1 && reports[0].message.contains("not a PNG, JPEG or SVG"))
    }

    /// Issue 37 items 1 and 4: sizes from a file or an app that overflow an Int or are not
    /// finite are refused with a clear error; each of these trapped (crashed the kiosk) before.
    @Test func sizesPastIntOrNotFiniteAreRefusedNotTrapped() throws {
        // A 69-byte PNG whose header claims 4294967295 x 4294967295 pixels.
        var claim: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                              0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 2, 0, 0, 0]
        claim += [UInt8](repeating: 0, count: 69 - claim.count)
        func svg(_ width: String, _ height: String) -> [UInt8] {
            Array("<svg xmlns='http://www.w3.org/2000/svg' width='\(width)' height='\(height)'><rect width='5' height='5'/></svg>".utf8)
        }
        let folder = Self.scratch([
            "claim.png": claim,
            "wide.svg": svg("1e10", "10"),
            "huge.svg": svg("9e18", "9e18"),
            "far.svg": svg("1e9mm", "1e9mm"),
            "small.svg": svg("10", "10"),
        ])
        defer { _ = system("rm -rf \(folder)") }
        func error(_ name: String, size: Size? = nil, scale: Double? = nil) -> String {
            do {
                _ = try ImageLoader.load(path: folder + "/" + name, size: size, scale: scale)
                return "loaded"
            } catch {
                return error.message
            }
        }
        let limit = ImageLoader.maximumPixels
        #expect(error("claim.png") == "\(folder)/claim.png: PNG of 4294967295x4294967295 pixels is over the limit of \(limit) pixels, not decoded")
        #expect(error("wide.svg") == "\(folder)/wide.svg: SVG size 10000000000.0x10.0 is over the limit of \(limit) pixels, not drawn")
        #expect(error("huge.svg").hasSuffix("is over the limit of \(limit) pixels, not drawn"))  // librsvg reads 9e18 as a float
        #expect(error("far.svg").hasSuffix("is over the limit of \(limit) pixels, not drawn"))
        #expect(error("small.svg", size: Size(width: 1e10, height: 1e10)) == "\(folder)/small.svg: SVG size 10000000000.0x10000000000.0 is over the limit of \(limit) pixels, not drawn")
        #expect(error("small.svg", size: Size(width: .infinity, height: 10)) == "\(folder)/small.svg: SVG size infx10.0 is empty or not a finite number, not drawn")
        #expect(error("small.svg", size: Size(width: .nan, height: 10)) == "\(folder)/small.svg: SVG size nanx10.0 is empty or not a finite number, not drawn")
        #expect(error("small.svg", size: Size(width: -5, height: 10)) == "\(folder)/small.svg: SVG size -5.0x10.0 is empty or not a finite number, not drawn")
        #expect(error("small.svg", scale: 1e300) == "\(folder)/small.svg: SVG size 1e+301x1e+301 is over the limit of \(limit) pixels, not drawn")
        #expect(error("small.svg") == "loaded")
        // The panel limit from sizes whose product passes Int.max: no limit, no trap.
        let previous = ImageLoader.maximumPixels
        defer { ImageLoader.maximumPixels = previous }
        ImageLoader.limitToPanel(width: Int.max / 2, height: 3)
        #expect(ImageLoader.maximumPixels == Int.max)
        ImageLoader.limitToPanel(width: 1 << 31, height: 1 << 31)
        #expect(ImageLoader.maximumPixels == Int.max)
    }

    /// Issue 37 item 3: a damaged progressive JPEG is refused at its first warning, not decoded
    /// to the end (a scan bomb, whose last scan repeats, kept the UI thread busy for more than
    /// 30 s that way). The fixture is a 240x160 progressive JPEG of 10 scans (cjpeg
    /// -progressive of the demo's latte.jpg), 4,460 bytes; the bomb made from it has three
    /// stray bytes before its second scan and its last scan repeated 1,000 times. Stopped at
    /// the first warning, the error is the stray bytes'; decoded through, it was the last
    /// repetition's.
    @Test func aDamagedProgressiveJPEGIsRefusedAtItsFirstWarning() throws {
        let progressive = try Self.bytes(of: packageRoot + "/Tests/BezelTests/Fixtures/latte-progressive.jpg")
        #expect(Array(progressive.suffix(2)) == [0xFF, 0xD9], "ends with its end-of-image marker")
        let scans = (0..<progressive.count - 1).filter { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xDA }
        try #require(scans.count == 10)
        var bomb = Array(progressive[..<scans[1]]) + [0x12, 0x34, 0x56] + Array(progressive[scans[1]..<(progressive.count - 2)])
        let lastScan = Array(progressive[scans[9]..<(progressive.count - 2)])
        for _ in 0..<1000 { bomb += lastScan }
        bomb += [0xFF, 0xD9]
        let folder = Self.scratch(["progressive.jpg": progressive, "bomb.jpg": bomb])
        defer { _ = system("rm -rf \(folder)") }
        #expect(try ImageLoader.load(path: folder + "/progressive.jpg").size == Size(width: 240, height: 160))
        do {
            _ = try ImageLoader.load(path: folder + "/bomb.jpg")
            Issue.record("a damaged JPEG of 1,010 scans was decoded")
        } catch {
            #expect(error.message == "\(folder)/bomb.jpg: corrupt JPEG: Corrupt JPEG data: 3 extraneous bytes before marker 0xda")
        }
    }

    @Test func theImageLimitFollowsThePanelAndRefusalsAreReportedAsLimits() throws {
        let latte = Self.demoResources.resourcePath + "/Images/latte.jpg"  // 240 x 160
        let previous = ImageLoader.maximumPixels
        defer { ImageLoader.maximumPixels = previous }
        #expect(ImageLoader.defaultMaximumPixels == 4096 * 4096)
        ImageLoader.limitToPanel(width: 800, height: 480)
        #expect(ImageLoader.maximumPixels == 1_536_000)
        // A panel of 120 x 80 takes four times its 9,600 pixels: 38,400, the JPEG's exactly.
        ImageLoader.limitToPanel(width: 120, height: 80)
        #expect(Image(contentsOfFile: latte) != nil)
        ImageLoader.limitToPanel(width: 120, height: 79)
        var image: Image?
        let reports = capturingDiagnostics { image = Image(contentsOfFile: latte) }
        #expect(image == nil)
        #expect(reports.map(\.kind) == [.limit])
        #expect(reports.first?.message == "image \(latte): \(latte): JPEG of 240x160 pixels is over the limit of 37920 pixels, not decoded")
        // Nonsense limits: a panel without pixels changes nothing; below 1 is 1.
        ImageLoader.limitToPanel(width: 0, height: 480)
        #expect(ImageLoader.maximumPixels == 37_920)
        ImageLoader.maximumPixels = -5
        #expect(ImageLoader.maximumPixels == 1)
    }

    @Test func appFontsRegisterFromTheResourceFolderAndTextUsesThem() throws {
        let bundle = Self.demoResources
        let families = FontRegistry.registerFonts(in: bundle)
        #expect(families == ["Bezel Demo Mono", "Bezel Demo Serif"], "the collection's two faces are one family; the OTF and TTF another")
        #expect(FontRegistry.registeredFiles.contains(bundle.resourcePath + "/Fonts/BezelDemoSerif-Bold.otf"))
        // Registered after text was drawn in this process: the new families still render,
        // each unlike the fallback a missing family gets.
        func render(_ family: String, weight: TextStyle.Weight = .regular) throws -> ImageBuffer {
            let buffer = try ImageBuffer(width: 300, height: 40)
            let context = try CairoDrawingContext(target: buffer)
            context.drawText("Flat white 3.20", in: Rect(x: 4, y: 4, width: 292, height: 32), style: TextStyle(family: family, size: 22, weight: weight, color: .white))
            return buffer
        }
        let fallback = try render("No Such Family")
        for (family, weight) in [("Bezel Demo Serif", TextStyle.Weight.regular), ("Bezel Demo Serif", .bold), ("Bezel Demo Mono", .regular)] {
            let drawn = try render(family, weight: weight)
            #expect((drawn.countDifferingPixels(from: fallback, tolerance: 3) ?? 0) > 200, "\(family) \(weight) drew like the fallback")
        }
        #expect((try render("Bezel Demo Serif", weight: .bold).countDifferingPixels(from: try render("Bezel Demo Serif"), tolerance: 3) ?? 0) > 100,
                "the bold face (the .otf) is used for bold")

        let folder = Self.scratch(["garbage.ttf": Array(repeating: 0x41, count: 4096)])
        defer { _ = system("rm -rf \(folder)") }
        #expect(throws: CairoError.self) { try FontRegistry.registerFont(at: folder + "/garbage.ttf") }
        do { try FontRegistry.registerFont(at: folder + "/garbage.ttf") } catch {
            #expect(error.message == "font \(folder)/garbage.ttf: not a font FreeType can read (TrueType, OpenType or a collection)")
        }
        do { try FontRegistry.registerFont(at: folder + "/none.otf") } catch {
            #expect(error.message == "font \(folder)/none.otf: no such file")
        }
    }

    @Test func aJPEGAnSVGAndAppFontsLookLikeTheirGolden() throws {
        let bundle = Self.demoResources
        FontRegistry.registerFonts(in: bundle)
        let photo = ImageView(frame: Rect(x: 10, y: 10, width: 240, height: 160))
        photo.image = ImageLoader.image(named: "latte", in: bundle)
        let icon = ImageView(frame: Rect(x: 270, y: 10, width: 48, height: 48))
        icon.image = ImageLoader.image(named: "cup", in: bundle)
        let big = ImageView(frame: Rect(x: 330, y: 10, width: 96, height: 96))
        big.image = try ImageLoader.load(path: bundle.resourcePath + "/Images/cup.svg", size: Size(width: 96, height: 96))
        let serif = Label(frame: Rect(x: 270, y: 112, width: 200, height: 28), text: "Flat white", style: TextStyle(family: "Bezel Demo Serif", size: 22, color: .white))
        let bold = Label(frame: Rect(x: 270, y: 140, width: 200, height: 28), text: "Espresso", style: TextStyle(family: "Bezel Demo Serif", size: 22, weight: .bold, color: .white))
        let mono = Label(frame: Rect(x: 10, y: 176, width: 460, height: 28), text: "Order #0042  3.20", style: TextStyle(family: "Bezel Demo Mono", size: 20, color: .white))
        let (_, window) = Snapshot.window(Size(width: 480, height: 210), [photo, icon, big, serif, bold, mono])
        try Snapshot.check(window, named: "resources-jpeg-svg-fonts")
    }

    /// A font registered after text was drawn is used by the same drawing context at once
    /// (Pango's font map read the font list when first used; Bezel makes it read it again).
    @Test func aFontRegisteredAfterTextWasDrawnIsUsedAtOnce() throws {
        // A family no other test registers: the demo's mono collection with its name patched
        // (ASCII and UTF-16BE; FreeType does not check the table checksums).
        var font = try Self.bytes(of: Self.demoResources.resourcePath + "/Fonts/BezelDemoMono.ttc")
        let digits = String(getpid() % 10000)
        let family = "Bezel Late " + String(repeating: "0", count: 4 - digits.count) + digits   // 15 characters, as the original
        for (old, new) in [(Array("Bezel Demo Mono".utf8), Array(family.utf8)),
                           (Array("Bezel Demo Mono".utf8).flatMap { [0, $0] }, Array(family.utf8).flatMap { [0, $0] })] {
            var i = 0
            while i + old.count <= font.count {
                if Array(font[i..<i + old.count]) == old { font.replaceSubrange(i..<i + old.count, with: new); i += old.count } else { i += 1 }
            }
        }
        let folder = Self.scratch(["late.ttc": font])
        defer { _ = system("rm -rf \(folder)") }
        let buffer = try ImageBuffer(width: 300, height: 40)
        let context = try CairoDrawingContext(target: buffer)
        let style = TextStyle(family: family, size: 22, color: .white)
        func render() -> ImageBuffer {
            context.fill(Rect(x: 0, y: 0, width: 300, height: 40), color: .black)
            context.drawText("iiii WWWW", in: Rect(x: 4, y: 4, width: 292, height: 32), style: style)
            let copy = try! ImageBuffer(width: 300, height: 40)
            buffer.copy([Rect(x: 0, y: 0, width: 300, height: 40)], to: copy)
            return copy
        }
        let before = render()
        #expect(try FontRegistry.registerFont(at: folder + "/late.ttc") == [family])
        // The same text and style: the layout shaped with the fallback must not be reused.
        let after = render()
        #expect((after.countDifferingPixels(from: before, tolerance: 3) ?? 0) > 100, "the monospaced face was not used after registering it")
    }
}
