/* SPDX-License-Identifier: Apache-2.0 */
/*
 * savefile.c - the save file codec (savefile.h, rti-save(5)).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "savefile.h"

uint32_t
savefile_crc32(uint32_t crc, const void *p, size_t n)
{
	const uint8_t *b = p;
	uint32_t tab[8][256], c;
	size_t i;
	int k;

	/* Slicing by 8 (8 KiB of tables per call: nothing next to a file
	 * worth a CRC): eight bytes per step, the CRC of zlib's crc32. */
	for (i = 0; i < 256; i++) {
		c = (uint32_t)i;
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		tab[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			tab[k][i] = (tab[k - 1][i] >> 8) ^
			    tab[0][tab[k - 1][i] & 0xff];
	crc = ~crc;
	while (n >= 8) {
		uint32_t lo = crc ^ ((uint32_t)b[0] | (uint32_t)b[1] << 8 |
		    (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24);
		uint32_t hi = (uint32_t)b[4] | (uint32_t)b[5] << 8 |
		    (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;

		crc = tab[7][lo & 0xff] ^ tab[6][(lo >> 8) & 0xff] ^
		    tab[5][(lo >> 16) & 0xff] ^ tab[4][lo >> 24] ^
		    tab[3][hi & 0xff] ^ tab[2][(hi >> 8) & 0xff] ^
		    tab[1][(hi >> 16) & 0xff] ^ tab[0][hi >> 24];
		b += 8;
		n -= 8;
	}
	for (i = 0; i < n; i++)
		crc = tab[0][(crc ^ b[i]) & 0xff] ^ (crc >> 8);
	return ~crc;
}

size_t
savefile_put_head(struct wire_buf *out, const struct savefile *sf)
{
	size_t off;
	uint32_t i;

	wire_put_raw(out, SAVEFILE_MAGIC, 8);
	wire_put_u16(out, SAVEFILE_VERSION);
	wire_put_u16(out, 0);
	wire_put_str(out, sf->federation);
	wire_put_str(out, sf->label);
	wire_put_u8(out, sf->time_int64 ? 1 : 0);
	wire_put_u8(out, sf->has_time ? 1 : 0);
	wire_put_u64(out, sf->time);
	wire_put_u64(out, sf->wall);
	wire_put_u32(out, sf->n_modules);
	for (i = 0; i < sf->n_modules; i++) {
		wire_put_str(out, sf->module_names[i]);
		wire_put_blob(out, sf->module_xml[i], sf->module_len[i]);
	}
	wire_put_u32(out, sf->n_feds);
	for (i = 0; i < sf->n_feds; i++) {
		wire_put_u32(out, sf->fed_handles[i]);
		wire_put_str(out, sf->fed_names[i]);
		wire_put_str(out, sf->fed_types[i]);
	}
	off = out->len;
	wire_put_u32(out, 0);
	return off;
}

size_t
savefile_section_begin(struct wire_buf *out, uint16_t id)
{
	size_t off;

	wire_put_u16(out, id);
	off = out->len;
	wire_put_u32(out, 0);
	return off;
}

void
savefile_section_end(struct wire_buf *out, size_t off)
{
	if (!out->oom)
		wire_patch_u32(out, off, (uint32_t)(out->len - off - 4));
}

void
savefile_finish(struct wire_buf *out, size_t head_off, uint32_t n)
{
	if (out->oom)
		return;
	wire_patch_u32(out, head_off, n);
	wire_put_u32(out, savefile_crc32(0, out->data, out->len));
}

void
savefile_free(struct savefile *sf)
{
	free(sf->module_names);
	free(sf->module_xml);
	free(sf->module_len);
	free(sf->fed_handles);
	free(sf->fed_names);
	free(sf->fed_types);
	free(sf->sec_id);
	free(sf->sec_data);
	free(sf->sec_len);
	memset(sf, 0, sizeof *sf);
}

#define BAD(...) do { snprintf(msg, len, __VA_ARGS__); goto fail; } while (0)

int
savefile_decode(const uint8_t *p, size_t n, uint32_t n_ids,
    struct savefile *sf, char *msg, size_t len)
{
	struct wire_rd rd;
	uint32_t i, j, k;
	uint16_t version;
	uint8_t b;

	memset(sf, 0, sizeof *sf);
	if (n < 16 || memcmp(p, SAVEFILE_MAGIC, 8) != 0)
		BAD("not an rti save file");
	version = wire_get16(p + 8);
	if (version != SAVEFILE_VERSION)
		BAD("save file version %u (this rtiexec reads version %u)",
		    version, SAVEFILE_VERSION);
	if (savefile_crc32(0, p, n - 4) != wire_get32(p + n - 4))
		BAD("save file damaged (CRC mismatch: truncated or "
		    "altered)");
	wire_rd_init(&rd, p + 12, n - 16);
	if (wire_get16(p + 10) != 0)
		BAD("save file flags %#x unknown", wire_get16(p + 10));
	sf->federation = wire_get_str(&rd, WIRE_MAX_NAME);
	sf->label = wire_get_str(&rd, WIRE_MAX_NAME);
	b = wire_get_u8(&rd);
	sf->time_int64 = b;
	sf->has_time = wire_get_u8(&rd);
	sf->time = wire_get_u64(&rd);
	sf->wall = wire_get_u64(&rd);
	if (rd.err || b > 1 || sf->has_time > 1)
		BAD("save file damaged (header)");
	sf->n_modules = wire_get_count(&rd, 9);
	if (rd.err || sf->n_modules > SAVEFILE_MAX_MODULES)
		BAD("save file damaged (FOM module count)");
	k = sf->n_modules ? sf->n_modules : 1;
	sf->module_names = calloc(k, sizeof *sf->module_names);
	sf->module_xml = calloc(k, sizeof *sf->module_xml);
	sf->module_len = calloc(k, sizeof *sf->module_len);
	if (!sf->module_names || !sf->module_xml || !sf->module_len)
		BAD("out of memory");
	for (i = 0; i < sf->n_modules; i++) {
		sf->module_names[i] = wire_get_str(&rd, 4096);
		sf->module_xml[i] = wire_get_blob(&rd, &sf->module_len[i],
		    UINT32_MAX);
	}
	if (rd.err)
		BAD("save file damaged (FOM modules)");
	sf->n_feds = wire_get_count(&rd, 12);
	if (rd.err)
		BAD("save file damaged (federate count)");
	k = sf->n_feds ? sf->n_feds : 1;
	sf->fed_handles = calloc(k, sizeof *sf->fed_handles);
	sf->fed_names = calloc(k, sizeof *sf->fed_names);
	sf->fed_types = calloc(k, sizeof *sf->fed_types);
	if (!sf->fed_handles || !sf->fed_names || !sf->fed_types)
		BAD("out of memory");
	for (i = 0; i < sf->n_feds && !rd.err; i++) {
		sf->fed_handles[i] = wire_get_u32(&rd);
		sf->fed_names[i] = wire_get_str(&rd, WIRE_MAX_NAME);
		sf->fed_types[i] = wire_get_str(&rd, WIRE_MAX_NAME);
		if (rd.err)
			break;
		if (!sf->fed_handles[i] || !*sf->fed_names[i])
			BAD("save file damaged (federate %u)", i);
		for (j = 0; j < i; j++)
			if (sf->fed_handles[j] == sf->fed_handles[i] ||
			    strcmp(sf->fed_names[j], sf->fed_names[i]) == 0)
				BAD("save file damaged (federate %u twice)",
				    sf->fed_handles[i]);
	}
	if (rd.err)
		BAD("save file damaged (federates)");
	sf->n_sections = wire_get_count(&rd, 6);
	if (rd.err || sf->n_sections > SAVEFILE_MAX_SECTIONS)
		BAD("save file damaged (section count)");
	k = sf->n_sections ? sf->n_sections : 1;
	sf->sec_id = calloc(k, sizeof *sf->sec_id);
	sf->sec_data = calloc(k, sizeof *sf->sec_data);
	sf->sec_len = calloc(k, sizeof *sf->sec_len);
	if (!sf->sec_id || !sf->sec_data || !sf->sec_len)
		BAD("out of memory");
	for (i = 0; i < sf->n_sections; i++) {
		sf->sec_id[i] = wire_get_u16(&rd);
		sf->sec_len[i] = wire_get_u32(&rd);
		sf->sec_data[i] = wire_get_raw(&rd, sf->sec_len[i]);
		if (rd.err)
			BAD("save file damaged (section %u)", i);
		if (sf->sec_id[i] >= n_ids)
			BAD("save file has a section of module %u, which "
			    "this rtiexec does not know", sf->sec_id[i]);
		for (j = 0; j < i; j++)
			if (sf->sec_id[j] == sf->sec_id[i])
				BAD("save file damaged (module %u twice)",
				    sf->sec_id[i]);
	}
	if (!wire_rd_done(&rd))
		BAD("save file damaged (%zu bytes after the sections)",
		    wire_rd_left(&rd));
	return 0;
fail:
	savefile_free(sf);
	return -1;
}
