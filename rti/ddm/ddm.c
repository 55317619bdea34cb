/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm.c - data distribution management and filter conditions: regions,
 * subscription filters (conditions and regions) kept as per-class match
 * sets (proto/match.h: one engine for both), the instance send extents,
 * exact per-subscriber matching for routing, and the subscription tables
 * replicated to every federate for source-side filtering.
 *
 *
 * The replica pushes, held replies and acknowledgements are ddm_replica.c;
 * exact matching for routing and relevance is ddm_route.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "ddm_int.h"
#include "dm.h"

/* ---- regions and instances (proto/ddmmodel.h) ---- */

/* The instance_removed event: `obj`'s regions and condition go. */
static void
ddm_instance_gone(struct federation *fx, uint32_t obj)
{
	struct ddm_fx *st = fxst(fx);

	if (st)
		ddm_inst_del(&st->mdl, obj);
}

/* ---- filters and match sets ---- */

static void
filter_clear(struct ddm_filter *fl)
{
	uint32_t i;

	for (i = 0; i < fl->n_conds; i++)
		free(fl->conds[i]);
	for (i = 0; fl->rattrs && i < fl->n_regions; i++)
		free(fl->rattrs[i]);
	free(fl->conds);
	free(fl->regions);
	free(fl->rattrs);
	fl->conds = NULL;
	fl->regions = NULL;
	fl->rattrs = NULL;
	fl->n_conds = fl->n_regions = 0;
	fl->plain = 0;
}

/* Rebuild `f`'s entries in the match set of (kind, cls) from its filter:
 * (plain ? {empty region} : {}) + its regions, crossed with its
 * conditions.  0, or -1 on ENOMEM (the entries may then be incomplete). */
int
ddm_rebuild(struct federate *f, int kind, uint32_t cls)
{
	struct ddm_fx *st = fxst(f->fx);
	struct ddm_filter *fl = filter_of(f, kind, cls);
	struct match_set *s = st->set[kind][cls];
	uint32_t i, j, nc;
	int rc = 0, every;

	if (!s) {
		s = st->set[kind][cls] = match_set_new();
		if (!s)
			return -1;
	}
	match_set_remove_owner(s, f->handle);
	st->n_narrow -= fl->narrow;
	fl->narrow = 0;
	if (kind == DDM_OBJECT && fl->rattrs) {
		const uint64_t *sub = dm_subscribed(f, cls, NULL);
		size_t w;

		for (i = 0; sub && i < fl->n_regions && !fl->narrow; i++)
			for (w = 0; w < st->words && !fl->narrow; w++)
				fl->narrow = (sub[w] & ~fl->rattrs[i][w]) != 0;
	}
	st->n_narrow += fl->narrow;
	every = fl->plain && fl->n_conds == 0;
	if (fl->counted != (uint8_t)!every) {
		if (every)
			st->n_filtered[kind][cls]--;
		else
			st->n_filtered[kind][cls]++;
		fl->counted = (uint8_t)!every;
	}
	nc = fl->n_conds ? fl->n_conds : 1;
	for (j = 0; j < nc; j++) {
		const char *c = fl->n_conds ? fl->conds[j] : NULL;

		if (fl->plain)
			rc |= match_set_add(s, f->handle, NULL, 0, c);
		for (i = 0; i < fl->n_regions; i++) {
			struct ddm_region *g = ddm_region_find(&st->mdl,
			    fl->regions[i]);

			if (g)
				rc |= match_set_add_tag(s, f->handle, i + 1,
				    g->r, g->n, c);
		}
	}
	return rc ? -1 : 0;
}

static int
class_ok(struct federation *fx, int kind, uint32_t cls)
{
	return kind == DDM_OBJECT ? fom_oclass(fx->fom, cls) != NULL :
	    kind == DDM_INTERACTION && fom_iclass(fx->fom, cls) != NULL;
}

static int
has_dim(const uint32_t *dims, uint32_t n, uint32_t d)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (dims[i] == d)
			return 1;
	return 0;
}

int
ddm_region_check(struct federate *f, uint32_t h, int kind, uint32_t cls,
    const uint8_t *attrs, uint32_t n, char *msg, size_t len)
{
	struct federation *fx = f->fx;
	struct ddm_region *g = ddm_region_find(&fxst(fx)->mdl, h);
	uint32_t i, k;

	if (!g) {
		snprintf(msg, len, "region %u does not exist", h);
		return REGION_OWNER(h) != f->handle && REGION_OWNER(h) ?
		    RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE :
		    RTI_ERR_INVALID_REGION;
	}
	if (REGION_OWNER(h) != f->handle) {
		snprintf(msg, len, "region %u was created by federate %u", h,
		    REGION_OWNER(h));
		return RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE;
	}
	for (k = 0; k < g->n; k++) {
		if (kind == DDM_INTERACTION) {
			const struct fom_iclass *ic = fom_iclass(fx->fom, cls);

			if (!has_dim(ic->dims, ic->n_dims, g->r[k].dim)) {
				snprintf(msg, len, "dimension %u is not "
				    "available for %s", g->r[k].dim,
				    ic->qname);
				return RTI_ERR_INVALID_REGION_CONTEXT;
			}
			continue;
		}
		for (i = 0; i < n; i++) {
			const struct fom_attribute *a = fom_attr(fx->fom,
			    wire_get32(attrs + 4 * i));

			if (!a || !has_dim(a->dims, a->n_dims, g->r[k].dim)) {
				snprintf(msg, len, "dimension %u is not "
				    "available for attribute %u", g->r[k].dim,
				    wire_get32(attrs + 4 * i));
				return RTI_ERR_INVALID_REGION_CONTEXT;
			}
		}
	}
	return RTI_OK;
}

int
ddm_check_send_regions(struct federate *f, uint32_t cls, const uint32_t *reg,
    uint32_t m, char *msg, size_t len)
{
	uint32_t i;
	int rc;

	for (i = 0; i < m; i++) {
		rc = ddm_region_check(f, reg[i], DDM_INTERACTION, cls, NULL, 0,
		    msg, len);
		if (rc != RTI_OK)
			return rc;
	}
	return RTI_OK;
}

/* Is region `h` used by a subscription or an instance association? */
static int
region_in_use(struct federate *f, uint32_t h)
{
	struct ddm_fx *st = fxst(f->fx);
	struct ddm_fed *df = fst(f);
	uint32_t k, c, i;

	for (k = 0; k < 2; k++)
		for (c = 1; c <= st->n_cls[k]; c++)
			for (i = 0; i < df->flt[k][c].n_regions; i++)
				if (df->flt[k][c].regions[i] == h)
					return 1;
	return ddm_assoc_uses(&st->mdl, h);
}

/* Region `h` changed: the relevance of the instances it is an update
 * region of. */
static void
inst_region_moved(struct federation *fx, uint32_t h)
{
	struct ddm_fx *st = fxst(fx);
	struct idmap_iter it;
	struct ddm_inst *in;
	uint32_t i;

	idmap_iter_init(&st->mdl.insts, &it);
	while ((in = ddm_inst_next(&st->mdl, &it)))
		for (i = 0; i < in->n_assoc; i++)
			if (in->assoc[i].region == h) {
				server_relevance_stale(fx, 0, in->obj);
				break;
			}
}

static int
h_region_set(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	struct ddm_fed *df = fst(f);
	uint32_t h = wire_get_u32(rd), n = wire_get_count(rd, 20), i, k, cl;
	struct match_range *r;
	int created;

	if (rd->err || n > 16)
		return -1;
	r = calloc(n ? n : 1, sizeof *r);
	if (!r)
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	for (i = 0; i < n; i++) {
		r[i].dim = wire_get_u32(rd);
		r[i].lo = wire_get_u64(rd);
		r[i].hi = wire_get_u64(rd);
	}
	if (!wire_rd_done(rd)) {
		free(r);
		return -1;
	}
	if (REGION_OWNER(h) != f->handle || (h & 0xffff) == 0) {
		free(r);
		return conn_replyf(c, serial, REGION_OWNER(h) != f->handle ?
		    RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE :
		    RTI_ERR_INVALID_REGION, "region %u", h), 0;
	}
	for (i = 0; i < n; i++) {
		const struct fom_dimension *d = fom_dim(fx->fom, r[i].dim);
		uint64_t ub = d && d->upper_bound ? d->upper_bound :
		    UINT64_C(4294967295);

		if (!d || r[i].dim == MATCH_DIM_COND) {
			conn_replyf(c, serial,
			    RTI_ERR_INVALID_DIMENSION_HANDLE,
			    "dimension %u is not defined", r[i].dim);
			free(r);
			return 0;
		}
		if (r[i].lo >= r[i].hi || r[i].hi > ub) {
			conn_replyf(c, serial, RTI_ERR_INVALID_RANGE_BOUND,
			    "range [%llu, %llu) of dimension %s (upper bound "
			    "%llu)", (unsigned long long)r[i].lo,
			    (unsigned long long)r[i].hi, d->name,
			    (unsigned long long)ub);
			free(r);
			return 0;
		}
	}
	if (match_region_sort(r, n) < 0) {
		free(r);
		return conn_replyf(c, serial, RTI_ERR_INVALID_DIMENSION_HANDLE,
		    "a dimension is given twice"), 0;
	}
	created = !ddm_region_find(&st->mdl, h);
	if (!ddm_region_set(&st->mdl, h, r, n)) {
		free(r);
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	}
	if (created)
		df->had_regions = 1;
	for (k = 0; k < 2; k++)
		for (cl = 1; cl <= st->n_cls[k]; cl++)
			for (i = 0; i < df->flt[k][cl].n_regions; i++)
				if (df->flt[k][cl].regions[i] == h) {
					ddm_changed(f, (int)k, cl);
					break;
				}
	inst_region_moved(fx, h);
	ddm_reply(c, serial, RTI_OK);
	return 0;
}

static int
h_region_delete(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct ddm_fx *st = fxst(conn_fed(c)->fx);
	uint32_t h = wire_get_u32(rd);
	struct ddm_region *g;
	char msg[160];
	int rc;

	if (!wire_rd_done(rd))
		return -1;
	g = ddm_region_find(&st->mdl, h);
	rc = ddm_region_check(conn_fed(c), h, DDM_OBJECT, 0, NULL, 0, msg,
	    sizeof msg);
	if (rc != RTI_OK)
		return conn_reply(c, serial, rc, msg, NULL, 0), 0;
	if (region_in_use(conn_fed(c), h))
		return conn_replyf(c, serial,
		    RTI_ERR_REGION_IN_USE_FOR_UPDATE_OR_SUBSCRIPTION,
		    "region %u is in use", h), 0;
	ddm_region_del(&st->mdl, g);
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static int
h_subscribe(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	uint8_t kind = wire_get_u8(rd);
	uint32_t cls = wire_get_u32(rd), n, m, i, j;
	uint8_t active = wire_get_u8(rd);
	const uint8_t *attrs, *regs;
	struct ddm_filter *fl;
	uint64_t *set = NULL, **ra, *fresh[64];
	uint32_t *nr;
	char msg[160];
	int rc, subscribed;

	n = wire_get_count(rd, 4);
	attrs = wire_get_raw(rd, (size_t)n * 4);
	m = wire_get_count(rd, 4);
	regs = wire_get_raw(rd, (size_t)m * 4);
	if (!wire_rd_done(rd) || kind > DDM_INTERACTION)
		return -1;
	if (!class_ok(fx, kind, cls))
		return conn_replyf(c, serial, kind == DDM_OBJECT ?
		    RTI_ERR_OBJECT_CLASS_NOT_DEFINED :
		    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "class %u is not defined", cls), 0;
	for (i = 0; kind == DDM_OBJECT && i < n; i++)
		if (!fom_oclass_has_attr(fx->fom, cls, wire_get32(attrs +
		    4 * i)))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_DEFINED, "attribute %u is "
			    "not an attribute of %s",
			    wire_get32(attrs + 4 * i),
			    fom_oclass(fx->fom, cls)->qname), 0;
	for (i = 0; i < m; i++) {
		rc = ddm_region_check(f, wire_get32(regs + 4 * i), kind, cls,
		    attrs, n, msg, sizeof msg);
		if (rc != RTI_OK)
			return conn_reply(c, serial, rc, msg, NULL, 0), 0;
	}
	if (kind == DDM_OBJECT) {
		set = calloc(st->words, sizeof *set);
		if (!set)
			return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL,
			    NULL, 0), 0;
		for (i = 0; i < n; i++)
			bset_add(set, wire_get32(attrs + 4 * i));
	}
	fl = filter_of(f, kind, cls);
	if (fl->n_regions + m > 64) {
		free(set);
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 regions on one subscription"), 0;
	}
	nr = realloc(fl->regions, (fl->n_regions + m + 1) * sizeof *nr);
	if (nr)
		fl->regions = nr;
	ra = nr ? realloc(fl->rattrs, (fl->n_regions + m + 1) * sizeof *ra) :
	    NULL;
	if (ra)
		fl->rattrs = ra;
	for (i = 0; ra && set && i < m; i++)
		if (!(fresh[i] = calloc(st->words, sizeof **fresh)))
			ra = NULL;
	if (!ra) {
		while (i-- > 0)
			free(fresh[i]);
		free(set);
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	}
	subscribed = kind == DDM_OBJECT ? dm_subscribed(f, cls, NULL) != NULL :
	    dm_iclass_subscribed(f, cls) != 0;
	if (!subscribed)
		fl->plain = 0;
	for (i = 0; i < m; i++) {
		uint32_t h = wire_get32(regs + 4 * i);
		size_t w;

		for (j = 0; j < fl->n_regions && fl->regions[j] != h; j++)
			;
		if (j == fl->n_regions) {
			fl->rattrs[fl->n_regions] = set ? fresh[i] : NULL;
			fresh[i] = NULL;
			fl->regions[fl->n_regions++] = h;
		}
		for (w = 0; set && w < st->words; w++)
			fl->rattrs[j][w] |= set[w];
		if (set)
			free(fresh[i]);
	}
	(void)ddm_rebuild(f, kind, cls);
	rc = kind == DDM_OBJECT ? (n ? dm_subscribe_oc(f, cls, set, active) :
	    0) : dm_subscribe_ic(f, cls, active);
	free(set);
	ddm_changed(f, kind, cls);
	ddm_reply(c, serial, rc < 0 ? RTI_ERR_NO_MEMORY : RTI_OK);
	return 0;
}

static int
h_unsubscribe(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	uint8_t kind = wire_get_u8(rd);
	uint32_t cls = wire_get_u32(rd), m, i, j, k;
	const uint8_t *regs;
	struct ddm_filter *fl;
	char msg[160];
	int rc;

	m = wire_get_count(rd, 4);
	regs = wire_get_raw(rd, (size_t)m * 4);
	if (!wire_rd_done(rd) || kind > DDM_INTERACTION)
		return -1;
	if (!class_ok(fx, kind, cls))
		return conn_replyf(c, serial, kind == DDM_OBJECT ?
		    RTI_ERR_OBJECT_CLASS_NOT_DEFINED :
		    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "class %u is not defined", cls), 0;
	for (i = 0; i < m; i++) {
		rc = ddm_region_check(f, wire_get32(regs + 4 * i), DDM_OBJECT,
		    0, NULL, 0, msg, sizeof msg);
		if (rc != RTI_OK)
			return conn_reply(c, serial, rc, msg, NULL, 0), 0;
	}
	fl = filter_of(f, kind, cls);
	for (i = 0; i < m; i++) {
		uint32_t h = wire_get32(regs + 4 * i);

		for (j = k = 0; j < fl->n_regions; j++) {
			if (fl->regions[j] == h) {
				if (fl->rattrs)
					free(fl->rattrs[j]);
				continue;
			}
			if (fl->rattrs)
				fl->rattrs[k] = fl->rattrs[j];
			fl->regions[k++] = fl->regions[j];
		}
		fl->n_regions = k;
	}
	(void)ddm_rebuild(f, kind, cls);
	if (!fl->plain && fl->n_regions == 0)
		dm_unsubscribe(f, kind, cls);
	ddm_changed(f, kind, cls);
	ddm_fence_clear(fxst(fx));
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static int
h_condition(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	const char *why;
	struct federate *f = conn_fed(c);
	uint8_t kind = wire_get_u8(rd);
	uint32_t cls = wire_get_u32(rd), i;
	uint8_t add = wire_get_u8(rd);
	const char *cond = wire_get_str(rd, WIRE_MAX_NAME);
	struct ddm_filter *fl;

	if (!wire_rd_done(rd) || kind > DDM_INTERACTION)
		return -1;
	if (!class_ok(f->fx, kind, cls))
		return conn_replyf(c, serial, kind == DDM_OBJECT ?
		    RTI_ERR_OBJECT_CLASS_NOT_DEFINED :
		    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "class %u is not defined", cls), 0;
	if (match_cond_check(cond, 1, &why) < 0)
		return conn_replyf(c, serial, RTI_ERR_INVALID_CONDITION,
		    "condition '%.80s': %s", cond, why), 0;
	fl = filter_of(f, kind, cls);
	for (i = 0; i < fl->n_conds && strcmp(fl->conds[i], cond); i++)
		;
	if (add && i == fl->n_conds && fl->n_conds >= 64)
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 conditions on one subscription"), 0;
	if (add && i == fl->n_conds) {
		char **nc = realloc(fl->conds, (fl->n_conds + 1) *
		    sizeof *nc);

		if (!nc || !(nc[fl->n_conds] = strdup(cond))) {
			if (nc)
				fl->conds = nc;
			return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL,
			    NULL, 0), 0;
		}
		fl->conds = nc;
		fl->n_conds++;
	} else if (!add && i < fl->n_conds) {
		free(fl->conds[i]);
		fl->conds[i] = fl->conds[--fl->n_conds];
	}
	ddm_changed(f, kind, cls);
	ddm_reply(c, serial, RTI_OK);
	return 0;
}

/*
 * Replace the conditions of one subscription in one step: every condition
 * is checked first and the new list built aside, so a refusal leaves the
 * old list, and no subscriber is ever unconditional in between (as it is
 * between removing the last condition and adding the next).
 */
static int
h_conditions_set(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	uint8_t kind = wire_get_u8(rd);
	uint32_t cls = wire_get_u32(rd), n = wire_get_u32(rd), i, j, k = 0;
	const char *cond[64], *why;
	struct ddm_filter *fl;
	char **nc = NULL;

	if (n > 64) {
		if (rd->err || kind > DDM_INTERACTION)
			return -1;
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 conditions on one subscription"), 0;
	}
	for (i = 0; i < n; i++)
		cond[i] = wire_get_str(rd, WIRE_MAX_NAME);
	if (!wire_rd_done(rd) || kind > DDM_INTERACTION)
		return -1;
	if (!class_ok(f->fx, kind, cls))
		return conn_replyf(c, serial, kind == DDM_OBJECT ?
		    RTI_ERR_OBJECT_CLASS_NOT_DEFINED :
		    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "class %u is not defined", cls), 0;
	for (i = 0; i < n; i++)
		if (match_cond_check(cond[i], 1, &why) < 0)
			return conn_replyf(c, serial,
			    RTI_ERR_INVALID_CONDITION, "condition '%.80s': %s",
			    cond[i], why), 0;
	if (n && !(nc = calloc(n, sizeof *nc)))
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL,
		    0), 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < k && strcmp(nc[j], cond[i]); j++)
			;
		if (j < k)
			continue;
		if (!(nc[k] = strdup(cond[i]))) {
			while (k)
				free(nc[--k]);
			free(nc);
			return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL,
			    NULL, 0), 0;
		}
		k++;
	}
	fl = filter_of(f, kind, cls);
	for (i = 0; i < fl->n_conds; i++)
		free(fl->conds[i]);
	free(fl->conds);
	fl->conds = nc;
	fl->n_conds = k;
	ddm_changed(f, kind, cls);
	ddm_reply(c, serial, RTI_OK);
	return 0;
}

/* Do the update regions of attribute `a` of `in` (none: the default
 * region) overlap one of q[0..m)? */
int
ddm_attr_overlaps(struct federation *fx, const struct ddm_inst *in,
    uint32_t a, const struct match_region *q, uint32_t m)
{
	struct ddm_fx *st = fxst(fx);
	uint32_t i, k, assoc = 0;

	for (i = 0; in && i < in->n_assoc; i++) {
		struct ddm_region *g;
		struct match_region r;

		if (!bset_has(in->assoc[i].attrs, st->words, a))
			continue;
		assoc = 1;
		if (!(g = ddm_region_find(&st->mdl, in->assoc[i].region)))
			continue;
		r.n = g->n;
		r.r = g->r;
		for (k = 0; k < m; k++)
			if (match_region_overlap(&r, &q[k]))
				return 1;
	}
	return !assoc;
}

const struct ddm_inst *
ddm_instance(struct federation *fx, uint32_t obj)
{
	return ddm_inst_find(&fxst(fx)->mdl, obj);
}

uint32_t
ddm_sub_conds(struct federate *f, int kind, uint32_t cls,
    const char *const **conds)
{
	const struct ddm_filter *fl = filter_of(f, kind, cls);

	*conds = fl ? (const char *const *)fl->conds : NULL;
	return fl ? fl->n_conds : 0;
}

int
ddm_instance_set(struct federation *fx, uint32_t obj, const char *cond,
    struct ddm_assoc *as, uint32_t n)
{
	return ddm_inst_set(&fxst(fx)->mdl, obj, cond, as, n) ? 0 : -1;
}

void
ddm_region_ranges(struct federation *fx, uint32_t h, struct match_region *q)
{
	struct ddm_region *g = ddm_region_find(&fxst(fx)->mdl, h);

	q->n = g ? g->n : 0;
	q->r = g ? g->r : NULL;
}

static int
h_stats(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	const struct rti_stats *s = server_stats(conn_srv(c));
	struct wire_buf b;

	if (!wire_rd_done(rd))
		return -1;
	wire_buf_init(&b);
	wire_put_u64(&b, s->routed);
	wire_put_u64(&b, s->filtered);
	wire_put_u64(&b, s->frames_in);
	wire_put_u64(&b, s->frames_out);
	wire_put_u64(&b, s->bytes_in);
	wire_put_u64(&b, s->bytes_out);
	wire_put_u64(&b, s->slow_consumers_dropped);
	conn_reply(c, serial, b.oom ? RTI_ERR_NO_MEMORY : RTI_OK, NULL,
	    b.data, b.len);
	wire_buf_free(&b);
	return 0;
}

/* ---- module hooks ---- */

static int
ddm_federation_init(struct federation *fx)
{
	struct ddm_fx *st = calloc(1, sizeof *st);
	int k;

	if (!st)
		return -1;
	fx->mod[MOD_DDM] = st;
	st->n_cls[DDM_OBJECT] = fx->fom->n_oclasses;
	st->n_cls[DDM_INTERACTION] = fx->fom->n_iclasses;
	st->words = fx->attr_words;
	wire_buf_init(&st->out);
	for (k = 0; k < 2; k++) {
		st->set[k] = calloc(st->n_cls[k] + 1, sizeof *st->set[k]);
		st->n_filtered[k] = calloc(st->n_cls[k] + 1,
		    sizeof *st->n_filtered[k]);
		st->hold[k] = calloc(st->n_cls[k] + 1, sizeof *st->hold[k]);
		if (!st->set[k] || !st->n_filtered[k] || !st->hold[k])
			return -1;
	}
	return ddm_model_init(&st->mdl, st->words);
}

static void
ddm_federation_fini(struct federation *fx)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_wait *w;
	uint32_t k, c;

	if (!st)
		return;
	for (k = 0; k < 2; k++) {
		for (c = 0; st->set[k] && c <= st->n_cls[k]; c++)
			match_set_free(st->set[k][c]);
		for (c = 0; st->hold[k] && c <= st->n_cls[k]; c++)
			free(st->hold[k][c].f);
		free(st->set[k]);
		free(st->n_filtered[k]);
		free(st->hold[k]);
	}
	free(st->dirty);
	free(st->holders);
	ddm_model_fini(&st->mdl);
	free(st->stamp);
	free(st->stamp_cls);
	free(st->ks);
	free(st->prep.base);
	free(st->prep.slot);
	free(st->prep.marked);
	free(st->prep.hits);
	free(st->cand);
	free(st->cwant);
	while ((w = st->waits)) {
		st->waits = w->next;
		ddm_wait_free(w);
	}
	free(st->fence);
	if (st->gone_ev)
		event_free(st->gone_ev);
	free(st->gone);
	wire_buf_free(&st->out);
	free(st);
	fx->mod[MOD_DDM] = NULL;
}

static void
ddm_federate_fini(struct federate *f)
{
	struct ddm_fed *df = fst(f);
	struct ddm_fx *st = fxst(f->fx);
	uint32_t k, c;

	if (!df)
		return;
	for (k = 0; k < 2; k++) {
		for (c = 0; df->flt[k] && c <= st->n_cls[k]; c++)
			filter_clear(&df->flt[k][c]);
		free(df->flt[k]);
		free(df->holds[k]);
	}
	free(df);
	f->mod[MOD_DDM] = NULL;
}

/* Non-default entry: something to replicate. */
int
ddm_entry_set(struct federate *g, int kind, uint32_t cls)
{
	struct ddm_filter *fl = filter_of(g, kind, cls);

	return fl->plain || fl->n_conds || fl->n_regions ||
	    (kind == DDM_OBJECT ? dm_subscribed(g, cls, NULL) != NULL :
	    dm_iclass_subscribed(g, cls) != 0);
}

static int
ddm_federate_join(struct federate *f)
{
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	struct ddm_fed *df = calloc(1, sizeof *df);
	uint32_t k;

	if (!df)
		return -1;
	f->mod[MOD_DDM] = df;
	df->gone_at = st->n_gone;  /* it never held their entries */
	for (k = 0; k < 2; k++) {
		df->flt[k] = calloc(st->n_cls[k] + 1, sizeof *df->flt[k]);
		if (!df->flt[k]) {
			ddm_federate_fini(f);
			return -1;
		}
	}
	/* its replica starts empty: it holds the entries of a class from
	 * its first publish of it (ddm_published) */
	return 0;
}

static void
ddm_federate_resign(struct federate *f, int action)
{
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	struct ddm_fed *df = fst(f);
	struct ddm_region *g;
	struct ddm_inst *in;
	struct ddm_wait **pp, *w;
	struct idmap_iter it;
	uint32_t k, c, i;

	(void)action;
	if (!df)
		return;
	for (pp = &st->waits; (w = *pp);)
		if (w->fed == f->handle) {
			*pp = w->next;
			ddm_wait_free(w);
		} else {
			pp = &w->next;
		}
	if (st->fence_fed == f->handle)
		ddm_fence_clear(st);
	df->lagging = 1;
	ddm_waits_forget(fx, f);
	ddm_replica_forget(f);
	for (k = 0; k < 2; k++)
		for (c = 1; c <= st->n_cls[k]; c++) {
			struct ddm_filter *fl = &df->flt[k][c];

			if (st->set[k][c])
				match_set_remove_owner(st->set[k][c],
				    f->handle);
			if (fl->counted)
				st->n_filtered[k][c]--;
			fl->counted = 0;
			st->n_narrow -= fl->narrow;
			fl->narrow = 0;
			filter_clear(fl);
		}
	/* only its own regions go: without any, nothing refers to them */
	idmap_iter_init(&st->mdl.insts, &it);
	while (df->had_regions && (in = ddm_inst_next(&st->mdl, &it)))
		for (i = 0; i < in->n_assoc; i++)
			if (REGION_OWNER(in->assoc[i].region) == f->handle) {
				ddm_inst_clear(in);
				break;
			}
	idmap_iter_init(&st->mdl.regions, &it);
	while (df->had_regions && (g = ddm_region_next(&st->mdl, &it)))
		if (REGION_OWNER(g->handle) == f->handle)
			ddm_region_del(&st->mdl, g);
	if (df->replicated && ddm_gone_add(fx, f->handle) < 0)
		rti_log(fx->srv, LOG_ERROR, "out of memory announcing that "
		    "federate %u left; the others' replicas keep its "
		    "entries", f->handle);
	ddm_waits_check(fx);
}

static const struct msg_handler ddm_handlers[] = {
	{ WIRE_DDM_REGION_SET, 1, 1, h_region_set },
	{ WIRE_DDM_REGION_DELETE, 1, 1, h_region_delete },
	{ WIRE_DDM_SUBSCRIBE, 1, 1, h_subscribe },
	{ WIRE_DDM_UNSUBSCRIBE, 1, 1, h_unsubscribe },
	{ WIRE_DDM_CONDITION, 1, 1, h_condition },
	{ WIRE_DDM_CONDITIONS_SET, 1, 1, h_conditions_set },
	{ WIRE_DDM_STATS, 1, 0, h_stats },
	{ WIRE_DDM_ACK, 0, 1, ddm_h_ack },
	{ 0, 0, 0, NULL }
};

/* The fom_grown event: the match sets and filter counts of the
 * federation and every federate's filters, extended with empty entries
 * (nothing subscribed there yet, so no replica entry to push). */
static int
ddm_fom_grown(struct federation *fx, const struct fom_sizes *was)
{
	struct ddm_fx *st = fxst(fx);
	uint32_t n[2], was_n[2], i;
	int k;

	(void)was;
	n[DDM_OBJECT] = fx->fom->n_oclasses;
	n[DDM_INTERACTION] = fx->fom->n_iclasses;
	for (k = 0; k < 2; k++) {
		if (wire_grow_table(&st->set[k], st->n_cls[k], n[k],
		    sizeof *st->set[k]) ||
		    wire_grow_table(&st->n_filtered[k], st->n_cls[k], n[k],
		    sizeof *st->n_filtered[k]))
			return -1;
		for (i = 0; i < fx->n_feds; i++) {
			struct ddm_fed *df = fst(fx->feds[i]);

			if (df && wire_grow_table(&df->flt[k], st->n_cls[k],
			    n[k], sizeof *df->flt[k]))
				return -1;
		}
	}
	was_n[DDM_OBJECT] = st->n_cls[DDM_OBJECT];
	was_n[DDM_INTERACTION] = st->n_cls[DDM_INTERACTION];
	st->n_cls[DDM_OBJECT] = n[DDM_OBJECT];
	st->n_cls[DDM_INTERACTION] = n[DDM_INTERACTION];
	if (ddm_replica_grow(fx, was_n) < 0) {
		st->n_cls[DDM_OBJECT] = was_n[DDM_OBJECT];
		st->n_cls[DDM_INTERACTION] = was_n[DDM_INTERACTION];
		return -1;
	}
	return 0;
}

const struct module_ops ddm_module = {
	.name = "DDM",
	.save_state = ddm_save_state,
	.restore_stage = ddm_restore_stage,
	.restore_apply = ddm_restore_apply,
	.restore_discard = ddm_restore_discard,
	.restore_sync = ddm_restore_sync,
	.handlers = ddm_handlers,
	.federation_init = ddm_federation_init,
	.federation_fini = ddm_federation_fini,
	.federate_join = ddm_federate_join,
	.federate_resign = ddm_federate_resign,
	.federate_fini = ddm_federate_fini,
	.sub_changed = ddm_subscription_changed,
	.published = ddm_published,
	.reply_held = ddm_reply_held,
	.turn_end = ddm_turn_end,
	.instance_removed = ddm_instance_gone,
	.fom_grown = ddm_fom_grown,
};
