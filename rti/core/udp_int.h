/* SPDX-License-Identifier: Apache-2.0 */
/*
 * udp_int.h - the core's UDP socket (udp.c: the socket, the
 * per-connection datagram path, input), and what the multicast module
 * keeps beside it (rti/mc/mc.c: the groups, the memberships of each
 * connection; the core never reads them).  The interface of the
 * best-effort path is in server.h (udp_*, conn_send_be).
 */
#ifndef RTI_UDP_INT_H
#define RTI_UDP_INT_H

#include <sys/socket.h>

#include "conn.h"
#include "dgram.h"
#include "idmap.h"
#include "mcast.h"

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

struct udp_peer {
	struct conn *c;
	struct idmap_node tnode;      /* in udp_srv.by_token */
	struct mc_member *mm;         /* [n_mm] */
	size_t n_mm, cap_mm;
	uint64_t *narrow;             /* [n_narrow]: the classes (kind << 32
	                                 | class) it joined cell groups of */
	size_t n_narrow, cap_narrow;
	uint32_t mark;                /* mc_resync's, to resync once */
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
	struct sockaddr_storage bound;  /* the address it is bound to */
	uint32_t max;                 /* largest datagram */
	struct udp_peer *flush_head;
	uint8_t *rbuf;
	struct idmap by_token;        /* udp_peer by token: a datagram finds
	                                 its connection in one chain walk */
	/* --multicast: the range, the groups' port, the groups, those
	 * with a datagram to send, the message being addressed
	 * (mc_begin .. mc_end) */
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
};

static inline int
udp_mac_on(const struct rti_server *srv)
{
	return srv->cfg.auth_key != NULL;
}

/* Room for frames in one datagram. */
static inline size_t
udp_frame_room(const struct rti_server *srv)
{
	return srv->udp->max - DGRAM_HEADER_SIZE -
	    (udp_mac_on(srv) ? DGRAM_MAC_SIZE : 0);
}

/* udp.c: send `n` bytes at `p` to `to`, never blocking: 0, or -1 (the
 * datagram is gone; errno says why). */
int udp_send(struct udp_srv *u, const struct sockaddr *to, socklen_t tolen,
    const uint8_t *p, size_t n);
/* udp.c: number, and with --auth-key-file seal, the datagram filled in
 * `dg` (its header reserved, at least one frame after it) as `token`'s
 * `seq`: its length, or 0 when there is no room for the MAC (`dg`
 * emptied). */
size_t udp_seal(struct rti_server *srv, struct wire_buf *dg, uint64_t token,
    uint32_t seq, const uint8_t *key);

#endif
