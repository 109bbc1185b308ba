/// Where each key of a `KeyboardView` page goes: rows of character keys spread evenly, shift
/// and backspace at the ends of the third row, and a bottom row of page, space, return and
/// hide keys; number pads in three columns of digits and a fourth of functions.
@MainActor
struct KeyboardKeyLayout {
    let keyboard: KeyboardView
    var width: Double { keyboard.bounds.width }
    /// The window's rows; out of a window (the reused keyboard, configured before it is shown
    /// again) the rows its own height holds, which the window gave it.
    var rowHeight: Double {
        if let window = keyboard.window { return KeyboardView.rowHeight(for: window.bounds.size) }
        return KeyboardView.rowHeight(forKeyboardHeight: keyboard.bounds.height)
    }

    func rowY(_ index: Int) -> Double { KeyboardView.rowGap + Double(index) * (rowHeight + KeyboardView.rowGap) }

    func keys() -> [KeyboardView.Key] {
        switch keyboard.page {
        case .letters: return letterKeys()
        case .symbols: return symbolKeys(["1234567890", "-/:;()$&@\"", ".,?!'"], toggle: .moreSymbols, toggleLabel: "#+=")
        case .moreSymbols: return symbolKeys(["[]{}#%^*+=", "_\\|~<>€£¥•", ".,?!'"], toggle: .symbols, toggleLabel: "123")
        case .numberPad, .decimalPad, .phonePad: return padKeys()
        }
    }

    /// Character keys spread evenly: `columns` key widths across, the row centred.
    func characterRow(_ row: [(KeyboardKey, String)], y: Double, columns: Int, inset: Double = 0) -> [KeyboardView.Key] {
        let unit = (width - KeyboardView.keyGap) / Double(columns)
        let start = (width - unit * Double(row.count)) / 2
        return row.enumerated().map { index, entry in
            KeyboardView.Key(role: .character(entry.0), label: entry.1,
                frame: Rect(x: start + unit * Double(index) + KeyboardView.keyGap / 2, y: y,
                            width: unit - KeyboardView.keyGap, height: rowHeight))
        }
    }

    func letterKeys() -> [KeyboardView.Key] {
        let shifted = keyboard.shiftState != .off
        let rows = keyboard.keyMap.rows.map { row in row.map { ($0, $0.output(shifted: shifted)?.label ?? "") } }
        let columns = max(10, rows.map(\.count).max() ?? 10, (rows.last?.count ?? 0) + 3)
        var keys: [KeyboardView.Key] = []
        for (index, row) in rows.prefix(2).enumerated() {
            keys += characterRow(row, y: rowY(index), columns: columns)
        }
        let unit = (width - KeyboardView.keyGap) / Double(columns)
        let bottom = rows.count > 2 ? rows[2] : []
        let letters = characterRow(bottom, y: rowY(2), columns: columns)
        keys += letters
        let left = letters.first?.frame.minX ?? width / 2
        let sideWidth = min(unit * 1.5, left - KeyboardView.keyGap * 1.5)
        keys.append(KeyboardView.Key(role: .shift, label: keyboard.shiftState == .locked ? "⇪" : "⇧",
                        frame: Rect(x: KeyboardView.keyGap / 2 + 2, y: rowY(2), width: max(unit * 0.8, sideWidth), height: rowHeight)))
        keys.append(KeyboardView.Key(role: .backspace, label: "⌫",
                        frame: Rect(x: width - KeyboardView.keyGap / 2 - 2 - max(unit * 0.8, sideWidth), y: rowY(2),
                                    width: max(unit * 0.8, sideWidth), height: rowHeight)))
        var extras: [String] = []
        switch keyboard.keyboardType {
        case .emailAddress: extras = ["@", "."]
        case .URL: extras = ["/", "."]
        default: break
        }
        return keys + bottomRow(pageKey: (.symbols, "123"), extras: extras)
    }

    func symbolKeys(_ rows: [String], toggle: KeyboardView.Page, toggleLabel: String) -> [KeyboardView.Key] {
        let columns = 10
        var keys: [KeyboardView.Key] = []
        for (index, row) in rows.enumerated() {
            let entries = row.map { (KeyboardKey(code: 0, levels: [KeyOutput($0)]), String($0)) }
            keys += characterRow(entries, y: rowY(index), columns: index == 2 ? columns : columns)
        }
        let unit = (width - KeyboardView.keyGap) / Double(columns)
        let side = unit * 1.5
        keys.append(KeyboardView.Key(role: .page(toggle), label: toggleLabel,
                        frame: Rect(x: KeyboardView.keyGap / 2 + 2, y: rowY(2), width: side, height: rowHeight)))
        keys.append(KeyboardView.Key(role: .backspace, label: "⌫",
                        frame: Rect(x: width - KeyboardView.keyGap / 2 - 2 - side, y: rowY(2), width: side, height: rowHeight)))
        return keys + bottomRow(pageKey: (.letters, "ABC"), extras: [])
    }

    /// 123/ABC, the extras (`@` and `.` for e-mail, around the space bar), space, return, hide.
    func bottomRow(pageKey: (KeyboardView.Page, String), extras: [String]) -> [KeyboardView.Key] {
        let y = rowY(3)
        let gap = KeyboardView.keyGap
        let small = (width - gap) / 10 - gap
        func character(_ text: String) -> KeyboardView.Role {
            .character(KeyboardKey(code: 0, levels: [KeyOutput(Character(text))]))
        }
        // Left to right; the space bar takes what the others leave.
        var row: [(role: KeyboardView.Role, label: String, width: Double?)] = [(.page(pageKey.0), pageKey.1, small * 1.25)]
        if keyboard.showsNextKeyboardKey { row.append((.nextKeyboard, "🌐", small)) }
        if let first = extras.first { row.append((character(first), first, small)) }
        row.append((.space, Localization.bezelString("space", language: keyboard.labelLanguage), nil))
        for extra in extras.dropFirst() { row.append((character(extra), extra, small)) }
        row.append((.returnKey, Localization.bezelString(keyboard.returnKeyType.title, language: keyboard.labelLanguage), small * 2))
        row.append((.dismiss, "⌨↓", small * 1.25))
        let margin = gap / 2 + 2
        let fixed = row.compactMap(\.width).reduce(0, +) + gap * Double(row.count - 1)
        let space = max(small, width - 2 * margin - fixed)
        var x = margin
        return row.map { key in
            let keyWidth = key.width ?? space
            defer { x += keyWidth + gap }
            return KeyboardView.Key(role: key.role, label: key.label, frame: Rect(x: x, y: y, width: keyWidth, height: rowHeight))
        }
    }

    /// Three columns of digits and a fourth with backspace, return and hide.
    func padKeys() -> [KeyboardView.Key] {
        let gap = KeyboardView.keyGap
        let columnWidth = (width - gap) / 4
        func frame(column: Int, row: Int, rows: Int = 1) -> Rect {
            Rect(x: gap / 2 + Double(column) * columnWidth, y: rowY(row), width: columnWidth - gap,
                 height: rowHeight * Double(rows) + KeyboardView.rowGap * Double(rows - 1))
        }
        func digit(_ text: String, _ column: Int, _ row: Int) -> KeyboardView.Key {
            KeyboardView.Key(role: .character(KeyboardKey(code: 0, levels: [KeyOutput(Character(text))])), label: text, frame: frame(column: column, row: row))
        }
        var keys: [KeyboardView.Key] = []
        for n in 1...9 { keys.append(digit(String(n), (n - 1) % 3, (n - 1) / 3)) }
        keys.append(digit("0", 1, 3))
        switch keyboard.page {
        case .decimalPad: keys.append(digit(".", 0, 3))
        case .phonePad:
            keys.append(digit("+", 0, 3))
            keys.append(digit("*", 2, 3))
        default: break
        }
        keys.append(KeyboardView.Key(role: .backspace, label: "⌫", frame: frame(column: 3, row: 0)))
        if keyboard.page == .phonePad {
            keys.append(digit("#", 3, 1))
            keys.append(KeyboardView.Key(role: .returnKey, label: Localization.bezelString(keyboard.returnKeyType.title, language: keyboard.labelLanguage), frame: frame(column: 3, row: 2)))
        } else {
            keys.append(KeyboardView.Key(role: .returnKey, label: Localization.bezelString(keyboard.returnKeyType.title, language: keyboard.labelLanguage), frame: frame(column: 3, row: 1, rows: 2)))
        }
        keys.append(KeyboardView.Key(role: .dismiss, label: "⌨↓", frame: frame(column: 3, row: 3)))
        return keys
    }
}
