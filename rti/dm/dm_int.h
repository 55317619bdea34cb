/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dm_int.h - what the files of the DM module share (dm.c, dm_route.c) and
 * nothing else includes: the per-class, per-federation and per-federate
 * state.  The module's interface is dm.h.
 */
#ifndef RTI_DM_INT_H
#define RTI_DM_INT_H

#include "dm.h"

/* One object or interaction class. */
struct dm_class {
	struct federate **subs;   /* federates subscribed at this class */
	uint32_t n_subs, cap_subs;
	struct federate **pubs;   /* federates publishing this class */
	uint32_t n_pubs, cap_pubs;
	struct dm_sub *routes;    /* routing cache (dm_route_*) */
	uint32_t n_routes, cap_routes;
	uint32_t n_active;        /* active routes of federates not leaving */
	struct federate *active1; /* one of them (n_active > 0) */
	uint8_t valid;            /* routes current (dm_class_changed) */
	uint8_t rel_dirty;        /* its publishers' relevance advisories
	                             are recomputed at the turn's end */
};

struct dm_fx {
	size_t words;
	uint32_t n_oc, n_ic;
	struct dm_class *oc, *ic; /* indexed by handle, [0] unused */
	uint32_t mark;            /* route_build's dedup stamp */
	uint8_t rel_turn;         /* advisories to recompute at the turn's
	                             end (dm_turn_end) */
	uint32_t n_attr_adv;      /* federates with the attribute relevance
	                             switch on, not leaving */
	struct federate **rel_feds;  /* every advisory of these, too */
	size_t n_rel_feds, cap_rel_feds;
};

struct dm_fed {
	uint64_t **pub;           /* [n_oc + 1]: published set or NULL */
	uint64_t **sub;           /* [n_oc + 1]: subscribed set or NULL */
	uint8_t *sub_active;      /* [n_oc + 1] */
	uint8_t *pub_ic;          /* [n_ic + 1] */
	uint8_t *sub_ic;          /* [n_ic + 1]: 0 none, 1 passive, 2 active */
	uint8_t *adv_oc;          /* start registration was sent */
	uint8_t *adv_ic;          /* turn interactions on was sent */
	uint8_t sw[3];            /* WIRE_SWITCH_* */
	int leaving;
	uint32_t mark;            /* dm_fx mark when last taken in routes */
	uint8_t rel_dirty;        /* in dm_fx rel_feds */
};

static inline struct dm_fx *
dm_fxst(struct federation *fx)
{
	return fx->mod[MOD_DM];
}

/* DM's slot of `f` (f->mod[MOD_DM]), NULL before its join. */
static inline struct dm_fed *
dm_fst(struct federate *f)
{
	return f->mod[MOD_DM];
}

/* dm_route.c: the routes and the relevance advisories.
 * dm_class_changed: the subscriptions at class `cls` changed: the routes
 *   of it and of every class below it are rebuilt when next asked, and
 *   their publishers' advisories recomputed at the turn's end.
 * dm_all_changed: the same for every class.
 * dm_relevance_fed: every advisory of `f` recomputed at the turn's end.
 * dm_pubs_add / dm_pubs_del: `f` publishes class `cls` / stopped.
 * dm_relevance_forget: `f` leaves: it is taken out of the publisher
 *   lists and of those recomputed.
 * dm_turn_end: the turn_end event: the advisories that changed are
 *   sent, each once, in their state at the end of the turn. */
void dm_class_changed(struct federation *fx, int interaction, uint32_t cls);
void dm_all_changed(struct federation *fx);
void dm_relevance_fed(struct federate *f);
int dm_pubs_add(struct federation *fx, int interaction, uint32_t cls,
    struct federate *f);
void dm_pubs_del(struct federation *fx, int interaction, uint32_t cls,
    struct federate *f);
void dm_relevance_forget(struct federate *f);
void dm_turn_end(struct rti_server *srv);

#endif
