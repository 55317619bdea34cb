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

static const char *
obj_name(struct tfed *t, rti_object_instance_handle obj)
{
	const char *s;

	return rti_get_object_instance_name(t->amb, obj, &s) == RTI_OK ? s :
	    "?";
}

static const char *
last_part(const char *s)
{
	const char *dot = strrchr(s, '.');

	return dot ? dot + 1 : s;
}

static const char *
cls_name(struct tfed *t, rti_object_class_handle c)
{
	const char *s;

	if (rti_get_object_class_name(t->amb, c, &s) != RTI_OK)
		return "?";
	return last_part(s);
}

/* "Name=v,Status=w" with the attribute names of the known class. */
static void
fmt_values(struct tfed *t, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, char *buf, size_t len)
{
	rti_object_class_handle k = RTI_HANDLE_INITIALIZER;
	size_t i, o = 0;

	buf[0] = '\0';
	rti_get_known_object_class_handle(t->amb, obj, &k);
	for (i = 0; i < n && o < len; i++) {
		const char *an = "?";

		rti_get_attribute_name(t->amb, k, v[i].attribute, &an);
		o += (size_t)snprintf(buf + o, len - o, "%s%s=%.*s",
		    i ? "," : "", an, (int)v[i].length,
		    (const char *)v[i].value);
	}
}

static void
cb_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle p)
{
	struct tfed *t = arg;

	(void)p;
	t->n_discovers++;
	tfed_event(t, "discover:%s:%s", name, cls_name(t, cls));
}

static void
cb_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	char vals[512];

	t->n_reflects++;
	fmt_values(t, obj, v, n, vals, sizeof vals);
	tfed_event(t, "reflect:%s:%s:tag=%.*s:%s", obj_name(t, obj), vals,
	    (int)tag_len, (const char *)tag,
	    info->sent_order == RTI_ORDER_TIMESTAMP ? "TSO" : "RO");
}

static void
cb_bundle(void *arg, rti_object_class_handle cls,
    const struct rti_bundle_instance *in, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	char vals[512];
	size_t i;

	(void)info;
	tfed_event(t, "bundle:%s:%zu:tag=%.*s", cls_name(t, cls), n,
	    (int)tag_len, (const char *)tag);
	for (i = 0; i < n; i++) {
		t->n_bundle_instances++;
		fmt_values(t, in[i].object, in[i].values, in[i].n_values, vals,
		    sizeof vals);
		tfed_event(t, "binst:%s:%s", obj_name(t, in[i].object), vals);
	}
}

static const char *
icls_name(struct tfed *t, rti_interaction_class_handle c)
{
	const char *s;

	if (rti_get_interaction_class_name(t->amb, c, &s) != RTI_OK)
		return "?";
	return last_part(s);
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
	tfed_event(t, "interaction:%s:%s", icls_name(t, cls), buf);
}

static void
cb_startreg(void *arg, rti_object_class_handle c)
{
	tfed_event(arg, "startreg:%s", cls_name(arg, c));
}

static void
cb_stopreg(void *arg, rti_object_class_handle c)
{
	tfed_event(arg, "stopreg:%s", cls_name(arg, c));
}

static void
cb_ion(void *arg, rti_interaction_class_handle c)
{
	tfed_event(arg, "ion:%s", icls_name(arg, c));
}

static void
cb_ioff(void *arg, rti_interaction_class_handle c)
{
	tfed_event(arg, "ioff:%s", icls_name(arg, c));
}

static void
fmt_attrs(struct tfed *t, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, char *buf, size_t len)
{
	rti_object_class_handle k = RTI_HANDLE_INITIALIZER;
	size_t i, o = 0;

	buf[0] = '\0';
	rti_get_known_object_class_handle(t->amb, obj, &k);
	for (i = 0; i < n && o < len; i++) {
		const char *an = "?";

		rti_get_attribute_name(t->amb, k, attrs[i], &an);
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? "," : "",
		    an);
	}
}

static void
cb_updates_on(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n)
{
	char buf[256];

	fmt_attrs(arg, obj, attrs, n, buf, sizeof buf);
	tfed_event(arg, "updateson:%s:%s", obj_name(arg, obj), buf);
}

static void
cb_updates_off(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n)
{
	char buf[256];

	fmt_attrs(arg, obj, attrs, n, buf, sizeof buf);
	tfed_event(arg, "updatesoff:%s:%s", obj_name(arg, obj), buf);
}

static void
cb_remove(void *arg, rti_object_instance_handle obj, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;

	(void)info;
	t->n_removes++;
	tfed_event(t, "remove:%s:tag=%.*s", obj_name(t, obj), (int)tag_len,
	    (const char *)tag);
}

static void
cb_provide(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len)
{
	struct tfed *t = arg;
	rti_object_class_handle k = RTI_HANDLE_INITIALIZER;
	char buf[256];
	size_t i, o = 0;

	buf[0] = '\0';
	rti_get_known_object_class_handle(t->amb, obj, &k);
	for (i = 0; i < n && o < sizeof buf; i++) {
		const char *an = "?";

		rti_get_attribute_name(t->amb, k, attrs[i], &an);
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s",
		    i ? "," : "", an);
	}
	tfed_event(t, "provide:%s:%s:tag=%.*s", obj_name(t, obj), buf,
	    (int)tag_len, (const char *)tag);
}

static void
cb_reserved(void *arg, const char *name)
{
	tfed_event(arg, "reserved:%s", name);
}

static void
cb_reserve_failed(void *arg, const char *name)
{
	tfed_event(arg, "reservefail:%s", name);
}

static void
cb_mreserved(void *arg, const char *const *names, size_t n)
{
	tfed_event(arg, "mreserved:%zu:%s", n, names[0]);
}

static void
cb_mreserve_failed(void *arg, const char *const *names, size_t n)
{
	tfed_event(arg, "mreservefail:%zu:%s", n, names[0]);
}

/* A federate joined to federation F (created from Grid.xml if needed),
 * recording OM callbacks; `bundles` selects the class-bundle callback. */
static struct tfed *
fed(const char *name, int bundles)
{
	struct tfed *t = calloc(1, sizeof *t);
	struct rti_callbacks cb;

	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(t->amb);
	tfed_callbacks(&cb);
	cb.discover_object_instance = cb_discover;
	cb.reflect_attribute_values = cb_reflect;
	if (bundles)
		cb.reflect_class_bundle = cb_bundle;
	cb.receive_interaction = cb_interaction;
	cb.remove_object_instance = cb_remove;
	cb.provide_attribute_value_update = cb_provide;
	cb.object_instance_name_reservation_succeeded = cb_reserved;
	cb.object_instance_name_reservation_failed = cb_reserve_failed;
	cb.multiple_object_instance_name_reservation_succeeded = cb_mreserved;
	cb.multiple_object_instance_name_reservation_failed =
	    cb_mreserve_failed;
	cb.start_registration_for_object_class = cb_startreg;
	cb.stop_registration_for_object_class = cb_stopreg;
	cb.turn_interactions_on = cb_ion;
	cb.turn_interactions_off = cb_ioff;
	cb.turn_updates_on_for_object_instance = cb_updates_on;
	cb.turn_updates_off_for_object_instance = cb_updates_off;
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	ck_assert_int_eq(tfed_create_join(t, "F", GRID, name), RTI_OK);
	return t;
}

/* Everything rtiexec sent `t` before now has been delivered: a request
 * round trip (its reply follows every earlier frame), then evoke. */
static void
barrier(struct tfed *t)
{
	rti_federate_handle h;
	int pending = 1;

	ck_assert_int_eq(rti_get_federate_handle(t->amb, "no such federate",
	    &h), RTI_ERR_NAME_NOT_FOUND);
	while (pending)
		ck_assert_int_eq(rti_evoke_callbacks(t->amb, 0, 0, &pending),
		    RTI_OK);
}

static rti_object_class_handle
oc(struct tfed *t, const char *name)
{
	rti_object_class_handle h;

	ck_assert_int_eq(rti_get_object_class_handle(t->amb, name, &h),
	    RTI_OK);
	return h;
}

static rti_attribute_handle
at(struct tfed *t, rti_object_class_handle c, const char *name)
{
	rti_attribute_handle h;

	ck_assert_int_eq(rti_get_attribute_handle(t->amb, c, name, &h),
	    RTI_OK);
	return h;
}

/* Publish Breaker {Name, Status, Current}. */
static void
publish_breaker(struct tfed *t)
{
	rti_object_class_handle b = oc(t, "Breaker");
	rti_attribute_handle a[3];

	a[0] = at(t, b, "Name");
	a[1] = at(t, b, "Status");
	a[2] = at(t, b, "Current");
	ck_assert_int_eq(rti_publish_object_class_attributes(t->amb, b, a, 3),
	    RTI_OK);
}

/* Subscribe `cls` to the comma-separated attributes `list`. */
static void
subscribe(struct tfed *t, const char *cls, const char *list)
{
	rti_object_class_handle c = oc(t, cls);
	rti_attribute_handle a[8];
	char buf[128], *p, *save = NULL;
	size_t n = 0;

	snprintf(buf, sizeof buf, "%s", list);
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save))
		a[n++] = at(t, c, p);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(t->amb, c, a,
	    n), RTI_OK);
}

static rti_object_instance_handle
register_named(struct tfed *t, const char *cls, const char *name)
{
	rti_object_instance_handle h;
	char ev[128];

	ck_assert_int_eq(rti_reserve_object_instance_name(t->amb, name),
	    RTI_OK);
	snprintf(ev, sizeof ev, "reserved:%s", name);
	ck_assert(tfed_wait(t, ev));
	ck_assert_int_eq(rti_register_object_instance_with_name(t->amb,
	    oc(t, cls), name, &h), RTI_OK);
	return h;
}

/* Update Breaker attributes Name, Status, Current with the given values
 * (NULL = leave out). */
static int
update3(struct tfed *t, rti_object_instance_handle obj, const char *name,
    const char *status, const char *current, const char *tag)
{
	rti_object_class_handle b = oc(t, "Breaker");
	struct rti_attribute_value v[3];
	size_t n = 0;

	if (name) {
		v[n].attribute = at(t, b, "Name");
		v[n].value = name;
		v[n++].length = (uint32_t)strlen(name);
	}
	if (status) {
		v[n].attribute = at(t, b, "Status");
		v[n].value = status;
		v[n++].length = (uint32_t)strlen(status);
	}
	if (current) {
		v[n].attribute = at(t, b, "Current");
		v[n].value = current;
		v[n++].length = (uint32_t)strlen(current);
	}
	return rti_update_attribute_values(t->amb, obj, v, n, tag,
	    tag ? strlen(tag) : 0);
}

/* ---- tests ---- */

static rti_interaction_class_handle
ic(struct tfed *t, const char *name)
{
	rti_interaction_class_handle h;

	ck_assert_int_eq(rti_get_interaction_class_handle(t->amb, name, &h),
	    RTI_OK);
	return h;
}

/* Send Switching with all four parameters (two inherited). */
static void
send_switching(struct tfed *t)
{
	rti_interaction_class_handle sw = ic(t, "Switching");
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

	publish_breaker(a);
	subscribe(b, "Equipment", "Name");
	subscribe(c, "Equipment", "Name");
	subscribe(c, "Breaker", "Name,Status");
	b1 = register_named(a, "Breaker", "b1");
	ck_assert(tfed_wait(b, "discover:b1:Equipment"));
	ck_assert(tfed_wait(c, "discover:b1:Breaker"));
	ck_assert_int_eq(rti_get_known_object_class_handle(b->amb, b1, &k),
	    RTI_OK);
	ck_assert_uint_eq(k.id, oc(b, "Equipment").id);
	ck_assert_int_eq(update3(a, b1, "n1", "s1", "c1", NULL), RTI_OK);
	ck_assert(tfed_wait(b, "reflect:b1:Name=n1:"));
	/* inherited attribute subscribed at the subclass */
	ck_assert(tfed_wait(c, "reflect:b1:Name=n1,Status=s1:"));
	/* late subscription to the subclass only: discovered as Breaker */
	subscribe(d, "Breaker", "Current");
	ck_assert(tfed_wait(d, "discover:b1:Breaker"));
	ck_assert_int_eq(update3(a, b1, "n2", "s2", "c2", NULL), RTI_OK);
	ck_assert(tfed_wait(d, "reflect:b1:Current=c2:"));
	ck_assert(tfed_wait(b, "reflect:b1:Name=n2:"));
	/* the known class stays what it was at discovery; new instances
	 * are discovered at the most specific subscribed class */
	subscribe(b, "Breaker", "Status");
	b2 = register_named(a, "Breaker", "b2");
	ck_assert(tfed_wait(b, "discover:b2:Breaker"));
	ck_assert_int_eq(update3(a, b1, "n3", "s3", "c3", NULL), RTI_OK);
	ck_assert_int_eq(update3(a, b2, "n4", "s4", "c4", NULL), RTI_OK);
	ck_assert(tfed_wait(b, "reflect:b2:Status=s4:"));
	ck_assert_int_ge(tfed_find(b, "reflect:b1:Name=n3:"), 0);
	ck_assert_int_eq(rti_get_known_object_class_handle(b->amb, b1, &k),
	    RTI_OK);
	ck_assert_uint_eq(k.id, oc(b, "Equipment").id);
	/* wait for all of them, then prove nothing more comes */
	ck_assert(tfed_wait_n(b, "reflect:", 4));
	ck_assert(tfed_wait_n(c, "reflect:", 4));
	barrier(a);
	barrier(b);
	barrier(c);
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
	    ic(a, "Switching")), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb,
	    ic(a, "GridEvent")), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb,
	    ic(b, "GridEvent")), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class_passively(c->amb,
	    ic(c, "Switching")), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(d->amb,
	    ic(d, "Alarm")), RTI_OK);
	send_switching(a);
	ck_assert(tfed_wait(b,
	    "interaction:GridEvent:Substation=S1,Equipment=E1"));
	ck_assert(tfed_wait(c, "interaction:Switching:Substation=S1,"
	    "Equipment=E1,Operation=open,Operator=bob"));
	/* a GridEvent reaches the superclass subscriber only */
	ck_assert_int_eq(rti_get_parameter_handle(a->amb, ic(a, "GridEvent"),
	    "Substation", &v.parameter), RTI_OK);
	v.value = "S9";
	v.length = 2;
	ck_assert_int_eq(rti_send_interaction(a->amb, ic(a, "GridEvent"), &v,
	    1, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(b, "interaction:GridEvent:Substation=S9"));
	/* unsubscribed: nothing more */
	ck_assert_int_eq(rti_unsubscribe_interaction_class(b->amb,
	    ic(b, "GridEvent")), RTI_OK);
	send_switching(a);
	ck_assert(tfed_wait_n(c, "interaction:Switching", 2));
	barrier(a);
	barrier(b);
	barrier(c);
	barrier(d);
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

	publish_breaker(a);
	subscribe(b, "Breaker", "Name,Status");
	b1 = register_named(a, "Breaker", "b1");
	ck_assert(tfed_wait(b, "discover:b1"));
	br = oc(b, "Breaker");
	status = at(b, br, "Status");
	ck_assert_int_eq(rti_unsubscribe_object_class_attributes(b->amb, br,
	    &status, 1), RTI_OK);
	ck_assert_int_eq(update3(a, b1, "n", "s", NULL, NULL), RTI_OK);
	ck_assert(tfed_wait(b, "reflect:b1:Name=n:"));
	ck_assert_int_eq(rti_unsubscribe_object_class(b->amb, br), RTI_OK);
	ck_assert_int_eq(update3(a, b1, "m", "t", NULL, NULL), RTI_OK);
	barrier(a);
	barrier(b);
	ck_assert_uint_eq(b->n_reflects, 1);
	/* unpublishing releases ownership: no more updates, no delete */
	status = at(a, oc(a, "Breaker"), "Status");
	ck_assert_int_eq(rti_unpublish_object_class_attributes(a->amb,
	    oc(a, "Breaker"), &status, 1), RTI_OK);
	ck_assert_int_eq(update3(a, b1, NULL, "s", NULL, NULL),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(update3(a, b1, "n", NULL, NULL, NULL), RTI_OK);
	ck_assert_int_eq(rti_unpublish_object_class(a->amb, oc(a, "Breaker")),
	    RTI_OK);
	ck_assert_int_eq(update3(a, b1, "n", NULL, NULL, NULL),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(rti_delete_object_instance(a->amb, b1, NULL, 0),
	    RTI_ERR_DELETE_PRIVILEGE_NOT_HELD);
	ck_assert_int_eq(rti_register_object_instance(a->amb,
	    oc(a, "Breaker"), &b1), RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_relevance_advisories)
{
	struct tfed *a = fed("A", 0), *b = fed("B", 0), *c = fed("C", 0);
	rti_object_class_handle eq;
	rti_attribute_handle name;

	publish_breaker(a);
	barrier(a);
	ck_assert_int_lt(tfed_find(a, "startreg:"), 0);
	/* a passive subscription does not make the class relevant */
	eq = oc(c, "Equipment");
	name = at(c, eq, "Name");
	ck_assert_int_eq(rti_subscribe_object_class_attributes_passively(
	    c->amb, eq, &name, 1), RTI_OK);
	barrier(a);
	ck_assert_int_lt(tfed_find(a, "startreg:"), 0);
	subscribe(b, "Equipment", "Name");
	ck_assert(tfed_wait(a, "startreg:Breaker"));
	ck_assert_int_eq(rti_unsubscribe_object_class(b->amb,
	    oc(b, "Equipment")), RTI_OK);
	ck_assert(tfed_wait(a, "stopreg:Breaker"));
	/* interactions */
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, ic(a, "Alarm")),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb,
	    ic(b, "GridEvent")), RTI_OK);
	ck_assert(tfed_wait(a, "ion:Alarm"));
	ck_assert_int_eq(rti_unsubscribe_interaction_class(b->amb,
	    ic(b, "GridEvent")), RTI_OK);
	ck_assert(tfed_wait(a, "ioff:Alarm"));
	/* switches off: silence; back on: the current state */
	ck_assert_int_eq(rti_disable_object_class_relevance_advisory_switch(
	    a->amb), RTI_OK);
	ck_assert_int_eq(rti_disable_interaction_relevance_advisory_switch(
	    a->amb), RTI_OK);
	subscribe(b, "Equipment", "Name");
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb,
	    ic(b, "Alarm")), RTI_OK);
	barrier(a);
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
	publish_breaker(a);
	register_named(a, "Breaker", "b1");
	barrier(a);
	ck_assert_int_lt(tfed_find(a, "updateson:"), 0);
	subscribe(b, "Breaker", "Status");
	ck_assert(tfed_wait(a, "updateson:b1:Status"));
	subscribe(c, "Equipment", "Name");
	ck_assert(tfed_wait(a, "updateson:b1:Name"));
	status = at(b, oc(b, "Breaker"), "Status");
	ck_assert_int_eq(rti_unsubscribe_object_class_attributes(b->amb,
	    oc(b, "Breaker"), &status, 1), RTI_OK);
	ck_assert(tfed_wait(a, "updatesoff:b1:Status"));
	ck_assert_int_eq(rti_disable_attribute_relevance_advisory_switch(
	    a->amb), RTI_OK);
	subscribe(b, "Breaker", "Current");
	barrier(a);
	ck_assert_int_lt(tfed_find(a, "updateson:b1:Current"), 0);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
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

	eq = oc(a, "Equipment");
	br = oc(a, "Breaker");
	status = at(a, br, "Status");
	name = at(a, eq, "Name");
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
