/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mcast.c - multicast group ranges and the group of a class (mcast.h).
 */
#include "config.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include "fnv.h"
#include "mcast.h"

#define MC_NET 0xe0000000u          /* 224.0.0.0/4 */
#define MC_NET_MASK 0xf0000000u
#define MC_LOCAL_NET 0xe0000000u    /* 224.0.0.0/24 */
#define MC_LOCAL_MASK 0xffffff00u

/* Parse one dotted IPv4 address of s[0..n): 0 with *a (host order). */
static int
addr_parse(const char *s, size_t n, uint32_t *a)
{
	char buf[INET_ADDRSTRLEN];
	struct in_addr in;

	if (n == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (inet_pton(AF_INET, buf, &in) != 1)
		return -1;
	*a = ntohl(in.s_addr);
	return 0;
}

static const char *
addr_check(uint32_t a)
{
	if ((a & MC_NET_MASK) != MC_NET)
		return "not an IPv4 multicast address (224.0.0.0/4; for a "
		    "lab LAN use 239.192.0.0/14)";
	if ((a & MC_LOCAL_MASK) == MC_LOCAL_NET)
		return "in 224.0.0.0/24, the local network control block "
		    "(IGMP, routing protocols)";
	return NULL;
}

int
mc_range_parse(const char *s, struct mc_range *r, const char **why)
{
	const char *sep;
	uint32_t a, b;
	const char *bad;

	if (!s || !*s) {
		*why = "empty";
		return -1;
	}
	if ((sep = strchr(s, '/')) != NULL) {
		char *end;
		unsigned long n;
		uint32_t mask;

		if (addr_parse(s, (size_t)(sep - s), &a) < 0) {
			*why = "not an IPv4 address before the '/'";
			return -1;
		}
		if (sep[1] < '0' || sep[1] > '9') {
			*why = "no prefix length after the '/'";
			return -1;
		}
		n = strtoul(sep + 1, &end, 10);
		if (*end || n > 32) {
			*why = "prefix length not 4 to 32";
			return -1;
		}
		if (n < 4) {
			*why = "prefix length not 4 to 32";
			return -1;
		}
		mask = n == 32 ? 0xffffffffu : ~(0xffffffffu >> n);
		if (a & ~mask) {
			*why = "host bits set after the prefix (give the "
			    "network address, e.g. 239.192.10.0/24)";
			return -1;
		}
		b = a | ~mask;
	} else if ((sep = strchr(s, '-')) != NULL) {
		if (addr_parse(s, (size_t)(sep - s), &a) < 0 ||
		    addr_parse(sep + 1, strlen(sep + 1), &b) < 0) {
			*why = "not two IPv4 addresses FIRST-LAST";
			return -1;
		}
		if (b < a) {
			*why = "the last address is below the first";
			return -1;
		}
	} else {
		if (addr_parse(s, strlen(s), &a) < 0) {
			*why = "not an IPv4 address, ADDR/LEN or FIRST-LAST";
			return -1;
		}
		b = a;
	}
	/* 224.0.0.0/4 is contiguous: both ends in it, all of it in it; the
	 * control block is at its bottom, so the first address decides */
	if ((bad = addr_check(a)) != NULL || (bad = addr_check(b)) != NULL) {
		*why = bad;
		return -1;
	}
	r->first = a;
	r->last = b;
	return 0;
}

uint64_t
mc_range_size(const struct mc_range *r)
{
	return (uint64_t)r->last - r->first + 1;
}

int
mc_admin_scoped(uint32_t addr)
{
	return (addr & 0xff000000u) == 0xef000000u;
}

uint32_t
mc_group_cell(const struct mc_range *r, const char *fed, int interaction,
    uint32_t cls, const char *cell, size_t len)
{
	uint8_t k[5];
	uint64_t h;

	k[0] = interaction ? 'i' : 'o';
	k[1] = (uint8_t)(cls >> 24);
	k[2] = (uint8_t)(cls >> 16);
	k[3] = (uint8_t)(cls >> 8);
	k[4] = (uint8_t)cls;
	h = fnv1a(FNV1A_INIT, fed, strlen(fed) + 1);
	h = fnv1a(h, k, sizeof k);
	if (len)
		h = fnv1a(h, cell, len);
	return r->first + (uint32_t)(h % mc_range_size(r));
}

uint32_t
mc_group(const struct mc_range *r, const char *fed, int interaction,
    uint32_t cls)
{
	return mc_group_cell(r, fed, interaction, cls, NULL, 0);
}

size_t
mc_cell(const char *cond, unsigned depth)
{
	size_t i, n = strlen(cond);
	unsigned seen = 0;

	if (depth == 0 || n == 0)
		return 0;
	/* the depth-th '/' ends the cell; a trailing one ends a prefix,
	 * whose cell is then what comes before it */
	for (i = 0; i < n; i++)
		if (cond[i] == '/' && ++seen == depth)
			return i;
	return cond[n - 1] == '/' ? 0 : n;
}
