/* SPDX-License-Identifier: Apache-2.0 */
/*
 * server.h - rtiexec core: the module interface, all a module sees of
 * the core: the configuration, federations and federates, the module
 * table entry (struct module_ops: handlers, lifecycle hooks, events),
 * replies, sending and logging, and the accessors of the server and of a
 * connection (struct server_pub, struct conn_pub).  The server's and
 * the connections' internals (struct rti_server, struct conn, I/O
 * buffers, uring, the UDP socket, budgets, bounds, rate limits) are in
 * rti/core/internal (server_int.h, conn.h, udp_int.h, uring.h), on the
 * include path of the core and main.c only: a module that includes one
 * does not compile.  Beside this header a module may use the core's
 * events.h, budget.h, restore_chk.h, worker.h and udp.h.  No globals:
 * every function takes the context it works on.
 *
 * Modules (TM, DM, DDM, MC, OM, OWM, FedM, MOM) each export a `struct module_ops`
 * with a table of message handlers and lifecycle hooks, and keep their own
 * per-federation and per-federate state in the `mod[]` slots.  They talk to
 * each other only through this header and each module's own header.
 *
 * Layers, bottom to top (MOD_* below; rti/include.am holds the graph):
 * the core (this header: connections, replies, logging, the federate
 * lookup, hook delivery; server.c, hooks.c, log.c, listen.c, conn_in.c,
 * conn_out.c, heartbeat.c, udp.c, uring.c), then
 *   tm    time management, a leaf;
 *   dm    declarations: publications, subscriptions, the routes of a class;
 *   ddm   regions, conditions, the filters and the replicated tables
 *         (reads dm);
 *   mc    multicast groups (--multicast): memberships follow the
 *         subscriptions and conditions through events (reads dm, ddm);
 *   om    instances, and routing: OM owns the update route (om_route.c)
 *         and asks dm for the routes, ddm for the filters, mc for the
 *         group message, tm for the TSO rights; it carries out the
 *         DDM messages on instances (om_ddm.c) with ddm's region checks
 *         (reads tm, dm, ddm, mc);
 *   owm   ownership (reads om, dm);
 *   fedm  federations and federates, driving the others through the
 *         hooks below;
 *   mom   the Management Object Model (mom.c): the RTI's HLAmanager
 *         instances and interactions (reads every module below);
 *   http  the read-only HTTP view (http.c, rti-http(7); reads every
 *         module below, started by main.c, not in the module table).
 * A module calls the modules below it and the core, never one above it;
 * the core calls no module.  What a module must tell those above it
 * (a subscription changed, a class unpublished, an instance removed,
 * relevance gone stale...) is an event: a member of struct module_ops
 * that the module raises through its server_* function and the core
 * (hooks.c) delivers to every module that set it, bottom layer first.
 * test/check_modules.sh fails on a call upward or from the core.
 */
#ifndef RTI_SERVER_H
#define RTI_SERVER_H

#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/listener.h>

#include "librti.h"
#include "wire.h"
#include "fom.h"

enum log_level { LOG_ERROR = 0, LOG_WARN, LOG_INFO, LOG_DEBUG };

struct rti_config {
	const char *bind_addr;       /* default 127.0.0.1 */
	int port;                    /* 0 = ephemeral */
	const char *unix_path;       /* NULL = none */
	const char *port_file;       /* write the bound port here */
	const char *fom_path;        /* ':'-separated FOM search path */
	int log_level;
	uint32_t max_frame;
	size_t max_queue;            /* one connection's output budget: a
	                                connection that would pass it is
	                                dropped */
	size_t max_total_queue;      /* all connections' output together:
	                                above it publishers are held back;
	                                0 = default, never below max_queue */
	double slow_timeout;         /* seconds publishers may stay held
	                                back before the largest queue is
	                                dropped */
	/* Connection bounds (0 = default).  max_connections is lowered to
	 * what the descriptor limit allows; a startup is a connection whose
	 * HELLO has not been accepted yet. */
	uint32_t max_connections;
	uint32_t max_startups;
	uint32_t per_source_max_startups;
	double handshake_timeout;    /* seconds from accept to the HELLO */
	double heartbeat_timeout;    /* seconds of silence after which a
	                                federate is lost: 0 = default,
	                                < 0 = no heartbeats */
	int no_io_uring;             /* write with send() only */
	int udp_off;                 /* --udp off: best effort travels on
	                                the stream */
	uint32_t udp_max_datagram;   /* largest datagram sent (0 =
	                                DGRAM_DEFAULT_MAX) */
	/* --multicast (udp.c): best effort that --multicast-min members of
	 * a group want goes once to the group; mc_on = 0: never. */
	int mc_on;
	uint32_t mc_first, mc_last;  /* the group range, host order */
	int mc_ttl;                  /* 1..255 */
	const char *mc_iface;        /* NULL: bind_addr */
	int mc_port;                 /* 0: the UDP port */
	uint32_t mc_min;             /* >= 1 */
	int mc_depth;                /* condition cells of this many path
	                                elements (mcast.h mc_cell); 0: one
	                                group per class.  -1 before main
	                                defaults it. */
	const uint8_t *auth_key;     /* NULL = no authentication */
	size_t auth_key_len;
	/* pre-created federations (--federation NAME --fom FILE...) */
	const char *pre_federation;
	const char *const *pre_foms;
	size_t n_pre_foms;
	const char *pre_time;
	/* The save directory (--save-dir; fedm_store.c): NULL = the
	 * default, $XDG_STATE_HOME/rti/saves, else
	 * $HOME/.local/state/rti/saves. */
	const char *save_dir;
	uint64_t max_save_size;      /* largest save written or read (0 =
	                                default) */
	uint64_t max_memory;         /* the memory budget (budget.h; 0 =
	                                default) */
	uint32_t max_federations;    /* federations at once (0 = default) */
};

struct federation;
struct federate;
struct conn;
struct rti_server;
struct om_instance;

/* The federates of a save file (fedm_store.c): handles, names and types,
 * in the saved join order. */
struct restore_saved {
	uint32_t n;
	const uint32_t *handles;
	const char *const *names;
	const char *const *types;
};

/* How a restore maps the saved federates onto the joined ones (FedM
 * builds it by federate type): saved federate i becomes joined[i], which
 * takes the saved handle and name. */
struct restore_plan {
	const struct restore_saved *saved;
	struct federate *const *joined;   /* [saved->n] */
};

/* Handler of one client->server message.  For requests (`request` = 1) the
 * core has consumed the serial and passes it.  Returns 0, or -1 for a
 * protocol violation (the core then closes the connection), or MSG_DEFER.
 * A handler reads and validates every field before changing any state. */
typedef int (*msg_fn)(struct conn *c, uint32_t serial, struct wire_rd *rd);

/* A handler's "not now": the frame is not consumed.  The core keeps it at
 * the head of the connection's input and stops reading that connection
 * (its later frames wait behind it, in order) until server_wake_deferred,
 * which dispatches it again; the handler then answers it or defers again.
 * The handler keeps no pointer into the frame. */
#define MSG_DEFER 1

struct msg_handler {
	uint16_t type;
	uint8_t request;        /* MSG_ONE_WAY, MSG_REQUEST or
	                           MSG_ONE_WAY_SERIAL */
	uint8_t needs_join;     /* refused with NOT_EXECUTION_MEMBER if not */
	msg_fn fn;
};
/* Kinds of msg_handler.request.  A request's payload starts with a u32
 * serial and it is answered by exactly one WIRE_REPLY (an unjoined sender
 * of one that needs a join gets NOT_EXECUTION_MEMBER so).  A one-way
 * message has no serial and no reply: what cannot be carried out is told
 * with a WIRE_NOTICE, a malformed one is a protocol error (as is one that
 * needs a join from an unjoined sender).  MSG_ONE_WAY_SERIAL is one-way
 * with a u32 serial (librti sends 0) that the core consumes and ignores
 * (WIRE_TM_ADVANCE).  `rtiexec --list-messages` prints the tables;
 * test/check_protocol.sh compares them with librti and
 * rti-protocol(7). */
#define MSG_ONE_WAY 0
#define MSG_REQUEST 1
#define MSG_ONE_WAY_SERIAL 2

/* The sizes of a model: the fom_grown event's old ones. */
struct fom_sizes {
	uint32_t n_oclasses, n_attrs, n_iclasses, n_params, n_dims;
};

struct module_ops {
	const char *name;
	const struct msg_handler *handlers; /* terminated by fn == NULL */
	/* Allocate/free per-federation state (mod slot). 0 or -1 (ENOMEM). */
	int (*federation_init)(struct federation *fx);
	void (*federation_fini)(struct federation *fx);
	/* May `f` resign with `action`?  RTI_OK or an RTI_ERR_* with `msg`
	 * filled (e.g. FEDERATE_OWNS_ATTRIBUTES).  NULL = always. */
	int (*federate_can_resign)(struct federate *f, int action, char *msg,
	    size_t msglen);
	/* A federate joined: allocate its slot.  0 or -1. */
	int (*federate_join)(struct federate *f);
	/* A federate is resigning (or its connection died) with `action`;
	 * called for every module, in reverse order of the module list, while
	 * the federate is still in the federation.  Must not fail. */
	void (*federate_resign)(struct federate *f, int action);
	/* Free the federate's slot. */
	void (*federate_fini)(struct federate *f);
	/* Connection `c` is being freed (after its federate resigned):
	 * forget every reference to it.  May be NULL. */
	void (*conn_gone)(struct conn *c);
	/* The server started (server_init, after its sockets are bound):
	 * what a module sets up on them (MC: the multicast side of the UDP
	 * socket).  0, or -1 with the reason logged: rtiexec does not
	 * start.  May be NULL. */
	int (*server_start)(struct rti_server *srv);
	/* The server shuts down (server_fini, after every connection was
	 * freed), in reverse module order: free the server-wide state and
	 * every federation.  May be NULL. */
	void (*server_fini)(struct rti_server *srv);

	/*
	 * Events: what a module tells the modules above it (it never calls
	 * them).  It raises an event through its server_* function
	 * (hooks.c), which calls every module that registered the member,
	 * bottom layer first (MOD_* order: tm, dm, ddm, mc, om, owm, fedm,
	 * mom); each may be NULL.
	 */
	/* Raised by DM when `f`'s subscription of class `cls` (CLASS_*)
	 * changed, before the reply (server_sub_reply) and before DM's
	 * class relevance advisories: `plain` 1 = subscribed without
	 * regions, 0 = no change to that, -1 = the class is no longer
	 * subscribed (regions dropped too).  DDM updates its match sets and
	 * pushes its replica. */
	void (*sub_changed)(struct federate *f, int kind, uint32_t cls,
	    int plain);
	/* Raised by DDM when the conditions or regions of `f`'s
	 * subscription of class `cls` (CLASS_*) changed, after its tables
	 * follow them (also after DM's subscription changed through DDM's
	 * services).  MC makes the multicast memberships follow at the end
	 * of the turn. */
	void (*conds_changed)(struct federate *f, int kind, uint32_t cls);
	/* Raised by DM when `f` publishes class `cls` (CLASS_*), before
	 * its reply.  DDM sends f the subscriptions its source filter
	 * needs from then on (ahead of the reply, on f's stream). */
	void (*published)(struct federate *f, int kind, uint32_t cls);
	/* The RTI_OK or error reply `err` of request `serial` of `c` that
	 * changed subscriptions (after sub_changed): 1 when the module took
	 * it (DDM: held until the replica pushes are acknowledged), 0 to
	 * leave it to the next; the core replies when none takes it. */
	int (*reply_held)(struct conn *c, uint32_t serial, int err);
	/* Raised by DM after `f`'s subscription of object class `cls`
	 * changed and DM's class relevance advisories went (also while `f`
	 * resigns, for each class it subscribed).  OM discovers what `f`
	 * now wants and recomputes attribute relevance. */
	void (*sub_applied)(struct federate *f, uint32_t cls);
	/* Raised by DM before `f` unpublishes the attributes in `removed`
	 * of object class `cls` (`all`: nothing of `cls` stays published):
	 * an RTI_ERR_* with `msg` filled refuses it (OWM: an acquisition is
	 * pending), 0 lets it go on.  The first refusal is the answer. */
	int (*can_unpublish)(struct federate *f, uint32_t cls,
	    const uint64_t *removed, int all, char *msg, size_t len);
	/* Raised by DM after `f` stopped publishing the attributes in
	 * `removed` of object class `cls` (the reply has gone).  OWM
	 * divests them. */
	void (*unpublished)(struct federate *f, uint32_t cls,
	    const uint64_t *removed);
	/* Raised by DM when `f` turned advisory switch `sw` (WIRE_SWITCH_*)
	 * to `on`, after the reply and before DM's own advisories.  OM
	 * re-advises attribute relevance when it is switched on. */
	void (*switch_changed)(struct federate *f, int sw, int on);
	/* Raised by OM when instance `obj` is being deleted (every federate
	 * that knew it gets a remove; it is still in OM's table).  DDM
	 * forgets its regions and condition, OWM its negotiations (nothing
	 * is sent). */
	void (*instance_removed)(struct federation *fx, uint32_t obj);
	/* Raised by OM's resign sweep for instance `in`: the attributes
	 * owned by federate `fed` (0: by any federate om_leaving says the
	 * sweep resigns) are released unconditionally.  OWM gives them to
	 * waiting acquirers, as its federate_resign does in a small
	 * federation. */
	void (*release_leavers)(struct federation *fx, struct om_instance *in,
	    uint32_t fed);
	/* Raised by DDM when filters, an instance's condition or update
	 * regions changed: the attribute relevance of instance `obj`, or
	 * (obj 0) of every instance of object class `cls` and its
	 * subclasses (cls 0: of every instance), may be stale.  OM
	 * recomputes it and advises the owners. */
	void (*relevance_stale)(struct federation *fx, uint32_t cls,
	    uint32_t obj);
	/* Raised by FedM when a join's modules grew fx->fom (fx->fom is the
	 * new model already; `was` gives the old sizes).  Every old handle
	 * is the same item, the new ones follow, and the attribute sets
	 * keep their width (fx->attr_words).  Each module
	 * extends its tables sized by the FOM, for the federation and every
	 * joined federate: 0, or -1 (ENOMEM) with its sizes unchanged (a
	 * table may have grown: only the sizes say what is valid).  When a
	 * module fails, FedM raises it again with the old model back in
	 * fx->fom (`was` the larger sizes): each sets its sizes back to the
	 * model's; nothing was stored above them, and tables may stay
	 * larger.  That cannot fail. */
	int (*fom_grown)(struct federation *fx, const struct fom_sizes *was);
	/* Raised by OM after it routed interaction `cls` of `f` whose class
	 * the RTI takes (om_rti_take: the MOM's requests): `params` is the
	 * checked block "u32 n, n x (u32 param, u32 len, bytes)". */
	void (*rti_interaction)(struct federate *f, uint32_t cls,
	    const uint8_t *params, size_t len);
	/* Raised by OM when federate `req` asked for the values of the
	 * attributes `attrs[0..n)` of `obj`, which the RTI owns.  The
	 * taker may send (om_rti_reflect), not ask OM for more values. */
	void (*rti_provide)(struct federation *fx, uint32_t obj,
	    const uint32_t *attrs, uint32_t n, uint32_t req);
	/* Raised by the core (an error reply) and by the modules (a notice)
	 * when `f`, whose report_exceptions is set, is told error `err`
	 * about its message of `type` (0 when not known).  The taker must
	 * not send now (the raiser may be building a frame): MOM queues
	 * it. */
	void (*federate_exception)(struct federate *f, uint16_t type, int err,
	    const char *msg);
	/* Raised by the core after it dispatched frame `type` p[0..n) (the
	 * body after a request's serial) of `f`, whose report_services is
	 * set (HLAsetServiceReporting): `err` RTI_OK, or the error it
	 * answered with `msg` (a reply, a notice, or a malformed frame),
	 * and the first `ret_len` octets of its reply's results.  The taker
	 * may send. */
	void (*service_invoked)(struct federate *f, uint16_t type,
	    const uint8_t *p, uint32_t n, int err, const char *msg,
	    const uint8_t *ret, uint32_t ret_len);
	/* Raised by TM when a timed save's time is reached (tm_save_cap):
	 * every time-constrained federate of `fx` has been granted the save
	 * time, or is held back at it.  FedM initiates the save. */
	void (*save_time_reached)(struct federation *fx);
	/* Raised by FedM when the last save written or the timed save
	 * waiting for its time changed (fedm_saves): MOM's HLAfederation
	 * attributes. */
	void (*saves_changed)(struct federation *fx);
	/* Raised by the core at the end of a loop turn in which a module
	 * asked for it (server_turn_end_want), before the turn's output is
	 * written: what a module gathered over the turn goes out once
	 * (DDM: one replica frame per receiver). */
	void (*turn_end)(struct rti_server *srv);

	/*
	 * Federation save and restore (fedm_store.c, rti-save(5)).  FedM
	 * calls these of every module, bottom layer first; each may be NULL
	 * (the module has no state to save).
	 */
	/* Append the module's whole state of `fx` (federation and every
	 * joined federate, federates by handle) to `out`, in the module's
	 * own versioned section layout (rti-save(5)).  The federation is
	 * quiet: no service that changes state runs between the initiate
	 * and the write.  0, or -1 (ENOMEM). */
	int (*save_state)(struct federation *fx, struct wire_buf *out);
	/* Read the module's section `rd` (exactly its bytes) written by
	 * save_state, possibly by another rtiexec, and build the state it
	 * describes in a new object (*staged) without touching `fx`.
	 * Federates are named by their saved handles (`saved`: a handle
	 * not among them is damage).  Every check is made here: RTI_OK, or
	 * an RTI_ERR_* with `msg` filled and nothing allocated. */
	int (*restore_stage)(struct federation *fx,
	    const struct restore_saved *saved, struct wire_rd *rd,
	    void **staged, char *msg, size_t len);
	/* Replace the module's state of `fx` by `staged` (taken over).
	 * Every joined federate already carries its restored handle and
	 * name (the plan), so a saved handle finds its federate with the
	 * usual lookup.  Cannot fail; nothing is sent. */
	void (*restore_apply)(struct federation *fx, void *staged);
	/* Free a staged state that is not applied. */
	void (*restore_discard)(void *staged);
	/* After every module applied: send federate `f` what its librti
	 * keeps of this module's state (WIRE_CB_RESTORE_* frames), before
	 * FedM's WIRE_CB_INITIATE_RESTORE.  0, or -1 (ENOMEM). */
	int (*restore_sync)(struct federate *f);
};

/* Kinds of class in the events (DDM's DDM_OBJECT, DDM_INTERACTION). */
#define CLASS_OBJECT 0
#define CLASS_INTERACTION 1

/* The modules in layer order, bottom to top (rti/include.am draws the
 * graph): the order of the events, of the sections of a save file, of
 * federation_init and federate_join.  The slots f->mod[] and fx->mod[]
 * are indexed by it.  A save file names a module by its own fixed id
 * (rti-save(5), fedm_store.c), not by this order. */
enum {
	MOD_TM = 0,
	MOD_DM,
	MOD_DDM,
	MOD_MC,
	MOD_OM,
	MOD_OWM,
	MOD_FEDM,
	MOD_MOM,
	MOD_COUNT
};


/* The best-effort path's counters (udp.c), per connection and in all
 * (rti-http(7) names them). */
struct udp_stats {
	uint64_t dg_in, bytes_in;     /* datagrams taken, their bytes */
	uint64_t dg_out, bytes_out;   /* datagrams sent, their bytes */
	uint64_t rejected;            /* dropped: unknown token, another
	                                 source, bad MAC or framing, frames
	                                 not best effort, not joined, the
	                                 federate busy or held back, refused
	                                 by its handler */
	uint64_t stale;               /* dropped: sequence not newer */
	uint64_t send_failed;         /* not sent: the socket refused */
	uint64_t too_large;           /* frames sent on the stream: larger
	                                 than a datagram */
	uint64_t unconfirmed;         /* frames sent on the stream: no
	                                 confirmed datagram path */
	uint64_t mc_taken;            /* messages it was sent in a group
	                                 datagram instead of by unicast */
};

/* The server's counters (rti-http(7) /metrics names them). */
struct rti_stats {
	uint64_t frames_in, frames_out;
	uint64_t bytes_in, bytes_out;
	uint64_t routed, filtered;
	uint64_t conns_total, protocol_errors, slow_consumers_dropped;
	uint64_t conns_refused, handshake_timeouts;
	uint64_t startups_evicted;  /* closed to make room (listen.c) */
	uint64_t heartbeat_timeouts;
	struct udp_stats udp;     /* every connection's, and datagrams
	                             that named none */
};

/*
 * What a module sees of the server and of a connection: the first member
 * of the core's struct rti_server and struct conn (server_int.h, which no
 * module can include), read and written only through the accessors
 * below.  They are inline because routing and grants use them on every
 * message (the update path: om_route.c); everything else of both is the
 * core's, asked through the functions after them.
 */
struct server_pub {
	/* read per message first (routing), then the rest */
	int dispatch_be;          /* the frame in dispatch is best effort
	                             (it came by UDP or has
	                             WIRE_FLAG_BEST_EFFORT): its
	                             reflections go conn_send_be */
	int dispatch_dgram;       /* it came by UDP: what its handler
	                             refuses is dropped and counted, not
	                             told (om_notice) */
	struct rti_stats stats;
	struct event_base *base;
	struct federation *federations; /* FedM's list (fedm.c) */
	void *mod[MOD_COUNT];     /* a module's server-wide state, its
	                             own (FedM's, MC's) */
	struct rti_config cfg;
};

struct conn_pub {
	struct rti_server *srv;
	struct federate *fed;     /* when joined (FedM's join sets it) */
};

static inline struct server_pub *
server_pub(struct rti_server *srv)
{
	return (struct server_pub *)(void *)srv;
}

static inline const struct server_pub *
server_cpub(const struct rti_server *srv)
{
	return (const struct server_pub *)(const void *)srv;
}

static inline struct conn_pub *
conn_pub(struct conn *c)
{
	return (struct conn_pub *)(void *)c;
}

static inline const struct conn_pub *
conn_cpub(const struct conn *c)
{
	return (const struct conn_pub *)(const void *)c;
}

static inline struct event_base *
server_base(const struct rti_server *srv)
{
	return server_cpub(srv)->base;
}

static inline const struct rti_config *
server_cfg(const struct rti_server *srv)
{
	return &server_cpub(srv)->cfg;
}

/* The first federation (then fx->next), or NULL. */
static inline struct federation *
server_federations(const struct rti_server *srv)
{
	return server_cpub(srv)->federations;
}

/* FedM's: the link to the first federation, to add and remove. */
static inline struct federation **
server_federation_list(struct rti_server *srv)
{
	return &server_pub(srv)->federations;
}

static inline const struct rti_stats *
server_stats(const struct rti_server *srv)
{
	return &server_cpub(srv)->stats;
}

/* A message was routed to one federate; one was filtered out. */
static inline void
server_count_routed(struct rti_server *srv)
{
	server_pub(srv)->stats.routed++;
}

static inline void
server_count_filtered(struct rti_server *srv)
{
	server_pub(srv)->stats.filtered++;
}

static inline int
server_dispatch_be(const struct rti_server *srv)
{
	return server_cpub(srv)->dispatch_be;
}

static inline int
server_dispatch_dgram(const struct rti_server *srv)
{
	return server_cpub(srv)->dispatch_dgram;
}

/* Module `m`'s (MOD_*) server-wide state: NULL until it sets it. */
static inline void *
server_mod(const struct rti_server *srv, int m)
{
	return server_cpub(srv)->mod[m];
}

static inline void
server_mod_set(struct rti_server *srv, int m, void *state)
{
	server_pub(srv)->mod[m] = state;
}

static inline struct rti_server *
conn_srv(const struct conn *c)
{
	return conn_cpub(c)->srv;
}

/* The federate joined on `c`, or NULL. */
static inline struct federate *
conn_fed(const struct conn *c)
{
	return conn_cpub(c)->fed;
}

/* FedM's join: `c` now carries `f` (f->conn is set by the caller). */
static inline void
conn_set_fed(struct conn *c, struct federate *f)
{
	conn_pub(c)->fed = f;
}

/* Module `m`'s (MOD_*) state of `c`: NULL until it sets it; the module
 * frees it in its conn_gone (conn_out.c; not on a hot path). */
void *conn_mod(const struct conn *c, int m);
void conn_mod_set(struct conn *c, int m, void *state);

/* What the operator's view reads of a connection (conn_out.c,
 * heartbeat.c). */
struct conn_traffic {
	uint64_t frames_in, frames_out, bytes_in, bytes_out;
	struct udp_stats udp;     /* its best-effort path's */
};
/* "host:port", "[v6]:port" or "unix". */
const char *conn_peer(const struct conn *c);
/* The connection's number in the log. */
uint32_t conn_id(const struct conn *c);
/* 1 when it is closing (its output flushed, then freed). */
int conn_closing(const struct conn *c);
/* 1 when it is held back (reading stopped while the output queues are
 * above the total budget). */
int conn_held(const struct conn *c);
/* Bytes queued for it, not yet written. */
size_t conn_queued(const struct conn *c);
void conn_traffic(const struct conn *c, struct conn_traffic *out);
/* heartbeat.c: seconds since it was last read from (*silent), and left
 * before the heartbeat sweep drops it (*left); -1 when not known (it
 * is closing; *left: heartbeats off, or it is held back or deferred). */
void conn_silence(const struct conn *c, double *silent, double *left);
/* Connections now, and bytes queued to them all (rti-http(7)). */
uint32_t server_n_conns(const struct rti_server *srv);
/* heartbeat.c: 1 when the heartbeat sweep runs. */
int server_heartbeats(const struct rti_server *srv);
size_t server_out_total(const struct rti_server *srv);
/* Ask for the core's write of this turn's output to run at the end of
 * this loop turn (a module that filled a datagram to send then). */
void server_flush_soon(struct rti_server *srv);

/* What a federate sent and received, by class, counted by OM where it
 * passes (one add each) and reported by the MOM (mom.c).  The arrays,
 * [n_oclasses + 1] and [n_iclasses + 1] of the federation's FOM, are
 * allocated by MOM's federate_join, before the federate can send or be
 * sent anything; a FOM that grows must grow them. */
struct fed_counts {
	uint64_t *updates;        /* instance updates sent, by class */
	uint64_t *reflections;    /* instance reflections received, by the
	                             class it knows the instance as */
	uint64_t *ic_sent;        /* interactions sent, by class */
	uint64_t *ic_received;    /* interactions received, by the class
	                             it knows the interaction as */
	/* Bytes of the same, by the same class: of updates and reflections
	 * the class layer (bundle.h: handles, lengths and values), of
	 * interactions the parameter block (count, handles, lengths and
	 * values), as carried to or from the federate. */
	uint64_t *upd_bytes;
	uint64_t *refl_bytes;
	uint64_t *ic_sent_bytes;
	uint64_t *ic_recv_bytes;
};

/* What filtering suppressed in a federate's librti, before sending, as
 * it last reported (WIRE_SOURCE_STATS, fedm.c): its counters since it
 * joined, never decreasing.  `at` is 0 until the first report. */
struct fed_source {
	uint64_t updates;         /* instance updates suppressed */
	uint64_t bytes;           /* their attribute value bytes */
	uint64_t interactions;    /* interactions suppressed */
	int64_t at;               /* Unix seconds of the last report */
};

struct federate {
	uint32_t handle;
	char *name;
	char *type;
	struct federation *fx;
	struct conn *conn;
	int resign_action;        /* automatic resign directive */
	int busy;                 /* RTI_OK, or RTI_ERR_SAVE_IN_PROGRESS /
	                             RTI_ERR_RESTORE_IN_PROGRESS while a
	                             save or restore runs (FedM sets it):
	                             the core refuses every message but
	                             those of server_busy_exempt */
	int report_exceptions;    /* HLAsetExceptionReporting (MOM): its
	                             error replies and notices raise
	                             federate_exception */
	int report_services;      /* HLAsetServiceReporting (MOM): the
	                             core raises service_invoked after each
	                             of its frames */
	uint32_t svc_serial;      /* its last HLAserialNumber */
	const char *lost;         /* set while it is resigned because its
	                             connection was lost: why (MOM's
	                             HLAreportFederateLost), else NULL */
	struct fed_counts cnt;
	struct fed_source src;
	uint32_t join_mod_first;  /* fx->module_names[first..first + n): */
	uint32_t join_mod_n;      /* the modules its join added (MOM) */
	int64_t joined;           /* Unix seconds of its join (HTTP) */
	int leave_why;            /* why it leaves (events.h enum ev_why,
	                             events_leaving), read by the resign
	                             hooks; EV_WHY_ASKED unless said */
	char *leave_detail;       /* the fault, malloc'd, or NULL */
	void *mod[MOD_COUNT];
};

struct federation {
	struct rti_server *srv;
	char *name;
	struct fom *fom;
	int time_int64;           /* 1 = HLAinteger64Time */
	size_t attr_words;        /* words of every attribute set, fixed at
	                             create (bset_words_room) */
	uint32_t n_modules;
	char **module_names;
	char **module_xml;        /* texts sent to joiners */
	size_t *module_len;
	struct federate **feds;   /* joined federates, join order */
	uint32_t n_feds, cap_feds;
	uint32_t next_fed_handle;
	void *mod[MOD_COUNT];
	struct fx_history *hist;  /* the operator's view's (events.h), or
	                             NULL */
	struct federation *next;
};



/* log.c: a line at `level` when the configured level lets it through. */
void rti_log(struct rti_server *srv, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* log.c: a line about the datagram path that a client can cause, at
 * most one a second (with the core's own such lines; the count of those
 * held back is written later). */
void rl_log_dgram(struct rti_server *srv, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* conn_out.c */

/* Queue bytes for a connection.  Returns 0, or -1 when the connection is
 * closing or was just dropped as a slow consumer. */
int conn_send(struct conn *c, const void *data, size_t len);
/* The same for one frame in two pieces (a head, then a body forwarded as
 * is): a large body behind an empty queue is written at once from where
 * it lies, else copied once into the queue. */
int conn_send2(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len);
/* udp.c: send one frame of a best-effort message (head then body, as
 * conn_send2) to `c`: into its datagram when its datagram path is
 * confirmed and the frame fits one, else over the stream (counted
 * too_large or unconfirmed).  0, or -1 as conn_send2. */
int conn_send_be(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len);
/* udp.c: 1 when c's datagram path is confirmed. */
int udp_confirmed(const struct conn *c);
/* udp.c: a frame of the datagram in dispatch (dispatch_dgram) was
 * refused by its handler: counted, never answered. */
void conn_dgram_refused(struct conn *c);
/* Send the frame(s) held in `b` (built with wire_frame_begin/end). */
int conn_send_buf(struct conn *c, const struct wire_buf *b);
/*
 * Queue a timestamp-order frame (head then body) for a time-constrained
 * federate, whose library holds it until a grant: it waits in c->held
 * until the next other frame to `c` (written right before it: the
 * stream's order is unchanged), nearly always that grant, so that the
 * federate is woken once a step, not once for its messages and again
 * for its grant; at most HELD_MAX bytes wait, and the heartbeat (a
 * frame) ends the wait of an idle one.  0, or -1 as conn_send2.
 */
int conn_send_held(struct conn *c, const void *head, size_t head_len,
    const void *body, size_t body_len);
/* Reply to request `serial`: err (RTI_ERR_*), message (may be NULL), and an
 * optional already-encoded body. */
int conn_reply(struct conn *c, uint32_t serial, int err, const char *msg,
    const void *body, size_t body_len);
/* Reply with a printf-formatted message. */
int conn_replyf(struct conn *c, uint32_t serial, int err, const char *fmt,
    ...) __attribute__((format(printf, 4, 5)));
/* Write what is queued for `c` now, as far as the socket takes it (so
 * that it leaves before anything queued later elsewhere); never frees. */
void conn_write_now(struct conn *c);
/* Mark for closing after pending output is flushed; never frees now. */
void conn_close(struct conn *c, const char *reason);
/* conn_in.c */
/* Dispatch again, from the loop, the frame of every connection that a
 * handler deferred (MSG_DEFER); call when what they wait for may have
 * changed.  Never dispatches now. */
void server_wake_deferred(struct rti_server *srv);
/* conn_out.c: start a frame in the server's scratch buffer (reset
 * first). */
struct wire_buf *srv_frame(struct rti_server *srv, uint16_t type,
    size_t *off);

/* The joined federate of `fx` with `handle`, or NULL.  Every module looks
 * federates up so: the core's, inline (routing asks it per subscriber). */
static inline struct federate *
server_federate(const struct federation *fx, uint32_t handle)
{
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++)
		if (fx->feds[i]->handle == handle)
			return fx->feds[i];
	return NULL;
}

/* modules.c (the composition root): the module table, indexed by
 * MOD_*, and the order of the federate_resign hooks. */
extern const struct module_ops *const server_modules[MOD_COUNT];
extern const int server_resign_order[MOD_COUNT];

/* hooks.c: the hooks more than one module takes. */
/* Resign `f` with `action`: every module's federate_resign hook (in
 * reverse module order), then it leaves the federation and every
 * module's federate_fini frees its slots; `f` is freed. */
void server_resign(struct federate *f, int action);
/* Take `f` out of its federation's list of joined federates. */
void server_unlink_federate(struct federate *f);
/* Every module's server_fini hook, in reverse module order. */
void server_modules_fini(struct rti_server *srv);
/* Raise an event (struct module_ops, "Events"): each calls the member of
 * the same name of every module, bottom layer first. */
void server_sub_changed(struct federate *f, int kind, uint32_t cls,
    int plain);
/* reply_held, or conn_reply when no module takes it. */
void server_sub_reply(struct conn *c, uint32_t serial, int err);
void server_sub_applied(struct federate *f, uint32_t cls);
void server_published(struct federate *f, int kind, uint32_t cls);
void server_conds_changed(struct federate *f, int kind, uint32_t cls);
/* Ask for the turn_end event at the end of this loop turn (once however
 * often asked); server_turn_end raises it (the core's flush, and only
 * once per turn asked). */
void server_turn_end_want(struct rti_server *srv);
void server_turn_end(struct rti_server *srv);
/* The first refusal (its RTI_ERR_*, `msg` filled), or 0. */
int server_can_unpublish(struct federate *f, uint32_t cls,
    const uint64_t *removed, int all, char *msg, size_t len);
void server_unpublished(struct federate *f, uint32_t cls,
    const uint64_t *removed);
void server_switch_changed(struct federate *f, int sw, int on);
void server_instance_removed(struct federation *fx, uint32_t obj);
void server_release_leavers(struct federation *fx, struct om_instance *in,
    uint32_t fed);
void server_relevance_stale(struct federation *fx, uint32_t cls,
    uint32_t obj);
/* 0, or the first module's -1. */
int server_fom_grown(struct federation *fx, const struct fom_sizes *was);
void server_rti_interaction(struct federate *f, uint32_t cls,
    const uint8_t *params, size_t len);
void server_rti_provide(struct federation *fx, uint32_t obj,
    const uint32_t *attrs, uint32_t n, uint32_t req);
/* federate_exception when f->report_exceptions is set (the type is that
 * of the frame in dispatch when it is f's). */
void server_federate_exception(struct federate *f, int err,
    const char *msg);
/* Dispatch frame `type` p[0..n) of `c` (whose federate has
 * report_services set) with handler `fn`, then raise service_invoked
 * unless it was deferred or the federate left: fn's result. */
int server_dispatch_reported(struct conn *c, const struct msg_handler *h,
    uint32_t serial, struct wire_rd *rd, uint16_t type);
void server_save_time_reached(struct federation *fx);
void server_saves_changed(struct federation *fx);


#endif
