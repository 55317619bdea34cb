/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm_replica.c - the subscription tables replicated to the publishers'
 * librti for source-side filtering.
 *
 * Who holds what.  A federate holds the entries of class K (every other
 * federate's subscription of K: declaration, conditions, regions) once it
 * publishes K or a subclass of K: ddm_published sends it the entries of
 * each class new to it, one WIRE_DDM_CB_SUBS frame per class, before DM's
 * reply to the publish, on its stream.  It holds them until it resigns,
 * also after unpublishing, so that nothing it publishes again is matched
 * against entries that stopped following.  A federate that publishes
 * nothing (a console) holds nothing and is sent nothing: a change of a
 * subscription of K costs the holders of K, not the federation.
 *
 * Changes.  A change of f's subscription of K (ddm_changed) marks the
 * entry dirty for this loop turn; at the turn's end (ddm_turn_end, the
 * turn_end event, before the turn's output is written) each holder gets
 * one frame with every dirty entry it holds, in its current state (an
 * entry changed twice in the turn goes once), numbered per receiver.
 * The receiver applies a frame whole and acknowledges it (WIRE_DDM_ACK).
 * The replica frames to one receiver are numbered in the order they are
 * written: whatever else goes to it (a class's entries, leavers) first
 * writes the batch it is owed (emit), which keeps the number given to
 * the waits below.
 *
 * Replies.  The reply to a request that changed an entry of K is held
 * (ddm_reply, a timer, never blocking the loop) until every holder of K
 * acknowledged the frame the change goes in (its sequence number plus
 * one at the change: the next frame to it is the batch), left, or missed
 * ACK_WAIT_MS; one that missed it is marked lagging and not waited for
 * until it acknowledged everything sent to it, and its batches are
 * written at once, before the reply can leave.  The wait is a liveness
 * bound only: a publisher that has not read its socket for more than a
 * few milliseconds drains the replica frames before its next send
 * (librti/ddm_filter.c), so the change holds for that send either way.
 * Acknowledgements are taken as they come and the waits they meet are
 * answered at the turn's end, once.
 *
 * A federate that leaves after an entry of it was sent is announced
 * with WIRE_DDM_CB_FED_GONE to the federates that hold entries, not at
 * once but GONE_SLICE receivers every GONE_PERIOD_US (gone_cb), each
 * receiver getting every leaver it is owed in one write: a mass resign
 * costs the loop a bounded number of writes per millisecond instead of
 * one per joined federate per resign.  A late announcement is safe:
 * federate handles are never reused, and a stale entry only makes a
 * publisher send what rtiexec then filters.  One whose entries were never
 * sent is not announced at all.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "ddm_int.h"
#include "ddmrep.h"
#include "dm.h"

static uint32_t
parent_of(const struct fom *fom, int kind, uint32_t k)
{
	return kind == DDM_OBJECT ? fom_oclass(fom, k)->parent :
	    fom_iclass(fom, k)->parent;
}

static int
holds(const struct ddm_fed *d, int kind, uint32_t cls)
{
	return d->holds[kind] && d->holds[kind][cls];
}

/* Append the entry of (f, kind, cls) to the frame being built in
 * st->out, and note that others' replicas hold f's entries. */
static void
entry_put(struct ddm_fx *st, struct federate *f, int kind, uint32_t cls)
{
	struct ddm_filter *fl = filter_of(f, kind, cls);
	struct match_region rg[DDMREP_MAX_REGIONS];
	const uint64_t *ra[DDMREP_MAX_REGIONS];
	struct ddmrep_out e;
	int active = 0;
	uint32_t i;

	memset(&e, 0, sizeof e);
	e.fed = f->handle;
	e.kind = (uint8_t)kind;
	e.cls = cls;
	e.words = st->words;
	if (kind == DDM_OBJECT) {
		e.attrs = dm_subscribed(f, cls, &active);
		if (e.attrs)
			e.flags |= WIRE_DDMF_SUBSCRIBED;
	} else {
		active = dm_iclass_subscribed(f, cls);
		if (active)
			e.flags |= WIRE_DDMF_SUBSCRIBED;
		active = active == 2;
	}
	if (active)
		e.flags |= WIRE_DDMF_ACTIVE;
	if (fl->plain)
		e.flags |= WIRE_DDMF_PLAIN;
	e.conds = (const char *const *)fl->conds;
	e.n_conds = fl->n_conds;
	for (i = 0; i < fl->n_regions && e.n_regions < DDMREP_MAX_REGIONS;
	    i++) {
		struct ddm_region *g = ddm_region_find(&st->mdl,
		    fl->regions[i]);

		if (!g)
			continue;
		rg[e.n_regions].n = g->n;
		rg[e.n_regions].r = g->r;
		ra[e.n_regions] = fl->rattrs ? fl->rattrs[i] : NULL;
		e.n_regions++;
	}
	e.regions = rg;
	e.rattrs = ra;
	ddmrep_put(&st->out, &e);
	fst(f)->replicated = 1;
}

uint32_t
ddm_send_numbered(struct ddm_fx *st, struct federate *to)
{
	struct ddm_fed *dt = fst(to);

	if (!dt || !to->conn)
		return 0;
	wire_put32(st->out.data + WIRE_HEADER_SIZE, ++dt->seq);
	conn_send_buf(to->conn, &st->out);
	return dt->seq;
}

/* Write g's batch: the entries changed in this turn since its last one
 * that it holds, in their current state, in one numbered frame (none
 * when there are none). */
static void
emit(struct federation *fx, struct federate *g)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_fed *dg = fst(g);
	uint32_t n = 0;
	size_t i, off;

	if (!dg || dg->dirty_from >= st->n_dirty)
		return;
	if (!dg->holder || !g->conn) {
		dg->dirty_from = st->n_dirty;
		return;
	}
	wire_buf_reset(&st->out);
	off = ddmrep_begin(&st->out, 0);
	for (i = dg->dirty_from; i < st->n_dirty; i++) {
		const struct ddm_dirty *d = &st->dirty[i];

		if (!d->f || d->f == g || !holds(dg, d->kind, d->cls))
			continue;
		entry_put(st, d->f, d->kind, d->cls);
		n++;
	}
	dg->dirty_from = st->n_dirty;
	if (!n)
		return;
	ddmrep_end(&st->out, off, n);
	(void)ddm_send_numbered(st, g);
}

/* Write to `to` the entries of class (kind, cls) of every other
 * federate that has one, in one numbered frame. */
static void
snapshot(struct federation *fx, struct federate *to, int kind, uint32_t cls)
{
	struct ddm_fx *st = fxst(fx);
	uint32_t i, n = 0;
	size_t off;

	wire_buf_reset(&st->out);
	off = ddmrep_begin(&st->out, 0);
	for (i = 0; i < fx->n_feds; i++) {
		struct federate *g = fx->feds[i];

		if (g == to || !fst(g) || !ddm_entry_set(g, kind, cls))
			continue;
		entry_put(st, g, kind, cls);
		n++;
	}
	if (!n)
		return;
	ddmrep_end(&st->out, off, n);
	(void)ddm_send_numbered(st, to);
}

static int
holders_add(struct ddm_holders *h, struct federate *f)
{
	if (h->n == h->cap) {
		uint32_t cap = h->cap ? h->cap * 2 : 4;
		struct federate **nf = realloc(h->f, cap * sizeof *nf);

		if (!nf)
			return -1;
		h->f = nf;
		h->cap = cap;
	}
	h->f[h->n++] = f;
	return 0;
}

static void
holders_del(struct ddm_holders *h, struct federate *f)
{
	uint32_t i;

	for (i = 0; i < h->n; i++)
		if (h->f[i] == f) {
			h->f[i] = h->f[--h->n];
			return;
		}
}

/* `f` holds (kind, cls) from now on.  0 or -1 (ENOMEM: it does not). */
static int
hold(struct federation *fx, struct federate *f, int kind, uint32_t cls)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_fed *df = fst(f);

	if (!df->holds[kind] && !(df->holds[kind] = calloc(st->n_cls[kind] +
	    1, 1)))
		return -1;
	if (!df->holder) {
		if (wire_grow((void **)&st->holders, &st->cap_holders,
		    st->n_holders + 1, sizeof *st->holders))
			return -1;
		st->holders[st->n_holders++] = f;
		df->holder = 1;
		/* what it is sent from now on starts here: it never held a
		 * leaver's entries, nor the changes before */
		df->dirty_from = st->n_dirty;
		df->gone_at = st->n_gone;
	}
	if (holders_add(&st->hold[kind][cls], f) < 0)
		return -1;
	df->holds[kind][cls] = 1;
	return 0;
}

void
ddm_published(struct federate *f, int kind, uint32_t cls)
{
	struct federation *fx = f->fx;
	struct ddm_fed *df = fst(f);
	uint32_t k;
	int first = 1;

	if (!df)
		return;
	/* a class held means its superclasses are */
	for (k = cls; k && !holds(df, kind, k); k = parent_of(fx->fom, kind,
	    k)) {
		if (first)
			emit(fx, f);
		first = 0;
		if (hold(fx, f, kind, k) < 0) {
			/* its source filter would drop what others want */
			rti_log(fx->srv, LOG_ERROR, "out of memory giving "
			    "federate %u the subscriptions of class %u; "
			    "closing its connection", f->handle, k);
			if (f->conn)
				conn_close(f->conn, "out of memory");
			return;
		}
		snapshot(fx, f, kind, k);
	}
}

int
ddm_replica_resync(struct federate *f)
{
	const struct fom *fom = f->fx->fom;
	uint32_t k;

	for (k = 1; k <= fom->n_oclasses; k++)
		if (dm_published(f, k))
			ddm_published(f, DDM_OBJECT, k);
	for (k = 1; k <= fom->n_iclasses; k++)
		if (dm_iclass_published(f, k))
			ddm_published(f, DDM_INTERACTION, k);
	return fxst(f->fx)->out.oom ? -1 : 0;
}

/* Take every holder of anything out of the tables. */
static void
holders_clear(struct federation *fx)
{
	struct ddm_fx *st = fxst(fx);
	uint32_t k, c;
	size_t i;

	for (i = 0; i < st->n_holders; i++) {
		struct ddm_fed *d = fst(st->holders[i]);

		for (k = 0; d && k < 2; k++) {
			free(d->holds[k]);
			d->holds[k] = NULL;
		}
		if (d)
			d->holder = 0;
	}
	st->n_holders = 0;
	for (k = 0; k < 2; k++)
		for (c = 0; st->hold[k] && c <= st->n_cls[k]; c++)
			st->hold[k][c].n = 0;
}

/* The changes of the turn are written: a new turn starts. */
static void
dirty_clear(struct ddm_fx *st)
{
	size_t i;

	for (i = 0; i < st->n_dirty; i++) {
		const struct ddm_dirty *d = &st->dirty[i];

		if (d->f)
			filter_of(d->f, d->kind, d->cls)->dirty_at = 0;
	}
	st->n_dirty = 0;
	for (i = 0; i < st->n_holders; i++)
		fst(st->holders[i])->dirty_from = 0;
}

void
ddm_replica_reset(struct federation *fx)
{
	struct ddm_fx *st = fxst(fx);

	dirty_clear(st);
	holders_clear(fx);
}

void
ddm_replica_forget(struct federate *f)
{
	struct ddm_fx *st = fxst(f->fx);
	struct ddm_fed *df = fst(f);
	uint32_t k, c;
	size_t i;

	for (i = 0; i < st->n_dirty; i++)
		if (st->dirty[i].f == f)
			st->dirty[i].f = NULL;
	if (!df->holder)
		return;
	for (k = 0; k < 2; k++)
		for (c = 1; df->holds[k] && c <= st->n_cls[k]; c++)
			if (df->holds[k][c])
				holders_del(&st->hold[k][c], f);
	for (k = 0; k < 2; k++) {
		free(df->holds[k]);
		df->holds[k] = NULL;
	}
	for (i = 0; i < st->n_holders; i++)
		if (st->holders[i] == f) {
			st->holders[i] = st->holders[--st->n_holders];
			break;
		}
	df->holder = 0;
}

int
ddm_replica_grow(struct federation *fx, const uint32_t was[2])
{
	struct ddm_fx *st = fxst(fx);
	size_t i;
	int k;

	for (k = 0; k < 2; k++) {
		if (wire_grow_table(&st->hold[k], was[k], st->n_cls[k],
		    sizeof *st->hold[k]))
			return -1;
		for (i = 0; i < st->n_holders; i++) {
			struct ddm_fed *d = fst(st->holders[i]);

			if (d->holds[k] && wire_grow_table(&d->holds[k],
			    was[k], st->n_cls[k], 1))
				return -1;
		}
	}
	return 0;
}

/* Mark (f, kind, cls) changed in this turn: a later slot replaces an
 * earlier one, so that a receiver written to in between gets the new
 * state too.  0 or -1 (ENOMEM). */
static int
mark_dirty(struct ddm_fx *st, struct federate *f, int kind, uint32_t cls)
{
	struct ddm_filter *fl = filter_of(f, kind, cls);

	if (wire_grow((void **)&st->dirty, &st->cap_dirty, st->n_dirty + 1,
	    sizeof *st->dirty))
		return -1;
	if (fl->dirty_at)
		st->dirty[fl->dirty_at - 1].f = NULL;
	st->dirty[st->n_dirty].f = f;
	st->dirty[st->n_dirty].kind = kind;
	st->dirty[st->n_dirty].cls = cls;
	fl->dirty_at = (uint32_t)++st->n_dirty;
	return 0;
}

/* The reply to `f`'s request waits for `to` to apply frame `seq` of
 * (kind, cls). */
static void
fence_add(struct ddm_fx *st, struct federate *f, struct federate *to,
    uint32_t seq)
{
	if (st->fence_fed != f->handle) {
		st->fence_fed = f->handle;
		st->n_fence = 0;
	}
	if (wire_grow((void **)&st->fence, &st->cap_fence, st->n_fence + 1,
	    sizeof *st->fence))
		return;
	st->fence[st->n_fence].g = to;
	st->fence[st->n_fence].seq = seq;
	st->n_fence++;
}

void
ddm_fence_clear(struct ddm_fx *st)
{
	st->n_fence = 0;
	st->fence_fed = 0;
}

static void
turn_want(struct federation *fx)
{
	fxst(fx)->turn = 1;
	server_turn_end_want(fx->srv);
}

/* Rebuild the entries of (f, kind, cls) and mark them for the turn's
 * batch to their holders; the reply (ddm_reply) waits for them. */
void
ddm_changed(struct federate *f, int kind, uint32_t cls)
{
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	struct ddm_holders *h = &st->hold[kind][cls];
	uint32_t i;

	if (ddm_rebuild(f, kind, cls) < 0)
		rti_log(fx->srv, LOG_ERROR, "out of memory building the "
		    "filters of federate %u", f->handle);
	if (h->n && mark_dirty(st, f, kind, cls) < 0) {
		rti_log(fx->srv, LOG_ERROR, "out of memory: the holders of "
		    "class %u miss a change of federate %u", cls, f->handle);
	} else if (h->n) {
		for (i = 0; i < h->n; i++) {
			struct federate *g = h->f[i];
			struct ddm_fed *dg = fst(g);

			if (g == f || !g->conn)
				continue;
			if (dg->lagging) {
				/* not waited for: its batch leaves before
				 * the reply can */
				emit(fx, g);
				conn_write_now(g->conn);
				continue;
			}
			/* the next frame to g is the batch */
			fence_add(st, f, g, dg->seq + 1);
		}
		turn_want(fx);
	}
	if (kind == DDM_OBJECT)
		server_relevance_stale(fx, cls, 0);
	/* conditions choose the multicast groups (their cells): MC */
	server_conds_changed(f, kind, cls);
}

void
ddm_turn_end(struct rti_server *srv)
{
	struct federation *fx;
	size_t i;

	for (fx = server_federations(srv); fx; fx = fx->next) {
		struct ddm_fx *st = fxst(fx);

		if (!st || !st->turn)
			continue;
		st->turn = 0;
		for (i = 0; i < st->n_holders; i++)
			emit(fx, st->holders[i]);
		dirty_clear(st);
		if (st->waits_dirty) {
			st->waits_dirty = 0;
			ddm_waits_check(fx);
		}
	}
}

static int
need_met(const struct ddm_need *nd)
{
	struct federate *g = nd->g;
	struct ddm_fed *dg = g ? fst(g) : NULL;

	return !dg || !g->conn || conn_closing(g->conn) || dg->lagging ||
	    dg->acked >= nd->seq;
}

void
ddm_wait_free(struct ddm_wait *w)
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
	struct federate *f = server_federate(w->fx, w->fed);

	*pp = w->next;
	if (f && f->conn)
		conn_reply(f->conn, w->serial, RTI_OK, NULL, NULL, 0);
	ddm_wait_free(w);
}

/* Answer every wait whose needs are all met.  A need once met stays met
 * (acknowledgements only grow; a holder stops lagging only when it
 * acknowledged everything), so each wait goes on from its first unmet
 * need. */
void
ddm_waits_check(struct federation *fx)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_wait **pp = &st->waits;

	while (*pp) {
		struct ddm_wait *w = *pp;

		while (w->met < w->n && need_met(&w->need[w->met]))
			w->met++;
		if (w->met == w->n)
			wait_answer(pp);
		else
			pp = &w->next;
	}
}

/* `f` leaves: no wait waits for it. */
void
ddm_waits_forget(struct federation *fx, struct federate *f)
{
	struct ddm_wait *w;
	uint32_t i;

	for (w = fxst(fx)->waits; w; w = w->next)
		for (i = w->met; i < w->n; i++)
			if (w->need[i].g == f)
				w->need[i].g = NULL;
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
	for (i = w->met; i < w->n; i++) {
		struct federate *g = w->need[i].g;

		if (need_met(&w->need[i]))
			continue;
		fst(g)->lagging = 1;
		rti_log(fx->srv, LOG_DEBUG, "federate %u did not "
		    "acknowledge a subscription change within %d ms; not "
		    "waited for until it does (its next send drains the "
		    "change)", g->handle, ACK_WAIT_MS);
	}
	for (pp = &st->waits; *pp != w; pp = &(*pp)->next)
		;
	wait_answer(pp);
	ddm_waits_check(fx);
}

int
ddm_reply_held(struct conn *c, uint32_t serial, int err)
{
	ddm_reply(c, serial, err);
	return 1;
}

void
ddm_reply(struct conn *c, uint32_t serial, int err)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f ? f->fx : NULL;
	struct ddm_fx *st = fx ? fxst(fx) : NULL;
	struct timeval tv = { 0, ACK_WAIT_MS * 1000 };
	struct ddm_wait *w;
	size_t i, k;

	if (!st || st->fence_fed != f->handle || err != RTI_OK) {
		if (st)
			ddm_fence_clear(st);
		conn_reply(c, serial, err, NULL, NULL, 0);
		return;
	}
	for (i = k = 0; i < st->n_fence; i++)
		if (!need_met(&st->fence[i]))
			st->fence[k++] = st->fence[i];
	ddm_fence_clear(st);
	w = k ? calloc(1, sizeof *w) : NULL;
	if (w) {
		w->need = malloc(k * sizeof *w->need);
		w->ev = evtimer_new(server_base(fx->srv), wait_timeout, w);
	}
	if (!w || !w->need || !w->ev || evtimer_add(w->ev, &tv) < 0) {
		if (w)
			ddm_wait_free(w);
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

int
ddm_h_ack(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct ddm_fed *df = fst(conn_fed(c));
	uint32_t seq = wire_get_u32(rd);

	(void)serial;
	if (!wire_rd_done(rd) || !df || seq > df->seq)
		return -1;
	if (seq <= df->acked)
		return 0;
	df->acked = seq;
	if (seq == df->seq)
		df->lagging = 0;
	/* the waits are checked once per turn, however many acknowledge */
	fxst(conn_fed(c)->fx)->waits_dirty = 1;
	turn_want(conn_fed(c)->fx);
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
	ddm_changed(f, kind, cls);
	if (plain < 0)
		ddm_fence_clear(fxst(f->fx));
}

/* ---- routing ---- */

/* Tell `g` every leaver it is owed, in one write, after its batch. */
static void
gone_tell(struct federation *fx, struct federate *g)
{
	struct ddm_fx *st = fxst(fx);
	struct ddm_fed *dg = fst(g);
	size_t off;

	if (!g->conn) {
		dg->gone_at = st->n_gone;
		return;
	}
	emit(fx, g);
	wire_buf_reset(&st->out);
	for (; dg->gone_at < st->n_gone; dg->gone_at++) {
		off = wire_frame_begin(&st->out, WIRE_DDM_CB_FED_GONE);
		wire_put_u32(&st->out, ++dg->seq);
		wire_put_u32(&st->out, st->gone[dg->gone_at]);
		wire_frame_end(&st->out, off);
	}
	conn_send_buf(g->conn, &st->out);
}

/* One slice: the next GONE_SLICE holders owed something, from where the
 * last slice stopped.  A slice that finds fewer has told every holder:
 * the list starts over.  (Only holders hold a leaver's entries; one that
 * became a holder since was never owed it: hold.) */
static void
gone_cb(evutil_socket_t fd, short what, void *arg)
{
	static const struct timeval period = { 0, GONE_PERIOD_US };
	struct federation *fx = arg;
	struct ddm_fx *st = fxst(fx);
	size_t n = st->n_holders, k, sent = 0;

	(void)fd;
	(void)what;
	for (k = 0; k < n && sent < GONE_SLICE; k++) {
		struct federate *g = st->holders[(st->gone_next + k) % n];

		if (fst(g)->gone_at < st->n_gone) {
			gone_tell(fx, g);
			sent++;
		}
	}
	if (sent == GONE_SLICE) {
		st->gone_next = (uint32_t)((st->gone_next + k) % n);
		evtimer_add(st->gone_ev, &period);
		return;
	}
	for (k = 0; k < n; k++)
		fst(st->holders[k])->gone_at = 0;
	st->n_gone = 0;
	st->gone_next = 0;
}

/* Announce leaver `fed` to every holder; 0 or -1. */
int
ddm_gone_add(struct federation *fx, uint32_t fed)
{
	static const struct timeval period = { 0, GONE_PERIOD_US };
	struct ddm_fx *st = fxst(fx);

	if (!st->n_holders)
		return 0;
	if (!st->gone_ev && !(st->gone_ev = evtimer_new(server_base(fx->srv),
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
