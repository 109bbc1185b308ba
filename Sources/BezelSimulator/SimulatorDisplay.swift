import Bezel
import BezelCairo
import CSDL
#if canImport(Glibc)
import Glibc
#endif

/// The desktop simulator: an SDL2 window the size of the panel (turned by its rotation, as
/// the real panel would be) showing Bezel's frames, with the mouse as one finger and, like
/// Apple's simulator, Alt (Option) + drag as two fingers mirrored around the window's centre
/// (pinch and rotate). Keys become presses; F12 saves a screenshot. Events arrive on the X
/// connection's descriptor (watched by the event loop), so an idle simulator sleeps too.
@MainActor
public final class SimulatorDisplay {
    public struct SimulatorError: Error, CustomStringConvertible {
        public let description: String
    }

    public let width: Int
    public let height: Int
    /// The X connection to watch, or nil (Wayland and others: call `pumpEvents()` on a timer).
    public let eventFileDescriptor: Int32?
    /// Touch reports in panel (window) coordinates, one frame per mouse event.
    public var onTouchFrame: ((TouchFrame) -> Void)?
    public var onKey: ((Press.Key, Bool) -> Void)?
    public var onScreenshotKey: (() -> Void)?
    /// The window was closed.
    public var onQuit: (() -> Void)?
    /// The window system lost the window's contents (mapped, uncovered): show a whole frame.
    public var onExposed: (() -> Void)?

    private let window: OpaquePointer
    private let sdl: SDLLibrary
    private var fingersDown = 0     // 0, 1 (mouse) or 2 (mouse + mirrored)

    /// Opens the window (needs DISPLAY or WAYLAND_DISPLAY); a clear error when it cannot.
    public init(width: Int, height: Int, title: String = "Bezel simulator") throws(SimulatorError) {
        let sdl = try SDLLibrary.load()
        guard sdl.initialize(SDL_INIT_VIDEO) == 0 else {
            throw SimulatorError(description: "simulator: SDL cannot start video (\(sdl.lastError)); is DISPLAY or WAYLAND_DISPLAY set?")
        }
        // With DISPLAY naming no running X server (and no Wayland), SDL 2.26 does not fail: it
        // falls back to its offscreen driver, and the app would run in a window nobody can see
        // (found when Xvfb had not started under K1). Only an explicit SDL_VIDEODRIVER gets it.
        let driver = sdl.currentVideoDriver ?? "none"
        if Self.invisibleDrivers.contains(driver), getenv("SDL_VIDEODRIVER") == nil {
            sdl.quit()
            let display = getenv("DISPLAY").map { String(cString: $0) } ?? "unset"
            throw SimulatorError(description: "simulator: no window system answers (DISPLAY=\(display)); SDL fell back to its \(driver) driver, which shows nothing")
        }
        guard let window = sdl.createWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(width), Int32(height), SDL_WINDOW_SHOWN.rawValue) else {
            let why = sdl.lastError
            sdl.quit()
            throw SimulatorError(description: "simulator: cannot open a \(width)x\(height) window (\(why))")
        }
        self.window = window
        self.sdl = sdl
        self.width = width
        self.height = height
        let fd = bezel_sdl_event_fd(window, sdl.getWindowWMInfo, sdl.xConnectionNumber)
        eventFileDescriptor = fd >= 0 ? fd : nil
    }

    isolated deinit {
        sdl.destroyWindow(window)
        sdl.quit()
    }

    /// Shows `frame` (panel-sized XRGB8888) where `rects` changed.
    public func present(_ frame: ImageBuffer, damage rects: [Rect]) {
        guard let surface = sdl.getWindowSurface(window), let pixels = surface.pointee.pixels else { return }
        let format = surface.pointee.format.pointee.format
        // X11 windows of depth 24 are XRGB8888 in memory, as Bezel renders: a plain copy.
        guard format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              let target = try? ImageBuffer(wrapping: pixels, width: Int(surface.pointee.w), height: Int(surface.pointee.h),
                                             stride: Int(surface.pointee.pitch), owner: self) else { return }
        frame.copy(rects, to: target)
        var sdlRects = rects.map { r -> SDL_Rect in
            let i = r.integral
            return SDL_Rect(x: Int32(i.minX), y: Int32(i.minY), w: Int32(i.width), h: Int32(i.height))
        }
        _ = sdl.updateWindowSurfaceRects(window, &sdlRects, Int32(sdlRects.count))
    }

    /// Handles every pending window-system event.
    public func pumpEvents() {
        var event = SDL_Event()
        while sdl.pollEvent(&event) != 0 {
            handle(&event)
        }
    }

    private func handle(_ event: inout SDL_Event) {
        let type = bezel_sdl_event_type(&event)
        switch type {
        case SDL_QUIT.rawValue:
            onQuit?()
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            let point = Point(x: Double(event.button.x), y: Double(event.button.y))
            let twoFingers = sdl.getModState().rawValue & KMOD_ALT.rawValue != 0
            fingersDown = twoFingers ? 2 : 1
            report(twoFingers ? [.down(1, at: point), .down(2, at: mirrored(point))] : [.down(1, at: point)], time: event.button.timestamp)
        case SDL_MOUSEMOTION.rawValue where fingersDown > 0:
            let point = Point(x: Double(event.motion.x), y: Double(event.motion.y))
            report(fingersDown == 2 ? [.move(1, to: point), .move(2, to: mirrored(point))] : [.move(1, to: point)], time: event.motion.timestamp)
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT) && fingersDown > 0:
            report(fingersDown == 2 ? [.up(1), .up(2)] : [.up(1)], time: event.button.timestamp)
            fingersDown = 0
        case SDL_WINDOWEVENT.rawValue where event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue):
            onExposed?()
        case SDL_WINDOWEVENT.rawValue where event.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue) && fingersDown > 0:
            // The mouse left with the button down: the fingers are cancelled, not left hanging.
            report(fingersDown == 2 ? [.cancel(1), .cancel(2)] : [.cancel(1)], time: event.window.timestamp)
            fingersDown = 0
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let down = type == SDL_KEYDOWN.rawValue
            let keycode = event.key.keysym.sym
            if keycode == SDL_KeyCode(SDLK_F12.rawValue).rawValue {
                if down { onScreenshotKey?() }
                return
            }
            guard event.key.repeat == 0 else { return }
            let shifted = sdl.getModState().rawValue & KMOD_SHIFT.rawValue != 0
            onKey?(SimulatorKeys.key(scancode: event.key.keysym.scancode, keycode: keycode, shifted: shifted), down)
        default:
            break
        }
    }

    /// SDL's video drivers that show no window: chosen only when SDL_VIDEODRIVER names them.
    static let invisibleDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    /// The second finger of a two-finger drag: the point opposite the window's centre.
    func mirrored(_ point: Point) -> Point {
        Point(x: Double(width) - point.x, y: Double(height) - point.y)
    }

    private func report(_ reports: [TouchReport], time: UInt32) {
        onTouchFrame?(TouchFrame(reports, timestamp: Double(time) / 1000))
    }
}
