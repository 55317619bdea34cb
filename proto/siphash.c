/* SPDX-License-Identifier: Apache-2.0 */
/*
 * siphash.c - SipHash-c-d (siphash.h), written from the description in
 * the paper: c compression rounds per 8-byte word, d finalization rounds;
 * the 128-bit variant marks v1 with 0xee at the start and v2 with 0xee
 * (not 0xff) at the end, and takes its second word after marking v1 with
 * 0xdd and d more rounds.  One core, inlined into each variant with its
 * round counts as constants (ALWAYS_INLINE: called out of line with the
 * counts as arguments, the hash of a short name took 1.1 to 1.3 times as
 * long; check_siphash's vectors guard every variant).
 */
#include "config.h"

#include <string.h>

#include "siphash.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))

struct sip {
	uint64_t v0, v1, v2, v3;
};

static inline uint64_t
le64(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	    (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
	    (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
	    (uint64_t)p[7] << 56;
}

static inline void
put_le64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

static ALWAYS_INLINE void
rounds(struct sip *s, int r)
{
	while (r-- > 0) {
		s->v0 += s->v1;
		s->v1 = ROTL(s->v1, 13);
		s->v1 ^= s->v0;
		s->v0 = ROTL(s->v0, 32);
		s->v2 += s->v3;
		s->v3 = ROTL(s->v3, 16);
		s->v3 ^= s->v2;
		s->v0 += s->v3;
		s->v3 = ROTL(s->v3, 21);
		s->v3 ^= s->v0;
		s->v2 += s->v1;
		s->v1 = ROTL(s->v1, 17);
		s->v1 ^= s->v2;
		s->v2 = ROTL(s->v2, 32);
	}
}

static ALWAYS_INLINE void
word(struct sip *s, uint64_t m, int c)
{
	s->v3 ^= m;
	rounds(s, c);
	s->v0 ^= m;
}

/* Initialise with key k (`wide`: the 128-bit variant) and compress
 * msg[0..n) with c rounds a word, the last word holding the remaining
 * bytes and the length's low byte on top; then mark v2 for the
 * finalization. */
static ALWAYS_INLINE void
absorb(struct sip *s, const uint64_t k[2], int wide, int c,
    const uint8_t *p, size_t n)
{
	size_t i, left = n & 7;
	uint64_t b;

	s->v0 = k[0] ^ 0x736f6d6570736575ull;
	s->v1 = k[1] ^ 0x646f72616e646f6dull ^ (wide ? 0xee : 0);
	s->v2 = k[0] ^ 0x6c7967656e657261ull;
	s->v3 = k[1] ^ 0x7465646279746573ull;
	for (i = 0; i + 8 <= n; i += 8)
		word(s, le64(p + i), c);
	b = (uint64_t)(n & 0xff) << 56;
	while (left--)
		b |= (uint64_t)p[i + left] << (8 * left);
	word(s, b, c);
	s->v2 ^= wide ? 0xee : 0xff;
}

static inline uint64_t
fold(const struct sip *s)
{
	return s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

void
siphash_key(const uint8_t b[SIPHASH_KEY_SIZE], uint64_t k[2])
{
	k[0] = le64(b);
	k[1] = le64(b + 8);
}

uint64_t
siphash13(const uint64_t k[2], const void *msg, size_t n)
{
	struct sip s;

	absorb(&s, k, 0, 1, msg, n);
	rounds(&s, 3);
	return fold(&s);
}

uint64_t
siphash24(const uint64_t k[2], const void *msg, size_t n)
{
	struct sip s;

	absorb(&s, k, 0, 2, msg, n);
	rounds(&s, 4);
	return fold(&s);
}

void
siphash24_128(const uint64_t k[2], const void *msg, size_t n,
    uint8_t out[16])
{
	struct sip s;

	absorb(&s, k, 1, 2, msg, n);
	rounds(&s, 4);
	put_le64(out, fold(&s));
	s.v1 ^= 0xdd;
	rounds(&s, 4);
	put_le64(out + 8, fold(&s));
}
