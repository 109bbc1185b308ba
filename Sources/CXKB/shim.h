// xkbcommon: keymaps (evdev key code + layout + modifiers -> key symbol and text).
#ifndef BEZEL_CXKB_SHIM_H
#define BEZEL_CXKB_SHIM_H
#include <xkbcommon/xkbcommon.h>
#endif
