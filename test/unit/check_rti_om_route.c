/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_rti_om_route.c - OM's update route (rti/om/om_route.c) in the
 * test's process (modtest.h): what each subscriber's reflect carries, and
 * the notice a wrong bundle gets.  Each test guards one assumption of the
 * one-pass path (F1-F10 in om_route.c's head comment): it sends the
 * bundle that breaks the assumption, which the general path must take,
 * and fails when uniform_check or uniform_route lets it through.  Raw
 * bundles (ones librti refuses to send) are written here as frames.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "bundle.h"
#include "modtest.h"
#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")

static const char *const grid[] = { GRID };
static uint32_t breaker, bus, equipment;
static uint32_t status, current, name_a, voltage;
/* the instances the test registered, in order: o1, o2... in summaries */
static uint32_t objs[8];
static size_t n_objs;

static void
setup(void)
{
	mt_start(grid, 1, NULL);
	breaker = mt_oclass("Breaker");
	bus = mt_oclass("Bus");
	equipment = mt_oclass("Equipment");
	status = mt_attr(breaker, "Status");
	current = mt_attr(breaker, "Current");
	name_a = mt_attr(equipment, "Name");
	voltage = mt_attr(bus, "Voltage");
	n_objs = 0;
}

static void
teardown(void)
{
	mt_stop();
}

static uint32_t
reg(struct mt_fed *m, uint32_t cls)
{
	ck_assert_uint_lt(n_objs, 8);
	return objs[n_objs++] = mt_register(m, cls);
}

/* ---- building bundles ---- */

/* One instance of a bundle: its handle and attributes (0-terminated). */
struct inst {
	uint32_t obj;
	uint32_t attrs[4];
};

/* Send an update of class `cls` with send condition `cond` of the
 * instances in[0..n), each attribute's value 8 bytes of its handle. */
static void
update(struct mt_fed *m, uint32_t cls, const char *cond,
    const struct inst *in, size_t n)
{
	struct wire_buf *b = mt_body(m);
	struct bundle_hdr h;
	size_t co, io, i, j;

	memset(&h, 0, sizeof h);
	h.cond = cond;
	bundle_hdr_put(b, &h);
	co = bundle_class_begin(b, cls);
	for (i = 0; i < n; i++) {
		io = bundle_inst_begin(b, in[i].obj);
		for (j = 0; j < 4 && in[i].attrs[j]; j++) {
			uint64_t v = in[i].attrs[j];

			bundle_put_attr(b, in[i].attrs[j], &v, sizeof v);
		}
		bundle_inst_end(b, io, (uint32_t)j);
	}
	bundle_class_end(b, co, (uint32_t)n);
	ck_assert(!b->oom);
	mt_send(m, WIRE_OM_UPDATE, 0);
	mt_settle();
}

/* ---- reading reflects ---- */

static const char *
oname(uint32_t obj)
{
	static char buf[8][16];
	static int k;
	size_t i;

	k = (k + 1) % 8;
	for (i = 0; i < n_objs; i++)
		if (objs[i] == obj) {
			snprintf(buf[k], sizeof buf[k], "o%zu", i + 1);
			return buf[k];
		}
	snprintf(buf[k], sizeof buf[k], "#%u", obj);
	return buf[k];
}

/* Every reflect `m` received, untaken, summed up one per line as "Class
 * o1:Attr,Attr o2:Attr", and taken: "" when none. */
static const char *
reflects(struct mt_fed *m)
{
	static char out[1024];
	const struct fom *fom = mt_fx()->fom;
	struct bundle b;
	struct wire_rd rd;
	size_t len = 0;

	out[0] = '\0';
	bundle_init(&b);
	while (mt_take(m, WIRE_CB_REFLECT, &rd)) {
		struct bundle_hdr h;
		const char *why;
		uint32_t i, j;

		(void)wire_get_u32(&rd);
		ck_assert_int_eq(bundle_hdr_get(&rd, &h), 0);
		ck_assert_int_eq(bundle_parse(&b, rd.p, wire_rd_left(&rd),
		    &why), 0);
		len += (size_t)snprintf(out + len, sizeof out - len, "%s%s",
		    len ? "\n" : "", fom_oclass(fom, b.cls)->name);
		for (i = 0; i < b.n_inst; i++) {
			const struct bundle_inst *bi = &b.inst[i];

			len += (size_t)snprintf(out + len, sizeof out - len,
			    " %s:", oname(bi->handle));
			for (j = 0; j < bi->n_attrs; j++)
				len += (size_t)snprintf(out + len,
				    sizeof out - len, "%s%s", j ? "," : "",
				    fom_attr(fom, b.attrs[bi->at + j].handle)
				    ->name);
		}
		ck_assert_uint_lt(len, sizeof out);
	}
	bundle_free(&b);
	return out;
}

/* The error of the next notice `m` received, taken; 0 when none. */
static int
notice(struct mt_fed *m)
{
	struct wire_rd rd;
	uint32_t err;

	if (!mt_take(m, WIRE_NOTICE, &rd))
		return 0;
	err = wire_get_u32(&rd);
	ck_assert(!rd.err);
	return (int)err;
}

/* How `m` knows instance `obj`: the class of its discover, 0 when it
 * received none (taken). */
static uint32_t
discovered(struct mt_fed *m, uint32_t obj)
{
	struct wire_rd rd;

	while (mt_take(m, WIRE_CB_DISCOVER, &rd)) {
		uint32_t o = wire_get_u32(&rd), known = wire_get_u32(&rd);

		ck_assert(!rd.err);
		if (o == obj)
			return known;
	}
	return 0;
}

/* ---- DDM requests ---- */

/* Set `m`'s subscription conditions of object class `cls` to
 * conds[0..n) in one step. */
static void
sub_conditions(struct mt_fed *m, uint32_t cls, const char *const *conds,
    uint32_t n)
{
	struct wire_buf *b = mt_body(m);
	uint32_t i;

	wire_put_u8(b, 0);
	wire_put_u32(b, cls);
	wire_put_u32(b, n);
	for (i = 0; i < n; i++)
		wire_put_str(b, conds[i]);
	ck_assert_int_eq(mt_request(m, WIRE_DDM_CONDITIONS_SET, NULL), RTI_OK);
	mt_settle();
}

/* Give instance `obj` the send condition `cond` ("" none). */
static void
inst_condition(struct mt_fed *m, uint32_t obj, const char *cond)
{
	struct wire_buf *b = mt_body(m);

	wire_put_u32(b, obj);
	wire_put_u8(b, 1);
	wire_put_str(b, cond);
	wire_put_u32(b, 0);
	ck_assert_int_eq(mt_request(m, WIRE_DDM_INSTANCE, NULL), RTI_OK);
	mt_settle();
}

/* A publisher of Breaker {Status, Current, Name}. */
static struct mt_fed *
publisher(const char *name)
{
	struct mt_fed *p = mt_join(name);
	uint32_t a[] = { status, current, name_a };

	mt_publish_oc(p, breaker, a, 3);
	return p;
}

static struct mt_fed *
subscriber(const char *name, uint32_t cls, const uint32_t *a, uint32_t n)
{
	struct mt_fed *s = mt_join(name);

	mt_subscribe_oc(s, cls, a, n);
	mt_settle();
	return s;
}

/* ---- the plain case, both paths ---- */

START_TEST(test_bundle_whole_to_every_subscriber)
{
	uint32_t both[] = { status, current };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s1 = subscriber("s1", breaker, both, 2);
	struct mt_fed *s2 = subscriber("s2", breaker, both, 2);
	struct inst in[2];

	reg(p, breaker);
	reg(p, breaker);
	mt_settle();
	ck_assert_uint_eq(discovered(s1, objs[0]), breaker);
	ck_assert_uint_eq(discovered(s2, objs[1]), breaker);
	in[0] = (struct inst){ objs[0], { status, current } };
	in[1] = (struct inst){ objs[1], { status, current } };
	update(p, breaker, "", in, 2);
	ck_assert_str_eq(reflects(s1),
	    "Breaker o1:Status,Current o2:Status,Current");
	ck_assert_str_eq(reflects(s2),
	    "Breaker o1:Status,Current o2:Status,Current");
	ck_assert_str_eq(reflects(p), "");
	ck_assert_int_eq(notice(p), 0);
}
END_TEST

/* F1: a condition in the header is matched per subscriber: the
 * subscriber whose condition it is gets the update (the one-pass path,
 * which routes as without a condition, would give it to nobody with a
 * condition), a subscriber with another condition does not. */
START_TEST(test_f1_header_condition)
{
	uint32_t st[] = { status };
	const char *x[] = { "x" }, *y[] = { "y" };
	struct mt_fed *p = publisher("p");
	struct mt_fed *sx = subscriber("sx", breaker, st, 1);
	struct mt_fed *sy = subscriber("sy", breaker, st, 1);
	struct inst in[1];

	sub_conditions(sx, breaker, x, 1);
	sub_conditions(sy, breaker, y, 1);
	reg(p, breaker);
	in[0] = (struct inst){ objs[0], { status } };
	update(p, breaker, "x", in, 1);
	ck_assert_str_eq(reflects(sx), "Breaker o1:Status");
	ck_assert_str_eq(reflects(sy), "");
	ck_assert_int_eq(notice(p), 0);
}
END_TEST

/* F2: a raw bundle naming an instance of another class (Bus in a
 * Breaker bundle, by an attribute both have) is refused whole, whether
 * the stranger comes first or later: nothing is reflected or
 * discovered.  The sender publishes every attribute of both classes:
 * it owns the instances whole, so that no ownership check (whose
 * per-class attribute index would differ) stands in for the class
 * check. */
static void
class_mismatch(int bus_first)
{
	uint32_t nm[] = { name_a }, sub_a = mt_attr(equipment, "Substation");
	uint32_t ball[] = { name_a, sub_a, voltage, mt_attr(bus, "Angle") };
	uint32_t kall[] = { name_a, sub_a, status, current };
	struct mt_fed *p = mt_join("p");
	struct mt_fed *s = subscriber("s", breaker, nm, 1);
	struct inst in[2];
	uint32_t brk, bs;

	mt_publish_oc(p, breaker, kall, 4);
	mt_publish_oc(p, bus, ball, 4);
	brk = reg(p, breaker);
	bs = reg(p, bus);
	mt_settle();
	mt_clear(s);
	in[bus_first ? 1 : 0] = (struct inst){ brk, { name_a } };
	in[bus_first ? 0 : 1] = (struct inst){ bs, { name_a } };
	update(p, breaker, "", in, 2);
	ck_assert_int_eq(notice(p), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_str_eq(reflects(s), "");
	ck_assert_uint_eq(discovered(s, bs), 0);
}

START_TEST(test_f2_first_instance_of_another_class)
{
	class_mismatch(1);
}
END_TEST

START_TEST(test_f2_later_instance_of_another_class)
{
	class_mismatch(0);
}
END_TEST

/* F2: an instance nobody registered. */
START_TEST(test_f2_unknown_instance)
{
	uint32_t st[] = { status };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct inst in[2];

	reg(p, breaker);
	in[0] = (struct inst){ objs[0], { status } };
	in[1] = (struct inst){ objs[0] + 100, { status } };
	update(p, breaker, "", in, 2);
	ck_assert_int_eq(notice(p), RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN);
	ck_assert_str_eq(reflects(s), "");
}
END_TEST

/* F3: the second instance has a send condition of its own that the
 * subscriber's filter no longer takes; it knows both instances (it took
 * both conditions when they were discovered).  Only the first is
 * reflected: the first instance's routing is not every instance's. */
START_TEST(test_f3_instance_condition)
{
	uint32_t st[] = { status };
	const char *ab[] = { "a", "b" }, *a[] = { "a" };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct inst in[2];

	sub_conditions(s, breaker, ab, 2);
	reg(p, breaker);
	reg(p, breaker);
	inst_condition(p, objs[0], "a");
	inst_condition(p, objs[1], "b");
	ck_assert_uint_eq(discovered(s, objs[0]), breaker);
	sub_conditions(s, breaker, a, 1);
	mt_clear(s);
	in[0] = (struct inst){ objs[0], { status } };
	in[1] = (struct inst){ objs[1], { status } };
	update(p, breaker, "", in, 2);
	ck_assert_str_eq(reflects(s), "Breaker o1:Status");
	ck_assert_int_eq(mt_count(s, WIRE_CB_REMOVE), 0);
}
END_TEST

/* F4: instances updating other attributes than the first: the
 * subscriber of Status gets Status of the first, nothing of the second,
 * which updates Current only. */
START_TEST(test_f4_other_layout)
{
	uint32_t st[] = { status };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct inst in[2];

	reg(p, breaker);
	reg(p, breaker);
	in[0] = (struct inst){ objs[0], { status } };
	in[1] = (struct inst){ objs[1], { current } };
	update(p, breaker, "", in, 2);
	ck_assert_str_eq(reflects(s), "Breaker o1:Status");
	ck_assert_int_eq(notice(p), 0);
}
END_TEST

/* F4 with the checks the first layout passed: the second instance's
 * layout names an attribute Breaker does not have. */
START_TEST(test_f4_other_layout_undefined)
{
	uint32_t st[] = { status };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct inst in[2];

	reg(p, breaker);
	reg(p, breaker);
	in[0] = (struct inst){ objs[0], { status } };
	in[1] = (struct inst){ objs[1], { status, voltage } };
	update(p, breaker, "", in, 2);
	ck_assert_int_eq(notice(p), RTI_ERR_ATTRIBUTE_NOT_DEFINED);
	ck_assert_str_eq(reflects(s), "");
}
END_TEST

/* F5: an attribute the class does not define. */
START_TEST(test_f5_undefined_attribute)
{
	uint32_t st[] = { status };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct inst in[1];

	reg(p, breaker);
	in[0] = (struct inst){ objs[0], { status, voltage } };
	update(p, breaker, "", in, 1);
	ck_assert_int_eq(notice(p), RTI_ERR_ATTRIBUTE_NOT_DEFINED);
	ck_assert_str_eq(reflects(s), "");
}
END_TEST

/* F5: an attribute given twice. */
START_TEST(test_f5_attribute_twice)
{
	uint32_t st[] = { status };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct inst in[1];

	reg(p, breaker);
	in[0] = (struct inst){ objs[0], { status, status } };
	update(p, breaker, "", in, 1);
	ck_assert_int_eq(notice(p), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_str_eq(reflects(s), "");
}
END_TEST

/* F6: a federate updating an instance it does not own (another
 * publisher's) is refused, however uniform its bundle. */
START_TEST(test_f6_not_owner)
{
	uint32_t st[] = { status };
	struct mt_fed *p = publisher("p");
	struct mt_fed *q = publisher("q");
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct inst in[1];

	reg(p, breaker);
	in[0] = (struct inst){ objs[0], { status } };
	update(q, breaker, "", in, 1);
	ck_assert_int_eq(notice(q), RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_str_eq(reflects(s), "");
	update(p, breaker, "", in, 1);
	ck_assert_str_eq(reflects(s), "Breaker o1:Status");
}
END_TEST

/* F8: a subscriber of fewer attributes than the bundle carries gets its
 * cut; one of all gets it whole. */
START_TEST(test_f8_subscriber_of_fewer_attributes)
{
	uint32_t st[] = { status }, both[] = { status, current };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct mt_fed *w = subscriber("w", breaker, both, 2);
	struct inst in[2];

	reg(p, breaker);
	reg(p, breaker);
	in[0] = (struct inst){ objs[0], { status, current } };
	in[1] = (struct inst){ objs[1], { status, current } };
	update(p, breaker, "", in, 2);
	ck_assert_str_eq(reflects(s), "Breaker o1:Status o2:Status");
	ck_assert_str_eq(reflects(w),
	    "Breaker o1:Status,Current o2:Status,Current");
}
END_TEST

/* F8, the class: a subscriber that knows the instance as Breaker but
 * now subscribes at Equipment only gets the attributes of its
 * Equipment subscription, as Breaker (the class it knows it as).  The
 * one-pass path's class check is redundant with F9 (a route at another
 * class either does not know the instance as the bundle's class, or the
 * general path sends what the one-pass path would): this test does not
 * fail without it, and guards what both paths send. */
START_TEST(test_f8_route_at_superclass)
{
	uint32_t nm[] = { name_a };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", breaker, nm, 1);
	struct wire_buf *b;
	struct inst in[1];

	reg(p, breaker);
	mt_settle();
	ck_assert_uint_eq(discovered(s, objs[0]), breaker);
	b = mt_body(s);
	wire_put_u32(b, breaker);
	wire_put_u32(b, 0);
	ck_assert_int_eq(mt_request(s, WIRE_DM_UNSUBSCRIBE_OC, NULL), RTI_OK);
	mt_subscribe_oc(s, equipment, nm, 1);
	mt_settle();
	ck_assert_int_eq(mt_count(s, WIRE_CB_REMOVE), 0);
	mt_clear(s);
	in[0] = (struct inst){ objs[0], { name_a } };
	update(p, breaker, "", in, 1);
	ck_assert_str_eq(reflects(s), "Breaker o1:Name");
	ck_assert_int_eq(notice(p), 0);
}
END_TEST

/* F9: a subscriber that discovered the instance as Equipment and then
 * subscribed at Breaker too gets it as Equipment, cut to what it
 * subscribes to there. */
START_TEST(test_f9_known_as_superclass)
{
	uint32_t nm[] = { name_a }, all[] = { name_a, status };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", equipment, nm, 1);
	struct inst in[1];

	reg(p, breaker);
	mt_settle();
	ck_assert_uint_eq(discovered(s, objs[0]), equipment);
	mt_subscribe_oc(s, breaker, all, 2);
	mt_settle();
	ck_assert_uint_eq(discovered(s, objs[0]), 0);
	in[0] = (struct inst){ objs[0], { name_a, status } };
	update(p, breaker, "", in, 1);
	ck_assert_str_eq(reflects(s), "Equipment o1:Name");
}
END_TEST

/* F9: an instance the subscriber has not discovered (it was out of its
 * condition when registered) is discovered before its first reflect. */
START_TEST(test_f9_discovered_on_update)
{
	uint32_t st[] = { status };
	const char *a[] = { "a" };
	struct mt_fed *p = publisher("p");
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct mt_fed *w = subscriber("w", breaker, st, 1);
	struct wire_rd rd;
	struct inst in[1];

	sub_conditions(s, breaker, a, 1);
	reg(p, breaker);
	mt_settle();
	ck_assert_uint_eq(discovered(s, objs[0]), 0);
	ck_assert_uint_eq(discovered(w, objs[0]), breaker);
	in[0] = (struct inst){ objs[0], { status } };
	update(p, breaker, "a", in, 1);
	ck_assert_str_eq(reflects(w), "Breaker o1:Status");
	ck_assert_str_eq(reflects(s), "Breaker o1:Status");
	ck_assert(mt_take(s, WIRE_CB_DISCOVER, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd), objs[0]);
}
END_TEST

/* F10: one subscriber takes the bundle whole, the next needs a cut: the
 * one-pass path gives up before sending to the first, so each gets
 * exactly one reflect. */
START_TEST(test_f10_each_reflect_once)
{
	uint32_t st[] = { status }, both[] = { status, current };
	struct mt_fed *p = publisher("p");
	struct mt_fed *w = subscriber("w", breaker, both, 2);
	struct mt_fed *s = subscriber("s", breaker, st, 1);
	struct inst in[1];

	reg(p, breaker);
	in[0] = (struct inst){ objs[0], { status, current } };
	update(p, breaker, "", in, 1);
	ck_assert_str_eq(reflects(w), "Breaker o1:Status,Current");
	ck_assert_str_eq(reflects(s), "Breaker o1:Status");
}
END_TEST

/* The general path's plan per subscriber from DDM's hits (plan_sparse):
 * a condition fan-out, in which each subscriber with conditions gets
 * exactly the instances its conditions take, discovered first where it
 * did not know them, cut to its attributes; a subscriber without a
 * filter (every instance, planned over all of them) gets all; two plain
 * instances in a row (the second routed as a copy of the first) reach
 * only the subscriber without a filter.  Fails when a subscriber's list
 * misses or adds an instance, or its cut or discovery is wrong. */
START_TEST(test_sparse_plan_condition_fanout)
{
	uint32_t st[] = { status }, both[] = { status, current };
	const char *a[] = { "a" }, *bc[] = { "b", "c" };
	struct mt_fed *p = publisher("p");
	struct mt_fed *sa = subscriber("sa", breaker, st, 1);
	struct mt_fed *sbc = subscriber("sbc", breaker, both, 2);
	struct mt_fed *all = subscriber("all", breaker, st, 1);
	const char *conds[6] = { "a", "b", "", "", "c", "a" };
	struct wire_rd rd;
	struct inst in[6];
	size_t i;

	sub_conditions(sa, breaker, a, 1);
	sub_conditions(sbc, breaker, bc, 2);
	for (i = 0; i < 6; i++)
		reg(p, breaker);
	mt_settle();
	for (i = 0; i < 6; i++)
		if (conds[i][0])
			inst_condition(p, objs[i], conds[i]);
	/* sa and sbc discover at the update what their conditions take */
	mt_clear(sa);
	mt_clear(sbc);
	mt_clear(all);
	for (i = 0; i < 6; i++)
		in[i] = (struct inst){ objs[i], { status, current } };
	update(p, breaker, "", in, 6);
	ck_assert_str_eq(reflects(all), "Breaker o1:Status o2:Status "
	    "o3:Status o4:Status o5:Status o6:Status");
	ck_assert_str_eq(reflects(sa), "Breaker o1:Status o6:Status");
	ck_assert_str_eq(reflects(sbc),
	    "Breaker o2:Status,Current o5:Status,Current");
	mt_clear(sa);
	mt_clear(sbc);
	/* the same again: each gets the same, nothing discovered twice */
	update(p, breaker, "", in, 6);
	ck_assert_str_eq(reflects(sa), "Breaker o1:Status o6:Status");
	ck_assert_str_eq(reflects(sbc),
	    "Breaker o2:Status,Current o5:Status,Current");
	ck_assert(!mt_take(sa, WIRE_CB_DISCOVER, &rd));
	ck_assert(!mt_take(sbc, WIRE_CB_DISCOVER, &rd));
	ck_assert_int_eq(notice(p), 0);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("rti_om_route");
	TCase *tc = tcase_create("route");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_bundle_whole_to_every_subscriber);
	tcase_add_test(tc, test_f1_header_condition);
	tcase_add_test(tc, test_f2_first_instance_of_another_class);
	tcase_add_test(tc, test_f2_later_instance_of_another_class);
	tcase_add_test(tc, test_f2_unknown_instance);
	tcase_add_test(tc, test_f3_instance_condition);
	tcase_add_test(tc, test_f4_other_layout);
	tcase_add_test(tc, test_f4_other_layout_undefined);
	tcase_add_test(tc, test_f5_undefined_attribute);
	tcase_add_test(tc, test_f5_attribute_twice);
	tcase_add_test(tc, test_f6_not_owner);
	tcase_add_test(tc, test_f8_subscriber_of_fewer_attributes);
	tcase_add_test(tc, test_f8_route_at_superclass);
	tcase_add_test(tc, test_f9_known_as_superclass);
	tcase_add_test(tc, test_f9_discovered_on_update);
	tcase_add_test(tc, test_f10_each_reflect_once);
	tcase_add_test(tc, test_sparse_plan_condition_fanout);
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
