/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_dm.c - declaration management against a real rtiexec: the class
 * hierarchy and known-class rules for objects and interactions, attribute
 * subsets, passive subscriptions, unpublishing, relevance advisories
 * (object class, interaction, attribute) and their switches, errors.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")

static struct rtiexec rx;

static void
setup(void)
{
	ck_assert_int_eq(rtiexec_start(&rx, NULL), 0);
}

static void
teardown(void)
{
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}

/* ---- recording callbacks ---- */

static void
cb_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	char vals[512];

	t->n_reflects++;
	tfed_fmt_values(t, obj, v, n, vals, sizeof vals);
	tfed_event(t, "reflect:%s:%s:tag=%.*s:%s", tfed_obj_name(t, obj), vals,
	    (int)tag_len, (const char *)tag,
	    info->sent_order == RTI_ORDER_TIMESTAMP ? "TSO" : "RO");
}

static void
cb_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	char buf[512];
	size_t i, o = 0;

	(void)tag;
	(void)tag_len;
	(void)info;
	buf[0] = '\0';
	for (i = 0; i < n && o < sizeof buf; i++) {
		const char *pn = "?";

		rti_get_parameter_name(t->amb, cls, v[i].parameter, &pn);
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s=%.*s",
		    i ? "," : "", pn, (int)v[i].length,
		    (const char *)v[i].value);
	}
	t->n_interactions++;
	tfed_event(t, "interaction:%s:%s", tfed_icls_name(t, cls), buf);
}

static void
cb_startreg(void *arg, rti_object_class_handle c)
{
	tfed_event(arg, "startreg:%s", tfed_cls_name(arg, c));
}

static void
cb_stopreg(void *arg, rti_object_class_handle c)
{
	tfed_event(arg, "stopreg:%s", tfed_cls_name(arg, c));
}

static void
cb_ion(void *arg, rti_interaction_class_handle c)
{
	tfed_event(arg, "ion:%s", tfed_icls_name(arg, c));
}

static void
cb_ioff(void *arg, rti_interaction_class_handle c)
{
	tfed_event(arg, "ioff:%s", tfed_icls_name(arg, c));
}

static void
cb_updates_on(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n)
{
	char buf[256];

	tfed_fmt_attrs(arg, obj, attrs, n, buf, sizeof buf);
	tfed_event(arg, "updateson:%s:%s", tfed_obj_name(arg, obj), buf);
}

static void
cb_updates_off(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n)
{
	char buf[256];

	tfed_fmt_attrs(arg, obj, attrs, n, buf, sizeof buf);
	tfed_event(arg, "updatesoff:%s:%s", tfed_obj_name(arg, obj), buf);
}

/* A federate joined to federation F (created from Grid.xml if needed),
 * recording OM callbacks; `bundles` selects the class-bundle callback. */
static struct tfed *
fed(const char *name, int bundles)
{
	struct rti_callbacks cb;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, bundles);
	cb.reflect_attribute_values = cb_reflect;
	cb.receive_interaction = cb_interaction;
	cb.start_registration_for_object_class = cb_startreg;
	cb.stop_registration_for_object_class = cb_stopreg;
	cb.turn_interactions_on = cb_ion;
	cb.turn_interactions_off = cb_ioff;
	cb.turn_updates_on_for_object_instance = cb_updates_on;
	cb.turn_updates_off_for_object_instance = cb_updates_off;
	return tfed_join_f(&rx, &cb, GRID, name);
}

/* Update Breaker attributes Name, Status, Current with the given values
 * (NULL = leave out). */
static int
update3(struct tfed *t, rti_object_instance_handle obj, const char *name,
    const char *status, const char *current, const char *tag)
{
	rti_object_class_handle b = tfed_oc(t, "Breaker");
	struct rti_attribute_value v[3];
	size_t n = 0;

	if (name) {
		v[n].attribute = tfed_at(t, b, "Name");
		v[n].value = name;
		v[n++].length = (uint32_t)strlen(name);
	}
	if (status) {
		v[n].attribute = tfed_at(t, b, "Status");
		v[n].value = status;
		v[n++].length = (uint32_t)strlen(status);
	}
	if (current) {
		v[n].attribute = tfed_at(t, b, "Current");
		v[n].value = current;
		v[n++].length = (uint32_t)strlen(current);
	}
	return rti_update_attribute_values(t->amb, obj, v, n, tag,
	    tag ? strlen(tag) : 0);
}

/* ---- tests ---- */

/* Send Switching with all four parameters (two inherited). */
static void
send_switching(struct tfed *t)
{
	rti_interaction_class_handle sw = tfed_ic(t, "Switching");
	static const char *names[] = { "Substation", "Equipment", "Operation",
		"Operator" };
	static const char *vals[] = { "S1", "E1", "open", "bob" };
	struct rti_parameter_value v[4];
	int i;

	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(rti_get_parameter_handle(t->amb, sw, names[i],
		    &v[i].parameter), RTI_OK);
		v[i].value = vals[i];
		v[i].length = (uint32_t)strlen(vals[i]);
	}
	ck_assert_int_eq(rti_send_interaction(t->amb, sw, v, 4, NULL, 0),
	    RTI_OK);
}

/* Subscribe Equipment -> a Breaker is discovered as Equipment with only
 * Equipment's subscribed attributes; subscribe Breaker too -> Breaker. */
START_TEST(test_known_class_objects)
{
	struct tfed *a = fed("A", 0), *b = fed("B", 0), *c = fed("C", 0),
	    *d = fed("D", 0);
	rti_object_instance_handle b1, b2;
	rti_object_class_handle k;

	tfed_publish_breaker(a);
	tfed_subscribe(b, "Equipment", "Name");
	tfed_subscribe(c, "Equipment", "Name");
	tfed_subscribe(c, "Breaker", "Name,Status");
	b1 = tfed_register_named(a, "Breaker", "b1");
	ck_assert(tfed_wait(b, "discover:b1:Equipment"));
	ck_assert(tfed_wait(c, "discover:b1:Breaker"));
	ck_assert_int_eq(rti_get_known_object_class_handle(b->amb, b1, &k),
	    RTI_OK);
	ck_assert_uint_eq(k.id, tfed_oc(b, "Equipment").id);
	ck_assert_int_eq(update3(a, b1, "n1", "s1", "c1", NULL), RTI_OK);
	ck_assert(tfed_wait(b, "reflect:b1:Name=n1:"));
	/* inherited attribute subscribed at the subclass */
	ck_assert(tfed_wait(c, "reflect:b1:Name=n1,Status=s1:"));
	/* late subscription to the subclass only: discovered as Breaker */
	tfed_subscribe(d, "Breaker", "Current");
	ck_assert(tfed_wait(d, "discover:b1:Breaker"));
	ck_assert_int_eq(update3(a, b1, "n2", "s2", "c2", NULL), RTI_OK);
	ck_assert(tfed_wait(d, "reflect:b1:Current=c2:"));
	ck_assert(tfed_wait(b, "reflect:b1:Name=n2:"));
	/* the known class stays what it was at discovery; new instances
	 * are discovered at the most specific subscribed class */
	tfed_subscribe(b, "Breaker", "Status");
	b2 = tfed_register_named(a, "Breaker", "b2");
	ck_assert(tfed_wait(b, "discover:b2:Breaker"));
	ck_assert_int_eq(update3(a, b1, "n3", "s3", "c3", NULL), RTI_OK);
	ck_assert_int_eq(update3(a, b2, "n4", "s4", "c4", NULL), RTI_OK);
	ck_assert(tfed_wait(b, "reflect:b2:Status=s4:"));
	ck_assert_int_ge(tfed_find(b, "reflect:b1:Name=n3:"), 0);
	ck_assert_int_eq(rti_get_known_object_class_handle(b->amb, b1, &k),
	    RTI_OK);
	ck_assert_uint_eq(k.id, tfed_oc(b, "Equipment").id);
	/* wait for all of them, then prove nothing more comes */
	ck_assert(tfed_wait_n(b, "reflect:", 4));
	ck_assert(tfed_wait_n(c, "reflect:", 4));
	tfed_barrier(a);
	tfed_barrier(b);
	tfed_barrier(c);
	ck_assert_uint_eq(b->n_reflects, 4);
	ck_assert_uint_eq(c->n_reflects, 4);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
	tfed_free(d);
}
END_TEST

START_TEST(test_known_class_interactions)
{
	struct tfed *a = fed("A", 0), *b = fed("B", 0), *c = fed("C", 0),
	    *d = fed("D", 0);
	struct rti_parameter_value v;

	ck_assert_int_eq(rti_publish_interaction_class(a->amb,
	    tfed_ic(a, "Switching")), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb,
	    tfed_ic(a, "GridEvent")), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb,
	    tfed_ic(b, "GridEvent")), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class_passively(c->amb,
	    tfed_ic(c, "Switching")), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(d->amb,
	    tfed_ic(d, "Alarm")), RTI_OK);
	send_switching(a);
	ck_assert(tfed_wait(b,
	    "interaction:GridEvent:Substation=S1,Equipment=E1"));
	ck_assert(tfed_wait(c, "interaction:Switching:Substation=S1,"
	    "Equipment=E1,Operation=open,Operator=bob"));
	/* a GridEvent reaches the superclass subscriber only */
	ck_assert_int_eq(rti_get_parameter_handle(a->amb,
	    tfed_ic(a, "GridEvent"), "Substation", &v.parameter), RTI_OK);
	v.value = "S9";
	v.length = 2;
	ck_assert_int_eq(rti_send_interaction(a->amb, tfed_ic(a, "GridEvent"),
	    &v, 1, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(b, "interaction:GridEvent:Substation=S9"));
	/* unsubscribed: nothing more */
	ck_assert_int_eq(rti_unsubscribe_interaction_class(b->amb,
	    tfed_ic(b, "GridEvent")), RTI_OK);
	send_switching(a);
	ck_assert(tfed_wait_n(c, "interaction:Switching", 2));
	tfed_barrier(a);
	tfed_barrier(b);
	tfed_barrier(c);
	tfed_barrier(d);
	ck_assert_uint_eq(b->n_interactions, 2);
	ck_assert_uint_eq(c->n_interactions, 2);
	ck_assert_uint_eq(d->n_interactions, 0);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
	tfed_free(d);
}
END_TEST

START_TEST(test_subscription_changes)
{
	struct tfed *a = fed("A", 0), *b = fed("B", 0);
	rti_object_class_handle br;
	rti_attribute_handle status;
	rti_object_instance_handle b1;

	tfed_publish_breaker(a);
	tfed_subscribe(b, "Breaker", "Name,Status");
	b1 = tfed_register_named(a, "Breaker", "b1");
	ck_assert(tfed_wait(b, "discover:b1"));
	br = tfed_oc(b, "Breaker");
	status = tfed_at(b, br, "Status");
	ck_assert_int_eq(rti_unsubscribe_object_class_attributes(b->amb, br,
	    &status, 1), RTI_OK);
	ck_assert_int_eq(update3(a, b1, "n", "s", NULL, NULL), RTI_OK);
	ck_assert(tfed_wait(b, "reflect:b1:Name=n:"));
	ck_assert_int_eq(rti_unsubscribe_object_class(b->amb, br), RTI_OK);
	ck_assert_int_eq(update3(a, b1, "m", "t", NULL, NULL), RTI_OK);
	tfed_barrier(a);
	tfed_barrier(b);
	ck_assert_uint_eq(b->n_reflects, 1);
	/* unpublishing releases ownership: no more updates, no delete */
	status = tfed_at(a, tfed_oc(a, "Breaker"), "Status");
	ck_assert_int_eq(rti_unpublish_object_class_attributes(a->amb,
	    tfed_oc(a, "Breaker"), &status, 1), RTI_OK);
	ck_assert_int_eq(update3(a, b1, NULL, "s", NULL, NULL),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(update3(a, b1, "n", NULL, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_unpublish_object_class(a->amb,
	    tfed_oc(a, "Breaker")), RTI_OK);
	ck_assert_int_eq(update3(a, b1, "n", NULL, NULL, NULL),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(rti_delete_object_instance(a->amb, b1, NULL, 0),
	    RTI_ERR_DELETE_PRIVILEGE_NOT_HELD);
	ck_assert_int_eq(rti_register_object_instance(a->amb,
	    tfed_oc(a, "Breaker"), &b1), RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_relevance_advisories)
{
	struct tfed *a = fed("A", 0), *b = fed("B", 0), *c = fed("C", 0);
	rti_object_class_handle eq;
	rti_attribute_handle name;

	tfed_publish_breaker(a);
	tfed_barrier(a);
	ck_assert_int_lt(tfed_find(a, "startreg:"), 0);
	/* a passive subscription does not make the class relevant */
	eq = tfed_oc(c, "Equipment");
	name = tfed_at(c, eq, "Name");
	ck_assert_int_eq(rti_subscribe_object_class_attributes_passively(
	    c->amb, eq, &name, 1), RTI_OK);
	tfed_barrier(a);
	ck_assert_int_lt(tfed_find(a, "startreg:"), 0);
	tfed_subscribe(b, "Equipment", "Name");
	ck_assert(tfed_wait(a, "startreg:Breaker"));
	ck_assert_int_eq(rti_unsubscribe_object_class(b->amb,
	    tfed_oc(b, "Equipment")), RTI_OK);
	ck_assert(tfed_wait(a, "stopreg:Breaker"));
	/* interactions */
	ck_assert_int_eq(rti_publish_interaction_class(a->amb,
	    tfed_ic(a, "Alarm")), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb,
	    tfed_ic(b, "GridEvent")), RTI_OK);
	ck_assert(tfed_wait(a, "ion:Alarm"));
	ck_assert_int_eq(rti_unsubscribe_interaction_class(b->amb,
	    tfed_ic(b, "GridEvent")), RTI_OK);
	ck_assert(tfed_wait(a, "ioff:Alarm"));
	/* switches off: silence; back on: the current state */
	ck_assert_int_eq(rti_disable_object_class_relevance_advisory_switch(
	    a->amb), RTI_OK);
	ck_assert_int_eq(rti_disable_interaction_relevance_advisory_switch(
	    a->amb), RTI_OK);
	tfed_subscribe(b, "Equipment", "Name");
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb,
	    tfed_ic(b, "Alarm")), RTI_OK);
	tfed_barrier(a);
	ck_assert_uint_eq(tfed_count(a, "startreg:"), 1);
	ck_assert_uint_eq(tfed_count(a, "ion:"), 1);
	ck_assert_int_eq(rti_enable_object_class_relevance_advisory_switch(
	    a->amb), RTI_OK);
	ck_assert_int_eq(rti_enable_interaction_relevance_advisory_switch(
	    a->amb), RTI_OK);
	ck_assert(tfed_wait_n(a, "startreg:Breaker", 2));
	ck_assert(tfed_wait_n(a, "ion:Alarm", 2));
	/* the subscriber resigns: no longer relevant */
	ck_assert_int_eq(rti_resign_federation_execution(b->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert(tfed_wait_n(a, "stopreg:Breaker", 2));
	ck_assert(tfed_wait_n(a, "ioff:Alarm", 2));
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

START_TEST(test_attribute_relevance)
{
	struct tfed *a = fed("A", 0), *b = fed("B", 0), *c = fed("C", 0);
	rti_attribute_handle status;

	ck_assert_int_eq(rti_enable_attribute_relevance_advisory_switch(
	    a->amb), RTI_OK);
	tfed_publish_breaker(a);
	tfed_register_named(a, "Breaker", "b1");
	tfed_barrier(a);
	ck_assert_int_lt(tfed_find(a, "updateson:"), 0);
	tfed_subscribe(b, "Breaker", "Status");
	ck_assert(tfed_wait(a, "updateson:b1:Status"));
	tfed_subscribe(c, "Equipment", "Name");
	ck_assert(tfed_wait(a, "updateson:b1:Name"));
	status = tfed_at(b, tfed_oc(b, "Breaker"), "Status");
	ck_assert_int_eq(rti_unsubscribe_object_class_attributes(b->amb,
	    tfed_oc(b, "Breaker"), &status, 1), RTI_OK);
	ck_assert(tfed_wait(a, "updatesoff:b1:Status"));
	ck_assert_int_eq(rti_disable_attribute_relevance_advisory_switch(
	    a->amb), RTI_OK);
	tfed_subscribe(b, "Breaker", "Current");
	tfed_barrier(a);
	ck_assert_int_lt(tfed_find(a, "updateson:b1:Current"), 0);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* Switching the advisories on later tells the owner at once which of its
 * attributes are relevant already (and only those). */
START_TEST(test_attribute_relevance_switched_on)
{
	struct tfed *a = fed("A", 0), *b = fed("B", 0);

	tfed_publish_breaker(a);
	tfed_register_named(a, "Breaker", "b1");
	tfed_subscribe(b, "Breaker", "Status");
	tfed_barrier(a);
	ck_assert_int_lt(tfed_find(a, "updateson:"), 0);
	ck_assert_int_eq(rti_enable_attribute_relevance_advisory_switch(
	    a->amb), RTI_OK);
	ck_assert(tfed_wait(a, "updateson:b1:Status"));
	tfed_barrier(a);
	ck_assert_int_lt(tfed_find(a, "updateson:b1:Current"), 0);
	ck_assert_int_lt(tfed_find(a, "updateson:b1:Name"), 0);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_dm_errors)
{
	struct tfed *a = fed("A", 0);
	rti_ambassador *lone = rti_ambassador_new();
	rti_object_class_handle eq, br, bad = { 9999 };
	rti_interaction_class_handle ibad = { 9999 };
	rti_attribute_handle status, name;
	rti_object_instance_handle h;

	eq = tfed_oc(a, "Equipment");
	br = tfed_oc(a, "Breaker");
	status = tfed_at(a, br, "Status");
	name = tfed_at(a, eq, "Name");
	ck_assert_int_eq(rti_publish_object_class_attributes(lone, eq, &name,
	    1), RTI_ERR_NOT_CONNECTED);
	ck_assert_int_eq(rti_connect(lone, rx.url, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(lone, eq, &name,
	    1), RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, bad,
	    &name, 1), RTI_ERR_OBJECT_CLASS_NOT_DEFINED);
	/* Status is Breaker's, not Equipment's */
	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, eq,
	    &status, 1), RTI_ERR_ATTRIBUTE_NOT_DEFINED);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(a->amb, eq,
	    &status, 1), RTI_ERR_ATTRIBUTE_NOT_DEFINED);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(a->amb, eq,
	    NULL, 1), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_unpublish_object_class_attributes(a->amb, eq,
	    &name, 0), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, ibad),
	    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED);
	ck_assert_int_eq(rti_subscribe_interaction_class(a->amb, ibad),
	    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED);
	ck_assert_int_eq(rti_publish_object_class_attributes(NULL, eq, &name,
	    1), RTI_ERR_INVALID_ARGUMENT);
	/* nothing of the refused publications took effect */
	ck_assert_int_eq(rti_register_object_instance(a->amb, eq, &h),
	    RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED);
	rti_ambassador_free(lone);
	tfed_free(a);
}
END_TEST

static Suite *
dm_suite(void)
{
	Suite *s = suite_create("dm");
	TCase *tc = tcase_create("dm");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_known_class_objects);
	tcase_add_test(tc, test_known_class_interactions);
	tcase_add_test(tc, test_subscription_changes);
	tcase_add_test(tc, test_relevance_advisories);
	tcase_add_test(tc, test_attribute_relevance);
	tcase_add_test(tc, test_attribute_relevance_switched_on);
	tcase_add_test(tc, test_dm_errors);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(dm_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
