import CCairo

/// A failure of the drawing backend, with what went wrong and where.
public struct CairoError: Error, CustomStringConvertible {
    public let message: String
    /// An image refused for its size (`ImageLoader.maximumPixels`), not for damage.
    public private(set) var isOverPixelLimit = false

    public init(_ message: String) { self.message = message }

    static func overPixelLimit(_ message: String) -> CairoError {
        var error = CairoError(message)
        error.isOverPixelLimit = true
        return error
    }

    init(_ what: String, status: cairo_status_t) {
        message = "\(what): \(String(cString: cairo_status_to_string(status)))"
    }

    public var description: String { message }
}
