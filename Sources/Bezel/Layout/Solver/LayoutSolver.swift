#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the solver refused a constraint.
enum LayoutSolverError: Error, Equatable {
    /// A required constraint that cannot hold with the required ones already there. The
    /// solver is as it was before the call.
    case unsatisfiable
    /// Already added, or (for removal and changes) never added.
    case duplicate, unknown
    /// A NaN or infinite coefficient or constant.
    case nonFinite
}

/// An incremental Cassowary solver (Badros, Borning and Stuckey, "The Cassowary Linear
/// Arithmetic Constraint Solving Algorithm", 2001), the kind of engine UIKit's Auto Layout
/// is. It follows the structure of kiwi (Nucleic's C++ Cassowary, BSD), written anew in
/// Swift: no Swift package in the mirror does it without Foundation, and the core takes no
/// C dependency.
///
/// Required constraints hold exactly or are refused (`unsatisfiable`, the tableau rolled
/// back). Each other constraint adds `strength x |error|` to what the simplex minimizes.
/// Adding and removing a constraint touch only the rows that mention its symbols, then
/// re-optimize from the current solution: the incremental case.
///
/// Deterministic: where the simplex has a choice (entering and leaving symbols, a row's
/// subject), it takes the lowest-numbered symbol (Bland's rule), so the same constraints added
/// in the same order give the same solution in every process, and pivoting cannot cycle.
final class LayoutSolver {
    /// The strength of a required constraint (above every weight).
    static let required = Double.infinity

    /// The weight of a UIKit priority below 1000: 10^(priority/125), so each 250 levels is
    /// 100x (750 outweighs 500 by 100, 250 by 10,000), 999 is ~1e8 and 1 is ~1.02 (Bezel's
    /// mapping: UIKit documents only that higher priorities are satisfied first; kiwi's
    /// strengths span 1 to 1e9 the same way).
    static func strength(forPriority priority: Double) -> Double {
        guard priority.isFinite else { return priority > 0 ? required : strength(forPriority: 1) }
        if priority >= 1000 { return required }
        let clamped = min(max(priority, 1), 999)
        return pow(10, clamped / 125)
    }

    private struct Tag {
        let marker: SolverSymbol
        let other: SolverSymbol?
    }

    /// Each added constraint, its marker symbols and the variables its row was built from.
    private var constraints: [ObjectIdentifier: (constraint: SolverConstraint, tag: Tag, variables: [ObjectIdentifier])] = [:]
    private var rows: [SolverSymbol: SolverRow] = [:]
    /// For each symbol, the basic symbols whose rows hold it: a substitution, a ratio test
    /// or a removal visits only those rows, not the whole tableau (the original Cassowary's
    /// column sets). Without it, every add walked every row: M13's from-scratch grid spent
    /// 65 % of its 1.32 G instructions there (callgrind).
    private var columns: [SolverSymbol: Set<SolverSymbol>] = [:]
    /// The variables the added constraints mention, with how many do. A variable goes when
    /// the last constraint mentioning it is removed (kiwi keeps them for the solver's life: a
    /// window whose screens come and go would keep every one it ever laid out; issue 37's
    /// soak grew 0.7 MB an hour opening the demo's Settings screen).
    private var variables: [ObjectIdentifier: (variable: LayoutVariable, symbol: SolverSymbol, uses: Int)] = [:]
    private var infeasible: [SolverSymbol] = []
    private var objective = SolverRow()
    private var artificial: SolverRow?
    private var nextID = 1

    /// Rows as they were before the first change, while an add may still be rolled back.
    private var journal: [SolverSymbol: SolverRow?]?

    /// Pivots, counted (tests and bezel-bench: how much work a change took).
    private(set) var pivots = 0

    init() {}

    var constraintCount: Int { constraints.count }
    /// Variables the solver knows (those that added constraints mention).
    var variableCount: Int { variables.count }

    func contains(_ constraint: SolverConstraint) -> Bool { constraints[ObjectIdentifier(constraint)] != nil }

    // MARK: Adding and removing

    func add(_ constraint: SolverConstraint) throws(LayoutSolverError) {
        let id = ObjectIdentifier(constraint)
        guard constraints[id] == nil else { throw .duplicate }
        guard constraint.expression.isFinite, !constraint.strength.isNaN, constraint.strength > 0 else { throw .nonFinite }
        let (row, tag) = makeRow(for: constraint)
        let used = constraint.expression.terms.compactMap { abs($0.coefficient) >= SolverRow.epsilon ? ObjectIdentifier($0.variable) : nil }
        // A refused constraint leaves no variable behind.
        var added = false
        defer { use(used, by: added ? 1 : 0) }
        var subject = chooseSubject(row, tag)
        // A row of dummies only: the constraint restates required equalities already there.
        // It holds if its constant is zero (then it is redundant, kept under its marker),
        // else it contradicts them.
        if subject == nil, row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard abs(row.constant) < SolverRow.epsilon else {
                removeErrorsFromObjective(tag, strength: constraint.strength)
                throw .unsatisfiable
            }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            setRow(subject, row)
        } else if !addWithArtificialVariable(row) {
            throw .unsatisfiable
        }
        constraints[id] = (constraint, tag, used)
        added = true
        optimize(objective)
    }

    /// Counts `delta` more uses of each variable; forgets those no constraint mentions.
    private func use(_ used: [ObjectIdentifier], by delta: Int) {
        for id in used {
            guard let entry = variables[id] else { continue }
            let uses = entry.uses + delta
            if uses > 0 { variables[id]!.uses = uses } else { variables[id] = nil }
        }
    }

    func remove(_ constraint: SolverConstraint) throws(LayoutSolverError) {
        guard let (_, tag, used) = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else { throw .unknown }
        defer { use(used, by: -1) }
        removeErrorsFromObjective(tag, strength: constraint.strength)
        if rows[tag.marker] != nil {
            setRow(tag.marker, nil)
        } else {
            // The marker is not basic: pivot it into the basis by the row that keeps the
            // tableau feasible, then drop that row.
            guard let leaving = markerLeavingRow(tag.marker), let row = rows[leaving] else {
                // Not in any row: the constraint left nothing behind (cannot happen with a
                // consistent tableau; nothing to undo either way).
                optimize(objective)
                return
            }
            setRow(leaving, nil)
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, with: row)
        }
        optimize(objective)
    }

    /// Gives `constraint` (added) a new expression constant: removed and added again, which
    /// touches only its own rows. Throws `unsatisfiable` when a required constraint cannot
    /// hold with the new constant: it is then no longer in the solver.
    func changeConstant(of constraint: SolverConstraint, to constant: Double) throws(LayoutSolverError) {
        guard constant.isFinite else { throw .nonFinite }
        try remove(constraint)
        constraint.expression.constant = constant
        try add(constraint)
    }

    /// Writes the current solution into every variable the constraints mention.
    func updateVariables() {
        for (variable, symbol, _) in variables.values {
            let value = rows[symbol]?.constant ?? 0
            variable.value = value == 0 ? 0 : value   // never -0
        }
    }

    /// Whether `variable`'s value could change in another solution just as good: it is a free
    /// parameter of the tableau (not basic and in no row, or not basic at all), or its row holds
    /// a parameter that moves at no cost (another variable, or a slack or error the objective
    /// does not weigh). A variable the constraints never mention is ambiguous too. (The
    /// degenerate case where a row at zero blocks the move is not examined: it says
    /// "ambiguous" there, which is what a developer debugging the layout should look at.)
    func isAmbiguous(_ variable: LayoutVariable) -> Bool {
        guard let symbol = variables[ObjectIdentifier(variable)]?.symbol else { return true }
        guard let row = rows[symbol] else { return true }
        for (parameter, coefficient) in row.cells where coefficient != 0 {
            switch parameter.kind {
            case .external: return true
            case .slack, .error: if abs(objective.coefficient(for: parameter)) < SolverRow.epsilon { return true }
            case .dummy: continue
            }
        }
        return false
    }

    /// The tableau's invariants, for tests: no basic symbol appears on a right-hand side, and
    /// every slack or error that is basic is not negative (the solution is feasible). Empty
    /// when they hold; else what does not.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        for (basic, row) in rows {
            if basic.isRestricted, row.constant < -1e-6 { problems.append("row \(basic.id) (\(basic.kind)) = \(row.constant)") }
            for symbol in row.cells.keys where rows[symbol] != nil { problems.append("basic \(symbol.id) in row \(basic.id)") }
        }
        for symbol in objective.cells.keys where rows[symbol] != nil { problems.append("basic \(symbol.id) in the objective") }
        // The column index holds exactly the rows' cells.
        var expected: [SolverSymbol: Set<SolverSymbol>] = [:]
        for (basic, row) in rows { for symbol in row.cells.keys { expected[symbol, default: []].insert(basic) } }
        if expected != columns { problems.append("the column index differs from the rows") }
        // Every external symbol in the tableau is a variable some added constraint mentions.
        let known = Set(variables.values.map(\.symbol))
        let external = Set(rows.keys).union(columns.keys).union(objective.cells.keys).filter { $0.kind == .external }
        for symbol in external where !known.contains(symbol) { problems.append("external \(symbol.id) belongs to no known variable") }
        // One row per constraint at most (a redundant one added through the artificial variable has none).
        if rows.count > constraints.count { problems.append("\(rows.count) rows for \(constraints.count) constraints") }
        return problems
    }

    // MARK: Building a constraint's row

    private func newSymbol(_ kind: SolverSymbol.Kind) -> SolverSymbol {
        defer { nextID += 1 }
        return SolverSymbol(id: nextID, kind: kind)
    }

    private func symbol(for variable: LayoutVariable) -> SolverSymbol {
        let id = ObjectIdentifier(variable)
        if let known = variables[id] { return known.symbol }
        let symbol = newSymbol(.external)
        variables[id] = (variable, symbol, 0)
        return symbol
    }

    /// The constraint as a row over the current basis, with its slack, error or dummy symbols.
    private func makeRow(for constraint: SolverConstraint) -> (SolverRow, Tag) {
        let expression = constraint.expression
        let row = SolverRow(constant: expression.constant)
        for (variable, coefficient) in expression.terms where abs(coefficient) >= SolverRow.epsilon {
            let symbol = symbol(for: variable)
            if let basic = rows[symbol] { row.insert(basic, coefficient) } else { row.insert(symbol, coefficient) }
        }
        let tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression <= 0 becomes expression + slack = 0; >= 0, expression - slack = 0.
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.insert(slack, sign)
            if constraint.isRequired {
                tag = Tag(marker: slack, other: nil)
            } else {
                let error = newSymbol(.error)
                row.insert(error, -sign)
                objective.insert(error, constraint.strength)
                tag = Tag(marker: slack, other: error)
            }
        case .equal:
            if constraint.isRequired {
                let dummy = newSymbol(.dummy)
                row.insert(dummy)
                tag = Tag(marker: dummy, other: nil)
            } else {
                // expression = plus - minus, both errors weighed in the objective.
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, constraint.strength)
                objective.insert(minus, constraint.strength)
                tag = Tag(marker: plus, other: minus)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol to make the new row's subject: an external variable, else a new slack or
    /// error with a negative coefficient (so the row stays feasible); nil when there is none.
    private func chooseSubject(_ row: SolverRow, _ tag: Tag) -> SolverSymbol? {
        if let external = row.cells.keys.filter({ $0.kind == .external }).min(by: { $0.id < $1.id }) { return external }
        if tag.marker.isPivotable, row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if let other = tag.other, other.isPivotable, row.coefficient(for: other) < 0 { return other }
        return nil
    }

    /// Adds `row` through an artificial variable (phase one of the simplex): succeeds when
    /// that variable can be driven to zero. On failure the tableau is restored as it was.
    private func addWithArtificialVariable(_ row: SolverRow) -> Bool {
        journal = [:]
        let savedObjective = SolverRow(copying: objective)
        defer { journal = nil }
        let artificialSymbol = newSymbol(.slack)
        setRow(artificialSymbol, SolverRow(copying: row))
        artificial = SolverRow(copying: row)
        optimize(artificial!)
        let success = abs(artificial!.constant) < SolverRow.epsilon
        artificial = nil
        var pivotable = true
        if let basic = rows[artificialSymbol] {
            setRow(artificialSymbol, nil)
            if !basic.cells.isEmpty {
                if let entering = basic.cells.keys.filter(\.isPivotable).min(by: { $0.id < $1.id }) {
                    basic.solve(for: artificialSymbol, entering)
                    substitute(entering, with: basic)
                    setRow(entering, basic)
                } else {
                    pivotable = false
                }
            }
        }
        if success && pivotable {
            for symbol in columns[artificialSymbol] ?? [] {
                guard let other = rows[symbol] else { continue }
                record(symbol)
                other.remove(artificialSymbol)
            }
            columns[artificialSymbol] = nil
            objective.remove(artificialSymbol)
            return true
        }
        // Roll back: every row changed since the journal began, and the objective.
        for (symbol, saved) in journal ?? [:] {
            if let current = rows[symbol] { unindex(symbol, current) }
            rows[symbol] = saved
            if let saved { index(symbol, saved) }
        }
        objective = savedObjective
        infeasible.removeAll()
        return false
    }

    // MARK: The simplex

    /// Notes `symbol`'s row as it is now, before its first change while journaling.
    private func record(_ symbol: SolverSymbol) {
        guard journal != nil, journal!.index(forKey: symbol) == nil else { return }
        journal![symbol] = .some(rows[symbol].map { SolverRow(copying: $0) })
    }

    private func setRow(_ symbol: SolverSymbol, _ row: SolverRow?) {
        record(symbol)
        if let current = rows[symbol] { unindex(symbol, current) }
        rows[symbol] = row
        if let row { index(symbol, row) }
    }

    private func index(_ basic: SolverSymbol, _ row: SolverRow) {
        for symbol in row.cells.keys { columns[symbol, default: []].insert(basic) }
    }

    private func unindex(_ basic: SolverSymbol, _ row: SolverRow) {
        for symbol in row.cells.keys {
            columns[symbol]?.remove(basic)
            if columns[symbol]?.isEmpty == true { columns[symbol] = nil }
        }
    }

    /// Replaces `symbol` by `row` everywhere it appears: every row, the objective and the
    /// artificial objective. A restricted basic symbol left negative is noted as infeasible.
    private func substitute(_ symbol: SolverSymbol, with row: SolverRow) {
        for basic in columns[symbol] ?? [] {
            guard let other = rows[basic] else { continue }
            record(basic)
            unindex(basic, other)
            other.substitute(symbol, with: row)
            index(basic, other)
            if basic.kind != .external, other.constant < 0 { infeasible.append(basic) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// At most this many pivots in one optimization: far more than a layout needs (each
    /// constraint adds a row), and a bound so that rounding can never keep it pivoting.
    private var pivotLimit: Int { 64 + 16 * (rows.count + objective.cells.count) }

    /// Minimizes `objective` over the current feasible tableau.
    private func optimize(_ objective: SolverRow) {
        var count = 0
        while count < pivotLimit {
            // Bland's rule: the lowest-numbered symbol whose coefficient is negative.
            guard let entering = objective.cells.filter({ $0.key.kind != .dummy && $0.value < 0 }).keys.min(by: { $0.id < $1.id }) else { return }
            guard let leaving = leavingRow(for: entering), let row = rows[leaving] else { return }
            setRow(leaving, nil)
            row.solve(for: leaving, entering)
            substitute(entering, with: row)
            setRow(entering, row)
            pivots += 1
            count += 1
        }
    }

    /// The row that limits how far `entering` can grow (the smallest ratio), ties to the
    /// lowest-numbered symbol; nil when it is unbounded.
    private func leavingRow(for entering: SolverSymbol) -> SolverSymbol? {
        var best: (ratio: Double, symbol: SolverSymbol)?
        for symbol in columns[entering] ?? [] where symbol.kind != .external {
            guard let row = rows[symbol] else { continue }
            let coefficient = row.coefficient(for: entering)
            guard coefficient < 0 else { continue }
            let ratio = -row.constant / coefficient
            if best == nil || ratio < best!.ratio || (ratio == best!.ratio && symbol.id < best!.symbol.id) {
                best = (ratio, symbol)
            }
        }
        return best?.symbol
    }

    /// The row to pivot a non-basic marker in by, for removal: a redundant required equality's
    /// row (a basic dummy), else a restricted row where it has a negative coefficient
    /// (smallest ratio), else a positive one, else an external row.
    ///
    /// The redundant row comes first, unlike kiwi's order: a duplicate of the constraint being
    /// removed (or one implied only with its help) is basic at zero in a row of dummies; it
    /// must take the removed constraint's place. Pivoting by another row left that dummy
    /// basic at a value other than zero, the duplicate silently broken (found by the
    /// randomized comparison: `v0 - v1 = 12` implied by two others, one of them removed).
    private func markerLeavingRow(_ marker: SolverSymbol) -> SolverSymbol? {
        var redundant: SolverSymbol?
        var negative: (ratio: Double, symbol: SolverSymbol)?
        var positive: (ratio: Double, symbol: SolverSymbol)?
        var external: SolverSymbol?
        for symbol in columns[marker] ?? [] {
            guard let row = rows[symbol] else { continue }
            let coefficient = row.coefficient(for: marker)
            guard coefficient != 0 else { continue }
            if symbol.kind == .dummy {
                if redundant == nil || symbol.id < redundant!.id { redundant = symbol }
            } else if symbol.kind == .external {
                if external == nil || symbol.id < external!.id { external = symbol }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if negative == nil || ratio < negative!.ratio || (ratio == negative!.ratio && symbol.id < negative!.symbol.id) { negative = (ratio, symbol) }
            } else {
                let ratio = row.constant / coefficient
                if positive == nil || ratio < positive!.ratio || (ratio == positive!.ratio && symbol.id < positive!.symbol.id) { positive = (ratio, symbol) }
            }
        }
        return redundant ?? negative?.symbol ?? positive?.symbol ?? external
    }

    private func removeErrorsFromObjective(_ tag: Tag, strength: Double) {
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .error {
            if let row = rows[symbol] { objective.insert(row, -strength) } else { objective.insert(symbol, -strength) }
        }
    }
}
