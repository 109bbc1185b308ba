// libinput and libudev. libinput keeps the interface pointer it is given for the context's
// whole life, so it is a static C object here (a Swift temporary crashed in release builds,
// design.md §2); opening devices is direct (root or the 'input' group; libseat comes next).
#ifndef BEZEL_CINPUT_SHIM_H
#define BEZEL_CINPUT_SHIM_H

#include <libinput.h>
#include <libudev.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>

static int bezel_open_restricted(const char *path, int flags, void *user_data) {
    (void)user_data;
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

static void bezel_close_restricted(int fd, void *user_data) {
    (void)user_data;
    close(fd);
}

static const struct libinput_interface bezel_libinput_interface = {
    .open_restricted = bezel_open_restricted,
    .close_restricted = bezel_close_restricted,
};

// A context on udev's seat (hotplug), or NULL.
static inline struct libinput *bezel_libinput_udev(struct udev *udev, const char *seat) {
    struct libinput *li = libinput_udev_create_context(&bezel_libinput_interface, NULL, udev);
    if (li && libinput_udev_assign_seat(li, seat) != 0) {
        libinput_unref(li);
        return NULL;
    }
    return li;
}

// A context on an explicit device list (BEZEL_INPUT_DEVICES), or NULL.
static inline struct libinput *bezel_libinput_path(void) {
    return libinput_path_create_context(&bezel_libinput_interface, NULL);
}

#endif
