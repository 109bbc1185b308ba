import Bezel
import BezelAttacks

/// `bezel-attacks random`: issue 37 U1, each suite run for its steps.
@MainActor
enum RandomSuites {
    static let all: [any RandomOperationSuite.Type] = [AnimationSuite.self, PresentationSuite.self, ListSuite.self, CollectionSuite.self, ReusedCellObservationSuite.self, TextSuite.self, ConfigurationSuite.self]

    static func run(suite name: String?, steps: Int, seed: UInt64) -> Int32 {
        let chosen = all.filter { name == nil || $0.name == name }
        guard !chosen.isEmpty, steps > 0 else {
            print("no suite called \(name ?? "") (there are: \(all.map { $0.name }.joined(separator: ", "))), or no steps")
            return 2
        }
        var failed = false
        for suite in chosen {
            let start = MonotonicClock().now
            let report = RandomOperationRunner.run(suite, seed: seed, steps: steps)
            if !report.violations.isEmpty {
                print(report.failureDescription)
                failed = true
            }
            print(report.resultLine + " seconds=\(Int((MonotonicClock().now - start).rounded()))")
        }
        return failed ? 1 : 0
    }
}
