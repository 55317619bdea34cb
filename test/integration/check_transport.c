/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_transport.c - transportation types against a real rtiexec: the
 * FOM's <transportation> as the starting type of every attribute and
 * interaction class, the change services per federate and instance, the
 * queries answered by their report callbacks for any federate, the
 * owner's choice following ownership, and the standard's exceptions.
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

#include "testutil.h"
#include "wire.h"

#define FOM TOP_SRCDIR "/test/data/fom/transport.xml"

static struct rtiexec rx;

static void
cb_rat(void *arg, rti_object_instance_handle obj, rti_attribute_handle attr,
    enum rti_transportation type)
{
	struct tfed *t = arg;

	tfed_event(t, "rat:%s:%u:%s", tfed_obj_name(t, obj), attr.id,
	    type == RTI_TRANSPORT_BEST_EFFORT ? "best" : "reliable");
}

static void
cb_rit(void *arg, rti_federate_handle fed, rti_interaction_class_handle cls,
    enum rti_transportation type)
{
	tfed_event(arg, "rit:%u:%s:%s", fed.id, tfed_icls_name(arg, cls),
	    type == RTI_TRANSPORT_BEST_EFFORT ? "best" : "reliable");
}

static void
cb_acquired(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len)
{
	(void)obj;
	(void)attrs;
	(void)tag;
	(void)tag_len;
	tfed_event(arg, "acquired:%zu", n);
}

static struct tfed *
join(const char *name)
{
	struct rti_callbacks cb;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.report_attribute_transportation_type = cb_rat;
	cb.report_interaction_transportation_type = cb_rit;
	cb.attribute_ownership_acquisition_notification = cb_acquired;
	return tfed_join_f(&rx, &cb, FOM, name);
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

/* Query `attr` of `obj` from `t` and wait for the report `want`. */
static void
expect_attr(struct tfed *t, rti_object_instance_handle obj,
    rti_attribute_handle attr, const char *want)
{
	tfed_clear(t);
	ck_assert_int_eq(rti_query_attribute_transportation_type(t->amb, obj,
	    attr), RTI_OK);
	ck_assert(tfed_wait(t, "rat:"));
	ck_assert_str_eq(t->events[tfed_find(t, "rat:")], want);
}

static void
expect_ic(struct tfed *t, rti_federate_handle fed,
    rti_interaction_class_handle cls, const char *want)
{
	tfed_clear(t);
	ck_assert_int_eq(rti_query_interaction_transportation_type(t->amb,
	    fed, cls), RTI_OK);
	ck_assert(tfed_wait(t, "rit:"));
	ck_assert_str_eq(t->events[tfed_find(t, "rit:")], want);
}

START_TEST(test_attribute_types)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_object_class_handle meter = tfed_oc(a, "Meter");
	rti_attribute_handle rd = tfed_at(a, meter, "Reading"),
	    stt = tfed_at(a, meter, "State"), both[2] = { rd, stt };
	rti_object_instance_handle obj;
	char want[64];

	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, meter,
	    both, 2), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(b->amb, meter,
	    both, 2), RTI_OK);
	obj = tfed_register_named(a, "Meter", "m1");
	ck_assert(tfed_wait(b, "discover:m1"));

	/* the FOM's types, seen by the owner and by the subscriber */
	snprintf(want, sizeof want, "rat:m1:%u:best", rd.id);
	expect_attr(a, obj, rd, want);
	expect_attr(b, obj, rd, want);
	snprintf(want, sizeof want, "rat:m1:%u:reliable", stt.id);
	expect_attr(b, obj, stt, want);

	/* the owner changes them: both see it */
	ck_assert_int_eq(rti_change_attribute_transportation_type(a->amb, obj,
	    &rd, 1, RTI_TRANSPORT_RELIABLE), RTI_OK);
	ck_assert_int_eq(rti_change_attribute_transportation_type(a->amb, obj,
	    &stt, 1, RTI_TRANSPORT_BEST_EFFORT), RTI_OK);
	snprintf(want, sizeof want, "rat:m1:%u:reliable", rd.id);
	expect_attr(b, obj, rd, want);
	expect_attr(a, obj, rd, want);
	snprintf(want, sizeof want, "rat:m1:%u:best", stt.id);
	expect_attr(b, obj, stt, want);

	/* exceptions: not owned, not known, not defined, no such type; none
	 * changes anything */
	ck_assert_int_eq(rti_change_attribute_transportation_type(b->amb, obj,
	    &rd, 1, RTI_TRANSPORT_BEST_EFFORT), RTI_ERR_ATTRIBUTE_NOT_OWNED);
	{
		rti_object_instance_handle none = { 9999 };
		rti_attribute_handle bad = { 1 }; /* HLAprivilegeToDelete..,
		                                     of the root: defined */
		rti_attribute_handle undef = { 9999 }, two[2] = { stt, undef };

		ck_assert_int_eq(rti_change_attribute_transportation_type(
		    a->amb, none, &rd, 1, RTI_TRANSPORT_RELIABLE),
		    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN);
		ck_assert_int_eq(rti_query_attribute_transportation_type(
		    b->amb, none, rd), RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN);
		ck_assert_int_eq(rti_query_attribute_transportation_type(
		    b->amb, obj, undef), RTI_ERR_ATTRIBUTE_NOT_DEFINED);
		/* State stays best effort: the set is checked first */
		ck_assert_int_eq(rti_change_attribute_transportation_type(
		    a->amb, obj, two, 2, RTI_TRANSPORT_RELIABLE),
		    RTI_ERR_ATTRIBUTE_NOT_DEFINED);
		ck_assert_int_eq(rti_change_attribute_transportation_type(
		    a->amb, obj, &stt, 1, (enum rti_transportation)7),
		    RTI_ERR_INVALID_TRANSPORTATION_TYPE);
		expect_attr(b, obj, stt, want);
		/* the privilege to delete: defined, the MIM's reliable */
		snprintf(want, sizeof want, "rat:m1:%u:reliable", bad.id);
		expect_attr(b, obj, bad, want);
	}
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* The choice is the owner's: when Reading moves to B, it is sent as B
 * chose, the FOM's type until B chooses. */
START_TEST(test_owner_choice_follows_ownership)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_object_class_handle meter = tfed_oc(a, "Meter");
	rti_attribute_handle rd = tfed_at(a, meter, "Reading");
	rti_object_instance_handle obj;
	char want[64];

	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, meter,
	    &rd, 1), RTI_OK);
	ck_assert_int_eq(rti_publish_object_class_attributes(b->amb, meter,
	    &rd, 1), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(b->amb, meter,
	    &rd, 1), RTI_OK);
	obj = tfed_register_named(a, "Meter", "m2");
	ck_assert(tfed_wait(b, "discover:m2"));
	ck_assert_int_eq(rti_change_attribute_transportation_type(a->amb, obj,
	    &rd, 1, RTI_TRANSPORT_RELIABLE), RTI_OK);
	snprintf(want, sizeof want, "rat:m2:%u:reliable", rd.id);
	expect_attr(b, obj, rd, want);
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    a->amb, obj, &rd, 1), RTI_OK);
	tfed_barrier(a);
	/* unowned: the FOM's */
	snprintf(want, sizeof want, "rat:m2:%u:best", rd.id);
	expect_attr(b, obj, rd, want);
	ck_assert_int_eq(rti_attribute_ownership_acquisition_if_available(
	    b->amb, obj, &rd, 1), RTI_OK);
	ck_assert(tfed_wait(b, "acquired:1"));
	expect_attr(a, obj, rd, want);
	ck_assert_int_eq(rti_change_attribute_transportation_type(b->amb, obj,
	    &rd, 1, RTI_TRANSPORT_RELIABLE), RTI_OK);
	snprintf(want, sizeof want, "rat:m2:%u:reliable", rd.id);
	expect_attr(a, obj, rd, want);
	/* A no longer owns it */
	ck_assert_int_eq(rti_change_attribute_transportation_type(a->amb, obj,
	    &rd, 1, RTI_TRANSPORT_BEST_EFFORT), RTI_ERR_ATTRIBUTE_NOT_OWNED);

	/* B's choice lasts while B knows the instance: after B's local
	 * delete and a new discovery, B owning Reading again sends it as
	 * the FOM says until it chooses anew */
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    b->amb, obj, &rd, 1), RTI_OK);
	ck_assert_int_eq(rti_local_delete_object_instance(b->amb, obj),
	    RTI_OK);
	tfed_barrier(b);
	tfed_clear(a);
	ck_assert_int_eq(rti_attribute_ownership_acquisition_if_available(
	    a->amb, obj, &rd, 1), RTI_OK);
	ck_assert(tfed_wait(a, "acquired:1"));
	{
		struct rti_attribute_value v = { rd, "1", 1 };

		tfed_clear(b);
		ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, &v,
		    1, NULL, 0), RTI_OK);
		ck_assert(tfed_wait(b, "discover:m2"));
	}
	ck_assert_int_eq(rti_unconditional_attribute_ownership_divestiture(
	    a->amb, obj, &rd, 1), RTI_OK);
	tfed_barrier(a);
	tfed_clear(b);
	ck_assert_int_eq(rti_attribute_ownership_acquisition_if_available(
	    b->amb, obj, &rd, 1), RTI_OK);
	ck_assert(tfed_wait(b, "acquired:1"));
	snprintf(want, sizeof want, "rat:m2:%u:best", rd.id);
	expect_attr(a, obj, rd, want);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

START_TEST(test_interaction_types)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_interaction_class_handle sample = tfed_ic(a, "Sample"),
	    command = tfed_ic(a, "Command"), undef = { 9999 };
	rti_federate_handle nobody = { 9999 };
	char want[64];

	ck_assert_int_eq(rti_publish_interaction_class(a->amb, sample),
	    RTI_OK);
	/* the FOM's, for a federate that changed nothing (published or
	 * not) */
	snprintf(want, sizeof want, "rit:%u:Sample:best", a->handle.id);
	expect_ic(b, a->handle, sample, want);
	snprintf(want, sizeof want, "rit:%u:Command:reliable", b->handle.id);
	expect_ic(a, b->handle, command, want);

	ck_assert_int_eq(rti_change_interaction_transportation_type(a->amb,
	    sample, RTI_TRANSPORT_RELIABLE), RTI_OK);
	snprintf(want, sizeof want, "rit:%u:Sample:reliable", a->handle.id);
	expect_ic(b, a->handle, sample, want);
	expect_ic(a, a->handle, sample, want);
	/* per federate: B's is still the FOM's */
	snprintf(want, sizeof want, "rit:%u:Sample:best", b->handle.id);
	expect_ic(a, b->handle, sample, want);

	ck_assert_int_eq(rti_change_interaction_transportation_type(a->amb,
	    command, RTI_TRANSPORT_BEST_EFFORT),
	    RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED);
	ck_assert_int_eq(rti_change_interaction_transportation_type(a->amb,
	    undef, RTI_TRANSPORT_BEST_EFFORT),
	    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED);
	ck_assert_int_eq(rti_change_interaction_transportation_type(a->amb,
	    sample, (enum rti_transportation)2),
	    RTI_ERR_INVALID_TRANSPORTATION_TYPE);
	ck_assert_int_eq(rti_query_interaction_transportation_type(b->amb,
	    a->handle, undef), RTI_ERR_INTERACTION_CLASS_NOT_DEFINED);
	ck_assert_int_eq(rti_query_interaction_transportation_type(b->amb,
	    nobody, sample), RTI_ERR_FEDERATE_HANDLE_NOT_KNOWN);
	/* still reliable after the refused changes */
	snprintf(want, sizeof want, "rit:%u:Sample:reliable", a->handle.id);
	expect_ic(b, a->handle, sample, want);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

START_TEST(test_not_joined)
{
	struct tfed *t = tfed_new(&rx);
	rti_object_instance_handle obj = { 1 };
	rti_attribute_handle attr = { 1 };
	rti_interaction_class_handle cls = { 1 };
	rti_federate_handle fed = { 1 };

	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(rti_change_attribute_transportation_type(t->amb, obj,
	    &attr, 1, RTI_TRANSPORT_RELIABLE),
	    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_query_attribute_transportation_type(t->amb, obj,
	    attr), RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_change_interaction_transportation_type(t->amb,
	    cls, RTI_TRANSPORT_RELIABLE),
	    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	ck_assert_int_eq(rti_query_interaction_transportation_type(t->amb,
	    fed, cls), RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER);
	tfed_free(t);
}
END_TEST

/* A hand-made client: rtiexec checks what librti would have refused
 * before sending, and a malformed message closes the connection. */
static int
raw_connect(void)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)rx.port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	return fd;
}

static void
raw_send(int fd, uint16_t type, const uint8_t *p, size_t n)
{
	uint8_t hdr[8];

	wire_put32(hdr, (uint32_t)n);
	wire_put16(hdr + 4, type);
	wire_put16(hdr + 6, 0);
	ck_assert_int_eq(send(fd, hdr, 8, MSG_NOSIGNAL), 8);
	if (n)
		ck_assert_int_eq(send(fd, p, n, MSG_NOSIGNAL), (ssize_t)n);
}

/* Read exactly n bytes; 1, 0 on EOF, -1 on timeout. */
static int
raw_read(int fd, uint8_t *p, size_t n)
{
	while (n) {
		struct pollfd pf = { fd, POLLIN, 0 };
		ssize_t k;

		if (poll(&pf, 1, (int)(WAIT_S * 1000)) <= 0)
			return -1;
		k = recv(fd, p, n, 0);
		if (k == 0 || (k < 0 && errno == ECONNRESET))
			return 0;
		if (k < 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 1;
}

/* The next frame of `type` (others skipped) into buf: its length, or -1
 * at EOF or timeout. */
static long
raw_expect(int fd, uint16_t type, uint8_t *buf, size_t cap)
{
	uint8_t hdr[8];
	uint32_t len;

	for (;;) {
		if (raw_read(fd, hdr, 8) != 1)
			return -1;
		len = wire_get32(hdr);
		ck_assert_uint_le(len, cap);
		if (raw_read(fd, buf, len) != 1)
			return -1;
		if (wire_get16(hdr + 4) == type)
			return (long)len;
	}
}

static size_t
put_str(uint8_t *p, const char *s)
{
	size_t n = strlen(s) + 1;

	wire_put32(p, (uint32_t)n);
	memcpy(p + 4, s, n);
	return 4 + n;
}

/* The error code of the REPLY to `serial`. */
static uint32_t
raw_reply(int fd, uint32_t serial)
{
	static uint8_t buf[1 << 20];

	ck_assert_int_ge(raw_expect(fd, WIRE_REPLY, buf, sizeof buf), 8);
	ck_assert_uint_eq(wire_get32(buf), serial);
	return wire_get32(buf + 4);
}

START_TEST(test_raw_bad_input)
{
	struct tfed *a = join("A");
	rti_object_class_handle meter = tfed_oc(a, "Meter");
	rti_attribute_handle rd = tfed_at(a, meter, "Reading");
	rti_object_instance_handle obj;
	uint8_t buf[256];
	size_t n;
	int fd = raw_connect();

	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, meter,
	    &rd, 1), RTI_OK);
	obj = tfed_register_named(a, "Meter", "m3");
	wire_put32(buf, WIRE_MAGIC);
	wire_put16(buf + 4, WIRE_VERSION);
	wire_put32(buf + 6, 0);
	raw_send(fd, WIRE_HELLO, buf, 10);
	ck_assert_int_ge(raw_expect(fd, WIRE_HELLO_ACK, buf, sizeof buf), 10);
	wire_put32(buf, 1);
	n = 4;
	n += put_str(buf + n, "F");
	n += put_str(buf + n, "raw");
	n += put_str(buf + n, "raw");
	raw_send(fd, WIRE_JOIN, buf, n);
	ck_assert_uint_eq(raw_reply(fd, 1), RTI_OK);

	/* a type that is not defined */
	wire_put32(buf, 2);
	wire_put32(buf + 4, (uint32_t)obj.id);
	buf[8] = 9;
	wire_put32(buf + 9, 1);
	wire_put32(buf + 13, rd.id);
	raw_send(fd, WIRE_OM_CHANGE_ATTR_TRANSPORT, buf, 17);
	ck_assert_uint_eq(raw_reply(fd, 2),
	    RTI_ERR_INVALID_TRANSPORTATION_TYPE);
	/* an instance it does not know (it never discovered it) */
	wire_put32(buf, 3);
	buf[8] = 1;
	raw_send(fd, WIRE_OM_CHANGE_ATTR_TRANSPORT, buf, 17);
	ck_assert_uint_eq(raw_reply(fd, 3),
	    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN);
	/* an interaction class it does not publish */
	wire_put32(buf, 4);
	wire_put32(buf + 4, tfed_ic(a, "Sample").id);
	buf[8] = 0;
	raw_send(fd, WIRE_OM_CHANGE_IC_TRANSPORT, buf, 9);
	ck_assert_uint_eq(raw_reply(fd, 4),
	    RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED);
	/* a count larger than what follows: a protocol error, closed */
	wire_put32(buf, 5);
	wire_put32(buf + 9, 1000);
	raw_send(fd, WIRE_OM_CHANGE_ATTR_TRANSPORT, buf, 17);
	ck_assert_int_eq(raw_expect(fd, WIRE_REPLY, buf, sizeof buf), -1);
	close(fd);
	ck_assert(rtiexec_log_has(&rx, "malformed message"));
	/* A's choice was never touched */
	{
		char want[64];

		snprintf(want, sizeof want, "rat:m3:%u:best", rd.id);
		expect_attr(a, obj, rd, want);
	}
	tfed_free(a);
}
END_TEST

static Suite *
transport_suite(void)
{
	Suite *s = suite_create("transport");
	TCase *tc = tcase_create("transport");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_attribute_types);
	tcase_add_test(tc, test_owner_choice_follows_ownership);
	tcase_add_test(tc, test_interaction_types);
	tcase_add_test(tc, test_not_joined);
	tcase_add_test(tc, test_raw_bad_input);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(transport_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
