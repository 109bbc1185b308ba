import Bezel
import CXKB

/// Dead keys and compose sequences from the system's compose tables (xkbcommon reads
/// /usr/share/X11/locale/<locale>/Compose, Debian's libx11-data): the same table X11 and
/// Wayland desktops use, so `dead_circumflex e` gives `ê` and `Multi_key o c` gives `©`.
/// Installed as `Application.keyComposer` by the runtime; one state for the app, shared by
/// the on-screen keyboard and hardware keyboards.
@MainActor
public final class XKBComposer: KeyComposer {
    private let context: OpaquePointer
    private let table: OpaquePointer
    private let state: OpaquePointer
    public let locale: String

    public struct ComposeError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `locale`: nil reads LC_ALL, LC_CTYPE, then LANG; the C/POSIX locale (a service's
    /// default) has no compose table of its own, so it uses en_US.UTF-8's, as desktops do.
    public init(locale: String? = nil) throws(ComposeError) {
        let environment = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { Environment.value($0) }.first { !$0.isEmpty }
        var chosen = locale ?? environment ?? "C"
        if chosen == "C" || chosen == "POSIX" || chosen.hasPrefix("C.") { chosen = "en_US.UTF-8" }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw ComposeError(description: "xkbcommon: cannot create a context")
        }
        guard let table = xkb_compose_table_new_from_locale(context, chosen, XKB_COMPOSE_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw ComposeError(description: "no compose table for locale \(chosen) (is libx11-data installed? tables are in /usr/share/X11/locale)")
        }
        guard let state = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else {
            xkb_compose_table_unref(table)
            xkb_context_unref(context)
            throw ComposeError(description: "xkbcommon: cannot create a compose state")
        }
        self.context = context
        self.table = table
        self.state = state
        self.locale = chosen
    }

    isolated deinit {
        xkb_compose_state_unref(state)
        xkb_compose_table_unref(table)
        xkb_context_unref(context)
    }

    public func feed(_ output: KeyOutput) -> ComposeStep {
        guard output.symbol != 0, xkb_compose_state_feed(state, output.symbol) == XKB_COMPOSE_FEED_ACCEPTED else {
            return .passThrough
        }
        switch xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING:
            return .composing(preview: output.label)
        case XKB_COMPOSE_COMPOSED:
            var buffer = [CChar](repeating: 0, count: 64)
            let length = xkb_compose_state_get_utf8(state, &buffer, buffer.count)
            xkb_compose_state_reset(state)
            guard length > 0, length < buffer.count else { return .cancelled }
            return .composed(String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(state)
            return .cancelled
        default:
            return .passThrough
        }
    }

    public func reset() {
        xkb_compose_state_reset(state)
    }
}
