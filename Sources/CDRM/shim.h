// libdrm: KMS modesetting and dumb buffers. Function-like macros (ioctl numbers, fourcc
// codes) do not import into Swift, so the few Bezel needs are wrapped here.
#ifndef BEZEL_CDRM_SHIM_H
#define BEZEL_CDRM_SHIM_H

#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
// udev: display hotplug (a card appearing, a connector connected or disconnected).
#include <libudev.h>

static inline uint32_t bezel_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
static inline uint32_t bezel_drm_format_rgb565(void) { return DRM_FORMAT_RGB565; }
static inline uint32_t bezel_drm_format_argb8888(void) { return DRM_FORMAT_ARGB8888; }
static inline int bezel_drm_errno(void) { return errno; }

static inline int bezel_drm_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t bpp, uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb request;
    memset(&request, 0, sizeof request);
    request.width = width;
    request.height = height;
    request.bpp = bpp;
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &request) != 0) return -1;
    *handle = request.handle;
    *pitch = request.pitch;
    *size = request.size;
    return 0;
}

static inline int bezel_drm_map_dumb(int fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb request;
    memset(&request, 0, sizeof request);
    request.handle = handle;
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &request) != 0) return -1;
    *offset = request.offset;
    return 0;
}

static inline void bezel_drm_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb request;
    memset(&request, 0, sizeof request);
    request.handle = handle;
    drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &request);
}

static inline void *bezel_mmap_shared(int fd, uint64_t size, uint64_t offset) {
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)offset);
    return p == MAP_FAILED ? NULL : p;
}

// Page-flip completion: drmHandleEvent calls back into C with the user data given to
// drmModePageFlip, which Bezel points at one of these (a Swift closure cannot be a C
// callback with context).
struct bezel_flip_result { int flips; double seconds; };

static void bezel_on_page_flip(int fd, unsigned int sequence, unsigned int sec, unsigned int usec, void *data) {
    (void)fd; (void)sequence;
    struct bezel_flip_result *result = data;
    if (!result) return;
    result->flips += 1;
    result->seconds = (double)sec + (double)usec / 1e6;
}

// Reads the DRM events that are ready, updating the results their flips point at.
static inline int bezel_drm_handle_events(int fd) {
    drmEventContext context;
    memset(&context, 0, sizeof context);
    context.version = 2;
    context.page_flip_handler = bezel_on_page_flip;
    return drmHandleEvent(fd, &context);
}

#endif
