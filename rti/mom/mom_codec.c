/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mom_codec.c - the MOM's encoders and the decoding of the parameters of
 * MOM interactions (mom_codec.h).  Pure: no server state, so that a fuzz
 * target (test/fuzz/fuzz_mom.c) runs them alone.
 */
#include "config.h"

#include <string.h>

#include "hla.h"
#include "mom_codec.h"

/* Pad `b` with zeros to a multiple of `boundary` from `start`. */
void
mom_enc_pad(struct wire_buf *b, size_t start, size_t boundary)
{
	static const uint8_t zero[8];

	wire_put_raw(b, zero, hla_padding(b->len - start, boundary));
}

/* HLAunicodeString: HLAinteger32BE count of UTF-16 units, then the
 * units big-endian.  Ill-formed UTF-8 becomes U+FFFD. */
void
mom_enc_str(struct wire_buf *b, const char *s)
{
	mom_enc_strn(b, s, strlen(s));
}

void
mom_enc_strn(struct wire_buf *b, const char *s, size_t n)
{
	size_t i = 0, cnt = b->len;
	uint32_t units = 0, cp;

	wire_put_u32(b, 0);
	while (i < n) {
		if (hla_utf8_next((const uint8_t *)s, n, &i, &cp) < 0) {
			cp = 0xfffd;
			i++;
		}
		if (cp >= 0x10000) {
			cp -= 0x10000;
			wire_put_u16(b, (uint16_t)(0xd800 | (cp >> 10)));
			wire_put_u16(b, (uint16_t)(0xdc00 | (cp & 0x3ff)));
			units += 2;
		} else {
			wire_put_u16(b, (uint16_t)cp);
			units++;
		}
	}
	wire_patch_u32(b, cnt, units);
}

void
mom_enc_handle(struct wire_buf *b, uint32_t h)
{
	wire_put_u32(b, 4);
	wire_put_u32(b, h);
}

/* HLAlogicalTime / HLAtimeInterval: `has` 0 encodes no octets. */
void
mom_enc_time(struct wire_buf *b, int has, uint64_t t)
{
	wire_put_u32(b, has ? 8 : 0);
	if (has)
		wire_put_u64(b, t);
}

/* HLAvariableArray of HLAunicodeString: each element on a 4-octet
 * boundary from `start`, the value's first octet. */
void
mom_enc_str_list(struct wire_buf *b, size_t start, char *const *v, uint32_t n)
{
	uint32_t i;

	wire_put_u32(b, n);
	for (i = 0; i < n; i++) {
		mom_enc_pad(b, start, 4);
		mom_enc_str(b, v[i]);
	}
}

/* The value of parameter `p` in block `params` (OM checked its form), or
 * NULL. */
const uint8_t *
mom_param_find(const uint8_t *params, size_t len, uint32_t p, uint32_t *vlen)
{
	struct wire_rd rd;
	uint32_t n, i, h, l;
	const uint8_t *v;

	if (!p)
		return NULL;
	wire_rd_init(&rd, params, len);
	n = wire_get_u32(&rd);
	for (i = 0; i < n && !rd.err; i++) {
		h = wire_get_u32(&rd);
		l = wire_get_u32(&rd);
		v = wire_get_raw(&rd, l);
		if (!rd.err && h == p) {
			*vlen = l;
			return v;
		}
	}
	return NULL;
}

/* An HLAhandle value: 0 and *h, or -1 when it is not four octets. */
int
mom_dec_handle(const uint8_t *v, uint32_t len, uint32_t *h)
{
	if (len != 8 || wire_get32(v) != 4)
		return -1;
	*h = wire_get32(v + 4);
	return 0;
}

/* An HLAinteger32BE-represented value: 0 and *x, or -1. */
int
mom_dec_i32(const uint8_t *v, uint32_t len, int32_t *x)
{
	if (len != 4)
		return -1;
	*x = (int32_t)wire_get32(v);
	return 0;
}

int
mom_svc_parse(const uint8_t *p, size_t n, struct mom_svc *out)
{
	struct wire_rd rd;
	uint8_t ok;
	uint32_t i;

	wire_rd_init(&rd, p, n);
	ok = wire_get_u8(&rd);
	out->service = wire_get_str(&rd, MOM_SVC_MAX_NAME);
	out->n = wire_get_u32(&rd);
	if (rd.err || ok > 1 || !out->service || !out->service[0] ||
	    out->n > MOM_SVC_MAX_ARGS)
		return -1;
	out->success = ok;
	for (i = 0; i < out->n; i++)
		if (!(out->args[i] = wire_get_str(&rd, MOM_SVC_MAX_TEXT)))
			return -1;
	out->exception = wire_get_str(&rd, MOM_SVC_MAX_TEXT);
	return out->exception && wire_rd_done(&rd) ? 0 : -1;
}

int
mom_stats_parse(const uint8_t *p, size_t n, struct mom_stats *out)
{
	struct wire_rd rd;
	uint32_t i, cls, prev;
	uint8_t a;
	int k;

	wire_rd_init(&rd, p, n);
	out->granted_ms = wire_get_u32(&rd);
	out->advancing_ms = wire_get_u32(&rd);
	out->ro = wire_get_u32(&rd);
	out->deleted = wire_get_u32(&rd);
	out->removed = wire_get_u32(&rd);
	a = wire_get_u8(&rd);
	if (rd.err || a > 1)
		return -1;
	out->async = a;
	for (k = 0; k < 2; k++) {
		struct mom_inst_counts *c = &out->inst[k];

		c->total = wire_get_u32(&rd);
		c->n = wire_get_count(&rd, 8);
		c->pairs = rd.err ? NULL : rd.p;
		for (i = 0, prev = 0; i < c->n && !rd.err; i++) {
			cls = wire_get_u32(&rd);
			if (cls <= prev || wire_get_u32(&rd) == 0)
				return -1;
			prev = cls;
		}
	}
	return wire_rd_done(&rd) ? 0 : -1;
}

void
mom_inst_pair(const struct mom_inst_counts *c, uint32_t i, uint32_t *cls,
    uint32_t *count)
{
	const uint8_t *q = c->pairs + (size_t)i * 8;

	*cls = (uint32_t)q[0] << 24 | (uint32_t)q[1] << 16 |
	    (uint32_t)q[2] << 8 | q[3];
	*count = (uint32_t)q[4] << 24 | (uint32_t)q[5] << 16 |
	    (uint32_t)q[6] << 8 | q[7];
}
