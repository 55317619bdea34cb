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
	struct dm_sub *routes;    /* routing cache (dm_route_*) */
	uint32_t n_routes, cap_routes;
	uint32_t gen;             /* routes valid when equal to dm_fx.gen */
};

struct dm_fx {
	size_t words;
	uint32_t n_oc, n_ic;
	struct dm_class *oc, *ic; /* indexed by handle, [0] unused */
	uint32_t gen;             /* bumped by every subscription change */
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

#endif
