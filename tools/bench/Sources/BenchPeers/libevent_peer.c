// Raw libevent: one evtimer per timer on a base with EVENT_BASE_FLAG_PRECISE_TIMER (without
// it libevent reads a coarse clock here and fires early), the loop on the calling thread.
#include "BenchPeers.h"
#include <stdlib.h>
#include <sys/time.h>
#include <event2/event.h>

typedef struct { int64_t start; int64_t *fired; int index; int ticks; int count; struct event *event; } slot;

static struct event_base *precise_base(void) {
    struct event_config *config = event_config_new();
    event_config_set_flag(config, EVENT_BASE_FLAG_PRECISE_TIMER);
    struct event_base *base = event_base_new_with_config(config);
    event_config_free(config);
    return base;
}

static struct timeval timeval_of(int64_t ns) {
    struct timeval tv = {.tv_sec = ns / 1000000000LL, .tv_usec = (ns % 1000000000LL) / 1000};
    return tv;
}

static void on_oneshot(evutil_socket_t fd, short what, void *arg) {
    (void)fd; (void)what;
    slot *s = arg;
    s->fired[s->index] = bench_now_ns() - s->start;
}

int libevent_oneshot(const int64_t *delays_ns, int64_t *fired_ns, int n) {
    struct event_base *base = precise_base();
    slot *slots = calloc((size_t)n, sizeof(slot));
    if (!base || !slots) return -1;
    int64_t start = bench_now_ns();
    for (int i = 0; i < n; i++) {
        slots[i] = (slot){.start = start, .fired = fired_ns, .index = i};
        slots[i].event = evtimer_new(base, on_oneshot, &slots[i]);
        int64_t left = start + delays_ns[i] - bench_now_ns();
        struct timeval tv = timeval_of(left > 0 ? left : 0);
        evtimer_add(slots[i].event, &tv);
    }
    event_base_dispatch(base);
    for (int i = 0; i < n; i++) event_free(slots[i].event);
    free(slots);
    event_base_free(base);
    return 0;
}

static void on_tick(evutil_socket_t fd, short what, void *arg) {
    (void)fd; (void)what;
    slot *s = arg;
    s->fired[s->count++] = bench_now_ns() - s->start;
    if (s->count == s->ticks) event_del(s->event);
}

int libevent_repeating(int64_t period_ns, int ticks, int64_t *fired_ns) {
    struct event_base *base = precise_base();
    if (!base) return -1;
    slot s = {.start = bench_now_ns(), .fired = fired_ns, .ticks = ticks};
    s.event = event_new(base, -1, EV_PERSIST, on_tick, &s);
    struct timeval tv = timeval_of(period_ns);
    event_add(s.event, &tv);
    event_base_dispatch(base);
    event_free(s.event);
    event_base_free(base);
    return 0;
}

static void on_never(evutil_socket_t fd, short what, void *arg) { (void)fd; (void)what; (void)arg; }

/* Deletes and frees every timer, in the order given; returns the nanoseconds it took. */
static int64_t cancel_in_order(struct event **events, const int32_t *cancel_order, int n) {
    int64_t start = bench_now_ns();
    for (int i = 0; i < n; i++) {
        struct event *e = events[cancel_order[i]];
        evtimer_del(e);
        event_free(e);
    }
    return bench_now_ns() - start;
}

bench_scale_result libevent_scale(const int64_t *delays_ns, const int32_t *cancel_order, int n) {
    bench_scale_result result = {0, 0, 0};
    struct event_base *base = precise_base();
    struct event **events = malloc(sizeof(struct event *) * (size_t)n);
    if (!base || !events) return result;
    int64_t before = bench_allocated_bytes();
    int64_t start = bench_now_ns();
    for (int i = 0; i < n; i++) {
        events[i] = evtimer_new(base, on_never, NULL);
        struct timeval tv = timeval_of(delays_ns[i]);
        evtimer_add(events[i], &tv);
    }
    result.schedule_ns = bench_now_ns() - start;
    result.resident_bytes = bench_allocated_bytes() - before;
    result.cancel_ns = cancel_in_order(events, cancel_order, n);
    free(events);
    event_base_free(base);
    return result;
}

typedef struct { void *object; int64_t index; } context;

static void on_never_with_context(evutil_socket_t fd, short what, void *arg) {
    (void)fd; (void)what;
    context *c = arg;
    ((int64_t *)c->object)[0] += c->index;
}

bench_scale_result libevent_scale_with_context(
    const int64_t *delays_ns, const int32_t *cancel_order, int n, void *object) {
    bench_scale_result result = {0, 0, 0};
    struct event_base *base = precise_base();
    struct event **events = malloc(sizeof(struct event *) * (size_t)n);
    if (!base || !events) return result;
    int64_t before = bench_allocated_bytes();
    int64_t faults = bench_minor_faults();
    int64_t start = bench_now_ns();
    context *contexts = malloc(sizeof(context) * (size_t)n);
    if (!contexts) {
        free(events);
        event_base_free(base);
        return result;
    }
    for (int i = 0; i < n; i++) {
        contexts[i] = (context){.object = object, .index = i};
        events[i] = evtimer_new(base, on_never_with_context, &contexts[i]);
        struct timeval tv = timeval_of(delays_ns[i]);
        evtimer_add(events[i], &tv);
    }
    result.schedule_ns = bench_now_ns() - start;
    result.schedule_faults = bench_minor_faults() - faults;
    result.resident_bytes = bench_allocated_bytes() - before;
    result.cancel_ns = cancel_in_order(events, cancel_order, n);
    free(contexts);
    free(events);
    event_base_free(base);
    return result;
}
