/* SPDX-License-Identifier: Apache-2.0 */
/*
 * save_helpers.h - what the save and restore state tests share
 * (test/integration/check_save_state.c, test/unit/check_restore_hooks.c):
 * the recording callbacks of ownership and reflections, and small steps
 * on Grid.xml's instances and regions.  Static: each test file includes
 * it once, after testutil.h.
 */
#ifndef RTI_TEST_SAVE_HELPERS_H
#define RTI_TEST_SAVE_HELPERS_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

static void
cb_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;

	(void)tag;
	(void)tag_len;
	(void)info;
	t->n_reflects++;
	tfed_event(t, "reflect:%s:%.*s", tfed_obj_name(t, obj),
	    n ? (int)v[0].length : 0, n ? (const char *)v[0].value : "");
}

static void
cb_inform(void *arg, rti_object_instance_handle obj, rti_attribute_handle a,
    rti_federate_handle owner)
{
	(void)a;
	tfed_event(arg, "owner:%s:%u", tfed_obj_name(arg, obj), owner.id);
}

static void
cb_not_owned(void *arg, rti_object_instance_handle obj,
    rti_attribute_handle a)
{
	(void)a;
	tfed_event(arg, "owner:%s:none", tfed_obj_name(arg, obj));
}

static void
cb_release(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n, const void *tag,
    size_t tag_len)
{
	(void)a;
	(void)tag;
	(void)tag_len;
	tfed_event(arg, "release:%s:%zu", tfed_obj_name(arg, obj), n);
}

static void
cb_acquired(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *a, size_t n, const void *tag,
    size_t tag_len)
{
	(void)a;
	(void)tag;
	(void)tag_len;
	tfed_event(arg, "acquired:%s:%zu", tfed_obj_name(arg, obj), n);
}

static void
update(struct tfed *t, rti_object_instance_handle o, const char *val)
{
	struct rti_attribute_value v;

	v.attribute = tfed_attr(t, "Breaker", "Status");
	v.value = val;
	v.length = strlen(val);
	ck_assert_int_eq(rti_update_attribute_values(t->amb, o, &v, 1, NULL,
	    0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(t->amb), RTI_OK);
}

/* 1 when `t` knows an instance named `name`, of class `cls` (last name
 * component) when it does. */
static int
knows(struct tfed *t, const char *name, const char *cls)
{
	rti_object_instance_handle o;
	rti_object_class_handle c;

	if (rti_get_object_instance_handle(t->amb, name, &o) != RTI_OK)
		return 0;
	ck_assert_int_eq(rti_get_known_object_class_handle(t->amb, o, &c),
	    RTI_OK);
	ck_assert_str_eq(tfed_cls_name(t, c), cls);
	return 1;
}

static int
owns(struct tfed *t, rti_object_instance_handle o, const char *attr)
{
	int own = -1;

	ck_assert_int_eq(rti_is_attribute_owned_by_federate(t->amb, o,
	    tfed_attr(t, "Breaker", attr), &own), RTI_OK);
	return own;
}

/* rtiexec's answer, asked by `t`: "owner:NAME:HANDLE" or ":none". */
static void
ask_owner(struct tfed *t, rti_object_instance_handle o, const char *want)
{
	tfed_clear(t);
	ck_assert_int_eq(rti_query_attribute_ownership(t->amb, o,
	    tfed_attr(t, "Breaker", "Status")), RTI_OK);
	ck_assert(tfed_wait(t, "owner:"));
	ck_assert_str_eq(t->events[tfed_find(t, "owner:")], want);
}

static rti_dimension_handle
dim(struct tfed *t, const char *name)
{
	rti_dimension_handle d;

	ck_assert_int_eq(rti_get_dimension_handle(t->amb, name, &d), RTI_OK);
	return d;
}

/* A region of `t` on Substation [s, s + 1). */
static rti_region_handle
region(struct tfed *t, int s)
{
	rti_dimension_handle d = dim(t, "Substation");
	rti_region_handle r;

	ck_assert_int_eq(rti_create_region(t->amb, &d, 1, &r), RTI_OK);
	ck_assert_int_eq(rti_set_range_bounds(t->amb, r, d, (uint64_t)s,
	    (uint64_t)s + 1), RTI_OK);
	ck_assert_int_eq(rti_commit_region_modifications(t->amb, &r, 1),
	    RTI_OK);
	return r;
}

static void
move(struct tfed *t, rti_region_handle r, int s)
{
	ck_assert_int_eq(rti_set_range_bounds(t->amb, r, dim(t, "Substation"),
	    (uint64_t)s, (uint64_t)s + 1), RTI_OK);
	ck_assert_int_eq(rti_commit_region_modifications(t->amb, &r, 1),
	    RTI_OK);
}

static uint64_t
suppressed(struct tfed *t)
{
	struct rti_statistics s;

	ck_assert_int_eq(rti_get_statistics(t->amb, &s), RTI_OK);
	return s.updates_suppressed;
}

#endif
