import Testing
import Bezel
import BezelAttacks

/// Issue 37 U1, the short runs: each random-operation suite for a few thousand steps from
/// fixed seeds (`.ci/run` runs 100,000 steps of each in `bezel-attacks random`). A failure
/// prints the violations, the operations before them and the seed that replays them.
@MainActor
@Suite(.serialized)
struct RandomOperationTests {
    private func run<Suite: RandomOperationSuite>(_ suite: Suite.Type, steps: Int, seeds: [UInt64] = [1, 2]) {
        for seed in seeds {
            let report = RandomOperationRunner.run(suite, seed: seed, steps: steps)
            #expect(report.violations.isEmpty, "\(report.failureDescription)")
            #expect(report.steps == steps)
        }
    }

    @Test func animationsAndAnimators() { run(AnimationSuite.self, steps: 3000) }
    @Test func presentationsNavigationAndRootReplacement() { run(PresentationSuite.self, steps: 3000) }
    @Test func tablesWithValidAndInvalidUpdatesScrollingSelectionSwipesAndRefresh() { run(ListSuite.self, steps: 1500) }
    @Test func collectionsWithValidAndInvalidUpdatesScrollingAndSelection() { run(CollectionSuite.self, steps: 1500) }
    @Test func observationInReusedCells() { run(ReusedCellObservationSuite.self, steps: 1500) }
    /// It once crashed in a CI run: main-actor work had moved to another libdispatch worker,
    /// the clean-up of a dying keyboard host was skipped, and the keyboard's dangling
    /// `superview` was used (fixed in Platform/MainActorThread.swift;
    /// BackReferenceTests.subviewsAreToldOnWhicheverThreadDrainsTheMainQueue).
    @Test func textFieldsAndViews() { run(TextSuite.self, steps: 3000, seeds: [1, 2, 3]) }
    @Test func configurationFiles() { run(ConfigurationSuite.self, steps: 500) }
}
