/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_dgram.c - libFuzzer target for the datagram codec (proto/dgram.h).
 *
 * Each input is a received datagram, opened twice: without a key, and
 * with the key a token of its header would have (byte 0 of the input
 * picks the auth key's length).  Invariants: an opened datagram's frames
 * lie inside it and dgram_next walks them to exactly their end, each
 * within the frame limit; a datagram sealed again with the same key
 * opens to the same frames; one changed byte of a sealed datagram never
 * opens.
 */
#include <stdint.h>
#include <string.h>

#include "dgram.h"
#include "fuzz.h"
#include "wire.h"

#define FUZZ_MAX_FRAME 4096u

static void
walk(const uint8_t *p, size_t n, const uint8_t *fr, size_t len)
{
	const uint8_t *at = fr, *pl;
	size_t left = len;
	uint16_t type, flags;
	uint32_t plen;
	int k = 0;

	FUZZ_CHECK(fr >= p && fr + len <= p + n);
	while (dgram_next(&at, &left, &type, &flags, &pl, &plen)) {
		FUZZ_CHECK(plen <= FUZZ_MAX_FRAME);
		FUZZ_CHECK(pl >= fr && pl + plen <= fr + len);
		k++;
	}
	FUZZ_CHECK(left == 0 && at == fr + len);
	FUZZ_CHECK(k >= 1);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t buf[70000];
	uint8_t key[DGRAM_KEY_SIZE];
	const uint8_t *fr;
	struct dgram_hdr h;
	size_t len, n;

	if (size < 1 || size > 65507)
		return 0;
	if (dgram_open(data + 1, size - 1, NULL, FUZZ_MAX_FRAME, &h, &fr,
	    &len) == DGRAM_OK)
		walk(data + 1, size - 1, fr, len);
	if (dgram_peek(data + 1, size - 1, &h) != DGRAM_OK)
		return 0;
	dgram_key(data, data[0] % 8, h.token, key);
	if (dgram_open(data + 1, size - 1, key, FUZZ_MAX_FRAME, &h, &fr,
	    &len) == DGRAM_OK)
		walk(data + 1, size - 1, fr, len);
	/* sealed: opens to the same frames; no changed byte opens */
	n = size - 1;
	memcpy(buf, data + 1, n);
	buf[3] |= DGRAM_F_MAC;
	n = dgram_seal(buf, n, key);
	if (dgram_open(buf, n, key, FUZZ_MAX_FRAME, &h, &fr, &len) ==
	    DGRAM_OK) {
		FUZZ_CHECK(fr == buf + DGRAM_HEADER_SIZE);
		FUZZ_CHECK(len == size - 1 - DGRAM_HEADER_SIZE);
		walk(buf, n, fr, len);
		buf[(size_t)data[0] * 7 % n] ^= 0x20;
		FUZZ_CHECK(dgram_open(buf, n, key, FUZZ_MAX_FRAME, &h, &fr,
		    &len) != DGRAM_OK);
	}
	return 0;
}
