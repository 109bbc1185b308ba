// The process primitives Bezel's image decoder helper confines itself with (prctl and
// close_range are variadic or too new for Swift's Glibc module), and the wait-status macros
// Swift does not import. glibc only: no library to link.
#ifndef BEZEL_CPROCESS_SHIM_H
#define BEZEL_CPROCESS_SHIM_H

#include <sys/prctl.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>
#include <spawn.h>
#include <errno.h>

// The helper dies with its parent (a kiosk restarted by systemd leaves no decoder behind) and
// cannot be ptrace'd or dumped (its memory holds a file someone sent).
static inline int bezel_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0); }
static inline int bezel_not_dumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
// No setuid binary can raise its privileges again (seccomp needs this without CAP_SYS_ADMIN).
static inline int bezel_no_new_privileges(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }
// Closes every descriptor from `first` up (the app's DRM master and input devices, should one
// lack O_CLOEXEC); glibc 2.34+.
// Declared here: <unistd.h> and <spawn.h> declare them only under _GNU_SOURCE, which would
// give this module definitions of libc's types that differ from Swift's Glibc module's.
extern int close_range(unsigned int first, unsigned int last, int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int pipe2(int fds[2], int flags);
static inline int bezel_close_from(unsigned int first) { return close_range(first, ~0U, 0); }
// posix_spawn closes them in the child before exec, too (glibc 2.34+).
static inline int bezel_spawn_close_from(posix_spawn_file_actions_t *actions, int first) {
    return posix_spawn_file_actions_addclosefrom_np(actions, first);
}

// Bytes malloc has handed out and not had back (small blocks and mmapped ones): the soak's
// heap-in-use sample (mallinfo2 returns a struct, which Swift cannot take through dlsym).
struct mallinfo2;
extern struct mallinfo2 mallinfo2(void);
#include <malloc.h>
static inline unsigned long bezel_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (unsigned long)(info.uordblks + info.hblkhd);
}

static inline int bezel_exited(int status) { return WIFEXITED(status); }
static inline int bezel_exit_status(int status) { return WEXITSTATUS(status); }
static inline int bezel_signaled(int status) { return WIFSIGNALED(status); }
static inline int bezel_terminating_signal(int status) { return WTERMSIG(status); }
static inline int bezel_errno_value(void) { return errno; }

#endif
