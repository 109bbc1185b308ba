// SDL2 for the desktop simulator (and Xlib only to learn the X connection's descriptor, so
// the simulator's events wake Bezel's epoll loop instead of being polled).
#ifndef BEZEL_CSDL_SHIM_H
#define BEZEL_CSDL_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

// The descriptor the window system's events arrive on (X11), or -1 (Wayland, others: poll).
static inline int bezel_sdl_event_fd(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info)) return -1;
#if defined(SDL_VIDEO_DRIVER_X11)
    if (info.subsystem == SDL_SYSWM_X11) return XConnectionNumber(info.info.x11.display);
#endif
    return -1;
}

static inline Uint32 bezel_sdl_event_type(const SDL_Event *event) { return event->type; }
static inline const char *bezel_sdl_error(void) { return SDL_GetError(); }
#endif
