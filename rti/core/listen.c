/* SPDX-License-Identifier: Apache-2.0 */
/*
 * listen.c - listeners and the connection bounds: TCP and Unix-domain
 * listeners, accepting (a new connection, or a refusal told why), the
 * bounds on connections and startups per server and per address, the
 * handshake deadline, and the back-off when out of descriptors.
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
#include "tcp.h"

/*
 * Connection bounds.  What a client can make rtiexec hold before its
 * HELLO is accepted is bounded: at most max_startups such connections
 * (per_source of them from one address; a Unix-domain peer is one
 * address), each with at most RTI_PREAUTH_MAX_FRAME bytes of input, for
 * at most the handshake timeout; and at most max_conns connections in
 * all, fewer than the descriptor limit.  Startups are kept on their own
 * list in accept order, so one timer for the oldest deadline closes the
 * late ones without a walk over every connection.
 *
 * A full startup bound never locks anyone out.  A new connection takes
 * the place of the oldest startup (from its own address when the
 * per-address bound is the full one): that one is read once more, and
 * unless its HELLO was waiting it is told why (HELLO_NAK WIRE_NAK_BUSY,
 * which librti retries for about a second) and closed, as sshd's
 * MaxStartups drops early.  A flood of idle connections thus delays a
 * federate by at most librti's retries, whatever its rate.  Beyond
 * max_conns a connection is accepted, told why and closed at once.
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

/* The oldest startup (from `k` only, unless NULL), or NULL. */
static struct conn *
oldest_startup(struct rti_server *srv, const struct peer_key *k)
{
	struct conn *c;

	for (c = srv->st_head; c; c = c->st_next)
		if (!k || peer_key_eq(&c->key, k))
			return c;
	return NULL;
}

/* Room for one more startup (from `k` only, unless NULL): the oldest is
 * read once more (a burst of federates is accepted faster than their
 * HELLOs are read, and its HELLO may be waiting), and closed, told why,
 * unless that made it a federate or closed it.  Costs one recv(). */
static void
make_room(struct rti_server *srv, const struct peer_key *k, enum srv_rl r,
    const char *peer)
{
	struct conn *c = oldest_startup(srv, k);

	if (!c)
		return;
	conn_read_cb(c->fd, EV_READ, c); /* may free c only */
	if (oldest_startup(srv, k) != c)
		return;
	srv->pub.stats.startups_evicted++;
	rl_log(srv, r, LOG_INFO, "connection %u (%s) without a handshake "
	    "closed to make room for one from %s (%s)", c->id, c->peer, peer,
	    r == RL_PER_SOURCE ? "--per-source-max-startups" :
	    "--max-startups");
	send_nak(c, RTI_ERR_CONNECTION_FAILED, WIRE_NAK_BUSY
	    "; the oldest is closed to make room");
	conn_close(c, "closed to make room"); /* unlinks c */
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
	srv->pub.stats.conns_refused++;
}

/* Close startups whose handshake deadline passed; arm for the next. */
void
handshake_timeout_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	double now = mono_now();
	struct timeval tv;
	struct conn *c;

	(void)fd;
	(void)what;
	while ((c = srv->st_head) != NULL && c->hs_deadline <= now + 0.001) {
		/* a HELLO waiting unread is in time */
		conn_read_cb(c->fd, EV_READ, c); /* may free c only */
		if (srv->st_head != c)
			continue;
		srv->pub.stats.handshake_timeouts++;
		rl_log(srv, RL_HANDSHAKE_TIMEOUT, LOG_INFO, "connection %u "
		    "(%s): no handshake within %g s; closing", c->id, c->peer,
		    srv->pub.cfg.handshake_timeout);
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
	struct rti_server *srv = c->pub.srv;
	struct timeval tv;

	c->startup = 1;
	c->hs_deadline = mono_now() + srv->pub.cfg.handshake_timeout;
	c->st_next = NULL;
	c->st_prev = srv->st_tail;
	if (srv->st_tail)
		srv->st_tail->st_next = c;
	else
		srv->st_head = c;
	srv->st_tail = c;
	srv->n_startups++;
	if (!event_pending(srv->hs_ev, EV_TIMEOUT, NULL)) {
		tv_of(&tv, srv->pub.cfg.handshake_timeout);
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
		make_room(srv, NULL, RL_MAX_STARTUPS, peer);
	if (startups_from(srv, &key) >= srv->per_source)
		make_room(srv, &key, RL_PER_SOURCE, peer);
	if (srv->n_startups >= srv->max_startups ||
	    startups_from(srv, &key) >= srv->per_source) {
		/* only when no startup could be closed (out of memory) */
		rl_log(srv, RL_MAX_STARTUPS, LOG_WARN, "connection from %s "
		    "refused: %u connections without a handshake "
		    "(--max-startups)", peer, srv->n_startups);
		refuse_fd(srv, fd, WIRE_NAK_BUSY);
		return;
	}
	c = calloc(1, sizeof *c);
	if (!c) {
		evutil_closesocket(fd);
		return;
	}
	c->pub.srv = srv;
	c->fd = fd;
	c->id = ++srv->next_conn_id;
	c->key = key;
	memcpy(c->peer, peer, sizeof c->peer);
	wire_buf_init(&c->in);
	wire_buf_init(&c->out);
	if (sa->sa_family == AF_INET || sa->sa_family == AF_INET6)
		(void)tcp_tune(fd);
	c->rev = event_new(srv->pub.base, fd, EV_READ | EV_PERSIST,
	    conn_read_cb,
	    c);
	c->wev = event_new(srv->pub.base, fd, EV_WRITE | EV_PERSIST,
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
	srv->pub.stats.conns_total++;
	rti_log(srv, LOG_DEBUG, "connection %u from %s", c->id, c->peer);
}

void
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
void
bounds_init(struct rti_server *srv)
{
	struct rti_config *cfg = &srv->pub.cfg;
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

int
listen_tcp(struct rti_server *srv)
{
	struct sockaddr_storage ss;
	socklen_t sslen;
	struct sockaddr_in *in = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
	const char *addr = srv->pub.cfg.bind_addr ? srv->pub.cfg.bind_addr :
	    "127.0.0.1";
	evutil_socket_t fd;

	memset(&ss, 0, sizeof ss);
	if (inet_pton(AF_INET, addr, &in->sin_addr) == 1) {
		in->sin_family = AF_INET;
		in->sin_port = htons((uint16_t)srv->pub.cfg.port);
		sslen = sizeof *in;
	} else if (inet_pton(AF_INET6, addr, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)srv->pub.cfg.port);
		sslen = sizeof *in6;
	} else {
		rti_log(srv, LOG_ERROR, "bad bind address '%s' (want a "
		    "numeric IPv4 or IPv6 address)", addr);
		return -1;
	}
	srv->tcp_listener = evconnlistener_new_bind(srv->pub.base, accept_cb,
	    srv,
	    LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE, 128,
	    (struct sockaddr *)&ss, (int)sslen);
	if (!srv->tcp_listener) {
		rti_log(srv, LOG_ERROR, "cannot listen on %s:%d: %s", addr,
		    srv->pub.cfg.port, strerror(errno));
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

int
listen_unix(struct rti_server *srv)
{
	struct sockaddr_un un;

	memset(&un, 0, sizeof un);
	un.sun_family = AF_UNIX;
	if (strlen(srv->pub.cfg.unix_path) >= sizeof un.sun_path) {
		rti_log(srv, LOG_ERROR, "unix socket path too long: %s",
		    srv->pub.cfg.unix_path);
		return -1;
	}
	strcpy(un.sun_path, srv->pub.cfg.unix_path);
	unlink(srv->pub.cfg.unix_path);
	srv->unix_listener = evconnlistener_new_bind(srv->pub.base, accept_cb,
	    srv, LEV_OPT_CLOSE_ON_FREE, 128, (struct sockaddr *)&un,
	    sizeof un);
	if (!srv->unix_listener) {
		rti_log(srv, LOG_ERROR, "cannot listen on %s: %s",
		    srv->pub.cfg.unix_path, strerror(errno));
		return -1;
	}
	evconnlistener_set_error_cb(srv->unix_listener, listener_error_cb);
	rti_log(srv, LOG_INFO, "listening on unix socket %s",
	    srv->pub.cfg.unix_path);
	return 0;
}
