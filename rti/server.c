/*
 * server.c - rtiexec core: listeners, connections, framing, handshake and
 * dispatch through the modules' handler tables.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "server.h"
#include "tcp.h"
#include "uring.h"

const struct module_ops *const server_modules[MOD_COUNT] = {
	[MOD_FEDM] = &fedm_module,
	[MOD_DM] = &dm_module,
	[MOD_OM] = &om_module,
	[MOD_TM] = &tm_module,
	[MOD_OWM] = &owm_module,
	[MOD_DDM] = &ddm_module,
};

static const char *const level_names[] = { "error", "warn", "info",
	"debug" };

static void
vlog(const char *label, const char *fmt, va_list ap)
{
	struct timespec ts;
	struct tm tm;
	char when[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	strftime(when, sizeof when, "%H:%M:%S", &tm);
	fprintf(stderr, "rtiexec %s.%03ld %s: ", when, ts.tv_nsec / 1000000,
	    label);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
rti_log(struct rti_server *srv, int level, const char *fmt, ...)
{
	va_list ap;

	if (level > srv->cfg.log_level)
		return;
	va_start(ap, fmt);
	vlog(level_names[level], fmt, ap);
	va_end(ap);
}

/* A line asked for (SIGUSR1): at every log level, labelled "status". */
static void
status_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
status_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog("status", fmt, ap);
	va_end(ap);
}

/*
 * Connection I/O.  Each connection reads into the server's shared buffer
 * and dispatches every complete frame in place; only an incomplete frame
 * (or what is left while reading is paused) is kept in its own `in`.
 * Output is appended to its own `out` and the connection put on the flush
 * list; once per loop turn flush_cb writes each listed connection with
 * one send().  Only when the socket is full does the connection wait for
 * EV_WRITE, so a frame costs no epoll_ctl and no allocation in steady
 * state, and a burst of frames to one peer leaves in one write.
 */
#define RBUF_SIZE (256u * 1024)
/* An emptied input buffer larger than this is given back; written output
 * is compacted away once past it. */
#define BUF_KEEP (256u * 1024)
/* An emptied output buffer larger than this is given back: the frames of
 * a time step or a reflection fit and stay allocated, while the buffer a
 * join reply or a burst grew does not stay with every idle federate. */
#define OUT_KEEP 1024u
/* Room read at once into a connection's own buffer behind a partial
 * frame (more when the frame needs more).  The partial frame stays where
 * it lies while this much room follows it and is moved to the front only
 * then, so a sender streaming large bundles costs a copy of a partial
 * frame every few reads, not one per read; the buffer then stays at
 * 2 * PARTIAL_READ or so. */
#define PARTIAL_READ (128u * 1024)
/* A frame body at least this large, to a connection with nothing queued,
 * is written at once from the caller's memory (conn_send2), not copied
 * into the queue for the end of the loop turn. */
#define DIRECT_MIN (16u * 1024)

static void conn_free(struct conn *c);

static size_t
out_queued(const struct conn *c)
{
	return c->out.len - c->out_off;
}

static void
buf_trim(struct wire_buf *b, size_t keep)
{
	if (b->cap > keep) {
		wire_buf_free(b);
		wire_buf_init(b);
	}
}

static void
conn_detach_federate(struct conn *c)
{
	struct federate *f = c->fed;

	if (!f)
		return;
	rti_log(c->srv, LOG_INFO,
	    "federate %s (%u) of %s lost its connection; resigning", f->name,
	    f->handle, f->fx->name);
	c->fed = NULL;
	f->conn = NULL;
	fedm_resign(f, f->resign_action);
}

static void
flush_unlink(struct conn *c)
{
	struct rti_server *srv = c->srv;
	struct conn **pp, *prev = NULL;

	if (!c->flush_pending)
		return;
	for (pp = &srv->flush_head; *pp; prev = *pp, pp = &(*pp)->flush_next)
		if (*pp == c) {
			*pp = c->flush_next;
			if (srv->flush_tail == c)
				srv->flush_tail = prev;
			break;
		}
	c->flush_pending = 0;
}

static void
conn_free(struct conn *c)
{
	struct rti_server *srv = c->srv;

	conn_detach_federate(c);
	if (c->congested)
		srv->n_congested--;
	if (c->paused)
		srv->n_paused--;
	if (srv->dispatching == c)
		srv->dispatching = NULL;
	flush_unlink(c);
	if (c->prev)
		c->prev->next = c->next;
	else
		srv->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	event_free(c->rev);
	event_free(c->wev);
	evutil_closesocket(c->fd);
	wire_buf_free(&c->in);
	wire_buf_free(&c->out);
	free(c);
}

/* Free `c` when it is closing, reaped, and its output is written. */
static void
conn_free_if_done(struct conn *c)
{
	if (c->closing && c->reaped && out_queued(c) == 0)
		conn_free(c);
}

void
conn_close(struct conn *c, const char *reason)
{
	if (c->closing)
		return;
	rti_log(c->srv, reason ? LOG_INFO : LOG_DEBUG,
	    "connection %u (%s) closing%s%s", c->id, c->peer,
	    reason ? ": " : "", reason ? reason : "");
	c->closing = 1;
	event_del(c->rev);
	/* Resign and free from the loop, never inside a handler. */
	event_active(c->srv->reap_ev, EV_TIMEOUT, 0);
}

static void
flush_schedule(struct conn *c)
{
	struct rti_server *srv = c->srv;

	if (c->flush_pending || c->writing)
		return;
	c->flush_pending = 1;
	c->flush_next = NULL;
	if (srv->flush_tail)
		srv->flush_tail->flush_next = c;
	else
		srv->flush_head = c;
	srv->flush_tail = c;
	event_active(srv->flush_ev, EV_TIMEOUT, 0);
}

/* Deferred teardown of closing connections: resign their federates, then
 * free each once its queued output is flushed. */
static void
reap_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	struct conn *c;

	(void)fd;
	(void)what;
again:
	for (c = srv->conns; c; c = c->next) {
		if (!c->closing || c->reaped)
			continue;
		c->reaped = 1;
		conn_detach_federate(c);
		if (out_queued(c) == 0) {
			conn_free(c);
			goto again;
		}
		flush_schedule(c);
	}
}

/*
 * Slow-consumer policy.  Each connection's output queue has a soft mark
 * (max_queue / 4) and a hard limit (max_queue):
 *  - above the soft mark the connection is congested: rtiexec stops
 *    reading from the connection whose message it is dispatching (the
 *    publisher feeding it), so TCP paces that publisher to the slow
 *    subscriber; reading resumes when congested queues drain below half
 *    the soft mark;
 *  - a connection congested for longer than slow_timeout seconds, or whose
 *    queue would pass the hard limit, is dropped and its federate resigned
 *    with its resign action; the publishers it held back resume.
 * So rtiexec's memory per connection never exceeds the hard limit and a
 * stuck subscriber holds its publishers back for at most slow_timeout.
 */
static size_t
soft_mark(const struct rti_server *srv)
{
	return srv->cfg.max_queue / 4;
}

/* Empty c's output (all written, or dropped), trim its buffer and stop
 * waiting for EV_WRITE. */
static void
out_clear(struct conn *c)
{
	c->out.len = 0;
	c->out_off = 0;
	buf_trim(&c->out, OUT_KEEP);
	if (c->writing) {
		event_del(c->wev);
		c->writing = 0;
	}
}

static void
conn_drop_slow(struct conn *c, const char *why)
{
	c->srv->stats.slow_consumers_dropped++;
	rti_log(c->srv, LOG_WARN, "connection %u (%s): %s; dropping slow "
	    "consumer with %zu bytes queued", c->id, c->peer, why,
	    out_queued(c));
	out_clear(c);
	conn_close(c, "slow consumer");
}

/* Resume every connection paused for backpressure (they pause again if a
 * queue they feed is still congested). */
static void
resume_paused(struct rti_server *srv)
{
	struct conn *p;

	srv->n_paused = 0;
	for (p = srv->conns; p; p = p->next) {
		if (!p->paused)
			continue;
		p->paused = 0;
		if (p->closing)
			continue;
		event_add(p->rev, NULL);
		/* frames already buffered are processed without new bytes */
		if (p->in.len > p->in_off)
			event_active(p->rev, EV_READ, 0);
	}
}

/* Write as much of c's output as the socket takes; wait for EV_WRITE only
 * when it is full.  Never frees `c`. */
static void
conn_flush(struct conn *c)
{
	size_t left = out_queued(c);
	ssize_t n;

	while (left) {
		n = send(c->fd, c->out.data + c->out_off, left,
		    MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n > 0) {
			c->out_off += (size_t)n;
			left -= (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		/* the peer is gone: what it did not take is lost */
		out_clear(c);
		conn_close(c, "write failed");
		return;
	}
	if (left == 0) {
		out_clear(c);
	} else {
		if (c->out_off > BUF_KEEP && c->out_off > c->out.len / 2) {
			memmove(c->out.data, c->out.data + c->out_off, left);
			c->out.len = left;
			c->out_off = 0;
		}
		if (!c->writing) {
			event_add(c->wev, NULL);
			c->writing = 1;
		}
	}
	if (c->congested && left <= soft_mark(c->srv) / 2) {
		c->congested = 0;
		c->srv->n_congested--;
		if (c->srv->n_paused)
			resume_paused(c->srv);
	}
}

/* Sends per io_uring submission; a longer flush list takes several. */
#define URING_ENTRIES 256

static void
uring_res(void *arg, uint64_t tag, int n)
{
	struct conn *c = (struct conn *)(uintptr_t)tag;

	(void)arg;
	if (n > 0)
		c->out_off += (size_t)n;
}

/*
 * Write the flush list's queued output with one io_uring submission per
 * batch instead of one send() per connection: the writes of a loop turn,
 * a time step's grants to every federate say, wake their readers all at
 * once, before rtiexec can be preempted by the first of them.  Only the
 * out_off of each connection moves; flush_cb's conn_flush then does the
 * bookkeeping and writes what the socket did not take.
 */
static void
flush_batched(struct rti_server *srv)
{
	struct conn *c = srv->flush_head;

	while (c && srv->uring) {
		for (; c && uring_room(srv->uring); c = c->flush_next)
			if (out_queued(c))
				uring_send(srv->uring, c->fd, c->out.data +
				    c->out_off, out_queued(c),
				    (uint64_t)(uintptr_t)c);
		if (uring_flush(srv->uring, uring_res, NULL) < 0) {
			rti_log(srv, LOG_WARN, "io_uring submission failed; "
			    "writing with send() from now on");
			uring_free(srv->uring);
			srv->uring = NULL;
		}
	}
}

static void
flush_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	struct conn *c;

	(void)fd;
	(void)what;
	if (srv->uring && srv->flush_head && srv->flush_head->flush_next)
		flush_batched(srv);
	while ((c = srv->flush_head) != NULL) {
		srv->flush_head = c->flush_next;
		if (!srv->flush_head)
			srv->flush_tail = NULL;
		c->flush_pending = 0;
		conn_flush(c);
		conn_free_if_done(c);
	}
}

static void
conn_write_cb(evutil_socket_t fd, short what, void *arg)
{
	struct conn *c = arg;

	(void)fd;
	(void)what;
	conn_flush(c);
	conn_free_if_done(c);
}

void
conn_write_now(struct conn *c)
{
	/* a closing connection is written, then freed, by the flush list */
	if (!c->closing)
		conn_flush(c);
}

static void
conn_congest(struct conn *c)
{
	struct rti_server *srv = c->srv;
	struct conn *d = srv->dispatching;

	if (!c->congested) {
		c->congested = 1;
		event_base_gettimeofday_cached(srv->base, &c->congested_tv);
		srv->n_congested++;
	}
	if (d && d != c && !d->paused && !d->closing) {
		d->paused = 1;
		srv->n_paused++;
		event_del(d->rev);
	}
}

int
conn_send(struct conn *c, const void *data, size_t len)
{
	return conn_send2(c, data, len, NULL, 0);
}

int
conn_send2(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len)
{
	size_t queued, len = head_len + body_len, sent = 0;

	if (c->closing)
		return -1;
	queued = out_queued(c);
	if (queued + len > c->srv->cfg.max_queue) {
		conn_drop_slow(c, "output queue would pass the hard limit");
		return -1;
	}
	if (queued == 0 && c->out_off) {
		c->out.len = 0;
		c->out_off = 0;
	}
	if (queued == 0 && !c->writing && body_len >= DIRECT_MIN) {
		/* a large body behind an empty queue is written from where
		 * it lies; only what the socket does not take is copied */
		struct iovec iov[2];
		struct msghdr m;
		ssize_t n;

		memset(&m, 0, sizeof m);
		iov[0].iov_base = (void *)(uintptr_t)head;
		iov[0].iov_len = head_len;
		iov[1].iov_base = (void *)(uintptr_t)body;
		iov[1].iov_len = body_len;
		m.msg_iov = iov;
		m.msg_iovlen = 2;
		do
			n = sendmsg(c->fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT);
		while (n < 0 && errno == EINTR);
		if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
			out_clear(c);
			conn_close(c, "write failed");
			return -1;
		}
		sent = n > 0 ? (size_t)n : 0;
	}
	if (sent < head_len)
		wire_put_raw(&c->out, (const uint8_t *)head + sent,
		    head_len - sent);
	if (body_len && sent < len) {
		size_t skip = sent > head_len ? sent - head_len : 0;

		wire_put_raw(&c->out, (const uint8_t *)body + skip,
		    body_len - skip);
	}
	if (c->out.oom) {
		c->out.oom = 0;
		c->out.len = c->out_off + queued;
		conn_close(c, "out of memory");
		return -1;
	}
	if (queued + len - sent > soft_mark(c->srv))
		conn_congest(c);
	c->frames_out++;
	c->bytes_out += len;
	c->srv->stats.frames_out++;
	c->srv->stats.bytes_out += len;
	if (sent < len)
		flush_schedule(c);
	return 0;
}

/* Every 250 ms: drop connections congested for longer than the slow
 * timeout. */
static void
slow_check_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	struct timeval now, age;
	struct conn *c;
	char why[96];
	int dropped = 0;

	(void)fd;
	(void)what;
	if (!srv->n_congested) {
		if (srv->n_paused)
			resume_paused(srv);
		return;
	}
	event_base_gettimeofday_cached(srv->base, &now);
	for (c = srv->conns; c; c = c->next) {
		if (!c->congested || c->closing)
			continue;
		timersub(&now, &c->congested_tv, &age);
		if ((double)age.tv_sec + age.tv_usec / 1e6 >=
		    srv->cfg.slow_timeout) {
			snprintf(why, sizeof why, "output queue above %zu bytes "
			    "for %.1f s", soft_mark(srv), srv->cfg.slow_timeout);
			c->congested = 0;
			srv->n_congested--;
			conn_drop_slow(c, why);
			dropped = 1;
		}
	}
	if (srv->n_paused && (dropped || srv->n_congested == 0))
		resume_paused(srv);
}

int
conn_send_buf(struct conn *c, const struct wire_buf *b)
{
	if (b->oom) {
		conn_close(c, "out of memory building a frame");
		return -1;
	}
	return conn_send(c, b->data, b->len);
}

struct wire_buf *
srv_frame(struct rti_server *srv, uint16_t type, size_t *off)
{
	wire_buf_reset(&srv->scratch);
	*off = wire_frame_begin(&srv->scratch, type);
	return &srv->scratch;
}

int
conn_reply(struct conn *c, uint32_t serial, int err, const char *msg,
    const void *body, size_t body_len)
{
	struct wire_buf *b = &c->srv->reply;
	size_t off;

	/* Own buffer: handlers may be building a body in srv->scratch. */
	wire_buf_reset(b);
	off = wire_frame_begin(b, WIRE_REPLY);
	wire_put_u32(b, serial);
	wire_put_u32(b, (uint32_t)err);
	wire_put_str(b, msg ? msg : (err ? rti_strerror(err) : ""));
	wire_put_raw(b, body, body_len);
	wire_frame_end(b, off);
	return conn_send_buf(c, b);
}

int
conn_replyf(struct conn *c, uint32_t serial, int err, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return conn_reply(c, serial, err, msg, NULL, 0);
}

static void
protocol_error(struct conn *c, uint16_t type, const uint8_t *p, size_t n,
    const char *what)
{
	char hex[3 * 16 + 1];
	size_t i, k = n < 16 ? n : 16;

	for (i = 0; i < k; i++)
		snprintf(hex + 3 * i, 4, "%02x ", p[i]);
	hex[3 * k] = '\0';
	c->srv->stats.protocol_errors++;
	rti_log(c->srv, LOG_WARN,
	    "connection %u (%s): protocol error: %s (type 0x%04x, %zu bytes:"
	    " %s)", c->id, c->peer, what, type, n, hex);
	conn_close(c, "protocol error");
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

static void
send_nak(struct conn *c, int err, const char *msg)
{
	struct wire_buf *b;
	size_t off;

	b = srv_frame(c->srv, WIRE_HELLO_NAK, &off);
	wire_put_u32(b, (uint32_t)err);
	wire_put_str(b, msg);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

static void
handle_hello(struct conn *c, uint16_t type, const uint8_t *p, uint32_t n)
{
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
	key = wire_get_blob(&rd, &klen, WIRE_MAX_AUTH_KEY);
	if (rd.err || magic != WIRE_MAGIC) {
		protocol_error(c, type, p, n, "bad hello");
		return;
	}
	if (version != WIRE_VERSION) {
		send_nak(c, RTI_ERR_CONNECTION_FAILED,
		    "unsupported protocol version");
		conn_close(c, "protocol version mismatch");
		return;
	}
	if (c->srv->cfg.auth_key && !key_matches(&c->srv->cfg, key, klen)) {
		send_nak(c, RTI_ERR_AUTHENTICATION_FAILED,
		    "authentication failed");
		conn_close(c, "authentication failed");
		return;
	}
	c->hello_done = 1;
	b = srv_frame(c->srv, WIRE_HELLO_ACK, &off);
	wire_put_u32(b, WIRE_MAGIC);
	wire_put_u16(b, WIRE_VERSION);
	wire_put_u32(b, c->srv->cfg.max_frame);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

static void
dispatch(struct conn *c, uint16_t type, const uint8_t *p, uint32_t n)
{
	const struct msg_handler *h = NULL;
	struct wire_rd rd;
	uint32_t serial = 0;

	if (!c->hello_done) {
		handle_hello(c, type, p, n);
		return;
	}
	if (WIRE_MODULE_OF(type) < WIRE_MOD_COUNT)
		h = c->srv->dispatch[WIRE_MODULE_OF(type)][type & 0xff];
	if (!h) {
		protocol_error(c, type, p, n, "unknown message type");
		return;
	}
	wire_rd_init(&rd, p, n);
	if (h->request) {
		serial = wire_get_u32(&rd);
		if (rd.err) {
			protocol_error(c, type, p, n, "missing serial");
			return;
		}
	}
	if (h->needs_join && !c->fed) {
		if (h->request == MSG_REQUEST)
			conn_reply(c, serial,
			    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER, NULL, NULL,
			    0);
		else
			protocol_error(c, type, p, n,
			    "message needs a joined federate");
		return;
	}
	if (h->fn(c, serial, &rd) < 0)
		protocol_error(c, type, p, n, "malformed message");
}

/* Dispatch the complete frames in p[0..n) until `c` closes or pauses;
 * returns the bytes consumed. */
static size_t
conn_process(struct conn *c, const uint8_t *p, size_t n)
{
	size_t used = 0;
	uint16_t type, flags;
	uint32_t len;
	int rc;

	while (!c->closing && !c->paused) {
		rc = wire_frame_peek(p + used, n - used, c->srv->cfg.max_frame,
		    &type, &flags, &len);
		if (rc == 0)
			break;
		if (rc < 0) {
			char why[96];

			snprintf(why, sizeof why,
			    "frame of %u bytes exceeds the maximum %u", len,
			    c->srv->cfg.max_frame);
			protocol_error(c, type, p + used, WIRE_HEADER_SIZE,
			    why);
			break;
		}
		if (n - used - WIRE_HEADER_SIZE < (size_t)len)
			break;
		c->frames_in++;
		c->bytes_in += WIRE_HEADER_SIZE + len;
		c->srv->stats.frames_in++;
		c->srv->stats.bytes_in += WIRE_HEADER_SIZE + len;
		c->srv->dispatching = c;
		dispatch(c, type, p + used + WIRE_HEADER_SIZE, len);
		c->srv->dispatching = NULL;
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
		c->in.len = 0;
		c->in_off = 0;
		buf_trim(&c->in, BUF_KEEP);
	}
}

/* The peer closed or the socket failed: 1 when `c` was freed. */
static int
conn_read_failed(struct conn *c, ssize_t n)
{
	if (n < 0 && (errno == EINTR || errno == EAGAIN ||
	    errno == EWOULDBLOCK))
		return 0;
	if (c->fed)
		rti_log(c->srv, LOG_INFO, "connection %u (%s): %s", c->id,
		    c->peer, n == 0 ? "closed by peer" : "socket error");
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
static void
conn_read_cb(evutil_socket_t fd, short what, void *arg)
{
	struct conn *c = arg;
	struct rti_server *srv = c->srv;
	size_t used, room;
	ssize_t n;

	(void)what;
	if (c->in.len > c->in_off) {
		conn_process_kept(c);
		if (c->closing || c->paused)
			return;
	}
	if (c->in.len) {
		size_t have = c->in.len - c->in_off;
		uint16_t type, flags;
		uint32_t len = 0;

		room = PARTIAL_READ;
		if (wire_frame_peek(c->in.data + c->in_off, have,
		    srv->cfg.max_frame, &type, &flags, &len) > 0 &&
		    WIRE_HEADER_SIZE + (size_t)len - have > room)
			room = WIRE_HEADER_SIZE + (size_t)len - have;
		if (c->in.cap - c->in.len < room && c->in_off) {
			memmove(c->in.data, c->in.data + c->in_off, have);
			c->in.len = have;
			c->in_off = 0;
		}
		if (wire_buf_reserve(&c->in, room) < 0) {
			c->in.oom = 0;
			conn_close(c, "out of memory");
			return;
		}
		n = recv(fd, c->in.data + c->in.len, c->in.cap - c->in.len, 0);
		if (n <= 0) {
			(void)conn_read_failed(c, n);
			return;
		}
		c->in.len += (size_t)n;
		conn_process_kept(c);
		return;
	}
	n = recv(fd, srv->rbuf, RBUF_SIZE, 0);
	if (n <= 0) {
		(void)conn_read_failed(c, n);
		return;
	}
	used = conn_process(c, srv->rbuf, (size_t)n);
	if (used < (size_t)n && !c->closing) {
		wire_put_raw(&c->in, srv->rbuf + used, (size_t)n - used);
		if (c->in.oom) {
			c->in.oom = 0;
			conn_close(c, "out of memory");
		}
	}
}

static void
accept_cb(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa,
    int salen, void *arg)
{
	struct rti_server *srv = arg;
	struct conn *c;

	(void)l;
	c = calloc(1, sizeof *c);
	if (!c) {
		evutil_closesocket(fd);
		return;
	}
	c->srv = srv;
	c->fd = fd;
	c->id = ++srv->next_conn_id;
	wire_buf_init(&c->in);
	wire_buf_init(&c->out);
	if (sa->sa_family == AF_INET) {
		struct sockaddr_in *in = (struct sockaddr_in *)sa;
		char a[INET_ADDRSTRLEN];

		inet_ntop(AF_INET, &in->sin_addr, a, sizeof a);
		snprintf(c->peer, sizeof c->peer, "%s:%u", a,
		    ntohs(in->sin_port));
		(void)tcp_tune(fd);
	} else if (sa->sa_family == AF_INET6) {
		struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)sa;
		char a[INET6_ADDRSTRLEN];

		inet_ntop(AF_INET6, &in6->sin6_addr, a, sizeof a);
		snprintf(c->peer, sizeof c->peer, "[%s]:%u", a,
		    ntohs(in6->sin6_port));
		(void)tcp_tune(fd);
	} else {
		snprintf(c->peer, sizeof c->peer, "unix");
	}
	(void)salen;
	evutil_make_socket_nonblocking(fd);
	c->rev = event_new(srv->base, fd, EV_READ | EV_PERSIST, conn_read_cb,
	    c);
	c->wev = event_new(srv->base, fd, EV_WRITE | EV_PERSIST,
	    conn_write_cb, c);
	if (!c->rev || !c->wev || event_add(c->rev, NULL) < 0) {
		if (c->rev)
			event_free(c->rev);
		if (c->wev)
			event_free(c->wev);
		evutil_closesocket(fd);
		free(c);
		return;
	}
	c->next = srv->conns;
	if (srv->conns)
		srv->conns->prev = c;
	srv->conns = c;
	srv->stats.conns_total++;
	rti_log(srv, LOG_DEBUG, "connection %u from %s", c->id, c->peer);
}

static void
listener_error_cb(struct evconnlistener *l, void *arg)
{
	struct rti_server *srv = arg;

	(void)l;
	rti_log(srv, LOG_WARN, "accept: %s", strerror(errno));
}

static void
signal_cb(evutil_socket_t sig, short what, void *arg)
{
	struct rti_server *srv = arg;

	(void)what;
	if (sig == SIGUSR1) {
		status_log("connections=%llu frames_in=%llu frames_out=%llu "
		    "bytes_in=%llu bytes_out=%llu routed=%llu filtered=%llu "
		    "protocol_errors=%llu slow_consumers_dropped=%llu",
		    (unsigned long long)srv->stats.conns_total,
		    (unsigned long long)srv->stats.frames_in,
		    (unsigned long long)srv->stats.frames_out,
		    (unsigned long long)srv->stats.bytes_in,
		    (unsigned long long)srv->stats.bytes_out,
		    (unsigned long long)srv->stats.routed,
		    (unsigned long long)srv->stats.filtered,
		    (unsigned long long)srv->stats.protocol_errors,
		    (unsigned long long)srv->stats.slow_consumers_dropped);
		return;
	}
	rti_log(srv, LOG_INFO, "signal %d: shutting down", (int)sig);
	event_base_loopexit(srv->base, NULL);
}

void
server_list_messages(FILE *out)
{
	static const char *const kind[] = {
		[MSG_ONE_WAY] = "one-way",
		[MSG_REQUEST] = "request",
		[MSG_ONE_WAY_SERIAL] = "one-way-serial",
	};
	const struct msg_handler *h;
	size_t m;

	/* handle_hello takes it, before any table */
	fprintf(out, "0x%04x handshake any core\n", WIRE_HELLO);
	for (m = 0; m < MOD_COUNT; m++)
		for (h = server_modules[m]->handlers; h && h->fn; h++)
			fprintf(out, "0x%04x %s %s %s\n", h->type,
			    kind[h->request], h->needs_join ? "joined" : "any",
			    server_modules[m]->name);
}

static int
build_dispatch(struct rti_server *srv)
{
	size_t m;
	const struct msg_handler *h;

	for (m = 0; m < MOD_COUNT; m++) {
		for (h = server_modules[m]->handlers; h && h->fn; h++) {
			unsigned mod = WIRE_MODULE_OF(h->type);

			if (mod >= WIRE_MOD_COUNT ||
			    srv->dispatch[mod][h->type & 0xff]) {
				rti_log(srv, LOG_ERROR,
				    "duplicate or bad handler 0x%04x", h->type);
				return -1;
			}
			srv->dispatch[mod][h->type & 0xff] = h;
		}
	}
	return 0;
}

static int
listen_tcp(struct rti_server *srv)
{
	struct sockaddr_storage ss;
	socklen_t sslen;
	struct sockaddr_in *in = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
	const char *addr = srv->cfg.bind_addr ? srv->cfg.bind_addr :
	    "127.0.0.1";
	evutil_socket_t fd;

	memset(&ss, 0, sizeof ss);
	if (inet_pton(AF_INET, addr, &in->sin_addr) == 1) {
		in->sin_family = AF_INET;
		in->sin_port = htons((uint16_t)srv->cfg.port);
		sslen = sizeof *in;
	} else if (inet_pton(AF_INET6, addr, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)srv->cfg.port);
		sslen = sizeof *in6;
	} else {
		rti_log(srv, LOG_ERROR, "bad bind address '%s' (want a "
		    "numeric IPv4 or IPv6 address)", addr);
		return -1;
	}
	srv->tcp_listener = evconnlistener_new_bind(srv->base, accept_cb, srv,
	    LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE, 128,
	    (struct sockaddr *)&ss, (int)sslen);
	if (!srv->tcp_listener) {
		rti_log(srv, LOG_ERROR, "cannot listen on %s:%d: %s", addr,
		    srv->cfg.port, strerror(errno));
		return -1;
	}
	evconnlistener_set_error_cb(srv->tcp_listener, listener_error_cb);
	fd = evconnlistener_get_fd(srv->tcp_listener);
	sslen = sizeof ss;
	if (getsockname(fd, (struct sockaddr *)&ss, &sslen) == 0)
		srv->bound_port = ntohs(ss.ss_family == AF_INET ?
		    in->sin_port : in6->sin6_port);
	rti_log(srv, LOG_INFO, "listening on %s port %d", addr,
	    srv->bound_port);
	return 0;
}

static int
listen_unix(struct rti_server *srv)
{
	struct sockaddr_un un;

	memset(&un, 0, sizeof un);
	un.sun_family = AF_UNIX;
	if (strlen(srv->cfg.unix_path) >= sizeof un.sun_path) {
		rti_log(srv, LOG_ERROR, "unix socket path too long: %s",
		    srv->cfg.unix_path);
		return -1;
	}
	strcpy(un.sun_path, srv->cfg.unix_path);
	unlink(srv->cfg.unix_path);
	srv->unix_listener = evconnlistener_new_bind(srv->base, accept_cb,
	    srv, LEV_OPT_CLOSE_ON_FREE, 128, (struct sockaddr *)&un,
	    sizeof un);
	if (!srv->unix_listener) {
		rti_log(srv, LOG_ERROR, "cannot listen on %s: %s",
		    srv->cfg.unix_path, strerror(errno));
		return -1;
	}
	evconnlistener_set_error_cb(srv->unix_listener, listener_error_cb);
	rti_log(srv, LOG_INFO, "listening on unix socket %s",
	    srv->cfg.unix_path);
	return 0;
}

int
server_init(struct rti_server *srv, const struct rti_config *cfg)
{
	memset(srv, 0, sizeof *srv);
	srv->cfg = *cfg;
	if (!srv->cfg.max_frame)
		srv->cfg.max_frame = WIRE_DEFAULT_MAX_FRAME;
	if (!srv->cfg.max_queue)
		srv->cfg.max_queue = RTI_DEFAULT_MAX_QUEUE;
	if (srv->cfg.slow_timeout <= 0)
		srv->cfg.slow_timeout = RTI_DEFAULT_SLOW_TIMEOUT;
	wire_buf_init(&srv->scratch);
	wire_buf_init(&srv->reply);
	if (build_dispatch(srv) < 0)
		return -1;
	srv->base = event_base_new();
	if (!srv->base)
		return -1;
	if (listen_tcp(srv) < 0)
		return -1;
	if (srv->cfg.unix_path && listen_unix(srv) < 0)
		return -1;
	srv->reap_ev = event_new(srv->base, -1, 0, reap_cb, srv);
	srv->slow_ev = event_new(srv->base, -1, EV_PERSIST, slow_check_cb, srv);
	srv->flush_ev = event_new(srv->base, -1, 0, flush_cb, srv);
	if (srv->cfg.no_io_uring) {
		rti_log(srv, LOG_INFO, "writing with send() "
		    "(--no-io-uring)");
	} else if ((srv->uring = uring_init(URING_ENTRIES)) != NULL) {
		rti_log(srv, LOG_INFO, "writing with io_uring, one "
		    "submission per loop turn");
	} else {
		rti_log(srv, LOG_INFO, "io_uring unavailable (%s): writing "
		    "with send()", strerror(errno));
	}
	srv->rbuf = malloc(RBUF_SIZE);
	if (!srv->reap_ev || !srv->slow_ev || !srv->flush_ev || !srv->rbuf)
		return -1;
	{
		struct timeval quarter = { 0, 250000 };

		event_add(srv->slow_ev, &quarter);
	}
	srv->sigint_ev = evsignal_new(srv->base, SIGINT, signal_cb, srv);
	srv->sigterm_ev = evsignal_new(srv->base, SIGTERM, signal_cb, srv);
	srv->sigusr1_ev = evsignal_new(srv->base, SIGUSR1, signal_cb, srv);
	if (!srv->sigint_ev || !srv->sigterm_ev || !srv->sigusr1_ev)
		return -1;
	evsignal_add(srv->sigint_ev, NULL);
	evsignal_add(srv->sigterm_ev, NULL);
	evsignal_add(srv->sigusr1_ev, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (srv->cfg.port_file) {
		FILE *fp = fopen(srv->cfg.port_file, "w");

		if (!fp) {
			rti_log(srv, LOG_ERROR, "cannot write %s: %s",
			    srv->cfg.port_file, strerror(errno));
			return -1;
		}
		fprintf(fp, "%d\n", srv->bound_port);
		fclose(fp);
	}
	return 0;
}

int
server_run(struct rti_server *srv)
{
	return event_base_dispatch(srv->base) < 0 ? -1 : 0;
}

void
server_fini(struct rti_server *srv)
{
	while (srv->conns)
		conn_free(srv->conns);
	fedm_free_all(srv);
	if (srv->tcp_listener)
		evconnlistener_free(srv->tcp_listener);
	if (srv->unix_listener) {
		evconnlistener_free(srv->unix_listener);
		unlink(srv->cfg.unix_path);
	}
	if (srv->reap_ev)
		event_free(srv->reap_ev);
	if (srv->slow_ev)
		event_free(srv->slow_ev);
	if (srv->flush_ev)
		event_free(srv->flush_ev);
	uring_free(srv->uring);
	srv->uring = NULL;
	free(srv->rbuf);
	if (srv->sigint_ev)
		event_free(srv->sigint_ev);
	if (srv->sigterm_ev)
		event_free(srv->sigterm_ev);
	if (srv->sigusr1_ev)
		event_free(srv->sigusr1_ev);
	if (srv->base)
		event_base_free(srv->base);
	wire_buf_free(&srv->scratch);
	wire_buf_free(&srv->reply);
	libevent_global_shutdown();
}
