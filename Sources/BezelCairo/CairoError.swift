import CCairo

/// A failure of the drawing backend, with what went wrong and where.
public struct CairoError: Error, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    init(_ what: String, status: cairo_status_t) {
        message = "\(what): \(String(cString: cairo_status_to_string(status)))"
    }

    public var description: String { message }
}
