/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm_int.h - what the files of the DDM module share (ddm.c,
 * ddm_route.c, ddm_replica.c) and nothing else includes: the
 * per-federation and per-federate state and the functions one file calls
 * in another.  The module's interface is ddm.h.
 */
#ifndef RTI_DDM_INT_H
#define RTI_DDM_INT_H

#include "ddm.h"
#include "ddmmodel.h"

#define ACK_WAIT_MS 200
#define GONE_SLICE 64             /* receivers told per slice */
#define GONE_PERIOD_US 1000       /* between slices */
#define REGION_OWNER(h) DDM_REGION_OWNER(h)

struct ddm_filter {
	uint8_t plain;            /* subscribed without regions */
	uint8_t counted;          /* in n_filtered */
	char **conds;
	uint32_t n_conds;
	uint32_t *regions;
	uint64_t **rattrs;        /* [i]: attributes subscribed with
	                             regions[i] (object classes) */
	uint32_t n_regions;
	uint8_t narrow;           /* a region lacks a subscribed attribute:
	                             attributes are matched one by one */
	uint32_t dirty_at;        /* changed in this loop turn: its slot in
	                             ddm_fx dirty, plus one; 0: not */
};

/* An entry changed in this loop turn (ddm_replica.c): f's subscription
 * of (kind, cls); f NULL: the slot is dead (the entry changed again and
 * has a later slot, or f left). */
struct ddm_dirty {
	struct federate *f;
	uint32_t cls;
	int kind;
};

/* The federates that hold a class's entries in their replica. */
struct ddm_holders {
	struct federate **f;
	uint32_t n, cap;
};

/* Holder `g`'s replica frame `seq` must be acknowledged (g NULL: it
 * left). */
struct ddm_need {
	struct federate *g;
	uint32_t seq;
};

/* A reply held until every need is met or the timer fires. */
struct ddm_wait {
	struct federation *fx;
	uint32_t fed, serial;     /* the requester, its request */
	struct event *ev;
	struct ddm_need *need;
	uint32_t n;
	uint32_t met;             /* need[0..met) are met */
	struct ddm_wait *next;
};

struct ddm_fx {
	uint32_t n_cls[2];
	size_t words;
	struct match_set **set[2];     /* [kind][cls] */
	uint32_t *n_filtered[2];       /* owners not receiving everything */
	uint32_t n_narrow;             /* filters with narrow set */
	struct ddm_model mdl;          /* regions, instance send extents */
	/* routing scratch */
	uint32_t *stamp, *stamp_cls;
	size_t cap_stamp;
	uint32_t qgen, cur_k;
	struct federation *cur_fx;
	int cur_kind;
	const uint32_t *cur_attrs;     /* attributes matched; none: any */
	uint32_t cur_n_attrs;
	uint32_t *ks;
	size_t cap_ks;
	/* the routes of a bundle (ddm_route_begin, ddm_route.c) */
	struct {
		int on, filtered, collect, hits_lost;
		const struct dm_sub *r;
		size_t n, nk;
		uint8_t *base;            /* [n]: routes wanting everything */
		size_t cap_base, n_base;  /* n_base: the ones set in base */
		uint32_t *slot;           /* by federate handle: route + 1 */
		size_t cap_slot, slot_len;
		uint32_t *marked;         /* owners a query matched */
		size_t n_marked, cap_marked;
		uint32_t *hits;           /* routes set beyond base */
		size_t n_hits, cap_hits;
	} prep;
	struct dm_sub *cand;           /* relevance scratch */
	uint8_t *cwant;
	size_t cap_cand, cap_cwant;
	struct wire_buf out;
	/* the replica (ddm_replica.c): who holds each class's entries, the
	 * entries changed in this loop turn, the federates holding any */
	struct ddm_holders *hold[2];   /* [kind][cls] */
	struct ddm_dirty *dirty;
	size_t n_dirty, cap_dirty;
	struct federate **holders;
	size_t n_holders, cap_holders;
	uint8_t turn;                  /* turn_end has work here */
	uint8_t waits_dirty;           /* an acknowledgement came: check the
	                                  waits at the turn's end */
	/* pushes of the request in progress that its reply waits for */
	struct ddm_need *fence;
	size_t n_fence, cap_fence;
	uint32_t fence_fed;
	struct ddm_wait *waits;
	/* leavers to announce: receiver g has been told gone[0..gone_at) */
	uint32_t *gone;
	size_t n_gone, cap_gone;
	uint32_t gone_next;            /* index in fx->feds to serve next */
	struct event *gone_ev;         /* the next slice */
};

struct ddm_fed {
	struct ddm_filter *flt[2];     /* [kind][cls] */
	uint8_t *holds[2];             /* [kind][cls]: it holds the class's
	                                  entries; NULL: none of the kind */
	uint8_t holder;                /* it holds some (in ddm_fx holders) */
	size_t dirty_from;             /* ddm_fx dirty[0..dirty_from) are in
	                                  the frames written to it */
	uint32_t seq;                  /* replica frames sent to it */
	uint32_t acked;                /* the last one it applied */
	uint8_t lagging;               /* missed ACK_WAIT_MS; not waited for
	                                  until it acknowledges `seq` */
	uint8_t replicated;            /* an entry of it was pushed: the
	                                  others' replicas hold it until
	                                  WIRE_DDM_CB_FED_GONE */
	size_t gone_at;                /* leavers told (ddm_fx gone) */
	uint8_t had_regions;           /* it created a region */
};

static inline struct ddm_fx *
fxst(struct federation *fx)
{
	return fx->mod[MOD_DDM];
}

static inline struct ddm_fed *
fst(struct federate *f)
{
	return f->mod[MOD_DDM];
}

static inline struct ddm_filter *
filter_of(struct federate *f, int kind, uint32_t cls)
{
	struct ddm_fed *df = fst(f);

	return df ? &df->flt[kind][cls] : NULL;
}

/* ddm.c */
/* Rebuild `f`'s entries in the match set of (kind, cls) from its filter:
 * (plain ? {empty region} : {}) + its regions, crossed with its
 * conditions.  0, or -1 on ENOMEM (the entries may then be incomplete). */
int ddm_rebuild(struct federate *f, int kind, uint32_t cls);
/* ddm_replica.c */
/* The sub_changed event (server.h): the match sets of (f, kind, cls)
 * follow `plain`, and the change goes to the entry's holders. */
void ddm_subscription_changed(struct federate *f, int kind, uint32_t cls,
    int plain);
/* The published event: f holds the entries of cls and its superclasses
 * from now on; those it did not hold are sent to it, a frame per class. */
void ddm_published(struct federate *f, int kind, uint32_t cls);
/* The turn_end event: every holder's batch of the turn's changes is
 * written, and the waits that acknowledgements met are answered. */
void ddm_turn_end(struct rti_server *srv);
/* `f` leaves or the replica is reset: it holds nothing more, and its
 * changes of this turn are dropped. */
void ddm_replica_forget(struct federate *f);
/* Every holder's, for a restore: nobody holds anything, no change is
 * pending. */
void ddm_replica_reset(struct federation *fx);
/* f holds the entries of what DM says it publishes (after a restore):
 * each class's are sent to it, a frame per class.  0 or -1. */
int ddm_replica_resync(struct federate *f);
/*
 * Reply `err` (no body) to request `serial` of `c` that changed its
 * subscriptions: an RTI_OK reply is held until every federate the change
 * was pushed to has acknowledged it (WIRE_DDM_ACK) or left, or for at
 * most 200 ms; a federate that missed that is marked lagging and not
 * waited for until it catches up.  DDM's own requests reply so, and DM's
 * through the reply_held event (ddm_reply_held, which takes them all).
 */
void ddm_reply(struct conn *c, uint32_t serial, int err);
int ddm_reply_held(struct conn *c, uint32_t serial, int err);
/* Announce leaver `fed` to every federate joined now; 0 or -1. */
int ddm_gone_add(struct federation *fx, uint32_t fed);
/* The WIRE_DDM_ACK handler. */
int ddm_h_ack(struct conn *c, uint32_t serial, struct wire_rd *rd);
/* Rebuild the entries of (f, kind, cls) and mark them for the turn's
 * batch to their holders; the reply (ddm_reply) waits for the holders'
 * acknowledgements. */
void ddm_changed(struct federate *f, int kind, uint32_t cls);
void ddm_fence_clear(struct ddm_fx *st);
void ddm_wait_free(struct ddm_wait *w);
/* Send the numbered frame in st->out (its u32 seq right after the
 * header) to `to` with its next sequence number, after the batch it is
 * owed; that number, or 0 when not sent. */
uint32_t ddm_send_numbered(struct ddm_fx *st, struct federate *to);
/* Grow the replica's tables of the federation and its federates from
 * the old class counts `was` to st->n_cls.  0 or -1. */
int ddm_replica_grow(struct federation *fx, const uint32_t was[2]);
/* ddm.c: has (g, kind, cls) a non-default entry to replicate? */
int ddm_entry_set(struct federate *g, int kind, uint32_t cls);
/* ddm_save.c: the save and restore hooks (server.h, rti-save(5)). */
int ddm_save_state(struct federation *fx, struct wire_buf *out);
int ddm_restore_stage(struct federation *fx,
    const struct restore_saved *saved, struct wire_rd *rd, void **staged,
    char *msg, size_t len);
void ddm_restore_apply(struct federation *fx, void *staged);
void ddm_restore_discard(void *staged);
int ddm_restore_sync(struct federate *f);
/* Answer every wait whose needs are all met. */
void ddm_waits_check(struct federation *fx);
/* `f` leaves: no wait waits for it. */
void ddm_waits_forget(struct federation *fx, struct federate *f);

#endif
