// Raw GLib, as a GTK app would time things without Hourglass, in two forms:
// - g_timeout_add: g_timeout_add_full on the default main context, one source a timer, whole
//   milliseconds (a delay is rounded up, never early), cancelled with g_source_remove(id);
// - GSource: a source of its own per timer on a new context, cancelled with g_source_destroy
//   and g_source_unref; for lateness, due at a ready time in microseconds (the finest GLib
//   takes); for scale, g_timeout_source_new + g_source_attach.
// The loop runs on the calling thread. Times are CLOCK_BOOTTIME nanoseconds (bench_now_ns);
// GLib's own deadlines count g_get_monotonic_time (CLOCK_MONOTONIC microseconds).
#include "BenchPeers.h"
#include <glib.h>
#include <stdlib.h>

typedef struct { int64_t start; int64_t *fired; int index; int *left; } shot;

static gboolean on_timeout(gpointer data) {
    shot *s = data;
    s->fired[s->index] = bench_now_ns() - s->start;
    (*s->left)--;
    return G_SOURCE_REMOVE;
}

/* Nanoseconds until start + delay, at least 0. */
static int64_t left_ns(int64_t start, int64_t delay) {
    int64_t left = start + delay - bench_now_ns();
    return left > 0 ? left : 0;
}

int glib_timeout_add_oneshot(const int64_t *delays_ns, int64_t *fired_ns, int n) {
    shot *shots = calloc((size_t)n, sizeof(shot));
    if (!shots) return -1;
    int left = n;
    int64_t start = bench_now_ns();
    for (int i = 0; i < n; i++) {
        shots[i] = (shot){.start = start, .fired = fired_ns, .index = i, .left = &left};
        guint ms = (guint)((left_ns(start, delays_ns[i]) + 999999) / 1000000);
        g_timeout_add_full(G_PRIORITY_DEFAULT, ms, on_timeout, &shots[i], NULL);
    }
    while (left > 0) g_main_context_iteration(NULL, TRUE);
    free(shots);
    return 0;
}

/* A source due at its ready time: dispatched once, then removed. */
static gboolean ready_dispatch(GSource *source, GSourceFunc callback, gpointer data) {
    (void)source;
    return callback(data);
}

static GSourceFuncs ready_funcs = {NULL, NULL, ready_dispatch, NULL, NULL, NULL};

int glib_source_oneshot(const int64_t *delays_ns, int64_t *fired_ns, int n) {
    shot *shots = calloc((size_t)n, sizeof(shot));
    if (!shots) return -1;
    GMainContext *context = g_main_context_new();
    int left = n;
    int64_t start = bench_now_ns();
    for (int i = 0; i < n; i++) {
        shots[i] = (shot){.start = start, .fired = fired_ns, .index = i, .left = &left};
        GSource *source = g_source_new(&ready_funcs, sizeof(GSource));
        g_source_set_callback(source, on_timeout, &shots[i], NULL);
        g_source_set_ready_time(source, g_get_monotonic_time() + (left_ns(start, delays_ns[i]) + 999) / 1000);
        g_source_attach(source, context);
        g_source_unref(source);
    }
    while (left > 0) g_main_context_iteration(context, TRUE);
    g_main_context_unref(context);
    free(shots);
    return 0;
}

static gboolean on_never(gpointer data) {
    (void)data;
    return G_SOURCE_REMOVE;
}

bench_scale_result glib_timeout_add_scale(const int64_t *delays_ns, const int32_t *cancel_order, int n) {
    bench_scale_result result = {0, 0, 0, 0};
    guint *ids = malloc(sizeof(guint) * (size_t)n);
    if (!ids) return result;
    int64_t before = bench_allocated_bytes();
    int64_t start = bench_now_ns();
    for (int i = 0; i < n; i++) {
        ids[i] = g_timeout_add_full(G_PRIORITY_DEFAULT, (guint)(delays_ns[i] / 1000000), on_never, NULL, NULL);
    }
    result.schedule_ns = bench_now_ns() - start;
    result.resident_bytes = bench_allocated_bytes() - before;
    start = bench_now_ns();
    for (int i = 0; i < n; i++) g_source_remove(ids[cancel_order[i]]);
    result.cancel_ns = bench_now_ns() - start;
    free(ids);
    return result;
}

bench_scale_result glib_source_scale(const int64_t *delays_ns, const int32_t *cancel_order, int n) {
    bench_scale_result result = {0, 0, 0, 0};
    GSource **sources = malloc(sizeof(GSource *) * (size_t)n);
    if (!sources) return result;
    GMainContext *context = g_main_context_new();
    int64_t before = bench_allocated_bytes();
    int64_t start = bench_now_ns();
    for (int i = 0; i < n; i++) {
        sources[i] = g_timeout_source_new((guint)(delays_ns[i] / 1000000));
        g_source_set_callback(sources[i], on_never, NULL, NULL);
        g_source_attach(sources[i], context);
    }
    result.schedule_ns = bench_now_ns() - start;
    result.resident_bytes = bench_allocated_bytes() - before;
    start = bench_now_ns();
    for (int i = 0; i < n; i++) {
        GSource *source = sources[cancel_order[i]];
        g_source_destroy(source);
        g_source_unref(source);
    }
    result.cancel_ns = bench_now_ns() - start;
    g_main_context_unref(context);
    free(sources);
    return result;
}
