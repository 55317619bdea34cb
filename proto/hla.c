/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hla.c - the HLA encodings of IEEE 1516.2-2010 chapter 4: a write cursor
 * over a caller's buffer and a read cursor over received bytes, and one
 * encoder and one decoder per basic data representation and per simple or
 * array datatype of the MIM (librti-encoding(3)).
 *
 * Pure: no I/O, no allocation, no state outside the cursors.  librti
 * exports the RTI_API functions; rtiexec links the same code.
 */
#include "config.h"

#include <string.h>

#include "hla.h"

_Static_assert(sizeof(float) == 4 && sizeof(double) == 8,
    "HLAfloat32 and HLAfloat64 are IEEE 754 binary32 and binary64");

/* ---- UTF-8 ---- */

int
hla_utf8_next(const uint8_t *s, size_t n, size_t *i, uint32_t *cp)
{
	size_t at = *i, k, len;
	uint32_t c, lo = 0x80, hi = 0xbf;	/* range of the second byte */
	uint8_t b;

	if (at >= n)
		return -1;
	b = s[at];
	if (b < 0x80) {
		*cp = b;
		*i = at + 1;
		return 0;
	}
	if (b >= 0xc2 && b <= 0xdf) {
		len = 2;
		c = b & 0x1f;
	} else if (b >= 0xe0 && b <= 0xef) {
		len = 3;
		c = b & 0x0f;
		if (b == 0xe0)
			lo = 0xa0;		/* overlong below 0800 */
		else if (b == 0xed)
			hi = 0x9f;		/* surrogates D800..DFFF */
	} else if (b >= 0xf0 && b <= 0xf4) {
		len = 4;
		c = b & 0x07;
		if (b == 0xf0)
			lo = 0x90;		/* overlong below 10000 */
		else if (b == 0xf4)
			hi = 0x8f;		/* above 10FFFF */
	} else {
		return -1;	/* continuation byte, C0, C1, F5..FF */
	}
	if (len > n - at)
		return -1;
	for (k = 1; k < len; k++) {
		b = s[at + k];
		if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xbf))
			return -1;
		c = c << 6 | (b & 0x3f);
	}
	*cp = c;
	*i = at + len;
	return 0;
}

size_t
hla_utf8_put(uint32_t cp, uint8_t out[4])
{
	if (cp < 0x80) {
		out[0] = (uint8_t)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (uint8_t)(0xc0 | cp >> 6);
		out[1] = (uint8_t)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (uint8_t)(0xe0 | cp >> 12);
		out[1] = (uint8_t)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (uint8_t)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (uint8_t)(0xf0 | cp >> 18);
	out[1] = (uint8_t)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (uint8_t)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (uint8_t)(0x80 | (cp & 0x3f));
	return 4;
}

/* ---- the write cursor ---- */

/* Record error `err` at `off`: the first error sticks, except that bad
 * input replaces a full buffer (retrying with more room would not help). */
static void
enc_fail(struct rti_encoder *e, int err, size_t off)
{
	if (e->err == RTI_OK || (err == RTI_ERR_INVALID_ARGUMENT &&
	    e->err == RTI_ERR_LIMIT_EXCEEDED)) {
		e->err = err;
		e->err_off = off;
	}
}

/*
 * Account for n > 0 bytes at len: returns where to write them, or NULL
 * when they may not be written (an earlier error, or no room, which sets
 * RTI_ERR_LIMIT_EXCEEDED).  len grows by n either way.
 */
static uint8_t *
enc_room(struct rti_encoder *e, size_t n)
{
	size_t at = e->len;

	if (n > SIZE_MAX - at) {
		e->len = SIZE_MAX;
		enc_fail(e, RTI_ERR_LIMIT_EXCEEDED, at);
		return NULL;
	}
	e->len = at + n;
	if (e->err != RTI_OK)
		return NULL;
	if (at > e->cap || n > e->cap - at) {
		enc_fail(e, RTI_ERR_LIMIT_EXCEEDED, at);
		return NULL;
	}
	return e->buf + at;
}

/* The n low bytes of v, most significant first when `big`. */
static int
enc_uint(struct rti_encoder *e, uint64_t v, size_t n, int big)
{
	uint8_t *p;

	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!(p = enc_room(e, n)))
		return e->err;
	hla_put_uint(p, v, n, big);
	return RTI_OK;
}

/* n raw bytes of p. */
static int
enc_bytes(struct rti_encoder *e, const void *p, size_t n)
{
	uint8_t *q;

	if (n == 0)
		return e->err;
	if (!(q = enc_room(e, n)))
		return e->err;
	memcpy(q, p, n);
	return RTI_OK;
}

RTI_API void
rti_encoder_init(struct rti_encoder *e, void *buf, size_t cap)
{
	if (!e)
		return;
	e->buf = buf;
	e->cap = buf ? cap : 0;
	e->len = 0;
	e->err = RTI_OK;
	e->err_off = 0;
	if (!buf && cap)
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, 0);
}

RTI_API int
rti_encoder_align(struct rti_encoder *e, size_t boundary)
{
	size_t pad;
	uint8_t *p;

	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!hla_boundary_ok(boundary)) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	pad = hla_padding(e->len, boundary);
	if (pad == 0)
		return e->err;
	if (!(p = enc_room(e, pad)))
		return e->err;
	memset(p, 0, pad);
	return RTI_OK;
}

/* ---- the read cursor ---- */

static void
dec_fail(struct rti_decoder *d, int err, size_t off)
{
	if (d->err == RTI_OK) {
		d->err = err;
		d->err_off = off;
	}
}

/* Nonzero when n bytes are left at d->off (and no error is set; a missing
 * byte is RTI_ERR_DECODER_ERROR at d->off). */
static int
dec_has(struct rti_decoder *d, size_t n)
{
	if (d->err != RTI_OK)
		return 0;
	if (d->off > d->len || n > d->len - d->off) {
		dec_fail(d, RTI_ERR_DECODER_ERROR, d->off);
		return 0;
	}
	return 1;
}

/* Start a get whose output pointers are valid when `args_ok`: RTI_OK when
 * it may go on; otherwise the error to return. */
static int
dec_begin(struct rti_decoder *d, int args_ok)
{
	if (!d)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!args_ok)
		dec_fail(d, RTI_ERR_INVALID_ARGUMENT, d->off);
	return d->err;
}

/* The n-byte unsigned integer at d->off + skip, without moving off. */
static uint64_t
dec_peek_uint(const struct rti_decoder *d, size_t skip, size_t n, int big)
{
	return hla_get_uint(d->buf + d->off + skip, n, big);
}

/* The next n-byte unsigned integer into *v (0 on failure). */
static int
dec_uint(struct rti_decoder *d, const void *out, size_t n, int big,
    uint64_t *v)
{
	int rc;

	*v = 0;
	if ((rc = dec_begin(d, out != NULL)) != RTI_OK)
		return rc;
	if (!dec_has(d, n))
		return d->err;
	*v = dec_peek_uint(d, 0, n, big);
	d->off += n;
	return RTI_OK;
}


RTI_API void
rti_decoder_init(struct rti_decoder *d, const void *buf, size_t len)
{
	if (!d)
		return;
	d->buf = buf;
	d->len = buf ? len : 0;
	d->off = 0;
	d->err = RTI_OK;
	d->err_off = 0;
	if (!buf && len)
		dec_fail(d, RTI_ERR_INVALID_ARGUMENT, 0);
}

RTI_API int
rti_decoder_align(struct rti_decoder *d, size_t boundary)
{
	size_t pad;

	if (!d)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!hla_boundary_ok(boundary)) {
		dec_fail(d, RTI_ERR_INVALID_ARGUMENT, d->off);
		return d->err;
	}
	pad = hla_padding(d->off, boundary);
	if (pad && dec_has(d, pad))
		d->off += pad;
	return d->err;
}

RTI_API int
rti_decoder_done(struct rti_decoder *d)
{
	if (!d)
		return RTI_ERR_INVALID_ARGUMENT;
	if (d->err == RTI_OK && d->off != d->len)
		dec_fail(d, RTI_ERR_DECODER_ERROR, d->off);
	return d->err;
}

/* ---- basic data representations ---- */

#define HLA_INT(name, type, size, big)                                    \
	RTI_API int                                                       \
	rti_encode_##name(struct rti_encoder *e, type v)                  \
	{                                                                 \
		return enc_uint(e, (uint64_t)v, size, big);               \
	}                                                                 \
	RTI_API int                                                       \
	rti_decode_##name(struct rti_decoder *d, type *out)               \
	{                                                                 \
		uint64_t u;                                               \
		int rc = dec_uint(d, out, size, big, &u);                 \
                                                                          \
		if (out)                                                  \
			*out = (type)hla_sign_extend(u, size);                \
		return rc;                                                \
	}
HLA_INT(int16_be, int16_t, 2, 1)
HLA_INT(int16_le, int16_t, 2, 0)
HLA_INT(int32_be, int32_t, 4, 1)
HLA_INT(int32_le, int32_t, 4, 0)
HLA_INT(int64_be, int64_t, 8, 1)
HLA_INT(int64_le, int64_t, 8, 0)
#undef HLA_INT

/* Floating point goes through its bit pattern (memcpy), never through an
 * arithmetic conversion, so every payload survives. */
#define HLA_FLOAT(name, type, utype, size, big)                           \
	RTI_API int                                                       \
	rti_encode_##name(struct rti_encoder *e, type v)                  \
	{                                                                 \
		utype u;                                                  \
                                                                          \
		memcpy(&u, &v, size);                                     \
		return enc_uint(e, u, size, big);                         \
	}                                                                 \
	RTI_API int                                                       \
	rti_decode_##name(struct rti_decoder *d, type *out)               \
	{                                                                 \
		uint64_t u;                                               \
		utype b;                                                  \
		int rc = dec_uint(d, out, size, big, &u);                 \
                                                                          \
		b = (utype)u;                                             \
		if (out)                                                  \
			memcpy(out, &b, size);                            \
		return rc;                                                \
	}
HLA_FLOAT(float32_be, float, uint32_t, 4, 1)
HLA_FLOAT(float32_le, float, uint32_t, 4, 0)
HLA_FLOAT(float64_be, double, uint64_t, 8, 1)
HLA_FLOAT(float64_le, double, uint64_t, 8, 0)
#undef HLA_FLOAT

#define HLA_UINT(name, type, size, big)                                   \
	RTI_API int                                                       \
	rti_encode_##name(struct rti_encoder *e, type v)                  \
	{                                                                 \
		return enc_uint(e, v, size, big);                         \
	}                                                                 \
	RTI_API int                                                       \
	rti_decode_##name(struct rti_decoder *d, type *out)               \
	{                                                                 \
		uint64_t u;                                               \
		int rc = dec_uint(d, out, size, big, &u);                 \
                                                                          \
		if (out)                                                  \
			*out = (type)u;                                   \
		return rc;                                                \
	}
HLA_UINT(octet_pair_be, uint16_t, 2, 1)
HLA_UINT(octet_pair_le, uint16_t, 2, 0)
HLA_UINT(octet, uint8_t, 1, 1)
/* The MIM's HLAunicodeChar is HLAoctetPairBE, HLAbyte is HLAoctet. */
HLA_UINT(unicode_char, uint16_t, 2, 1)
HLA_UINT(byte, uint8_t, 1, 1)
#undef HLA_UINT

/* ---- simple datatypes of the MIM ---- */

RTI_API int
rti_encode_ascii_char(struct rti_encoder *e, char c)
{
	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if ((unsigned char)c > 0x7f) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	return enc_uint(e, (unsigned char)c, 1, 1);
}

RTI_API int
rti_decode_ascii_char(struct rti_decoder *d, char *out)
{
	int rc;

	if (out)
		*out = 0;
	if ((rc = dec_begin(d, out != NULL)) != RTI_OK)
		return rc;
	if (!dec_has(d, 1))
		return d->err;
	if (d->buf[d->off] > 0x7f) {
		dec_fail(d, RTI_ERR_DECODER_ERROR, d->off);
		return d->err;
	}
	*out = (char)d->buf[d->off++];
	return RTI_OK;
}

RTI_API int
rti_encode_boolean(struct rti_encoder *e, int v)
{
	return enc_uint(e, v != 0, 4, 1);
}

RTI_API int
rti_decode_boolean(struct rti_decoder *d, int *out)
{
	uint64_t u;
	int rc;

	if (out)
		*out = 0;
	if ((rc = dec_begin(d, out != NULL)) != RTI_OK)
		return rc;
	if (!dec_has(d, 4))
		return d->err;
	u = dec_peek_uint(d, 0, 4, 1);
	if (u > 1) {
		dec_fail(d, RTI_ERR_DECODER_ERROR, d->off);
		return d->err;
	}
	*out = (int)u;
	d->off += 4;
	return RTI_OK;
}

/* ---- arrays ---- */

RTI_API int
rti_encode_count(struct rti_encoder *e, uint32_t n)
{
	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if (n > HLA_COUNT_MAX) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	return enc_uint(e, n, 4, 1);
}

/*
 * The count at d->off, without moving off, when it is a valid count whose
 * `unit`-byte elements all follow it: returns 0 and stores it in *n;
 * otherwise RTI_ERR_DECODER_ERROR at the count.
 */
static int
dec_peek_count(struct rti_decoder *d, size_t unit, uint32_t *n)
{
	uint64_t c;
	size_t left;

	*n = 0;
	if (!dec_has(d, 4))
		return d->err;
	c = dec_peek_uint(d, 0, 4, 1);
	left = d->len - d->off - 4;
	if (c > HLA_COUNT_MAX || (unit && c > left / unit)) {
		dec_fail(d, RTI_ERR_DECODER_ERROR, d->off);
		return d->err;
	}
	*n = (uint32_t)c;
	return RTI_OK;
}

RTI_API int
rti_decode_count(struct rti_decoder *d, uint32_t *n, size_t elem_min)
{
	uint32_t c;
	int rc;

	if (n)
		*n = 0;
	if ((rc = dec_begin(d, n != NULL)) != RTI_OK)
		return rc;
	if ((rc = dec_peek_count(d, elem_min, &c)) != RTI_OK)
		return rc;
	*n = c;
	d->off += 4;
	return RTI_OK;
}

RTI_API int
rti_encode_octets(struct rti_encoder *e, const void *p, size_t n)
{
	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!p && n) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	return enc_bytes(e, p, n);
}

RTI_API int
rti_decode_octets_view(struct rti_decoder *d, const void **p, size_t n)
{
	int rc;

	if (p)
		*p = NULL;
	if ((rc = dec_begin(d, p != NULL)) != RTI_OK)
		return rc;
	if (!dec_has(d, n))
		return d->err;
	*p = d->buf ? d->buf + d->off : NULL;
	d->off += n;
	return RTI_OK;
}

RTI_API int
rti_encode_opaque(struct rti_encoder *e, const void *p, uint32_t n)
{
	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if ((!p && n) || n > HLA_COUNT_MAX) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	enc_uint(e, n, 4, 1);
	return enc_bytes(e, p, n);
}

/* The bytes of a count-prefixed array of octets at d->off: *p and *n, off
 * past them. */
static int
dec_octet_array(struct rti_decoder *d, const uint8_t **p, uint32_t *n)
{
	int rc;

	if ((rc = dec_peek_count(d, 1, n)) != RTI_OK)
		return rc;
	*p = d->buf + d->off + 4;
	d->off += 4 + (size_t)*n;
	return RTI_OK;
}

RTI_API int
rti_decode_opaque_view(struct rti_decoder *d, const void **p, uint32_t *n)
{
	const uint8_t *q;
	uint32_t c;
	int rc;

	if (p)
		*p = NULL;
	if (n)
		*n = 0;
	if ((rc = dec_begin(d, p && n)) != RTI_OK)
		return rc;
	if ((rc = dec_octet_array(d, &q, &c)) != RTI_OK)
		return rc;
	*p = q;
	*n = c;
	return RTI_OK;
}

RTI_API int
rti_encode_ascii_string_n(struct rti_encoder *e, const char *s, size_t n)
{
	size_t i;

	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if ((!s && n) || n > HLA_COUNT_MAX) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	for (i = 0; i < n; i++) {
		if ((unsigned char)s[i] > 0x7f) {
			enc_fail(e, RTI_ERR_INVALID_ARGUMENT, i);
			return e->err;
		}
	}
	enc_uint(e, n, 4, 1);
	return enc_bytes(e, s, n);
}

RTI_API int
rti_encode_ascii_string(struct rti_encoder *e, const char *s)
{
	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!s) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	return rti_encode_ascii_string_n(e, s, strlen(s));
}

/* Common failure of the string decoders: too small an output buffer. */
static int
dec_too_small(struct rti_decoder *d, char *out, size_t cap, size_t need,
    size_t *len)
{
	if (cap)
		out[0] = '\0';
	if (len)
		*len = need;
	dec_fail(d, RTI_ERR_LIMIT_EXCEEDED, d->off);
	return d->err;
}

RTI_API int
rti_decode_ascii_string(struct rti_decoder *d, char *out, size_t cap,
    size_t *len)
{
	const uint8_t *p;
	uint32_t n, i;
	int rc;

	if (len)
		*len = 0;
	if (out && cap)
		out[0] = '\0';
	if ((rc = dec_begin(d, out || !cap)) != RTI_OK)
		return rc;
	if ((rc = dec_peek_count(d, 1, &n)) != RTI_OK)
		return rc;
	p = d->buf + d->off + 4;
	for (i = 0; i < n; i++) {
		if (p[i] > 0x7f) {
			dec_fail(d, RTI_ERR_DECODER_ERROR, d->off + 4 + i);
			return d->err;
		}
	}
	if (cap < (size_t)n + 1)
		return dec_too_small(d, out, cap, n, len);
	memcpy(out, p, n);
	out[n] = '\0';
	if (len)
		*len = n;
	d->off += 4 + (size_t)n;
	return RTI_OK;
}

RTI_API int
rti_decode_ascii_string_view(struct rti_decoder *d, const char **p,
    uint32_t *n)
{
	const uint8_t *q;
	uint32_t c;
	int rc;

	if (p)
		*p = NULL;
	if (n)
		*n = 0;
	if ((rc = dec_begin(d, p && n)) != RTI_OK)
		return rc;
	if ((rc = dec_octet_array(d, &q, &c)) != RTI_OK)
		return rc;
	*p = (const char *)q;
	*n = c;
	return RTI_OK;
}

RTI_API int
rti_encode_unicode_string_n(struct rti_encoder *e, const char *utf8,
    size_t n)
{
	const uint8_t *s = (const uint8_t *)utf8;
	size_t i = 0, units = 0;
	uint32_t cp;
	uint8_t *p;

	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!s && n) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	while (i < n) {
		if (hla_utf8_next(s, n, &i, &cp) < 0) {
			enc_fail(e, RTI_ERR_INVALID_ARGUMENT, i);
			return e->err;
		}
		units += cp > 0xffff ? 2 : 1;
	}
	if (units > HLA_COUNT_MAX) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	enc_uint(e, units, 4, 1);
	if (units == 0)
		return e->err;
	if (units > (SIZE_MAX - e->len) / 2) {
		enc_room(e, SIZE_MAX);	/* cannot be held: len saturates */
		return e->err;
	}
	if (!(p = enc_room(e, 2 * units)))
		return e->err;
	for (i = 0; i < n;) {
		hla_utf8_next(s, n, &i, &cp);
		if (cp > 0xffff) {
			uint32_t v = cp - 0x10000;
			uint32_t h = 0xd800 | v >> 10;
			uint32_t l = 0xdc00 | (v & 0x3ff);

			*p++ = (uint8_t)(h >> 8);
			*p++ = (uint8_t)h;
			*p++ = (uint8_t)(l >> 8);
			*p++ = (uint8_t)l;
		} else {
			*p++ = (uint8_t)(cp >> 8);
			*p++ = (uint8_t)cp;
		}
	}
	return RTI_OK;
}

RTI_API int
rti_encode_unicode_string(struct rti_encoder *e, const char *utf8)
{
	if (!e)
		return RTI_ERR_INVALID_ARGUMENT;
	if (!utf8) {
		enc_fail(e, RTI_ERR_INVALID_ARGUMENT, e->len);
		return e->err;
	}
	return rti_encode_unicode_string_n(e, utf8, strlen(utf8));
}

/*
 * The code point of the UTF-16BE units p[2k..] (k < n): stores it, the
 * number of units it takes (1 or 2) in *w; -1 for an unpaired surrogate.
 */
static int
utf16_next(const uint8_t *p, uint32_t k, uint32_t n, uint32_t *cp,
    uint32_t *w)
{
	uint32_t u = (uint32_t)p[2 * k] << 8 | p[2 * k + 1], l;

	*w = 1;
	*cp = u;
	if (u < 0xd800 || u > 0xdfff)
		return 0;
	if (u > 0xdbff || k + 1 >= n)
		return -1;
	l = (uint32_t)p[2 * k + 2] << 8 | p[2 * k + 3];
	if (l < 0xdc00 || l > 0xdfff)
		return -1;
	*w = 2;
	*cp = 0x10000 + ((u - 0xd800) << 10) + (l - 0xdc00);
	return 0;
}

RTI_API int
rti_decode_unicode_string(struct rti_decoder *d, char *utf8, size_t cap,
    size_t *len)
{
	const uint8_t *p;
	uint32_t n, k, cp, w;
	size_t need = 0, o = 0;
	uint8_t tmp[4];
	int rc;

	if (len)
		*len = 0;
	if (utf8 && cap)
		utf8[0] = '\0';
	if ((rc = dec_begin(d, utf8 || !cap)) != RTI_OK)
		return rc;
	if ((rc = dec_peek_count(d, 2, &n)) != RTI_OK)
		return rc;
	p = d->buf + d->off + 4;
	for (k = 0; k < n; k += w) {
		if (utf16_next(p, k, n, &cp, &w) < 0) {
			dec_fail(d, RTI_ERR_DECODER_ERROR,
			    d->off + 4 + 2 * (size_t)k);
			return d->err;
		}
		need += hla_utf8_put(cp, tmp);
	}
	if (cap <= need)
		return dec_too_small(d, utf8, cap, need, len);
	for (k = 0; k < n; k += w) {
		utf16_next(p, k, n, &cp, &w);
		o += hla_utf8_put(cp, (uint8_t *)utf8 + o);
	}
	utf8[o] = '\0';
	if (len)
		*len = o;
	d->off += 4 + 2 * (size_t)n;
	return RTI_OK;
}
