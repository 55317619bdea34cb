/* SPDX-License-Identifier: Apache-2.0 */
/*
 * conn_in.c - a connection's input: reading into the shared buffer,
 * framing, the bounds before the handshake, the HELLO, dispatch through
 * the modules' handler tables, and deferred frames (MSG_DEFER).
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>


#include "budget.h"
#include "conn.h"

/* Log (rate-limited as `r` before the handshake) and close. */
static void
protocol_error_as(struct conn *c, enum srv_rl r, uint16_t type,
    const uint8_t *p, size_t n, const char *what)
{
	char hex[3 * 16 + 1];
	size_t i, k = n < 16 ? n : 16;
	static const char fmt[] = "connection %u (%s): protocol error: %s "
	    "(type 0x%04x, %zu bytes: %s)";

	for (i = 0; i < k; i++)
		snprintf(hex + 3 * i, 4, "%02x ", p[i]);
	hex[3 * k] = '\0';
	c->pub.srv->pub.stats.protocol_errors++;
	if (c->hello_done)
		rti_log(c->pub.srv, LOG_WARN, fmt, c->id, c->peer, what, type,
		    n,
		    hex);
	else
		rl_log(c->pub.srv, r, LOG_WARN, fmt, c->id, c->peer, what, type,
		    n,
		    hex);
	conn_close(c, "protocol error");
}

static void
protocol_error(struct conn *c, uint16_t type, const uint8_t *p, size_t n,
    const char *what)
{
	protocol_error_as(c, RL_BAD_HELLO, type, p, n, what);
}

/* Constant-time comparison of the offered key with the configured one. */
static int
key_matches(const struct rti_config *cfg, const uint8_t *key, uint32_t len)
{
	unsigned diff = (unsigned)(len ^ cfg->auth_key_len);
	size_t i;

	for (i = 0; i < cfg->auth_key_len; i++)
		diff |= (unsigned)(cfg->auth_key[i] ^
		    (i < len ? key[i] : 0));
	return diff == 0;
}

void
send_nak(struct conn *c, int err, const char *msg)
{
	struct wire_buf *b;
	size_t off;

	b = srv_frame(c->pub.srv, WIRE_HELLO_NAK, &off);
	wire_put_u32(b, (uint32_t)err);
	wire_put_str(b, msg);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

static void
handle_hello(struct conn *c, uint16_t type, const uint8_t *p, uint32_t n)
{
	const struct rti_config *cfg = &c->pub.srv->pub.cfg;
	struct wire_rd rd;
	uint32_t magic, klen;
	uint16_t version;
	const uint8_t *key;
	struct wire_buf *b;
	size_t off;

	if (type != WIRE_HELLO) {
		protocol_error(c, type, p, n, "first frame is not a hello");
		return;
	}
	wire_rd_init(&rd, p, n);
	magic = wire_get_u32(&rd);
	version = wire_get_u16(&rd);
	if (rd.err || magic != WIRE_MAGIC) {
		protocol_error(c, type, p, n, "bad hello");
		return;
	}
	if (version != WIRE_VERSION) {
		/* before the rest is decoded: another version's HELLO may
		 * differ there, and is told why it is refused */
		rl_log(c->pub.srv, RL_HELLO_REFUSED, LOG_INFO, "connection %u "
		    "(%s): protocol version %u refused", c->id, c->peer,
		    version);
		send_nak(c, RTI_ERR_CONNECTION_FAILED,
		    "unsupported protocol version");
		conn_close(c, "protocol version mismatch");
		return;
	}
	key = wire_get_blob(&rd, &klen, WIRE_MAX_AUTH_KEY);
	if (rd.err) {
		protocol_error(c, type, p, n, "bad hello");
		return;
	}
	if (!wire_rd_done(&rd)) {
		char why[64];

		snprintf(why, sizeof why, "hello with %zu trailing bytes",
		    wire_rd_left(&rd));
		protocol_error(c, type, p, n, why);
		return;
	}
	if (cfg->auth_key && !key_matches(cfg, key, klen)) {
		rl_log(c->pub.srv, RL_HELLO_REFUSED, LOG_INFO, "connection %u "
		    "(%s): authentication failed", c->id, c->peer);
		send_nak(c, RTI_ERR_AUTHENTICATION_FAILED,
		    "authentication failed");
		conn_close(c, "authentication failed");
		return;
	}
	c->hello_done = 1;
	startup_unlink(c);
	hb_conn_start(c);
	b = srv_frame(c->pub.srv, WIRE_HELLO_ACK, &off);
	wire_put_u32(b, WIRE_MAGIC);
	wire_put_u16(b, WIRE_VERSION);
	wire_put_u32(b, cfg->max_frame);
	wire_put_u32(b, cfg->heartbeat_timeout > 0 ?
	    (uint32_t)(cfg->heartbeat_timeout * 1000.0 + 0.5) : 0);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	udp_conn_start(c);
}

int
server_busy_exempt(uint16_t type)
{
	switch (type) {
	case WIRE_PING:
	case WIRE_HEARTBEAT:
	case WIRE_RESIGN:
	case WIRE_GET_FEDERATE_HANDLE:
	case WIRE_GET_FEDERATE_NAME:
	case WIRE_SAVE_REQUEST:
	case WIRE_SAVE_BEGUN:
	case WIRE_SAVE_COMPLETE:
	case WIRE_SAVE_ABORT:
	case WIRE_SAVE_QUERY:
	case WIRE_SAVE_COLLECTED:
	case WIRE_SAVE_SEEN:
	case WIRE_RESTORE_REQUEST:
	case WIRE_RESTORE_COMPLETE:
	case WIRE_RESTORE_ABORT:
	case WIRE_RESTORE_QUERY:
	case WIRE_DDM_ACK:
	case WIRE_SOURCE_STATS:
	case WIRE_SERVICE_REPORT:
	case WIRE_MOM_STATS:
	case WIRE_MC_JOINED:
		return 1;
	default:
		return 0;
	}
}

/* Refuse a frame of a busy federate: a request's error reply, a one-way
 * message's WIRE_NOTICE. */
static void
refuse_busy(struct conn *c, const struct msg_handler *h, uint32_t serial,
    int err)
{
	const char *why = err == RTI_ERR_SAVE_IN_PROGRESS ?
	    "a federation save is in progress" :
	    "a federation restore is in progress";
	struct wire_buf *b;
	size_t off;

	if (h->request == MSG_REQUEST) {
		conn_reply(c, serial, err, why, NULL, 0);
		return;
	}
	b = srv_frame(c->pub.srv, WIRE_NOTICE, &off);
	wire_put_u32(b, (uint32_t)err);
	wire_put_str(b, why);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

/* Dispatch one frame: 0, or MSG_DEFER when its handler deferred it. */
static int
dispatch(struct conn *c, uint16_t type, const uint8_t *p, uint32_t n)
{
	const struct msg_handler *h = NULL;
	struct wire_rd rd;
	uint32_t serial = 0;
	int rc;

	if (!c->hello_done) {
		handle_hello(c, type, p, n);
		return 0;
	}
	if (WIRE_MODULE_OF(type) < WIRE_MOD_COUNT)
		h = c->pub.srv->dispatch[WIRE_MODULE_OF(type)][type & 0xff];
	if (!h) {
		protocol_error(c, type, p, n, "unknown message type");
		return 0;
	}
	wire_rd_init(&rd, p, n);
	if (h->request) {
		serial = wire_get_u32(&rd);
		if (rd.err) {
			protocol_error(c, type, p, n, "missing serial");
			return 0;
		}
	}
	if (h->needs_join && !c->pub.fed) {
		if (h->request == MSG_REQUEST)
			conn_reply(c, serial,
			    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER, NULL, NULL,
			    0);
		else
			protocol_error(c, type, p, n,
			    "message needs a joined federate");
		return 0;
	}
	/* One branch on the update path: busy is 0 but during a save or
	 * restore.  Frames a federate sent before it knew are refused with
	 * the code its librti gives. */
	if (c->pub.fed && c->pub.fed->busy && !server_busy_exempt(type)) {
		refuse_busy(c, h, serial, c->pub.fed->busy);
		return 0;
	}
	/* One branch while HLAsetServiceReporting is off (mom_service.c) */
	if (c->pub.fed && c->pub.fed->report_services)
		rc = server_dispatch_reported(c, h, serial, &rd, type);
	else
		rc = h->fn(c, serial, &rd);
	if (rc < 0)
		protocol_error(c, type, p, n, "malformed message");
	return rc == MSG_DEFER ? MSG_DEFER : 0;
}

int
conn_dispatch_dgram(struct conn *c, uint16_t type, const uint8_t *p,
    uint32_t n)
{
	struct rti_server *srv = c->pub.srv;
	const struct msg_handler *h;
	struct wire_rd rd;
	int rc;

	h = srv->dispatch[WIRE_MODULE_OF(type)][type & 0xff];
	wire_rd_init(&rd, p, n);
	srv->dispatching = c;
	srv->dispatch_type = type;
	srv->pub.dispatch_be = 1;
	srv->pub.dispatch_dgram = 1;
	if (c->pub.fed && c->pub.fed->report_services)
		rc = server_dispatch_reported(c, h, 0, &rd, type);
	else
		rc = h->fn(c, 0, &rd);
	srv->dispatching = NULL;
	srv->pub.dispatch_be = 0;
	srv->pub.dispatch_dgram = 0;
	return rc < 0 ? -1 : 0;
}

/* Wake `c` deferred: its kept frames are dispatched from the loop. */
static void
conn_wake(struct conn *c)
{
	c->deferred = 0;
	if (c->closing || c->paused)
		return;
	event_add(c->rev, NULL);
	event_active(c->rev, EV_READ, 0);
}

void
server_wake_deferred(struct rti_server *srv)
{
	struct conn *c;

	for (c = srv->conns; c; c = c->next)
		if (c->deferred)
			conn_wake(c);
}

/* The longest frame `c` may send now: RTI_PREAUTH_MAX_FRAME until its
 * HELLO is accepted (and its key checked), then --max-frame. */
static uint32_t
frame_max(const struct conn *c)
{
	return c->hello_done ? c->pub.srv->pub.cfg.max_frame :
	    RTI_PREAUTH_MAX_FRAME;
}

/* Dispatch the complete frames in p[0..n) until `c` closes, pauses or a
 * frame is deferred; returns the bytes consumed. */
static size_t
conn_process(struct conn *c, const uint8_t *p, size_t n)
{
	size_t used = 0;
	uint16_t type, flags;
	uint32_t len;
	int rc;

	while (!c->closing && !c->paused && !c->deferred) {
		uint32_t max = frame_max(c);

		rc = wire_frame_peek(p + used, n - used, max, &type, &flags,
		    &len);
		if (rc == 0)
			break;
		if (rc < 0) {
			char why[96];

			snprintf(why, sizeof why,
			    "frame of %u bytes exceeds the maximum %u%s", len,
			    max, c->hello_done ? "" : " before the handshake");
			protocol_error_as(c, RL_PREAUTH_FRAME, type, p + used,
			    WIRE_HEADER_SIZE, why);
			break;
		}
		if (n - used - WIRE_HEADER_SIZE < (size_t)len)
			break;
		c->pub.srv->dispatching = c;
		c->pub.srv->dispatch_type = type;
		c->pub.srv->pub.dispatch_be = flags & WIRE_FLAG_BEST_EFFORT;
		rc = dispatch(c, type, p + used + WIRE_HEADER_SIZE, len);
		c->pub.srv->dispatching = NULL;
		c->pub.srv->pub.dispatch_be = 0;
		if (rc == MSG_DEFER) {
			/* kept where it is, for conn_wake */
			c->deferred = 1;
			event_del(c->rev);
			break;
		}
		c->frames_in++;
		c->bytes_in += WIRE_HEADER_SIZE + len;
		c->pub.srv->pub.stats.frames_in++;
		c->pub.srv->pub.stats.bytes_in += WIRE_HEADER_SIZE + len;
		used += WIRE_HEADER_SIZE + (size_t)len;
	}
	return used;
}

/* Dispatch what `c` keeps in `in`; drop what was consumed. */
static void
conn_process_kept(struct conn *c)
{
	c->in_off += conn_process(c, c->in.data + c->in_off,
	    c->in.len - c->in_off);
	if (c->in_off == c->in.len) {
		size_t used = c->in.len;

		c->in.len = 0;
		c->in_off = 0;
		buf_trim(&c->in, BUF_KEEP, used, &c->trim_prev[0]);
	}
}

/* The peer closed or the socket failed: 1 when `c` was freed. */
static int
conn_read_failed(struct conn *c, ssize_t n)
{
	if (n < 0 && (errno == EINTR || errno == EAGAIN ||
	    errno == EWOULDBLOCK))
		return 0;
	if (c->pub.fed)
		rti_log(c->pub.srv, LOG_INFO, "connection %u (%s): %s", c->id,
		    c->peer, n == 0 ? "closed by peer" : "socket error");
	if (!c->close_why)
		c->close_why = n == 0 ? "closed by the federate's side "
		    "(end of stream)" : "socket error";
	if (!c->why[0])
		snprintf(c->why, sizeof c->why, "%s", n == 0 ?
		    "connection closed by the federate's side" :
		    "socket error");
	conn_free(c);
	return 1;
}

/*
 * Readable (or resumed).  Frames kept from before go first.  With nothing
 * kept, one recv() into the shared buffer brings many frames, dispatched
 * where they lie; only a trailing partial frame (or the rest, when
 * dispatching paused reading) is copied into `in`.  While `in` holds a
 * partial frame, reads append to it directly.
 */
void
conn_read_cb(evutil_socket_t fd, short what, void *arg)
{
	struct conn *c = arg;
	struct rti_server *srv = c->pub.srv;
	size_t used, room;
	ssize_t n;

	(void)what;
	if (c->in.len > c->in_off) {
		conn_process_kept(c);
		if (c->closing || c->paused || c->deferred)
			return;
	}
	if (c->in.len) {
		size_t have = c->in.len - c->in_off, need = 0, want;
		uint16_t type, flags;
		uint32_t len = 0;

		if (wire_frame_peek(c->in.data + c->in_off, have, frame_max(c),
		    &type, &flags, &len) > 0)
			need = WIRE_HEADER_SIZE + (size_t)len - have;
		if (!c->hello_done) {
			/* before the handshake: the rest of this frame only,
			 * so a startup holds at most RTI_PREAUTH_MAX_FRAME */
			room = need ? need : WIRE_HEADER_SIZE - have;
		} else {
			/* room for what the header still promises, but at
			 * most as much as has arrived (PARTIAL_READ at
			 * least): the buffer grows with the frame, doubling
			 * at most per read, never to a length a peer only
			 * declares */
			room = PARTIAL_READ;
			if (need > room)
				room = need < have ? need :
				    have > room ? have : room;
		}
		/* compacted when the rest of the frame would not fit behind
		 * it, so at the frame's start, while the partial is short */
		if (c->in.cap - c->in.len < (need > room ? need : room) &&
		    c->in_off) {
			memmove(c->in.data, c->in.data + c->in_off, have);
			c->in.len = have;
			c->in_off = 0;
		}
		/* a frame arriving grows the buffer: within the memory
		 * budget (budget.h), or the connection is closed */
		if (c->in.cap - c->in.len < room && room >= PARTIAL_READ &&
		    !budget_room(srv, room)) {
			rti_log(srv, LOG_WARN, "connection %u (%s): a frame of "
			    "%u bytes would pass the memory budget "
			    "(--max-memory); closing", c->id, c->peer, len);
			conn_close(c, "memory budget");
			return;
		}
		if (wire_buf_reserve(&c->in, room) < 0) {
			c->in.oom = 0;
			conn_close(c, "out of memory");
			return;
		}
		want = c->hello_done ? c->in.cap - c->in.len : room;
		n = recv(fd, c->in.data + c->in.len, want, 0);
		if (n <= 0) {
			(void)conn_read_failed(c, n);
			return;
		}
		c->rx_reads++;
		c->rx_at = mono_coarse();
		c->in.len += (size_t)n;
		conn_process_kept(c);
		return;
	}
	n = recv(fd, srv->rbuf, RBUF_SIZE, 0);
	if (n <= 0) {
		(void)conn_read_failed(c, n);
		return;
	}
	c->rx_reads++;
	c->rx_at = mono_coarse();
	used = conn_process(c, srv->rbuf, (size_t)n);
	if (used < (size_t)n && !c->closing) {
		wire_put_raw(&c->in, srv->rbuf + used, (size_t)n - used);
		if (c->in.oom) {
			c->in.oom = 0;
			conn_close(c, "out of memory");
		}
	}
}
