/// The text being edited and its selection: the editing engine's model, with no view and no
/// layout. Positions are **character offsets** (Swift `Character`s, grapheme clusters: an
/// emoji with its modifiers or a letter with its combining marks is one position), so a caret
/// can never stand inside a character. UIKit counts UTF-16 units in `NSRange`; Swift code
/// converts those to `String.Index` anyway, and Bezel gives ranges of characters directly.
public struct TextBuffer: Equatable, Sendable {
    public private(set) var text: String
    /// The selection; an empty range is the caret. Always within `0...count`.
    public var selection: Range<Int> {
        didSet { selection = clamp(selection) }
    }

    public init(_ text: String = "", selection: Range<Int>? = nil) {
        self.text = text
        let count = text.count
        self.selection = selection.map { max(0, min($0.lowerBound, count))..<max(0, min($0.upperBound, count)) } ?? count..<count
    }

    public var count: Int { text.count }
    public var caret: Int { selection.upperBound }
    public var hasSelection: Bool { !selection.isEmpty }
    public var selectedText: Substring { text[range(selection)] }

    /// The `String` range of a range of character offsets (clamped to the text).
    public func range(_ offsets: Range<Int>) -> Range<String.Index> {
        let clamped = clamp(offsets)
        let start = text.index(text.startIndex, offsetBy: clamped.lowerBound)
        let end = text.index(start, offsetBy: clamped.count)
        return start..<end
    }

    private func clamp(_ offsets: Range<Int>) -> Range<Int> {
        let count = text.count
        let low = max(0, min(offsets.lowerBound, count))
        return low..<max(low, min(offsets.upperBound, count))
    }

    /// Replaces the characters in `offsets` with `replacement`; the caret ends after it.
    public mutating func replace(_ offsets: Range<Int>, with replacement: String) {
        let replaced = range(offsets)
        // Counted as a String, so a combining mark typed after a letter merges into it
        // (e + U+0302 is one character, ê) and the caret stays on a character boundary.
        let caret = (String(text[..<replaced.lowerBound]) + replacement).count
        text.replaceSubrange(replaced, with: replacement)
        let clamped = min(caret, text.count)
        selection = clamped..<clamped
    }

    /// The range that typing `replacement` would replace: the selection.
    public var replacementRange: Range<Int> { selection }

    /// The range that backspace deletes: the selection, or the character before the caret.
    public var backwardDeletionRange: Range<Int>? {
        if hasSelection { return selection }
        return caret > 0 ? (caret - 1)..<caret : nil
    }

    /// The range that forward delete removes: the selection, or the character after the caret.
    public var forwardDeletionRange: Range<Int>? {
        if hasSelection { return selection }
        return caret < count ? caret..<(caret + 1) : nil
    }

    /// The word around `offset` (letters, digits and marks; else the single character there).
    public func wordRange(at offset: Int) -> Range<Int> {
        let characters = Array(text)
        guard !characters.isEmpty else { return 0..<0 }
        var index = max(0, min(offset, characters.count - 1))
        if !Self.isWordCharacter(characters[index]), index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        guard Self.isWordCharacter(characters[index]) else { return index..<(index + 1) }
        var start = index, end = index + 1
        while start > 0, Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
        return start..<end
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "'"
    }

    /// The start of the line the caret is on (multi-line text), for Home.
    public func lineStart(before offset: Int) -> Int {
        let characters = Array(text)
        var index = max(0, min(offset, characters.count))
        while index > 0, !characters[index - 1].isNewline { index -= 1 }
        return index
    }

    /// The end of the line the caret is on, for End.
    public func lineEnd(after offset: Int) -> Int {
        let characters = Array(text)
        var index = max(0, min(offset, characters.count))
        while index < characters.count, !characters[index].isNewline { index += 1 }
        return index
    }

    /// The text before the caret (for autocapitalization).
    public var textBeforeCaret: Substring { text[..<range(0..<selection.lowerBound).upperBound] }
}
