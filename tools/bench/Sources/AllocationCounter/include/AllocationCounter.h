#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdbool.h>

/// How many blocks the process has allocated (malloc, calloc, realloc, the aligned ones) while
/// counting was on; -1 where the count is not kept (a C library other than glibc).
long bench_allocations(void);

/// Turns the count on or off (off at the start, so that timed code pays no atomic add).
void bench_count_allocations(bool on);

#endif
