/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_filter.c - filter conditions against a real rtiexec: three
 * consoles (substation S1, substation S2, grid-wide) and a publisher with
 * instances in S1/S2/S3 get exactly the right data, source suppression
 * (counters of the federate and of rtiexec), conditions changed at run
 * time (including an update sent right after another federate's change
 * returned), class bundles cut per subscriber condition, interactions
 * with conditions, bad input, a subscribe held until a stopped
 * publisher process acknowledged the change or the bounded wait passed,
 * and the instance's condition as a property of the instance (carried by
 * reflections, learnt by every knower, used by a new owner's filter).
 * Longer than the project's 1200 lines: one Check file per module, as the
 * project keeps them; the cases share one federation setup and recorder.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

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

static struct tfed *
fed(const char *name, int bundles)
{
	struct rti_callbacks cb;

	tfed_callbacks(&cb);
	tfed_cond_callbacks(&cb, bundles);
	return tfed_join_f(&rx, &cb, GRID, name);
}

static rti_object_instance_handle
reg(struct tfed *t, const char *name, const char *cond)
{
	rti_object_instance_handle h;
	char ev[64];

	ck_assert_int_eq(rti_reserve_object_instance_name(t->amb, name),
	    RTI_OK);
	(void)ev;
	/* the reservation answer is a callback: wait by evoking */
	{
		int i;

		for (i = 0; i < 1000; i++) {
			int rc = rti_register_object_instance_with_condition(
			    t->amb, tfed_oc(t, "Breaker"), name, cond, &h);

			if (rc == RTI_OK)
				return h;
			ck_assert_int_eq(rc,
			    RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED);
			rti_evoke_callbacks(t->amb, 0.01, 0.01, NULL);
		}
	}
	ck_abort_msg("could not register %s", name);
	return h;
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

static struct rti_server_statistics
sstats(struct tfed *t)
{
	struct rti_server_statistics s;

	ck_assert_int_eq(rti_query_server_statistics(t->amb, &s), RTI_OK);
	return s;
}

/* Scenario: consoles c1 (S1), c2 (S2), g (grid-wide) and publisher p
 * with b1 in S1, b2 in S2, b3 in S3. */
struct scen {
	struct tfed *p, *c1, *c2, *g;
	rti_object_instance_handle b1, b2, b3;
};

static void
scen_start(struct scen *s, int bundles)
{
	s->p = fed("p", 0);
	s->c1 = fed("c1", bundles);
	s->c2 = fed("c2", bundles);
	s->g = fed("g", bundles);
	tfed_subscribe_status(s->c1, "S1");
	tfed_subscribe_status(s->c2, "S2");
	tfed_subscribe_status(s->g, NULL);
	tfed_publish_status(s->p);
	s->b1 = reg(s->p, "b1", "S1");
	s->b2 = reg(s->p, "b2", "S2");
	s->b3 = reg(s->p, "b3", "S3");
}

static void
scen_end(struct scen *s)
{
	tfed_free(s->p);
	tfed_free(s->c1);
	tfed_free(s->c2);
	tfed_free(s->g);
}

START_TEST(test_consoles_get_their_substation)
{
	struct scen s;

	scen_start(&s, 0);
	update(s.p, s.b1, "1", NULL);
	update(s.p, s.b2, "2", NULL);
	update(s.p, s.b3, "3", NULL);
	ck_assert(tfed_wait_n(s.g, "reflect:", 3));
	tfed_barrier(s.c1);
	tfed_barrier(s.c2);
	ck_assert_uint_eq(s.c1->n_reflects, 1);
	ck_assert_int_ge(tfed_find(s.c1, "reflect:b1:1:"), 0);
	ck_assert_uint_eq(tfed_count(s.c1, "discover:"), 1);
	ck_assert_uint_eq(s.c2->n_reflects, 1);
	ck_assert_int_ge(tfed_find(s.c2, "reflect:b2:2:"), 0);
	ck_assert_uint_eq(tfed_count(s.c2, "discover:"), 1);
	ck_assert_int_ge(tfed_find(s.g, "reflect:b3:3:"), 0);
	ck_assert_uint_eq(s.g->n_reflects, 3);
	/* a per-update condition overrides the instance's */
	update(s.p, s.b3, "4", "S1");
	ck_assert(tfed_wait(s.c1, "reflect:b3:4:S1"));
	ck_assert(tfed_wait(s.g, "reflect:b3:4:S1"));
	tfed_barrier(s.c2);
	ck_assert_uint_eq(s.c2->n_reflects, 1);
	ck_assert_uint_eq(stats(s.c1).updates_received, 2);
	ck_assert_uint_eq(stats(s.p).updates_sent, 4);
	scen_end(&s);
}
END_TEST

START_TEST(test_source_suppression)
{
	struct scen s;
	struct rti_server_statistics a, b;
	struct tfed *c4;
	rti_object_instance_handle b4;

	scen_start(&s, 0);
	b4 = reg(s.p, "b4", "S4");
	/* g takes everything: drop it, so S4 interests nobody */
	ck_assert_int_eq(rti_unsubscribe_object_class(s.g->amb,
	    tfed_oc(s.g, "Breaker")), RTI_OK);
	tfed_barrier(s.p); /* an unsubscription may reach the replica late */
	a = sstats(s.p);
	update(s.p, b4, "x", NULL);
	update(s.p, s.b3, "y", NULL);
	b = sstats(s.p);
	ck_assert_uint_eq(stats(s.p).updates_suppressed, 2);
	ck_assert_uint_eq(stats(s.p).updates_sent, 0);
	ck_assert_uint_eq(b.routed, a.routed);
	/* nothing but the statistics request reached rtiexec */
	ck_assert_uint_eq(b.frames_in, a.frames_in + 1);
	/* a new subscriber: once the publisher has received anything
	 * rtiexec sent after the subscribe (here the reply of a request; the
	 * publisher has not evoked since, so the replica frames are still
	 * queued, undelivered), its next update is not suppressed */
	c4 = fed("c4", 0);
	tfed_subscribe_status(c4, "S4");
	{
		rti_federate_handle h;

		ck_assert_int_eq(rti_get_federate_handle(s.p->amb, "c4", &h),
		    RTI_OK);
	}
	update(s.p, b4, "z", NULL);
	ck_assert(tfed_wait(c4, "reflect:b4:z:"));
	ck_assert_uint_eq(stats(s.p).updates_sent, 1);
	b = sstats(s.p);
	ck_assert_uint_gt(b.routed, a.routed);
	tfed_barrier(s.c1);
	ck_assert_uint_eq(s.c1->n_reflects, 0);
	tfed_free(c4);
	scen_end(&s);
}
END_TEST

/* The source filter keeps each instance's last answer (a substation
 * simulator sends the same instances every step): the answer must follow
 * every change it depends on, each for the very next update of the same
 * instance - a subscription, its removal, the instance's condition, the
 * attributes updated. */
START_TEST(test_instance_answer_follows_changes)
{
	struct scen s;
	struct tfed *c4;
	rti_object_instance_handle b4;
	struct rti_attribute_value v;
	rti_attribute_handle pub[2];

	scen_start(&s, 0);
	pub[0] = tfed_attr(s.p, "Breaker", "Status");
	pub[1] = tfed_attr(s.p, "Breaker", "Name");
	ck_assert_int_eq(rti_publish_object_class_attributes(s.p->amb,
	    tfed_oc(s.p, "Breaker"), pub, 2), RTI_OK);
	b4 = reg(s.p, "b4", "S4");
	ck_assert_int_eq(rti_unsubscribe_object_class(s.g->amb,
	    tfed_oc(s.g, "Breaker")), RTI_OK);
	tfed_barrier(s.p);
	update(s.p, b4, "a", NULL);
	update(s.p, b4, "b", NULL);
	ck_assert_uint_eq(stats(s.p).updates_suppressed, 2);
	/* a subscriber of S4: the next update goes, and the one after */
	c4 = fed("c4", 0);
	tfed_subscribe_status(c4, "S4");
	update(s.p, b4, "c", NULL);
	update(s.p, b4, "d", NULL);
	ck_assert(tfed_wait(c4, "reflect:b4:c:"));
	ck_assert(tfed_wait(c4, "reflect:b4:d:"));
	ck_assert_uint_eq(stats(s.p).updates_sent, 2);
	/* it unsubscribes: suppressed again */
	ck_assert_int_eq(rti_unsubscribe_object_class(c4->amb,
	    tfed_oc(c4, "Breaker")), RTI_OK);
	tfed_barrier(s.p);
	update(s.p, b4, "e", NULL);
	ck_assert_uint_eq(stats(s.p).updates_suppressed, 3);
	/* it subscribes to S5 alone: b4 (S4) still interests nobody, until
	 * its condition becomes S5 */
	ck_assert_int_eq(rti_remove_subscription_condition(c4->amb,
	    tfed_oc(c4, "Breaker"), "S4"), RTI_OK);
	tfed_subscribe_status(c4, "S5");
	update(s.p, b4, "f", NULL);
	ck_assert_uint_eq(stats(s.p).updates_suppressed, 4);
	ck_assert_int_eq(rti_set_object_instance_condition(s.p->amb, b4,
	    "S5"), RTI_OK);
	update(s.p, b4, "g", NULL);
	ck_assert(tfed_wait(c4, "reflect:b4:g:"));
	ck_assert_uint_eq(stats(s.p).updates_sent, 3);
	/* another attribute of b4, which c4 does not subscribe to */
	v.attribute = tfed_attr(s.p, "Breaker", "Name");
	v.value = "h";
	v.length = 1;
	ck_assert_int_eq(rti_update_attribute_values(s.p->amb, b4, &v, 1,
	    NULL, 0), RTI_OK);
	ck_assert_uint_eq(stats(s.p).updates_suppressed, 5);
	update(s.p, b4, "i", NULL);
	ck_assert(tfed_wait(c4, "reflect:b4:i:"));
	ck_assert_uint_eq(stats(s.p).updates_sent, 4);
	tfed_barrier(c4);
	ck_assert_int_lt(tfed_find(c4, "reflect:b4:a:"), 0);
	ck_assert_int_lt(tfed_find(c4, "reflect:b4:e:"), 0);
	ck_assert_int_lt(tfed_find(c4, "reflect:b4:f:"), 0);
	tfed_free(c4);
	scen_end(&s);
}
END_TEST

START_TEST(test_conditions_at_run_time)
{
	struct scen s;

	scen_start(&s, 0);
	ck_assert_int_eq(rti_add_subscription_condition(s.c1->amb,
	    tfed_oc(s.c1, "Breaker"), "S3"), RTI_OK);
	/* takes effect for the very next update */
	update(s.p, s.b3, "a", NULL);
	ck_assert(tfed_wait(s.c1, "reflect:b3:a:"));
	ck_assert_int_eq(rti_remove_subscription_condition(s.c1->amb,
	    tfed_oc(s.c1, "Breaker"), "S1"), RTI_OK);
	update(s.p, s.b1, "b", NULL);
	update(s.p, s.b3, "c", NULL);
	ck_assert(tfed_wait(s.c1, "reflect:b3:c:"));
	ck_assert(tfed_wait(s.g, "reflect:b1:b:"));
	tfed_barrier(s.c1);
	ck_assert_int_lt(tfed_find(s.c1, "reflect:b1:"), 0);
	/* removing every condition: the subscription takes everything */
	ck_assert_int_eq(rti_remove_subscription_condition(s.c1->amb,
	    tfed_oc(s.c1, "Breaker"), "S3"), RTI_OK);
	update(s.p, s.b2, "d", NULL);
	ck_assert(tfed_wait(s.c1, "reflect:b2:d:"));
	/* the instance's condition changed at run time */
	ck_assert_int_eq(rti_set_object_instance_condition(s.p->amb, s.b2,
	    "S1"), RTI_OK);
	update(s.p, s.b2, "e", NULL);
	ck_assert(tfed_wait(s.g, "reflect:b2:e:"));
	tfed_barrier(s.c2);
	ck_assert_int_lt(tfed_find(s.c2, "reflect:b2:e"), 0);
	scen_end(&s);
}
END_TEST

START_TEST(test_class_bundle_cut_per_condition)
{
	struct scen s;
	struct rti_bundle_instance in[3];
	struct rti_attribute_value v[3];
	int i;

	scen_start(&s, 1);
	ck_assert_int_eq(rti_set_update_packing(s.p->amb, RTI_PACKING_CLASS,
	    0), RTI_OK);
	for (i = 0; i < 3; i++) {
		v[i].attribute = tfed_attr(s.p, "Breaker", "Status");
		v[i].value = "v";
		v[i].length = 1;
		in[i].values = &v[i];
		in[i].n_values = 1;
	}
	in[0].object = s.b1;
	in[1].object = s.b2;
	in[2].object = s.b3;
	ck_assert_int_eq(rti_update_class_attribute_values(s.p->amb,
	    tfed_oc(s.p, "Breaker"), in, 3, NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(s.p->amb), RTI_OK);
	ck_assert(tfed_wait(s.g, "bundle:3"));
	ck_assert(tfed_wait(s.c1, "bundle:1"));
	ck_assert(tfed_wait(s.c2, "bundle:1"));
	tfed_barrier(s.c1);
	tfed_barrier(s.c2);
	ck_assert_uint_eq(s.c1->n_bundle_instances, 1);
	ck_assert_int_ge(tfed_find(s.c1, "binst:b1"), 0);
	ck_assert_uint_eq(s.c2->n_bundle_instances, 1);
	ck_assert_int_ge(tfed_find(s.c2, "binst:b2"), 0);
	scen_end(&s);
}
END_TEST

/* A class bundle mixing instances with and without a condition (so that
 * rtiexec's and librti's reuse of the previous instance's routing and
 * source-filter answer meet both kinds in a row) reaches each subscriber
 * exactly as the same updates sent one by one do, and the same instances
 * are suppressed at the source.  nobody_plain: g unsubscribes, so that
 * nobody takes the instances without a condition or in S3. */
static void
bundle_like_single_updates(int nobody_plain)
{
	static const char *const names[] = { "b4", "b1", "b5", "b3", "b6",
		"b2" };
	struct scen s;
	struct rti_bundle_instance in[6];
	struct rti_attribute_value v;
	rti_object_instance_handle h[6];
	struct tfed *subs[3];
	size_t got[3][6], k, i, n_subs = nobody_plain ? 2 : 3;
	uint64_t sup0, sup_single;
	char ev[32];

	scen_start(&s, 1);
	h[0] = reg(s.p, "b4", NULL);
	h[1] = s.b1;
	h[2] = reg(s.p, "b5", NULL);
	h[3] = s.b3;
	h[4] = reg(s.p, "b6", NULL);
	h[5] = s.b2;
	subs[0] = s.c1;
	subs[1] = s.c2;
	subs[2] = s.g;
	if (nobody_plain) {
		ck_assert_int_eq(rti_unsubscribe_object_class(s.g->amb,
		    tfed_oc(s.g, "Breaker")), RTI_OK);
		tfed_barrier(s.p);
	}
	sup0 = stats(s.p).updates_suppressed;
	for (i = 0; i < 6; i++)
		update(s.p, h[i], "x", NULL);
	ck_assert_int_eq(rti_flush_updates(s.p->amb), RTI_OK);
	sup_single = stats(s.p).updates_suppressed - sup0;
	ck_assert_uint_eq(sup_single, nobody_plain ? 4 : 0);
	ck_assert(tfed_wait(s.c1, "binst:b1"));
	ck_assert(tfed_wait(s.c2, "binst:b2"));
	if (!nobody_plain)
		ck_assert(tfed_wait_n(s.g, "binst:", 6));
	for (k = 0; k < n_subs; k++) {
		tfed_barrier(subs[k]);
		for (i = 0; i < 6; i++) {
			snprintf(ev, sizeof ev, "binst:%s", names[i]);
			got[k][i] = tfed_count(subs[k], ev);
		}
	}
	ck_assert_uint_eq(got[0][1], 1);
	ck_assert_uint_eq(got[0][3], 0);
	v.attribute = tfed_attr(s.p, "Breaker", "Status");
	v.value = "y";
	v.length = 1;
	for (i = 0; i < 6; i++) {
		in[i].object = h[i];
		in[i].values = &v;
		in[i].n_values = 1;
	}
	ck_assert_int_eq(rti_set_update_packing(s.p->amb, RTI_PACKING_CLASS,
	    0), RTI_OK);
	sup0 = stats(s.p).updates_suppressed;
	ck_assert_int_eq(rti_update_class_attribute_values(s.p->amb,
	    tfed_oc(s.p, "Breaker"), in, 6, NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(s.p->amb), RTI_OK);
	ck_assert_uint_eq(stats(s.p).updates_suppressed - sup0, sup_single);
	ck_assert(tfed_wait_n(s.c1, "binst:b1", 2));
	ck_assert(tfed_wait_n(s.c2, "binst:b2", 2));
	if (!nobody_plain)
		ck_assert(tfed_wait_n(s.g, "binst:", 12));
	for (k = 0; k < n_subs; k++) {
		tfed_barrier(subs[k]);
		for (i = 0; i < 6; i++) {
			snprintf(ev, sizeof ev, "binst:%s", names[i]);
			ck_assert_uint_eq(tfed_count(subs[k], ev),
			    2 * got[k][i]);
		}
	}
	scen_end(&s);
}

START_TEST(test_class_bundle_routes_like_single_updates)
{
	bundle_like_single_updates(0);
}
END_TEST

START_TEST(test_class_bundle_suppressed_like_single_updates)
{
	bundle_like_single_updates(1);
}
END_TEST

/* Instances of a class bundle that update other attributes than the one
 * before get their own source-filter answer: g subscribes to Status only,
 * so the two Current updates never leave the publisher, the second no
 * more than the first. */
START_TEST(test_class_bundle_suppressed_per_attributes)
{
	struct tfed *p = fed("p", 0), *g = fed("g", 1);
	rti_object_class_handle br = tfed_oc(p, "Breaker");
	rti_attribute_handle a[2];
	rti_object_instance_handle h[3];
	struct rti_attribute_value v[2];
	struct rti_bundle_instance in[3];
	uint64_t sup0;
	int i;

	a[0] = tfed_attr(p, "Breaker", "Status");
	a[1] = tfed_attr(p, "Breaker", "Current");
	ck_assert_int_eq(rti_publish_object_class_attributes(p->amb, br, a,
	    2), RTI_OK);
	tfed_subscribe_status(g, NULL);
	h[0] = reg(p, "b4", NULL);
	h[1] = reg(p, "b5", NULL);
	h[2] = reg(p, "b6", NULL);
	ck_assert(tfed_wait_n(g, "discover:", 3));
	for (i = 0; i < 2; i++) {
		v[i].attribute = a[i];
		v[i].value = "12345678";
		v[i].length = 8;
	}
	for (i = 0; i < 3; i++) {
		in[i].object = h[i];
		in[i].values = &v[i ? 1 : 0];
		in[i].n_values = 1;
	}
	ck_assert_int_eq(rti_set_update_packing(p->amb, RTI_PACKING_CLASS, 0),
	    RTI_OK);
	sup0 = stats(p).updates_suppressed;
	ck_assert_int_eq(rti_update_class_attribute_values(p->amb, br, in, 3,
	    NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(p->amb), RTI_OK);
	ck_assert_uint_eq(stats(p).updates_suppressed - sup0, 2);
	ck_assert(tfed_wait(g, "binst:b4"));
	tfed_barrier(g);
	ck_assert_uint_eq(tfed_count(g, "binst:"), 1);
	tfed_free(p);
	tfed_free(g);
}
END_TEST

START_TEST(test_interactions_with_conditions)
{
	struct tfed *p = fed("p", 0), *c1 = fed("c1", 0), *g = fed("g", 0);
	rti_interaction_class_handle alarm = tfed_ic(p, "Alarm");

	ck_assert_int_eq(rti_add_interaction_subscription_condition(c1->amb,
	    alarm, "S1"), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(c1->amb, alarm),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(g->amb, alarm),
	    RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(p->amb, alarm),
	    RTI_OK);
	ck_assert_int_eq(rti_send_interaction_with_condition(p->amb, alarm,
	    NULL, 0, "1", 1, "S1"), RTI_OK);
	ck_assert_int_eq(rti_send_interaction_with_condition(p->amb, alarm,
	    NULL, 0, "2", 1, "S2"), RTI_OK);
	ck_assert_int_eq(rti_send_interaction(p->amb, alarm, NULL, 0, "3", 1),
	    RTI_OK);
	ck_assert(tfed_wait(g, "interaction:3:-"));
	ck_assert_int_ge(tfed_find(g, "interaction:1:S1"), 0);
	ck_assert_int_ge(tfed_find(g, "interaction:2:S2"), 0);
	tfed_barrier(c1);
	ck_assert_uint_eq(c1->n_interactions, 1);
	ck_assert_int_ge(tfed_find(c1, "interaction:1:S1"), 0);
	ck_assert_uint_eq(stats(c1).interactions_received, 1);
	/* nobody takes S9 once g is gone: suppressed at the source */
	ck_assert_int_eq(rti_unsubscribe_interaction_class(g->amb, alarm),
	    RTI_OK);
	tfed_barrier(p); /* an unsubscription may reach the replica late */
	ck_assert_int_eq(rti_send_interaction_with_condition(p->amb, alarm,
	    NULL, 0, "4", 1, "S9"), RTI_OK);
	ck_assert_uint_eq(stats(p).interactions_suppressed, 1);
	ck_assert_uint_eq(stats(p).interactions_sent, 3);
	tfed_free(p);
	tfed_free(c1);
	tfed_free(g);
}
END_TEST

/*
 * A dispatcher follows a whole area with one prefix condition: "north/"
 * takes every substation and bay under north/, nothing else; what nobody
 * wants is suppressed at the source, and a console on one substation still
 * gets only its own.
 */
START_TEST(test_prefix_conditions)
{
	struct tfed *p = fed("p", 0), *d = fed("dispatcher", 0);
	struct tfed *c = fed("console", 0);
	rti_object_instance_handle b1, b2, b3, b4, b5;
	struct rti_statistics z;

	tfed_subscribe_status(d, "north/");
	tfed_subscribe_status(c, "north/S1");
	tfed_publish_status(p);
	b1 = reg(p, "b1", "north/S1");
	b2 = reg(p, "b2", "north/S2/bay1");
	b3 = reg(p, "b3", "south/S3");
	b4 = reg(p, "b4", "northeast/S4");
	b5 = reg(p, "b5", "north");
	tfed_barrier(p);
	update(p, b1, "1", NULL);
	update(p, b2, "2", NULL);
	update(p, b3, "3", NULL);
	update(p, b4, "4", NULL);
	update(p, b5, "5", NULL);
	/* a per-update condition under the prefix */
	update(p, b3, "6", "north/S9");
	ck_assert(tfed_wait(d, "reflect:b3:6:north/S9"));
	tfed_barrier(d);
	tfed_barrier(c);
	ck_assert_int_ge(tfed_find(d, "reflect:b1:1:"), 0);
	ck_assert_int_ge(tfed_find(d, "reflect:b2:2:"), 0);
	ck_assert_uint_eq(d->n_reflects, 3);
	ck_assert_uint_eq(c->n_reflects, 1);
	ck_assert_int_ge(tfed_find(c, "reflect:b1:1:"), 0);
	z = stats(p);
	ck_assert_uint_eq(z.updates_sent, 3);
	ck_assert_uint_eq(z.updates_suppressed, 3);
	tfed_free(p);
	tfed_free(d);
	tfed_free(c);
}
END_TEST

/*
 * Replacing a subscription's conditions in one step: the console moves
 * from S1 to S2 and never gets the unconditional flood that removing S1
 * before adding S2 lets through; a refused set changes nothing.
 */
START_TEST(test_set_conditions)
{
	struct scen s;
	rti_object_class_handle br;
	const char *two[] = { "S2", "S3", "S2" }, *bad[] = { "S1", "S2 " };
	const char *many[65];
	char names[65][8];
	int i;

	scen_start(&s, 0);
	br = tfed_oc(s.c1, "Breaker");
	/* the trap: between the remove and the add c1 takes everything */
	ck_assert_int_eq(rti_remove_subscription_condition(s.c1->amb, br,
	    "S1"), RTI_OK);
	tfed_barrier(s.p);
	update(s.p, s.b3, "t", NULL);
	ck_assert(tfed_wait(s.c1, "reflect:b3:t:"));
	ck_assert_int_eq(rti_add_subscription_condition(s.c1->amb, br, "S1"),
	    RTI_OK);
	/* one step: S1 to {S2, S3}, duplicates counted once */
	ck_assert_int_eq(rti_set_subscription_conditions(s.c1->amb, br, two,
	    3), RTI_OK);
	tfed_barrier(s.p);
	tfed_clear(s.c1);
	update(s.p, s.b1, "1", NULL);
	update(s.p, s.b2, "2", NULL);
	update(s.p, s.b3, "3", NULL);
	ck_assert(tfed_wait_n(s.g, "reflect:", 3));
	ck_assert(tfed_wait(s.c1, "reflect:b3:3:"));
	tfed_barrier(s.c1);
	ck_assert_int_lt(tfed_find(s.c1, "reflect:b1:"), 0);
	ck_assert_int_ge(tfed_find(s.c1, "reflect:b2:2:"), 0);
	/* a refused set leaves {S2, S3} */
	ck_assert_int_eq(rti_set_subscription_conditions(s.c1->amb, br, bad,
	    2), RTI_ERR_INVALID_CONDITION);
	ck_assert_ptr_nonnull(strstr(rti_error_message(s.c1->amb), "'S2 '"));
	for (i = 0; i < 65; i++) {
		snprintf(names[i], sizeof names[i], "X%d", i);
		many[i] = names[i];
	}
	ck_assert_int_eq(rti_set_subscription_conditions(s.c1->amb, br, many,
	    65), RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_int_eq(rti_set_subscription_conditions(s.c1->amb, br, NULL,
	    1), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_set_subscription_conditions(s.c1->amb,
	    (rti_object_class_handle){ 9999 }, two, 1),
	    RTI_ERR_OBJECT_CLASS_NOT_DEFINED);
	tfed_clear(s.c1);
	update(s.p, s.b1, "4", NULL);
	update(s.p, s.b2, "5", NULL);
	ck_assert(tfed_wait(s.c1, "reflect:b2:5:"));
	tfed_barrier(s.c1);
	ck_assert_int_lt(tfed_find(s.c1, "reflect:b1:"), 0);
	/* 64 is allowed; none makes it unconditional */
	ck_assert_int_eq(rti_set_subscription_conditions(s.c1->amb, br, many,
	    64), RTI_OK);
	ck_assert_int_eq(rti_set_subscription_conditions(s.c1->amb, br, NULL,
	    0), RTI_OK);
	tfed_barrier(s.p);
	tfed_clear(s.c1);
	update(s.p, s.b1, "6", NULL);
	ck_assert(tfed_wait(s.c1, "reflect:b1:6:"));
	/* interactions too */
	ck_assert_int_eq(rti_set_interaction_subscription_conditions(
	    s.c2->amb, tfed_ic(s.c2, "Alarm"), two, 2), RTI_OK);
	ck_assert_int_eq(rti_set_interaction_subscription_conditions(
	    s.c2->amb, tfed_ic(s.c2, "Alarm"), bad, 2),
	    RTI_ERR_INVALID_CONDITION);
	scen_end(&s);
}
END_TEST

START_TEST(test_bad_conditions)
{
	struct tfed *p = fed("p", 0);
	rti_object_class_handle br = tfed_oc(p, "Breaker"), bad = { 9999 };
	rti_interaction_class_handle alarm = tfed_ic(p, "Alarm");
	rti_object_instance_handle b1;
	char c64[65], c65[66];
	struct rti_statistics z;

	memset(c64, 'a', 64);
	c64[64] = '\0';
	memset(c65, 'a', 65);
	c65[65] = '\0';
	ck_assert_int_eq(rti_add_subscription_condition(p->amb, br, c65),
	    RTI_ERR_INVALID_CONDITION);
	ck_assert_ptr_nonnull(strstr(rti_error_message(p->amb), "64"));
	ck_assert_int_eq(rti_add_subscription_condition(p->amb, br, ""),
	    RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(rti_add_subscription_condition(p->amb, br, NULL),
	    RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(rti_add_subscription_condition(p->amb, bad, "S1"),
	    RTI_ERR_OBJECT_CLASS_NOT_DEFINED);
	ck_assert_int_eq(rti_add_subscription_condition(p->amb, br, c64),
	    RTI_OK);
	ck_assert_int_eq(rti_add_interaction_subscription_condition(p->amb,
	    alarm, c65), RTI_ERR_INVALID_CONDITION);
	/* conditions that would silently match nothing are refused */
	{
		static const char *const bad_sub[] = { "north/S3 ", " S1",
			"north//S3", "/north", "a\tb", "S1\n", "\xc3", "/" };
		size_t k;

		for (k = 0; k < sizeof bad_sub / sizeof *bad_sub; k++)
			ck_assert_msg(rti_add_subscription_condition(p->amb,
			    br, bad_sub[k]) == RTI_ERR_INVALID_CONDITION,
			    "'%s' accepted", bad_sub[k]);
		ck_assert_ptr_nonnull(strstr(rti_error_message(p->amb),
		    "'/': an empty path element"));
		ck_assert_int_eq(rti_add_subscription_condition(p->amb, br,
		    "north/S3 "), RTI_ERR_INVALID_CONDITION);
		ck_assert_str_eq(rti_error_message(p->amb), "condition "
		    "'north/S3 ': leading or trailing white space");
		/* a prefix is a subscription condition */
		ck_assert_int_eq(rti_add_subscription_condition(p->amb, br,
		    "north/"), RTI_OK);
		ck_assert_int_eq(rti_remove_subscription_condition(p->amb,
		    br, "north/"), RTI_OK);
	}
	tfed_publish_status(p);
	b1 = reg(p, "b1", NULL);
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1, c65),
	    RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(rti_register_object_instance_with_condition(p->amb,
	    br, NULL, c65, &b1), RTI_ERR_INVALID_CONDITION);
	/* a send condition names one place: no prefix, no stray space */
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1,
	    "north/"), RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1,
	    "north/S3 "), RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1,
	    "north/S3"), RTI_OK);
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1, ""),
	    RTI_OK);
	{
		struct rti_attribute_value v;

		v.attribute = tfed_attr(p, "Breaker", "Status");
		v.value = "x";
		v.length = 1;
		ck_assert_int_eq(rti_update_attribute_values_with_condition(
		    p->amb, b1, &v, 1, NULL, 0, c65),
		    RTI_ERR_INVALID_CONDITION);
		ck_assert_int_eq(rti_update_attribute_values_with_condition(
		    p->amb, b1, &v, 1, NULL, 0, "north//S1"),
		    RTI_ERR_INVALID_CONDITION);
	}
	ck_assert_int_eq(rti_publish_interaction_class(p->amb, alarm),
	    RTI_OK);
	ck_assert_int_eq(rti_send_interaction_with_condition(p->amb, alarm,
	    NULL, 0, NULL, 0, c65), RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(rti_send_interaction_with_condition(p->amb, alarm,
	    NULL, 0, NULL, 0, "south/"), RTI_ERR_INVALID_CONDITION);
	/* nothing was counted as sent or suppressed */
	z = stats(p);
	ck_assert_uint_eq(z.updates_sent + z.updates_suppressed, 0);
	ck_assert_uint_eq(z.interactions_sent + z.interactions_suppressed, 0);
	ck_assert_int_eq(rti_get_statistics(p->amb, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	tfed_free(p);
}
END_TEST

/* In a forked publisher: join, publish Breaker.Status, register an
 * instance (*a, *o), say 'r' on `up`.  0 or -1. */
static int
publisher_setup(struct tfed *t, int up, rti_attribute_handle *a,
    rti_object_instance_handle *o)
{
	rti_object_class_handle br;

	if (tfed_create_join(t, "F", GRID, "p") != RTI_OK ||
	    rti_get_object_class_handle(t->amb, "Breaker", &br) != RTI_OK ||
	    rti_get_attribute_handle(t->amb, br, "Status", a) != RTI_OK ||
	    rti_publish_object_class_attributes(t->amb, br, a, 1) != RTI_OK ||
	    rti_register_object_instance_with_condition(t->amb, br, NULL,
	    NULL, o) != RTI_OK || write(up, "r", 1) != 1)
		return -1;
	return 0;
}

/* End of a forked publisher: resign and free.  Its exit status: 0, or 5
 * when resigning failed. */
static int
publisher_done(struct tfed *t)
{
	if (rti_resign_federation_execution(t->amb,
	    RTI_RESIGN_DELETE_OBJECTS) != RTI_OK)
		return 5;
	tfed_free(t);
	return 0;
}

/* Publisher process: join, publish Breaker.Status, register an instance,
 * say 'r' on `up`; on 'u' from `down` update at once (no evoke) and answer
 * 'k' when it was sent, 's' when suppressed; on 'q' resign.  Exit 0 when
 * all went well. */
static int
stopped_publisher(int up, int down)
{
	struct tfed *t = tfed_new(&rx);
	rti_attribute_handle a;
	rti_object_instance_handle o;
	struct rti_attribute_value v;
	struct rti_statistics z;
	char c;

	if (!t || publisher_setup(t, up, &a, &o) < 0)
		return 1;
	if (read(down, &c, 1) != 1 || c != 'u')
		return 2;
	v.attribute = a;
	v.value = "v";
	v.length = 1;
	/* written now: this process calls librti no more (librti(3)) */
	if (rti_update_attribute_values(t->amb, o, &v, 1, NULL, 0) != RTI_OK ||
	    rti_flush_updates(t->amb) != RTI_OK ||
	    rti_get_statistics(t->amb, &z) != RTI_OK)
		return 3;
	c = z.updates_sent == 1 && z.updates_suppressed == 0 ? 'k' : 's';
	if (write(up, &c, 1) != 1 || read(down, &c, 1) != 1 || c != 'q')
		return 4;
	return publisher_done(t);
}

/* Fork a publisher process running body(up, down); wait for its 'r'.
 * *up is where it answers, *down where it takes commands. */
static pid_t
child_start(int (*body)(int up, int down), int *up, int *down)
{
	int u[2], d[2];
	pid_t pid;
	char c;

	ck_assert_int_eq(pipe(u), 0);
	ck_assert_int_eq(pipe(d), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(u[0]);
		close(d[1]);
		_exit(body(u[1], d[0]));
	}
	close(u[1]);
	close(d[0]);
	ck_assert_int_eq(read(u[0], &c, 1), 1);
	ck_assert_int_eq(c, 'r');
	*up = u[0];
	*down = d[1];
	return pid;
}

/* Tell the child to quit ('q'); assert it exited 0. */
static void
child_finish(pid_t pid, int up, int down)
{
	int status;

	ck_assert_int_eq(write(down, "q", 1), 1);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	close(up);
	close(down);
}

START_TEST(test_subscribe_waits_for_publisher_ack)
{
	int up, down, status;
	struct tfed *s;
	double t0, took;
	pid_t pid;
	char c;

	pid = child_start(stopped_publisher, &up, &down);
	s = fed("s", 0);
	/* the publisher cannot read its socket: the subscribe waits for its
	 * acknowledgement for the bounded time, then succeeds */
	ck_assert_int_eq(kill(pid, SIGSTOP), 0);
	ck_assert_int_eq(waitpid(pid, &status, WUNTRACED), pid);
	ck_assert(WIFSTOPPED(status));
	t0 = tfed_now();
	tfed_subscribe_status(s, NULL);
	took = tfed_now() - t0;
	ck_assert_msg(took >= 0.19, "subscribe returned after %.3f s", took);
	ck_assert(rtiexec_log_has(&rx, "did not acknowledge"));
	ck_assert_int_eq(kill(pid, SIGCONT), 0);
	/* its update, sent before it evoked anything, is not suppressed */
	ck_assert_int_eq(write(down, "u", 1), 1);
	ck_assert_int_eq(read(up, &c, 1), 1);
	ck_assert_int_eq(c, 'k');
	ck_assert(tfed_wait(s, "reflect:"));
	child_finish(pid, up, down);
	tfed_free(s);
}
END_TEST

/* Publisher process that reads its socket only when told: join, publish
 * Breaker.Status, register an instance, say 'r' on `up`; then per command
 * from `down`: 'e' evoke for 0.2 s and say 'k'; 'a'/'b' update with
 * condition S1/S2 and flush (it evokes nothing and then stops calling
 * librti) and say the updates sent and suppressed so far as two digits;
 * 'q' resign.  Exit 0 when all went well. */
static int
idle_publisher(int up, int down)
{
	struct tfed *t = tfed_new(&rx);
	rti_attribute_handle a;
	rti_object_instance_handle o;
	struct rti_attribute_value v;
	struct rti_statistics z;
	char c, ans[2];

	if (!t || publisher_setup(t, up, &a, &o) < 0)
		return 1;
	v.attribute = a;
	v.length = 1;
	while (read(down, &c, 1) == 1 && c != 'q') {
		if (c == 'e') {
			if (rti_evoke_callbacks(t->amb, 0.2, 0.2, NULL) !=
			    RTI_OK || write(up, "k", 1) != 1)
				return 2;
			continue;
		}
		v.value = c == 'a' ? "a" : "b";
		if (rti_update_attribute_values_with_condition(t->amb, o, &v,
		    1, NULL, 0, c == 'a' ? "S1" : "S2") != RTI_OK ||
		    rti_flush_updates(t->amb) != RTI_OK ||
		    rti_get_statistics(t->amb, &z) != RTI_OK)
			return 3;
		ans[0] = (char)('0' + z.updates_sent % 10);
		ans[1] = (char)('0' + z.updates_suppressed % 10);
		if (write(up, ans, 2) != 2)
			return 4;
	}
	return publisher_done(t);
}

/* Events of `t` that contain `what`. */
static size_t
count_with(struct tfed *t, const char *what)
{
	size_t i, n = 0;

	for (i = 0; i < t->n_events; i++)
		n += strstr(t->events[i], what) != NULL;
	return n;
}

/* Send command `c` to the idle publisher; its answer into ans[0..n). */
static void
idle_cmd(int up, int down, char c, char *ans, size_t n)
{
	size_t got = 0;
	ssize_t r;

	ck_assert_int_eq(write(down, &c, 1), 1);
	while (got < n && (r = read(up, ans + got, n - got)) > 0)
		got += (size_t)r;
	ck_assert_uint_eq(got, n);
}

START_TEST(test_change_holds_for_idle_publisher)
{
	int up, down;
	struct tfed *s;
	pid_t pid;
	char ans[2];

	pid = child_start(idle_publisher, &up, &down);
	s = fed("s", 0);
	/* a plain subscription the publisher's replica knows */
	tfed_subscribe_status(s, NULL);
	idle_cmd(up, down, 'e', ans, 1);
	/* narrowed while the publisher reads nothing: rtiexec answers after
	 * its bounded wait */
	ck_assert_int_eq(rti_add_subscription_condition(s->amb,
	    tfed_oc(s, "Breaker"), "S1"), RTI_OK);
	/* the next updates match the change: S1 goes, S2 never leaves */
	idle_cmd(up, down, 'a', ans, 2);
	ck_assert_int_eq(ans[0], '1');
	ck_assert_int_eq(ans[1], '0');
	idle_cmd(up, down, 'b', ans, 2);
	ck_assert_int_eq(ans[0], '1');
	ck_assert_int_eq(ans[1], '1');
	ck_assert(tfed_wait(s, "reflect:"));
	/* widened again (the condition removed) while it reads nothing */
	ck_assert_int_eq(rti_remove_subscription_condition(s->amb,
	    tfed_oc(s, "Breaker"), "S1"), RTI_OK);
	idle_cmd(up, down, 'b', ans, 2);
	ck_assert_int_eq(ans[0], '2');
	ck_assert_int_eq(ans[1], '1');
	ck_assert(tfed_wait_n(s, "reflect:", 2));
	tfed_barrier(s);
	ck_assert_uint_eq(s->n_reflects, 2);
	ck_assert_uint_eq(count_with(s, ":a:S1"), 1);
	ck_assert_uint_eq(count_with(s, ":b:S2"), 1);
	child_finish(pid, up, down);
	tfed_free(s);
}
END_TEST

/* ---- relevance advisories narrowed by conditions ---- */

static void
adv_on(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n)
{
	(void)attrs;
	tfed_event(arg, "on:%s:%zu", tfed_obj_name(arg, obj), n);
}

static void
adv_off(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n)
{
	(void)attrs;
	tfed_event(arg, "off:%s:%zu", tfed_obj_name(arg, obj), n);
}

static void
adv_start(void *arg, rti_object_class_handle cls)
{
	(void)cls;
	tfed_event(arg, "start-registration");
}

static void
adv_ints_on(void *arg, rti_interaction_class_handle cls)
{
	(void)cls;
	tfed_event(arg, "interactions-on");
}

/* A publisher recording the relevance advisories (attribute switch on). */
static struct tfed *
adv_fed(const char *name)
{
	struct rti_callbacks cb;
	struct tfed *t;

	tfed_callbacks(&cb);
	tfed_cond_callbacks(&cb, 0);
	cb.turn_updates_on_for_object_instance = adv_on;
	cb.turn_updates_off_for_object_instance = adv_off;
	cb.start_registration_for_object_class = adv_start;
	cb.turn_interactions_on = adv_ints_on;
	t = tfed_join_f(&rx, &cb, GRID, name);
	ck_assert_int_eq(rti_enable_attribute_relevance_advisory_switch(
	    t->amb), RTI_OK);
	return t;
}

/* Evoke until `t` has seen `what`, then everything pending; assert the
 * number of advisories seen so far. */
static void
adv_expect(struct tfed *t, const char *what, size_t on, size_t off)
{
	ck_assert_msg(tfed_wait(t, what), "no %s", what);
	tfed_barrier(t);
	ck_assert_uint_eq(tfed_count(t, "on:"), on);
	ck_assert_uint_eq(tfed_count(t, "off:"), off);
}

START_TEST(test_relevance_narrowed_by_conditions)
{
	struct tfed *p = adv_fed("p"), *c1 = fed("c1", 0), *c2 = fed("c2", 0);
	rti_object_class_handle br = tfed_oc(c1, "Breaker");
	rti_interaction_class_handle alarm = tfed_ic(p, "Alarm");
	rti_object_instance_handle b1, b2;

	tfed_publish_status(p);
	ck_assert_int_eq(rti_publish_interaction_class(p->amb, alarm),
	    RTI_OK);
	b1 = reg(p, "b1", "S1");
	b2 = reg(p, "b2", "S2");
	/* c1 wants S1: only b1 is turned on; class-level advice is on */
	tfed_subscribe_status(c1, "S1");
	adv_expect(p, "on:b1:1", 1, 0);
	ck_assert_int_ge(tfed_find(p, "start-registration"), 0);
	ck_assert_int_eq(rti_add_interaction_subscription_condition(c1->amb,
	    alarm, "S9"), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(c1->amb, alarm),
	    RTI_OK);
	ck_assert(tfed_wait(p, "interactions-on"));
	/* conditions changed at run time */
	ck_assert_int_eq(rti_add_subscription_condition(c1->amb, br, "S2"),
	    RTI_OK);
	adv_expect(p, "on:b2:1", 2, 0);
	ck_assert_int_eq(rti_remove_subscription_condition(c1->amb, br, "S1"),
	    RTI_OK);
	adv_expect(p, "off:b1:1", 2, 1);
	/* the instance's condition changed */
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1, "S2"),
	    RTI_OK);
	adv_expect(p, "on:b1:1", 3, 1);
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b2, "S3"),
	    RTI_OK);
	adv_expect(p, "off:b2:1", 3, 2);
	/* a second subscriber for S3; then c1 leaves */
	tfed_subscribe_status(c2, "S3");
	adv_expect(p, "on:b2:1", 4, 2);
	ck_assert_int_eq(rti_unsubscribe_object_class(c1->amb, br), RTI_OK);
	adv_expect(p, "off:b1:1", 4, 3);
	tfed_free(c1);
	tfed_free(c2);
	adv_expect(p, "off:b2:1", 4, 4);
	tfed_free(p);
}
END_TEST

/* ---- timestamped sends with conditions ---- */

static void
tso_rx(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)cls;
	(void)v;
	(void)n;
	tfed_event(arg, "rx:%.*s:%s:%s:%g|", (int)tag_len, (const char *)tag,
	    info->condition ? info->condition : "-",
	    info->received_order == RTI_ORDER_TIMESTAMP ? "tso" : "ro",
	    info->time.f64);
}

static void
tso_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)obj;
	(void)tag;
	(void)tag_len;
	tfed_event(arg, "ref:%.*s:%s:%s:%g|", n ? (int)v[0].length : 0,
	    n ? (const char *)v[0].value : "",
	    info->condition ? info->condition : "-",
	    info->received_order == RTI_ORDER_TIMESTAMP ? "tso" : "ro",
	    info->time.f64);
}

static void
tso_time(void *arg, rti_time t)
{
	tfed_event(arg, "time:%g|", t.f64);
}

static void
tso_grant(void *arg, rti_time t)
{
	tfed_event(arg, "grant:%g|", t.f64);
}

/* A federate of the grid federation recording timestamped deliveries;
 * regulating with lookahead 1 when `reg`, else constrained. */
static struct tfed *
tso_fed(const char *name, int reg)
{
	struct rti_callbacks cb;
	struct tfed *t;

	tfed_callbacks(&cb);
	tfed_cond_callbacks(&cb, 0);
	cb.receive_interaction = tso_rx;
	cb.reflect_attribute_values = tso_reflect;
	cb.time_regulation_enabled = tso_time;
	cb.time_constrained_enabled = tso_time;
	cb.time_advance_grant = tso_grant;
	t = tfed_join_f(&rx, &cb, GRID, name);
	if (reg)
		ck_assert_int_eq(rti_enable_time_regulation(t->amb,
		    rti_time_f64(1)), RTI_OK);
	else
		ck_assert_int_eq(rti_enable_time_constrained(t->amb), RTI_OK);
	ck_assert(tfed_wait(t, "time:"));
	return t;
}

static rti_message_retraction_handle
tso_send(struct tfed *p, const char *tag, const char *cond, double t)
{
	rti_message_retraction_handle h = { 99 };

	ck_assert_int_eq(rti_send_interaction_with_condition_at(p->amb,
	    tfed_ic(p, "Alarm"), NULL, 0, tag, strlen(tag), cond,
	    rti_time_f64(t), &h), RTI_OK);
	return h;
}

START_TEST(test_timestamped_sends_with_conditions)
{
	struct tfed *p = tso_fed("p", 1), *c1 = tso_fed("c1", 0),
	    *c2 = tso_fed("c2", 0);
	rti_interaction_class_handle alarm = tfed_ic(p, "Alarm");
	rti_message_retraction_handle hb, hr, hs, hu;
	rti_object_instance_handle b1;
	struct rti_attribute_value v;
	struct rti_statistics z;
	char c65[66];
	int i, ia, ib, ix;

	ck_assert_int_eq(rti_add_interaction_subscription_condition(c1->amb,
	    alarm, "S1"), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(c1->amb, alarm),
	    RTI_OK);
	ck_assert_int_eq(rti_add_interaction_subscription_condition(c2->amb,
	    alarm, "S2"), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(c2->amb, alarm),
	    RTI_OK);
	tfed_subscribe_status(c1, "S1");
	ck_assert_int_eq(rti_publish_interaction_class(p->amb, alarm),
	    RTI_OK);
	/* Alarm is receive order in the FOM */
	ck_assert_int_eq(rti_change_interaction_order_type(p->amb, alarm,
	    RTI_ORDER_TIMESTAMP), RTI_OK);
	tfed_publish_status(p);
	b1 = reg(p, "b1", NULL);
	/* sent out of timestamp order; S9 interests nobody */
	hb = tso_send(p, "b", "S1", 4);
	(void)tso_send(p, "a", "S1", 3);
	(void)tso_send(p, "x", "S2", 2);
	hr = tso_send(p, "r", "S1", 5);
	hs = tso_send(p, "n", "S9", 2);
	ck_assert_uint_ne(hb.id, 0);
	ck_assert_uint_ne(hr.id, 0);
	ck_assert_uint_ne(hb.id, hr.id);
	ck_assert_uint_eq(hs.id, 0);
	v.attribute = tfed_attr(p, "Breaker", "Status");
	v.value = "u";
	v.length = 1;
	hu.id = 99;
	ck_assert_int_eq(rti_update_attribute_values_with_condition_at(p->amb,
	    b1, &v, 1, NULL, 0, "S1", rti_time_f64(3.5), &hu), RTI_OK);
	ck_assert_uint_ne(hu.id, 0);
	v.value = "w";
	ck_assert_int_eq(rti_update_attribute_values_with_condition_at(p->amb,
	    b1, &v, 1, NULL, 0, "S2", rti_time_f64(3.5), &hu), RTI_OK);
	ck_assert_uint_eq(hu.id, 0);
	/* errors: a time before time plus lookahead, a too-long condition */
	memset(c65, 'a', 65);
	c65[65] = '\0';
	ck_assert_int_eq(rti_send_interaction_with_condition_at(p->amb, alarm,
	    NULL, 0, NULL, 0, "S1", rti_time_f64(0.5), &hu),
	    RTI_ERR_INVALID_LOGICAL_TIME);
	ck_assert_int_eq(rti_send_interaction_with_condition_at(p->amb, alarm,
	    NULL, 0, NULL, 0, c65, rti_time_f64(2), &hu),
	    RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(rti_update_attribute_values_with_condition_at(p->amb,
	    b1, &v, 1, NULL, 0, c65, rti_time_f64(2), &hu),
	    RTI_ERR_INVALID_CONDITION);
	/* a retracted one is never delivered */
	ck_assert_int_eq(rti_retract(p->amb, hr), RTI_OK);
	z = stats(p);
	ck_assert_uint_eq(z.interactions_sent, 4);
	ck_assert_uint_eq(z.interactions_suppressed, 1);
	ck_assert_uint_eq(z.updates_sent, 1);
	ck_assert_uint_eq(z.updates_suppressed, 1);
	ck_assert_int_eq(rti_time_advance_request(p->amb, rti_time_f64(10)),
	    RTI_OK);
	ck_assert(tfed_wait(p, "grant:10|"));
	ck_assert_int_eq(rti_time_advance_request(c1->amb, rti_time_f64(10)),
	    RTI_OK);
	ck_assert_int_eq(rti_time_advance_request(c2->amb, rti_time_f64(10)),
	    RTI_OK);
	ck_assert(tfed_wait(c1, "grant:10|"));
	ck_assert(tfed_wait(c2, "grant:10|"));
	/* c1: S1 only, in timestamp order, before the grant */
	ia = tfed_find(c1, "rx:a:S1:tso:3|");
	i = tfed_find(c1, "ref:u:S1:tso:3.5|");
	ib = tfed_find(c1, "rx:b:S1:tso:4|");
	ck_assert_int_ge(ia, 0);
	ck_assert_int_gt(i, ia);
	ck_assert_int_gt(ib, i);
	ck_assert_int_gt(tfed_find(c1, "grant:10|"), ib);
	ck_assert_uint_eq(tfed_count(c1, "rx:"), 2);
	ck_assert_uint_eq(tfed_count(c1, "ref:"), 1);
	/* c2: S2 only */
	ix = tfed_find(c2, "rx:x:S2:tso:2|");
	ck_assert_int_ge(ix, 0);
	ck_assert_uint_eq(tfed_count(c2, "rx:"), 1);
	ck_assert_uint_eq(tfed_count(c2, "ref:"), 0);
	tfed_free(p);
	tfed_free(c1);
	tfed_free(c2);
}
END_TEST

/* ---- the instance's condition belongs to the instance ---- */

/*
 * A reflection of an instance with a send condition carries it in
 * info->condition, in every packing of the publisher and on
 * reflect_class_bundle per instance (rti_bundle_instance.condition);
 * an update's own condition overrides the instance's.
 */
START_TEST(test_reflections_carry_instance_condition)
{
	static const enum rti_packing modes[] = { RTI_PACKING_ATTRIBUTE,
	    RTI_PACKING_INSTANCE, RTI_PACKING_CLASS };
	struct tfed *p = fed("p", 0), *g = fed("g", 0), *gb = fed("gb", 1);
	rti_object_instance_handle b[4];
	struct rti_bundle_instance in[3];
	struct rti_attribute_value v;
	char ev[64], val[8];
	size_t k;

	tfed_subscribe_status(g, NULL);
	tfed_subscribe_status(gb, NULL);
	tfed_publish_status(p);
	b[0] = reg(p, "b1", "north/S1");
	b[1] = reg(p, "b2", "north/S2");
	b[2] = reg(p, "b3", NULL);
	b[3] = reg(p, "b4", "north/S1");
	for (k = 0; k < 3; k++) {
		ck_assert_int_eq(rti_set_update_packing(p->amb, modes[k], 0),
		    RTI_OK);
		snprintf(val, sizeof val, "a%zu", k);
		update(p, b[0], val, NULL);
		update(p, b[2], val, NULL);
		update(p, b[1], val, "south/S9");
		ck_assert_int_eq(rti_flush_updates(p->amb), RTI_OK);
		snprintf(ev, sizeof ev, "reflect:b1:%s:north/S1", val);
		ck_assert_msg(tfed_wait(g, ev), "%s", ev);
		snprintf(ev, sizeof ev, "reflect:b3:%s:-", val);
		ck_assert_msg(tfed_wait(g, ev), "%s", ev);
		snprintf(ev, sizeof ev, "reflect:b2:%s:south/S9", val);
		ck_assert_msg(tfed_wait(g, ev), "%s", ev);
		ck_assert(tfed_wait_n(gb, "binst:b1:north/S1", k + 1));
		ck_assert(tfed_wait_n(gb, "binst:b3:-", k + 1));
		ck_assert(tfed_wait_n(gb, "binst:b2:south/S9", k + 1));
	}
	ck_assert_int_ge(tfed_find(gb, "bundle:1:south/S9"), 0);
	ck_assert_int_ge(tfed_find(gb, "bundle:1:north/S1"), 0);
	/* rti_update_class_attribute_values: b1 and b4 share north/S1 */
	v.attribute = tfed_attr(p, "Breaker", "Status");
	v.value = "c";
	v.length = 1;
	in[0].object = b[0];
	in[1].object = b[3];
	in[2].object = b[1];
	for (k = 0; k < 3; k++) {
		in[k].values = &v;
		in[k].n_values = 1;
		in[k].condition = "ignored/X";
	}
	ck_assert_int_eq(rti_update_class_attribute_values(p->amb,
	    tfed_oc(p, "Breaker"), in, 2, NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(p->amb), RTI_OK);
	ck_assert(tfed_wait(gb, "bundle:2:north/S1"));
	ck_assert(tfed_wait(g, "reflect:b4:c:north/S1"));
	ck_assert(tfed_wait(g, "reflect:b1:c:north/S1"));
	ck_assert_int_eq(rti_update_class_attribute_values(p->amb,
	    tfed_oc(p, "Breaker"), in, 3, NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(p->amb), RTI_OK);
	ck_assert(tfed_wait(gb, "bundle:3:-"));
	/* b1 and b3 in one bundle (whether class packing coalesces two
	 * updates depends on how fast they follow each other): the bundle's
	 * info has no condition, each instance its own */
	in[1].object = b[2];
	ck_assert_int_eq(rti_update_class_attribute_values(p->amb,
	    tfed_oc(p, "Breaker"), in, 2, NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(p->amb), RTI_OK);
	ck_assert(tfed_wait(gb, "bundle:2:-"));
	ck_assert(tfed_wait(gb, "binst:b3:-"));
	ck_assert(tfed_wait_n(gb, "binst:b1:north/S1", k + 3));
	ck_assert(tfed_wait(g, "reflect:b2:c:north/S2"));
	ck_assert(tfed_wait_n(gb, "binst:b4:north/S1", 2));
	ck_assert(tfed_wait(gb, "binst:b2:north/S2"));
	tfed_barrier(gb);
	ck_assert_int_lt(tfed_find(gb, "binst:b2:ignored"), 0);
	ck_assert_int_lt(tfed_find(gb, "reflect:"), 0);
	tfed_free(p);
	tfed_free(g);
	tfed_free(gb);
}
END_TEST

/*
 * A change of an instance's condition reaches every federate that knows
 * it, and a federate that discovers it later learns it with the
 * discovery (subscribing after the registration, with or without a
 * condition, or when the instance's new condition is one it takes).
 * Only a federate that owns some of the instance changes it.
 */
START_TEST(test_condition_change_reaches_knowers)
{
	struct tfed *p = fed("p", 0), *g = fed("g", 0), *late, *area, *s5;
	rti_object_instance_handle b1;
	char c64[65], ev[96];

	tfed_subscribe_status(g, NULL);
	tfed_publish_status(p);
	/* g discovers b1 at its registration, before its condition */
	b1 = reg(p, "b1", "north/S1");
	update(p, b1, "x", NULL);
	ck_assert(tfed_wait(g, "reflect:b1:x:north/S1"));
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1,
	    "north/S3"), RTI_OK);
	update(p, b1, "y", NULL);
	ck_assert(tfed_wait(g, "reflect:b1:y:north/S3"));
	/* g knows b1 and owns none of it */
	ck_assert_int_eq(rti_set_object_instance_condition(g->amb, b1,
	    "north/S4"), RTI_ERR_ATTRIBUTE_NOT_OWNED);
	ck_assert_int_eq(rti_set_object_instance_condition(g->amb, b1, NULL),
	    RTI_ERR_ATTRIBUTE_NOT_OWNED);
	update(p, b1, "z", NULL);
	ck_assert(tfed_wait(g, "reflect:b1:z:north/S3"));
	/* late subscribers discover b1 with its condition */
	late = fed("late", 0);
	area = fed("area", 0);
	tfed_subscribe_status(late, NULL);
	tfed_subscribe_status(area, "north/");
	update(p, b1, "w", NULL);
	ck_assert(tfed_wait(late, "reflect:b1:w:north/S3"));
	ck_assert(tfed_wait(area, "reflect:b1:w:north/S3"));
	/* s5 wants north/S5 only: it discovers b1 when b1 moves there,
	 * before any update */
	s5 = fed("s5", 0);
	tfed_subscribe_status(s5, "north/S5");
	tfed_barrier(s5);
	ck_assert_int_lt(tfed_find(s5, "discover:b1"), 0);
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1,
	    "north/S5"), RTI_OK);
	ck_assert(tfed_wait(s5, "discover:b1"));
	update(p, b1, "u", NULL);
	ck_assert(tfed_wait(s5, "reflect:b1:u:north/S5"));
	ck_assert(tfed_wait(g, "reflect:b1:u:north/S5"));
	/* cleared: every knower sees none */
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1, ""),
	    RTI_OK);
	update(p, b1, "v", NULL);
	ck_assert(tfed_wait(g, "reflect:b1:v:-"));
	ck_assert(tfed_wait(late, "reflect:b1:v:-"));
	tfed_barrier(area);
	ck_assert_int_lt(tfed_find(area, "reflect:b1:v"), 0);
	/* the longest condition reaches a knower whole */
	memset(c64, 'x', 64);
	memcpy(c64, "north/", 6);
	c64[64] = '\0';
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1, c64),
	    RTI_OK);
	update(p, b1, "L", NULL);
	snprintf(ev, sizeof ev, "reflect:b1:L:%s", c64);
	ck_assert(tfed_wait(g, ev));
	ck_assert(!g->lost);
	tfed_free(p);
	tfed_free(g);
	tfed_free(late);
	tfed_free(area);
	tfed_free(s5);
}
END_TEST

/*
 * An instance registered with a condition is discovered at once by the
 * subscribers whose conditions take it, and only by them, with no update
 * needed (a breaker whose state seldom changes is on the console that
 * watches its substation from the start); one whose condition is set
 * later is discovered then by those it now reaches.
 */
START_TEST(test_registered_with_condition_discovered)
{
	struct tfed *p = fed("p", 0), *n = fed("n", 0), *s = fed("s", 0);
	rti_object_instance_handle b2;

	tfed_subscribe_status(n, "north/");
	tfed_subscribe_status(s, "south/");
	tfed_publish_status(p);
	(void)reg(p, "b1", "north/S1");
	ck_assert(tfed_wait(n, "discover:b1"));
	b2 = reg(p, "b2", NULL);
	tfed_barrier(s);
	ck_assert_int_lt(tfed_find(s, "discover:b1"), 0);
	ck_assert_int_lt(tfed_find(s, "discover:b2"), 0);
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b2,
	    "south/S2"), RTI_OK);
	ck_assert(tfed_wait(s, "discover:b2"));
	tfed_barrier(n);
	ck_assert_int_lt(tfed_find(n, "discover:b2"), 0);
	ck_assert_int_lt(tfed_find(s, "discover:b1"), 0);
	tfed_free(p);
	tfed_free(n);
	tfed_free(s);
}
END_TEST

static void
acquired_cb(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len)
{
	(void)attrs;
	(void)tag;
	(void)tag_len;
	tfed_event(arg, "acquired:%s:%zu", tfed_obj_name(arg, obj), n);
}

/*
 * After an attribute changes owner, the new owner's updates of it carry
 * the instance's condition: a console subscribed with that condition gets
 * each of them, and the new owner's library does not count them as
 * suppressed; when no subscriber wants the condition any more, they are
 * still suppressed at the source.  Associating update regions with the
 * instance leaves its condition as it is.
 */
START_TEST(test_new_owner_keeps_instance_condition)
{
	struct rti_callbacks cb;
	struct tfed *p = fed("p", 0), *q, *c1 = fed("c1", 0),
	    *c2 = fed("c2", 0);
	rti_object_instance_handle b1;
	rti_attribute_handle st, cur;
	rti_dimension_handle gd;
	rti_region_handle rg;
	struct rti_statistics z;
	char val[8];
	int i;

	tfed_callbacks(&cb);
	tfed_cond_callbacks(&cb, 0);
	cb.attribute_ownership_acquisition_notification = acquired_cb;
	q = tfed_join_f(&rx, &cb, GRID, "q");
	tfed_subscribe_status(c1, "north/S1");
	tfed_subscribe_status(c2, "north/S2");
	tfed_subscribe_status(q, NULL);
	tfed_publish_status(p);
	tfed_publish_status(q);
	b1 = reg(p, "b1", "north/S1");
	update(p, b1, "p", NULL);
	ck_assert(tfed_wait(c1, "reflect:b1:p:north/S1"));
	ck_assert(tfed_wait(q, "reflect:b1:p:north/S1"));
	st = tfed_attr(p, "Breaker", "Status");
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    p->amb, b1, &st, 1), RTI_OK);
	ck_assert_int_eq(rti_attribute_ownership_acquisition_if_available(
	    q->amb, b1, &st, 1), RTI_OK);
	ck_assert(tfed_wait(q, "acquired:b1:1"));
	for (i = 0; i < 5; i++) {
		snprintf(val, sizeof val, "q%d", i);
		update(q, b1, val, NULL);
	}
	ck_assert(tfed_wait_n(c1, "reflect:b1:q", 5));
	ck_assert_int_ge(tfed_find(c1, "reflect:b1:q4:north/S1"), 0);
	z = stats(q);
	ck_assert_uint_eq(z.updates_sent, 5);
	ck_assert_uint_eq(z.updates_suppressed, 0);
	tfed_barrier(c2);
	ck_assert_int_lt(tfed_find(c2, "reflect:"), 0);
	/* nobody wants north/S1 any more: suppressed at the source */
	ck_assert_int_eq(rti_unsubscribe_object_class(c1->amb,
	    tfed_oc(c1, "Breaker")), RTI_OK);
	tfed_barrier(q);
	for (i = 0; i < 3; i++)
		update(q, b1, "n", NULL);
	z = stats(q);
	ck_assert_uint_eq(z.updates_sent, 5);
	ck_assert_uint_eq(z.updates_suppressed, 3);
	/* the new owner may change the condition; its updates follow */
	ck_assert_int_eq(rti_set_object_instance_condition(q->amb, b1,
	    "north/S2"), RTI_OK);
	update(q, b1, "m", NULL);
	ck_assert(tfed_wait(c2, "reflect:b1:m:north/S2"));
	ck_assert_uint_eq(stats(q).updates_sent, 6);
	/* the registrar, still owner of Current, associates a region with
	 * it: the instance keeps its condition */
	ck_assert_int_eq(rti_get_dimension_handle(p->amb, "Grid", &gd),
	    RTI_OK);
	ck_assert_int_eq(rti_create_region(p->amb, &gd, 1, &rg), RTI_OK);
	cur = tfed_attr(p, "Breaker", "Current");
	ck_assert_int_eq(rti_associate_regions_for_updates(p->amb, b1, &cur,
	    1, &rg, 1), RTI_OK);
	update(q, b1, "k", NULL);
	ck_assert(tfed_wait(c2, "reflect:b1:k:north/S2"));
	tfed_barrier(c1);
	ck_assert_uint_eq(tfed_count(c1, "reflect:"), 6);
	tfed_free(p);
	tfed_free(q);
	tfed_free(c1);
	tfed_free(c2);
}
END_TEST

static Suite *
filter_suite(void)
{
	Suite *s = suite_create("filter");
	TCase *tc = tcase_create("conditions");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_consoles_get_their_substation);
	tcase_add_test(tc, test_source_suppression);
	tcase_add_test(tc, test_instance_answer_follows_changes);
	tcase_add_test(tc, test_conditions_at_run_time);
	tcase_add_test(tc, test_class_bundle_cut_per_condition);
	tcase_add_test(tc, test_class_bundle_routes_like_single_updates);
	tcase_add_test(tc, test_class_bundle_suppressed_like_single_updates);
	tcase_add_test(tc, test_class_bundle_suppressed_per_attributes);
	tcase_add_test(tc, test_interactions_with_conditions);
	tcase_add_test(tc, test_prefix_conditions);
	tcase_add_test(tc, test_set_conditions);
	tcase_add_test(tc, test_bad_conditions);
	tcase_add_test(tc, test_subscribe_waits_for_publisher_ack);
	tcase_add_test(tc, test_timestamped_sends_with_conditions);
	tcase_add_test(tc, test_change_holds_for_idle_publisher);
	tcase_add_test(tc, test_relevance_narrowed_by_conditions);
	tcase_add_test(tc, test_reflections_carry_instance_condition);
	tcase_add_test(tc, test_condition_change_reaches_knowers);
	tcase_add_test(tc, test_registered_with_condition_discovered);
	tcase_add_test(tc, test_new_owner_keeps_instance_condition);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(filter_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
