/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_mcast.c - the multicast group range (rtiexec --multicast) and
 * the group of a class: every accepted form, every refusal with its
 * reason, and a choice that is deterministic, inside the range, spread
 * over it and pinned (a group never moves between versions, so that
 * federates and rtiexec builds of one lab agree).
 */
#include <arpa/inet.h>
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "mcast.h"

static uint32_t
ip(const char *s)
{
	struct in_addr a;

	ck_assert_int_eq(inet_pton(AF_INET, s, &a), 1);
	return ntohl(a.s_addr);
}

START_TEST(test_range_forms)
{
	struct mc_range r;
	const char *why = NULL;

	ck_assert_int_eq(mc_range_parse("239.192.10.0/24", &r, &why), 0);
	ck_assert_uint_eq(r.first, ip("239.192.10.0"));
	ck_assert_uint_eq(r.last, ip("239.192.10.255"));
	ck_assert_uint_eq(mc_range_size(&r), 256);
	ck_assert_int_eq(mc_range_parse("239.192.10.1-239.192.10.64", &r,
	    &why), 0);
	ck_assert_uint_eq(r.first, ip("239.192.10.1"));
	ck_assert_uint_eq(r.last, ip("239.192.10.64"));
	ck_assert_uint_eq(mc_range_size(&r), 64);
	ck_assert_int_eq(mc_range_parse("239.1.2.3", &r, &why), 0);
	ck_assert_uint_eq(r.first, r.last);
	ck_assert_uint_eq(mc_range_size(&r), 1);
	ck_assert_int_eq(mc_range_parse("239.1.2.3/32", &r, &why), 0);
	ck_assert_uint_eq(mc_range_size(&r), 1);
	/* not administratively scoped, but multicast: taken */
	ck_assert_int_eq(mc_range_parse("224.0.1.0/24", &r, &why), 0);
	ck_assert_int_eq(mc_admin_scoped(r.first), 0);
	ck_assert_int_eq(mc_range_parse("232.0.0.0/5", &r, &why), 0);
	ck_assert_uint_eq(r.last, ip("239.255.255.255"));
	ck_assert_int_eq(mc_admin_scoped(ip("239.192.0.1")), 1);
}
END_TEST

START_TEST(test_range_refused)
{
	static const struct {
		const char *in, *why;
	} bad[] = {
		{ "", "empty" },
		{ "10.0.0.0/24", "not an IPv4 multicast" },
		{ "192.168.1.1", "not an IPv4 multicast" },
		{ "239.192.10.1-10.0.0.1", "below the first" },
		{ "238.0.0.0-240.0.0.1", "not an IPv4 multicast" },
		{ "239.255.255.255-240.0.0.0", "not an IPv4 multicast" },
		{ "224.0.0.1", "local network control" },
		{ "224.0.0.0/24", "local network control" },
		{ "224.0.0.0/4", "local network control" },
		{ "224.0.0.251-224.0.1.5", "local network control" },
		{ "239.192.10.1/24", "host bits" },
		{ "239.192.10.0/", "no prefix length" },
		{ "239.192.10.0/33", "not 4 to 32" },
		{ "239.192.10.0/3", "not 4 to 32" },
		{ "239.192.10.0/24x", "not 4 to 32" },
		{ "239.192.10.0/-1", "no prefix length" },
		{ "ff05::1", "not an IPv4 address" },
		{ "239.192.10", "not an IPv4 address" },
		{ "239.192.10.1-", "FIRST-LAST" },
		{ "-239.192.10.1", "FIRST-LAST" },
		{ "lab-net", "FIRST-LAST" },
		{ "239.192.10.0/24/8", "not 4 to 32" },
	};
	struct mc_range r = { 7, 7 };
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *why = NULL;

		ck_assert_msg(mc_range_parse(bad[i].in, &r, &why) == -1,
		    "'%s' taken", bad[i].in);
		ck_assert_msg(why && strstr(why, bad[i].why), "'%s': '%s', "
		    "not '%s'", bad[i].in, why ? why : "(null)", bad[i].why);
		ck_assert_uint_eq(r.first, 7);
		ck_assert_uint_eq(r.last, 7);
	}
	{
		const char *why = NULL;

		ck_assert_int_eq(mc_range_parse(NULL, &r, &why), -1);
		ck_assert_ptr_nonnull(why);
	}
}
END_TEST

START_TEST(test_group_choice)
{
	struct mc_range r, one;
	const char *why;
	uint32_t g, seen[256] = { 0 }, n = 0, c;

	ck_assert_int_eq(mc_range_parse("239.192.10.0/24", &r, &why), 0);
	ck_assert_int_eq(mc_range_parse("239.192.10.7", &one, &why), 0);
	for (c = 1; c <= 200; c++) {
		g = mc_group(&r, "grid", 0, c);
		ck_assert_uint_ge(g, r.first);
		ck_assert_uint_le(g, r.last);
		ck_assert_uint_eq(g, mc_group(&r, "grid", 0, c));
		n += !seen[g - r.first]++;
		ck_assert_uint_eq(mc_group(&one, "grid", 1, c), one.first);
	}
	/* spread: 200 classes over 256 groups, well more than half apart
	 * (uniformly random would give about 140 distinct groups) */
	ck_assert_uint_gt(n, 110);
	/* the kind and the federation take part */
	for (c = 1, n = 0; c <= 50; c++) {
		n += mc_group(&r, "grid", 0, c) != mc_group(&r, "grid", 1, c);
		n += mc_group(&r, "grid", 0, c) != mc_group(&r, "grid2", 0, c);
	}
	ck_assert_uint_gt(n, 90);
	/* pinned: FNV-1a of "grid\0" 'o' 00 00 00 05, modulo 256 */
	g = mc_group(&r, "grid", 0, 5);
	ck_assert_uint_eq(g, r.first + 0xeb);
}
END_TEST

/* Cells: a send condition has one, a subscription condition the cell of
 * every send condition it matches, or none. */
START_TEST(test_cells)
{
	static const struct {
		const char *cond;
		unsigned depth;
		size_t len;
	} t[] = {
		{ "north", 1, 5 }, { "north/S3", 1, 5 },
		{ "north/S3/bay1", 1, 5 }, { "north/", 1, 5 },
		{ "north/S3/", 1, 5 }, { "north/S3", 2, 8 },
		{ "north/S3/bay1", 2, 8 }, { "north/S3/", 2, 8 },
		{ "north/", 2, 0 }, { "north", 2, 5 },
		{ "north/S3/bay1", 3, 13 }, { "north/S3/", 3, 0 },
		{ "north/S3", 0, 0 },
	};
	struct mc_range r;
	const char *why;
	size_t i;
	uint32_t c, n = 0;

	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		ck_assert_msg(mc_cell(t[i].cond, t[i].depth) == t[i].len,
		    "%s at %u: %zu, not %zu", t[i].cond, t[i].depth,
		    mc_cell(t[i].cond, t[i].depth), t[i].len);
	ck_assert_int_eq(mc_range_parse("239.192.10.0/24", &r, &why), 0);
	/* no cell is the class's group; cells take part in the hash */
	ck_assert_uint_eq(mc_group_cell(&r, "grid", 0, 5, "north", 0),
	    mc_group(&r, "grid", 0, 5));
	for (c = 1; c <= 50; c++) {
		n += mc_group_cell(&r, "grid", 0, c, "north", 5) !=
		    mc_group_cell(&r, "grid", 0, c, "south", 5);
		n += mc_group_cell(&r, "grid", 0, c, "north", 5) !=
		    mc_group(&r, "grid", 0, c);
	}
	ck_assert_uint_gt(n, 90);
	ck_assert_uint_eq(mc_group_cell(&r, "grid", 1, 9, "south", 5),
	    mc_group_cell(&r, "grid", 1, 9, "south/S2", 5));
}
END_TEST

static Suite *
mcast_suite(void)
{
	Suite *s = suite_create("mcast");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_range_forms);
	tcase_add_test(tc, test_range_refused);
	tcase_add_test(tc, test_group_choice);
	tcase_add_test(tc, test_cells);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(mcast_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
