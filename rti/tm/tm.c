/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tm.c - the TM module of rtiexec: time regulation and constraint, time
 * advance requests and grants, GALT (LBTS), and the checks OM makes on
 * timestamp-order (TSO) messages.  Its part of save and restore is
 * tm_save.c.
 *
 * Model.  Each federate f has a logical time T_f, and when regulating a
 * lookahead L_f and a committed send bound floor_f: the earliest timestamp
 * it may still send (T_f + L_f at its last grant, exclusive when L_f = 0
 * and the grant was not from TARA/NMRA, per IEEE 1516-2010; never
 * lowered, so reducing lookahead takes effect only as time advances).
 * While a request to t is pending, f may send only at or after
 * max(floor_f, t + L_f) (tmc_send_bound); librti enforces that bound
 * before sending and tm_check_tso_send re-checks it here.
 *
 * Output bound OB_f of a regulating federate: a lower bound on every TSO
 * message it may send from now on.
 *   - granted, TAR/TARA pending, FQR pending, or not constrained:
 *     OB_f = its send bound (fixed: it does not depend on what f
 *     receives);
 *   - NMR/NMRA pending and constrained: f may be granted at the earliest
 *     of t, its queued messages (Q_f) and any message still to come
 *     (>= GALT_f), so OB_f = max(floor_f, min(min(t, Q_f) + L_f,
 *     GALT_f + L_f)).
 * GALT_f = min over regulating g != f of OB_g (undefined when there is no
 * such g).  The NMR equations are circular; rtiexec takes their greatest
 * fixpoint, computed in O(n) by tmc_galt: the smallest candidate
 * c_g = max(floor_g, base_g) is final (no message can be stamped below
 * it: the first such message would need a sender granted below it, which
 * needs an even earlier message), and every other federate sees it as
 * its GALT.  Bounds carry strictness, so zero-lookahead federates that all
 * ask NMR(t) or TAR(t) see GALT "> t" and are granted t (no deadlock).
 *
 * Invariants.
 *   I1  every TSO message sent by g is stamped >= OB_g (checked on send);
 *   I2  OB_g never decreases (floors are monotone; an NMR grant at
 *       min(t, Q) raises OB to exactly the bound it had);
 *   I3  a constrained f is granted g only when GALT_f > g (TAR, NMR) or
 *       >= g (TARA, NMRA), so no message stamped <= g (resp. < g) can
 *       still be sent to it; the messages already routed to f precede the
 *       grant frame on f's connection, and librti releases those stamped
 *       <= g in timestamp order before the grant callback;
 *   I4  Q_f (a min-heap of the stamps routed to f and not yet released)
 *       mirrors librti's queue of held messages.
 * Safety follows from I1-I3: GALT_f bounds every future message to f.
 * Liveness: the federate(s) with the smallest candidate bound always see
 * GALT at least that bound, so the earliest pending request can be granted
 * (lookahead > 0, or zero lookahead with NMR/NMRA/TARA, or TAR where all
 * zero-lookahead peers ask the same t); a federate that resigns or dies
 * leaves the computation.
 *
 * Cost.  Requests, grants, and OM's notes only mark the federation dirty;
 * one deferred evaluation per event-loop turn computes every OB and GALT
 * in O(n) and grants exactly the federates whose grant became possible
 * (repeated while NMR/FQR grants raise someone's output bound).  Nothing
 * is broadcast: advance requests are one-way (librti checks them; a
 * request it should have refused is dropped with a WIRE_NOTICE), one grant
 * frame per grant.
 *
 * Retraction (IEEE 1516-2010 8.21, 8.22).  A regulating sender may
 * retract a TSO message while its timestamp is greater than the sender's
 * logical time.  OM announces each TSO message it routes (tm_tso_sent) and
 * each frame of it that goes to a receiver (tm_note_tso_delivery); TM logs
 * them per sender (struct tmc_sent, in handle order) and prunes the log
 * when the sender's next time advance request shows that it has seen its
 * grant past them, so the log holds only messages stamped after the
 * sender's logical time (at most TM_SENT_MAX entries).  On WIRE_TM_RETRACT
 * rtiexec sends WIRE_TM_CB_RETRACT to every receiver of the message,
 * after the message on the same connection: librti drops it when still
 * held, else calls request_retraction.  rtiexec removes its stamp from the
 * receiver's Q when it is still there (no flush since, and no grant since
 * or only grants before its stamp), which keeps I4.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "tm_int.h"

#define TM_SENT_MAX 262144

static struct tm_fed *
fed_st(const struct federate *f)
{
	return tm_fed_st(f);
}

/* ---- heap of stamps ---- */

int
tm_q_push(struct tm_fed *st, int i64, uint64_t t)
{
	size_t i;

	if (st->nq == st->capq) {
		size_t cap = st->capq ? st->capq * 2 : 16;
		uint64_t *nq = realloc(st->q, cap * sizeof *nq);

		if (!nq)
			return -1;
		st->q = nq;
		st->capq = cap;
	}
	i = st->nq++;
	while (i > 0 && tmc_cmp(i64, t, st->q[(i - 1) / 2]) < 0) {
		st->q[i] = st->q[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	st->q[i] = t;
	return 0;
}

static void
q_pop(struct tm_fed *st, int i64)
{
	uint64_t last = st->q[--st->nq];
	size_t i = 0, c;

	while ((c = 2 * i + 1) < st->nq) {
		if (c + 1 < st->nq && tmc_cmp(i64, st->q[c + 1], st->q[c]) < 0)
			c++;
		if (tmc_cmp(i64, st->q[c], last) >= 0)
			break;
		st->q[i] = st->q[c];
		i = c;
	}
	if (st->nq)
		st->q[i] = last;
}

/* ---- evaluation ---- */

void
tm_mark_dirty(struct federation *fx)
{
	struct tm_fx *tx = fx->mod[MOD_TM];

	if (tx && tx->ev)
		event_active(tx->ev, EV_TIMEOUT, 0);
}

static void
send_time(struct federate *f, uint16_t type, int kind, uint64_t t)
{
	struct wire_buf *b;
	size_t off;

	if (!f->conn)
		return;
	b = srv_frame(f->fx->srv, type, &off);
	if (type == WIRE_TM_CB_GRANT || type == WIRE_TM_CB_SAVE_GRANT)
		wire_put_u8(b, (uint8_t)kind);
	wire_put_u64(b, t);
	wire_frame_end(b, off);
	conn_send_buf(f->conn, b);
}

/* Grant f's pending request (or regulation enable) at `g`. */
static void
grant(struct federate *f, uint64_t g)
{
	struct tm_fed *st = fed_st(f);
	int i64 = f->fx->time_int64;
	int kind = st->kind;

	st->now = g;
	st->grants++;
	if (st->regulating) {
		st->floor = tmc_bmax(i64, st->floor,
		    tmc_la_bound(i64, g, st->lookahead, kind));
		st->last_kind = kind;
	}
	if (kind == TMC_FQR) {
		st->nq = 0;
		st->qepoch++;
	}
	while (st->nq && tmc_cmp(i64, st->q[0], g) <= 0)
		q_pop(st, i64);
	st->kind = TMC_NONE;
	if (st->reg_enabling) {
		st->reg_enabling = 0;
		send_time(f, WIRE_TM_CB_REGULATION_ENABLED, 0, g);
	} else {
		send_time(f, WIRE_TM_CB_GRANT, kind, g);
	}
}

/* A timed save at `t`: f's pending request past it is granted at `t`
 * (WIRE_TM_CB_SAVE_GRANT) and stays pending, to be granted when the
 * save is over. */
static void
save_grant(struct federate *f, uint64_t t)
{
	struct tm_fed *st = fed_st(f);
	int i64 = f->fx->time_int64;

	st->now = t;
	st->grants++;
	if (st->regulating)
		st->floor = tmc_bmax(i64, st->floor,
		    tmc_la_bound(i64, t, st->lookahead, st->kind));
	while (st->nq && tmc_cmp(i64, st->q[0], t) <= 0)
		q_pop(st, i64);
	send_time(f, WIRE_TM_CB_SAVE_GRANT, st->kind, t);
}

/* Fill tx->nodes with the regulating federates; returns their number. */
static size_t
build_nodes(struct federation *fx)
{
	struct tm_fx *tx = fx->mod[MOD_TM];
	int i64 = fx->time_int64;
	size_t n = 0;
	uint32_t i;

	if (tx->cap < fx->n_feds) {
		struct tmc_node *nn = realloc(tx->nodes,
		    fx->n_feds * sizeof *nn);

		if (!nn)
			return SIZE_MAX;
		tx->nodes = nn;
		tx->cap = fx->n_feds;
	}
	for (i = 0; i < fx->n_feds; i++) {
		struct tm_fed *st = fed_st(fx->feds[i]);
		struct tmc_node *nd;

		if (!st)
			continue;
		st->node = SIZE_MAX;
		if (!st->regulating)
			continue;
		st->node = n;
		nd = &tx->nodes[n++];
		nd->floor = st->floor;
		nd->lookahead = st->lookahead;
		nd->open = tmc_la_bound(i64, 0, st->lookahead, st->kind).open;
		nd->fixed = !st->constrained ||
		    (st->kind != TMC_NMR && st->kind != TMC_NMRA);
		if (nd->fixed) {
			nd->base = st->kind == TMC_FQR ? st->floor :
			    tmc_send_bound(i64, st->floor, st->kind, st->req,
			    st->lookahead);
		} else {
			uint64_t at = st->req;

			if (st->nq)
				at = tmc_min(i64, at, st->q[0]);
			nd->base = tmc_la_bound(i64, at, st->lookahead,
			    st->kind);
		}
	}
	return n;
}

/* GALT of `st` from the last tmc_galt; 0 when undefined. */
static int
galt_of(const struct tm_fed *st, size_t n, size_t first,
    struct tmc_bound min1, struct tmc_bound min2, struct tmc_bound *out)
{
	if (n == 0 || (n == 1 && st->node != SIZE_MAX))
		return 0;
	*out = st->node == first ? min2 : min1;
	return 1;
}

/* Every constrained federate is at the save time or past it, or held
 * back at it (a timed save). */
static int
cap_reached(struct federation *fx)
{
	struct tm_fx *tx = fx->mod[MOD_TM];
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++) {
		struct tm_fed *st = fed_st(fx->feds[i]);

		if (!st || !st->constrained || st->capped ||
		    tmc_cmp(fx->time_int64, st->now, tx->cap_t) >= 0)
			continue;
		return 0;
	}
	return 1;
}

static void
evaluate(struct federation *fx)
{
	struct tm_fx *tx = fx->mod[MOD_TM];
	int i64 = fx->time_int64, progressed;
	struct tmc_bound min1, min2, galt;
	size_t n, first;
	uint32_t i;
	int ok;

	if (tx->frozen)
		return;
	do {
		progressed = 0;
		n = build_nodes(fx);
		if (n == SIZE_MAX) {
			rti_log(fx->srv, LOG_ERROR, "TM: out of memory");
			return;
		}
		tmc_galt(i64, tx->nodes, n, &first, &min1, &min2);
		for (i = 0; i < fx->n_feds; i++) {
			struct federate *f = fx->feds[i];
			struct tm_fed *st = fed_st(f);
			uint64_t g;
			int has;

			if (!st)
				continue;
			has = galt_of(st, n, first, min1, min2, &galt);
			if (st->con_pending && (!has ||
			    tmc_cmp(i64, galt.t, st->now) >= 0)) {
				st->con_pending = 0;
				st->constrained = 1;
				send_time(f, WIRE_TM_CB_CONSTRAINED_ENABLED, 0,
				    st->now);
			}
			st->capped = 0;
			ok = tmc_grant(i64, st->kind, st->req, st->now,
			    st->constrained, has, galt, st->nq > 0,
			    st->nq ? st->q[0] : 0, &g);
			if (tx->save_cap && st->constrained &&
			    st->kind != TMC_NONE && (ok ?
			    tmc_cmp(i64, g, tx->cap_t) > 0 :
			    tmc_cmp(i64, st->req, tx->cap_t) > 0)) {
				/* a timed save: granted at its time, the
				 * request kept pending (save_grant) */
				if (tmc_cmp(i64, st->now, tx->cap_t) < 0 &&
				    tmc_grant(i64, st->kind, tx->cap_t,
				    st->now, 1, has, galt, st->nq > 0,
				    st->nq ? st->q[0] : 0, &g) &&
				    tmc_cmp(i64, g, tx->cap_t) == 0) {
					save_grant(f, g);
					if (st->regulating)
						progressed = 1;
				}
				st->capped = tmc_cmp(i64, st->now,
				    tx->cap_t) >= 0;
				continue;
			}
			if (!ok)
				continue;
			if (st->regulating && (st->kind == TMC_NMR ||
			    st->kind == TMC_NMRA || st->kind == TMC_FQR))
				progressed = 1;
			grant(f, g);
		}
	} while (progressed);
	if (tx->save_cap && !tx->cap_reached && cap_reached(fx)) {
		tx->cap_reached = 1;
		server_save_time_reached(fx);
	}
}

static void
evaluate_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	evaluate(arg);
}

/* ---- handlers ---- */

static int
h_enable_regulation(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	struct tm_fed *st = fed_st(f);
	uint64_t la = wire_get_u64(rd), t;
	int i64 = fx->time_int64;
	uint32_t i;

	if (!wire_rd_done(rd))
		return -1;
	if (st->regulating)
		return conn_replyf(c, serial, st->reg_enabling ?
		    RTI_ERR_REQUEST_FOR_TIME_REGULATION_PENDING :
		    RTI_ERR_TIME_REGULATION_ALREADY_ENABLED,
		    "time regulation already enabled or pending"), 0;
	if (st->kind != TMC_NONE)
		return conn_replyf(c, serial, RTI_ERR_IN_TIME_ADVANCING_STATE,
		    "a time advance is pending"), 0;
	if (!tmc_interval_valid(i64, la))
		return conn_replyf(c, serial, RTI_ERR_INVALID_LOOKAHEAD,
		    "lookahead must be finite and >= 0"), 0;
	/* Start no earlier than any constrained federate's time, so that
	 * nothing can be sent into its past. */
	t = st->now;
	for (i = 0; i < fx->n_feds; i++) {
		struct tm_fed *o = fed_st(fx->feds[i]);

		if (o && o != st && o->constrained)
			t = tmc_max(i64, t, o->now);
	}
	st->regulating = 1;
	st->reg_enabling = 1;
	st->lookahead = la;
	st->floor = tmc_la_bound(i64, t, la, TMC_TAR);
	st->last_kind = TMC_TAR;
	st->kind = TMC_TAR;
	st->req = t;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	tm_mark_dirty(fx);
	return 0;
}

static int
h_disable_regulation(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct tm_fed *st = fed_st(conn_fed(c));

	if (!wire_rd_done(rd))
		return -1;
	if (!st->regulating || st->reg_enabling)
		return conn_replyf(c, serial,
		    RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED,
		    "time regulation is not enabled"), 0;
	st->regulating = 0;
	st->nsent = 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	tm_mark_dirty(conn_fed(c)->fx);
	return 0;
}

static int
h_enable_constrained(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct tm_fed *st = fed_st(conn_fed(c));

	if (!wire_rd_done(rd))
		return -1;
	if (st->constrained)
		return conn_replyf(c, serial,
		    RTI_ERR_TIME_CONSTRAINED_ALREADY_ENABLED,
		    "time constrained already enabled"), 0;
	if (st->con_pending)
		return conn_replyf(c, serial,
		    RTI_ERR_REQUEST_FOR_TIME_CONSTRAINED_PENDING,
		    "enabling time constrained is pending"), 0;
	if (st->kind != TMC_NONE && !st->reg_enabling)
		return conn_replyf(c, serial, RTI_ERR_IN_TIME_ADVANCING_STATE,
		    "a time advance is pending"), 0;
	st->con_pending = 1;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	tm_mark_dirty(conn_fed(c)->fx);
	return 0;
}

static int
h_disable_constrained(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct tm_fed *st = fed_st(conn_fed(c));
	struct wire_buf *b;
	size_t off;

	if (!wire_rd_done(rd))
		return -1;
	if (!st->constrained)
		return conn_replyf(c, serial,
		    RTI_ERR_TIME_CONSTRAINED_IS_NOT_ENABLED,
		    "time constrained is not enabled"), 0;
	st->constrained = 0;
	st->nq = 0;
	st->qepoch++;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	b = srv_frame(conn_srv(c), WIRE_TM_CB_RELEASE, &off);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	tm_mark_dirty(conn_fed(c)->fx);
	return 0;
}

/* Drop a one-way request of `c` that librti should have refused: log it
 * and tell the federate with a WIRE_NOTICE. */
static int
refuse(struct conn *c, int err, const char *msg)
{
	struct wire_buf *b;
	size_t off;

	rti_log(conn_srv(c), LOG_WARN, "federate %s (%u): %s (%s)",
	    conn_fed(c)->name,
	    conn_fed(c)->handle, msg, rti_err_name(err));
	server_federate_exception(conn_fed(c), err, msg);
	b = srv_frame(conn_srv(c), WIRE_NOTICE, &off);
	wire_put_u32(b, (uint32_t)err);
	wire_put_str(b, msg);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	return 0;
}

/* One-way (no reply): librti checks all of this before sending. */
static int
h_advance(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct tm_fed *st = fed_st(conn_fed(c));
	int i64 = conn_fed(c)->fx->time_int64;
	uint8_t kind = wire_get_u8(rd);
	uint64_t t = wire_get_u64(rd);

	(void)serial;
	if (!wire_rd_done(rd))
		return -1;
	if (kind < TMC_TAR || kind > TMC_KIND_MAX)
		return refuse(c, RTI_ERR_INVALID_ARGUMENT,
		    "unknown time advance kind");
	if (!tmc_time_valid(i64, t))
		return refuse(c, RTI_ERR_INVALID_LOGICAL_TIME,
		    "invalid logical time");
	if (st->reg_enabling)
		return refuse(c, RTI_ERR_REQUEST_FOR_TIME_REGULATION_PENDING,
		    "enabling time regulation is pending");
	if (st->con_pending)
		return refuse(c, RTI_ERR_REQUEST_FOR_TIME_CONSTRAINED_PENDING,
		    "enabling time constrained is pending");
	if (st->kind != TMC_NONE)
		return refuse(c, RTI_ERR_IN_TIME_ADVANCING_STATE,
		    "a time advance is already pending");
	if (tmc_cmp(i64, t, st->now) < 0)
		return refuse(c, RTI_ERR_LOGICAL_TIME_ALREADY_PASSED,
		    "requested time is before the logical time");
	st->kind = kind;
	st->req = t;
	/* librti asks only after its last grant: the sender knows `now`, and
	 * what it sent stamped <= now can no longer be retracted */
	st->seen = st->now;
	st->nsent = tmc_sent_prune(i64, st->sent, st->nsent, st->now);
	tm_mark_dirty(conn_fed(c)->fx);
	return 0;
}

static int
h_modify_lookahead(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct tm_fed *st = fed_st(conn_fed(c));
	int i64 = conn_fed(c)->fx->time_int64;
	uint64_t la = wire_get_u64(rd);

	if (!wire_rd_done(rd))
		return -1;
	if (!st->regulating || st->reg_enabling)
		return conn_replyf(c, serial,
		    RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED,
		    "time regulation is not enabled"), 0;
	if (!tmc_interval_valid(i64, la))
		return conn_replyf(c, serial, RTI_ERR_INVALID_LOOKAHEAD,
		    "lookahead must be finite and >= 0"), 0;
	if (st->kind != TMC_NONE)
		return conn_replyf(c, serial, RTI_ERR_IN_TIME_ADVANCING_STATE,
		    "a time advance is pending"), 0;
	st->lookahead = la;
	st->floor = tmc_bmax(i64, st->floor,
	    tmc_la_bound(i64, st->now, la, st->last_kind));
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	tm_mark_dirty(conn_fed(c)->fx);
	return 0;
}

/*
 * Retract the TSO message `handle` of the sender.  `view` is the logical
 * time the sender's librti knows (a grant may be on its way): the rule is
 * checked against it, kept within [seen, now].
 */
static int
h_retract(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	struct tm_fx *tx = fx->mod[MOD_TM];
	struct tm_fed *st = fed_st(f);
	int i64 = fx->time_int64;
	uint32_t handle = wire_get_u32(rd);
	uint64_t view = wire_get_u64(rd), t;
	struct wire_buf *b;
	size_t lo, hi, i, off;

	if (!wire_rd_done(rd) || !tmc_time_valid(i64, view))
		return -1;
	if (!st->regulating || st->reg_enabling)
		return conn_replyf(c, serial,
		    RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED,
		    "time regulation is not enabled"), 0;
	if (handle == 0)
		return conn_replyf(c, serial,
		    RTI_ERR_INVALID_MESSAGE_RETRACTION_HANDLE,
		    "retraction handle 0"), 0;
	view = tmc_min(i64, tmc_max(i64, view, st->seen), st->now);
	hi = tmc_sent_find(st->sent, st->nsent, handle, &lo);
	if (lo == hi || !tmc_retractable(i64, st->sent[lo].t, view))
		return conn_replyf(c, serial,
		    RTI_ERR_MESSAGE_CAN_NO_LONGER_BE_RETRACTED,
		    "message %u was retracted already, or its timestamp is "
		    "not after the logical time", handle), 0;
	t = st->sent[lo].t;
	tx->mark++;
	for (i = lo; i < hi; i++) {
		const struct tmc_sent *e = &st->sent[i];
		struct federate *to;
		struct tm_fed *rs;

		if (!e->to || !(to = server_federate(fx, e->to)) ||
		    !(rs = fed_st(to)))
			continue;
		/* still queued: no flush since, and no grant since or only
		 * grants before t (a grant to g releases the stamps <= g) */
		if (e->queued && e->epoch == rs->qepoch &&
		    (e->grants == rs->grants || tmc_cmp(i64, t, rs->now) > 0))
			(void)tmc_heap_remove(i64, rs->q, &rs->nq, t);
		if (rs->mark == tx->mark || !to->conn)
			continue;
		rs->mark = tx->mark;
		b = srv_frame(conn_srv(c), WIRE_TM_CB_RETRACT, &off);
		wire_put_u32(b, f->handle);
		wire_put_u32(b, handle);
		wire_frame_end(b, off);
		conn_send_buf(to->conn, b);
	}
	memmove(&st->sent[lo], &st->sent[hi],
	    (st->nsent - hi) * sizeof *st->sent);
	st->nsent -= hi - lo;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	tm_mark_dirty(fx);
	return 0;
}

/* f's GALT (lits 0) or LITS (1) into *t: 1, 0 when undefined, -1 on
 * ENOMEM. */
static int
query(struct federate *f, int lits, uint64_t *t)
{
	struct federation *fx = f->fx;
	struct tm_fx *tx = fx->mod[MOD_TM];
	struct tm_fed *st = fed_st(f);
	int i64 = fx->time_int64, has;
	struct tmc_bound min1, min2, galt = { 0, 0 };
	size_t n, first;

	n = build_nodes(fx);
	if (n == SIZE_MAX)
		return -1;
	tmc_galt(i64, tx->nodes, n, &first, &min1, &min2);
	has = galt_of(st, n, first, min1, min2, &galt);
	if (lits && st->constrained && st->nq) {
		galt.t = has ? tmc_min(i64, galt.t, st->q[0]) : st->q[0];
		has = 1;
	}
	*t = has ? galt.t : 0;
	return has;
}

static int
h_query(struct conn *c, uint32_t serial, struct wire_rd *rd, int lits)
{
	uint8_t body[9];
	uint64_t t;
	int has;

	if (!wire_rd_done(rd))
		return -1;
	if ((has = query(conn_fed(c), lits, &t)) < 0)
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	body[0] = (uint8_t)has;
	wire_put64(body + 1, t);
	conn_reply(c, serial, RTI_OK, NULL, body, sizeof body);
	return 0;
}

/* The smallest output bound of fx's nodes (an open one after a closed one
 * at the same time), from the last build_nodes; 0 when there is none. */
static int
lowest_bound(struct federation *fx, struct tmc_bound *lo)
{
	struct tm_fx *tx = fx->mod[MOD_TM];
	size_t i, n = 0;

	for (i = 0; i < fx->n_feds; i++) {
		const struct tm_fed *g = fed_st(fx->feds[i]);
		int c;

		if (!g || g->node == SIZE_MAX)
			continue;
		c = n ? tmc_cmp(fx->time_int64, tx->nodes[g->node].out.t,
		    lo->t) : -1;
		if (c < 0 || (c == 0 && !tx->nodes[g->node].out.open))
			*lo = tx->nodes[g->node].out;
		n++;
	}
	return n > 0;
}

/* f's part of tm_info, from one build_nodes/tmc_galt/lowest_bound. */
static void
info_fill(struct federate *f, size_t n, size_t first, struct tmc_bound min1,
    struct tmc_bound min2, struct tmc_bound lo, struct tm_info *out)
{
	struct tm_fed *st = fed_st(f);
	struct tm_fx *tx = f->fx->mod[MOD_TM];
	int i64 = f->fx->time_int64;
	struct tmc_bound galt = { 0, 0 };

	memset(out, 0, sizeof *out);
	out->regulating = st->regulating;
	out->constrained = st->constrained;
	out->reg_pending = st->reg_enabling;
	out->con_pending = st->con_pending;
	out->advancing = st->kind != TMC_NONE;
	out->now = st->now;
	out->lookahead = st->lookahead;
	out->queued = st->nq;
	out->grants = st->grants;
	out->kind = st->kind;
	out->req = st->req;
	out->has_galt = galt_of(st, n, first, min1, min2, &galt);
	out->galt = out->has_galt ? galt.t : 0;
	if (st->regulating && st->node != SIZE_MAX) {
		out->out = tx->nodes[st->node].out.t;
		out->holds_galt = tmc_cmp(i64, out->out, lo.t) == 0 &&
		    tx->nodes[st->node].out.open == lo.open;
	}
	out->has_lits = out->has_galt;
	out->lits = out->galt;
	if (st->constrained && st->nq) {
		out->lits = out->has_galt ? tmc_min(i64, out->galt, st->q[0]) :
		    st->q[0];
		out->has_lits = 1;
	}
}

uint32_t
tm_grants(struct federate *f)
{
	struct tm_fed *st = fed_st(f);

	return st ? st->grants : 0;
}

int
tm_info(struct federate *f, struct tm_info *out)
{
	struct tm_fx *tx;
	struct tmc_bound min1, min2, lo = { 0, 0 };
	size_t n, first;

	memset(out, 0, sizeof *out);
	if (!fed_st(f))
		return -1;
	tx = f->fx->mod[MOD_TM];
	if ((n = build_nodes(f->fx)) == SIZE_MAX)
		return -1;
	tmc_galt(f->fx->time_int64, tx->nodes, n, &first, &min1, &min2);
	(void)lowest_bound(f->fx, &lo);
	info_fill(f, n, first, min1, min2, lo, out);
	return 0;
}

int
tm_info_each(struct federation *fx,
    void (*fn)(void *arg, uint32_t i, const struct tm_info *ti), void *arg)
{
	struct tm_fx *tx = fx->mod[MOD_TM];
	struct tmc_bound min1, min2, lo = { 0, 0 };
	struct tm_info ti;
	size_t n, first;
	uint32_t i;

	if (!tx || (n = build_nodes(fx)) == SIZE_MAX)
		return -1;
	tmc_galt(fx->time_int64, tx->nodes, n, &first, &min1, &min2);
	(void)lowest_bound(fx, &lo);
	for (i = 0; i < fx->n_feds; i++) {
		if (!fed_st(fx->feds[i]))
			continue;
		info_fill(fx->feds[i], n, first, min1, min2, lo, &ti);
		fn(arg, i, &ti);
	}
	return 0;
}

static int
h_query_galt(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	return h_query(c, serial, rd, 0);
}

static int
h_query_lits(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	return h_query(c, serial, rd, 1);
}

/* ---- hooks used by OM ---- */

int
tm_check_tso_send(struct federate *f, uint64_t t, int *as_tso, char *msg,
    size_t msglen)
{
	struct tm_fed *st = fed_st(f);
	int i64 = f->fx->time_int64;
	struct tmc_bound b;

	*as_tso = 0;
	if (!tmc_time_valid(i64, t)) {
		snprintf(msg, msglen, "invalid logical time");
		return RTI_ERR_INVALID_LOGICAL_TIME;
	}
	if (!st || !st->regulating || st->reg_enabling)
		return RTI_OK;
	b = st->kind == TMC_NONE ? st->floor : tmc_send_bound(i64,
	    st->floor, st->kind, st->req, st->lookahead);
	if (!tmc_allows(i64, b, t)) {
		snprintf(msg, msglen, "timestamp is before the federate's "
		    "logical time plus lookahead");
		return RTI_ERR_INVALID_LOGICAL_TIME;
	}
	*as_tso = 1;
	return RTI_OK;
}

/* Append `e` to the retraction log of `st`.  0, or -1 (not logged). */
static int
sent_add(struct tm_fed *st, const struct tmc_sent *e)
{
	if (st->nsent && st->sent[st->nsent - 1].handle > e->handle)
		return -1;
	if (st->nsent == st->capsent) {
		size_t cap = st->capsent ? st->capsent * 2 : 64;
		struct tmc_sent *n = realloc(st->sent, cap * sizeof *n);

		if (!n)
			return -1;
		st->sent = n;
		st->capsent = cap;
	}
	st->sent[st->nsent++] = *e;
	return 0;
}

void
tm_tso_sent(struct federate *f, uint64_t t, uint32_t handle)
{
	struct tm_fx *tx = f->fx->mod[MOD_TM];
	struct tm_fed *st = fed_st(f);
	struct tmc_sent e;

	if (!tx)
		return;
	tx->cur = NULL;
	if (!st || handle == 0 || st->nsent >= TM_SENT_MAX)
		return;
	memset(&e, 0, sizeof e);
	e.handle = handle;
	e.t = t;
	if (sent_add(st, &e) < 0)
		return;
	tx->cur = st;
	tx->cur_handle = handle;
	tx->cur_t = t;
}

int
tm_note_tso_delivery(struct federate *to, uint64_t t)
{
	struct tm_fx *tx = to->fx->mod[MOD_TM];
	struct tm_fed *st = fed_st(to);
	int i64 = to->fx->time_int64, queued = 0;

	if (st && st->constrained) {
		if (tm_q_push(st, i64, t) < 0)
			rti_log(to->fx->srv, LOG_ERROR, "TM: out of memory "
			    "queueing a TSO stamp for %s", to->name);
		else
			queued = 1;
		if (queued && (st->kind == TMC_NMR || st->kind == TMC_NMRA))
			tm_mark_dirty(to->fx);
	}
	if (st && tx && tx->cur && tmc_cmp(i64, tx->cur_t, t) == 0) {
		struct tmc_sent e;

		memset(&e, 0, sizeof e);
		e.handle = tx->cur_handle;
		e.to = to->handle;
		e.t = t;
		e.epoch = st->qepoch;
		e.grants = st->grants;
		e.queued = queued;
		if (sent_add(tx->cur, &e) < 0)
			rti_log(to->fx->srv, LOG_ERROR, "TM: out of memory "
			    "logging a retractable message");
	}
	return queued;
}

/* ---- module hooks ---- */

static int
tm_federation_init(struct federation *fx)
{
	struct tm_fx *tx = calloc(1, sizeof *tx);

	if (!tx)
		return -1;
	tx->ev = event_new(server_base(fx->srv), -1, 0, evaluate_cb, fx);
	if (!tx->ev) {
		free(tx);
		return -1;
	}
	fx->mod[MOD_TM] = tx;
	return 0;
}

static void
tm_federation_fini(struct federation *fx)
{
	struct tm_fx *tx = fx->mod[MOD_TM];

	if (!tx)
		return;
	event_free(tx->ev);
	free(tx->nodes);
	free(tx);
	fx->mod[MOD_TM] = NULL;
}

static int
tm_federate_join(struct federate *f)
{
	struct tm_fed *st = calloc(1, sizeof *st);

	if (!st)
		return -1;
	st->kind = TMC_NONE;
	st->node = SIZE_MAX;
	f->mod[MOD_TM] = st;
	return 0;
}

/* `f` leaves: it is no longer the sender of the message being routed. */
static void
tm_forget(struct federate *f)
{
	struct tm_fx *tx = f->fx->mod[MOD_TM];

	if (tx && tx->cur == fed_st(f))
		tx->cur = NULL;
}

/* A leaving federate no longer holds anyone back. */
static void
tm_federate_resign(struct federate *f, int action)
{
	struct tm_fed *st = fed_st(f);

	(void)action;
	if (!st)
		return;
	events_gone_grants_add(f->fx, st->grants);
	st->regulating = 0;
	st->reg_enabling = 0;
	st->constrained = 0;
	st->con_pending = 0;
	st->kind = TMC_NONE;
	st->nsent = 0;
	tm_forget(f);
	tm_mark_dirty(f->fx);
}

static void
tm_federate_fini(struct federate *f)
{
	struct tm_fed *st = fed_st(f);

	if (!st)
		return;
	tm_forget(f);
	free(st->q);
	free(st->sent);
	free(st->held);
	free(st);
	f->mod[MOD_TM] = NULL;
}

static const struct msg_handler tm_handlers[] = {
	{ WIRE_TM_ENABLE_REGULATION, 1, 1, h_enable_regulation },
	{ WIRE_TM_DISABLE_REGULATION, 1, 1, h_disable_regulation },
	{ WIRE_TM_ENABLE_CONSTRAINED, 1, 1, h_enable_constrained },
	{ WIRE_TM_DISABLE_CONSTRAINED, 1, 1, h_disable_constrained },
	{ WIRE_TM_ADVANCE, MSG_ONE_WAY_SERIAL, 1, h_advance },
	{ WIRE_TM_MODIFY_LOOKAHEAD, 1, 1, h_modify_lookahead },
	{ WIRE_TM_QUERY_GALT, 1, 1, h_query_galt },
	{ WIRE_TM_QUERY_LITS, 1, 1, h_query_lits },
	{ WIRE_TM_RETRACT, 1, 1, h_retract },
	{ 0, 0, 0, NULL }
};

const struct module_ops tm_module = {
	.name = "TM",
	.handlers = tm_handlers,
	.federation_init = tm_federation_init,
	.federation_fini = tm_federation_fini,
	.federate_join = tm_federate_join,
	.federate_resign = tm_federate_resign,
	.federate_fini = tm_federate_fini,
	.save_state = tm_save_state,
	.restore_stage = tm_restore_stage,
	.restore_apply = tm_restore_apply,
	.restore_discard = tm_restore_discard,
	.restore_sync = tm_restore_sync,
};
