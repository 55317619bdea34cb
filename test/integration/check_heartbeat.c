/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_heartbeat.c - hosts that vanish without a FIN: a federate stopped
 * (SIGSTOP) past rtiexec's --heartbeat-timeout is resigned and the others
 * step on; a shorter pause survives; idle federates stay joined on
 * heartbeats alone; a stopped rtiexec is reported by librti as
 * connection_lost, also to a federate waiting for a reply, and after
 * the federate's own shorter timeout (rti_set_heartbeat_timeout).
 */
#include <check.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

#define GRID TEST_FOM("Grid.xml")
#define RTIEXEC_BIN TOP_BUILDDIR "/rti/rtiexec"

static struct rtiexec rx;

static void
cb_reg(void *arg, rti_time t)
{
	tfed_event(arg, "reg:%g|", t.f64);
}

static void
cb_con(void *arg, rti_time t)
{
	tfed_event(arg, "con:%g|", t.f64);
}

static void
cb_grant(void *arg, rti_time t)
{
	tfed_event(arg, "grant:%g|", t.f64);
}

/* A recording federate with the time callbacks, joined to "F" as
 * `name`. */
static struct tfed *
tf_join(const char *name)
{
	struct tfed *t = calloc(1, sizeof *t);
	struct rti_callbacks cb;
	int rc;

	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(t->amb);
	tfed_callbacks(&cb);
	cb.time_regulation_enabled = cb_reg;
	cb.time_constrained_enabled = cb_con;
	cb.time_advance_grant = cb_grant;
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	tfed_track(t);
	rc = tfed_create_join(t, "F", GRID, name);
	ck_assert_int_eq(rc, RTI_OK);
	return t;
}

static struct tfed *
tf_regcon(const char *name, double la)
{
	struct tfed *t = tf_join(name);

	ck_assert_int_eq(rti_enable_time_regulation(t->amb,
	    rti_time_f64(la)), RTI_OK);
	ck_assert(tfed_wait(t, "reg:"));
	ck_assert_int_eq(rti_enable_time_constrained(t->amb), RTI_OK);
	ck_assert(tfed_wait(t, "con:"));
	return t;
}

/*
 * A regulating federate "B" in a child process (lookahead 1, at time 0:
 * it holds every constrained federate below 1).  It evokes in a loop;
 * a byte 'a' on `cmd` makes it ask to advance to 100.  Returns its pid
 * once it is regulating.
 */
static pid_t
regulator_start(int *cmd_w)
{
	int ready[2], cmd[2];
	pid_t pid;
	char ch;

	ck_assert_int_eq(pipe(ready), 0);
	ck_assert_int_eq(pipe(cmd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct tfed *b;

		close(ready[0]);
		close(cmd[1]);
		(void)fcntl(cmd[0], F_SETFL, O_NONBLOCK);
		b = tf_join("B");
		if (rti_enable_time_regulation(b->amb, rti_time_f64(1)) !=
		    RTI_OK || !tfed_wait(b, "reg:"))
			_exit(1);
		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		for (;;) {
			if (read(cmd[0], &ch, 1) == 1 && ch == 'a' &&
			    rti_time_advance_request(b->amb,
			    rti_time_f64(100)) != RTI_OK)
				_exit(1);
			if (rti_evoke_callbacks(b->amb, 0.05, 0.05, NULL) !=
			    RTI_OK)
				_exit(2);
		}
	}
	close(ready[1]);
	close(cmd[0]);
	ck_assert_int_eq(read(ready[0], &ch, 1), 1);
	close(ready[0]);
	*cmd_w = cmd[1];
	return pid;
}

static void
regulator_end(pid_t pid, int cmd_w)
{
	kill(pid, SIGCONT);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(cmd_w);
}

/* Timeouts are this many times longer under a wrapper (valgrind), where
 * a FOM load alone takes seconds. */
static double
slowdown(void)
{
	return getenv("RTI_TEST_WRAPPER") ? 5 : 1;
}

/* rtiexec with --heartbeat-timeout `timeout` (times slowdown()). */
static void
start_with(const char *timeout)
{
	const char *args[] = { "--heartbeat-timeout", timeout, NULL };
	char slow[16];

	snprintf(slow, sizeof slow, "%g", slowdown() * atof(timeout));
	args[1] = slow;

	ck_assert_int_eq(rtiexec_start(&rx, args), 0);
}

/* B stopped past the timeout: resigned (the log says why), and A, held
 * by B's regulation before, is granted and steps on. */
START_TEST(test_stopped_federate_resigned)
{
	struct tfed *a;
	int cmd, step;
	pid_t pid;
	char want[32];

	start_with("1");
	a = tf_regcon("A", 1);
	pid = regulator_start(&cmd);
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_f64(2)),
	    RTI_OK);
	/* B is alive and holds A below 1 */
	tfed_pump(a, 1.5);
	ck_assert_int_lt(tfed_find(a, "grant:"), 0);
	kill(pid, SIGSTOP);
	ck_assert(tfed_wait(a, "grant:2|"));
	ck_assert(rtiexec_log_has(&rx, "nothing received for"));
	ck_assert(rtiexec_log_has(&rx, "federate B"));
	for (step = 3; step <= 6; step++) {
		snprintf(want, sizeof want, "grant:%d|", step);
		ck_assert_int_eq(rti_time_advance_request(a->amb,
		    rti_time_f64(step)), RTI_OK);
		ck_assert(tfed_wait(a, want));
	}
	/* B's name is free again: it was resigned, not just held */
	{
		rti_federate_handle h;

		ck_assert_int_eq(rti_get_federate_handle(a->amb, "B", &h),
		    RTI_ERR_NAME_NOT_FOUND);
	}
	regulator_end(pid, cmd);
	tfed_free(a);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* A 2 s pause (a debugger's) under the default 5 s timeout: B stays
 * joined, and when it goes on it releases A. */
START_TEST(test_short_pause_survives)
{
	struct tfed *a;
	int cmd;
	pid_t pid;

	/* the default (5 s), unless slowed down */
	if (slowdown() > 1)
		start_with("5");
	else
		ck_assert_int_eq(rtiexec_start(&rx, NULL), 0);
	a = tf_regcon("A", 1);
	pid = regulator_start(&cmd);
	ck_assert_int_eq(rti_time_advance_request(a->amb, rti_time_f64(2)),
	    RTI_OK);
	kill(pid, SIGSTOP);
	tfed_pump(a, 2.0);
	kill(pid, SIGCONT);
	tfed_pump(a, 0.5);
	ck_assert_int_lt(tfed_find(a, "grant:"), 0);
	ck_assert(!rtiexec_log_has(&rx, "nothing received for"));
	ck_assert_int_eq(write(cmd, "a", 1), 1);
	ck_assert(tfed_wait(a, "grant:2|"));
	ck_assert(tfed_find(a, "lost:") < 0);
	regulator_end(pid, cmd);
	tfed_free(a);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* Federates that send nothing for several timeouts, only evoking, stay
 * joined: the heartbeats of both ends keep them. */
START_TEST(test_idle_federates_stay)
{
	struct tfed *a, *b;
	double end;

	start_with("1");
	a = tf_join("A");
	b = tf_join("B");
	for (end = tfed_now() + 3.5; tfed_now() < end;) {
		ck_assert_int_eq(rti_evoke_callbacks(a->amb, 0.1, 0.1, NULL),
		    RTI_OK);
		ck_assert_int_eq(rti_evoke_callbacks(b->amb, 0.1, 0.1, NULL),
		    RTI_OK);
	}
	ck_assert(!rtiexec_log_has(&rx, "nothing received for"));
	ck_assert_int_eq(rti_register_federation_synchronization_point(
	    b->amb, "idle", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(a, "announce:idle"));
	tfed_free(a);
	tfed_free(b);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* rtiexec stopped: an evoking federate gets connection_lost with the
 * reason, and a later call says CONNECTION_LOST. */
START_TEST(test_rtiexec_stopped_lost)
{
	struct tfed *a;
	int i;

	start_with("1");
	a = tf_join("A");
	kill(rx.pid, SIGSTOP);
	ck_assert(tfed_wait(a, "lost:"));
	i = tfed_find(a, "lost:");
	ck_assert_ptr_nonnull(strstr(a->events[i], "heartbeat timeout"));
	ck_assert_int_eq(rti_evoke_callbacks(a->amb, 0, 0, NULL),
	    RTI_ERR_CONNECTION_LOST);
	kill(rx.pid, SIGCONT);
	tfed_free(a);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* A request waiting for its reply from a stopped rtiexec ends with
 * CONNECTION_LOST instead of waiting forever. */
START_TEST(test_request_to_stopped_rtiexec)
{
	struct tfed *a;
	rti_federate_handle h;

	start_with("1");
	a = tf_join("A");
	kill(rx.pid, SIGSTOP);
	ck_assert_int_eq(rti_get_federate_handle(a->amb, "A", &h),
	    RTI_ERR_CONNECTION_LOST);
	ck_assert_ptr_nonnull(strstr(rti_error_message(a->amb),
	    "heartbeat timeout"));
	kill(rx.pid, SIGCONT);
	tfed_free(a);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* The federate's own timeout (1 s) under rtiexec's 60 s: lost well
 * before rtiexec's would have passed. */
START_TEST(test_own_timeout)
{
	struct tfed *a = calloc(1, sizeof *a);
	struct rti_callbacks cb;

	start_with("60");
	ck_assert_ptr_nonnull(a);
	a->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(a->amb);
	ck_assert_int_eq(rti_set_heartbeat_timeout(a->amb, 0.1),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_set_heartbeat_timeout(a->amb, -1),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_set_heartbeat_timeout(a->amb, slowdown()),
	    RTI_OK);
	tfed_callbacks(&cb);
	ck_assert_int_eq(rti_connect(a->amb, rx.url, &cb, a), RTI_OK);
	tfed_track(a);
	ck_assert_int_eq(tfed_create_join(a, "F", GRID, "A"), RTI_OK);
	kill(rx.pid, SIGSTOP);
	/* within WAIT_S: rtiexec's 60 s have not passed */
	ck_assert_msg(tfed_wait(a, "lost:"), "the federate's own heartbeat "
	    "timeout did not end its connection to a stopped rtiexec");
	kill(rx.pid, SIGCONT);
	tfed_free(a);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

/* Bad values are refused at the command line. */
START_TEST(test_bad_option)
{
	static const char *const bad[] = { "0.1", "-1", "x", "4000" };
	char cmd[sizeof RTIEXEC_BIN + 64];
	size_t i;

	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		snprintf(cmd, sizeof cmd, "%s --heartbeat-timeout %s "
		    "--port 0 >/dev/null 2>&1", RTIEXEC_BIN, bad[i]);
		ck_assert_int_eq(WEXITSTATUS(system(cmd)), 2);
	}
}
END_TEST

static Suite *
heartbeat_suite(void)
{
	Suite *s = suite_create("heartbeat");
	TCase *tc = tcase_create("heartbeat");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_stopped_federate_resigned);
	tcase_add_test(tc, test_short_pause_survives);
	tcase_add_test(tc, test_idle_federates_stay);
	tcase_add_test(tc, test_rtiexec_stopped_lost);
	tcase_add_test(tc, test_request_to_stopped_rtiexec);
	tcase_add_test(tc, test_own_timeout);
	tcase_add_test(tc, test_bad_option);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(heartbeat_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
