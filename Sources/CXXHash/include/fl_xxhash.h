#pragma once
#include <stddef.h>
#include <stdint.h>

// XXH3-64 of `length` bytes at `bytes`, seeded (0: xxHash's default).
uint64_t fl_xxh3_64(const void *bytes, size_t length, uint64_t seed);
