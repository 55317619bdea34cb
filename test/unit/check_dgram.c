/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_dgram.c - the datagram codec: its MAC is SipHash-2-4-128, the
 * key derivation, round trips with and without a MAC, every truncation,
 * a flipped bit anywhere, bad frames, and the sequence comparison (a
 * replayed or older datagram is not newer).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "dgram.h"
#include "siphash.h"
#include "wire.h"

/* The MAC is SipHash-2-4-128 under the key's bytes (check_siphash.c
 * holds its vectors): the first of them, through dgram_mac. */
START_TEST(test_mac_is_siphash)
{
	static const uint8_t tag15[16] = { 0x54, 0x93, 0xe9, 0x99, 0x33,
	    0xb0, 0xa8, 0x11, 0x7e, 0x08, 0xec, 0x0f, 0x97, 0xcf, 0xc3,
	    0xd9 };
	uint8_t key[16], msg[64], out[16], want[16];
	uint64_t k[2];
	size_t i;

	for (i = 0; i < 16; i++)
		key[i] = (uint8_t)i;
	for (i = 0; i < 64; i++)
		msg[i] = (uint8_t)i;
	dgram_mac(key, msg, 15, out);
	ck_assert_mem_eq(out, tag15, 16);
	siphash_key(key, k);
	for (i = 0; i <= 64; i++) {
		dgram_mac(key, msg, i, out);
		siphash24_128(k, msg, i, want);
		ck_assert_mem_eq(out, want, 16);
	}
}
END_TEST

START_TEST(test_key_derivation)
{
	uint8_t a[16], b[16], c[16];

	dgram_key((const uint8_t *)"secret", 6, 42, a);
	dgram_key((const uint8_t *)"secret", 6, 42, b);
	ck_assert_mem_eq(a, b, 16);
	dgram_key((const uint8_t *)"secret", 6, 43, c);
	ck_assert(memcmp(a, c, 16) != 0);
	dgram_key((const uint8_t *)"secreT", 6, 42, c);
	ck_assert(memcmp(a, c, 16) != 0);
}
END_TEST

/* A datagram of two frames (types 0x0303, 0x0304) in `p`; its length. */
static size_t
build(uint8_t *p, const uint8_t *key, uint32_t seq)
{
	struct wire_buf b;
	size_t off, n;

	wire_buf_init(&b);
	wire_put_raw(&b, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 16);
	off = wire_frame_begin(&b, 0x0303);
	wire_put_u32(&b, 7);
	wire_put_str(&b, "reading");
	wire_frame_end(&b, off);
	off = wire_frame_begin(&b, 0x0304);
	wire_frame_end(&b, off);
	ck_assert(!b.oom);
	memcpy(p, b.data, b.len);
	n = b.len;
	wire_buf_free(&b);
	dgram_put_header(p, 0x0102030405060708ull, seq, key ? DGRAM_F_MAC : 0);
	return key ? dgram_seal(p, n, key) : n;
}

START_TEST(test_round_trip)
{
	uint8_t p[256], key[16];
	const uint8_t *fr, *pl;
	struct dgram_hdr h;
	size_t n, len, left;
	uint16_t type, flags;
	uint32_t plen;
	int k;

	dgram_key((const uint8_t *)"k", 1, 0x0102030405060708ull, key);
	for (k = 0; k < 2; k++) {
		n = build(p, k ? key : NULL, 99);
		ck_assert_int_eq(dgram_open(p, n, k ? key : NULL, 1024, &h,
		    &fr, &len), DGRAM_OK);
		ck_assert(h.token == 0x0102030405060708ull);
		ck_assert_uint_eq(h.seq, 99);
		ck_assert_uint_eq(len, n - DGRAM_HEADER_SIZE -
		    (k ? DGRAM_MAC_SIZE : 0));
		left = len;
		ck_assert_int_eq(dgram_next(&fr, &left, &type, &flags, &pl,
		    &plen), 1);
		ck_assert_uint_eq(type, 0x0303);
		ck_assert_uint_eq(plen, 4 + 4 + 8);
		ck_assert_uint_eq(wire_get32(pl), 7);
		ck_assert_int_eq(dgram_next(&fr, &left, &type, &flags, &pl,
		    &plen), 1);
		ck_assert_uint_eq(type, 0x0304);
		ck_assert_uint_eq(plen, 0);
		ck_assert_int_eq(dgram_next(&fr, &left, &type, &flags, &pl,
		    &plen), 0);
		ck_assert_uint_eq(left, 0);
	}
}
END_TEST

START_TEST(test_every_truncation)
{
	uint8_t p[256], key[16];
	const uint8_t *fr;
	struct dgram_hdr h;
	size_t n, i, len;
	int k;

	dgram_key((const uint8_t *)"k", 1, 0x0102030405060708ull, key);
	for (k = 0; k < 2; k++) {
		n = build(p, k ? key : NULL, 1);
		/* without a MAC, the first frame alone (16 + 8 + 16 bytes)
		 * is a whole datagram; every other cut is refused */
		for (i = 0; i < n; i++)
			ck_assert_int_eq(dgram_open(p, i, k ? key : NULL,
			    1024, &h, &fr, &len) == DGRAM_OK, !k && i == 40);
	}
}
END_TEST

START_TEST(test_any_flipped_bit_fails_the_mac)
{
	uint8_t p[256], key[16];
	const uint8_t *fr;
	struct dgram_hdr h;
	size_t n, i, len;
	int bit;

	dgram_key((const uint8_t *)"k", 1, 0x0102030405060708ull, key);
	n = build(p, key, 5);
	for (i = 0; i < n; i++)
		for (bit = 0; bit < 8; bit++) {
			p[i] ^= (uint8_t)(1u << bit);
			ck_assert_int_ne(dgram_open(p, n, key, 1024, &h, &fr,
			    &len), DGRAM_OK);
			p[i] ^= (uint8_t)(1u << bit);
		}
	ck_assert_int_eq(dgram_open(p, n, key, 1024, &h, &fr, &len),
	    DGRAM_OK);
	/* another connection's key (another token) does not open it */
	dgram_key((const uint8_t *)"k", 1, 0x0102030405060709ull, key);
	ck_assert_int_eq(dgram_open(p, n, key, 1024, &h, &fr, &len),
	    DGRAM_EMAC);
}
END_TEST

START_TEST(test_mac_expected_or_not)
{
	uint8_t p[256], key[16];
	const uint8_t *fr;
	struct dgram_hdr h;
	size_t n, len;

	dgram_key((const uint8_t *)"k", 1, 0x0102030405060708ull, key);
	/* without a MAC where one is wanted */
	n = build(p, NULL, 5);
	ck_assert_int_eq(dgram_open(p, n, key, 1024, &h, &fr, &len),
	    DGRAM_EMAC);
	/* a MAC where none is configured */
	n = build(p, key, 5);
	ck_assert_int_eq(dgram_open(p, n, NULL, 1024, &h, &fr, &len),
	    DGRAM_EMAC);
}
END_TEST

START_TEST(test_bad_headers_and_frames)
{
	uint8_t p[256];
	const uint8_t *fr;
	struct dgram_hdr h;
	size_t n, len;

	n = build(p, NULL, 5);
	p[0] ^= 0xff;
	ck_assert_int_eq(dgram_open(p, n, NULL, 1024, &h, &fr, &len),
	    DGRAM_EMAGIC);
	p[0] ^= 0xff;
	p[2] = 2;
	ck_assert_int_eq(dgram_open(p, n, NULL, 1024, &h, &fr, &len),
	    DGRAM_EVERSION);
	p[2] = DGRAM_VERSION;
	/* a header alone carries no frame */
	ck_assert_int_eq(dgram_open(p, DGRAM_HEADER_SIZE, NULL, 1024, &h, &fr,
	    &len), DGRAM_EFRAME);
	/* a frame longer than the limit */
	ck_assert_int_eq(dgram_open(p, n, NULL, 8, &h, &fr, &len),
	    DGRAM_EFRAME);
	/* a frame claiming more than the datagram has */
	wire_put32(p + DGRAM_HEADER_SIZE, 17);
	ck_assert_int_eq(dgram_open(p, n, NULL, 1024, &h, &fr, &len),
	    DGRAM_EFRAME);
	/* trailing bytes that are not a whole frame header */
	n = build(p, NULL, 5);
	p[n] = 0;
	ck_assert_int_eq(dgram_open(p, n + 1, NULL, 1024, &h, &fr, &len),
	    DGRAM_EFRAME);
	ck_assert_str_eq(dgram_strerror(DGRAM_EMAC), "bad MAC");
}
END_TEST

START_TEST(test_sequence_newer)
{
	ck_assert(dgram_seq_newer(2, 1));
	ck_assert(!dgram_seq_newer(1, 1));   /* replayed */
	ck_assert(!dgram_seq_newer(1, 2));   /* older */
	ck_assert(dgram_seq_newer(0, 0xffffffffu));  /* wraps */
	ck_assert(!dgram_seq_newer(0xffffffffu, 0));
	ck_assert(dgram_seq_newer(0x7fffffffu, 0));
	ck_assert(!dgram_seq_newer(0x80000000u, 0));
}
END_TEST

static Suite *
dgram_suite(void)
{
	Suite *s = suite_create("dgram");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_mac_is_siphash);
	tcase_add_test(tc, test_key_derivation);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_every_truncation);
	tcase_add_test(tc, test_any_flipped_bit_fails_the_mac);
	tcase_add_test(tc, test_mac_expected_or_not);
	tcase_add_test(tc, test_bad_headers_and_frames);
	tcase_add_test(tc, test_sequence_newer);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(dgram_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
