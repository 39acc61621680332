#ifndef HOURGLASS_CGLIB_SHIM_H
#define HOURGLASS_CGLIB_SHIM_H

// The libc headers first, as for libevent: so that importing this module beside Glibc (as
// Dispatch and Foundation import it) sees one set of declarations.
#include <sys/types.h>
#include <sys/timerfd.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include <glib.h>

/// A non-blocking timerfd on CLOCK_BOOTTIME, so the wake-up keeps counting through a suspend.
static inline int hourglass_glib_timerfd_create(void) {
    return timerfd_create(CLOCK_BOOTTIME, TFD_NONBLOCK | TFD_CLOEXEC);
}

/// Arms the timerfd for an absolute CLOCK_BOOTTIME instant in nanoseconds (at least 1 ns,
/// since an all-zero value would disarm it); a past instant makes it readable at once.
static inline int hourglass_glib_timerfd_arm(int fd, int64_t nanoseconds) {
    if (nanoseconds < 1) nanoseconds = 1;
    struct itimerspec spec = {0};
    spec.it_value.tv_sec = (time_t)(nanoseconds / 1000000000);
    spec.it_value.tv_nsec = (long)(nanoseconds % 1000000000);
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

/// Disarms the timerfd.
static inline int hourglass_glib_timerfd_disarm(int fd) {
    struct itimerspec spec = {0};
    return timerfd_settime(fd, 0, &spec, NULL);
}

/// Reads the expiration count so the fd stops being readable: the count, 0 when nothing was
/// pending, or -1 with errno set when the read failed (EAGAIN: nothing to read).
static inline int64_t hourglass_glib_timerfd_drain(int fd) {
    uint64_t expirations = 0;
    ssize_t count = read(fd, &expirations, sizeof expirations);
    if (count < 0) return -1;
    if (count != (ssize_t)sizeof expirations) return 0;
    return (int64_t)expirations;
}

#endif
