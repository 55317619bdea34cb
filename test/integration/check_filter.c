/*
 * check_filter.c - filter conditions against a real rtiexec: three
 * consoles (substation S1, substation S2, grid-wide) and a publisher with
 * instances in S1/S2/S3 get exactly the right data, source suppression
 * (counters of the federate and of rtiexec), conditions changed at run
 * time (including an update sent right after another federate's change
 * returned), class bundles cut per subscriber condition, interactions
 * with conditions, bad input, and a subscribe held until a stopped
 * publisher process acknowledged the change or the bounded wait passed.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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
	tfed_publish_status(p);
	b1 = reg(p, "b1", NULL);
	ck_assert_int_eq(rti_set_object_instance_condition(p->amb, b1, c65),
	    RTI_ERR_INVALID_CONDITION);
	ck_assert_int_eq(rti_register_object_instance_with_condition(p->amb,
	    br, NULL, c65, &b1), RTI_ERR_INVALID_CONDITION);
	{
		struct rti_attribute_value v;

		v.attribute = tfed_attr(p, "Breaker", "Status");
		v.value = "x";
		v.length = 1;
		ck_assert_int_eq(rti_update_attribute_values_with_condition(
		    p->amb, b1, &v, 1, NULL, 0, c65),
		    RTI_ERR_INVALID_CONDITION);
	}
	ck_assert_int_eq(rti_publish_interaction_class(p->amb, alarm),
	    RTI_OK);
	ck_assert_int_eq(rti_send_interaction_with_condition(p->amb, alarm,
	    NULL, 0, NULL, 0, c65), RTI_ERR_INVALID_CONDITION);
	/* nothing was counted as sent or suppressed */
	z = stats(p);
	ck_assert_uint_eq(z.updates_sent + z.updates_suppressed, 0);
	ck_assert_uint_eq(z.interactions_sent + z.interactions_suppressed, 0);
	ck_assert_int_eq(rti_get_statistics(p->amb, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	tfed_free(p);
}
END_TEST

/* Publisher process: join, publish Breaker.Status, register an instance,
 * say 'r' on `up`; on 'u' from `down` update at once (no evoke) and answer
 * 'k' when it was sent, 's' when suppressed; on 'q' resign.  Exit 0 when
 * all went well. */
static int
stopped_publisher(int up, int down)
{
	struct tfed *t = tfed_new(&rx);
	rti_object_class_handle br;
	rti_attribute_handle a;
	rti_object_instance_handle o;
	struct rti_attribute_value v;
	struct rti_statistics z;
	char c;

	if (!t || tfed_create_join(t, "F", GRID, "p") != RTI_OK ||
	    rti_get_object_class_handle(t->amb, "Breaker", &br) != RTI_OK ||
	    rti_get_attribute_handle(t->amb, br, "Status", &a) != RTI_OK ||
	    rti_publish_object_class_attributes(t->amb, br, &a, 1) != RTI_OK ||
	    rti_register_object_instance_with_condition(t->amb, br, NULL,
	    NULL, &o) != RTI_OK || write(up, "r", 1) != 1)
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
	if (rti_resign_federation_execution(t->amb,
	    RTI_RESIGN_DELETE_OBJECTS) != RTI_OK)
		return 5;
	tfed_free(t);
	return 0;
}

static double
mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

START_TEST(test_subscribe_waits_for_publisher_ack)
{
	int up[2], down[2], status;
	struct tfed *s;
	double t0, took;
	pid_t pid;
	char c;

	ck_assert_int_eq(pipe(up), 0);
	ck_assert_int_eq(pipe(down), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(up[0]);
		close(down[1]);
		_exit(stopped_publisher(up[1], down[0]));
	}
	close(up[1]);
	close(down[0]);
	ck_assert_int_eq(read(up[0], &c, 1), 1);
	ck_assert_int_eq(c, 'r');
	s = fed("s", 0);
	/* the publisher cannot read its socket: the subscribe waits for its
	 * acknowledgement for the bounded time, then succeeds */
	ck_assert_int_eq(kill(pid, SIGSTOP), 0);
	ck_assert_int_eq(waitpid(pid, &status, WUNTRACED), pid);
	ck_assert(WIFSTOPPED(status));
	t0 = mono_now();
	tfed_subscribe_status(s, NULL);
	took = mono_now() - t0;
	ck_assert_msg(took >= 0.19, "subscribe returned after %.3f s", took);
	ck_assert(rtiexec_log_has(&rx, "did not acknowledge"));
	ck_assert_int_eq(kill(pid, SIGCONT), 0);
	/* its update, sent before it evoked anything, is not suppressed */
	ck_assert_int_eq(write(down[1], "u", 1), 1);
	ck_assert_int_eq(read(up[0], &c, 1), 1);
	ck_assert_int_eq(c, 'k');
	ck_assert(tfed_wait(s, "reflect:"));
	ck_assert_int_eq(write(down[1], "q", 1), 1);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	close(up[0]);
	close(down[1]);
	tfed_free(s);
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
	tcase_add_test(tc, test_conditions_at_run_time);
	tcase_add_test(tc, test_class_bundle_cut_per_condition);
	tcase_add_test(tc, test_interactions_with_conditions);
	tcase_add_test(tc, test_bad_conditions);
	tcase_add_test(tc, test_subscribe_waits_for_publisher_ack);
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
