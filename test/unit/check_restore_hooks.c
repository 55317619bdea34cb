/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_restore_hooks.c - the save and restore hooks of OM, DDM, OWM and
 * MOM (server.h) end to end with real federates over loopback, below the
 * save and restore services: rtiexec's modules run in a thread of the
 * test (a unit test of rtiexec's sources, as it reaches rti/), and
 * the test has it save every module's state (save_state) and later
 * restore it (restore_stage, restore_apply, restore_sync, in the store's
 * order) while the federates stay joined with their handles.  Each
 * federate's librti then sees the saved world again (its WIRE_CB_RESTORE_*
 * frames): instances with names and classes, owners, regions and the
 * filters they make, and updates route as before.  A damaged section is
 * refused at the stage, and nothing of the federation changes.
 *
 * DM, TM and FedM state are the services' (check_save_state covers the
 * whole restore): here the publications and subscriptions stay as they
 * are, and the test changes only what these modules keep.
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server_int.h"
#include "fedm.h"
#include "testutil.h"
#include "save_helpers.h"

#define GRID TEST_FOM("Grid.xml")

/* The modules with state here, bottom layer first (the store's order). */
static const int mods[] = { MOD_DDM, MOD_OM, MOD_OWM, MOD_MOM };
#define N_MODS (sizeof mods / sizeof mods[0])

static struct rti_server srv;
static struct rtiexec rx;         /* only its url, for tfed_* */
static pthread_t loop;
static int ctl[2], done[2];
static struct event *ctl_ev;
static struct wire_buf saved_sec[N_MODS];
static char why[256];

/* ---- the server's side, on its loop thread ---- */

static struct federation *
fx_of(void)
{
	return srv.pub.federations;
}

static int
op_save(void)
{
	struct federation *fx = fx_of();
	size_t i;

	for (i = 0; i < N_MODS; i++) {
		wire_buf_reset(&saved_sec[i]);
		if (server_modules[mods[i]]->save_state(fx, &saved_sec[i]) < 0)
			return -1;
	}
	return 0;
}

/* Stage every section (the OM one cut by one byte when `damage`), and
 * apply and sync them when all staged. */
static int
op_restore(int damage)
{
	struct federation *fx = fx_of();
	uint32_t handles[16], i;
	const char *names[16], *types[16];
	struct restore_saved sv;
	void *staged[N_MODS];
	size_t m, k;
	int rc = 0;

	for (i = 0; i < fx->n_feds && i < 16; i++) {
		handles[i] = fx->feds[i]->handle;
		names[i] = fx->feds[i]->name;
		types[i] = fx->feds[i]->type;
	}
	sv.n = i;
	sv.handles = handles;
	sv.names = names;
	sv.types = types;
	why[0] = '\0';
	for (m = 0; m < N_MODS; m++) {
		struct wire_rd rd;
		size_t len = saved_sec[m].len;

		if (damage && mods[m] == MOD_OM)
			len--;
		wire_rd_init(&rd, saved_sec[m].data, len);
		rc = server_modules[mods[m]]->restore_stage(fx, &sv, &rd,
		    &staged[m], why, sizeof why);
		if (rc != RTI_OK) {
			for (k = 0; k < m; k++)
				server_modules[mods[k]]->restore_discard(
				    staged[k]);
			return rc;
		}
	}
	for (m = 0; m < N_MODS; m++)
		server_modules[mods[m]]->restore_apply(fx, staged[m]);
	for (i = 0; i < fx->n_feds; i++)
		for (m = 0; m < N_MODS; m++)
			if (server_modules[mods[m]]->restore_sync &&
			    server_modules[mods[m]]->restore_sync(
			    fx->feds[i]) < 0)
				return -1;
	return 0;
}

static void
ctl_cb(evutil_socket_t fd, short what, void *arg)
{
	char op, r;
	int rc = 0;

	(void)what;
	(void)arg;
	if (read(fd, &op, 1) != 1)
		return;
	if (op == 'Q') {
		event_base_loopexit(srv.pub.base, NULL);
		return;
	}
	if (op == 'S')
		rc = op_save();
	else
		rc = op_restore(op == 'D');
	r = (char)rc;
	ck_assert_int_eq(write(done[1], &r, 1), 1);
}

static void *
loop_main(void *arg)
{
	(void)arg;
	server_run(&srv);
	return NULL;
}

/* Run `op` on the loop thread; its result (0, RTI_ERR_*, -1). */
static int
server_op(char op)
{
	char r;

	ck_assert_int_eq(write(ctl[1], &op, 1), 1);
	ck_assert_int_eq(read(done[0], &r, 1), 1);
	return r;
}

static void
setup(void)
{
	struct rti_config cfg;
	const char *fom = GRID;
	size_t i;

	memset(&cfg, 0, sizeof cfg);
	cfg.bind_addr = "127.0.0.1";
	cfg.log_level = LOG_WARN;
	cfg.no_io_uring = 1;
	ck_assert_int_eq(server_init(&srv, &cfg), 0);
	ck_assert_int_eq(fedm_create_from_files(&srv, "F", &fom, 1, NULL), 0);
	ck_assert_int_eq(pipe(ctl), 0);
	ck_assert_int_eq(pipe(done), 0);
	ctl_ev = event_new(srv.pub.base, ctl[0], EV_READ | EV_PERSIST, ctl_cb,
	    NULL);
	ck_assert_ptr_nonnull(ctl_ev);
	event_add(ctl_ev, NULL);
	for (i = 0; i < N_MODS; i++)
		wire_buf_init(&saved_sec[i]);
	memset(&rx, 0, sizeof rx);
	snprintf(rx.url, sizeof rx.url, "tcp://127.0.0.1:%d", srv.bound_port);
	ck_assert_int_eq(pthread_create(&loop, NULL, loop_main, NULL), 0);
}

static void
teardown(void)
{
	char q = 'Q';
	size_t i;

	ck_assert_int_eq(write(ctl[1], &q, 1), 1);
	pthread_join(loop, NULL);
	event_free(ctl_ev);
	server_fini(&srv);
	for (i = 0; i < N_MODS; i++)
		wire_buf_free(&saved_sec[i]);
	close(ctl[0]);
	close(ctl[1]);
	close(done[0]);
	close(done[1]);
}

/* ---- the federates ---- */

static void
cb_confirm(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n)
{
	(void)a;
	tfed_event(arg, "confirmreq:%s:%zu", tfed_obj_name(arg, obj), n);
}

static struct tfed *
fed(const char *name)
{
	struct rti_callbacks cb;

	memset(&cb, 0, sizeof cb);
	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.reflect_attribute_values = cb_reflect;
	cb.inform_attribute_ownership = cb_inform;
	cb.attribute_is_not_owned = cb_not_owned;
	cb.request_divestiture_confirmation = cb_confirm;
	cb.request_attribute_ownership_release = cb_release;
	cb.attribute_ownership_acquisition_notification = cb_acquired;
	return tfed_join_f(&rx, &cb, GRID, name);
}

/* Restore, and let every federate take its frames. */
static void
restore(struct tfed **ts, size_t n)
{
	size_t i;

	ck_assert_int_eq(server_op('R'), RTI_OK);
	for (i = 0; i < n; i++)
		tfed_barrier(ts[i]);
}

START_TEST(test_instances_and_owners)
{
	struct tfed *pub = fed("pub"), *sub = fed("sub");
	struct tfed *ts[2] = { pub, sub };
	rti_object_instance_handle b1, b2, b3, b4;
	rti_attribute_handle st;
	char want[64];
	const char *nm;

	tfed_publish_breaker(pub);
	tfed_subscribe(sub, "Breaker", "Status");
	b1 = tfed_register_named(pub, "Breaker", "B1");
	b2 = tfed_register_named(pub, "Breaker", "B2");
	ck_assert(tfed_wait_n(sub, "discover:", 2));
	ck_assert_int_eq(server_op('S'), 0);

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

	restore(ts, 2);
	ck_assert(knows(pub, "B1", "Breaker") && knows(pub, "B2", "Breaker"));
	ck_assert(knows(sub, "B1", "Breaker") && knows(sub, "B2", "Breaker"));
	ck_assert(!knows(pub, "B3", "Breaker"));
	ck_assert(!knows(sub, "B3", "Breaker"));
	ck_assert_int_eq(rti_get_object_instance_name(sub->amb, b1, &nm),
	    RTI_OK);
	ck_assert_str_eq(nm, "B1");
	ck_assert_int_ne(rti_get_object_instance_name(sub->amb, b3, &nm),
	    RTI_OK);
	ck_assert_int_eq(owns(pub, b2, "Status"), 1);
	ck_assert_int_eq(owns(pub, b1, "Status"), 1);
	snprintf(want, sizeof want, "owner:B2:%u", pub->handle.id);
	ask_owner(sub, b2, want);
	/* the routes: sub gets B1's and B2's updates as before */
	tfed_clear(sub);
	update(pub, b1, "open");
	ck_assert(tfed_wait(sub, "reflect:B1:open"));
	update(pub, b2, "closed");
	ck_assert(tfed_wait(sub, "reflect:B2:closed"));
	/* B3's name is free again; a new instance takes a new handle */
	b4 = tfed_register_named(pub, "Breaker", "B3");
	ck_assert_uint_ne(b4.id, b1.id);
	ck_assert_uint_ne(b4.id, b2.id);
	ck_assert(tfed_wait(sub, "discover:B3"));
	tfed_free(pub);
	tfed_free(sub);
}
END_TEST

/* A negotiated divestiture in progress at the save is again after the
 * restore: an acquisition then asks the owner to confirm (not to
 * release), and its confirmation completes the transfer. */
START_TEST(test_negotiated_divestiture_kept)
{
	struct tfed *pub = fed("pub"), *sub = fed("sub");
	struct tfed *ts[2] = { pub, sub };
	rti_object_instance_handle b;
	rti_attribute_handle st;
	char want[64];

	tfed_publish_breaker(pub);
	tfed_publish_breaker(sub);
	b = tfed_register_named(pub, "Breaker", "B1");
	tfed_subscribe(sub, "Breaker", "Status");
	ck_assert(tfed_wait(sub, "discover:B1"));
	st = tfed_attr(pub, "Breaker", "Status");
	ck_assert_int_eq(rti_negotiated_attribute_ownership_divestiture(
	    pub->amb, b, &st, 1, "t", 1), RTI_OK);
	ck_assert_int_eq(server_op('S'), 0);
	ck_assert_int_eq(rti_cancel_negotiated_attribute_ownership_divestiture(
	    pub->amb, b, &st, 1), RTI_OK);
	restore(ts, 2);
	tfed_clear(pub);
	ck_assert_int_eq(rti_attribute_ownership_acquisition(sub->amb, b, &st,
	    1, "a", 1), RTI_OK);
	ck_assert(tfed_wait(pub, "confirmreq:B1:1"));
	ck_assert_int_lt(tfed_find(pub, "release:"), 0);
	ck_assert_int_eq(rti_confirm_divestiture(pub->amb, b, &st, 1, "c", 1),
	    RTI_OK);
	ck_assert(tfed_wait(sub, "acquired:B1:1"));
	ck_assert_int_eq(owns(sub, b, "Status"), 1);
	ck_assert_int_eq(owns(pub, b, "Status"), 0);
	snprintf(want, sizeof want, "owner:B1:%u", sub->handle.id);
	ask_owner(pub, b, want);
	tfed_free(pub);
	tfed_free(sub);
}
END_TEST

/* Update b[0] and b[1]; `con` gets exactly the one of index `want`. */
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
	if (!tfed_wait(con, ev))
		tfed_dump(con, "con");
	ck_assert_int_ge(tfed_find(con, ev), 0);
	tfed_barrier(pub);
	tfed_barrier(con);
	ck_assert_uint_eq(con->n_reflects, 1);
}

static void
reg_in(struct tfed *pub, rti_region_handle r, rti_object_instance_handle *out)
{
	rti_attribute_handle a = tfed_attr(pub, "Breaker", "Status");

	ck_assert_int_eq(rti_register_object_instance_with_regions(pub->amb,
	    tfed_oc(pub, "Breaker"), &a, 1, &r, 1, out), RTI_OK);
}

START_TEST(test_regions_filter_as_saved)
{
	struct tfed *pub = fed("pub"), *con = fed("con");
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
	reg_in(pub, p0, &b[0]);
	reg_in(pub, p1, &b[1]);
	route_check(pub, con, b, 1, "a");
	ck_assert_int_eq(server_op('S'), 0);

	move(con, rc, 0);
	route_check(pub, con, b, 0, "b");
	late = region(pub, 7);
	a = tfed_attr(pub, "Breaker", "Status");
	ck_assert_int_eq(rti_associate_regions_for_updates(pub->amb, b[1], &a,
	    1, &late, 1), RTI_OK);

	restore(ts, 2);
	ck_assert_int_eq(rti_get_range_bounds(con->amb, rc,
	    dim(con, "Substation"), &lo, &hi), RTI_OK);
	ck_assert_uint_eq(lo, 1);
	ck_assert_uint_eq(hi, 2);
	ck_assert_int_eq(rti_get_range_bounds(pub->amb, late,
	    dim(pub, "Substation"), &lo, &hi), RTI_ERR_INVALID_REGION);
	before = suppressed(pub);
	route_check(pub, con, b, 1, "c");
	/* B0 cut at the source: pub's replica of con's subscription */
	ck_assert_uint_eq(suppressed(pub), before + 1);
	/* the restored regions live on; a new one takes a new handle */
	move(con, rc, 0);
	route_check(pub, con, b, 0, "d");
	late = region(pub, 3);
	ck_assert_uint_ne(late.id, p0.id);
	ck_assert_uint_ne(late.id, p1.id);
	tfed_free(pub);
	tfed_free(con);
}
END_TEST

START_TEST(test_conditions_filter_as_saved)
{
	struct tfed *pub = fed("pub"), *con = fed("con");
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
	ck_assert_int_eq(server_op('S'), 0);

	ck_assert_int_eq(rti_remove_subscription_condition(con->amb, br,
	    "north/"), RTI_OK);
	ck_assert_int_eq(rti_add_subscription_condition(con->amb, br,
	    "south/"), RTI_OK);
	route_check(pub, con, b, 0, "b");
	restore(ts, 2);
	route_check(pub, con, b, 1, "c");

	ck_assert_int_eq(rti_set_object_instance_condition(pub->amb, b[1],
	    "south/S2"), RTI_OK);
	ck_assert_int_eq(rti_set_object_instance_condition(pub->amb, b[0],
	    "north/S2"), RTI_OK);
	route_check(pub, con, b, 0, "d");
	restore(ts, 2);
	route_check(pub, con, b, 1, "e");
	tfed_free(pub);
	tfed_free(con);
}
END_TEST

/* A damaged OM section: refused with a message at the stage, and the
 * federation goes on as it was (DDM, staged before, is not applied). */
START_TEST(test_damaged_section_changes_nothing)
{
	struct tfed *pub = fed("pub"), *sub = fed("sub");
	rti_object_instance_handle b1, b2;

	tfed_publish_breaker(pub);
	tfed_subscribe(sub, "Breaker", "Status");
	b1 = tfed_register_named(pub, "Breaker", "B1");
	ck_assert(tfed_wait(sub, "discover:B1"));
	ck_assert_int_eq(server_op('S'), 0);
	b2 = tfed_register_named(pub, "Breaker", "B2");
	ck_assert(tfed_wait(sub, "discover:B2"));
	ck_assert_int_eq(server_op('D'), RTI_ERR_COULD_NOT_INITIATE_RESTORE);
	ck_assert_ptr_nonnull(strstr(why, "OM section"));
	tfed_barrier(pub);
	tfed_barrier(sub);
	ck_assert(knows(sub, "B2", "Breaker") && knows(pub, "B2", "Breaker"));
	tfed_clear(sub);
	update(pub, b2, "x");
	ck_assert(tfed_wait(sub, "reflect:B2:x"));
	update(pub, b1, "y");
	ck_assert(tfed_wait(sub, "reflect:B1:y"));
	tfed_free(pub);
	tfed_free(sub);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("restore_hooks");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_instances_and_owners);
	tcase_add_test(tc, test_negotiated_divestiture_kept);
	tcase_add_test(tc, test_regions_filter_as_saved);
	tcase_add_test(tc, test_conditions_filter_as_saved);
	tcase_add_test(tc, test_damaged_section_changes_nothing);
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
