/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm_save.c - DDM's part of federation save and restore (rti-save(5),
 * "DDM section"): the regions (creator, ranges), each instance's send
 * condition and update regions, and every federate's subscription
 * filters (subscribed without regions, conditions, regions and the
 * attributes subscribed with each).  The match sets, counts and the
 * replicas are derived: rebuilt, and each federate's librti replica is
 * reset and pushed again (restore_sync).
 *
 * Layout, version 1 (ASET = u32 n, n x u32 attribute, ascending):
 *   u16 version,
 *   u32 n_regions, n x (u32 region, u32 k, k x (u32 dim, u64 lower,
 *     u64 upper)),
 *   u32 n_inst, n x (u32 obj, str cond ("" = none), u32 k, k x (u32
 *     region, ASET)),
 *   u32 n_filters, n x (u32 federate, u8 kind, u32 cls, u8 plain, u32 c,
 *     c x str cond, u32 m, m x (u32 region, ASET (empty for interaction
 *     classes))).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "ddm_int.h"
#include "dm.h"
#include "restore_chk.h"

#define DDM_SAVE_VERSION 1
#define DDM_SAVE_MAX_CONDS 64     /* as the replica carries (librti) */
#define DDM_SAVE_MAX_REGIONS 65536

struct sflt {
	uint32_t fed, cls;
	int kind;
	struct ddm_filter fl;
};

struct ddm_staged {
	struct ddm_model mdl;
	struct sflt *v;
	size_t n, cap;
};

static int
filter_used(const struct ddm_filter *fl)
{
	return fl->plain || fl->n_conds || fl->n_regions;
}

int
ddm_save_state(struct federation *fx, struct wire_buf *out)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_region *g;
	struct ddm_inst *in;
	struct idmap_iter it;
	uint32_t n, i, j, c, f;
	size_t cnt;
	int k;

	wire_put_u16(out, DDM_SAVE_VERSION);
	cnt = out->len;
	wire_put_u32(out, 0);
	n = 0;
	idmap_iter_init(&st->mdl.regions, &it);
	while ((g = ddm_region_next(&st->mdl, &it))) {
		wire_put_u32(out, g->handle);
		wire_put_u32(out, g->n);
		for (i = 0; i < g->n; i++) {
			wire_put_u32(out, g->r[i].dim);
			wire_put_u64(out, g->r[i].lo);
			wire_put_u64(out, g->r[i].hi);
		}
		n++;
	}
	wire_patch_u32(out, cnt, n);
	cnt = out->len;
	wire_put_u32(out, 0);
	n = 0;
	idmap_iter_init(&st->mdl.insts, &it);
	while ((in = ddm_inst_next(&st->mdl, &it))) {
		wire_put_u32(out, in->obj);
		wire_put_str(out, in->cond);
		wire_put_u32(out, in->n_assoc);
		for (i = 0; i < in->n_assoc; i++) {
			wire_put_u32(out, in->assoc[i].region);
			bset_put(out, in->assoc[i].attrs, st->mdl.words);
		}
		n++;
	}
	wire_patch_u32(out, cnt, n);
	cnt = out->len;
	wire_put_u32(out, 0);
	n = 0;
	for (f = 0; f < fx->n_feds; f++) {
		struct federate *fd = fx->feds[f];

		if (!fst(fd))
			continue;
		for (k = 0; k < 2; k++)
			for (c = 1; c <= st->n_cls[k]; c++) {
				const struct ddm_filter *fl = filter_of(fd, k,
				    c);

				if (!filter_used(fl))
					continue;
				wire_put_u32(out, fd->handle);
				wire_put_u8(out, (uint8_t)k);
				wire_put_u32(out, c);
				wire_put_u8(out, fl->plain);
				wire_put_u32(out, fl->n_conds);
				for (j = 0; j < fl->n_conds; j++)
					wire_put_str(out, fl->conds[j]);
				wire_put_u32(out, fl->n_regions);
				for (j = 0; j < fl->n_regions; j++) {
					wire_put_u32(out, fl->regions[j]);
					bset_put(out, fl->rattrs ?
					    fl->rattrs[j] : NULL,
					    st->words);
				}
				n++;
			}
	}
	wire_patch_u32(out, cnt, n);
	return out->oom ? -1 : 0;
}

static void
sfilter_clear(struct ddm_filter *fl)
{
	uint32_t i;

	for (i = 0; i < fl->n_conds; i++)
		free(fl->conds[i]);
	for (i = 0; fl->rattrs && i < fl->n_regions; i++)
		free(fl->rattrs[i]);
	free(fl->conds);
	free(fl->regions);
	free(fl->rattrs);
	memset(fl, 0, sizeof *fl);
}

void
ddm_restore_discard(void *staged)
{
	struct ddm_staged *s = staged;
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++)
		sfilter_clear(&s->v[i].fl);
	free(s->v);
	ddm_model_fini(&s->mdl);
	free(s);
}

/* An attribute set (ASET) into a new bitset (*out; NULL with none when
 * `none_ok`).  NULL, or why it is damaged; *oom on ENOMEM. */
static const char *
read_aset(struct federation *fx, struct wire_rd *rd, size_t words,
    uint64_t **out, int *oom)
{
	uint32_t n = wire_get_count(rd, 4), i, a;

	*out = NULL;
	if (rd->err)
		return "it is truncated";
	if (!(*out = calloc(words, sizeof **out))) {
		*oom = 1;
		return "";
	}
	for (i = 0; i < n; i++) {
		a = wire_get_u32(rd);
		if (rd->err)
			return "it is truncated";
		if (a == 0 || a > fx->fom->n_attrs || a / 64 >= words)
			return "an attribute is not in the FOM";
		bset_add(*out, a);
	}
	return NULL;
}

static const char *
stage_region(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, struct ddm_staged *s, int *oom)
{
	uint32_t h = wire_get_u32(rd), n = wire_get_count(rd, 20), i;
	struct match_range *r;

	if (rd->err)
		return "it is truncated";
	if (n > 16)
		return "a region has too many ranges";
	if ((h & 0xffff) == 0 || !restore_fed_ok(saved, REGION_OWNER(h)))
		return "a region's creator is not a saved federate";
	if (ddm_region_find(&s->mdl, h))
		return "a region is saved twice";
	if (!(r = calloc(n ? n : 1, sizeof *r))) {
		*oom = 1;
		return "";
	}
	for (i = 0; i < n; i++) {
		const struct fom_dimension *d;
		uint64_t ub;

		r[i].dim = wire_get_u32(rd);
		r[i].lo = wire_get_u64(rd);
		r[i].hi = wire_get_u64(rd);
		d = fom_dim(fx->fom, r[i].dim);
		ub = d && d->upper_bound ? d->upper_bound :
		    UINT64_C(4294967295);
		if (rd->err || !d || r[i].dim == MATCH_DIM_COND ||
		    r[i].lo >= r[i].hi || r[i].hi > ub) {
			free(r);
			return rd->err ? "it is truncated" :
			    "a region's range is not one of the FOM's";
		}
	}
	if (match_region_sort(r, n) < 0) {
		free(r);
		return "a region gives a dimension twice";
	}
	if (!ddm_region_set(&s->mdl, h, r, n)) {
		free(r);
		*oom = 1;
		return "";
	}
	return NULL;
}

static const char *
stage_inst(struct federation *fx, struct wire_rd *rd, struct ddm_staged *s,
    int *oom)
{
	uint32_t obj = wire_get_u32(rd), n, i;
	const char *cond = wire_get_str(rd, MATCH_MAX_COND);
	struct ddm_assoc *as;
	const char *why = NULL, *bad;

	n = wire_get_count(rd, 8);
	if (rd->err || !cond)
		return "it is truncated";
	if (obj == 0 || ddm_inst_find(&s->mdl, obj))
		return "an instance is 0 or saved twice";
	if (*cond && match_cond_check(cond, 0, &bad) < 0)
		return "a send condition is not valid";
	if (!(as = calloc(n ? n : 1, sizeof *as))) {
		*oom = 1;
		return "";
	}
	for (i = 0; i < n && !why; i++) {
		as[i].region = wire_get_u32(rd);
		if (!ddm_region_find(&s->mdl, as[i].region))
			why = rd->err ? "it is truncated" :
			    "an update region is not a saved region";
		else
			why = read_aset(fx, rd, s->mdl.words, &as[i].attrs,
			    oom);
	}
	if (!why && !ddm_inst_set(&s->mdl, obj, *cond ? cond : NULL, as, n)) {
		*oom = 1;
		why = "";
	}
	if (why)
		ddm_assoc_free(as, n);
	return why;
}

static const char *
stage_filter(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, struct ddm_staged *s, int *oom)
{
	struct ddm_fx *st = fxst(fx);
	struct sflt *e;
	struct ddm_filter *fl;
	uint32_t i, nc, m;
	size_t j;

	if (wire_grow((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v)) {
		*oom = 1;
		return "";
	}
	e = &s->v[s->n];
	memset(e, 0, sizeof *e);
	fl = &e->fl;
	e->fed = wire_get_u32(rd);
	e->kind = wire_get_u8(rd);
	e->cls = wire_get_u32(rd);
	fl->plain = wire_get_u8(rd);
	nc = wire_get_count(rd, 5);
	if (rd->err)
		return "it is truncated";
	s->n++;   /* owned by s from here: freed with it */
	if (!restore_fed_ok(saved, e->fed))
		return "a filter's federate is not a saved federate";
	if (e->kind > 1 || e->cls == 0 || e->cls > st->n_cls[e->kind])
		return "a filter's class is not in the FOM";
	if (fl->plain > 1 || nc > DDM_SAVE_MAX_CONDS)
		return "a filter's flags or conditions are out of range";
	for (j = 0; j + 1 < s->n; j++)
		if (s->v[j].fed == e->fed && s->v[j].kind == e->kind &&
		    s->v[j].cls == e->cls)
			return "a filter is saved twice";
	if (nc && !(fl->conds = calloc(nc, sizeof *fl->conds))) {
		*oom = 1;
		return "";
	}
	for (i = 0; i < nc; i++) {
		const char *c = wire_get_str(rd, MATCH_MAX_COND), *bad;

		if (!c)
			return "it is truncated";
		if (match_cond_check(c, 1, &bad) < 0)
			return "a subscription condition is not valid";
		if (!(fl->conds[i] = strdup(c))) {
			*oom = 1;
			return "";
		}
		fl->n_conds++;
	}
	m = wire_get_count(rd, 8);
	if (rd->err)
		return "it is truncated";
	if (m > DDM_SAVE_MAX_REGIONS)
		return "a filter has too many regions";
	if (m && (!(fl->regions = calloc(m, sizeof *fl->regions)) ||
	    !(fl->rattrs = calloc(m, sizeof *fl->rattrs)))) {
		*oom = 1;
		return "";
	}
	for (i = 0; i < m; i++) {
		const char *why;

		fl->regions[i] = wire_get_u32(rd);
		fl->n_regions++;
		if (!ddm_region_find(&s->mdl, fl->regions[i]))
			return rd->err ? "it is truncated" :
			    "a subscription region is not a saved region";
		if ((why = read_aset(fx, rd, st->words, &fl->rattrs[i], oom)))
			return why;
	}
	if (e->kind == DDM_INTERACTION) {
		for (i = 0; i < m; i++) {
			free(fl->rattrs[i]);
		}
		free(fl->rattrs);
		fl->rattrs = NULL;
	}
	return NULL;
}

int
ddm_restore_stage(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, void **staged, char *msg, size_t len)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_staged *s;
	const char *why = NULL;
	uint32_t n, i;
	int oom = 0, part = 0;

	*staged = NULL;
	if (wire_rd_left(rd) == 0)
		part = 3;       /* no section: the empty state */
	else if (wire_get_u16(rd) != DDM_SAVE_VERSION) {
		if (rd->err)
			return restore_damaged(msg, len, "DDM",
			    "it is truncated");
		snprintf(msg, len, "the DDM section of the save has a version "
		    "this rtiexec does not read");
		return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	}
	if (!(s = calloc(1, sizeof *s)) ||
	    ddm_model_init(&s->mdl, st->mdl.words) < 0) {
		ddm_restore_discard(s);
		snprintf(msg, len, "out of memory staging the DDM state");
		return RTI_ERR_NO_MEMORY;
	}
	for (; part < 3 && !why; part++) {
		n = wire_get_count(rd, part == 0 ? 8 : part == 1 ? 12 : 14);
		if (rd->err)
			why = "it is truncated";
		for (i = 0; i < n && !why; i++)
			why = part == 0 ?
			    stage_region(fx, saved, rd, s, &oom) :
			    part == 1 ? stage_inst(fx, rd, s, &oom) :
			    stage_filter(fx, saved, rd, s, &oom);
	}
	if (!why && !wire_rd_done(rd))
		why = "it has bytes past its end";
	if (why) {
		ddm_restore_discard(s);
		if (oom) {
			snprintf(msg, len, "out of memory staging the DDM "
			    "state");
			return RTI_ERR_NO_MEMORY;
		}
		return restore_damaged(msg, len, "DDM", why);
	}
	*staged = s;
	return RTI_OK;
}

void
ddm_restore_apply(struct federation *fx, void *staged)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_staged *s = staged;
	struct ddm_model old;
	struct ddm_region *g;
	struct idmap_iter it;
	uint32_t i, c;
	size_t j;
	int k;

	for (i = 0; i < fx->n_feds; i++) {
		struct federate *f = fx->feds[i];
		struct ddm_fed *df = fst(f);

		if (!df)
			continue;
		for (k = 0; k < 2; k++)
			for (c = 1; c <= st->n_cls[k]; c++) {
				struct ddm_filter *fl = &df->flt[k][c];

				if (fl->counted)
					st->n_filtered[k][c]--;
				st->n_narrow -= fl->narrow;
				sfilter_clear(fl);
			}
		df->had_regions = 0;
		df->gone_at = 0;
	}
	/* Only federates' filters are in the match sets, and every one is
	 * rebuilt below: the sets go whole.  (Removing each federate's
	 * entries would miss those under a handle that the restore gave to
	 * none: the federates already carry their saved handles here.) */
	for (k = 0; k < 2; k++)
		for (c = 1; c <= st->n_cls[k]; c++) {
			match_set_free(st->set[k][c]);
			st->set[k][c] = NULL;
		}
	/* the replicas are reset whole (restore_sync): no leaver to tell,
	 * nothing held until each federate's publications are sent again */
	ddm_replica_reset(fx);
	st->n_gone = 0;
	st->gone_next = 0;
	if (st->gone_ev)
		event_del(st->gone_ev);
	old = st->mdl;
	st->mdl = s->mdl;
	s->mdl = old;
	for (j = 0; j < s->n; j++) {
		struct federate *f = server_federate(fx, s->v[j].fed);

		if (!f || !fst(f))
			continue;  /* the plan gives every saved federate */
		fst(f)->flt[s->v[j].kind][s->v[j].cls] = s->v[j].fl;
		memset(&s->v[j].fl, 0, sizeof s->v[j].fl);
	}
	idmap_iter_init(&st->mdl.regions, &it);
	while ((g = ddm_region_next(&st->mdl, &it))) {
		struct federate *f = server_federate(fx,
		    REGION_OWNER(g->handle));

		if (f && fst(f))
			fst(f)->had_regions = 1;
	}
	for (j = 0; j < s->n; j++) {
		struct federate *f = server_federate(fx, s->v[j].fed);

		if (f && fst(f) && ddm_rebuild(f, s->v[j].kind,
		    s->v[j].cls) < 0)
			rti_log(fx->srv, LOG_ERROR, "out of memory restoring "
			    "the filters of federate %u", f->handle);
	}
	ddm_restore_discard(s);
}

/*
 * To `f`: WIRE_CB_RESTORE_DDM, numbered as a replica frame (so that
 * librti applies it in order with the pushes that follow, even ahead of
 * evoke): its own regions, the update regions it gave, its subscription
 * regions, and a reset of its replica; then, for each class it
 * publishes and their superclasses, the other federates' entries, as at
 * a publish.
 */
int
ddm_restore_sync(struct federate *f)
{
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	struct ddm_region *g;
	struct ddm_inst *in;
	struct idmap_iter it;
	struct wire_buf *b = &st->out;
	uint32_t n, i, c;
	size_t off, cnt;
	int k;

	if (!f->conn || !fst(f))
		return 0;
	wire_buf_reset(b);
	off = wire_frame_begin(b, WIRE_CB_RESTORE_DDM);
	wire_put_u32(b, 0);      /* seq, by ddm_send_numbered */
	cnt = b->len;
	wire_put_u32(b, 0);
	n = 0;
	idmap_iter_init(&st->mdl.regions, &it);
	while ((g = ddm_region_next(&st->mdl, &it))) {
		if (REGION_OWNER(g->handle) != f->handle)
			continue;
		wire_put_u32(b, g->handle);
		wire_put_u32(b, g->n);
		for (i = 0; i < g->n; i++) {
			wire_put_u32(b, g->r[i].dim);
			wire_put_u64(b, g->r[i].lo);
			wire_put_u64(b, g->r[i].hi);
		}
		n++;
	}
	wire_patch_u32(b, cnt, n);
	/* the instances it gave update regions: those with one of its
	 * regions (an instance's regions are all its updater's) */
	cnt = b->len;
	wire_put_u32(b, 0);
	n = 0;
	idmap_iter_init(&st->mdl.insts, &it);
	while ((in = ddm_inst_next(&st->mdl, &it))) {
		for (i = 0; i < in->n_assoc; i++)
			if (REGION_OWNER(in->assoc[i].region) == f->handle)
				break;
		if (i == in->n_assoc)
			continue;
		wire_put_u32(b, in->obj);
		wire_put_u32(b, in->n_assoc);
		for (i = 0; i < in->n_assoc; i++) {
			wire_put_u32(b, in->assoc[i].region);
			bset_put(b, in->assoc[i].attrs, st->mdl.words);
		}
		n++;
	}
	wire_patch_u32(b, cnt, n);
	cnt = b->len;
	wire_put_u32(b, 0);
	n = 0;
	for (k = 0; k < 2; k++)
		for (c = 1; c <= st->n_cls[k]; c++) {
			const struct ddm_filter *fl = filter_of(f, k, c);

			if (!fl->n_regions)
				continue;
			wire_put_u8(b, (uint8_t)k);
			wire_put_u32(b, c);
			wire_put_u32(b, fl->n_regions);
			for (i = 0; i < fl->n_regions; i++)
				wire_put_u32(b, fl->regions[i]);
			n++;
		}
	wire_patch_u32(b, cnt, n);
	wire_frame_end(b, off);
	if (b->oom)
		return -1;
	(void)ddm_send_numbered(st, f);
	return ddm_replica_resync(f);
}
