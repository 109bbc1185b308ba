// Three functions of libdispatch, the Swift runtime's own (every Swift program with
// concurrency links it), declared here rather than imported as the Dispatch module: a
// Dispatch.swiftmodule is binary, made by one compiler version, and the aarch64 SDK's (Swift
// 6.2.3) cannot be imported by the host's 6.3.1 compiler; a C declaration has no version.
// Bezel's core uses them for one question: is the current queue the main queue
// (Platform/MainActorThread.swift). Renamed with asm labels so they cannot clash with
// dispatch.h's declarations where both are seen.
#ifndef BEZEL_MAIN_QUEUE_SHIM_H
#define BEZEL_MAIN_QUEUE_SHIM_H

struct dispatch_queue_static_s;
extern struct dispatch_queue_static_s _dispatch_main_q;

extern void bezel_dispatch_queue_set_specific(void *queue, const void *key, void *context, void (*destructor)(void *))
    __asm__("dispatch_queue_set_specific");
extern void *bezel_dispatch_get_specific(const void *key) __asm__("dispatch_get_specific");

/// The main queue (dispatch_get_main_queue() is a macro for this address).
static inline void *bezel_dispatch_main_queue(void) { return (void *)&_dispatch_main_q; }

#endif
