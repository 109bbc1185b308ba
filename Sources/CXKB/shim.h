// xkbcommon: keymaps (evdev key code + layout + modifiers -> key symbol and text) and
// compose tables (dead keys and compose sequences -> text).
#ifndef BEZEL_CXKB_SHIM_H
#define BEZEL_CXKB_SHIM_H
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#endif
