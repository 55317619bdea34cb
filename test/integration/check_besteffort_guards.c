/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_besteffort_guards.c - best effort against a real rtiexec on loopback,
 * the guards of its datagram path: a best-effort reflection of an
 * instance the federate does not know (forgotten, its discovery again
 * still to come on the stream) is dropped and counted unknown, never
 * delivered; federates on the Unix socket, which have no datagram path,
 * send and receive their best effort on the stream, counted unconfirmed,
 * whole and in order, also with a TCP federate on the other end.
 * check_besteffort.c has the datagram path itself; this file is apart to
 * keep both under 1200 lines, and repeats the few helpers it needs from
 * it.
 */
#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "testutil.h"

#define FOM TOP_SRCDIR "/test/data/fom/transport.xml"

static struct rtiexec rx;
static int hport;               /* rtiexec's HTTP port */
static char unix_url[300];      /* "unix://PATH" of rtiexec's --unix */

/* The last value of the last reflection, whole (a federate's `user`, for
 * the tests that check that values arrive intact). */
struct whole {
	size_t len;
	char buf[8192];
};

/* tfed_cb_reflect_values, keeping the last value whole in t->user (a
 * struct whole) when there is one */
static void
cb_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	struct whole *w = t->user;

	if (w && n) {
		w->len = v[n - 1].length;
		memcpy(w->buf, v[n - 1].value, w->len < sizeof w->buf ?
		    w->len : sizeof w->buf);
	}
	tfed_cb_reflect_values(arg, obj, v, n, tag, tag_len, info);
}

/* A federate connected to `url`, joined to F as `name`. */
static struct tfed *
join_at(const char *url, const char *name)
{
	struct rti_callbacks cb;
	struct tfed *t;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.reflect_attribute_values = cb_reflect;
	cb.receive_interaction = tfed_cb_interaction_class;
	t = calloc(1, sizeof *t);
	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(t->amb);
	ck_assert_int_eq(rti_connect(t->amb, url, &cb, t), RTI_OK);
	ck_assert_int_eq(tfed_create_join(t, "F", FOM, name), RTI_OK);
	return t;
}

static struct tfed *
join(const char *name)
{
	return join_at(rx.url, name);
}


static int
update1(struct tfed *a, rti_object_instance_handle obj,
    rti_attribute_handle at, const char *val)
{
	struct rti_attribute_value v = { at, val, strlen(val) };
	int rc = rti_update_attribute_values(a->amb, obj, &v, 1, NULL, 0);

	return rc == RTI_OK ? rti_flush_updates(a->amb) : rc;
}

static uint64_t
metric(const char *name)
{
	return rtiexec_metric("127.0.0.1", hport, name, NULL);
}

/* Wait (within WAIT_S) until the sample `name` of /metrics is at least
 * `want`. */
static void
wait_metric(const char *name, uint64_t want)
{
	double end = tfed_now() + WAIT_S;

	while (metric(name) < want && tfed_now() < end)
		usleep(2000);
	ck_assert_uint_ge(metric(name), want);
}

/* ---- fixtures ---- */

static void
setup(void)
{
	hport = rtiexec_start_http(&rx, NULL);
	ck_assert_int_gt(hport, 0);
}

/* rtiexec also on a Unix-domain socket (removed at its clean stop). */
static void
setup_unix(void)
{
	static char sock[256];
	const char *args[3] = { "--unix", sock, NULL };

	snprintf(sock, sizeof sock, "/tmp/check_besteffort_guards.%d.sock",
	    (int)getpid());
	snprintf(unix_url, sizeof unix_url, "unix://%s", sock);
	hport = rtiexec_start_http(&rx, args);
	ck_assert_int_gt(hport, 0);
}

static void
teardown(void)
{
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}

/* ---- the tests ---- */

/* Best-effort reflections of an instance B does not know: each of A's
 * updates of m1 is in B's datagram socket (rtiexec's counter says it
 * sent it) before A sends the next, then B forgets m1
 * (rti_local_delete_object_instance) before it reads them.  Every one is
 * dropped and counted unknown, none is delivered.  A's next updates make
 * rtiexec discover m1 to B again, on the stream, and their reflections
 * arrive after that discovery. */
START_TEST(test_reflection_of_unknown_instance_dropped)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle m1 = tfed_meter(a, b, "m1", &rd, &stt);
	struct rti_transport_stats sb;
	double end;
	uint64_t sent0;
	const int N = 10;
	char v[16];
	int i;

	tfed_wait_udp(a);
	tfed_wait_udp(b);
	sent0 = metric("rti_udp_datagrams_sent_total");
	for (i = 0; i < N; i++) {
		snprintf(v, sizeof v, "early%d", i);
		ck_assert_int_eq(update1(a, m1, rd, v), RTI_OK);
		wait_metric("rti_udp_datagrams_sent_total", sent0 + i + 1);
	}
	tfed_clear(b);
	ck_assert_int_eq(rti_local_delete_object_instance(b->amb, m1),
	    RTI_OK);
	end = tfed_now() + WAIT_S;
	while (tfed_transport_stats(b).datagrams_received < (uint64_t)N &&
	    tfed_now() < end)
		ck_assert_int_eq(rti_evoke_callbacks(b->amb, 0.01, 0.01, NULL),
		    RTI_OK);
	tfed_barrier(b);
	sb = tfed_transport_stats(b);
	ck_assert_uint_eq(sb.datagrams_received, (uint64_t)N);
	ck_assert_uint_eq(sb.unknown, (uint64_t)N);
	ck_assert_uint_eq(sb.rejected + sb.stale, 0);
	ck_assert_int_lt(tfed_find(b, "r:"), 0);
	/* discovered again at the next update, then reflected */
	end = tfed_now() + WAIT_S;
	while (tfed_find(b, "r:m1:") < 0 && tfed_now() < end) {
		ck_assert_int_eq(update1(a, m1, rd, "again"), RTI_OK);
		ck_assert_int_eq(rti_evoke_callbacks(b->amb, 0.01, 0.01, NULL),
		    RTI_OK);
	}
	ck_assert_int_ge(tfed_find(b, "r:m1:"), 0);
	ck_assert_int_ge(tfed_find(b, "discover:m1"), 0);
	ck_assert_int_lt(tfed_find(b, "discover:m1"), tfed_find(b, "r:m1:"));
	ck_assert_int_lt(tfed_find(b, "r:?"), 0);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* Federates on the Unix socket have no datagram path: their best effort
 * (updates, one larger than a datagram, interactions) travels on the
 * stream both ways, counted unconfirmed by librti and by rtiexec, and
 * arrives whole and in order. */
START_TEST(test_unix_best_effort_on_the_stream)
{
	struct tfed *a = join_at(unix_url, "A"), *b = join_at(unix_url, "B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	rti_interaction_class_handle sample = tfed_ic(a, "Sample");
	static char big[4000];
	struct rti_attribute_value bv = { rd, big, sizeof big };
	struct rti_transport_stats sa, sb;
	uint64_t unc0, dg_in0, dg_out0;
	static struct whole w;
	char val[16], want[64];
	size_t i;
	int at;

	ck_assert_int_eq(rti_publish_interaction_class(a->amb, sample),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, sample),
	    RTI_OK);
	b->user = &w;
	for (i = 0; i < sizeof big; i++)
		big[i] = (char)('a' + i % 23);
	unc0 = metric("rti_udp_sent_reliably_unconfirmed_total");
	dg_in0 = metric("rti_udp_datagrams_received_total");
	dg_out0 = metric("rti_udp_datagrams_sent_total");
	for (i = 0; i < 20; i++) {
		snprintf(val, sizeof val, "v%zu", i);
		ck_assert_int_eq(update1(a, obj, rd, val), RTI_OK);
	}
	ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, &bv, 1,
	    NULL, 0), RTI_OK);
	for (i = 0; i < 5; i++)
		ck_assert_int_eq(rti_send_interaction(a->amb, sample, NULL, 0,
		    NULL, 0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	ck_assert(tfed_wait_n(b, "i:Sample", 5));
	ck_assert_uint_eq(tfed_count(b, "r:m1:"), 21);
	/* in order, and the last one whole */
	for (i = 0, at = -1; i < 20; i++) {
		int k;

		snprintf(want, sizeof want, "r:m1:%u=v%zu", rd.id, i);
		k = tfed_find(b, want);
		ck_assert_int_gt(k, at);
		at = k;
	}
	ck_assert_uint_eq(w.len, sizeof big);
	ck_assert(memcmp(w.buf, big, sizeof big) == 0);
	sa = tfed_transport_stats(a);
	sb = tfed_transport_stats(b);
	ck_assert_int_eq(sa.udp, 0);
	ck_assert_int_eq(sb.udp, 0);
	ck_assert_uint_eq(sa.unconfirmed, 26);
	ck_assert_uint_eq(sa.too_large, 0);
	ck_assert_uint_eq(sa.datagrams_sent + sb.datagrams_received +
	    sa.send_failed, 0);
	/* rtiexec forwarded all 26 on B's stream, and saw no datagram */
	ck_assert_uint_eq(metric("rti_udp_sent_reliably_unconfirmed_total") -
	    unc0, 26);
	ck_assert_uint_eq(metric("rti_udp_datagrams_received_total") -
	    dg_in0, 0);
	ck_assert_uint_eq(metric("rti_udp_datagrams_sent_total") - dg_out0, 0);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* T on TCP, U on the Unix socket, each publishing an instance the other
 * subscribes to: T's best effort goes to rtiexec by datagram and on to U
 * on U's stream; U's goes on its stream, marked best effort, and on to T
 * by datagram.  Every update arrives. */
START_TEST(test_unix_and_tcp_mixed)
{
	struct tfed *t = join("T"), *u = join_at(unix_url, "U");
	rti_object_class_handle m = tfed_oc(t, "Meter");
	rti_attribute_handle both[2] = { tfed_at(t, m, "Reading"),
	    tfed_at(t, m, "State") };
	rti_object_instance_handle t1, u1;
	struct tfed *fs[2] = { t, u };
	uint64_t unc0, dg_in0, dg_out0, tsent0, trecv0;
	int i, k;

	for (k = 0; k < 2; k++) {
		ck_assert_int_eq(rti_publish_object_class_attributes(
		    fs[k]->amb, m, both, 2), RTI_OK);
		ck_assert_int_eq(rti_subscribe_object_class_attributes(
		    fs[k]->amb, m, both, 2), RTI_OK);
	}
	t1 = tfed_register_named(t, "Meter", "t1");
	u1 = tfed_register_named(u, "Meter", "u1");
	ck_assert(tfed_wait(u, "discover:t1"));
	ck_assert(tfed_wait(t, "discover:u1"));
	tfed_wait_udp(t);
	ck_assert_int_eq(tfed_transport_stats(u).udp, 0);

	/* TCP to Unix */
	unc0 = metric("rti_udp_sent_reliably_unconfirmed_total");
	dg_in0 = metric("rti_udp_datagrams_received_total");
	tsent0 = tfed_transport_stats(t).datagrams_sent;
	for (i = 0; i < 20; i++)
		ck_assert_int_eq(update1(t, t1, both[0], "t"), RTI_OK);
	ck_assert(tfed_wait_n(u, "r:t1:", 20));
	ck_assert_uint_eq(tfed_transport_stats(t).datagrams_sent - tsent0, 20);
	ck_assert_uint_eq(tfed_transport_stats(t).unconfirmed, 0);
	ck_assert_uint_eq(metric("rti_udp_datagrams_received_total") -
	    dg_in0, 20);
	ck_assert_uint_eq(metric("rti_udp_sent_reliably_unconfirmed_total") -
	    unc0, 20);
	ck_assert_uint_eq(tfed_transport_stats(u).datagrams_received, 0);

	/* Unix to TCP */
	dg_out0 = metric("rti_udp_datagrams_sent_total");
	trecv0 = tfed_transport_stats(t).datagrams_received;
	for (i = 0; i < 20; i++)
		ck_assert_int_eq(update1(u, u1, both[0], "u"), RTI_OK);
	ck_assert(tfed_wait_n(t, "r:u1:", 20));
	ck_assert_uint_eq(tfed_transport_stats(u).unconfirmed, 20);
	ck_assert_uint_eq(tfed_transport_stats(u).datagrams_sent, 0);
	ck_assert_uint_ge(tfed_transport_stats(t).datagrams_received - trecv0, 1);
	ck_assert_uint_ge(metric("rti_udp_datagrams_sent_total") - dg_out0,
	    1);
	/* nothing more forwarded on a stream */
	ck_assert_uint_eq(metric("rti_udp_sent_reliably_unconfirmed_total") -
	    unc0, 20);
	tfed_free(u);
	tfed_free(t);
}
END_TEST

/*
 * The start-up line of --multicast names the interface the groups are
 * sent on, as the socket took it: --multicast-interface 127.0.0.1 says
 * 127.0.0.1 (not the last group of the range), and so does --bind alone.
 */
START_TEST(test_multicast_interface_logged)
{
	static const char *const with_if[] = { "--multicast",
		"239.192.78.0/24", "--multicast-interface", "127.0.0.1", NULL };
	static const char *const bind_only[] = { "--multicast",
		"239.192.78.0/28", NULL };
	struct rtiexec r;

	ck_assert_int_eq(rtiexec_start(&r, with_if), 0);
	ck_assert(rtiexec_log_has(&r, "multicast: groups "
	    "239.192.78.0-239.192.78.255 port"));
	ck_assert(rtiexec_log_has(&r, ", interface 127.0.0.1, "));
	ck_assert(!rtiexec_log_has(&r, "interface 239."));
	ck_assert_int_eq(rtiexec_stop(&r), 0);
	ck_assert_int_eq(rtiexec_start(&r, bind_only), 0);
	ck_assert(rtiexec_log_has(&r, "239.192.78.0-239.192.78.15 port"));
	ck_assert(rtiexec_log_has(&r, ", interface 127.0.0.1, "));
	ck_assert_int_eq(rtiexec_stop(&r), 0);
}
END_TEST

static Suite *
besteffort_guards_suite(void)
{
	Suite *s = suite_create("besteffort_guards");
	TCase *tc = tcase_create("loopback");
	TCase *uds = tcase_create("unix");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_reflection_of_unknown_instance_dropped);
	suite_add_tcase(s, tc);
	{
		TCase *mc = tcase_create("multicast_log");

		tcase_set_timeout(mc, 60);
		tcase_add_test(mc, test_multicast_interface_logged);
		suite_add_tcase(s, mc);
	}
	tcase_add_checked_fixture(uds, setup_unix, teardown);
	tcase_set_timeout(uds, 60);
	tcase_add_test(uds, test_unix_best_effort_on_the_stream);
	tcase_add_test(uds, test_unix_and_tcp_mixed);
	suite_add_tcase(s, uds);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(besteffort_guards_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
