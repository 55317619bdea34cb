/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_rti_dm.c - DM's routes (rti/dm/dm.c, dm_route.c) in the test's
 * process (modtest.h): after each publication or subscription change,
 * the routes of a class (dm_route_object, dm_route_interaction: who gets
 * it, as which class, which attributes, active or passive), and what the
 * subscribers then receive: instances discovered and interactions
 * delivered as the most specific class they subscribe to at or above
 * the sent one.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "dm.h"
#include "modtest.h"
#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")

static const char *const grid[] = { GRID };
static uint32_t breaker, bus, equipment, status, current, name_a;

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
}

static void
teardown(void)
{
	mt_stop();
}

static int
cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The routes of object class `cls` (interaction class when `ic`), one
 * "name:Known[Attr,Attr]" per subscriber ("name:Known" for interactions,
 * a '~' after the name when passive), sorted, space-separated. */
static const char *
routes(int ic, uint32_t cls)
{
	static char out[512];
	const struct fom *fom = mt_fx()->fom;
	const struct dm_sub *r;
	char *ent[16];
	size_t n, k, len = 0;
	uint32_t a;

	n = ic ? dm_route_interaction(mt_fx(), cls, &r) :
	    dm_route_object(mt_fx(), cls, &r);
	ck_assert_uint_le(n, 16);
	for (k = 0; k < n; k++) {
		char buf[128];
		size_t m;

		m = (size_t)snprintf(buf, sizeof buf, "%s%s:%s", r[k].f->name,
		    r[k].active ? "" : "~", ic ? fom_iclass(fom, r[k].known)
		    ->name : fom_oclass(fom, r[k].known)->name);
		if (!ic) {
			int first = 1;

			m += (size_t)snprintf(buf + m, sizeof buf - m, "[");
			for (a = 1; a <= fom->n_attrs; a++)
				if (bset_has(r[k].attrs, dm_words(mt_fx()),
				    a)) {
					m += (size_t)snprintf(buf + m,
					    sizeof buf - m, "%s%s",
					    first ? "" : ",",
					    fom_attr(fom, a)->name);
					first = 0;
				}
			snprintf(buf + m, sizeof buf - m, "]");
		}
		ent[k] = strdup(buf);
		ck_assert_ptr_nonnull(ent[k]);
	}
	qsort(ent, n, sizeof *ent, cmp_str);
	out[0] = '\0';
	for (k = 0; k < n; k++) {
		len += (size_t)snprintf(out + len, sizeof out - len, "%s%s",
		    k ? " " : "", ent[k]);
		free(ent[k]);
	}
	return out;
}

static void
subscribe(struct mt_fed *m, uint32_t cls, uint32_t a1, uint32_t a2,
    int active)
{
	struct wire_buf *b = mt_body(m);

	wire_put_u32(b, cls);
	wire_put_u8(b, (uint8_t)active);
	wire_put_u32(b, a2 ? 2 : 1);
	wire_put_u32(b, a1);
	if (a2)
		wire_put_u32(b, a2);
	ck_assert_int_eq(mt_request(m, WIRE_DM_SUBSCRIBE_OC, NULL), RTI_OK);
	mt_settle();
}

/* Unsubscribe attributes (none listed: the whole class). */
static void
unsubscribe(struct mt_fed *m, uint32_t cls, uint32_t a1)
{
	struct wire_buf *b = mt_body(m);

	wire_put_u32(b, cls);
	wire_put_u32(b, a1 ? 1 : 0);
	if (a1)
		wire_put_u32(b, a1);
	ck_assert_int_eq(mt_request(m, WIRE_DM_UNSUBSCRIBE_OC, NULL), RTI_OK);
	mt_settle();
}

/* Subscriptions at a class route its subclasses to the subscriber as
 * that class; a subscription at the subclass itself takes over there. */
START_TEST(test_object_routes_follow_subscriptions)
{
	struct mt_fed *s1 = mt_join("s1"), *s2 = mt_join("s2");

	ck_assert_str_eq(routes(0, breaker), "");
	subscribe(s1, breaker, status, 0, 1);
	ck_assert_str_eq(routes(0, breaker), "s1:Breaker[Status]");
	ck_assert_str_eq(routes(0, bus), "");
	subscribe(s2, equipment, name_a, 0, 1);
	ck_assert_str_eq(routes(0, breaker),
	    "s1:Breaker[Status] s2:Equipment[Name]");
	ck_assert_str_eq(routes(0, bus), "s2:Equipment[Name]");
	ck_assert_str_eq(routes(0, equipment), "s2:Equipment[Name]");
	subscribe(s2, breaker, current, 0, 1);
	ck_assert_str_eq(routes(0, breaker),
	    "s1:Breaker[Status] s2:Breaker[Current]");
	ck_assert_str_eq(routes(0, bus), "s2:Equipment[Name]");
	/* more attributes add to the subscription */
	subscribe(s1, breaker, current, 0, 1);
	ck_assert_str_eq(routes(0, breaker),
	    "s1:Breaker[Status,Current] s2:Breaker[Current]");
	unsubscribe(s1, breaker, status);
	ck_assert_str_eq(routes(0, breaker),
	    "s1:Breaker[Current] s2:Breaker[Current]");
	/* s2 gone from Breaker falls back to its Equipment subscription */
	unsubscribe(s2, breaker, 0);
	ck_assert_str_eq(routes(0, breaker),
	    "s1:Breaker[Current] s2:Equipment[Name]");
	unsubscribe(s1, breaker, 0);
	ck_assert_str_eq(routes(0, breaker), "s2:Equipment[Name]");
}
END_TEST

/* A passive subscription routes as an active one, marked passive. */
START_TEST(test_passive_route)
{
	struct mt_fed *s = mt_join("s");

	subscribe(s, breaker, status, 0, 0);
	ck_assert_str_eq(routes(0, breaker), "s~:Breaker[Status]");
	subscribe(s, breaker, status, 0, 1);
	ck_assert_str_eq(routes(0, breaker), "s:Breaker[Status]");
}
END_TEST

/* A resigned federate leaves every route. */
START_TEST(test_resign_leaves_routes)
{
	struct mt_fed *s = mt_join("s"), *t = mt_join("t");

	subscribe(s, breaker, status, 0, 1);
	subscribe(t, equipment, name_a, 0, 1);
	wire_put_u32(mt_body(s), RTI_RESIGN_NO_ACTION);
	ck_assert_int_eq(mt_request(s, WIRE_RESIGN, NULL), RTI_OK);
	mt_settle();
	ck_assert_str_eq(routes(0, breaker), "t:Equipment[Name]");
}
END_TEST

/* A subscriber discovers an instance as the class of its route: the
 * superclass it subscribes to, or the registered class when it
 * subscribes there. */
START_TEST(test_discovered_as_route_class)
{
	struct mt_fed *p = mt_join("p"), *s = mt_join("s"), *t = mt_join("t");
	uint32_t pa[] = { status, name_a };
	struct wire_rd rd;
	uint32_t obj;

	mt_publish_oc(p, breaker, pa, 2);
	subscribe(s, equipment, name_a, 0, 1);
	subscribe(t, breaker, status, 0, 1);
	obj = mt_register(p, breaker);
	mt_settle();
	ck_assert(mt_take(s, WIRE_CB_DISCOVER, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd), obj);
	ck_assert_uint_eq(wire_get_u32(&rd), equipment);
	ck_assert_uint_eq(wire_get_u32(&rd), breaker);
	ck_assert(mt_take(t, WIRE_CB_DISCOVER, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd), obj);
	ck_assert_uint_eq(wire_get_u32(&rd), breaker);
	ck_assert_int_eq(mt_count(p, WIRE_CB_DISCOVER), 0);
}
END_TEST

/* Send interaction `cls` from m, receive order, no parameters. */
static void
interaction(struct mt_fed *m, uint32_t cls)
{
	struct wire_buf *b = mt_body(m);
	struct bundle_hdr h;

	memset(&h, 0, sizeof h);
	h.cond = "";
	bundle_hdr_put(b, &h);
	wire_put_u32(b, cls);
	wire_put_u32(b, 0);
	mt_send(m, WIRE_OM_INTERACTION, 0);
	mt_settle();
}

/* The class of m's next interaction (taken); 0 when none. */
static uint32_t
received(struct mt_fed *m)
{
	struct wire_rd rd;
	struct bundle_hdr h;
	uint32_t cls;

	if (!mt_take(m, WIRE_CB_INTERACTION, &rd))
		return 0;
	(void)wire_get_u32(&rd);
	ck_assert_int_eq(bundle_hdr_get(&rd, &h), 0);
	cls = wire_get_u32(&rd);
	ck_assert(!rd.err);
	return cls;
}

/* Interactions: promoted to the subscribed superclass; a subscriber of
 * the class itself gets it as sent; a publisher that subscribes gets
 * its own. */
START_TEST(test_interaction_promotion)
{
	struct mt_fed *p = mt_join("p"), *s = mt_join("s"), *t = mt_join("t");
	uint32_t ev = mt_iclass("GridEvent");
	uint32_t sw = mt_iclass("GridEvent.Switching");
	uint32_t trip = mt_iclass("GridEvent.ProtectionTrip");

	mt_publish_ic(p, sw);
	mt_publish_ic(p, trip);
	mt_subscribe_ic(s, ev);
	mt_subscribe_ic(t, sw);
	mt_settle();
	ck_assert_str_eq(routes(1, sw), "s:GridEvent t:Switching");
	ck_assert_str_eq(routes(1, trip), "s:GridEvent");
	ck_assert_str_eq(routes(1, ev), "s:GridEvent");
	interaction(p, sw);
	ck_assert_uint_eq(received(s), ev);
	ck_assert_uint_eq(received(t), sw);
	interaction(p, trip);
	ck_assert_uint_eq(received(s), ev);
	ck_assert_uint_eq(received(t), 0);
	ck_assert_uint_eq(received(p), 0);
	/* unsubscribed: no longer routed */
	wire_put_u32(mt_body(s), ev);
	ck_assert_int_eq(mt_request(s, WIRE_DM_UNSUBSCRIBE_IC, NULL), RTI_OK);
	mt_settle();
	ck_assert_str_eq(routes(1, trip), "");
	interaction(p, trip);
	ck_assert_uint_eq(received(s), 0);
}
END_TEST

/* An interaction class the sender does not publish is refused, and
 * nobody receives it. */
START_TEST(test_interaction_not_published)
{
	struct mt_fed *p = mt_join("p"), *s = mt_join("s");
	uint32_t sw = mt_iclass("GridEvent.Switching");
	struct wire_rd rd;

	mt_subscribe_ic(s, sw);
	interaction(p, sw);
	ck_assert(mt_take(p, WIRE_NOTICE, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd),
	    RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED);
	ck_assert_uint_eq(received(s), 0);
}
END_TEST

/* Class relevance advisories: a publisher with the switch on is told to
 * start registering when a subscriber of the class or a superclass
 * appears, and to stop when the last goes. */
START_TEST(test_registration_advisories)
{
	struct mt_fed *p = mt_join("p"), *s = mt_join("s");
	uint32_t pa[] = { status };
	struct wire_buf *b;
	struct wire_rd rd;

	b = mt_body(p);
	wire_put_u8(b, WIRE_SWITCH_CLASS_RELEVANCE);
	wire_put_u8(b, 1);
	ck_assert_int_eq(mt_request(p, WIRE_DM_SET_SWITCH, NULL), RTI_OK);
	mt_publish_oc(p, breaker, pa, 1);
	mt_settle();
	ck_assert_int_eq(mt_count(p, WIRE_CB_START_REGISTRATION), 0);
	subscribe(s, equipment, name_a, 0, 1);
	ck_assert(mt_take(p, WIRE_CB_START_REGISTRATION, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd), breaker);
	unsubscribe(s, equipment, 0);
	ck_assert(mt_take(p, WIRE_CB_STOP_REGISTRATION, &rd));
	ck_assert_uint_eq(wire_get_u32(&rd), breaker);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("rti_dm");
	TCase *tc = tcase_create("routes");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_object_routes_follow_subscriptions);
	tcase_add_test(tc, test_passive_route);
	tcase_add_test(tc, test_resign_leaves_routes);
	tcase_add_test(tc, test_discovered_as_route_class);
	tcase_add_test(tc, test_interaction_promotion);
	tcase_add_test(tc, test_interaction_not_published);
	tcase_add_test(tc, test_registration_advisories);
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
