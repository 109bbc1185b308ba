// The Linux event primitives of Bezel's main loop, and libdispatch's main-queue hooks (the
// ones swift-corelibs-foundation's RunLoop uses) so main-actor work runs on the loop's thread.
#ifndef BEZEL_CLINUXEVENTS_SHIM_H
#define BEZEL_CLINUXEVENTS_SHIM_H

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>
#include <unistd.h>
#include <errno.h>
#include <string.h>
#include <time.h>
#include <sys/syscall.h>

// libdispatch SPI (exported by libdispatch.so on Linux).
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *_Null_unspecified msg);

static inline int bezel_errno(void) { return errno; }
static inline int bezel_thread_id(void) { return (int)syscall(SYS_gettid); }

// Blocks SIGINT and SIGTERM for the process (so they arrive through a signalfd) and returns
// the signalfd, or -1.
static inline int bezel_signalfd_for_termination(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

static inline int bezel_read_signal(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

static inline int bezel_arm_timer(int fd, long long deadline_ns) {
    struct itimerspec spec = {0};
    if (deadline_ns > 0) {
        spec.it_value.tv_sec = deadline_ns / 1000000000LL;
        spec.it_value.tv_nsec = deadline_ns % 1000000000LL;
    }
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

static inline void bezel_drain(int fd) {
    unsigned long long value;
    while (read(fd, &value, sizeof value) > 0) {}
}

// Reads an eventfd's counter once if it is set, never blocking (for descriptors owned by
// others, whose blocking mode must not be changed).
#include <poll.h>
static inline void bezel_drain_once(int fd) {
    struct pollfd p = { .fd = fd, .events = POLLIN };
    if (poll(&p, 1, 0) == 1 && (p.revents & POLLIN)) {
        unsigned long long value;
        (void)read(fd, &value, sizeof value);
    }
}

static inline int bezel_wake(int fd) {
    unsigned long long one = 1;
    return (int)write(fd, &one, sizeof one);
}

static inline int bezel_epoll_add(int epoll, int fd, unsigned long long token) {
    struct epoll_event event = { .events = EPOLLIN, .data.u64 = token };
    return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

static inline int bezel_epoll_remove(int epoll, int fd) {
    return epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL);
}

// Waits up to timeout_ms (-1: forever) and returns the token of one ready descriptor in
// *token, the number of ready events, or -1 (errno set; EINTR is not an error).
static inline int bezel_epoll_wait_one(int epoll, int timeout_ms, unsigned long long *tokens, int capacity) {
    struct epoll_event events[16];
    if (capacity > 16) capacity = 16;
    int n = epoll_wait(epoll, events, capacity, timeout_ms);
    for (int i = 0; i < n; i++) tokens[i] = events[i].data.u64;
    return n;
}


// sd_notify without libsystemd: one datagram to the AF_UNIX socket systemd names in
// NOTIFY_SOCKET (a path, or an abstract name written with a leading '@'). 0 or -errno.
#include <sys/socket.h>
#include <sys/un.h>
#include <stddef.h>
static inline int bezel_notify_send(const char *socket_name, const char *message, size_t length) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    size_t name_length = strlen(socket_name);
    if (name_length == 0 || name_length >= sizeof address.sun_path) return -EINVAL;
    memcpy(address.sun_path, socket_name, name_length);
    if (socket_name[0] == '@') address.sun_path[0] = 0;
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + name_length);
    ssize_t sent = sendto(fd, message, length, MSG_NOSIGNAL, (struct sockaddr *)&address, size);
    int error = errno;
    close(fd);
    return sent < 0 ? -error : 0;
}

// The virtual console's mode: KD_GRAPHICS stops the kernel console drawing text, its cursor
// and its blanking on the display while a graphical app owns it; KD_TEXT gives it back.
#include <sys/ioctl.h>
#include <linux/kd.h>
static inline int bezel_kd_get_mode(int fd) {
    int mode = 0;
    return ioctl(fd, KDGETMODE, &mode) == 0 ? mode : -errno;
}
static inline int bezel_kd_set_mode(int fd, int mode) {
    return ioctl(fd, KDSETMODE, (unsigned long)mode) == 0 ? 0 : -errno;
}
static inline int bezel_kd_graphics(void) { return KD_GRAPHICS; }
static inline int bezel_kd_text(void) { return KD_TEXT; }

// VT switching under the app's control (VT_PROCESS): the kernel sends SIGUSR1 before
// switching away and waits for VT_RELDISP 1; SIGUSR2 once switched back (acknowledged with
// VT_RELDISP VT_ACKACQ). The two signals are blocked and read from the returned signalfd.
#include <linux/vt.h>
static inline int bezel_vt_signalfd(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGUSR2);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -errno;
    int fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
    return fd >= 0 ? fd : -errno;
}
static inline int bezel_vt_set_process_mode(int fd, int process) {
    struct vt_mode mode;
    memset(&mode, 0, sizeof mode);
    mode.mode = process ? VT_PROCESS : VT_AUTO;
    mode.relsig = process ? SIGUSR1 : 0;
    mode.acqsig = process ? SIGUSR2 : 0;
    return ioctl(fd, VT_SETMODE, &mode) == 0 ? 0 : -errno;
}
static inline int bezel_vt_release(int fd) { return ioctl(fd, VT_RELDISP, 1) == 0 ? 0 : -errno; }
static inline int bezel_vt_acknowledge_acquire(int fd) { return ioctl(fd, VT_RELDISP, VT_ACKACQ) == 0 ? 0 : -errno; }
static inline int bezel_sigusr1(void) { return SIGUSR1; }

// Input switches read straight from evdev (libinput handles only the lid and tablet-mode
// switches): the headphone jack's SW_HEADPHONE_INSERT. The state now through EVIOCGSW (1, 0,
// or -errno), and the pending events read: the last value of switch `code`, 2 when none
// changed, or -errno (-EAGAIN: nothing to read). After SYN_DROPPED (the kernel's queue
// overflowed) the state is asked again rather than pieced together.
#include <linux/input.h>
static inline int bezel_sw_headphone_insert(void) { return SW_HEADPHONE_INSERT; }
static inline int bezel_evdev_switch_state(int fd, int code) {
    unsigned long bits[(SW_MAX + 8 * sizeof(unsigned long)) / (8 * sizeof(unsigned long))];
    memset(bits, 0, sizeof bits);
    if (ioctl(fd, EVIOCGSW(sizeof bits), bits) < 0) return -errno;
    return (int)((bits[code / (8 * sizeof(unsigned long))] >> (code % (8 * sizeof(unsigned long)))) & 1);
}
static inline int bezel_evdev_read_switch(int fd, int code) {
    struct input_event events[16];
    int last = 2, dropped = 0;
    for (;;) {
        ssize_t n = read(fd, events, sizeof events);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN && (last != 2 || dropped)) break;
            return -errno;
        }
        if (n == 0) break;
        for (size_t i = 0; i < (size_t)n / sizeof events[0]; i++) {
            if (events[i].type == EV_SYN && events[i].code == SYN_DROPPED) dropped = 1;
            else if (events[i].type == EV_SW && events[i].code == code) last = events[i].value ? 1 : 0;
        }
        if ((size_t)n < sizeof events) break;
    }
    if (dropped) {
        int state = bezel_evdev_switch_state(fd, code);
        return state < 0 ? last : state;
    }
    return last;
}

// The remote service's Unix socket (BezelLinux/UnixSocket.swift). Each returns a descriptor
// or 0, or -errno.
#include <sys/stat.h>
static inline int bezel_unix_listen(const char *path, int backlog) {
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof address.sun_path) return -ENAMETOOLONG;
    strcpy(address.sun_path, path);
    // A socket left by an earlier run is replaced; anything else at the path is not touched.
    struct stat status;
    if (lstat(path, &status) == 0) {
        if (!S_ISSOCK(status.st_mode)) return -EEXIST;
        unlink(path);
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(fd, backlog) != 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}
static inline int bezel_unix_connect(const char *path) {
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof address.sun_path) return -ENAMETOOLONG;
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}
// glibc declares accept4 and struct ucred only under _GNU_SOURCE, which this header cannot
// set (sys/socket.h is in already): the same declaration, and ucred's kernel layout.
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);
struct bezel_ucred { int pid; unsigned int uid; unsigned int gid; };
static inline int bezel_accept(int fd) {
    int connection = accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    return connection < 0 ? -errno : connection;
}
static inline int bezel_peer_uid(int fd, unsigned int *uid) {
    struct bezel_ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -errno;
    *uid = credentials.uid;
    return 0;
}
// Whether epoll also reports `fd` writable (a connection with replies waiting to go out).
static inline int bezel_epoll_set_writable(int epoll, int fd, unsigned long long token, int writable) {
    struct epoll_event event = { .events = EPOLLIN | (writable ? EPOLLOUT : 0), .data.u64 = token };
    return epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event);
}

#endif
