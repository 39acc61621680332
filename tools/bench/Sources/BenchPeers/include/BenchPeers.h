// The C peers of the benchmark: the floor (timerfd + epoll + a binary heap, one thread), raw
// libevent (one evtimer per timer, EVENT_BASE_FLAG_PRECISE_TIMER) and raw GLib (one source per
// timer: g_timeout_add, or a GSource of its own). Times are CLOCK_BOOTTIME nanoseconds.
#ifndef BENCH_PEERS_H
#define BENCH_PEERS_H
#include <stdint.h>

/// CLOCK_BOOTTIME now, in nanoseconds.
int64_t bench_now_ns(void);

/// Schedules `n` one-shots `delays_ns[i]` from now, runs until all fired, and writes each
/// one's fire time (nanoseconds after the start) to `fired_ns[i]`. Returns 0 on success.
int floor_oneshot(const int64_t *delays_ns, int64_t *fired_ns, int n);
int libevent_oneshot(const int64_t *delays_ns, int64_t *fired_ns, int n);
/// g_timeout_add_full on the default main context, each delay rounded up to whole milliseconds.
int glib_timeout_add_oneshot(const int64_t *delays_ns, int64_t *fired_ns, int n);
/// A GSource per timer on a new context, due at a ready time in microseconds.
int glib_source_oneshot(const int64_t *delays_ns, int64_t *fired_ns, int n);

/// A repeating timer of `period_ns` for `ticks` ticks; writes each tick's fire time
/// (nanoseconds after the start) to `fired_ns`.
int floor_repeating(int64_t period_ns, int ticks, int64_t *fired_ns);
int libevent_repeating(int64_t period_ns, int ticks, int64_t *fired_ns);

/// Schedules `n` timers at `delays_ns[i]` from now (far in the future), then cancels them in
/// the order `cancel_order`. Writes the time taken by each phase and the bytes allocated
/// (malloc) while all were pending; and the minor page faults of the scheduling phase (the
/// cold rows show them; zero where not taken).
typedef struct {
    int64_t schedule_ns;
    int64_t cancel_ns;
    int64_t resident_bytes;
    int64_t schedule_faults;
} bench_scale_result;
bench_scale_result floor_scale(const int64_t *delays_ns, const int32_t *cancel_order, int n);
bench_scale_result libevent_scale(const int64_t *delays_ns, const int32_t *cancel_order, int n);
/// g_timeout_add_full on the default main context / g_source_remove by id.
bench_scale_result glib_timeout_add_scale(const int64_t *delays_ns, const int32_t *cancel_order, int n);
/// g_timeout_source_new + g_source_attach on a new context / g_source_destroy + g_source_unref.
bench_scale_result glib_source_scale(const int64_t *delays_ns, const int32_t *cancel_order, int n);
/// The cold rows' raw libevent: as `libevent_scale`, but each callback's argument points to a
/// context of its own ({object, index}, in one array the timed part allocates and counts), as
/// a caller's closure captures an object and an index.
bench_scale_result libevent_scale_with_context(
    const int64_t *delays_ns, const int32_t *cancel_order, int n, void *object);

/// Minor page faults of this process so far (getrusage).
int64_t bench_minor_faults(void);

/// Resident set size of this process, in bytes.
int64_t bench_resident_bytes(void);
/// Bytes allocated with malloc and still in use (glibc's mallinfo2: in-use chunks plus
/// mmapped blocks): unlike the resident size, not fooled by memory freed earlier and reused.
int64_t bench_allocated_bytes(void);
/// Returns freed memory to the system, so resident sizes compare.
void bench_trim(void);

#endif
