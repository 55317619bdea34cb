/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tm_int.h - what the files of the TM module share (tm.c, tm_save.c) and
 * nothing else includes: the per-federate and per-federation state, the
 * queue of stamps and the deferred evaluation, and the save hooks.  The
 * module's interface is tm.h.
 */
#ifndef RTI_TM_INT_H
#define RTI_TM_INT_H

#include "tm.h"
#include "tmcore.h"

struct tm_fed {
	int regulating;
	int reg_enabling;         /* enable pending (as a TAR to `req`) */
	int constrained;
	int con_pending;
	uint64_t now;             /* logical time */
	uint64_t lookahead;
	int last_kind;            /* kind of the last grant */
	struct tmc_bound floor;   /* committed send bound */
	int kind;                 /* pending request, TMC_NONE if none */
	uint64_t req;
	uint64_t *q;              /* min-heap of stamps routed, unreleased */
	size_t nq, capq;
	uint32_t qepoch;          /* bumped whenever q is emptied at once */
	uint32_t grants;          /* grants so far */
	size_t node;              /* index in the evaluation, or SIZE_MAX */
	struct tmc_sent *sent;    /* retraction log (as sender) */
	size_t nsent, capsent;
	uint64_t seen;            /* logical time the sender knows it has */
	uint32_t mark;            /* retraction fan-out deduplication */
	/* save: what librti answered to WIRE_CB_SAVE_COLLECT (its
	 * WIRE_SAVE_COLLECTED payload), NULL when none */
	uint8_t *held;
	uint32_t held_len;
	int capped;               /* the last evaluation held back a grant
	                             past the save time */
};

struct tm_fx {
	struct event *ev;         /* deferred evaluation */
	struct tmc_node *nodes;
	size_t cap;
	/* the TSO message OM is routing (tm_tso_sent), NULL when none */
	struct tm_fed *cur;
	uint32_t cur_handle;
	uint64_t cur_t;
	uint32_t mark;
	/* a timed save waiting (tm_save_cap): no constrained federate is
	 * granted past cap_t */
	int frozen;               /* a save or restore runs: no grant */
	int save_cap;
	int cap_reached;          /* save_time_reached raised */
	uint64_t cap_t;
};


/* TM's slot of `f` (f->mod[MOD_TM]), NULL before its join. */
static inline struct tm_fed *
tm_fed_st(const struct federate *f)
{
	return f->mod[MOD_TM];
}

/* tm.c: push stamp `t` on st's queue (the min-heap Q: 0, or -1 on
 * ENOMEM); have the federation evaluated once this event-loop turn. */
int tm_q_push(struct tm_fed *st, int i64, uint64_t t);
void tm_mark_dirty(struct federation *fx);

/* tm_save.c: the save and restore hooks (server.h, rti-save(5)). */
int tm_save_state(struct federation *fx, struct wire_buf *out);
int tm_restore_stage(struct federation *fx,
    const struct restore_saved *saved, struct wire_rd *rd, void **staged,
    char *msg, size_t len);
void tm_restore_apply(struct federation *fx, void *staged);
void tm_restore_discard(void *staged);
int tm_restore_sync(struct federate *f);

#endif
