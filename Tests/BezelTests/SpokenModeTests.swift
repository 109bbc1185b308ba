import Testing
@testable import Bezel
@testable import BezelCairo
import BezelTesting

/// Issue 29 item 2, the keypad half: the spoken mode's focus walks the reading order and says
/// each element (asserted through a `SpeechLog`), the keys activate, adjust, go back, repeat
/// and give the hint; screen changes move the focus, an alert confines it; the ring shows.
@MainActor
@Suite(.serialized, .fontsRegistered) struct SpokenModeTests {
    final class Ticket: ViewController {
        let title_ = Label(frame: Rect(x: 20, y: 20, width: 300, height: 40), text: "Tickets")
        let buy = Button(frame: Rect(x: 20, y: 80, width: 160, height: 50))
        let volume = Slider(frame: Rect(x: 20, y: 150, width: 300, height: 30))
        let pin = TextField(frame: Rect(x: 20, y: 200, width: 300, height: 40))
        var log: [String] = []

        override func viewDidLoad() {
            title_.accessibilityTraits = [.staticText, .header]
            buy.title = "Buy"
            buy.accessibilityHint = "Pays with the card in the reader"
            buy.addAction(for: .touchUpInside) { [unowned self] _, _ in log.append("buy") }
            volume.accessibilityLabel = "Volume"
            volume.value = 0.5
            volume.addAction(for: .valueChanged) { [unowned self] control, _ in log.append("volume \((control as! Slider).value)") }
            view.backgroundColor = .systemBackground
            pin.borderStyle = .roundedRect
            pin.placeholder = "PIN"
            pin.isSecureTextEntry = true
            pin.text = "2468"
            for subview in [title_, buy, volume, pin] as [View] { view.addSubview(subview) }
        }
    }

    func start() throws -> (AppHarness, Ticket, SpeechLog) {
        let screen = Ticket()
        let harness = try AppHarness(rootViewController: screen)
        let speech = SpeechLog()
        harness.application.speechSynthesizer = speech
        harness.application.isSpokenModeRunning = true
        return (harness, screen, speech)
    }

    @Test func theKeysWalkTheScreenSayingEachElement() throws {
        let (harness, screen, speech) = try start()
        #expect(speech.texts == ["Tickets, heading"], "the first element, said when the mode starts")
        speech.clear()
        harness.press(.rightArrow)
        #expect(speech.entries == ["speak [en] Buy, button", "speak [en queued after 1.0s] Pays with the card in the reader"])
        #expect(harness.application.spokenMode.focusedElement === screen.buy)
        harness.press(.tab)
        harness.press(.tab)
        #expect(speech.texts.last == "PIN, bullet bullet bullet bullet, secure text field", "a secure field's characters are never said: \(speech.texts)")
        speech.clear()
        harness.press(.tab)
        #expect(speech.texts == ["PIN, bullet bullet bullet bullet, secure text field"], "the end: said again, the focus stays")
        harness.press(.leftArrow)
        #expect(speech.texts.last == "Swipe up or down with one finger to adjust the value.")
        #expect(speech.texts.dropLast().last == "Volume, 50%, adjustable")
        // Up adjusts the slider (its action runs as a drag's would); Down back.
        speech.clear()
        harness.press(.upArrow)
        #expect(screen.volume.value == 0.6 && screen.log == ["volume 0.6"] && speech.texts == ["60%"])
        harness.press(.downArrow)
        #expect(abs(screen.volume.value - 0.5) < 1e-9)
        // Shift-Tab back to Buy, Enter: its action once; F1 the hint, F5 again.
        harness.application.handleKey(.leftShift, isDown: true)
        harness.press(.tab)
        harness.application.handleKey(.leftShift, isDown: false)
        #expect(harness.application.spokenMode.focusedElement === screen.buy)
        harness.press(.enter)
        #expect(screen.log.last == "buy" && screen.log.filter { $0 == "buy" }.count == 1)
        speech.clear()
        harness.press(Press.Key(code: 59))
        harness.press(Press.Key(code: 63))
        #expect(speech.texts == ["Pays with the card in the reader", "Buy, button", "Pays with the card in the reader"])
    }

    @Test func aButtonIsActivatedThroughTheTouchPipelineWhenItDoesNotActivateItself() throws {
        let (harness, screen, _) = try start()
        let tapped = View(frame: Rect(x: 400, y: 80, width: 100, height: 50))
        var taps = 0
        tapped.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        tapped.isAccessibilityElement = true
        tapped.accessibilityLabel = "Help"
        screen.view.addSubview(tapped)
        harness.application.spokenMode.moveFocus(to: tapped)
        harness.press(.enter)
        harness.wait(0.5)
        #expect(taps == 1, "a tap at its activation point, recognized as a finger's would be")
    }

    @Test func aNewScreenTakesTheFocusAnAlertConfinesItAndEscapeGoesBack() throws {
        let root = ViewController(), next = ViewController()
        root.title = "Home"
        next.title = "Fares"
        let open = Button(frame: Rect(x: 20, y: 100, width: 200, height: 50))
        open.title = "Fares"
        root.view.addSubview(open)
        let navigation = NavigationController(rootViewController: root)
        open.addAction(for: .touchUpInside) { _, _ in navigation.pushViewController(next, animated: true) }
        let zone = Label(frame: Rect(x: 20, y: 100, width: 200, height: 40), text: "Zone 1")
        next.view.addSubview(zone)
        let harness = try AppHarness(rootViewController: navigation)
        let speech = SpeechLog()
        harness.application.speechSynthesizer = speech
        harness.application.isSpokenModeRunning = true
        #expect(speech.texts == ["Home, heading"])
        harness.press(.rightArrow)
        harness.press(.enter)
        speech.clear()
        harness.wait(1)
        #expect(speech.texts.first == "Home, button", "the new screen's first element: its back button: \(speech.texts)")
        harness.press(.rightArrow)
        harness.press(.rightArrow)
        #expect(harness.application.spokenMode.focusedElement === zone)
        harness.press(.escape)
        harness.wait(1)
        #expect(navigation.topViewController === root && speech.texts.last == "Home, heading")

        var cancelled = 0
        let alert = AlertController(title: "Cancel the purchase?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Keep", style: .cancel) { _ in cancelled += 1 })
        alert.addAction(AlertAction(title: "Cancel purchase", style: .destructive))
        navigation.present(alert, animated: true)
        harness.wait(1)
        #expect(speech.texts.last == "Cancel the purchase?")
        var visited: [String] = []
        for _ in 0..<4 {
            harness.press(.rightArrow)
            visited.append(harness.application.spokenMode.focusedElement?.accessibilityLabel ?? "-")
        }
        #expect(visited == ["Keep", "Cancel purchase", "Cancel purchase", "Cancel purchase"], "only the alert's elements")
        harness.press(.escape)
        harness.wait(1)
        #expect(cancelled == 1 && navigation.presentedViewController == nil)
    }

    @Test func announcementsWaitTheirTurnAndTheLanguageIsTheElements() throws {
        let (harness, screen, speech) = try start()
        speech.clear()
        Accessibility.post(notification: .announcement, argument: "Ticket printed")
        #expect(speech.utterances == [Utterance("Ticket printed", language: "en", interrupts: false)])
        screen.buy.accessibilityLanguage = "de"
        harness.application.spokenMode.moveFocus(to: screen.buy)
        #expect(speech.utterances.dropFirst().first?.language == "de")
        Accessibility.post(notification: .layoutChanged, argument: screen.volume)
        #expect(harness.application.spokenMode.focusedElement === screen.volume)
        var heard = 0
        let observer = harness.application.notificationCenter.addObserver(forName: Application.spokenModeStatusDidChangeNotification, using: { _ in heard += 1 })
        harness.application.isSpokenModeRunning = false
        #expect(heard == 1 && speech.entries.last == "stop" && harness.view(named: "accessibilityFocusRing") == nil)
        _ = observer
    }

    @Test func theFocusRingMatchesItsGolden() throws {
        let (harness, _, _) = try start()
        harness.press(.rightArrow)
        _ = harness.render()
        #expect(try Snapshot.check(harness.display.framebuffer, named: "spoken-mode-focus-ring"))
    }
}

/// The spoken mode by touch: exploring, swipes, the double tap, the two-finger tap, and an
/// element that takes its touches directly.
@MainActor
@Suite(.serialized, .fontsRegistered) struct SpokenModeTouchTests {
    func start() throws -> (AppHarness, SpokenModeTests.Ticket, SpeechLog) {
        let screen = SpokenModeTests.Ticket()
        let harness = try AppHarness(rootViewController: screen)
        let speech = SpeechLog()
        harness.application.speechSynthesizer = speech
        harness.application.isSpokenModeRunning = true
        speech.clear()
        return (harness, screen, speech)
    }

    @Test func aFingerExploresASwipeMovesADoubleTapActivates() throws {
        let (harness, screen, speech) = try start()
        let fingers = harness.fingers
        // Down on Buy: it is said; held and slid onto the slider: that is said.
        fingers.down(at: Point(x: 100, y: 105))
        #expect(harness.application.spokenMode.focusedElement === screen.buy && speech.texts.first == "Buy, button")
        fingers.wait(0.5)
        fingers.move(to: Point(x: 100, y: 165))
        fingers.up()
        #expect(harness.application.spokenMode.focusedElement === screen.volume)
        #expect(screen.log.isEmpty, "nothing under the finger was touched for real")
        // A quick swipe right: the next element (the PIN field); left: back to the slider.
        speech.clear()
        fingers.drag(from: Point(x: 500, y: 400), to: Point(x: 620, y: 400), steps: 4)
        #expect(harness.application.spokenMode.focusedElement === screen.pin, "from the focus, wherever the swipe is")
        fingers.wait(0.5)
        fingers.drag(from: Point(x: 620, y: 400), to: Point(x: 500, y: 400), steps: 4)
        #expect(harness.application.spokenMode.focusedElement === screen.volume)
        // Up on the slider: adjusted.
        fingers.wait(0.5)
        fingers.drag(from: Point(x: 500, y: 400), to: Point(x: 500, y: 320), steps: 4)
        #expect(screen.volume.value == 0.6 && screen.log == ["volume 0.6"])
        // Back to Buy by a swipe left, then a double tap far from it: Buy's action, once.
        fingers.wait(0.5)
        fingers.drag(from: Point(x: 620, y: 400), to: Point(x: 500, y: 400), steps: 4)
        #expect(harness.application.spokenMode.focusedElement === screen.buy)
        fingers.wait(0.5)
        fingers.tap(at: Point(x: 600, y: 300))
        fingers.wait(0.1)
        fingers.tap(at: Point(x: 600, y: 300))
        harness.wait(0.5)
        #expect(screen.log.filter { $0 == "buy" }.count == 1, "\(screen.log)")
        // Two fingers tapped: speech pauses; again: it resumes.
        speech.clear()
        fingers.wait(0.5)
        fingers.frame([.down(1, at: Point(x: 500, y: 300)), .down(2, at: Point(x: 560, y: 300))])
        fingers.wait(0.05)
        fingers.frame([.up(1), .up(2)])
        #expect(speech.entries == ["pause"])
    }

    @Test func anElementThatAllowsDirectInteractionTakesItsTouches() throws {
        final class Pad: View {
            var began = 0
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += 1 }
        }
        let (harness, screen, _) = try start()
        let pad = Pad(frame: Rect(x: 400, y: 300, width: 200, height: 100))
        pad.isAccessibilityElement = true
        pad.accessibilityLabel = "Signature"
        pad.accessibilityTraits = .allowsDirectInteraction
        screen.view.addSubview(pad)
        harness.fingers.drag(from: Point(x: 420, y: 320), to: Point(x: 560, y: 380), steps: 5)
        #expect(pad.began == 1, "the finger writes on the pad")
        harness.fingers.tap(at: Point(x: 100, y: 105))
        #expect(screen.log.isEmpty && harness.application.spokenMode.focusedElement === screen.buy, "elsewhere the spoken mode has the finger")
    }
}
