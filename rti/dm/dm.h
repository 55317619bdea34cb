/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dm.h - the DM module of rtiexec: publications, subscriptions, relevance
 * advisories, and the routing index every object and interaction message
 * goes through (see server.h for the module interface).
 */
#ifndef RTI_DM_H
#define RTI_DM_H

#include "server.h"

/* One subscriber of a class, as routing sees it. */
struct dm_sub {
	struct federate *f;
	uint32_t known;         /* most specific class f subscribes to at or
	                           above the routed class: the class it knows
	                           instances/interactions of that class as */
	const uint64_t *attrs;  /* object classes: the attributes f subscribes
	                           to at `known` (bundle.h set); NULL for
	                           interactions */
	uint8_t active;         /* 0 = passive subscription */
};

/*
 * Routing.  The one place that answers "who wants this":
 * dm_route_object: the subscribers of object class `cls` (an instance's
 *   registered class), from a per-class index rebuilt only when
 *   subscriptions change.  The array belongs to DM and stays valid until
 *   the next publication/subscription change or resign.  The filters
 *   that refine it per instance (conditions, regions) are DDM's
 *   (ddm_route_update, ddm_route_instance), asked by OM.
 * dm_route_find: the entry of `f` in the routing of `cls`, or NULL.
 * dm_route_interaction: the same for interaction class `cls`.
 */
size_t dm_route_object(struct federation *fx, uint32_t cls,
    const struct dm_sub **out);
const struct dm_sub *dm_route_find(struct federation *fx, uint32_t cls,
    const struct federate *f);
size_t dm_route_interaction(struct federation *fx, uint32_t cls,
    const struct dm_sub **out);

/*
 * Subscriptions as DDM sees them.  dm_subscribed: the attributes `f`
 * subscribes to at object class `cls` exactly (NULL when none; *active
 * set when not NULL).  dm_iclass_subscribed: 0 none, 1 passive, 2 active.
 * dm_subscribe_oc / _ic: add to `f`'s subscription like the subscribe
 * requests do, without replying (0, or -1 on ENOMEM, nothing changed).
 * dm_unsubscribe: drop `f`'s whole subscription of the class.
 */
const uint64_t *dm_subscribed(struct federate *f, uint32_t cls,
    int *active);
int dm_iclass_subscribed(struct federate *f, uint32_t cls);
int dm_subscribe_oc(struct federate *f, uint32_t cls, const uint64_t *attrs,
    int active);
int dm_subscribe_ic(struct federate *f, uint32_t cls, int active);
void dm_unsubscribe(struct federate *f, int interaction, uint32_t cls);

/* Words of the attribute sets of this federation (bundle.h bset_*). */
size_t dm_words(struct federation *fx);
/* Attributes `f` publishes for object class `cls`, NULL when none. */
const uint64_t *dm_published(struct federate *f, uint32_t cls);
/* 1 when `f` publishes interaction class `cls`. */
int dm_iclass_published(struct federate *f, uint32_t cls);
/* 1 when `f` has advisory switch `sw` (WIRE_SWITCH_*) on. */
int dm_switch(struct federate *f, int sw);
/* How many federates of `fx` have the attribute relevance advisory
 * switch on (OM keeps attribute relevance only while one has). */
uint32_t dm_attr_advisers(struct federation *fx);

#endif
