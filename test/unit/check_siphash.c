/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_siphash.c - the one SipHash (proto/siphash.c) against test
 * vectors: key 00 01 .. 0f, message 00 01 .. (len - 1).  SipHash-2-4 in
 * 64 and 128 bits are the reference vectors published with the paper's
 * implementation; SipHash-1-3 has none published there: its vectors are
 * those an independent implementation of the paper's description gives
 * (and it shares every line but the round counts with the two above).
 * Also the key's byte order, and that a message is read the same at any
 * alignment.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "siphash.h"

static const struct {
	size_t len;
	uint64_t h24, h13;
	uint8_t h24_128[16];
} vectors[] = {
	{ 0, 0x726fdb47dd0e0e31ull, 0xabac0158050fc4dcull,
	    { 0xa3, 0x81, 0x7f, 0x04, 0xba, 0x25, 0xa8, 0xe6, 0x6d, 0xf6,
	    0x72, 0x14, 0xc7, 0x55, 0x02, 0x93 } },
	{ 1, 0x74f839c593dc67fdull, 0xc9f49bf37d57ca93ull,
	    { 0xda, 0x87, 0xc1, 0xd8, 0x6b, 0x99, 0xaf, 0x44, 0x34, 0x76,
	    0x59, 0x11, 0x9b, 0x22, 0xfc, 0x45 } },
	{ 7, 0xab0200f58b01d137ull, 0xd3927d989bb11140ull,
	    { 0xa1, 0xf1, 0xeb, 0xbe, 0xd8, 0xdb, 0xc1, 0x53, 0xc0, 0xb8,
	    0x4a, 0xa6, 0x1f, 0xf0, 0x82, 0x39 } },
	{ 8, 0x93f5f5799a932462ull, 0x369095118d299a8eull,
	    { 0x3b, 0x62, 0xa9, 0xba, 0x62, 0x58, 0xf5, 0x61, 0x0f, 0x83,
	    0xe2, 0x64, 0xf3, 0x14, 0x97, 0xb4 } },
	{ 15, 0xa129ca6149be45e5ull, 0xd320d86d2a519956ull,
	    { 0x54, 0x93, 0xe9, 0x99, 0x33, 0xb0, 0xa8, 0x11, 0x7e, 0x08,
	    0xec, 0x0f, 0x97, 0xcf, 0xc3, 0xd9 } },
	{ 16, 0x3f2acc7f57c29bdbull, 0xcc4fdd1a7d908b66ull,
	    { 0x6e, 0xe2, 0xa4, 0xca, 0x67, 0xb0, 0x54, 0xbb, 0xfd, 0x33,
	    0x15, 0xbf, 0x85, 0x23, 0x05, 0x77 } },
	{ 63, 0x958a324ceb064572ull, 0x9d199062b7bbb3a8ull,
	    { 0x51, 0x50, 0xd1, 0x77, 0x2f, 0x50, 0x83, 0x4a, 0x50, 0x3e,
	    0x06, 0x9a, 0x97, 0x3f, 0xbd, 0x7c } },
};

#define N_VECTORS (sizeof vectors / sizeof vectors[0])

static uint8_t key_bytes[16], msg[64 + 8];
static uint64_t key[2];

static void
setup(void)
{
	size_t i;

	for (i = 0; i < sizeof key_bytes; i++)
		key_bytes[i] = (uint8_t)i;
	for (i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)i;
	siphash_key(key_bytes, key);
}

START_TEST(test_key_little_endian)
{
	ck_assert_uint_eq(key[0], 0x0706050403020100ull);
	ck_assert_uint_eq(key[1], 0x0f0e0d0c0b0a0908ull);
}
END_TEST

START_TEST(test_siphash24)
{
	ck_assert_msg(siphash24(key, msg, vectors[_i].len) == vectors[_i].h24,
	    "SipHash-2-4 of %zu bytes", vectors[_i].len);
}
END_TEST

START_TEST(test_siphash24_128)
{
	uint8_t out[16];

	siphash24_128(key, msg, vectors[_i].len, out);
	ck_assert_msg(memcmp(out, vectors[_i].h24_128, 16) == 0,
	    "SipHash-2-4-128 of %zu bytes", vectors[_i].len);
}
END_TEST

START_TEST(test_siphash13)
{
	ck_assert_msg(siphash13(key, msg, vectors[_i].len) == vectors[_i].h13,
	    "SipHash-1-3 of %zu bytes", vectors[_i].len);
}
END_TEST

/* The same bytes at every offset of a buffer hash the same: words are
 * read byte by byte, never through a misaligned pointer. */
START_TEST(test_any_alignment)
{
	uint8_t buf[64 + 8], out[16];
	size_t off;

	for (off = 0; off < 8; off++) {
		memcpy(buf + off, msg, 63);
		ck_assert_uint_eq(siphash13(key, buf + off, 63),
		    vectors[N_VECTORS - 1].h13);
		ck_assert_uint_eq(siphash24(key, buf + off, 63),
		    vectors[N_VECTORS - 1].h24);
		siphash24_128(key, buf + off, 63, out);
		ck_assert_mem_eq(out, vectors[N_VECTORS - 1].h24_128, 16);
	}
}
END_TEST

/* Every bit of the key and of the message changes the hash. */
START_TEST(test_every_bit_counts)
{
	uint64_t k[2], h = siphash13(key, msg, 16);
	uint8_t m[16];
	int b;

	for (b = 0; b < 128; b++) {
		k[0] = key[0] ^ (b < 64 ? 1ull << b : 0);
		k[1] = key[1] ^ (b >= 64 ? 1ull << (b - 64) : 0);
		ck_assert_uint_ne(siphash13(k, msg, 16), h);
		memcpy(m, msg, 16);
		m[b / 8] ^= (uint8_t)(1u << (b % 8));
		ck_assert_uint_ne(siphash13(key, m, 16), h);
	}
}
END_TEST

static Suite *
siphash_suite(void)
{
	Suite *s = suite_create("siphash");
	TCase *tc = tcase_create("vectors");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_key_little_endian);
	tcase_add_loop_test(tc, test_siphash24, 0, (int)N_VECTORS);
	tcase_add_loop_test(tc, test_siphash24_128, 0, (int)N_VECTORS);
	tcase_add_loop_test(tc, test_siphash13, 0, (int)N_VECTORS);
	tcase_add_test(tc, test_any_alignment);
	tcase_add_test(tc, test_every_bit_counts);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(siphash_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
