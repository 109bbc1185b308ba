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

// Opens and closes devices for libinput instead of open(2): open returns a descriptor or -errno.
struct bezel_input_opener {
    int (*open)(const char *path, void *context);
    void (*close)(int fd, void *context);
    void *context;
};

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
    if (li && libinput_udev_assign_seat(li, seat) != 0) {
        libinput_unref(li);
        return NULL;
    }
    return li;
}

// A context on an explicit device list (BEZEL_INPUT_DEVICES), or NULL.
static inline struct libinput *bezel_libinput_path(struct bezel_input_opener *opener) {
    return libinput_path_create_context(&bezel_libinput_interface, opener);
}

#endif
