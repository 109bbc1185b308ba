import Bezel
import BezelCairo
import Testing

/// `ImageBuffer.countDifferingPixels`, which every golden check and the plane scenarios'
/// writeback comparisons use: equal rows are skipped with memcmp, the others counted a pixel at
/// a time, R, G and B each against the tolerance and the alpha byte ignored.
@Suite struct ImageComparisonTests {
    /// Pixel memory a test writes directly (6x3, XRGB8888, a row of 24 bytes).
    final class Pixels {
        static let width = 6, height = 3
        let memory = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16)
        init(filledWith pixel: UInt32) {
            for i in 0..<Self.width * Self.height { self[i] = pixel }
        }
        deinit { memory.deallocate() }
        subscript(index: Int) -> UInt32 {
            get { memory.load(fromByteOffset: index * 4, as: UInt32.self) }
            set { memory.storeBytes(of: newValue, toByteOffset: index * 4, as: UInt32.self) }
        }
        func image() throws -> ImageBuffer {
            try ImageBuffer(wrapping: memory, width: Self.width, height: Self.height, stride: Self.width * 4, owner: self)
        }
    }

    @Test func colourChannelsCountBeyondTheToleranceAndAlphaNever() throws {
        let a = Pixels(filledWith: 0x0033_6699), b = Pixels(filledWith: 0x0033_6699)
        b[1] = 0xFF33_6699    // (1, 0): alpha only
        b[2] = 0x0033_669B    // (2, 0): blue +2
        b[7] = 0x0033_669C    // (1, 1): blue +3
        b[8] = 0x0030_6699    // (2, 1): red -3
        b[16] = 0x0033_9699   // (4, 2): green +48
        let imageA = try a.image(), imageB = try b.image()
        #expect(imageA.countDifferingPixels(from: imageB, tolerance: 2) == 3)
        #expect(imageA.countDifferingPixels(from: imageB, tolerance: 0) == 4)
        #expect(imageA.countDifferingPixels(from: imageB, tolerance: 3) == 1)
        #expect(imageA.countDifferingPixels(from: imageB, tolerance: 48) == 0)
        // Columns 2-5 of rows 1-2: (2, 1) and (4, 2).
        #expect(imageA.countDifferingPixels(from: imageB, tolerance: 2, in: Rect(x: 2, y: 1, width: 4, height: 2)) == 2)
        // A region of equal rows only, and one off the buffer.
        #expect(imageA.countDifferingPixels(from: imageB, tolerance: 0, in: Rect(x: 0, y: 0, width: 1, height: 3)) == 0)
        #expect(imageA.countDifferingPixels(from: imageB, tolerance: 0, in: Rect(x: 10, y: 10, width: 5, height: 5)) == 0)
        #expect(imageB.countDifferingPixels(from: imageB, tolerance: 0) == 0)
    }

    @Test func aDifferenceAtARowsLastPixelIsCounted() throws {
        let a = Pixels(filledWith: 0), b = Pixels(filledWith: 0)
        b[Pixels.width * 2 - 1] = 0x0000_0010   // (5, 1): the last pixel of a row
        #expect(try a.image().countDifferingPixels(from: try b.image(), tolerance: 0) == 1)
        #expect(try a.image().countDifferingPixels(from: try b.image(), tolerance: 0, in: Rect(x: 0, y: 0, width: 5, height: 3)) == 0)
    }

    @Test func differentSizesAreNil() throws {
        let small = try ImageBuffer(width: 4, height: 4), large = try ImageBuffer(width: 4, height: 5)
        #expect(small.countDifferingPixels(from: large, tolerance: 0) == nil)
    }
}
