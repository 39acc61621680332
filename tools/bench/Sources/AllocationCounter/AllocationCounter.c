// Counts every allocation of the process, Swift's runtime's included: the executable's malloc
// and its siblings come before the C library's when the dynamic linker binds a call, and each
// forwards to glibc's own (__libc_malloc …). TypingBench turns the count on for a round apart
// from the timing, and reads it around each keystroke.
#include "AllocationCounter.h"

#if defined(__linux__)
#include <features.h>  // defines __GLIBC__ with glibc
#endif

#if defined(__GLIBC__)
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *block, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_long allocations;
static atomic_bool counting;

static void counted(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed))
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
}

void *malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void *realloc(void *block, size_t size) {
    counted();
    return __libc_realloc(block, size);
}

void *memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **block, size_t alignment, size_t size) {
    counted();
    void *made = __libc_memalign(alignment, size);
    if (made == NULL) return ENOMEM;
    *block = made;
    return 0;
}

long bench_allocations(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

void bench_count_allocations(bool on) { atomic_store_explicit(&counting, on, memory_order_relaxed); }
#else
long bench_allocations(void) { return -1; }

void bench_count_allocations(bool on) { (void)on; }
#endif
