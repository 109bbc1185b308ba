#if canImport(Glibc)
import Glibc
#endif
import Testing
import Bezel

/// The resident-set figures the benchmarks report (issue 17 item 3), read from /proc.
@Suite struct ProcessStatisticsTests {
    @Test func memoryWrittenByTheProcessCountsAsItsOwnAndNotAsFiles() throws {
        let anonymousBefore = try #require(ProcessStatistics.residentAnonymousKiB())
        let fileBefore = try #require(ProcessStatistics.residentFileKiB())
        // 32 MiB written: every page becomes resident, and it is nobody's file.
        let size = 32 << 20
        let block = try #require(malloc(size))
        defer { free(block) }
        memset(block, 0x5A, size)
        let anonymousAfter = try #require(ProcessStatistics.residentAnonymousKiB())
        let fileAfter = try #require(ProcessStatistics.residentFileKiB())
        #expect(anonymousAfter - anonymousBefore >= 31 << 10, "\(anonymousBefore) -> \(anonymousAfter) KiB")
        #expect(abs(fileAfter - fileBefore) < 8 << 10, "\(fileBefore) -> \(fileAfter) KiB")
        // A process runs code from files (the test binary, libc), so some of it is file pages;
        // the two parts make up the resident set (the third, shared memory, is small here).
        #expect(fileAfter > 0)
        let total = try #require(ProcessStatistics.residentSetKiB())
        #expect(abs(total - anonymousAfter - fileAfter) < 4 << 10, "\(total) against \(anonymousAfter) + \(fileAfter)")
        #expect(try #require(ProcessStatistics.peakResidentSetKiB()) >= total)
    }
}
