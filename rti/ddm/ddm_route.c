/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm_route.c - exact per-subscriber matching for routing: which routes'
 * filters (conditions and regions, per attribute) take an update, an
 * interaction or an instance, and attribute relevance for OM.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "ddm_int.h"
#include "dm.h"

/* Does entry `tag` of `owner` at class st->cur_k cover one of the
 * attributes matched (tag 0: a plain entry, every attribute)? */
static int
tag_covers(struct ddm_fx *st, uint32_t owner, uint32_t tag)
{
	struct federate *g;
	struct ddm_filter *fl;
	uint32_t a;

	if (!tag || st->cur_kind != DDM_OBJECT || !st->cur_n_attrs ||
	    !st->n_narrow)
		return 1;
	g = server_federate(st->cur_fx, owner);
	fl = g ? filter_of(g, st->cur_kind, st->cur_k) : NULL;
	if (!fl || tag > fl->n_regions || !fl->rattrs || !fl->rattrs[tag - 1])
		return 0;
	for (a = 0; a < st->cur_n_attrs; a++)
		if (bset_has(fl->rattrs[tag - 1], st->words, st->cur_attrs[a]))
			return 1;
	return 0;
}

static int
mark(uint32_t owner, uint32_t tag, void *arg)
{
	struct ddm_fx *st = arg;

	if (owner < st->cap_stamp && tag_covers(st, owner, tag)) {
		if (st->stamp[owner] != st->qgen && st->prep.on &&
		    !wire_grow((void **)&st->prep.marked, &st->prep.cap_marked,
		    st->prep.n_marked + 1, sizeof *st->prep.marked))
			st->prep.marked[st->prep.n_marked++] = owner;
		st->stamp[owner] = st->qgen;
		st->stamp_cls[owner] = st->cur_k;
	}
	return 0;
}

static uint32_t
depth_of(struct federation *fx, int kind, uint32_t k)
{
	return kind == DDM_OBJECT ? fom_oclass(fx->fom, k)->depth :
	    fom_iclass(fx->fom, k)->depth;
}

/* The distinct known classes of routes r[0..n) into st->ks, most general
 * first (a federate's most specific match wins); their number, with
 * *filtered set when one has a filter.  -1 on ENOMEM. */
static long
known_classes(struct federation *fx, int kind, const struct dm_sub *r,
    size_t n, int *filtered)
{
	struct ddm_fx *st = fxst(fx);
	size_t i, j, nk = 0;

	*filtered = 0;
	for (i = 0; i < n; i++) {
		uint32_t k = r[i].known;

		for (j = 0; j < nk && st->ks[j] != k; j++)
			;
		if (j < nk)
			continue;
		if (wire_grow((void **)&st->ks, &st->cap_ks, nk + 1,
		    sizeof *st->ks))
			return -1;
		st->ks[nk++] = k;
		*filtered |= st->n_filtered[kind][k] != 0;
	}
	for (i = 1; i < nk; i++)
		for (j = i; j > 0 && depth_of(fx, kind, st->ks[j - 1]) >
		    depth_of(fx, kind, st->ks[j]); j--) {
			uint32_t t = st->ks[j];

			st->ks[j] = st->ks[j - 1];
			st->ks[j - 1] = t;
		}
	return (long)nk;
}

/* Room in the stamps for every federate handle of `fx`.  0 or -1. */
static int
stamps_grow(struct federation *fx)
{
	struct ddm_fx *st = fxst(fx);
	size_t cap = fx->next_fed_handle + 1;
	uint32_t *a, *b2;

	if (cap <= st->cap_stamp)
		return 0;
	if (!(a = realloc(st->stamp, cap * sizeof *a)))
		return -1;
	st->stamp = a;
	if (!(b2 = realloc(st->stamp_cls, cap * sizeof *b2)))
		return -1;
	st->stamp_cls = b2;
	memset(st->stamp + st->cap_stamp, 0,
	    (cap - st->cap_stamp) * sizeof *st->stamp);
	st->cap_stamp = cap;
	return 0;
}

static void
query_all(struct ddm_fx *st, int kind, size_t nk, const char *cond,
    const struct match_region *q, uint32_t m)
{
	size_t j;
	uint32_t i;

	if (++st->qgen == 0) {
		memset(st->stamp, 0, st->cap_stamp * sizeof *st->stamp);
		st->qgen = 1;
	}
	for (j = 0; j < nk; j++) {
		st->cur_k = st->ks[j];
		if (!st->n_filtered[kind][st->cur_k])
			continue;
		if (m == 0)
			match_set_query_tag(st->set[kind][st->cur_k], NULL,
			    cond, mark, st);
		for (i = 0; i < m; i++)
			match_set_query_tag(st->set[kind][st->cur_k], &q[i],
			    cond, mark, st);
	}
}

/*
 * The routes of a bundle, prepared once for all its instances
 * (ddm_route_begin): their known classes, the row of the routes that
 * want everything (base: their class has no filter) and each route's
 * index by federate (slot).  An instance then costs its matches: its
 * row is the base row copied, and the matched owners (marked in a list
 * by mark) are set in it; the scans of every route per instance of
 * route_match below are gone.  check_filter's and check_ddm's bundle
 * tests and rtibench fanout guard it.
 */
int
ddm_route_begin(struct federation *fx, const struct dm_sub *r, size_t n)
{
	struct ddm_fx *st = fxst(fx);
	long nk;
	size_t i;
	int filtered;

	ddm_route_end(fx);
	if ((nk = known_classes(fx, DDM_OBJECT, r, n, &filtered)) < 0 ||
	    stamps_grow(fx) < 0 ||
	    wire_grow((void **)&st->prep.base, &st->prep.cap_base, n + 1, 1) ||
	    wire_grow((void **)&st->prep.slot, &st->prep.cap_slot,
	    st->cap_stamp, sizeof *st->prep.slot))
		return -1;
	/* slots beyond what an earlier bundle zeroed */
	if (st->prep.slot_len < st->cap_stamp) {
		memset(st->prep.slot + st->prep.slot_len, 0,
		    (st->cap_stamp - st->prep.slot_len) *
		    sizeof *st->prep.slot);
		st->prep.slot_len = st->cap_stamp;
	}
	st->prep.n_base = 0;
	for (i = 0; i < n; i++) {
		uint32_t h = r[i].f->handle;

		st->prep.base[i] = !st->n_filtered[DDM_OBJECT][r[i].known];
		st->prep.n_base += st->prep.base[i];
		if (h < st->prep.slot_len)
			st->prep.slot[h] = (uint32_t)i + 1;
	}
	st->prep.r = r;
	st->prep.n = n;
	st->prep.nk = (size_t)nk;
	st->prep.filtered = filtered;
	st->prep.on = 1;
	return 0;
}

void
ddm_route_end(struct federation *fx)
{
	struct ddm_fx *st = fxst(fx);
	size_t i;

	if (!st->prep.on)
		return;
	for (i = 0; i < st->prep.n; i++) {
		uint32_t h = st->prep.r[i].f->handle;

		if (h < st->prep.slot_len)
			st->prep.slot[h] = 0;
	}
	st->prep.on = 0;
	st->prep.r = NULL;
	st->prep.n = 0;
}

const uint8_t *
ddm_route_base(struct federation *fx)
{
	struct ddm_fx *st = fxst(fx);

	return st->prep.on && st->prep.filtered ? st->prep.base : NULL;
}

const uint32_t *
ddm_route_hits(struct federation *fx, size_t *n)
{
	struct ddm_fx *st = fxst(fx);

	*n = st->prep.n_hits;
	return st->prep.on && st->prep.filtered && !st->prep.hits_lost ?
	    st->prep.hits : NULL;
}

/* route_match for the prepared routes: want[] is the base row and the
 * routes the matched owners are of, at their known class. */
static size_t
route_match_prepared(struct federation *fx, const char *cond,
    const struct match_region *q, uint32_t m, uint8_t *want)
{
	struct ddm_fx *st = fxst(fx);
	const struct dm_sub *r = st->prep.r;
	size_t i, n = st->prep.n, wanted = 0;

	if (st->prep.collect) {
		st->prep.n_hits = 0;
		st->prep.hits_lost = 0;
	}
	if (!st->prep.filtered) {
		memset(want, 1, n);
		return 0;
	}
	memcpy(want, st->prep.base, n);
	st->cur_fx = fx;
	st->cur_kind = DDM_OBJECT;
	st->prep.n_marked = 0;
	query_all(st, DDM_OBJECT, st->prep.nk, cond, q, m);
	for (i = 0; i < st->prep.n_marked; i++) {
		uint32_t h = st->prep.marked[i], k = st->prep.slot[h];

		if (!k || want[k - 1] || st->stamp_cls[h] != r[k - 1].known)
			continue;
		want[k - 1] = 1;
		wanted++;
		if (!st->prep.collect)
			continue;
		if (!wire_grow((void **)&st->prep.hits, &st->prep.cap_hits,
		    st->prep.n_hits + 1, sizeof *st->prep.hits))
			st->prep.hits[st->prep.n_hits++] = k - 1;
		else
			st->prep.hits_lost = 1;
	}
	return n - wanted - st->prep.n_base;
}

/* want[] for routes r[0..n) against send extent (cond, q[0..m)). */
static size_t
route_match(struct federation *fx, int kind, const char *cond,
    const struct match_region *q, uint32_t m, const struct dm_sub *r,
    size_t n, uint8_t *want)
{
	struct ddm_fx *st = fxst(fx);
	size_t i, drop = 0;
	long nk;
	int filtered;

	if (st->prep.on && st->prep.r == r && st->prep.n == n &&
	    kind == DDM_OBJECT)
		return route_match_prepared(fx, cond, q, m, want);
	nk = known_classes(fx, kind, r, n, &filtered);
	if (nk < 0 || !filtered || stamps_grow(fx) < 0) {
		memset(want, 1, n);
		return 0;
	}
	st->cur_fx = fx;
	st->cur_kind = kind;
	query_all(st, kind, (size_t)nk, cond, q, m);
	for (i = 0; i < n; i++) {
		uint32_t h = r[i].f->handle, k = r[i].known;

		if (!st->n_filtered[kind][k])
			want[i] = 1;
		else
			want[i] = h < st->cap_stamp &&
			    st->stamp[h] == st->qgen && st->stamp_cls[h] == k;
		drop += !want[i];
	}
	return drop;
}

size_t
ddm_route_update(struct federation *fx, uint32_t obj, const uint32_t *attrs,
    uint32_t n_attrs, const char *cond, const struct dm_sub *r, size_t n,
    uint8_t *want, uint8_t *want_attr)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_inst *in = ddm_inst_find(&st->mdl, obj);
	long m = ddm_update_regions(&st->mdl, in, attrs, n_attrs, 0);
	size_t drop;
	uint32_t j, p;
	int uniform = 1, regioned = 0;

	if (!cond || !*cond)
		cond = in ? in->cond : NULL;
	st->cur_attrs = attrs;
	st->cur_n_attrs = n_attrs;
	/* the hits of the instance's row, not of its attributes' rows */
	st->prep.collect = 1;
	drop = route_match(fx, DDM_OBJECT, cond, st->mdl.q, m < 0 ? 0 :
	    (uint32_t)m, r, n, want);
	st->prep.collect = 0;
	if (!want_attr) {
		st->cur_n_attrs = 0;
		return drop;
	}
	for (j = 1; in && j < n_attrs && uniform; j++)
		uniform = ddm_same_regions(&st->mdl, in, attrs[0], attrs[j]);
	/* a subscriber whose regions do not all cover its subscribed
	 * attributes: each attribute is matched alone */
	for (j = 0; j < n && !regioned && n_attrs > 1 && st->n_narrow; j++) {
		struct ddm_filter *fl = filter_of(r[j].f, DDM_OBJECT,
		    r[j].known);

		regioned = fl && fl->narrow;
	}
	for (j = 0; j < n_attrs; j++) {
		uint8_t *w = want_attr + (size_t)j * n;

		if (uniform && !regioned) {
			memcpy(w, want, n);
			continue;
		}
		for (p = 0; !regioned && p < j &&
		    !ddm_same_regions(&st->mdl, in, attrs[p], attrs[j]); p++)
			;
		if (!regioned && p < j) {
			memcpy(w, want_attr + (size_t)p * n, n);
			continue;
		}
		m = ddm_update_regions(&st->mdl, in, attrs + j, 1, 0);
		st->cur_attrs = attrs + j;
		st->cur_n_attrs = 1;
		(void)route_match(fx, DDM_OBJECT, cond, st->mdl.q, m < 0 ? 0 :
		    (uint32_t)m, r, n, w);
	}
	st->cur_n_attrs = 0;
	return drop;
}

/*
 * The record of an instance with a condition or regions is one cache miss
 * away (8,192 instances a step in the 300-console trainer, each routed
 * once: ddm_update_plain was 16 % of rtiexec's CPU, nearly all of it the
 * load of the record's chain node).  route_general asks for the next
 * instance's while it routes this one.
 */
void
ddm_update_prefetch(struct federation *fx, uint32_t obj)
{
	const struct idmap *m = &fxst(fx)->mdl.insts;

	if (m->n)
		__builtin_prefetch(m->head[idmap_slot(obj, m->mask)]);
}

int
ddm_update_plain(struct federation *fx, uint32_t obj, const char *cond)
{
	struct ddm_inst *in;

	if (cond && *cond)
		return 0;
	in = ddm_inst_find(&fxst(fx)->mdl, obj);
	return !in || (in->n_assoc == 0 && in->cond[0] == '\0');
}

size_t
ddm_route_interaction(struct federation *fx, const char *cond,
    const uint32_t *reg, uint32_t m, const struct dm_sub *r, size_t n,
    uint8_t *want)
{
	struct ddm_fx *st = fxst(fx);
	long k = m ? ddm_regions_query(&st->mdl, reg, m) : 0;

	if (k < 0) {
		memset(want, 1, n);
		return 0;
	}
	if (m && !k) {
		memset(want, 0, n);
		return n;
	}
	return route_match(fx, DDM_INTERACTION, cond, st->mdl.q, (uint32_t)k,
	    r, n, want);
}

int
ddm_route_instance(struct federation *fx, const struct dm_sub *s,
    uint32_t obj)
{
	struct ddm_fx *st = fxst(fx);
	uint8_t want = 1;

	if (!st || !st->n_filtered[DDM_OBJECT][s->known])
		return 1;
	(void)ddm_route_instances(fx, obj, s, 1, &want);
	return want;
}

size_t
ddm_route_instances(struct federation *fx, uint32_t obj,
    const struct dm_sub *r, size_t n, uint8_t *want)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_inst *in;
	long m;

	if (!st) {
		memset(want, 1, n);
		return 0;
	}
	in = ddm_inst_find(&st->mdl, obj);
	m = ddm_update_regions(&st->mdl, in, NULL, 0, 1);
	return route_match(fx, DDM_OBJECT, in ? in->cond : NULL, st->mdl.q,
	    m < 0 ? 0 : (uint32_t)m, r, n, want);
}

int
ddm_attr_relevant(struct federation *fx, uint32_t cls, uint32_t obj,
    uint32_t attr, uint32_t owner)
{
	struct ddm_fx *st = fxst(fx);
	const struct dm_sub *r;
	size_t n = dm_route_object(fx, cls, &r), k, nc = 0;
	struct ddm_inst *di;
	long m;

	for (k = 0; k < n; k++) {
		struct ddm_filter *fl;

		if (r[k].f->handle == owner ||
		    !bset_has(r[k].attrs, st->words, attr))
			continue;
		fl = filter_of(r[k].f, DDM_OBJECT, r[k].known);
		if (!fl || !st->n_filtered[DDM_OBJECT][r[k].known] ||
		    (fl->plain && fl->n_conds == 0))
			return 1;
		if (wire_grow((void **)&st->cand, &st->cap_cand, nc + 1,
		    sizeof *st->cand))
			return 1;
		st->cand[nc++] = r[k];
	}
	if (!nc || wire_grow((void **)&st->cwant, &st->cap_cwant, nc, 1))
		return nc != 0;
	di = ddm_inst_find(&st->mdl, obj);
	m = ddm_update_regions(&st->mdl, di, &attr, 1, 0);
	st->cur_attrs = &attr;
	st->cur_n_attrs = 1;
	k = route_match(fx, DDM_OBJECT, di ? di->cond : NULL, st->mdl.q,
	    m < 0 ? 0 : (uint32_t)m, st->cand, nc, st->cwant);
	st->cur_n_attrs = 0;
	return k < nc;
}


/* ---- handlers ---- */
