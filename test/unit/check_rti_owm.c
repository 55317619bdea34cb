/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_rti_owm.c - OWM's negotiations (rti/owm/owm.c) in the test's
 * process (modtest.h): unconditional and negotiated divestiture,
 * acquisition (also if available), release requests and their denial,
 * divestiture if wanted, cancellations, pending acquisitions and what a
 * resign does to them, as the federates see it: the owner a query
 * reports and the ownership callbacks each receives.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "modtest.h"
#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")

static const char *const grid[] = { GRID };
static uint32_t breaker, status, current, obj;
static struct mt_fed *a, *b;

/* a registers a Breaker (it owns Status and Current); a and b publish
 * both, and b subscribes to them (an instance is known to the federates
 * that discovered it). */
static void
setup(void)
{
	uint32_t both[2];

	mt_start(grid, 1, NULL);
	breaker = mt_oclass("Breaker");
	status = mt_attr(breaker, "Status");
	current = mt_attr(breaker, "Current");
	both[0] = status;
	both[1] = current;
	a = mt_join("a");
	b = mt_join("b");
	mt_publish_oc(a, breaker, both, 2);
	mt_publish_oc(b, breaker, both, 2);
	mt_subscribe_oc(b, breaker, both, 2);
	obj = mt_register(a, breaker);
	mt_settle();
}

static void
teardown(void)
{
	mt_stop();
}

/* Request `type` on obj's attributes at[0..n) (0-terminated list). */
static int
aset(struct mt_fed *m, uint16_t type, uint32_t a1, uint32_t a2)
{
	struct wire_buf *w = mt_body(m);
	int err;

	wire_put_u32(w, obj);
	wire_put_blob(w, "", 0);
	wire_put_u32(w, a2 ? 2 : 1);
	wire_put_u32(w, a1);
	if (a2)
		wire_put_u32(w, a2);
	err = mt_request(m, type, NULL);
	mt_settle();
	return err;
}

/* The owner of obj's attribute `attr` that m's query reports: a
 * federate's handle, 0 when unowned. */
static uint32_t
owner(struct mt_fed *m, uint32_t attr)
{
	struct wire_buf *w = mt_body(m);
	struct wire_rd rd;
	uint32_t o = 0, x = 0, who = 0;

	wire_put_u32(w, obj);
	wire_put_u32(w, attr);
	ck_assert_int_eq(mt_request(m, WIRE_OWM_QUERY, NULL), RTI_OK);
	mt_settle();
	ck_assert(mt_take(m, WIRE_OWM_CB_INFORM, &rd));
	o = wire_get_u32(&rd);
	x = wire_get_u32(&rd);
	who = wire_get_u32(&rd);
	ck_assert(!rd.err && o == obj && x == attr);
	return who;
}

/* The attributes of m's next callback of `type` (taken), as "Status" or
 * "Status,Current"; "" when none came. */
static const char *
cb(struct mt_fed *m, uint16_t type)
{
	static char out[128];
	const struct fom *fom = mt_fx()->fom;
	struct wire_rd rd;
	uint32_t n, i, tl;
	size_t len = 0;

	out[0] = '\0';
	if (!mt_take(m, type, &rd))
		return out;
	ck_assert_uint_eq(wire_get_u32(&rd), obj);
	(void)wire_get_blob(&rd, &tl, UINT32_MAX);
	n = wire_get_u32(&rd);
	for (i = 0; i < n && !rd.err; i++)
		len += (size_t)snprintf(out + len, sizeof out - len, "%s%s",
		    i ? "," : "", fom_attr(fom, wire_get_u32(&rd))->name);
	ck_assert(!rd.err);
	return out;
}

START_TEST(test_registrar_owns)
{
	ck_assert_uint_eq(owner(b, status), mt_handle(a));
	ck_assert_uint_eq(owner(b, current), mt_handle(a));
}
END_TEST

/* Unconditional divestiture leaves the attribute unowned; acquisition
 * if available then takes it at once. */
START_TEST(test_divest_then_acquire_if_available)
{
	ck_assert_int_eq(aset(a, WIRE_OWM_DIVEST, status, 0), RTI_OK);
	ck_assert_uint_eq(owner(b, status), 0);
	ck_assert_uint_eq(owner(b, current), mt_handle(a));
	ck_assert_int_eq(aset(b, WIRE_OWM_ACQUIRE_IF, status, 0), RTI_OK);
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_ACQUIRED), "Status");
	ck_assert_uint_eq(owner(a, status), mt_handle(b));
}
END_TEST

/* Acquisition if available of an owned attribute: unavailable, the
 * owner is not asked. */
START_TEST(test_acquire_if_available_of_owned)
{
	ck_assert_int_eq(aset(b, WIRE_OWM_ACQUIRE_IF, status, 0), RTI_OK);
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_UNAVAILABLE), "Status");
	ck_assert_str_eq(cb(a, WIRE_OWM_CB_RELEASE), "");
	ck_assert_uint_eq(owner(b, status), mt_handle(a));
}
END_TEST

/* Acquisition of an owned attribute asks the owner to release it; it
 * stays the owner's (pending) until the owner divests if wanted, which
 * gives it to the acquirer and lists it in the reply. */
START_TEST(test_acquire_asks_release)
{
	struct wire_buf *w;
	struct wire_rd rd;

	ck_assert_int_eq(aset(b, WIRE_OWM_ACQUIRE, status, current), RTI_OK);
	ck_assert_str_eq(cb(a, WIRE_OWM_CB_RELEASE), "Status,Current");
	ck_assert_uint_eq(owner(b, status), mt_handle(a));
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_ACQUIRED), "");
	w = mt_body(a);
	wire_put_u32(w, obj);
	wire_put_blob(w, "", 0);
	wire_put_u32(w, 1);
	wire_put_u32(w, status);
	ck_assert_int_eq(mt_request(a, WIRE_OWM_IF_WANTED, &rd), RTI_OK);
	ck_assert_uint_eq(wire_get_u32(&rd), 1);
	ck_assert_uint_eq(wire_get_u32(&rd), status);
	mt_settle();
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_ACQUIRED), "Status");
	ck_assert_uint_eq(owner(a, status), mt_handle(b));
	ck_assert_uint_eq(owner(a, current), mt_handle(a));
}
END_TEST

/* Negotiated divestiture: the other publishers are asked to assume;
 * one that acquires makes the divester confirm, and the confirmation
 * moves the attribute. */
START_TEST(test_negotiated_divestiture)
{
	ck_assert_int_eq(aset(a, WIRE_OWM_NEGOTIATE, status, 0), RTI_OK);
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_ASSUME), "Status");
	ck_assert_uint_eq(owner(b, status), mt_handle(a));
	ck_assert_int_eq(aset(b, WIRE_OWM_ACQUIRE, status, 0), RTI_OK);
	ck_assert_str_eq(cb(a, WIRE_OWM_CB_CONFIRM), "Status");
	ck_assert_uint_eq(owner(b, status), mt_handle(a));
	ck_assert_int_eq(aset(a, WIRE_OWM_CONFIRM, status, 0), RTI_OK);
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_ACQUIRED), "Status");
	ck_assert_uint_eq(owner(b, status), mt_handle(b));
}
END_TEST

/* A negotiated divestiture with an acquirer already waiting goes
 * straight to the confirmation. */
START_TEST(test_negotiated_with_acquirer_waiting)
{
	ck_assert_int_eq(aset(b, WIRE_OWM_ACQUIRE, status, 0), RTI_OK);
	ck_assert_str_eq(cb(a, WIRE_OWM_CB_RELEASE), "Status");
	ck_assert_int_eq(aset(a, WIRE_OWM_NEGOTIATE, status, 0), RTI_OK);
	ck_assert_str_eq(cb(a, WIRE_OWM_CB_CONFIRM), "Status");
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_ASSUME), "");
	ck_assert_int_eq(aset(a, WIRE_OWM_CONFIRM, status, 0), RTI_OK);
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_ACQUIRED), "Status");
}
END_TEST

/* Confirming or cancelling a divestiture nobody asked for is refused;
 * a cancelled negotiated divestiture keeps the owner, and a later
 * acquisition asks it for a release. */
START_TEST(test_cancel_divestiture)
{
	ck_assert_int_eq(aset(a, WIRE_OWM_CONFIRM, status, 0),
	    RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED);
	ck_assert_int_eq(aset(a, WIRE_OWM_CANCEL_DIVEST, status, 0),
	    RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED);
	ck_assert_int_eq(aset(a, WIRE_OWM_NEGOTIATE, status, 0), RTI_OK);
	ck_assert_int_eq(aset(a, WIRE_OWM_NEGOTIATE, status, 0),
	    RTI_ERR_ATTRIBUTE_ALREADY_BEING_DIVESTED);
	ck_assert_int_eq(aset(a, WIRE_OWM_CANCEL_DIVEST, status, 0), RTI_OK);
	mt_clear(a);
	mt_clear(b);
	ck_assert_int_eq(aset(b, WIRE_OWM_ACQUIRE, status, 0), RTI_OK);
	ck_assert_str_eq(cb(a, WIRE_OWM_CB_CONFIRM), "");
	ck_assert_str_eq(cb(a, WIRE_OWM_CB_RELEASE), "Status");
	ck_assert_uint_eq(owner(b, status), mt_handle(a));
}
END_TEST

/* A pending acquisition cancelled: confirmed to the acquirer, and the
 * owner's divestiture if wanted then finds nobody. */
START_TEST(test_cancel_acquisition)
{
	struct wire_buf *w;
	struct wire_rd rd;

	ck_assert_int_eq(aset(b, WIRE_OWM_CANCEL_ACQUIRE, status, 0),
	    RTI_ERR_ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED);
	ck_assert_int_eq(aset(b, WIRE_OWM_ACQUIRE, status, 0), RTI_OK);
	ck_assert_int_eq(aset(b, WIRE_OWM_CANCEL_ACQUIRE, status, 0), RTI_OK);
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_CANCELLED), "Status");
	w = mt_body(a);
	wire_put_u32(w, obj);
	wire_put_blob(w, "", 0);
	wire_put_u32(w, 1);
	wire_put_u32(w, status);
	ck_assert_int_eq(mt_request(a, WIRE_OWM_IF_WANTED, &rd), RTI_OK);
	ck_assert_uint_eq(wire_get_u32(&rd), 0);
	mt_settle();
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_ACQUIRED), "");
	ck_assert_uint_eq(owner(b, status), mt_handle(a));
}
END_TEST

/* The owner denies the release: the acquirer is told the attribute is
 * unavailable and its acquisition is no longer pending. */
START_TEST(test_release_denied)
{
	ck_assert_int_eq(aset(b, WIRE_OWM_ACQUIRE, status, 0), RTI_OK);
	ck_assert_int_eq(aset(a, WIRE_OWM_DENY, status, 0), RTI_OK);
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_UNAVAILABLE), "Status");
	ck_assert_int_eq(aset(b, WIRE_OWM_CANCEL_ACQUIRE, status, 0),
	    RTI_ERR_ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED);
	ck_assert_uint_eq(owner(b, status), mt_handle(a));
}
END_TEST

/* Only a federate that publishes the attribute may acquire it, and
 * only the owner may divest it. */
START_TEST(test_rights_checked)
{
	struct mt_fed *c = mt_join("c");

	mt_subscribe_oc(c, breaker, &status, 1);
	mt_settle();
	ck_assert_int_eq(aset(c, WIRE_OWM_ACQUIRE, status, 0),
	    RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED);
	ck_assert_int_eq(aset(b, WIRE_OWM_DIVEST, status, 0),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(aset(a, WIRE_OWM_ACQUIRE, status, 0),
	    RTI_ERR_FEDERATE_OWNS_ATTRIBUTES);
	ck_assert_uint_eq(owner(c, status), mt_handle(a));
}
END_TEST

/* A pending acquisition holds the acquirer's publication and resign
 * (it must cancel first); the owner resigning with divest gives the
 * attributes to it. */
START_TEST(test_pending_acquisition_and_resign)
{
	struct wire_buf *w;

	ck_assert_int_eq(aset(b, WIRE_OWM_ACQUIRE, status, 0), RTI_OK);
	w = mt_body(b);
	wire_put_u32(w, breaker);
	wire_put_u32(w, 0);
	ck_assert_int_eq(mt_request(b, WIRE_DM_UNPUBLISH_OC, NULL),
	    RTI_ERR_OWNERSHIP_ACQUISITION_PENDING);
	wire_put_u32(mt_body(b), RTI_RESIGN_NO_ACTION);
	ck_assert_int_eq(mt_request(b, WIRE_RESIGN, NULL),
	    RTI_ERR_OWNERSHIP_ACQUISITION_PENDING);
	wire_put_u32(mt_body(a),
	    RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES);
	ck_assert_int_eq(mt_request(a, WIRE_RESIGN, NULL), RTI_OK);
	mt_settle();
	ck_assert_str_eq(cb(b, WIRE_OWM_CB_ACQUIRED), "Status");
	ck_assert_uint_eq(owner(b, status), mt_handle(b));
	ck_assert_uint_eq(owner(b, current), 0);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("rti_owm");
	TCase *tc = tcase_create("negotiations");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_registrar_owns);
	tcase_add_test(tc, test_divest_then_acquire_if_available);
	tcase_add_test(tc, test_acquire_if_available_of_owned);
	tcase_add_test(tc, test_acquire_asks_release);
	tcase_add_test(tc, test_negotiated_divestiture);
	tcase_add_test(tc, test_negotiated_with_acquirer_waiting);
	tcase_add_test(tc, test_cancel_divestiture);
	tcase_add_test(tc, test_cancel_acquisition);
	tcase_add_test(tc, test_release_denied);
	tcase_add_test(tc, test_rights_checked);
	tcase_add_test(tc, test_pending_acquisition_and_resign);
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
