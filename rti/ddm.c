/*
 * ddm.c - data distribution management and filter conditions: regions,
 * subscription filters (conditions and regions) kept as per-class match
 * sets (proto/match.h: one engine for both), the instance send extents,
 * exact per-subscriber matching for routing, and the subscription tables
 * replicated to every federate for source-side filtering.
 *
 * Replica protocol: every change of a federate's subscription of a class
 * (declaration, condition, region) is pushed as WIRE_DDM_CB_SUB (the whole
 * entry, with a per-receiver sequence number) to every other joined
 * federate, written to their sockets at once.  A federate acknowledges
 * the frames it applied (WIRE_DDM_ACK); the reply to a request that may
 * widen a subscription is held (ddm_reply, a timer, never blocking the
 * loop) until every federate publishing the class acknowledged, left, or
 * missed ACK_WAIT_MS; one that missed it is marked lagging and not waited
 * for until it acknowledged everything sent to it.  The wait is a liveness
 * bound only: a publisher that has not read its socket for more than a
 * few milliseconds drains the replica frames before its next send
 * (librti/ddm.c), so the change holds for that send either way.  A
 * joining federate gets every entry first.
 *
 * A federate that leaves after an entry of it was pushed is announced
 * with WIRE_DDM_CB_FED_GONE, not at once but GONE_SLICE receivers every
 * GONE_PERIOD_US (gone_cb), each receiver getting every leaver it is owed
 * in one write: a mass resign costs the loop a bounded number of writes
 * per millisecond instead of one per joined federate per resign.  A late
 * announcement is safe: federate handles are never reused, and a stale
 * entry only makes a publisher send what rtiexec then filters.  One
 * whose entries were never pushed is not announced at all.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "ddm.h"
#include "ddmmodel.h"
#include "dm.h"
#include "om.h"

#define ACK_WAIT_MS 200
#define GONE_SLICE 64             /* receivers told per slice */
#define GONE_PERIOD_US 1000       /* between slices */
#define REGION_OWNER(h) DDM_REGION_OWNER(h)

struct ddm_filter {
	uint8_t plain;            /* subscribed without regions */
	uint8_t counted;          /* in n_filtered */
	char **conds;
	uint32_t n_conds;
	uint32_t *regions;
	uint64_t **rattrs;        /* [i]: attributes subscribed with
	                             regions[i] (object classes) */
	uint32_t n_regions;
	uint8_t narrow;           /* a region lacks a subscribed attribute:
	                             attributes are matched one by one */
};

/* A federate's replica frame `seq` must be acknowledged. */
struct ddm_need {
	uint32_t fed, seq;
};

/* A reply held until every need is met or the timer fires. */
struct ddm_wait {
	struct federation *fx;
	uint32_t fed, serial;     /* the requester, its request */
	struct event *ev;
	struct ddm_need *need;
	uint32_t n;
	struct ddm_wait *next;
};

struct ddm_fx {
	uint32_t n_cls[2];
	size_t words;
	struct match_set **set[2];     /* [kind][cls] */
	uint32_t *n_filtered[2];       /* owners not receiving everything */
	uint32_t n_narrow;             /* filters with narrow set */
	struct ddm_model mdl;          /* regions, instance send extents */
	/* routing scratch */
	uint32_t *stamp, *stamp_cls;
	size_t cap_stamp;
	uint32_t qgen, cur_k;
	struct federation *cur_fx;
	int cur_kind;
	const uint32_t *cur_attrs;     /* attributes matched; none: any */
	uint32_t cur_n_attrs;
	uint32_t *ks;
	size_t cap_ks;
	struct dm_sub *cand;           /* relevance scratch */
	uint8_t *cwant;
	size_t cap_cand, cap_cwant;
	struct wire_buf out;
	/* pushes of the request in progress that its reply waits for */
	struct ddm_need *fence;
	size_t n_fence, cap_fence;
	uint32_t fence_fed;
	struct ddm_wait *waits;
	/* leavers to announce: receiver g has been told gone[0..gone_at) */
	uint32_t *gone;
	size_t n_gone, cap_gone;
	uint32_t gone_next;            /* index in fx->feds to serve next */
	struct event *gone_ev;         /* the next slice */
};

struct ddm_fed {
	struct ddm_filter *flt[2];     /* [kind][cls] */
	uint32_t seq;                  /* replica frames sent to it */
	uint32_t acked;                /* the last one it applied */
	uint8_t lagging;               /* missed ACK_WAIT_MS; not waited for
	                                  until it acknowledges `seq` */
	uint8_t replicated;            /* an entry of it was pushed: the
	                                  others' replicas hold it until
	                                  WIRE_DDM_CB_FED_GONE */
	size_t gone_at;                /* leavers told (ddm_fx gone) */
	uint8_t had_regions;           /* it created a region */
};

static struct ddm_fx *
fxst(struct federation *fx)
{
	return fx->mod[MOD_DDM];
}

static struct ddm_fed *
fst(struct federate *f)
{
	return f->mod[MOD_DDM];
}

/* ---- regions and instances (proto/ddmmodel.h) ---- */

void
ddm_instance_gone(struct federation *fx, uint32_t obj)
{
	struct ddm_fx *st = fxst(fx);

	if (st)
		ddm_inst_del(&st->mdl, obj);
}

/* ---- filters and match sets ---- */

static struct ddm_filter *
filter_of(struct federate *f, int kind, uint32_t cls)
{
	struct ddm_fed *df = fst(f);

	return df ? &df->flt[kind][cls] : NULL;
}

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
static int
rebuild(struct federate *f, int kind, uint32_t cls)
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

/* Write the frames queued for `c` now, so that they leave before any
 * reply queued after them. */
static void
write_now(struct conn *c)
{
	if (c)
		conn_write_now(c);
}

/* Build the replica entry of (f, kind, cls) in st->out; the seq field is
 * at offset WIRE_HEADER_SIZE. */
static void
entry_build(struct ddm_fx *st, struct federate *f, int kind, uint32_t cls)
{
	struct ddm_filter *fl = filter_of(f, kind, cls);
	const uint64_t *attrs = NULL;
	struct wire_buf *b = &st->out;
	uint8_t flags = 0;
	int active = 0;
	uint32_t i, n;
	size_t off, cnt;

	if (kind == DDM_OBJECT) {
		attrs = dm_subscribed(f, cls, &active);
		if (attrs)
			flags |= WIRE_DDMF_SUBSCRIBED;
	} else {
		active = dm_iclass_subscribed(f, cls);
		if (active)
			flags |= WIRE_DDMF_SUBSCRIBED;
		active = active == 2;
	}
	if (active)
		flags |= WIRE_DDMF_ACTIVE;
	if (fl->plain)
		flags |= WIRE_DDMF_PLAIN;
	wire_buf_reset(b);
	off = wire_frame_begin(b, WIRE_DDM_CB_SUB);
	wire_put_u32(b, 0);
	wire_put_u32(b, f->handle);
	wire_put_u8(b, (uint8_t)kind);
	wire_put_u32(b, cls);
	wire_put_u8(b, flags);
	bset_put(b, attrs, st->words);
	wire_put_u32(b, fl->n_conds);
	for (i = 0; i < fl->n_conds; i++)
		wire_put_str(b, fl->conds[i]);
	cnt = b->len;
	wire_put_u32(b, 0);
	for (i = n = 0; i < fl->n_regions; i++) {
		struct ddm_region *g = ddm_region_find(&st->mdl,
		    fl->regions[i]);
		uint32_t k;

		if (!g)
			continue;
		wire_put_u32(b, g->n);
		for (k = 0; k < g->n; k++) {
			wire_put_u32(b, g->r[k].dim);
			wire_put_u64(b, g->r[k].lo);
			wire_put_u64(b, g->r[k].hi);
		}
		bset_put(b, fl->rattrs ? fl->rattrs[i] : NULL, st->words);
		n++;
	}
	wire_patch_u32(b, cnt, n);
	wire_frame_end(b, off);
}

/* Send st->out to `to` with its next sequence number; that number, or 0
 * when not sent. */
static uint32_t
entry_send(struct ddm_fx *st, struct federate *to)
{
	struct ddm_fed *dt = fst(to);

	if (!dt || !to->conn)
		return 0;
	wire_put32(st->out.data + WIRE_HEADER_SIZE, ++dt->seq);
	conn_send_buf(to->conn, &st->out);
	return dt->seq;
}

/* Does `g` publish class `cls` or a subclass (can it send what a
 * subscription of `cls` receives)?  One that does not must publish first,
 * and the reply to that follows the replica frames. */
static int
publishes(struct federate *g, int kind, uint32_t cls)
{
	const struct fom *fom = g->fx->fom;
	uint32_t k;

	if (kind == DDM_OBJECT) {
		for (k = 1; k <= fom->n_oclasses; k++)
			if (dm_published(g, k) &&
			    fom_oclass_is_a(fom, k, cls))
				return 1;
	} else {
		for (k = 1; k <= fom->n_iclasses; k++)
			if (dm_iclass_published(g, k) &&
			    fom_iclass_is_a(fom, k, cls))
				return 1;
	}
	return 0;
}

/* The reply to `f`'s request waits for `to` to apply frame `seq` (0: not
 * sent) of (kind, cls). */
static void
fence_add(struct ddm_fx *st, struct federate *f, struct federate *to,
    uint32_t seq, int kind, uint32_t cls)
{
	if (st->fence_fed != f->handle) {
		st->fence_fed = f->handle;
		st->n_fence = 0;
	}
	if (!seq || fst(to)->lagging || !publishes(to, kind, cls) ||
	    wire_grow((void **)&st->fence,
	    &st->cap_fence, st->n_fence + 1, sizeof *st->fence))
		return;
	st->fence[st->n_fence].fed = to->handle;
	st->fence[st->n_fence].seq = seq;
	st->n_fence++;
}

static void
fence_clear(struct ddm_fx *st)
{
	st->n_fence = 0;
	st->fence_fed = 0;
}

static void relevance_of(struct federation *fx, uint32_t cls);

/* Rebuild the entries of (f, kind, cls) and push them to every other
 * federate; the reply (ddm_reply) waits for their acknowledgements. */
static void
changed(struct federate *f, int kind, uint32_t cls)
{
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	uint32_t i;

	if (rebuild(f, kind, cls) < 0)
		rti_log(fx->srv, LOG_ERROR, "out of memory building the "
		    "filters of federate %u", f->handle);
	entry_build(st, f, kind, cls);
	fst(f)->replicated = 1;
	for (i = 0; i < fx->n_feds; i++)
		if (fx->feds[i] != f) {
			fence_add(st, f, fx->feds[i],
			    entry_send(st, fx->feds[i]), kind, cls);
			write_now(fx->feds[i]->conn);
		}
	if (kind == DDM_OBJECT)
		relevance_of(fx, cls);
}

static int
need_met(struct federation *fx, const struct ddm_need *nd)
{
	struct federate *g = fedm_federate(fx, nd->fed);
	struct ddm_fed *dg = g ? fst(g) : NULL;

	return !dg || !g->conn || g->conn->closing || dg->lagging ||
	    dg->acked >= nd->seq;
}

static void
wait_free(struct ddm_wait *w)
{
	if (w->ev)
		event_free(w->ev);
	free(w->need);
	free(w);
}

/* Answer and free the wait at *pp. */
static void
wait_answer(struct ddm_wait **pp)
{
	struct ddm_wait *w = *pp;
	struct federate *f = fedm_federate(w->fx, w->fed);

	*pp = w->next;
	if (f && f->conn)
		conn_reply(f->conn, w->serial, RTI_OK, NULL, NULL, 0);
	wait_free(w);
}

/* Answer every wait whose needs are all met. */
static void
waits_check(struct federation *fx)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_wait **pp = &st->waits;
	uint32_t i;

	while (*pp) {
		for (i = 0; i < (*pp)->n && need_met(fx, &(*pp)->need[i]);
		    i++)
			;
		if (i == (*pp)->n)
			wait_answer(pp);
		else
			pp = &(*pp)->next;
	}
}

/* ACK_WAIT_MS passed: mark the federates that did not acknowledge as
 * lagging and answer. */
static void
wait_timeout(evutil_socket_t fd, short what, void *arg)
{
	struct ddm_wait *w = arg, **pp;
	struct federation *fx = w->fx;
	struct ddm_fx *st = fxst(fx);
	uint32_t i;

	(void)fd;
	(void)what;
	for (i = 0; i < w->n; i++) {
		struct federate *g;

		if (need_met(w->fx, &w->need[i]))
			continue;
		g = fedm_federate(w->fx, w->need[i].fed);
		fst(g)->lagging = 1;
		rti_log(w->fx->srv, LOG_DEBUG, "federate %u did not "
		    "acknowledge a subscription change within %d ms; not "
		    "waited for until it does (its next send drains the "
		    "change)", g->handle, ACK_WAIT_MS);
	}
	for (pp = &st->waits; *pp != w; pp = &(*pp)->next)
		;
	wait_answer(pp);
	waits_check(fx);
}

void
ddm_reply(struct conn *c, uint32_t serial, int err)
{
	struct federate *f = c->fed;
	struct federation *fx = f ? f->fx : NULL;
	struct ddm_fx *st = fx ? fxst(fx) : NULL;
	struct timeval tv = { 0, ACK_WAIT_MS * 1000 };
	struct ddm_wait *w;
	size_t i, k;

	if (!st || st->fence_fed != f->handle || err != RTI_OK) {
		if (st)
			fence_clear(st);
		conn_reply(c, serial, err, NULL, NULL, 0);
		return;
	}
	for (i = k = 0; i < st->n_fence; i++)
		if (!need_met(fx, &st->fence[i]))
			st->fence[k++] = st->fence[i];
	fence_clear(st);
	w = k ? calloc(1, sizeof *w) : NULL;
	if (w) {
		w->need = malloc(k * sizeof *w->need);
		w->ev = evtimer_new(fx->srv->base, wait_timeout, w);
	}
	if (!w || !w->need || !w->ev || evtimer_add(w->ev, &tv) < 0) {
		if (w)
			wait_free(w);
		conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
		return;
	}
	memcpy(w->need, st->fence, k * sizeof *w->need);
	w->n = (uint32_t)k;
	w->fx = fx;
	w->fed = f->handle;
	w->serial = serial;
	w->next = st->waits;
	st->waits = w;
}

static int
h_ack(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct ddm_fed *df = fst(c->fed);
	uint32_t seq = wire_get_u32(rd);

	(void)serial;
	if (!wire_rd_done(rd) || !df || seq > df->seq)
		return -1;
	if (seq <= df->acked)
		return 0;
	df->acked = seq;
	if (seq == df->seq)
		df->lagging = 0;
	waits_check(c->fed->fx);
	return 0;
}

void
ddm_subscription_changed(struct federate *f, int kind, uint32_t cls,
    int plain)
{
	struct ddm_filter *fl = filter_of(f, kind, cls);

	if (!fl)
		return;
	if (plain > 0) {
		fl->plain = 1;
	} else if (plain < 0) {
		uint32_t i;

		fl->plain = 0;
		for (i = 0; fl->rattrs && i < fl->n_regions; i++)
			free(fl->rattrs[i]);
		free(fl->rattrs);
		free(fl->regions);
		fl->regions = NULL;
		fl->rattrs = NULL;
		fl->n_regions = 0;
	}
	changed(f, kind, cls);
	if (plain < 0)
		fence_clear(fxst(f->fx));
}

/* ---- routing ---- */

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
	g = fedm_federate(st->cur_fx, owner);
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

/* want[] for routes r[0..n) against send extent (cond, q[0..m)). */
static size_t
route_match(struct federation *fx, int kind, const char *cond,
    const struct match_region *q, uint32_t m, const struct dm_sub *r,
    size_t n, uint8_t *want)
{
	struct ddm_fx *st = fxst(fx);
	size_t i, j, nk = 0, cap = fx->next_fed_handle + 1, drop = 0;
	int filtered = 0;

	for (i = 0; i < n; i++) {
		uint32_t k = r[i].known;

		for (j = 0; j < nk && st->ks[j] != k; j++)
			;
		if (j < nk)
			continue;
		if (wire_grow((void **)&st->ks, &st->cap_ks, nk + 1,
		    sizeof *st->ks))
			break;
		st->ks[nk++] = k;
		filtered |= st->n_filtered[kind][k] != 0;
	}
	if (!filtered) {
		memset(want, 1, n);
		return 0;
	}
	if (cap > st->cap_stamp) {
		uint32_t *a = realloc(st->stamp, cap * sizeof *a);
		uint32_t *b2;

		if (!a) {
			memset(want, 1, n);
			return 0;
		}
		st->stamp = a;
		b2 = realloc(st->stamp_cls, cap * sizeof *b2);
		if (!b2) {
			memset(want, 1, n);
			return 0;
		}
		st->stamp_cls = b2;
		memset(st->stamp + st->cap_stamp, 0,
		    (cap - st->cap_stamp) * sizeof *st->stamp);
		st->cap_stamp = cap;
	}
	/* most general class first: a federate's most specific match wins */
	for (i = 1; i < nk; i++)
		for (j = i; j > 0 && depth_of(fx, kind, st->ks[j - 1]) >
		    depth_of(fx, kind, st->ks[j]); j--) {
			uint32_t t = st->ks[j];

			st->ks[j] = st->ks[j - 1];
			st->ks[j - 1] = t;
		}
	st->cur_fx = fx;
	st->cur_kind = kind;
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
	drop = route_match(fx, DDM_OBJECT, cond, st->mdl.q, m < 0 ? 0 :
	    (uint32_t)m, r, n, want);
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
	struct ddm_inst *in;
	uint8_t want = 1;
	long m;

	if (!st || !st->n_filtered[DDM_OBJECT][s->known])
		return 1;
	in = ddm_inst_find(&st->mdl, obj);
	m = ddm_update_regions(&st->mdl, in, NULL, 0, 1);
	route_match(fx, DDM_OBJECT, in ? in->cond : NULL, st->mdl.q,
	    m < 0 ? 0 : (uint32_t)m, s, 1, &want);
	return want;
}

int
ddm_attr_relevant(struct federation *fx, const struct om_instance *in,
    uint32_t i)
{
	struct ddm_fx *st = fxst(fx);
	const struct dm_sub *r;
	size_t n = dm_route_object(fx, in->cls, &r), k, nc = 0;
	uint32_t attr = in->attrs[i];
	struct ddm_inst *di;
	long m;

	for (k = 0; k < n; k++) {
		struct ddm_filter *fl;

		if (r[k].f->handle == in->owner[i] ||
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
	di = ddm_inst_find(&st->mdl, in->handle);
	m = ddm_update_regions(&st->mdl, di, &attr, 1, 0);
	st->cur_attrs = &attr;
	st->cur_n_attrs = 1;
	k = route_match(fx, DDM_OBJECT, di ? di->cond : NULL, st->mdl.q,
	    m < 0 ? 0 : (uint32_t)m, st->cand, nc, st->cwant);
	st->cur_n_attrs = 0;
	return k < nc;
}

/* Bring the attribute relevance of the instances of `cls` (and its
 * subclasses; 0: every instance) up to date with the filters. */
static void
relevance_of(struct federation *fx, uint32_t cls)
{
	struct om_instance *in;

	for (in = om_first(fx); in; in = om_next(fx, in))
		if (!cls || fom_oclass_is_a(fx->fom, in->cls, cls))
			om_relevance(fx, in);
}

/* ---- handlers ---- */

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

/*
 * Check region handle `h` for use by `f` in the context of `kind`/`cls`
 * and attributes `attrs[0..n)` (object classes).  RTI_OK or the error with
 * `msg` filled.
 */
static int
region_check(struct federate *f, uint32_t h, int kind, uint32_t cls,
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
		rc = region_check(f, reg[i], DDM_INTERACTION, cls, NULL, 0,
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
	struct om_instance *oi;
	struct idmap_iter it;
	struct ddm_inst *in;
	uint32_t i;

	idmap_iter_init(&st->mdl.insts, &it);
	while ((in = ddm_inst_next(&st->mdl, &it)))
		for (i = 0; i < in->n_assoc; i++)
			if (in->assoc[i].region == h) {
				if ((oi = om_find(fx, in->obj)))
					om_relevance(fx, oi);
				break;
			}
}

static int
h_region_set(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = c->fed;
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
					changed(f, (int)k, cl);
					break;
				}
	inst_region_moved(fx, h);
	ddm_reply(c, serial, RTI_OK);
	return 0;
}

static int
h_region_delete(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct ddm_fx *st = fxst(c->fed->fx);
	uint32_t h = wire_get_u32(rd);
	struct ddm_region *g;
	char msg[160];
	int rc;

	if (!wire_rd_done(rd))
		return -1;
	g = ddm_region_find(&st->mdl, h);
	rc = region_check(c->fed, h, DDM_OBJECT, 0, NULL, 0, msg,
	    sizeof msg);
	if (rc != RTI_OK)
		return conn_reply(c, serial, rc, msg, NULL, 0), 0;
	if (region_in_use(c->fed, h))
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
	struct federate *f = c->fed;
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
		rc = region_check(f, wire_get32(regs + 4 * i), kind, cls,
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
	(void)rebuild(f, kind, cls);
	rc = kind == DDM_OBJECT ? (n ? dm_subscribe_oc(f, cls, set, active) :
	    0) : dm_subscribe_ic(f, cls, active);
	free(set);
	changed(f, kind, cls);
	ddm_reply(c, serial, rc < 0 ? RTI_ERR_NO_MEMORY : RTI_OK);
	return 0;
}

static int
h_unsubscribe(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = c->fed;
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
		rc = region_check(f, wire_get32(regs + 4 * i), DDM_OBJECT, 0,
		    NULL, 0, msg, sizeof msg);
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
	(void)rebuild(f, kind, cls);
	if (!fl->plain && fl->n_regions == 0)
		dm_unsubscribe(f, kind, cls);
	changed(f, kind, cls);
	fence_clear(fxst(fx));
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static int
h_condition(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = c->fed;
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
	if (!*cond || strlen(cond) > MATCH_MAX_COND)
		return conn_replyf(c, serial, RTI_ERR_INVALID_CONDITION,
		    "condition is empty or longer than %d bytes",
		    MATCH_MAX_COND), 0;
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
	changed(f, kind, cls);
	ddm_reply(c, serial, RTI_OK);
	return 0;
}

static int
h_instance(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = c->fed;
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	uint32_t obj = wire_get_u32(rd), n, i, j, k;
	const char *cond = wire_get_str(rd, WIRE_MAX_NAME);
	struct om_instance *oi;
	struct ddm_assoc *as = NULL;
	char msg[160];
	int rc;

	n = wire_get_count(rd, 8);
	if (rd->err)
		return -1;
	as = calloc(n ? n : 1, sizeof *as);
	if (!as)
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	rc = RTI_OK;
	msg[0] = '\0';
	oi = om_find(fx, obj);
	for (i = 0; i < n && !rd->err; i++) {
		const uint8_t *attrs;

		as[i].region = wire_get_u32(rd);
		k = wire_get_count(rd, 4);
		attrs = wire_get_raw(rd, (size_t)k * 4);
		if (rd->err)
			break;
		as[i].attrs = calloc(st->words, sizeof *as[i].attrs);
		if (!as[i].attrs) {
			rc = RTI_ERR_NO_MEMORY;
			continue;
		}
		for (j = 0; j < k && rc == RTI_OK && oi; j++) {
			uint32_t a = wire_get32(attrs + 4 * j);

			if (!fom_oclass_has_attr(fx->fom, oi->cls, a)) {
				rc = RTI_ERR_ATTRIBUTE_NOT_DEFINED;
				snprintf(msg, sizeof msg, "attribute %u", a);
			}
			bset_add(as[i].attrs, a);
		}
		if (rc == RTI_OK && oi)
			rc = region_check(f, as[i].region, DDM_OBJECT, oi->cls,
			    attrs, k, msg, sizeof msg);
	}
	if (!wire_rd_done(rd)) {
		ddm_assoc_free(as, n);
		return -1;
	}
	if (rc == RTI_OK && (!oi || !om_known_class(oi, f->handle))) {
		rc = RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN;
		snprintf(msg, sizeof msg, "object instance %u", obj);
	}
	if (rc == RTI_OK && strlen(cond) > MATCH_MAX_COND) {
		rc = RTI_ERR_INVALID_CONDITION;
		snprintf(msg, sizeof msg, "condition longer than %d bytes",
		    MATCH_MAX_COND);
	}
	if (rc == RTI_OK && !ddm_inst_set(&st->mdl, obj, cond, as, n))
		rc = RTI_ERR_NO_MEMORY;
	if (rc != RTI_OK) {
		ddm_assoc_free(as, n);
		return conn_reply(c, serial, rc, msg[0] ? msg : NULL, NULL,
		    0), 0;
	}
	om_relevance(fx, oi);
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static int
h_interaction(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	uint32_t m = wire_get_count(rd, 4), i;
	const uint8_t *regs = wire_get_raw(rd, (size_t)m * 4);
	uint32_t tmp[64], *reg = tmp;
	int rc;

	(void)serial;
	if (rd->err)
		return -1;
	if (m > 64 && !(reg = malloc(m * sizeof *reg)))
		return 0;
	for (i = 0; i < m; i++)
		reg[i] = wire_get32(regs + 4 * i);
	rc = om_interaction(c, rd, reg, m);
	if (reg != tmp)
		free(reg);
	return rc;
}

/* Do the update regions of attribute `a` of `in` (none: the default
 * region) overlap one of q[0..m)? */
static int
attr_overlaps(struct ddm_fx *st, const struct ddm_inst *in, uint32_t a,
    const struct match_region *q, uint32_t m)
{
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

static int
h_request_update(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = c->fed;
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	struct match_region q[64];
	struct om_instance *oi;
	const uint8_t *attrs, *regs;
	const void *tag;
	uint32_t cls, tag_len, n, m, i, k;
	uint8_t *sel;
	char msg[160];
	int rc;

	cls = wire_get_u32(rd);
	tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);
	n = wire_get_count(rd, 4);
	attrs = wire_get_raw(rd, (size_t)n * 4);
	m = wire_get_count(rd, 4);
	regs = wire_get_raw(rd, (size_t)m * 4);
	if (!wire_rd_done(rd))
		return -1;
	if (!fom_oclass(fx->fom, cls))
		return conn_replyf(c, serial, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls), 0;
	for (i = 0; i < n; i++)
		if (!fom_oclass_has_attr(fx->fom, cls, wire_get32(attrs +
		    4 * i)))
			return conn_replyf(c, serial,
			    RTI_ERR_ATTRIBUTE_NOT_DEFINED, "attribute %u is "
			    "not an attribute of %s",
			    wire_get32(attrs + 4 * i),
			    fom_oclass(fx->fom, cls)->qname), 0;
	if (m > 64)
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 regions"), 0;
	for (i = 0; i < m; i++) {
		struct ddm_region *g;

		rc = region_check(f, wire_get32(regs + 4 * i), DDM_OBJECT,
		    cls, attrs, n, msg, sizeof msg);
		if (rc != RTI_OK)
			return conn_reply(c, serial, rc, msg, NULL, 0), 0;
		g = ddm_region_find(&st->mdl, wire_get32(regs + 4 * i));
		q[i].n = g->n;
		q[i].r = g->r;
	}
	if (!(sel = malloc(n ? (size_t)n * 4 : 1)))
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL,
		    0), 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	for (oi = om_first(fx); oi; oi = om_next(fx, oi)) {
		struct ddm_inst *in;

		if (!fom_oclass_is_a(fx->fom, oi->cls, cls))
			continue;
		in = ddm_inst_find(&st->mdl, oi->handle);
		for (i = k = 0; i < n; i++)
			if (attr_overlaps(st, in, wire_get32(attrs + 4 * i), q,
			    m))
				wire_put32(sel + 4 * k++,
				    wire_get32(attrs + 4 * i));
		if (k)
			om_solicit(fx, oi, sel, k, tag, tag_len, f->handle);
	}
	free(sel);
	return 0;
}

static int
h_stats(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct rti_stats *s = &c->srv->stats;
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
	st->words = bset_words(fx->fom->n_attrs);
	wire_buf_init(&st->out);
	for (k = 0; k < 2; k++) {
		st->set[k] = calloc(st->n_cls[k] + 1, sizeof *st->set[k]);
		st->n_filtered[k] = calloc(st->n_cls[k] + 1,
		    sizeof *st->n_filtered[k]);
		if (!st->set[k] || !st->n_filtered[k])
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
		free(st->set[k]);
		free(st->n_filtered[k]);
	}
	ddm_model_fini(&st->mdl);
	free(st->stamp);
	free(st->stamp_cls);
	free(st->ks);
	free(st->cand);
	free(st->cwant);
	while ((w = st->waits)) {
		st->waits = w->next;
		wait_free(w);
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
	}
	free(df);
	f->mod[MOD_DDM] = NULL;
}

/* Non-default entry: something to replicate. */
static int
entry_set(struct federate *g, int kind, uint32_t cls)
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
	uint32_t k, c, i;

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
	/* the replica: every entry of the federates already joined */
	for (i = 0; i < fx->n_feds; i++) {
		struct federate *g = fx->feds[i];

		if (g == f || !fst(g))
			continue;
		for (k = 0; k < 2; k++)
			for (c = 1; c <= st->n_cls[k]; c++)
				if (entry_set(g, (int)k, c)) {
					entry_build(st, g, (int)k, c);
					entry_send(st, f);
				}
	}
	return 0;
}

/* Tell `g` every leaver it is owed, in one write. */
static void
gone_tell(struct ddm_fx *st, struct federate *g)
{
	struct ddm_fed *dg = fst(g);
	size_t off;

	if (!g->conn) {
		dg->gone_at = st->n_gone;
		return;
	}
	wire_buf_reset(&st->out);
	for (; dg->gone_at < st->n_gone; dg->gone_at++) {
		off = wire_frame_begin(&st->out, WIRE_DDM_CB_FED_GONE);
		wire_put_u32(&st->out, ++dg->seq);
		wire_put_u32(&st->out, st->gone[dg->gone_at]);
		wire_frame_end(&st->out, off);
	}
	conn_send_buf(g->conn, &st->out);
}

/* One slice: the next GONE_SLICE receivers owed something, from where
 * the last slice stopped.  After a whole round of the joined federates
 * everyone is told: the list starts over. */
static void
gone_cb(evutil_socket_t fd, short what, void *arg)
{
	static const struct timeval period = { 0, GONE_PERIOD_US };
	struct federation *fx = arg;
	struct ddm_fx *st = fxst(fx);
	uint32_t n = fx->n_feds, k, sent = 0;

	(void)fd;
	(void)what;
	for (k = 0; k < n && sent < GONE_SLICE; k++) {
		struct federate *g = fx->feds[(st->gone_next + k) % n];

		if (fst(g) && fst(g)->gone_at < st->n_gone) {
			gone_tell(st, g);
			sent++;
		}
	}
	if (k < n) {
		st->gone_next = (st->gone_next + k) % n;
		evtimer_add(st->gone_ev, &period);
		return;
	}
	for (k = 0; k < n; k++)
		if (fst(fx->feds[k]))
			fst(fx->feds[k])->gone_at = 0;
	st->n_gone = 0;
	st->gone_next = 0;
}

/* Announce leaver `fed` to every federate joined now; 0 or -1. */
static int
gone_add(struct federation *fx, uint32_t fed)
{
	static const struct timeval period = { 0, GONE_PERIOD_US };
	struct ddm_fx *st = fxst(fx);

	if (!st->gone_ev && !(st->gone_ev = evtimer_new(fx->srv->base,
	    gone_cb, fx)))
		return -1;
	if (wire_grow((void **)&st->gone, &st->cap_gone, st->n_gone + 1,
	    sizeof *st->gone))
		return -1;
	st->gone[st->n_gone++] = fed;
	if (!evtimer_pending(st->gone_ev, NULL))
		evtimer_add(st->gone_ev, &period);
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
			wait_free(w);
		} else {
			pp = &w->next;
		}
	if (st->fence_fed == f->handle)
		fence_clear(st);
	df->lagging = 1;
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
	if (df->replicated && gone_add(fx, f->handle) < 0)
		rti_log(fx->srv, LOG_ERROR, "out of memory announcing that "
		    "federate %u left; the others' replicas keep its "
		    "entries", f->handle);
	waits_check(fx);
}

static const struct msg_handler ddm_handlers[] = {
	{ WIRE_DDM_REGION_SET, 1, 1, h_region_set },
	{ WIRE_DDM_REGION_DELETE, 1, 1, h_region_delete },
	{ WIRE_DDM_SUBSCRIBE, 1, 1, h_subscribe },
	{ WIRE_DDM_UNSUBSCRIBE, 1, 1, h_unsubscribe },
	{ WIRE_DDM_CONDITION, 1, 1, h_condition },
	{ WIRE_DDM_INSTANCE, 1, 1, h_instance },
	{ WIRE_DDM_INTERACTION, 0, 1, h_interaction },
	{ WIRE_DDM_STATS, 1, 0, h_stats },
	{ WIRE_DDM_REQUEST_UPDATE, 1, 1, h_request_update },
	{ WIRE_DDM_ACK, 0, 1, h_ack },
	{ 0, 0, 0, NULL }
};

const struct module_ops ddm_module = {
	.name = "DDM",
	.handlers = ddm_handlers,
	.federation_init = ddm_federation_init,
	.federation_fini = ddm_federation_fini,
	.federate_join = ddm_federate_join,
	.federate_resign = ddm_federate_resign,
	.federate_fini = ddm_federate_fini,
};
