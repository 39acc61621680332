// The floor: what a minimal hand-written C timer loop costs. A binary heap of 16-byte nodes
// (deadline, id) with a position per id, one timerfd on CLOCK_BOOTTIME and epoll.
#define _GNU_SOURCE
#include "BenchPeers.h"
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int64_t bench_now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_BOOTTIME, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int64_t bench_resident_bytes(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return 0;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    fclose(f);
    return (int64_t)resident * sysconf(_SC_PAGESIZE);
}

void bench_trim(void) { malloc_trim(0); }

int64_t bench_minor_faults(void) {
    struct rusage usage;
    return getrusage(RUSAGE_SELF, &usage) == 0 ? (int64_t)usage.ru_minflt : 0;
}

int64_t bench_allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
}

typedef struct { int64_t deadline; int64_t id; } node;
typedef struct { node *nodes; int32_t *position; int count; } heap;

static void heap_place(heap *h, int i, node n) { h->nodes[i] = n; h->position[n.id] = i; }

static void heap_up(heap *h, int i) {
    node n = h->nodes[i];
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (h->nodes[parent].deadline <= n.deadline) break;
        heap_place(h, i, h->nodes[parent]);
        i = parent;
    }
    heap_place(h, i, n);
}

static void heap_down(heap *h, int i) {
    node n = h->nodes[i];
    for (;;) {
        int child = 2 * i + 1;
        if (child >= h->count) break;
        if (child + 1 < h->count && h->nodes[child + 1].deadline < h->nodes[child].deadline) child++;
        if (h->nodes[child].deadline >= n.deadline) break;
        heap_place(h, i, h->nodes[child]);
        i = child;
    }
    heap_place(h, i, n);
}

static void heap_push(heap *h, int64_t deadline, int64_t id) {
    int i = h->count++;
    heap_place(h, i, (node){deadline, id});
    heap_up(h, i);
}

static void heap_remove(heap *h, int i) {
    node last = h->nodes[--h->count];
    if (i == h->count) return;
    heap_place(h, i, last);
    if (i > 0 && h->nodes[(i - 1) / 2].deadline > last.deadline) heap_up(h, i); else heap_down(h, i);
}

static int heap_init(heap *h, int n) {
    h->nodes = malloc(sizeof(node) * (size_t)n);
    h->position = malloc(sizeof(int32_t) * (size_t)n);
    h->count = 0;
    return h->nodes && h->position ? 0 : -1;
}

static void heap_free(heap *h) { free(h->nodes); free(h->position); }

/// Runs the heap until empty: arm the timerfd for the top, wait, fire everything due.
static int run_heap(heap *h, int64_t start, int64_t *fired_ns, int64_t period_ns, int ticks) {
    int tfd = timerfd_create(CLOCK_BOOTTIME, TFD_CLOEXEC);
    int ep = epoll_create1(EPOLL_CLOEXEC);
    if (tfd < 0 || ep < 0) return -1;
    struct epoll_event ev = {.events = EPOLLIN};
    epoll_ctl(ep, EPOLL_CTL_ADD, tfd, &ev);
    int fired = 0;
    while (h->count > 0) {
        int64_t top = h->nodes[0].deadline;
        struct itimerspec spec = {.it_value = {.tv_sec = top / 1000000000LL, .tv_nsec = top % 1000000000LL}};
        if (top <= 0) spec.it_value.tv_nsec = 1;
        timerfd_settime(tfd, TFD_TIMER_ABSTIME, &spec, NULL);
        struct epoll_event out;
        if (epoll_wait(ep, &out, 1, -1) < 0) continue;
        uint64_t expirations;
        if (read(tfd, &expirations, sizeof expirations) < 0) { /* woken early: re-arm */ }
        // Each timer's time is read when its turn comes, as every other peer's callback reads
        // it, and the next one is due if its deadline has passed by then.
        int64_t now = bench_now_ns();
        while (h->count > 0 && h->nodes[0].deadline <= now) {
            node n = h->nodes[0];
            if (period_ns > 0) {
                fired_ns[fired++] = now - start;
                h->nodes[0].deadline = n.deadline + period_ns;  // drift-free: from the deadline
                heap_down(h, 0);
                if (fired == ticks) { h->count = 0; break; }
            } else {
                fired_ns[n.id] = now - start;
                heap_remove(h, 0);
            }
            now = bench_now_ns();
        }
    }
    close(tfd);
    close(ep);
    return 0;
}

int floor_oneshot(const int64_t *delays_ns, int64_t *fired_ns, int n) {
    heap h;
    if (heap_init(&h, n) != 0) return -1;
    int64_t start = bench_now_ns();
    for (int i = 0; i < n; i++) heap_push(&h, start + delays_ns[i], i);
    int result = run_heap(&h, start, fired_ns, 0, 0);
    heap_free(&h);
    return result;
}

int floor_repeating(int64_t period_ns, int ticks, int64_t *fired_ns) {
    heap h;
    if (heap_init(&h, 1) != 0) return -1;
    int64_t start = bench_now_ns();
    heap_push(&h, start + period_ns, 0);
    int result = run_heap(&h, start, fired_ns, period_ns, ticks);
    heap_free(&h);
    return result;
}

bench_scale_result floor_scale(const int64_t *delays_ns, const int32_t *cancel_order, int n) {
    bench_scale_result result = {0, 0, 0};
    bench_trim();
    int64_t before = bench_allocated_bytes();
    heap h;
    if (heap_init(&h, n) != 0) return result;
    int64_t faults = bench_minor_faults();
    int64_t start = bench_now_ns();
    int64_t base = start;
    for (int i = 0; i < n; i++) heap_push(&h, base + delays_ns[i], i);
    result.schedule_ns = bench_now_ns() - start;
    result.schedule_faults = bench_minor_faults() - faults;
    result.resident_bytes = bench_allocated_bytes() - before;
    start = bench_now_ns();
    for (int i = 0; i < n; i++) heap_remove(&h, h.position[cancel_order[i]]);
    result.cancel_ns = bench_now_ns() - start;
    heap_free(&h);
    return result;
}
