/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hla.h - internals of the HLA encoding helpers (hla.c) for the codecs
 * built on them (a FOM-driven codec, JSON text): the padding rule and the
 * UTF-8 scanner.  The helpers themselves, struct rti_encoder,
 * struct rti_decoder and rti_encode_* / rti_decode_*, are public and
 * declared in librti.h (librti-encoding(3)).
 */
#ifndef RTI_HLA_H
#define RTI_HLA_H

#include <stddef.h>
#include <stdint.h>

#include "librti.h"

/* The largest HLAinteger32BE count (element counts are never negative). */
#define HLA_COUNT_MAX 0x7fffffffu

/*
 * IEEE 1516.2-2010 4.13.9: the padding before an item of octet boundary
 * `boundary` (a power of two) that would start at offset `off` of the
 * encoding: the smallest P >= 0 with (off + P) mod boundary == 0.
 */
static inline size_t
hla_padding(size_t off, size_t boundary)
{
	return (boundary - (off & (boundary - 1))) & (boundary - 1);
}

/* Nonzero when `b` is a valid octet boundary: a power of two. */
static inline int
hla_boundary_ok(size_t b)
{
	return b != 0 && (b & (b - 1)) == 0;
}

/*
 * The code point at s[*i] of the UTF-8 text s[0..n): on success stores it
 * in *cp, advances *i past its bytes and returns 0.  Returns -1, *i
 * unchanged, when the sequence starting at *i is ill-formed (RFC 3629: a
 * stray continuation byte, C0, C1, F5..FF, an overlong form, a surrogate
 * D800..DFFF, a value above 10FFFF, a sequence cut short by another byte
 * or by the end).
 */
int hla_utf8_next(const uint8_t *s, size_t n, size_t *i, uint32_t *cp);

/* The n (1..8) octets at p as an unsigned integer, most significant
 * first when `big`. */
static inline uint64_t
hla_get_uint(const uint8_t *p, size_t n, int big)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)p[big ? n - 1 - i : i] << (8 * i);
	return v;
}

/* The n (1..8) low octets of v at p, most significant first when `big`. */
static inline void
hla_put_uint(uint8_t *p, uint64_t v, size_t n, int big)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[big ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
}

/* The two's complement value of the n-octet (1..8) pattern u. */
static inline int64_t
hla_sign_extend(uint64_t u, size_t n)
{
	uint64_t sign = (uint64_t)1 << (8 * n - 1);
	uint64_t mask = sign - 1 + sign;

	if (!(u & sign))
		return (int64_t)u;
	return -(int64_t)(~u & mask) - 1;
}

/* The UTF-8 form of the code point cp (at most 10FFFF, not a surrogate) in
 * out[0..3]; returns its length, 1 to 4. */
size_t hla_utf8_put(uint32_t cp, uint8_t out[4]);

#endif
