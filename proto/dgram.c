/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dgram.c - the datagram codec (dgram.h) and SipHash-2-4-128, written
 * from the description in Aumasson and Bernstein, "SipHash: a fast
 * short-input PRF" (2012): c = 2 compression rounds per 8-byte word,
 * d = 4 finalization rounds, the 128-bit variant's 0xee and 0xdd.
 */
#include "config.h"

#include <string.h>

#include "dgram.h"
#include "wire.h"

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))

static inline uint64_t
le64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static inline void
put_le64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

struct sip {
	uint64_t v0, v1, v2, v3;
};

static inline void
sipround(struct sip *s)
{
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

static inline void
sip_word(struct sip *s, uint64_t m)
{
	s->v3 ^= m;
	sipround(s);
	sipround(s);
	s->v0 ^= m;
}

void
dgram_siphash128(const uint8_t key[DGRAM_KEY_SIZE], const void *msg,
    size_t n, uint8_t out[DGRAM_MAC_SIZE])
{
	const uint8_t *p = msg;
	uint64_t k0 = le64(key), k1 = le64(key + 8), b;
	struct sip s;
	size_t i, left = n & 7;
	int r;

	s.v0 = k0 ^ 0x736f6d6570736575ull;
	s.v1 = k1 ^ 0x646f72616e646f6dull ^ 0xee;
	s.v2 = k0 ^ 0x6c7967656e657261ull;
	s.v3 = k1 ^ 0x7465646279746573ull;
	for (i = 0; i + 8 <= n; i += 8)
		sip_word(&s, le64(p + i));
	/* the last word: the remaining bytes, the length's low byte on
	 * top */
	b = (uint64_t)(n & 0xff) << 56;
	while (left--)
		b |= (uint64_t)p[i + left] << (8 * left);
	sip_word(&s, b);
	s.v2 ^= 0xee;
	for (r = 0; r < 4; r++)
		sipround(&s);
	put_le64(out, s.v0 ^ s.v1 ^ s.v2 ^ s.v3);
	s.v1 ^= 0xdd;
	for (r = 0; r < 4; r++)
		sipround(&s);
	put_le64(out + 8, s.v0 ^ s.v1 ^ s.v2 ^ s.v3);
}

void
dgram_key(const uint8_t *auth, size_t len, uint64_t token,
    uint8_t key[DGRAM_KEY_SIZE])
{
	static const uint8_t label[DGRAM_KEY_SIZE] = "rti dgram key v1";
	uint8_t base[DGRAM_KEY_SIZE], t[8];

	dgram_siphash128(label, auth, len, base);
	wire_put64(t, token);
	dgram_siphash128(base, t, sizeof t, key);
	memset(base, 0, sizeof base);
}

void
dgram_put_header(uint8_t *p, uint64_t token, uint32_t seq, uint8_t flags)
{
	wire_put16(p, DGRAM_MAGIC);
	p[2] = DGRAM_VERSION;
	p[3] = flags;
	wire_put64(p + 4, token);
	wire_put32(p + 12, seq);
}

size_t
dgram_seal(uint8_t *p, size_t len, const uint8_t key[DGRAM_KEY_SIZE])
{
	dgram_siphash128(key, p, len, p + len);
	return len + DGRAM_MAC_SIZE;
}

int
dgram_peek(const uint8_t *p, size_t n, struct dgram_hdr *h)
{
	if (n < DGRAM_HEADER_SIZE)
		return DGRAM_ESHORT;
	if (wire_get16(p) != DGRAM_MAGIC)
		return DGRAM_EMAGIC;
	if (p[2] != DGRAM_VERSION)
		return DGRAM_EVERSION;
	h->flags = p[3];
	h->token = wire_get64(p + 4);
	h->seq = wire_get32(p + 12);
	return DGRAM_OK;
}

int
dgram_open(const uint8_t *p, size_t n, const uint8_t *key,
    uint32_t max_frame, struct dgram_hdr *h, const uint8_t **frames,
    size_t *len)
{
	size_t end = n, at;
	int rc = dgram_peek(p, n, h);

	if (rc != DGRAM_OK)
		return rc;
	if (key) {
		uint8_t mac[DGRAM_MAC_SIZE];
		unsigned diff = 0;
		size_t i;

		if (n < DGRAM_HEADER_SIZE + DGRAM_MAC_SIZE)
			return DGRAM_ESHORT;
		if (!(h->flags & DGRAM_F_MAC))
			return DGRAM_EMAC;
		end = n - DGRAM_MAC_SIZE;
		dgram_siphash128(key, p, end, mac);
		for (i = 0; i < DGRAM_MAC_SIZE; i++)
			diff |= (unsigned)(mac[i] ^ p[end + i]);
		if (diff)
			return DGRAM_EMAC;
	} else if (h->flags & DGRAM_F_MAC) {
		return DGRAM_EMAC;
	}
	if (end == DGRAM_HEADER_SIZE)
		return DGRAM_EFRAME;
	for (at = DGRAM_HEADER_SIZE; at < end;) {
		uint16_t type, flags;
		uint32_t flen;

		if (wire_frame_peek(p + at, end - at, max_frame, &type, &flags,
		    &flen) != 1 || end - at - WIRE_HEADER_SIZE < flen)
			return DGRAM_EFRAME;
		at += WIRE_HEADER_SIZE + (size_t)flen;
	}
	*frames = p + DGRAM_HEADER_SIZE;
	*len = end - DGRAM_HEADER_SIZE;
	return DGRAM_OK;
}

int
dgram_next(const uint8_t **p, size_t *left, uint16_t *type,
    uint16_t *flags, const uint8_t **payload, uint32_t *plen)
{
	size_t n;

	if (*left < WIRE_HEADER_SIZE)
		return 0;
	*plen = wire_get32(*p);
	*type = wire_get16(*p + 4);
	*flags = wire_get16(*p + 6);
	*payload = *p + WIRE_HEADER_SIZE;
	n = WIRE_HEADER_SIZE + (size_t)*plen;
	if (n > *left)
		return 0;
	*p += n;
	*left -= n;
	return 1;
}

const char *
dgram_strerror(int err)
{
	switch (err) {
	case DGRAM_OK:
		return "ok";
	case DGRAM_ESHORT:
		return "too short";
	case DGRAM_EMAGIC:
		return "bad magic";
	case DGRAM_EVERSION:
		return "unsupported version";
	case DGRAM_EMAC:
		return "bad MAC";
	case DGRAM_EFRAME:
		return "bad frames";
	default:
		return "unknown error";
	}
}
