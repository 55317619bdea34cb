/* SPDX-License-Identifier: Apache-2.0 */
/*
 * wire.h - the rti wire protocol codec (shared by rtiexec and librti via
 * libproto.la; never installed).  Pure: converts between values and bytes,
 * does no I/O.  The protocol is described in man/rti-protocol.7.
 *
 * Frame:  u32 length | u16 type | u16 flags | payload[length]
 * All integers big-endian.  `length` counts the payload only and is checked
 * against the receiver's maximum before anything is allocated.
 *
 * The first frame on a connection is WIRE_HELLO from the federate; rtiexec
 * answers WIRE_HELLO_ACK or WIRE_HELLO_NAK (then closes).  A request carries
 * a u32 serial first; its WIRE_REPLY carries the serial, an rti_err code
 * and a message string, then the service's results.
 */
#ifndef RTI_WIRE_H
#define RTI_WIRE_H

#include <arpa/inet.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define WIRE_MAGIC 0x48524931u /* "HRI1" */
#define WIRE_VERSION 3
#define WIRE_HEADER_SIZE 8
#define WIRE_DEFAULT_MAX_FRAME (16u * 1024 * 1024)
#define WIRE_MAX_NAME 1024      /* names of federations, federates, ... */
#define WIRE_MAX_TAG (1u << 20) /* user-supplied tags */
#define WIRE_MAX_AUTH_KEY 256
/* The heartbeat period of a timeout of `t` seconds (both ends): a side
 * that sent nothing for a period sends a heartbeat. */
#define WIRE_HEARTBEAT_PERIOD(t) ((t) / 4 < 1.0 ? (t) / 4 : 1.0)

/* Message types: high byte = module.  Client->server requests and
 * server->client callbacks share a module's range; callbacks start at
 * 0xX80. */
enum wire_module {
	WIRE_MOD_CORE = 0,
	WIRE_MOD_FEDM = 1,
	WIRE_MOD_DM = 2,
	WIRE_MOD_OM = 3,
	WIRE_MOD_TM = 4,
	WIRE_MOD_OWM = 5,
	WIRE_MOD_DDM = 6,
	WIRE_MOD_COUNT = 7
};
#define WIRE_MODULE_OF(t) ((unsigned)(t) >> 8)
/* Ranges set aside for work in progress, so that branches do not take the
 * same numbers: FedM save/restore services and the save store
 * 0x0110-0x012f (callbacks 0x01a0-0x01bf); the restore of OM, OWM, DDM and
 * MOM state 0x01c0-0x01cf (callbacks only); core transport (heartbeat,
 * datagram setup) 0x000a-0x000f; OM transportation types 0x0310-0x031f
 * (callbacks 0x0390-0x039f). */

enum wire_type {
	/* core */
	WIRE_HELLO = 0x0001,     /* u32 magic, u16 version, blob auth_key */
	WIRE_HELLO_ACK = 0x0002, /* u32 magic, u16 version, u32 max_frame,
	                            u32 heartbeat timeout in ms (0 = off) */
	WIRE_HELLO_NAK = 0x0003, /* u32 err, str message */
	WIRE_REPLY = 0x0004,     /* u32 serial, u32 err, str message, ... */
	WIRE_NOTICE = 0x0005,    /* u32 err, str message: asynchronous error */
	WIRE_PING = 0x0006,      /* request; empty reply */
	WIRE_HEARTBEAT = 0x0007, /* one-way, empty: the federate is alive
	                            (sent when it sent nothing for a
	                            heartbeat period) */
	WIRE_CB_HEARTBEAT = 0x0008, /* empty: rtiexec is alive (likewise);
	                               never delivered as a callback */
	WIRE_SOURCE_STATS = 0x0009, /* one-way: u64 updates suppressed,
	                               u64 their value bytes, u64
	                               interactions suppressed (librti's
	                               source filter, since the join) */
	/* The best-effort path (rti-protocol(7), DATAGRAMS): rtiexec's
	 * offer right after its HELLO_ACK over TCP, and its answer to the
	 * federate's registration datagram (dgram.h, DGRAM_REGISTER).
	 * Never delivered as callbacks. */
	WIRE_CB_DGRAM_OFFER = 0x000a,   /* u64 token, u16 UDP port, u16
	                                   largest datagram, u8 mac (1:
	                                   datagrams carry a MAC) */
	WIRE_CB_DGRAM_CONFIRM = 0x000b, /* (empty): the registration was
	                                   taken; best effort may go by
	                                   UDP both ways */
	/* Multicast (rtiexec --multicast; rti-protocol(7), MULTICAST):
	 * rtiexec tells a federate to join or leave a group as its
	 * subscriptions change; the federate says whether it joined.  Not
	 * callbacks.  (0x000c is DGRAM_REGISTER, 0x000f mcast.h's
	 * MC_SELECT: datagrams only.) */
	WIRE_CB_MC_JOIN = 0x000d,       /* u8 join (1) or leave (0), u64
	                                   group token, u32 IPv4 group
	                                   address, u16 UDP port, u8 mac */
	WIRE_MC_JOINED = 0x000e,        /* one-way: u64 group token, u8 1:
	                                   a member now, 0: could not join */
	/* Service reporting (rti-mom(7), HLAsetServiceReporting): rtiexec
	 * turns it on or off in a federate's librti, which then reports
	 * the callbacks it delivers, queued with its other output. */
	WIRE_SERVICE_REPORT = 0x0010,   /* one-way: u8 success, str service,
	                                   u32 n, n x str argument, str
	                                   exception */
	WIRE_CB_SERVICE_REPORTING = 0x0011, /* u8 on (1) or off (0); never
	                                       delivered as a callback */
	/* The MOM's attributes whose state lives in librti: rtiexec asks,
	 * librti answers from the evoke that reads the question. */
	WIRE_CB_MOM_QUERY = 0x0012,     /* (empty); never delivered as a
	                                   callback */
	WIRE_MOM_STATS = 0x0013,        /* one-way: u32 ms granted, u32 ms
	                                   advancing (since the last
	                                   MOM_STATS), u32 RO messages held,
	                                   u32 instances deleted, u32
	                                   instances removed (since the join),
	                                   u8 asynchronous delivery, then
	                                   twice (instances updated, by
	                                   registered class; reflected, by
	                                   known class; since the join): u32
	                                   total, u32 n, n x (u32 class, u32
	                                   count), classes ascending */

	/* FedM requests */
	WIRE_CREATE = 0x0100,   /* str fed, str time, u32 n, n x (str name,
	                           blob xml-or-empty) */
	WIRE_DESTROY = 0x0101,  /* str fed */
	WIRE_LIST = 0x0102,     /* ; reply ok, then WIRE_CB_LIST_REPORT */
	WIRE_JOIN = 0x0103,     /* str fed, str name-or-empty, str type;
	                           reply: u32 handle, str name, str time,
	                           u32 n, n x (str name, blob xml) */
	WIRE_RESIGN = 0x0104,   /* u32 action */
	WIRE_SET_RESIGN_ACTION = 0x0105, /* u32 action */
	WIRE_SYNC_REGISTER = 0x0106, /* str label, blob tag, u32 n, n x u32 */
	WIRE_SYNC_ACHIEVED = 0x0107, /* str label, u8 success */
	WIRE_GET_FEDERATE_HANDLE = 0x0108, /* str name; reply u32 */
	WIRE_GET_FEDERATE_NAME = 0x0109,   /* u32 handle; reply str */
	WIRE_JOIN_WITH_MODULES = 0x010a,   /* str fed, str name-or-empty,
	                                      str type, u32 n, n x (str name,
	                                      blob xml-or-empty); reply as
	                                      WIRE_JOIN's */
	/* FedM save and restore requests (librti-save(3)); empty replies
	 * unless noted */
	WIRE_SAVE_REQUEST = 0x0110,     /* str label, u8 has_time, u64 time */
	WIRE_SAVE_BEGUN = 0x0111,       /* (empty) */
	WIRE_SAVE_COMPLETE = 0x0112,    /* u8 success */
	WIRE_SAVE_ABORT = 0x0113,       /* (empty) */
	WIRE_SAVE_QUERY = 0x0114,       /* ; reply, then
	                                   WIRE_CB_SAVE_STATUS */
	WIRE_SAVE_COLLECTED = 0x0115,   /* one-way, the answer to
	                                   WIRE_CB_SAVE_COLLECT: u8 async,
	                                   u32 n, n x (u64 time, u32
	                                   producer, u32 retraction, u16
	                                   type, blob payload): the held TSO
	                                   messages */
	WIRE_RESTORE_REQUEST = 0x0116,  /* str label; reply, then
	                                   WIRE_CB_RESTORE_REQ_OK/_FAIL */
	WIRE_RESTORE_COMPLETE = 0x0117, /* u8 success */
	WIRE_RESTORE_ABORT = 0x0118,    /* (empty) */
	WIRE_RESTORE_QUERY = 0x0119,    /* ; reply, then
	                                   WIRE_CB_RESTORE_STATUS */
	WIRE_SAVE_SEEN = 0x011a,        /* one-way: u8 restore (0: a save),
	                                   u32 gen.  librti saw
	                                   WIRE_CB_INITIATE_SAVE (1:
	                                   WIRE_CB_RESTORE_BEGUN) of that
	                                   gen: what it sent before is
	                                   carried out, what follows is
	                                   refused; a gen not current is
	                                   ignored */
	/* FedM callbacks */
	WIRE_CB_LIST_REPORT = 0x0180,  /* u32 n, n x (str, str, u32) */
	WIRE_CB_SYNC_REG_OK = 0x0181,  /* str label */
	WIRE_CB_SYNC_REG_FAIL = 0x0182, /* str label, u32 reason */
	WIRE_CB_SYNC_ANNOUNCE = 0x0183, /* str label, blob tag */
	WIRE_CB_SYNCHRONIZED = 0x0184, /* str label, u32 n, n x u32 failed */
	WIRE_CB_FOM_MODULES = 0x0185,  /* u32 first, u32 n, n x (str name,
	                                  blob xml): modules first..first+n-1
	                                  of the federation, merged at a join;
	                                  before any frame using them */
	/* FedM save and restore callbacks */
	WIRE_CB_INITIATE_SAVE = 0x01a0, /* str label, u8 has_time, u64 time,
	                                   u32 gen */
	WIRE_CB_SAVED = 0x01a1,         /* (empty) */
	WIRE_CB_NOT_SAVED = 0x01a2,     /* u32 reason */
	WIRE_CB_SAVE_STATUS = 0x01a3,   /* u32 n, n x (u32 fed, u32 status) */
	WIRE_CB_RESTORE_REQ_OK = 0x01a4, /* str label */
	WIRE_CB_RESTORE_REQ_FAIL = 0x01a5, /* str label, str reason */
	WIRE_CB_RESTORE_BEGUN = 0x01a6, /* u32 gen */
	WIRE_CB_INITIATE_RESTORE = 0x01a7, /* str label, str name, u32 fed */
	WIRE_CB_RESTORED = 0x01a8,      /* (empty) */
	WIRE_CB_NOT_RESTORED = 0x01a9,  /* u32 reason */
	WIRE_CB_RESTORE_STATUS = 0x01aa, /* u32 n, n x (u32 pre, u32 post,
	                                    u32 status) */
	WIRE_CB_SAVE_COLLECT = 0x01ab,  /* (empty): answer with
	                                   WIRE_SAVE_COLLECTED */
	/* restore_sync's frames, before WIRE_CB_INITIATE_RESTORE */
	WIRE_CB_RESTORE_FEDM = 0x01b0,  /* u32 handle, str name: the
	                                   federate's restored ones; first */
	WIRE_CB_RESTORE_DM = 0x01b1,    /* u32 n, n x (u32 object class, u8
	                                   flags (1 published, 2
	                                   subscribed), [set], [set]: the
	                                   attribute sets, bset words of
	                                   the federation), u32 m, m x (u32
	                                   interaction class, u8 published,
	                                   u8 subscribed (2: actively)) */
	WIRE_CB_RESTORE_TM = 0x01b2,    /* u8 regulating, u8 reg_pending,
	                                   u8 constrained, u8 con_pending,
	                                   u64 now, u64 lookahead, u8
	                                   last_kind, u64 floor, u8
	                                   floor_open, u8 kind, u64 req,
	                                   then WIRE_SAVE_COLLECTED's
	                                   payload as saved */

	/* The restore of OM, OWM, DDM and MOM state (rti-save(5)): sent to
	 * each federate after its restored handle and name, before
	 * WIRE_CB_INITIATE_RESTORE; each replaces the module's librti
	 * state. */
	WIRE_CB_RESTORE_OM = 0x01c0,   /* u8 first (1: forget every known
	                                  instance first), u32 n, n x (u32
	                                  obj, u32 cls, u32 known cls, str
	                                  name, u32 k, k x u32 attr owned) */
	WIRE_CB_RESTORE_DDM = 0x01c1,  /* u32 seq (a replica frame's), u32
	                                  n, n x (u32 region, RANGES): the
	                                  regions it created; u32 m, m x (u32
	                                  obj, u32 k, k x (u32 region, u32
	                                  a, a x u32 attr)): the update
	                                  regions it gave; u32 s, s x (KIND,
	                                  u32 cls, u32 r, r x u32 region):
	                                  its subscription regions.  Replaces
	                                  its own and empties its replica;
	                                  the pushes that follow refill it */
	WIRE_CB_RESTORE_OWM = 0x01c2,  /* u32 n, n x (u32 obj, u32 attr):
	                                  the negotiated divestitures of
	                                  attributes the federate owns */

	/* DM: 0x02xx, OM: 0x03xx, TM: 0x04xx, OWM: 0x05xx, DDM: 0x06xx.
	 * Each module adds its types below within its range. */

	/* DM requests (empty replies) */
	WIRE_DM_PUBLISH_OC = 0x0200,   /* u32 cls, u32 n, n x u32 attr */
	WIRE_DM_UNPUBLISH_OC = 0x0201, /* u32 cls, u32 n (0 = all), n x u32 */
	WIRE_DM_SUBSCRIBE_OC = 0x0202, /* u32 cls, u8 active, u32 n, n x u32 */
	WIRE_DM_UNSUBSCRIBE_OC = 0x0203, /* u32 cls, u32 n (0 = all),
	                                    n x u32 */
	WIRE_DM_PUBLISH_IC = 0x0204,   /* u32 cls */
	WIRE_DM_UNPUBLISH_IC = 0x0205, /* u32 cls */
	WIRE_DM_SUBSCRIBE_IC = 0x0206, /* u32 cls, u8 active */
	WIRE_DM_UNSUBSCRIBE_IC = 0x0207, /* u32 cls */
	WIRE_DM_SET_SWITCH = 0x0208,   /* u8 switch (WIRE_SWITCH_*), u8 on */
	/* DM callbacks */
	WIRE_CB_START_REGISTRATION = 0x0280, /* u32 cls */
	WIRE_CB_STOP_REGISTRATION = 0x0281,  /* u32 cls */
	WIRE_CB_INTERACTIONS_ON = 0x0282,    /* u32 cls */
	WIRE_CB_INTERACTIONS_OFF = 0x0283,   /* u32 cls */

	/* OM.  HDR = u8 flags (WIRE_OMF_*), [u64 time, u32 retraction when
	 * flags & WIRE_OMF_TIMESTAMP], [u64 time when WIRE_OMF_USER_TIME],
	 * blob tag, str condition ("" = none).
	 * LAYER = a class layer of the update bundle (bundle.h). */
	WIRE_OM_RESERVE_NAMES = 0x0300, /* one-way: u8 multiple, u32 n,
	                                   n x str; answer:
	                                   WIRE_CB_NAMES_RESERVED */
	WIRE_OM_RELEASE_NAMES = 0x0301, /* u32 n, n x str */
	WIRE_OM_REGISTER = 0x0302,      /* u32 cls, str name-or-empty;
	                                   reply: u32 obj, str name */
	WIRE_OM_UPDATE = 0x0303,        /* one-way: HDR, LAYER */
	WIRE_OM_INTERACTION = 0x0304,   /* one-way: HDR, u32 cls, u32 n,
	                                   n x (u32 param, u32 len, bytes) */
	WIRE_OM_DELETE = 0x0305,        /* one-way: HDR, u32 obj */
	WIRE_OM_LOCAL_DELETE = 0x0306,  /* one-way: u32 obj */
	WIRE_OM_REQUEST_UPDATE = 0x0307, /* u32 obj, blob tag, u32 n,
	                                    n x u32 attr */
	WIRE_OM_REQUEST_CLASS_UPDATE = 0x0308, /* u32 cls, blob tag, u32 n,
	                                          n x u32 attr */
	WIRE_OM_REGISTER_COND = 0x0309, /* u32 cls, str name-or-empty, str
	                                   cond (a send condition, not
	                                   empty); reply as WIRE_OM_REGISTER:
	                                   registered with the condition, in
	                                   one step (discovered with it) */
	/* Transportation types (om_transportation.c); requests, empty replies */
	WIRE_OM_CHANGE_ATTR_TRANSPORT = 0x0310, /* u32 obj, u8 type, u32 n,
	                                           n x u32 attr */
	WIRE_OM_CHANGE_IC_TRANSPORT = 0x0311,   /* u32 cls, u8 type */
	WIRE_OM_QUERY_ATTR_TRANSPORT = 0x0312,  /* u32 obj, u32 attr; reply,
	                                           then
	                                           WIRE_CB_REPORT_ATTR_TRANSPORT */
	WIRE_OM_QUERY_IC_TRANSPORT = 0x0313,    /* u32 fed, u32 cls; reply,
	                                           then
	                                           WIRE_CB_REPORT_IC_TRANSPORT */
	/* OM callbacks */
	WIRE_CB_NAMES_RESERVED = 0x0380, /* u8 ok, u8 multiple, u32 n,
	                                    n x str */
	WIRE_CB_DISCOVER = 0x0381,      /* u32 obj, u32 known cls,
	                                   u32 registered cls, str name,
	                                   u32 registrar */
	WIRE_CB_REFLECT = 0x0382,       /* u32 producer, HDR, LAYER (class =
	                                   the receiver's known class) */
	WIRE_CB_INTERACTION = 0x0383,   /* u32 producer, HDR, u32 cls, u32 n,
	                                   n x (u32 param, u32 len, bytes) */
	WIRE_CB_REMOVE = 0x0384,        /* u32 producer, HDR, u32 obj */
	WIRE_CB_PROVIDE_UPDATE = 0x0385, /* u32 obj, blob tag, u32 n,
	                                    n x u32 attr */
	WIRE_CB_UPDATES_ON = 0x0386,    /* u32 obj, u32 n, n x u32 attr */
	WIRE_CB_UPDATES_OFF = 0x0387,   /* u32 obj, u32 n, n x u32 attr */
	WIRE_CB_REPORT_ATTR_TRANSPORT = 0x0390, /* u32 obj, u32 attr,
	                                           u8 type */
	WIRE_CB_REPORT_IC_TRANSPORT = 0x0391,   /* u32 fed, u32 cls,
	                                           u8 type */

	/* TM requests (times and intervals are u64 raw rti_time bits) */
	WIRE_TM_ENABLE_REGULATION = 0x0400,  /* u64 lookahead */
	WIRE_TM_DISABLE_REGULATION = 0x0401, /* (empty) */
	WIRE_TM_ENABLE_CONSTRAINED = 0x0402, /* (empty) */
	WIRE_TM_DISABLE_CONSTRAINED = 0x0403, /* (empty) */
	WIRE_TM_ADVANCE = 0x0404,            /* one-way: u32 0 (a serial,
	                                        ignored), u8 kind (TAR=1 TARA
	                                        NMR NMRA FQR=5), u64 time */
	WIRE_TM_MODIFY_LOOKAHEAD = 0x0405,   /* u64 lookahead */
	WIRE_TM_QUERY_GALT = 0x0406,         /* ; reply u8 defined, u64 t */
	WIRE_TM_QUERY_LITS = 0x0407,         /* ; reply u8 defined, u64 t */
	WIRE_TM_RETRACT = 0x0408,            /* u32 retraction serial, u64
	                                        the sender's logical time */
	/* TM callbacks */
	WIRE_TM_CB_REGULATION_ENABLED = 0x0480,  /* u64 logical time */
	WIRE_TM_CB_CONSTRAINED_ENABLED = 0x0481, /* u64 logical time */
	WIRE_TM_CB_GRANT = 0x0482,           /* u8 kind, u64 time */
	WIRE_TM_CB_RELEASE = 0x0483,         /* (empty): deliver held TSO
	                                        messages as receive order */
	WIRE_TM_CB_RETRACT = 0x0484,         /* u32 producer, u32 retraction
	                                        serial of a retracted TSO
	                                        message it sent */
	WIRE_TM_CB_SAVE_GRANT = 0x0485,      /* u8 kind, u64 time: a timed
	                                        save's time, granted to a
	                                        request past it, which stays
	                                        pending */

	/* OWM.  ASET = u32 obj, blob tag ("" when the service has none),
	 * u32 n, n x u32 attr.  Requests, empty replies unless noted. */
	WIRE_OWM_DIVEST = 0x0500,        /* ASET: unconditional divestiture */
	WIRE_OWM_NEGOTIATE = 0x0501,     /* ASET: negotiated divestiture */
	WIRE_OWM_CONFIRM = 0x0502,       /* ASET: confirm divestiture */
	WIRE_OWM_ACQUIRE = 0x0503,       /* ASET: acquisition */
	WIRE_OWM_ACQUIRE_IF = 0x0504,    /* ASET: acquisition if available */
	WIRE_OWM_DENY = 0x0505,          /* ASET: release denied */
	WIRE_OWM_IF_WANTED = 0x0506,     /* ASET; reply u32 n, n x u32 attr
	                                    divested */
	WIRE_OWM_CANCEL_DIVEST = 0x0507, /* ASET */
	WIRE_OWM_CANCEL_ACQUIRE = 0x0508, /* ASET */
	WIRE_OWM_QUERY = 0x0509,         /* u32 obj, u32 attr; reply, then
	                                    WIRE_OWM_CB_INFORM */
	/* OWM callbacks */
	WIRE_OWM_CB_ASSUME = 0x0580,     /* ASET: request ownership
	                                    assumption */
	WIRE_OWM_CB_CONFIRM = 0x0581,    /* ASET: request divestiture
	                                    confirmation */
	WIRE_OWM_CB_ACQUIRED = 0x0582,   /* ASET: acquisition notification */
	WIRE_OWM_CB_UNAVAILABLE = 0x0583, /* ASET */
	WIRE_OWM_CB_RELEASE = 0x0584,    /* ASET: request ownership release */
	WIRE_OWM_CB_CANCELLED = 0x0585,  /* ASET: acquisition cancellation
	                                    confirmed */
	WIRE_OWM_CB_INFORM = 0x0586,     /* u32 obj, u32 attr, u32 owner (0 =
	                                    not owned, WIRE_OWNER_RTI) */

	/* DDM.  KIND = u8 0 object class / 1 interaction class.  RANGES =
	 * u32 n, n x (u32 dim, u64 lower, u64 upper).  Requests, empty
	 * replies unless noted; a reply follows the replica pushes. */
	WIRE_DDM_REGION_SET = 0x0600,    /* u32 region, RANGES (create and
	                                    commit) */
	WIRE_DDM_REGION_DELETE = 0x0601, /* u32 region */
	WIRE_DDM_SUBSCRIBE = 0x0602,     /* KIND, u32 cls, u8 active, u32 n,
	                                    n x u32 attr, u32 m, m x u32
	                                    region */
	WIRE_DDM_UNSUBSCRIBE = 0x0603,   /* KIND, u32 cls, u32 m, m x u32
	                                    region */
	WIRE_DDM_CONDITION = 0x0604,     /* KIND, u32 cls, u8 add, str cond */
	WIRE_DDM_INSTANCE = 0x0605,      /* u32 obj, u8 set_cond (1: cond
	                                    replaces the instance's; 0: it
	                                    is ignored), str cond, u32 n, n x
	                                    (u32 region, u32 k, k x u32 attr) */
	WIRE_DDM_INTERACTION = 0x0606,   /* one-way: u32 m, m x u32 region,
	                                    then a WIRE_OM_INTERACTION
	                                    payload */
	WIRE_DDM_STATS = 0x0607,         /* ; reply u64 routed, u64 filtered,
	                                    u64 frames_in, u64 frames_out,
	                                    u64 bytes_in, u64 bytes_out,
	                                    u64 slow consumers dropped */
	WIRE_DDM_REQUEST_UPDATE = 0x0608, /* u32 cls, blob tag, u32 n, n x
	                                     u32 attr, u32 m, m x u32
	                                     region */
	WIRE_DDM_ACK = 0x0609,           /* one-way: u32 seq, the last
	                                    replica frame applied */
	WIRE_DDM_CONDITIONS_SET = 0x060a, /* KIND, u32 cls, u32 n, n x str
	                                     cond: the conditions, replaced
	                                     in one step */
	/* DDM callbacks: the subscription tables replicated to the
	 * publishers of each class, each frame numbered per receiver (u32
	 * seq first) */
	WIRE_DDM_CB_SUBS = 0x0680,       /* u32 seq, u32 n, n x entry: a
	                                    batch of whole subscriptions of
	                                    one class each (ddmrep.h) */
	WIRE_DDM_CB_FED_GONE = 0x0681,   /* u32 seq, u32 fed */
	/* not numbered: an instance's send condition, sent right after
	 * WIRE_CB_DISCOVER when it has one and to every other knower when
	 * it changes */
	WIRE_DDM_CB_INSTANCE_CONDITION = 0x0682, /* u32 obj, str cond ("" =
	                                            none) */
};

/* Advisory switches of WIRE_DM_SET_SWITCH. */
enum wire_switch {
	WIRE_SWITCH_CLASS_RELEVANCE = 0,
	WIRE_SWITCH_INTERACTION_RELEVANCE = 1,
	WIRE_SWITCH_ATTRIBUTE_RELEVANCE = 2
};
/* Flags of an entry of WIRE_DDM_CB_SUBS. */
#define WIRE_DDMF_SUBSCRIBED 0x01
#define WIRE_DDMF_PLAIN 0x02     /* subscribed without regions */
#define WIRE_DDMF_ACTIVE 0x04
/* The start of the HELLO_NAK reason of a connection refused because too
 * many are still in their handshake (--max-startups,
 * --per-source-max-startups): a transient refusal, which librti tries
 * again (rti_connect). */
#define WIRE_NAK_BUSY "too many connections without a handshake"
/* Flags of the frame header.  WIRE_FLAG_BEST_EFFORT: an update or
 * interaction whose transportation is HLAbestEffort, sent over the
 * stream (its datagram path not confirmed, or the frame too large):
 * rtiexec forwards it best effort. */
#define WIRE_FLAG_BEST_EFFORT 0x0001
/* Flags byte of the OM message header (HDR). */
#define WIRE_OMF_TIMESTAMP 0x01 /* timestamp order (TSO) */
#define WIRE_OMF_USER_TIME 0x02 /* receive order, carrying the time the
                                   sender gave (never with TIMESTAMP) */
/* Owner of WIRE_OWM_CB_INFORM for attributes the RTI owns (MOM). */
#define WIRE_OWNER_RTI 0xffffffffu

/* Big-endian load/store. */
static inline uint16_t
wire_get16(const uint8_t *p)
{
	return (uint16_t)((p[0] << 8) | p[1]);
}
/* 32-bit ones through ntohl/htonl and memcpy: one load or store and a
 * byte swap, which the compiler does not always find in the byte-wise
 * form (adjacent byte-wise stores were merged into shift chains). */
static inline uint32_t
wire_get32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return ntohl(v);
}
static inline uint64_t
wire_get64(const uint8_t *p)
{
	return ((uint64_t)wire_get32(p) << 32) | wire_get32(p + 4);
}
static inline void
wire_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}
static inline void
wire_put32(uint8_t *p, uint32_t v)
{
	v = htonl(v);
	memcpy(p, &v, 4);
}
static inline void
wire_put64(uint8_t *p, uint64_t v)
{
	wire_put32(p, (uint32_t)(v >> 32));
	wire_put32(p + 4, (uint32_t)v);
}

/*
 * Growable output buffer.  On allocation failure `oom` is set and further
 * puts are ignored; check it once at the end.
 */
struct wire_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
	int oom;
};

/* Grow the array *arr (capacity *cap items) to hold `n` items of `size`
 * bytes, doubling from 16.  0, or -1 with *arr and *cap unchanged. */
int wire_grow(void **arr, size_t *cap, size_t n, size_t size);
/* Grow the table *pp, indexed by handles 0..old (elements of `size`
 * bytes), to 0..n, the new elements zeroed (nothing to do when n <= old):
 * the tables sized by a FOM that grows.  0, or -1 (ENOMEM) with *pp as it
 * was. */
int wire_grow_table(void *pp, uint32_t old, uint32_t n, size_t size);

void wire_buf_init(struct wire_buf *b);
void wire_buf_free(struct wire_buf *b);
void wire_buf_reset(struct wire_buf *b);
/* Ensure room for `n` more bytes; 0 or -1 (sets oom). */
int wire_buf_reserve(struct wire_buf *b, size_t n);
void wire_put_u8(struct wire_buf *b, uint8_t v);
void wire_put_u16(struct wire_buf *b, uint16_t v);
void wire_put_u32(struct wire_buf *b, uint32_t v);
void wire_put_u64(struct wire_buf *b, uint64_t v);
void wire_put_f64(struct wire_buf *b, double v);
void wire_put_raw(struct wire_buf *b, const void *p, size_t n);
/* u32 length then bytes. */
void wire_put_blob(struct wire_buf *b, const void *p, size_t n);
/* NUL-terminated string: u32 length (including the NUL), bytes, NUL.
 * NULL is sent as "". */
void wire_put_str(struct wire_buf *b, const char *s);

/* Start a frame: reserves the header; returns its offset in `b`. */
size_t wire_frame_begin(struct wire_buf *b, uint16_t type);
/* Fill in the header of the frame begun at `off`. */
void wire_frame_end(struct wire_buf *b, size_t off);
/* Patch a u32 at `off` (for counts known only at the end). */
void wire_patch_u32(struct wire_buf *b, size_t off, uint32_t v);

/*
 * Reader over a received payload.  Every get is bounds-checked; the first
 * failure sets `err` and later gets return zero/NULL.  Check `err` once
 * after reading all fields, before acting on any of them.
 */
struct wire_rd {
	const uint8_t *p;
	const uint8_t *end;
	int err;
};

static inline void
wire_rd_init(struct wire_rd *r, const void *p, size_t n)
{
	r->p = (const uint8_t *)p;
	r->end = n ? r->p + n : r->p;  /* no arithmetic on an empty NULL */
	r->err = 0;
}
static inline size_t
wire_rd_left(const struct wire_rd *r)
{
	return (size_t)(r->end - r->p);
}
uint8_t wire_get_u8(struct wire_rd *r);
uint16_t wire_get_u16(struct wire_rd *r);
uint32_t wire_get_u32(struct wire_rd *r);
uint64_t wire_get_u64(struct wire_rd *r);
double wire_get_f64(struct wire_rd *r);
/* Pointer to the next `n` bytes inside the payload, or NULL. */
const void *wire_get_raw(struct wire_rd *r, size_t n);
/* Blob of at most `max` bytes; pointer into the payload (NULL with
 * *len = 0 on failure; a valid empty blob returns a non-NULL pointer). */
const void *wire_get_blob(struct wire_rd *r, uint32_t *len, uint32_t max);
/* String of at most `max` bytes (excluding NUL), without embedded NULs;
 * pointer into the payload, NUL-terminated; NULL on failure. */
const char *wire_get_str(struct wire_rd *r, uint32_t max);
/* A u32 count that must be followed by at least count*min_item bytes:
 * rejects lying counts before anyone allocates count items. */
uint32_t wire_get_count(struct wire_rd *r, size_t min_item);
/* 1 when every byte was consumed and no get failed. */
static inline int
wire_rd_done(const struct wire_rd *r)
{
	return !r->err && r->p == r->end;
}

/*
 * Frame header parsing.  Given `n` available bytes at `p`:
 * returns 0 when fewer than a full header is there, -1 when the declared
 * length exceeds `max`, else 1 with *type, *flags, *len set.
 */
int wire_frame_peek(const uint8_t *p, size_t n, uint32_t max,
    uint16_t *type, uint16_t *flags, uint32_t *len);

#endif
