/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm.h - the DDM module of rtiexec: filter conditions, DDM regions, the
 * per-class match sets routing consults, and the subscription tables it
 * replicates to every federate for source-side filtering (see server.h
 * for the module interface and proto/match.h for the matching rules).
 */
#ifndef RTI_DDM_H
#define RTI_DDM_H

#include "server.h"
#include "match.h"

struct dm_sub;
struct ddm_inst;
struct ddm_assoc;

/* Kinds of class (WIRE_DDM_* KIND; the events' CLASS_*). */
#define DDM_OBJECT CLASS_OBJECT
#define DDM_INTERACTION CLASS_INTERACTION

/*
 * Routing refinement.  `r[0..n)` are the routes of one class (from
 * dm_route_object / dm_route_interaction); want[k] is set to 1 when the
 * filter (conditions and regions) of r[k] at its known class matches.
 * ddm_route_update: the update of `n_attrs` attributes `attrs` of
 *   instance `obj` with send condition `cond` ("" = the instance's):
 *   want[k] when the update regions of any attribute match; and, unless
 *   `want_attr` is NULL, want_attr[j * n + k] when those of attrs[j] do
 *   (IEEE 1516-2010: each attribute's regions are matched separately).
 * ddm_route_interaction: an interaction with send condition `cond` sent
 *   with regions `reg[0..m)` (m = 0: the default region).
 * ddm_route_instance: 1 when `s` wants instance `obj` as registered
 *   (its condition and every region associated with it): discovery.
 * ddm_route_instances: the same for every route r[0..n) at once, in
 *   want[0..n): one match of the instance, not one per route.
 * Each returns the number of routes that do not want it.
 * ddm_update_plain: 1 when an update of `obj` with send condition `cond`
 *   is matched without regions or condition (ddm_route_update's answer
 *   then depends only on the attributes and the routes).
 */
size_t ddm_route_update(struct federation *fx, uint32_t obj,
    const uint32_t *attrs, uint32_t n_attrs, const char *cond,
    const struct dm_sub *r, size_t n, uint8_t *want, uint8_t *want_attr);
int ddm_update_plain(struct federation *fx, uint32_t obj, const char *cond);
/* A hint: ddm_update_plain of `obj` follows soon (its record is fetched
 * into the cache meanwhile). */
void ddm_update_prefetch(struct federation *fx, uint32_t obj);
size_t ddm_route_interaction(struct federation *fx, const char *cond,
    const uint32_t *reg, uint32_t m, const struct dm_sub *r, size_t n,
    uint8_t *want);
int ddm_route_instance(struct federation *fx, const struct dm_sub *s,
    uint32_t obj);
size_t ddm_route_instances(struct federation *fx, uint32_t obj,
    const struct dm_sub *r, size_t n, uint8_t *want);
/*
 * The routes r[0..n) of a bundle's class, prepared for every instance's
 * ddm_route_update (until ddm_route_end, before the routes change): an
 * instance then costs what its filters match, not a pass over every
 * route.  0, or -1 (ENOMEM: each update is matched as without).
 * ddm_route_base: the row of the routes that want every instance (their
 *   class has no filter), or NULL when none is filtered (every route
 *   wants everything);
 * ddm_route_hits: the other routes the last ddm_route_update wanted (its
 *   want row is the base row and these), *n of them; NULL when they are
 *   not known (not prepared, or out of memory): read the row.
 */
int ddm_route_begin(struct federation *fx, const struct dm_sub *r, size_t n);
void ddm_route_end(struct federation *fx);
const uint8_t *ddm_route_base(struct federation *fx);
const uint32_t *ddm_route_hits(struct federation *fx, size_t *n);

/*
 * Services OM carries out with regions (om_ddm.c).
 * ddm_region_check: may `f` use region `h` with class `cls` of kind
 *   `kind` (DDM_*) and, for object classes, attributes attrs[0..n) (wire
 *   u32s)?  RTI_OK or the error with `msg` filled.
 * ddm_region_ranges: the ranges of region `h` as *q (none when `h` does
 *   not exist); they stay valid until the region changes.
 * ddm_instance_set: instance `obj` gets send condition `cond` (at most
 *   MATCH_MAX_COND bytes) and the associations as[0..n) (proto/ddmmodel.h,
 *   which it takes) in place of its own.  0, or -1 on ENOMEM (nothing
 *   changed, `as` not taken).
 * ddm_instance: DDM's record of instance `obj`, NULL when it has no
 *   condition or regions.
 * ddm_attr_overlaps: 1 when the update regions of attribute `a` of `in`
 *   (a ddm_instance record or NULL; none: the default region) overlap
 *   one of q[0..m).
 */
int ddm_region_check(struct federate *f, uint32_t h, int kind, uint32_t cls,
    const uint8_t *attrs, uint32_t n, char *msg, size_t len);
void ddm_region_ranges(struct federation *fx, uint32_t h,
    struct match_region *q);
int ddm_instance_set(struct federation *fx, uint32_t obj, const char *cond,
    struct ddm_assoc *as, uint32_t n);
const struct ddm_inst *ddm_instance(struct federation *fx, uint32_t obj);
/* The subscription conditions of `f` for class `cls` of `kind`:
 * (*conds)[0..n), n returned; 0 when it has none (it gets every update
 * or interaction of the class that its regions let through).  Valid
 * until the filter changes. */
uint32_t ddm_sub_conds(struct federate *f, int kind, uint32_t cls,
    const char *const **conds);
int ddm_attr_overlaps(struct federation *fx, const struct ddm_inst *in,
    uint32_t a, const struct match_region *q, uint32_t m);
/* May `f` send interaction class `cls` with regions reg[0..m)?  RTI_OK or
 * the error with `msg` filled. */
int ddm_check_send_regions(struct federate *f, uint32_t cls,
    const uint32_t *reg, uint32_t m, char *msg, size_t len);
/* Does a federate other than `owner` want attribute `attr` of instance
 * `obj` of registered class `cls`: subscribed to it, with a filter
 * matching the instance's condition and the update regions of that
 * attribute?  Asked by OM for turn updates on/off; DDM raises
 * relevance_stale (server.h) when filters, instance conditions or
 * regions change. */
int ddm_attr_relevant(struct federation *fx, uint32_t cls, uint32_t obj,
    uint32_t attr, uint32_t owner);

#endif
