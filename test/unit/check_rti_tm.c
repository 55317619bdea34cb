/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_rti_tm.c - TM's grant rules (rti/tm/tm.c) in the test's process
 * (modtest.h), in HLAinteger64Time: when a time advance is granted and
 * at what time, as the federates' grant frames tell it, for regulating
 * and constrained federates, lookahead (zero too), TAR, TARA, NMR and
 * the flush queue request, and timestamp-order messages that an NMR is
 * granted at.
 */
#include <check.h>
#include <string.h>

#include "bundle.h"
#include "modtest.h"
#include "testutil.h"
#include "tm.h"
#include "tmcore.h"

#define GRID TEST_FOM("Grid.xml")

static const char *const grid[] = { GRID };

static void
setup(void)
{
	mt_start(grid, 1, "HLAinteger64Time");
}

static void
teardown(void)
{
	mt_stop();
}

/* ---- the requests ---- */

static void
enable_regulation(struct mt_fed *m, uint64_t la)
{
	wire_put_u64(mt_body(m), la);
	ck_assert_int_eq(mt_request(m, WIRE_TM_ENABLE_REGULATION, NULL),
	    RTI_OK);
	mt_settle();
}

static void
enable_constrained(struct mt_fed *m)
{
	mt_body(m);
	ck_assert_int_eq(mt_request(m, WIRE_TM_ENABLE_CONSTRAINED, NULL),
	    RTI_OK);
	mt_settle();
}

/* The time of m's next frame of `type` (taken), -1 when none. */
static int64_t
time_of(struct mt_fed *m, uint16_t type, int *kind)
{
	struct wire_rd rd;
	uint8_t k = 0;
	uint64_t t;

	if (!mt_take(m, type, &rd))
		return -1;
	if (type == WIRE_TM_CB_GRANT)
		k = wire_get_u8(&rd);
	t = wire_get_u64(&rd);
	ck_assert(!rd.err);
	if (kind)
		*kind = k;
	return (int64_t)t;
}

/* m's regulating and constrained federate, both enabled (at time 0 when
 * the federation is at 0). */
static struct mt_fed *
reg_con(const char *name, uint64_t la)
{
	struct mt_fed *m = mt_join(name);

	enable_regulation(m, la);
	ck_assert_int_eq(time_of(m, WIRE_TM_CB_REGULATION_ENABLED, NULL), 0);
	enable_constrained(m);
	ck_assert_int_eq(time_of(m, WIRE_TM_CB_CONSTRAINED_ENABLED, NULL), 0);
	return m;
}

static struct mt_fed *
regulating(const char *name, uint64_t la)
{
	struct mt_fed *m = mt_join(name);

	enable_regulation(m, la);
	ck_assert_int_eq(time_of(m, WIRE_TM_CB_REGULATION_ENABLED, NULL), 0);
	return m;
}

static struct mt_fed *
constrained(const char *name)
{
	struct mt_fed *m = mt_join(name);

	enable_constrained(m);
	ck_assert_int_eq(time_of(m, WIRE_TM_CB_CONSTRAINED_ENABLED, NULL), 0);
	return m;
}

/* Ask a time advance of `kind` (TMC_*) to `t`; the loop turns until
 * quiet. */
static void
advance(struct mt_fed *m, int kind, uint64_t t)
{
	struct wire_buf *b = mt_body(m);

	wire_put_u32(b, 0);
	wire_put_u8(b, (uint8_t)kind);
	wire_put_u64(b, t);
	mt_send(m, WIRE_TM_ADVANCE, 0);
	mt_settle();
}

/* The time of m's next grant of `kind`, -1 when none came. */
static int64_t
granted(struct mt_fed *m, int kind)
{
	int k;
	int64_t t = time_of(m, WIRE_TM_CB_GRANT, &k);

	if (t >= 0)
		ck_assert_int_eq(k, kind);
	return t;
}

/* Send a timestamp-order interaction of class `cls` at `t`. */
static void
tso_interaction(struct mt_fed *m, uint32_t cls, uint64_t t, uint32_t serial)
{
	struct wire_buf *b = mt_body(m);
	struct bundle_hdr h;

	memset(&h, 0, sizeof h);
	h.flags = WIRE_OMF_TIMESTAMP;
	h.time = t;
	h.retraction = serial;
	h.cond = "";
	bundle_hdr_put(b, &h);
	wire_put_u32(b, cls);
	wire_put_u32(b, 0);
	mt_send(m, WIRE_OM_INTERACTION, 0);
	mt_settle();
}

/* The time of m's next interaction (taken); -1 when none. */
static int64_t
interaction_time(struct mt_fed *m)
{
	struct wire_rd rd;
	struct bundle_hdr h;

	if (!mt_take(m, WIRE_CB_INTERACTION, &rd))
		return -1;
	(void)wire_get_u32(&rd);
	ck_assert_int_eq(bundle_hdr_get(&rd, &h), 0);
	ck_assert(h.flags & WIRE_OMF_TIMESTAMP);
	return (int64_t)h.time;
}

/* ---- the tests ---- */

/* Neither regulating nor constrained: any request is granted at once,
 * at its time. */
START_TEST(test_unconstrained_granted_at_once)
{
	struct mt_fed *a = mt_join("a");

	advance(a, TMC_TAR, 10);
	ck_assert_int_eq(granted(a, TMC_TAR), 10);
	advance(a, TMC_NMR, 25);
	ck_assert_int_eq(granted(a, TMC_NMR), 25);
}
END_TEST

/* A constrained federate is held at the regulator's time + lookahead:
 * TAR(t) needs GALT > t, so with the regulator at 0 and lookahead 5
 * TAR(4) goes and TAR(5) waits until the regulator advances. */
START_TEST(test_constrained_bounded_by_lookahead)
{
	struct mt_fed *r = regulating("r", 5);
	struct mt_fed *c = constrained("c");
	struct tm_info ti;

	ck_assert_int_eq(tm_info(mt_federate(c), &ti), 0);
	ck_assert(ti.has_galt);
	ck_assert_uint_eq(ti.galt, 5);
	advance(c, TMC_TAR, 4);
	ck_assert_int_eq(granted(c, TMC_TAR), 4);
	advance(c, TMC_TAR, 5);
	ck_assert_int_eq(granted(c, TMC_TAR), -1);
	/* the regulator is not constrained: granted at once, at 1 */
	advance(r, TMC_TAR, 1);
	ck_assert_int_eq(granted(r, TMC_TAR), 1);
	ck_assert_int_eq(granted(c, TMC_TAR), 5);
}
END_TEST

/* TARA(t) needs GALT >= t only: granted at the regulator's bound, where
 * TAR is not. */
START_TEST(test_tara_granted_at_galt)
{
	regulating("r", 5);
	struct mt_fed *c = constrained("c");

	advance(c, TMC_TARA, 5);
	ck_assert_int_eq(granted(c, TMC_TARA), 5);
}
END_TEST

/* Two regulating and constrained federates advance in lockstep: neither
 * passes the other's time + lookahead. */
START_TEST(test_lockstep)
{
	struct mt_fed *a = reg_con("a", 2);
	struct mt_fed *b = reg_con("b", 2);

	advance(a, TMC_TAR, 10);
	ck_assert_int_eq(granted(a, TMC_TAR), -1);
	advance(b, TMC_TAR, 1);
	ck_assert_int_eq(granted(b, TMC_TAR), 1);
	ck_assert_int_eq(granted(a, TMC_TAR), -1);
	advance(b, TMC_TAR, 10);
	ck_assert_int_eq(granted(a, TMC_TAR), 10);
	ck_assert_int_eq(granted(b, TMC_TAR), 10);
}
END_TEST

/* Zero lookahead: federates that all ask TAR(t), or all NMR(t), are
 * granted t (no deadlock), and none is granted before the last asks. */
START_TEST(test_zero_lookahead)
{
	struct mt_fed *a = reg_con("a", 0);
	struct mt_fed *b = reg_con("b", 0);

	advance(a, TMC_TAR, 5);
	ck_assert_int_eq(granted(a, TMC_TAR), -1);
	advance(b, TMC_TAR, 5);
	ck_assert_int_eq(granted(a, TMC_TAR), 5);
	ck_assert_int_eq(granted(b, TMC_TAR), 5);
	advance(a, TMC_NMR, 8);
	ck_assert_int_eq(granted(a, TMC_NMR), -1);
	advance(b, TMC_NMR, 8);
	ck_assert_int_eq(granted(a, TMC_NMR), 8);
	ck_assert_int_eq(granted(b, TMC_NMR), 8);
}
END_TEST

/* TAR vs NMR vs the flush queue request, with one timestamp-order
 * message at 3 routed to the constrained federate and the regulator
 * (lookahead 1) at 0 and then at 20.  TAR(10) is granted 10 after the
 * message; NMR(10) at the message's time 3; FQR(10) at once, at the
 * regulator's bound 1, with the message flushed. */
static void
three_ways(int kind, int64_t before, int64_t after)
{
	struct mt_fed *r = regulating("r", 1);
	struct mt_fed *c = constrained("c");
	uint32_t cls = mt_iclass("GridEvent");
	struct tm_info ti;

	mt_publish_ic(r, cls);
	mt_subscribe_ic(c, cls);
	mt_settle();
	tso_interaction(r, cls, 3, 1);
	ck_assert_int_eq(tm_info(mt_federate(c), &ti), 0);
	ck_assert_uint_eq(ti.queued, 1);
	advance(c, kind, 10);
	ck_assert_int_eq(granted(c, kind), before);
	advance(r, TMC_TAR, 20);
	ck_assert_int_eq(granted(r, TMC_TAR), 20);
	if (before < 0)
		ck_assert_int_eq(granted(c, kind), after);
	/* the message came before the grant, on the same stream */
	ck_assert_int_eq(interaction_time(c), 3);
	ck_assert_int_eq(tm_info(mt_federate(c), &ti), 0);
	ck_assert_uint_eq(ti.queued, 0);
}

START_TEST(test_tar_granted_at_its_time)
{
	three_ways(TMC_TAR, -1, 10);
}
END_TEST

START_TEST(test_nmr_granted_at_first_message)
{
	three_ways(TMC_NMR, -1, 3);
}
END_TEST

START_TEST(test_fqr_granted_at_galt)
{
	three_ways(TMC_FQR, 1, -1);
}
END_TEST

/* An NMR with no message queued, against a regulator whose own NMR is
 * pending: granted at its time when the regulator's bound passes it. */
START_TEST(test_nmr_without_messages)
{
	struct mt_fed *a = reg_con("a", 1);
	struct mt_fed *b = reg_con("b", 1);

	advance(a, TMC_NMR, 4);
	advance(b, TMC_NMR, 6);
	ck_assert_int_eq(granted(a, TMC_NMR), 4);
	ck_assert_int_eq(granted(b, TMC_NMR), -1);
	advance(a, TMC_NMR, 9);
	ck_assert_int_eq(granted(b, TMC_NMR), 6);
}
END_TEST

/* Regulation enabled by a federate that joins late starts at the
 * constrained federates' time, not before it. */
START_TEST(test_regulation_starts_at_constrained_time)
{
	struct mt_fed *c = constrained("c");
	struct mt_fed *r;

	advance(c, TMC_TAR, 7);
	ck_assert_int_eq(granted(c, TMC_TAR), 7);
	r = mt_join("r");
	wire_put_u64(mt_body(r), 2);
	ck_assert_int_eq(mt_request(r, WIRE_TM_ENABLE_REGULATION, NULL),
	    RTI_OK);
	mt_settle();
	ck_assert_int_eq(time_of(r, WIRE_TM_CB_REGULATION_ENABLED, NULL), 7);
	/* its bound is 7 + 2: TAR(8) goes, TAR(9) waits */
	advance(c, TMC_TAR, 8);
	ck_assert_int_eq(granted(c, TMC_TAR), 8);
	advance(c, TMC_TAR, 9);
	ck_assert_int_eq(granted(c, TMC_TAR), -1);
}
END_TEST

/* A regulator that stops regulating no longer holds anyone back. */
START_TEST(test_disable_regulation_releases)
{
	struct mt_fed *r = regulating("r", 1);
	struct mt_fed *c = constrained("c");

	advance(c, TMC_TAR, 50);
	ck_assert_int_eq(granted(c, TMC_TAR), -1);
	mt_body(r);
	ck_assert_int_eq(mt_request(r, WIRE_TM_DISABLE_REGULATION, NULL),
	    RTI_OK);
	mt_settle();
	ck_assert_int_eq(granted(c, TMC_TAR), 50);
}
END_TEST

/* A request before the federate's time is refused with a notice; so is
 * a second one while one is pending. */
START_TEST(test_bad_requests_refused)
{
	struct mt_fed *r = regulating("r", 1);
	struct mt_fed *c = constrained("c");
	struct wire_rd rd;

	(void)r;
	advance(c, TMC_TAR, 1);
	ck_assert_int_eq(granted(c, TMC_TAR), -1);
	advance(c, TMC_TAR, 2);
	ck_assert(mt_take(c, WIRE_NOTICE, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd), RTI_ERR_IN_TIME_ADVANCING_STATE);
	mt_body(r);
	ck_assert_int_eq(mt_request(r, WIRE_TM_DISABLE_REGULATION, NULL),
	    RTI_OK);
	mt_settle();
	ck_assert_int_eq(granted(c, TMC_TAR), 1);
	advance(c, TMC_TAR, 0);
	ck_assert(mt_take(c, WIRE_NOTICE, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd),
	    RTI_ERR_LOGICAL_TIME_ALREADY_PASSED);
	ck_assert_int_eq(granted(c, TMC_TAR), -1);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("rti_tm");
	TCase *tc = tcase_create("grants");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_unconstrained_granted_at_once);
	tcase_add_test(tc, test_constrained_bounded_by_lookahead);
	tcase_add_test(tc, test_tara_granted_at_galt);
	tcase_add_test(tc, test_lockstep);
	tcase_add_test(tc, test_zero_lookahead);
	tcase_add_test(tc, test_tar_granted_at_its_time);
	tcase_add_test(tc, test_nmr_granted_at_first_message);
	tcase_add_test(tc, test_fqr_granted_at_galt);
	tcase_add_test(tc, test_nmr_without_messages);
	tcase_add_test(tc, test_regulation_starts_at_constrained_time);
	tcase_add_test(tc, test_disable_regulation_releases);
	tcase_add_test(tc, test_bad_requests_refused);
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
	return failed ? 1 : 0;
}
