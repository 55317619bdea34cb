/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_mom.c - libFuzzer target for what rtiexec's MOM reads from and
 * writes for federates (rti/mom/mom_codec.h, rti-mom(7)).
 *
 * The input is the parameter block of a MOM interaction ("u32 n, n x
 * (u32 param, u32 len, bytes)", any bytes): mom_param_find of the
 * handles it names, and of one it does not, must return a value inside
 * the block or NULL, never read past it; mom_dec_handle and mom_dec_i32
 * of each value accept exactly the lengths they define.  The same bytes,
 * up to the first NUL, are a federate's name for mom_enc_str: the
 * HLAunicodeString's count is its UTF-16 units, and well-formed UTF-8
 * decodes back to itself with rti_decode_unicode_string.  The same bytes
 * are a WIRE_SERVICE_REPORT payload for mom_svc_parse: accepted only
 * within its limits, every string inside the input; and a
 * WIRE_MOM_STATS payload for mom_stats_parse, whose lists of classes
 * must lie inside the input and be ascending.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "librti.h"
#include "hla.h"
#include "mom_codec.h"
#include "fuzz.h"

static void
params(const uint8_t *data, size_t size)
{
	struct wire_rd rd;
	uint32_t n, i, h, l, vlen, x;
	const uint8_t *v;
	int32_t k;

	wire_rd_init(&rd, data, size);
	n = wire_get_u32(&rd);
	for (i = 0; i <= n && i < 64; i++) {
		h = i < n ? wire_get_u32(&rd) : 0x7fffffffu;
		l = i < n ? wire_get_u32(&rd) : 0;
		if (i < n)
			(void)wire_get_raw(&rd, l);
		if (rd.err)
			h = 0x7fffffffu;
		if (h == 0)
			continue;
		v = mom_param_find(data, size, h, &vlen);
		if (!v)
			continue;
		FUZZ_CHECK(v >= data + 12 && v <= data + size);
		FUZZ_CHECK(vlen <= (size_t)(data + size - v));
		FUZZ_CHECK(wire_get32(v - 8) == h);
		FUZZ_CHECK(wire_get32(v - 4) == vlen);
		FUZZ_CHECK((mom_dec_handle(v, vlen, &x) == 0) ==
		    (vlen == 8 && wire_get32(v) == 4));
		FUZZ_CHECK((mom_dec_i32(v, vlen, &k) == 0) == (vlen == 4));
		if (rd.err)
			break;
	}
}

static void
name(const uint8_t *data, size_t size)
{
	size_t n = strnlen((const char *)data, size), i = 0, len;
	char *s = malloc(n + 1), *back;
	struct rti_decoder d;
	struct wire_buf b;
	uint32_t cp;
	int valid = 1;

	FUZZ_CHECK(s != NULL);
	memcpy(s, data, n);
	s[n] = '\0';
	while (i < n && valid)
		valid = hla_utf8_next((const uint8_t *)s, n, &i, &cp) == 0;
	wire_buf_init(&b);
	mom_enc_str(&b, s);
	FUZZ_CHECK(!b.oom);
	FUZZ_CHECK(b.len == 4 + 2 * (size_t)wire_get32(b.data));
	back = malloc(4 * n + 1);
	FUZZ_CHECK(back != NULL);
	rti_decoder_init(&d, b.data, b.len);
	FUZZ_CHECK(rti_decode_unicode_string(&d, back, 4 * n + 1, &len) ==
	    RTI_OK);
	FUZZ_CHECK(d.off == b.len);
	if (valid)
		FUZZ_CHECK(len == n && memcmp(back, s, n) == 0);
	free(back);
	wire_buf_free(&b);
	free(s);
}

static void
service_report(const uint8_t *data, size_t size)
{
	struct mom_svc s;
	uint32_t i;

	if (mom_svc_parse(data, size, &s) < 0)
		return;
	FUZZ_CHECK(s.success == 0 || s.success == 1);
	FUZZ_CHECK((const uint8_t *)s.service > data &&
	    (const uint8_t *)s.service < data + size);
	FUZZ_CHECK(strlen(s.service) >= 1 &&
	    strlen(s.service) <= MOM_SVC_MAX_NAME);
	FUZZ_CHECK(s.n <= MOM_SVC_MAX_ARGS);
	for (i = 0; i < s.n; i++) {
		FUZZ_CHECK((const uint8_t *)s.args[i] > data &&
		    (const uint8_t *)s.args[i] < data + size);
		FUZZ_CHECK(strlen(s.args[i]) <= MOM_SVC_MAX_TEXT);
	}
	FUZZ_CHECK((const uint8_t *)s.exception > data &&
	    (const uint8_t *)s.exception < data + size);
	FUZZ_CHECK(strlen(s.exception) <= MOM_SVC_MAX_TEXT);
}

/* A WIRE_MOM_STATS payload: 21 octets, the flag 0 or 1, then two lists
 * of (class, count) pairs, classes ascending from 1 and counts not 0,
 * inside the input and filling it exactly. */
static void
stats(const uint8_t *data, size_t size)
{
	struct mom_stats s;
	uint32_t i, cls, count, prev;
	int k;

	if (mom_stats_parse(data, size, &s) < 0)
		return;
	FUZZ_CHECK(size >= 37 && data[20] <= 1);
	FUZZ_CHECK(s.granted_ms == wire_get32(data) &&
	    s.removed == wire_get32(data + 16));
	FUZZ_CHECK(size == 37 + 8 * ((size_t)s.inst[0].n + s.inst[1].n));
	for (k = 0; k < 2; k++) {
		FUZZ_CHECK(s.inst[k].n == 0 || (s.inst[k].pairs > data &&
		    s.inst[k].pairs + 8 * (size_t)s.inst[k].n <=
		    data + size));
		for (i = 0, prev = 0; i < s.inst[k].n; i++) {
			mom_inst_pair(&s.inst[k], i, &cls, &count);
			FUZZ_CHECK(cls > prev && count > 0);
			prev = cls;
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 1 << 16)
		return 0;
	params(data, size);
	name(data, size);
	service_report(data, size);
	stats(data, size);
	return 0;
}
