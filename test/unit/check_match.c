/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_match.c - the filter matching engine (proto/match.c): range and
 * region overlap per IEEE 1516-2010 (half-open bounds, equal lower bounds,
 * unspecified dimensions, empty and full regions), conditions as points on
 * the condition dimension, and the indexed match set against a brute-force
 * reference.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"

static struct match_range
rg(uint32_t dim, uint64_t lo, uint64_t hi)
{
	struct match_range r;

	r.dim = dim;
	r.lo = lo;
	r.hi = hi;
	return r;
}

static const struct {
	uint64_t alo, ahi, blo, bhi;
	int overlap;
} range_cases[] = {
	{ 0, 10, 10, 20, 0 },     /* half-open: touching does not overlap */
	{ 10, 20, 0, 10, 0 },
	{ 0, 10, 9, 20, 1 },
	{ 0, 10, 0, 10, 1 },
	{ 0, 100, 40, 41, 1 },    /* containment */
	{ 5, 6, 5, 6, 1 },        /* one-point ranges, same point */
	{ 5, 6, 6, 7, 0 },        /* adjacent points */
	{ 3, 4, 3, 9, 1 },        /* equal lower bounds */
	{ 0, UINT64_MAX, 7, 8, 1 },
};

START_TEST(test_range_overlap)
{
	size_t i;

	for (i = 0; i < sizeof range_cases / sizeof range_cases[0]; i++) {
		struct match_range a = rg(1, range_cases[i].alo,
		    range_cases[i].ahi);
		struct match_range b = rg(1, range_cases[i].blo,
		    range_cases[i].bhi);

		ck_assert_msg(match_range_overlap(&a, &b) ==
		    range_cases[i].overlap, "case %zu", i);
		ck_assert_msg(match_range_overlap(&b, &a) ==
		    range_cases[i].overlap, "case %zu reversed", i);
	}
}
END_TEST

START_TEST(test_region_overlap)
{
	struct match_range a[2] = { rg(1, 0, 10), rg(2, 100, 200) };
	struct match_range b[2] = { rg(1, 5, 6), rg(2, 200, 300) };
	struct match_range c[1] = { rg(2, 150, 151) };
	struct match_range d[1] = { rg(3, 0, 1) };
	struct match_region ra = { 2, a }, rb = { 2, b }, rc = { 1, c };
	struct match_region rd = { 1, d }, empty = { 0, NULL };

	/* every shared dimension must overlap: dim 2 does not */
	ck_assert_int_eq(match_region_overlap(&ra, &rb), 0);
	/* only dim 2 shared, and it overlaps; dim 1 unspecified in c */
	ck_assert_int_eq(match_region_overlap(&ra, &rc), 1);
	ck_assert_int_eq(match_region_overlap(&rc, &ra), 1);
	/* no dimension in common: overlap */
	ck_assert_int_eq(match_region_overlap(&ra, &rd), 1);
	/* the empty region (default region) overlaps everything */
	ck_assert_int_eq(match_region_overlap(&empty, &ra), 1);
	ck_assert_int_eq(match_region_overlap(&rb, &empty), 1);
	ck_assert_int_eq(match_region_overlap(&empty, &empty), 1);
}
END_TEST

START_TEST(test_region_sort)
{
	struct match_range a[3] = { rg(3, 0, 1), rg(1, 0, 1), rg(2, 0, 1) };
	struct match_range b[2] = { rg(2, 0, 1), rg(2, 5, 6) };

	ck_assert_int_eq(match_region_sort(a, 3), 0);
	ck_assert_uint_eq(a[0].dim, 1);
	ck_assert_uint_eq(a[2].dim, 3);
	ck_assert_int_eq(match_region_sort(b, 2), -1);
}
END_TEST

START_TEST(test_cond_point)
{
	ck_assert_uint_eq(match_cond_point(NULL), 0);
	ck_assert_uint_eq(match_cond_point(""), 0);
	ck_assert_uint_ne(match_cond_point("S1"), 0);
	ck_assert_uint_ne(match_cond_point("S1"), match_cond_point("S2"));
	ck_assert_uint_eq(match_cond_point("north/S12"),
	    match_cond_point("north/S12"));
}
END_TEST

/* Collect reported owners as a bitmask (owners < 64). */
static int
collect(uint32_t owner, void *arg)
{
	*(uint64_t *)arg |= (uint64_t)1 << owner;
	return 0;
}

static uint64_t
query(struct match_set *s, const struct match_range *r, uint32_t n,
    const char *cond)
{
	struct match_region q = { n, r };
	uint64_t got = 0;

	ck_assert_int_ge(match_set_query(s, &q, cond, collect, &got), 0);
	return got;
}

START_TEST(test_set_conditions)
{
	struct match_set *s = match_set_new();
	struct match_range sub = rg(1, 0, 10);

	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(match_set_add(s, 1, NULL, 0, "S1"), 0);
	ck_assert_int_eq(match_set_add(s, 2, NULL, 0, "S2"), 0);
	ck_assert_int_eq(match_set_add(s, 3, NULL, 0, NULL), 0);
	ck_assert_int_eq(match_set_add(s, 4, NULL, 0, "S1"), 0);
	ck_assert_int_eq(match_set_add(s, 4, NULL, 0, "S3"), 0);
	ck_assert_int_eq(match_set_add(s, 5, &sub, 1, "S1"), 0);
	ck_assert_uint_eq(match_set_count(s), 6);
	/* exact condition; unconditional always; conditions OR-ed */
	ck_assert_uint_eq(query(s, NULL, 0, "S1"), (1u << 1) | (1u << 3) |
	    (1u << 4) | (1u << 5));
	ck_assert_uint_eq(query(s, NULL, 0, "S3"), (1u << 3) | (1u << 4));
	ck_assert_uint_eq(query(s, NULL, 0, "S9"), 1u << 3);
	/* no send condition: only unconditional subscriptions */
	ck_assert_uint_eq(query(s, NULL, 0, NULL), 1u << 3);
	ck_assert_uint_eq(query(s, NULL, 0, ""), 1u << 3);
	/* condition and region AND-ed */
	{
		struct match_range out = rg(1, 10, 20);

		ck_assert_uint_eq(query(s, &out, 1, "S1"), (1u << 1) |
		    (1u << 3) | (1u << 4));
	}
	/* prefix or case differences do not match */
	ck_assert_uint_eq(query(s, NULL, 0, "s1"), 1u << 3);
	ck_assert_uint_eq(query(s, NULL, 0, "S"), 1u << 3);
	match_set_remove_owner(s, 4);
	ck_assert_uint_eq(match_set_count(s), 4);
	ck_assert_uint_eq(query(s, NULL, 0, "S3"), 1u << 3);
	match_set_free(s);
}
END_TEST

START_TEST(test_set_regions_edges)
{
	struct match_set *s = match_set_new();
	struct match_range a = rg(1, 0, 10), b = rg(1, 10, 20);
	struct match_range c[2] = { rg(1, 5, 15), rg(2, 0, 1) };
	struct match_range d = rg(2, 0, 4096);
	struct match_range q;

	ck_assert_int_eq(match_set_add(s, 1, &a, 1, NULL), 0);
	ck_assert_int_eq(match_set_add(s, 2, &b, 1, NULL), 0);
	ck_assert_int_eq(match_set_add(s, 3, c, 2, NULL), 0);
	ck_assert_int_eq(match_set_add(s, 4, &d, 1, NULL), 0);
	ck_assert_int_eq(match_set_add(s, 5, NULL, 0, NULL), 0);
	q = rg(1, 9, 10);
	ck_assert_uint_eq(query(s, &q, 1, NULL), (1u << 1) | (1u << 3) |
	    (1u << 4) | (1u << 5));
	q = rg(1, 10, 11);
	ck_assert_uint_eq(query(s, &q, 1, NULL), (1u << 2) | (1u << 3) |
	    (1u << 4) | (1u << 5));
	q = rg(1, 20, 30);
	ck_assert_uint_eq(query(s, &q, 1, NULL), (1u << 4) | (1u << 5));
	/* a query without dimensions (default region) matches all */
	ck_assert_uint_eq(query(s, NULL, 0, NULL), 0x3eu);
	q = rg(2, 1, 2);
	ck_assert_uint_eq(query(s, &q, 1, NULL), (1u << 1) | (1u << 2) |
	    (1u << 4) | (1u << 5));
	match_set_free(s);
}
END_TEST

static int
stop_first(uint32_t owner, void *arg)
{
	*(uint32_t *)arg = owner;
	return 1;
}

START_TEST(test_set_early_stop)
{
	struct match_set *s = match_set_new();
	uint32_t got = 0;

	ck_assert_int_eq(match_set_query(s, NULL, NULL, stop_first, &got), 0);
	ck_assert_int_eq(match_set_add(s, 7, NULL, 0, NULL), 0);
	ck_assert_int_eq(match_set_add(s, 8, NULL, 0, NULL), 0);
	ck_assert_int_eq(match_set_query(s, NULL, NULL, stop_first, &got), 1);
	ck_assert(got == 7 || got == 8);
	match_set_free(s);
	match_set_free(NULL);
}
END_TEST

static int
collect_tag(uint32_t owner, uint32_t tag, void *arg)
{
	uint32_t *sum = arg;

	*sum += owner * 100 + tag;
	return 0;
}

/* Tags come back with their entries; untagged entries report 0. */
START_TEST(test_set_tags)
{
	struct match_set *s = match_set_new();
	struct match_range a = { 1, 0, 10 }, b = { 1, 20, 30 }, q = { 1, 5, 6 };
	struct match_region qr = { 1, &q };
	uint32_t sum = 0;

	ck_assert_int_eq(match_set_add_tag(s, 1, 7, &a, 1, NULL), 0);
	ck_assert_int_eq(match_set_add_tag(s, 1, 8, &b, 1, NULL), 0);
	ck_assert_int_eq(match_set_add(s, 2, NULL, 0, NULL), 0);
	ck_assert_int_eq(match_set_add_tag(s, 3, 9, NULL, 0, "S1"), 0);
	ck_assert_int_ge(match_set_query_tag(s, &qr, NULL, collect_tag, &sum),
	    0);
	ck_assert_uint_eq(sum, 107 + 200);
	sum = 0;
	ck_assert_int_ge(match_set_query_tag(s, &qr, "S1", collect_tag, &sum),
	    0);
	ck_assert_uint_eq(sum, 107 + 200 + 309);
	match_set_free(s);
}
END_TEST

/* Thousands of random regions: the index answers exactly what a linear
 * scan with match_region_overlap answers. */
START_TEST(test_set_against_reference)
{
	enum { N = 3000, Q = 300 };
	struct match_set *s = match_set_new();
	static struct match_range r[N][2];
	static uint32_t nr[N];
	unsigned seed = 12345;
	size_t i, k;

#define RND() (seed = seed * 1103515245u + 12345u, (seed >> 8) & 0xffff)
	for (i = 0; i < N; i++) {
		uint64_t lo1 = RND() % 4000, lo2 = RND() % 64;

		nr[i] = 0;
		if (RND() % 4)
			r[i][nr[i]++] = rg(1, lo1, lo1 + 1 + RND() % 50);
		if (RND() % 3)
			r[i][nr[i]++] = rg(2, lo2, lo2 + 1 + RND() % 4);
		ck_assert_int_eq(match_set_add(s, (uint32_t)i % 64, r[i],
		    nr[i], NULL), 0);
	}
	for (k = 0; k < Q; k++) {
		struct match_range q[2];
		struct match_region qr, er;
		uint64_t want = 0, got;
		uint32_t nq = 0;
		uint64_t lo = RND() % 4100;

		if (k % 5)
			q[nq++] = rg(1, lo, lo + 1 + RND() % 20);
		if (k % 3) {
			lo = RND() % 64;
			q[nq++] = rg(2, lo, lo + 1);
		}
		qr.n = nq;
		qr.r = q;
		for (i = 0; i < N; i++) {
			er.n = nr[i];
			er.r = r[i];
			if (match_region_overlap(&er, &qr))
				want |= (uint64_t)1 << (i % 64);
		}
		got = 0;
		ck_assert_int_eq(match_set_query(s, &qr, NULL, collect, &got),
		    0);
		ck_assert_msg(got == want, "query %zu", k);
	}
#undef RND
	match_set_free(s);
}
END_TEST

/* A subscription condition ending in '/' matches the subtree under it. */
START_TEST(test_set_prefix_conditions)
{
	struct match_set *s = match_set_new();
	struct match_range near = rg(1, 0, 10), far = rg(1, 50, 60);

	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(match_set_add(s, 1, NULL, 0, "north/"), 0);
	ck_assert_int_eq(match_set_add(s, 2, NULL, 0, "north/S3/"), 0);
	ck_assert_int_eq(match_set_add(s, 3, NULL, 0, "north/S3"), 0);
	ck_assert_int_eq(match_set_add(s, 4, NULL, 0, "south/"), 0);
	ck_assert_int_eq(match_set_add(s, 5, &near, 1, "north/"), 0);
	ck_assert_int_eq(match_set_add(s, 6, NULL, 0, NULL), 0);
	/* at any depth below the prefix */
	ck_assert_uint_eq(query(s, NULL, 0, "north/S1"), (1u << 1) |
	    (1u << 5) | (1u << 6));
	ck_assert_uint_eq(query(s, NULL, 0, "north/S3"), (1u << 1) |
	    (1u << 3) | (1u << 5) | (1u << 6));
	ck_assert_uint_eq(query(s, NULL, 0, "north/S3/bay1"), (1u << 1) |
	    (1u << 2) | (1u << 5) | (1u << 6));
	ck_assert_uint_eq(query(s, NULL, 0, "north/S3/bay1/relay2"),
	    (1u << 1) | (1u << 2) | (1u << 5) | (1u << 6));
	/* not the prefix's own name, nor a name that merely starts alike */
	ck_assert_uint_eq(query(s, NULL, 0, "north"), 1u << 6);
	ck_assert_uint_eq(query(s, NULL, 0, "northeast/S1"), 1u << 6);
	ck_assert_uint_eq(query(s, NULL, 0, "south/S1"), (1u << 4) |
	    (1u << 6));
	ck_assert_uint_eq(query(s, NULL, 0, "S1"), 1u << 6);
	/* AND-ed with the region as an exact condition is */
	ck_assert_uint_eq(query(s, &far, 1, "north/S1"), (1u << 1) |
	    (1u << 6));
	/* a removed prefix stops matching */
	match_set_remove_owner(s, 1);
	match_set_remove_owner(s, 5);
	ck_assert_uint_eq(query(s, NULL, 0, "north/S1"), 1u << 6);
	ck_assert_uint_eq(query(s, NULL, 0, "north/S3/x"), (1u << 2) |
	    (1u << 6));
	match_set_free(s);
}
END_TEST

/* Random condition paths and prefixes against a direct evaluation. */
START_TEST(test_prefix_against_reference)
{
	enum { N = 2000, Q = 2000 };
	static char subs[N][40];
	struct match_set *s = match_set_new();
	unsigned seed = 777;
	size_t i, k;

#define RND() (seed = seed * 1103515245u + 12345u, (seed >> 8) & 0xffff)
	for (i = 0; i < N; i++) {
		int depth = 1 + (int)(RND() % 3), d;
		size_t len = 0;

		for (d = 0; d < depth; d++) {
			char c = "abc"[RND() % 3];
			unsigned v = RND() % 4;

			len += (size_t)snprintf(subs[i] + len,
			    sizeof subs[i] - len, "%s%c%u", d ? "/" : "", c,
			    v);
		}
		if (RND() % 2)
			subs[i][len++] = '/', subs[i][len] = '\0';
		ck_assert_int_eq(match_set_add(s, (uint32_t)i % 64, NULL, 0,
		    subs[i]), 0);
	}
	for (k = 0; k < Q; k++) {
		char q[40];
		int depth = 1 + (int)(RND() % 4), d;
		size_t len = 0;
		uint64_t want = 0, got = 0;

		for (d = 0; d < depth; d++) {
			char c = "abc"[RND() % 3];
			unsigned v = RND() % 4;

			len += (size_t)snprintf(q + len, sizeof q - len,
			    "%s%c%u", d ? "/" : "", c, v);
		}
		for (i = 0; i < N; i++) {
			size_t n = strlen(subs[i]);
			int hit = subs[i][n - 1] == '/' ?
			    strncmp(subs[i], q, n) == 0 :
			    strcmp(subs[i], q) == 0;

			if (hit)
				want |= (uint64_t)1 << (i % 64);
		}
		ck_assert_int_eq(match_set_query(s, NULL, q, collect, &got),
		    0);
		ck_assert_msg(got == want, "query %s", q);
	}
#undef RND
	match_set_free(s);
}
END_TEST

START_TEST(test_cond_check)
{
	static const char *const ok_send[] = { "S1", "north/S3",
		"north/S3/bay 1", "Umspannwerk Süd", "a/b/c/d", "x" };
	static const char *const bad_both[] = { "", " S1", "S1 ",
		"north/S3 ", "\tS1", "S1\n", "a\x01b", "a\x7f", "/north",
		"north//S3", "\xff", "\xc0\xaf", "\xed\xa0\x80",
		"\xe2\x82", ("0123456789012345678901234567890123456789"
		"01234567890123456789012345") };
	const char *why;
	size_t i;

	for (i = 0; i < sizeof ok_send / sizeof *ok_send; i++) {
		ck_assert_msg(match_cond_check(ok_send[i], 0, &why) == 0,
		    "%s: %s", ok_send[i], why);
		ck_assert_int_eq(match_cond_check(ok_send[i], 1, &why), 0);
	}
	for (i = 0; i < sizeof bad_both / sizeof *bad_both; i++) {
		ck_assert_msg(match_cond_check(bad_both[i], 0, &why) == -1,
		    "send '%s' accepted", bad_both[i]);
		ck_assert_ptr_nonnull(why);
		ck_assert_msg(match_cond_check(bad_both[i], 1, &why) == -1,
		    "subscription '%s' accepted", bad_both[i]);
	}
	/* a prefix is a subscription's alone */
	ck_assert_int_eq(match_cond_check("north/", 1, &why), 0);
	ck_assert_int_eq(match_cond_check("north/", 0, &why), -1);
	ck_assert_ptr_nonnull(strstr(why, "empty path element"));
	ck_assert_int_eq(match_cond_check("/", 1, &why), -1);
	ck_assert_int_eq(match_cond_check(NULL, 1, &why), -1);
	ck_assert_int_eq(match_cond_check("north/S3 ", 0, &why), -1);
	ck_assert_str_eq(why, "leading or trailing white space");
	/* 64 bytes is the limit, inclusive */
	ck_assert_int_eq(match_cond_check("0123456789012345678901234567890123"
	    "456789012345678901234567890123", 0, &why), 0);
}
END_TEST

static Suite *
match_suite(void)
{
	Suite *s = suite_create("match");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_range_overlap);
	tcase_add_test(tc, test_region_overlap);
	tcase_add_test(tc, test_region_sort);
	tcase_add_test(tc, test_cond_point);
	tcase_add_test(tc, test_set_conditions);
	tcase_add_test(tc, test_set_regions_edges);
	tcase_add_test(tc, test_set_early_stop);
	tcase_add_test(tc, test_set_tags);
	tcase_add_test(tc, test_set_against_reference);
	tcase_add_test(tc, test_set_prefix_conditions);
	tcase_add_test(tc, test_prefix_against_reference);
	tcase_add_test(tc, test_cond_check);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(match_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
