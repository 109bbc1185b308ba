import Bezel
import BezelAttacks
import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// `bezel-attacks files`: issue 37 U2. A worker process puts every case through the public
/// loaders (`ContentCaseRunner`) and prints a line per case; this supervisor reads them, so a
/// case that crashes or hangs the worker is counted (and the worker restarted after it)
/// instead of ending the run. Judged: no crash, no case over 2 s of the UI thread, no case
/// over 100 MiB of peak resident memory.
enum FilesCheck {
    static let uiLimitSeconds = 2.0
    static let memoryLimitKiB = 100 * 1024
    /// How long the supervisor waits for one case before it calls it a hang (a case may take
    /// `ImageLoader.decodeTimeLimit` plus drawing; generous for a loaded host).
    static let caseTimeout = 30.0

    struct Options {
        var mutations = 40
        var seed: UInt64 = 0xB37E1
    }

    /// The seed files: Bezel's and the demo's images and fonts, and the progressive JPEG
    /// fixture (for the scan bomb).
    @MainActor static func seeds() -> [(name: String, bytes: [UInt8])] {
        guard let assets = AssetLocator.directory(named: "Images").map({ String($0.dropLast("/Images".count)) }) else {
            fatalError("Bezel's Assets folder was not found (run from the repository or set BEZEL_ASSETS)")
        }
        let root = String(assets.dropLast("/Assets".count))
        let files = ["Assets/Images/touch-target.png", "Assets/Demo/Images/latte.jpg", "Assets/Demo/Images/cup.svg",
                     "Tests/BezelTests/Fixtures/latte-progressive.jpg", "Assets/Fonts/DejaVuSans.ttf",
                     "Assets/Demo/Fonts/BezelDemoSerif.ttf", "Assets/Demo/Fonts/BezelDemoSerif-Bold.otf", "Assets/Demo/Fonts/BezelDemoMono.ttc"]
        return files.compactMap { file in
            guard let handle = fopen(root + "/" + file, "rb") else { return nil }
            defer { fclose(handle) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&chunk, 1, chunk.count, handle)
                bytes += chunk[..<count]
                if count < chunk.count { break }
            }
            return (String(file.split(separator: "/").last!), bytes)
        }
    }

    @MainActor static func cases(_ options: Options) -> [ContentCase] {
        HostileContent.cases(seeds: seeds(), mutationsPerFile: options.mutations, seed: options.seed)
    }

    /// The worker: cases from `start` on, one `START i` and one `CASE i ...` line each.
    @MainActor static func work(_ options: Options, from start: Int) -> Int32 {
        // As on a 1080p panel once the runtime knows it (ImageLoader.limitToPanel).
        ImageLoader.limitToPanel(width: 1920, height: 1080)
        Diagnostics.handler = { _ in }
        let all = cases(options)
        let folder = "/tmp/bezel-attacks-files-\(getpid())"
        defer { rmdir(folder) }
        guard let runner = try? ContentCaseRunner(folder: folder) else { return 1 }
        for index in min(start, all.count)..<all.count {
            emit("START \(index)")
            let outcome = runner.run(all[index])
            let result = outcome.result.replacingNewlines()
            emit("CASE \(index) \(Int((outcome.seconds * 1000).rounded())) \(outcome.peakKiB) \(all[index].name) \(result)")
        }
        emit("DONE \(all.count)")
        return 0
    }

    private static func emit(_ line: String) {
        print(line)
        fflush(nil)   // every stream: stdout is a pipe to the supervisor, fully buffered
    }

    /// The supervisor: runs workers until every case is done; prints the RESULT line.
    @MainActor static func supervise(_ options: Options, verbose: Bool) -> Int32 {
        let total = cases(options).count
        var next = 0
        var crashes: [String] = [], hangs: [String] = [], slow: [String] = [], heavy: [String] = []
        var loaded = 0, refused = 0, maxMilliseconds = 0, maxKiB = 0
        var slowest: (Int, String) = (0, ""), heaviest: (Int, String) = (0, "")
        while next < total {
            let arguments = ["/proc/self/exe", "files-worker", "--mutations", String(options.mutations), "--seed", String(options.seed), "--from", String(next)]
            guard let worker = WorkerProcess(arguments: arguments) else { print("FAIL U2: the worker could not be started"); return 1 }
            var current: Int?
            var finished = false
            while let line = worker.readLine(timeout: caseTimeout) {
                let fields = line.split(separator: " ", maxSplits: 5).map(String.init)
                if fields.first == "START", fields.count == 2 { current = Int(fields[1]) }
                if fields.first == "DONE" { finished = true }
                guard fields.first == "CASE", fields.count >= 5, let index = Int(fields[1]), let milliseconds = Int(fields[2]),
                      let kib = Int(fields[3]) else { continue }
                let result = fields.count > 5 ? fields[5] : ""
                if result.hasPrefix("refused") { refused += 1 } else { loaded += 1 }
                if milliseconds > maxMilliseconds { maxMilliseconds = milliseconds; slowest = (milliseconds, fields[4]) }
                if kib > maxKiB { maxKiB = kib; heaviest = (kib, fields[4]) }
                if Double(milliseconds) / 1000 > uiLimitSeconds { slow.append("\(fields[4]) (\(milliseconds) ms)") }
                if kib > memoryLimitKiB { heavy.append("\(fields[4]) (\(kib / 1024) MiB)") }
                if verbose { print("  \(index) \(fields[4]): \(result.prefix(160)) [\(milliseconds) ms, \(kib / 1024) MiB]") }
                next = index + 1
                current = nil
            }
            let status = worker.finish(kill: !finished)
            if finished { break }
            let index = current ?? next
            let name = index < total ? cases(options)[index].name : "?"
            if worker.timedOut {
                hangs.append("\(name) (no answer in \(Int(caseTimeout)) s)")
            } else {
                crashes.append("\(name) (\(status))")
            }
            next = index + 1
        }
        for crash in crashes { print("FAIL U2 crash: \(crash)") }
        for hang in hangs { print("FAIL U2 hang: \(hang)") }
        for line in slow { print("FAIL U2 over \(uiLimitSeconds) s of the UI thread: \(line)") }
        for line in heavy { print("FAIL U2 over \(memoryLimitKiB / 1024) MiB: \(line)") }
        print("U2 slowest case: \(slowest.1) (\(slowest.0) ms); largest peak: \(heaviest.1) (\(heaviest.0 / 1024) MiB)")
        print("RESULT U2 files=\(total) loaded=\(loaded) refused=\(refused) crashes=\(crashes.count) hangs=\(hangs.count + slow.count) max_ui_ms=\(maxMilliseconds) max_rss_mib=\(maxKiB / 1024) seed=\(options.seed)")
        return crashes.isEmpty && hangs.isEmpty && slow.isEmpty && heavy.isEmpty ? 0 : 1
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
