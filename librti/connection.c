/* SPDX-License-Identifier: Apache-2.0 */
/*
 * connection.c - the socket to rtiexec: the URL (tcp://HOST:PORT,
 * unix:///PATH), the socket and its options, the handshake
 * (rti__conn_open), writing the output buffer (rti__flush), reading into
 * the input buffer (rti__read_some) and waiting for input (rti__wait_read),
 * marking the connection lost and closing it.  It knows nothing of frames
 * beyond the handshake: evoke.c delivers them, request.c builds them.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "core_int.h"
#include "bundle.h"
#include "dgram.h"
#include "librti_int.h"
#include "mcast.h"
#include "mcsel.h"
#include "tcp.h"

#define CONNECT_TIMEOUT_S 10.0

double
rti__now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
lose_v(rti_ambassador *amb, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
static void
lose_v(rti_ambassador *amb, const char *fmt, va_list ap)
{
	if (amb->lost)
		return;
	amb->lost = 1;
	vsnprintf(amb->lost_reason, sizeof amb->lost_reason, fmt, ap);
}

void
rti__lose(rti_ambassador *amb, const char *fmt, ...)
{
	va_list ap;

	amb->lost_drop = 1;
	va_start(ap, fmt);
	lose_v(amb, fmt, ap);
	va_end(ap);
}

/* The connection closed or failed: what was received before still gets
 * delivered, then connection_lost. */
static void
lose_closed(rti_ambassador *amb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void
lose_closed(rti_ambassador *amb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lose_v(amb, fmt, ap);
	va_end(ap);
}

/* Close the connection (core_int.h). */
void
rti__conn_close(rti_ambassador *amb)
{
	if (amb->joined)
		rti__leave(amb);
	rti__udp_close(amb);
	if (amb->epfd >= 0)
		close(amb->epfd);
	amb->epfd = -1;
	if (amb->fd >= 0)
		close(amb->fd);
	amb->fd = -1;
	amb->connected = 0;
	amb->hb_timeout = 0;
	amb->lost = 0;
	amb->lost_reported = 0;
	amb->lost_drop = 0;
	wire_buf_reset(&amb->out);
	amb->out_off = 0;
	amb->out_t0 = 0;
	amb->out_base = 0;
	if (amb->in_pinned) {
		/* a callback closed the connection: its frame stays */
		rti__in_retire(amb);
		wire_buf_init(&amb->in);
	}
	wire_buf_reset(&amb->in);
	amb->in_off = 0;
}

int
rti__flush(rti_ambassador *amb, int block)
{
	if (amb->dg_out.len)
		rti__udp_send(amb);
	while (amb->out_off < amb->out.len) {
		ssize_t n = send(amb->fd, amb->out.data + amb->out_off,
		    amb->out.len - amb->out_off, MSG_NOSIGNAL | MSG_DONTWAIT);

		if (n > 0) {
			amb->out_off += (size_t)n;
			amb->tx_count++;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			struct pollfd p = { amb->fd, POLLOUT, 0 };

			if (!block)
				break;
			/* Waiting to write: keep reading so that rtiexec
			 * never blocks on us either. */
			p.events |= POLLIN;
			if (poll(&p, 1, 1000) < 0 && errno != EINTR) {
				lose_closed(amb, "poll: %s", strerror(errno));
				return RTI_ERR_CONNECTION_LOST;
			}
			if (p.revents & POLLIN) {
				if (rti__read_some(amb) < 0)
					return RTI_ERR_CONNECTION_LOST;
			} else if (rti__heartbeat(amb, rti__now()) < 0) {
				return RTI_ERR_CONNECTION_LOST;
			}
			continue;
		}
		lose_closed(amb, "send: %s", n < 0 ? strerror(errno) :
		    "closed");
		return RTI_ERR_CONNECTION_LOST;
	}
	if (amb->out_off == amb->out.len) {
		amb->out.len = 0;
		amb->out_off = 0;
		amb->out_t0 = 0;
		amb->out_base = 0;
		return RTI_OK;
	}
	/* The socket is full: try again after another batch or when the
	 * age bound passes, not at every message. */
	amb->out_base = amb->out.len - amb->out_off;
	amb->out_t0 = rti__now();
	if (amb->out_off > 1024 * 1024 &&
	    amb->out_off > amb->out.len / 2) {
		memmove(amb->out.data, amb->out.data + amb->out_off,
		    amb->out.len - amb->out_off);
		amb->out.len -= amb->out_off;
		amb->out_off = 0;
	}
	return RTI_OK;
}

/* rtiexec closed the connection: when it said why first (a WIRE_NOTICE
 * just before the close, e.g. an eviction through the MOM: the last
 * frame delivered, or one not delivered yet), that notice is the
 * reason, for connection_lost and rti_error_message. */
static void
lose_eof(rti_ambassador *amb)
{
	const char *why = amb->last_type == WIRE_NOTICE && amb->notice[0] ?
	    amb->notice : NULL;
	size_t off = amb->in_off, poff;
	uint16_t type;
	uint32_t len;
	struct wire_rd rd;
	const char *m;

	while (rti__frame_at(amb, off, &type, &poff, &len) > 0) {
		if (type == WIRE_NOTICE) {
			wire_rd_init(&rd, amb->in.data + poff, len);
			(void)wire_get_u32(&rd);
			if ((m = wire_get_str(&rd, 4096)) && !rd.err)
				why = m;
		}
		off = poff + len;
	}
	if (why)
		lose_closed(amb, "rtiexec closed the connection: %s", why);
	else
		lose_closed(amb, "rtiexec closed the connection");
}

/* One recv into the input: `flags` 0 blocks up to SO_RCVTIMEO,
 * MSG_DONTWAIT does not.  1 = got bytes, 0 = nothing (or timed out or
 * interrupted), -1 = lost. */
static int
read_into(rti_ambassador *amb, int flags)
{
	ssize_t n;

	if (amb->lost)
		return -1;
	if (rti__in_reserve(amb, RTI__READ_CHUNK) < 0) {
		rti__lose(amb, "out of memory");
		return -1;
	}
	n = recv(amb->fd, amb->in.data + amb->in.len,
	    amb->in.cap - amb->in.len, flags);
	if (n > 0) {
		amb->rd_empty = (size_t)n < amb->in.cap - amb->in.len;
		amb->in.len += (size_t)n;
		amb->rx_count++;
		amb->rd_at = rti__now();
		return 1;
	}
	if (n < 0 && errno == EINTR)
		return 0;
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
		amb->rd_empty = 1;
		amb->rd_at = rti__now();
		return 0;
	}
	if (n == 0)
		lose_eof(amb);
	else
		lose_closed(amb, "%s", strerror(errno));
	return -1;
}

/* Read what the socket has without waiting.  As read_into. */
int
rti__read_some(rti_ambassador *amb)
{
	return read_into(amb, MSG_DONTWAIT);
}

/*
 * Waiting over TCP is one blocking recv where it can be (the socket is
 * blocking; every other call passes MSG_DONTWAIT), not a poll and a recv:
 * on a machine where a system call costs a microsecond, that is a tenth
 * of a federate's CPU per time step.  SO_RCVTIMEO bounds the wait: the
 * largest power-of-two fraction of a second that, with the kernel's
 * rounding to its clock tick (WAIT_SLACK_S covers two ticks at 100 Hz),
 * still ends within the wait asked for; the callers loop until their
 * deadline, and a loop evoking with the same timeout sets it once.
 * Shorter waits, and waits while output is pending, use poll.
 */
#define WAIT_SLACK_S 0.025
#define WAIT_BLOCK_MIN_S (2 * WAIT_SLACK_S)

static double
wait_quantum(double s)
{
	double q = 1.0;

	while (q > s)
		q /= 2;
	return q;
}

/* Blocking recv for at most `timeout_s` (<0 = as long as the socket's
 * timeout).  As read_into; -2 = cannot block here, use poll. */
static int
wait_recv(rti_ambassador *amb, double timeout_s)
{
	double t0, q;
	int rc;

	if (amb->wait_poll || amb->out_off < amb->out.len ||
	    (timeout_s >= 0 && timeout_s < WAIT_BLOCK_MIN_S))
		return -2;
	q = timeout_s < 0 ? amb->rcvtmo :
	    wait_quantum(timeout_s - WAIT_SLACK_S);
	if (q != amb->rcvtmo) {
		struct timeval tv = { (time_t)q,
		    (suseconds_t)((q - (double)(time_t)q) * 1e6) };

		if (setsockopt(amb->fd, SOL_SOCKET, SO_RCVTIMEO, &tv,
		    sizeof tv) < 0) {
			amb->wait_poll = 1;
			return -2;
		}
		amb->rcvtmo = q;
	}
	t0 = rti__now();
	rc = read_into(amb, 0);
	/* EAGAIN long before the timeout: the caller's loop made the
	 * socket non-blocking.  Wait with poll from now on. */
	if (rc == 0 && errno != EINTR &&
	    (amb->rcvtmo == 0 || rti__now() - t0 < amb->rcvtmo / 2))
		amb->wait_poll = 1;
	return rc;
}

int
rti__heartbeat(rti_ambassador *amb, double now)
{
	size_t off;

	if (amb->hb_timeout <= 0 || amb->lost)
		return amb->lost ? -1 : 0;
	if (amb->rx_count != amb->rx_seen) {
		amb->rx_seen = amb->rx_count;
		amb->last_rx = now;
	}
	if (amb->tx_count != amb->tx_seen) {
		amb->tx_seen = amb->tx_count;
		amb->last_tx = now;
	}
	if (now - amb->last_rx >= amb->hb_timeout) {
		/* the caller may have been away: what came meanwhile waits
		 * in the socket */
		if (rti__read_some(amb) != 0)
			return amb->lost ? -1 : 0;
		lose_closed(amb, "rtiexec sent nothing for %.1f s (heartbeat "
		    "timeout %g s)", now - amb->last_rx, amb->hb_timeout);
		/* rtiexec, should it come back, sees the end and resigns us */
		(void)shutdown(amb->fd, SHUT_RDWR);
		return -1;
	}
	if (now - amb->last_tx >= amb->hb_period) {
		/* stamped first: the flush below may come back here; a full
		 * socket takes nothing, but then rtiexec has bytes coming */
		amb->last_tx = now;
		amb->tx_seen = amb->tx_count + 1;
		off = wire_frame_begin(&amb->out, WIRE_HEARTBEAT);
		wire_frame_end(&amb->out, off);
		if (amb->out.oom) {
			amb->out.oom = 0;
			amb->out.len = off;
			return 0;
		}
		if (rti__flush(amb, 0) != RTI_OK)
			return -1;
	}
	return 0;
}

/* rti__wait_read without the heartbeats.  With a confirmed datagram
 * path (and no best-effort frame in dispatch) it polls both sockets and
 * drains the datagrams too. */
static int
wait_read(rti_ambassador *amb, double timeout_s)
{
	struct pollfd p[3] = { { amb->fd, POLLIN, 0 },
	    { amb->udp_fd, POLLIN, 0 }, { amb->mc_fd, POLLIN, 0 } };
	int ms, rc, np = 1, got = 0;

	if (amb->udp_state == RTI__UDP_CONFIRMED && !amb->dq_pinned)
		np = 2;
	if (amb->mc_fd >= 0 && !amb->dq_pinned) {
		/* the group socket in slot 2; slot 1 a no-op without UDP */
		if (np == 1)
			p[1].fd = -1;
		np = 3;
	}
	if (np == 1 && (rc = wait_recv(amb, timeout_s)) != -2)
		return rc;
	if (amb->out_off < amb->out.len)
		p[0].events |= POLLOUT;
	ms = timeout_s < 0 ? -1 : (int)(timeout_s * 1000.0 + 0.999);
	rc = poll(p, (nfds_t)np, ms);
	if (rc < 0) {
		if (errno == EINTR)
			return 0;
		lose_closed(amb, "poll: %s", strerror(errno));
		return -1;
	}
	if (p[0].revents & POLLOUT)
		if (rti__flush(amb, 0) != RTI_OK)
			return -1;
	if (np >= 2 && ((p[1].revents | (np == 3 ? p[2].revents : 0)) &
	    (POLLIN | POLLERR)))
		got = rti__udp_drain(amb) > 0;
	if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
		rc = rti__read_some(amb);
		return rc < 0 ? rc : rc | got;
	}
	return got;
}

/* Wait up to `timeout_s` (<0 = forever) for the socket to be readable and
 * read.  Returns as rti__read_some; 0 also on timeout.  With heartbeats,
 * the wait is at most a period, and a quiet one checks them. */
int
rti__wait_read(rti_ambassador *amb, double timeout_s)
{
	int rc;

	/* what the callbacks put in the datagram leaves before the wait:
	 * sending one never blocks */
	if (amb->dg_out.len)
		rti__udp_send(amb);
	if (amb->hb_timeout > 0 && (timeout_s < 0 ?
	    amb->rcvtmo == 0 || amb->rcvtmo > amb->hb_period || amb->wait_poll
	    || amb->out_off < amb->out.len : timeout_s > amb->hb_period))
		timeout_s = amb->hb_period;
	rc = wait_read(amb, timeout_s);
	if (rc >= 0 && amb->hb_timeout > 0 && rti__heartbeat(amb,
	    rti__now()) < 0)
		return -1;
	return rc;
}

static int
parse_url(rti_ambassador *amb, const char *url, char *host, size_t hostlen,
    char *port, size_t portlen, int *is_unix)
{
	const char *p = url, *colon;

	*is_unix = 0;
	if (!url || !*url)
		url = p = "tcp://127.0.0.1";
	if (strncmp(p, "unix://", 7) == 0) {
		*is_unix = 1;
		if (strlen(p + 7) == 0 || strlen(p + 7) >= hostlen)
			return -1;
		strcpy(host, p + 7);
		return 0;
	}
	if (strncmp(p, "tcp://", 6) == 0)
		p += 6;
	if (*p == '[') {
		const char *end = strchr(p, ']');

		if (!end || (size_t)(end - p - 1) >= hostlen)
			return -1;
		memcpy(host, p + 1, (size_t)(end - p - 1));
		host[end - p - 1] = '\0';
		colon = end[1] == ':' ? end + 1 : NULL;
		if (end[1] && !colon)
			return -1;
	} else {
		colon = strrchr(p, ':');
		size_t hl = colon ? (size_t)(colon - p) : strlen(p);

		if (hl == 0 || hl >= hostlen)
			return -1;
		memcpy(host, p, hl);
		host[hl] = '\0';
	}
	if (colon) {
		char *end;
		long v = strtol(colon + 1, &end, 10);

		if (*end || v <= 0 || v > 65535 || strlen(colon + 1) >= portlen)
			return -1;
		strcpy(port, colon + 1);
	} else {
		snprintf(port, portlen, "%d", RTI_DEFAULT_PORT);
	}
	(void)amb;
	return 0;
}

static int
open_socket(rti_ambassador *amb, const char *url)
{
	char host[256], port[16];
	int is_unix, fd = -1;

	if (parse_url(amb, url, host, sizeof host, port, sizeof port,
	    &is_unix) < 0)
		return rti__fail(amb, RTI_ERR_INVALID_LOCAL_SETTINGS_DESIGNATOR,
		    "bad rtiexec URL '%s' (want tcp://HOST:PORT or "
		    "unix:///PATH)", url);
	if (is_unix) {
		struct sockaddr_un un;

		memset(&un, 0, sizeof un);
		un.sun_family = AF_UNIX;
		if (strlen(host) >= sizeof un.sun_path)
			return rti__fail(amb,
			    RTI_ERR_INVALID_LOCAL_SETTINGS_DESIGNATOR,
			    "unix socket path too long");
		strcpy(un.sun_path, host);
		fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0 || connect(fd, (struct sockaddr *)&un,
		    sizeof un) < 0) {
			int e = errno;

			if (fd >= 0)
				close(fd);
			return rti__fail(amb, RTI_ERR_CONNECTION_FAILED,
			    "cannot connect to %s: %s", host, strerror(e));
		}
	} else {
		struct addrinfo hints, *res = NULL, *ai;
		int gai, e = 0;

		memset(&hints, 0, sizeof hints);
		hints.ai_family = AF_UNSPEC;
		hints.ai_socktype = SOCK_STREAM;
		gai = getaddrinfo(host, port, &hints, &res);
		if (gai != 0)
			return rti__fail(amb, RTI_ERR_CONNECTION_FAILED,
			    "cannot resolve %s: %s", host, gai_strerror(gai));
		for (ai = res; ai; ai = ai->ai_next) {
			fd = socket(ai->ai_family, ai->ai_socktype |
			    SOCK_CLOEXEC, ai->ai_protocol);
			if (fd < 0)
				continue;
			if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
				break;
			e = errno;
			close(fd);
			fd = -1;
		}
		freeaddrinfo(res);
		if (fd < 0)
			return rti__fail(amb, RTI_ERR_CONNECTION_FAILED,
			    "cannot connect to %s:%s: %s", host, port,
			    strerror(e ? e : ECONNREFUSED));
		(void)tcp_tune(fd);
	}
	amb->fd = fd;
	amb->rcvtmo = 0;
	if (!is_unix) {
		/* rti_get_fd's descriptor: the stream now, the datagram
		 * socket too once offered */
		struct epoll_event ev;

		memset(&ev, 0, sizeof ev);
		ev.events = EPOLLIN;
		ev.data.fd = fd;
		amb->epfd = epoll_create1(EPOLL_CLOEXEC);
		if (amb->epfd < 0 ||
		    epoll_ctl(amb->epfd, EPOLL_CTL_ADD, fd, &ev) < 0) {
			int e = errno;

			if (amb->epfd >= 0)
				close(amb->epfd);
			amb->epfd = -1;
			close(fd);
			amb->fd = -1;
			return rti__fail(amb, RTI_ERR_CONNECTION_FAILED,
			    "epoll: %s", strerror(e));
		}
	}
	/* A Unix-domain socket wakes a reader blocked in recv whenever its
	 * peer reads too (write space), a poll only for input: there a
	 * blocking recv costs extra wake-ups, so wait with poll. */
	amb->wait_poll = is_unix;
	return RTI_OK;
}

/* Heartbeats after a handshake whose HELLO_ACK said `ms` (0 = rtiexec
 * sends none and checks none: then neither does librti).  The period is
 * rtiexec's, or the own timeout's when that is shorter; the own timeout
 * is never below two of rtiexec's periods, which would lose a live
 * rtiexec. */
static void
hb_start(rti_ambassador *amb, uint32_t ms)
{
	double theirs = ms / 1000.0, t = theirs;

	amb->hb_timeout = 0;
	if (ms == 0)
		return;
	if (amb->hb_own > 0) {
		t = amb->hb_own;
		if (t < 2 * WIRE_HEARTBEAT_PERIOD(theirs))
			t = 2 * WIRE_HEARTBEAT_PERIOD(theirs);
	}
	amb->hb_timeout = t;
	amb->hb_period = WIRE_HEARTBEAT_PERIOD(t < theirs ? t : theirs);
	amb->last_rx = amb->last_tx = rti__now();
	amb->rx_seen = amb->rx_count;
	amb->tx_seen = amb->tx_count;
}

/* Open the socket to `url` and run the handshake (core_int.h). */
int
rti__conn_open(rti_ambassador *amb, const char *url)
{
	struct wire_buf *b;
	size_t off, poff;
	uint16_t type;
	uint32_t len, hb_ms = 0;
	double deadline;
	int rc;

	memset(&amb->ts, 0, sizeof amb->ts);
	rc = open_socket(amb, url);
	if (rc != RTI_OK)
		return rc;
	amb->connected = 1;
	b = rti__msg_begin(amb, WIRE_HELLO, &off);
	wire_put_u32(b, WIRE_MAGIC);
	wire_put_u16(b, WIRE_VERSION);
	wire_put_blob(b, amb->auth_key, amb->auth_key_len);
	if (rti__msg_end(amb, off, 1) != RTI_OK ||
	    rti__flush(amb, 1) != RTI_OK)
		goto lost;
	deadline = rti__now() + CONNECT_TIMEOUT_S;
	for (;;) {
		rc = rti__frame_at(amb, amb->in_off, &type, &poff, &len);
		if (rc < 0)
			goto bad;
		if (rc > 0)
			break;
		if (rti__now() > deadline) {
			rti__lose(amb, "no handshake answer within %.0f s",
			    CONNECT_TIMEOUT_S);
			goto lost;
		}
		if (rti__wait_read(amb, deadline - rti__now()) < 0)
			goto lost;
	}
	{
		struct wire_rd rd;

		wire_rd_init(&rd, amb->in.data + poff, len);
		amb->in_off = poff + len;
		if (type == WIRE_HELLO_NAK) {
			uint32_t err = wire_get_u32(&rd);
			const char *msg = wire_get_str(&rd, 1024);

			if (rd.err || err >= RTI_ERR__COUNT || err == 0)
				goto bad;
			amb->refused_busy = strncmp(msg, WIRE_NAK_BUSY,
			    sizeof WIRE_NAK_BUSY - 1) == 0;
			rc = rti__fail(amb, (int)err, "rtiexec refused: %s",
			    msg);
			rti__conn_close(amb);
			return rc;
		}
		if (type != WIRE_HELLO_ACK || wire_get_u32(&rd) != WIRE_MAGIC)
			goto bad;
		(void)wire_get_u16(&rd);
		amb->max_frame = wire_get_u32(&rd);
		hb_ms = wire_rd_left(&rd) >= 4 ? wire_get_u32(&rd) : 0;
		if (rd.err)
			goto bad;
	}
	hb_start(amb, hb_ms);
	/* the datagram offer follows the HELLO_ACK: taken now when it came
	 * with it (else when evoke reaches it) */
	if (rti__frame_at(amb, amb->in_off, &type, &poff, &len) > 0 &&
	    type == WIRE_CB_DGRAM_OFFER) {
		if (rti__dispatch(amb, type, amb->in.data + poff, len) < 0)
			goto bad;
		amb->in_off = poff + len;
	}
	return RTI_OK;
bad:
	rti__conn_close(amb);
	return rti__fail(amb, RTI_ERR_CONNECTION_FAILED,
	    "not an rtiexec (bad handshake)");
lost:
	rc = rti__fail(amb, RTI_ERR_CONNECTION_FAILED, "handshake failed: %s",
	    amb->lost_reason);
	rti__conn_close(amb);
	return rc;
}

/* ---- the best-effort path ---- */

/* Registrations sent before best effort stays on the stream, and their
 * spacing. */
#define UDP_TRIES 5
#define UDP_RETRY_S 0.25
/* Datagrams read per drain. */
#define UDP_DRAIN_BATCH 64
#define UDP_RBUF 65536
#define UDP_SOCKBUF (4 << 20)

void
rti__udp_close(rti_ambassador *amb)
{
	if (amb->udp_fd >= 0)
		close(amb->udp_fd);
	amb->udp_fd = -1;
	if (amb->mc_fd >= 0)
		close(amb->mc_fd);
	amb->mc_fd = -1;
	if (amb->mc)
		memset(amb->mc, 0, amb->n_mc * sizeof *amb->mc);
	free(amb->mc);
	amb->mc = NULL;
	amb->n_mc = amb->cap_mc = 0;
	amb->udp_state = RTI__UDP_NONE;
	amb->udp_want = 0;
	amb->udp_tries = 0;
	amb->udp_seq_in = amb->udp_seq_out = 0;
	memset(amb->udp_key, 0, sizeof amb->udp_key);
	wire_buf_free(&amb->dg_out);
	wire_buf_init(&amb->dg_out);
	if (!amb->dq_pinned) {
		wire_buf_free(&amb->dq);
		wire_buf_init(&amb->dq);
	} else {
		amb->dq.len = amb->dq_off;
	}
	amb->dq_off = amb->dq.len;
	free(amb->dg_in);
	amb->dg_in = NULL;
}

int
rti__udp_open(rti_ambassador *amb, uint64_t token, uint16_t port,
    uint16_t max, int mac)
{
	struct sockaddr_storage local, peer;
	socklen_t ll = sizeof local, pl = sizeof peer;
	struct epoll_event ev;
	int fd;

	if (amb->udp_fd >= 0 || amb->epfd < 0 || token == 0 || port == 0 ||
	    max < DGRAM_MIN_MAX || (mac && !amb->auth_key_len))
		return RTI_ERR_CONNECTION_FAILED;
	if (getsockname(amb->fd, (struct sockaddr *)&local, &ll) < 0 ||
	    getpeername(amb->fd, (struct sockaddr *)&peer, &pl) < 0 ||
	    (local.ss_family != AF_INET && local.ss_family != AF_INET6))
		return RTI_ERR_CONNECTION_FAILED;
	if (local.ss_family == AF_INET) {
		((struct sockaddr_in *)&local)->sin_port = 0;
		((struct sockaddr_in *)&peer)->sin_port = htons(port);
	} else {
		((struct sockaddr_in6 *)&local)->sin6_port = 0;
		((struct sockaddr_in6 *)&peer)->sin6_port = htons(port);
	}
	fd = socket(local.ss_family, SOCK_DGRAM | SOCK_NONBLOCK |
	    SOCK_CLOEXEC, 0);
	if (fd < 0)
		return RTI_ERR_CONNECTION_FAILED;
	/* room for a burst between two evokes (the kernel caps it at
	 * net.core.rmem_max) */
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &(int){ UDP_SOCKBUF },
	    sizeof(int));
	/* bound to the stream's local address, connected to rtiexec's UDP
	 * address: the kernel takes datagrams from there only */
	memset(&ev, 0, sizeof ev);
	ev.events = EPOLLIN;
	ev.data.fd = fd;
	if (bind(fd, (struct sockaddr *)&local, ll) < 0 ||
	    connect(fd, (struct sockaddr *)&peer, pl) < 0 ||
	    epoll_ctl(amb->epfd, EPOLL_CTL_ADD, fd, &ev) < 0) {
		close(fd);
		return RTI_ERR_CONNECTION_FAILED;
	}
	amb->udp_fd = fd;
	amb->udp_token = token;
	amb->udp_max = max;
	amb->udp_mac = mac;
	if (mac)
		dgram_key(amb->auth_key, amb->auth_key_len, token,
		    amb->udp_key);
	amb->udp_state = RTI__UDP_OFFERED;
	if (amb->udp_want)
		rti__udp_want(amb);
	return RTI_OK;
}

/* Seal the datagram `b` (header and frames) and send it; 0 or -1. */
static int
udp_send_buf(rti_ambassador *amb, struct wire_buf *b)
{
	size_t n = b->len;
	ssize_t r;

	dgram_put_header(b->data, amb->udp_token, ++amb->udp_seq_out,
	    amb->udp_mac ? DGRAM_F_MAC : 0);
	if (amb->udp_mac) {
		if (wire_buf_reserve(b, DGRAM_MAC_SIZE) < 0) {
			b->oom = 0;
			return -1;
		}
		n = dgram_seal(b->data, n, amb->udp_key);
	}
	do
		r = send(amb->udp_fd, b->data, n, MSG_DONTWAIT | MSG_NOSIGNAL);
	while (r < 0 && errno == EINTR);
	if (r != (ssize_t)n)
		return -1;
	amb->ts.datagrams_sent++;
	amb->ts.bytes_sent += n;
	return 0;
}

/* Send one registration datagram. */
static void
udp_register(rti_ambassador *amb)
{
	struct wire_buf b;
	size_t off;

	wire_buf_init(&b);
	if (wire_buf_reserve(&b, DGRAM_HEADER_SIZE) == 0) {
		b.len = DGRAM_HEADER_SIZE;
		off = wire_frame_begin(&b, DGRAM_REGISTER);
		wire_frame_end(&b, off);
		if (b.oom || udp_send_buf(amb, &b) < 0)
			amb->ts.send_failed++;
	}
	wire_buf_free(&b);
	amb->udp_tries++;
	amb->udp_next_try = rti__now() + UDP_RETRY_S;
	amb->udp_state = RTI__UDP_REGISTERING;
}

void
rti__udp_want(rti_ambassador *amb)
{
	amb->udp_want = 1;
	if (amb->udp_state == RTI__UDP_OFFERED)
		udp_register(amb);
}

int
rti__udp_ready(const rti_ambassador *amb)
{
	return amb->udp_state == RTI__UDP_CONFIRMED;
}

void
rti__udp_evoke(rti_ambassador *amb, double now)
{
	if (amb->udp_state != RTI__UDP_REGISTERING || now < amb->udp_next_try)
		return;
	if (amb->udp_tries >= UDP_TRIES) {
		/* a firewall, say: best effort stays on the stream */
		amb->udp_state = RTI__UDP_FAILED;
		return;
	}
	udp_register(amb);
}

void
rti__udp_send(rti_ambassador *amb)
{
	if (amb->dg_out.len <= DGRAM_HEADER_SIZE)
		return;
	if (amb->udp_fd < 0 || udp_send_buf(amb, &amb->dg_out) < 0)
		amb->ts.send_failed++;
	amb->dg_out.len = 0;
}

void
rti__udp_dropped(rti_ambassador *amb, int late)
{
	if (late)
		amb->ts.late++;
	else
		amb->ts.unknown++;
}

int
rti__msg_end_be(rti_ambassador *amb, size_t off)
{
	size_t len, room;

	if (amb->msg_bad || amb->out.oom)
		return rti__msg_end(amb, off, 0);
	wire_frame_end(&amb->out, off);
	len = amb->out.len - off;
	room = (size_t)amb->udp_max - DGRAM_HEADER_SIZE -
	    (amb->udp_mac ? DGRAM_MAC_SIZE : 0);
	if (amb->udp_state == RTI__UDP_CONFIRMED && len <= room) {
		if (amb->dg_out.len && amb->dg_out.len + len >
		    DGRAM_HEADER_SIZE + room)
			rti__udp_send(amb);
		if (amb->dg_out.len == 0 &&
		    wire_buf_reserve(&amb->dg_out, DGRAM_HEADER_SIZE) == 0)
			amb->dg_out.len = DGRAM_HEADER_SIZE;
		wire_put_raw(&amb->dg_out, amb->out.data + off, len);
		amb->out.len = off;
		if (amb->dg_out.oom) {
			amb->dg_out.oom = 0;
			amb->dg_out.len = 0;
			amb->ts.send_failed++;
		}
		rti__out_note(amb);
		return RTI_OK;
	}
	if (amb->udp_state == RTI__UDP_CONFIRMED)
		amb->ts.too_large++;
	else
		amb->ts.unconfirmed++;
	wire_put16(amb->out.data + off + 6, WIRE_FLAG_BEST_EFFORT);
	return rti__out_queued(amb);
}

/* Queue the frames of datagram p[0..n): 1 queued, 0 dropped.  Taken
 * while registering too: rtiexec sends once it confirmed, before this
 * end has read the confirmation. */
static int
udp_take(rti_ambassador *amb, const uint8_t *p, size_t n)
{
	const uint8_t *fr, *at, *pl;
	struct dgram_hdr h;
	size_t len, left, start;
	uint16_t type, flags;
	uint32_t plen;

	if (dgram_open(p, n, amb->udp_mac ? amb->udp_key : NULL,
	    WIRE_DEFAULT_MAX_FRAME, &h, &fr, &len) != DGRAM_OK ||
	    h.token != amb->udp_token ||
	    (amb->udp_state != RTI__UDP_CONFIRMED &&
	    amb->udp_state != RTI__UDP_REGISTERING)) {
		amb->ts.rejected++;
		return 0;
	}
	for (at = fr, left = len;
	    dgram_next(&at, &left, &type, &flags, &pl, &plen);)
		if (type != WIRE_CB_REFLECT && type != WIRE_CB_INTERACTION) {
			amb->ts.rejected++;
			return 0;
		}
	if (!dgram_seq_newer(h.seq, amb->udp_seq_in)) {
		amb->ts.stale++;
		return 0;
	}
	amb->udp_seq_in = h.seq;
	amb->ts.datagrams_received++;
	amb->ts.bytes_received += n;
	start = amb->dq.len;
	wire_put_raw(&amb->dq, fr, len);
	if (amb->dq.oom) {
		amb->dq.oom = 0;
		amb->dq.len = start;
		return 0;
	}
	/* marked as come by UDP, for their handlers */
	for (at = amb->dq.data + start, left = len;
	    dgram_next(&at, &left, &type, &flags, &pl, &plen);)
		wire_put16((uint8_t *)(uintptr_t)pl - 2,
		    (uint16_t)(flags | RTI__RX_DGRAM));
	return 1;
}

int
rti__udp_drain(rti_ambassador *amb)
{
	ssize_t n;
	int i, k = 0;

	if (amb->udp_fd < 0 || amb->dq_pinned || amb->lost)
		return rti__mc_drain(amb);
	if (!amb->dg_in && !(amb->dg_in = malloc(UDP_RBUF)))
		return 0;
	if (amb->dq_off == amb->dq.len)
		amb->dq.len = amb->dq_off = 0;
	for (i = 0; i < UDP_DRAIN_BATCH; i++) {
		n = recv(amb->udp_fd, amb->dg_in, UDP_RBUF, MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		k += udp_take(amb, amb->dg_in, (size_t)n);
	}
	return k + rti__mc_drain(amb);
}

/* ---- multicast groups (rtiexec --multicast) ---- */

/* Tell rtiexec whether this federate is a member of `token`'s group. */
static void
mc_answer(rti_ambassador *amb, uint64_t token, int ok)
{
	size_t off;

	off = wire_frame_begin(&amb->out, WIRE_MC_JOINED);
	wire_put_u64(&amb->out, token);
	wire_put_u8(&amb->out, (uint8_t)ok);
	wire_frame_end(&amb->out, off);
	if (amb->out.oom) {
		/* rtiexec keeps unicasting to it: nothing lost */
		amb->out.oom = 0;
		amb->out.len = off;
		return;
	}
	rti__out_note(amb);
}

/* The group socket on `port`: bound to it on every address (a group
 * datagram is addressed to the group), IP_MULTICAST_ALL off (only the
 * groups joined on it), in rti_get_fd's epoll set.  0 or -1. */
static int
mc_socket(rti_ambassador *amb, uint16_t port)
{
	struct sockaddr_in sa;
	struct epoll_event ev;
	int fd;

	if (amb->mc_fd >= 0)
		return amb->mc_port == port ? 0 : -1;
	if (amb->epfd < 0)
		return -1;
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons(port);
	sa.sin_addr.s_addr = htonl(INADDR_ANY);
	memset(&ev, 0, sizeof ev);
	ev.events = EPOLLIN;
	ev.data.fd = fd;
	/* several federates of a host share the port */
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &(int){ 1 },
	    sizeof(int)) < 0 ||
	    setsockopt(fd, IPPROTO_IP, IP_MULTICAST_ALL, &(int){ 0 },
	    sizeof(int)) < 0 ||
	    bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 ||
	    epoll_ctl(amb->epfd, EPOLL_CTL_ADD, fd, &ev) < 0) {
		close(fd);
		return -1;
	}
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &(int){ UDP_SOCKBUF },
	    sizeof(int));
	amb->mc_fd = fd;
	amb->mc_port = port;
	return 0;
}

/* IP_ADD_MEMBERSHIP (`add`) or IP_DROP_MEMBERSHIP of `addr` on the
 * interface of the stream to rtiexec.  0 or -1. */
static int
mc_membership(rti_ambassador *amb, uint32_t addr, int add)
{
	struct sockaddr_storage local;
	socklen_t ll = sizeof local;
	struct ip_mreqn m;

	if (getsockname(amb->fd, (struct sockaddr *)&local, &ll) < 0 ||
	    local.ss_family != AF_INET)
		return -1;
	memset(&m, 0, sizeof m);
	m.imr_multiaddr.s_addr = htonl(addr);
	m.imr_address = ((struct sockaddr_in *)&local)->sin_addr;
	return setsockopt(amb->mc_fd, IPPROTO_IP, add ? IP_ADD_MEMBERSHIP :
	    IP_DROP_MEMBERSHIP, &m, sizeof m);
}

static struct rti__mc_group *
mc_find(rti_ambassador *amb, uint64_t token)
{
	size_t i;

	for (i = 0; i < amb->n_mc; i++)
		if (amb->mc[i].token == token)
			return &amb->mc[i];
	return NULL;
}

/* Another group joined at `addr` (than *g)? */
static int
mc_addr_shared(const rti_ambassador *amb, const struct rti__mc_group *g)
{
	size_t i;

	for (i = 0; i < amb->n_mc; i++)
		if (&amb->mc[i] != g && amb->mc[i].addr == g->addr)
			return 1;
	return 0;
}

void
rti__mc_order(rti_ambassador *amb, int join, uint64_t token, uint32_t addr,
    uint16_t port, int mac)
{
	struct rti__mc_group *g = mc_find(amb, token);
	size_t i;

	if (!join) {
		if (!g)
			return;
		if (!mc_addr_shared(amb, g))
			(void)mc_membership(amb, g->addr, 0);
		memset(g->key, 0, sizeof g->key);
		i = (size_t)(g - amb->mc);
		amb->mc[i] = amb->mc[--amb->n_mc];
		return;
	}
	if (g) {
		mc_answer(amb, token, 1);
		return;
	}
	if ((mac && !amb->auth_key_len) || mc_socket(amb, port) < 0 ||
	    wire_grow((void **)&amb->mc, &amb->cap_mc, amb->n_mc + 1,
	    sizeof *amb->mc)) {
		amb->ts.mc_join_failed++;
		mc_answer(amb, token, 0);
		return;
	}
	g = &amb->mc[amb->n_mc];
	memset(g, 0, sizeof *g);
	g->token = token;
	g->addr = addr;
	g->mac = mac;
	if (!mc_addr_shared(amb, g) && mc_membership(amb, addr, 1) < 0 &&
	    errno != EADDRINUSE) {
		amb->ts.mc_join_failed++;
		mc_answer(amb, token, 0);
		return;
	}
	if (mac)
		dgram_key(amb->auth_key, amb->auth_key_len, token, g->key);
	amb->n_mc++;
	mc_answer(amb, token, 1);
}

/* Is `from` rtiexec's UDP socket (the stream's peer, the offer's
 * port)? */
static int
mc_from_rtiexec(rti_ambassador *amb, const struct sockaddr_in *from)
{
	struct sockaddr_storage peer;
	socklen_t pl = sizeof peer;

	return getpeername(amb->fd, (struct sockaddr *)&peer, &pl) == 0 &&
	    peer.ss_family == AF_INET && from->sin_family == AF_INET &&
	    ((struct sockaddr_in *)&peer)->sin_addr.s_addr ==
	    from->sin_addr.s_addr && ntohs(from->sin_port) ==
	    amb->udp_srv_port;
}

/* One group datagram p[0..n) from `from`: 1 when something was queued. */
static int
mc_take(rti_ambassador *amb, const uint8_t *p, size_t n,
    const struct sockaddr_in *from)
{
	const uint8_t *fr;
	struct rti__mc_group *g;
	struct mcsel_count c = { 0, 0, 0 };
	struct dgram_hdr h;
	size_t len;
	int took;

	if (!mc_from_rtiexec(amb, from) || dgram_peek(p, n, &h) != DGRAM_OK ||
	    !(g = mc_find(amb, h.token)) ||
	    dgram_open(p, n, g->mac ? g->key : NULL, WIRE_DEFAULT_MAX_FRAME,
	    &h, &fr, &len) != DGRAM_OK || !mcsel_frames_ok(fr, len)) {
		amb->ts.rejected++;
		return 0;
	}
	if (g->any && !dgram_seq_newer(h.seq, g->seq)) {
		amb->ts.stale++;
		return 0;
	}
	g->seq = h.seq;
	g->any = 1;
	amb->ts.mc_datagrams_received++;
	amb->ts.mc_bytes_received += n;
	took = mcsel_take(&amb->dq, fr, len, amb->self.id, RTI__RX_DGRAM, &c);
	amb->ts.mc_not_addressed += c.not_addressed;
	amb->ts.mc_cut += c.cut;
	amb->ts.rejected += c.rejected;
	return took;
}

int
rti__mc_drain(rti_ambassador *amb)
{
	struct sockaddr_in from;
	socklen_t fl;
	ssize_t n;
	int i, k = 0;

	if (amb->mc_fd < 0 || amb->dq_pinned || amb->lost)
		return 0;
	if (!amb->dg_in && !(amb->dg_in = malloc(UDP_RBUF)))
		return 0;
	if (amb->dq_off == amb->dq.len)
		amb->dq.len = amb->dq_off = 0;
	for (i = 0; i < UDP_DRAIN_BATCH; i++) {
		fl = sizeof from;
		n = recvfrom(amb->mc_fd, amb->dg_in, UDP_RBUF, MSG_DONTWAIT,
		    (struct sockaddr *)&from, &fl);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		k += mc_take(amb, amb->dg_in, (size_t)n, &from);
	}
	return k;
}
