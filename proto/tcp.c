/* SPDX-License-Identifier: Apache-2.0 */
/* tcp.c - the socket options of rti's TCP connections; see tcp.h. */
#include "config.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

#include "tcp.h"

/* Does `a` address this host's loopback? */
static int
is_loopback(const struct sockaddr_storage *a)
{
	if (a->ss_family == AF_INET) {
		const struct sockaddr_in *v4 = (const void *)a;

		return (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
	}
	if (a->ss_family == AF_INET6) {
		const struct sockaddr_in6 *v6 = (const void *)a;
		const uint8_t *b = v6->sin6_addr.s6_addr;

		if (IN6_IS_ADDR_LOOPBACK(&v6->sin6_addr))
			return 1;
		return IN6_IS_ADDR_V4MAPPED(&v6->sin6_addr) && b[12] == 127;
	}
	return 0;
}

/* The same address, ports aside. */
static int
same_host(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
{
	if (a->ss_family != b->ss_family)
		return 0;
	if (a->ss_family == AF_INET)
		return ((const struct sockaddr_in *)(const void *)a)->
		    sin_addr.s_addr == ((const struct sockaddr_in *)
		    (const void *)b)->sin_addr.s_addr;
	if (a->ss_family == AF_INET6)
		return memcmp(&((const struct sockaddr_in6 *)(const void *)a)->
		    sin6_addr, &((const struct sockaddr_in6 *)(const void *)b)->
		    sin6_addr, sizeof(struct in6_addr)) == 0;
	return 0;
}

int
tcp_tune(int fd)
{
	struct sockaddr_storage me, peer;
	socklen_t ml = sizeof me, pl = sizeof peer;
	char cc[16];
	socklen_t cl = sizeof cc - 1;
	int one = 1;

	(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	memset(&me, 0, sizeof me);
	memset(&peer, 0, sizeof peer);
	if (getsockname(fd, (struct sockaddr *)&me, &ml) < 0 ||
	    getpeername(fd, (struct sockaddr *)&peer, &pl) < 0)
		return 0;
	if (!is_loopback(&peer) && !same_host(&me, &peer))
		return 0;
	memset(cc, 0, sizeof cc);
	if (getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, cc, &cl) < 0 ||
	    strncmp(cc, "bbr", 3) != 0)
		return 0;
	if (setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, "cubic", 5) == 0 ||
	    setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, "reno", 4) == 0)
		return 1;
	return 0;
}
