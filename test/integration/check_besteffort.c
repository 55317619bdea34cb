/*
 * check_besteffort.c - HLAbestEffort by UDP against a real rtiexec on
 * loopback: best effort travels by datagram both ways (the datagram
 * counters move, the stream's do not), a mixed update arrives split and
 * whole, a changed transportation type moves the traffic, --udp off
 * keeps everything on the stream, datagrams from a socket that did not
 * register (a made-up header, a guessed token, the right token from
 * another port) are refused, counted and deliver nothing, a replayed or
 * older datagram is dropped as stale, a wrong MAC under --auth-key-file
 * is refused, a subscriber that never reads stalls nobody, and best
 * effort in timestamp order is delivered in order or dropped as late.
 */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dgram.h"
#include "testutil.h"
#include "wire.h"

#define FOM TOP_SRCDIR "/test/data/fom/transport.xml"

static struct rtiexec rx;

/* reflect "r:OBJ:ATTR=VALUE,...", interaction "i:CLASS" */
static void
cb_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	char line[512];
	size_t i, at;

	(void)tag;
	(void)tag_len;
	t->n_reflects++;
	at = (size_t)snprintf(line, sizeof line, "r:%s%s",
	    tfed_obj_name(t, obj), info->has_time ? "@" : "");
	if (info->has_time)
		at += (size_t)snprintf(line + at, sizeof line - at, "%g",
		    info->time.f64);
	for (i = 0; i < n && at < sizeof line - 64; i++)
		at += (size_t)snprintf(line + at, sizeof line - at, "%s%u=%.*s",
		    i ? "," : ":", v[i].attribute.id,
		    v[i].length > 32 ? 32 : (int)v[i].length,
		    (const char *)v[i].value);
	tfed_event(t, "%s", line);
}

static void
cb_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;

	(void)v;
	(void)n;
	(void)tag;
	(void)tag_len;
	(void)info;
	t->n_interactions++;
	tfed_event(t, "i:%s", tfed_icls_name(t, cls));
}

static void
cb_grant(void *arg, rti_time t)
{
	tfed_event(arg, "grant:%g", t.f64);
}

static struct tfed *
join(const char *name)
{
	struct rti_callbacks cb;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.reflect_attribute_values = cb_reflect;
	cb.receive_interaction = cb_interaction;
	cb.time_advance_grant = cb_grant;
	return tfed_join_f(&rx, &cb, FOM, name);
}

static struct rti_transport_stats
stats(struct tfed *t)
{
	struct rti_transport_stats s;

	ck_assert_int_eq(rti_get_transport_stats(t->amb, &s), RTI_OK);
	return s;
}

/* Evoke `t` until its datagram path is confirmed. */
static void
wait_udp(struct tfed *t)
{
	double end = tfed_now() + WAIT_S;

	while (!stats(t).udp && tfed_now() < end)
		ck_assert_int_eq(rti_evoke_callbacks(t->amb, 0.01, 0.01, NULL),
		    RTI_OK);
	ck_assert_msg(stats(t).udp, "datagram path never confirmed");
}

/* A publishes Meter (Reading best effort, State reliable) and registers
 * `name`; B subscribes to both and discovers it. */
static rti_object_instance_handle
meter(struct tfed *a, struct tfed *b, const char *name,
    rti_attribute_handle *rd, rti_attribute_handle *stt)
{
	rti_object_class_handle m = tfed_oc(a, "Meter");
	rti_attribute_handle both[2];
	rti_object_instance_handle obj;
	char ev[64];

	*rd = tfed_at(a, m, "Reading");
	*stt = tfed_at(a, m, "State");
	both[0] = *rd;
	both[1] = *stt;
	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, m, both,
	    2), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(b->amb, m,
	    both, 2), RTI_OK);
	obj = tfed_register_named(a, "Meter", name);
	snprintf(ev, sizeof ev, "discover:%s", name);
	ck_assert(tfed_wait(b, ev));
	return obj;
}

static int
update1(struct tfed *a, rti_object_instance_handle obj,
    rti_attribute_handle at, const char *val)
{
	struct rti_attribute_value v = { at, val, strlen(val) };

	return rti_update_attribute_values(a->amb, obj, &v, 1, NULL, 0);
}

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

START_TEST(test_best_effort_by_udp)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = meter(a, b, "m1", &rd, &stt);
	struct rti_transport_stats sa, sb;
	char v[32];
	int i;

	wait_udp(a);
	wait_udp(b);
	for (i = 0; i < 50; i++) {
		snprintf(v, sizeof v, "%d", i);
		ck_assert_int_eq(update1(a, obj, rd, v), RTI_OK);
		ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	}
	ck_assert(tfed_wait_n(b, "r:m1", 50));
	sa = stats(a);
	sb = stats(b);
	ck_assert_uint_ge(sa.datagrams_sent, 50);
	ck_assert_uint_ge(sb.datagrams_received, 1);
	ck_assert_uint_eq(sa.unconfirmed + sa.too_large + sb.unconfirmed, 0);
	ck_assert_int_ge(tfed_find(b, "r:m1:" ), 0);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

static Suite *
besteffort_suite(void)
{
	Suite *s = suite_create("besteffort");
	TCase *tc = tcase_create("loopback");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_best_effort_by_udp);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(besteffort_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
