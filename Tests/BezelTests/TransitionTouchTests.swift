import Testing
@testable import Bezel

/// Fingers that are down while a push, pop, presentation or dismissal starts (item 7): they
/// stay with their views unless those views leave the window (then they are cancelled, as in
/// UIKit), their lifts are no error, and a real misuse is reported once.
@MainActor
@Suite struct TransitionTouchTests {
    @Test func aLongPressThatPushesLeavesNoDiagnosticAndItsFingerIsCancelledWithItsScreen() {
        let log = Log()
        let stage = Stage()
        let home = ViewController()
        home.title = "home"
        let tile = LoggingView("tile", frame: Rect(x: 20, y: 100, width: 120, height: 80), log: log)
        home.view.addSubview(tile)
        let navigation = NavigationController(rootViewController: home)
        stage.window.rootViewController = navigation
        // A finger resting on the bar stays with it: the bar does not leave the window.
        let barButton = LoggingView("barFinger", frame: Rect(x: 300, y: 10, width: 80, height: 40), log: log)
        navigation.navigationBar.addSubview(barButton)
        let detail = ViewController()
        let press = LongPressGestureRecognizer { recognizer in
            log.add("longPress \(recognizer.state)")
            if recognizer.state == .began { navigation.pushViewController(detail, animated: true) }
        }
        press.cancelsTouchesInView = false
        tile.addGestureRecognizer(press)
        let onTile = tile.convert(Point(x: 60, y: 40), to: nil), onBar = barButton.convert(Point(x: 40, y: 20), to: nil)
        let reports = capturingDiagnostics {
            stage.fingers.down(1, at: onTile)
            stage.fingers.down(2, at: onBar)
            stage.fingers.wait(0.6)                         // the long press begins and pushes
            stage.fingers.move(1, to: onTile + Point(x: 2, y: 1))
            stage.fingers.wait(NavigationController.transitionDuration + 0.1)
            stage.fingers.move(1, to: onTile + Point(x: 4, y: 2))
            stage.fingers.up(1)
            stage.fingers.up(2)
            stage.fingers.wait(1)
        }
        #expect(reports.isEmpty, "\(reports)")
        // The tile's finger: delivered while its screen slid, cancelled when the screen left
        // the window; the long press was cancelled with it; the bar's finger ended normally.
        // (Recognizers get each report before views: spec §3.)
        #expect(log.entries == ["tile touchesBegan", "barFinger touchesBegan", "longPress began", "longPress changed",
                                "tile touchesMoved", "tile touchesCancelled", "longPress cancelled", "barFinger touchesEnded"])
        #expect(navigation.topViewController === detail)
    }

    @Test func aFullScreenPresentationCancelsTheFingersOnThePresenter() {
        let log = Log()
        let stage = Stage()
        let root = ViewController()
        let held = LoggingView("held", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        root.view.addSubview(held)
        stage.window.rootViewController = root
        let reports = capturingDiagnostics {
            stage.fingers.down(at: Point(x: 50, y: 50))
            root.present(ViewController(), animated: true)
            stage.fingers.move(to: Point(x: 60, y: 60))
            stage.fingers.wait(1)
            stage.fingers.up()
            root.dismiss(animated: true)
            stage.fingers.wait(1)
        }
        #expect(reports.isEmpty, "\(reports)")
        #expect(log.entries == ["held touchesBegan", "held touchesMoved", "held touchesCancelled"])
    }

    @Test func ignoringInteractionEventsCancelsFingersWhoseLiftsAreNoError() {
        let log = Log()
        let stage = Stage()
        _ = stage.add(LoggingView("view", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log))
        let reports = capturingDiagnostics {
            stage.fingers.down(at: Point(x: 50, y: 50))
            stage.app.beginIgnoringInteractionEvents()
            stage.fingers.move(to: Point(x: 60, y: 60))
            stage.fingers.up()
            stage.app.endIgnoringInteractionEvents()
            stage.fingers.tap(at: Point(x: 50, y: 50))
        }
        #expect(reports.isEmpty, "\(reports)")
        #expect(log.entries == ["view touchesBegan", "view touchesCancelled", "view touchesBegan", "view touchesEnded"])
    }

    @Test func aRealMisuseIsReportedOncePerFinger() {
        let stage = Stage()
        let reports = capturingDiagnostics {
            for i in 0..<5 { stage.fingers.move(7, to: Point(x: Double(i), y: 0)) }
            stage.fingers.up(7)
            stage.fingers.move(7, to: .zero)
        }
        #expect(reports.count == 2 && reports.allSatisfy { $0.kind == .malformedInput }, "\(reports)")
    }
}
