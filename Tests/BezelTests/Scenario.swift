import Testing

/// One scenario of issues 5 and 6 (E1-E7, K1-K6): prints `PASS <id> <what>` when `body`
/// holds, else `FAIL <id> <what>: <why>` and fails the test, so a reader of the CI log sees at
/// once what holds.
func scenario(_ id: String, _ what: String, _ body: () throws -> Void) throws {
    do {
        try body()
        print("PASS \(id) \(what)")
    } catch {
        print("FAIL \(id) \(what): \(String(describing: error).split(separator: "\n").first ?? "")")
        throw error
    }
}

/// The same for a scenario that waits (a guest's run: `runGuest`): the main actor is free for
/// the other suites meanwhile.
@MainActor
func scenario(_ id: String, _ what: String, _ body: @MainActor () async throws -> Void) async throws {
    do {
        try await body()
        print("PASS \(id) \(what)")
    } catch {
        print("FAIL \(id) \(what): \(String(describing: error).split(separator: "\n").first ?? "")")
        throw error
    }
}

/// A failed check inside a scenario, with its reason (thrown where `#require` would only
/// print an expression).
struct ScenarioFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Throws `ScenarioFailure(why)` unless `condition` holds.
func check(_ condition: Bool, _ why: @autoclosure () -> String) throws {
    if !condition { throw ScenarioFailure(why()) }
}
