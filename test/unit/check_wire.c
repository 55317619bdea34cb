/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_wire.c - the frame codec: round trips, every truncation point,
 * lying lengths and counts, oversized frames.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "wire.h"

static void
build_sample(struct wire_buf *b)
{
	size_t off = wire_frame_begin(b, 0x0103);

	wire_put_u8(b, 0xab);
	wire_put_u16(b, 0x1234);
	wire_put_u32(b, 0xdeadbeef);
	wire_put_u64(b, 0x0102030405060708ull);
	wire_put_f64(b, -2.5);
	wire_put_str(b, "Substation-12");
	wire_put_blob(b, "\0\1\2", 3);
	wire_put_str(b, NULL);
	wire_frame_end(b, off);
}

/* Reads the sample payload; returns 1 when every field matched. */
static int
read_sample(const uint8_t *p, size_t n)
{
	struct wire_rd rd;
	uint32_t len;
	const void *blob;
	const char *s1, *s2;
	int ok;

	wire_rd_init(&rd, p, n);
	ok = wire_get_u8(&rd) == 0xab;
	ok &= wire_get_u16(&rd) == 0x1234;
	ok &= wire_get_u32(&rd) == 0xdeadbeef;
	ok &= wire_get_u64(&rd) == 0x0102030405060708ull;
	ok &= wire_get_f64(&rd) == -2.5;
	s1 = wire_get_str(&rd, 64);
	blob = wire_get_blob(&rd, &len, 64);
	s2 = wire_get_str(&rd, 64);
	if (!wire_rd_done(&rd))
		return 0;
	return ok && strcmp(s1, "Substation-12") == 0 && len == 3 &&
	    memcmp(blob, "\0\1\2", 3) == 0 && strcmp(s2, "") == 0;
}

START_TEST(test_round_trip)
{
	struct wire_buf b;
	uint16_t type, flags;
	uint32_t len;

	wire_buf_init(&b);
	build_sample(&b);
	ck_assert(!b.oom);
	ck_assert_int_eq(wire_frame_peek(b.data, b.len, 1024, &type, &flags,
	    &len), 1);
	ck_assert_uint_eq(type, 0x0103);
	ck_assert_uint_eq(flags, 0);
	ck_assert_uint_eq(len, b.len - WIRE_HEADER_SIZE);
	/* big-endian on the wire */
	ck_assert_uint_eq(b.data[WIRE_HEADER_SIZE + 1], 0x12);
	ck_assert_uint_eq(b.data[WIRE_HEADER_SIZE + 3], 0xde);
	ck_assert(read_sample(b.data + WIRE_HEADER_SIZE, len));
	wire_buf_free(&b);
}
END_TEST

START_TEST(test_every_truncation)
{
	struct wire_buf b;
	size_t cut, payload;

	wire_buf_init(&b);
	build_sample(&b);
	payload = b.len - WIRE_HEADER_SIZE;
	for (cut = 0; cut < payload; cut++)
		ck_assert_msg(!read_sample(b.data + WIRE_HEADER_SIZE, cut),
		    "accepted a payload cut at %zu", cut);
	/* trailing garbage is not "done" either */
	ck_assert(wire_buf_reserve(&b, 1) == 0);
	b.data[b.len] = 0;
	ck_assert(!read_sample(b.data + WIRE_HEADER_SIZE, payload + 1));
	wire_buf_free(&b);
}
END_TEST

START_TEST(test_header)
{
	uint8_t h[8] = { 0, 0, 0, 10, 0x03, 0x01, 0, 0 };
	uint16_t type, flags;
	uint32_t len;
	size_t i;

	for (i = 0; i < WIRE_HEADER_SIZE; i++)
		ck_assert_int_eq(wire_frame_peek(h, i, 100, &type, &flags,
		    &len), 0);
	ck_assert_int_eq(wire_frame_peek(h, 8, 100, &type, &flags, &len), 1);
	ck_assert_uint_eq(len, 10);
	ck_assert_uint_eq(type, 0x0301);
	ck_assert_int_eq(wire_frame_peek(h, 8, 9, &type, &flags, &len), -1);
	h[0] = 0xff;
	ck_assert_int_eq(wire_frame_peek(h, 8, WIRE_DEFAULT_MAX_FRAME, &type,
	    &flags, &len), -1);
}
END_TEST

START_TEST(test_lying_lengths)
{
	/* string length beyond the buffer */
	static const uint8_t s1[] = { 0, 0, 0, 9, 'a', 'b', 0 };
	/* string without its NUL */
	static const uint8_t s2[] = { 0, 0, 0, 2, 'a', 'b' };
	/* embedded NUL */
	static const uint8_t s3[] = { 0, 0, 0, 3, 'a', 0, 0 };
	/* zero length (a string always has its NUL) */
	static const uint8_t s4[] = { 0, 0, 0, 0 };
	/* blob longer than allowed */
	static const uint8_t b1[] = { 0, 0, 0, 5, 1, 2, 3, 4, 5 };
	/* huge count with few bytes behind it */
	static const uint8_t c1[] = { 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0 };
	struct wire_rd rd;
	uint32_t len;

	wire_rd_init(&rd, s1, sizeof s1);
	ck_assert_ptr_null(wire_get_str(&rd, 64));
	ck_assert(rd.err);
	wire_rd_init(&rd, s2, sizeof s2);
	ck_assert_ptr_null(wire_get_str(&rd, 64));
	wire_rd_init(&rd, s3, sizeof s3);
	ck_assert_ptr_null(wire_get_str(&rd, 64));
	wire_rd_init(&rd, s4, sizeof s4);
	ck_assert_ptr_null(wire_get_str(&rd, 64));
	wire_rd_init(&rd, s1, sizeof s1);
	ck_assert_ptr_null(wire_get_str(&rd, 1)); /* above max */
	wire_rd_init(&rd, b1, sizeof b1);
	ck_assert_ptr_null(wire_get_blob(&rd, &len, 4));
	ck_assert_uint_eq(len, 0);
	wire_rd_init(&rd, b1, sizeof b1);
	ck_assert_ptr_nonnull(wire_get_blob(&rd, &len, 5));
	ck_assert_uint_eq(len, 5);
	wire_rd_init(&rd, c1, sizeof c1);
	ck_assert_uint_eq(wire_get_count(&rd, 4), 0);
	ck_assert(rd.err);
	/* after a failure every get is zero and the error sticks */
	ck_assert_uint_eq(wire_get_u32(&rd), 0);
	ck_assert(rd.err);
	wire_rd_init(&rd, c1 + 4, 4);
	ck_assert_uint_eq(wire_get_count(&rd, 0), 0);
	ck_assert(wire_rd_done(&rd));
}
END_TEST

START_TEST(test_buf_growth)
{
	struct wire_buf b;
	uint32_t i;
	struct wire_rd rd;

	wire_buf_init(&b);
	for (i = 0; i < 100000; i++)
		wire_put_u32(&b, i);
	ck_assert(!b.oom);
	ck_assert_uint_eq(b.len, 400000);
	wire_rd_init(&rd, b.data, b.len);
	for (i = 0; i < 100000; i++)
		ck_assert_uint_eq(wire_get_u32(&rd), i);
	ck_assert(wire_rd_done(&rd));
	wire_buf_reset(&b);
	ck_assert_uint_eq(b.len, 0);
	wire_patch_u32(&b, 0, 1); /* out of range: ignored */
	wire_buf_free(&b);
}
END_TEST

static Suite *
wire_suite(void)
{
	Suite *s = suite_create("wire");
	TCase *tc = tcase_create("codec");

	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_every_truncation);
	tcase_add_test(tc, test_header);
	tcase_add_test(tc, test_lying_lengths);
	tcase_add_test(tc, test_buf_growth);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(wire_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
