import Testing
@testable import Bezel
import BezelInput
@testable import BezelRuntime

/// Keys through xkbcommon (no device needed: the keymap is compiled from xkb-data).
@MainActor
@Suite struct KeyboardLayoutTests {
    // evdev codes, linux/input-event-codes.h
    let keyA = 30, keyY = 21, keyEnter = 28, keyLeftShift = 42, keyKP1 = 79

    @Test func keysGetSymbolsAndTextFollowingTheModifiers() throws {
        let us = try KeyboardLayout("us")
        let a = us.key(code: keyA, isDown: true)
        #expect(a.symbol == 0x61 && a.characters == "a" && a.code == keyA)
        #expect(us.key(code: keyA, isDown: false).characters == "", "a release has no text")
        _ = us.key(code: keyLeftShift, isDown: true)
        #expect(us.key(code: keyA, isDown: true).characters == "A")
        _ = us.key(code: keyA, isDown: false)
        _ = us.key(code: keyLeftShift, isDown: false)
        #expect(us.key(code: keyA, isDown: true).characters == "a", "Shift was released")
        let enter = us.key(code: keyEnter, isDown: true)
        #expect(KeyboardLayout.symbolName(try #require(enter.symbol)) == "Return" && enter.characters == "\r")
        #expect(KeyboardLayout.symbolName(try #require(us.key(code: keyKP1, isDown: true).symbol)) == "KP_End")  // Num Lock off
        // German layout: the key labelled Y on a US board is Z.
        #expect(try KeyboardLayout("de").key(code: keyY, isDown: true).characters == "z")
        // A code no keymap knows still arrives, without a symbol.
        let unknown = us.key(code: 0x2FF, isDown: true)
        #expect(unknown.code == 0x2FF && unknown.symbol == nil && unknown.characters == "")
    }

    @Test func eachKeyboardHasItsOwnModifiers() throws {
        let first = try KeyboardLayout("us")
        let second = first.forAnotherKeyboard()
        _ = first.key(code: keyLeftShift, isDown: true)
        #expect(first.key(code: keyA, isDown: true).characters == "A")
        #expect(second.key(code: keyA, isDown: true).characters == "a", "Shift on one keyboard changed another")
        #expect(second.name == "us")
    }

    @Test func aLayoutThatDoesNotExistIsAClearError() {
        do {
            _ = try KeyboardLayout("klingon")
            Issue.record("a nonexistent layout compiled")
        } catch {
            #expect(error.description.contains("BEZEL_KEYBOARD_LAYOUT=klingon: no such XKB layout"))
        }
    }

    @Test func theCursorIsTheTopViewWhileAPointerIsAttachedAndTakesNoTouches() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: Application(clock: VirtualClock(), tracer: Tracer()))
        window.makeKeyAndVisible()
        let button = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        window.addSubview(button)
        let cursor = PointerCursorView()
        cursor.show(at: Point(x: 50, y: 40), in: window)
        #expect(window.subviews.last === cursor && !cursor.isHidden)
        #expect(cursor.frame == Rect(x: 42, y: 32, width: 16, height: 16), "centred on the hotspot")
        #expect(window.hitTest(Point(x: 50, y: 40), with: Event?.none) === button, "a click lands on what is under the cursor")
        window.addSubview(View(frame: .zero))
        cursor.show(at: Point(x: 60, y: 40), in: window)
        #expect(window.subviews.last === cursor, "views added later do not cover it")
        cursor.show(at: nil, in: window)
        #expect(cursor.isHidden)
    }
}
