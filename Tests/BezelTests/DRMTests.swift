import Testing
@testable import Bezel
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// The DRM backend on a real kernel: `Tests/VM/run-drm-test.sh` boots Debian's kernel in QEMU
/// with a virtio GPU (vm-notes.md), runs `bezel-drm-check` there, and takes QMP screendumps of
/// what the GPU scans out. The screens must be the golden images the headless renderer makes.
@MainActor
@Suite(.serialized) struct DRMTests {
    @Test func standardSceneIsScannedOutByARealKernelDRMDevice() throws {
        let checker = try #require(MainLoopTests.checkerPath()?.replacingLastComponent(with: "bezel-drm-check"),
                                   "bezel-drm-check is built beside the tests")
        var root = #filePath
        for _ in 0..<3 { if let slash = root.lastIndex(of: "/") { root = String(root[..<slash]) } }
        let out = root + "/.build/vm"
        let command = "timeout 600 bash \(root)/Tests/VM/run-drm-test.sh \(checker) \(out) 2>&1"
        guard let pipe = popen(command, "r") else {
            Issue.record("could not run \(command)")
            return
        }
        var output = ""
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), pipe) != nil { output += String(cString: line) }
        let status = pclose(pipe)
        try #require(status == 0, "the VM run failed:\n\(output)")
        let standard = try ImageBuffer(contentsOfPNG: out + "/screen-1.png")
        try Snapshot.check(standard, named: "standard-scene")
        let pressed = try ImageBuffer(contentsOfPNG: out + "/screen-2.png")
        try Snapshot.check(pressed, named: "drm-item12-pressed")
        // The press changed button 12 and nothing else.
        let changed = standard.countDifferingPixels(from: pressed, tolerance: 0) ?? 0
        #expect(changed > 1000 && changed <= 120 * 80, "\(changed) pixels changed")
    }
}

extension String {
    func replacingLastComponent(with name: String) -> String {
        guard let slash = lastIndex(of: "/") else { return name }
        return String(self[...slash]) + name
    }
}
