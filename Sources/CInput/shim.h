// libinput and libudev. libinput keeps the interface pointer it is given for the context's
// whole life, so it is a static C object here (a Swift temporary crashed in release builds,
// design.md §2). Devices are opened directly (root or the 'input' group), or by the opener
// given as the context's user data (a seat manager through libseat).
#ifndef BEZEL_CINPUT_SHIM_H
#define BEZEL_CINPUT_SHIM_H

#include <libinput.h>
#include <libudev.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>

#include <stdarg.h>
#include <stdio.h>

// Opens and closes devices for libinput instead of open(2): open returns a descriptor or -errno
// (both NULL: open(2) directly). `log` receives libinput's messages, one formatted line each
// (libinput passes a va_list, which Swift cannot take portably: design.md §2).
struct bezel_input_opener {
    int (*open)(const char *path, void *context);
    void (*close)(int fd, void *context);
    void *context;
    void (*log)(int priority, const char *line);
};

static void bezel_libinput_log(struct libinput *li, enum libinput_log_priority priority, const char *format, va_list args) {
    struct bezel_input_opener *opener = libinput_get_user_data(li);
    if (!opener || !opener->log) return;
    char line[512];
    vsnprintf(line, sizeof line, format, args);
    opener->log((int)priority, line);
}

// Sends libinput's messages from INFO up (SYN_DROPPED is one) to the opener's `log`.
static inline void bezel_libinput_route_log(struct libinput *li) {
    libinput_log_set_handler(li, bezel_libinput_log);
    libinput_log_set_priority(li, LIBINPUT_LOG_PRIORITY_INFO);
}

static int bezel_open_restricted(const char *path, int flags, void *user_data) {
    struct bezel_input_opener *opener = user_data;
    if (opener && opener->open) return opener->open(path, opener->context);
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

static void bezel_close_restricted(int fd, void *user_data) {
    struct bezel_input_opener *opener = user_data;
    if (opener && opener->close) { opener->close(fd, opener->context); return; }
    close(fd);
}

static const struct libinput_interface bezel_libinput_interface = {
    .open_restricted = bezel_open_restricted,
    .close_restricted = bezel_close_restricted,
};

// A context on udev's seat (hotplug), or NULL.
static inline struct libinput *bezel_libinput_udev(struct udev *udev, const char *seat, struct bezel_input_opener *opener) {
    struct libinput *li = libinput_udev_create_context(&bezel_libinput_interface, opener, udev);
    if (li) bezel_libinput_route_log(li);
    if (li && libinput_udev_assign_seat(li, seat) != 0) {
        libinput_unref(li);
        return NULL;
    }
    return li;
}

// A context on an explicit device list (BEZEL_INPUT_DEVICES), or NULL.
static inline struct libinput *bezel_libinput_path(struct bezel_input_opener *opener) {
    struct libinput *li = libinput_path_create_context(&bezel_libinput_interface, opener);
    if (li) bezel_libinput_route_log(li);
    return li;
}

#endif
