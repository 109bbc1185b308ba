import Testing
@testable import Bezel
@testable import BezelCairo
import BezelAttacks
#if canImport(Glibc)
import Glibc
#endif

/// Issue 37 items 2, 5 and 6: untrusted images are decoded in a confined helper process
/// (`bezel-image-decoder`), so a file that crashes, stalls or floods a decoder refuses that
/// one image and the app goes on. Each of these files stopped the test process, took seconds
/// or took gigabytes before.
@MainActor
@Suite(.serialized)
struct IsolatedImageDecodingTests {
    private func message(loading path: String, size: Size? = nil) -> String {
        do {
            _ = try ImageLoader.load(path: path, size: size)
            return "loaded"
        } catch {
            return error.message
        }
    }

    @Test func theHelperIsFoundBesideTheProgramAndDecodesAsTheAppWould() throws {
        let helper = try #require(IsolatedImageDecoder.helperPath, "swift build builds bezel-image-decoder beside the tests")
        #expect(helper.hasSuffix("/bezel-image-decoder"))
        let images = ResourceTests.demoResources.resourcePath + "/Images"
        for (name, size) in [("latte.jpg", nil), ("cup.svg", Size(width: 48, height: 40)), ("cup.svg", nil)] as [(String, Size?)] {
            let path = images + "/" + name
            let isolated = try ImageLoader.load(path: path, size: size, scale: 2, trusted: false)
            let inProcess = try ImageLoader.load(path: path, size: size, scale: 2, trusted: true)
            #expect(isolated.size == inProcess.size && isolated.scale == inProcess.scale, "\(name)")
            let a = try #require(isolated.storage as? ImageBuffer), b = try #require(inProcess.storage as? ImageBuffer)
            #expect(a.format == b.format)
            #expect(a.countDifferingPixels(from: b, tolerance: 0) == 0, "\(name): the helper's pixels are the app's")
        }
        let png = try #require(AssetLocator.directory(named: "Images")) + "/touch-target.png"
        let a = try #require(try ImageLoader.load(path: png, size: nil, scale: nil, trusted: false).storage as? ImageBuffer)
        let b = try #require(try ImageLoader.load(path: png, size: nil, scale: nil, trusted: true).storage as? ImageBuffer)
        #expect(a.format == .argb8888 && a.countDifferingPixels(from: b, tolerance: 0) == 0)
    }

    /// Item 5: librsvg panics on `font-size="1e30"`, and its panic cannot unwind through C:
    /// the process aborts. It was the app's process.
    @Test func aDecoderThatAbortsRefusesOnlyThatImage() throws {
        let folder = ResourceTests.scratch([
            "abort.svg": Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text x="10" y="50" font-size="1e30">Hi</text></svg>"#.utf8),
        ])
        defer { _ = system("rm -rf \(folder)") }
        let reports = capturingDiagnostics {
            #expect(Image(contentsOfFile: folder + "/abort.svg") == nil)
        }
        #expect(reports.count == 1)
        let report = reports.first?.message ?? ""
        #expect(report.contains("the image decoder stopped on signal 6"), "\(report)")
        #expect(report.contains("panicked at 'assertion failed"), "the decoder's last words are in the report: \(report)")
        // The app goes on loading images.
        #expect(message(loading: ResourceTests.demoResources.resourcePath + "/Images/cup.svg") == "loaded")
    }

    /// Item 6: an image embedded in an SVG (`data:`) is decoded by gdk-pixbuf, past every size
    /// check of Bezel's: a 12000 x 12000 PNG of 18 KB inside a 10 x 10 SVG took 576 MB in
    /// the app (20000 x 20000: 2.7 GB and 8 s). In the helper its allocation fails at the
    /// memory limit and librsvg leaves it out: the picture stays transparent.
    @Test func anEmbeddedImageCannotTakeTheMemoryItClaims() throws {
        let side = 12000
        let png = PNGWriter.blackBitmap(width: side, height: side)
        #expect(png.count < 40_000)
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">"#
            + #"<image width="10" height="10" xlink:href="data:image/png;base64,"# + HostileContent.base64(png) + #""/></svg>"#
        let folder = ResourceTests.scratch(["embedded.svg": Array(svg.utf8)])
        defer { _ = system("rm -rf \(folder)") }
        let image = try ImageLoader.load(path: folder + "/embedded.svg")
        let pixels = try #require(image.storage as? ImageBuffer)
        #expect(pixels.width == 10 && pixels.height == 10)
        #expect(pixels.pixel(x: 5, y: 5) == 0, "the 576 MB image was not drawn (in-process it is, opaque black)")
    }

    /// Item 6: filters, text and element counts are unbounded in librsvg; the helper is stopped
    /// at `decodeTimeLimit` (this one would run for hours).
    @Test func aDecodeThatRunsTooLongIsStoppedAtTheTimeLimit() throws {
        let folder = ResourceTests.scratch([
            "turbulence.svg": Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><filter id="f" x="0" y="0" width="1" height="1"><feTurbulence baseFrequency="0.01" numOctaves="100000"/></filter><rect width="1000" height="1000" filter="url(#f)"/></svg>"#.utf8),
        ])
        defer { _ = system("rm -rf \(folder)") }
        let saved = ImageLoader.decodeTimeLimit
        defer { ImageLoader.decodeTimeLimit = saved }
        ImageLoader.decodeTimeLimit = 0.4
        #expect(message(loading: folder + "/turbulence.svg") == "\(folder)/turbulence.svg: decoding took longer than 0.4 s, stopped (ImageLoader.decodeTimeLimit)")
        ImageLoader.decodeTimeLimit = .nan
        #expect(ImageLoader.decodeTimeLimit == 1.5, "not a finite positive number: the default")
    }

    /// Item 2: a chunk claiming 0x7FFFFFFF bytes made libpng touch 2.1 GB before it refused
    /// the file. The chunks are walked first, in the app and in the helper.
    @Test func aPNGChunkLongerThanTheFileIsRefusedBeforeLibpngSeesIt() throws {
        let header = PNGWriter.signature + PNGWriter.header(width: 1, height: 1, colorType: 6)
        let png = header + [0x7F, 0xFF, 0xFF, 0xFF] + Array("zTXt".utf8) + [UInt8](repeating: 0x41, count: 100)
        #expect(png.count == 141)
        let cut = header
        let folder = ResourceTests.scratch(["chunk.png": png, "no-end.png": cut])
        defer { _ = system("rm -rf \(folder)") }
        let expected = "\(folder)/chunk.png: a PNG chunk at byte 33 claims 2147483647 bytes, more than the file holds; not decoded"
        #expect(message(loading: folder + "/chunk.png") == expected)
        do {
            _ = try ImageLoader.load(path: folder + "/chunk.png", size: nil, scale: nil, trusted: true)
            Issue.record("decoded")
        } catch {
            #expect(error.message == expected, "the app's own images are checked the same way")
        }
        #expect(message(loading: folder + "/no-end.png") == "\(folder)/no-end.png: a PNG cut short (no IEND chunk)")
    }

    /// The helper cannot open a socket, write or create a file, start a program or take more
    /// memory than its limit; it can read (fonts).
    @Test func theHelperIsConfined() throws {
        let helper = try #require(IsolatedImageDecoder.helperPath)
        let output = try #require(popen("'\(helper)' --check-confinement 2>&1", "r"))
        var text = ""
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), output) != nil { text += String(cString: line) }
        #expect(pclose(output) == 0)
        #expect(text == """
            socket: denied (Operation not permitted)
            open for writing: denied (Operation not permitted)
            open for reading: allowed
            spawn: denied (Operation not permitted)
            memory over the limit: denied

            """)
    }

    /// The app does not trust the helper either: what it sends is checked against the app's
    /// own limits, and a helper that hangs is stopped.
    @Test func whatAHelperSendsIsCheckedAndAHangingHelperIsStopped() throws {
        let image = ResourceTests.demoResources.resourcePath + "/Images/latte.jpg"
        let helpers = [
            // 100000 x 100000 pixels.
            "huge": #"printf 'BZI1\000\240\206\001\000\240\206\001\000\001'"#,
            // 2 x 2 pixels, then 4 of their 16 bytes.
            "short": #"printf 'BZI1\000\002\000\000\000\002\000\000\000\001abcd'"#,
            "garbage": "echo hello",
            "silent": "exit 7",
            "hang": "exec sleep 60",
            "refusal": #"printf 'BZI1\001\005\000\000\000nope!'"#,
        ]
        let folder = ResourceTests.scratch(helpers.mapValues { Array("#!/bin/sh\ncat > /dev/null\n\($0)\n".utf8) })
        defer {
            _ = system("rm -rf \(folder)")
            IsolatedImageDecoder.chosenPath = nil
        }
        _ = system("chmod +x \(folder)/*")
        let saved = ImageLoader.decodeTimeLimit
        defer { ImageLoader.decodeTimeLimit = saved }
        ImageLoader.decodeTimeLimit = 0.5
        func result(_ helper: String) -> String {
            IsolatedImageDecoder.chosenPath = folder + "/" + helper
            return message(loading: image)
        }
        #expect(result("huge") == "\(image): the image decoder sent an image of 100000x100000 pixels (format 1), outside the limits; refused")
        #expect(result("short") == "\(image): the image decoder sent 4 of the image's 16 bytes; refused")
        #expect(result("garbage") == "\(image): the image decoder sent something other than an image or a refusal; refused")
        #expect(result("silent") == "\(image): the image decoder exited with status 7 before finishing; refused")
        #expect(result("hang") == "\(image): decoding took longer than 0.5 s, stopped (ImageLoader.decodeTimeLimit)")
        #expect(result("refusal") == "nope!")
    }

    /// Without a helper (not installed) files are decoded in the app's process, said once.
    @Test func withoutAHelperFilesAreDecodedInProcessSaidOnce() throws {
        IsolatedImageDecoder.chosenPath = "/nonexistent/bezel-image-decoder"
        defer { IsolatedImageDecoder.chosenPath = nil }
        let image = ResourceTests.demoResources.resourcePath + "/Images/latte.jpg"
        let reports = capturingDiagnostics {
            #expect(Image(contentsOfFile: image) != nil)
            #expect(Image(contentsOfFile: image) != nil)
        }
        #expect(reports.map(\.message) == ["bezel-image-decoder not found (looked at /nonexistent/bezel-image-decoder): untrusted images are decoded in the app's process, unconfined; install it beside the app or set BEZEL_IMAGE_DECODER"])
        #expect(reports.first?.kind == .platform)
    }
}
