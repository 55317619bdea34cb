/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm_int.h - what the files of librti's DDM share (ddm.c, ddm_filter.c),
 * and no other module: DDM's state.
 */
#ifndef LIBRTI_DDM_INT_H
#define LIBRTI_DDM_INT_H

#include "bundle.h"
#include "ddmmodel.h"
#include "ddmrep.h"
#include "idmap.h"
#include "librti_int.h"
#include "match.h"

#define KIND_OC 0
#define KIND_IC 1
/* Attributes of an update whose answer a class bundle send remembers. */
#define MEMO_ATTRS 16

struct ddm_state {
	uint32_t n_cls[2];
	size_t words;
	struct match_set **set[2];
	struct idmap reps;        /* the replica: rep by rep_key */
	uint32_t applied;         /* last replica sequence applied */
	uint32_t acked;           /* last one acknowledged (WIRE_DDM_ACK) */
	uint64_t seen_rx;         /* amb->rx_count at the last scan */
	struct ddmrep_entry *ent; /* a replica entry being read, or NULL */
	struct ddm_model mdl;     /* this federate's regions, instances */
	uint32_t next_region;
	uint32_t **sub_regions[2];  /* [kind][cls]: regions subscribed */
	uint32_t *n_sub_regions[2];
	uint32_t *ids;            /* attribute handles of an update */
	size_t cap_ids;
	struct rti_statistics stats;
	uint64_t bytes_suppressed;  /* value bytes of updates_suppressed */
	/* the last WIRE_SOURCE_STATS sent (rti__ddm_report) and when */
	uint64_t rep_upd, rep_bytes, rep_ic;
	double rep_at;            /* rti__now seconds, 0 = never */
	/* inside one class bundle send (rti__ddm_send_bundle), the positive
	 * answer for the instance of the last send_update event, when it had
	 * no regions or condition (memo_valid 0 otherwise) */
	int in_bundle, memo_valid, memo_cond_null;
	uint32_t memo_cls, memo_applied, memo_n;
	uint32_t memo_attrs[MEMO_ATTRS];
};

static inline struct ddm_state *
st_of(rti_ambassador *amb)
{
	return amb->mod[RTI__MOD_DDM];
}

/*
 * ddm_filter.c: the replica and the source-side filter.
 * rti__ddm_replica_init / _fini: set up (0 or -1 on ENOMEM) and free the
 *   replica's table of subscriptions (st->reps; _fini accepts one never
 *   set up); the match sets are ddm.c's to allocate and free.
 * rti__ddm_callbacks: the callback table of the replica frames.
 * rti__ddm_flush: the module's flush hook (apply the replica frames that
 *   arrived).
 * rti__ddm_send_update, _send_bundle, _send_interaction, _received: the
 *   hooks of OM's events (librti_int.h).
 */
int rti__ddm_replica_init(struct ddm_state *st);
void rti__ddm_replica_fini(struct ddm_state *st);
extern const struct rti__cb_handler rti__ddm_callbacks[];
void rti__ddm_flush(rti_ambassador *amb);
int rti__ddm_send_update(rti_ambassador *amb, uint32_t obj, uint32_t cls,
    const struct rti_attribute_value *v, size_t n, const char *cond);
void rti__ddm_send_bundle(rti_ambassador *amb, int on);
int rti__ddm_send_interaction(rti_ambassador *amb, uint32_t cls,
    const char *cond, const uint32_t *reg, uint32_t m);
void rti__ddm_received(rti_ambassador *amb, int interaction, size_t n);
/* ddm_filter.c, the module's evoke hook: queue WIRE_SOURCE_STATS (the
 * suppressed counters) when they changed since the last one and that was
 * a second or more before `now` (rti__now); the sends never call it. */
void rti__ddm_report(rti_ambassador *amb, double now);
/* ddm.c: this federate's own DDM state from WIRE_CB_RESTORE_DDM (the
 * payload past its sequence number); 0, or -1 with nothing changed. */
int rti__ddm_restore_own(rti_ambassador *amb, struct wire_rd *rd);
/* ddm.c: the handler of WIRE_DDM_CB_INSTANCE_CONDITION. */
int rti__ddm_cb_condition(rti_ambassador *amb, uint16_t type,
    struct wire_rd *rd);

#endif
