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

/* The UTF-8 form of the code point cp (at most 10FFFF, not a surrogate) in
 * out[0..3]; returns its length, 1 to 4. */
size_t hla_utf8_put(uint32_t cp, uint8_t out[4]);

#endif
