/* SPDX-License-Identifier: Apache-2.0 */
/*
 * udp.c - the best-effort path of rtiexec: one UDP socket beside the TCP
 * listener (same address, the same port number when it is free), the
 * per-connection token and registration, datagram input checked and
 * dispatched through the handlers TCP frames go to, and datagram output
 * filled per subscriber and sent at the end of the loop turn.
 *
 * Contract (rti-protocol(7) DATAGRAMS, librti-object(3) TRANSPORTATION):
 *  - each TCP connection gets a random 64-bit token in
 *    WIRE_CB_DGRAM_OFFER right after its HELLO_ACK; the federate's
 *    DGRAM_REGISTER datagram carrying it, from the TCP peer's IP address
 *    (and with the right MAC under --auth-key-file), fixes the
 *    federate's UDP address; WIRE_CB_DGRAM_CONFIRM tells it so;
 *  - a datagram is taken only from that address, with that token, the
 *    right MAC, a sequence number newer than the last taken, and frames
 *    of the best-effort kinds only; anything else is dropped and counted
 *    (the log line rate-limited, RL_DGRAM); a taken frame is dispatched
 *    with srv->pub.dispatch_be and dispatch_dgram set, so that its handler's
 *    refusals are counted, not told, and its reflections go best effort;
 *  - output never blocks and is never queued beyond one datagram per
 *    connection and loop turn: a full datagram is sent at once, the rest
 *    by udp_flush; a send that fails is counted and the datagram is
 *    gone.  udp_send takes any destination (not only a federate's).
 * The multicast groups are the MC module's (rti/mc/mc.c), which sends
 * on this socket.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "udp_int.h"

#define UDP_RBUF (64u * 1024)
/* Datagrams read per readable event: the loop's other work is not held
 * back by a flood. */
#define UDP_READ_BATCH 64
#define UDP_SOCKBUF (4 << 20)

static void udp_read_cb(evutil_socket_t fd, short what, void *arg);

/* Bind a datagram socket to `ss` with `port`: the descriptor, or -1. */
static evutil_socket_t
bind_udp(struct sockaddr_storage *ss, socklen_t len, int port)
{
	evutil_socket_t fd;

	if (ss->ss_family == AF_INET)
		((struct sockaddr_in *)ss)->sin_port = htons((uint16_t)port);
	else
		((struct sockaddr_in6 *)ss)->sin6_port =
		    htons((uint16_t)port);
	fd = socket(ss->ss_family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
	    0);
	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)ss, len) < 0) {
		close(fd);
		return -1;
	}
	/* room for the bursts of a loop turn (capped by the kernel at
	 * net.core.rmem_max and wmem_max) */
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &(int){ UDP_SOCKBUF },
	    sizeof(int));
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &(int){ UDP_SOCKBUF },
	    sizeof(int));
	return fd;
}


int
udp_init(struct rti_server *srv)
{
	const char *addr = srv->pub.cfg.bind_addr ? srv->pub.cfg.bind_addr :
	    "127.0.0.1";
	struct sockaddr_storage ss;
	socklen_t len;
	struct udp_srv *u;
	int e;

	if (srv->pub.cfg.udp_off) {
		rti_log(srv, LOG_INFO, "best effort travels on the stream "
		    "(--udp off)");
		return 0;
	}
	memset(&ss, 0, sizeof ss);
	if (inet_pton(AF_INET, addr,
	    &((struct sockaddr_in *)&ss)->sin_addr) == 1) {
		ss.ss_family = AF_INET;
		len = sizeof(struct sockaddr_in);
	} else if (inet_pton(AF_INET6, addr,
	    &((struct sockaddr_in6 *)&ss)->sin6_addr) == 1) {
		ss.ss_family = AF_INET6;
		len = sizeof(struct sockaddr_in6);
	} else {
		return 0; /* listen_tcp refused it already */
	}
	if (!(u = calloc(1, sizeof *u)) || !(u->rbuf = malloc(UDP_RBUF)) ||
	    IDMAP_INIT(&u->by_token, struct udp_peer, tnode, token) < 0) {
		if (u)
			free(u->rbuf);
		free(u);
		return -1;
	}
	u->max = srv->pub.cfg.udp_max_datagram ? srv->pub.cfg.udp_max_datagram :
	    DGRAM_DEFAULT_MAX;
	u->port = srv->bound_port;
	u->fd = bind_udp(&ss, len, u->port);
	if (u->fd < 0) {
		e = errno;
		u->fd = bind_udp(&ss, len, 0);
		if (u->fd >= 0) {
			struct sockaddr_storage b;
			socklen_t bl = sizeof b;

			if (getsockname(u->fd, (struct sockaddr *)&b, &bl) ==
			    0)
				u->port = ntohs(b.ss_family == AF_INET ?
				    ((struct sockaddr_in *)&b)->sin_port :
				    ((struct sockaddr_in6 *)&b)->sin6_port);
			rti_log(srv, LOG_WARN, "UDP port %d: %s; datagrams "
			    "on UDP port %d instead", srv->bound_port,
			    strerror(e), u->port);
		}
	}
	if (u->fd < 0 && srv->pub.cfg.mc_on) {
		rti_log(srv, LOG_ERROR, "no UDP socket on %s (%s): no "
		    "--multicast", addr, strerror(errno));
		free(u->rbuf);
		free(u);
		return -1;
	}
	if (u->fd < 0) {
		rti_log(srv, LOG_WARN, "no UDP socket on %s (%s): best "
		    "effort travels on the stream", addr, strerror(errno));
		idmap_fini(&u->by_token);
		free(u->rbuf);
		free(u);
		return 0;
	}
	u->ev = event_new(srv->pub.base, u->fd, EV_READ | EV_PERSIST,
	    udp_read_cb, srv);
	if (!u->ev || event_add(u->ev, NULL) < 0) {
		if (u->ev)
			event_free(u->ev);
		close(u->fd);
		idmap_fini(&u->by_token);
		free(u->rbuf);
		free(u);
		return -1;
	}
	u->bound = ss;
	srv->udp = u;
	rti_log(srv, LOG_INFO, "best effort by UDP on %s port %d, datagrams "
	    "up to %u bytes", addr, u->port, u->max);
	return 0;
}

void
udp_fini(struct rti_server *srv)
{
	struct udp_srv *u = srv->udp;

	if (!u)
		return;
	event_free(u->ev);
	close(u->fd);
	idmap_fini(&u->by_token);
	free(u->rbuf);
	free(u);
	srv->udp = NULL;
}

void
udp_conn_start(struct conn *c)
{
	struct rti_server *srv = c->pub.srv;
	struct udp_peer *p;
	struct wire_buf *b;
	size_t off;

	if (!srv->udp || (c->key.family != AF_INET &&
	    c->key.family != AF_INET6) || c->udp)
		return;
	if (!(p = calloc(1, sizeof *p)))
		return;
	do {
		if (getrandom(&p->token, sizeof p->token, 0) !=
		    (ssize_t)sizeof p->token) {
			rti_log(srv, LOG_WARN, "connection %u (%s): no random "
			    "token (%s): best effort on its stream", c->id,
			    c->peer, strerror(errno));
			free(p);
			return;
		}
	} while (p->token == 0 || IDMAP_GET(&srv->udp->by_token, p->token,
	    struct udp_peer, tnode, token));
	if (udp_mac_on(srv))
		dgram_key(srv->pub.cfg.auth_key, srv->pub.cfg.auth_key_len,
		    p->token,
		    p->key);
	p->c = c;
	wire_buf_init(&p->dg);
	idmap_put(&srv->udp->by_token, &p->tnode);
	c->udp = p;
	b = srv_frame(srv, WIRE_CB_DGRAM_OFFER, &off);
	wire_put_u64(b, p->token);
	wire_put_u16(b, (uint16_t)srv->udp->port);
	wire_put_u16(b, (uint16_t)srv->udp->max);
	wire_put_u8(b, (uint8_t)udp_mac_on(srv));
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

static void
flush_unlink(struct rti_server *srv, struct udp_peer *p)
{
	struct udp_peer **pp;

	if (!p->flush_pending)
		return;
	for (pp = &srv->udp->flush_head; *pp; pp = &(*pp)->flush_next)
		if (*pp == p) {
			*pp = p->flush_next;
			break;
		}
	p->flush_pending = 0;
}

void
udp_conn_free(struct conn *c)
{
	struct udp_peer *p = c->udp;

	if (!p)
		return;
	flush_unlink(c->pub.srv, p);
	if (c->pub.srv->udp)
		idmap_del(&c->pub.srv->udp->by_token, &p->tnode);
	wire_buf_free(&p->dg);
	memset(p->key, 0, sizeof p->key);
	free(p);
	c->udp = NULL;
}

int
udp_send(struct udp_srv *u, const struct sockaddr *to, socklen_t tolen,
    const uint8_t *p, size_t n)
{
	ssize_t r;

	do
		r = sendto(u->fd, p, n, MSG_DONTWAIT | MSG_NOSIGNAL, to,
		    tolen);
	while (r < 0 && errno == EINTR);
	return r == (ssize_t)n ? 0 : -1;
}

int
udp_sendto(struct rti_server *srv, const struct sockaddr *to,
    socklen_t tolen, const uint8_t *p, size_t n)
{
	return udp_send(srv->udp, to, tolen, p, n);
}

int
udp_on(const struct rti_server *srv)
{
	return srv->udp != NULL;
}

evutil_socket_t
udp_fd(const struct rti_server *srv)
{
	return srv->udp->fd;
}

const struct sockaddr_storage *
udp_bound(const struct rti_server *srv)
{
	return &srv->udp->bound;
}

int
udp_port(const struct rti_server *srv)
{
	return srv->udp->port;
}

size_t
udp_room(const struct rti_server *srv)
{
	return udp_frame_room(srv);
}

int
conn_has_udp(const struct conn *c)
{
	return c->udp != NULL;
}

void
conn_mc_taken(struct conn *c)
{
	c->ust.mc_taken++;
	c->pub.srv->pub.stats.udp.mc_taken++;
}

size_t
udp_seal(struct rti_server *srv, struct wire_buf *dg, uint64_t token,
    uint32_t seq, const uint8_t *key)
{
	size_t n = dg->len;

	dgram_put_header(dg->data, token, seq,
	    udp_mac_on(srv) ? DGRAM_F_MAC : 0);
	if (!udp_mac_on(srv))
		return n;
	if (wire_buf_reserve(dg, DGRAM_MAC_SIZE) < 0) {
		dg->oom = 0;
		dg->len = 0;
		return 0;
	}
	return dgram_seal(dg->data, n, key);
}
/* Seal and send the datagram `p` filled; it is empty after. */
static void
peer_send(struct rti_server *srv, struct udp_peer *p)
{
	struct conn *c = p->c;
	size_t n;

	if (p->dg.len <= DGRAM_HEADER_SIZE) {
		p->dg.len = 0;
		return;
	}
	if (!(n = udp_seal(srv, &p->dg, p->token, ++p->seq_out, p->key))) {
		c->ust.send_failed++;
		srv->pub.stats.udp.send_failed++;
		return;
	}
	if (udp_send(srv->udp, (struct sockaddr *)&p->to, p->tolen,
	    p->dg.data, n) == 0) {
		c->ust.dg_out++;
		c->ust.bytes_out += n;
		srv->pub.stats.udp.dg_out++;
		srv->pub.stats.udp.bytes_out += n;
	} else {
		c->ust.send_failed++;
		srv->pub.stats.udp.send_failed++;
	}
	p->dg.len = 0;
}

void
udp_flush(struct rti_server *srv)
{
	struct udp_peer *p;

	if (!srv->udp)
		return;
	while ((p = srv->udp->flush_head) != NULL) {
		srv->udp->flush_head = p->flush_next;
		p->flush_pending = 0;
		peer_send(srv, p);
	}
}

int
conn_send_be(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len)
{
	struct rti_server *srv = c->pub.srv;
	struct udp_peer *p = c->udp;
	size_t len = head_len + body_len;

	if (c->closing)
		return -1;
	if (!p || !p->confirmed) {
		c->ust.unconfirmed++;
		srv->pub.stats.udp.unconfirmed++;
		return conn_send2(c, head, head_len, body, body_len);
	}
	if (len > udp_frame_room(srv)) {
		c->ust.too_large++;
		srv->pub.stats.udp.too_large++;
		return conn_send2(c, head, head_len, body, body_len);
	}
	if (p->dg.len && p->dg.len + len > DGRAM_HEADER_SIZE +
	    udp_frame_room(srv))
		peer_send(srv, p);
	if (p->dg.len == 0) {
		if (wire_buf_reserve(&p->dg, DGRAM_HEADER_SIZE) < 0)
			goto oom;
		p->dg.len = DGRAM_HEADER_SIZE;
	}
	wire_put_raw(&p->dg, head, head_len);
	if (body_len)
		wire_put_raw(&p->dg, body, body_len);
	if (p->dg.oom)
		goto oom;
	if (!p->flush_pending) {
		p->flush_pending = 1;
		p->flush_next = srv->udp->flush_head;
		srv->udp->flush_head = p;
		event_active(srv->flush_ev, EV_TIMEOUT, 0);
	}
	return 0;
oom:
	p->dg.oom = 0;
	p->dg.len = 0;
	c->ust.send_failed++;
	srv->pub.stats.udp.send_failed++;
	return 0;
}

int
udp_confirmed(const struct conn *c)
{
	return c->udp && c->udp->confirmed;
}

void
conn_dgram_refused(struct conn *c)
{
	c->ust.rejected++;
	c->pub.srv->pub.stats.udp.rejected++;
}

/* "ADDR:PORT" of a datagram's source, for the log. */
static void
addr_name(char *out, size_t len, const struct sockaddr_storage *ss)
{
	char a[INET6_ADDRSTRLEN] = "?";

	if (ss->ss_family == AF_INET) {
		const struct sockaddr_in *in = (const void *)ss;

		inet_ntop(AF_INET, &in->sin_addr, a, sizeof a);
		snprintf(out, len, "%s:%u", a, ntohs(in->sin_port));
	} else {
		const struct sockaddr_in6 *in6 = (const void *)ss;

		inet_ntop(AF_INET6, &in6->sin6_addr, a, sizeof a);
		snprintf(out, len, "[%s]:%u", a, ntohs(in6->sin6_port));
	}
}

/* Is `ss` from the IP address of c's TCP peer? */
static int
from_peer_ip(const struct conn *c, const struct sockaddr_storage *ss)
{
	if (ss->ss_family != c->key.family)
		return 0;
	if (ss->ss_family == AF_INET)
		return memcmp(&((const struct sockaddr_in *)ss)->sin_addr,
		    c->key.addr, 4) == 0;
	return memcmp(&((const struct sockaddr_in6 *)ss)->sin6_addr,
	    c->key.addr, 16) == 0;
}

static int
same_addr(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
{
	if (a->ss_family != b->ss_family)
		return 0;
	if (a->ss_family == AF_INET) {
		const struct sockaddr_in *x = (const void *)a;
		const struct sockaddr_in *y = (const void *)b;

		return x->sin_port == y->sin_port &&
		    x->sin_addr.s_addr == y->sin_addr.s_addr;
	} else {
		const struct sockaddr_in6 *x = (const void *)a;
		const struct sockaddr_in6 *y = (const void *)b;

		return x->sin6_port == y->sin6_port &&
		    memcmp(&x->sin6_addr, &y->sin6_addr, 16) == 0;
	}
}

/* The connection holding `token`, or NULL. */
static struct conn *
conn_of_token(struct rti_server *srv, uint64_t token)
{
	struct idmap_node *n = IDMAP_GET(&srv->udp->by_token, token,
	    struct udp_peer, tnode, token);

	return n ? IDMAP_ENTRY(n, struct udp_peer, tnode)->c : NULL;
}

/* Drop a datagram from `from` (of connection `c`, or NULL), counted in
 * `cnt` (an offset into struct udp_stats), logged rate-limited. */
static int
drop(struct rti_server *srv, struct conn *c, size_t cnt,
    const struct sockaddr_storage *from, const char *why)
{
	char a[64];

	(*(uint64_t *)((char *)&srv->pub.stats.udp + cnt))++;
	if (c)
		(*(uint64_t *)((char *)&c->ust + cnt))++;
	addr_name(a, sizeof a, from);
	if (c)
		rl_log(srv, RL_DGRAM, LOG_INFO, "datagram from %s "
		    "(connection %u) dropped: %s", a, c->id, why);
	else
		rl_log(srv, RL_DGRAM, LOG_INFO, "datagram from %s dropped: "
		    "%s", a, why);
	return 0;
}

#define REJECTED offsetof(struct udp_stats, rejected)
#define STALE offsetof(struct udp_stats, stale)

static int
best_effort_kind(uint16_t type)
{
	return type == WIRE_OM_UPDATE || type == WIRE_OM_INTERACTION ||
	    type == WIRE_DDM_INTERACTION;
}

static int
registered(struct rti_server *srv, struct conn *c,
    const struct sockaddr_storage *from, socklen_t fromlen, uint32_t seq)
{
	struct udp_peer *p = c->udp;
	struct wire_buf *b;
	size_t off;
	char a[64];

	if (p->confirmed && !same_addr(&p->to, from)) {
		return drop(srv, c, REJECTED, from, "registered already "
		    "from another port");
	}
	if (!p->confirmed) {
		memcpy(&p->to, from, sizeof p->to);
		p->tolen = fromlen;
		p->confirmed = 1;
		p->seq_in = seq;
		addr_name(a, sizeof a, from);
		rti_log(srv, LOG_DEBUG, "connection %u (%s): datagrams from "
		    "and to %s", c->id, c->peer, a);
	}
	/* again for a repeated registration: the first confirm may be on
	 * its way */
	b = srv_frame(srv, WIRE_CB_DGRAM_CONFIRM, &off);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	return 0;
}

/* One datagram p[0..n) from `from`: 0. */
static int
take(struct rti_server *srv, const struct sockaddr_storage *from,
    socklen_t fromlen, const uint8_t *p, size_t n)
{
	const uint8_t *fr, *at, *pl;
	struct dgram_hdr h;
	struct conn *c;
	size_t len, left;
	uint16_t type, flags;
	uint32_t plen;
	int rc;

	rc = dgram_peek(p, n, &h);
	if (rc != DGRAM_OK)
		return drop(srv, NULL, REJECTED, from, dgram_strerror(rc));
	if (!(c = conn_of_token(srv, h.token)))
		return drop(srv, NULL, REJECTED, from, "unknown token");
	if (!from_peer_ip(c, from))
		return drop(srv, c, REJECTED, from, "not from the address of "
		    "its connection");
	rc = dgram_open(p, n, udp_mac_on(srv) ? c->udp->key : NULL,
	    srv->pub.cfg.max_frame, &h, &fr, &len);
	if (rc != DGRAM_OK)
		return drop(srv, c, REJECTED, from, dgram_strerror(rc));
	at = fr;
	left = len;
	(void)dgram_next(&at, &left, &type, &flags, &pl, &plen);
	if (type == DGRAM_REGISTER) {
		if (left || plen)
			return drop(srv, c, REJECTED, from, "malformed "
			    "registration");
		return registered(srv, c, from, fromlen, h.seq);
	}
	if (!c->udp->confirmed || !same_addr(&c->udp->to, from))
		return drop(srv, c, REJECTED, from, "not from the registered "
		    "address");
	if (!dgram_seq_newer(h.seq, c->udp->seq_in))
		return drop(srv, c, STALE, from, "stale (sequence number not "
		    "newer)");
	c->udp->seq_in = h.seq;
	if (!c->pub.fed || c->closing || c->paused || c->deferred ||
	    c->pub.fed->busy)
		return drop(srv, c, REJECTED, from, "federate not joined, "
		    "held back or busy");
	for (at = fr, left = len;
	    dgram_next(&at, &left, &type, &flags, &pl, &plen);)
		if (!best_effort_kind(type))
			return drop(srv, c, REJECTED, from, "a frame not of "
			    "a best-effort kind");
	c->ust.dg_in++;
	c->ust.bytes_in += n;
	srv->pub.stats.udp.dg_in++;
	srv->pub.stats.udp.bytes_in += n;
	for (at = fr, left = len;
	    !c->closing && dgram_next(&at, &left, &type, &flags, &pl, &plen);)
		if (conn_dispatch_dgram(c, type, pl, plen) < 0)
			drop(srv, c, REJECTED, from, "malformed frame");
	return 0;
}

static void
udp_read_cb(evutil_socket_t fd, short what, void *arg)
{
	struct rti_server *srv = arg;
	struct sockaddr_storage from;
	socklen_t fromlen;
	ssize_t n;
	int i;

	(void)what;
	for (i = 0; i < UDP_READ_BATCH; i++) {
		fromlen = sizeof from;
		n = recvfrom(fd, srv->udp->rbuf, UDP_RBUF, MSG_DONTWAIT,
		    (struct sockaddr *)&from, &fromlen);
		if (n < 0)
			break;
		if (from.ss_family != AF_INET && from.ss_family != AF_INET6)
			continue;
		(void)take(srv, &from, fromlen, srv->udp->rbuf, (size_t)n);
	}
}
