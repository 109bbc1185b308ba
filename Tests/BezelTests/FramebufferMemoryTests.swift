import Testing
@testable import Bezel
@testable import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// A display's frame memory is mapped with its pages present (FramebufferMemory.swift, issue 36
/// item 1: 375 page faults fewer while the first frame draws).
@MainActor
@Suite(.fontsRegistered) struct FramebufferMemoryTests {
    /// How many of the pages from `base` for `length` bytes are resident (mincore).
    func residentPages(_ base: UnsafeMutableRawPointer, length: Int) -> (resident: Int, total: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let total = (length + page - 1) / page
        var vector = [UInt8](repeating: 0, count: total)
        guard mincore(base, length, &vector) == 0 else { return (-1, total) }
        return (vector.filter { $0 & 1 != 0 }.count, total)
    }

    @Test func aFramebuffersPagesArePresentBeforeAnythingIsDrawn() throws {
        let memory = try #require(FramebufferMemory(length: 800 * 4 * 480))
        let pages = residentPages(memory.base, length: memory.length)
        #expect(pages.resident == pages.total, "\(pages.resident) of \(pages.total) pages present")
        // An ordinary mapping of the same size has none until written: what the first frame faulted in.
        let lazy = try #require(mmap(nil, memory.length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        defer { munmap(lazy, memory.length) }
        #expect(residentPages(lazy, length: memory.length).resident == 0)
    }

    @Test func aFramebufferIsABlackBufferLikeAnyOther() throws {
        let buffer = try ImageBuffer.framebuffer(width: 37, height: 5)
        #expect(buffer.width == 37 && buffer.height == 5 && buffer.format == .xrgb8888)
        #expect(buffer.stride >= 37 * 4)
        #expect(buffer.pixel(x: 0, y: 0) == 0xFF00_0000 && buffer.pixel(x: 36, y: 4) == 0xFF00_0000)
        let context = try CairoDrawingContext(target: buffer)
        context.fill(Rect(x: 10, y: 1, width: 5, height: 2), color: Color(red: 1, green: 0, blue: 0))
        #expect(buffer.pixel(x: 12, y: 2) == 0xFFFF_0000)
        #expect(buffer.pixel(x: 9, y: 2) == 0xFF00_0000)
        // Out-of-range sizes are refused as ImageBuffer's are.
        #expect(throws: CairoError.self) { try ImageBuffer.framebuffer(width: 0, height: 5) }
        #expect(throws: CairoError.self) { try ImageBuffer.framebuffer(width: ImageBuffer.maximumSide + 1, height: 5) }
    }

    @Test func theHeadlessDisplayDrawsIntoOne() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 32), application: Application(clock: VirtualClock(), tracer: Tracer()))
        let display = try HeadlessDisplay(window: window)
        // Wrapped memory: cairo did not allocate it (its data pointer is the mapping's).
        let pages = display.cache.withPixels { data, stride in residentPages(UnsafeMutableRawPointer(data), length: stride * 32) }
        #expect(pages.resident == pages.total)
    }
}
