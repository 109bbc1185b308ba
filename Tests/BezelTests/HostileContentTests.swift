import Testing
@testable import Bezel
import BezelAttacks
@testable import BezelCairo
#if canImport(Glibc)
import Glibc
#endif

/// Issue 37 U2, the short run: the bad-file generator is deterministic, and its built image
/// attacks go through the public loaders here with the outcome each one must have (`.ci/run`
/// runs the long run, fonts included, every seed file mutated 40 times, in `bezel-attacks
/// files`). Fonts are left to that run's own process: a damaged font registered here would
/// be fontconfig's for every later test in this one, and change their goldens.
@MainActor
@Suite(.serialized, .fontsRegistered)
struct HostileContentTests {
    static let seeds: [(name: String, bytes: [UInt8])] = [
        ("latte-progressive.jpg", try! readFile(packageRoot + "/Tests/BezelTests/Fixtures/latte-progressive.jpg", limit: 1 << 20)),
        ("cup.svg", try! readFile(packageRoot + "/Assets/Demo/Images/cup.svg", limit: 1 << 20)),
        ("DejaVuSans.ttf", try! readFile(packageRoot + "/Assets/Fonts/DejaVuSans.ttf", limit: 1 << 22)),
    ]

    @Test func theCasesAreTheSameForASeedAndDifferForAnother() {
        let first = HostileContent.cases(seeds: Self.seeds, mutationsPerFile: 3, seed: 7)
        let again = HostileContent.cases(seeds: Self.seeds, mutationsPerFile: 3, seed: 7)
        let other = HostileContent.cases(seeds: Self.seeds, mutationsPerFile: 3, seed: 8)
        #expect(first.map(\.name) == again.map(\.name))
        let mutations = first.indices.filter { first[$0].name.hasPrefix("mutation-") }
        #expect(mutations.count == 9)
        #expect(mutations.allSatisfy { first[$0].make() == again[$0].make() }, "replayable from the seed")
        #expect(mutations.contains { first[$0].make() != other[$0].make() })
    }

    /// Every built attack is loaded or refused, in this process, and the ones that stopped or
    /// flooded the kiosk before end as they must.
    @Test func everyBuiltAttackIsLoadedOrRefusedAsItMust() throws {
        let saved = (ImageLoader.maximumPixels, ImageLoader.decodeTimeLimit)
        defer { (ImageLoader.maximumPixels, ImageLoader.decodeTimeLimit) = saved }
        ImageLoader.limitToPanel(width: 1920, height: 1080)
        // The three cases that run until stopped take this long each. The legal bomb that must
        // load gets a limit no load reaches (two busy loops beside CI took it past 0.5 s).
        func limit(for name: String) -> Double { name.hasPrefix("png-bitmap-") ? 60 : 0.5 }
        let folder = "/tmp/bezel-hostile-\(getpid())"
        defer { _ = system("rm -rf \(folder)") }
        let runner = try ContentCaseRunner(folder: folder)
        var results: [String: String] = [:]
        let cases = HostileContent.cases(seeds: Self.seeds, mutationsPerFile: 1, seed: 1).filter { $0.kind == .image }
        _ = capturingDiagnostics {
            for content in cases {
                ImageLoader.decodeTimeLimit = limit(for: content.name)
                results[content.name] = runner.run(content).result
            }
        }
        #expect(results.count == cases.count)
        #expect(results.values.allSatisfy { $0.hasPrefix("loaded ") || $0.hasPrefix("refused: ") })
        func result(_ name: String) -> String { results[name].map { $0.replacing(folder + "/", with: "") } ?? "not run" }
        #expect(result("png-header-4294967295x4294967295.png") == "refused: png-header-4294967295x4294967295.png: PNG of 4294967295x4294967295 pixels is over the limit of 8294400 pixels, not decoded")
        #expect(result("png-chunk-length-7fffffff.png") == "refused: png-chunk-length-7fffffff.png: a PNG chunk at byte 33 claims 2147483647 bytes, more than the file holds; not decoded")
        #expect(result("png-bitmap-4000x2000.png") == "loaded 4000x2000", "a legal bomb within the panel's limit is shown")
        #expect(result("jpeg-scan-bomb.jpg").hasPrefix("refused: jpeg-scan-bomb.jpg: "))
        #expect(result("svg-size-9e18.svg").contains("over the limit"))
        #expect(result("svg-size-NaN.svg").hasPrefix("refused: "))
        #expect(result("svg-font-size-1e30.svg").contains("the image decoder stopped on signal 6"))
        for stopped in ["svg-turbulence.svg", "svg-use-fan-out.svg"] {
            #expect(result(stopped) == "refused: \(stopped): decoding took longer than 0.5 s, stopped (ImageLoader.decodeTimeLimit)")
        }
        // Drawn without its 1.6 GB picture (the helper's allocation fails), or stopped while
        // gdk-pixbuf inflates it on a busy machine; in-process it took the 1.6 GB.
        let embedded = result("svg-embedded-png-bomb.svg")
        #expect(embedded == "loaded 10x10" || embedded.hasSuffix("decoding took longer than 0.5 s, stopped (ImageLoader.decodeTimeLimit)"), "\(embedded)")
        #expect(result("svg-billion-laughs.svg").hasPrefix("refused: "))
    }
}
