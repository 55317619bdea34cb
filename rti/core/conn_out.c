/* SPDX-License-Identifier: Apache-2.0 */
/*
 * conn_out.c - a connection's output and its end: the output queue and
 * the flush list written once per loop turn (io_uring batches or send()),
 * direct writes of large bodies, the output budgets and the slow-consumer
 * policy, replies, and closing (a closing connection is freed from the
 * loop once its federate resigned and its output is written).
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


#include "conn.h"
#include "events.h"
#include "tcp.h"
#include "uring.h"

static void total_check(struct rti_server *srv);

/* Take `c` off the startup list (its HELLO was accepted, or it closes). */
void
startup_unlink(struct conn *c)
{
	struct rti_server *srv = c->pub.srv;

	if (!c->startup)
		return;
	if (c->st_prev)
		c->st_prev->st_next = c->st_next;
	else
		srv->st_head = c->st_next;
	if (c->st_next)
		c->st_next->st_prev = c->st_prev;
	else
		srv->st_tail = c->st_prev;
	c->st_next = c->st_prev = NULL;
	c->startup = 0;
	srv->n_startups--;
}

static size_t
out_queued(const struct conn *c)
{
	return c->out.len - c->out_off;
}

void
buf_trim(struct wire_buf *b, size_t keep, size_t used, size_t *prev)
{
	int steady = used > keep && *prev > keep && used >= b->cap / 4;

	*prev = used;
	if (b->cap > keep && !steady) {
		wire_buf_free(b);
		wire_buf_init(b);
	}
}

static void
conn_detach_federate(struct conn *c)
{
	struct federate *f = c->pub.fed;

	if (!f)
		return;
	rti_log(c->pub.srv, LOG_INFO,
	    "federate %s (%u) of %s lost its connection; resigning", f->name,
	    f->handle, f->fx->name);
	events_leaving(f, EV_WHY_CONNECTION_LOST, c->close_why ?
	    c->close_why : "closed by the federate's side");
	c->pub.fed = NULL;
	f->conn = NULL;
	f->lost = c->why[0] ? c->why : "connection lost";
	server_resign(f, f->resign_action);
}

static void
flush_unlink(struct conn *c)
{
	struct rti_server *srv = c->pub.srv;
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

void
conn_free(struct conn *c)
{
	struct rti_server *srv = c->pub.srv;
	int m;

	conn_detach_federate(c);
	startup_unlink(c);
	srv->n_conns--;
	if (c->paused)
		srv->n_paused--;
	srv->out_total -= out_queued(c);
	if (srv->dispatching == c)
		srv->dispatching = NULL;
	flush_unlink(c);
	if (c->prev)
		c->prev->next = c->next;
	else
		srv->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	for (m = 0; m < MOD_COUNT; m++)
		if (server_modules[m]->conn_gone)
			server_modules[m]->conn_gone(c);
	udp_conn_free(c);
	event_free(c->rev);
	event_free(c->wev);
	evutil_closesocket(c->fd);
	wire_buf_free(&c->in);
	wire_buf_free(&c->out);
	wire_buf_free(&c->held);
	free(c);
	total_check(srv);
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
	if (reason && !c->why[0])
		snprintf(c->why, sizeof c->why, "%s", reason);
	/* before the handshake the reason was logged rate-limited */
	rti_log(c->pub.srv, reason && c->hello_done ? LOG_INFO : LOG_DEBUG,
	    "connection %u (%s) closing%s%s", c->id, c->peer,
	    reason ? ": " : "", reason ? reason : "");
	c->closing = 1;
	c->close_why = reason;
	startup_unlink(c);
	event_del(c->rev);
	/* Resign and free from the loop, never inside a handler. */
	event_active(c->pub.srv->reap_ev, EV_TIMEOUT, 0);
}

static void
flush_schedule(struct conn *c)
{
	struct rti_server *srv = c->pub.srv;

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
void
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
 * Slow-consumer policy.  Memory decides, not the pace of the slowest
 * consumer:
 *  - each connection's output queue may grow up to its own budget,
 *    max_queue.  A connection whose queue would pass it is dropped: its
 *    output discarded, the connection closed, its federate resigned with
 *    its resign action.  Nobody waits for it before that;
 *  - out_total, the sum of every queue, has a budget of its own,
 *    max_total_queue.  While the sum is past it, rtiexec stops reading
 *    from each connection whose message adds output (the one being
 *    dispatched: a publisher), so TCP holds the publishers back.  They
 *    resume when the sum is back at 3/4 of the budget (out_resume);
 *  - when publishers have been held back for slow_timeout seconds, the
 *    connection with the largest queue is dropped as above, and they
 *    resume.
 * So the queues hold at most max_total_queue, plus the output of one
 * message from each connection that sends while they are past it and
 * what a teardown no message caused sends; a stalled consumer costs the
 * others nothing until then; and one that stalls for a while (a debugger)
 * within its budget gets everything, in order, when it reads again.
 * out_total follows the bytes as they enter (conn_send2) and leave
 * (conn_flush, uring_res, out_clear, conn_free): nothing loops over the
 * connections on the way of a message.
 */

/* Resume every connection held back (they are held again if the total
 * passes the budget again). */
static void
resume_paused(struct rti_server *srv)
{
	struct timeval now, held;
	struct conn *p;

	event_base_gettimeofday_cached(srv->pub.base, &now);
	timersub(&now, &srv->held_tv, &held);
	rti_log(srv, LOG_DEBUG, "%u publishers resume after %ld.%03ld s held "
	    "back; %zu bytes queued", srv->n_paused, (long)held.tv_sec,
	    (long)held.tv_usec / 1000, srv->out_total);
	srv->n_paused = 0;
	for (p = srv->conns; p; p = p->next) {
		if (!p->paused)
			continue;
		p->paused = 0;
		if (p->closing || p->deferred)
			continue;
		event_add(p->rev, NULL);
		/* frames already buffered are processed without new bytes */
		if (p->in.len > p->in_off)
			event_active(p->rev, EV_READ, 0);
	}
}

/* Called where bytes leave the queues: held-back publishers resume once
 * the total is down to out_resume. */
static void
total_check(struct rti_server *srv)
{
	if (srv->n_paused && srv->out_total <= srv->out_resume)
		resume_paused(srv);
}

/* The total is past its budget while srv->dispatching's message is
 * routed: stop reading from that connection (the message itself is still
 * routed to everyone).  Only called above the budget. */
static void
hold_publisher(struct rti_server *srv)
{
	struct conn *d = srv->dispatching;
	struct timeval now, since;
	int level = LOG_DEBUG;

	if (!d || d->paused || d->closing)
		return;
	d->paused = 1;
	event_del(d->rev);
	if (srv->n_paused++)
		return;
	event_base_gettimeofday_cached(srv->pub.base, &now);
	srv->held_tv = now;
	/* a warning at most once a second, however often it recurs */
	timersub(&now, &srv->hold_log_tv, &since);
	if (!timerisset(&srv->hold_log_tv) || since.tv_sec >= 1) {
		level = LOG_WARN;
		srv->hold_log_tv = now;
	}
	rti_log(srv, level, "output queues hold %zu bytes, past "
	    "--max-total-queue %zu: holding back publishers, first "
	    "connection %u (%s)", srv->out_total, srv->pub.cfg.max_total_queue,
	    d->id, d->peer);
}

/* Empty c's output (all written, or dropped), trim its buffer and stop
 * waiting for EV_WRITE.  The caller calls total_check. */
static void
out_clear(struct conn *c)
{
	size_t used = c->out.len;

	c->pub.srv->out_total -= out_queued(c);
	c->out.len = 0;
	c->out_off = 0;
	buf_trim(&c->out, OUT_KEEP, used, &c->trim_prev[1]);
	if (c->writing) {
		event_del(c->wev);
		c->writing = 0;
	}
}

/* Drop `c` as a slow consumer for reason `why`: discard its output, close
 * it (its federate is resigned by the reaper).  Never frees now. */
static void
conn_drop_slow(struct conn *c, const char *why)
{
	struct rti_server *srv = c->pub.srv;
	struct federate *f = c->pub.fed;

	srv->pub.stats.slow_consumers_dropped++;
	if (f) {
		char d[160];

		snprintf(d, sizeof d, "%s; %zu bytes were queued", why,
		    out_queued(c));
		events_add(f->fx, EV_SLOW_CONSUMER, f, "%s", d);
		events_leaving(f, EV_WHY_SLOW_CONSUMER, d);
	}
	if (f)
		rti_log(srv, LOG_WARN, "connection %u (%s), federate %s (%u) "
		    "of %s: %s; dropping slow consumer with %zu bytes queued",
		    c->id, c->peer, f->name, f->handle, f->fx->name, why,
		    out_queued(c));
	else
		rti_log(srv, LOG_WARN, "connection %u (%s): %s; dropping slow "
		    "consumer with %zu bytes queued", c->id, c->peer, why,
		    out_queued(c));
	out_clear(c);
	if (c->closing)
		flush_schedule(c);	/* freed from the flush list */
	else
		conn_close(c, "slow consumer");
	total_check(srv);
}

void
conn_drop_silent(struct conn *c, const char *why)
{
	struct rti_server *srv = c->pub.srv;
	struct federate *f = c->pub.fed;

	if (f)
		rti_log(srv, LOG_WARN, "connection %u (%s), federate %s (%u) "
		    "of %s: %s; resigning it", c->id, c->peer, f->name,
		    f->handle, f->fx->name, why);
	else
		rti_log(srv, LOG_WARN, "connection %u (%s): %s; closing",
		    c->id, c->peer, why);
	out_clear(c);
	if (!c->why[0])
		snprintf(c->why, sizeof c->why, "heartbeat timeout: %s", why);
	conn_close(c, "heartbeat timeout");
	total_check(srv);
}

/* Write as much of c's output as the socket takes; wait for EV_WRITE only
 * when it is full.  Never frees `c`. */
static void
conn_flush(struct conn *c)
{
	struct rti_server *srv = c->pub.srv;
	size_t left = out_queued(c);
	ssize_t n;

	while (left) {
		n = send(c->fd, c->out.data + c->out_off, left,
		    MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n > 0) {
			c->out_off += (size_t)n;
			srv->out_total -= (size_t)n;
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
		total_check(srv);
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
	total_check(srv);
}

/* Sends per io_uring submission; a longer flush list takes several. */
static void
uring_res(void *arg, uint64_t tag, int n)
{
	struct conn *c = (struct conn *)(uintptr_t)tag;

	(void)arg;
	if (n > 0) {
		c->out_off += (size_t)n;
		c->pub.srv->out_total -= (size_t)n;
	}
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

void
flush_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	struct conn *c;

	(void)fd;
	(void)what;
	server_turn_end(srv);
	udp_flush(srv);
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

void
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

int
conn_send(struct conn *c, const void *data, size_t len)
{
	return conn_send2(c, data, len, NULL, 0);
}

/* Queue `frames` frames (head then body) for `c`: conn_send2 without
 * the held frames. */
static int
out_append(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len, uint32_t frames)
{
	struct rti_server *srv = c->pub.srv;
	size_t queued, len = head_len + body_len, sent = 0;

	if (c->closing)
		return -1;
	queued = out_queued(c);
	if (queued + len > srv->pub.cfg.max_queue) {
		char why[96];

		snprintf(why, sizeof why, "a frame of %zu bytes would take "
		    "its output queue past --max-queue %zu", len,
		    srv->pub.cfg.max_queue);
		conn_drop_slow(c, why);
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
	/* The whole cost of the policy on the way of a frame: an add and a
	 * compare.  Publishers are held back here, where bytes enter, and
	 * resume where they leave (total_check). */
	srv->out_total += len - sent;
	if (srv->out_total > srv->pub.cfg.max_total_queue)
		hold_publisher(srv);
	c->frames_out += frames;
	c->bytes_out += len;
	srv->pub.stats.frames_out += frames;
	srv->pub.stats.bytes_out += len;
	if (sent < len)
		flush_schedule(c);
	return 0;
}

/* Queue what `c` holds back: the frames go before whatever comes next. */
static int
held_release(struct conn *c)
{
	size_t used = c->held.len;
	int rc;

	if (!used)
		return 0;
	rc = out_append(c, c->held.data, c->held.len, NULL, 0,
	    c->held_frames);
	c->held.len = 0;
	c->held_frames = 0;
	buf_trim(&c->held, HELD_KEEP, used, &c->trim_prev[2]);
	return rc;
}

int
conn_send2(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len)
{
	if (c->held.len && held_release(c) < 0)
		return -1;
	return out_append(c, head, head_len, body, body_len, 1);
}

int
conn_send_held(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len)
{
	if (c->closing)
		return -1;
	if (c->held.len + head_len + body_len > HELD_MAX)
		return conn_send2(c, head, head_len, body, body_len);
	wire_put_raw(&c->held, head, head_len);
	wire_put_raw(&c->held, body, body_len);
	if (c->held.oom) {
		/* frames it was owed are lost: it cannot go on */
		c->held.oom = 0;
		c->held.len = 0;
		c->held_frames = 0;
		conn_close(c, "out of memory");
		return -1;
	}
	c->held_frames++;
	return 0;
}

/* Every 250 ms: when publishers have been held back for slow_timeout,
 * drop the connection with the largest queue (the one loop over the
 * connections, once per timeout) and let them resume. */
void
slow_check_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	struct timeval now, age;
	struct conn *c, *big = NULL;
	char why[160];

	(void)fd;
	(void)what;
	if (!srv->n_paused)
		return;
	event_base_gettimeofday_cached(srv->pub.base, &now);
	timersub(&now, &srv->held_tv, &age);
	if ((double)age.tv_sec + age.tv_usec / 1e6 < srv->pub.cfg.slow_timeout)
		return;
	for (c = srv->conns; c; c = c->next)
		if (!big || out_queued(c) > out_queued(big))
			big = c;
	if (big && out_queued(big)) {
		snprintf(why, sizeof why, "largest output queue while "
		    "publishers were held back for %.1f s by "
		    "--max-total-queue %zu (%zu bytes queued in all)",
		    srv->pub.cfg.slow_timeout, srv->pub.cfg.max_total_queue,
		    srv->out_total);
		conn_drop_slow(big, why);
	}
	if (srv->n_paused)
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
	struct wire_buf *b = &c->pub.srv->reply;
	size_t off;

	if (err != RTI_OK && c->pub.fed && (c->pub.fed->report_exceptions ||
	    c->pub.fed->report_services))
		server_federate_exception(c->pub.fed, err, msg ? msg :
		    rti_strerror(err));
	/* the results of a service being reported (mom_service.c) */
	if (c->pub.fed && c->pub.fed->report_services &&
	    c->pub.srv->dispatching == c) {
		struct rti_server *srv = c->pub.srv;

		srv->svc_ret_len = body_len < sizeof srv->svc_ret ?
		    (uint32_t)body_len : (uint32_t)sizeof srv->svc_ret;
		if (c->pub.srv->svc_ret_len)
			memcpy(c->pub.srv->svc_ret, body,
			    c->pub.srv->svc_ret_len);
	}
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

/* What server.h gives a module of a connection and of the server. */

const char *
conn_peer(const struct conn *c)
{
	return c->peer;
}

void *
conn_mod(const struct conn *c, int m)
{
	return c->mod[m];
}

void
conn_mod_set(struct conn *c, int m, void *state)
{
	c->mod[m] = state;
}

uint32_t
conn_id(const struct conn *c)
{
	return c->id;
}

int
conn_closing(const struct conn *c)
{
	return c->closing;
}

int
conn_held(const struct conn *c)
{
	return c->paused;
}

size_t
conn_queued(const struct conn *c)
{
	return out_queued(c);
}

void
conn_traffic(const struct conn *c, struct conn_traffic *out)
{
	out->frames_in = c->frames_in;
	out->frames_out = c->frames_out;
	out->bytes_in = c->bytes_in;
	out->bytes_out = c->bytes_out;
	out->udp = c->ust;
}

uint32_t
server_n_conns(const struct rti_server *srv)
{
	return srv->n_conns;
}

size_t
server_out_total(const struct rti_server *srv)
{
	return srv->out_total;
}

void
server_flush_soon(struct rti_server *srv)
{
	event_active(srv->flush_ev, EV_TIMEOUT, 0);
}
