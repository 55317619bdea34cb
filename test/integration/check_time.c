/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_time.c - time management against a real rtiexec: regulation and
 * constraint, TAR/TARA/NMR/NMRA/FQR and their grants, lockstep stepping,
 * zero lookahead, late joiners, a killed regulating federate, queries,
 * error cases, asynchronous delivery, message retraction, and a randomized
 * run checked against the LBTS invariants (replay with RTI_TEST_SEED).
 */
#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"
#include "tmcore.h"

#define GRID TEST_FOM("Grid.xml")

static struct rtiexec rx;
static int g_i64;         /* the federation under test uses int64 time */

static double
tval(rti_time t)
{
	return g_i64 ? (double)t.i64 : t.f64;
}

static rti_time
T(double v)
{
	return g_i64 ? rti_time_i64((int64_t)v) : rti_time_f64(v);
}

static void
cb_reg(void *arg, rti_time t)
{
	tfed_event(arg, "reg:%g|", tval(t));
}

static void
cb_con(void *arg, rti_time t)
{
	tfed_event(arg, "con:%g|", tval(t));
}

static void
cb_grant(void *arg, rti_time t)
{
	tfed_event(arg, "grant:%g|", tval(t));
}

static void
cb_rx(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *values, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)cls;
	(void)values;
	(void)n;
	if (info->received_order == RTI_ORDER_TIMESTAMP)
		tfed_event(arg, "rx:%.*s:%g|", (int)tag_len,
		    (const char *)tag, tval(info->time));
	else
		tfed_event(arg, "rx:%.*s:ro|", (int)tag_len,
		    (const char *)tag);
}

static void
cb_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name,
    rti_federate_handle producer)
{
	(void)obj;
	(void)cls;
	(void)producer;
	tfed_event(arg, "disc:%s|", name);
}

/* "ref:<tag>:<time>|" (received TSO) or "ref:<tag>:ro|", then the
 * retraction handle when there is one: "ref-r:<tag>:<id>|". */
static void
cb_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *values, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)obj;
	(void)values;
	(void)n;
	if (info->received_order == RTI_ORDER_TIMESTAMP)
		tfed_event(arg, "ref:%.*s:%g|", (int)tag_len,
		    (const char *)tag, tval(info->time));
	else
		tfed_event(arg, "ref:%.*s:ro|", (int)tag_len,
		    (const char *)tag);
	if (info->retraction.id)
		tfed_event(arg, "ref-r:%.*s:%llu|", (int)tag_len,
		    (const char *)tag,
		    (unsigned long long)info->retraction.id);
}

static void
cb_remove(void *arg, rti_object_instance_handle obj, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)obj;
	(void)info;
	tfed_event(arg, "rm:%.*s|", (int)tag_len, (const char *)tag);
}

static void
cb_retraction(void *arg, rti_message_retraction_handle r)
{
	tfed_event(arg, "retraction:%llu|", (unsigned long long)r.id);
}

/* A recording federate that also records the time callbacks. */
static struct tfed *
tf_new(void)
{
	struct tfed *t = calloc(1, sizeof *t);
	struct rti_callbacks cb;

	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(t->amb);
	tfed_callbacks(&cb);
	cb.time_regulation_enabled = cb_reg;
	cb.time_constrained_enabled = cb_con;
	cb.time_advance_grant = cb_grant;
	cb.receive_interaction = cb_rx;
	cb.discover_object_instance = cb_discover;
	cb.reflect_attribute_values = cb_reflect;
	cb.remove_object_instance = cb_remove;
	cb.request_retraction = cb_retraction;
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	return t;
}

/* Join federation `fx` (created with the time representation under test
 * if it does not exist) as `name`. */
static struct tfed *
tf_join(const char *name)
{
	struct tfed *t = tf_new();
	const char *mods[1] = { GRID };
	int rc;

	rc = rti_create_federation_execution(t->amb, "T", mods, 1,
	    g_i64 ? "HLAinteger64Time" : NULL);
	ck_assert(rc == RTI_OK ||
	    rc == RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS);
	ck_assert_int_eq(rti_join_federation_execution(t->amb, name, "test",
	    "T", &t->handle), RTI_OK);
	tfed_track(t);
	return t;
}

static int
wait_ev(struct tfed *t, const char *what, double v)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%s%g|", what, v);
	if (tfed_wait(t, buf))
		return 1;
	tfed_dump(t, buf);
	return 0;
}

static int
has_ev(struct tfed *t, const char *what, double v)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%s%g|", what, v);
	return tfed_find(t, buf) >= 0;
}

/* Regulating (lookahead `la`) and constrained, both enabled. */
static struct tfed *
tf_regcon(const char *name, double la)
{
	struct tfed *t = tf_join(name);

	ck_assert_int_eq(rti_enable_time_regulation(t->amb, T(la)), RTI_OK);
	ck_assert(tfed_wait(t, "reg:"));
	ck_assert_int_eq(rti_enable_time_constrained(t->amb), RTI_OK);
	ck_assert(tfed_wait(t, "con:"));
	return t;
}

static void
setup(void)
{
	g_i64 = 0;
	ck_assert_int_eq(rtiexec_start(&rx, NULL), 0);
}

static void
teardown(void)
{
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}

START_TEST(test_alone)
{
	struct tfed *a = tf_join("A");
	rti_time now, la;
	int defined = 1;

	/* Neither regulating nor constrained: grants come at once. */
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(5)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 5));
	ck_assert_int_eq(rti_query_logical_time(a->amb, &now), RTI_OK);
	ck_assert(now.f64 == 5.0);
	ck_assert_int_eq(rti_query_galt(a->amb, &now, &defined), RTI_OK);
	ck_assert_int_eq(defined, 0);
	ck_assert_int_eq(rti_query_lookahead(a->amb, &la),
	    RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED);
	/* Regulating alone starts at its own time; constrained alone is
	 * enabled at once. */
	ck_assert_int_eq(rti_enable_time_regulation(a->amb, T(0.5)), RTI_OK);
	ck_assert(wait_ev(a, "reg:", 5));
	ck_assert_int_eq(rti_enable_time_constrained(a->amb), RTI_OK);
	ck_assert(wait_ev(a, "con:", 5));
	ck_assert_int_eq(rti_query_lookahead(a->amb, &la), RTI_OK);
	ck_assert(la.f64 == 0.5);
	ck_assert_int_eq(rti_next_message_request(a->amb, T(7)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 7));
	ck_assert_int_eq(rti_time_advance_request_available(a->amb, T(8)),
	    RTI_OK);
	ck_assert(wait_ev(a, "grant:", 8));
	ck_assert_int_eq(rti_next_message_request_available(a->amb, T(9)),
	    RTI_OK);
	ck_assert(wait_ev(a, "grant:", 9));
	ck_assert_int_eq(rti_flush_queue_request(a->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 10));
	ck_assert_int_eq(rti_disable_time_constrained(a->amb), RTI_OK);
	ck_assert_int_eq(rti_disable_time_regulation(a->amb), RTI_OK);
	ck_assert_int_eq(rti_resign_federation_execution(a->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	tfed_free(a);
}
END_TEST

/* Two regulating+constrained federates, 20 ms steps, lookahead 20 ms:
 * neither gets ahead of the other. */
START_TEST(test_lockstep)
{
	struct tfed *a = tf_regcon("Substation", 0.02);
	struct tfed *b = tf_regcon("Grid", 0.02);
	rti_time galt;
	int defined, k;

	ck_assert_int_eq(rti_query_galt(a->amb, &galt, &defined), RTI_OK);
	ck_assert_int_eq(defined, 1);
	ck_assert(galt.f64 == 0.02);
	ck_assert_int_eq(rti_query_lits(a->amb, &galt, &defined), RTI_OK);
	ck_assert_int_eq(defined, 1);
	ck_assert(galt.f64 == 0.02);
	for (k = 1; k <= 50; k++) {
		double t = k * 0.02;

		ck_assert_int_eq(rti_time_advance_request(a->amb, T(t)),
		    RTI_OK);
		if (k == 1) {
			/* B has not asked: A must wait. */
			tfed_pump(a, 0.1);
			ck_assert(!has_ev(a, "grant:", t));
		}
		ck_assert_int_eq(rti_time_advance_request(b->amb, T(t)),
		    RTI_OK);
		ck_assert(wait_ev(a, "grant:", t));
		ck_assert(wait_ev(b, "grant:", t));
	}
	ck_assert_uint_eq(tfed_count(a, "grant:"), 50);
	ck_assert_uint_eq(tfed_count(b, "grant:"), 50);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_zero_lookahead)
{
	struct tfed *a = tf_regcon("A", 0), *b = tf_regcon("B", 0);

	ck_assert_int_eq(rti_next_message_request(a->amb, T(10)), RTI_OK);
	ck_assert_int_eq(rti_next_message_request(b->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 10));
	ck_assert(wait_ev(b, "grant:", 10));
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(20)), RTI_OK);
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(20)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 20));
	ck_assert(wait_ev(b, "grant:", 20));
	ck_assert_int_eq(rti_next_message_request_available(a->amb, T(30)),
	    RTI_OK);
	ck_assert_int_eq(rti_time_advance_request_available(b->amb, T(30)),
	    RTI_OK);
	ck_assert(wait_ev(a, "grant:", 30));
	ck_assert(wait_ev(b, "grant:", 30));
	/* Granted by TARA to 40, B may still send at 40: A's TAR(40) waits
	 * until B moves on. */
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(40)), RTI_OK);
	ck_assert_int_eq(rti_time_advance_request_available(b->amb, T(40)),
	    RTI_OK);
	ck_assert(wait_ev(b, "grant:", 40));
	tfed_pump(a, 0.1);
	ck_assert(!has_ev(a, "grant:", 40));
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(50)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 40));
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_late_joiner)
{
	struct tfed *a = tf_regcon("A", 1), *c;
	rti_time now;

	ck_assert_int_eq(rti_time_advance_request(a->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 10));
	c = tf_join("Late");
	/* C starts at A's time: it cannot send into A's past. */
	ck_assert_int_eq(rti_enable_time_regulation(c->amb, T(1)), RTI_OK);
	ck_assert(wait_ev(c, "reg:", 10));
	ck_assert_int_eq(rti_query_logical_time(c->amb, &now), RTI_OK);
	ck_assert(now.f64 == 10.0);
	ck_assert_int_eq(now.i64, 10);  /* the other member, converted */
	/* a first step counted from 0 is refused, and says from where */
	ck_assert_int_eq(rti_time_advance_request(c->amb, T(0.02)),
	    RTI_ERR_LOGICAL_TIME_ALREADY_PASSED);
	ck_assert_str_eq(rti_error_message(c->amb),
	    "requested time 0.02 is before the logical time 10");
	ck_assert_int_eq(rti_enable_time_constrained(c->amb), RTI_OK);
	ck_assert(wait_ev(c, "con:", 10));
	/* C now holds A back. */
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(11)), RTI_OK);
	tfed_pump(a, 0.1);
	ck_assert(!has_ev(a, "grant:", 11));
	ck_assert_int_eq(rti_time_advance_request(c->amb, T(11)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 11));
	ck_assert(wait_ev(c, "grant:", 11));
	tfed_free(a);
	tfed_free(c);
}
END_TEST

START_TEST(test_constrained_waits)
{
	struct tfed *a = tf_join("A"), *b = tf_join("B");

	ck_assert_int_eq(rti_enable_time_regulation(a->amb, T(1)), RTI_OK);
	ck_assert(wait_ev(a, "reg:", 0));
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 10));
	/* A may still send at 1: B cannot be constrained at 10 yet. */
	ck_assert_int_eq(rti_enable_time_constrained(b->amb), RTI_OK);
	tfed_pump(b, 0.1);
	ck_assert_int_lt(tfed_find(b, "con:"), 0);
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(11)),
	    RTI_ERR_REQUEST_FOR_TIME_CONSTRAINED_PENDING);
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(9)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 9));
	ck_assert(wait_ev(b, "con:", 10));
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_release_on_disable_and_resign)
{
	struct tfed *a = tf_regcon("A", 1), *b = tf_regcon("B", 1);
	struct tfed *c = tf_regcon("C", 1);

	ck_assert_int_eq(rti_time_advance_request(c->amb, T(10)), RTI_OK);
	tfed_pump(c, 0.1);
	ck_assert_int_lt(tfed_find(c, "grant:"), 0);
	ck_assert_int_eq(rti_disable_time_regulation(a->amb), RTI_OK);
	tfed_pump(c, 0.1);
	ck_assert_int_lt(tfed_find(c, "grant:"), 0);
	ck_assert_int_eq(rti_resign_federation_execution(b->amb,
	    RTI_RESIGN_NO_ACTION), RTI_OK);
	ck_assert(wait_ev(c, "grant:", 10));
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* A regulating federate in another process is killed while the others
 * wait for it: they get their grant. */
START_TEST(test_killed_regulator)
{
	struct tfed *a = tf_regcon("A", 1);
	int pfd[2];
	pid_t pid;
	char ch;

	ck_assert_int_eq(pipe(pfd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct tfed *k;

		close(pfd[0]);
		k = tf_join("Doomed");
		if (rti_enable_time_regulation(k->amb, T(1)) != RTI_OK ||
		    !tfed_wait(k, "reg:"))
			_exit(1);
		if (write(pfd[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			rti_evoke_callbacks(k->amb, 1.0, 1.0, NULL);
	}
	close(pfd[1]);
	ck_assert_int_eq(read(pfd[0], &ch, 1), 1);
	close(pfd[0]);
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(5)), RTI_OK);
	tfed_pump(a, 0.1);
	ck_assert_int_lt(tfed_find(a, "grant:"), 0);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	ck_assert(wait_ev(a, "grant:", 5));
	tfed_free(a);
}
END_TEST

START_TEST(test_modify_lookahead)
{
	struct tfed *a = tf_regcon("A", 5), *b = tf_regcon("B", 100);
	rti_time la;

	ck_assert_int_eq(rti_time_advance_request(b->amb, T(4)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 4));
	ck_assert_int_eq(rti_modify_lookahead(a->amb, T(1)), RTI_OK);
	ck_assert_int_eq(rti_query_lookahead(a->amb, &la), RTI_OK);
	ck_assert(la.f64 == 1.0);
	/* A promised nothing before 5: that still holds. */
	ck_assert_int_eq(rti_time_advance_request_available(b->amb, T(5)),
	    RTI_OK);
	ck_assert(wait_ev(b, "grant:", 5));
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(5)), RTI_OK);
	tfed_pump(b, 0.1);
	ck_assert_uint_eq(tfed_count(b, "grant:5|"), 1);
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(4.5)), RTI_OK);
	ck_assert(tfed_wait_n(b, "grant:5|", 2));
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_flush_queue)
{
	struct tfed *a = tf_regcon("A", 1), *b = tf_regcon("B", 1);

	ck_assert_int_eq(rti_flush_queue_request(b->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 1));
	ck_assert_int_eq(rti_enable_asynchronous_delivery(b->amb), RTI_OK);
	ck_assert_int_eq(rti_enable_asynchronous_delivery(b->amb),
	    RTI_ERR_ASYNCHRONOUS_DELIVERY_ALREADY_ENABLED);
	ck_assert_int_eq(rti_disable_asynchronous_delivery(b->amb), RTI_OK);
	ck_assert_int_eq(rti_disable_asynchronous_delivery(b->amb),
	    RTI_ERR_ASYNCHRONOUS_DELIVERY_ALREADY_DISABLED);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

START_TEST(test_errors)
{
	struct tfed *a = tf_join("A"), *n = tf_new();
	rti_time t;
	int d;

	/* not joined */
	ck_assert_int_eq(rti_time_advance_request(n->amb, T(1)),
	    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_enable_time_regulation(n->amb, T(1)),
	    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_query_galt(n->amb, &t, &d),
	    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_time_advance_request(NULL, T(1)),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_query_logical_time(a->amb, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_query_galt(a->amb, &t, NULL),
	    RTI_ERR_INVALID_ARGUMENT);
	/* bad values */
	ck_assert_int_eq(rti_enable_time_regulation(a->amb, T(-1)),
	    RTI_ERR_INVALID_LOOKAHEAD);
	ck_assert_int_eq(rti_enable_time_regulation(a->amb,
	    rti_time_f64(INFINITY)), RTI_ERR_INVALID_LOOKAHEAD);
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_f64(NAN)),
	    RTI_ERR_INVALID_LOGICAL_TIME);
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(-2)),
	    RTI_ERR_INVALID_LOGICAL_TIME);
	/* a float federation reads f64 alone, whatever i64 holds */
	t = rti_time_f64(-1);
	t.i64 = 5;
	ck_assert_int_eq(rti_next_message_request(a->amb, t),
	    RTI_ERR_INVALID_LOGICAL_TIME);
	/* not enabled */
	ck_assert_int_eq(rti_disable_time_regulation(a->amb),
	    RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED);
	ck_assert_int_eq(rti_disable_time_constrained(a->amb),
	    RTI_ERR_TIME_CONSTRAINED_IS_NOT_ENABLED);
	ck_assert_int_eq(rti_modify_lookahead(a->amb, T(1)),
	    RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED);
	/* pending enables */
	ck_assert_int_eq(rti_enable_time_regulation(a->amb, T(1)), RTI_OK);
	ck_assert_int_eq(rti_enable_time_regulation(a->amb, T(1)),
	    RTI_ERR_REQUEST_FOR_TIME_REGULATION_PENDING);
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(1)),
	    RTI_ERR_REQUEST_FOR_TIME_REGULATION_PENDING);
	ck_assert_int_eq(rti_query_lookahead(a->amb, &t),
	    RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED);
	ck_assert(tfed_wait(a, "reg:"));
	ck_assert_int_eq(rti_enable_time_regulation(a->amb, T(1)),
	    RTI_ERR_TIME_REGULATION_ALREADY_ENABLED);
	ck_assert_int_eq(rti_modify_lookahead(a->amb, T(-1)),
	    RTI_ERR_INVALID_LOOKAHEAD);
	ck_assert_int_eq(rti_enable_time_constrained(a->amb), RTI_OK);
	ck_assert_int_eq(rti_enable_time_constrained(a->amb),
	    RTI_ERR_REQUEST_FOR_TIME_CONSTRAINED_PENDING);
	ck_assert(tfed_wait(a, "con:"));
	ck_assert_int_eq(rti_enable_time_constrained(a->amb),
	    RTI_ERR_TIME_CONSTRAINED_ALREADY_ENABLED);
	/* advancing */
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(3)), RTI_OK);
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(4)),
	    RTI_ERR_IN_TIME_ADVANCING_STATE);
	ck_assert_int_eq(rti_next_message_request(a->amb, T(4)),
	    RTI_ERR_IN_TIME_ADVANCING_STATE);
	ck_assert_int_eq(rti_modify_lookahead(a->amb, T(2)),
	    RTI_ERR_IN_TIME_ADVANCING_STATE);
	ck_assert(wait_ev(a, "grant:", 3));
	/* the past */
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(2)),
	    RTI_ERR_LOGICAL_TIME_ALREADY_PASSED);
	ck_assert_int_eq(rti_flush_queue_request(a->amb, T(2.5)),
	    RTI_ERR_LOGICAL_TIME_ALREADY_PASSED);
	/* a grant to the same time is legal */
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(3)), RTI_OK);
	ck_assert(tfed_wait_n(a, "grant:3|", 2));
	ck_assert_int_eq(rti_disable_time_regulation(a->amb), RTI_OK);
	ck_assert_int_eq(rti_enable_time_regulation(a->amb, T(0)), RTI_OK);
	ck_assert_int_eq(rti_disable_time_regulation(a->amb),
	    RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED);
	tfed_free(a);
	tfed_free(n);
}
END_TEST

START_TEST(test_int64)
{
	struct tfed *a, *b;
	rti_time now;

	g_i64 = 1;
	a = tf_regcon("A", 2);
	b = tf_regcon("B", 3);
	ck_assert_int_eq(rti_time_advance_request(a->amb,
	    rti_time_i64(-1)), RTI_ERR_INVALID_LOGICAL_TIME);
	ck_assert_int_eq(rti_modify_lookahead(a->amb, rti_time_i64(-3)),
	    RTI_ERR_INVALID_LOOKAHEAD);
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_i64(3)),
	    RTI_OK);
	ck_assert_int_eq(rti_time_advance_request(b->amb, rti_time_i64(2)),
	    RTI_OK);
	/* B's lookahead lets A reach 3 once B asked for 2. */
	ck_assert(wait_ev(b, "grant:", 2));
	ck_assert(wait_ev(a, "grant:", 3));
	ck_assert_int_eq(rti_query_logical_time(a->amb, &now), RTI_OK);
	ck_assert_int_eq(now.i64, 3);
	ck_assert(now.f64 == 3.0);      /* the other member, converted */
	/* an integer federation reads i64 alone */
	now = rti_time_i64(-1);
	now.f64 = 50.0;
	ck_assert_int_eq(rti_time_advance_request(a->amb, now),
	    RTI_ERR_INVALID_LOGICAL_TIME);
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_i64(100)),
	    RTI_OK);
	ck_assert_int_eq(rti_time_advance_request(b->amb, rti_time_i64(7)),
	    RTI_OK);
	ck_assert(wait_ev(b, "grant:", 7));
	tfed_pump(a, 0.1);
	ck_assert_int_lt(tfed_find(a, "grant:100|"), 0);
	ck_assert_int_eq(rti_time_advance_request(b->amb, rti_time_i64(100)),
	    RTI_OK);
	ck_assert(wait_ev(a, "grant:", 100));
	ck_assert(wait_ev(b, "grant:", 100));
	tfed_free(a);
	tfed_free(b);
}
END_TEST

static int
send_at(struct tfed *t, rti_interaction_class_handle cls, const char *tag,
    double when)
{
	return rti_send_interaction_at(t->amb, cls, NULL, 0, tag,
	    strlen(tag), T(when), NULL);
}

/* Index of event `ev` (exact), or -1. */
static int
ev_at(struct tfed *t, const char *ev)
{
	size_t i;

	for (i = 0; i < t->n_events; i++)
		if (strcmp(t->events[i], ev) == 0)
			return (int)i;
	return -1;
}

/* A request round trip of `t`: its reply follows every frame rtiexec sent
 * it before. */
static void
round_trip(struct tfed *t)
{
	rti_federate_handle h;

	ck_assert_int_eq(rti_get_federate_handle(t->amb, "nobody", &h),
	    RTI_ERR_NAME_NOT_FOUND);
}

/*
 * Everything `from` sent so far has reached `to` and been evoked (or held
 * by librti): a round trip of `from` (rtiexec handles its earlier messages
 * before the reply), then one of `to`, then evoke until nothing is queued.
 * Also makes a publisher `to` aware of what subscriber `from` subscribed
 * to (librti does not send what nobody subscribes to).
 */
static void
settle(struct tfed *from, struct tfed *to)
{
	int pending = 1;

	round_trip(from);
	round_trip(to);
	while (pending)
		ck_assert_int_eq(rti_evoke_callbacks(to->amb, 0, 0, &pending),
		    RTI_OK);
}

/* TSO interactions reach a constrained federate in timestamp order, up to
 * its grant; receive-order ones flow while it waits; NMR stops at the next
 * message. */
START_TEST(test_tso_interactions)
{
	struct tfed *a = tf_regcon("A", 1), *b = tf_regcon("B", 1);
	rti_interaction_class_handle sw;
	rti_time lits;
	int defined;

	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "GridEvent.Switching", &sw), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, sw), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, sw),
	    RTI_OK);
	settle(b, a);
	ck_assert_int_eq(send_at(a, sw, "m5", 5), RTI_OK);
	ck_assert_int_eq(send_at(a, sw, "m3", 3), RTI_OK);
	ck_assert_int_eq(send_at(a, sw, "m4", 4), RTI_OK);
	/* into the others' past: refused, nothing sent */
	ck_assert_int_eq(send_at(a, sw, "bad", 0.5),
	    RTI_ERR_INVALID_LOGICAL_TIME);
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(4)), RTI_OK);
	ck_assert_int_eq(rti_send_interaction(a->amb, sw, NULL, 0, "ro", 2),
	    RTI_OK);
	ck_assert(tfed_wait(b, "rx:ro:ro|"));
	ck_assert_int_lt(tfed_find(b, "grant:"), 0);
	ck_assert_int_lt(tfed_find(b, "rx:m"), 0);
	ck_assert_int_eq(rti_query_lits(b->amb, &lits, &defined), RTI_OK);
	ck_assert_int_eq(defined, 1);
	ck_assert(lits.f64 == 1.0);
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 4));
	ck_assert_int_ge(ev_at(b, "rx:m3:3|"), 0);
	ck_assert_int_lt(ev_at(b, "rx:m3:3|"), ev_at(b, "rx:m4:4|"));
	ck_assert_int_lt(ev_at(b, "rx:m4:4|"), ev_at(b, "grant:4|"));
	ck_assert_int_lt(tfed_find(b, "rx:m5"), 0);
	ck_assert_int_lt(tfed_find(b, "rx:bad"), 0);
	/* NMR stops at the held message stamped 5 */
	ck_assert_int_eq(rti_next_message_request(b->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 5));
	ck_assert_int_lt(ev_at(b, "rx:m5:5|"), ev_at(b, "grant:5|"));
	ck_assert_int_ge(ev_at(b, "rx:m5:5|"), 0);
	ck_assert_int_lt(tfed_find(a, "grant:"), 0);
	ck_assert_int_eq(rti_next_message_request(b->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 10));
	ck_assert(wait_ev(a, "grant:", 10));
	tfed_free(a);
	tfed_free(b);
}
END_TEST

/* rtiexec writes a timestamp-order message to a constrained federate
 * together with its next other frame (rti-protocol(7)): one routed in
 * the same loop turn as a receive-order message still reaches it, before
 * its grant, after that message went out alone. */
START_TEST(test_tso_held_behind_other_output)
{
	struct tfed *a = tf_regcon("A", 1), *b = tf_regcon("B", 1);
	rti_interaction_class_handle sw;

	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "GridEvent.Switching", &sw), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, sw), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, sw),
	    RTI_OK);
	settle(b, a);
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(3)), RTI_OK);
	/* one write of A: both routed to B in one loop turn */
	ck_assert_int_eq(rti_send_interaction(a->amb, sw, NULL, 0, "ro", 2),
	    RTI_OK);
	ck_assert_int_eq(send_at(a, sw, "m2", 2), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	ck_assert(tfed_wait(b, "rx:ro:ro|"));
	ck_assert_int_lt(tfed_find(b, "rx:m2"), 0);
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 3));
	ck_assert_int_ge(ev_at(b, "rx:m2:2|"), 0);
	ck_assert_int_lt(ev_at(b, "rx:m2:2|"), ev_at(b, "grant:3|"));
	tfed_free(a);
	tfed_free(b);
}
END_TEST

/* Many constrained federates granted in the same loop turns, each its
 * timestamp-order messages held until that grant by rtiexec: every one
 * gets every message of a step before that step's grant, none after,
 * and its grants in order. */
START_TEST(test_many_grants_in_order)
{
	enum { N = 12, STEPS = 20 };
	struct tfed *a = tf_regcon("A", 1), *c[N];
	rti_interaction_class_handle sw;
	char name[16], tag[16], ev[32];
	int i, k;

	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "GridEvent.Switching", &sw), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, sw), RTI_OK);
	for (i = 0; i < N; i++) {
		snprintf(name, sizeof name, "C%d", i);
		c[i] = tf_join(name);
		ck_assert_int_eq(rti_enable_time_constrained(c[i]->amb),
		    RTI_OK);
		ck_assert(tfed_wait(c[i], "con:"));
		ck_assert_int_eq(rti_subscribe_interaction_class(c[i]->amb,
		    sw), RTI_OK);
		settle(c[i], a);
	}
	for (k = 1; k <= STEPS; k++) {
		snprintf(tag, sizeof tag, "s%d", k);
		/* stamped at the step to come (A's time plus lookahead):
		 * held until its grant */
		ck_assert_int_eq(send_at(a, sw, tag, k), RTI_OK);
		for (i = 0; i < N; i++)
			ck_assert_int_eq(rti_time_advance_request(c[i]->amb,
			    T(k)), RTI_OK);
		ck_assert_int_eq(rti_time_advance_request(a->amb, T(k)),
		    RTI_OK);
		ck_assert(wait_ev(a, "grant:", k));
		for (i = 0; i < N; i++) {
			ck_assert(wait_ev(c[i], "grant:", k));
			snprintf(ev, sizeof ev, "rx:s%d:%d|", k, k);
			ck_assert_int_ge(ev_at(c[i], ev), 0);
			snprintf(name, sizeof name, "grant:%d|", k);
			ck_assert_int_lt(ev_at(c[i], ev), ev_at(c[i], name));
			if (k > 1) {
				snprintf(name, sizeof name, "grant:%d|",
				    k - 1);
				ck_assert_int_lt(ev_at(c[i], name),
				    ev_at(c[i], ev));
			}
		}
	}
	for (i = 0; i < N; i++) {
		ck_assert_uint_eq(tfed_count(c[i], "rx:"), STEPS);
		ck_assert_uint_eq(tfed_count(c[i], "grant:"), STEPS);
		tfed_free(c[i]);
	}
	tfed_free(a);
}
END_TEST

/* A message sent while the receiver waits in NMR pulls its grant down to
 * the message's time; a federate that is not constrained gets TSO
 * messages at once, in receive order. */
START_TEST(test_tso_nmr_and_unconstrained)
{
	struct tfed *a = tf_regcon("A", 1), *b = tf_regcon("B", 1);
	struct tfed *c = tf_join("C");
	rti_interaction_class_handle sw;

	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "GridEvent.Switching", &sw), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, sw), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, sw),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(c->amb, sw),
	    RTI_OK);
	settle(b, a);
	settle(c, a);
	ck_assert_int_eq(rti_next_message_request(b->amb, T(10)), RTI_OK);
	ck_assert_int_eq(rti_next_message_request(a->amb, T(10)), RTI_OK);
	/* A may send at 11 while its NMR(10) is pending; not at 10 */
	ck_assert_int_eq(send_at(a, sw, "early", 10.5),
	    RTI_ERR_INVALID_LOGICAL_TIME);
	ck_assert(wait_ev(a, "grant:", 10));
	ck_assert(wait_ev(b, "grant:", 10));
	ck_assert_int_eq(rti_next_message_request(b->amb, T(20)), RTI_OK);
	ck_assert_int_eq(send_at(a, sw, "m12", 12), RTI_OK);
	ck_assert(tfed_wait(c, "rx:m12:ro|"));
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(15)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 12));
	ck_assert_int_lt(ev_at(b, "rx:m12:12|"), ev_at(b, "grant:12|"));
	ck_assert_int_ge(ev_at(b, "rx:m12:12|"), 0);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* ---- asynchronous delivery and retraction ---- */

static rti_object_class_handle g_breaker;
static rti_attribute_handle g_status;

/* `t` publishes (pub) or subscribes to Breaker.Status. */
static void
breaker(struct tfed *t, int pub)
{
	ck_assert_int_eq(rti_get_object_class_handle(t->amb, "Breaker",
	    &g_breaker), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(t->amb, g_breaker, "Status",
	    &g_status), RTI_OK);
	if (pub)
		ck_assert_int_eq(rti_publish_object_class_attributes(t->amb,
		    g_breaker, &g_status, 1), RTI_OK);
	else
		ck_assert_int_eq(rti_subscribe_object_class_attributes(t->amb,
		    g_breaker, &g_status, 1), RTI_OK);
}

/* Update Status of `obj`: receive order (when < 0) or at `when`. */
static int
update_at(struct tfed *t, rti_object_instance_handle obj, const char *tag,
    double when, rti_message_retraction_handle *r)
{
	struct rti_attribute_value v;

	v.attribute = g_status;
	v.value = "1";
	v.length = 1;
	if (when < 0)
		return rti_update_attribute_values(t->amb, obj, &v, 1, tag,
		    strlen(tag));
	return rti_update_attribute_values_at(t->amb, obj, &v, 1, tag,
	    strlen(tag), T(when), r);
}

/*
 * IEEE 1516-2010 asynchronous delivery: a constrained federate with it
 * disabled (the default) gets receive-order messages only while a time
 * advance is pending; those that arrived meanwhile come after its next
 * request, in arrival order, before the grant.  Enabled, or not
 * constrained, they come as they arrive.
 */
START_TEST(test_async_delivery)
{
	struct tfed *a = tf_join("A"), *b = tf_join("B"), *c = tf_join("C");
	rti_interaction_class_handle sw;
	rti_object_instance_handle obj;

	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "GridEvent.Switching", &sw), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, sw), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, sw),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(c->amb, sw),
	    RTI_OK);
	breaker(a, 1);
	breaker(b, 0);
	breaker(c, 0);
	settle(b, a);
	settle(c, a);
	ck_assert_int_eq(rti_enable_time_constrained(b->amb), RTI_OK);
	ck_assert(wait_ev(b, "con:", 0));
	ck_assert_int_eq(rti_register_object_instance(a->amb, g_breaker,
	    &obj), RTI_OK);
	ck_assert(tfed_wait(b, "disc:"));
	ck_assert(tfed_wait(c, "disc:"));

	/* disabled, constrained, not advancing: held */
	ck_assert_int_eq(update_at(a, obj, "u1", -1, NULL), RTI_OK);
	ck_assert_int_eq(rti_send_interaction(a->amb, sw, NULL, 0, "i1", 2),
	    RTI_OK);
	ck_assert_int_eq(update_at(a, obj, "u2", -1, NULL), RTI_OK);
	settle(a, b);
	ck_assert_int_lt(tfed_find(b, "ref:"), 0);
	ck_assert_int_lt(tfed_find(b, "rx:"), 0);
	/* not constrained: at once */
	settle(a, c);
	ck_assert_int_ge(ev_at(c, "ref:u1:ro|"), 0);
	ck_assert_int_ge(ev_at(c, "rx:i1:ro|"), 0);
	/* the next request releases them, in arrival order, before the
	 * grant */
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(1)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 1));
	ck_assert_int_ge(ev_at(b, "ref:u1:ro|"), 0);
	ck_assert_int_lt(ev_at(b, "ref:u1:ro|"), ev_at(b, "rx:i1:ro|"));
	ck_assert_int_lt(ev_at(b, "rx:i1:ro|"), ev_at(b, "ref:u2:ro|"));
	ck_assert_int_lt(ev_at(b, "ref:u2:ro|"), ev_at(b, "grant:1|"));

	/* granted again: held again, until asynchronous delivery is
	 * enabled */
	ck_assert_int_eq(rti_send_interaction(a->amb, sw, NULL, 0, "i2", 2),
	    RTI_OK);
	settle(a, b);
	ck_assert_int_lt(tfed_find(b, "rx:i2"), 0);
	ck_assert_int_eq(rti_enable_asynchronous_delivery(b->amb), RTI_OK);
	ck_assert(tfed_wait(b, "rx:i2:ro|"));
	/* enabled: at once */
	ck_assert_int_eq(update_at(a, obj, "u3", -1, NULL), RTI_OK);
	settle(a, b);
	ck_assert_int_ge(ev_at(b, "ref:u3:ro|"), 0);

	/* disabled again: held; leaving the constraint releases them */
	ck_assert_int_eq(rti_disable_asynchronous_delivery(b->amb), RTI_OK);
	ck_assert_int_eq(rti_delete_object_instance(a->amb, obj, "d1", 2),
	    RTI_OK);
	settle(a, b);
	ck_assert_int_lt(tfed_find(b, "rm:"), 0);
	ck_assert_int_eq(rti_disable_time_constrained(b->amb), RTI_OK);
	ck_assert(tfed_wait(b, "rm:d1|"));
	ck_assert(tfed_wait(c, "rm:d1|"));
	/* not constrained: at once */
	ck_assert_int_eq(rti_send_interaction(a->amb, sw, NULL, 0, "i3", 2),
	    RTI_OK);
	settle(a, b);
	ck_assert_int_ge(ev_at(b, "rx:i3:ro|"), 0);
	ck_assert_uint_eq(tfed_count(b, "rx:"), 3);
	ck_assert_uint_eq(tfed_count(b, "ref:"), 3);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* 1 when `t` recorded "<prefix><id>|". */
static int
has_id(struct tfed *t, const char *prefix, rti_message_retraction_handle r)
{
	char buf[96];

	snprintf(buf, sizeof buf, "%s%llu|", prefix,
	    (unsigned long long)r.id);
	return ev_at(t, buf) >= 0;
}

/*
 * What a resigning regulating federate had sent stamped in the future
 * (librti-fedm(3)): its interactions and the updates of instances that
 * survive the resign are delivered at the receiver's grant as usual; the
 * updates of instances its resign deletes go with them (the delete comes
 * in receive order, at once).
 */
START_TEST(test_resign_with_held_messages)
{
	struct tfed *d = tf_regcon("Deleter", 1), *v = tf_regcon("Divester", 1);
	struct tfed *b = tf_join("B");
	rti_interaction_class_handle sw;
	rti_object_instance_handle od, ov;

	ck_assert_int_eq(rti_get_interaction_class_handle(d->amb,
	    "GridEvent.Switching", &sw), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(d->amb, sw), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, sw),
	    RTI_OK);
	breaker(d, 1);
	breaker(v, 1);
	breaker(b, 0);
	ck_assert_int_eq(rti_enable_time_constrained(b->amb), RTI_OK);
	ck_assert(wait_ev(b, "con:", 0));
	ck_assert_int_eq(rti_register_object_instance(d->amb, g_breaker,
	    &od), RTI_OK);
	ck_assert_int_eq(rti_register_object_instance(v->amb, g_breaker,
	    &ov), RTI_OK);
	ck_assert(tfed_wait_n(b, "disc:", 2));
	ck_assert_int_eq(update_at(d, od, "ud", 5, NULL), RTI_OK);
	ck_assert_int_eq(update_at(v, ov, "uv", 5, NULL), RTI_OK);
	ck_assert_int_eq(send_at(d, sw, "m5", 5), RTI_OK);
	settle(d, b);
	settle(v, b);
	ck_assert_int_lt(tfed_find(b, "ref:"), 0);
	ck_assert_int_eq(rti_resign_federation_execution(d->amb,
	    RTI_RESIGN_DELETE_OBJECTS), RTI_OK);
	ck_assert_int_eq(rti_resign_federation_execution(v->amb,
	    RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES), RTI_OK);
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 10));
	ck_assert_int_eq(tfed_count(b, "rm:"), 1);
	ck_assert_int_lt(tfed_find(b, "rm:"), ev_at(b, "grant:10|"));
	ck_assert_int_ge(ev_at(b, "rx:m5:5|"), 0);
	ck_assert_int_ge(ev_at(b, "ref:uv:5|"), 0);
	ck_assert_int_lt(ev_at(b, "ref:uv:5|"), ev_at(b, "grant:10|"));
	ck_assert_int_lt(tfed_find(b, "ref:ud"), 0);
	tfed_free(d);
	tfed_free(v);
	tfed_free(b);
}
END_TEST

/* Retracted before delivery: the constrained receiver never sees it, and
 * its next message request is not held back by it. */
START_TEST(test_retract_before_delivery)
{
	struct tfed *a = tf_join("A"), *b = tf_join("B");
	rti_interaction_class_handle sw;
	rti_message_retraction_handle r5, r6;

	ck_assert_int_eq(rti_enable_time_regulation(a->amb, T(1)), RTI_OK);
	ck_assert(wait_ev(a, "reg:", 0));
	ck_assert_int_eq(rti_enable_time_constrained(b->amb), RTI_OK);
	ck_assert(wait_ev(b, "con:", 0));
	ck_assert_int_eq(rti_get_interaction_class_handle(a->amb,
	    "GridEvent.Switching", &sw), RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, sw), RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, sw),
	    RTI_OK);
	settle(b, a);
	ck_assert_int_eq(rti_send_interaction_at(a->amb, sw, NULL, 0, "m5",
	    2, T(5), &r5), RTI_OK);
	ck_assert_int_eq(rti_send_interaction_at(a->amb, sw, NULL, 0, "m6",
	    2, T(6), &r6), RTI_OK);
	ck_assert_uint_eq(r5.id >> 32, a->handle.id);
	ck_assert_uint_ne(r5.id, r6.id);
	settle(a, b);
	ck_assert_int_eq(rti_retract(a->amb, r5), RTI_OK);
	ck_assert_int_eq(rti_retract(a->amb, r5),
	    RTI_ERR_MESSAGE_CAN_NO_LONGER_BE_RETRACTED);
	/* B waits for its next message up to 10; A promises nothing before
	 * 21: the grant is at 6, not 5 */
	ck_assert_int_eq(rti_next_message_request(b->amb, T(10)), RTI_OK);
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(20)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 6));
	ck_assert_int_ge(ev_at(b, "rx:m6:6|"), 0);
	ck_assert_int_lt(ev_at(b, "rx:m6:6|"), ev_at(b, "grant:6|"));
	ck_assert_int_lt(tfed_find(b, "rx:m5"), 0);
	ck_assert_int_lt(tfed_find(b, "retraction:"), 0);
	ck_assert_int_lt(tfed_find(b, "grant:5|"), 0);
	ck_assert_int_eq(rti_next_message_request(b->amb, T(10)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 10));
	ck_assert_int_lt(tfed_find(b, "rx:m5"), 0);
	ck_assert_int_lt(tfed_find(b, "retraction:"), 0);
	tfed_free(a);
	tfed_free(b);
}
END_TEST

/* Retracted after delivery: the receivers that got it (in timestamp order
 * at a grant, or at once in receive order) get request_retraction with
 * the handle they saw; later, too late; and handles that are not valid. */
START_TEST(test_retract_after_delivery)
{
	struct tfed *a = tf_join("A"), *b = tf_join("B"), *c = tf_join("C");
	rti_message_retraction_handle r8, r9, ro, bad;
	rti_object_instance_handle obj;

	ck_assert_int_eq(rti_enable_time_regulation(a->amb, T(1)), RTI_OK);
	ck_assert(wait_ev(a, "reg:", 0));
	ck_assert_int_eq(rti_enable_time_constrained(b->amb), RTI_OK);
	ck_assert(wait_ev(b, "con:", 0));
	breaker(a, 1);
	breaker(b, 0);
	breaker(c, 0);
	settle(b, a);
	settle(c, a);
	ck_assert_int_eq(rti_register_object_instance(a->amb, g_breaker,
	    &obj), RTI_OK);
	ck_assert(tfed_wait(b, "disc:"));
	ck_assert(tfed_wait(c, "disc:"));
	ck_assert_int_eq(update_at(a, obj, "u8", 8, &r8), RTI_OK);
	ck_assert_int_eq(update_at(a, obj, "u9", 9, &r9), RTI_OK);
	ck_assert_int_eq(update_at(a, obj, "ro", -1, NULL), RTI_OK);
	ck_assert_uint_ne(r8.id, 0);
	/* A at 7.5 may send from 8.5 on: B can be granted 8 */
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(7.5)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 7.5));
	ck_assert_int_eq(rti_time_advance_request(b->amb, T(8)), RTI_OK);
	ck_assert(wait_ev(b, "grant:", 8));
	ck_assert_int_ge(ev_at(b, "ref:ro:ro|"), 0);
	ck_assert_int_lt(ev_at(b, "ref:ro:ro|"), ev_at(b, "grant:8|"));
	ck_assert_int_ge(ev_at(b, "ref:u8:8|"), 0);
	ck_assert_int_lt(ev_at(b, "ref:u8:8|"), ev_at(b, "grant:8|"));
	ck_assert(has_id(b, "ref-r:u8:", r8));
	ck_assert(tfed_wait(c, "ref:u8:ro|"));
	ck_assert(has_id(c, "ref-r:u8:", r8));
	/* 8 is after A's logical time 7.5: retractable */
	ck_assert_int_eq(rti_retract(a->amb, r8), RTI_OK);
	ck_assert(tfed_wait(b, "retraction:"));
	ck_assert(has_id(b, "retraction:", r8));
	ck_assert(tfed_wait(c, "retraction:"));
	ck_assert(has_id(c, "retraction:", r8));
	ck_assert_int_eq(rti_retract(a->amb, r8),
	    RTI_ERR_MESSAGE_CAN_NO_LONGER_BE_RETRACTED);
	/* at 9, the message stamped 9 can no longer be retracted */
	ck_assert_int_eq(rti_time_advance_request(a->amb, T(9)), RTI_OK);
	ck_assert(wait_ev(a, "grant:", 9));
	ck_assert_int_eq(rti_retract(a->amb, r9),
	    RTI_ERR_MESSAGE_CAN_NO_LONGER_BE_RETRACTED);
	/* handles that were never A's */
	ro.id = 0;
	ck_assert_int_eq(rti_retract(a->amb, ro),
	    RTI_ERR_INVALID_MESSAGE_RETRACTION_HANDLE);
	bad.id = r9.id + 1000;
	ck_assert_int_eq(rti_retract(a->amb, bad),
	    RTI_ERR_INVALID_MESSAGE_RETRACTION_HANDLE);
	bad.id = ((uint64_t)b->handle.id << 32) | (uint32_t)r9.id;
	ck_assert_int_eq(rti_retract(a->amb, bad),
	    RTI_ERR_INVALID_MESSAGE_RETRACTION_HANDLE);
	ck_assert_int_eq(rti_retract(b->amb, r9),
	    RTI_ERR_INVALID_MESSAGE_RETRACTION_HANDLE);
	ck_assert_int_eq(rti_retract(NULL, r9), RTI_ERR_INVALID_ARGUMENT);
	/* a valid handle, but A no longer regulating */
	ck_assert_int_eq(rti_disable_time_regulation(a->amb), RTI_OK);
	ck_assert_int_eq(rti_retract(a->amb, r9),
	    RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED);
	ck_assert_uint_eq(tfed_count(b, "retraction:"), 1);
	ck_assert_uint_eq(tfed_count(c, "retraction:"), 1);
	tfed_free(a);
	tfed_free(b);
	tfed_free(c);
}
END_TEST

/* ---- randomized run ---- */

#define RF 5
#define R_END 40

struct rfed {
	struct tfed *t;
	int reg, con;
	int64_t la, now;
	int kind;                 /* pending TMC_* or TMC_NONE */
	int64_t req;
	int last;                 /* kind of the last grant */
	struct tmc_bound floor;
	size_t seen;              /* events consumed */
	int done;
	int64_t last_rx;          /* latest TSO timestamp received */
	size_t rx_tso, sent_by_end;
};

static rti_interaction_class_handle r_cls;

/* A regulating federate sends 0-2 TSO interactions at legal times. */
static void
r_send(struct rfed *f)
{
	int k, n = rand() % 3;

	if (!f->reg)
		return;
	for (k = 0; k < n; k++) {
		struct tmc_bound b = tmc_send_bound(1, f->floor, f->kind,
		    (uint64_t)f->req, (uint64_t)f->la);
		int64_t ts = (int64_t)b.t + b.open + rand() % 3;

		ck_assert_int_eq(rti_send_interaction_at(f->t->amb, r_cls,
		    NULL, 0, "x", 1, rti_time_i64(ts), NULL), RTI_OK);
		if (ts <= R_END)
			f->sent_by_end++;
	}
}

/* A TSO message received by a constrained federate: in timestamp order,
 * not before its time, not after the time it is advancing to. */
static void
r_rx(struct rfed *f, const char *ev, unsigned seed)
{
	long long ts;

	if (strcmp(ev, "rx:x:ro|") == 0) {
		ck_assert_msg(!f->con, "seed %u: receive order while "
		    "constrained", seed);
		return;
	}
	ck_assert_msg(sscanf(ev, "rx:x:%lld|", &ts) == 1 && f->con,
	    "seed %u: unexpected %s", seed, ev);
	ck_assert_msg(f->kind != TMC_NONE, "seed %u: TSO outside an advance",
	    seed);
	ck_assert_msg(ts >= f->last_rx, "seed %u: %lld after %lld", seed, ts,
	    (long long)f->last_rx);
	ck_assert_msg(ts > f->now || (ts == f->now && f->last != TMC_TAR &&
	    f->last != TMC_NMR), "seed %u: %lld into the past (%lld)", seed,
	    ts, (long long)f->now);
	ck_assert_msg(ts <= f->req, "seed %u: %lld beyond the request %lld",
	    seed, ts, (long long)f->req);
	f->last_rx = ts;
	f->rx_tso++;
}

static struct tmc_bound
r_bound(const struct rfed *f)
{
	return tmc_send_bound(1, f->floor, f->kind, (uint64_t)f->req,
	    (uint64_t)f->la);
}

/* No regulating federate may still send into a constrained one's past. */
static void
r_check(struct rfed *fs, unsigned seed)
{
	size_t i, k;

	for (i = 0; i < RF; i++) {
		/* after TAR/NMR nothing stamped <= now may come, after
		 * TARA/NMRA (and enabling) nothing stamped < now */
		struct tmc_bound past = { (uint64_t)fs[i].now,
		    fs[i].last == TMC_TAR || fs[i].last == TMC_NMR };

		if (!fs[i].con)
			continue;
		for (k = 0; k < RF; k++) {
			if (k == i || !fs[k].reg)
				continue;
			ck_assert_msg(tmc_bcmp(1, r_bound(&fs[k]), past) >= 0,
			    "seed %u: federate %zu at %lld may still send "
			    "before constrained %zu at %lld", seed, k,
			    (long long)r_bound(&fs[k]).t, i,
			    (long long)fs[i].now);
		}
	}
}

static void
r_request(struct rfed *f)
{
	static const int kinds[] = { TMC_TAR, TMC_TARA, TMC_NMR, TMC_NMRA };
	int kind = kinds[rand() % 4];
	int64_t t = f->now + rand() % 4;
	int rc;

	if (t >= R_END) {
		t = R_END;
		kind = TMC_TAR;
	}
	switch (kind) {
	case TMC_TAR:
		rc = rti_time_advance_request(f->t->amb, rti_time_i64(t));
		break;
	case TMC_TARA:
		rc = rti_time_advance_request_available(f->t->amb,
		    rti_time_i64(t));
		break;
	case TMC_NMR:
		rc = rti_next_message_request(f->t->amb, rti_time_i64(t));
		break;
	default:
		rc = rti_next_message_request_available(f->t->amb,
		    rti_time_i64(t));
		break;
	}
	ck_assert_int_eq(rc, RTI_OK);
	f->kind = kind;
	f->req = t;
}

static void
random_run(unsigned seed)
{
	struct rfed fs[RF];
	char name[16];
	time_t deadline;
	size_t i, done = 0, total = 0;

	fprintf(stderr, "check_time: random run RTI_TEST_SEED=%u\n", seed);
	srand(seed);
	memset(fs, 0, sizeof fs);
	for (i = 0; i < RF; i++) {
		struct rfed *f = &fs[i];

		snprintf(name, sizeof name, "R%zu-%u", i, seed);
		f->t = tf_join(name);
		ck_assert_int_eq(rti_get_interaction_class_handle(f->t->amb,
		    "GridEvent.Switching", &r_cls), RTI_OK);
		ck_assert_int_eq(rti_publish_interaction_class(f->t->amb,
		    r_cls), RTI_OK);
		ck_assert_int_eq(rti_subscribe_interaction_class(f->t->amb,
		    r_cls), RTI_OK);
		f->reg = rand() % 4 != 0;
		f->con = rand() % 4 != 0;
		f->la = rand() % 3;
		f->kind = TMC_NONE;
		f->last = TMC_TARA;
		if (f->reg) {
			ck_assert_int_eq(rti_enable_time_regulation(f->t->amb,
			    rti_time_i64(f->la)), RTI_OK);
			ck_assert(tfed_wait(f->t, "reg:0|"));
			f->floor = tmc_la_bound(1, 0, (uint64_t)f->la,
			    TMC_TAR);
		}
		if (f->con) {
			ck_assert_int_eq(rti_enable_time_constrained(
			    f->t->amb), RTI_OK);
			ck_assert(tfed_wait(f->t, "con:0|"));
		}
	}
	/* every federate knows the others subscribe */
	for (i = 0; i < RF; i++) {
		rti_ambassador *amb = fs[i].t->amb;
		int pending = 1;

		round_trip(fs[i].t);
		while (pending)
			ck_assert_int_eq(rti_evoke_callbacks(amb, 0, 0,
			    &pending), RTI_OK);
		fs[i].seen = fs[i].t->n_events;
	}
	for (i = 0; i < RF; i++) {
		r_send(&fs[i]);
		r_request(&fs[i]);
	}
	deadline = time(NULL) + 30;
	while (done < RF) {
		ck_assert_msg(time(NULL) < deadline,
		    "seed %u: run did not terminate", seed);
		for (i = 0; i < RF; i++) {
			struct rfed *f = &fs[i];
			long long g;

			ck_assert_int_eq(rti_evoke_callbacks(f->t->amb, 0.0,
			    0.005, NULL), RTI_OK);
			while (f->seen < f->t->n_events) {
				const char *ev = f->t->events[f->seen++];

				if (strncmp(ev, "rx:", 3) == 0) {
					r_rx(f, ev, seed);
					continue;
				}
				ck_assert_msg(sscanf(ev, "grant:%lld", &g) ==
				    1, "seed %u: unexpected %s", seed, ev);
				ck_assert_int_ne(f->kind, TMC_NONE);
				if (f->kind == TMC_TAR ||
				    f->kind == TMC_TARA || !f->con)
					ck_assert_int_eq(g, f->req);
				ck_assert_int_le(g, f->req);
				ck_assert_int_ge(g, f->now);
				f->now = g;
				if (f->reg)
					f->floor = tmc_bmax(1, f->floor,
					    tmc_la_bound(1, (uint64_t)g,
					    (uint64_t)f->la, f->kind));
				f->last = f->kind;
				f->kind = TMC_NONE;
				r_check(fs, seed);
				if (g == R_END && f->req == R_END) {
					f->done = 1;
					done++;
				} else {
					r_send(f);
					r_request(f);
				}
			}
		}
	}
	/* Every TSO message stamped up to the end reached every constrained
	 * federate before its last grant. */
	for (i = 0; i < RF; i++) {
		size_t k, want = 0;

		if (!fs[i].con)
			continue;
		for (k = 0; k < RF; k++)
			if (k != i)
				want += fs[k].sent_by_end;
		ck_assert_msg(fs[i].rx_tso == want, "seed %u: federate %zu "
		    "got %zu TSO messages, want %zu", seed, i, fs[i].rx_tso,
		    want);
		total += want;
	}
	fprintf(stderr, "check_time: seed %u: %zu TSO deliveries checked\n",
	    seed, total);
	for (i = 0; i < RF; i++) {
		ck_assert_int_eq(rti_resign_federation_execution(fs[i].t->amb,
		    RTI_RESIGN_NO_ACTION), RTI_OK);
		tfed_free(fs[i].t);
	}
}

START_TEST(test_random)
{
	const char *env = getenv("RTI_TEST_SEED");
	unsigned seed;
	int k;

	g_i64 = 1;
	if (env) {
		random_run((unsigned)strtoul(env, NULL, 10));
		return;
	}
	seed = (unsigned)time(NULL);
	for (k = 0; k < 4; k++)
		random_run(seed + (unsigned)k);
}
END_TEST

static Suite *
time_suite(void)
{
	Suite *s = suite_create("time");
	TCase *tc = tcase_create("tm");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_alone);
	tcase_add_test(tc, test_lockstep);
	tcase_add_test(tc, test_zero_lookahead);
	tcase_add_test(tc, test_late_joiner);
	tcase_add_test(tc, test_constrained_waits);
	tcase_add_test(tc, test_release_on_disable_and_resign);
	tcase_add_test(tc, test_killed_regulator);
	tcase_add_test(tc, test_modify_lookahead);
	tcase_add_test(tc, test_flush_queue);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_int64);
	tcase_add_test(tc, test_tso_interactions);
	tcase_add_test(tc, test_tso_held_behind_other_output);
	tcase_add_test(tc, test_many_grants_in_order);
	tcase_add_test(tc, test_tso_nmr_and_unconstrained);
	tcase_add_test(tc, test_async_delivery);
	tcase_add_test(tc, test_resign_with_held_messages);
	tcase_add_test(tc, test_retract_before_delivery);
	tcase_add_test(tc, test_retract_after_delivery);
	tcase_add_test(tc, test_random);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(time_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
