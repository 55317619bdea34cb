/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mcast.h - the multicast groups of the best-effort path (rtiexec(1)
 * --multicast): the group range rtiexec is given, the group a class of a
 * federation is sent to, and the selection that precedes each frame of a
 * group datagram.  Pure: parses and computes, does no I/O.
 *
 * A group datagram is an ordinary datagram (dgram.h) whose token is the
 * group's, not a connection's, and whose frames come in pairs: a
 * selection (MC_SELECT), then the WIRE_CB_REFLECT or WIRE_CB_INTERACTION
 * frame it applies to.  The selection names the federates that take the
 * frame (no other member delivers it: a federate that also gets it by
 * unicast is not named) and, for a reflection, what each of them keeps:
 *   u16 n, n x (u32 federate, u8 mode, [mode MC_SEL_CUT: u16 bytes,
 *   bytes of bitmap])
 * The bitmap has one bit per attribute value of the bundle, in the
 * bundle's order (bit i of byte i / 8, least significant first): the
 * values the federate subscribes to whose regions overlap its own,
 * exactly what rtiexec's cut would have sent it.
 */
#ifndef RTI_MCAST_H
#define RTI_MCAST_H

#include <stddef.h>
#include <stdint.h>

/* Frame type of a selection: core range, only in group datagrams. */
#define MC_SELECT 0x000f
#define MC_SEL_WHOLE 0          /* the frame as it is */
#define MC_SEL_CUT 1            /* a reflection cut to the bitmap */

/* An inclusive range of IPv4 multicast addresses, in host order. */
struct mc_range {
	uint32_t first, last;
};

/*
 * Parse `s`: "A.B.C.D/N" (a prefix, host bits zero), "A.B.C.D-E.F.G.H"
 * (first and last, inclusive) or one address.  Every address must be
 * IPv4 multicast (224.0.0.0/4) outside the local network control block
 * 224.0.0.0/24 (IGMP, routing protocols: never data).  0 with *r set,
 * or -1 with *why saying what is wrong (nothing set).
 */
int mc_range_parse(const char *s, struct mc_range *r, const char **why);
/* Number of addresses of `r` (at least 1). */
uint64_t mc_range_size(const struct mc_range *r);
/* 1 when `addr` (host order) is administratively scoped, 239.0.0.0/8
 * (RFC 2365): what a lab LAN should use. */
int mc_admin_scoped(uint32_t addr);

/*
 * The group of class `cls` (`interaction` 1: an interaction class) of
 * the federation named `fed`: FNV-1a (64 bits) of the name, its NUL, the
 * kind byte and the class handle (big-endian), reduced modulo the
 * range's size, added to its first address.  Deterministic: the same
 * federation, class and range give the same group on every run.  Two
 * classes may share a group (a collision); their members then receive
 * each other's frames and drop them by the selection: bandwidth, never
 * a wrong delivery.
 */
uint32_t mc_group(const struct mc_range *r, const char *fed,
    int interaction, uint32_t cls);
/*
 * The group of condition cell `cell[0..len)` of that class: the same
 * hash continued over the cell's bytes (len 0: mc_group's group).
 */
uint32_t mc_group_cell(const struct mc_range *r, const char *fed,
    int interaction, uint32_t cls, const char *cell, size_t len);

/*
 * Condition cells (rtiexec(1) --multicast-cell-depth).  The cell of a
 * valid condition (match.h) at depth `depth` >= 1 is its first `depth`
 * path elements, or the whole condition when it has fewer.  A send
 * condition has exactly one cell, and a subscription condition matches
 * only send conditions of its own cell, except a prefix ("north/") of
 * fewer than `depth` elements, which matches many: it has no cell.
 * mc_cell: the length of the cell of `cond` (the cell is cond[0..len)),
 * or 0 when it has none.
 */
size_t mc_cell(const char *cond, unsigned depth);
/* Deepest cell depth worth asking for: a condition has at most
 * MATCH_MAX_COND (64) bytes, so at most 32 elements. */
#define MC_DEPTH_MAX 32u

#endif
