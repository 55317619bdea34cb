/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fnv.h - FNV-1a, 64 bits: the unkeyed hash where every side must compute
 * the same value from public data (a condition's point in match.c, the
 * multicast group of a class and cell in mcast.c).  Where an input may be
 * chosen to collide, the keyed SipHash (siphash.h) is the hash.
 */
#ifndef RTI_FNV_H
#define RTI_FNV_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A_INIT 0xcbf29ce484222325ull

/* h continued over p[0..n) (start from FNV1A_INIT). */
static inline uint64_t
fnv1a(uint64_t h, const void *p, size_t n)
{
	const uint8_t *s = p;

	while (n--)
		h = (h ^ *s++) * 0x100000001b3ull;
	return h;
}

/* h continued over the bytes of NUL-terminated s, one pass. */
static inline uint64_t
fnv1a_str(uint64_t h, const char *s)
{
	while (*s)
		h = (h ^ (uint8_t)*s++) * 0x100000001b3ull;
	return h;
}

#endif
