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
 *    with srv->dispatch_be and dispatch_dgram set, so that its handler's
 *    refusals are counted, not told, and its reflections go best effort;
 *  - output never blocks and is never queued beyond one datagram per
 *    connection and loop turn: a full datagram is sent at once, the rest
 *    by udp_flush; a send that fails is counted and the datagram is
 *    gone.  udp_send takes any destination (not only a federate's).
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

#include "conn.h"
#include "dgram.h"
#include "idmap.h"
#include "ddm.h"
#include "dm.h"
#include "mcast.h"

#define UDP_RBUF (64u * 1024)
/* Datagrams read per readable event: the loop's other work is not held
 * back by a flood. */
#define UDP_READ_BATCH 64
#define UDP_SOCKBUF (4 << 20)

/* A multicast group of one federation (--multicast): its address, its
 * token and MAC key, the datagram being filled.  It exists while some
 * federate of the federation is a member or joining. */
struct mc_group {
	struct federation *fx;
	uint32_t addr;                /* host order */
	uint64_t token;
	uint8_t key[DGRAM_KEY_SIZE];
	uint32_t seq;
	uint32_t refs;                /* memberships, joined or joining */
	uint32_t members;             /* joined */
	struct wire_buf dg;
	int flush_pending;
	struct mc_group *flush_next;
	struct mc_group *next;
};

/* Cell groups one subscription or one class takes at most; beyond, the
 * class's group.  (A Linux socket joins at most 20 groups by default:
 * net.ipv4.igmp_max_memberships; a join refused is unicast instead.) */
#define MC_CELLS_MAX 8

/* A connection's membership of a group. */
struct mc_member {
	struct mc_group *g;
	int joined;                   /* the federate said it joined */
	int keep;                     /* udp_mc_resync's mark */
};

struct udp_peer {
	struct conn *c;
	struct idmap_node tnode;      /* in udp_srv.by_token */
	struct mc_member *mm;         /* [n_mm] */
	size_t n_mm, cap_mm;
	uint64_t *narrow;             /* [n_narrow]: the classes (kind << 32
	                                 | class) it joined cell groups of */
	size_t n_narrow, cap_narrow;
	uint32_t mark;                /* udp_mc_resync's, to resync once */
	uint64_t token;
	uint8_t key[DGRAM_KEY_SIZE];  /* with --auth-key-file */
	int confirmed;                /* `to` is the federate's address */
	struct sockaddr_storage to;
	socklen_t tolen;
	uint32_t seq_in;              /* the last sequence number taken */
	uint32_t seq_out;
	struct wire_buf dg;           /* header and frames, or empty */
	int flush_pending;
	struct udp_peer *flush_next;
};

struct udp_srv {
	evutil_socket_t fd;
	struct event *ev;
	int port;
	uint32_t max;                 /* largest datagram */
	struct udp_peer *flush_head;
	uint8_t *rbuf;
	struct idmap by_token;        /* udp_peer by token: a datagram finds
	                                 its connection in one chain walk */
	/* --multicast: the range, the groups' port, the groups, those
	 * with a datagram to send, the message being addressed
	 * (udp_mc_begin .. udp_mc_end) */
	struct mc_range mc;
	int mc_port;
	struct mc_group *groups, *mc_flush;
	/* the message being addressed goes to up to two groups: [0] its
	 * condition cell's, [1] its class's; a member is addressed in the
	 * first of them it joined */
	struct mc_group *cur[2];
	size_t cur_frame;             /* its frame's length */
	uint32_t cur_n[2];            /* federates addressed in each */
	struct wire_buf sel[2];       /* their MC_SELECT frames */
	size_t sel_off[2];
	uint32_t mark;                /* the last udp_mc_resync's */
	uint64_t *affected;           /* its scratch */
	size_t cap_affected;
};

static void udp_read_cb(evutil_socket_t fd, short what, void *arg);

static int
mac_on(const struct rti_server *srv)
{
	return srv->cfg.auth_key != NULL;
}

/* Room for frames in one datagram. */
static size_t
frame_room(const struct rti_server *srv)
{
	return srv->udp->max - DGRAM_HEADER_SIZE -
	    (mac_on(srv) ? DGRAM_MAC_SIZE : 0);
}

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

/* "A.B.C.D" of host-order `a`. */
static const char *
ip4_name(char *out, size_t len, uint32_t a)
{
	struct in_addr in = { htonl(a) };

	return inet_ntop(AF_INET, &in, out, (socklen_t)len) ? out : "?";
}

/* --multicast: the sending side on the UDP socket `u` bound to `ss`
 * (interface, TTL).  0, or -1 with the reason logged: rtiexec does not
 * start. */
static int
mc_init(struct rti_server *srv, struct udp_srv *u,
    const struct sockaddr_storage *ss)
{
	struct in_addr ifa;
	unsigned char ttl = (unsigned char)srv->cfg.mc_ttl;
	char a[INET_ADDRSTRLEN], b[INET_ADDRSTRLEN];

	if (ss->ss_family != AF_INET) {
		rti_log(srv, LOG_ERROR, "--multicast needs an IPv4 --bind "
		    "address (the groups are IPv4)");
		return -1;
	}
	if (srv->cfg.mc_iface)
		(void)inet_pton(AF_INET, srv->cfg.mc_iface, &ifa);
	else
		ifa = ((const struct sockaddr_in *)ss)->sin_addr;
	if (ifa.s_addr == htonl(INADDR_ANY)) {
		rti_log(srv, LOG_ERROR, "--multicast with --bind 0.0.0.0 "
		    "needs --multicast-interface (the address of the LAN "
		    "interface the groups are sent on)");
		return -1;
	}
	if (setsockopt(u->fd, IPPROTO_IP, IP_MULTICAST_IF, &ifa,
	    sizeof ifa) < 0) {
		rti_log(srv, LOG_ERROR, "--multicast-interface %s: %s (want "
		    "an IPv4 address of this host)", inet_ntop(AF_INET, &ifa,
		    a, sizeof a) ? a : "?", strerror(errno));
		return -1;
	}
	if (setsockopt(u->fd, IPPROTO_IP, IP_MULTICAST_TTL, &ttl,
	    sizeof ttl) < 0) {
		rti_log(srv, LOG_ERROR, "--multicast-ttl %d: %s",
		    srv->cfg.mc_ttl, strerror(errno));
		return -1;
	}
	u->mc.first = srv->cfg.mc_first;
	u->mc.last = srv->cfg.mc_last;
	u->mc_port = srv->cfg.mc_port ? srv->cfg.mc_port : u->port;
	wire_buf_init(&u->sel[0]);
	wire_buf_init(&u->sel[1]);
	rti_log(srv, LOG_INFO, "multicast: groups %s-%s port %d, TTL %d, "
	    "interface %s, to the groups when %u members want a "
	    "message, condition cells of depth %d",
	    ip4_name(a, sizeof a, u->mc.first),
	    ip4_name(b, sizeof b, u->mc.last), u->mc_port, srv->cfg.mc_ttl,
	    inet_ntop(AF_INET, &ifa, b, sizeof b) ? b : "?",
	    srv->cfg.mc_min, srv->cfg.mc_depth);
	if (!mc_admin_scoped(u->mc.first) || !mc_admin_scoped(u->mc.last))
		rti_log(srv, LOG_WARN, "multicast: %s-%s is not "
		    "administratively scoped (239.0.0.0/8): routers may "
		    "carry it beyond the site", ip4_name(a, sizeof a,
		    u->mc.first), ip4_name(b, sizeof b, u->mc.last));
	return 0;
}

int
udp_init(struct rti_server *srv)
{
	const char *addr = srv->cfg.bind_addr ? srv->cfg.bind_addr :
	    "127.0.0.1";
	struct sockaddr_storage ss;
	socklen_t len;
	struct udp_srv *u;
	int e;

	if (srv->cfg.udp_off) {
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
	u->max = srv->cfg.udp_max_datagram ? srv->cfg.udp_max_datagram :
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
	if (u->fd < 0 && srv->cfg.mc_on) {
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
	u->ev = event_new(srv->base, u->fd, EV_READ | EV_PERSIST,
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
	srv->udp = u;
	rti_log(srv, LOG_INFO, "best effort by UDP on %s port %d, datagrams "
	    "up to %u bytes", addr, u->port, u->max);
	if (srv->cfg.mc_on && mc_init(srv, u, &ss) < 0)
		return -1;
	return 0;
}

void
udp_fini(struct rti_server *srv)
{
	struct udp_srv *u = srv->udp;

	if (!u)
		return;
	while (u->groups) {
		struct mc_group *g = u->groups;

		u->groups = g->next;
		wire_buf_free(&g->dg);
		free(g);
	}
	wire_buf_free(&u->sel[0]);
	wire_buf_free(&u->sel[1]);
	free(u->affected);
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
	struct rti_server *srv = c->srv;
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
	if (mac_on(srv))
		dgram_key(srv->cfg.auth_key, srv->cfg.auth_key_len, p->token,
		    p->key);
	p->c = c;
	wire_buf_init(&p->dg);
	idmap_put(&srv->udp->by_token, &p->tnode);
	c->udp = p;
	b = srv_frame(srv, WIRE_CB_DGRAM_OFFER, &off);
	wire_put_u64(b, p->token);
	wire_put_u16(b, (uint16_t)srv->udp->port);
	wire_put_u16(b, (uint16_t)srv->udp->max);
	wire_put_u8(b, (uint8_t)mac_on(srv));
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

static void mm_drop(struct rti_server *srv, struct udp_peer *p, size_t i,
    int tell);

void
udp_conn_free(struct conn *c)
{
	struct udp_peer *p = c->udp;

	if (!p)
		return;
	flush_unlink(c->srv, p);
	if (c->srv->udp)
		idmap_del(&c->srv->udp->by_token, &p->tnode);
	while (p->n_mm)
		mm_drop(c->srv, p, p->n_mm - 1, 0);
	free(p->mm);
	free(p->narrow);
	wire_buf_free(&p->dg);
	memset(p->key, 0, sizeof p->key);
	free(p);
	c->udp = NULL;
}

/* Send `n` bytes at `p` to `to`, never blocking: 0, or -1 (the datagram
 * is gone; errno says why). */
static int
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

/* ---- multicast (--multicast) ---- */

int
udp_mc_on(const struct rti_server *srv)
{
	return srv->udp && srv->cfg.mc_on;
}

static void
mc_flush_unlink(struct udp_srv *u, struct mc_group *g)
{
	struct mc_group **pp;

	if (!g->flush_pending)
		return;
	for (pp = &u->mc_flush; *pp; pp = &(*pp)->flush_next)
		if (*pp == g) {
			*pp = g->flush_next;
			break;
		}
	g->flush_pending = 0;
}

/* The group of `fx` at `addr`, created (with a fresh token) when
 * `create`; NULL when there is none (or no memory, or no token). */
static struct mc_group *
mc_group_get(struct rti_server *srv, struct federation *fx, uint32_t addr,
    int create)
{
	struct udp_srv *u = srv->udp;
	struct mc_group *g;

	for (g = u->groups; g; g = g->next)
		if (g->fx == fx && g->addr == addr)
			return g;
	if (!create || !(g = calloc(1, sizeof *g)))
		return NULL;
	do {
		if (getrandom(&g->token, sizeof g->token, 0) !=
		    (ssize_t)sizeof g->token) {
			free(g);
			return NULL;
		}
	} while (g->token == 0);
	if (mac_on(srv))
		dgram_key(srv->cfg.auth_key, srv->cfg.auth_key_len, g->token,
		    g->key);
	g->fx = fx;
	g->addr = addr;
	wire_buf_init(&g->dg);
	g->next = u->groups;
	u->groups = g;
	srv->stats.mc.groups++;
	return g;
}

static void
mc_group_put(struct rti_server *srv, struct mc_group *g)
{
	struct udp_srv *u = srv->udp;
	struct mc_group **pp;

	if (g->refs)
		return;
	mc_flush_unlink(u, g);
	if (u->cur[0] == g)
		u->cur[0] = NULL;
	if (u->cur[1] == g)
		u->cur[1] = NULL;
	for (pp = &u->groups; *pp; pp = &(*pp)->next)
		if (*pp == g) {
			*pp = g->next;
			break;
		}
	wire_buf_free(&g->dg);
	memset(g->key, 0, sizeof g->key);
	free(g);
	srv->stats.mc.groups--;
}

/* Tell `c` to join (1) or leave (0) group `g`. */
static void
mc_order(struct conn *c, const struct mc_group *g, int join)
{
	struct rti_server *srv = c->srv;
	struct wire_buf *b;
	size_t off;

	b = srv_frame(srv, WIRE_CB_MC_JOIN, &off);
	wire_put_u8(b, (uint8_t)join);
	wire_put_u64(b, g->token);
	wire_put_u32(b, g->addr);
	wire_put_u16(b, (uint16_t)srv->udp->mc_port);
	wire_put_u8(b, (uint8_t)mac_on(srv));
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	if (join)
		srv->stats.mc.joins++;
	else
		srv->stats.mc.leaves++;
}

/* Forget membership i of `p`, telling its federate to leave when
 * `tell`. */
static void
mm_drop(struct rti_server *srv, struct udp_peer *p, size_t i, int tell)
{
	struct mc_group *g = p->mm[i].g;

	if (tell)
		mc_order(p->c, g, 0);
	if (p->mm[i].joined) {
		g->members--;
		srv->stats.mc.members--;
	}
	g->refs--;
	p->mm[i] = p->mm[--p->n_mm];
	mc_group_put(srv, g);
}

/* Mark (keep) or add the membership of `p` of fx's group `addr`. */
static void
mm_want(struct rti_server *srv, struct udp_peer *p, struct federation *fx,
    uint32_t addr)
{
	struct mc_group *g;
	size_t i;

	for (i = 0; i < p->n_mm; i++)
		if (p->mm[i].g->addr == addr && p->mm[i].g->fx == fx) {
			p->mm[i].keep = 1;
			return;
		}
	if (wire_grow((void **)&p->mm, &p->cap_mm, p->n_mm + 1,
	    sizeof *p->mm) || !(g = mc_group_get(srv, fx, addr, 1)))
		return; /* no memory: unicast, as without multicast */
	g->refs++;
	p->mm[p->n_mm].g = g;
	p->mm[p->n_mm].joined = 0;
	p->mm[p->n_mm].keep = 1;
	p->n_mm++;
	mc_order(p->c, g, 1);
}

/* 1 when `f` subscribes to class `cls` of `kind` (CLASS_*). */
static int
subscribes(struct federate *f, int kind, uint32_t cls)
{
	int active;

	return kind == CLASS_OBJECT ? dm_subscribed(f, cls, &active) != NULL :
	    dm_iclass_subscribed(f, cls) != 0;
}

static uint32_t
n_classes(const struct federation *fx, int kind)
{
	return kind == CLASS_OBJECT ? fx->fom->n_oclasses :
	    fx->fom->n_iclasses;
}

/* 1 when `f` is joined on a live connection (its memberships are kept;
 * else they are all dropped). */
static int
live(const struct federate *f)
{
	return f->conn && f->conn->udp && f->conn->fed == f &&
	    !f->conn->closing;
}

size_t
udp_mc_cell(const struct rti_server *srv, const char *cond)
{
	return srv->cfg.mc_depth > 0 && cond ?
	    mc_cell(cond, (unsigned)srv->cfg.mc_depth) : 0;
}

/*
 * The cell groups of `f`'s subscription of (kind, cls), from its
 * conditions: out[0..n), n returned.  0: it takes the class's group (no
 * conditions, one without a cell, more than MC_CELLS_MAX cells, or
 * --multicast-cell-depth 0).  Exact either way: a condition matches
 * only send conditions of its own cell (mcast.h).
 */
static size_t
sub_cells(struct rti_server *srv, struct federate *f, int kind,
    uint32_t cls, uint32_t *out)
{
	const char *const *conds;
	uint32_t n_conds = ddm_sub_conds(f, kind, cls, &conds), i, a;
	size_t n = 0, len, j;

	for (i = 0; i < n_conds; i++) {
		if (!(len = udp_mc_cell(srv, conds[i])))
			return 0;
		a = mc_group_cell(&srv->udp->mc, f->fx->name, kind, cls,
		    conds[i], len);
		for (j = 0; j < n && out[j] != a; j++)
			;
		if (j < n)
			continue;
		if (n == MC_CELLS_MAX)
			return 0;
		out[n++] = a;
	}
	return n;
}

/* The live subscribers of exactly class `cls` of `kind`: *r, n of them
 * among the n returned routes (those with known == cls). */
static size_t
class_routes(struct federation *fx, int kind, uint32_t cls,
    const struct dm_sub **r)
{
	return kind == CLASS_OBJECT ? dm_route_object(fx, cls, r) :
	    dm_route_interaction(fx, cls, r);
}

/* The cell groups the live subscribers of (kind, cls) other than `f`
 * want by their conditions: out[0..n), n returned, at most
 * MC_CELLS_MAX. */
static size_t
class_cells(struct rti_server *srv, struct federate *f, int kind,
    uint32_t cls, uint32_t *out)
{
	uint32_t cells[MC_CELLS_MAX];
	const struct dm_sub *r;
	size_t n_r = class_routes(f->fx, kind, cls, &r), k, i, j, m, n = 0;

	for (k = 0; k < n_r && n < MC_CELLS_MAX; k++) {
		if (r[k].known != cls || r[k].f == f || !live(r[k].f))
			continue;
		m = sub_cells(srv, r[k].f, kind, cls, cells);
		for (i = 0; i < m && n < MC_CELLS_MAX; i++) {
			for (j = 0; j < n && out[j] != cells[i]; j++)
				;
			if (j == n)
				out[n++] = cells[i];
		}
	}
	return n;
}

/*
 * The memberships of `f` follow its subscriptions: for each class it
 * subscribes to, the groups of its conditions' cells; or, subscribed to
 * the whole class (sub_cells 0), the class's group and the cell groups
 * the other subscribers of the class use (at most MC_CELLS_MAX), so
 * that a message of a cell goes to that cell's group alone.  Not live:
 * none.  After, p->narrow lists the classes it joined cell groups of.
 */
static void
peer_resync(struct rti_server *srv, struct federate *f)
{
	struct conn *c = f->conn;
	struct federation *fx = f->fx;
	struct udp_peer *p;
	uint32_t cells[MC_CELLS_MAX], cls;
	size_t i, n;
	int kind;

	if (!c || !(p = c->udp))
		return;
	for (i = 0; i < p->n_mm; i++)
		p->mm[i].keep = 0;
	p->n_narrow = 0;
	for (kind = 0; live(f) && kind < 2; kind++)
		for (cls = 1; cls <= n_classes(fx, kind); cls++) {
			if (!subscribes(f, kind, cls))
				continue;
			if ((n = sub_cells(srv, f, kind, cls, cells)) > 0) {
				for (i = 0; i < n; i++)
					mm_want(srv, p, fx, cells[i]);
				/* out of memory: the others do not learn
				 * of these cells (they then get the
				 * class's group: still exact) */
				if (!wire_grow((void **)&p->narrow,
				    &p->cap_narrow, p->n_narrow + 1,
				    sizeof *p->narrow))
					p->narrow[p->n_narrow++] =
					    (uint64_t)kind << 32 | cls;
				continue;
			}
			mm_want(srv, p, fx, mc_group(&srv->udp->mc, fx->name,
			    kind, cls));
			n = class_cells(srv, f, kind, cls, cells);
			for (i = 0; i < n; i++)
				mm_want(srv, p, fx, cells[i]);
		}
	for (i = p->n_mm; i-- > 0;)
		if (!p->mm[i].keep)
			mm_drop(srv, p, i, !c->closing);
}

/* Resync, once per udp_mc_resync (u->mark), the subscribers of the whole
 * class `key` other than `f`: the cells in use there may have changed. */
static void
resync_wide(struct rti_server *srv, struct federate *f, uint64_t key)
{
	struct udp_srv *u = srv->udp;
	int kind = (int)(key >> 32);
	uint32_t cls = (uint32_t)key;
	const struct dm_sub *r;
	size_t n_r, k;
	uint32_t cells[MC_CELLS_MAX];

	if (cls == 0 || cls > n_classes(f->fx, kind))
		return;
	n_r = class_routes(f->fx, kind, cls, &r);
	for (k = 0; k < n_r; k++) {
		struct federate *g = r[k].f;
		struct udp_peer *q = g->conn ? g->conn->udp : NULL;

		if (r[k].known != cls || g == f || !q || q->mark == u->mark ||
		    sub_cells(srv, g, kind, cls, cells) > 0)
			continue;
		q->mark = u->mark;
		peer_resync(srv, g);
	}
}

void
udp_mc_resync(struct federate *f)
{
	struct federation *fx = f->fx;
	struct rti_server *srv = fx->srv;
	struct udp_srv *u;
	struct udp_peer *p;
	size_t i, n_old = 0;

	if (!udp_mc_on(srv))
		return;
	u = srv->udp;
	p = f->conn ? f->conn->udp : NULL;
	/* the classes f had cell groups of, and has now: their whole-class
	 * subscribers follow the cells in use.  Each is resynced once:
	 * the cost is f's classes and those subscribers', never the whole
	 * federation's. */
	if (p && p->n_narrow) {
		if (wire_grow((void **)&u->affected, &u->cap_affected,
		    p->n_narrow, sizeof *u->affected)) {
			udp_mc_resync_fx(fx);
			return;
		}
		memcpy(u->affected, p->narrow, p->n_narrow *
		    sizeof *u->affected);
		n_old = p->n_narrow;
	}
	peer_resync(srv, f);
	if (++u->mark == 0)
		u->mark = 1;
	if (p)
		p->mark = u->mark;
	for (i = 0; i < n_old; i++)
		resync_wide(srv, f, u->affected[i]);
	for (i = 0; p && i < p->n_narrow; i++)
		resync_wide(srv, f, p->narrow[i]);
}

void
udp_mc_resync_fx(struct federation *fx)
{
	uint32_t i;

	if (!udp_mc_on(fx->srv))
		return;
	/* one pass: the cells in use are read from the conditions
	 * themselves (class_cells), not from what a pass recorded */
	for (i = 0; i < fx->n_feds; i++)
		peer_resync(fx->srv, fx->feds[i]);
}

uint32_t
udp_mc_groups(const struct conn *c)
{
	uint32_t n = 0;
	size_t i;

	if (c->udp)
		for (i = 0; i < c->udp->n_mm; i++)
			n += c->udp->mm[i].joined != 0;
	return n;
}

int
udp_h_mc_joined(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct rti_server *srv = c->srv;
	uint64_t token = wire_get_u64(rd);
	uint8_t ok = wire_get_u8(rd);
	struct udp_peer *p = c->udp;
	size_t i;

	(void)serial;
	if (!wire_rd_done(rd))
		return -1;
	if (!p)
		return 0;
	/* an answer to a join since left (or of a group since gone) names
	 * no membership: nothing to do */
	for (i = 0; i < p->n_mm; i++) {
		struct mc_member *m = &p->mm[i];

		if (m->g->token != token)
			continue;
		if (ok && !m->joined) {
			m->joined = 1;
			m->g->members++;
			srv->stats.mc.members++;
		} else if (!ok) {
			/* it gets unicast, as without multicast */
			if (m->joined) {
				m->joined = 0;
				m->g->members--;
				srv->stats.mc.members--;
			}
			srv->stats.mc.join_failed++;
			rl_log(srv, RL_DGRAM, LOG_INFO, "connection %u (%s): "
			    "could not join a multicast group: unicast "
			    "instead", c->id, c->peer);
		}
		break;
	}
	return 0;
}

/* Room for frames in a group datagram. */
#define mc_room frame_room

int
udp_mc_begin(struct rti_server *srv, struct federation *fx, int ic,
    uint32_t cls, const char *cell, size_t cell_len, size_t frame_len)
{
	struct udp_srv *u = srv->udp;
	struct mc_group *g[2];
	uint32_t members = 0;
	int i;

	u->cur[0] = u->cur[1] = NULL;
	g[1] = mc_group_get(srv, fx, mc_group(&u->mc, fx->name, ic, cls), 0);
	g[0] = cell_len ? mc_group_get(srv, fx, mc_group_cell(&u->mc,
	    fx->name, ic, cls, cell, cell_len), 0) : NULL;
	if (g[0] == g[1])
		g[0] = NULL;
	for (i = 0; i < 2; i++)
		members += g[i] ? g[i]->members : 0;
	if (members < srv->cfg.mc_min)
		return 0;
	/* a selection of at least one entry must fit beside the frame */
	if (frame_len + 2 * WIRE_HEADER_SIZE + 2 + 7 + frame_len / 8 >
	    mc_room(srv))
		return 0;
	for (i = 0; i < 2; i++) {
		u->cur_n[i] = 0;
		if (!g[i])
			continue;
		wire_buf_reset(&u->sel[i]);
		u->sel_off[i] = wire_frame_begin(&u->sel[i], MC_SELECT);
		wire_put_u16(&u->sel[i], 0);
		if (u->sel[i].oom)
			return 0;
	}
	u->cur[0] = g[0];
	u->cur[1] = g[1];
	u->cur_frame = frame_len;
	return 1;
}

/* The slot of u->cur that `p` is a joined member of, the cell's first;
 * -1 when none. */
static int
mc_slot(const struct udp_srv *u, const struct udp_peer *p)
{
	size_t i;
	int s;

	for (s = 0; s < 2; s++) {
		if (!u->cur[s])
			continue;
		for (i = 0; i < p->n_mm; i++)
			if (p->mm[i].g == u->cur[s] && p->mm[i].joined)
				return s;
	}
	return -1;
}

int
udp_mc_add(struct rti_server *srv, struct conn *to, uint32_t handle,
    const uint8_t *keep, uint32_t n)
{
	struct udp_srv *u = srv->udp;
	struct udp_peer *p = to->udp;
	struct wire_buf *sel;
	size_t need;
	uint32_t j;
	int s;

	if (!p || to->closing || (s = mc_slot(u, p)) < 0 ||
	    u->cur_n[s] == UINT16_MAX)
		return 0;
	sel = &u->sel[s];
	need = 5 + (keep ? 2 + (n + 7) / 8 : 0);
	if (sel->len + need + u->cur_frame > mc_room(srv))
		return 0;
	wire_put_u32(sel, handle);
	wire_put_u8(sel, keep ? MC_SEL_CUT : MC_SEL_WHOLE);
	if (keep) {
		wire_put_u16(sel, (uint16_t)((n + 7) / 8));
		for (j = 0; j < n; j += 8) {
			uint8_t byte = 0;
			uint32_t k;

			for (k = 0; k < 8 && j + k < n; k++)
				if (keep[j + k])
					byte |= (uint8_t)(1u << k);
			wire_put_u8(sel, byte);
		}
	}
	if (sel->oom) {
		sel->oom = 0;
		sel->len -= need;
		return 0;
	}
	u->cur_n[s]++;
	return 1;
}

/* Number, and with --auth-key-file seal, the datagram filled in `dg` (its
 * header reserved, at least one frame after it) as `token`'s `seq`: its
 * length, or 0 when there is no room for the MAC (`dg` emptied). */
static size_t
seal(struct rti_server *srv, struct wire_buf *dg, uint64_t token,
    uint32_t seq, const uint8_t *key)
{
	size_t n = dg->len;

	dgram_put_header(dg->data, token, seq, mac_on(srv) ? DGRAM_F_MAC : 0);
	if (!mac_on(srv))
		return n;
	if (wire_buf_reserve(dg, DGRAM_MAC_SIZE) < 0) {
		dg->oom = 0;
		dg->len = 0;
		return 0;
	}
	return dgram_seal(dg->data, n, key);
}

/* Seal and send group `g`'s datagram; it is empty after. */
static void
mc_send(struct rti_server *srv, struct mc_group *g)
{
	struct sockaddr_in to;
	size_t n;

	if (g->dg.len <= DGRAM_HEADER_SIZE) {
		g->dg.len = 0;
		return;
	}
	if (!(n = seal(srv, &g->dg, g->token, ++g->seq, g->key))) {
		srv->stats.mc.send_failed++;
		return;
	}
	memset(&to, 0, sizeof to);
	to.sin_family = AF_INET;
	to.sin_addr.s_addr = htonl(g->addr);
	to.sin_port = htons((uint16_t)srv->udp->mc_port);
	if (udp_send(srv->udp, (struct sockaddr *)&to, sizeof to,
	    g->dg.data, n) == 0) {
		srv->stats.mc.dg_out++;
		srv->stats.mc.bytes_out += n;
	} else {
		srv->stats.mc.send_failed++;
	}
	g->dg.len = 0;
}

/* Append selection `sel` (its n entries) and the frame (head, body) to
 * group `g`'s datagram, sending what it held first when they do not fit
 * beside it.  Out of memory: the n members get nothing (best effort,
 * counted). */
static void
mc_append(struct rti_server *srv, struct mc_group *g, struct wire_buf *sel,
    size_t sel_off, uint32_t n, const void *head, size_t head_len,
    const void *body, size_t body_len)
{
	struct udp_srv *u = srv->udp;
	size_t len;

	wire_put16(sel->data + sel_off + WIRE_HEADER_SIZE, (uint16_t)n);
	wire_frame_end(sel, sel_off);
	len = sel->len + head_len + body_len;
	if (g->dg.len && g->dg.len + len > DGRAM_HEADER_SIZE +
	    mc_room(srv))
		mc_send(srv, g);
	if (g->dg.len == 0) {
		if (wire_buf_reserve(&g->dg, DGRAM_HEADER_SIZE) < 0)
			goto oom;
		g->dg.len = DGRAM_HEADER_SIZE;
	}
	wire_put_raw(&g->dg, sel->data, sel->len);
	wire_put_raw(&g->dg, head, head_len);
	if (body_len)
		wire_put_raw(&g->dg, body, body_len);
	if (g->dg.oom)
		goto oom;
	srv->stats.mc.messages++;
	srv->stats.mc.deliveries += n;
	if (!g->flush_pending) {
		g->flush_pending = 1;
		g->flush_next = u->mc_flush;
		u->mc_flush = g;
		event_active(srv->flush_ev, EV_TIMEOUT, 0);
	}
	return;
oom:
	g->dg.oom = 0;
	g->dg.len = 0;
	srv->stats.mc.send_failed++;
}

uint32_t
udp_mc_end(struct rti_server *srv, const void *head, size_t head_len,
    const void *body, size_t body_len)
{
	struct udp_srv *u = srv->udp;
	uint32_t n = 0;
	int s;

	for (s = 0; s < 2; s++)
		n += u->cur[s] ? u->cur_n[s] : 0;
	if (n && n >= srv->cfg.mc_min)
		for (s = 0; s < 2; s++)
			if (u->cur[s] && u->cur_n[s])
				mc_append(srv, u->cur[s], &u->sel[s],
				    u->sel_off[s], u->cur_n[s], head, head_len,
				    body, body_len);
	u->cur[0] = u->cur[1] = NULL;
	return n >= srv->cfg.mc_min ? n : 0;
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
	if (!(n = seal(srv, &p->dg, p->token, ++p->seq_out, p->key))) {
		c->ust.send_failed++;
		srv->stats.udp.send_failed++;
		return;
	}
	if (udp_send(srv->udp, (struct sockaddr *)&p->to, p->tolen,
	    p->dg.data, n) == 0) {
		c->ust.dg_out++;
		c->ust.bytes_out += n;
		srv->stats.udp.dg_out++;
		srv->stats.udp.bytes_out += n;
	} else {
		c->ust.send_failed++;
		srv->stats.udp.send_failed++;
	}
	p->dg.len = 0;
}

void
udp_flush(struct rti_server *srv)
{
	struct udp_peer *p;
	struct mc_group *g;

	if (!srv->udp)
		return;
	while ((p = srv->udp->flush_head) != NULL) {
		srv->udp->flush_head = p->flush_next;
		p->flush_pending = 0;
		peer_send(srv, p);
	}
	while ((g = srv->udp->mc_flush) != NULL) {
		srv->udp->mc_flush = g->flush_next;
		g->flush_pending = 0;
		mc_send(srv, g);
	}
}

int
conn_send_be(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len)
{
	struct rti_server *srv = c->srv;
	struct udp_peer *p = c->udp;
	size_t len = head_len + body_len;

	if (c->closing)
		return -1;
	if (!p || !p->confirmed) {
		c->ust.unconfirmed++;
		srv->stats.udp.unconfirmed++;
		return conn_send2(c, head, head_len, body, body_len);
	}
	if (len > frame_room(srv)) {
		c->ust.too_large++;
		srv->stats.udp.too_large++;
		return conn_send2(c, head, head_len, body, body_len);
	}
	if (p->dg.len && p->dg.len + len > DGRAM_HEADER_SIZE +
	    frame_room(srv))
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
	srv->stats.udp.send_failed++;
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
	c->srv->stats.udp.rejected++;
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

	(*(uint64_t *)((char *)&srv->stats.udp + cnt))++;
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
	rc = dgram_open(p, n, mac_on(srv) ? c->udp->key : NULL,
	    srv->cfg.max_frame, &h, &fr, &len);
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
	if (!c->fed || c->closing || c->paused || c->deferred ||
	    c->fed->busy)
		return drop(srv, c, REJECTED, from, "federate not joined, "
		    "held back or busy");
	for (at = fr, left = len;
	    dgram_next(&at, &left, &type, &flags, &pl, &plen);)
		if (!best_effort_kind(type))
			return drop(srv, c, REJECTED, from, "a frame not of "
			    "a best-effort kind");
	c->ust.dg_in++;
	c->ust.bytes_in += n;
	srv->stats.udp.dg_in++;
	srv->stats.udp.bytes_in += n;
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
