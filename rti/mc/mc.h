/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mc.h - MC, the multicast module (rtiexec --multicast; every function
 * is nothing without it): the groups of a federation's classes and
 * condition cells on the core's UDP socket, the memberships that follow
 * each federate's subscriptions and conditions, and the group message.
 * It sits between DDM and OM: it reads DM's routes and DDM's conditions
 * and learns of their changes through events (sub_changed,
 * conds_changed, restore_apply), resyncing the memberships and sending
 * the group datagrams at the end of the turn (turn_end); OM's routes of
 * updates and interactions ask it below.
 *
 * mc_on: 1 when --multicast is on and the UDP path is up.
 * mc_stats: its counters (all 0 when it is not on).
 * mc_taken: a message of the group message went to `to` (counted as
 *   multicast_taken), its members' local cut dropping `cut` values.
 * mc_groups: the groups `c` is a member of (joined).
 * mc_cell_len: the length of the cell of condition `cond` (mcast.h
 *   mc_cell at --multicast-cell-depth), 0 when none.
 * mc_begin: a best-effort message of class `cls` (`ic` 1: an interaction
 *   class) of `fx`, whose frame is `frame_len` bytes, is about to be
 *   routed; `cell[0..cell_len)` is its condition cell (0: none, or not
 *   one for the whole message).  1 when its cell's and its class's groups
 *   have at least --multicast-min joined members together and the frame
 *   fits a group datagram (then mc_add each subscriber, mc_end), else 0
 *   (unicast everyone).
 * mc_add: address subscriber `to` (federate `handle`) in the group
 *   message, in the first of the two groups it joined: it keeps
 *   keep[0..n) of the bundle's values (keep NULL: the whole frame).  1
 *   when it is a joined member and its entry fits, 0: send it the message
 *   as without multicast.
 * mc_end: the message (its frame: head then body) goes into the datagram
 *   of each group a member was addressed in, when at least
 *   --multicast-min members were addressed in all: their number.  0: it
 *   was not sent; the caller sends the members it addressed the message
 *   as without multicast.
 */
#ifndef RTI_MC_H
#define RTI_MC_H

#include "dm.h"
#include "server.h"

/* The multicast counters (rti-http(7)). */
struct mc_stats {
	uint64_t dg_out, bytes_out;   /* group datagrams sent, their bytes */
	uint64_t send_failed;         /* group datagrams the socket refused */
	uint64_t messages;            /* messages sent to a group (once) */
	uint64_t deliveries;          /* members addressed by them */
	uint64_t cut;                 /* attribute values the members' local
	                                 cut drops (the group carried more
	                                 than they subscribe to) */
	uint64_t joins, leaves;       /* join and leave orders sent */
	uint64_t join_failed;         /* federates that could not join */
	uint64_t groups;              /* groups now */
	uint64_t members;             /* memberships joined now */
};

int mc_on(const struct rti_server *srv);
const struct mc_stats *mc_stats(const struct rti_server *srv);
void mc_taken(struct rti_server *srv, struct conn *to, uint32_t cut);
uint32_t mc_groups(const struct conn *c);
size_t mc_cell_len(const struct rti_server *srv, const char *cond);
int mc_begin(struct rti_server *srv, struct federation *fx, int ic,
    uint32_t cls, const char *cell, size_t cell_len, size_t frame_len);
int mc_add(struct rti_server *srv, struct conn *to, uint32_t handle,
    const uint8_t *keep, uint32_t n);
uint32_t mc_end(struct rti_server *srv, const void *head, size_t head_len,
    const void *body, size_t body_len);
/*
 * The group message of a best-effort interaction of class `cls` sent by
 * `from`, under condition `cond` (may be ""), whose frame to the
 * subscribers that know it as `cls` is `frame` (WIRE_CB_INTERACTION):
 * every subscriber of r[0..n) that wants it (want[k] 1), other than
 * `from`, knows it as `cls` and is a joined member is addressed and gets
 * it, in its group's datagram or, when fewer than --multicast-min were
 * addressed, by unicast (conn_send_be); want[k] becomes 2 for each.  1
 * when any was (the caller counts them and sends the others), 0 when
 * none: the caller sends everyone as without multicast.
 */
int mc_interaction(struct rti_server *srv, struct federate *from,
    uint32_t cls, const char *cond, const struct wire_buf *frame,
    const struct dm_sub *r, size_t n, uint8_t *want);

#endif
