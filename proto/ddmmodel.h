/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddmmodel.h - the DDM model both sides keep (shared by rtiexec and
 * librti via libproto.la; never installed): regions by handle, and per
 * instance its send condition and region associations (IEEE 1516-2010
 * clause 9: the update regions of each attribute).  rtiexec keeps every
 * federate's, each librti its own federate's; what a side does with them
 * (subscription filters and acknowledgements in rtiexec, the replica of
 * the others' subscriptions in librti) stays on that side.  Matching is
 * proto/match.h's.
 */
#ifndef RTI_DDMMODEL_H
#define RTI_DDMMODEL_H

#include <stddef.h>
#include <stdint.h>

#include "idmap.h"
#include "match.h"

/* A region handle is (creator federate << 16) | creator's counter. */
#define DDM_REGION_OWNER(h) ((h) >> 16)

struct ddm_region {
	struct idmap_node node;
	uint32_t handle;
	uint32_t n;
	struct match_range *r;    /* by dimension (match_region_sort) */
};

/* Region `region` is an update region of the attributes in `attrs`. */
struct ddm_assoc {
	uint32_t region;
	uint64_t *attrs;          /* attribute set, ddm_model.words words */
};

/* An instance given a send condition or update regions. */
/* Attributes of an update whose source-filter answer an instance keeps. */
#define DDM_INST_MEMO_ATTRS 4

struct ddm_inst {
	struct idmap_node node;
	uint32_t obj;
	char cond[MATCH_MAX_COND + 1];  /* "" = none */
	struct ddm_assoc *assoc;
	uint32_t n_assoc;
	/* librti's source filter (ddm_filter.c): its last answer for an
	 * update of memo_attrs[0..memo_n) at class memo_cls with this
	 * record's condition and no regions, while its replica is at
	 * memo_applied; memo_n 0: none.  ddm_inst_set clears it. */
	uint32_t memo_applied, memo_cls;
	uint8_t memo_n, memo_w;
	uint32_t memo_attrs[DDM_INST_MEMO_ATTRS];
};

struct ddm_model {
	size_t words;             /* of attribute sets (bset_words) */
	struct idmap regions;     /* ddm_region by handle */
	struct idmap insts;       /* ddm_inst by instance handle */
	struct match_region *q;   /* ddm_update_regions, ddm_regions_query */
	size_t cap_q;
};

/* 0, or -1 on ENOMEM (ddm_model_fini is still safe).  Fini frees every
 * region and instance record. */
int ddm_model_init(struct ddm_model *m, size_t words);
void ddm_model_fini(struct ddm_model *m);

static inline struct ddm_region *
ddm_region_find(const struct ddm_model *m, uint32_t h)
{
	struct idmap_node *n = IDMAP_GET(&m->regions, h, struct ddm_region,
	    node, handle);

	return n ? IDMAP_ENTRY(n, struct ddm_region, node) : NULL;
}

/* Give region `h` (created if new) the ranges r[0..n), sorted, which it
 * takes.  The region, or NULL on ENOMEM (`r` not taken). */
struct ddm_region *ddm_region_set(struct ddm_model *m, uint32_t h,
    struct match_range *r, uint32_t n);
void ddm_region_del(struct ddm_model *m, struct ddm_region *g);
/* The next region of a walk (idmap.h): removing the one returned is
 * allowed. */
struct ddm_region *ddm_region_next(const struct ddm_model *m,
    struct idmap_iter *it);

static inline struct ddm_inst *
ddm_inst_find(const struct ddm_model *m, uint32_t obj)
{
	struct idmap_node *n = IDMAP_GET(&m->insts, obj, struct ddm_inst, node,
	    obj);

	return n ? IDMAP_ENTRY(n, struct ddm_inst, node) : NULL;
}

/* Give instance `obj` (a record created if new) send condition `cond`
 * (NULL: none; at most MATCH_MAX_COND bytes; may be the record's own)
 * and associations as[0..n), which it takes, in place of its own.  The
 * record, or NULL on ENOMEM (nothing changed, `as` not taken). */
struct ddm_inst *ddm_inst_set(struct ddm_model *m, uint32_t obj,
    const char *cond, struct ddm_assoc *as, uint32_t n);
/* Drop the associations of `in` (its condition stays). */
void ddm_inst_clear(struct ddm_inst *in);
/* Remove and free the record of `obj`, if any. */
void ddm_inst_del(struct ddm_model *m, uint32_t obj);
struct ddm_inst *ddm_inst_next(const struct ddm_model *m,
    struct idmap_iter *it);

/* A copy of the associations of `in` (NULL: none), with room for `extra`
 * more, zeroed; *n is set to the number copied.  NULL on ENOMEM. */
struct ddm_assoc *ddm_assoc_copy(const struct ddm_model *m,
    const struct ddm_inst *in, size_t extra, uint32_t *n);
void ddm_assoc_free(struct ddm_assoc *as, uint32_t n);
/* 1 when an instance has region `h` among its update regions. */
int ddm_assoc_uses(const struct ddm_model *m, uint32_t h);

/* Have attributes a and b of `in` the same update regions? */
int ddm_same_regions(const struct ddm_model *m, const struct ddm_inst *in,
    uint32_t a, uint32_t b);
/*
 * The send extent of an update of attrs[0..n) of `in` (NULL: no record),
 * into m->q: the regions associated with any of them, or none (the
 * default region) when one of them has none; with `all`, every region of
 * `in` whatever `attrs`.  The number of regions, -1 on ENOMEM.
 */
long ddm_update_regions(struct ddm_model *m, const struct ddm_inst *in,
    const uint32_t *attrs, uint32_t n, int all);
/* The regions of handles h[0..n) that exist, into m->q.  Their number,
 * -1 on ENOMEM. */
long ddm_regions_query(struct ddm_model *m, const uint32_t *h, uint32_t n);

#endif
