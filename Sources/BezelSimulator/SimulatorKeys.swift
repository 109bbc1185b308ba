import Bezel
import CSDL

/// SDL keys as Bezel presses: evdev codes (what libinput gives on the panel) for the keys a
/// kiosk app handles, XKB key symbols (SDL's keycodes are the same for printable ASCII), and
/// the text a printable key types.
enum SimulatorKeys {
    /// SDL scancode (USB HID usage) -> evdev code (linux/input-event-codes.h).
    static let evdevCodes: [UInt32: Int] = {
        var table: [UInt32: Int] = [:]
        // Letters: HID 4...29 = a...z.
        let letters: [Int] = [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44]
        for (i, code) in letters.enumerated() { table[UInt32(4 + i)] = code }
        // Digits: HID 30...39 = 1...9, 0; evdev 2...11.
        for i in 0..<10 { table[UInt32(30 + i)] = 2 + i }
        let others: [UInt32: Int] = [40: 28, 41: 1, 42: 14, 43: 15, 44: 57,   // Return, Escape, Backspace, Tab, Space
                                     79: 106, 80: 105, 81: 108, 82: 103,      // Right, Left, Down, Up
                                     225: 42, 229: 54, 224: 29, 226: 56]      // Shifts, Ctrl, Alt
        table.merge(others) { a, _ in a }
        return table
    }()

    /// XKB symbols for SDL's non-printable keycodes.
    static let symbols: [UInt32: UInt32] = [
        0x0D: 0xFF0D, 0x1B: 0xFF1B, 0x08: 0xFF08, 0x09: 0xFF09,       // Return, Escape, BackSpace, Tab
        0x4000_004F: 0xFF53, 0x4000_0050: 0xFF51, 0x4000_0051: 0xFF54, 0x4000_0052: 0xFF52, // Right, Left, Down, Up
    ]

    /// `shifted`: Shift is held (SDL's modifier state).
    static func key(scancode: SDL_Scancode, keycode: SDL_Keycode, shifted: Bool) -> Press.Key {
        let code = evdevCodes[scancode.rawValue] ?? 0
        let sym = UInt32(bitPattern: keycode)
        if let special = symbols[sym] {
            return Press.Key(code: code, symbol: special, characters: sym == 0x0D ? "\r" : "")
        }
        if (0x20...0x7E).contains(sym), let scalar = Unicode.Scalar(sym) {
            let text = shifted ? String(scalar).uppercased() : String(scalar)
            return Press.Key(code: code, symbol: text.unicodeScalars.first.map { $0.value } ?? sym, characters: text)
        }
        return Press.Key(code: code, symbol: nil, characters: "")
    }
}
