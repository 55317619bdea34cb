/*
 * server.c - rtiexec core: listeners, connections, framing, handshake and
 * dispatch through the modules' handler tables.
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

static double
mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* What the held-back lines of each reason were about, for their count. */
static const char *const rl_what[RL_COUNT] = {
	[RL_MAX_CONNECTIONS] = "connections refused (--max-connections)",
	[RL_MAX_STARTUPS] = "connections refused (--max-startups)",
	[RL_PER_SOURCE] = "connections refused "
	    "(--per-source-max-startups)",
	[RL_HANDSHAKE_TIMEOUT] = "connections closed without a handshake "
	    "(--handshake-timeout)",
	[RL_PREAUTH_FRAME] = "connections closed for a frame too long "
	    "before the handshake",
	[RL_BAD_HELLO] = "connections closed for a protocol error before "
	    "the handshake",
	[RL_HELLO_REFUSED] = "handshakes refused",
	[RL_ACCEPT] = "accept failures",
};

/* Arm rl_ev to write the held-back counts once their second is over. */
static void
rl_arm(struct rti_server *srv, double now)
{
	double due = -1;
	struct timeval tv;
	size_t r;

	for (r = 0; r < RL_COUNT; r++)
		if (srv->rl[r].held && (due < 0 || srv->rl[r].last < due))
			due = srv->rl[r].last;
	if (due < 0)
		return;
	due = due + 1.0 - now;
	if (due < 0.001)
		due = 0.001;
	tv.tv_sec = (time_t)due;
	tv.tv_usec = (suseconds_t)((due - (double)tv.tv_sec) * 1e6);
	event_add(srv->rl_ev, &tv);
}

/*
 * A log line for `r` that a client can cause before it is trusted
 * (refusals, handshake timeouts, bad handshakes, accept failures): at
 * most one line per reason and second.  Lines held back are counted; the
 * count is written with the next line of that reason, or by rl_flush_cb
 * a second after the last line written.
 */
static void
rl_log(struct rti_server *srv, enum srv_rl r, int level, const char *fmt,
    ...) __attribute__((format(printf, 4, 5)));

static void
rl_log(struct rti_server *srv, enum srv_rl r, int level, const char *fmt,
    ...)
{
	struct srv_ratelim *rl = &srv->rl[r];
	double now;
	char line[512];
	va_list ap;

	if (level > srv->cfg.log_level)
		return;
	now = mono_now();
	if (rl->logged && now - rl->last < 1.0) {
		if (rl->held++ == 0 || level < rl->level)
			rl->level = level;
		rl_arm(srv, now);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (rl->held)
		rti_log(srv, level, "%s (and %llu more %s in the last %.1f s)",
		    line, (unsigned long long)rl->held, rl_what[r],
		    now - rl->last);
	else
		rti_log(srv, level, "%s", line);
	rl->logged = 1;
	rl->last = now;
	rl->held = 0;
}

static void
rl_flush_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	double now = mono_now();
	size_t r;

	(void)fd;
	(void)what;
	for (r = 0; r < RL_COUNT; r++) {
		struct srv_ratelim *rl = &srv->rl[r];

		if (!rl->held || now - rl->last < 0.999)
			continue;
		rti_log(srv, rl->level, "%llu more %s in the last %.1f s",
		    (unsigned long long)rl->held, rl_what[r], now - rl->last);
		rl->last = now;
		rl->held = 0;
	}
	rl_arm(srv, now);
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
 * frame.  The partial frame stays where it lies while this much room
 * follows it and is moved to the front only then, so a sender streaming
 * large bundles costs a copy of a partial frame every few reads, not one
 * per read; the buffer then stays at 2 * PARTIAL_READ or so.  A frame
 * longer than that gets room for at most as many bytes as it already has
 * (conn_read_cb): memory is spent as a frame arrives, not as its header
 * claims, and a large bundle still costs a handful of reallocations
 * (doubling), not a copy per read. */
#define PARTIAL_READ (128u * 1024)
/* A frame body at least this large, to a connection with nothing queued,
 * is written at once from the caller's memory (conn_send2), not copied
 * into the queue for the end of the loop turn. */
#define DIRECT_MIN (16u * 1024)

static void conn_free(struct conn *c);
static void total_check(struct rti_server *srv);

/* Take `c` off the startup list (its HELLO was accepted, or it closes). */
static void
startup_unlink(struct conn *c)
{
	struct rti_server *srv = c->srv;

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
	event_free(c->rev);
	event_free(c->wev);
	evutil_closesocket(c->fd);
	wire_buf_free(&c->in);
	wire_buf_free(&c->out);
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
	/* before the handshake the reason was logged rate-limited */
	rti_log(c->srv, reason && c->hello_done ? LOG_INFO : LOG_DEBUG,
	    "connection %u (%s) closing%s%s", c->id, c->peer,
	    reason ? ": " : "", reason ? reason : "");
	c->closing = 1;
	startup_unlink(c);
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

	event_base_gettimeofday_cached(srv->base, &now);
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
	event_base_gettimeofday_cached(srv->base, &now);
	srv->held_tv = now;
	/* a warning at most once a second, however often it recurs */
	timersub(&now, &srv->hold_log_tv, &since);
	if (!timerisset(&srv->hold_log_tv) || since.tv_sec >= 1) {
		level = LOG_WARN;
		srv->hold_log_tv = now;
	}
	rti_log(srv, level, "output queues hold %zu bytes, past "
	    "--max-total-queue %zu: holding back publishers, first "
	    "connection %u (%s)", srv->out_total, srv->cfg.max_total_queue,
	    d->id, d->peer);
}

/* Empty c's output (all written, or dropped), trim its buffer and stop
 * waiting for EV_WRITE.  The caller calls total_check. */
static void
out_clear(struct conn *c)
{
	c->srv->out_total -= out_queued(c);
	c->out.len = 0;
	c->out_off = 0;
	buf_trim(&c->out, OUT_KEEP);
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
	struct rti_server *srv = c->srv;
	struct federate *f = c->fed;

	srv->stats.slow_consumers_dropped++;
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

/* Write as much of c's output as the socket takes; wait for EV_WRITE only
 * when it is full.  Never frees `c`. */
static void
conn_flush(struct conn *c)
{
	struct rti_server *srv = c->srv;
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
#define URING_ENTRIES 256

static void
uring_res(void *arg, uint64_t tag, int n)
{
	struct conn *c = (struct conn *)(uintptr_t)tag;

	(void)arg;
	if (n > 0) {
		c->out_off += (size_t)n;
		c->srv->out_total -= (size_t)n;
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

int
conn_send(struct conn *c, const void *data, size_t len)
{
	return conn_send2(c, data, len, NULL, 0);
}

int
conn_send2(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len)
{
	struct rti_server *srv = c->srv;
	size_t queued, len = head_len + body_len, sent = 0;

	if (c->closing)
		return -1;
	queued = out_queued(c);
	if (queued + len > srv->cfg.max_queue) {
		char why[96];

		snprintf(why, sizeof why, "a frame of %zu bytes would take "
		    "its output queue past --max-queue %zu", len,
		    srv->cfg.max_queue);
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
	if (srv->out_total > srv->cfg.max_total_queue)
		hold_publisher(srv);
	c->frames_out++;
	c->bytes_out += len;
	srv->stats.frames_out++;
	srv->stats.bytes_out += len;
	if (sent < len)
		flush_schedule(c);
	return 0;
}

/* Every 250 ms: when publishers have been held back for slow_timeout,
 * drop the connection with the largest queue (the one loop over the
 * connections, once per timeout) and let them resume. */
static void
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
	event_base_gettimeofday_cached(srv->base, &now);
	timersub(&now, &srv->held_tv, &age);
	if ((double)age.tv_sec + age.tv_usec / 1e6 < srv->cfg.slow_timeout)
		return;
	for (c = srv->conns; c; c = c->next)
		if (!big || out_queued(c) > out_queued(big))
			big = c;
	if (big && out_queued(big)) {
		snprintf(why, sizeof why, "largest output queue while "
		    "publishers were held back for %.1f s by "
		    "--max-total-queue %zu (%zu bytes queued in all)",
		    srv->cfg.slow_timeout, srv->cfg.max_total_queue,
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
	c->srv->stats.protocol_errors++;
	if (c->hello_done)
		rti_log(c->srv, LOG_WARN, fmt, c->id, c->peer, what, type, n,
		    hex);
	else
		rl_log(c->srv, r, LOG_WARN, fmt, c->id, c->peer, what, type, n,
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
	if (rd.err || magic != WIRE_MAGIC) {
		protocol_error(c, type, p, n, "bad hello");
		return;
	}
	if (version != WIRE_VERSION) {
		/* before the rest is decoded: another version's HELLO may
		 * differ there, and is told why it is refused */
		rl_log(c->srv, RL_HELLO_REFUSED, LOG_INFO, "connection %u "
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
	if (c->srv->cfg.auth_key && !key_matches(&c->srv->cfg, key, klen)) {
		rl_log(c->srv, RL_HELLO_REFUSED, LOG_INFO, "connection %u "
		    "(%s): authentication failed", c->id, c->peer);
		send_nak(c, RTI_ERR_AUTHENTICATION_FAILED,
		    "authentication failed");
		conn_close(c, "authentication failed");
		return;
	}
	c->hello_done = 1;
	startup_unlink(c);
	b = srv_frame(c->srv, WIRE_HELLO_ACK, &off);
	wire_put_u32(b, WIRE_MAGIC);
	wire_put_u16(b, WIRE_VERSION);
	wire_put_u32(b, c->srv->cfg.max_frame);
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
		h = c->srv->dispatch[WIRE_MODULE_OF(type)][type & 0xff];
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
	if (h->needs_join && !c->fed) {
		if (h->request == MSG_REQUEST)
			conn_reply(c, serial,
			    RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER, NULL, NULL,
			    0);
		else
			protocol_error(c, type, p, n,
			    "message needs a joined federate");
		return 0;
	}
	rc = h->fn(c, serial, &rd);
	if (rc < 0)
		protocol_error(c, type, p, n, "malformed message");
	return rc == MSG_DEFER ? MSG_DEFER : 0;
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
	return c->hello_done ? c->srv->cfg.max_frame : RTI_PREAUTH_MAX_FRAME;
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
		c->srv->dispatching = c;
		rc = dispatch(c, type, p + used + WIRE_HEADER_SIZE, len);
		c->srv->dispatching = NULL;
		if (rc == MSG_DEFER) {
			/* kept where it is, for conn_wake */
			c->deferred = 1;
			event_del(c->rev);
			break;
		}
		c->frames_in++;
		c->bytes_in += WIRE_HEADER_SIZE + len;
		c->srv->stats.frames_in++;
		c->srv->stats.bytes_in += WIRE_HEADER_SIZE + len;
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

/*
 * Connection bounds.  What a client can make rtiexec hold before its
 * HELLO is accepted is bounded: at most max_startups such connections
 * (per_source of them from one address; a Unix-domain peer is one
 * address), each with at most RTI_PREAUTH_MAX_FRAME bytes of input, for
 * at most the handshake timeout; and at most max_conns connections in
 * all, fewer than the descriptor limit.  A connection beyond a bound is
 * accepted, told why (HELLO_NAK) and closed at once.  Startups are kept
 * on their own list in accept order, so one timer for the oldest
 * deadline closes the late ones without a walk over every connection.
 */

/* Descriptors kept free of connections: standard streams, listeners,
 * the event loop's, io_uring's, the reserve, a FOM file being read. */
#define FD_RESERVE 16
/* Waiting connections refused per accept failure with the reserve fd. */
#define EMFILE_REFUSE_MAX 128
#define ACCEPT_BACKOFF_MIN 0.1
#define ACCEPT_BACKOFF_MAX 1.0

static void
tv_of(struct timeval *tv, double s)
{
	if (s < 0)
		s = 0;
	tv->tv_sec = (time_t)s;
	tv->tv_usec = (suseconds_t)((s - (double)tv->tv_sec) * 1e6);
}

static void
peer_key_of(struct peer_key *k, const struct sockaddr *sa)
{
	memset(k, 0, sizeof *k);
	k->family = sa->sa_family;
	if (sa->sa_family == AF_INET)
		memcpy(k->addr, &((const struct sockaddr_in *)sa)->sin_addr,
		    4);
	else if (sa->sa_family == AF_INET6)
		memcpy(k->addr, &((const struct sockaddr_in6 *)sa)->sin6_addr,
		    16);
}

static int
peer_key_eq(const struct peer_key *a, const struct peer_key *b)
{
	return a->family == b->family && memcmp(a->addr, b->addr,
	    sizeof a->addr) == 0;
}

/* "ADDR:PORT", "[ADDR]:PORT" or "unix". */
static void
peer_name(char *out, size_t len, const struct sockaddr *sa)
{
	char a[INET6_ADDRSTRLEN];

	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *in = (const struct sockaddr_in *)sa;

		inet_ntop(AF_INET, &in->sin_addr, a, sizeof a);
		snprintf(out, len, "%s:%u", a, ntohs(in->sin_port));
	} else if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *in6 =
		    (const struct sockaddr_in6 *)sa;

		inet_ntop(AF_INET6, &in6->sin6_addr, a, sizeof a);
		snprintf(out, len, "[%s]:%u", a, ntohs(in6->sin6_port));
	} else {
		snprintf(out, len, "unix");
	}
}

static uint32_t
startups_from(const struct rti_server *srv, const struct peer_key *k)
{
	const struct conn *c;
	uint32_t n = 0;

	for (c = srv->st_head; c; c = c->st_next)
		n += peer_key_eq(&c->key, k);
	return n;
}

/* Read the handshakes already waiting on the startups (from `k` only,
 * unless NULL) before a new connection is refused for their number: a
 * burst of federates connecting at once is accepted faster than their
 * HELLOs are read, and must not be refused for that.  Costs at most one
 * recv() per startup counted, and only when a bound is reached. */
static void
startups_poll(struct rti_server *srv, const struct peer_key *k)
{
	struct conn *c, *next;

	for (c = srv->st_head; c; c = next) {
		next = c->st_next;
		if (!k || peer_key_eq(&c->key, k))
			conn_read_cb(c->fd, EV_READ, c); /* may free c only */
	}
}

/* Tell a connection that is not kept why (HELLO_NAK, best effort, never
 * blocking) and close it.  What it sent already is read first, so that
 * the close is a FIN and the answer is not lost to a reset. */
static void
refuse_fd(struct rti_server *srv, evutil_socket_t fd, const char *why)
{
	uint8_t junk[RTI_PREAUTH_MAX_FRAME];
	struct wire_buf *b;
	size_t off;

	b = srv_frame(srv, WIRE_HELLO_NAK, &off);
	wire_put_u32(b, RTI_ERR_CONNECTION_FAILED);
	wire_put_str(b, why);
	wire_frame_end(b, off);
	if (!b->oom)
		(void)send(fd, b->data, b->len, MSG_NOSIGNAL | MSG_DONTWAIT);
	(void)recv(fd, junk, sizeof junk, MSG_DONTWAIT);
	evutil_closesocket(fd);
	srv->stats.conns_refused++;
}

/* Close startups whose handshake deadline passed; arm for the next. */
static void
handshake_timeout_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	double now = mono_now();
	struct timeval tv;
	struct conn *c;

	(void)fd;
	(void)what;
	while ((c = srv->st_head) != NULL && c->hs_deadline <= now + 0.001) {
		srv->stats.handshake_timeouts++;
		rl_log(srv, RL_HANDSHAKE_TIMEOUT, LOG_INFO, "connection %u "
		    "(%s): no handshake within %g s; closing", c->id, c->peer,
		    srv->cfg.handshake_timeout);
		send_nak(c, RTI_ERR_CONNECTION_FAILED, "no handshake in time");
		conn_close(c, "handshake timeout"); /* unlinks c */
	}
	if (c) {
		tv_of(&tv, c->hs_deadline - now);
		event_add(srv->hs_ev, &tv);
	}
}

static void
startup_link(struct conn *c)
{
	struct rti_server *srv = c->srv;
	struct timeval tv;

	c->startup = 1;
	c->hs_deadline = mono_now() + srv->cfg.handshake_timeout;
	c->st_next = NULL;
	c->st_prev = srv->st_tail;
	if (srv->st_tail)
		srv->st_tail->st_next = c;
	else
		srv->st_head = c;
	srv->st_tail = c;
	srv->n_startups++;
	if (!event_pending(srv->hs_ev, EV_TIMEOUT, NULL)) {
		tv_of(&tv, srv->cfg.handshake_timeout);
		event_add(srv->hs_ev, &tv);
	}
}

static void
accept_cb(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa,
    int salen, void *arg)
{
	struct rti_server *srv = arg;
	struct peer_key key;
	char peer[sizeof ((struct conn *)0)->peer];
	struct conn *c;

	(void)l;
	(void)salen;
	srv->accept_backoff = 0;
	evutil_make_socket_nonblocking(fd);
	peer_key_of(&key, sa);
	peer_name(peer, sizeof peer, sa);
	if (srv->n_conns >= srv->max_conns) {
		rl_log(srv, RL_MAX_CONNECTIONS, LOG_WARN, "connection from %s "
		    "refused: %u connections open (--max-connections)", peer,
		    srv->n_conns);
		refuse_fd(srv, fd, "too many connections");
		return;
	}
	if (srv->n_startups >= srv->max_startups)
		startups_poll(srv, NULL);
	if (srv->n_startups >= srv->max_startups) {
		rl_log(srv, RL_MAX_STARTUPS, LOG_WARN, "connection from %s "
		    "refused: %u connections without a handshake "
		    "(--max-startups)", peer, srv->n_startups);
		refuse_fd(srv, fd, "too many connections without a "
		    "handshake");
		return;
	}
	if (startups_from(srv, &key) >= srv->per_source)
		startups_poll(srv, &key);
	if (startups_from(srv, &key) >= srv->per_source) {
		rl_log(srv, RL_PER_SOURCE, LOG_WARN, "connection from %s "
		    "refused: %u connections without a handshake from its "
		    "address (--per-source-max-startups)", peer,
		    srv->per_source);
		refuse_fd(srv, fd, "too many connections without a "
		    "handshake from this address");
		return;
	}
	c = calloc(1, sizeof *c);
	if (!c) {
		evutil_closesocket(fd);
		return;
	}
	c->srv = srv;
	c->fd = fd;
	c->id = ++srv->next_conn_id;
	c->key = key;
	memcpy(c->peer, peer, sizeof c->peer);
	wire_buf_init(&c->in);
	wire_buf_init(&c->out);
	if (sa->sa_family == AF_INET || sa->sa_family == AF_INET6)
		(void)tcp_tune(fd);
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
	srv->n_conns++;
	startup_link(c);
	srv->stats.conns_total++;
	rti_log(srv, LOG_DEBUG, "connection %u from %s", c->id, c->peer);
}

static void
accept_resume_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;

	(void)fd;
	(void)what;
	if (srv->reserve_fd < 0)
		srv->reserve_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	srv->accept_paused = 0;
	if (srv->tcp_listener)
		evconnlistener_enable(srv->tcp_listener);
	if (srv->unix_listener)
		evconnlistener_enable(srv->unix_listener);
}

/*
 * accept() failed other than transiently (libevent retries EINTR, EAGAIN
 * and ECONNABORTED itself).  The listener would be readable again at
 * once, so both are disabled for a back-off (ACCEPT_BACKOFF_MIN doubling
 * to ACCEPT_BACKOFF_MAX, from the first failure after a good accept) and
 * re-enabled from a timer: an error never spins.  Out of descriptors
 * (EMFILE, ENFILE), the reserve descriptor is given up for a moment to
 * accept the waiting connections and refuse them (HELLO_NAK, close), so
 * that a federate is told at once instead of waiting in the backlog.
 */
static void
listener_error_cb(struct evconnlistener *l, void *arg)
{
	struct rti_server *srv = arg;
	int err = EVUTIL_SOCKET_ERROR();
	unsigned refused = 0;
	struct timeval tv;
	evutil_socket_t fd;

	if ((err == EMFILE || err == ENFILE) && srv->reserve_fd >= 0) {
		close(srv->reserve_fd);
		srv->reserve_fd = -1;
		while (refused < EMFILE_REFUSE_MAX && (fd = accept4(
		    evconnlistener_get_fd(l), NULL, NULL, SOCK_NONBLOCK |
		    SOCK_CLOEXEC)) >= 0) {
			refuse_fd(srv, fd, "rtiexec is out of file "
			    "descriptors");
			refused++;
		}
		srv->reserve_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	}
	if (!srv->accept_paused) {
		srv->accept_backoff = srv->accept_backoff ? 2 *
		    srv->accept_backoff : ACCEPT_BACKOFF_MIN;
		if (srv->accept_backoff > ACCEPT_BACKOFF_MAX)
			srv->accept_backoff = ACCEPT_BACKOFF_MAX;
		srv->accept_paused = 1;
		if (srv->tcp_listener)
			evconnlistener_disable(srv->tcp_listener);
		if (srv->unix_listener)
			evconnlistener_disable(srv->unix_listener);
		tv_of(&tv, srv->accept_backoff);
		event_add(srv->accept_ev, &tv);
	}
	rl_log(srv, RL_ACCEPT, LOG_WARN, "accept: %s; %u waiting "
	    "connection%s refused, not accepting for %.1f s",
	    evutil_socket_error_to_string(err), refused,
	    refused == 1 ? "" : "s", srv->accept_backoff);
}

/* Raise the soft descriptor limit to the hard one, as daemons do;
 * returns the soft limit in force. */
static uint64_t
nofile_raise(struct rti_server *srv)
{
	struct rlimit rl;
	rlim_t was;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return 1024;
	was = rl.rlim_cur;
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		if (setrlimit(RLIMIT_NOFILE, &rl) < 0) {
			rti_log(srv, LOG_WARN, "cannot raise the descriptor "
			    "limit from %llu to %llu: %s",
			    (unsigned long long)was,
			    (unsigned long long)rl.rlim_max, strerror(errno));
			rl.rlim_cur = was;
		}
	}
	if (rl.rlim_cur != was)
		rti_log(srv, LOG_INFO, "descriptor limit %llu (raised from "
		    "%llu)", (unsigned long long)rl.rlim_cur,
		    (unsigned long long)was);
	else
		rti_log(srv, LOG_INFO, "descriptor limit %llu",
		    (unsigned long long)rl.rlim_cur);
	return (uint64_t)rl.rlim_cur;
}

/* The bounds in force: the configured ones, lowered to what the
 * descriptor limit allows; logged. */
static void
bounds_init(struct rti_server *srv)
{
	struct rti_config *cfg = &srv->cfg;
	uint64_t nofile = nofile_raise(srv), fit;
	int asked = cfg->max_connections != 0;

	if (!asked)
		cfg->max_connections = RTI_DEFAULT_MAX_CONNECTIONS;
	if (!cfg->max_startups)
		cfg->max_startups = RTI_DEFAULT_MAX_STARTUPS;
	if (!cfg->per_source_max_startups)
		cfg->per_source_max_startups =
		    RTI_DEFAULT_PER_SOURCE_MAX_STARTUPS;
	if (cfg->handshake_timeout <= 0)
		cfg->handshake_timeout = RTI_DEFAULT_HANDSHAKE_TIMEOUT;
	fit = nofile > FD_RESERVE + 1 ? nofile - FD_RESERVE : 1;
	srv->max_conns = cfg->max_connections;
	if (srv->max_conns > fit) {
		srv->max_conns = (uint32_t)fit;
		rti_log(srv, asked ? LOG_WARN : LOG_INFO, "at most %u "
		    "connections, not %u: the descriptor limit is %llu",
		    srv->max_conns, cfg->max_connections,
		    (unsigned long long)nofile);
	}
	srv->max_startups = cfg->max_startups < srv->max_conns ?
	    cfg->max_startups : srv->max_conns;
	srv->per_source = cfg->per_source_max_startups < srv->max_startups ?
	    cfg->per_source_max_startups : srv->max_startups;
	rti_log(srv, LOG_INFO, "at most %u connections; before the handshake "
	    "at most %u (%u per address) for %g s each", srv->max_conns,
	    srv->max_startups, srv->per_source, cfg->handshake_timeout);
}

static void
signal_cb(evutil_socket_t sig, short what, void *arg)
{
	struct rti_server *srv = arg;

	(void)what;
	if (sig == SIGUSR1) {
		status_log("connections=%llu frames_in=%llu frames_out=%llu "
		    "bytes_in=%llu bytes_out=%llu routed=%llu filtered=%llu "
		    "protocol_errors=%llu slow_consumers_dropped=%llu "
		    "queued_bytes=%zu held_publishers=%u "
		    "refused=%llu handshake_timeouts=%llu",
		    (unsigned long long)srv->stats.conns_total,
		    (unsigned long long)srv->stats.frames_in,
		    (unsigned long long)srv->stats.frames_out,
		    (unsigned long long)srv->stats.bytes_in,
		    (unsigned long long)srv->stats.bytes_out,
		    (unsigned long long)srv->stats.routed,
		    (unsigned long long)srv->stats.filtered,
		    (unsigned long long)srv->stats.protocol_errors,
		    (unsigned long long)srv->stats.slow_consumers_dropped,
		    srv->out_total, srv->n_paused,
		    (unsigned long long)srv->stats.conns_refused,
		    (unsigned long long)srv->stats.handshake_timeouts);
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
	srv->reserve_fd = -1;
	srv->cfg = *cfg;
	if (!srv->cfg.max_frame)
		srv->cfg.max_frame = WIRE_DEFAULT_MAX_FRAME;
	if (!srv->cfg.max_queue)
		srv->cfg.max_queue = RTI_DEFAULT_MAX_QUEUE;
	if (srv->cfg.slow_timeout <= 0)
		srv->cfg.slow_timeout = RTI_DEFAULT_SLOW_TIMEOUT;
	if (!srv->cfg.max_total_queue)
		srv->cfg.max_total_queue = RTI_DEFAULT_MAX_TOTAL_QUEUE;
	if (srv->cfg.max_total_queue < srv->cfg.max_queue)
		srv->cfg.max_total_queue = srv->cfg.max_queue;
	srv->out_resume = srv->cfg.max_total_queue -
	    srv->cfg.max_total_queue / 4;
	rti_log(srv, LOG_INFO, "output queues: %zu bytes per connection, %zu "
	    "in all; the largest is dropped after %.1f s of holding back",
	    srv->cfg.max_queue, srv->cfg.max_total_queue,
	    srv->cfg.slow_timeout);
	wire_buf_init(&srv->scratch);
	wire_buf_init(&srv->reply);
	if (build_dispatch(srv) < 0)
		return -1;
	srv->base = event_base_new();
	if (!srv->base)
		return -1;
	bounds_init(srv);
	srv->hs_ev = evtimer_new(srv->base, handshake_timeout_cb, srv);
	srv->accept_ev = evtimer_new(srv->base, accept_resume_cb, srv);
	srv->rl_ev = evtimer_new(srv->base, rl_flush_cb, srv);
	srv->reserve_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (!srv->hs_ev || !srv->accept_ev || !srv->rl_ev)
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
	if (srv->hs_ev)
		event_free(srv->hs_ev);
	if (srv->accept_ev)
		event_free(srv->accept_ev);
	if (srv->rl_ev)
		event_free(srv->rl_ev);
	if (srv->reserve_fd >= 0)
		close(srv->reserve_fd);
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
