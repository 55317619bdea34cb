/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mc.c - MC, the multicast module (rtiexec --multicast; mc.h): the
 * groups of a federation's classes and condition cells, the memberships
 * that follow each federate's subscriptions and conditions (joins and
 * leaves told over TCP), and the group message: a selection naming the
 * members addressed and what each keeps, then the frame, in the
 * datagram of each group a member was addressed in, sent at the end of
 * the loop turn.  It learns of changes through events (sub_changed,
 * conds_changed, restore_apply) and resyncs the federates they name at
 * the end of the turn.  Its state is its own (struct mc_srv in the
 * server's MOD_MC slot, struct mc_peer in each connection's); it sends
 * on the core's UDP socket through udp.h.  See rtiexec(1) MULTICAST and
 * mcast.h.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ddm.h"
#include "dm.h"
#include "dgram.h"
#include "mc.h"
#include "mcast.h"
#include "udp.h"

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

/* A connection's membership of a group. */
struct mc_member {
	struct mc_group *g;
	int joined;                   /* the federate said it joined */
	int keep;                     /* mc_resync's mark */
};

/* MC's state of a connection with a datagram path (conn_mod MOD_MC),
 * made when it first needs one, freed by conn_gone. */
struct mc_peer {
	struct conn *c;
	struct mc_member *mm;         /* [n_mm] */
	size_t n_mm, cap_mm;
	uint64_t *narrow;             /* [n_narrow]: the classes (kind << 32
	                                 | class) it joined cell groups of */
	size_t n_narrow, cap_narrow;
	uint32_t mark;                /* mc_resync's, to resync once */
};

/* MC's server-wide state (server_mod MOD_MC), made by server_start when
 * --multicast is on and the UDP socket is up: the range, the groups'
 * port, the groups, those with a datagram to send, the message being
 * addressed (mc_begin .. mc_end). */
struct mc_srv {
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
	uint32_t mark;                /* the last mc_resync's */
	uint64_t *affected;           /* its scratch */
	size_t cap_affected;
	struct mc_stats stats;
};

static void mc_resync_fx(struct federation *fx);

static struct mc_srv *
mcs(const struct rti_server *srv)
{
	return server_mod(srv, MOD_MC);
}

/* MC's state of `c`, made when `create` and c has a datagram path;
 * NULL when none (or no memory: unicast, as without multicast). */
static struct mc_peer *
peer_of(struct conn *c, int create)
{
	struct mc_peer *p = c ? conn_mod(c, MOD_MC) : NULL;

	if (p || !c || !create || !conn_has_udp(c))
		return p;
	if (!(p = calloc(1, sizeof *p)))
		return NULL;
	p->c = c;
	conn_mod_set(c, MOD_MC, p);
	return p;
}

/* Cell groups one subscription or one class takes at most; beyond, the
 * class's group.  (A Linux socket joins at most 20 groups by default:
 * net.ipv4.igmp_max_memberships; a join refused is unicast instead.) */
#define MC_CELLS_MAX 8

/* "A.B.C.D" of host-order `a`. */
static const char *
ip4_name(char *out, size_t len, uint32_t a)
{
	struct in_addr in = { htonl(a) };

	return inet_ntop(AF_INET, &in, out, (socklen_t)len) ? out : "?";
}

/* server_start: the sending side of --multicast on the UDP socket (its
 * interface, its TTL).  0, or -1 with the reason logged: rtiexec does
 * not start. */
static int
mc_server_start(struct rti_server *srv)
{
	const struct rti_config *cfg = server_cfg(srv);
	const struct sockaddr_storage *ss;
	struct in_addr ifa, used;
	socklen_t ul = sizeof used;
	unsigned char ttl = (unsigned char)cfg->mc_ttl;
	char a[INET_ADDRSTRLEN], b[INET_ADDRSTRLEN], c[INET_ADDRSTRLEN];
	struct mc_srv *u;
	evutil_socket_t fd;

	if (!cfg->mc_on || !udp_on(srv))
		return 0;
	ss = udp_bound(srv);
	fd = udp_fd(srv);
	if (ss->ss_family != AF_INET) {
		rti_log(srv, LOG_ERROR, "--multicast needs an IPv4 --bind "
		    "address (the groups are IPv4)");
		return -1;
	}
	if (cfg->mc_iface)
		(void)inet_pton(AF_INET, cfg->mc_iface, &ifa);
	else
		ifa = ((const struct sockaddr_in *)ss)->sin_addr;
	if (ifa.s_addr == htonl(INADDR_ANY)) {
		rti_log(srv, LOG_ERROR, "--multicast with --bind 0.0.0.0 "
		    "needs --multicast-interface (the address of the LAN "
		    "interface the groups are sent on)");
		return -1;
	}
	if (setsockopt(fd, IPPROTO_IP, IP_MULTICAST_IF, &ifa,
	    sizeof ifa) < 0) {
		rti_log(srv, LOG_ERROR, "--multicast-interface %s: %s (want "
		    "an IPv4 address of this host)", inet_ntop(AF_INET, &ifa,
		    a, sizeof a) ? a : "?", strerror(errno));
		return -1;
	}
	/* what the socket sends with, as the kernel took it: the log
	 * line says what is used */
	if (getsockopt(fd, IPPROTO_IP, IP_MULTICAST_IF, &used, &ul) < 0 ||
	    used.s_addr != ifa.s_addr) {
		rti_log(srv, LOG_ERROR, "--multicast-interface %s: the socket "
		    "sends with %s", inet_ntop(AF_INET, &ifa, a, sizeof a) ? a :
		    "?", ul == sizeof used && inet_ntop(AF_INET, &used, b,
		    sizeof b) ? b : "?");
		return -1;
	}
	if (setsockopt(fd, IPPROTO_IP, IP_MULTICAST_TTL, &ttl,
	    sizeof ttl) < 0) {
		rti_log(srv, LOG_ERROR, "--multicast-ttl %d: %s",
		    cfg->mc_ttl, strerror(errno));
		return -1;
	}
	if (!(u = calloc(1, sizeof *u))) {
		rti_log(srv, LOG_ERROR, "multicast: out of memory");
		return -1;
	}
	server_mod_set(srv, MOD_MC, u);
	u->mc.first = cfg->mc_first;
	u->mc.last = cfg->mc_last;
	u->mc_port = cfg->mc_port ? cfg->mc_port : udp_port(srv);
	wire_buf_init(&u->sel[0]);
	wire_buf_init(&u->sel[1]);
	rti_log(srv, LOG_INFO, "multicast: groups %s-%s port %d, TTL %d, "
	    "interface %s, to the groups when %u members want a "
	    "message, condition cells of depth %d",
	    ip4_name(a, sizeof a, u->mc.first),
	    ip4_name(b, sizeof b, u->mc.last), u->mc_port, cfg->mc_ttl,
	    inet_ntop(AF_INET, &used, c, sizeof c) ? c : "?",
	    cfg->mc_min, cfg->mc_depth);
	if (!mc_admin_scoped(u->mc.first) || !mc_admin_scoped(u->mc.last))
		rti_log(srv, LOG_WARN, "multicast: %s-%s is not "
		    "administratively scoped (239.0.0.0/8): routers may "
		    "carry it beyond the site", ip4_name(a, sizeof a,
		    u->mc.first), ip4_name(b, sizeof b, u->mc.last));
	return 0;
}

int
mc_on(const struct rti_server *srv)
{
	return mcs(srv) != NULL;
}

const struct mc_stats *
mc_stats(const struct rti_server *srv)
{
	static const struct mc_stats none;

	return mcs(srv) ? &mcs(srv)->stats : &none;
}

void
mc_taken(struct rti_server *srv, struct conn *to, uint32_t cut)
{
	conn_mc_taken(to);
	mcs(srv)->stats.cut += cut;
}

static void
mc_flush_unlink(struct mc_srv *u, struct mc_group *g)
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
	struct mc_srv *u = mcs(srv);
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
	if (udp_mac_on(srv))
		dgram_key(server_cfg(srv)->auth_key,
		    server_cfg(srv)->auth_key_len, g->token,
		    g->key);
	g->fx = fx;
	g->addr = addr;
	wire_buf_init(&g->dg);
	g->next = u->groups;
	u->groups = g;
	mcs(srv)->stats.groups++;
	return g;
}

static void
mc_group_put(struct rti_server *srv, struct mc_group *g)
{
	struct mc_srv *u = mcs(srv);
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
	mcs(srv)->stats.groups--;
}

/* Tell `c` to join (1) or leave (0) group `g`. */
static void
mc_order(struct conn *c, const struct mc_group *g, int join)
{
	struct rti_server *srv = conn_srv(c);
	struct wire_buf *b;
	size_t off;

	b = srv_frame(srv, WIRE_CB_MC_JOIN, &off);
	wire_put_u8(b, (uint8_t)join);
	wire_put_u64(b, g->token);
	wire_put_u32(b, g->addr);
	wire_put_u16(b, (uint16_t)mcs(srv)->mc_port);
	wire_put_u8(b, (uint8_t)udp_mac_on(srv));
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	if (join)
		mcs(srv)->stats.joins++;
	else
		mcs(srv)->stats.leaves++;
}

/* Forget membership i of `p`, telling its federate to leave when
 * `tell`. */
static void
mm_drop(struct rti_server *srv, struct mc_peer *p, size_t i, int tell)
{
	struct mc_group *g = p->mm[i].g;

	if (tell)
		mc_order(p->c, g, 0);
	if (p->mm[i].joined) {
		g->members--;
		mcs(srv)->stats.members--;
	}
	g->refs--;
	p->mm[i] = p->mm[--p->n_mm];
	mc_group_put(srv, g);
}

/* Mark (keep) or add the membership of `p` of fx's group `addr`. */
static void
mm_want(struct rti_server *srv, struct mc_peer *p, struct federation *fx,
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
	return f->conn && conn_has_udp(f->conn) && conn_fed(f->conn) == f &&
	    !conn_closing(f->conn);
}

size_t
mc_cell_len(const struct rti_server *srv, const char *cond)
{
	return server_cfg(srv)->mc_depth > 0 && cond ?
	    mc_cell(cond, (unsigned)server_cfg(srv)->mc_depth) : 0;
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
		if (!(len = mc_cell_len(srv, conds[i])))
			return 0;
		a = mc_group_cell(&mcs(srv)->mc, f->fx->name, kind, cls,
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

/* The routes of class `cls` of `kind` (DM's index): *r, n returned.  The
 * subscribers of exactly that class are those with known == cls. */
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
	struct mc_peer *p;
	uint32_t cells[MC_CELLS_MAX], cls;
	size_t i, n;
	int kind;

	if (!(p = peer_of(c, 1)))
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
			mm_want(srv, p, fx, mc_group(&mcs(srv)->mc, fx->name,
			    kind, cls));
			n = class_cells(srv, f, kind, cls, cells);
			for (i = 0; i < n; i++)
				mm_want(srv, p, fx, cells[i]);
		}
	for (i = p->n_mm; i-- > 0;)
		if (!p->mm[i].keep)
			mm_drop(srv, p, i, !conn_closing(c));
}

/* Resync, once per mc_resync (u->mark), the subscribers of the whole
 * class `key` other than `f`: the cells in use there may have changed. */
static void
resync_wide(struct rti_server *srv, struct federate *f, uint64_t key)
{
	struct mc_srv *u = mcs(srv);
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
		struct mc_peer *q = peer_of(g->conn, 1);

		if (r[k].known != cls || g == f || !q || q->mark == u->mark ||
		    sub_cells(srv, g, kind, cls, cells) > 0)
			continue;
		q->mark = u->mark;
		peer_resync(srv, g);
	}
}

static void
mc_resync(struct federate *f)
{
	struct federation *fx = f->fx;
	struct rti_server *srv = fx->srv;
	struct mc_srv *u;
	struct mc_peer *p;
	size_t i, n_old = 0;

	if (!mc_on(srv))
		return;
	u = mcs(srv);
	p = peer_of(f->conn, 1);
	/* the classes f had cell groups of, and has now: their whole-class
	 * subscribers follow the cells in use.  Each is resynced once:
	 * the cost is f's classes and those subscribers', never the whole
	 * federation's. */
	if (p && p->n_narrow) {
		if (wire_grow((void **)&u->affected, &u->cap_affected,
		    p->n_narrow, sizeof *u->affected)) {
			mc_resync_fx(fx);
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

static void
mc_resync_fx(struct federation *fx)
{
	uint32_t i;

	if (!mc_on(fx->srv))
		return;
	/* one pass: the cells in use are read from the conditions
	 * themselves (class_cells), not from what a pass recorded */
	for (i = 0; i < fx->n_feds; i++)
		peer_resync(fx->srv, fx->feds[i]);
}

uint32_t
mc_groups(const struct conn *c)
{
	uint32_t n = 0;
	size_t i;

	const struct mc_peer *p = conn_mod(c, MOD_MC);

	if (p)
		for (i = 0; i < p->n_mm; i++)
			n += p->mm[i].joined != 0;
	return n;
}

static int
h_mc_joined(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct rti_server *srv = conn_srv(c);
	uint64_t token = wire_get_u64(rd);
	uint8_t ok = wire_get_u8(rd);
	struct mc_peer *p = peer_of(c, 0);
	size_t i;

	(void)serial;
	if (!wire_rd_done(rd))
		return -1;
	if (!p || !mc_on(srv))
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
			mcs(srv)->stats.members++;
		} else if (!ok) {
			/* it gets unicast, as without multicast */
			if (m->joined) {
				m->joined = 0;
				m->g->members--;
				mcs(srv)->stats.members--;
			}
			mcs(srv)->stats.join_failed++;
			rl_log_dgram(srv, LOG_INFO, "connection %u (%s): "
			    "could not join a multicast group: unicast "
			    "instead", conn_id(c), conn_peer(c));
		}
		break;
	}
	return 0;
}

/* Room for frames in a group datagram. */
#define mc_room udp_room

int
mc_begin(struct rti_server *srv, struct federation *fx, int ic,
    uint32_t cls, const char *cell, size_t cell_len, size_t frame_len)
{
	struct mc_srv *u = mcs(srv);
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
	if (members < server_cfg(srv)->mc_min)
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
mc_slot(const struct mc_srv *u, const struct mc_peer *p)
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
mc_add(struct rti_server *srv, struct conn *to, uint32_t handle,
    const uint8_t *keep, uint32_t n)
{
	struct mc_srv *u = mcs(srv);
	struct mc_peer *p = peer_of(to, 0);
	struct wire_buf *sel;
	size_t need;
	uint32_t j;
	int s;

	if (!p || conn_closing(to) || (s = mc_slot(u, p)) < 0 ||
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
	if (!(n = udp_seal(srv, &g->dg, g->token, ++g->seq, g->key))) {
		mcs(srv)->stats.send_failed++;
		return;
	}
	memset(&to, 0, sizeof to);
	to.sin_family = AF_INET;
	to.sin_addr.s_addr = htonl(g->addr);
	to.sin_port = htons((uint16_t)mcs(srv)->mc_port);
	if (udp_sendto(srv, (struct sockaddr *)&to, sizeof to,
	    g->dg.data, n) == 0) {
		mcs(srv)->stats.dg_out++;
		mcs(srv)->stats.bytes_out += n;
	} else {
		mcs(srv)->stats.send_failed++;
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
	struct mc_srv *u = mcs(srv);
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
	mcs(srv)->stats.messages++;
	mcs(srv)->stats.deliveries += n;
	if (!g->flush_pending) {
		g->flush_pending = 1;
		g->flush_next = u->mc_flush;
		u->mc_flush = g;
		server_turn_end_want(srv);
		server_flush_soon(srv);
	}
	return;
oom:
	g->dg.oom = 0;
	g->dg.len = 0;
	mcs(srv)->stats.send_failed++;
}

uint32_t
mc_end(struct rti_server *srv, const void *head, size_t head_len,
    const void *body, size_t body_len)
{
	struct mc_srv *u = mcs(srv);
	uint32_t n = 0;
	int s;

	for (s = 0; s < 2; s++)
		n += u->cur[s] ? u->cur_n[s] : 0;
	if (n && n >= server_cfg(srv)->mc_min)
		for (s = 0; s < 2; s++)
			if (u->cur[s] && u->cur_n[s])
				mc_append(srv, u->cur[s], &u->sel[s],
				    u->sel_off[s], u->cur_n[s], head, head_len,
				    body, body_len);
	u->cur[0] = u->cur[1] = NULL;
	return n >= server_cfg(srv)->mc_min ? n : 0;
}

static void
mc_server_fini(struct rti_server *srv)
{
	struct mc_srv *u = mcs(srv);

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
	free(u);
	server_mod_set(srv, MOD_MC, NULL);
}

/* conn_gone: forget every membership of `c` (it is freed), telling
 * nobody. */
static void
mc_conn_gone(struct conn *c)
{
	struct mc_peer *p = conn_mod(c, MOD_MC);

	if (!p)
		return;
	while (p->n_mm)
		mm_drop(conn_srv(c), p, p->n_mm - 1, 0);
	free(p->mm);
	free(p->narrow);
	free(p);
	conn_mod_set(c, MOD_MC, NULL);
}

/* Send every group datagram filled this turn. */
static void
mc_flush(struct rti_server *srv)
{
	struct mc_group *g;

	if (!mcs(srv))
		return;
	while ((g = mcs(srv)->mc_flush) != NULL) {
		mcs(srv)->mc_flush = g->flush_next;
		g->flush_pending = 0;
		mc_send(srv, g);
	}
}

int
mc_interaction(struct rti_server *srv, struct federate *from, uint32_t cls,
    const char *cond, const struct wire_buf *frame, const struct dm_sub *r,
    size_t n, uint8_t *want)
{
	size_t k;
	int any = 0, sent;

	if (frame->oom || !mc_begin(srv, from->fx, 1, cls, cond,
	    mc_cell_len(srv, cond), frame->len))
		return 0;
	for (k = 0; k < n; k++) {
		struct federate *to = r[k].f;

		if (to == from || !to->conn || !want[k] || r[k].known != cls ||
		    !mc_add(srv, to->conn, to->handle, NULL, 0))
			continue;
		want[k] = 2;
		any = 1;
	}
	sent = mc_end(srv, frame->data, frame->len, NULL, 0) > 0;
	for (k = 0; k < n; k++) {
		struct federate *to = r[k].f;

		if (want[k] != 2)
			continue;
		if (sent) {
			conn_mc_taken(to->conn);
		} else {
			conn_send_be(to->conn, frame->data, frame->len, NULL,
			    0);
		}
	}
	return any;
}

/* A federation's federates whose memberships are resynced at the end of
 * the turn, by handle (one that resigns meanwhile is not found). */
struct mc_fx {
	uint32_t *dirty;
	size_t n, cap;
};

static int
mc_federation_init(struct federation *fx)
{
	fx->mod[MOD_MC] = calloc(1, sizeof(struct mc_fx));
	return fx->mod[MOD_MC] ? 0 : -1;
}

static void
mc_federation_fini(struct federation *fx)
{
	struct mc_fx *st = fx->mod[MOD_MC];

	if (st)
		free(st->dirty);
	free(st);
	fx->mod[MOD_MC] = NULL;
}

/* `f`'s subscriptions or conditions changed: resync it at the end of
 * the turn (out of memory: at once). */
static void
mark(struct federate *f)
{
	struct mc_fx *st = f->fx->mod[MOD_MC];
	size_t i;

	if (!mc_on(f->fx->srv) || !st)
		return;
	for (i = 0; i < st->n; i++)
		if (st->dirty[i] == f->handle)
			return;
	if (wire_grow((void **)&st->dirty, &st->cap, st->n + 1,
	    sizeof *st->dirty)) {
		mc_resync(f);
		return;
	}
	st->dirty[st->n++] = f->handle;
	server_turn_end_want(f->fx->srv);
}

static void
mc_sub_changed(struct federate *f, int kind, uint32_t cls, int plain)
{
	(void)kind;
	(void)cls;
	(void)plain;
	mark(f);
}

static void
mc_conds_changed(struct federate *f, int kind, uint32_t cls)
{
	(void)kind;
	(void)cls;
	mark(f);
}

/* Nothing is saved: a restore stages nothing, and its apply (after DM's
 * and DDM's, below MC) makes every membership follow the restored
 * subscriptions and conditions. */
static int
mc_restore_stage(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, void **staged, char *msg, size_t len)
{
	(void)fx;
	(void)saved;
	(void)rd;
	(void)msg;
	(void)len;
	*staged = NULL;
	return RTI_OK;
}

static void
mc_restore_apply(struct federation *fx, void *staged)
{
	(void)staged;
	mc_resync_fx(fx);
}

/* The end of the turn: the memberships follow the changes of the turn,
 * then the group datagrams filled go. */
static void
mc_turn_end(struct rti_server *srv)
{
	struct federation *fx;
	size_t i;

	for (fx = server_federations(srv); fx; fx = fx->next) {
		struct mc_fx *st = fx->mod[MOD_MC];
		struct federate *f;

		for (i = 0; st && i < st->n; i++)
			if ((f = server_federate(fx, st->dirty[i])))
				mc_resync(f);
		if (st)
			st->n = 0;
	}
	mc_flush(srv);
}

static const struct msg_handler mc_handlers[] = {
	{ WIRE_MC_JOINED, MSG_ONE_WAY, 0, h_mc_joined },
	{ 0, 0, 0, NULL }
};

const struct module_ops mc_module = {
	.name = "MC",
	.handlers = mc_handlers,
	.federation_init = mc_federation_init,
	.federation_fini = mc_federation_fini,
	.conn_gone = mc_conn_gone,
	.server_start = mc_server_start,
	.server_fini = mc_server_fini,
	.sub_changed = mc_sub_changed,
	.conds_changed = mc_conds_changed,
	.restore_stage = mc_restore_stage,
	.restore_apply = mc_restore_apply,
	.turn_end = mc_turn_end,
};
