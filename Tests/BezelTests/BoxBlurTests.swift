import Testing
@testable import BezelCairo

/// The shadow masks' box blur (CairoShadowMask.swift) against the plain column-by-column
/// pass it replaced (issue 36 item 1): the same bytes for every size and radius, a stride
/// wider than the row, and radii as large as the mask or larger.
@MainActor
@Suite struct BoxBlurTests {
    /// The blur as it was written before: one array, a pass per row and per column.
    static func reference(_ pixels: inout [UInt8], width: Int, height: Int, stride: Int, radius: Int) {
        var line = [UInt32](repeating: 0, count: max(width, height))
        let window = UInt32(2 * radius + 1)
        func pass(count: Int, at index: (Int) -> Int) {
            for i in 0..<count { line[i] = UInt32(pixels[index(i)]) }
            var sum: UInt32 = 0
            for i in 0..<min(radius, count) { sum += line[i] }
            for i in 0..<count {
                if i + radius < count { sum += line[i + radius] }
                pixels[index(i)] = UInt8((sum + window / 2) / window)
                if i - radius >= 0 { sum -= line[i - radius] }
            }
        }
        for _ in 0..<3 {
            for y in 0..<height { pass(count: width) { y * stride + $0 } }
            for x in 0..<width { pass(count: height) { $0 * stride + x } }
        }
    }

    /// Coverage like a shape's: solid inside an ellipse, a ramp at its edge, noise from a
    /// fixed generator elsewhere (so every sum differs).
    static func image(width: Int, height: Int, stride: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<stride {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let dx = (Double(x) - Double(width) / 2) / Double(max(width, 1)), dy = (Double(y) - Double(height) / 2) / Double(max(height, 1))
                let inside = dx * dx + dy * dy < 0.12
                pixels[y * stride + x] = inside ? 255 : UInt8(truncatingIfNeeded: state >> 59)
            }
        }
        return pixels
    }

    @Test(arguments: [(1, 1, 1), (3, 2, 1), (7, 5, 2), (40, 40, 3), (64, 17, 4), (5, 60, 9), (16, 16, 30)])
    func blursAsTheColumnByColumnPassDid(width: Int, height: Int, radius: Int) {
        for stride in [width, width + 3] {
            var expected = Self.image(width: width, height: height, stride: stride, seed: UInt64(width * 31 + height))
            var blurred = expected
            Self.reference(&expected, width: width, height: height, stride: stride, radius: radius)
            blurred.withUnsafeMutableBufferPointer {
                CairoDrawingContext.boxBlur($0.baseAddress!, width: width, height: height, stride: stride, radius: radius)
            }
            #expect(blurred == expected, "width \(width), height \(height), stride \(stride), radius \(radius)")
            // The bytes past each row's width are the stride's padding: left alone.
            if stride > width {
                let original = Self.image(width: width, height: height, stride: stride, seed: UInt64(width * 31 + height))
                for y in 0..<height {
                    #expect(blurred[(y * stride + width)..<(y * stride + stride)] == original[(y * stride + width)..<(y * stride + stride)])
                }
            }
        }
    }

    @Test func aBlurSpreadsASinglePixelSymmetrically() {
        var pixels = [UInt8](repeating: 0, count: 15 * 15)
        pixels[7 * 15 + 7] = 255
        pixels.withUnsafeMutableBufferPointer {
            CairoDrawingContext.boxBlur($0.baseAddress!, width: 15, height: 15, stride: 15, radius: 1)
        }
        for y in 0..<15 {
            for x in 0..<15 {
                #expect(pixels[y * 15 + x] == pixels[x * 15 + y])
                #expect(pixels[y * 15 + x] == pixels[y * 15 + (14 - x)])
            }
        }
        #expect(pixels[7 * 15 + 7] > pixels[7 * 15 + 8])
        #expect(pixels[0] == 0)
    }
}
