/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm_filter.c - the replica of the federation's subscription tables and
 * the source-side filter built on it (proto/match.h): the hooks of OM's
 * send events, which drop an update or interaction that no other
 * federate's subscription takes, and the statistics (rti_get_statistics).
 *
 * Replica guarantee.  rtiexec sends a federate the subscriptions of a
 * class (every other federate's declaration, conditions and regions of
 * it) from its first publish of the class or a subclass, ahead of the
 * publish's reply, and from then on every change of them, batched per
 * loop turn (WIRE_DDM_CB_SUBS, numbered per receiver).  The replica is
 * applied when a frame is dispatched (with every replica frame already
 * received after it), before each request and evoke (frames read while
 * a reply was awaited), before an update or interaction is suppressed
 * (the frames already received, when something was read since the last
 * look: no system call when nothing was), and, when the socket was not
 * read for DRAIN_S (5 ms), before a send, from every replica frame
 * already received (read from the socket without blocking, or queued in
 * the input), in sequence; each is acknowledged
 * (WIRE_DDM_ACK) as soon as applied, once for all applied together.
 * rtiexec holds the reply to a subscription change until every
 * publisher of the class has acknowledged it, or for 200 ms (the
 * publisher is then marked lagging and not waited for until it catches
 * up).  So:
 *  - an acknowledging publisher matches everything it sends after the
 *    subscribe call returned against the change;
 *  - a lagging one has not read its socket for 200 ms, so its next send
 *    drains the change (written to its socket before the subscriber's
 *    reply) and matches against it, widening or narrowing; the only
 *    exception is a change still held in rtiexec's output queue because
 *    the publisher's socket buffer is full.
 * Updates in flight to rtiexec while a subscription changes are matched
 * there against the new tables.  A late unsubscription only costs a
 * message rtiexec filters.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddm_int.h"
#include "ddmrep.h"

/* A send drains the socket first when it was not read for this long. */
#define DRAIN_S 0.005

/* A federate's subscription of a class, as rtiexec pushed it; in the
 * replica by rep_key. */
struct rep {
	struct idmap_node node;
	uint64_t key;             /* rep_key(fed, kind, cls) */
	uint32_t fed, cls;
	uint8_t kind, flags;
	uint64_t *attrs;
	uint64_t **rattrs;        /* [i]: attributes subscribed with its
	                             region i (object classes) */
	uint32_t n_rattrs;
};

static void
rep_rattrs_free(struct rep *e)
{
	uint32_t i;

	for (i = 0; i < e->n_rattrs; i++)
		free(e->rattrs[i]);
	free(e->rattrs);
	e->rattrs = NULL;
	e->n_rattrs = 0;
}

/* ---- the replica ---- */

/* The key of (fed, kind, cls): class handles are below 2^31 (the FOM's
 * limits), so the three fit in 64 bits. */
static uint64_t
rep_key(uint32_t fed, int kind, uint32_t cls)
{
	return (uint64_t)fed << 32 | (uint64_t)cls << 1 | (uint64_t)kind;
}

static struct rep *
rep_of(struct idmap_node *n)
{
	return n ? IDMAP_ENTRY(n, struct rep, node) : NULL;
}

static inline struct rep *
rep_find(struct ddm_state *st, uint32_t fed, int kind, uint32_t cls)
{
	return rep_of(IDMAP_GET(&st->reps, rep_key(fed, kind, cls), struct rep,
	    node, key));
}

static void
rep_free(struct rep *e)
{
	rep_rattrs_free(e);
	free(e->attrs);
	free(e);
}

static void
rep_drop_fed(struct ddm_state *st, uint32_t fed)
{
	struct idmap_iter it;
	struct rep *e;
	int k;
	uint32_t c;

	idmap_iter_init(&st->reps, &it);
	while ((e = rep_of(idmap_iter_next(&st->reps, &it))))
		if (e->fed == fed) {
			idmap_del(&st->reps, &e->node);
			rep_free(e);
		}
	for (k = 0; k < 2; k++)
		for (c = 1; c <= st->n_cls[k]; c++)
			if (st->set[k][c])
				match_set_remove_owner(st->set[k][c], fed);
}

/* WIRE_CB_RESTORE_DDM past its sequence number `seq`: this federate's
 * own state, and the replica emptied (the frames that follow refill it).
 * 0, or -1 with nothing changed. */
static int
rep_restore(rti_ambassador *amb, uint32_t seq, struct wire_rd *rd)
{
	struct ddm_state *st = st_of(amb);
	struct idmap_iter it;
	struct rep *e;
	uint32_t c;
	int k;

	if (!st || seq <= st->applied)
		return 0;
	if (rti__ddm_restore_own(amb, rd) < 0)
		return -1;
	idmap_iter_init(&st->reps, &it);
	while ((e = rep_of(idmap_iter_next(&st->reps, &it)))) {
		idmap_del(&st->reps, &e->node);
		rep_free(e);
	}
	for (k = 0; k < 2; k++)
		for (c = 1; c <= st->n_cls[k]; c++)
			if (st->set[k][c]) {
				match_set_free(st->set[k][c]);
				st->set[k][c] = NULL;
			}
	st->applied = seq;
	return 0;
}

/* Put entry `d` (read by ddmrep_get, its class checked) into the
 * replica in place of the one it had for (fed, kind, cls).  0, or -1
 * (ENOMEM: the replica may then lack the entry, which only makes the
 * source filter send more). */
static int
rep_entry_apply(struct ddm_state *st, struct ddmrep_entry *d)
{
	struct match_set *s;
	struct rep *e;
	uint32_t i, j;

	e = rep_find(st, d->fed, d->kind, d->cls);
	if (!e) {
		e = calloc(1, sizeof *e);
		if (!e || !(e->attrs = calloc(st->words, sizeof *e->attrs))) {
			free(e);
			return -1;
		}
		e->fed = d->fed;
		e->kind = d->kind;
		e->cls = d->cls;
		e->key = rep_key(d->fed, d->kind, d->cls);
		idmap_put(&st->reps, &e->node);
	}
	e->flags = d->flags;
	memset(e->attrs, 0, st->words * sizeof *e->attrs);
	for (i = 0; i < d->n_attrs; i++) {
		uint32_t a = wire_get32(d->attrs + 4 * i);

		if (a / 64 < st->words)
			bset_add(e->attrs, a);
	}
	rep_rattrs_free(e);
	if (d->n_regions && !(e->rattrs = calloc(d->n_regions,
	    sizeof *e->rattrs)))
		return -1;
	for (i = 0; i < d->n_regions; i++) {
		if (!(e->rattrs[i] = calloc(st->words, sizeof **e->rattrs)))
			return -1;
		e->n_rattrs = i + 1;
		for (j = 0; j < d->reg[i].n_attrs; j++) {
			uint32_t a = wire_get32(d->reg[i].attrs + 4 * j);

			if (a / 64 < st->words)
				bset_add(e->rattrs[i], a);
		}
		(void)match_region_sort(d->reg[i].r, d->reg[i].n);
	}
	s = st->set[d->kind][d->cls];
	if (!s && !(s = st->set[d->kind][d->cls] = match_set_new()))
		return -1;
	match_set_remove_owner(s, d->fed);
	for (j = 0; j < (d->n_conds ? d->n_conds : 1); j++) {
		const char *c = d->n_conds ? d->conds[j] : NULL;

		if (d->flags & WIRE_DDMF_PLAIN)
			(void)match_set_add(s, d->fed, NULL, 0, c);
		for (i = 0; i < d->n_regions; i++)
			(void)match_set_add_tag(s, d->fed, i + 1, d->reg[i].r,
			    d->reg[i].n, c);
	}
	return 0;
}

/*
 * Apply a replica frame (a WIRE_DDM_CB_SUBS, _FED_GONE or
 * WIRE_CB_RESTORE_DDM payload) unless its sequence number was applied
 * already.  A batch is read whole before any of it is applied.  0, or -1
 * when malformed.
 */
static int
rep_apply(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct ddm_state *st = st_of(amb);
	struct wire_rd chk;
	uint32_t seq, n, i, fed;

	if (type == WIRE_CB_RESTORE_DDM)
		return rep_restore(amb, wire_get_u32(rd), rd);
	if (type == WIRE_DDM_CB_FED_GONE) {
		seq = wire_get_u32(rd);
		fed = wire_get_u32(rd);
		if (!wire_rd_done(rd))
			return -1;
		if (st && seq > st->applied) {
			st->applied = seq;
			rep_drop_fed(st, fed);
		}
		return 0;
	}
	if (ddmrep_head(rd, &seq, &n) < 0)
		return -1;
	if (!st)
		return 0;
	if (!st->ent && !(st->ent = malloc(sizeof *st->ent)))
		return -1;
	chk = *rd;
	for (i = 0; i < n; i++)
		if (ddmrep_get(&chk, st->ent) < 0 ||
		    st->ent->cls > st->n_cls[st->ent->kind])
			return -1;
	if (!wire_rd_done(&chk))
		return -1;
	if (seq <= st->applied)
		return 0;
	st->applied = seq;
	for (i = 0; i < n; i++) {
		(void)ddmrep_get(rd, st->ent);
		(void)rep_entry_apply(st, st->ent);
	}
	return 0;
}

/* Acknowledge the replica frames applied (rtiexec holds the reply to a
 * subscription change until then). */
static void
ack(rti_ambassador *amb)
{
	struct ddm_state *st = st_of(amb);
	struct wire_buf *b;
	size_t off;

	if (!st || st->applied == st->acked || amb->lost)
		return;
	b = rti__msg_begin(amb, WIRE_DDM_ACK, &off);
	wire_put_u32(b, st->applied);
	if (rti__msg_end(amb, off, 1) == RTI_OK)
		st->acked = st->applied;
}

/* Read the socket without blocking (`lazy`: only when the last read left
 * bytes in it), then apply and acknowledge the replica frames in the
 * input from in_off; with `scan` 0 only when something was read since the
 * last scan.  Other frames stay in the input, in order, for evoke.  1
 * when one was applied. */
static int
sync_replica_scan(rti_ambassador *amb, int scan, int lazy)
{
	struct ddm_state *st = st_of(amb);
	uint32_t before = st->applied, len;
	uint16_t type, flags;
	size_t off;
	int i;

	if (!lazy || !amb->rd_empty)
		for (i = 0; i < 64 && rti__read_some(amb) > 0; i++)
			;
	/* frames come only with reads: one since the last scan means
	 * input to scan (the input may also shrink: a reply taken out) */
	scan |= amb->rx_count != st->seen_rx;
	st->seen_rx = amb->rx_count;
	for (off = amb->in_off; scan && off < amb->in.len;) {
		struct wire_rd rd;

		if (wire_frame_peek(amb->in.data + off, amb->in.len - off,
		    UINT32_MAX, &type, &flags, &len) <= 0 ||
		    amb->in.len - off - WIRE_HEADER_SIZE < len)
			break;
		if (type == WIRE_DDM_CB_SUBS || type == WIRE_DDM_CB_FED_GONE ||
		    type == WIRE_CB_RESTORE_DDM) {
			wire_rd_init(&rd, amb->in.data + off +
			    WIRE_HEADER_SIZE, len);
			(void)rep_apply(amb, type, &rd);
		}
		off += WIRE_HEADER_SIZE + len;
	}
	ack(amb);
	return st->applied != before;
}

/* A replica frame is applied when it is delivered, with every one that
 * follows it already received, and acknowledged at once. */
static int
cb_replica(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	if (rep_apply(amb, type, rd) < 0)
		return -1;
	(void)sync_replica_scan(amb, 0, 1);
	return 0;
}

/* Before each request and evoke: apply and acknowledge the replica frames
 * that arrived (e.g. while a reply was awaited).  The socket is read only
 * when it may hold more (a system call per request or evoke is most of
 * the cost of a time step); evoke and the sends read it anyway. */
void
rti__ddm_flush(rti_ambassador *amb)
{
	if (st_of(amb))
		(void)sync_replica_scan(amb, 0, 1);
}

struct want_ctx {
	struct ddm_state *st;
	rti_ambassador *amb;
	int kind;
	uint32_t k, cls;
	const struct rti_attribute_value *v;
	size_t n;
};

/* Does `owner`'s entry at class ctx->k take it (it subscribes there and no
 * more specific class of ctx->cls, and to one of the attributes)? */
static int
want_cb(uint32_t owner, uint32_t tag, void *arg)
{
	struct want_ctx *x = arg;
	const struct fom *fom = x->amb->fom;
	const uint64_t *attrs;
	struct rep *e;
	uint32_t j;
	size_t i;

	if (owner == x->amb->self.id)
		return 0;
	e = rep_find(x->st, owner, x->kind, x->k);
	if (!e || !(e->flags & WIRE_DDMF_SUBSCRIBED))
		return 0;
	for (j = x->cls; j && j != x->k; j = x->kind == KIND_OC ?
	    fom_oclass(fom, j)->parent : fom_iclass(fom, j)->parent) {
		struct rep *e2 = rep_find(x->st, owner, x->kind, j);

		if (e2 && (e2->flags & WIRE_DDMF_SUBSCRIBED))
			return 0;
	}
	if (x->kind == KIND_IC)
		return 1;
	/* an entry of a region covers the attributes subscribed with it */
	attrs = e->attrs;
	if (tag)
		attrs = tag <= e->n_rattrs ? e->rattrs[tag - 1] : NULL;
	for (i = 0; attrs && i < x->n; i++)
		if (bset_has(attrs, x->st->words, x->v[i].attribute.id))
			return 1;
	return 0;
}

static int
wants(rti_ambassador *amb, int kind, uint32_t cls, const char *cond,
    const struct match_region *q, uint32_t m,
    const struct rti_attribute_value *v, size_t n)
{
	struct ddm_state *st = st_of(amb);
	struct want_ctx x;
	uint32_t k, i;

	x.st = st;
	x.amb = amb;
	x.kind = kind;
	x.cls = cls;
	x.v = v;
	x.n = n;
	for (k = cls; k; k = kind == KIND_OC ?
	    fom_oclass(amb->fom, k)->parent :
	    fom_iclass(amb->fom, k)->parent) {
		struct match_set *s = st->set[kind][k];

		if (!s)
			continue;
		x.k = k;
		if (m == 0 && match_set_query_tag(s, NULL, cond, want_cb, &x))
			return 1;
		for (i = 0; i < m; i++)
			if (match_set_query_tag(s, &q[i], cond, want_cb, &x))
				return 1;
	}
	return 0;
}

/* Regions of the update of attributes v[0..n) of `in` into st->mdl.q
 * (ddm_update_regions): their number, 0 (the default region) on ENOMEM
 * as when one has none. */
static uint32_t
update_regions(struct ddm_state *st, const struct ddm_inst *in,
    const struct rti_attribute_value *v, size_t n)
{
	long m;
	size_t a;

	if (!in || !in->n_assoc || wire_grow((void **)&st->ids, &st->cap_ids,
	    n ? n : 1, sizeof *st->ids))
		return 0;
	for (a = 0; a < n; a++)
		st->ids[a] = v[a].attribute.id;
	m = ddm_update_regions(&st->mdl, in, st->ids, (uint32_t)n, 0);
	return m < 0 ? 0 : (uint32_t)m;
}

/* Does another federate want one of v[0..n) of `in` (each attribute
 * matched with its own update regions)? */
static int
wants_update(rti_ambassador *amb, const struct ddm_inst *in, uint32_t cls,
    const char *cond, const struct rti_attribute_value *v, size_t n)
{
	struct ddm_state *st = st_of(amb);
	uint32_t m = update_regions(st, in, v, n);
	size_t j;
	int uniform = 1;

	if (!wants(amb, KIND_OC, cls, cond, st->mdl.q, m, v, n))
		return 0;
	for (j = 1; in && j < n && uniform; j++)
		uniform = ddm_same_regions(&st->mdl, in, v[0].attribute.id,
		    v[j].attribute.id);
	if (uniform)
		return 1;
	for (j = 0; j < n; j++) {
		m = update_regions(st, in, v + j, 1);
		if (wants(amb, KIND_OC, cls, cond, st->mdl.q, m, v + j, 1))
			return 1;
	}
	return 0;
}

/*
 * Before a send is matched: drain the replica frames waiting in the socket
 * when it was not read for DRAIN_S.  rtiexec answers a subscription
 * change once the publishers acknowledged it, or after 200 ms; a
 * publisher that did not acknowledge in time did not read its socket (and
 * made no request or evoke) for far longer than DRAIN_S, so its next send
 * drains the change first and matches against it, widening or narrowing.
 * What was read since the last look is scanned in any case (the
 * suppression below).
 */
static void
drain_if_idle(rti_ambassador *amb, struct ddm_state *st)
{
	(void)st;
	if (rti__now() - amb->rd_at > DRAIN_S)
		(void)sync_replica_scan(amb, 0, 0);
}

/* Was the last update of a class bundle send, without regions or
 * condition either, of the same attributes, in the same order, with the
 * same replica?  The memo is the last event's instance; its attributes
 * are compared here, so the memo depends on nothing OM keeps. */
static int
memo_hit(const struct ddm_state *st, uint32_t cls, const char *cond,
    const struct rti_attribute_value *v, size_t n)
{
	size_t i;

	if (!st->memo_valid || st->memo_cls != cls ||
	    st->memo_applied != st->applied ||
	    st->memo_cond_null != (cond == NULL))
		return 0;
	if (st->memo_n != n)
		return 0;
	for (i = 0; i < n; i++)
		if (st->memo_attrs[i] != v[i].attribute.id)
			return 0;
	return 1;
}

/* Is in's memo the answer for attributes v[0..n) at class cls, with the
 * replica as it is? */
static int
inst_memo_hit(const struct ddm_state *st, const struct ddm_inst *in,
    uint32_t cls, const struct rti_attribute_value *v, size_t n)
{
	size_t i;

	if (!in->memo_n || in->memo_n != n || in->memo_cls != cls ||
	    in->memo_applied != st->applied)
		return 0;
	for (i = 0; i < n; i++)
		if (in->memo_attrs[i] != v[i].attribute.id)
			return 0;
	return 1;
}

/* Keep answer w for in (an update of v[0..n) at cls), when n fits. */
static void
inst_memo_set(const struct ddm_state *st, struct ddm_inst *in, uint32_t cls,
    const struct rti_attribute_value *v, size_t n, int w)
{
	size_t i;

	in->memo_n = 0;
	if (!n || n > DDM_INST_MEMO_ATTRS)
		return;
	for (i = 0; i < n; i++)
		in->memo_attrs[i] = v[i].attribute.id;
	in->memo_cls = cls;
	in->memo_applied = st->applied;
	in->memo_w = (uint8_t)(w != 0);
	in->memo_n = (uint8_t)n;
}

/* OM's send_bundle event: one drain for the whole bundle, a fresh memo. */
void
rti__ddm_send_bundle(rti_ambassador *amb, int on)
{
	struct ddm_state *st = st_of(amb);

	if (!st)
		return;
	if (on)
		drain_if_idle(amb, st);
	st->in_bundle = on;
	st->memo_valid = 0;
}

/*
 * OM's send_update event, the source-side filter: 1 when another
 * federate's subscription takes the update, 0 when none does; counts it
 * as sent or suppressed.  Inside a class bundle send (rti__ddm_send_bundle),
 * the replica is drained once, not per instance, and an instance without
 * regions or condition updating the same attributes as the one before
 * shares its positive answer (memo_hit).
 */
int
rti__ddm_send_update(rti_ambassador *amb, uint32_t obj, uint32_t cls,
    const struct rti_attribute_value *v, size_t n, const char *cond)
{
	struct ddm_state *st = st_of(amb);
	struct ddm_inst *in;
	size_t i;
	int w, plain, own;

	if (!st)
		return 1;
	if (!st->in_bundle)
		drain_if_idle(amb, st);
	/* only instances given a condition or regions have an entry */
	in = ddm_inst_find(&st->mdl, obj);
	own = in && !in->n_assoc && (!cond || !*cond);
	if (!cond || !*cond)
		cond = in ? in->cond : NULL;
	plain = st->in_bundle && (!cond || !*cond) && (!in || !in->n_assoc);
	if (plain && memo_hit(st, cls, cond, v, n)) {
		st->stats.updates_sent++;
		return 1;
	}
	/* The instance's last answer, while nothing it depends on changed:
	 * the replica (applied), the class and the attributes; its
	 * condition and regions are its record's, which clears the memo
	 * when they change.  A no is checked against replica frames read
	 * since, as below.  A publisher of many instances with conditions
	 * (a substation simulator's 512 a step) matched every one of them
	 * every step. */
	if (own && inst_memo_hit(st, in, cls, v, n) &&
	    (in->memo_w || !sync_replica_scan(amb, 0, 1))) {
		w = in->memo_w;
		st->memo_valid = 0;
		goto counted;
	}
	w = wants_update(amb, in, cls, cond, v, n);
	if (!w && sync_replica_scan(amb, 0, 1))
		w = wants_update(amb, in, cls, cond, v, n);
	if (own)
		inst_memo_set(st, in, cls, v, n, w);
	st->memo_valid = 0;
	if (w && plain && n <= MEMO_ATTRS) {
		st->memo_valid = 1;
		st->memo_cond_null = cond == NULL;
		st->memo_cls = cls;
		st->memo_applied = st->applied;
		st->memo_n = (uint32_t)n;
		for (i = 0; i < n; i++)
			st->memo_attrs[i] = v[i].attribute.id;
	}
counted:
	if (w) {
		st->stats.updates_sent++;
	} else {
		st->stats.updates_suppressed++;
		for (i = 0; i < n; i++)
			st->bytes_suppressed += v[i].length;
		/* rtiexec does not see it: librti reports it */
		if (amb->report_services)
			rti__svc_local(amb, "updateAttributeValues",
			    "objectInstance=%u", obj);
	}
	return w;
}

/* OM's send_interaction event: as rti__ddm_send_update. */
int
rti__ddm_send_interaction(rti_ambassador *amb, uint32_t cls, const char *cond,
    const uint32_t *reg, uint32_t m)
{
	struct ddm_state *st = st_of(amb);
	long k;
	int w;

	if (!st)
		return 1;
	drain_if_idle(amb, st);
	if ((k = m ? ddm_regions_query(&st->mdl, reg, m) : 0) < 0)
		return 1;
	w = wants(amb, KIND_IC, cls, cond, st->mdl.q, (uint32_t)k, NULL, 0);
	if (!w && sync_replica_scan(amb, 0, 1))
		w = wants(amb, KIND_IC, cls, cond, st->mdl.q, (uint32_t)k,
		    NULL, 0);
	/* a MOM interaction goes even so: rtiexec takes the MIM's requests
	 * (rti-mom(7)), and the MIM is in every FOM */
	if (!w && amb->fom)
		w = fom_iclass_is_a(amb->fom, cls, fom_iclass_by_name(amb->fom,
		    "HLAinteractionRoot.HLAmanager"));
	if (w) {
		st->stats.interactions_sent++;
	} else {
		st->stats.interactions_suppressed++;
		if (amb->report_services)
			rti__svc_local(amb, "sendInteraction",
			    "interactionClass=%u", cls);
	}
	return w;
}

void
rti__ddm_report(rti_ambassador *amb, double now)
{
	struct ddm_state *st = st_of(amb);
	size_t off;

	if (!st || !amb->joined || (st->rep_at != 0 && now - st->rep_at < 1.0))
		return;
	if (st->rep_upd == st->stats.updates_suppressed &&
	    st->rep_bytes == st->bytes_suppressed &&
	    st->rep_ic == st->stats.interactions_suppressed)
		return;
	off = wire_frame_begin(&amb->out, WIRE_SOURCE_STATS);
	wire_put_u64(&amb->out, st->stats.updates_suppressed);
	wire_put_u64(&amb->out, st->bytes_suppressed);
	wire_put_u64(&amb->out, st->stats.interactions_suppressed);
	wire_frame_end(&amb->out, off);
	if (amb->out.oom) {
		/* nothing queued: the next evoke tries again */
		amb->out.oom = 0;
		amb->out.len = off;
		return;
	}
	st->rep_at = now;
	st->rep_upd = st->stats.updates_suppressed;
	st->rep_bytes = st->bytes_suppressed;
	st->rep_ic = st->stats.interactions_suppressed;
}

/* OM's received event: the statistics. */
void
rti__ddm_received(rti_ambassador *amb, int interaction, size_t n)
{
	struct ddm_state *st = st_of(amb);

	if (!st)
		return;
	if (interaction)
		st->stats.interactions_received += n;
	else
		st->stats.updates_received += n;
}

/* ---- the replica's table ---- */

int
rti__ddm_replica_init(struct ddm_state *st)
{
	return IDMAP_INIT(&st->reps, struct rep, node, key);
}

void
rti__ddm_replica_fini(struct ddm_state *st)
{
	struct idmap_iter it;
	struct rep *e;

	idmap_iter_init(&st->reps, &it);
	while ((e = rep_of(idmap_iter_next(&st->reps, &it))))
		rep_free(e);
	idmap_fini(&st->reps);
	free(st->ent);
	st->ent = NULL;
}

/* ---- statistics ---- */

RTI_API int
rti_get_statistics(rti_ambassador *amb, struct rti_statistics *out)
{
	RTI__JOINED_OR_RETURN(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	*out = st_of(amb)->stats;
	return RTI_OK;
}

const struct rti__cb_handler rti__ddm_callbacks[] = {
	{ WIRE_DDM_CB_SUBS, cb_replica },
	{ WIRE_DDM_CB_FED_GONE, cb_replica },
	{ WIRE_CB_RESTORE_DDM, cb_replica },
	{ WIRE_DDM_CB_INSTANCE_CONDITION, rti__ddm_cb_condition },
	{ 0, NULL }
};
