#include "crc32c.h"

#include <pthread.h>
#include <string.h>

// The reflected polynomial of CRC-32C.
#define POLYNOMIAL 0x82F63B78u

static uint32_t table[256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void make_table(void) {
    for (uint32_t byte = 0; byte < 256; byte++) {
        uint32_t crc = byte;
        for (int bit = 0; bit < 8; bit++) crc = (crc >> 1) ^ (POLYNOMIAL & (0u - (crc & 1u)));
        table[byte] = crc;
    }
}

static uint32_t crc32c_table(uint32_t crc, const unsigned char *bytes, size_t count) {
    pthread_once(&table_once, make_table);
    while (count--) crc = (crc >> 8) ^ table[(crc ^ *bytes++) & 0xFF];
    return crc;
}

#if defined(__x86_64__)
#include <nmmintrin.h>

__attribute__((target("sse4.2")))
static uint32_t crc32c_sse42(uint32_t crc, const unsigned char *bytes, size_t count) {
    uint64_t wide = crc;
    for (; count >= 8; bytes += 8, count -= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
        wide = _mm_crc32_u64(wide, word);
    }
    uint32_t narrow = (uint32_t)wide;
    for (; count > 0; bytes++, count--) narrow = _mm_crc32_u8(narrow, *bytes);
    return narrow;
}
#endif

uint32_t report_crc32c(const void *bytes, size_t count) {
    uint32_t crc = 0xFFFFFFFFu;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("sse4.2")) return ~crc32c_sse42(crc, bytes, count);
#endif
    return ~crc32c_table(crc, bytes, count);
}

uint32_t report_crc32c_by_table(const void *bytes, size_t count) {
    return ~crc32c_table(0xFFFFFFFFu, bytes, count);
}
