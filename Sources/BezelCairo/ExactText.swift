/// A string compared and hashed byte for byte. Swift's `String` equality follows canonical
/// equivalence ("é", U+00E9, equals "e\u{301}"), but a Pango layout indexes its text's UTF-8
/// bytes: a layout cached for one spelling and handed out for the other answered caret
/// queries past its end (a Pango critical assertion and an empty caret each time; found by the
/// text suite of issue 37 U1, a field holding "e\u{301}" after "é").
struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ExactText, b: ExactText) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
