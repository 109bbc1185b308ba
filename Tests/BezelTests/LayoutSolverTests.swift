import Testing
@testable import Bezel
import BezelAttacks
#if canImport(Glibc)
import Glibc
#endif

/// Issue 30 item 2: the Cassowary solver under constraint layout. Classic cases against the
/// values they must give, refusals, and incremental edits against fresh solves.
@Suite struct LayoutSolverTests {
    /// `terms + constant relation 0` over variables, required unless `priority` is given.
    private func constraint(_ terms: [(LayoutVariable, Double)], _ constant: Double, _ relation: LinearRelation,
                            priority: Double = 1000) -> SolverConstraint {
        SolverConstraint(LinearExpression(terms.map { ($0.0, $0.1) }, constant: constant), relation,
                         strength: LayoutSolver.strength(forPriority: priority))
    }

    @Test func pinnedEdgesAndAWidthGiveTheRightEdge() throws {
        let left = LayoutVariable("left"), width = LayoutVariable("width"), right = LayoutVariable("right")
        let solver = LayoutSolver()
        try solver.add(constraint([(left, 1)], -10, .equal))                          // left = 10
        try solver.add(constraint([(width, 1)], -100, .equal))                        // width = 100
        try solver.add(constraint([(right, 1), (left, -1), (width, -1)], 0, .equal))  // right = left + width
        solver.updateVariables()
        #expect((left.value, width.value, right.value) == (10, 100, 110))
    }

    @Test func centringInAContainer() throws {
        let left = LayoutVariable("left"), width = LayoutVariable("width")
        let solver = LayoutSolver()
        try solver.add(constraint([(width, 1)], -200, .equal))
        // centerX = left + width / 2 = 400 (an 800-wide container).
        try solver.add(constraint([(left, 1), (width, 0.5)], -400, .equal))
        solver.updateVariables()
        #expect(left.value == 300)
    }

    @Test func theHigherPriorityWinsATie() throws {
        let width = LayoutVariable("width")
        let solver = LayoutSolver()
        try solver.add(constraint([(width, 1)], -100, .equal, priority: 250))
        let high = constraint([(width, 1)], -200, .equal, priority: 750)
        try solver.add(high)
        solver.updateVariables()
        #expect(width.value == 200)
        // Removed, the low one holds again: the incremental path back.
        try solver.remove(high)
        solver.updateVariables()
        #expect(width.value == 100)
    }

    @Test func aRequiredMaximumCapsAPreference() throws {
        let width = LayoutVariable("width")
        let solver = LayoutSolver()
        try solver.add(constraint([(width, 1)], -300, .lessThanOrEqual))              // width <= 300
        try solver.add(constraint([(width, 1)], -500, .equal, priority: 750))          // width = 500 @750
        try solver.add(constraint([(width, 1)], 0, .greaterThanOrEqual))               // width >= 0
        solver.updateVariables()
        #expect(width.value == 300)
    }

    @Test func contradictoryRequiredConstraintsAreRefusedAndTheSolverIsUnchanged() throws {
        let x = LayoutVariable("x"), y = LayoutVariable("y")
        let solver = LayoutSolver()
        try solver.add(constraint([(x, 1)], -10, .equal))
        try solver.add(constraint([(y, 1), (x, -1)], -5, .equal))                       // y = x + 5
        let contradiction = constraint([(y, 1)], -40, .equal)                          // y = 40
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(contradiction) }
        #expect(!solver.contains(contradiction))
        // A cycle that cannot hold: y = x + 5 and x = y + 5.
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(constraint([(x, 1), (y, -1)], -5, .equal)) }
        // An inequality the required ones rule out.
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(constraint([(y, 1)], -100, .greaterThanOrEqual)) }
        solver.updateVariables()
        #expect((x.value, y.value) == (10, 15))
        #expect(solver.constraintCount == 2)
        #expect(solver.invariantViolations().isEmpty)
        // Still usable: a change that can hold does.
        try solver.add(constraint([(y, 1)], -12, .greaterThanOrEqual))
        solver.updateVariables()
        #expect((x.value, y.value) == (10, 15))
    }

    @Test func aVariableGoesWithTheLastConstraintThatMentionsIt() throws {
        let x = LayoutVariable("x"), y = LayoutVariable("y"), z = LayoutVariable("z")
        let solver = LayoutSolver()
        let pinX = constraint([(x, 1)], -10, .equal)
        let yAfterX = constraint([(y, 1), (x, -1)], -5, .equal)
        try solver.add(pinX)
        try solver.add(yAfterX)
        #expect(solver.variableCount == 2)
        // Refused: z stays unknown.
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(constraint([(z, 1), (z, -1)], -1, .equal)) }
        #expect(solver.variableCount == 2)
        try solver.changeConstant(of: yAfterX, to: -7)
        solver.updateVariables()
        #expect((x.value, y.value) == (10, 17))
        try solver.remove(yAfterX)
        #expect(solver.variableCount == 1)
        #expect(solver.invariantViolations().isEmpty)
        try solver.remove(pinX)
        #expect(solver.variableCount == 0 && solver.constraintCount == 0)
        #expect(solver.invariantViolations().isEmpty)
    }

    @Test func badInputIsRefusedNotSolved() throws {
        let x = LayoutVariable("x")
        let solver = LayoutSolver()
        #expect(throws: LayoutSolverError.nonFinite) { try solver.add(constraint([(x, 1)], .nan, .equal)) }
        #expect(throws: LayoutSolverError.nonFinite) { try solver.add(constraint([(x, .infinity)], 0, .equal)) }
        let kept = constraint([(x, 1)], -3, .equal)
        try solver.add(kept)
        #expect(throws: LayoutSolverError.duplicate) { try solver.add(kept) }
        #expect(throws: LayoutSolverError.unknown) { try solver.remove(constraint([(x, 1)], 0, .equal)) }
        #expect(throws: LayoutSolverError.nonFinite) { try solver.changeConstant(of: kept, to: -.infinity) }
        // A redundant required restatement is kept; a contradicting one refused.
        try solver.add(constraint([(x, 2)], -6, .equal))
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(constraint([(x, 2)], -8, .equal)) }
        solver.updateVariables()
        #expect(x.value == 3)
    }

    @Test func prioritiesMapToIncreasingWeights() {
        #expect(LayoutSolver.strength(forPriority: 1000) == LayoutSolver.required)
        #expect(LayoutSolver.strength(forPriority: 2000) == LayoutSolver.required)
        let weights = [1.0, 50, 250, 500, 750, 999].map(LayoutSolver.strength(forPriority:))
        #expect(weights == weights.sorted() && Set(weights).count == weights.count)
        #expect(abs(LayoutSolver.strength(forPriority: 750) / LayoutSolver.strength(forPriority: 500) - 100) < 1e-9)
        #expect(LayoutSolver.strength(forPriority: -5) == LayoutSolver.strength(forPriority: 1))
        #expect(LayoutSolver.strength(forPriority: .nan) == LayoutSolver.strength(forPriority: 1))
    }

    /// Random edits (adds, removals, constant changes) against a fresh solver given the same
    /// constraints in another order: the same values every time. Required constraints all hold
    /// at a hidden point, so none is refused; every preference has its own weight, so the
    /// optimum is unique and both solvers must find it.
    @Test(arguments: 1...12 as ClosedRange<UInt64>) func incrementalEditsGiveAFreshSolvesValues(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = 24
        let variables = (0..<count).map { LayoutVariable("v\($0)") }
        let point = variables.map { _ in Double.random(in: 0...800, using: &random) }
        var weightLevel = 1.0
        func makeConstraint() -> SolverConstraint {
            let i = Int.random(in: 0..<count, using: &random), j = (i + Int.random(in: 1..<count, using: &random)) % count
            switch Int.random(in: 0..<4, using: &random) {
            case 0:   // required: vi - vj = (their difference at the point)
                return constraint([(variables[i], 1), (variables[j], -1)], point[j] - point[i], .equal)
            case 1:   // required: a*vi + b*vj <= (its value at the point) + some room
                let a = Double.random(in: -2...2, using: &random), b = Double.random(in: -2...2, using: &random)
                return constraint([(variables[i], a), (variables[j], b)], -(a * point[i] + b * point[j]) - Double.random(in: 0...50, using: &random), .lessThanOrEqual)
            default:  // a preference: vi = some target, with a weight of its own
                weightLevel += 1
                return SolverConstraint(LinearExpression([(variables[i], 1)], constant: -Double.random(in: -100...900, using: &random)),
                                        Bool.random(using: &random) ? .equal : .greaterThanOrEqual, strength: pow(2, weightLevel / 8))
            }
        }
        // Every variable has a preference of its own too: the optimum is a point.
        var active: [SolverConstraint] = variables.map { v in
            weightLevel += 1
            return SolverConstraint(LinearExpression([(v, 1)], constant: -Double.random(in: 0...800, using: &random)), .equal, strength: pow(2, weightLevel / 8))
        }
        active += (0..<40).map { _ in makeConstraint() }
        let solver = LayoutSolver()
        for c in active { try solver.add(c) }
        for round in 0..<60 {
            let op = Int.random(in: 0..<3, using: &random)
            switch op {
            case 0:
                let c = makeConstraint()
                try solver.add(c)
                active.append(c)
            case 1 where active.count > count:
                let c = active.remove(at: Int.random(in: count..<active.count, using: &random))
                try solver.remove(c)
            default:
                let c = active[Int.random(in: 0..<count, using: &random)]
                try solver.changeConstant(of: c, to: -Double.random(in: 0...800, using: &random))
            }
            let problems = solver.invariantViolations()
            #expect(problems.isEmpty, "seed \(seed) round \(round) op \(op): \(problems)")
            if !problems.isEmpty { return }
            solver.updateVariables()
            let incremental = variables.map(\.value)
            let fresh = LayoutSolver()
            for c in active.shuffled(using: &random) { try fresh.add(c) }
            fresh.updateVariables()
            let freshValues = variables.map(\.value)
            let worst = zip(incremental, freshValues).map { abs($0 - $1) }.max() ?? 0
            #expect(worst < 1e-6, "seed \(seed) round \(round): values differ by \(worst)")
            if worst >= 1e-6 { return }
        }
        // Emptied, it keeps nothing: no row, no variable.
        for c in active.shuffled(using: &random) { try solver.remove(c) }
        #expect(solver.constraintCount == 0 && solver.variableCount == 0)
        #expect(solver.invariantViolations().isEmpty)
    }
}
