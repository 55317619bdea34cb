/* SPDX-License-Identifier: Apache-2.0 */
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

static void
cb_grant(void *arg, rti_time t)
{
	tfed_event(arg, "grant:%g", t.f64);
}

static void
cb_regulation(void *arg, rti_time t)
{
	(void)t;
	tfed_event(arg, "regulating");
}

static void
cb_constrained(void *arg, rti_time t)
{
	(void)t;
	tfed_event(arg, "constrained");
}

static const char *auth_key;    /* the key federates join with, or NULL */
static int hport;               /* rtiexec's HTTP port */

static struct tfed *
join(const char *name)
{
	struct rti_callbacks cb;
	struct tfed *t;

	tfed_callbacks(&cb);
	tfed_om_callbacks(&cb, 0);
	cb.reflect_attribute_values = tfed_cb_reflect_values;
	cb.receive_interaction = tfed_cb_interaction_class;
	cb.time_advance_grant = cb_grant;
	cb.time_regulation_enabled = cb_regulation;
	cb.time_constrained_enabled = cb_constrained;
	if (!auth_key)
		return tfed_join_f(&rx, &cb, FOM, name);
	t = calloc(1, sizeof *t);
	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	ck_assert_int_eq(rti_set_auth_key(t->amb, auth_key,
	    strlen(auth_key)), RTI_OK);
	ck_assert_int_eq(rti_connect(t->amb, rx.url, &cb, t), RTI_OK);
	ck_assert_int_eq(tfed_create_join(t, "F", FOM, name), RTI_OK);
	return t;
}


static int
update1(struct tfed *a, rti_object_instance_handle obj,
    rti_attribute_handle at, const char *val)
{
	struct rti_attribute_value v = { at, val, strlen(val) };
	int rc = rti_update_attribute_values(a->amb, obj, &v, 1, NULL, 0);

	return rc == RTI_OK ? rti_flush_updates(a->amb) : rc;
}


static const char *
http_get(const char *path)
{
	return rtiexec_http_get("127.0.0.1", hport, path, auth_key);
}

static uint64_t
metric(const char *name)
{
	return rtiexec_metric("127.0.0.1", hport, name, auth_key);
}

/* ---- a raw client: the offer, datagrams built by hand ---- */

struct raw {
	int tcp, udp;
	uint64_t token;
	uint16_t port;
	uint8_t key[DGRAM_KEY_SIZE];
	int mac;
};

/* Read one frame of `fd` (within WAIT_S): its type, payload in p. */
static uint16_t
read_frame(int fd, uint8_t *p, size_t cap, uint32_t *len)
{
	uint8_t h[8];
	struct timeval tv = { (time_t)WAIT_S, 0 };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	if (recv(fd, h, 8, MSG_WAITALL) != 8)
		return 0;
	*len = wire_get32(h);
	ck_assert_uint_le(*len, cap);
	if (*len && recv(fd, p, *len, MSG_WAITALL) != (ssize_t)*len)
		return 0;
	return wire_get16(h + 4);
}

/* A datagram socket on 127.0.0.1, any port. */
static int
udp_socket(void)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	ck_assert_int_ge(fd, 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	return fd;
}

/* Handshake on a raw TCP connection (with `key`, or none), read the
 * offer; open a datagram socket. */
static void
raw_open(struct raw *r, const char *key)
{
	uint8_t buf[512];
	struct sockaddr_in sa;
	size_t klen = key ? strlen(key) : 0, n;
	uint32_t len;
	uint16_t type;

	memset(r, 0, sizeof *r);
	r->tcp = socket(AF_INET, SOCK_STREAM, 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)rx.port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(r->tcp, (struct sockaddr *)&sa, sizeof sa),
	    0);
	n = 10 + klen;
	wire_put32(buf, (uint32_t)n);
	wire_put16(buf + 4, WIRE_HELLO);
	wire_put16(buf + 6, 0);
	wire_put32(buf + 8, WIRE_MAGIC);
	wire_put16(buf + 12, WIRE_VERSION);
	wire_put32(buf + 14, (uint32_t)klen);
	memcpy(buf + 18, key ? key : "", klen);
	ck_assert_int_eq(write(r->tcp, buf, 8 + n), (ssize_t)(8 + n));
	ck_assert_uint_eq(read_frame(r->tcp, buf, sizeof buf, &len),
	    WIRE_HELLO_ACK);
	type = read_frame(r->tcp, buf, sizeof buf, &len);
	ck_assert_uint_eq(type, WIRE_CB_DGRAM_OFFER);
	ck_assert_uint_eq(len, 13);
	r->token = wire_get64(buf);
	r->port = wire_get16(buf + 8);
	r->mac = buf[12];
	ck_assert_int_eq(r->mac, key != NULL);
	if (key)
		dgram_key((const uint8_t *)key, klen, r->token, r->key);
	r->udp = udp_socket();
}

static void
raw_close(struct raw *r)
{
	close(r->tcp);
	close(r->udp);
}

/* Send from `fd` a datagram with `token`, `seq`, one frame of `type`
 * with payload pl[0..n), sealed with `key` when not NULL. */
static void
send_dgram(int fd, uint16_t port, uint64_t token, uint32_t seq,
    uint16_t type, const void *pl, size_t n, const uint8_t *key)
{
	uint8_t b[2048];
	struct sockaddr_in sa;
	size_t len = DGRAM_HEADER_SIZE + WIRE_HEADER_SIZE + n;

	ck_assert_uint_le(len + DGRAM_MAC_SIZE, sizeof b);
	dgram_put_header(b, token, seq, key ? DGRAM_F_MAC : 0);
	wire_put32(b + DGRAM_HEADER_SIZE, (uint32_t)n);
	wire_put16(b + DGRAM_HEADER_SIZE + 4, type);
	wire_put16(b + DGRAM_HEADER_SIZE + 6, 0);
	memcpy(b + DGRAM_HEADER_SIZE + WIRE_HEADER_SIZE, pl, n);
	if (key)
		len = dgram_seal(b, len, key);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons(port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(sendto(fd, b, len, 0, (struct sockaddr *)&sa,
	    sizeof sa), (ssize_t)len);
}

/* Register r's datagram socket; 1 when rtiexec confirmed it. */
static int
raw_register(struct raw *r, uint32_t seq, const uint8_t *key)
{
	uint8_t buf[64];
	uint32_t len;

	send_dgram(r->udp, r->port, r->token, seq, DGRAM_REGISTER, "", 0,
	    key);
	{
		struct timeval tv = { 0, 500000 };

		setsockopt(r->tcp, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
		if (recv(r->tcp, buf, 8, MSG_WAITALL) != 8)
			return 0;
		len = wire_get32(buf);
		return wire_get16(buf + 4) == WIRE_CB_DGRAM_CONFIRM &&
		    len == 0;
	}
}

/* An OM_UPDATE payload: empty header, class `cls`, one instance `obj`,
 * one attribute `at` of value "x". */
static size_t
update_payload(uint8_t *p, uint32_t cls, uint32_t obj, uint32_t at)
{
	struct wire_buf b;
	size_t n;

	wire_buf_init(&b);
	wire_put_u8(&b, 0);
	wire_put_blob(&b, "", 0);
	wire_put_str(&b, "");
	wire_put_u32(&b, cls);
	wire_put_u32(&b, 1);
	wire_put_u32(&b, obj);
	wire_put_u32(&b, 1);
	wire_put_u32(&b, 4 + 4 + 1);
	wire_put_u32(&b, at);
	wire_put_u32(&b, 1);
	wire_put_raw(&b, "x", 1);
	ck_assert(!b.oom);
	memcpy(p, b.data, b.len);
	n = b.len;
	wire_buf_free(&b);
	return n;
}

/* ---- fixtures ---- */

static void
start(const char *const *extra)
{
	hport = rtiexec_start_http(&rx, extra);
	ck_assert_int_gt(hport, 0);
}

static void
setup(void)
{
	auth_key = NULL;
	start(NULL);
}

static void
setup_udp_off(void)
{
	static const char *const off[] = { "--udp", "off", NULL };

	auth_key = NULL;
	start(off);
}

static void
setup_auth(void)
{
	static char keyfile[256];
	const char *args[3];
	FILE *fp;

	/* rtiexec's directory is made by rtiexec_start: a file of our own */
	snprintf(keyfile, sizeof keyfile, "/tmp/check_besteffort.%d.key",
	    (int)getpid());
	fp = fopen(keyfile, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("lab-lan-key\n", fp);
	fclose(fp);
	args[0] = "--auth-key-file";
	args[1] = keyfile;
	args[2] = NULL;
	auth_key = "lab-lan-key";
	start(args);
	unlink(keyfile);
}

static void
teardown(void)
{
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}

/* ---- the tests ---- */

START_TEST(test_best_effort_by_udp)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	struct rti_transport_stats sa, sb;
	uint64_t frames0, dg_in0, dg_out0;
	char v[32], want[64];
	int i;

	tfed_wait_udp(a);
	tfed_wait_udp(b);
	frames0 = metric("rti_frames_received_total");
	dg_in0 = metric("rti_udp_datagrams_received_total");
	dg_out0 = metric("rti_udp_datagrams_sent_total");
	for (i = 0; i < 50; i++) {
		snprintf(v, sizeof v, "%d", i);
		ck_assert_int_eq(update1(a, obj, rd, v), RTI_OK);
	}
	ck_assert(tfed_wait_n(b, "r:m1:", 50));
	snprintf(want, sizeof want, "r:m1:%u=49", rd.id);
	ck_assert_int_ge(tfed_find(b, want), 0);
	sa = tfed_transport_stats(a);
	sb = tfed_transport_stats(b);
	/* by datagram both ways: each flush sent one */
	ck_assert_uint_ge(sa.datagrams_sent, 50);
	ck_assert_uint_ge(sb.datagrams_received, 1);
	ck_assert_uint_eq(sa.unconfirmed + sa.too_large + sb.unconfirmed +
	    sb.rejected + sb.stale, 0);
	ck_assert_uint_ge(metric("rti_udp_datagrams_received_total") - dg_in0,
	    50);
	ck_assert_uint_ge(metric("rti_udp_datagrams_sent_total") - dg_out0,
	    1);
	/* and not on the stream: 50 updates, a few heartbeats at most */
	ck_assert_uint_lt(metric("rti_frames_received_total") - frames0, 25);
	ck_assert_uint_eq(metric("rti_udp_datagrams_rejected_total") +
	    metric("rti_udp_sent_reliably_unconfirmed_total"), 0);
	/* per federate in the JSON view: both confirmed, A's 50 taken */
	{
		const char *j = http_get("/api/v1/federations/F");

		ck_assert_ptr_nonnull(strstr(j, "\"udp\":{\"confirmed\":true,"
		    "\"datagrams_received\":50,"));
		ck_assert_ptr_null(strstr(j, "\"confirmed\":false"));
	}
	tfed_free(b);
	tfed_free(a);
}
END_TEST

START_TEST(test_interactions_by_udp)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_interaction_class_handle sample = tfed_ic(a, "Sample"),
	    command = tfed_ic(a, "Command");
	uint64_t sent;
	int i;

	ck_assert_int_eq(rti_publish_interaction_class(a->amb, sample),
	    RTI_OK);
	ck_assert_int_eq(rti_publish_interaction_class(a->amb, command),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, sample),
	    RTI_OK);
	ck_assert_int_eq(rti_subscribe_interaction_class(b->amb, command),
	    RTI_OK);
	tfed_wait_udp(a);
	tfed_wait_udp(b);
	sent = tfed_transport_stats(a).datagrams_sent;
	for (i = 0; i < 10; i++) {
		ck_assert_int_eq(rti_send_interaction(a->amb, command, NULL,
		    0, NULL, 0), RTI_OK);
		ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	}
	ck_assert(tfed_wait_n(b, "i:Command", 10));
	ck_assert_uint_eq(tfed_transport_stats(a).datagrams_sent, sent);
	for (i = 0; i < 10; i++) {
		ck_assert_int_eq(rti_send_interaction(a->amb, sample, NULL,
		    0, NULL, 0), RTI_OK);
		ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	}
	ck_assert(tfed_wait_n(b, "i:Sample", 10));
	ck_assert_uint_ge(tfed_transport_stats(a).datagrams_sent, sent + 10);
	ck_assert_uint_ge(tfed_transport_stats(b).datagrams_received, 1);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* Reading (best effort) and State (reliable) in one call: two
 * reflections, one by datagram, one on the stream, every value. */
START_TEST(test_mixed_update_split)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	struct rti_attribute_value v[2] = { { rd, "r7", 2 },
		{ stt, "s7", 2 } };
	uint64_t sent, got;
	char w1[64], w2[64];

	tfed_wait_udp(a);
	tfed_wait_udp(b);
	sent = tfed_transport_stats(a).datagrams_sent;
	got = tfed_transport_stats(b).datagrams_received;
	ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, v, 2, NULL,
	    0), RTI_OK);
	ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	ck_assert(tfed_wait_n(b, "r:m1:", 2));
	snprintf(w1, sizeof w1, "r:m1:%u=r7", rd.id);
	snprintf(w2, sizeof w2, "r:m1:%u=s7", stt.id);
	ck_assert_int_ge(tfed_find(b, w1), 0);
	ck_assert_int_ge(tfed_find(b, w2), 0);
	ck_assert_uint_eq(tfed_count(b, "r:m1:"), 2);
	ck_assert_uint_eq(tfed_transport_stats(a).datagrams_sent, sent + 1);
	ck_assert_uint_eq(tfed_transport_stats(b).datagrams_received, got + 1);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* A changed transportation type moves the attribute's traffic. */
START_TEST(test_changed_type_moves_traffic)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	uint64_t sent;
	int i;

	tfed_wait_udp(a);
	tfed_wait_udp(b);
	ck_assert_int_eq(rti_change_attribute_transportation_type(a->amb, obj,
	    &rd, 1, RTI_TRANSPORT_RELIABLE), RTI_OK);
	ck_assert_int_eq(rti_change_attribute_transportation_type(a->amb, obj,
	    &stt, 1, RTI_TRANSPORT_BEST_EFFORT), RTI_OK);
	sent = tfed_transport_stats(a).datagrams_sent;
	for (i = 0; i < 20; i++)
		ck_assert_int_eq(update1(a, obj, rd, "r"), RTI_OK);
	ck_assert(tfed_wait_n(b, "r:m1:", 20));
	ck_assert_uint_eq(tfed_transport_stats(a).datagrams_sent, sent);
	for (i = 0; i < 20; i++)
		ck_assert_int_eq(update1(a, obj, stt, "s"), RTI_OK);
	ck_assert(tfed_wait_n(b, "r:m1:", 40));
	ck_assert_uint_eq(tfed_transport_stats(a).datagrams_sent, sent + 20);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* A best-effort message larger than a datagram travels on the stream,
 * counted at both ends. */
START_TEST(test_too_large_goes_on_the_stream)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	static char big[4001];
	uint64_t tl0;

	tfed_wait_udp(a);
	tfed_wait_udp(b);
	memset(big, 'b', sizeof big - 1);
	tl0 = metric("rti_udp_sent_reliably_too_large_total");
	ck_assert_int_eq(update1(a, obj, rd, big), RTI_OK);
	ck_assert(tfed_wait(b, "r:m1:"));
	ck_assert_uint_eq(tfed_transport_stats(a).too_large, 1);
	/* rtiexec forwarded it on B's stream too */
	ck_assert_uint_eq(metric("rti_udp_sent_reliably_too_large_total") -
	    tl0, 1);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

START_TEST(test_udp_off_keeps_the_stream)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	struct rti_transport_stats sa, sb;
	int i;

	for (i = 0; i < 20; i++)
		ck_assert_int_eq(update1(a, obj, rd, "r"), RTI_OK);
	ck_assert(tfed_wait_n(b, "r:m1:", 20));
	sa = tfed_transport_stats(a);
	sb = tfed_transport_stats(b);
	ck_assert_int_eq(sa.udp, 0);
	ck_assert_int_eq(sb.udp, 0);
	ck_assert_uint_eq(sa.datagrams_sent + sb.datagrams_received, 0);
	ck_assert_uint_eq(sa.unconfirmed, 20);
	ck_assert(rtiexec_log_has(&rx, "(--udp off)"));
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* Datagrams from sockets that did not register deliver nothing and are
 * counted: bytes with a made-up header, the format with guessed tokens,
 * the right token from another port than the registered one, a guessed
 * token from the registered one, and the right one from there before a
 * join.  None of the refused ones moves the connection's sequence number
 * (the last one, numbered 2, is not stale). */
START_TEST(test_unregistered_sockets_rejected)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	uint8_t junk[40], pl[256];
	struct raw r;
	uint64_t rej0, stale0;
	size_t n, i;
	int other;

	tfed_wait_udp(b);
	n = update_payload(pl, tfed_oc(a, "Meter").id, obj.id, rd.id);
	rej0 = metric("rti_udp_datagrams_rejected_total");
	stale0 = metric("rti_udp_datagrams_stale_total");
	other = udp_socket();
	for (i = 0; i < sizeof junk; i++)
		junk[i] = (uint8_t)(i * 37 + 11);
	{
		struct sockaddr_in sa;

		memset(&sa, 0, sizeof sa);
		sa.sin_family = AF_INET;
		sa.sin_port = htons((uint16_t)rx.port);
		sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		ck_assert_int_eq(sendto(other, junk, sizeof junk, 0,
		    (struct sockaddr *)&sa, sizeof sa), (ssize_t)sizeof junk);
	}
	send_dgram(other, (uint16_t)rx.port, 1, 100, WIRE_OM_UPDATE, pl, n,
	    NULL);
	send_dgram(other, (uint16_t)rx.port, 0x0123456789abcdefull, 100,
	    WIRE_OM_UPDATE, pl, n, NULL);
	raw_open(&r, NULL);
	ck_assert_uint_eq(r.port, (uint16_t)rx.port);
	ck_assert(raw_register(&r, 1, NULL));
	send_dgram(other, r.port, r.token, 200, WIRE_OM_UPDATE, pl, n, NULL);
	send_dgram(r.udp, r.port, r.token ^ 1, 300, WIRE_OM_UPDATE, pl, n,
	    NULL);
	send_dgram(r.udp, r.port, r.token, 2, WIRE_OM_UPDATE, pl, n, NULL);
	tfed_pump(b, 0.3);
	ck_assert_int_lt(tfed_find(b, "r:"), 0);
	ck_assert_uint_eq(metric("rti_udp_datagrams_rejected_total") - rej0,
	    6);
	ck_assert_uint_eq(metric("rti_udp_datagrams_stale_total") - stale0, 0);
	ck_assert(rtiexec_log_has(&rx, "datagram from 127.0.0.1:"));
	raw_close(&r);
	close(other);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* A datagram replayed, or older than one taken, is dropped as stale. */
START_TEST(test_replayed_datagram_stale)
{
	uint8_t pl[256];
	struct raw r;
	uint64_t stale0, rej0;
	size_t n = update_payload(pl, 1, 1, 1);

	raw_open(&r, NULL);
	ck_assert(raw_register(&r, 10, NULL));
	stale0 = metric("rti_udp_datagrams_stale_total");
	rej0 = metric("rti_udp_datagrams_rejected_total");
	send_dgram(r.udp, r.port, r.token, 11, WIRE_OM_UPDATE, pl, n, NULL);
	send_dgram(r.udp, r.port, r.token, 11, WIRE_OM_UPDATE, pl, n, NULL);
	send_dgram(r.udp, r.port, r.token, 7, WIRE_OM_UPDATE, pl, n, NULL);
	send_dgram(r.udp, r.port, r.token, 12, WIRE_OM_UPDATE, pl, n, NULL);
	usleep(200000);
	ck_assert_uint_eq(metric("rti_udp_datagrams_stale_total") - stale0,
	    2);
	/* 11 and 12 were newer: taken, then refused (not joined) */
	ck_assert_uint_eq(metric("rti_udp_datagrams_rejected_total") - rej0,
	    2);
	raw_close(&r);
}
END_TEST

/* With --auth-key-file: a registration with a wrong MAC, or none, is
 * refused; the right one is confirmed; federates with the key send
 * best effort by datagram. */
START_TEST(test_auth_mac)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	uint8_t wrong[DGRAM_KEY_SIZE];
	struct raw r;
	uint64_t rej0;
	int i;

	tfed_wait_udp(a);
	tfed_wait_udp(b);
	for (i = 0; i < 10; i++)
		ck_assert_int_eq(update1(a, obj, rd, "r"), RTI_OK);
	ck_assert(tfed_wait_n(b, "r:m1:", 10));
	ck_assert_uint_ge(tfed_transport_stats(a).datagrams_sent, 10);
	ck_assert_uint_ge(tfed_transport_stats(b).datagrams_received, 1);

	raw_open(&r, auth_key);
	dgram_key((const uint8_t *)"lab-lan-kez", 11, r.token, wrong);
	rej0 = metric("rti_udp_datagrams_rejected_total");
	ck_assert(!raw_register(&r, 1, wrong));
	ck_assert(!raw_register(&r, 2, NULL));
	ck_assert_uint_eq(metric("rti_udp_datagrams_rejected_total") - rej0,
	    2);
	ck_assert(raw_register(&r, 3, r.key));
	raw_close(&r);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* A subscriber that never reads: rtiexec queues nothing for it (its
 * datagrams are lost in its full socket), its RSS stays put, and
 * another federate's round trips go on: every one of them is answered
 * (a loop stuck on the subscriber would answer none: the test's timeout
 * ends it; how long they took is printed, not judged). */
START_TEST(test_stalled_subscriber_stalls_nobody)
{
	struct tfed *a = join("A"), *b = join("B"), *c = join("C");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	rti_object_class_handle m = tfed_oc(c, "Meter");
	static char val[1001];
	struct rti_attribute_value v = { rd, val, sizeof val - 1 };
	rti_federate_handle h;
	long rss0, rss1;
	double worst = 0, t0;
	int i;

	ck_assert_int_eq(rti_subscribe_object_class_attributes(c->amb, m, &rd,
	    1), RTI_OK);
	ck_assert(tfed_wait(c, "discover:m1"));
	tfed_wait_udp(a);
	tfed_wait_udp(c);
	memset(val, 'v', sizeof val - 1);
	rss0 = rtiexec_status_kb(&rx, "VmRSS");
	/* 60 MB for C, which reads nothing more: over TCP it would stay
	 * queued in rtiexec (up to --max-queue) */
	for (i = 0; i < 60000; i++) {
		ck_assert_int_eq(rti_update_attribute_values(a->amb, obj, &v,
		    1, NULL, 0), RTI_OK);
		if (i % 200 == 0) {
			ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
			t0 = tfed_now();
			ck_assert_int_eq(rti_get_federate_handle(b->amb,
			    "nobody", &h), RTI_ERR_NAME_NOT_FOUND);
			if (tfed_now() - t0 > worst)
				worst = tfed_now() - t0;
			ck_assert_int_eq(rti_evoke_callbacks(b->amb, 0, 0,
			    NULL), RTI_OK);
		}
	}
	ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
	rss1 = rtiexec_status_kb(&rx, "VmRSS");
	ck_assert_int_gt(rss0, 0);
	ck_assert_msg(rss1 - rss0 < 16 * 1024, "rtiexec grew from %ld to "
	    "%ld kB", rss0, rss1);
	fprintf(stderr, "stalled subscriber: 300 round trips answered, the "
	    "slowest in %.3f s\n", worst);
	ck_assert(rtiexec_alive(&rx));
	tfed_free(c);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* Best effort in timestamp order: what B gets comes in timestamp order,
 * never after a grant past its time; what it does not get was dropped
 * as late (by B or by rtiexec) or is still held. */
START_TEST(test_tso_in_order_or_late)
{
	struct tfed *a = join("A"), *b = join("B");
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj = tfed_meter(a, b, "m1", &rd, &stt);
	struct rti_attribute_value v = { rd, "t", 1 };
	double last = -1, granted = 0;
	size_t i, got = 0;
	const int N = 40;
	int k;
	char g[32];

	ck_assert_int_eq(rti_change_attribute_order_type(a->amb, obj, &rd, 1,
	    RTI_ORDER_TIMESTAMP), RTI_OK);
	ck_assert_int_eq(rti_enable_time_regulation(a->amb,
	    rti_time_f64(1.0)), RTI_OK);
	ck_assert(tfed_wait(a, "regulating"));
	ck_assert_int_eq(rti_enable_time_constrained(b->amb), RTI_OK);
	ck_assert(tfed_wait(b, "constrained"));
	tfed_wait_udp(a);
	tfed_wait_udp(b);
	tfed_clear(b);
	for (k = 1; k <= N; k++) {
		/* two per step, the later time first: TM puts them in
		 * order */
		ck_assert_int_eq(rti_update_attribute_values_at(a->amb, obj,
		    &v, 1, NULL, 0, rti_time_f64(k + 2.5), NULL), RTI_OK);
		ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
		ck_assert_int_eq(rti_update_attribute_values_at(a->amb, obj,
		    &v, 1, NULL, 0, rti_time_f64(k + 1.5), NULL), RTI_OK);
		ck_assert_int_eq(rti_flush_updates(a->amb), RTI_OK);
		ck_assert_int_eq(rti_time_advance_request(a->amb,
		    rti_time_f64(k)), RTI_OK);
		ck_assert_int_eq(rti_time_advance_request(b->amb,
		    rti_time_f64(k)), RTI_OK);
		snprintf(g, sizeof g, "grant:%d", k);
		ck_assert(tfed_wait(a, g));
		ck_assert(tfed_wait(b, g));
	}
	for (i = 0; i < b->n_events; i++) {
		const char *e = b->events[i];

		if (strncmp(e, "grant:", 6) == 0) {
			granted = atof(e + 6);
		} else if (strncmp(e, "r:m1@", 5) == 0) {
			double t = atof(e + 5);

			ck_assert_msg(t >= last, "%s after %g", e, last);
			ck_assert_msg(t > granted, "%s after grant %g", e,
			    granted);
			last = t;
			got++;
		}
	}
	/* due by the grant of N: k + 1.5 of steps 1..N-2, k + 2.5 of steps
	 * 1..N-3; the rest is still held */
	ck_assert_uint_eq(got + tfed_transport_stats(b).late +
	    metric("rti_udp_datagrams_rejected_total"), (size_t)(2 * N - 5));
	ck_assert_uint_gt(got, 0);
	tfed_free(b);
	tfed_free(a);
}
END_TEST

/* The UDP port of the TCP port's number is taken: rtiexec binds another,
 * logs it, offers it, and best effort goes there. */
START_TEST(test_udp_port_taken)
{
	struct sockaddr_in sa;
	socklen_t len = sizeof sa;
	const char *args[5];
	char port[16];
	struct tfed *a, *b;
	rti_attribute_handle rd, stt;
	rti_object_instance_handle obj;
	struct raw r;
	int hold = -1, i, t;

	/* a port free for TCP (bound, then closed), held for UDP */
	for (i = 0; i < 20 && hold < 0; i++) {
		t = socket(AF_INET, SOCK_STREAM, 0);
		memset(&sa, 0, sizeof sa);
		sa.sin_family = AF_INET;
		sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		len = sizeof sa;
		ck_assert_int_eq(bind(t, (struct sockaddr *)&sa, sizeof sa), 0);
		ck_assert_int_eq(getsockname(t, (struct sockaddr *)&sa, &len),
		    0);
		close(t);
		hold = socket(AF_INET, SOCK_DGRAM, 0);
		if (bind(hold, (struct sockaddr *)&sa, sizeof sa) < 0) {
			close(hold);
			hold = -1;
		}
	}
	ck_assert_int_ge(hold, 0);
	snprintf(port, sizeof port, "%u", ntohs(sa.sin_port));
	args[0] = "--port";
	args[1] = port;
	args[2] = NULL;
	auth_key = NULL;
	start(args);
	ck_assert_int_eq(rx.port, ntohs(sa.sin_port));
	ck_assert(rtiexec_log_has(&rx, "datagrams on UDP port"));
	raw_open(&r, NULL);
	ck_assert_uint_ne(r.port, (uint16_t)rx.port);
	raw_close(&r);
	a = join("A");
	b = join("B");
	obj = tfed_meter(a, b, "m1", &rd, &stt);
	tfed_wait_udp(a);
	tfed_wait_udp(b);
	for (i = 0; i < 10; i++)
		ck_assert_int_eq(update1(a, obj, rd, "r"), RTI_OK);
	ck_assert(tfed_wait_n(b, "r:m1:", 10));
	ck_assert_uint_ge(tfed_transport_stats(b).datagrams_received, 1);
	tfed_free(b);
	tfed_free(a);
	close(hold);
	ck_assert_int_eq(rtiexec_stop(&rx), 0);
}
END_TEST

static Suite *
besteffort_suite(void)
{
	Suite *s = suite_create("besteffort");
	TCase *tc = tcase_create("loopback");
	TCase *off = tcase_create("udp_off");
	TCase *auth = tcase_create("auth");
	TCase *port = tcase_create("port_taken");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_best_effort_by_udp);
	tcase_add_test(tc, test_interactions_by_udp);
	tcase_add_test(tc, test_mixed_update_split);
	tcase_add_test(tc, test_changed_type_moves_traffic);
	tcase_add_test(tc, test_too_large_goes_on_the_stream);
	tcase_add_test(tc, test_unregistered_sockets_rejected);
	tcase_add_test(tc, test_replayed_datagram_stale);
	tcase_add_test(tc, test_stalled_subscriber_stalls_nobody);
	tcase_add_test(tc, test_tso_in_order_or_late);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(off, setup_udp_off, teardown);
	tcase_set_timeout(off, 60);
	tcase_add_test(off, test_udp_off_keeps_the_stream);
	suite_add_tcase(s, off);
	tcase_add_checked_fixture(auth, setup_auth, teardown);
	tcase_set_timeout(auth, 60);
	tcase_add_test(auth, test_auth_mac);
	suite_add_tcase(s, auth);
	tcase_set_timeout(port, 60);
	tcase_add_test(port, test_udp_port_taken);
	suite_add_tcase(s, port);
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
