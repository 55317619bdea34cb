/* SPDX-License-Identifier: Apache-2.0 */
/*
 * udp.h - what a module uses of the core's UDP socket (udp.c): the
 * multicast module (rti/mc) sends its group datagrams on it and keeps its
 * own groups and memberships (the core knows nothing of them).  Every
 * function but udp_on and udp_mac_on needs udp_on(srv).
 *
 * udp_on: 1 when the UDP socket is up (not --udp off).
 * udp_fd, udp_bound, udp_port: the socket, the address and port it is
 *   bound to.
 * udp_room: room for frames in one datagram (its header and, with
 *   --auth-key-file, its MAC taken off).
 * udp_seal: number, and with --auth-key-file seal, the datagram filled
 *   in `dg` (its header reserved, at least one frame after it) as
 *   `token`'s `seq` (MAC key `key`): its length, or 0 when there is no
 *   room for the MAC (`dg` emptied).
 * udp_sendto: send `n` bytes at `p` to `to`, never blocking: 0, or -1
 *   (the datagram is gone; errno says why).
 * conn_has_udp: 1 when `c` has a datagram path (not a Unix socket, not
 *   --udp off), confirmed or not.
 * conn_mc_taken: a message went to `c` in a group datagram instead of by
 *   unicast (counted for the connection and the server, rti-http(7)
 *   multicast_taken).
 */
#ifndef RTI_UDP_H
#define RTI_UDP_H

#include <sys/socket.h>

#include "server.h"

int udp_on(const struct rti_server *srv);
evutil_socket_t udp_fd(const struct rti_server *srv);
const struct sockaddr_storage *udp_bound(const struct rti_server *srv);
int udp_port(const struct rti_server *srv);
size_t udp_room(const struct rti_server *srv);
size_t udp_seal(struct rti_server *srv, struct wire_buf *dg, uint64_t token,
    uint32_t seq, const uint8_t *key);
int udp_sendto(struct rti_server *srv, const struct sockaddr *to,
    socklen_t tolen, const uint8_t *p, size_t n);
int conn_has_udp(const struct conn *c);
void conn_mc_taken(struct conn *c);

/* 1 when datagrams carry a MAC (--auth-key-file). */
static inline int
udp_mac_on(const struct rti_server *srv)
{
	return server_cfg(srv)->auth_key != NULL;
}

#endif
