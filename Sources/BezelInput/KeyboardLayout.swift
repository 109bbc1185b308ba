import Bezel
import CXKB

/// A keyboard layout (xkbcommon): turns evdev key codes into key symbols and text, following
/// the modifiers held (Shift, AltGr, Caps Lock...). One per keyboard device, since modifier
/// state is per keyboard. The layout comes from XKB names: `layout` "us", "de", "fr"...,
/// `variant` optional (BEZEL_KEYBOARD_LAYOUT="de" or "de:nodeadkeys").
public final class KeyboardLayout {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    public let name: String

    public struct LayoutError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `spec`: "layout" or "layout:variant"; nil uses BEZEL_KEYBOARD_LAYOUT, else "us".
    public init(_ spec: String? = nil) throws(LayoutError) {
        let text = spec ?? Environment.value("BEZEL_KEYBOARD_LAYOUT").flatMap { $0.isEmpty ? nil : $0 } ?? "us"
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw LayoutError(description: "xkbcommon: cannot create a context")
        }
        let layout = parts.first ?? "us"
        let variant = parts.count > 1 ? parts[1] : ""
        let keymap: OpaquePointer? = "evdev".withCString { rules in
            "pc105".withCString { model in
                layout.withCString { layoutName in
                    variant.withCString { variantName in
                        var names = xkb_rule_names(rules: rules, model: model, layout: layoutName, variant: variantName, options: nil)
                        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        guard let keymap, let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            throw LayoutError(description: "BEZEL_KEYBOARD_LAYOUT=\(text): no such XKB layout (is xkb-data installed? layouts are in /usr/share/X11/xkb/symbols)")
        }
        self.context = context
        self.keymap = keymap
        self.state = state
        self.name = text
    }

    private init(sharing other: KeyboardLayout) {
        context = xkb_context_ref(other.context)
        keymap = xkb_keymap_ref(other.keymap)
        state = xkb_state_new(keymap)
        name = other.name
    }

    /// The same layout with its own modifier state, for another keyboard (compiling a keymap
    /// reads dozens of files; sharing it is instant).
    public func forAnotherKeyboard() -> KeyboardLayout {
        KeyboardLayout(sharing: self)
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The key `code` (evdev, linux/input-event-codes.h) went down or up: its symbol and text
    /// with the modifiers as they were when it went down; modifier state is updated after.
    public func key(code: Int, isDown: Bool) -> Press.Key {
        // XKB key codes are evdev codes + 8 (the X11 offset).
        let xkbCode = xkb_keycode_t(code + 8)
        let symbol = xkb_state_key_get_one_sym(state, xkbCode)
        var characters = ""
        if isDown {
            var buffer = [CChar](repeating: 0, count: 16)
            let length = xkb_state_key_get_utf8(state, xkbCode, &buffer, buffer.count)
            if length > 0, length < buffer.count {
                characters = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        xkb_state_update_key(state, xkbCode, isDown ? XKB_KEY_DOWN : XKB_KEY_UP)
        return Press.Key(code: code, symbol: symbol == 0 ? nil : symbol, characters: characters,
                         repeats: xkb_keymap_key_repeats(keymap, xkbCode) != 0)
    }

    /// The on-screen keyboard's letter page for this layout: each letter key's output at
    /// shift levels 0 and 1 of the first layout group, read from the keymap (so `de` has
    /// `ü ö ä ß`, `fr` is AZERTY with its dead circumflex, `ru` is Cyrillic).
    public func onScreenKeyMap() -> KeyboardKeyMap {
        KeyboardKeyMap.fromKeymap(named: name) { code in
            let xkbCode = xkb_keycode_t(code + 8)
            var outputs: [KeyOutput] = []
            for level in 0..<2 {
                var symbols: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, xkbCode, 0, xkb_level_index_t(level), &symbols)
                guard count > 0, let symbol = symbols?.pointee else { break }
                let scalar = xkb_keysym_to_utf32(symbol)
                let text = scalar > 0x1F ? Unicode.Scalar(scalar).map { String(Character($0)) } ?? "" : ""
                outputs.append(KeyOutput(symbol: symbol, text: text))
            }
            return outputs
        }
    }

    /// The XKB name of a key symbol ("Return", "a", "KP_Enter"), for logs and messages.
    public static func symbolName(_ symbol: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(symbol, &buffer, buffer.count)
        guard length > 0 else { return String(symbol, radix: 16) }
        return String(decoding: buffer.prefix(Int(min(length, 63))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
