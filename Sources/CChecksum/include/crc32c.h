#ifndef REPORT_CRC32C_H
#define REPORT_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/// CRC-32C (Castagnoli: the polynomial 0x1EDC6F41, reflected, initial value and final XOR
/// 0xFFFFFFFF) of `count` bytes at `bytes`, as iSCSI, ext4 and SSE 4.2's `crc32` instruction
/// compute it: "123456789" gives 0xE3069283. With the instruction where the processor has it
/// (about 8 bytes a cycle), a table otherwise (about one).
uint32_t report_crc32c(const void *bytes, size_t count);

/// The same, always by the table (what a processor without the instruction computes), for tests.
uint32_t report_crc32c_by_table(const void *bytes, size_t count);

#endif
