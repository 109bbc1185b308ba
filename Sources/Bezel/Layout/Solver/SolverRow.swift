/// A column of the solver's tableau: a layout variable (external), or one the solver makes
/// for a constraint: a slack (an inequality's distance from its bound), an error (how far a
/// non-required constraint is from holding), a dummy (a required equality's marker).
struct SolverSymbol: Hashable {
    enum Kind { case external, slack, error, dummy }
    let id: Int
    let kind: Kind

    static func == (a: SolverSymbol, b: SolverSymbol) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Slacks and errors are never negative: the simplex keeps them so.
    var isRestricted: Bool { kind == .slack || kind == .error }
    /// Slacks and errors may enter the basis; externals are kept basic when they can be.
    var isPivotable: Bool { kind == .slack || kind == .error }
}

/// One row of the tableau: `basic = constant + sum(coefficient * symbol)`.
final class SolverRow {
    private(set) var constant: Double
    private(set) var cells: [SolverSymbol: Double]

    /// Below this a coefficient is zero (Cassowary's and kiwi's epsilon: the values are pixels
    /// and weights up to ~1e8, far above it).
    static let epsilon = 1.0e-8

    init(constant: Double = 0) {
        self.constant = constant
        cells = [:]
    }

    init(copying row: SolverRow) {
        constant = row.constant
        cells = row.cells
    }

    @discardableResult
    func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    func insert(_ symbol: SolverSymbol, _ coefficient: Double = 1) {
        let sum = (cells[symbol] ?? 0) + coefficient
        cells[symbol] = abs(sum) < Self.epsilon ? nil : sum
    }

    /// Adds `coefficient` times `row` (its constant and cells) to this one.
    func insert(_ row: SolverRow, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        for (symbol, value) in row.cells { insert(symbol, value * coefficient) }
    }

    func remove(_ symbol: SolverSymbol) { cells[symbol] = nil }

    func reverseSign() {
        constant = -constant
        for (symbol, value) in cells { cells[symbol] = -value }
    }

    /// Makes `symbol` the row's subject: `0 = constant + a*symbol + rest` becomes
    /// `symbol = -constant/a - rest/a` (the symbol leaves the cells).
    func solve(for symbol: SolverSymbol) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        let scale = -1 / coefficient
        constant *= scale
        for (other, value) in cells { cells[other] = value * scale }
    }

    /// For a row `lhs = ...` that holds `rhs`: makes it `rhs = ...` with `lhs` on the right.
    func solve(for lhs: SolverSymbol, _ rhs: SolverSymbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    func coefficient(for symbol: SolverSymbol) -> Double { cells[symbol] ?? 0 }

    /// Replaces `symbol` by the right-hand side of `row` (the row it is now basic in).
    func substitute(_ symbol: SolverSymbol, with row: SolverRow) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        insert(row, coefficient)
    }
}
