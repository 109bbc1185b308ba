#if canImport(Glibc)
import Glibc
#endif

// The touch path's non-weak back references, in one place (issue 17 item 2).
//
// A weakly referenced object keeps its reference counts in a side table, and every retain and
// release of it takes the Swift runtime's slow path: in bezel-bench's M3 (a press and release
// on a button, a tap on the root and a pan on the grid) 111 of ~485 retains and releases did.
// So these back references are `unowned(unsafe)`, and the owner clears them before it goes:
//
// | reference                      | cleared by                                              |
// |--------------------------------|---------------------------------------------------------|
// | `View.superview`               | `removeFromSuperview`; the superview's deinit            |
// | `GestureRecognizer.view`       | `removeGestureRecognizer`; the view's deinit             |
// | `GestureRecognizer.arbiter`    | the arbiter's reset of it; the arbiter's deinit          |
// | `View.attachedWindow`          | leaving the window; the window's deinit                  |
// | `TouchDispatcher.window`       | (the window owns its dispatcher)                         |
// | `GestureArbiter.dispatcher`    | (the dispatcher owns its arbiter, and sets this once)    |
// | `Window.application`           | the application's deinit (it owns its windows)           |
// | `Application.keyWindow`        | (the application owns its windows)                       |
// | a recognizer's timer closures  | its reset and its deinit cancel them                     |
// | `TimerHandle.runLoop`          | read only while pending; the run loop's deinit           |
// | `RunLoop.mainApplicationRunLoop` | the run loop's deinit                                  |
//
// `Touch.window` is strong, as UIKit's is.
//
// Measured (callgrind, M3 per press+release): 47,291 instructions with them all weak; 45,113
// with `superview` and `view` unowned; 42,076 with `arbiter` too; 38,787 with the window's
// and the application's references and the timers' captures. Later, 27,634 -> 26,886 with the
// dispatcher's arbiter a constant instead of a lazy property (whose every read retained and
// released it), its back reference to the dispatcher `unowned(unsafe)` instead of `unowned`
// (whose every read was a swift_unownedRetainStrong). Issue 33's `RunLoop.main`, first a
// `weak` static, gave the run loop a side table: M3 26,925 -> 27,185 (+1 %, the recognizers'
// timers retain it), back with `unowned(unsafe)`.
//
// A deinit runs on the thread that lets the object go: for these main-actor objects that is
// the main actor's (Platform/MainActorThread.swift) unless an app misuses them, so the
// clean-up below runs there as the main
// actor without `isolated deinit`'s executor check at every release (~2,800 instructions a
// view, measured).

/// Runs `body` as the main actor when called as the main actor (`MainActorThread.isCurrent`),
/// and not at all elsewhere (a misuse: UI objects belong to the main actor). For deinits, which are
/// nonisolated: `unsafeBitCast` of the isolated closure to a plain one is the cast
/// `MainActor.assumeIsolated` makes after its own, costlier check.
func cleanUpAsMainActor(_ body: @MainActor () -> Void) {
    guard MainActorThread.isCurrent else { return }
    withoutActuallyEscaping(body) { body in
        unsafeBitCast(body, to: (() -> Void).self)()
    }
}

// Borrowed references on the touch path (issue 36 item 4).
//
// Walking an array of views or recognizers, or up a view's superviews, retains each one and
// releases it after (~30 instructions a step) unless the compiler can see that something else
// holds it. `withBorrowed` hands `body` the object without either (Unmanaged's guaranteed
// reference), for walks where something else surely holds every object for the whole call:
// an array the walk keeps in a local (its buffer holds each element, whatever the tree does
// meanwhile), or a chain of superviews that only reads fields (nothing in the call can let a
// view go). Where app code runs in the step (a delegate, an override that may remove views),
// the walk keeps its strong references.
//
// A Swift 6 function in between matters: a main-actor closure handed straight to the standard
// library's `_withUnsafeGuaranteedRef` gets a run-time executor check at every call (the way
// tried and left out before: M3 23,757), one handed to this function gets none.
//
// `View.superview`, `GestureRecognizer.view` and `GestureRecognizer.arbiter` (the table above)
// are kept as `Unmanaged` references: loading an `unowned(unsafe)` one retained it even for a
// nil check or an `===`, and a walk up the tree steps from one unretained superview to the next.
//
// Measured (callgrind, static release build), M3 instructions a tap: 17,810 -> 16,985 with the
// hit test's subviews borrowed (M3_wide1000 181,077 -> 130,609: 1,000 more views walked); 16,298
// with the three references above unretained and the walks up borrowing each view (M3_deep250
// 139,967 -> 105,888); 15,830 with a report's recognizers and identity searches borrowed.

/// `body(object)` with `object` borrowed for the call: not retained, not released.
@inline(__always)
func withBorrowed<Object: AnyObject, Result>(_ object: Unmanaged<Object>, _ body: (Object) -> Result) -> Result {
    object._withUnsafeGuaranteedRef(body)
}

extension Array where Element: AnyObject {
    /// Whether an element satisfies `predicate`, each one borrowed for its call (the array
    /// holds them). For predicates that only read.
    @inline(__always)
    func containsBorrowed(where predicate: (Element) -> Bool) -> Bool {
        var i = 0
        while i < count {
            if withBorrowed(Unmanaged.passUnretained(self[i]), predicate) { return true }
            i += 1
        }
        return false
    }
}

extension View {
    /// The superview, unretained: a step up for walks that borrow each view (`withBorrowed`).
    @inline(__always)
    var unretainedSuperview: Unmanaged<View>? { superviewReference }
}
