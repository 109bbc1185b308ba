import Testing
@testable import Bezel
import BezelCairo
@testable import BezelDRM
import BezelRuntime
#if canImport(Glibc)
import Glibc
#endif

/// What runs without a GPU: parsing BEZEL_MODE and the other DRM settings, and the RGB565
/// conversion of 16-bit panels.
@MainActor
@Suite(.serialized) struct DRMSelectionTests {
    @Test func modeRequestsParseOrAreRefused() {
        #expect(DRMModeRequest(parsing: "800x480") == DRMModeRequest(width: 800, height: 480))
        #expect(DRMModeRequest(parsing: "1920x1080@60") == DRMModeRequest(width: 1920, height: 1080, refreshHz: 60))
        for bad in ["", "800", "800x", "x480", "800x480@", "800x480@0", "0x480", "-800x480", "800x480x2", "800x480@60@60", "99999x480", "big"] {
            #expect(DRMModeRequest(parsing: bad) == nil, "\(bad) was accepted")
        }
    }

    @Test func rgb565PanelsGetEachChannelTruncated() throws {
        let frame = try ImageBuffer(width: 4, height: 2)
        let context = try CairoDrawingContext(target: frame)
        context.fill(Rect(x: 0, y: 0, width: 1, height: 2), color: Color(rgb: 0xFF0000))
        context.fill(Rect(x: 1, y: 0, width: 1, height: 2), color: Color(rgb: 0x00FF00))
        context.fill(Rect(x: 2, y: 0, width: 1, height: 2), color: Color(rgb: 0x0000FF))
        context.fill(Rect(x: 3, y: 0, width: 1, height: 2), color: Color(rgb: 0x847C0C))
        // Stride wider than the row (as drivers align pitches); only the damaged row is written.
        var memory = [UInt16](repeating: 0xAAAA, count: 8 * 2)
        memory.withUnsafeMutableBytes { raw in
            frame.copyAsRGB565([Rect(x: 0, y: 1, width: 4, height: 1)], to: raw.baseAddress!, stride: 16, width: 4, height: 2)
        }
        #expect(Array(memory[0..<8]) == [UInt16](repeating: 0xAAAA, count: 8), "an undamaged row was written")
        // 0x84 -> 10000 (0x10), 0x7C -> 011111 (0x1F), 0x0C -> 00001 (0x01).
        #expect(Array(memory[8..<12]) == [0xF800, 0x07E0, 0x001F, 0x10 << 11 | 0x1F << 5 | 0x01])
        #expect(Array(memory[12..<16]) == [0xAAAA, 0xAAAA, 0xAAAA, 0xAAAA], "written past the row's width")
    }

    @Test func aPlaneChoosesXRGBFirstThenRGB565() {
        let xrgb = ScanoutPixelFormat.xrgb8888.fourcc, rgb565 = ScanoutPixelFormat.rgb565.fourcc
        #expect(ScanoutPixelFormat.choose(from: [rgb565, xrgb]) == .xrgb8888)
        #expect(ScanoutPixelFormat.choose(from: [rgb565]) == .rgb565)
        #expect(ScanoutPixelFormat.choose(from: [0x3231_5659]) == nil)   // YV12 only: nothing Bezel can draw
        #expect(ScanoutPixelFormat.choose(from: []) == .xrgb8888)         // no plane list (legacy drivers): assume XRGB8888
    }
}

/// In the configuration suite: tests that set environment variables must not run at once.
extension RuntimeConfigurationTests {
    @Test func settingsForTheDisplayComeFromTheEnvironment() throws {
        let names = ["BEZEL_MODE", "BEZEL_OUTPUT", "BEZEL_DRM_API", "BEZEL_PIXEL_FORMAT", "BEZEL_DRM_DEVICE"]
        defer { names.forEach { unsetenv($0) } }
        setenv("BEZEL_MODE", "1024x768@60", 1)
        setenv("BEZEL_OUTPUT", "HDMI-A-1", 1)
        setenv("BEZEL_DRM_API", "legacy", 1)
        setenv("BEZEL_PIXEL_FORMAT", "rgb565", 1)
        setenv("BEZEL_DRM_DEVICE", "/dev/dri/card1", 1)
        let configuration = try RuntimeConfiguration.fromEnvironment()
        #expect(configuration.drm.mode == DRMModeRequest(width: 1024, height: 768, refreshHz: 60))
        #expect(configuration.drm.outputName == "HDMI-A-1" && configuration.drm.api == .legacy)
        #expect(configuration.drm.pixelFormat == .rgb565 && configuration.drm.devicePath == "/dev/dri/card1")
        #expect(!configuration.listOutputs)
        setenv("BEZEL_MODE", "list", 1)
        #expect(try RuntimeConfiguration.fromEnvironment().listOutputs)
        for (name, bad, expected) in [("BEZEL_MODE", "1024*768", "expected <width>x<height>"), ("BEZEL_DRM_API", "vulkan", "expected auto, atomic or legacy"),
                                      ("BEZEL_PIXEL_FORMAT", "yuv", "expected xrgb8888 or rgb565")] {
            setenv(name, bad, 1)
            do {
                _ = try RuntimeConfiguration.fromEnvironment()
                Issue.record("\(name)=\(bad) was accepted")
            } catch {
                #expect(error.description.contains(expected), "\(error)")
            }
            unsetenv(name)
        }
    }
}
