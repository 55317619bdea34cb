/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_save_state.c - what a federation restore brings back of object
 * management, ownership and DDM, against a real rtiexec and real
 * federates: save, change the world (register and delete instances,
 * divest, move and create regions, change conditions, unsubscribe),
 * restore, and each federate sees the saved world again: the instances it
 * knows with their names and classes, who owns what (rtiexec's answer to
 * a query and the federate's own view), its regions and their use in
 * filtering (an update passes or is cut exactly as before the save), and
 * updates route as before.  Also a restore in a new rtiexec started on
 * the same --save-dir after the first one is gone.
 *
 * Each federate joins with its own federate type, by which a restore
 * matches the joined federates to the saved ones.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "save_helpers.h"

#define GRID TEST_FOM("Grid.xml")

static struct rtiexec rx;
static char save_dir[128];

static void
start(void)
{
	const char *args[] = { "--save-dir", save_dir, NULL };

	ck_assert_int_eq(rtiexec_start(&rx, args), 0);
}

static void
setup(void)
{
	snprintf(save_dir, sizeof save_dir, "/tmp/check_save_state.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(save_dir));
	start();
}

static void
teardown(void)
{
	char cmd[192];

	ck_assert_int_eq(rtiexec_stop(&rx), 0);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", save_dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* ---- recording callbacks ---- */

static void
cb_initiate_save(void *arg, const char *label, int has_time, rti_time time)
{
	(void)has_time;
	(void)time;
	tfed_event(arg, "isave:%s", label);
}

static void
cb_saved(void *arg)
{
	tfed_event(arg, "saved");
}

static void
cb_not_saved(void *arg, enum rti_save_failure_reason reason)
{
	tfed_event(arg, "notsaved:%d", (int)reason);
}

static void
cb_restore_ok(void *arg, const char *label)
{
	tfed_event(arg, "rsucceeded:%s", label);
}

static void
cb_restore_failed(void *arg, const char *label, const char *reason)
{
	tfed_event(arg, "rfailed:%s:%s", label, reason);
}

static void
cb_restore_begun(void *arg)
{
	tfed_event(arg, "rbegun");
}

static void
cb_initiate_restore(void *arg, const char *label, const char *name,
    rti_federate_handle h)
{
	struct tfed *t = arg;

	t->handle = h;
	tfed_event(t, "irestore:%s:%s:%u", label, name, h.id);
}

static void
cb_restored(void *arg)
{
	tfed_event(arg, "restored");
}

static void
cb_not_restored(void *arg, enum rti_restore_failure_reason reason)
{
	tfed_event(arg, "notrestored:%d", (int)reason);
}

static void
cb_cancelled(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n)
{
	(void)a;
	tfed_event(arg, "cancelled:%s:%zu", tfed_obj_name(arg, obj), n);
}

static void
cb_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;

	(void)cls;
	(void)v;
	(void)n;
	(void)info;
	t->n_interactions++;
	tfed_event(t, "interaction:%.*s", (int)tag_len, (const char *)tag);
}

static void cb_mom_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info);
static void cb_mom_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle by);

/* A federate of type `name`, joined to "F" (created if needed); with
 * `mom`, its reflections and discoveries are those of a MOM monitor. */
static struct tfed *
member_as(const char *name, int mom)
{
	struct rti_callbacks cb;
	struct tfed *t = calloc(1, sizeof *t);
	const char *mods[1] = { GRID };
	int rc;

	memset(&cb, 0, sizeof cb);
	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.reflect_attribute_values = cb_reflect;
	cb.initiate_federate_save = cb_initiate_save;
	cb.federation_saved = cb_saved;
	cb.federation_not_saved = cb_not_saved;
	cb.request_federation_restore_succeeded = cb_restore_ok;
	cb.request_federation_restore_failed = cb_restore_failed;
	cb.federation_restore_begun = cb_restore_begun;
	cb.initiate_federate_restore = cb_initiate_restore;
	cb.federation_restored = cb_restored;
	cb.federation_not_restored = cb_not_restored;
	cb.inform_attribute_ownership = cb_inform;
	cb.attribute_is_not_owned = cb_not_owned;
	cb.receive_interaction = cb_interaction;
	cb.request_attribute_ownership_release = cb_release;
	cb.attribute_ownership_acquisition_notification = cb_acquired;
	cb.confirm_attribute_ownership_acquisition_cancellation =
	    cb_cancelled;
	if (mom) {
		cb.reflect_attribute_values = cb_mom_reflect;
		cb.discover_object_instance = cb_mom_discover;
	}
	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(t->amb);
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	rc = rti_create_federation_execution(t->amb, "F", mods, 1, NULL);
	ck_assert(rc == RTI_OK ||
	    rc == RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS);
	tfed_track(t);
	ck_assert_int_eq(rti_join_federation_execution(t->amb, name, name,
	    "F", &t->handle), RTI_OK);
	return t;
}

static struct tfed *
member(const char *name)
{
	return member_as(name, 0);
}

/* Save `label`, asked by ts[0]; every federate saves its (empty) part.
 * The federates' events are cleared first. */
static void
save_all(struct tfed **ts, size_t n, const char *label)
{
	char ev[96];
	size_t i;

	for (i = 0; i < n; i++)
		tfed_clear(ts[i]);
	snprintf(ev, sizeof ev, "isave:%s", label);
	ck_assert_int_eq(rti_request_federation_save(ts[0]->amb, label),
	    RTI_OK);
	for (i = 0; i < n; i++) {
		ck_assert(tfed_wait_all(ts, n, ts[i], ev));
		ck_assert_int_eq(rti_federate_save_begun(ts[i]->amb), RTI_OK);
		ck_assert_int_eq(rti_federate_save_complete(ts[i]->amb),
		    RTI_OK);
	}
	for (i = 0; i < n; i++)
		ck_assert(tfed_wait_all(ts, n, ts[i], "saved"));
}

/* Restore `label`, asked by ts[0]; every federate restores its part.
 * The federates' events are cleared first. */
static void
restore_all(struct tfed **ts, size_t n, const char *label)
{
	size_t i;

	for (i = 0; i < n; i++)
		tfed_clear(ts[i]);
	ck_assert_int_eq(rti_request_federation_restore(ts[0]->amb, label),
	    RTI_OK);
	if (!tfed_wait_all(ts, n, ts[0], "rsucceeded:"))
		tfed_dump(ts[0], "requester");
	ck_assert_int_lt(tfed_find(ts[0], "rfailed:"), 0);
	for (i = 0; i < n; i++) {
		ck_assert(tfed_wait_all(ts, n, ts[i], "irestore:"));
		ck_assert_int_eq(rti_federate_restore_complete(ts[i]->amb),
		    RTI_OK);
	}
	for (i = 0; i < n; i++)
		ck_assert(tfed_wait_all(ts, n, ts[i], "restored"));
}

/* ---- instances, names, classes, owners ---- */

START_TEST(test_instances_and_owners_come_back)
{
	struct tfed *pub = member("pub"), *sub = member("sub");
	struct tfed *ts[2] = { pub, sub };
	rti_object_instance_handle b1, b2, b3, s1;
	rti_attribute_handle st;
	char want[64];
	const char *nm;

	tfed_publish_breaker(pub);
	tfed_subscribe(sub, "Breaker", "Status");
	b1 = tfed_register_named(pub, "Breaker", "B1");
	b2 = tfed_register_named(pub, "Breaker", "B2");
	ck_assert(tfed_wait_n(sub, "discover:", 2));
	save_all(ts, 2, "s1");

	/* the world moves on */
	b3 = tfed_register_named(pub, "Breaker", "B3");
	ck_assert(tfed_wait(sub, "discover:B3"));
	ck_assert_int_eq(rti_delete_object_instance(pub->amb, b1, NULL, 0),
	    RTI_OK);
	ck_assert(tfed_wait(sub, "remove:"));
	st = tfed_attr(pub, "Breaker", "Status");
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    pub->amb, b2, &st, 1), RTI_OK);
	ck_assert_int_eq(owns(pub, b2, "Status"), 0);
	ask_owner(sub, b2, "owner:B2:none");
	ck_assert_int_eq(rti_unsubscribe_object_class(sub->amb,
	    tfed_oc(sub, "Breaker")), RTI_OK);

	restore_all(ts, 2, "s1");

	/* both know B1 and B2 again, as saved, and neither B3 */
	ck_assert(knows(pub, "B1", "Breaker") && knows(pub, "B2", "Breaker"));
	ck_assert(knows(sub, "B1", "Breaker") && knows(sub, "B2", "Breaker"));
	ck_assert(!knows(pub, "B3", "Breaker") && !knows(sub, "B3",
	    "Breaker"));
	ck_assert_int_eq(rti_get_object_instance_name(sub->amb, b1, &nm),
	    RTI_OK);
	ck_assert_str_eq(nm, "B1");
	ck_assert_int_ne(rti_get_object_instance_name(sub->amb, b3, &nm),
	    RTI_OK);
	/* pub owns B2's Status again, in its own view and rtiexec's */
	ck_assert_int_eq(owns(pub, b2, "Status"), 1);
	ck_assert_int_eq(owns(pub, b1, "Status"), 1);
	snprintf(want, sizeof want, "owner:B2:%u", pub->handle.id);
	ask_owner(sub, b2, want);
	/* updates route as before the save: sub's subscription is back */
	tfed_clear(sub);
	update(pub, b1, "open");
	ck_assert(tfed_wait(sub, "reflect:B1:open"));
	update(pub, b2, "closed");
	ck_assert(tfed_wait(sub, "reflect:B2:closed"));
	/* the restored B3 name is free again, and a new instance does not
	 * take a saved handle */
	s1 = tfed_register_named(pub, "Breaker", "B3");
	ck_assert_uint_ne(s1.id, b1.id);
	ck_assert_uint_ne(s1.id, b2.id);
	tfed_free(pub);
	tfed_free(sub);
}
END_TEST

/* A pending acquisition at the save is pending again after the restore:
 * the owner's divestiture if wanted gives the attribute to it. */
/* The reservation of an instance's name is part of the state: released
 * after the save, it is the reserver's again after the restore (its
 * release succeeds once more, another's is refused). */
START_TEST(test_instance_name_reservation_comes_back)
{
	struct tfed *pub = member("pub"), *sub = member("sub");
	struct tfed *ts[2] = { pub, sub };
	const char *nm = "R1";

	tfed_publish_breaker(pub);
	(void)tfed_register_named(pub, "Breaker", nm);
	save_all(ts, 2, "s1");
	ck_assert_int_eq(rti_release_object_instance_name(pub->amb, nm),
	    RTI_OK);
	ck_assert_int_eq(rti_release_object_instance_name(pub->amb, nm),
	    RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED);
	restore_all(ts, 2, "s1");
	ck_assert_int_eq(rti_release_object_instance_name(sub->amb, nm),
	    RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED);
	ck_assert_int_eq(rti_release_object_instance_name(pub->amb, nm),
	    RTI_OK);
}
END_TEST

START_TEST(test_pending_acquisition_kept)
{
	struct tfed *pub = member("pub"), *sub = member("sub");
	struct tfed *ts[2] = { pub, sub };
	rti_object_instance_handle b;
	rti_attribute_handle st, out[1];
	size_t n = 9;
	char want[64];

	tfed_publish_breaker(pub);
	tfed_publish_breaker(sub);
	tfed_subscribe(sub, "Breaker", "Status");
	b = tfed_register_named(pub, "Breaker", "B1");
	ck_assert(tfed_wait(sub, "discover:B1"));
	st = tfed_attr(sub, "Breaker", "Status");
	ck_assert_int_eq(rti_attribute_ownership_acquisition(sub->amb, b, &st,
	    1, "a", 1), RTI_OK);
	ck_assert(tfed_wait(pub, "release:B1:1"));
	save_all(ts, 2, "s1");
	ck_assert_int_eq(rti_cancel_attribute_ownership_acquisition(sub->amb,
	    b, &st, 1), RTI_OK);
	ck_assert(tfed_wait(sub, "cancelled:B1:1"));
	restore_all(ts, 2, "s1");
	ck_assert_int_eq(rti_attribute_ownership_divestiture_if_wanted(
	    pub->amb, b, &st, 1, out, &n), RTI_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert(tfed_wait(sub, "acquired:B1:1"));
	ck_assert_int_eq(owns(sub, b, "Status"), 1);
	ck_assert_int_eq(owns(pub, b, "Status"), 0);
	snprintf(want, sizeof want, "owner:B1:%u", sub->handle.id);
	ask_owner(pub, b, want);
	tfed_free(pub);
	tfed_free(sub);
}
END_TEST

/* ---- regions and conditions ---- */

/* Update b[0] and b[1] with "x0" and "x1"; wait for `con` to get the one
 * of index `want` (and nothing else up to a barrier). */
static void
route_check(struct tfed *pub, struct tfed *con,
    const rti_object_instance_handle *b, int want, const char *tag)
{
	char v0[16], v1[16], ev[96];
	const char *nm;

	ck_assert_int_eq(rti_get_object_instance_name(pub->amb, b[want], &nm),
	    RTI_OK);
	snprintf(v0, sizeof v0, "%s0", tag);
	snprintf(v1, sizeof v1, "%s1", tag);
	tfed_clear(con);
	con->n_reflects = 0;
	update(pub, b[0], v0);
	update(pub, b[1], v1);
	snprintf(ev, sizeof ev, "reflect:%s:%s%d", nm, tag, want);
	ck_assert(tfed_wait(con, ev));
	tfed_barrier(con);
	tfed_barrier(pub);
	tfed_barrier(con);
	ck_assert_uint_eq(con->n_reflects, 1);
}

START_TEST(test_regions_filter_as_saved)
{
	struct tfed *pub = member("pub"), *con = member("con");
	struct tfed *ts[2] = { pub, con };
	rti_region_handle rc, p0, p1, late;
	rti_object_instance_handle b[2];
	rti_attribute_handle a;
	uint64_t lo = 0, hi = 0, before;

	rc = region(con, 1);
	a = tfed_attr(con, "Breaker", "Status");
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    con->amb, tfed_oc(con, "Breaker"), &a, 1, &rc, 1), RTI_OK);
	tfed_publish_status(pub);
	p0 = region(pub, 0);
	p1 = region(pub, 1);
	a = tfed_attr(pub, "Breaker", "Status");
	ck_assert_int_eq(rti_register_object_instance_with_regions(pub->amb,
	    tfed_oc(pub, "Breaker"), &a, 1, &p0, 1, &b[0]), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance_with_regions(pub->amb,
	    tfed_oc(pub, "Breaker"), &a, 1, &p1, 1, &b[1]), RTI_OK);
	/* con's region is substation 1: B1 passes, B0 is cut */
	route_check(pub, con, b, 1, "a");
	save_all(ts, 2, "s1");

	/* con moves to substation 0, pub makes a region, con leaves */
	move(con, rc, 0);
	route_check(pub, con, b, 0, "b");
	late = region(pub, 7);
	ck_assert_int_eq(rti_associate_regions_for_updates(pub->amb, b[0], &a,
	    1, &late, 1), RTI_OK);

	restore_all(ts, 2, "s1");

	/* the regions as saved: con's on 1, pub's late one gone */
	ck_assert_int_eq(rti_get_range_bounds(con->amb, rc,
	    dim(con, "Substation"), &lo, &hi), RTI_OK);
	ck_assert_uint_eq(lo, 1);
	ck_assert_uint_eq(hi, 2);
	ck_assert_int_eq(rti_get_range_bounds(pub->amb, late,
	    dim(pub, "Substation"), &lo, &hi), RTI_ERR_INVALID_REGION);
	/* and the filters: B1 passes, B0 is cut, and cut at the source
	 * (pub's replica of con's subscription is back) */
	before = suppressed(pub);
	route_check(pub, con, b, 1, "c");
	ck_assert_uint_eq(suppressed(pub), before + 1);
	/* the restored regions work on: con moves to 0 again */
	move(con, rc, 0);
	route_check(pub, con, b, 0, "d");
	tfed_free(pub);
	tfed_free(con);
}
END_TEST

/* Conditions: the subscription condition and the instances' send
 * conditions come back, and filter as saved; a label restores twice. */
START_TEST(test_conditions_filter_as_saved)
{
	struct tfed *pub = member("pub"), *con = member("con");
	struct tfed *ts[2] = { pub, con };
	rti_object_instance_handle b[2];
	rti_object_class_handle br;

	tfed_subscribe(con, "Breaker", "Status");
	tfed_publish_status(pub);
	b[0] = tfed_register_named(pub, "Breaker", "B0");
	b[1] = tfed_register_named(pub, "Breaker", "B1");
	ck_assert(tfed_wait_n(con, "discover:", 2));
	ck_assert_int_eq(rti_set_object_instance_condition(pub->amb, b[0],
	    "south/S1"), RTI_OK);
	ck_assert_int_eq(rti_set_object_instance_condition(pub->amb, b[1],
	    "north/S1"), RTI_OK);
	br = tfed_oc(con, "Breaker");
	ck_assert_int_eq(rti_add_subscription_condition(con->amb, br,
	    "north/"), RTI_OK);
	route_check(pub, con, b, 1, "a");
	save_all(ts, 2, "s1");

	/* con looks south instead */
	ck_assert_int_eq(rti_remove_subscription_condition(con->amb, br,
	    "north/"), RTI_OK);
	ck_assert_int_eq(rti_add_subscription_condition(con->amb, br,
	    "south/"), RTI_OK);
	route_check(pub, con, b, 0, "b");
	restore_all(ts, 2, "s1");
	route_check(pub, con, b, 1, "c");

	/* the instances swap their conditions */
	ck_assert_int_eq(rti_set_object_instance_condition(pub->amb, b[1],
	    "south/S2"), RTI_OK);
	ck_assert_int_eq(rti_set_object_instance_condition(pub->amb, b[0],
	    "north/S2"), RTI_OK);
	route_check(pub, con, b, 0, "d");
	restore_all(ts, 2, "s1");
	route_check(pub, con, b, 1, "e");
	tfed_free(pub);
	tfed_free(con);
}
END_TEST

/* An interaction class subscribed with a region: the subscription and
 * the region come back and filter as saved. */
START_TEST(test_interaction_regions_as_saved)
{
	struct tfed *pub = member("pub"), *con = member("con");
	struct tfed *ts[2] = { pub, con };
	rti_interaction_class_handle alarm = tfed_ic(pub, "Alarm");
	rti_region_handle rc = region(con, 1), pr = region(pub, 1);
	uint64_t lo = 0, hi = 0;

	ck_assert_int_eq(rti_subscribe_interaction_class_with_regions(
	    con->amb, tfed_ic(con, "Alarm"), &rc, 1), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(pub->amb, alarm),
	    RTI_OK);
	ck_assert_int_eq(rti_send_interaction_with_regions(pub->amb, alarm,
	    NULL, 0, &pr, 1, "a", 1), RTI_OK);
	ck_assert(tfed_wait(con, "interaction:a"));
	save_all(ts, 2, "s1");

	/* con leaves the class and drops its region */
	ck_assert_int_eq(rti_unsubscribe_interaction_class_with_regions(
	    con->amb, tfed_ic(con, "Alarm"), &rc, 1), RTI_OK);
	ck_assert_int_eq(rti_delete_region(con->amb, rc), RTI_OK);
	con->n_interactions = 0;
	ck_assert_int_eq(rti_send_interaction_with_regions(pub->amb, alarm,
	    NULL, 0, &pr, 1, "b", 1), RTI_OK);
	tfed_barrier(pub);
	tfed_barrier(con);
	ck_assert_uint_eq(con->n_interactions, 0);

	restore_all(ts, 2, "s1");
	ck_assert_int_eq(rti_get_range_bounds(con->amb, rc,
	    dim(con, "Substation"), &lo, &hi), RTI_OK);
	ck_assert_uint_eq(lo, 1);
	ck_assert_uint_eq(hi, 2);
	ck_assert_int_eq(rti_send_interaction_with_regions(pub->amb, alarm,
	    NULL, 0, &pr, 1, "c", 1), RTI_OK);
	ck_assert(tfed_wait(con, "interaction:c"));
	/* con's librti knows its subscription region again: it can leave
	 * with it, and then gets nothing */
	ck_assert_int_eq(rti_unsubscribe_interaction_class_with_regions(
	    con->amb, tfed_ic(con, "Alarm"), &rc, 1), RTI_OK);
	con->n_interactions = 0;
	ck_assert_int_eq(rti_send_interaction_with_regions(pub->amb, alarm,
	    NULL, 0, &pr, 1, "d", 1), RTI_OK);
	tfed_barrier(pub);
	tfed_barrier(con);
	ck_assert_uint_eq(con->n_interactions, 0);
	tfed_free(pub);
	tfed_free(con);
}
END_TEST

/* More instances than one WIRE_CB_RESTORE_OM frame holds (4096): every
 * one comes back to the federate that knew it. */
START_TEST(test_many_instances)
{
	struct tfed *pub = member("pub"), *sub = member("sub");
	struct tfed *ts[2] = { pub, sub };
	enum { N = 5000 };
	rti_object_instance_handle *h = calloc(N, sizeof *h);
	rti_object_class_handle br = tfed_oc(pub, "Breaker");
	const char *nm;
	size_t i;

	ck_assert_ptr_nonnull(h);
	tfed_publish_breaker(pub);
	tfed_subscribe(sub, "Breaker", "Status");
	for (i = 0; i < N; i++)
		ck_assert_int_eq(rti_register_object_instance(pub->amb, br,
		    &h[i]), RTI_OK);
	ck_assert(tfed_wait_n(sub, "discover:", N));
	save_all(ts, 2, "s1");
	for (i = 0; i < 10; i++)
		ck_assert_int_eq(rti_delete_object_instance(pub->amb, h[i],
		    NULL, 0), RTI_OK);
	ck_assert(tfed_wait_n(sub, "remove:", 10));
	restore_all(ts, 2, "s1");
	for (i = 0; i < N; i++) {
		ck_assert_int_eq(rti_get_object_instance_name(sub->amb, h[i],
		    &nm), RTI_OK);
		ck_assert_int_eq(owns(pub, h[i], "Status"), 1);
	}
	/* the updates of the first (deleted after the save) and the last
	 * (in the second frame) reach sub */
	for (i = 0; i < N; i += N - 1) {
		char ev[96], val[16];

		ck_assert_int_eq(rti_get_object_instance_name(pub->amb, h[i],
		    &nm), RTI_OK);
		snprintf(val, sizeof val, "v%zu", i);
		snprintf(ev, sizeof ev, "reflect:%s:%s", nm, val);
		update(pub, h[i], val);
		ck_assert(tfed_wait(sub, ev));
	}
	free(h);
	tfed_free(pub);
	tfed_free(sub);
}
END_TEST

/* ---- a restore in a new rtiexec ---- */

START_TEST(test_restore_in_new_rtiexec)
{
	struct tfed *pub = member("pub"), *sub = member("sub");
	struct tfed *ts[2] = { pub, sub };
	rti_object_instance_handle b1, b2;
	uint32_t h_pub, h_sub;
	char want[64];

	tfed_publish_breaker(pub);
	tfed_subscribe(sub, "Breaker", "Status");
	b1 = tfed_register_named(pub, "Breaker", "B1");
	b2 = tfed_register_named(pub, "Breaker", "B2");
	ck_assert(tfed_wait_n(sub, "discover:", 2));
	h_pub = pub->handle.id;
	h_sub = sub->handle.id;
	save_all(ts, 2, "s1");
	tfed_free(pub);
	tfed_free(sub);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);

	/* the federates come back in the other order: matched by type */
	start();
	sub = member("sub");
	pub = member("pub");
	ts[0] = sub;
	ts[1] = pub;
	ck_assert(!knows(sub, "B1", "Breaker"));
	restore_all(ts, 2, "s1");
	ck_assert_uint_eq(pub->handle.id, h_pub);
	ck_assert_uint_eq(sub->handle.id, h_sub);
	ck_assert(knows(sub, "B1", "Breaker") && knows(sub, "B2", "Breaker"));
	ck_assert(knows(pub, "B1", "Breaker") && knows(pub, "B2", "Breaker"));
	ck_assert_int_eq(owns(pub, b1, "Status"), 1);
	snprintf(want, sizeof want, "owner:B2:%u", h_pub);
	ask_owner(sub, b2, want);
	/* and the federation works on: pub's publication and sub's
	 * subscription are back, and route B2's update */
	update(pub, b2, "tripped");
	ck_assert(tfed_wait(sub, "reflect:B2:tripped"));
	tfed_free(pub);
	tfed_free(sub);
}
END_TEST

/* ---- the MOM's instances ---- */

#define FEDN "HLAobjectRoot.HLAmanager.HLAfederation"
#define FEDC "HLAobjectRoot.HLAmanager.HLAfederate"

/* "value:OBJ:Attr=JSON" per attribute (HLAfederateHandle as a number). */
static void
cb_mom_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	rti_object_class_handle cls;
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	ck_assert_int_eq(rti_get_known_object_class_handle(t->amb, obj, &cls),
	    RTI_OK);
	for (i = 0; i < n; i++) {
		const char *name = "?";
		const unsigned char *p = v[i].value;
		char *json = NULL;

		ck_assert_int_eq(rti_get_attribute_name(t->amb, cls,
		    v[i].attribute, &name), RTI_OK);
		if (strcmp(name, "HLAfederateHandle") == 0 &&
		    v[i].length == 8) {
			tfed_event(t, "value:%u:%s=%u", obj.id, name,
			    (unsigned)p[4] << 24 | (unsigned)p[5] << 16 |
			    (unsigned)p[6] << 8 | p[7]);
			continue;
		}
		ck_assert_int_eq(rti_decode_attribute_json(t->amb,
		    v[i].attribute, v[i].value, v[i].length, &json), RTI_OK);
		tfed_event(t, "value:%u:%s=%s", obj.id, name, json);
		rti_free(json);
	}
}

static void
cb_mom_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle by)
{
	struct tfed *t = arg;

	(void)name;
	(void)by;
	tfed_event(t, "discover:%s:%u", tfed_cls_name(t, cls), obj.id);
}

/* `mon` subscribed to HLAfederation's save attributes and HLAfederate's
 * name and handle. */
static void
mom_watch(struct tfed *mon)
{
	rti_object_class_handle fx = tfed_oc(mon, FEDN), fd = tfed_oc(mon,
	    FEDC);
	rti_attribute_handle a[4], b[2];

	a[0] = tfed_at(mon, fx, "HLAlastSaveName");
	a[1] = tfed_at(mon, fx, "HLAlastSaveTime");
	a[2] = tfed_at(mon, fx, "HLAnextSaveName");
	a[3] = tfed_at(mon, fx, "HLAfederationName");
	b[0] = tfed_at(mon, fd, "HLAfederateName");
	b[1] = tfed_at(mon, fd, "HLAfederateHandle");
	ck_assert_int_eq(rti_subscribe_object_class_attributes(mon->amb, fx,
	    a, 4), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(mon->amb, fd,
	    b, 2), RTI_OK);
}

/* Ask the values of every HLAfederate instance. */
static void
ask_federates(struct tfed *mon)
{
	rti_object_class_handle fd = tfed_oc(mon, FEDC);
	rti_attribute_handle b[2];

	b[0] = tfed_at(mon, fd, "HLAfederateName");
	b[1] = tfed_at(mon, fd, "HLAfederateHandle");
	ck_assert_int_eq(rti_request_class_attribute_value_update(mon->amb,
	    fd, b, 2, NULL, 0), RTI_OK);
}

/* Wait until `t` has the event `want` exactly. */
static void
wait_event(struct tfed *t, const char *want)
{
	double end = tfed_now() + WAIT_S;

	while (tfed_find(t, want) < 0 && tfed_now() < end)
		tfed_pump(t, 0.05);
	if (tfed_find(t, want) < 0) {
		tfed_dump(t, "monitor");
		ck_abort_msg("no event %s", want);
	}
}

/* The instance whose HLAfederateName `t` was told is `name`. */
static unsigned
instance_named(struct tfed *t, const char *name)
{
	char want[96];
	double end = tfed_now() + WAIT_S;
	size_t i;

	snprintf(want, sizeof want, ":HLAfederateName=\"%s\"", name);
	do {
		for (i = 0; i < t->n_events; i++) {
			const char *e = t->events[i], *p;

			if (strncmp(e, "value:", 6) == 0 &&
			    (p = strchr(e + 6, ':')) && strcmp(p, want) == 0)
				return (unsigned)strtoul(e + 6, NULL, 10);
		}
		tfed_pump(t, 0.05);
	} while (tfed_now() < end);
	tfed_dump(t, "monitor");
	ck_abort_msg("no HLAfederate instance named %s", name);
	return 0;
}

/* HLAlastSaveName follows the saves; after a restore in a new rtiexec,
 * where the federates joined in another order (other handles before the
 * restore), each HLAfederate instance describes the restored federate of
 * its saved handle and name. */
START_TEST(test_mom_after_restore)
{
	struct tfed *pub = member("pub"), *mon = member_as("mon", 1);
	struct tfed *ts[2] = { pub, mon };
	unsigned fx_in, in_pub, in_mon, h_pub, h_mon;
	char want[96];

	mom_watch(mon);
	ck_assert(tfed_wait(mon, "discover:HLAfederation:"));
	fx_in = (unsigned)strtoul(mon->events[tfed_find(mon,
	    "discover:HLAfederation:")] + sizeof "discover:HLAfederation",
	    NULL, 10);
	ask_federates(mon);
	in_pub = instance_named(mon, "pub");
	in_mon = instance_named(mon, "mon");
	h_pub = pub->handle.id;
	h_mon = mon->handle.id;
	save_all(ts, 2, "s1");
	snprintf(want, sizeof want, "value:%u:HLAlastSaveName=\"s1\"", fx_in);
	wait_event(mon, want);
	save_all(ts, 2, "s2");
	snprintf(want, sizeof want, "value:%u:HLAlastSaveName=\"s2\"", fx_in);
	wait_event(mon, want);
	tfed_free(pub);
	tfed_free(mon);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);

	/* the new rtiexec: mon joins first, so takes pub's old handle */
	start();
	mon = member_as("mon", 1);
	pub = member("pub");
	ck_assert_uint_eq(mon->handle.id, h_pub);
	ts[0] = mon;
	ts[1] = pub;
	restore_all(ts, 2, "s1");
	ck_assert_uint_eq(pub->handle.id, h_pub);
	ck_assert_uint_eq(mon->handle.id, h_mon);
	/* mon knows the saved instances (and subscribes as saved); asked,
	 * they tell the restored federates' names and handles */
	tfed_clear(mon);
	ask_federates(mon);
	snprintf(want, sizeof want, "value:%u:HLAfederateName=\"pub\"",
	    in_pub);
	wait_event(mon, want);
	snprintf(want, sizeof want, "value:%u:HLAfederateHandle=%u", in_pub,
	    h_pub);
	wait_event(mon, want);
	snprintf(want, sizeof want, "value:%u:HLAfederateName=\"mon\"",
	    in_mon);
	wait_event(mon, want);
	snprintf(want, sizeof want, "value:%u:HLAfederateHandle=%u", in_mon,
	    h_mon);
	wait_event(mon, want);
	tfed_free(pub);
	tfed_free(mon);
}
END_TEST

/* Send HLAmanager.HLAfederate.HLAadjust.HLAsetTiming for `fed`, every
 * `period` seconds. */
static void
set_timing(struct tfed *mon, uint32_t fed, const char *period)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned char o[4] = { (unsigned char)(fed >> 24),
	    (unsigned char)(fed >> 16), (unsigned char)(fed >> 8),
	    (unsigned char)fed };
	const char *json[2];
	char h[16];
	const char *names[2] = { "HLAfederate", "HLAreportPeriod" };
	struct rti_parameter_value v[2];
	unsigned char buf[2][64];
	rti_interaction_class_handle ic;
	rti_datatype_handle dt;
	size_t i, len;

	/* an HLAhandle's JSON: base64 of its four octets */
	snprintf(h, sizeof h, "\"%c%c%c%c%c%c==\"", b64[o[0] >> 2],
	    b64[((o[0] & 3) << 4) | (o[1] >> 4)],
	    b64[((o[1] & 15) << 2) | (o[2] >> 6)], b64[o[2] & 63],
	    b64[o[3] >> 2], b64[(o[3] & 3) << 4]);
	json[0] = h;
	json[1] = period;
	ic = tfed_ic(mon, "HLAinteractionRoot.HLAmanager.HLAfederate."
	    "HLAadjust.HLAsetTiming");
	ck_assert_int_eq(rti_publish_interaction_class(mon->amb, ic), RTI_OK);
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(rti_get_parameter_handle(mon->amb, ic,
		    names[i], &v[i].parameter), RTI_OK);
		ck_assert_int_eq(rti_get_parameter_datatype(mon->amb,
		    v[i].parameter, &dt), RTI_OK);
		ck_assert_int_eq(rti_encode_json(mon->amb, dt, json[i], buf[i],
		    sizeof buf[i], &len), RTI_OK);
		v[i].value = buf[i];
		v[i].length = (uint32_t)len;
	}
	ck_assert_int_eq(rti_send_interaction(mon->amb, ic, v, 2, NULL, 0),
	    RTI_OK);
	ck_assert_int_eq(rti_flush_updates(mon->amb), RTI_OK);
}

/* HLAfederateState is FederateSaveInProgress while a save runs (seen in
 * the periodic reports of HLAsetTiming), ActiveFederate before and
 * after. */
START_TEST(test_mom_federate_state_in_save)
{
	struct tfed *pub = member("pub"), *mon = member_as("mon", 1);
	struct tfed *ts[2] = { pub, mon };
	rti_object_class_handle fd = tfed_oc(mon, FEDC);
	rti_attribute_handle a[2];
	unsigned in_pub;
	char active[96], saving[96];
	double end;

	a[0] = tfed_at(mon, fd, "HLAfederateName");
	a[1] = tfed_at(mon, fd, "HLAfederateState");
	ck_assert_int_eq(rti_subscribe_object_class_attributes(mon->amb, fd,
	    a, 2), RTI_OK);
	ck_assert_int_eq(rti_request_class_attribute_value_update(mon->amb,
	    fd, a, 2, NULL, 0), RTI_OK);
	in_pub = instance_named(mon, "pub");
	snprintf(active, sizeof active,
	    "value:%u:HLAfederateState=\"ActiveFederate\"", in_pub);
	snprintf(saving, sizeof saving,
	    "value:%u:HLAfederateState=\"FederateSaveInProgress\"", in_pub);
	wait_event(mon, active);
	set_timing(mon, pub->handle.id, "1");
	ck_assert_int_eq(rti_request_federation_save(pub->amb, "s1"), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, pub, "isave:s1"));
	ck_assert(tfed_wait_all(ts, 2, mon, "isave:s1"));
	ck_assert_int_eq(rti_federate_save_begun(mon->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_complete(mon->amb), RTI_OK);
	ck_assert_int_eq(rti_federate_save_begun(pub->amb), RTI_OK);
	/* pub takes its time to save: the next reports say so */
	end = tfed_now() + WAIT_S;
	while (tfed_find(mon, saving) < 0 && tfed_now() < end) {
		tfed_pump(mon, 0.05);
		tfed_pump(pub, 0.01);
	}
	if (tfed_find(mon, saving) < 0)
		tfed_dump(mon, "monitor");
	ck_assert_int_ge(tfed_find(mon, saving), 0);
	ck_assert_int_eq(rti_federate_save_complete(pub->amb), RTI_OK);
	ck_assert(tfed_wait_all(ts, 2, pub, "saved"));
	ck_assert(tfed_wait_all(ts, 2, mon, "saved"));
	tfed_clear(mon);
	wait_event(mon, active);
	set_timing(mon, pub->handle.id, "0");
	tfed_free(pub);
	tfed_free(mon);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("save_state");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_instances_and_owners_come_back);
	tcase_add_test(tc, test_instance_name_reservation_comes_back);
	tcase_add_test(tc, test_pending_acquisition_kept);
	tcase_add_test(tc, test_regions_filter_as_saved);
	tcase_add_test(tc, test_conditions_filter_as_saved);
	tcase_add_test(tc, test_interaction_regions_as_saved);
	tcase_add_test(tc, test_many_instances);
	tcase_add_test(tc, test_restore_in_new_rtiexec);
	tcase_add_test(tc, test_mom_after_restore);
	tcase_add_test(tc, test_mom_federate_state_in_save);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(suite());
	int nf;

	srunner_run_all(sr, CK_NORMAL);
	nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
