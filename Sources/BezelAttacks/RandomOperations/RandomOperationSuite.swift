import Bezel

/// A random-operation suite (issue 37 U1): random calls through Bezel's public API, as an
/// app and its users make them, with the suite's invariants checked after every step. Seeded
/// and replayable: the same seed makes the same calls.
@MainActor
public protocol RandomOperationSuite: AnyObject {
    /// The name `bezel-attacks random --suite` and the RESULT line use.
    static var name: String { get }
    init(seed: UInt64)
    /// Makes one random operation; returns what it did (the replay log keeps the last ones).
    func step() -> String
    /// What is wrong now: empty while every invariant holds.
    func violations() -> [String]
    /// Lets everything under way end (virtual time passes) and returns what is wrong then:
    /// the invariants that hold only at rest (every completion called exactly once...).
    func finish() -> [String]
}

/// Runs a suite for a number of steps, stopping at the first step that breaks an invariant.
@MainActor
public enum RandomOperationRunner {
    public struct Report: Sendable {
        public let suite: String
        public let seed: UInt64
        /// Steps made (fewer than asked when one broke an invariant).
        public let steps: Int
        public let violations: [String]
        /// The operations before the first violation, oldest first.
        public let recentOperations: [String]

        /// `RESULT U1 suite=... steps=... violations=... seed=...`.
        public var resultLine: String {
            "RESULT U1 suite=\(suite) steps=\(steps) violations=\(violations.count) seed=\(seed)"
        }

        /// The violations and the operations that led to them, with the seed to replay them.
        public var failureDescription: String {
            (["U1 \(suite): \(violations.count) violation(s) after step \(steps) (replay: --suite \(suite) --seed \(seed) --steps \(steps))"]
                + violations.map { "  violation: \($0)" } + recentOperations.map { "  operation: \($0)" }).joined(separator: "\n")
        }
    }

    /// How many operations a failure report shows.
    static let kept = 25

    public static func run<Suite: RandomOperationSuite>(_ suite: Suite.Type, seed: UInt64, steps: Int) -> Report {
        let instance = Suite(seed: seed)
        var recent: [String] = []
        // Reports are part of the API's answers here (misuse is among the operations); the
        // suites read them through their own handlers where they matter.
        let previous = Diagnostics.handler
        Diagnostics.handler = { _ in }
        defer { Diagnostics.handler = previous }
        // BEZEL_U1_TRACE=<text>: print every operation containing it as it is made (empty:
        // all of them), to follow one animator or row through a replay.
        let trace = Environment.value("BEZEL_U1_TRACE")
        for index in 0..<steps {
            let operation = instance.step()
            if let trace, trace.isEmpty || operation.contains(trace) { print("\(index): \(operation)") }
            recent.append("\(index): \(operation)")
            if recent.count > kept { recent.removeFirst() }
            let problems = instance.violations()
            if !problems.isEmpty {
                return Report(suite: Suite.name, seed: seed, steps: index + 1, violations: problems, recentOperations: recent)
            }
        }
        let problems = instance.finish()
        return Report(suite: Suite.name, seed: seed, steps: steps, violations: problems, recentOperations: problems.isEmpty ? [] : recent)
    }
}

/// What the suites share: the reports a call makes, and the touch invariant every suite checks.
@MainActor
enum SuiteChecks {
    /// The messages Diagnostics reported while `body` ran (the runner's handler is back after).
    static func reports(during body: () -> Void) -> [String] {
        var made: [String] = []
        let previous = Diagnostics.handler
        Diagnostics.handler = { made.append($0.message) }
        body()
        Diagnostics.handler = previous
        return made
    }

    /// A violation when a finger or a touch outlived its lift.
    static func liveTouches(_ application: Application, _ window: Window) -> String? {
        guard application.liveTouchCount != 0 || window.liveTouchCount != 0 else { return nil }
        return "\(application.liveTouchCount) fingers, \(window.liveTouchCount) touches live after every lift"
    }
}
