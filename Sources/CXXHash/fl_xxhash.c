// xxHash from Debian's libxxhash-dev, compiled in from its header: nothing to link, nothing for ld.so to bind at
// start-up. Wrapped because XXH_INLINE_ALL renames the functions with macros, which Swift does not import.
#define XXH_INLINE_ALL
#include <xxhash.h>
#include "fl_xxhash.h"

uint64_t fl_xxh3_64(const void *bytes, size_t length, uint64_t seed) {
    return XXH3_64bits_withSeed(bytes, length, seed);
}
