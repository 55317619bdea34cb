/* SPDX-License-Identifier: Apache-2.0 */
/*
 * savefile.h - the codec of rtiexec's save files (rti-save(5)).  Pure: it
 * turns a save into bytes and checked bytes back into a view of the save;
 * the file itself (names, atomic writes, reading) is rti/fedm/fedm_store.c's.
 *
 * Layout (every integer big-endian, strings and blobs as in wire.h):
 *   u8[8] magic "RTISAVE\0", u16 version (SAVEFILE_VERSION), u16 flags 0,
 *   str federation, str label, u8 time_int64, u8 has_time, u64 time,
 *   u64 wall-clock seconds since the epoch,
 *   u32 n, n x (str module name, blob module text),
 *   u32 n, n x (u32 federate handle, str name, str type),
 *   u32 n, n x (u16 module id, u32 length, length bytes),
 *   u32 CRC-32 (IEEE 802.3, as zlib's) of every byte before it.
 */
#ifndef RTI_SAVEFILE_H
#define RTI_SAVEFILE_H

#include <stddef.h>
#include <stdint.h>

#include "wire.h"

#define SAVEFILE_MAGIC "RTISAVE"   /* with its NUL: 8 bytes */
#define SAVEFILE_VERSION 1
/* Limits the reader holds every file to. */
#define SAVEFILE_MAX_MODULES 256
#define SAVEFILE_MAX_SECTIONS 64

/* A save: on encode the caller's; on decode pointers into the decoded
 * bytes (which must outlive it) and arrays savefile_free frees. */
struct savefile {
	const char *federation;
	const char *label;
	int time_int64;
	int has_time;
	uint64_t time;
	uint64_t wall;
	uint32_t n_modules;
	const char **module_names;
	const uint8_t **module_xml;
	uint32_t *module_len;
	uint32_t n_feds;
	uint32_t *fed_handles;
	const char **fed_names;
	const char **fed_types;
	uint32_t n_sections;
	uint16_t *sec_id;
	const uint8_t **sec_data;
	uint32_t *sec_len;
};

/* CRC-32 of p[0..n) continuing `crc` (0 to start). */
uint32_t savefile_crc32(uint32_t crc, const void *p, size_t n);

/* Encode: the head (everything up to the sections) from `sf` (its section
 * arrays are not read); then each section between section_begin (the
 * offset to give section_end) and section_end, the module's bytes
 * appended to `out` meanwhile; then finish with the number of sections
 * and the offset savefile_put_head returned.  Errors show as out->oom. */
size_t savefile_put_head(struct wire_buf *out, const struct savefile *sf);
size_t savefile_section_begin(struct wire_buf *out, uint16_t id);
void savefile_section_end(struct wire_buf *out, size_t off);
void savefile_finish(struct wire_buf *out, size_t head_off, uint32_t n);

/* Decode and check p[0..n): magic, version, CRC, every count and length
 * bounded by the bytes there, module ids below `n_ids` and none twice,
 * federate handles non-zero and unique.  0 with *sf filled, or -1 with
 * `msg` saying what is wrong and nothing allocated. */
int savefile_decode(const uint8_t *p, size_t n, uint32_t n_ids,
    struct savefile *sf, char *msg, size_t len);
void savefile_free(struct savefile *sf);

#endif
