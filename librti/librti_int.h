/* SPDX-License-Identifier: Apache-2.0 */
/*
 * librti_int.h - private definitions of librti (never installed).
 *
 * The library is split like rtiexec: a core (ambassador.c: new/free,
 * connect, the joined state, the error message; connection.c: the socket,
 * handshake, read, write and wait; request.c: requests, one-way messages
 * and output batching; evoke.c: the callback queue, input pinning and
 * evoke; what only they share is in core_int.h), and one module per
 * service group (fedm, dm, om, tm, owm, ddm), each with its own
 * per-ambassador state in amb->mod[] and its own table of callback
 * handlers.
 *
 * The module graph.  A module calls only the modules below it:
 *
 *   owm   ddm            ownership, filtering (built on OM)
 *      om                instances, updates, interactions
 *   fedm  dm  tm         federation, declarations, time
 *      core              connection, requests, evoke
 *
 *   fedm, dm, tm   call the core only;
 *   om             calls dm (what is published) and tm (may a
 *                  timestamped message go, its retraction serial, hold a
 *                  received message);
 *   owm            calls om (who owns what) and dm;
 *   ddm            calls om (known classes, registration, the interaction
 *                  it filters: rti_send_interaction_with_regions).
 * The core calls no module: it runs their hooks (join, leave, flush,
 * callbacks) through the module table.  What a lower module must tell a
 * higher one is an event raised through the table (struct rti__module,
 * below): DM's unpublished goes to OM; OM's send_update, send_bundle,
 * send_interaction and received go to DDM, which owns the source-side
 * filter, its memo and the statistics.  No module reads another's slot of
 * amb->mod[].  test/check_modules_librti.sh holds the same graph and fails
 * on a call against it.
 */
#ifndef LIBRTI_INT_H
#define LIBRTI_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "librti.h"
#include "wire.h"
#include "fom.h"

enum {
	RTI__MOD_FEDM = 0,
	RTI__MOD_DM,
	RTI__MOD_OM,
	RTI__MOD_TM,
	RTI__MOD_OWM,
	RTI__MOD_DDM,
	RTI__MOD_SAVE,
	RTI__MOD_COUNT
};

/* Handler of one server->client frame, called from evoke with the
 * payload.  Returns 0, or -1 when the frame is malformed (the connection
 * is then treated as lost with a protocol error). */
typedef int (*rti__cb_fn)(rti_ambassador *amb, uint16_t type,
    struct wire_rd *rd);

struct rti__cb_handler {
	uint16_t type;
	rti__cb_fn fn;
};

/* A message a module sends: as a request (rti__req_begin: a serial, the
 * reply awaited) or one-way (rti__msg_begin).  Sending a type otherwise,
 * or one not listed, fails with RTI_ERR_INTERNAL_ERROR: the tables are
 * what test/check_protocol.sh compares with rtiexec and rti-protocol(7). */
struct rti__msg_out {
	uint16_t type;
	uint8_t kind;             /* RTI__ONE_WAY or RTI__REQUEST */
};
#define RTI__ONE_WAY 1
#define RTI__REQUEST 2

/*
 * Events.  What a module must tell the modules above it (see the module
 * graph above) it raises as an event, never by calling them: every
 * module whose table sets the hook gets it, in module order, through the
 * lists rti_ambassador_new builds in amb->ev (rti__ev_* below).
 *
 * unpublished (DM): the federate stopped publishing the attributes in
 *   `removed` (a bset of rti__dm_words words) of object class `cls`;
 *   raised after rtiexec's reply, with DM's table already updated.
 * send_update (OM): an update of the federate's own instance `obj`
 *   (registered class `cls`) with attributes v[0..n) and condition `cond`
 *   (NULL or "": the instance's) is about to be sent.  1 lets it go, 0
 *   drops it (nobody wants it: DDM's source-side filter); the first 0
 *   ends the event.  A hook may read the socket (rti__read_some) but not
 *   dispatch.
 * send_bundle (OM): a class bundle send begins (on = 1) or ends (0); the
 *   send_update events between are of its instances, in order.
 * send_interaction (OM): as send_update for an interaction of class
 *   `cls` with condition `cond` and regions reg[0..m).
 * received (OM): `n` reflections (interaction = 0) or interactions were
 *   delivered to the federate's callbacks.
 * fom_grown (FedM): rtiexec announced FOM modules merged at another
 *   federate's join (WIRE_CB_FOM_MODULES) and amb->fom holds them now;
 *   `was` gives its old sizes.  Every old handle is the same item, the
 *   new ones follow, attribute sets keep their width (bset_words of the
 *   old n_attrs).  Each module extends its tables sized by the FOM: 0, or
 *   -1 (ENOMEM) with its sizes unchanged; the first -1 ends the event
 *   (the connection is then lost).
 */
struct rti__fom_sizes {
	uint32_t n_oclasses, n_attrs, n_iclasses, n_params, n_dims;
};
typedef void rti__ev_unpublished_fn(rti_ambassador *amb, uint32_t cls,
    const uint64_t *removed);
typedef int rti__ev_send_update_fn(rti_ambassador *amb, uint32_t obj,
    uint32_t cls, const struct rti_attribute_value *v, size_t n,
    const char *cond);
typedef void rti__ev_send_bundle_fn(rti_ambassador *amb, int on);
typedef int rti__ev_send_interaction_fn(rti_ambassador *amb, uint32_t cls,
    const char *cond, const uint32_t *reg, uint32_t m);
typedef void rti__ev_received_fn(rti_ambassador *amb, int interaction,
    size_t n);
typedef int rti__ev_fom_grown_fn(rti_ambassador *amb,
    const struct rti__fom_sizes *was);

struct rti__module {
	const char *name;
	const struct rti__cb_handler *callbacks; /* terminated by fn NULL */
	const struct rti__msg_out *sends;        /* terminated by type 0 */
	/* Joined: allocate amb->mod[slot].  RTI_OK or an error. */
	int (*join)(rti_ambassador *amb);
	/* Resigned or disconnected: free amb->mod[slot]; must accept NULL. */
	void (*leave)(rti_ambassador *amb);
	/* Called at the start of evoke and before each request: flush any
	 * buffered output of the module (e.g. coalesced updates). */
	void (*flush)(rti_ambassador *amb);
	/* Called at the start of evoke with rti__now() (periodic reports:
	 * they queue frames, the flush after sends them); NULL = none. */
	void (*evoke)(rti_ambassador *amb, double now);
	/* Events (above); NULL = not interested. */
	rti__ev_unpublished_fn *unpublished;
	rti__ev_send_update_fn *send_update;
	rti__ev_send_bundle_fn *send_bundle;
	rti__ev_send_interaction_fn *send_interaction;
	rti__ev_received_fn *received;
	rti__ev_fom_grown_fn *fom_grown;
};

/* Each event's hooks, in module order, NULL-terminated. */
#define RTI__EV_MAX (RTI__MOD_COUNT + 2)
struct rti__events {
	rti__ev_unpublished_fn *unpublished[RTI__EV_MAX];
	rti__ev_send_update_fn *send_update[RTI__EV_MAX];
	rti__ev_send_bundle_fn *send_bundle[RTI__EV_MAX];
	rti__ev_send_interaction_fn *send_interaction[RTI__EV_MAX];
	rti__ev_received_fn *received[RTI__EV_MAX];
	rti__ev_fom_grown_fn *fom_grown[RTI__EV_MAX];
};

extern const struct rti__module rti__fedm_module;
extern const struct rti__module rti__dm_module;
extern const struct rti__module rti__om_module;
extern const struct rti__module rti__tm_module;
extern const struct rti__module rti__owm_module;
extern const struct rti__module rti__ddm_module;
extern const struct rti__module rti__save_module;
/* The connection itself (ambassador.c): the handshake, notices. */
extern const struct rti__module rti__core_module;
/* Every module, core first (rti__core_module ... rti__save_module). */
extern const struct rti__module *const rti__modules[RTI__MOD_COUNT + 1];
/* Frames from rtiexec that no callback table lists: decoded where they
 * are awaited (WIRE_REPLY by rti__req_finish, the handshake answers by
 * rti_connect).  Terminated by 0. */
extern const uint16_t rti__answers[];

struct rti__name_cache {
	uint32_t handle;
	char *name;
};

/* States of the datagram path (connection.c). */
enum {
	RTI__UDP_NONE = 0,        /* no offer (Unix socket, --udp off) */
	RTI__UDP_OFFERED,         /* offer taken, not registered yet */
	RTI__UDP_REGISTERING,     /* registration sent, not confirmed */
	RTI__UDP_CONFIRMED,       /* best effort travels by UDP */
	RTI__UDP_FAILED           /* never confirmed: on the stream */
};
/* Frame flag of a frame that came by UDP (never on the wire): set in
 * rx_flags while it is dispatched. */
#define RTI__RX_DGRAM 0x8000

/* A multicast group joined (connection.c). */
struct rti__mc_group {
	uint64_t token;
	uint32_t addr;            /* host order */
	int mac;
	uint8_t key[16];
	uint32_t seq;
	int any;                  /* a datagram was taken (seq is set) */
};

struct rti_ambassador {
	int fd;
	/* The best-effort path (connection.c): rti_get_fd's epoll
	 * descriptor, the datagram socket (connected to rtiexec's UDP
	 * address), the offer (token, largest datagram, MAC key), the
	 * registration, sequence numbers, the datagram being filled, the
	 * best-effort frames received and not yet delivered (dq, from
	 * dq_off; dq_pinned while one is dispatched in place), the flags
	 * of the frame in dispatch, the counters. */
	int epfd, udp_fd;
	int udp_state, udp_want, udp_tries, dq_pinned;
	uint64_t udp_token;
	uint16_t udp_max;
	int udp_mac;
	uint8_t udp_key[16];
	uint32_t udp_seq_out, udp_seq_in;
	double udp_next_try;
	struct wire_buf dg_out;
	struct wire_buf dq;
	size_t dq_off;
	uint8_t *dg_in;
	uint16_t rx_flags;
	struct rti_transport_stats ts;
	/* Multicast (connection.c): the group socket (bound to the groups'
	 * port, in epfd), the groups joined, rtiexec's UDP port (of the
	 * offer: group datagrams come from there only). */
	int mc_fd;
	uint16_t mc_port, udp_srv_port;
	struct rti__mc_group *mc;
	size_t n_mc, cap_mc;
	int connected;
	int refused_busy;         /* the last handshake: WIRE_NAK_BUSY */
	int lost;                 /* connection gone; lost_reason says why */
	int lost_reported;        /* connection_lost callback delivered */
	int lost_drop;            /* lost on a malformed frame: what is
	                             queued behind it is not delivered */
	char lost_reason[256];
	uint16_t last_type;       /* of the frame dispatched last */
	char notice[256];         /* the last WIRE_NOTICE's message: the
	                             reason of a close that follows it */
	struct rti_callbacks cb;
	void *arg;
	uint8_t *auth_key;
	size_t auth_key_len;
	uint32_t max_frame;       /* rtiexec's limit from the handshake */
	uint32_t serial;

	struct wire_buf out;      /* unsent bytes start at out_off */
	size_t out_off;
	double out_t0;            /* when the oldest unwritten output was
	                             buffered (here or in a module), 0 = none */
	size_t out_base;          /* unsent bytes the last write left */
	struct wire_buf in;       /* received bytes; unread start at in_off */
	size_t in_off;
	int rd_empty;             /* the last read left the socket empty */
	double rd_at;             /* rti__now of the last read that took
	                             bytes or found none */
	double rcvtmo;            /* SO_RCVTIMEO in force, 0 = none set */
	/* Heartbeats (connection.c): the timeout in force (rtiexec's from
	 * the HELLO_ACK, or the one set by rti_set_heartbeat_timeout; 0 =
	 * none) and its period; the reads and writes that took bytes
	 * (counted where they happen: no clock there), their counts at the
	 * last check, and the check at which each last moved. */
	double hb_timeout, hb_period, hb_own;
	uint64_t rx_count, tx_count, rx_seen, tx_seen;
	double last_rx, last_tx;
	int wait_poll;            /* wait with poll: a Unix-domain socket,
	                             or the socket turned out non-blocking
	                             or SO_RCVTIMEO failed */
	int in_pinned;            /* a frame is dispatched where it lies in
	                             in.data: bytes before in_off must not
	                             move until it returns */
	uint8_t *in_old;          /* storage holding that frame after the
	                             unread bytes moved out (freed after) */
	struct wire_buf reply;    /* payload of the last reply */
	struct wire_buf req;      /* request being built */
	size_t req_off;
	uint16_t req_bad;         /* its type is not a declared request */
	uint16_t msg_bad;         /* the one-way message being built is not
	                             declared one-way */

	int in_callback;
	int report_services;      /* rtiexec's WIRE_CB_SERVICE_REPORTING:
	                             rti__dispatch reports callbacks */
	int svc_held;             /* the frame in dispatch was held (TM) or
	                             dropped, not delivered: not reported */
	int in_flush;             /* running the modules' flush hooks */
	int tm_releasing;         /* TM is delivering held TSO messages */
	int busy;                 /* RTI_OK, or RTI_ERR_SAVE_IN_PROGRESS /
	                             RTI_ERR_RESTORE_IN_PROGRESS while a
	                             save or restore runs (save.c) */
	char errmsg[512];

	/* joined state */
	int joined;
	rti_federate_handle self;
	char *federate_name;
	char *federation;
	int time_int64;
	int resign_action;        /* the automatic resign directive set */
	struct fom *fom;
	size_t attr_words;        /* words of every attribute set, fixed at
	                             join (bset_words_room) */
	struct rti__name_cache *fed_names;
	size_t n_fed_names;

	void *mod[RTI__MOD_COUNT];
	struct rti__events ev;
	const struct rti__cb_handler *dispatch[WIRE_MOD_COUNT][256];
	uint8_t sendkind[WIRE_MOD_COUNT][256]; /* RTI__ONE_WAY/_REQUEST */
};

/* Set the error message; returns `err` for tail calls. */
int rti__fail(rti_ambassador *amb, int err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* RTI_OK, or NOT_CONNECTED / CONNECTION_LOST / NOT_EXECUTION_MEMBER with
 * the message set, for services that need a joined federate; also
 * SAVE_IN_PROGRESS / RESTORE_IN_PROGRESS while one runs (amb->busy).
 * rti__check_member: the same but for the busy state, for the services
 * IEEE 1516.1-2010 allows during a save or restore (the save and restore
 * services, resign, the name and handle lookups). */
int rti__check_joined(rti_ambassador *amb);
int rti__check_member(rti_ambassador *amb);
int rti__check_connected(rti_ambassador *amb);
/* The start of a service that needs a joined federate: return
 * INVALID_ARGUMENT for a NULL ambassador, rti__check_joined's error when
 * not joined. */
#define RTI__JOINED_OR_RETURN(amb)                                     \
	do {                                                           \
		int rc_;                                               \
		if (!(amb))                                            \
			return RTI_ERR_INVALID_ARGUMENT;               \
		if ((rc_ = rti__check_joined(amb)) != RTI_OK)          \
			return rc_;                                    \
	} while (0)
#define RTI__MEMBER_OR_RETURN(amb)                                     \
	do {                                                           \
		int rc_;                                               \
		if (!(amb))                                            \
			return RTI_ERR_INVALID_ARGUMENT;               \
		if ((rc_ = rti__check_member(amb)) != RTI_OK)          \
			return rc_;                                    \
	} while (0)
/* RTI_OK, or INVALID_ARGUMENT with the message set when a user-supplied
 * tag is NULL with a length or longer than WIRE_MAX_TAG. */
int rti__check_tag(rti_ambassador *amb, const void *tag, size_t tag_len);
/* A condition by match_cond_check's rules (the same in rtiexec): a
 * subscription's (`subscription` 1: may be a prefix ending in '/') or a
 * send condition (not empty), as rti__check_send_cond.  RTI_OK, or
 * RTI_ERR_INVALID_CONDITION with the message set. */
int rti__check_cond(rti_ambassador *amb, const char *cond, int subscription);
int rti__check_send_cond(rti_ambassador *amb, const char *cond);

/*
 * The joined state (ambassador.c).  rti__enter: the join reply has set
 * self, fom and the names; mark the ambassador joined and run every
 * module's join hook in module order.  RTI_OK, or the first hook's error
 * with the slots of the modules before it allocated: the caller then
 * calls rti__leave.  rti__leave: undo a join, whole or partial (also one
 * that failed before rti__enter): run every module's leave hook in
 * reverse order (each frees its slot and accepts one never allocated),
 * free the FOM, the names and the federate name cache, clear joined and
 * self.  It sends nothing: the caller has resigned, or the connection is
 * gone.
 */
int rti__enter(rti_ambassador *amb);
void rti__leave(rti_ambassador *amb);

/*
 * Requests.  rti__req_begin starts a request frame (with its serial) and
 * returns the buffer to put the arguments in.  rti__req_finish sends it,
 * waits for the reply (queueing callbacks that arrive meanwhile) and
 * returns its error code; the message is copied to errmsg.  On RTI_OK,
 * `body` (optional) reads the reply's results, valid until the next
 * request.
 */
struct wire_buf *rti__req_begin(rti_ambassador *amb, uint16_t type);
int rti__req_finish(rti_ambassador *amb, struct wire_rd *body);

/*
 * One-way messages.  rti__msg_begin appends a frame header to the output
 * buffer and returns it; put the payload, then call rti__msg_end with the
 * returned offset.  rti__msg_end returns RTI_OK or NO_MEMORY (the frame is
 * then removed).  Output is written by rti__flush, by requests and by
 * evoke; rti__msg_end writes at once when `now` is set.
 */
struct wire_buf *rti__msg_begin(rti_ambassador *amb, uint16_t type,
    size_t *off);
int rti__msg_end(rti_ambassador *amb, size_t off, int now);
/* Append the modules' buffered output (their flush hooks) to the output
 * buffer: call before a one-way message that must follow it. */
void rti__flush_modules(rti_ambassador *amb);
/* Write as much buffered output as the socket takes (block = wait until
 * all is written).  RTI_OK or CONNECTION_LOST. */
int rti__flush(rti_ambassador *amb, int block);
/* Read what the socket has into `in`, without blocking and without
 * dispatching.  1 = got bytes, 0 = nothing, -1 = lost. */
int rti__read_some(rti_ambassador *amb);
/* Room for `n` more bytes after in.len; while a frame is dispatched in
 * place the unread bytes may move, the bytes before in_off never.  0 or
 * -1 (out of memory). */
int rti__in_reserve(rti_ambassador *amb, size_t n);
/*
 * Output batching.  One-way output waits in the buffers until
 * RTI__OUT_BATCH more bytes are unsent, its oldest byte is RTI__OUT_AGE_S
 * old at an API call, evoke starts or ends, a request is sent, or
 * rti_flush_updates.  rti__out_note: output was buffered (by a module or in
 * `out`) at this time if none was.  rti__out_queued: bytes were appended
 * to `out`; write them if a rule says so.  RTI_OK or CONNECTION_LOST (with
 * the message set).  rti__out_age: at an API call, write what is too old.
 */
#define RTI__OUT_BATCH 65536u
#define RTI__OUT_AGE_S 0.001
void rti__out_note(rti_ambassador *amb);
int rti__out_queued(rti_ambassador *amb);
void rti__out_age(rti_ambassador *amb);

/*
 * The best-effort path (connection.c).
 * rti__udp_want: the federation has best effort (the FOM, or a change of
 *   transportation type): register the datagram path if offered and not
 *   yet done.  Idempotent.
 * rti__udp_ready: 1 when best-effort frames go by UDP now.
 * rti__msg_end_be: rti__msg_end(amb, off, 0) of a best-effort frame: it
 *   moves into the datagram being filled when the path is confirmed and
 *   it fits, else stays in the stream's output marked
 *   WIRE_FLAG_BEST_EFFORT (counted too_large or unconfirmed).  RTI_OK or
 *   rti__msg_end's error.
 * rti__rx_dgram: 1 while the frame in dispatch came by UDP.
 */
void rti__udp_want(rti_ambassador *amb);
/* 1 when the model has an HLAbestEffort attribute or interaction class:
 * the datagram path is registered at the join (and when a join grows
 * the model). */
int rti__fom_best_effort(const struct fom *fom);
int rti__udp_ready(const rti_ambassador *amb);
int rti__msg_end_be(rti_ambassador *amb, size_t off);
static inline int
rti__rx_dgram(const rti_ambassador *amb)
{
	return (amb->rx_flags & RTI__RX_DGRAM) != 0;
}
/* Count a best-effort message dropped as late (TSO, time granted) or
 * for an instance not known yet. */
void rti__udp_dropped(rti_ambassador *amb, int late);

/* Run the handler of a server->client frame (callbacks run inside).
 * 0, or -1 when the frame is unknown or malformed. */
/* svcreport.c: queue the WIRE_SERVICE_REPORT of callback frame `type`
 * (nothing for a frame that is no callback); the handler of
 * WIRE_CB_SERVICE_REPORTING. */
void rti__svc_callback(rti_ambassador *amb, uint16_t type,
    const void *payload, size_t len);
int rti__svc_cb_reporting(rti_ambassador *amb, uint16_t type,
    struct wire_rd *rd);
/* The same for service `name` the federate invoked that librti carried
 * out alone (a send its source filter dropped), with one argument. */
void rti__svc_local(rti_ambassador *amb, const char *name, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
/* The MOM's figures of TM (the milliseconds granted and advancing since
 * the last call, counted from the first call on; the held receive-order
 * messages; asynchronous delivery), for OM's WIRE_MOM_STATS. */
void rti__tm_mom(rti_ambassador *amb, uint32_t *granted,
    uint32_t *advancing, uint32_t *ro, int *async);
int rti__dispatch(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len);

/*
 * Time management services used by the object management code (tm.c).
 * Times travel as the 64 raw bits of rti_time (see rti__time_bits).
 *
 * rti__tm_check_send: may this federate send a message with time `t`,
 *   of order type TSO when `tso`?  RTI_OK with *serial the retraction
 *   serial to put on it (send TSO; one above the last one rti__tm_sent was
 *   told of), RTI_OK with *serial = 0 (not regulating, or `tso` 0: the
 *   message goes receive order, `t` only checked to be a time), or an
 *   error (INVALID_LOGICAL_TIME when a TSO t < logical time + lookahead)
 *   with the message set; nothing may be sent then.
 * rti__tm_sent: a message carrying retraction serial `serial` (0 = none)
 *   was sent: rti_retract accepts the serials up to the highest so told.
 * rti__tm_hold: a TSO message (from `producer`, its retraction serial
 *   `retraction`) arrived.  Returns 1 when TM took a copy to release in
 *   timestamp order at a grant (through rti__dispatch, with
 *   amb->tm_releasing set), 0 when it is to be delivered now as receive
 *   order (federate not constrained), -1 on ENOMEM.
 * rti__tm_hold_ro: a receive-order message arrived.  Returns 1 when TM took
 *   a copy (constrained, asynchronous delivery disabled, no time advance
 *   pending) to deliver again through evoke after the next time advance
 *   request, 0 to deliver it now, -1 on ENOMEM.
 */
int rti__tm_check_send(rti_ambassador *amb, rti_time t, int tso,
    uint32_t *serial);
void rti__tm_sent(rti_ambassador *amb, uint32_t serial);
int rti__tm_hold(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len, rti_time t, uint32_t producer, uint32_t retraction);
int rti__tm_hold_ro(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len);
/* rti__tm_late: a TSO message of time `t` that arrives now would break
 * timestamp order (constrained, and `t` already granted): 1, else 0.
 * For best effort, which is dropped then. */
int rti__tm_late(rti_ambassador *amb, rti_time t);

/* Save (save.c): append the held TSO messages and the asynchronous
 * delivery switch to `b`, as WIRE_SAVE_COLLECTED's payload (the held
 * receive-order messages are not saved).  0, or -1 (ENOMEM). */
int rti__tm_collect(rti_ambassador *amb, struct wire_buf *b);

/* The 64 wire bits of `t` in the representation of `amb`'s federation:
 * the int64, or the double's bits. */
static inline uint64_t
rti__time_bits(const rti_ambassador *amb, rti_time t)
{
	uint64_t u;

	if (amb->time_int64)
		return (uint64_t)t.i64;
	memcpy(&u, &t.f64, sizeof u);
	return u;
}

/* The rti_time of wire bits `u`, both members set (see librti.h). */
static inline rti_time
rti__time_from_bits(const rti_ambassador *amb, uint64_t u)
{
	rti_time t;

	if (amb->time_int64) {
		t.i64 = (int64_t)u;
		t.f64 = (double)t.i64;
		return t;
	}
	memcpy(&t.f64, &u, sizeof t.f64);
	if (t.f64 != t.f64)
		t.i64 = 0;
	else if (t.f64 >= 9223372036854775807.0)
		t.i64 = INT64_MAX;
	else if (t.f64 <= -9223372036854775808.0)
		t.i64 = INT64_MIN;
	else
		t.i64 = (int64_t)t.f64;
	return t;
}

/*
 * DM and OM services the modules above them (OM, OWM, DDM) build on
 * (dm.c, om.c).
 * rti__dm_published: set of attributes (bundle.h bset, rti__dm_words words)
 *   this federate publishes for object class `cls`, NULL when none.
 * rti__dm_iclass_published: 1 when interaction class `cls` is published.
 * rti__om_owns: 1 when this federate owns `attr` of instance `obj`.
 * rti__om_set_condition: record `cond` (NULL or "": none; copied) as the
 *   send condition of known instance `obj`, which its reflections carry
 *   when an update has none of its own; RTI_OK, OBJECT_INSTANCE_NOT_KNOWN
 *   or NO_MEMORY (the old one kept).
 * rti__om_register: register an instance of `cls` (reserved `name` or
 *   NULL) with send condition `cond` (NULL or "": none; the caller has
 *   checked it and records it on RTI_OK) in one request.
 * rti__om_set_owned: record (owned = 1) or drop ownership of `attr` of a
 *   known instance; RTI_OK or OBJECT_INSTANCE_NOT_KNOWN.
 * rti__om_interaction: send an interaction of class `cls`, values
 *   v[0..n), as the rti_send_interaction* calls do (every argument
 *   checked there; `t` NULL: receive order; `out` optional; `cond` NULL
 *   or a condition); with regions[0..m) (m <= 64) the caller has checked
 *   them (DDM: rti_send_interaction_with_regions).  RTI_OK or the error.
 */
const uint64_t *rti__dm_published(rti_ambassador *amb, uint32_t cls);
size_t rti__dm_words(rti_ambassador *amb);
int rti__dm_iclass_published(rti_ambassador *amb, uint32_t cls);
int rti__om_owns(rti_ambassador *amb, uint32_t obj, uint32_t attr);
int rti__om_set_condition(rti_ambassador *amb, uint32_t obj,
    const char *cond);
int rti__om_register(rti_ambassador *amb, rti_object_class_handle cls,
    const char *name, const char *cond, rti_object_instance_handle *out);
int rti__om_set_owned(rti_ambassador *amb, uint32_t obj, uint32_t attr,
    int owned);
int rti__om_interaction(rti_ambassador *amb, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const rti_time *t, rti_message_retraction_handle *out,
    const char *cond, const rti_region_handle *regions, size_t m);

/* Raise an event (above) for every module that takes it. */
static inline void
rti__ev_unpublished(rti_ambassador *amb, uint32_t cls,
    const uint64_t *removed)
{
	rti__ev_unpublished_fn *const *f;

	for (f = amb->ev.unpublished; *f; f++)
		(*f)(amb, cls, removed);
}

static inline int
rti__ev_send_update(rti_ambassador *amb, uint32_t obj, uint32_t cls,
    const struct rti_attribute_value *v, size_t n, const char *cond)
{
	rti__ev_send_update_fn *const *f;

	for (f = amb->ev.send_update; *f; f++)
		if (!(*f)(amb, obj, cls, v, n, cond))
			return 0;
	return 1;
}

static inline void
rti__ev_send_bundle(rti_ambassador *amb, int on)
{
	rti__ev_send_bundle_fn *const *f;

	for (f = amb->ev.send_bundle; *f; f++)
		(*f)(amb, on);
}

static inline int
rti__ev_send_interaction(rti_ambassador *amb, uint32_t cls,
    const char *cond, const uint32_t *reg, uint32_t m)
{
	rti__ev_send_interaction_fn *const *f;

	for (f = amb->ev.send_interaction; *f; f++)
		if (!(*f)(amb, cls, cond, reg, m))
			return 0;
	return 1;
}

static inline void
rti__ev_received(rti_ambassador *amb, int interaction, size_t n)
{
	rti__ev_received_fn *const *f;

	for (f = amb->ev.received; *f; f++)
		(*f)(amb, interaction, n);
}

static inline int
rti__ev_fom_grown(rti_ambassador *amb, const struct rti__fom_sizes *was)
{
	rti__ev_fom_grown_fn *const *f;

	for (f = amb->ev.fom_grown; *f; f++)
		if ((*f)(amb, was) < 0)
			return -1;
	return 0;
}

/* Read what the socket has without blocking, then run now, ahead of the
 * queue, the handler of every complete frame of `type` received and not
 * yet delivered (each runs again when delivered in order: it must see
 * that it ran).  For frames that only add to what the library knows
 * (WIRE_CB_FOM_MODULES).  The number run, or -1 when one failed (the
 * connection is then lost). */
int rti__apply_ahead(rti_ambassador *amb, uint16_t type);

/* Apply the FOM modules rtiexec has announced and evoke has not yet
 * delivered (rti__apply_ahead): 1 when amb's FOM grew. */
static inline int
rti__fom_catch_up(rti_ambassador *amb)
{
	uint32_t have = amb->fom->n_modules;

	return rti__apply_ahead(amb, WIRE_CB_FOM_MODULES) > 0 &&
	    amb->fom && amb->fom->n_modules != have;
}

/* `lookup` (an expression of amb's FOM, 0 or NULL when it finds nothing),
 * run once more after catching up with the FOM modules joined since when
 * it finds nothing: every lookup of a handle or name does so, so that an
 * item of a later module is found whichever lookup meets it first. */
#define RTI__CAUGHT_UP(amb, lookup) \
	((lookup) || (rti__fom_catch_up(amb) && (lookup)))

/* Decode "u32 n, n x u32 attribute handle", the end of a callback's
 * payload, into (*a)[0..*n) (grown as wire_grow does, *cap its room).
 * 0, or -1 when malformed, not at the end of the payload, or ENOMEM. */
int rti__get_attrs(struct wire_rd *rd, rti_attribute_handle **a,
    size_t *cap, uint32_t *n);

/* After a resign: drop the federation's callbacks still queued. */
void rti__drop_member_frames(rti_ambassador *amb);

/* Mark the connection lost (idempotent). */
void rti__lose(rti_ambassador *amb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Current time in seconds (monotonic). */
double rti__now(void);

#endif
