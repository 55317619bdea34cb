/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_int.h - what the four files of librti's core share, and nothing a
 * service module (fedm.c ... ddm.c) may use: those reach the core through
 * librti_int.h alone (test/check_modules_librti.sh checks it).
 *
 *   ambassador.c  new/free, connect/disconnect, the joined state, the
 *                 error message, the module tables
 *   connection.c  URL, socket, handshake, write, read, wait, lose, close
 *   request.c     one-way messages, requests, output batching
 *   evoke.c       the callback queue, input pinning, dispatch, evoke
 */
#ifndef LIBRTI_CORE_INT_H
#define LIBRTI_CORE_INT_H

#include "librti_int.h"

/* Bytes asked of each recv, and the input buffer's first size. */
#define RTI__READ_CHUNK 65536

/*
 * connection.c.  rti__conn_open: open the socket to `url` (NULL or "":
 * tcp://127.0.0.1) and run the handshake; RTI_OK (connected, max_frame
 * set), or the error with the message set and the connection closed
 * again.  rti__conn_close: leave the joined state if joined, close the
 * socket, forget the lost state and every buffered byte in or out (a
 * frame being dispatched in place stays readable until its dispatch
 * returns).  rti__wait_read: wait up to `timeout_s` (< 0 = forever) for
 * input and read it; 1 = got bytes, 0 = nothing (timeout, interrupted),
 * -1 = lost (lost_reason set); pending output is written meanwhile.
 */
int rti__conn_open(rti_ambassador *amb, const char *url);
void rti__conn_close(rti_ambassador *amb);
int rti__wait_read(rti_ambassador *amb, double timeout_s);
/* Heartbeats at `now`: a heartbeat sent when nothing left for a period;
 * the connection lost (-1, lost_reason set) when nothing came for the
 * timeout and nothing waits in the socket either; else 0. */
int rti__heartbeat(rti_ambassador *amb, double now);

/*
 * The datagram path (connection.c).  rti__udp_open: the offer (token,
 * port, largest datagram, MAC flag) was read: open the datagram socket
 * toward rtiexec; RTI_OK or an error (best effort then stays on the
 * stream).  rti__udp_evoke: at the start of evoke, register again when
 * a registration went unanswered (bounded).  rti__udp_drain: read the
 * datagrams waiting, without blocking, into dq; the number of frames
 * queued.  rti__udp_send: send the datagram being filled.
 * rti__udp_close: close the socket, forget the path.
 */
int rti__udp_open(rti_ambassador *amb, uint64_t token, uint16_t port,
    uint16_t max, int mac);
void rti__udp_evoke(rti_ambassador *amb, double now);
int rti__udp_drain(rti_ambassador *amb);
void rti__udp_send(rti_ambassador *amb);
void rti__udp_close(rti_ambassador *amb);
/* rti__mc_order: rtiexec's WIRE_CB_MC_JOIN: join (`join` 1) or leave
 * group `addr` (host order) of `token` on UDP `port`, and say whether
 * it joined (WIRE_MC_JOINED). */
void rti__mc_order(rti_ambassador *amb, int join, uint64_t token,
    uint32_t addr, uint16_t port, int mac);
/* rti__mc_drain: read the group datagrams waiting into dq (each frame
 * this federate is named in, cut as its selection says); the number of
 * datagrams that queued something.  rti__udp_drain calls it. */
int rti__mc_drain(rti_ambassador *amb);

/*
 * evoke.c.  rti__in_retire: in.data is about to be replaced while a
 * frame is dispatched in place (in_pinned): keep its storage (in_old)
 * until that dispatch returns.
 */
void rti__in_retire(rti_ambassador *amb);

/*
 * The next complete frame at `off` of the input: 1 found (type, payload
 * offset *poff and length *len set), 0 incomplete, -1 oversized.  Frames
 * from rtiexec are bounded by 64 times the default frame limit.
 */
static inline int
rti__frame_at(rti_ambassador *amb, size_t off, uint16_t *type,
    size_t *poff, uint32_t *len)
{
	uint16_t flags;
	int rc;

	/* nothing buffered (in.data may be NULL: no arithmetic on it) */
	if (off >= amb->in.len)
		return 0;
	rc = wire_frame_peek(amb->in.data + off, amb->in.len - off,
	    WIRE_DEFAULT_MAX_FRAME * 64u, type, &flags, len);
	if (rc <= 0)
		return rc;
	if (amb->in.len - off - WIRE_HEADER_SIZE < *len)
		return 0;
	*poff = off + WIRE_HEADER_SIZE;
	return 1;
}

#endif
