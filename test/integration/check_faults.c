/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_faults.c - faults and hostile input not covered by the service
 * suites: a federate killed in the middle of sending a large class bundle,
 * an unknown message type after a valid handshake, the documented
 * size limits of names and tags, and rtiexec's two write paths (io_uring
 * and send()) under full sockets.
 */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

#define HELLO TEST_FOM("HelloWorld.xml")
#define N_INST 20000
#define VALUE_SIZE 400
#define WIRE_MAX_TAG_TEST (1u << 20) /* documented tag limit */

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

static size_t reflected;

static void
on_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)arg;
	(void)obj;
	(void)v;
	(void)n;
	(void)tag;
	(void)tag_len;
	(void)info;
	reflected++;
}

static void
on_remove(void *arg, rti_object_instance_handle obj, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	(void)obj;
	(void)tag;
	(void)tag_len;
	(void)info;
	tfed_event(arg, "remove");
}

/* Child: join, register N_INST instances, tell the parent, then send one
 * ~9 MB class bundle while the parent kills it. */
static void
doomed_publisher(int wfd)
{
	struct tfed *t = tfed_new(&rx);
	rti_object_class_handle cls;
	rti_attribute_handle msg;
	struct rti_bundle_instance *bi;
	struct rti_attribute_value *v;
	static char value[VALUE_SIZE];
	size_t i;

	if (!t || tfed_create_join(t, "F", HELLO, "doomed") != RTI_OK ||
	    rti_get_object_class_handle(t->amb, "Greeter", &cls) != RTI_OK ||
	    rti_get_attribute_handle(t->amb, cls, "Message", &msg) != RTI_OK ||
	    rti_publish_object_class_attributes(t->amb, cls, &msg, 1) !=
	    RTI_OK)
		_exit(1);
	bi = calloc(N_INST, sizeof *bi);
	v = calloc(N_INST, sizeof *v);
	if (!bi || !v)
		_exit(1);
	memset(value, 'x', sizeof value);
	for (i = 0; i < N_INST; i++) {
		if (rti_register_object_instance(t->amb, cls, &bi[i].object) !=
		    RTI_OK)
			_exit(1);
		v[i].attribute = msg;
		v[i].value = value;
		v[i].length = sizeof value;
		bi[i].values = &v[i];
		bi[i].n_values = 1;
	}
	if (write(wfd, "r", 1) != 1)
		_exit(1);
	for (;;)
		rti_update_class_attribute_values(t->amb, cls, bi, N_INST, NULL,
		    0);
}

START_TEST(test_killed_mid_bundle)
{
	struct rti_callbacks cb;
	struct tfed *sub;
	rti_object_class_handle cls;
	rti_attribute_handle msg;
	int pfd[2];
	pid_t pid;
	char ch;

	sub = tfed_new(&rx);
	ck_assert_ptr_nonnull(sub);
	ck_assert_int_eq(rti_disconnect(sub->amb), RTI_OK);
	tfed_callbacks(&cb);
	cb.reflect_attribute_values = on_reflect;
	cb.remove_object_instance = on_remove;
	ck_assert_int_eq(rti_connect(sub->amb, rx.url, &cb, sub), RTI_OK);
	ck_assert_int_eq(tfed_create_join(sub, "F", HELLO, "sub"), RTI_OK);
	ck_assert_int_eq(rti_get_object_class_handle(sub->amb, "Greeter",
	    &cls), RTI_OK);
	ck_assert_int_eq(rti_get_attribute_handle(sub->amb, cls, "Message",
	    &msg), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(sub->amb, cls,
	    &msg, 1), RTI_OK);
	ck_assert_int_eq(pipe(pfd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		doomed_publisher(pfd[1]);
	ck_assert_int_eq(read(pfd[0], &ch, 1), 1);
	/* let the first bundle get under way, then kill mid-stream */
	usleep(2000);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(pfd[0]);
	close(pfd[1]);
	/* The publisher is resigned (its default action deletes its
	 * objects), every instance is removed, and only whole bundles were
	 * ever delivered. */
	ck_assert(tfed_wait_n(sub, "remove", N_INST));
	ck_assert_uint_eq(reflected % N_INST, 0);
	ck_assert(rtiexec_alive(&rx));
	ck_assert_int_eq(rti_register_federation_synchronization_point(
	    sub->amb, "alive", NULL, 0, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(sub, "announce:alive"));
	tfed_free(sub);
}
END_TEST

static int
raw_connect(void)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)rx.port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	return fd;
}

/* hello: len 10, type 1; magic "HRI1", version 3 (WIRE_VERSION), empty
 * key */
static const unsigned char hello[] = { 0, 0, 0, 10, 0, 1, 0, 0,
	0x48, 0x52, 0x49, 0x31, 0, 3, 0, 0, 0, 0 };
/* a frame of an unknown type (0x7777), empty */
static const unsigned char bogus[] = { 0, 0, 0, 0, 0x77, 0x77, 0, 0 };

/* A round trip of `a` through rtiexec: whatever was written to rtiexec
 * on another connection before it has been read by then. */
static void
round_trip(struct tfed *a, const char *label)
{
	char ev[64];

	ck_assert_int_eq(rti_register_federation_synchronization_point(a->amb,
	    label, NULL, 0, NULL, 0), RTI_OK);
	snprintf(ev, sizeof ev, "announce:%s", label);
	ck_assert(tfed_wait(a, ev));
}

/* A time advance request is one-way (rti-protocol(7)): from a connection
 * that has not joined it is a protocol error, answered by no REPLY (a
 * client written from the page waits for none). */
START_TEST(test_advance_unjoined)
{
	static const unsigned char advance[] = { 0, 0, 0, 13, 0x04, 0x04, 0,
		0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0 };
	unsigned char buf[256];
	struct timeval tv = { 5, 0 };
	ssize_t n, got = 0;
	int fd;

	fd = raw_connect();
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	ck_assert_int_eq(write(fd, hello, sizeof hello),
	    (ssize_t)sizeof hello);
	n = read(fd, buf, sizeof buf);
	ck_assert_int_ge(n, 8);
	ck_assert_uint_eq(buf[5], 2); /* HELLO_ACK */
	ck_assert_int_eq(write(fd, advance, sizeof advance),
	    (ssize_t)sizeof advance);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		got += n;
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(got, 0);
	close(fd);
	ck_assert(rtiexec_log_has(&rx, "message needs a joined federate"));
}
END_TEST

START_TEST(test_unknown_type_after_hello)
{
	struct tfed *a = tfed_new(&rx);
	unsigned char buf[256];
	struct timeval tv = { 5, 0 };
	ssize_t n;
	int fd;

	ck_assert_int_eq(tfed_create_join(a, "F", HELLO, "A"), RTI_OK);
	fd = raw_connect();
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	ck_assert_int_eq(write(fd, hello, sizeof hello), (ssize_t)sizeof hello);
	n = read(fd, buf, sizeof buf);
	ck_assert_int_ge(n, 8);
	ck_assert_uint_eq(buf[5], 2); /* HELLO_ACK */
	ck_assert_int_eq(write(fd, bogus, sizeof bogus), (ssize_t)sizeof bogus);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		;
	ck_assert_int_eq(n, 0);
	close(fd);
	ck_assert(rtiexec_log_has(&rx, "unknown message type"));
	round_trip(a, "still");
	tfed_free(a);
}
END_TEST

/* Frames cut anywhere, header included, are put together again: a hello
 * whose last byte comes after rtiexec has read the rest is answered, and a
 * bogus frame whose header comes in two halves is recognised as one. */
START_TEST(test_split_frames)
{
	struct tfed *a = tfed_new(&rx);
	unsigned char buf[256];
	struct timeval tv = { 5, 0 };
	ssize_t n;
	int fd;

	ck_assert_int_eq(tfed_create_join(a, "F", HELLO, "A"), RTI_OK);
	fd = raw_connect();
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	ck_assert_int_eq(write(fd, hello, sizeof hello - 1),
	    (ssize_t)sizeof hello - 1);
	round_trip(a, "one");
	ck_assert_int_eq(write(fd, hello + sizeof hello - 1, 1), 1);
	n = read(fd, buf, sizeof buf);
	ck_assert_int_ge(n, 8);
	ck_assert_uint_eq(buf[5], 2); /* HELLO_ACK */
	ck_assert_int_eq(write(fd, bogus, 4), 4);
	round_trip(a, "two");
	ck_assert_int_eq(write(fd, bogus + 4, 4), 4);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		;
	ck_assert_int_eq(n, 0);
	close(fd);
	ck_assert(rtiexec_log_has(&rx, "unknown message type (type 0x7777"));
	round_trip(a, "three");
	tfed_free(a);
}
END_TEST

START_TEST(test_limits)
{
	struct tfed *a = tfed_new(&rx);
	char *big = malloc(WIRE_MAX_TAG_TEST + 2);
	const char *mods[1] = { HELLO };

	ck_assert_ptr_nonnull(big);
	/* names: 1024 bytes accepted, 1025 refused before anything is sent */
	memset(big, 'n', 1025);
	big[1025] = '\0';
	ck_assert_int_eq(rti_create_federation_execution(a->amb, big, mods, 1,
	    NULL), RTI_ERR_INVALID_ARGUMENT);
	big[1024] = '\0';
	ck_assert_int_eq(rti_create_federation_execution(a->amb, big, mods, 1,
	    NULL), RTI_OK);
	ck_assert_int_eq(rti_join_federation_execution(a->amb, "A", "t", big,
	    NULL), RTI_OK);
	/* tags: 1 MiB accepted, one byte more refused */
	memset(big, 't', WIRE_MAX_TAG_TEST + 1);
	ck_assert_int_eq(rti_register_federation_synchronization_point(a->amb,
	    "big", big, WIRE_MAX_TAG_TEST + 1, NULL, 0),
	    RTI_ERR_INVALID_ARGUMENT);
	ck_assert_int_eq(rti_register_federation_synchronization_point(a->amb,
	    "big", big, WIRE_MAX_TAG_TEST, NULL, 0), RTI_OK);
	ck_assert(tfed_wait(a, "announce:big"));
	free(big);
	tfed_free(a);
}
END_TEST

/* ---- write paths ---- */

#define WP_PUBS 3
#define WP_SUBS 3
#define WP_UPDATES 1000           /* per publisher */
#define WP_SIZE 2000

struct wp_sub {
	size_t got[WP_PUBS], out_of_order, bad_value;
};

/* Values are WP_SIZE bytes: the update's number, the publisher's, then
 * their sum's low byte repeated. */
static void
wp_value(unsigned char *v, uint32_t seq, uint8_t pub)
{
	memcpy(v, &seq, sizeof seq);
	v[sizeof seq] = pub;
	memset(v + sizeof seq + 1, (int)((seq + pub) & 0xff),
	    WP_SIZE - sizeof seq - 1);
}

static void
wp_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	struct wp_sub *s = t->user;
	unsigned char want[WP_SIZE];
	uint32_t seq;
	uint8_t pub;

	(void)obj;
	(void)tag;
	(void)tag_len;
	(void)info;
	if (n != 1 || v[0].length != WP_SIZE ||
	    (pub = ((const uint8_t *)v[0].value)[sizeof seq]) >= WP_PUBS) {
		s->bad_value++;
		return;
	}
	memcpy(&seq, v[0].value, sizeof seq);
	if (seq != s->got[pub])
		s->out_of_order++;
	wp_value(want, seq, pub);
	if (memcmp(want, v[0].value, WP_SIZE) != 0)
		s->bad_value++;
	s->got[pub]++;
}

/* Subscribers that do not read while three publishers send 2 MB each to
 * each of them, interleaved: rtiexec reads the publishers in the same
 * loop turns and frames straddle its reads; the subscribers' sockets
 * fill, rtiexec queues, then they read it all.  Each gets every update
 * once, in each publisher's order, intact; `args` picks the write path,
 * which rtiexec names in its log. */
static void
write_path_delivers(const char *const *args, const char *path_logged)
{
	struct rtiexec r;
	struct rti_callbacks cb;
	struct tfed *p[WP_PUBS], *subs[WP_SUBS];
	struct wp_sub st[WP_SUBS];
	rti_object_class_handle cls;
	rti_attribute_handle msg;
	rti_object_instance_handle obj[WP_PUBS];
	struct rti_attribute_value v;
	static unsigned char value[WP_SIZE];
	double deadline;
	uint32_t seq;
	int i, j, done;

	ck_assert_int_eq(rtiexec_start(&r, args), 0);
	if (!rtiexec_log_has(&r, path_logged) &&
	    rtiexec_log_has(&r, "io_uring unavailable")) {
		fprintf(stderr, "check_faults: io_uring unavailable here; "
		    "only send() is tested\n");
	} else {
		ck_assert(rtiexec_log_has(&r, path_logged));
	}
	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.reflect_attribute_values = wp_reflect;
	memset(st, 0, sizeof st);
	for (j = 0; j < WP_PUBS; j++) {
		char name[16];

		snprintf(name, sizeof name, "pub%d", j);
		p[j] = tfed_join_f(&r, &cb, HELLO, name);
		cls = tfed_oc(p[j], "Greeter");
		msg = tfed_at(p[j], cls, "Message");
		ck_assert_int_eq(rti_publish_object_class_attributes(p[j]->amb,
		    cls, &msg, 1), RTI_OK);
	}
	for (i = 0; i < WP_SUBS; i++) {
		char name[16];

		snprintf(name, sizeof name, "sub%d", i);
		subs[i] = tfed_join_f(&r, &cb, HELLO, name);
		subs[i]->user = &st[i];
		ck_assert_int_eq(rti_subscribe_object_class_attributes(
		    subs[i]->amb, cls, &msg, 1), RTI_OK);
	}
	for (j = 0; j < WP_PUBS; j++)
		ck_assert_int_eq(rti_register_object_instance(p[j]->amb, cls,
		    &obj[j]), RTI_OK);
	for (i = 0; i < WP_SUBS; i++)
		ck_assert(tfed_wait_n(subs[i], "discover", WP_PUBS));
	v.attribute = msg;
	v.value = value;
	v.length = WP_SIZE;
	for (seq = 0; seq < WP_UPDATES; seq++)
		for (j = 0; j < WP_PUBS; j++) {
			wp_value(value, seq, (uint8_t)j);
			ck_assert_int_eq(rti_update_attribute_values(p[j]->amb,
			    obj[j], &v, 1, NULL, 0), RTI_OK);
		}
	for (j = 0; j < WP_PUBS; j++)
		ck_assert_int_eq(rti_flush_updates(p[j]->amb), RTI_OK);
	deadline = tfed_now() + 60;
	do {
		done = 1;
		for (i = 0; i < WP_SUBS; i++) {
			ck_assert_int_eq(rti_evoke_callbacks(subs[i]->amb, 0,
			    0.01, NULL), RTI_OK);
			for (j = 0; j < WP_PUBS; j++)
				done &= st[i].got[j] >= WP_UPDATES;
		}
	} while (!done && tfed_now() < deadline);
	for (i = 0; i < WP_SUBS; i++) {
		tfed_barrier(subs[i]);
		for (j = 0; j < WP_PUBS; j++)
			ck_assert_uint_eq(st[i].got[j], WP_UPDATES);
		ck_assert_uint_eq(st[i].out_of_order, 0);
		ck_assert_uint_eq(st[i].bad_value, 0);
		tfed_free(subs[i]);
	}
	for (j = 0; j < WP_PUBS; j++)
		tfed_free(p[j]);
	ck_assert_int_eq(rtiexec_stop(&r), 0);
}

START_TEST(test_write_paths_deliver_alike)
{
	static const char *const plain[] = { "--no-io-uring", NULL };

	write_path_delivers(NULL, "writing with io_uring");
	write_path_delivers(plain, "writing with send() (--no-io-uring)");
}
END_TEST

static Suite *
faults_suite(void)
{
	Suite *s = suite_create("faults");
	TCase *tc = tcase_create("faults");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_killed_mid_bundle);
	tcase_add_test(tc, test_unknown_type_after_hello);
	tcase_add_test(tc, test_advance_unjoined);
	tcase_add_test(tc, test_split_frames);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_write_paths_deliver_alike);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(faults_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
