/// A value the layout solver finds: one edge, size or centre of a view or a layout guide.
/// The solver writes `value` when it publishes a solution (`LayoutSolver.updateVariables`).
final class LayoutVariable {
    /// For reports: `"button.width"`.
    let name: String
    var value: Double = 0

    init(_ name: String) { self.name = name }
}

/// `c + a1 * v1 + a2 * v2 + ...`: one side of a linear constraint, the other side moved over
/// to make it `expression (==, <=, >=) 0`.
struct LinearExpression {
    var terms: [(variable: LayoutVariable, coefficient: Double)]
    var constant: Double

    init(_ terms: [(variable: LayoutVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Whether every coefficient and the constant are finite (the solver refuses the rest).
    var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }
}

/// How an expression relates to zero.
enum LinearRelation: Sendable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// One linear constraint as the solver takes it: `expression relation 0`, required or with a
/// strength (the weight of its error in what the solver minimizes).
final class SolverConstraint {
    var expression: LinearExpression
    let relation: LinearRelation
    /// `LayoutSolver.required`, or a positive weight below it.
    let strength: Double
    /// For reports (the layout constraint it stands for).
    let name: String

    init(_ expression: LinearExpression, _ relation: LinearRelation, strength: Double = LayoutSolver.required, name: String = "") {
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.name = name
    }

    var isRequired: Bool { strength >= LayoutSolver.required }
}
