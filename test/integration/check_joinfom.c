/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_joinfom.c - joins with additional FOM modules (IEEE 1516-2010
 * 4.9) against a real rtiexec: the new classes, attributes, interactions
 * and dimensions work at once for the joiner and for the federates joined
 * before, with the same handles on every side and every old handle kept;
 * a module that is missing, unreadable or inconsistent is refused with
 * create's code and leaves the federation as it was; the federation's own
 * modules may be named again; updates in flight while the FOM grows are
 * neither lost nor misrouted.  Just over the project's 1200 lines: one
 * Check file for the feature, its fake rtiexec included.
 */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fom.h"
#include "testutil.h"
#include "wire.h"

#define HELLO TEST_FOM("HelloWorld.xml")
#define EXTRA TEST_DATA("fom/join-extra.xml")
#define CONFLICT TEST_DATA("fom/join-conflict.xml")

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

/* ---- recording callbacks: handles, not names ---- */

static void
on_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle p)
{
	struct tfed *t = arg;

	(void)obj;
	(void)p;
	t->n_discovers++;
	tfed_event(t, "discover:%s:%u", name, cls.id);
}

static void
on_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	size_t i;

	(void)obj;
	(void)tag;
	(void)tag_len;
	(void)info;
	t->n_reflects++;
	for (i = 0; i < n; i++)
		tfed_event(t, "reflect:%u=%.*s", v[i].attribute.id,
		    (int)v[i].length, (const char *)v[i].value);
}

static void
on_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	t->n_interactions++;
	for (i = 0; i < n; i++)
		tfed_event(t, "interaction:%u:%u=%.*s", cls.id,
		    v[i].parameter.id, (int)v[i].length,
		    (const char *)v[i].value);
}

static void
on_lost(void *arg, const char *fault)
{
	struct tfed *t = arg;

	t->lost = 1;
	tfed_event(t, "lost:%s", fault);
}

/* A connected federate, not joined, with the callbacks above. */
static struct tfed *
fed_new(void)
{
	struct rti_callbacks cb;
	struct tfed *t = calloc(1, sizeof *t);

	ck_assert_ptr_nonnull(t);
	memset(&cb, 0, sizeof cb);
	cb.discover_object_instance = on_discover;
	cb.reflect_attribute_values = on_reflect;
	cb.receive_interaction = on_interaction;
	cb.connection_lost = on_lost;
	t->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(t->amb);
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	tfed_track(t);
	return t;
}

/* Create F from HelloWorld.xml and join it as `name`. */
static struct tfed *
fed_first(const char *name)
{
	struct tfed *t = fed_new();
	const char *mods[] = { HELLO };

	ck_assert_int_eq(rti_create_federation_execution(t->amb, "F", mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(t->amb, name, "test",
	    "F", &t->handle), RTI_OK);
	return t;
}

static struct tfed *
fed_join_with(const char *name, const char *const *mods, size_t n)
{
	struct tfed *t = fed_new();

	ck_assert_int_eq(rti_join_federation_execution_with_modules(t->amb,
	    name, "test", "F", mods, n, &t->handle), RTI_OK);
	return t;
}

/* The handles a federate sees for the names of both modules (0 where it
 * has none). */
struct handles {
	uint32_t greeter, message, count, hello, text;
	uint32_t meter, reading, unit, trip, cause, zone;
};

static void
lookup_all(struct tfed *t, struct handles *h)
{
	rti_object_class_handle oc;
	rti_interaction_class_handle ic;
	rti_attribute_handle a;
	rti_parameter_handle p;
	rti_dimension_handle d;

	memset(h, 0, sizeof *h);
	if (rti_get_object_class_handle(t->amb, "Greeter", &oc) == RTI_OK) {
		h->greeter = oc.id;
		if (rti_get_attribute_handle(t->amb, oc, "Message", &a) ==
		    RTI_OK)
			h->message = a.id;
		if (rti_get_attribute_handle(t->amb, oc, "Count", &a) ==
		    RTI_OK)
			h->count = a.id;
	}
	if (rti_get_interaction_class_handle(t->amb, "Hello", &ic) ==
	    RTI_OK) {
		h->hello = ic.id;
		if (rti_get_parameter_handle(t->amb, ic, "Text", &p) == RTI_OK)
			h->text = p.id;
	}
	if (rti_get_object_class_handle(t->amb, "Meter", &oc) == RTI_OK) {
		h->meter = oc.id;
		if (rti_get_attribute_handle(t->amb, oc, "Reading", &a) ==
		    RTI_OK)
			h->reading = a.id;
		if (rti_get_attribute_handle(t->amb, oc, "Unit", &a) ==
		    RTI_OK)
			h->unit = a.id;
	}
	if (rti_get_interaction_class_handle(t->amb, "Trip", &ic) ==
	    RTI_OK) {
		h->trip = ic.id;
		if (rti_get_parameter_handle(t->amb, ic, "Cause", &p) ==
		    RTI_OK)
			h->cause = p.id;
	}
	if (rti_get_dimension_handle(t->amb, "Zone", &d) == RTI_OK)
		h->zone = d.id;
}

static void
assert_same_handles(const struct handles *x, const struct handles *y)
{
	ck_assert_uint_eq(x->greeter, y->greeter);
	ck_assert_uint_eq(x->message, y->message);
	ck_assert_uint_eq(x->count, y->count);
	ck_assert_uint_eq(x->hello, y->hello);
	ck_assert_uint_eq(x->text, y->text);
	ck_assert_uint_eq(x->meter, y->meter);
	ck_assert_uint_eq(x->reading, y->reading);
	ck_assert_uint_eq(x->unit, y->unit);
	ck_assert_uint_eq(x->trip, y->trip);
	ck_assert_uint_eq(x->cause, y->cause);
	ck_assert_uint_eq(x->zone, y->zone);
}

/* The handles HelloWorld.xml then join-extra.xml give (rtiexec
 * --check-fom prints the same). */
/* After the MIM (module 1 of every federation: object classes 1..4,
 * attributes 1..45, interaction classes 1..85, parameters 1..101,
 * dimensions 1..2), HelloWorld.xml, then join-extra.xml. */
static const struct handles merged = {
	.greeter = 5, .message = 46, .count = 47, .hello = 86, .text = 102,
	.meter = 6, .reading = 48, .unit = 49, .trip = 87, .cause = 103,
	.zone = 3
};

static void
assert_old_fom_only(struct tfed *t)
{
	struct handles h, want = merged;

	lookup_all(t, &h);
	want.meter = want.reading = want.unit = 0;
	want.trip = want.cause = want.zone = 0;
	assert_same_handles(&h, &want);
}

/* Publish Meter {Reading, Unit} and register an instance named `name`
 * (names are reserved first, as the OM tests do). */
static rti_object_instance_handle
register_meter(struct tfed *t, const struct handles *h)
{
	rti_attribute_handle at[2] = { { h->reading }, { h->unit } };
	rti_object_class_handle meter = { h->meter };
	rti_object_instance_handle obj;

	ck_assert_int_eq(rti_publish_object_class_attributes(t->amb, meter,
	    at, 2), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance(t->amb, meter, &obj),
	    RTI_OK);
	return obj;
}

static void
update(struct tfed *t, rti_object_instance_handle obj, uint32_t attr,
    const char *value)
{
	struct rti_attribute_value v;

	v.attribute.id = attr;
	v.value = value;
	v.length = (uint32_t)strlen(value);
	ck_assert_int_eq(rti_update_attribute_values(t->amb, obj, &v, 1, "",
	    0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(t->amb), RTI_OK);
}

static int
contains(struct tfed *t, const char *ev)
{
	size_t i;

	for (i = 0; i < t->n_events; i++)
		if (strcmp(t->events[i], ev) == 0)
			return 1;
	return 0;
}

/* 1 when `t` discovered an instance as object class `cls`. */
static int
discovered_as(struct tfed *t, uint32_t cls)
{
	char end[16];
	size_t i, n, k;

	k = (size_t)snprintf(end, sizeof end, ":%u", cls);
	for (i = 0; i < t->n_events; i++) {
		n = strlen(t->events[i]);
		if (strncmp(t->events[i], "discover:", 9) == 0 && n > k &&
		    strcmp(t->events[i] + n - k, end) == 0)
			return 1;
	}
	return 0;
}

/* ---- tests ---- */

/* A joiner's module adds an object class with attributes, an interaction
 * class with a parameter and a dimension.  The joiner has them from its
 * reply; the federate joined before finds them by name without evoking
 * (the lookup reads the announcement ahead); the handles are the same on
 * both sides and the old ones did not move; data flows both ways on the
 * new classes, and DDM takes the new dimension on both sides. */
START_TEST(test_join_adds_classes)
{
	struct tfed *a = fed_first("a");
	const char *mods[] = { EXTRA };
	struct handles ha0, ha, hb;
	struct tfed *b;
	rti_object_class_handle meter;
	rti_interaction_class_handle trip;
	rti_attribute_handle at[2];
	rti_object_instance_handle obj;
	rti_dimension_handle zone;
	rti_region_handle reg;
	struct rti_parameter_value pv;
	char want[64];
	double t0;

	lookup_all(a, &ha0);
	assert_old_fom_only(a);
	b = fed_join_with("b", mods, 1);
	lookup_all(b, &hb);
	assert_same_handles(&hb, &merged);
	/* a learns the modules when it looks a new name up: no evoke */
	t0 = tfed_now();
	while (rti_get_object_class_handle(a->amb, "Meter", &meter) !=
	    RTI_OK && tfed_now() - t0 < WAIT_S)
		usleep(1000);
	lookup_all(a, &ha);
	assert_same_handles(&ha, &merged);
	ck_assert_uint_eq(ha0.greeter, ha.greeter);
	ck_assert_uint_eq(ha0.count, ha.count);
	ck_assert_uint_eq(ha0.text, ha.text);

	/* b publishes and updates the new class, a subscribes by name */
	meter.id = ha.meter;
	at[0].id = ha.reading;
	at[1].id = ha.unit;
	ck_assert_int_eq(rti_subscribe_object_class_attributes(a->amb, meter,
	    at, 2), RTI_OK);
	trip.id = ha.trip;
	ck_assert_int_eq(rti_subscribe_interaction_class(a->amb, trip),
	    RTI_OK);
	obj = register_meter(b, &hb);
	update(b, obj, hb.reading, "42");
	snprintf(want, sizeof want, "reflect:%u=42", merged.reading);
	ck_assert_msg(tfed_wait(a, want), "no reflection of the new class");
	ck_assert_msg(discovered_as(a, merged.meter), "not discovered as "
	    "Meter");
	ck_assert_int_eq(rti_publish_interaction_class(b->amb, trip), RTI_OK);
	pv.parameter.id = hb.cause;
	pv.value = "fault";
	pv.length = 5;
	ck_assert_int_eq(rti_send_interaction(b->amb, trip, &pv, 1, "", 0),
	    RTI_OK);
	snprintf(want, sizeof want, "interaction:%u:%u=fault", merged.trip,
	    merged.cause);
	ck_assert_msg(tfed_wait(a, want), "no interaction of the new class");

	/* the new dimension: a region of it on the federate joined before,
	 * known to rtiexec (a subscription with it is accepted) */
	zone.id = ha.zone;
	ck_assert_int_eq(rti_create_region(a->amb, &zone, 1, &reg), RTI_OK);
	ck_assert_int_eq(rti_set_range_bounds(a->amb, reg, zone, 2, 5),
	    RTI_OK);
	ck_assert_int_eq(rti_commit_region_modifications(a->amb, &reg, 1),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    a->amb, meter, at, 1, &reg, 1), RTI_OK);
	zone.id = hb.zone;
	ck_assert_int_eq(rti_create_region(b->amb, &zone, 1, &reg), RTI_OK);
	ck_assert_int_eq(rti_commit_region_modifications(b->amb, &reg, 1),
	    RTI_OK);
	ck_assert_int_eq(a->lost + b->lost, 0);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* The lookups of test_lookup_catches_up: each names an item of
 * join-extra.xml by its handle or name (as a handle received from another
 * federate would be), the answer as text in `got`. */
enum { LU_ATTR_HANDLE, LU_PARAM_HANDLE, LU_ATTR_NAME, LU_PARAM_NAME,
	LU_OCLASS_NAME, LU_ICLASS_NAME, LU_DIM_NAME, LU_DIM_UPPER,
	LU_ATTR_DATATYPE, LU_PARAM_DATATYPE, LU_DATATYPE_HANDLE, LU_COUNT };

static const struct {
	const char *what, *want;
} lookups[LU_COUNT] = {
	[LU_ATTR_HANDLE] = { "rti_get_attribute_handle", "48" },
	[LU_PARAM_HANDLE] = { "rti_get_parameter_handle", "103" },
	[LU_ATTR_NAME] = { "rti_get_attribute_name", "Reading" },
	[LU_PARAM_NAME] = { "rti_get_parameter_name", "Cause" },
	[LU_OCLASS_NAME] = { "rti_get_object_class_name",
	    "HLAobjectRoot.Meter" },
	[LU_ICLASS_NAME] = { "rti_get_interaction_class_name",
	    "HLAinteractionRoot.Trip" },
	[LU_DIM_NAME] = { "rti_get_dimension_name", "Zone" },
	[LU_DIM_UPPER] = { "rti_get_dimension_upper_bound", "16" },
	[LU_ATTR_DATATYPE] = { "rti_get_attribute_datatype", "Kilowatts" },
	[LU_PARAM_DATATYPE] = { "rti_get_parameter_datatype",
	    "HLAunicodeString" },
	[LU_DATATYPE_HANDLE] = { "rti_get_datatype_handle", "Kilowatts" },
};

static int
lookup_one(rti_ambassador *amb, int which, char *got, size_t len)
{
	rti_object_class_handle meter = { merged.meter };
	rti_interaction_class_handle trip = { merged.trip };
	rti_attribute_handle reading = { merged.reading }, a;
	rti_parameter_handle cause = { merged.cause }, p;
	rti_dimension_handle zone = { merged.zone };
	rti_datatype_handle dt;
	const char *name = "";
	uint64_t upper = 0;
	int rc = RTI_ERR_INTERNAL_ERROR;

	switch (which) {
	case LU_ATTR_HANDLE:
		if ((rc = rti_get_attribute_handle(amb, meter, "Reading",
		    &a)) == RTI_OK)
			upper = a.id;
		break;
	case LU_PARAM_HANDLE:
		if ((rc = rti_get_parameter_handle(amb, trip, "Cause",
		    &p)) == RTI_OK)
			upper = p.id;
		break;
	case LU_ATTR_NAME:
		rc = rti_get_attribute_name(amb, meter, reading, &name);
		break;
	case LU_PARAM_NAME:
		rc = rti_get_parameter_name(amb, trip, cause, &name);
		break;
	case LU_OCLASS_NAME:
		rc = rti_get_object_class_name(amb, meter, &name);
		break;
	case LU_ICLASS_NAME:
		rc = rti_get_interaction_class_name(amb, trip, &name);
		break;
	case LU_DIM_NAME:
		rc = rti_get_dimension_name(amb, zone, &name);
		break;
	case LU_DIM_UPPER:
		rc = rti_get_dimension_upper_bound(amb, zone, &upper);
		break;
	case LU_ATTR_DATATYPE:
	case LU_PARAM_DATATYPE:
		rc = which == LU_ATTR_DATATYPE ?
		    rti_get_attribute_datatype(amb, reading, &dt) :
		    rti_get_parameter_datatype(amb, cause, &dt);
		if (rc == RTI_OK)
			rc = rti_get_datatype_name(amb, dt, &name);
		break;
	case LU_DATATYPE_HANDLE:
		if ((rc = rti_get_datatype_handle(amb, "Kilowatts", &dt)) ==
		    RTI_OK)
			rc = rti_get_datatype_name(amb, dt, &name);
		break;
	}
	if (*name)
		snprintf(got, len, "%s", name);
	else
		snprintf(got, len, "%llu", (unsigned long long)upper);
	return rc;
}

/*
 * Every lookup of a handle or name finds the items of a module another
 * federate joined with, though this federate has not evoked since: the
 * lookup itself reads the announcement ahead, whichever lookup meets a
 * new item first (the object class and interaction class lookups, their
 * attribute and parameter lookups, dimensions and datatypes alike).
 */
START_TEST(test_lookup_catches_up)
{
	struct tfed *a = fed_first("a"), *b;
	const char *mods[] = { EXTRA };
	char got[64];
	double t0;
	int rc;

	b = fed_join_with("b", mods, 1);
	t0 = tfed_now();
	while ((rc = lookup_one(a->amb, _i, got, sizeof got)) != RTI_OK &&
	    tfed_now() - t0 < WAIT_S)
		usleep(1000);
	ck_assert_msg(rc == RTI_OK, "%s did not find the item of the module "
	    "b joined with in %.0f s: %s (%s)", lookups[_i].what, WAIT_S,
	    rti_err_name(rc), rti_error_message(a->amb));
	ck_assert_str_eq(got, lookups[_i].want);
	ck_assert_int_eq(a->lost + b->lost, 0);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* A federate joined before subscribes to the new class first; the joiner
 * publishes the old class as well: the old handles route as before. */
START_TEST(test_old_and_new_both_ways)
{
	struct tfed *a = fed_first("a");
	const char *mods[] = { EXTRA };
	struct handles h;
	struct tfed *b;
	rti_object_class_handle greeter, meter;
	rti_attribute_handle msg, rd;
	rti_object_instance_handle oa, ob;
	char want[64];

	b = fed_join_with("b", mods, 1);
	tfed_barrier(a);          /* a has read the announcement in order */
	lookup_all(a, &h);
	assert_same_handles(&h, &merged);
	/* a publishes the new class, b subscribes: b learned it at join */
	meter.id = h.meter;
	rd.id = h.reading;
	ck_assert_int_eq(rti_subscribe_object_class_attributes(b->amb, meter,
	    &rd, 1), RTI_OK);
	oa = register_meter(a, &h);
	update(a, oa, h.reading, "7");
	snprintf(want, sizeof want, "reflect:%u=7", h.reading);
	ck_assert(tfed_wait(b, want));
	/* and the old class, b publishing, a subscribing */
	greeter.id = h.greeter;
	msg.id = h.message;
	ck_assert_int_eq(rti_subscribe_object_class_attributes(a->amb,
	    greeter, &msg, 1), RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(b->amb, greeter,
	    &msg, 1), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance(b->amb, greeter, &ob),
	    RTI_OK);
	update(b, ob, h.message, "hi");
	snprintf(want, sizeof want, "reflect:%u=hi", h.message);
	ck_assert(tfed_wait(a, want));
	ck_assert(discovered_as(a, merged.greeter));
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* Refusals leave the federation as it was: nothing announced, no new
 * name anywhere, the joiner not joined, the federate joined before still
 * working, a later plain join with the old FOM. */
START_TEST(test_refused_federation_unchanged)
{
	struct tfed *a = fed_first("a");
	struct tfed *b = fed_new(), *c;
	const char *conflict[] = { EXTRA, CONFLICT };
	const char *missing[] = { "no-such-module.xml" };
	const char *garbage[1];
	rti_object_class_handle oc;
	rti_attribute_handle msg;
	rti_object_instance_handle obj;
	char path[256];
	FILE *fp;

	snprintf(path, sizeof path, "%s/join-garbage.xml", rx.dir);
	fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("this is not an object model\n", fp);
	fclose(fp);
	garbage[0] = path;

	ck_assert_int_eq(rti_join_federation_execution_with_modules(b->amb,
	    "b", "test", "F", conflict, 2, NULL), RTI_ERR_INCONSISTENT_FDD);
	ck_assert_ptr_nonnull(strstr(rti_error_message(b->amb), "Text"));
	ck_assert_int_eq(rti_get_object_class_handle(b->amb, "Greeter", &oc),
	    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_join_federation_execution_with_modules(b->amb,
	    "b", "test", "F", missing, 1, NULL), RTI_ERR_COULD_NOT_OPEN_FDD);
	ck_assert_ptr_nonnull(strstr(rti_error_message(b->amb),
	    "no-such-module.xml"));
	ck_assert_int_eq(rti_join_federation_execution_with_modules(b->amb,
	    "b", "test", "F", garbage, 1, NULL), RTI_ERR_ERROR_READING_FDD);
	ck_assert_int_eq(rti_join_federation_execution_with_modules(b->amb,
	    "a", "test", "F", conflict, 1, NULL),
	    RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE);
	ck_assert_int_eq(rti_join_federation_execution_with_modules(b->amb,
	    "b", "test", "G", conflict, 1, NULL),
	    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST);
	/* nothing of EXTRA (merged before the conflict) or CONFLICT */
	tfed_barrier(a);
	assert_old_fom_only(a);
	ck_assert_int_eq(rti_get_object_class_handle(a->amb, "Stray", &oc),
	    RTI_ERR_NAME_NOT_FOUND);
	ck_assert_int_eq(a->lost, 0);
	/* a still works */
	oc.id = merged.greeter;
	msg.id = merged.message;
	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, oc, &msg,
	    1), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance(a->amb, oc, &obj),
	    RTI_OK);
	/* the refused joiner may join plainly, with the old FOM */
	ck_assert_int_eq(rti_join_federation_execution(b->amb, "b", "test",
	    "F", NULL), RTI_OK);
	assert_old_fom_only(b);
	c = fed_new();
	ck_assert_int_eq(rti_join_federation_execution(c->amb, "c", "test",
	    "F", NULL), RTI_OK);
	assert_old_fom_only(c);
	ck_assert_int_eq(rti_get_object_class_handle(c->amb, "Stray", &oc),
	    RTI_ERR_NAME_NOT_FOUND);
	tfed_free(c);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* Attributes that would need wider attribute sets are refused, the
 * federation unchanged (with the MIM, HelloWorld.xml ends at handle 47:
 * 150 more pass its room, 127). */
START_TEST(test_wide_refused)
{
	struct tfed *a = fed_first("a");
	struct tfed *b = fed_new();
	const char *mods[1];
	char path[256];
	FILE *fp;
	int i;

	snprintf(path, sizeof path, "%s/join-wide.xml", rx.dir);
	fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("<?xml version=\"1.0\"?>\n<objectModel xmlns=\"http://"
	    "standards.ieee.org/IEEE1516-2010\"><objects><objectClass>"
	    "<name>HLAobjectRoot</name><objectClass><name>Wide</name>", fp);
	/* past the room of any small federation (rtiexec(1)) */
	for (i = 0; i < 150; i++)
		fprintf(fp, "<attribute><name>a%d</name></attribute>", i);
	fputs("</objectClass></objectClass></objects></objectModel>\n", fp);
	fclose(fp);
	mods[0] = path;
	ck_assert_int_eq(rti_join_federation_execution_with_modules(b->amb,
	    "b", "test", "F", mods, 1, NULL), RTI_ERR_LIMIT_EXCEEDED);
	tfed_barrier(a);
	assert_old_fom_only(a);
	ck_assert_int_eq(rti_join_federation_execution(b->amb, "b", "test",
	    "F", NULL), RTI_OK);
	assert_old_fom_only(b);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* Write a module with class `cls` of `n` attributes to `path`. */
static void
write_wide(const char *path, const char *cls, int n)
{
	FILE *fp = fopen(path, "w");
	int i;

	ck_assert_ptr_nonnull(fp);
	fprintf(fp, "<?xml version=\"1.0\"?>\n<objectModel xmlns=\"http://"
	    "standards.ieee.org/IEEE1516-2010\"><objects><objectClass>"
	    "<name>HLAobjectRoot</name><objectClass><name>%s</name>", cls);
	for (i = 0; i < n; i++)
		fprintf(fp, "<attribute><name>a%d</name></attribute>", i);
	fputs("</objectClass></objectClass></objects></objectModel>\n", fp);
	fclose(fp);
}

/* A federation created with 96 attributes (HLAprivilegeToDeleteObject, the
 * MIM's 45 and 50) has room up to handle 191: a join adding 40 crosses 128
 * and works (the sets were sized with that room). */
START_TEST(test_room_past_a_word)
{
	struct tfed *a = fed_new(), *b;
	const char *mods[1];
	char base[256], more[256];
	rti_object_class_handle w;
	rti_attribute_handle at;
	rti_object_instance_handle o;
	struct rti_attribute_value v;

	snprintf(base, sizeof base, "%s/join-base50.xml", rx.dir);
	snprintf(more, sizeof more, "%s/join-more40.xml", rx.dir);
	write_wide(base, "Base", 50);
	write_wide(more, "More", 40);
	mods[0] = base;
	ck_assert_int_eq(rti_create_federation_execution(a->amb, "F", mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "a", "test",
	    "F", &a->handle), RTI_OK);
	mods[0] = more;
	b = fed_join_with("b", mods, 1);
	ck_assert_int_eq(rti_get_object_class_handle(a->amb, "More", &w),
	    RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(a->amb, w, "a39", &at),
	    RTI_OK);
	ck_assert_uint_ge(at.id, 128);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(a->amb, w, &at,
	    1), RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(b->amb, w, &at,
	    1), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance(b->amb, w, &o),
	    RTI_OK);
	v.attribute = at;
	v.value = "x";
	v.length = 1;
	tfed_barrier(b);
	ck_assert_int_eq(rti_update_attribute_values(b->amb, o, &v, 1, NULL,
	    0), RTI_OK);
	ck_assert(tfed_wait(a, "reflect:"));
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* The federation's own module named again (same name and text), or a
 * copy of it under another name (its classes merge as equal), is no
 * error and moves nothing; with a new module beside it, that one is
 * merged. */
START_TEST(test_same_module_accepted)
{
	struct tfed *a = fed_first("a");
	const char *same[] = { HELLO };
	const char *both[] = { HELLO, EXTRA };
	const char *copy[1];
	struct tfed *b, *c, *d;
	struct handles h;
	char path[256], buf[4096];
	FILE *in, *out;
	size_t n;

	b = fed_join_with("b", same, 1);
	assert_old_fom_only(b);
	snprintf(path, sizeof path, "%s/HelloAgain.xml", rx.dir);
	in = fopen(HELLO, "r");
	out = fopen(path, "w");
	ck_assert(in && out);
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		ck_assert_uint_eq(fwrite(buf, 1, n, out), n);
	fclose(in);
	fclose(out);
	copy[0] = path;
	c = fed_join_with("c", copy, 1);
	assert_old_fom_only(c);
	d = fed_join_with("d", both, 2);
	lookup_all(d, &h);
	assert_same_handles(&h, &merged);
	tfed_barrier(a);
	tfed_barrier(b);
	lookup_all(a, &h);
	assert_same_handles(&h, &merged);
	lookup_all(b, &h);
	assert_same_handles(&h, &merged);
	ck_assert_int_eq(a->lost + b->lost + c->lost + d->lost, 0);
	tfed_free(d);
	tfed_free(c);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* ---- growth under traffic ---- */

struct joiner {
	struct tfed *t;
	atomic_int done;
	int rc;
};

static void *
join_thread(void *arg)
{
	struct joiner *j = arg;
	const char *mods[] = { EXTRA };

	j->rc = rti_join_federation_execution_with_modules(j->t->amb, "b",
	    "test", "F", mods, 1, &j->t->handle);
	atomic_store(&j->done, 1);
	return NULL;
}

/* A publisher keeps updating an old class while another federate joins
 * with modules: the subscriber gets every update, each of the old class
 * and its attribute, before, during and after the growth; then the new
 * class works for the same two federates. */
START_TEST(test_grow_under_updates)
{
	struct tfed *p = fed_first("p");
	struct tfed *s = fed_new();
	struct joiner j;
	pthread_t th;
	rti_object_class_handle greeter = { merged.greeter };
	rti_attribute_handle msg = { merged.message };
	rti_object_instance_handle obj;
	struct handles hp;
	char val[32], want[64];
	size_t sent = 0, i, during = 0;

	ck_assert_int_eq(rti_join_federation_execution(s->amb, "s", "test",
	    "F", NULL), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(s->amb,
	    greeter, &msg, 1), RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(p->amb, greeter,
	    &msg, 1), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance(p->amb, greeter, &obj),
	    RTI_OK);
	for (i = 0; i < 200; i++) {
		snprintf(val, sizeof val, "%zu", sent++);
		update(p, obj, msg.id, val);
	}
	j.t = fed_new();
	atomic_init(&j.done, 0);
	ck_assert_int_eq(pthread_create(&th, NULL, join_thread, &j), 0);
	while (!atomic_load(&j.done)) {
		snprintf(val, sizeof val, "%zu", sent++);
		update(p, obj, msg.id, val);
		during++;
		ck_assert_int_eq(rti_evoke_callbacks(s->amb, 0, 0, NULL),
		    RTI_OK);
	}
	pthread_join(th, NULL);
	ck_assert_int_eq(j.rc, RTI_OK);
	for (i = 0; i < 200; i++) {
		snprintf(val, sizeof val, "%zu", sent++);
		update(p, obj, msg.id, val);
	}
	ck_assert_msg(tfed_wait_n(s, "reflect:", sent), "%zu of %zu updates",
	    tfed_count(s, "reflect:"), sent);
	for (i = 0; i < sent; i++) {
		snprintf(want, sizeof want, "reflect:%u=%zu", merged.message,
		    i);
		ck_assert_msg(contains(s, want), "update %zu lost", i);
	}
	ck_assert_uint_eq(tfed_count(s, "reflect:"), sent);
	ck_assert_uint_ge(during, 1);
	/* the new class, between the publisher and the subscriber */
	tfed_barrier(p);
	tfed_barrier(s);
	lookup_all(p, &hp);
	assert_same_handles(&hp, &merged);
	{
		rti_object_class_handle meter = { merged.meter };
		rti_attribute_handle rd = { merged.reading };
		rti_object_instance_handle m;

		ck_assert_int_eq(rti_subscribe_object_class_attributes(s->amb,
		    meter, &rd, 1), RTI_OK);
		m = register_meter(p, &hp);
		update(p, m, merged.reading, "x");
		snprintf(want, sizeof want, "reflect:%u=x", merged.reading);
		ck_assert(tfed_wait(s, want));
	}
	ck_assert_int_eq(p->lost + s->lost + j.t->lost, 0);
	tfed_free(j.t);
	tfed_free(s);
	tfed_free(p);
}
END_TEST

/* ---- the loop is not blocked ---- */

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

/* Round trips until `stop`: `during` counts those sent after `busy` was
 * set and answered while `t` did not know object class `probe` yet, i.e.
 * before rtiexec had merged the module that defines it (rtiexec sends the
 * merged modules to every federate, on t's connection before any reply
 * that follows the merge). */
struct pinger {
	struct tfed *t;
	const char *probe;
	atomic_int stop, busy;
	unsigned n, during;
	double worst;
};

static void *
ping_loop(void *arg)
{
	struct pinger *p = arg;
	rti_federate_handle h;
	rti_object_class_handle c;

	while (!atomic_load(&p->stop)) {
		int busy = atomic_load(&p->busy);
		double t0 = tfed_now(), rtt;

		/* one request, one reply */
		ck_assert_int_eq(rti_get_federate_handle(p->t->amb, "nobody",
		    &h), RTI_ERR_NAME_NOT_FOUND);
		rtt = tfed_now() - t0;
		if (busy && rti_get_object_class_handle(p->t->amb, p->probe,
		    &c) != RTI_OK)
			p->during++;
		if (rtt > p->worst)
			p->worst = rtt;
		p->n++;
		usleep(2000);
	}
	return NULL;
}

/* A module of n object classes and n interaction classes, their names
 * tagged, (one parameter
 * each): large to parse, no attribute. */
static void
big_module(const char *path, const char *tag, unsigned n)
{
	FILE *fp = fopen(path, "w");
	unsigned i;

	ck_assert_ptr_nonnull(fp);
	fputs("<?xml version=\"1.0\"?>\n<objectModel xmlns=\"http://"
	    "standards.ieee.org/IEEE1516-2010\"><objects><objectClass>"
	    "<name>HLAobjectRoot</name>", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "<objectClass><name>Big%s%u</name>"
		    "</objectClass>\n", tag, i);
	fputs("</objectClass></objects><interactions><interactionClass>"
	    "<name>HLAinteractionRoot</name>", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "<interactionClass><name>BigI%s%u</name>"
		    "<parameter><name>p</name></parameter>"
		    "</interactionClass>\n", tag, i);
	fputs("</interactionClass></interactions></objectModel>\n", fp);
	fclose(fp);
}

/*
 * A join with a large module while a federate joined before keeps making
 * round trips: they are answered before rtiexec has merged the module
 * (it is parsed on the loader's thread, not on the loop: a loop that
 * parsed would answer a round trip sent during the join only after the
 * merge); then both federates have the new classes, with the same
 * handles.  How long the round trips took is printed, not judged.
 */
START_TEST(test_large_join_round_trips)
{
	struct tfed *a = fed_first("a"), *b = fed_new();
	int wrapped = getenv("RTI_TEST_WRAPPER") != NULL;
	unsigned n = wrapped ? 500 : SANITIZED ? 10000 : 15000;
	rti_object_class_handle ca, cb;
	rti_interaction_class_handle ia, ib;
	const char *mods[2];
	char path[2][256], name[32];
	struct pinger p;
	pthread_t th;
	double t0, dur;

	snprintf(path[0], sizeof path[0], "%s/join-big1.xml", rx.dir);
	snprintf(path[1], sizeof path[1], "%s/join-big2.xml", rx.dir);
	big_module(path[0], "A", n);
	big_module(path[1], "B", n);
	mods[0] = path[0];
	mods[1] = path[1];
	memset(&p, 0, sizeof p);
	p.t = a;
	snprintf(name, sizeof name, "BigB%u", n - 1);
	p.probe = name;
	atomic_init(&p.stop, 0);
	atomic_init(&p.busy, 0);
	ck_assert_int_eq(pthread_create(&th, NULL, ping_loop, &p), 0);
	usleep(50000);
	t0 = tfed_now();
	atomic_store(&p.busy, 1);
	ck_assert_int_eq(rti_join_federation_execution_with_modules(b->amb,
	    "b", "test", "F", mods, 2, NULL), RTI_OK);
	atomic_store(&p.busy, 0);
	dur = tfed_now() - t0;
	atomic_store(&p.stop, 1);
	pthread_join(th, NULL);
	fprintf(stderr, "large join modules: join %.3f s, %u round trips "
	    "(%u during it), worst %.1f ms\n", dur, p.n, p.during,
	    p.worst * 1e3);
	if (!wrapped)
		ck_assert_msg(p.during >= 3, "%u round trips sent during the "
		    "join were answered "
		    "before rtiexec merged the module: the loop waited for "
		    "its parse (or it is too small to show it; make "
		    "big_module() larger)", p.during);
	snprintf(name, sizeof name, "BigB%u", n - 1);
	ck_assert_int_eq(rti_get_object_class_handle(b->amb, name, &cb),
	    RTI_OK);
	tfed_barrier(a);
	ck_assert_int_eq(rti_get_object_class_handle(a->amb, name, &ca),
	    RTI_OK);
	ck_assert_uint_eq(ca.id, cb.id);
	/* after the MIM's four and Greeter */
	ck_assert_uint_eq(cb.id, 5 + 2 * n);
	snprintf(name, sizeof name, "BigIA%u", n / 2);
	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb, name, &ia),
	    RTI_OK);
	ck_assert_int_eq(rti_get_interaction_class_handle(b->amb, name, &ib),
	    RTI_OK);
	ck_assert_uint_eq(ia.id, ib.id);
	assert_old_fom_only(a);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* ---- announcements a federate cannot apply ---- */

/*
 * A fake rtiexec on loopback: it answers the HELLO and the JOIN (with
 * HelloWorld.xml as the federation's module), then sends one
 * CB_FOM_MODULES of the case's kind, and holds the connection until the
 * federate closes it.
 */
enum { BAD_XML, BAD_CONFLICT, BAD_GAP, BAD_TRUNCATED, BAD_COUNT };

static const struct bad_case {
	int kind;
	int by_lookup;            /* met by a lookup ahead, not by evoke */
	const char *fault;        /* in connection_lost's text */
} bad_cases[] = {
	{ BAD_XML, 0, "cannot load the FOM module 'bad.xml'" },
	{ BAD_XML, 1, "cannot load the FOM module 'bad.xml'" },
	{ BAD_CONFLICT, 0, "cannot load the FOM module 'conflict.xml'" },
	{ BAD_GAP, 0, "FOM modules 5.. announced, 1 loaded" },
	{ BAD_GAP, 1, "FOM modules 5.. announced, 1 loaded" },
	{ BAD_TRUNCATED, 0, "malformed or unexpected message 0x0185" },
	{ BAD_TRUNCATED, 1, "malformed or unexpected message 0x0185" },
};

struct fake {
	int lfd, port, kind;
};

static char *
slurp_file(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	ck_assert_ptr_nonnull(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

/* The compact form of module file `path`, as rtiexec sends it (caller
 * frees); *len set. */
static char *
compact_file(const char *path, size_t *len)
{
	struct fom_error err;
	struct wire_buf b;
	size_t n;
	char *xml = slurp_file(path, &n);

	wire_buf_init(&b);
	ck_assert_msg(fom_bin_of_xml(xml, n, path, &b, &err) == 0, "%s",
	    err.msg);
	free(xml);
	*len = b.len;
	return (char *)b.data;
}

/* Read one frame into buf (payload); its type, or -1 at EOF. */
static int
fake_read(int fd, uint8_t *buf, size_t cap, uint32_t *len)
{
	uint8_t hdr[WIRE_HEADER_SIZE];
	size_t got;
	ssize_t k;

	for (got = 0; got < sizeof hdr; got += (size_t)k)
		if ((k = recv(fd, hdr + got, sizeof hdr - got, 0)) <= 0)
			return -1;
	*len = wire_get32(hdr);
	if (*len > cap)
		return -1;
	for (got = 0; got < *len; got += (size_t)k)
		if ((k = recv(fd, buf + got, *len - got, 0)) <= 0)
			return -1;
	return wire_get16(hdr + 4);
}

static void
fake_send(int fd, struct wire_buf *b)
{
	ck_assert_int_eq(b->oom, 0);
	ck_assert_int_eq(send(fd, b->data, b->len, MSG_NOSIGNAL),
	    (ssize_t)b->len);
	wire_buf_reset(b);
}

static void *
fake_main(void *arg)
{
	struct fake *fk = arg;
	static uint8_t in[1 << 16];
	struct wire_buf b;
	char *hello, *conflict;
	size_t hello_len, conflict_len, off;
	uint32_t len, serial;
	int fd, type;

	hello = compact_file(HELLO, &hello_len);
	conflict = compact_file(CONFLICT, &conflict_len);
	wire_buf_init(&b);
	fd = accept(fk->lfd, NULL, NULL);
	if (fd < 0)
		goto out;
	if (fake_read(fd, in, sizeof in, &len) != WIRE_HELLO)
		goto done;
	off = wire_frame_begin(&b, WIRE_HELLO_ACK);
	wire_put_u32(&b, WIRE_MAGIC);
	wire_put_u16(&b, WIRE_VERSION);
	wire_put_u32(&b, WIRE_DEFAULT_MAX_FRAME);
	wire_frame_end(&b, off);
	fake_send(fd, &b);
	while ((type = fake_read(fd, in, sizeof in, &len)) != WIRE_JOIN)
		if (type < 0)
			goto done;
	serial = wire_get32(in);
	off = wire_frame_begin(&b, WIRE_REPLY);
	wire_put_u32(&b, serial);
	wire_put_u32(&b, RTI_OK);
	wire_put_str(&b, "");
	wire_put_u32(&b, 1);              /* handle */
	wire_put_str(&b, "a");
	wire_put_str(&b, "HLAfloat64Time");
	wire_put_u32(&b, 1);
	wire_put_str(&b, "HelloWorld.xml");
	wire_put_blob(&b, hello, hello_len);
	wire_frame_end(&b, off);
	off = wire_frame_begin(&b, WIRE_CB_FOM_MODULES);
	wire_put_u32(&b, fk->kind == BAD_GAP ? 5 : 1);
	wire_put_u32(&b, 1);
	if (fk->kind == BAD_XML) {
		wire_put_str(&b, "bad.xml");
		wire_put_blob(&b, "not an object model", 19);
	} else if (fk->kind == BAD_CONFLICT) {
		wire_put_str(&b, "conflict.xml");
		wire_put_blob(&b, conflict, conflict_len);
	} else if (fk->kind == BAD_GAP) {
		wire_put_str(&b, "gap.xml");
		wire_put_blob(&b, hello, hello_len);
	} else {
		wire_put_str(&b, "truncated.xml");  /* and no blob */
	}
	wire_frame_end(&b, off);
	fake_send(fd, &b);
	while (fake_read(fd, in, sizeof in, &len) >= 0)
		;                         /* until the federate closes */
done:
	close(fd);
out:
	wire_buf_free(&b);
	free(hello);
	free(conflict);
	return NULL;
}

/* An announcement that does not apply loses the connection with a clear
 * fault, whether evoke or a lookup ahead meets it; nothing crashes and
 * the old FOM stays readable until the federate disconnects. */
START_TEST(test_bad_announcement)
{
	const struct bad_case *bc = &bad_cases[_i];
	struct sockaddr_in sa;
	socklen_t sl = sizeof sa;
	struct fake fk;
	pthread_t th;
	struct tfed *t = calloc(1, sizeof *t);
	struct rti_callbacks cb;
	rti_object_class_handle oc;
	char url[64];
	double t0;
	int rc = RTI_OK;

	ck_assert_ptr_nonnull(t);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	fk.kind = bc->kind;
	fk.lfd = socket(AF_INET, SOCK_STREAM, 0);
	ck_assert_int_ge(fk.lfd, 0);
	ck_assert_int_eq(bind(fk.lfd, (struct sockaddr *)&sa, sizeof sa), 0);
	ck_assert_int_eq(listen(fk.lfd, 1), 0);
	ck_assert_int_eq(getsockname(fk.lfd, (struct sockaddr *)&sa, &sl), 0);
	fk.port = ntohs(sa.sin_port);
	ck_assert_int_eq(pthread_create(&th, NULL, fake_main, &fk), 0);

	memset(&cb, 0, sizeof cb);
	cb.connection_lost = on_lost;
	t->amb = rti_ambassador_new();
	snprintf(url, sizeof url, "tcp://127.0.0.1:%d", fk.port);
	ck_assert_int_eq(rti_connect(t->amb, url, &cb, t), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(t->amb, "a", "test",
	    "F", NULL), RTI_OK);
	t0 = tfed_now();
	if (bc->by_lookup) {
		/* no evoke: a miss reads ahead and meets the frame */
		while ((rc = rti_get_object_class_handle(t->amb, "Meter",
		    &oc)) == RTI_ERR_NAME_NOT_FOUND &&
		    tfed_now() - t0 < WAIT_S)
			usleep(1000);
		ck_assert_int_eq(rc, RTI_ERR_CONNECTION_LOST);
		ck_assert_int_eq(t->lost, 0);
	} else {
		while (!t->lost && tfed_now() - t0 < WAIT_S &&
		    (rc = rti_evoke_callbacks(t->amb, 0.01, 0.01, NULL)) ==
		    RTI_OK)
			;
	}
	if (!t->lost)
		(void)rti_evoke_callbacks(t->amb, 0, 0, NULL);
	ck_assert_msg(t->lost, "connection not lost");
	ck_assert_int_ge(tfed_find(t, "lost:"), 0);
	ck_assert_msg(strstr(t->events[tfed_find(t, "lost:")], bc->fault),
	    "fault '%s', want '%s'", t->events[tfed_find(t, "lost:")],
	    bc->fault);
	ck_assert_int_eq(rti_evoke_callbacks(t->amb, 0, 0, NULL),
	    RTI_ERR_CONNECTION_LOST);
	(void)rc;
	rti_disconnect(t->amb);
	pthread_join(th, NULL);
	close(fk.lfd);
	tfed_free(t);
}
END_TEST

/* ---- order on the joiner's connection ---- */

static void
raw_frame(int fd, uint16_t type, struct wire_buf *body)
{
	struct wire_buf b;
	size_t off;

	wire_buf_init(&b);
	off = wire_frame_begin(&b, type);
	wire_put_raw(&b, body->data, body->len);
	wire_frame_end(&b, off);
	fake_send(fd, &b);
	wire_buf_free(&b);
	wire_buf_reset(body);
}

/* The REPLY of `fd`'s next answer: its serial and error. */
static void
raw_reply(int fd, uint32_t *serial, uint32_t *err)
{
	static uint8_t in[1 << 20];
	uint32_t len;
	int type;

	while ((type = fake_read(fd, in, sizeof in, &len)) != WIRE_REPLY)
		ck_assert_int_ge(type, 0);
	ck_assert_uint_ge(len, 8);
	*serial = wire_get32(in);
	*err = wire_get32(in + 4);
}

/*
 * Frames pipelined behind a join with modules wait for it: a request that
 * needs the joined federate, sent right behind the join, is answered
 * after it, and as joined.
 */
START_TEST(test_pipelined_behind_join)
{
	struct tfed *a = fed_first("a");
	struct sockaddr_in sa;
	struct wire_buf b;
	uint32_t serial, err, i;
	size_t xlen;
	char *xml = slurp_file(EXTRA, &xlen);
	int fd;

	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)rx.port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	wire_buf_init(&b);
	wire_put_u32(&b, WIRE_MAGIC);
	wire_put_u16(&b, WIRE_VERSION);
	wire_put_blob(&b, NULL, 0);
	raw_frame(fd, WIRE_HELLO, &b);
	/* the join, then at once two requests behind it */
	wire_put_u32(&b, 1);
	wire_put_str(&b, "F");
	wire_put_str(&b, "raw");
	wire_put_str(&b, "test");
	wire_put_u32(&b, 1);
	wire_put_str(&b, "join-extra.xml");
	wire_put_blob(&b, xml, xlen);
	raw_frame(fd, WIRE_JOIN_WITH_MODULES, &b);
	wire_put_u32(&b, 2);
	wire_put_str(&b, "raw");
	raw_frame(fd, WIRE_GET_FEDERATE_HANDLE, &b);
	wire_put_u32(&b, 3);
	raw_frame(fd, WIRE_PING, &b);
	for (i = 1; i <= 3; i++) {
		raw_reply(fd, &serial, &err);
		ck_assert_uint_eq(serial, i);
		ck_assert_msg(err == RTI_OK, "request %u: %s", i,
		    rti_err_name((int)err));
	}
	close(fd);
	wire_buf_free(&b);
	free(xml);
	tfed_barrier(a);
	ck_assert_int_eq(a->lost, 0);
	tfed_free(a);
}
END_TEST

static Suite *
joinfom_suite(void)
{
	Suite *s = suite_create("joinfom");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_join_adds_classes);
	tcase_add_test(tc, test_old_and_new_both_ways);
	tcase_add_test(tc, test_refused_federation_unchanged);
	tcase_add_test(tc, test_wide_refused);
	tcase_add_test(tc, test_room_past_a_word);
	tcase_add_test(tc, test_same_module_accepted);
	tcase_add_test(tc, test_grow_under_updates);
	tcase_add_test(tc, test_large_join_round_trips);
	tcase_add_test(tc, test_pipelined_behind_join);
	tcase_add_loop_test(tc, test_lookup_catches_up, 0, LU_COUNT);
	suite_add_tcase(s, tc);
	tc = tcase_create("bad");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_bad_announcement, 0,
	    (int)(sizeof bad_cases / sizeof *bad_cases));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(joinfom_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
