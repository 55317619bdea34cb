/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dgram.c - the datagram codec (dgram.h); its MAC is SipHash-2-4-128
 * (siphash.h).
 */
#include "config.h"

#include <string.h>

#include "dgram.h"
#include "siphash.h"
#include "wire.h"

void
dgram_mac(const uint8_t key[DGRAM_KEY_SIZE], const void *msg, size_t n,
    uint8_t out[DGRAM_MAC_SIZE])
{
	uint64_t k[2];

	siphash_key(key, k);
	siphash24_128(k, msg, n, out);
}

void
dgram_key(const uint8_t *auth, size_t len, uint64_t token,
    uint8_t key[DGRAM_KEY_SIZE])
{
	static const uint8_t label[DGRAM_KEY_SIZE] = "rti dgram key v1";
	uint8_t base[DGRAM_KEY_SIZE], t[8];

	dgram_mac(label, auth, len, base);
	wire_put64(t, token);
	dgram_mac(base, t, sizeof t, key);
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
	dgram_mac(key, p, len, p + len);
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
		dgram_mac(key, p, end, mac);
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
