/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_savefile.c - the save file codec (proto/savefile.h, rti-save(5)):
 * the CRC against known values, a save through encode and decode, and
 * every refusal of the reader, each with its message.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "savefile.h"

static const char *names[] = { "A.xml", "B.xml" };
static const uint8_t *xmls[] = { (const uint8_t *)"<a/>",
	(const uint8_t *)"<bb/>" };
static uint32_t lens[] = { 4, 5 };
static uint32_t handles[] = { 3, 7 };
static const char *fnames[] = { "alpha", "beta" };
static const char *ftypes[] = { "A", "B" };

/* A save with two modules, two federates and sections `ids[0..n)`, each
 * holding its id's byte `n_bytes` times. */
static void
build(struct wire_buf *b, const uint16_t *ids, uint32_t n, size_t n_bytes)
{
	struct savefile sf;
	size_t head, off, k;
	uint32_t i;

	memset(&sf, 0, sizeof sf);
	sf.federation = "F";
	sf.label = "snap";
	sf.time_int64 = 1;
	sf.has_time = 1;
	sf.time = 42;
	sf.wall = 1700000000;
	sf.n_modules = 2;
	sf.module_names = names;
	sf.module_xml = xmls;
	sf.module_len = lens;
	sf.n_feds = 2;
	sf.fed_handles = handles;
	sf.fed_names = fnames;
	sf.fed_types = ftypes;
	wire_buf_init(b);
	head = savefile_put_head(b, &sf);
	for (i = 0; i < n; i++) {
		off = savefile_section_begin(b, ids[i]);
		for (k = 0; k < n_bytes; k++)
			wire_put_u8(b, (uint8_t)ids[i]);
		savefile_section_end(b, off);
	}
	savefile_finish(b, head, n);
	ck_assert(!b->oom);
}

/* Set the CRC of `b` right again after a change. */
static void
recrc(struct wire_buf *b)
{
	wire_put32(b->data + b->len - 4,
	    savefile_crc32(0, b->data, b->len - 4));
}

static void
refused(const struct wire_buf *b, const char *why)
{
	struct savefile sf;
	char msg[256];

	ck_assert_int_eq(savefile_decode(b->data, b->len, 7, &sf, msg,
	    sizeof msg), -1);
	ck_assert_msg(strstr(msg, why) != NULL, "'%s' lacks '%s'", msg, why);
	ck_assert_ptr_null(sf.sec_id);
}

START_TEST(test_crc)
{
	ck_assert_uint_eq(savefile_crc32(0, "123456789", 9), 0xcbf43926u);
	ck_assert_uint_eq(savefile_crc32(0, "", 0), 0);
	/* in pieces as in one go, across the 8-byte steps */
	ck_assert_uint_eq(savefile_crc32(savefile_crc32(0, "1234", 4),
	    "56789", 5), 0xcbf43926u);
}
END_TEST

START_TEST(test_round_trip)
{
	static const uint16_t ids[] = { 3, 1, 0 };
	struct wire_buf b;
	struct savefile sf;
	char msg[256];

	build(&b, ids, 3, 10);
	ck_assert_int_eq(savefile_decode(b.data, b.len, 7, &sf, msg,
	    sizeof msg), 0);
	ck_assert_str_eq(sf.federation, "F");
	ck_assert_str_eq(sf.label, "snap");
	ck_assert(sf.time_int64 && sf.has_time && sf.time == 42);
	ck_assert_uint_eq(sf.n_modules, 2);
	ck_assert_str_eq(sf.module_names[1], "B.xml");
	ck_assert_uint_eq(sf.module_len[1], 5);
	ck_assert_int_eq(memcmp(sf.module_xml[1], "<bb/>", 5), 0);
	ck_assert_uint_eq(sf.n_feds, 2);
	ck_assert_uint_eq(sf.fed_handles[1], 7);
	ck_assert_str_eq(sf.fed_names[0], "alpha");
	ck_assert_str_eq(sf.fed_types[1], "B");
	ck_assert_uint_eq(sf.n_sections, 3);
	ck_assert_uint_eq(sf.sec_id[0], 3);
	ck_assert_uint_eq(sf.sec_len[2], 10);
	ck_assert_uint_eq(sf.sec_data[1][9], 1);
	savefile_free(&sf);
	wire_buf_free(&b);
}
END_TEST

START_TEST(test_refusals)
{
	static const uint16_t ids[] = { 3, 1 };
	static const uint16_t unknown[] = { 9 };
	static const uint16_t twice[] = { 2, 2 };
	struct wire_buf b;
	size_t n;

	build(&b, ids, 2, 4);
	n = b.len;
	/* every truncation */
	for (b.len = 0; b.len < n; b.len++)
		refused(&b, b.len < 16 ? "not an rti save file" : "damaged");
	b.len = n;
	b.data[n / 2] ^= 0x10;
	refused(&b, "CRC");
	b.data[n / 2] ^= 0x10;
	b.data[9] = 2;
	refused(&b, "version 2");
	b.data[9] = 1;
	b.data[0] = 'X';
	refused(&b, "not an rti save file");
	b.data[0] = 'R';
	/* trailing bytes inside a good CRC */
	wire_buf_free(&b);
	build(&b, ids, 2, 4);
	b.len -= 4;             /* the CRC off, a byte on, a CRC again */
	wire_put_u8(&b, 0);
	wire_put_u32(&b, 0);
	recrc(&b);
	refused(&b, "1 bytes after the sections");
	wire_buf_free(&b);
	build(&b, unknown, 1, 4);
	refused(&b, "module 9, which this rtiexec does not know");
	wire_buf_free(&b);
	build(&b, twice, 2, 4);
	refused(&b, "module 2 twice");
	wire_buf_free(&b);
}
END_TEST

START_TEST(test_bad_federates)
{
	struct wire_buf b;
	uint8_t *p;
	size_t i;

	/* handle 7 made 3: twice */
	build(&b, NULL, 0, 0);
	p = NULL;
	for (i = 0; i + 4 <= b.len; i++)
		if (wire_get32(b.data + i) == 7 &&
		    memcmp(b.data + i + 4, "\0\0\0\5beta", 8) == 0) {
			p = b.data + i;
			break;
		}
	ck_assert_ptr_nonnull(p);
	wire_put32(p, 3);
	recrc(&b);
	refused(&b, "twice");
	wire_put32(p, 0);
	recrc(&b);
	refused(&b, "federate 1");
	wire_buf_free(&b);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("savefile");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_crc);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_bad_federates);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
