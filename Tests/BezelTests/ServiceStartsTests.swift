#if canImport(Glibc)
import Glibc
#endif
import Testing
import BezelLinux

/// The app's own count of its restarts in a systemd unit's runtime directory (issue 34's
/// health "restarts"; the guest's service scenario checks it against systemd's NRestarts).
@Suite struct ServiceStartsTests {
    func makeFolder() -> String {
        var template = Array("/tmp/bezel-starts-XXXXXX".utf8CString)
        return String(cString: mkdtemp(&template)!)
    }

    func contents(_ folder: String) -> String? {
        TextFile.contents(of: folder + "/" + ServiceStarts.fileName)
    }

    @Test func eachStartCountsOneMoreRestartThanTheLast() {
        let folder = makeFolder()
        #expect(ServiceStarts.countThisStart(runtimeDirectory: folder) == 0)
        #expect(contents(folder) == "1\n")
        #expect(ServiceStarts.countThisStart(runtimeDirectory: folder) == 1)
        #expect(ServiceStarts.countThisStart(runtimeDirectory: folder) == 2)
        #expect(contents(folder) == "3\n")
        // No temporary file is left beside the count.
        #expect(access(folder + "/" + ServiceStarts.fileName + ".new", F_OK) != 0)
    }

    @Test func theFirstOfSeveralRuntimeDirectoriesHoldsTheCount() {
        let first = makeFolder(), second = makeFolder()
        #expect(ServiceStarts.countThisStart(runtimeDirectory: first + ":" + second) == 0)
        #expect(ServiceStarts.countThisStart(runtimeDirectory: first + ":" + second) == 1)
        #expect(contents(second) == nil)
    }

    @Test func noRuntimeDirectoryMeansNoCount() {
        #expect(ServiceStarts.countThisStart(runtimeDirectory: nil) == nil)
        #expect(ServiceStarts.countThisStart(runtimeDirectory: "") == nil)
        // A relative path is not systemd's: not written into the working directory.
        #expect(ServiceStarts.countThisStart(runtimeDirectory: "relative/folder") == nil)
        // A folder that is not there (or not writable) gives no count rather than a wrong one.
        #expect(ServiceStarts.countThisStart(runtimeDirectory: makeFolder() + "/missing") == nil)
    }

    @Test(arguments: ["", "many\n", "-4\n", "99999999999999999999999\n", "\u{FEFF}3\n"])
    func aCountThatCannotBeReadStartsAgainFromNoRestarts(damaged: String) throws {
        let folder = makeFolder()
        let path = folder + "/" + ServiceStarts.fileName
        let file = try #require(fopen(path, "w"))
        fputs(damaged, file)
        fclose(file)
        #expect(ServiceStarts.countThisStart(runtimeDirectory: folder) == 0)
        #expect(contents(folder) == "1\n")
    }

    @Test func aCountWrittenByHandWithSpacesIsRead() throws {
        let folder = makeFolder()
        let file = try #require(fopen(folder + "/" + ServiceStarts.fileName, "w"))
        fputs(" 7 \r\n", file)
        fclose(file)
        #expect(ServiceStarts.countThisStart(runtimeDirectory: folder) == 7)
    }
}
