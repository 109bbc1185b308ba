import Bezel
import BezelSeat
import CInput

/// Input from libinput (design.md §1): touches as one `TouchFrame` per TOUCH_FRAME, in screen
/// points; a mouse (or any pointer) as one finger, `mouseFinger`, down while its left button
/// is, its position reported for a drawn cursor (`onPointer`); keys and buttons (keyboards,
/// keypads, GPIO buttons) as presses with xkbcommon symbols and text (`onKey`, per-device
/// modifier state, layout from BEZEL_KEYBOARD_LAYOUT).
///
/// Framing as libinput defines it (Qt's qlibinputtouch.cpp is the model): TOUCH_UP carries no
/// coordinates (the slot's last position is kept by the sequencer); TOUCH_CANCEL cancels the
/// touch (the whole device's touches when no slot is given); a final frame may be missing after
/// the last up, so pending reports are flushed at the end of every dispatch; a device removed
/// mid-touch cancels its touches. Fingers are identified by libinput's seat slot (unique
/// across devices). Coordinates are scaled to the panel and rotated back to the UI with the
/// display's rotation (touch follows display rotation by default).
@MainActor
public final class LibinputSource {
    public struct InputError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The descriptor to watch (MainLoop) before calling `dispatch()`.
    public let fileDescriptor: Int32
    /// The panel's size in points (touches are mapped onto it); the runtime changes it when a
    /// display appears late or comes back in another mode.
    public var panelSize: Size
    public var rotation: DisplayRotation
    /// A calibration matrix (libinput's: row-major a b c d e f, on coordinates normalized to
    /// 0...1) applied to every touch device as it appears; nil keeps the device's own (udev's
    /// LIBINPUT_CALIBRATION_MATRIX, which libinput honours by itself).
    public var calibration: [Float]?
    /// Called with each frame of reports; usually `Application.handleTouchFrame`.
    public var onFrame: ((TouchFrame) -> Void)?
    /// Called when an input device appears or disappears: its name, whether it appeared.
    public var onDevice: ((String, Bool) -> Void)?
    /// Called for each key press (true) and release (false): evdev code, XKB symbol, text.
    public var onKey: ((Press.Key, Bool) -> Void)?
    /// Called when the pointer moves or a pointer device comes or goes: where the pointer is,
    /// or nil once no pointer device is attached (hide the cursor).
    public var onPointer: ((Point?) -> Void)?
    /// Touch reports whose coordinates lay off the panel and were clamped onto it (beyond the
    /// axis range the device announced: a mis-calibrated or noisy controller).
    public private(set) var clampedReports = 0

    /// `point` (panel coordinates) moved onto a panel of `size`: each coordinate into
    /// 0..<size (the last pixel's far edge is off the panel for hit-testing), a coordinate
    /// that is not a number to 0.
    nonisolated static func clamped(_ point: Point, to size: Size) -> Point {
        func clamp(_ value: Double, _ limit: Double) -> Double {
            guard value.isFinite, limit > 0 else { return 0 }
            return min(max(value, 0), limit.nextDown)
        }
        return Point(x: clamp(point.x, size.width), y: clamp(point.y, size.height))
    }

    /// Pointer devices attached now (mice, absolute pointers; touchscreens are not).
    public private(set) var pointerDevices = 0
    /// The layout every keyboard gets (each with its own modifier state).
    public let keyboardLayout: KeyboardLayout
    private var keyboards: [OpaquePointer: KeyboardLayout] = [:]

    /// The finger a mouse plays (beyond libinput's seat slots, which start at 0).
    public static let mouseFinger = 1000
    /// Where the pointer is (UI coordinates); starts in the middle of the screen.
    public private(set) var pointerLocation: Point
    private var mouseDown = false

    /// Outlives the context (libinput closes devices through it on unref).
    private let deviceOpener: InputDeviceOpener?
    /// The context's user data without a seat manager's opener: devices opened directly,
    /// libinput's log routed (LibinputLog). One for the process (it holds no state; libinput
    /// keeps the pointer while a context lives).
    private static let directCallbacks: UnsafeMutablePointer<bezel_input_opener> = {
        let callbacks = UnsafeMutablePointer<bezel_input_opener>.allocate(capacity: 1)
        callbacks.initialize(to: bezel_input_opener(open: nil, close: nil, context: nil, log: LibinputLog.sink))
        return callbacks
    }()
    private let udev: OpaquePointer?
    private let libinput: OpaquePointer
    private var pending: [TouchReport] = []
    /// A frame of moves only read in this dispatch, waiting to be coalesced with the next.
    private var heldMoves: TouchFrame?
    /// The timestamp of the first frame merged into `heldMoves`.
    private var heldSince: TimeInterval = 0
    /// Moves closer together than this are coalesced: one 120 Hz frame (ProMotion's rate, the
    /// fastest UIKit delivers touches at).
    static let coalescingWindow = 1.0 / 120
    /// Frames of moves merged into a later one because they were read together (the app
    /// had fallen behind the device).
    public private(set) var coalescedFrames = 0
    private var pendingTime: TimeInterval = 0
    /// Live slots and the device each belongs to (for cancelling on removal).
    private var liveSlots: [Int: OpaquePointer] = [:]

    /// A source on udev's `seat` (devices hot-plugged while running), or on the devices
    /// listed in `BEZEL_INPUT_DEVICES` (comma-separated paths) through libinput's path backend.
    /// Devices are opened directly, or by `opener` (a seat manager's, `SeatSession.opener`).
    /// `keyboardLayout` nil: BEZEL_KEYBOARD_LAYOUT, else "us" (a layout that does not exist
    /// is an error now, not at the first key).
    /// `devices`: a fixed device list (else BEZEL_INPUT_DEVICES, else udev's seat with hotplug).
    public init(panelSize: Size, rotation: DisplayRotation = .none, seat: String = "seat0", keyboardLayout: KeyboardLayout? = nil,
                devices: [String]? = nil, opener: DeviceOpener? = nil) throws(InputError) {
        if let keyboardLayout {
            self.keyboardLayout = keyboardLayout
        } else {
            do throws(KeyboardLayout.LayoutError) {
                self.keyboardLayout = try KeyboardLayout()
            } catch {
                throw InputError(description: error.description)
            }
        }
        self.panelSize = panelSize
        self.rotation = rotation
        self.pointerLocation = Point(x: panelSize.width / 2, y: panelSize.height / 2)
        let deviceOpener = opener.map(InputDeviceOpener.init)
        self.deviceOpener = deviceOpener
        let callbacks = deviceOpener?.callbacks ?? Self.directCallbacks
        let list = devices ?? Environment.value("BEZEL_INPUT_DEVICES").map { $0.split(separator: ",").map(String.init) } ?? []
        if !list.isEmpty {
            guard let context = bezel_libinput_path(callbacks) else { throw InputError(description: "libinput: cannot create a path context") }
            for path in list where libinput_path_add_device(context, path) == nil {
                libinput_unref(context)
                throw InputError(description: "libinput: cannot open input device \(path) (does it exist? is this user in the 'input' group?)")
            }
            udev = nil
            libinput = context
        } else {
            guard let udev = udev_new() else { throw InputError(description: "udev: cannot create a context") }
            guard let context = bezel_libinput_udev(udev, seat, callbacks) else {
                udev_unref(udev)
                throw InputError(description: "libinput: cannot assign seat \(seat) (is udevd running?)")
            }
            self.udev = udev
            libinput = context
        }
        fileDescriptor = libinput_get_fd(libinput)
    }

    isolated deinit {
        libinput_unref(libinput)
        if let udev { udev_unref(udev) }
        withExtendedLifetime(deviceOpener) {}
    }

    /// Reads every pending libinput event and emits the frames they make.
    public func dispatch() {
        libinput_dispatch(libinput)
        while let event = libinput_get_event(libinput) {
            handle(event)
            libinput_event_destroy(event)
        }
        // Tolerate a missing final TOUCH_FRAME: nothing reported is held back.
        flush()
        deliverHeldMoves()
    }

    /// The seat was switched away (another VT, another session): every finger down is
    /// cancelled (its lift will come to someone else) and libinput closes its devices, which
    /// the seat manager has revoked. `resume()` opens them again (their `onDevice` says so).
    public func suspend() {
        dispatch()
        for slot in liveSlots.keys.sorted() { report(TouchReport(finger: slot, kind: .cancel), at: pendingTime) }
        liveSlots.removeAll()
        if mouseDown {
            mouseDown = false
            report(TouchReport(finger: Self.mouseFinger, kind: .cancel), at: pendingTime)
        }
        flush()
        libinput_suspend(libinput)
        dispatch()
    }

    /// The seat is back: libinput opens its devices again (through the seat manager).
    /// False: libinput could not (its log says why).
    @discardableResult
    public func resume() -> Bool {
        let resumed = libinput_resume(libinput) == 0
        dispatch()
        return resumed
    }

    private func handle(_ event: OpaquePointer) {
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED, LIBINPUT_EVENT_DEVICE_REMOVED:
            let device = libinput_event_get_device(event)!
            let touch = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
            let pointer = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0
            let keyboard = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0
            guard touch || pointer || keyboard else { return }
            let name = String(cString: libinput_device_get_name(device))
            if type == LIBINPUT_EVENT_DEVICE_ADDED, let matrix = calibration, matrix.count == 6,
               libinput_device_config_calibration_has_matrix(device) != 0 {
                _ = matrix.withUnsafeBufferPointer { libinput_device_config_calibration_set_matrix(device, $0.baseAddress) }
            }
            let added = type == LIBINPUT_EVENT_DEVICE_ADDED
            if keyboard {
                keyboards[device] = added ? keyboardLayout.forAnotherKeyboard() : nil
            }
            if pointer, !touch {
                pointerDevices += added ? 1 : -1
                onPointer?(pointerDevices > 0 ? pointerLocation : nil)
            }
            if type == LIBINPUT_EVENT_DEVICE_REMOVED {
                // Its fingers will never lift: cancel them so nothing is left half-delivered.
                for (slot, owner) in liveSlots where owner == device {
                    liveSlots[slot] = nil
                    report(TouchReport(finger: slot, kind: .cancel), at: pendingTime)
                }
                if pointer, mouseDown {
                    mouseDown = false
                    report(TouchReport(finger: Self.mouseFinger, kind: .cancel), at: pendingTime)
                }
                flush()
            }
            onDevice?(name, type == LIBINPUT_EVENT_DEVICE_ADDED)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            let touch = libinput_event_get_touch_event(event)!
            let time = TimeInterval(libinput_event_touch_get_time_usec(touch)) / 1_000_000
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            let device = libinput_event_get_device(event)!
            switch type {
            case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
                let reported = Point(x: libinput_event_touch_get_x_transformed(touch, UInt32(panelSize.width)),
                                     y: libinput_event_touch_get_y_transformed(touch, UInt32(panelSize.height)))
                let panel = Self.clamped(reported, to: panelSize)
                let logical = rotation.fromPanel(panel, logical: rotation.panelSize(for: panelSize))
                if type == LIBINPUT_EVENT_TOUCH_DOWN { liveSlots[slot] = device }
                var touchReport = TouchReport(finger: slot, kind: type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .move, location: logical)
                if panel != reported {
                    touchReport.unclampedLocation = rotation.fromPanel(reported, logical: rotation.panelSize(for: panelSize))
                    clampedReports += 1
                }
                report(touchReport, at: time)
            case LIBINPUT_EVENT_TOUCH_UP:
                liveSlots[slot] = nil
                report(TouchReport(finger: slot, kind: .up), at: time)
            default:
                if slot >= 0 {
                    liveSlots[slot] = nil
                    report(TouchReport(finger: slot, kind: .cancel), at: time)
                } else {
                    for (s, owner) in liveSlots where owner == device {
                        liveSlots[s] = nil
                        report(TouchReport(finger: s, kind: .cancel), at: time)
                    }
                }
            }
        case LIBINPUT_EVENT_TOUCH_FRAME:
            flush()
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput_event_get_pointer_event(event)!
            let logical = rotation.panelSize(for: panelSize)
            if type == LIBINPUT_EVENT_POINTER_MOTION {
                // Relative motion is in the panel's orientation: turn it like a point.
                let panel = rotation.toPanel(pointerLocation, logical: logical)
                let moved = Point(x: min(max(0, panel.x + libinput_event_pointer_get_dx(pointer)), panelSize.width - 1),
                                  y: min(max(0, panel.y + libinput_event_pointer_get_dy(pointer)), panelSize.height - 1))
                pointerLocation = rotation.fromPanel(moved, logical: logical)
            } else {
                let panel = Point(x: libinput_event_pointer_get_absolute_x_transformed(pointer, UInt32(panelSize.width)),
                                  y: libinput_event_pointer_get_absolute_y_transformed(pointer, UInt32(panelSize.height)))
                pointerLocation = rotation.fromPanel(panel, logical: logical)
            }
            onPointer?(pointerLocation)
            if mouseDown {
                report(TouchReport(finger: Self.mouseFinger, kind: .move, location: pointerLocation),
                       at: TimeInterval(libinput_event_pointer_get_time_usec(pointer)) / 1_000_000)
                flush()
            }
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput_event_get_pointer_event(event)!
            // BTN_LEFT (linux/input-event-codes.h): the mouse's finger.
            guard libinput_event_pointer_get_button(pointer) == 0x110 else { return }
            let pressed = libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED
            guard pressed != mouseDown else { return }
            mouseDown = pressed
            report(pressed ? .down(Self.mouseFinger, at: pointerLocation) : .up(Self.mouseFinger),
                   at: TimeInterval(libinput_event_pointer_get_time_usec(pointer)) / 1_000_000)
            flush()
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let key = libinput_event_get_keyboard_event(event)!
            let code = Int(libinput_event_keyboard_get_key(key))
            let down = libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED
            let layout = keyboards[libinput_event_get_device(event)!]
            onKey?(layout?.key(code: code, isDown: down) ?? Press.Key(code: code), down)
        default:
            break
        }
    }

    private func report(_ report: TouchReport, at time: TimeInterval) {
        pending.append(report)
        pendingTime = time
    }

    /// Ends the frame being read. Frames of moves only are held and coalesced with the next
    /// moves-only frame read in the same dispatch (`TouchFrame.coalescing`): when the app falls
    /// behind a flood of moves, one frame with the latest positions is delivered per read
    /// instead of every sample, so delivery keeps up with the kernel (issue 13's R6: without
    /// it, a 2 kHz ten-finger flood under emulation reached `sendEvent` 80 ms late at p99).
    /// Downs, ups and cancels are never merged: a held frame goes out before them.
    private func flush() {
        guard !pending.isEmpty else { return }
        let frame = TouchFrame(pending, timestamp: pendingTime)
        pending.removeAll(keepingCapacity: true)
        if frame.isMovesOnly {
            // Within one 120 Hz frame of the first held sample only (UIKit's fastest delivery
            // rate): samples further apart stay separate, so recognizers and scroll views still
            // see the motion's course (a fling's velocity) when the app reads a burst at once.
            if let earlier = heldMoves, frame.timestamp - heldSince < Self.coalescingWindow {
                heldMoves = TouchFrame.coalescing(earlier, frame)
                coalescedFrames += 1
            } else {
                deliverHeldMoves()
                heldMoves = frame
                heldSince = frame.timestamp
            }
            return
        }
        deliverHeldMoves()
        onFrame?(frame)
    }

    private func deliverHeldMoves() {
        guard let frame = heldMoves else { return }
        heldMoves = nil
        onFrame?(frame)
    }
}
