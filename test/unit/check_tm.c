/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_tm.c - the pure time-management core (proto/tmcore.c): time
 * arithmetic, send bounds, the grant rule, the GALT fixpoint checked
 * against a brute-force downward iteration on random federations, the
 * retraction rule, removal from the stamp heap, and the retraction log.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tmcore.h"

#define F(x) tmc_from_f(x)
#define I(x) ((uint64_t)(int64_t)(x))

static struct tmc_bound
bnd(uint64_t t, int open)
{
	struct tmc_bound b = { t, open };

	return b;
}

START_TEST(test_arith)
{
	ck_assert(tmc_time_valid(0, F(0.0)));
	ck_assert(tmc_time_valid(0, F(INFINITY)));
	ck_assert(!tmc_time_valid(0, F(NAN)));
	ck_assert(!tmc_time_valid(0, F(-1.0)));
	ck_assert(tmc_time_valid(1, I(0)));
	ck_assert(!tmc_time_valid(1, I(-5)));
	ck_assert(!tmc_interval_valid(0, F(INFINITY)));
	ck_assert(!tmc_interval_valid(0, F(-0.5)));
	ck_assert(tmc_interval_valid(1, I(3)));
	ck_assert(!tmc_interval_valid(1, I(-3)));
	ck_assert_int_eq(tmc_cmp(0, F(1.5), F(2.0)), -1);
	ck_assert_int_eq(tmc_cmp(1, I(7), I(7)), 0);
	ck_assert_int_eq(tmc_cmp(1, I(8), I(7)), 1);
	ck_assert(tmc_f(tmc_add(0, F(0.25), F(0.5))) == 0.75);
	ck_assert_uint_eq(tmc_add(1, I(INT64_MAX - 1), I(5)),
	    (uint64_t)INT64_MAX);
	ck_assert(isinf(tmc_f(tmc_add(0, F(INFINITY), F(1.0)))));
	ck_assert_int_eq(tmc_bcmp(1, bnd(I(3), 0), bnd(I(3), 1)), -1);
	ck_assert_int_eq(tmc_bcmp(1, bnd(I(3), 1), bnd(I(4), 0)), -1);
}
END_TEST

START_TEST(test_send_bounds)
{
	struct tmc_bound b;

	/* zero lookahead: exclusive except after the available kinds */
	b = tmc_la_bound(1, I(10), I(0), TMC_TAR);
	ck_assert(!tmc_allows(1, b, I(10)));
	ck_assert(tmc_allows(1, b, I(11)));
	b = tmc_la_bound(1, I(10), I(0), TMC_TARA);
	ck_assert(tmc_allows(1, b, I(10)));
	ck_assert(!tmc_allows(1, b, I(9)));
	b = tmc_la_bound(1, I(10), I(0), TMC_NMRA);
	ck_assert(tmc_allows(1, b, I(10)));
	b = tmc_la_bound(1, I(10), I(0), TMC_NMR);
	ck_assert(!tmc_allows(1, b, I(10)));
	/* positive lookahead: inclusive */
	b = tmc_la_bound(0, F(1.0), F(0.5), TMC_TAR);
	ck_assert(tmc_allows(0, b, F(1.5)));
	ck_assert(!tmc_allows(0, b, F(1.25)));
	/* a pending request raises the bound; the floor never drops */
	b = tmc_send_bound(1, bnd(I(5), 0), TMC_TAR, I(8), I(2));
	ck_assert_uint_eq(b.t, I(10));
	b = tmc_send_bound(1, bnd(I(12), 0), TMC_TAR, I(8), I(2));
	ck_assert_uint_eq(b.t, I(12));
	b = tmc_send_bound(1, bnd(I(12), 1), TMC_NONE, I(0), I(2));
	ck_assert(b.open);
}
END_TEST

struct grant_case {
	int kind;
	int64_t t, now;
	int constrained, has_galt;
	int64_t galt;
	int galt_open, has_q;
	int64_t q;
	int ok;
	int64_t grant;
};

START_TEST(test_grant_rule)
{
	static const struct grant_case cases[] = {
		{ TMC_NONE, 5, 0, 1, 1, 9, 0, 0, 0, 0, 0 },
		{ TMC_TAR, 5, 0, 1, 1, 5, 0, 0, 0, 0, 0 },
		{ TMC_TAR, 5, 0, 1, 1, 5, 1, 0, 0, 1, 5 },
		{ TMC_TAR, 5, 0, 1, 1, 4, 1, 0, 0, 0, 0 },
		{ TMC_TARA, 5, 0, 1, 1, 5, 0, 0, 0, 1, 5 },
		{ TMC_TARA, 5, 0, 1, 1, 4, 1, 0, 0, 0, 0 },
		{ TMC_NMR, 10, 0, 1, 1, 7, 0, 1, 3, 1, 3 },
		{ TMC_NMR, 10, 0, 1, 1, 3, 0, 1, 3, 0, 0 },
		{ TMC_NMRA, 10, 0, 1, 1, 3, 0, 1, 3, 1, 3 },
		{ TMC_NMR, 10, 0, 1, 1, 12, 0, 1, 30, 1, 10 },
		{ TMC_NMR, 10, 0, 1, 1, 10, 1, 0, 0, 1, 10 },
		{ TMC_FQR, 10, 2, 1, 1, 4, 0, 1, 8, 1, 4 },
		{ TMC_FQR, 3, 2, 1, 1, 4, 0, 0, 0, 1, 3 },
		{ TMC_TAR, 5, 0, 0, 1, 1, 0, 0, 0, 1, 5 },
		{ TMC_NMR, 5, 0, 0, 1, 1, 0, 1, 2, 1, 5 },
		{ TMC_TAR, 5, 0, 1, 0, 0, 0, 0, 0, 1, 5 },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct grant_case *c = &cases[i];
		uint64_t g = 0;
		int ok = tmc_grant(1, c->kind, I(c->t), I(c->now),
		    c->constrained, c->has_galt, bnd(I(c->galt), c->galt_open),
		    c->has_q, I(c->q), &g);

		ck_assert_msg(ok == c->ok, "case %zu: ok %d", i, ok);
		if (ok)
			ck_assert_msg((int64_t)g == c->grant,
			    "case %zu: grant %lld", i, (long long)g);
	}
}
END_TEST

static struct tmc_node
fixed_node(int64_t t, int open)
{
	struct tmc_node n;

	memset(&n, 0, sizeof n);
	n.fixed = 1;
	n.base = bnd(I(t), open);
	return n;
}

static struct tmc_node
nmr_node(int64_t at, int64_t la, int open, int64_t floor)
{
	struct tmc_node n;

	memset(&n, 0, sizeof n);
	n.base = bnd(I(at + la), open);
	n.lookahead = I(la);
	n.open = open;
	n.floor = bnd(I(floor), 0);
	return n;
}

START_TEST(test_galt_scenarios)
{
	struct tmc_node nd[3];
	struct tmc_bound m1, m2;
	size_t first;
	uint64_t g;

	tmc_galt(1, nd, 0, &first, &m1, &m2);
	ck_assert_uint_eq(first, 0);
	/* lockstep: granted at 0 with lookahead 1 and 2 */
	nd[0] = fixed_node(1, 0);
	nd[1] = fixed_node(2, 0);
	tmc_galt(1, nd, 2, &first, &m1, &m2);
	ck_assert_uint_eq(first, 0);
	ck_assert_uint_eq(m1.t, I(1));
	ck_assert_uint_eq(m2.t, I(2));
	/* zero lookahead, both NMR(10): each sees GALT > 10 */
	nd[0] = nmr_node(10, 0, 1, 0);
	nd[1] = nmr_node(10, 0, 1, 0);
	tmc_galt(1, nd, 2, &first, &m1, &m2);
	ck_assert(tmc_grant(1, TMC_NMR, I(10), I(0), 1, 1, m1, 0, 0, &g));
	ck_assert(tmc_grant(1, TMC_NMR, I(10), I(0), 1, 1, m2, 0, 0, &g));
	ck_assert_uint_eq(g, I(10));
	/* ... but a third federate granted at 5 holds them both at 5 */
	nd[2] = fixed_node(5, 1);
	tmc_galt(1, nd, 3, &first, &m1, &m2);
	ck_assert_uint_eq(first, 2);
	ck_assert_uint_eq(nd[0].out.t, I(5));
	ck_assert(nd[0].out.open);
	ck_assert(!tmc_grant(1, TMC_NMR, I(10), I(0), 1, 1, m1, 0, 0, &g));
	/* a queued message at 3 pulls an NMR federate down */
	nd[0] = nmr_node(3, 1, 0, 0);
	nd[1] = fixed_node(11, 0);
	tmc_galt(1, nd, 2, &first, &m1, &m2);
	ck_assert_uint_eq(first, 0);
	ck_assert_uint_eq(m1.t, I(4));
	ck_assert(tmc_grant(1, TMC_NMR, I(10), I(0), 1, 1, m2, 1, I(3), &g));
	ck_assert_uint_eq(g, I(3));
	ck_assert(!tmc_grant(1, TMC_TAR, I(10), I(0), 1, 1, m1, 0, 0, &g));
	/* the floor keeps an NMR federate's bound up */
	nd[0] = nmr_node(10, 1, 0, 20);
	nd[1] = fixed_node(2, 0);
	tmc_galt(1, nd, 2, &first, &m1, &m2);
	ck_assert_uint_eq(first, 1);
	ck_assert_uint_eq(nd[0].out.t, I(20));
}
END_TEST

/* Downward (Kleene) iteration from the candidates: the greatest fixpoint
 * of out_i = fixed ? base : max(floor, min(base, G_i + L_i)). */
static void
brute(struct tmc_node *nd, size_t n, struct tmc_bound *out)
{
	size_t i, k, it;
	int changed;

	for (i = 0; i < n; i++)
		out[i] = nd[i].fixed ? nd[i].base :
		    tmc_bmax(1, nd[i].floor, nd[i].base);
	for (it = 0, changed = 1; changed && it < 100000; it++) {
		changed = 0;
		for (i = 0; i < n; i++) {
			struct tmc_bound g = { tmc_final(1), 0 }, v, via;

			if (nd[i].fixed)
				continue;
			for (k = 0; k < n; k++)
				if (k != i)
					g = tmc_bmin(1, g, out[k]);
			via.t = tmc_add(1, g.t, nd[i].lookahead);
			via.open = nd[i].open || g.open;
			v = tmc_bmax(1, nd[i].floor, tmc_bmin(1, nd[i].base,
			    via));
			if (tmc_bcmp(1, v, out[i]) != 0) {
				out[i] = v;
				changed = 1;
			}
		}
	}
	ck_assert(!changed);
}

START_TEST(test_galt_random)
{
	unsigned seed = (unsigned)strtoul(getenv("RTI_TEST_SEED") ?
	    getenv("RTI_TEST_SEED") : "12345", NULL, 10);
	struct tmc_node nd[6];
	struct tmc_bound out[6], m1, m2;
	size_t n, i, k, first;
	int round;

	fprintf(stderr, "check_tm: RTI_TEST_SEED=%u\n", seed);
	srand(seed);
	for (round = 0; round < 2000; round++) {
		n = (size_t)(rand() % 6) + 1;
		for (i = 0; i < n; i++) {
			int64_t la = rand() % 3 ? rand() % 4 : 0;
			int open = la == 0 && rand() % 2;

			if (rand() % 2)
				nd[i] = fixed_node(rand() % 20, open);
			else
				nd[i] = nmr_node(rand() % 20, la, open,
				    rand() % 3 ? 0 : rand() % 20);
		}
		brute(nd, n, out);
		tmc_galt(1, nd, n, &first, &m1, &m2);
		for (i = 0; i < n; i++) {
			struct tmc_bound g = { tmc_final(1), 0 };

			ck_assert_msg(tmc_bcmp(1, nd[i].out, out[i]) == 0,
			    "seed %u round %d node %zu", seed, round, i);
			for (k = 0; k < n; k++)
				if (k != i)
					g = tmc_bmin(1, g, out[k]);
			ck_assert(tmc_bcmp(1, i == first ? m2 : m1, g) == 0);
		}
	}
}
END_TEST

START_TEST(test_float_galt)
{
	struct tmc_node nd[2];
	struct tmc_bound m1, m2;
	size_t first;
	uint64_t g;

	memset(nd, 0, sizeof nd);
	nd[0].fixed = nd[1].fixed = 1;
	nd[0].base = bnd(F(0.02), 0);
	nd[1].base = bnd(F(0.04), 0);
	tmc_galt(0, nd, 2, &first, &m1, &m2);
	ck_assert_uint_eq(first, 0);
	ck_assert(tmc_grant(0, TMC_TAR, F(0.02), F(0.0), 1, 1, m2, 0, 0, &g));
	ck_assert(!tmc_grant(0, TMC_TAR, F(0.02), F(0.0), 1, 1, m1, 0, 0,
	    &g));
	ck_assert(tmc_grant(0, TMC_TARA, F(0.02), F(0.0), 1, 1, m1, 0, 0,
	    &g));
}
END_TEST

START_TEST(test_retractable)
{
	ck_assert(tmc_retractable(1, I(5), I(4)));
	ck_assert(!tmc_retractable(1, I(5), I(5)));
	ck_assert(!tmc_retractable(1, I(3), I(5)));
	ck_assert(tmc_retractable(0, F(0.5), F(0.25)));
	ck_assert(!tmc_retractable(0, F(0.5), F(0.5)));
	ck_assert(tmc_retractable(0, F(INFINITY), F(1e300)));
}
END_TEST

static int
is_heap(const uint64_t *q, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (tmc_cmp(1, q[(i - 1) / 2], q[i]) > 0)
			return 0;
	return 1;
}

/* Random heaps: removing a present stamp keeps a heap of the other ones;
 * an absent stamp changes nothing. */
START_TEST(test_heap_remove)
{
	uint64_t q[64], ref[64];
	size_t n, m, i, k, round;

	srand(7);
	for (round = 0; round < 2000; round++) {
		n = (size_t)(rand() % 64);
		for (i = 0; i < n; i++) {
			uint64_t v = I(rand() % 20);

			/* push */
			for (k = i; k > 0 && tmc_cmp(1, v, q[(k - 1) / 2]) <
			    0; k = (k - 1) / 2)
				q[k] = q[(k - 1) / 2];
			q[k] = v;
			ref[i] = v;
		}
		ck_assert(is_heap(q, n));
		m = n;
		if (n && rand() % 4) {
			uint64_t v = ref[rand() % n];

			ck_assert_int_eq(tmc_heap_remove(1, q, &m, v), 1);
			ck_assert_uint_eq(m, n - 1);
			for (i = 0; i < n; i++)
				if (ref[i] == v) {
					ref[i] = ref[--n];
					break;
				}
		} else {
			ck_assert_int_eq(tmc_heap_remove(1, q, &m, I(99)), 0);
			ck_assert_uint_eq(m, n);
		}
		ck_assert(is_heap(q, m));
		/* same multiset */
		for (i = 0; i < n; i++) {
			size_t a = 0, b = 0;

			for (k = 0; k < n; k++) {
				a += q[k] == ref[i];
				b += ref[k] == ref[i];
			}
			ck_assert_uint_eq(a, b);
		}
	}
}
END_TEST

START_TEST(test_sent_log)
{
	struct tmc_sent e[8];
	static const uint32_t h[8] = { 1, 1, 1, 2, 4, 4, 5, 9 };
	static const int64_t t[8] = { 3, 3, 3, 7, 2, 2, 8, 10 };
	size_t i, lo, hi, n;

	memset(e, 0, sizeof e);
	for (i = 0; i < 8; i++) {
		e[i].handle = h[i];
		e[i].to = (uint32_t)i;
		e[i].t = I(t[i]);
	}
	hi = tmc_sent_find(e, 8, 1, &lo);
	ck_assert_uint_eq(lo, 0);
	ck_assert_uint_eq(hi, 3);
	hi = tmc_sent_find(e, 8, 4, &lo);
	ck_assert_uint_eq(lo, 4);
	ck_assert_uint_eq(hi, 6);
	hi = tmc_sent_find(e, 8, 9, &lo);
	ck_assert_uint_eq(lo, 7);
	ck_assert_uint_eq(hi, 8);
	hi = tmc_sent_find(e, 8, 3, &lo);
	ck_assert_uint_eq(hi, lo);
	hi = tmc_sent_find(e, 8, 10, &lo);
	ck_assert_uint_eq(hi, lo);
	hi = tmc_sent_find(e, 0, 1, &lo);
	ck_assert_uint_eq(hi, lo);
	/* at time 3: handles 1 (t 3) and 4 (t 2) can no longer be retracted */
	n = tmc_sent_prune(1, e, 8, I(3));
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_eq(e[0].handle, 2);
	ck_assert_uint_eq(e[1].handle, 5);
	ck_assert_uint_eq(e[2].handle, 9);
	hi = tmc_sent_find(e, n, 5, &lo);
	ck_assert_uint_eq(lo, 1);
	ck_assert_uint_eq(hi, 2);
	ck_assert_uint_eq(tmc_sent_prune(1, e, n, I(10)), 0);
}
END_TEST

static Suite *
tm_suite(void)
{
	Suite *s = suite_create("tmcore");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_arith);
	tcase_add_test(tc, test_send_bounds);
	tcase_add_test(tc, test_grant_rule);
	tcase_add_test(tc, test_galt_scenarios);
	tcase_add_test(tc, test_galt_random);
	tcase_add_test(tc, test_float_galt);
	tcase_add_test(tc, test_retractable);
	tcase_add_test(tc, test_heap_remove);
	tcase_add_test(tc, test_sent_log);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(tm_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
