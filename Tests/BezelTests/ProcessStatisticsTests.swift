#if canImport(Glibc)
import Glibc
#endif
import Testing
import Bezel

/// The resident-set figures the benchmarks report (issue 17 item 3), read from /proc.
@Suite struct ProcessStatisticsTests {
    @Test func memoryWrittenByTheProcessCountsAsItsOwnAndNotAsFiles() throws {
        // 32 MiB written: every page becomes resident, and it is nobody's file. Fresh pages
        // from mmap, not malloc: an allocator may hand back a freed block whose pages are still
        // resident (AddressSanitizer's did in CI's run: +3 MiB), and writing those adds nothing.
        // The whole process is measured, and the tests beside this one allocate and free
        // meanwhile: a few tries, each with pages of its own.
        let size = 32 << 20
        var blocks: [UnsafeMutableRawPointer] = []
        defer { for block in blocks { munmap(block, size) } }
        var growth = 0, fileChange = 0, anonymousAfter = 0, fileAfter = 0, tries = 0
        repeat {
            tries += 1
            let anonymousBefore = try #require(ProcessStatistics.residentAnonymousKiB())
            let fileBefore = try #require(ProcessStatistics.residentFileKiB())
            let block = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
            try #require(block != MAP_FAILED)
            blocks.append(block)
            memset(block, 0x5A, size)
            anonymousAfter = try #require(ProcessStatistics.residentAnonymousKiB())
            fileAfter = try #require(ProcessStatistics.residentFileKiB())
            growth = anonymousAfter - anonymousBefore
            fileChange = fileAfter - fileBefore
        } while (growth < 31 << 10 || abs(fileChange) >= 8 << 10) && tries < 5
        #expect(growth >= 31 << 10, "anonymous memory grew by \(growth) KiB (\(tries) tries)")
        #expect(abs(fileChange) < 8 << 10, "file pages changed by \(fileChange) KiB (\(tries) tries)")
        // A process runs code from files (the test binary, libc), so some of it is file pages;
        // the two parts make up the resident set (the third, shared memory, is small here).
        #expect(fileAfter > 0)
        let total = try #require(ProcessStatistics.residentSetKiB())
        #expect(abs(total - anonymousAfter - fileAfter) < 4 << 10, "\(total) against \(anonymousAfter) + \(fileAfter)")
        #expect(try #require(ProcessStatistics.peakResidentSetKiB()) >= total)
    }
}
