#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes the pipeline's steps, in order, when asked to (spec §8). Off by default and then
/// costs one bit test per step: messages are autoclosures, built only when enabled.
@MainActor
public final class Tracer {
    @exclusivity(unchecked) public var categories: TraceCategory
    /// Receives each line (category name, message). Default: standard error, flushed per line,
    /// so a trace interleaves correctly with the app's own prints.
    @exclusivity(unchecked) public var sink: (TraceCategory, String) -> Void

    public init(categories: TraceCategory = [], sink: ((TraceCategory, String) -> Void)? = nil) {
        self.categories = categories
        self.sink = sink ?? { category, message in
            writeLineToStandardError("[\(category)] \(message)")
        }
    }

    /// A tracer configured from `BEZEL_TRACE` (e.g. `touches,gestures` or `all`).
    public static func fromEnvironment() -> Tracer {
        let tracer = Tracer()
        if let value = Environment.value("BEZEL_TRACE") {
            let parsed = TraceCategory.parse(value)
            tracer.categories = parsed.categories
            if !parsed.unknown.isEmpty {
                Diagnostics.report(.apiMisuse, "BEZEL_TRACE: unknown categories \(parsed.unknown); known: all, \(TraceCategory.all)")
            }
        }
        return tracer
    }

    @inline(__always)
    public func isEnabled(_ category: TraceCategory) -> Bool { !categories.isDisjoint(with: category) }

    @inline(__always)
    public func log(_ category: TraceCategory, _ message: @autoclosure () -> String) {
        if !categories.isDisjoint(with: category) { sink(category, message()) }
    }
}
