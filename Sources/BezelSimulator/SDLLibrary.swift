import Bezel
import BezelCairo
import CSDL

/// The SDL2 functions the simulator calls, looked up in libSDL2 when the simulator starts
/// (`dlopen`): a kiosk on a panel never maps SDL, Xlib and their dependencies (issue 17 item 3;
/// they were linked into every Bezel app before). Opened once per process.
@MainActor
struct SDLLibrary {
    let initialize: @convention(c) (UInt32) -> Int32
    let quit: @convention(c) () -> Void
    let createWindow: @convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32, UInt32) -> OpaquePointer?
    let destroyWindow: @convention(c) (OpaquePointer?) -> Void
    let getWindowSurface: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<SDL_Surface>?
    let updateWindowSurfaceRects: @convention(c) (OpaquePointer?, UnsafePointer<SDL_Rect>?, Int32) -> Int32
    let pollEvent: @convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32
    let getModState: @convention(c) () -> SDL_Keymod
    let getError: @convention(c) () -> UnsafePointer<CChar>?
    let getCurrentVideoDriver: @convention(c) () -> UnsafePointer<CChar>?
    let getWindowWMInfo: bezel_sdl_get_wm_info
    /// Xlib's, for the X connection's descriptor (nil without Xlib: the simulator polls).
    let xConnectionNumber: bezel_x_connection_number?

    private static var loaded: SDLLibrary?

    /// libSDL2-2.0.so.0's functions; a clear error (naming the Debian package) without it.
    static func load() throws(SimulatorDisplay.SimulatorError) -> SDLLibrary {
        if let loaded { return loaded }
        do throws(CairoError) {
            let sdl = try SharedLibrary.open("libSDL2-2.0.so.0", package: "libsdl2-2.0-0", for: "the simulator")
            // SDL opens Xlib itself for its X11 video driver; here only its descriptor is read.
            let x11 = try? SharedLibrary.open("libX11.so.6", package: "libx11-6", for: "the simulator's X connection")
            let library = SDLLibrary(
                initialize: try sdl.function("SDL_Init", as: (@convention(c) (UInt32) -> Int32).self),
                quit: try sdl.function("SDL_Quit", as: (@convention(c) () -> Void).self),
                createWindow: try sdl.function("SDL_CreateWindow", as: (@convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32, UInt32) -> OpaquePointer?).self),
                destroyWindow: try sdl.function("SDL_DestroyWindow", as: (@convention(c) (OpaquePointer?) -> Void).self),
                getWindowSurface: try sdl.function("SDL_GetWindowSurface", as: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<SDL_Surface>?).self),
                updateWindowSurfaceRects: try sdl.function("SDL_UpdateWindowSurfaceRects", as: (@convention(c) (OpaquePointer?, UnsafePointer<SDL_Rect>?, Int32) -> Int32).self),
                pollEvent: try sdl.function("SDL_PollEvent", as: (@convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32).self),
                getModState: try sdl.function("SDL_GetModState", as: (@convention(c) () -> SDL_Keymod).self),
                getError: try sdl.function("SDL_GetError", as: (@convention(c) () -> UnsafePointer<CChar>?).self),
                getCurrentVideoDriver: try sdl.function("SDL_GetCurrentVideoDriver", as: (@convention(c) () -> UnsafePointer<CChar>?).self),
                getWindowWMInfo: try sdl.function("SDL_GetWindowWMInfo", as: bezel_sdl_get_wm_info.self),
                xConnectionNumber: try? x11?.function("XConnectionNumber", as: bezel_x_connection_number.self))
            loaded = library
            return library
        } catch {
            throw SimulatorDisplay.SimulatorError(description: "simulator: \(error)")
        }
    }

    /// SDL's last error message.
    var lastError: String { getError().map { String(cString: $0) } ?? "unknown error" }

    /// The video driver SDL_Init chose ("x11", "wayland", "offscreen"...), nil before it.
    var currentVideoDriver: String? { getCurrentVideoDriver().map { String(cString: $0) } }
}
