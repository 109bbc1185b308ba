// libseat: device access granted by a seat manager (seatd, or systemd-logind), so a kiosk app
// runs unprivileged and hands the screen over cleanly when the seat switches away.
// libseat keeps the listener pointer, so it is a static C object (as libinput's interface).
#ifndef BEZEL_CSEAT_SHIM_H
#define BEZEL_CSEAT_SHIM_H

#include <libseat.h>
#include <errno.h>

// What the seat callbacks report, read by Swift after each dispatch. A disable is not
// acknowledged here: Swift first stops using the devices (libinput closes its own), then
// calls libseat_disable_seat (pending_disable tells it to).
struct bezel_seat_state { int active; int changes; int pending_disable; };

static void bezel_seat_enable(struct libseat *seat, void *data) {
    (void)seat;
    struct bezel_seat_state *state = data;
    state->active = 1;
    state->changes += 1;
}

static void bezel_seat_disable(struct libseat *seat, void *data) {
    struct bezel_seat_state *state = data;
    (void)seat;
    state->active = 0;
    state->changes += 1;
    state->pending_disable = 1;
}

static const struct libseat_seat_listener bezel_seat_listener = {
    .enable_seat = bezel_seat_enable,
    .disable_seat = bezel_seat_disable,
};

static inline struct libseat *bezel_seat_open(struct bezel_seat_state *state) {
    return libseat_open_seat(&bezel_seat_listener, state);
}

static inline int bezel_seat_errno(void) { return errno; }

#endif
