/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm_replica.c - the subscription tables replicated to every federate
 * for source-side filtering.
 *
 * Every change of a federate's subscription of a class
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
#include "ddm_int.h"
#include "dm.h"

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
void
ddm_entry_build(struct ddm_fx *st, struct federate *f, int kind, uint32_t cls)
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
uint32_t
ddm_entry_send(struct ddm_fx *st, struct federate *to)
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

void
ddm_fence_clear(struct ddm_fx *st)
{
	st->n_fence = 0;
	st->fence_fed = 0;
}

/* Rebuild the entries of (f, kind, cls) and push them to every other
 * federate; the reply (ddm_reply) waits for their acknowledgements. */
void
ddm_changed(struct federate *f, int kind, uint32_t cls)
{
	struct federation *fx = f->fx;
	struct ddm_fx *st = fxst(fx);
	uint32_t i;

	if (ddm_rebuild(f, kind, cls) < 0)
		rti_log(fx->srv, LOG_ERROR, "out of memory building the "
		    "filters of federate %u", f->handle);
	ddm_entry_build(st, f, kind, cls);
	fst(f)->replicated = 1;
	for (i = 0; i < fx->n_feds; i++)
		if (fx->feds[i] != f) {
			fence_add(st, f, fx->feds[i],
			    ddm_entry_send(st, fx->feds[i]), kind, cls);
			write_now(fx->feds[i]->conn);
		}
	if (kind == DDM_OBJECT)
		server_relevance_stale(fx, cls, 0);
	/* conditions choose the multicast groups (their cells) */
	udp_mc_resync(f);
}

static int
need_met(struct federation *fx, const struct ddm_need *nd)
{
	struct federate *g = server_federate(fx, nd->fed);
	struct ddm_fed *dg = g ? fst(g) : NULL;

	return !dg || !g->conn || g->conn->closing || dg->lagging ||
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

/* Answer every wait whose needs are all met. */
void
ddm_waits_check(struct federation *fx)
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
		g = server_federate(w->fx, w->need[i].fed);
		fst(g)->lagging = 1;
		rti_log(w->fx->srv, LOG_DEBUG, "federate %u did not "
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
	struct federate *f = c->fed;
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
		if (!need_met(fx, &st->fence[i]))
			st->fence[k++] = st->fence[i];
	ddm_fence_clear(st);
	w = k ? calloc(1, sizeof *w) : NULL;
	if (w) {
		w->need = malloc(k * sizeof *w->need);
		w->ev = evtimer_new(fx->srv->base, wait_timeout, w);
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
	ddm_waits_check(c->fed->fx);
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
int
ddm_gone_add(struct federation *fx, uint32_t fed)
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
