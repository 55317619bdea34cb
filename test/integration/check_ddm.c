/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_ddm.c - DDM regions against a real rtiexec: consoles subscribed
 * with regions on the Grid/Substation dimensions get exactly the updates
 * and interactions sent in overlapping regions (an unspecified dimension
 * matches everything), region changes take effect at run time, updates
 * nobody's region wants are suppressed at the source, conditions and
 * regions combine, each attribute's update regions are matched
 * separately, and every bad input gets its error.
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

	(void)tag;
	(void)tag_len;
	t->n_reflects++;
	tfed_event(t, "reflect:%s:%.*s:%s:n=%zu", tfed_obj_name(t, obj),
	    n ? (int)v[0].length : 0, n ? (const char *)v[0].value : "",
	    info->condition ? info->condition : "-", n);
}

static void
cb_provide(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len)
{
	struct tfed *t = arg;

	(void)attrs;
	tfed_event(t, "provide:%s:%zu:%.*s", tfed_obj_name(t, obj), n,
	    (int)tag_len, (const char *)tag);
}

static struct tfed *
fed(const char *name, int bundles)
{
	struct rti_callbacks cb;

	tfed_callbacks(&cb);
	tfed_cond_callbacks(&cb, bundles);
	cb.reflect_attribute_values = cb_reflect;
	cb.provide_attribute_value_update = cb_provide;
	return tfed_join_f(&rx, &cb, GRID, name);
}

static void
update(struct tfed *t, rti_object_instance_handle o, const char *val,
    const char *cond)
{
	struct rti_attribute_value v;

	v.attribute = tfed_attr(t, "Breaker", "Status");
	v.value = val;
	v.length = (uint32_t)strlen(val);
	ck_assert_int_eq(rti_update_attribute_values_with_condition(t->amb, o,
	    &v, 1, NULL, 0, cond), RTI_OK);
}

static struct rti_statistics
stats(struct tfed *t)
{
	struct rti_statistics s;

	ck_assert_int_eq(rti_get_statistics(t->amb, &s), RTI_OK);
	return s;
}

static rti_dimension_handle
dim(struct tfed *t, const char *name)
{
	rti_dimension_handle d;

	ck_assert_int_eq(rti_get_dimension_handle(t->amb, name, &d), RTI_OK);
	return d;
}

/* A committed region: Grid [g, g+1) when g >= 0, Substation [s, s+1) when
 * s >= 0. */
static rti_region_handle
region(struct tfed *t, int g, int s)
{
	rti_dimension_handle d[2];
	rti_region_handle r;
	size_t n = 0;

	if (g >= 0)
		d[n++] = dim(t, "Grid");
	if (s >= 0)
		d[n++] = dim(t, "Substation");
	ck_assert_int_eq(rti_create_region(t->amb, d, n, &r), RTI_OK);
	if (g >= 0)
		ck_assert_int_eq(rti_set_range_bounds(t->amb, r,
		    dim(t, "Grid"), (uint64_t)g, (uint64_t)g + 1), RTI_OK);
	if (s >= 0)
		ck_assert_int_eq(rti_set_range_bounds(t->amb, r,
		    dim(t, "Substation"), (uint64_t)s, (uint64_t)s + 1),
		    RTI_OK);
	ck_assert_int_eq(rti_commit_region_modifications(t->amb, &r, 1),
	    RTI_OK);
	return r;
}

static void
subscribe_in(struct tfed *t, rti_region_handle r)
{
	rti_attribute_handle a = tfed_attr(t, "Breaker", "Status");

	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    t->amb, tfed_oc(t, "Breaker"), &a, 1, &r, 1), RTI_OK);
}

static rti_object_instance_handle
reg_in(struct tfed *t, rti_region_handle r)
{
	rti_attribute_handle a = tfed_attr(t, "Breaker", "Status");
	rti_object_instance_handle h;

	ck_assert_int_eq(rti_register_object_instance_with_regions(t->amb,
	    tfed_oc(t, "Breaker"), &a, 1, &r, 1, &h), RTI_OK);
	return h;
}

START_TEST(test_regions_route_exactly)
{
	struct tfed *p = fed("p", 0), *c1 = fed("c1", 0), *c2 = fed("c2", 0);
	struct tfed *g = fed("g", 0);
	rti_region_handle r1 = region(c1, -1, 1), r2 = region(c2, -1, 2);
	rti_region_handle rg = region(g, 0, -1), pr[3];
	rti_object_instance_handle b[3];
	const char *name;
	int i;

	subscribe_in(c1, r1);
	subscribe_in(c2, r2);
	subscribe_in(g, rg);
	tfed_publish_status(p);
	for (i = 0; i < 3; i++) {
		pr[i] = region(p, 0, i + 1);
		b[i] = reg_in(p, pr[i]);
		update(p, b[i], i == 0 ? "1" : i == 1 ? "2" : "3", NULL);
	}
	ck_assert(tfed_wait_n(g, "reflect:", 3));
	tfed_barrier(c1);
	tfed_barrier(c2);
	ck_assert_uint_eq(c1->n_reflects, 1);
	ck_assert_uint_eq(c2->n_reflects, 1);
	ck_assert_int_eq(rti_get_object_instance_name(p->amb, b[0], &name),
	    RTI_OK);
	ck_assert_int_ge(tfed_find(c1, "reflect:"), 0);
	ck_assert_ptr_nonnull(strstr(c1->events[tfed_find(c1, "reflect:")],
	    ":1:"));
	ck_assert_ptr_nonnull(strstr(c2->events[tfed_find(c2, "reflect:")],
	    ":2:"));
	/* c1 moves to substation 3 at run time */
	ck_assert_int_eq(rti_set_range_bounds(c1->amb, r1,
	    dim(c1, "Substation"), 3, 4), RTI_OK);
	ck_assert_int_eq(rti_commit_region_modifications(c1->amb, &r1, 1),
	    RTI_OK);
	update(p, b[0], "4", NULL);
	update(p, b[2], "5", NULL);
	ck_assert(tfed_wait(c1, "reflect:") && tfed_wait_n(c1, "reflect:",
	    2));
	ck_assert_ptr_nonnull(strstr(c1->events[c1->n_events - 1], ":5:"));
	ck_assert(tfed_wait_n(g, "reflect:", 5));
	tfed_barrier(c1);
	ck_assert_uint_eq(c1->n_reflects, 2);
	/* unassociating b[1]'s region: default region, everyone's */
	{
		rti_attribute_handle a = tfed_attr(p, "Breaker", "Status");

		ck_assert_int_eq(rti_unassociate_regions_for_updates(p->amb,
		    b[1], &a, 1, &pr[1], 1), RTI_OK);
	}
	update(p, b[1], "6", NULL);
	ck_assert(tfed_wait(c1, "reflect:") && tfed_wait_n(c1, "reflect:",
	    3));
	/* nobody's region: substation 9, after c1 and c2 leave the class */
	ck_assert_int_eq(rti_unsubscribe_object_class_attributes_with_regions(
	    g->amb, tfed_oc(g, "Breaker"), &rg, 1), RTI_OK);
	tfed_barrier(p);
	{
		rti_attribute_handle a = tfed_attr(p, "Breaker", "Status");
		rti_region_handle r9 = region(p, 0, 9);
		uint64_t before = stats(p).updates_suppressed;

		ck_assert_int_eq(rti_associate_regions_for_updates(p->amb,
		    b[1], &a, 1, &r9, 1), RTI_OK);
		update(p, b[1], "7", NULL);
		ck_assert_uint_eq(stats(p).updates_suppressed, before + 1);
	}
	tfed_free(p);
	tfed_free(c1);
	tfed_free(c2);
	tfed_free(g);
}
END_TEST

/* In one class bundle, an instance in a region nobody subscribes to
 * stays at the source even right after an instance of the same
 * attributes that someone wants (the default region, everyone's). */
START_TEST(test_bundle_suppresses_per_instance_region)
{
	struct tfed *p = fed("p", 0), *c = fed("c", 0);
	rti_region_handle rc = region(c, -1, 1);
	rti_object_instance_handle h[3];
	struct rti_bundle_instance in[3];
	struct rti_attribute_value v;
	struct rti_statistics s0, s1;
	int i;

	subscribe_in(c, rc);
	tfed_publish_status(p);
	ck_assert_int_eq(rti_register_object_instance(p->amb,
	    tfed_oc(p, "Breaker"), &h[0]), RTI_OK);
	h[1] = reg_in(p, region(p, -1, 9));
	ck_assert_int_eq(rti_register_object_instance(p->amb,
	    tfed_oc(p, "Breaker"), &h[2]), RTI_OK);
	tfed_barrier(p);
	v.attribute = tfed_attr(p, "Breaker", "Status");
	v.value = "b";
	v.length = 1;
	for (i = 0; i < 3; i++) {
		in[i].object = h[i];
		in[i].values = &v;
		in[i].n_values = 1;
	}
	ck_assert_int_eq(rti_set_update_packing(p->amb, RTI_PACKING_CLASS, 0),
	    RTI_OK);
	s0 = stats(p);
	ck_assert_int_eq(rti_update_class_attribute_values(p->amb,
	    tfed_oc(p, "Breaker"), in, 3, NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(p->amb), RTI_OK);
	s1 = stats(p);
	ck_assert_uint_eq(s1.updates_sent - s0.updates_sent, 2);
	ck_assert_uint_eq(s1.updates_suppressed - s0.updates_suppressed, 1);
	ck_assert(tfed_wait_n(c, "reflect:", 2));
	tfed_barrier(c);
	ck_assert_uint_eq(c->n_reflects, 2);
	for (i = 0; i < 3; i += 2) {
		const char *name;
		char ev[96];

		ck_assert_int_eq(rti_get_object_instance_name(p->amb, h[i],
		    &name), RTI_OK);
		snprintf(ev, sizeof ev, "reflect:%s:b:", name);
		ck_assert_int_ge(tfed_find(c, ev), 0);
	}
	tfed_free(p);
	tfed_free(c);
}
END_TEST

START_TEST(test_regions_and_conditions_combine)
{
	struct tfed *p = fed("p", 0), *c = fed("c", 0), *o = fed("o", 0);
	rti_region_handle r = region(c, -1, 1), pr = region(p, -1, 1);
	rti_object_instance_handle b;

	ck_assert_int_eq(rti_add_subscription_condition(c->amb,
	    tfed_oc(c, "Breaker"), "north"), RTI_OK);
	subscribe_in(c, r);
	tfed_subscribe_status(o, NULL);
	tfed_publish_status(p);
	b = reg_in(p, pr);
	update(p, b, "1", "south");  /* region matches, condition not */
	update(p, b, "2", "north");  /* both */
	ck_assert(tfed_wait_n(o, "reflect:", 2));
	ck_assert(tfed_wait(c, "reflect:"));
	tfed_barrier(c);
	ck_assert_uint_eq(c->n_reflects, 1);
	ck_assert_ptr_nonnull(strstr(c->events[tfed_find(c, "reflect:")],
	    ":2:north"));
	tfed_free(p);
	tfed_free(c);
	tfed_free(o);
}
END_TEST

START_TEST(test_interactions_with_regions)
{
	struct tfed *p = fed("p", 0), *c1 = fed("c1", 0), *c2 = fed("c2", 0);
	rti_interaction_class_handle alarm = tfed_ic(p, "Alarm");
	rti_region_handle r1 = region(c1, -1, 1), r2 = region(c2, -1, 2);
	rti_region_handle pr = region(p, 3, 1);

	ck_assert_int_eq(rti_subscribe_interaction_class_with_regions(c1->amb,
	    alarm, &r1, 1), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class_with_regions(c2->amb,
	    alarm, &r2, 1), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(p->amb, alarm),
	    RTI_OK);
	ck_assert_int_eq(rti_send_interaction_with_regions(p->amb, alarm,
	    NULL, 0, &pr, 1, "a", 1), RTI_OK);
	/* without regions: the default region reaches both */
	ck_assert_int_eq(rti_send_interaction(p->amb, alarm, NULL, 0, "b", 1),
	    RTI_OK);
	ck_assert(tfed_wait(c2, "interaction:b"));
	ck_assert(tfed_wait(c1, "interaction:b"));
	ck_assert_int_ge(tfed_find(c1, "interaction:a"), 0);
	tfed_barrier(c2);
	ck_assert_uint_eq(c2->n_interactions, 1);
	/* c1 unsubscribes its region: the class is no longer subscribed */
	ck_assert_int_eq(rti_unsubscribe_interaction_class_with_regions(
	    c1->amb, alarm, &r1, 1), RTI_OK);
	ck_assert_int_eq(rti_delete_region(c1->amb, r1), RTI_OK);
	ck_assert_int_eq(rti_send_interaction_with_regions(p->amb, alarm,
	    NULL, 0, &pr, 1, "c", 1), RTI_OK);
	ck_assert_int_eq(rti_send_interaction(p->amb, alarm, NULL, 0, "d", 1),
	    RTI_OK);
	ck_assert(tfed_wait(c2, "interaction:d"));
	tfed_barrier(c1);
	ck_assert_uint_eq(c1->n_interactions, 2);
	tfed_free(p);
	tfed_free(c1);
	tfed_free(c2);
}
END_TEST

START_TEST(test_region_errors)
{
	struct tfed *a = fed("a", 0), *b = fed("b", 0);
	rti_dimension_handle grid = dim(a, "Grid"), bad = { 999 };
	rti_dimension_handle sub = dim(a, "Substation");
	rti_region_handle r, rb, none = { 0 }, used;
	rti_attribute_handle to = tfed_attr(a, "Line", "ToSubstation");
	uint64_t lo, hi;

	ck_assert_int_eq(rti_create_region(a->amb, &bad, 1, &r),
	    RTI_ERR_INVALID_DIMENSION_HANDLE);
	ck_assert_int_eq(rti_create_region(a->amb, &grid, 1, &r), RTI_OK);
	/* a new region spans its dimensions */
	ck_assert_int_eq(rti_get_range_bounds(a->amb, r, grid, &lo, &hi),
	    RTI_OK);
	ck_assert_uint_eq(lo, 0);
	ck_assert_uint_eq(hi, 64);
	ck_assert_int_eq(rti_set_range_bounds(a->amb, r, grid, 5, 5),
	    RTI_ERR_INVALID_RANGE_BOUND);
	ck_assert_int_eq(rti_set_range_bounds(a->amb, r, grid, 6, 5),
	    RTI_ERR_INVALID_RANGE_BOUND);
	ck_assert_int_eq(rti_set_range_bounds(a->amb, r, grid, 0, 65),
	    RTI_ERR_INVALID_RANGE_BOUND);
	ck_assert_int_eq(rti_set_range_bounds(a->amb, r, grid, 63, 64),
	    RTI_OK);
	ck_assert_int_eq(rti_set_range_bounds(a->amb, r, sub, 0, 1),
	    RTI_ERR_REGION_DOES_NOT_CONTAIN_SPECIFIED_DIMENSION);
	ck_assert_int_eq(rti_set_range_bounds(a->amb, r, bad, 0, 1),
	    RTI_ERR_INVALID_DIMENSION_HANDLE);
	ck_assert_int_eq(rti_commit_region_modifications(a->amb, &none, 1),
	    RTI_ERR_INVALID_REGION);
	/* another federate's region */
	ck_assert_int_eq(rti_create_region(b->amb, &grid, 1, &rb), RTI_OK);
	ck_assert_int_eq(rti_set_range_bounds(a->amb, rb, grid, 0, 1),
	    RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE);
	ck_assert_int_eq(rti_delete_region(a->amb, rb),
	    RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE);
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    a->amb, tfed_oc(a, "Line"), NULL, 0, &rb, 1),
	    RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE);
	/* a dimension the attribute does not have */
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    a->amb, tfed_oc(a, "Line"), &to, 1, &r, 1),
	    RTI_ERR_INVALID_REGION_CONTEXT);
	/* in use: cannot be deleted until unsubscribed */
	used = region(a, 1, 1);
	subscribe_in(a, used);
	ck_assert_int_eq(rti_delete_region(a->amb, used),
	    RTI_ERR_REGION_IN_USE_FOR_UPDATE_OR_SUBSCRIPTION);
	ck_assert_int_eq(rti_unsubscribe_object_class_attributes_with_regions(
	    a->amb, tfed_oc(a, "Breaker"), &used, 1), RTI_OK);
	ck_assert_int_eq(rti_delete_region(a->amb, used), RTI_OK);
	ck_assert_int_eq(rti_delete_region(a->amb, used),
	    RTI_ERR_INVALID_REGION);
	ck_assert_int_eq(rti_delete_region(a->amb, r), RTI_OK);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

/* Only the owners of instances whose update regions overlap the
 * requested regions are asked; the default region overlaps everything. */
START_TEST(test_request_update_with_regions)
{
	struct tfed *o1 = fed("o1", 0), *o2 = fed("o2", 0), *c = fed("c", 0);
	rti_region_handle s1 = region(o1, -1, 1), s2 = region(o2, -1, 2);
	rti_region_handle q = region(c, -1, 1), q9 = region(c, -1, 9);
	rti_attribute_handle a = tfed_attr(c, "Breaker", "Status");
	rti_object_instance_handle b1, b2, b3;
	const char *n1, *n3;

	tfed_publish_status(o1);
	tfed_publish_status(o2);
	b1 = reg_in(o1, s1);
	b2 = reg_in(o2, s2);
	ck_assert_int_eq(rti_register_object_instance(o2->amb,
	    tfed_oc(o2, "Breaker"), &b3), RTI_OK);
	(void)b2;
	ck_assert_int_eq(rti_get_object_instance_name(o1->amb, b1, &n1),
	    RTI_OK);
	ck_assert_int_eq(rti_get_object_instance_name(o2->amb, b3, &n3),
	    RTI_OK);
	/* a region nobody updates in: only the default-region instance */
	ck_assert_int_eq(rti_request_attribute_value_update_with_regions(
	    c->amb, tfed_oc(c, "Breaker"), &a, 1, &q9, 1, "n", 1), RTI_OK);
	ck_assert(tfed_wait(o2, "provide:"));
	ck_assert_int_eq(rti_request_attribute_value_update_with_regions(
	    c->amb, tfed_oc(c, "Breaker"), &a, 1, &q, 1, "r", 1), RTI_OK);
	ck_assert(tfed_wait(o1, "provide:"));
	tfed_barrier(o1);
	tfed_barrier(o2);
	ck_assert_uint_eq(tfed_count(o1, "provide:"), 1);
	ck_assert_uint_eq(tfed_count(o2, "provide:"), 2);
	{
		char want[128];

		snprintf(want, sizeof want, "provide:%s:1:r", n1);
		ck_assert_int_ge(tfed_find(o1, want), 0);
		snprintf(want, sizeof want, "provide:%s:1:n", n3);
		ck_assert_int_ge(tfed_find(o2, want), 0);
		snprintf(want, sizeof want, "provide:%s:1:r", n3);
		ck_assert_int_ge(tfed_find(o2, want), 0);
	}
	tfed_free(o1);
	tfed_free(o2);
	tfed_free(c);
}
END_TEST

/* Update Status "st" and Current "cu" of `o`. */
static void
update_both(struct tfed *p, rti_object_instance_handle o)
{
	struct rti_attribute_value v[2];

	v[0].attribute = tfed_attr(p, "Breaker", "Status");
	v[0].value = "st";
	v[0].length = 2;
	v[1].attribute = tfed_attr(p, "Breaker", "Current");
	v[1].value = "cu";
	v[1].length = 2;
	ck_assert_int_eq(rti_update_attribute_values(p->amb, o, v, 2, NULL,
	    0), RTI_OK);
}

/* `p` publishes Breaker Status and Current (its handles in a[0], a[1]). */
static void
publish_both(struct tfed *p, rti_attribute_handle a[2])
{
	a[0] = tfed_attr(p, "Breaker", "Status");
	a[1] = tfed_attr(p, "Breaker", "Current");
	ck_assert_int_eq(rti_publish_object_class_attributes(p->amb,
	    tfed_oc(p, "Breaker"), a, 2), RTI_OK);
}

/* Status associated with substation 1, Current with substation 2: each
 * subscriber gets only the attributes whose regions overlap its own. */
START_TEST(test_regions_per_attribute)
{
	struct tfed *p = fed("p", 0), *c1 = fed("c1", 0), *c2 = fed("c2", 0);
	struct tfed *g = fed("g", 0);
	struct tfed *cs[3];
	rti_region_handle r1 = region(c1, -1, 1), r2 = region(c2, -1, 2);
	rti_region_handle pr1, pr2;
	rti_attribute_handle a[2];
	rti_object_instance_handle o;
	int i;

	cs[0] = c1;
	cs[1] = c2;
	cs[2] = g;
	for (i = 0; i < 3; i++) {
		a[0] = tfed_attr(cs[i], "Breaker", "Status");
		a[1] = tfed_attr(cs[i], "Breaker", "Current");
		if (i < 2)
			ck_assert_int_eq(
			    rti_subscribe_object_class_attributes_with_regions(
			    cs[i]->amb, tfed_oc(cs[i], "Breaker"), a, 2,
			    i ? &r2 : &r1, 1), RTI_OK);
		else
			ck_assert_int_eq(rti_subscribe_object_class_attributes(
			    g->amb, tfed_oc(g, "Breaker"), a, 2), RTI_OK);
	}
	publish_both(p, a);
	pr1 = region(p, 0, 1);
	pr2 = region(p, 0, 2);
	ck_assert_int_eq(rti_register_object_instance_with_regions(p->amb,
	    tfed_oc(p, "Breaker"), &a[0], 1, &pr1, 1, &o), RTI_OK);
	ck_assert_int_eq(rti_associate_regions_for_updates(p->amb, o, &a[1],
	    1, &pr2, 1), RTI_OK);
	update_both(p, o);
	ck_assert(tfed_wait(g, "reflect:"));
	ck_assert(tfed_wait(c1, "reflect:"));
	ck_assert(tfed_wait(c2, "reflect:"));
	tfed_barrier(c1);
	tfed_barrier(c2);
	tfed_barrier(g);
	ck_assert_uint_eq(g->n_reflects, 1);
	ck_assert_uint_eq(c1->n_reflects, 1);
	ck_assert_uint_eq(c2->n_reflects, 1);
	ck_assert_ptr_nonnull(strstr(g->events[tfed_find(g, "reflect:")],
	    ":n=2"));
	ck_assert_ptr_nonnull(strstr(c1->events[tfed_find(c1, "reflect:")],
	    ":st:-:n=1"));
	ck_assert_ptr_nonnull(strstr(c2->events[tfed_find(c2, "reflect:")],
	    ":cu:-:n=1"));
	/* only c1 is left, for Current in substation 1: the publisher
	 * suppresses the update (Current is sent in substation 2) */
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(rti_unsubscribe_object_class(cs[i]->amb,
		    tfed_oc(cs[i], "Breaker")), RTI_OK);
	a[1] = tfed_attr(c1, "Breaker", "Current");
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    c1->amb, tfed_oc(c1, "Breaker"), &a[1], 1, &r1, 1), RTI_OK);
	tfed_barrier(p);
	{
		uint64_t before = stats(p).updates_suppressed;

		update_both(p, o);
		ck_assert_uint_eq(stats(p).updates_suppressed, before + 1);
	}
	tfed_barrier(c1);
	ck_assert_uint_eq(c1->n_reflects, 1);
	tfed_free(p);
	tfed_free(c1);
	tfed_free(c2);
	tfed_free(g);
}
END_TEST

/* The last reflect of `t` contains `what`. */
static int
last_reflect_has(struct tfed *t, const char *what)
{
	size_t i = t->n_events;

	while (i-- > 0)
		if (strncmp(t->events[i], "reflect:", 8) == 0)
			return strstr(t->events[i], what) != NULL;
	return 0;
}

START_TEST(test_subscription_regions_per_attribute)
{
	struct tfed *p = fed("p", 0), *c = fed("c", 0), *d = fed("d", 0);
	rti_region_handle r1 = region(c, -1, 1), r2 = region(c, -1, 2);
	rti_region_handle dr[2], pr1, pr2;
	rti_attribute_handle st, cu, a[2];
	rti_object_instance_handle o;
	struct rti_attribute_value v;
	uint64_t before;

	/* c: Status in substation 1, Current in substation 2 */
	st = tfed_attr(c, "Breaker", "Status");
	cu = tfed_attr(c, "Breaker", "Current");
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    c->amb, tfed_oc(c, "Breaker"), &st, 1, &r1, 1), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    c->amb, tfed_oc(c, "Breaker"), &cu, 1, &r2, 1), RTI_OK);
	/* d: both attributes in both substations */
	dr[0] = region(d, -1, 1);
	dr[1] = region(d, -1, 2);
	a[0] = tfed_attr(d, "Breaker", "Status");
	a[1] = tfed_attr(d, "Breaker", "Current");
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    d->amb, tfed_oc(d, "Breaker"), a, 2, dr, 2), RTI_OK);
	publish_both(p, a);
	pr1 = region(p, 0, 1);
	pr2 = region(p, 0, 2);
	/* both attributes sent in substation 1: c gets Status only */
	ck_assert_int_eq(rti_register_object_instance_with_regions(p->amb,
	    tfed_oc(p, "Breaker"), a, 2, &pr1, 1, &o), RTI_OK);
	update_both(p, o);
	ck_assert(tfed_wait(c, "reflect:"));
	ck_assert(tfed_wait(d, "reflect:"));
	tfed_barrier(c);
	tfed_barrier(d);
	ck_assert_uint_eq(c->n_reflects, 1);
	ck_assert(last_reflect_has(c, ":st:-:n=1"));
	ck_assert(last_reflect_has(d, ":n=2"));
	/* moved to substation 2: c gets Current only */
	ck_assert_int_eq(rti_associate_regions_for_updates(p->amb, o, a, 2,
	    &pr2, 1), RTI_OK);
	ck_assert_int_eq(rti_unassociate_regions_for_updates(p->amb, o, a, 2,
	    &pr1, 1), RTI_OK);
	update_both(p, o);
	ck_assert(tfed_wait_n(c, "reflect:", 2));
	ck_assert(tfed_wait_n(d, "reflect:", 2));
	tfed_barrier(c);
	ck_assert_uint_eq(c->n_reflects, 2);
	ck_assert(last_reflect_has(c, ":cu:-:n=1"));
	ck_assert(last_reflect_has(d, ":n=2"));
	/* with d gone, Status in substation 2 interests nobody: suppressed
	 * at the source; Current there still goes to c */
	ck_assert_int_eq(rti_unsubscribe_object_class(d->amb,
	    tfed_oc(d, "Breaker")), RTI_OK);
	tfed_barrier(p);
	before = stats(p).updates_suppressed;
	v.attribute = a[0];
	v.value = "s2";
	v.length = 2;
	ck_assert_int_eq(rti_update_attribute_values(p->amb, o, &v, 1, NULL,
	    0), RTI_OK);
	ck_assert_uint_eq(stats(p).updates_suppressed, before + 1);
	v.attribute = a[1];
	v.value = "c2";
	ck_assert_int_eq(rti_update_attribute_values(p->amb, o, &v, 1, NULL,
	    0), RTI_OK);
	ck_assert_uint_eq(stats(p).updates_suppressed, before + 1);
	ck_assert(tfed_wait_n(c, "reflect:", 3));
	tfed_barrier(c);
	ck_assert_uint_eq(c->n_reflects, 3);
	ck_assert(last_reflect_has(c, ":c2:-:n=1"));
	/* unsubscribing r2 leaves Status in substation 1 only */
	ck_assert_int_eq(rti_unsubscribe_object_class_attributes_with_regions(
	    c->amb, tfed_oc(c, "Breaker"), &r2, 1), RTI_OK);
	tfed_barrier(p);
	ck_assert_int_eq(rti_update_attribute_values(p->amb, o, &v, 1, NULL,
	    0), RTI_OK);
	ck_assert_uint_eq(stats(p).updates_suppressed, before + 2);
	tfed_free(p);
	tfed_free(c);
	tfed_free(d);
}
END_TEST

static void
adv_on(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n)
{
	(void)obj;
	(void)attrs;
	tfed_event(arg, "on:%zu", n);
}

static void
adv_off(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n)
{
	(void)obj;
	(void)attrs;
	tfed_event(arg, "off:%zu", n);
}

/* Turn updates on/off follow the overlap of the subscriber's regions with
 * the instance's update regions, per attribute, as either side changes. */
START_TEST(test_relevance_narrowed_by_regions)
{
	struct rti_callbacks cb;
	struct tfed *p, *c = fed("c", 0);
	rti_region_handle r2 = region(c, -1, 2), pr;
	rti_attribute_handle a[2], st, cu;
	rti_object_instance_handle o;

	tfed_callbacks(&cb);
	cb.turn_updates_on_for_object_instance = adv_on;
	cb.turn_updates_off_for_object_instance = adv_off;
	p = tfed_join_f(&rx, &cb, GRID, "p");
	ck_assert_int_eq(rti_enable_attribute_relevance_advisory_switch(
	    p->amb), RTI_OK);
	publish_both(p, a);
	pr = region(p, 0, 1);
	ck_assert_int_eq(rti_register_object_instance_with_regions(p->amb,
	    tfed_oc(p, "Breaker"), a, 2, &pr, 1, &o), RTI_OK);
	/* c wants Status in substation 2, the instance is in 1: off */
	st = tfed_attr(c, "Breaker", "Status");
	cu = tfed_attr(c, "Breaker", "Current");
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    c->amb, tfed_oc(c, "Breaker"), &st, 1, &r2, 1), RTI_OK);
	tfed_barrier(p);
	ck_assert_uint_eq(tfed_count(p, "on:"), 0);
	/* the subscriber's region moves to substation 1: Status on */
	ck_assert_int_eq(rti_set_range_bounds(c->amb, r2,
	    dim(c, "Substation"), 1, 2), RTI_OK);
	ck_assert_int_eq(rti_commit_region_modifications(c->amb, &r2, 1),
	    RTI_OK);
	ck_assert(tfed_wait(p, "on:1"));
	/* Current subscribed with a region of substation 3: still one */
	ck_assert_int_eq(rti_subscribe_object_class_attributes_with_regions(
	    c->amb, tfed_oc(c, "Breaker"), &cu, 1, (rti_region_handle[]){
	    region(c, -1, 3) }, 1), RTI_OK);
	tfed_barrier(p);
	ck_assert_uint_eq(tfed_count(p, "on:"), 1);
	/* the instance's region moves to substation 3: Status off,
	 * Current on */
	ck_assert_int_eq(rti_set_range_bounds(p->amb, pr,
	    dim(p, "Substation"), 3, 4), RTI_OK);
	ck_assert_int_eq(rti_commit_region_modifications(p->amb, &pr, 1),
	    RTI_OK);
	tfed_barrier(p);
	ck_assert_uint_eq(tfed_count(p, "on:"), 2);
	ck_assert_uint_eq(tfed_count(p, "off:"), 1);
	ck_assert_int_eq(tfed_find(p, "off:1") >= 0, 1);
	tfed_free(c);
	ck_assert(tfed_wait(p, "off:1"));
	tfed_barrier(p);
	ck_assert_uint_eq(tfed_count(p, "off:"), 2);
	tfed_free(p);
}
END_TEST


static int reserved;

static void
cb_reserved(void *arg, const char *name)
{
	(void)arg;
	(void)name;
	reserved = 1;
}

/* The region and FOM dimension queries, passive subscriptions with
 * regions, an interaction in regions with a time, and a registration with
 * a reserved name and regions. */
START_TEST(test_region_queries_passive_named)
{
	struct tfed *p = fed("p", 0), *c1 = fed("c1", 0), *c2 = fed("c2", 0);
	rti_interaction_class_handle alarm = tfed_ic(p, "Alarm");
	rti_object_class_handle br = tfed_oc(p, "Breaker");
	rti_attribute_handle st = tfed_at(p, br, "Status");
	rti_region_handle r1 = region(c1, 1, 1), r2 = region(c2, 1, 2);
	rti_region_handle pr = region(p, 1, 1), half = region(p, 0, -1);
	rti_dimension_handle d[4];
	rti_message_retraction_handle mr;
	rti_object_instance_handle o;
	struct rti_callbacks cb;
	size_t n = 0;

	ck_assert_int_eq(rti_get_region_dimensions(p->amb, pr, d, 4, &n),
	    RTI_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_ne(d[0].id, d[1].id);
	ck_assert_int_eq(rti_get_region_dimensions(p->amb, half, NULL, 0, &n),
	    RTI_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(rti_get_region_dimensions(p->amb, r1, d, 4, &n),
	    RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE);
	ck_assert_int_eq(rti_get_available_dimensions_for_interaction_class(
	    p->amb, alarm, d, 4, &n), RTI_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(rti_get_available_dimensions_for_class_attribute(
	    p->amb, br, st, d, 1, &n), RTI_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(rti_get_available_dimensions_for_class_attribute(
	    p->amb, br, tfed_attr(p, "Line", "ActivePower"), d, 4, &n),
	    RTI_ERR_INVALID_ATTRIBUTE_HANDLE);

	/* c1 passively, c2 actively: each gets what its region overlaps */
	ck_assert_int_eq(rti_subscribe_interaction_class_passively_with_regions(
	    c1->amb, alarm, &r1, 1), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class_with_regions(c2->amb,
	    alarm, &r2, 1), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(p->amb, alarm),
	    RTI_OK);
	ck_assert_int_eq(rti_send_interaction_with_regions_at(p->amb, alarm,
	    NULL, 0, &pr, 1, "t", 1, rti_time_f64(5.0), &mr), RTI_OK);
	ck_assert_int_eq(rti_send_interaction(p->amb, alarm, NULL, 0, "z", 1),
	    RTI_OK);
	ck_assert(tfed_wait(c1, "interaction:z"));
	ck_assert(tfed_wait(c2, "interaction:z"));
	ck_assert_int_ge(tfed_find(c1, "interaction:t"), 0);
	ck_assert_int_lt(tfed_find(c2, "interaction:t"), 0);

	/* a name not reserved registers nothing; a reserved one registers
	 * with its regions */
	ck_assert_int_eq(rti_publish_object_class_attributes(p->amb, br, &st,
	    1), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance_with_name_and_regions(
	    p->amb, br, "B-named", &st, 1, &pr, 1, &o),
	    RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED);
	ck_assert_int_eq(rti_get_object_instance_handle(p->amb, "B-named",
	    &o), RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN);
	tfed_callbacks(&cb);
	tfed_cond_callbacks(&cb, 0);
	cb.reflect_attribute_values = cb_reflect;
	cb.object_instance_name_reservation_succeeded = cb_reserved;
	tfed_free(p);
	p = tfed_join_f(&rx, &cb, GRID, "p2");
	reserved = 0;
	ck_assert_int_eq(rti_publish_object_class_attributes(p->amb, br, &st,
	    1), RTI_OK);
	pr = region(p, 1, 1);
	ck_assert_int_eq(rti_reserve_object_instance_name(p->amb, "B-named"),
	    RTI_OK);
	for (n = 0; n < 1000 && !reserved; n++)
		rti_evoke_callbacks(p->amb, 0.01, 0.01, NULL);
	ck_assert_msg(reserved, "no reservation callback");
	ck_assert_int_eq(rti_register_object_instance_with_name_and_regions(
	    p->amb, br, "B-named", &st, 1, &pr, 1, &o), RTI_OK);
	ck_assert_int_eq(rti_get_object_instance_handle(p->amb, "B-named",
	    &o), RTI_OK);
	tfed_free(p);
	tfed_free(c1);
	tfed_free(c2);
}
END_TEST

static Suite *
ddm_suite(void)
{
	Suite *s = suite_create("ddm");
	TCase *tc = tcase_create("regions");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_regions_route_exactly);
	tcase_add_test(tc, test_bundle_suppresses_per_instance_region);
	tcase_add_test(tc, test_regions_and_conditions_combine);
	tcase_add_test(tc, test_interactions_with_regions);
	tcase_add_test(tc, test_region_errors);
	tcase_add_test(tc, test_request_update_with_regions);
	tcase_add_test(tc, test_regions_per_attribute);
	tcase_add_test(tc, test_subscription_regions_per_attribute);
	tcase_add_test(tc, test_relevance_narrowed_by_regions);
	tcase_add_test(tc, test_region_queries_passive_named);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(ddm_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
