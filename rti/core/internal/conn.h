/* SPDX-License-Identifier: Apache-2.0 */
/*
 * conn.h - what the server's own files share (log.c, listen.c,
 * conn_in.c, conn_out.c, server.c) and no module includes: the modules'
 * interface is server.h.
 */
#ifndef RTI_CONN_H
#define RTI_CONN_H

#include "server_int.h"

/*
 * Connection I/O.  Each connection reads into the server's shared buffer
 * and dispatches every complete frame in place; only an incomplete frame
 * (or what is left while reading is paused) is kept in its own `in`.
 * Output is appended to its own `out` and the connection put on the flush
 * list; once per loop turn flush_cb writes each listed connection with
 * one send().  Only when the socket is full does the connection wait for
 * EV_WRITE, so a frame costs no epoll_ctl and no allocation in steady
 * state, and a burst of frames to one peer leaves in one write.
 */
#define RBUF_SIZE (256u * 1024)
/* An emptied input buffer larger than this is given back; written output
 * is compacted away once past it. */
#define BUF_KEEP (256u * 1024)
/* An emptied output buffer larger than this is given back (buf_trim)
 * unless it was a quarter full: the frames of a time step or a reflection
 * fit and stay allocated, the buffer of a connection written as much every
 * step (the grid's reflections) stays, while the buffer a join reply or a
 * burst grew does not stay with every idle federate. */
#define OUT_KEEP 1024u
/* Room read at once into a connection's own buffer behind a partial
 * frame.  The partial frame stays where it lies while this much room
 * follows it and is moved to the front only then, so a sender streaming
 * large bundles costs a copy of a partial frame every few reads, not one
 * per read; the buffer then stays at 2 * PARTIAL_READ or so.  A frame
 * longer than that gets room for at most as many bytes as it already has
 * (conn_read_cb): memory is spent as a frame arrives, not as its header
 * claims, and a large bundle still costs a handful of reallocations
 * (doubling), not a copy per read. */
#define PARTIAL_READ (128u * 1024)
/* A frame body at least this large, to a connection with nothing queued,
 * is written at once from the caller's memory (conn_send2), not copied
 * into the queue for the end of the loop turn. */
#define DIRECT_MIN (16u * 1024)
/* Timestamp-order frames a connection holds back (conn_send_held), at
 * most; an emptied buffer larger than HELD_KEEP is given back (buf_trim,
 * as OUT_KEEP). */
#define HELD_MAX (64u * 1024)
#define HELD_KEEP 4096u

#define URING_ENTRIES 256

/* log.c */
/* A line asked for (SIGUSR1): at every log level, labelled "status". */
void status_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* CLOCK_MONOTONIC in seconds. */
double mono_now(void);
/* The same clock, coarse (a few ms) and cheaper: for a read's time. */
double mono_coarse(void);
/* A line a client can cause before it is trusted, at most one per
 * reason `r` and second; rl_flush_cb (srv->rl_ev) writes the counts of
 * the lines held back. */
void rl_log(struct rti_server *srv, enum srv_rl r, int level,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void rl_flush_cb(evutil_socket_t fd, short what, void *arg);

/* conn_out.c */
/* Free `c` now: its federate resigns, its output is dropped. */
void conn_free(struct conn *c);
/* Take `c` off the startup list (its HELLO was accepted, or it closes). */
void startup_unlink(struct conn *c);
/* Give `b`'s memory back when it is larger than `keep`. */
/* Give back emptied buffer b's memory when it is larger than `keep`,
 * unless this use and the one before (*prev, which it updates) each held
 * more than `keep` bytes and this one filled a quarter of it.  A buffer
 * filled as much every loop turn (the grid's reflections each step, a
 * console's held frames) keeps its memory: freeing it made the next
 * turn's malloc fault its pages in again (the 300-console trainer's
 * rtiexec spent 6 % of its CPU in page faults and 3 % in malloc).  One
 * large use alone (a join reply) or a burst is given back, so an idle
 * federate keeps no large buffer (rtibench -m crowd's memory). */
void buf_trim(struct wire_buf *b, size_t keep, size_t used, size_t *prev);
/* The server's events: srv->reap_ev, srv->slow_ev, srv->flush_ev, and a
 * connection's wev. */
void reap_cb(evutil_socket_t fd, short what, void *arg);
void slow_check_cb(evutil_socket_t fd, short what, void *arg);
void flush_cb(evutil_socket_t fd, short what, void *arg);
void conn_write_cb(evutil_socket_t fd, short what, void *arg);
/* Drop `c` whose peer went silent: its output discarded, closed, its
 * federate resigned with its resign action (as a killed one's). */
void conn_drop_silent(struct conn *c, const char *why);

/* heartbeat.c: start the sweep (srv->hb_ev) when heartbeats are on; 0
 * or -1.  hb_conn_start: `c`'s HELLO was accepted now. */
int hb_init(struct rti_server *srv);
void hb_conn_start(struct conn *c);

/* udp.c: the datagram socket beside the TCP listener (none with --udp
 * off): 0, or -1 with the reason logged.  udp_conn_start: `c`'s HELLO
 * was accepted: give it a token and offer it the datagram path
 * (WIRE_CB_DGRAM_OFFER; nothing for a Unix socket).  udp_conn_free:
 * forget `c`.  udp_flush: send every datagram filled this loop turn
 * (flush_cb). */
int udp_init(struct rti_server *srv);
void udp_fini(struct rti_server *srv);
void udp_conn_start(struct conn *c);
void udp_conn_free(struct conn *c);
void udp_flush(struct rti_server *srv);
/* conn_in.c: dispatch one frame of a datagram of `c` (udp.c): 0, or -1
 * when its handler refused it as malformed. */
int conn_dispatch_dgram(struct conn *c, uint16_t type, const uint8_t *p,
    uint32_t n);

/* conn_in.c */
/* A connection's rev. */
void conn_read_cb(evutil_socket_t fd, short what, void *arg);
/* Refuse the handshake of `c` with `err` and `msg` (HELLO_NAK). */
void send_nak(struct conn *c, int err, const char *msg);

/* listen.c */
/* srv->hs_ev and srv->accept_ev. */
void handshake_timeout_cb(evutil_socket_t fd, short what, void *arg);
void accept_resume_cb(evutil_socket_t fd, short what, void *arg);
/* The effective connection bounds from the configuration and the
 * descriptor limit (raised as far as it goes). */
void bounds_init(struct rti_server *srv);
/* Open the listeners: 0 or -1 with the reason logged. */
int listen_tcp(struct rti_server *srv);
int listen_unix(struct rti_server *srv);

#endif
