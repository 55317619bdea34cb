/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_savefile.c - libFuzzer target for the save file reader
 * (proto/savefile.h, rti-save(5)).
 *
 * Each input is a save file.  The reader must refuse it with a message or
 * accept it; when it accepts, every pointer it gives lies inside the
 * input, counts are within the limits, and encoding the decoded save
 * again (head, then the sections as decoded) gives the input back byte
 * for byte, CRC included.  The input is also decoded with its CRC
 * recomputed, so that the checks past the CRC are reached.
 * The corpus (corpus/savefile) holds files written by rtiexec.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "savefile.h"

#define IDS 7   /* rtiexec's modules (MOD_COUNT) */

static int
inside(const uint8_t *p, size_t n, const void *q, size_t len)
{
	const uint8_t *b = q;

	return b >= p && b <= p + n && len <= (size_t)(p + n - b);
}

static void
one(const uint8_t *data, size_t size)
{
	struct savefile sf;
	struct wire_buf out;
	char msg[256];
	size_t head, off;
	uint32_t i;

	msg[0] = '\0';
	if (savefile_decode(data, size, IDS, &sf, msg, sizeof msg) < 0) {
		FUZZ_CHECK(msg[0] != '\0');
		FUZZ_CHECK(sf.sec_id == NULL && sf.fed_handles == NULL);
		return;
	}
	FUZZ_CHECK(sf.n_modules <= SAVEFILE_MAX_MODULES);
	FUZZ_CHECK(sf.n_sections <= SAVEFILE_MAX_SECTIONS);
	FUZZ_CHECK(inside(data, size, sf.federation, strlen(sf.federation)));
	FUZZ_CHECK(inside(data, size, sf.label, strlen(sf.label)));
	for (i = 0; i < sf.n_modules; i++)
		FUZZ_CHECK(inside(data, size, sf.module_xml[i],
		    sf.module_len[i]));
	for (i = 0; i < sf.n_feds; i++)
		FUZZ_CHECK(sf.fed_handles[i] != 0);
	wire_buf_init(&out);
	head = savefile_put_head(&out, &sf);
	for (i = 0; i < sf.n_sections; i++) {
		FUZZ_CHECK(sf.sec_id[i] < IDS);
		FUZZ_CHECK(inside(data, size, sf.sec_data[i], sf.sec_len[i]));
		off = savefile_section_begin(&out, sf.sec_id[i]);
		wire_put_raw(&out, sf.sec_data[i], sf.sec_len[i]);
		savefile_section_end(&out, off);
	}
	savefile_finish(&out, head, sf.n_sections);
	FUZZ_CHECK(out.oom || (out.len == size &&
	    memcmp(out.data, data, size) == 0));
	wire_buf_free(&out);
	savefile_free(&sf);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *copy;
	uint32_t crc;

	one(data, size);
	if (size < 16 || size > (1u << 24) || !(copy = malloc(size)))
		return 0;
	memcpy(copy, data, size);
	crc = savefile_crc32(0, copy, size - 4);
	wire_put32(copy + size - 4, crc);
	one(copy, size);
	free(copy);
	return 0;
}
