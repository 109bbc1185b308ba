// SDL2 for the desktop simulator (and Xlib only to learn the X connection's descriptor, so
// the simulator's events wake Bezel's epoll loop instead of being polled). Only SDL's types
// and constants come from here: its functions are looked up in libSDL2 opened when the
// simulator is chosen (BezelSimulator/SDLLibrary.swift), so a panel never maps SDL or Xlib.
#ifndef BEZEL_CSDL_SHIM_H
#define BEZEL_CSDL_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

typedef SDL_bool (*bezel_sdl_get_wm_info)(SDL_Window *window, SDL_SysWMinfo *info);
typedef int (*bezel_x_connection_number)(Display *display);

// The descriptor the window system's events arrive on (X11), or -1 (Wayland, others: poll).
static inline int bezel_sdl_event_fd(SDL_Window *window, bezel_sdl_get_wm_info get_info,
                                     bezel_x_connection_number connection_number) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!get_info(window, &info)) return -1;
#if defined(SDL_VIDEO_DRIVER_X11)
    if (info.subsystem == SDL_SYSWM_X11 && connection_number) return connection_number(info.info.x11.display);
#endif
    return -1;
}

static inline Uint32 bezel_sdl_event_type(const SDL_Event *event) { return event->type; }
#endif
