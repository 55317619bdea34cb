/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_rti_ddm.c - DDM's matching of subscriptions to routes
 * (rti/ddm/ddm_route.c) in the test's process (modtest.h): for each
 * route of a class, whether DDM's filter takes an update of an attribute
 * (ddm_route_update) or an interaction (ddm_route_interaction), and
 * what the subscribers then receive, with regions that overlap, that do
 * not, that share no dimension, whose bounds touch, that change after
 * the subscription, and with conditions.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "bundle.h"
#include "ddm.h"
#include "ddmmodel.h"
#include "dm.h"
#include "modtest.h"
#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")

static const char *const grid[] = { GRID };
static uint32_t breaker, status, current, dgrid, dsub, obj;
static struct mt_fed *p;

/* p publishes Breaker {Status, Current} and registered obj. */
static void
setup(void)
{
	uint32_t both[2];

	mt_start(grid, 1, NULL);
	breaker = mt_oclass("Breaker");
	status = mt_attr(breaker, "Status");
	current = mt_attr(breaker, "Current");
	dgrid = mt_dim("Grid");
	dsub = mt_dim("Substation");
	both[0] = status;
	both[1] = current;
	p = mt_join("p");
	mt_publish_oc(p, breaker, both, 2);
	obj = mt_register(p, breaker);
	mt_settle();
}

static void
teardown(void)
{
	mt_stop();
}

/* A range for region(): dimension, lower, upper; dim 0 ends the list. */
struct rng {
	uint32_t dim;
	uint64_t lo, hi;
};

/* The handle of m's region number `k` (a region's handle names its
 * creator: DDM_REGION_OWNER). */
static uint32_t
rh(const struct mt_fed *m, uint32_t k)
{
	return mt_handle(m) << 16 | k;
}

/* Create or change m's region number `k` to the ranges r[] (up to dim
 * 0). */
static void
region(struct mt_fed *m, uint32_t k, const struct rng *r)
{
	struct wire_buf *b = mt_body(m);
	uint32_t n, h = rh(m, k);

	for (n = 0; r[n].dim; n++)
		;
	wire_put_u32(b, h);
	wire_put_u32(b, n);
	for (n = 0; r[n].dim; n++) {
		wire_put_u32(b, r[n].dim);
		wire_put_u64(b, r[n].lo);
		wire_put_u64(b, r[n].hi);
	}
	ck_assert_int_eq(mt_request(m, WIRE_DDM_REGION_SET, NULL), RTI_OK);
	mt_settle();
}

/* Subscribe m to Breaker {Status, Current} with its region `k`. */
static void
subscribe_with(struct mt_fed *m, uint32_t k)
{
	struct wire_buf *b = mt_body(m);

	wire_put_u8(b, DDM_OBJECT);
	wire_put_u32(b, breaker);
	wire_put_u8(b, 1);
	wire_put_u32(b, 2);
	wire_put_u32(b, status);
	wire_put_u32(b, current);
	wire_put_u32(b, 1);
	wire_put_u32(b, rh(m, k));
	ck_assert_int_eq(mt_request(m, WIRE_DDM_SUBSCRIBE, NULL), RTI_OK);
	mt_settle();
}

/* Associate p's region `k` with obj's attribute Status (k 0: no
 * region, the default). */
static void
associate(uint32_t k)
{
	struct wire_buf *b = mt_body(p);

	wire_put_u32(b, obj);
	wire_put_u8(b, 0);
	wire_put_str(b, "");
	wire_put_u32(b, k ? 1 : 0);
	if (k) {
		wire_put_u32(b, rh(p, k));
		wire_put_u32(b, 1);
		wire_put_u32(b, status);
	}
	ck_assert_int_eq(mt_request(p, WIRE_DDM_INSTANCE, NULL), RTI_OK);
	mt_settle();
}

/* The routes of Breaker whose filter takes an update of obj's `attr`
 * (ddm_route_update), by federate name, in route order. */
static const char *
wanting(uint32_t attr)
{
	static char out[256];
	const struct dm_sub *r;
	uint8_t want[16], wattr[16];
	size_t n, k, len = 0;

	n = dm_route_object(mt_fx(), breaker, &r);
	ck_assert_uint_le(n, 16);
	ddm_route_update(mt_fx(), obj, &attr, 1, NULL, r, n, want, wattr);
	out[0] = '\0';
	for (k = 0; k < n; k++)
		if (want[k] && wattr[k])
			len += (size_t)snprintf(out + len, sizeof out - len,
			    "%s%s", len ? " " : "", r[k].f->name);
	return out;
}

/* Update obj's Status; 1 when m got a reflect of it (all taken). */
static int
reflected(struct mt_fed *m)
{
	struct wire_buf *b = mt_body(p);
	struct bundle_hdr h;
	struct wire_rd rd;
	uint64_t v = 1;
	size_t co, io;
	int got = 0;

	memset(&h, 0, sizeof h);
	h.cond = "";
	bundle_hdr_put(b, &h);
	co = bundle_class_begin(b, breaker);
	io = bundle_inst_begin(b, obj);
	bundle_put_attr(b, status, &v, sizeof v);
	bundle_inst_end(b, io, 1);
	bundle_class_end(b, co, 1);
	mt_send(p, WIRE_OM_UPDATE, 0);
	mt_settle();
	while (mt_take(m, WIRE_CB_REFLECT, &rd))
		got = 1;
	return got;
}

/* Subscription region Grid [0, 10); the update region moves. */
START_TEST(test_overlap_and_not)
{
	struct mt_fed *s = mt_join("s");
	const struct rng sub[] = { { dgrid, 0, 10 }, { 0, 0, 0 } };
	const struct rng in[] = { { dgrid, 5, 15 }, { 0, 0, 0 } };
	const struct rng out[] = { { dgrid, 10, 20 }, { 0, 0, 0 } };

	region(s, 1, sub);
	subscribe_with(s, 1);
	region(p, 7, in);
	associate(7);
	ck_assert_str_eq(wanting(status), "s");
	ck_assert(reflected(s));
	/* half-open: [10, 20) does not meet [0, 10) */
	region(p, 7, out);
	ck_assert_str_eq(wanting(status), "");
	ck_assert(!reflected(s));
	/* Current has no region: the default one, which overlaps all */
	ck_assert_str_eq(wanting(current), "s");
}
END_TEST

/* The subscriber's region changes after it subscribed. */
START_TEST(test_subscription_region_moves)
{
	struct mt_fed *s = mt_join("s");
	const struct rng up[] = { { dgrid, 30, 40 }, { 0, 0, 0 } };
	const struct rng a[] = { { dgrid, 0, 10 }, { 0, 0, 0 } };
	const struct rng b[] = { { dgrid, 35, 36 }, { 0, 0, 0 } };

	region(p, 7, up);
	associate(7);
	region(s, 1, a);
	subscribe_with(s, 1);
	ck_assert_str_eq(wanting(status), "");
	ck_assert(!reflected(s));
	region(s, 1, b);
	ck_assert_str_eq(wanting(status), "s");
	ck_assert(reflected(s));
}
END_TEST

/* No dimension in common: a dimension a region does not specify is its
 * whole range, so the regions overlap. */
START_TEST(test_no_shared_dimension)
{
	struct mt_fed *s = mt_join("s");
	const struct rng sub[] = { { dsub, 0, 5 }, { 0, 0, 0 } };
	const struct rng up[] = { { dgrid, 50, 60 }, { 0, 0, 0 } };

	region(s, 1, sub);
	subscribe_with(s, 1);
	region(p, 7, up);
	associate(7);
	ck_assert_str_eq(wanting(status), "s");
	ck_assert(reflected(s));
}
END_TEST

/* Every dimension both specify must overlap: one that does not decides,
 * whatever the others do. */
START_TEST(test_every_shared_dimension)
{
	struct mt_fed *s = mt_join("s");
	const struct rng sub[] = { { dgrid, 0, 10 }, { dsub, 100, 200 },
	    { 0, 0, 0 } };
	const struct rng miss[] = { { dgrid, 5, 6 }, { dsub, 300, 400 },
	    { 0, 0, 0 } };
	const struct rng hit[] = { { dgrid, 5, 6 }, { dsub, 150, 400 },
	    { 0, 0, 0 } };

	region(s, 1, sub);
	subscribe_with(s, 1);
	region(p, 7, miss);
	associate(7);
	ck_assert_str_eq(wanting(status), "");
	ck_assert(!reflected(s));
	region(p, 7, hit);
	ck_assert_str_eq(wanting(status), "s");
	ck_assert(reflected(s));
}
END_TEST

/* Ranges are half-open: bounds that touch do not overlap, one more
 * unit does; an empty range is refused, the region unchanged. */
START_TEST(test_touching_bounds)
{
	struct mt_fed *s = mt_join("s");
	const struct rng sub[] = { { dgrid, 0, 4 }, { 0, 0, 0 } };
	const struct rng wide[] = { { dgrid, 0, 5 }, { 0, 0, 0 } };
	const struct rng up[] = { { dgrid, 4, 9 }, { 0, 0, 0 } };
	struct wire_buf *b;

	region(s, 1, sub);
	subscribe_with(s, 1);
	region(p, 7, up);
	associate(7);
	ck_assert_str_eq(wanting(status), "");
	region(s, 1, wide);
	ck_assert_str_eq(wanting(status), "s");
	b = mt_body(s);
	wire_put_u32(b, rh(s, 1));
	wire_put_u32(b, 1);
	wire_put_u32(b, dgrid);
	wire_put_u64(b, 20);
	wire_put_u64(b, 20);
	ck_assert_int_eq(mt_request(s, WIRE_DDM_REGION_SET, NULL),
	    RTI_ERR_INVALID_RANGE_BOUND);
	mt_settle();
	ck_assert_str_eq(wanting(status), "s");
}
END_TEST

/* Plain subscribers get everything, region subscribers what overlaps;
 * each route is matched on its own. */
START_TEST(test_plain_beside_regions)
{
	struct mt_fed *pl = mt_join("plain"), *in = mt_join("in");
	struct mt_fed *out = mt_join("out");
	uint32_t st[] = { status };
	const struct rng up[] = { { dgrid, 3, 4 }, { 0, 0, 0 } };
	const struct rng ri[] = { { dgrid, 0, 8 }, { 0, 0, 0 } };
	const struct rng ro[] = { { dgrid, 8, 16 }, { 0, 0, 0 } };

	mt_subscribe_oc(pl, breaker, st, 1);
	region(in, 1, ri);
	subscribe_with(in, 1);
	region(out, 1, ro);
	subscribe_with(out, 1);
	region(p, 7, up);
	associate(7);
	ck_assert_str_eq(wanting(status), "plain in");
	ck_assert(reflected(pl));
	ck_assert(reflected(in));
	ck_assert(!reflected(out));
	/* the association dropped: the default region, for all */
	associate(0);
	ck_assert_str_eq(wanting(status), "plain in out");
}
END_TEST

/* Conditions: a prefix condition takes what starts with it; an update
 * without a condition reaches only subscribers without conditions. */
START_TEST(test_conditions)
{
	struct mt_fed *s = mt_join("s"), *pl = mt_join("plain");
	uint32_t st[] = { status };
	const struct dm_sub *r;
	struct wire_buf *b;
	uint8_t want[4];
	size_t n, k;
	char got[64];

	mt_subscribe_oc(s, breaker, st, 1);
	mt_subscribe_oc(pl, breaker, st, 1);
	b = mt_body(s);
	wire_put_u8(b, DDM_OBJECT);
	wire_put_u32(b, breaker);
	wire_put_u8(b, 1);
	wire_put_str(b, "grid/north/");
	ck_assert_int_eq(mt_request(s, WIRE_DDM_CONDITION, NULL), RTI_OK);
	mt_settle();
	n = dm_route_object(mt_fx(), breaker, &r);
	ck_assert_uint_eq(n, 2);
#define WANTING(cond) do { \
	size_t len_ = 0; \
	ddm_route_update(mt_fx(), obj, &status, 1, cond, r, n, want, NULL); \
	got[0] = '\0'; \
	for (k = 0; k < n; k++) \
		if (want[k]) \
			len_ += (size_t)snprintf(got + len_, sizeof got - len_, \
			    "%s%s", len_ ? " " : "", r[k].f->name); \
} while (0)
	WANTING("grid/north/b1");
	ck_assert(strstr(got, "s") && strstr(got, "plain"));
	WANTING("grid/south/b1");
	ck_assert_str_eq(got, "plain");
	WANTING("");
	ck_assert_str_eq(got, "plain");
#undef WANTING
}
END_TEST

/* Subscribe m to Breaker {Status} with condition `cond` (given first,
 * as the console sample does: never subscribed without it). */
static void
subscribe_cond(struct mt_fed *m, const char *cond)
{
	struct wire_buf *b;
	uint32_t st[] = { status };

	b = mt_body(m);
	wire_put_u8(b, DDM_OBJECT);
	wire_put_u32(b, breaker);
	wire_put_u8(b, 1);
	wire_put_str(b, cond);
	ck_assert_int_eq(mt_request(m, WIRE_DDM_CONDITION, NULL), RTI_OK);
	mt_settle();
	mt_subscribe_oc(m, breaker, st, 1);
	mt_settle();
}

/* A condition set on an instance after the subscriptions: the routes
 * that now want it discover it, the others do not, and the match of all
 * routes at once (ddm_route_instances) agrees with one per route. */
START_TEST(test_instance_condition_discovery)
{
	struct mt_fed *a = mt_join("a"), *b = mt_join("b"),
	    *c = mt_join("c"), *pl = mt_join("plain");
	struct mt_fed *subs[] = { a, b, c, pl };
	const char *name[] = { "a", "b", "c", "plain" };
	const int expect[] = { 1, 0, 1, 0 };   /* plain: at subscribe */
	const struct dm_sub *r;
	struct wire_buf *w;
	uint8_t want[8];
	size_t n, k;
	int i;

	subscribe_cond(a, "north/S1");
	subscribe_cond(b, "north/S2");
	subscribe_cond(c, "north/");
	mt_subscribe_oc(pl, breaker, &status, 1);
	mt_settle();
	for (i = 0; i < 4; i++)
		mt_clear(subs[i]);
	w = mt_body(p);
	wire_put_u32(w, obj);
	wire_put_u8(w, 1);              /* set the condition */
	wire_put_str(w, "north/S1");
	wire_put_u32(w, 0);
	ck_assert_int_eq(mt_request(p, WIRE_DDM_INSTANCE, NULL), RTI_OK);
	mt_settle();
	for (i = 0; i < 4; i++)
		ck_assert_msg(mt_count(subs[i], WIRE_CB_DISCOVER) == expect[i],
		    "%s: %d discoveries", name[i], mt_count(subs[i], WIRE_CB_DISCOVER));
	n = dm_route_object(mt_fx(), breaker, &r);
	ck_assert_uint_eq(n, 4);
	ck_assert_uint_eq(ddm_route_instances(mt_fx(), obj, r, n, want), 1);
	for (k = 0; k < n; k++) {
		ck_assert_int_eq(want[k], ddm_route_instance(mt_fx(), &r[k],
		    obj));
		ck_assert_int_eq(want[k], strcmp(r[k].f->name, "b") != 0);
	}
}
END_TEST

/* p's WIRE_OM_REGISTER_COND of a Breaker with condition `cond`: the
 * reply's error; *obj the instance on RTI_OK. */
static int
register_cond(const char *cond, uint32_t *obj_out)
{
	struct wire_buf *w = mt_body(p);
	struct wire_rd rd;
	int rc;

	wire_put_u32(w, breaker);
	wire_put_str(w, "");
	wire_put_str(w, cond);
	rc = mt_request(p, WIRE_OM_REGISTER_COND, &rd);
	if (rc == RTI_OK)
		*obj_out = wire_get_u32(&rd);
	mt_settle();
	return rc;
}

/* An instance registered with its condition in one request: the
 * subscribers whose condition takes it discover it once, with the
 * condition, the others never; a condition that is empty or not a send
 * condition registers nothing. */
START_TEST(test_register_with_condition)
{
	struct mt_fed *a = mt_join("a"), *b = mt_join("b");
	const struct ddm_inst *di;
	struct wire_rd rd;
	uint32_t o0, o1 = 0, o2 = 0, known;

	subscribe_cond(a, "north/S1");
	subscribe_cond(b, "north/S2");
	o0 = mt_register(p, breaker);
	mt_settle();
	mt_clear(a);
	mt_clear(b);
	ck_assert_int_eq(register_cond("north/", &o1),
	    RTI_ERR_INVALID_CONDITION);         /* a prefix */
	ck_assert_int_eq(register_cond("", &o1), RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(register_cond("north/S1 ", &o1),
	    RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(mt_count(a, WIRE_CB_DISCOVER), 0);
	ck_assert_int_eq(register_cond("north/S1", &o1), RTI_OK);
	/* the refused ones took no handle */
	ck_assert_uint_eq(o1, o0 + 1);
	di = ddm_instance(mt_fx(), o1);
	ck_assert_ptr_nonnull(di);
	ck_assert_str_eq(di->cond, "north/S1");
	ck_assert_int_eq(mt_count(a, WIRE_CB_DISCOVER), 1);
	ck_assert_int_eq(mt_count(b, WIRE_CB_DISCOVER), 0);
	ck_assert(mt_take(a, WIRE_CB_DISCOVER, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd), o1);
	known = wire_get_u32(&rd);
	ck_assert_uint_eq(known, breaker);
	ck_assert(mt_take(a, WIRE_DDM_CB_INSTANCE_CONDITION, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd), o1);
	ck_assert_str_eq(wire_get_str(&rd, 256), "north/S1");
	ck_assert_int_eq(register_cond("north/S2", &o2), RTI_OK);
	ck_assert_int_eq(mt_count(a, WIRE_CB_DISCOVER), 0);
	ck_assert_int_eq(mt_count(b, WIRE_CB_DISCOVER), 1);
}
END_TEST

/* Interactions with regions: delivered when a region overlaps the
 * subscriber's, not otherwise; without regions, the default region. */
START_TEST(test_interaction_regions)
{
	struct mt_fed *s = mt_join("s");
	uint32_t sw = mt_iclass("GridEvent.Switching");
	const struct rng sub[] = { { dgrid, 0, 10 }, { 0, 0, 0 } };
	const struct rng near[] = { { dgrid, 9, 12 }, { 0, 0, 0 } };
	const struct rng far[] = { { dgrid, 12, 20 }, { 0, 0, 0 } };
	const struct dm_sub *r;
	uint32_t reg[1], k;
	uint8_t want[2];
	struct wire_buf *b;
	size_t n;

	mt_publish_ic(p, sw);
	region(s, 1, sub);
	b = mt_body(s);
	wire_put_u8(b, DDM_INTERACTION);
	wire_put_u32(b, sw);
	wire_put_u8(b, 1);
	wire_put_u32(b, 0);
	wire_put_u32(b, 1);
	wire_put_u32(b, rh(s, 1));
	ck_assert_int_eq(mt_request(s, WIRE_DDM_SUBSCRIBE, NULL), RTI_OK);
	region(p, 7, near);
	region(p, 8, far);
	mt_settle();
	n = dm_route_interaction(mt_fx(), sw, &r);
	ck_assert_uint_eq(n, 1);
	reg[0] = rh(p, 7);
	ck_assert_uint_eq(ddm_route_interaction(mt_fx(), "", reg, 1, r, n,
	    want), 0);
	ck_assert_uint_eq(want[0], 1);
	reg[0] = rh(p, 8);
	ck_assert_uint_eq(ddm_route_interaction(mt_fx(), "", reg, 1, r, n,
	    want), 1);
	ck_assert_uint_eq(want[0], 0);
	ck_assert_uint_eq(ddm_route_interaction(mt_fx(), "", NULL, 0, r, n,
	    want), 0);
	ck_assert_uint_eq(want[0], 1);
	/* and on the wire */
	for (k = 7; k <= 8; k++) {
		struct bundle_hdr h;

		b = mt_body(p);
		wire_put_u32(b, 1);
		wire_put_u32(b, rh(p, k));
		memset(&h, 0, sizeof h);
		h.cond = "";
		bundle_hdr_put(b, &h);
		wire_put_u32(b, sw);
		wire_put_u32(b, 0);
		mt_send(p, WIRE_DDM_INTERACTION, 0);
		mt_settle();
		ck_assert_int_eq(mt_count(s, WIRE_CB_INTERACTION),
		    k == 7 ? 1 : 0);
		mt_clear(s);
	}
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("rti_ddm");
	TCase *tc = tcase_create("matching");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_overlap_and_not);
	tcase_add_test(tc, test_subscription_region_moves);
	tcase_add_test(tc, test_no_shared_dimension);
	tcase_add_test(tc, test_every_shared_dimension);
	tcase_add_test(tc, test_touching_bounds);
	tcase_add_test(tc, test_plain_beside_regions);
	tcase_add_test(tc, test_conditions);
	tcase_add_test(tc, test_interaction_regions);
	tcase_add_test(tc, test_instance_condition_discovery);
	tcase_add_test(tc, test_register_with_condition);
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
