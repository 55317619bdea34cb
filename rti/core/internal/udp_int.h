/* SPDX-License-Identifier: Apache-2.0 */
/*
 * udp_int.h - the core's UDP socket (udp.c: the socket, the
 * per-connection datagram path, input), core-private.  What a module
 * uses of it is in udp.h (the multicast module's socket) and server.h
 * (conn_send_be, udp_confirmed).
 */
#ifndef RTI_UDP_INT_H
#define RTI_UDP_INT_H

#include <sys/socket.h>

#include "conn.h"
#include "dgram.h"
#include "idmap.h"
#include "udp.h"

struct udp_peer {
	struct conn *c;
	struct idmap_node tnode;      /* in udp_srv.by_token */
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
};

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

#endif
