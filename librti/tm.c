/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tm.c - TM services and callbacks of librti: time regulation and
 * constraint, advance requests, grants, the queue of held timestamp-order
 * (TSO) messages released in timestamp order at grants, asynchronous
 * delivery, and retraction.  The LBTS/GALT algorithm lives in rtiexec
 * (rti/tm/tm.c); the send bound rule is shared with it through proto/tmcore.h.
 *
 * Asynchronous delivery.  IEEE 1516.1-2010 8.14/8.15 (Enable/Disable
 * Asynchronous Delivery), worded as in the HLA 1.3 interface specification
 * quoted by Pitch pRTI's documentation: "Invocations of the Disable
 * Asynchronous Delivery service shall instruct the RTI to deliver received
 * RO messages to the invoking federate only when it is in the Time
 * Advancing state"; enabled, a constrained federate receives them also
 * outside it.  The rule concerns constrained federates; the others get
 * receive-order (RO) messages as they arrive.  So while a constrained
 * federate with asynchronous delivery disabled (the default) has no TAR,
 * TARA, NMR, NMRA or FQR pending, OM hands each arriving RO reflect,
 * interaction and remove to rti__tm_hold_ro, which keeps a copy of the
 * frame.  The next time advance request (or enabling asynchronous
 * delivery, or leaving the constraint) puts the held frames back at the
 * head of the unread input, in arrival order: evoke then delivers them
 * before anything that came later, in particular before the grant.
 *
 * Advance requests (TAR, TARA, NMR, NMRA, FQR) are one-way: librti checks
 * everything rtiexec would refuse, against a state that can only lag
 * rtiexec's, so a request that passes cannot fail there; the grant is the
 * only answer.
 *
 * Retraction.  A received TSO message carries its producer and the
 * producer's retraction serial; the handle the federate sees is both (see
 * rti_message_retraction_handle).  WIRE_TM_CB_RETRACT removes the message
 * from the held queue when it is still there, else it becomes the
 * request_retraction callback.  The serials of this federate's own
 * messages are TM's too: rti__tm_check_send hands out the next one with
 * its answer, OM tells rti__tm_sent which one left, and rti_retract
 * accepts only those.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "librti_int.h"
#include "tmcore.h"

/* One held TSO message: a copy of the frame payload. */
struct held {
	uint64_t t;
	uint64_t seq;             /* arrival order among equal stamps */
	uint32_t producer;        /* sender and its retraction serial */
	uint32_t retraction;
	uint16_t type;
	size_t len;
	uint8_t *data;
};

struct tm_st {
	int regulating;
	int reg_pending;
	int constrained;
	int con_pending;
	int async;
	uint64_t now;
	uint64_t lookahead;
	int last_kind;
	struct tmc_bound floor;
	int kind;                 /* pending advance, TMC_NONE if none */
	uint64_t req;
	struct held *h;           /* min-heap by (t, seq) */
	size_t nh, caph;
	uint64_t seq;
	struct wire_buf ro;       /* held RO messages: frames, arrival order */
	uint32_t retraction;      /* the last retraction serial put on a
	                             message sent (rti__tm_sent) */
	/* MOM (svcreport.c): wall-clock milliseconds granted [0] and
	 * advancing [1] since the last WIRE_MOM_STATS, kept from rtiexec's
	 * first WIRE_CB_MOM_QUERY on (no clock read before) */
	int mom_on;
	double mom_since, mom_ms[2];
};

static void mom_switch(struct tm_st *st, int ended);

static const char *const kind_names[] = {
	[TMC_TAR] = "time advance request",
	[TMC_TARA] = "time advance request available",
	[TMC_NMR] = "next message request",
	[TMC_NMRA] = "next message request available",
	[TMC_FQR] = "flush queue request",
};

#define TM_OR_RETURN(amb, st)                                          \
	do {                                                               \
		RTI__JOINED_OR_RETURN(amb);                                \
		(st) = (amb)->mod[RTI__MOD_TM];                            \
		if (!(st))                                                 \
			return rti__fail(amb, RTI_ERR_INTERNAL_ERROR,      \
			    "time management not initialised");            \
	} while (0)

/* ---- held messages ---- */

static int
held_less(int i64, const struct held *a, const struct held *b)
{
	int c = tmc_cmp(i64, a->t, b->t);

	return c < 0 || (c == 0 && a->seq < b->seq);
}

static int
held_push(struct tm_st *st, int i64, const struct held *m)
{
	size_t i;

	if (st->nh == st->caph) {
		size_t cap = st->caph ? st->caph * 2 : 16;
		struct held *nh = realloc(st->h, cap * sizeof *nh);

		if (!nh)
			return -1;
		st->h = nh;
		st->caph = cap;
	}
	i = st->nh++;
	while (i > 0 && held_less(i64, m, &st->h[(i - 1) / 2])) {
		st->h[i] = st->h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	st->h[i] = *m;
	return 0;
}

static struct held
held_pop(struct tm_st *st, int i64)
{
	struct held top = st->h[0], last = st->h[--st->nh];
	size_t i = 0, c;

	while ((c = 2 * i + 1) < st->nh) {
		if (c + 1 < st->nh && held_less(i64, &st->h[c + 1], &st->h[c]))
			c++;
		if (!held_less(i64, &st->h[c], &last))
			break;
		st->h[i] = st->h[c];
		i = c;
	}
	if (st->nh)
		st->h[i] = last;
	return top;
}

/* Restore the heap property of st->h after arbitrary removals. */
static void
held_heapify(struct tm_st *st, int i64)
{
	size_t k, i, c;

	for (k = st->nh / 2; k-- > 0;) {
		struct held m = st->h[k];

		for (i = k; (c = 2 * i + 1) < st->nh; i = c) {
			if (c + 1 < st->nh &&
			    held_less(i64, &st->h[c + 1], &st->h[c]))
				c++;
			if (!held_less(i64, &st->h[c], &m))
				break;
			st->h[i] = st->h[c];
		}
		st->h[i] = m;
	}
}

/* Drop the held frames of message `retraction` of `producer`; 1 when there
 * were some. */
static int
held_drop(rti_ambassador *amb, struct tm_st *st, uint32_t producer,
    uint32_t retraction)
{
	size_t i, k = 0;

	for (i = 0; i < st->nh; i++) {
		if (st->h[i].producer == producer &&
		    st->h[i].retraction == retraction)
			free(st->h[i].data);
		else
			st->h[k++] = st->h[i];
	}
	if (k == st->nh)
		return 0;
	st->nh = k;
	held_heapify(st, amb->time_int64);
	return 1;
}

/* Put the held RO frames back at the head of the unread input, so that
 * evoke delivers them next, in arrival order. */
static void
ro_requeue(rti_ambassador *amb, struct tm_st *st)
{
	size_t n = st->ro.len, left = amb->in.len - amb->in_off;

	if (n == 0)
		return;
	if (rti__in_reserve(amb, n) < 0) {
		rti__lose(amb, "out of memory");
		return;
	}
	memmove(amb->in.data + amb->in_off + n, amb->in.data + amb->in_off,
	    left);
	memcpy(amb->in.data + amb->in_off, st->ro.data, n);
	amb->in.len += n;
	wire_buf_reset(&st->ro);
}

/*
 * Deliver held messages in timestamp order: all of them when `all`, else
 * those stamped <= `upto`.  `as_tso` marks them released by TM (OM then
 * reports timestamp order); otherwise they go through OM's receive path
 * again, as receive order.  0, or -1 when one is malformed.
 */
static int
release(rti_ambassador *amb, struct tm_st *st, int all, uint64_t upto,
    int as_tso)
{
	int i64 = amb->time_int64, rc = 0;

	while (st->nh && (all || tmc_cmp(i64, st->h[0].t, upto) <= 0)) {
		struct held m = held_pop(st, i64);

		if (rc == 0) {
			amb->tm_releasing = as_tso;
			rc = rti__dispatch(amb, m.type, m.data, m.len);
			amb->tm_releasing = 0;
		}
		free(m.data);
	}
	return rc;
}

int
rti__tm_check_send(rti_ambassador *amb, rti_time t, int tso,
    uint32_t *serial)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	int i64 = amb->time_int64;
	uint64_t u = rti__time_bits(amb, t);
	struct tmc_bound b;

	*serial = 0;
	if (!tmc_time_valid(i64, u))
		return rti__fail(amb, RTI_ERR_INVALID_LOGICAL_TIME,
		    "invalid logical time (negative or NaN)");
	if (!st || !st->regulating || !tso)
		return RTI_OK;
	b = tmc_send_bound(i64, st->floor, st->kind, st->req, st->lookahead);
	if (!tmc_allows(i64, b, u)) {
		char a[TMC_STR_LEN], m[TMC_STR_LEN];

		return rti__fail(amb, RTI_ERR_INVALID_LOGICAL_TIME,
		    "timestamp %s must be %s %s, the logical time plus "
		    "lookahead%s", tmc_str(i64, u, a),
		    b.open ? "after" : "at or after", tmc_str(i64, b.t, m),
		    st->kind != TMC_NONE ? " of the pending request" : "");
	}
	*serial = st->retraction + 1;
	return RTI_OK;
}

void
rti__tm_sent(rti_ambassador *amb, uint32_t serial)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];

	if (st && serial > st->retraction)
		st->retraction = serial;
}

int
rti__tm_hold(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len, rti_time t, uint32_t producer, uint32_t retraction)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	struct held m;

	if (!st || !st->constrained || amb->tm_releasing)
		return 0;
	m.t = rti__time_bits(amb, t);
	m.seq = st->seq++;
	m.producer = producer;
	m.retraction = retraction;
	m.type = type;
	m.len = len;
	m.data = malloc(len ? len : 1);
	if (!m.data)
		return -1;
	memcpy(m.data, payload, len);
	if (held_push(st, amb->time_int64, &m) < 0) {
		free(m.data);
		return -1;
	}
	return 1;
}

int
rti__tm_late(rti_ambassador *amb, rti_time t)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	int c;

	if (!st || !st->constrained)
		return 0;
	c = tmc_cmp(amb->time_int64, rti__time_bits(amb, t), st->now);
	/* a grant by TAR or NMR delivered everything up to its time; the
	 * available forms may still deliver messages at it */
	return c < 0 || (c == 0 && st->last_kind != TMC_TARA &&
	    st->last_kind != TMC_NMRA);
}

int
rti__tm_hold_ro(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	size_t off;

	if (!st || !st->constrained || st->async || st->kind != TMC_NONE)
		return 0;
	off = wire_frame_begin(&st->ro, type);
	wire_put_raw(&st->ro, payload, len);
	wire_frame_end(&st->ro, off);
	if (st->ro.oom) {
		st->ro.oom = 0;
		st->ro.len = off;
		return -1;
	}
	return 1;
}

/* ---- services ---- */

static int
check_interval(rti_ambassador *amb, rti_time la)
{
	if (!tmc_interval_valid(amb->time_int64, rti__time_bits(amb, la)))
		return rti__fail(amb, RTI_ERR_INVALID_LOOKAHEAD,
		    "lookahead must be finite and >= 0");
	return RTI_OK;
}

RTI_API int
rti_enable_time_regulation(rti_ambassador *amb, rti_time lookahead)
{
	struct tm_st *st;
	struct wire_buf *b;
	int rc;

	TM_OR_RETURN(amb, st);
	if (st->regulating)
		return rti__fail(amb, RTI_ERR_TIME_REGULATION_ALREADY_ENABLED,
		    "time regulation already enabled");
	if (st->reg_pending)
		return rti__fail(amb,
		    RTI_ERR_REQUEST_FOR_TIME_REGULATION_PENDING,
		    "enabling time regulation is pending");
	if (st->kind != TMC_NONE)
		return rti__fail(amb, RTI_ERR_IN_TIME_ADVANCING_STATE,
		    "a %s is pending", kind_names[st->kind]);
	if ((rc = check_interval(amb, lookahead)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_TM_ENABLE_REGULATION);
	wire_put_u64(b, rti__time_bits(amb, lookahead));
	rc = rti__req_finish(amb, NULL);
	if (rc == RTI_OK) {
		st->reg_pending = 1;
		st->lookahead = rti__time_bits(amb, lookahead);
	}
	return rc;
}

RTI_API int
rti_disable_time_regulation(rti_ambassador *amb)
{
	struct tm_st *st;
	int rc;

	TM_OR_RETURN(amb, st);
	if (!st->regulating)
		return rti__fail(amb, RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED,
		    "time regulation is not enabled");
	rti__req_begin(amb, WIRE_TM_DISABLE_REGULATION);
	rc = rti__req_finish(amb, NULL);
	if (rc == RTI_OK)
		st->regulating = 0;
	return rc;
}

RTI_API int
rti_enable_time_constrained(rti_ambassador *amb)
{
	struct tm_st *st;
	int rc;

	TM_OR_RETURN(amb, st);
	if (st->constrained)
		return rti__fail(amb, RTI_ERR_TIME_CONSTRAINED_ALREADY_ENABLED,
		    "time constrained already enabled");
	if (st->con_pending)
		return rti__fail(amb,
		    RTI_ERR_REQUEST_FOR_TIME_CONSTRAINED_PENDING,
		    "enabling time constrained is pending");
	if (st->kind != TMC_NONE)
		return rti__fail(amb, RTI_ERR_IN_TIME_ADVANCING_STATE,
		    "a %s is pending", kind_names[st->kind]);
	rti__req_begin(amb, WIRE_TM_ENABLE_CONSTRAINED);
	rc = rti__req_finish(amb, NULL);
	if (rc == RTI_OK)
		st->con_pending = 1;
	return rc;
}

RTI_API int
rti_disable_time_constrained(rti_ambassador *amb)
{
	struct tm_st *st;
	int rc;

	TM_OR_RETURN(amb, st);
	if (!st->constrained)
		return rti__fail(amb, RTI_ERR_TIME_CONSTRAINED_IS_NOT_ENABLED,
		    "time constrained is not enabled");
	rti__req_begin(amb, WIRE_TM_DISABLE_CONSTRAINED);
	rc = rti__req_finish(amb, NULL);
	if (rc == RTI_OK) {
		st->constrained = 0;
		ro_requeue(amb, st);
	}
	return rc;
}

static int
advance(rti_ambassador *amb, int kind, rti_time t)
{
	struct tm_st *st;
	struct wire_buf *b;
	uint64_t u;
	size_t off;
	int rc;

	TM_OR_RETURN(amb, st);
	u = rti__time_bits(amb, t);
	if (!tmc_time_valid(amb->time_int64, u))
		return rti__fail(amb, RTI_ERR_INVALID_LOGICAL_TIME,
		    "invalid logical time (negative or NaN)");
	if (st->kind != TMC_NONE)
		return rti__fail(amb, RTI_ERR_IN_TIME_ADVANCING_STATE,
		    "a %s is already pending", kind_names[st->kind]);
	if (st->reg_pending)
		return rti__fail(amb,
		    RTI_ERR_REQUEST_FOR_TIME_REGULATION_PENDING,
		    "enabling time regulation is pending");
	if (st->con_pending)
		return rti__fail(amb,
		    RTI_ERR_REQUEST_FOR_TIME_CONSTRAINED_PENDING,
		    "enabling time constrained is pending");
	if (tmc_cmp(amb->time_int64, u, st->now) < 0) {
		char a[TMC_STR_LEN], n[TMC_STR_LEN];

		return rti__fail(amb, RTI_ERR_LOGICAL_TIME_ALREADY_PASSED,
		    "requested time %s is before the logical time %s",
		    tmc_str(amb->time_int64, u, a),
		    tmc_str(amb->time_int64, st->now, n));
	}
	/* One-way (serial 0, no reply): the checks above are all rtiexec
	 * makes, against a state that lags its own, so it cannot refuse. */
	rti__flush_modules(amb);
	b = rti__msg_begin(amb, WIRE_TM_ADVANCE, &off);
	wire_put_u32(b, 0);
	wire_put_u8(b, (uint8_t)kind);
	wire_put_u64(b, u);
	rc = rti__msg_end(amb, off, 1);
	if (rc == RTI_OK) {
		if (st->mom_on)
			mom_switch(st, 0);
		st->kind = kind;
		st->req = u;
		ro_requeue(amb, st);
	}
	return rc;
}

RTI_API int
rti_time_advance_request(rti_ambassador *amb, rti_time t)
{
	return advance(amb, TMC_TAR, t);
}

RTI_API int
rti_time_advance_request_available(rti_ambassador *amb, rti_time t)
{
	return advance(amb, TMC_TARA, t);
}

RTI_API int
rti_next_message_request(rti_ambassador *amb, rti_time t)
{
	return advance(amb, TMC_NMR, t);
}

RTI_API int
rti_next_message_request_available(rti_ambassador *amb, rti_time t)
{
	return advance(amb, TMC_NMRA, t);
}

RTI_API int
rti_flush_queue_request(rti_ambassador *amb, rti_time t)
{
	return advance(amb, TMC_FQR, t);
}

RTI_API int
rti_enable_asynchronous_delivery(rti_ambassador *amb)
{
	struct tm_st *st;

	TM_OR_RETURN(amb, st);
	if (st->async)
		return rti__fail(amb,
		    RTI_ERR_ASYNCHRONOUS_DELIVERY_ALREADY_ENABLED,
		    "asynchronous delivery already enabled");
	st->async = 1;
	ro_requeue(amb, st);
	return RTI_OK;
}

RTI_API int
rti_disable_asynchronous_delivery(rti_ambassador *amb)
{
	struct tm_st *st;

	TM_OR_RETURN(amb, st);
	if (!st->async)
		return rti__fail(amb,
		    RTI_ERR_ASYNCHRONOUS_DELIVERY_ALREADY_DISABLED,
		    "asynchronous delivery already disabled");
	st->async = 0;
	return RTI_OK;
}

RTI_API int
rti_retract(rti_ambassador *amb, rti_message_retraction_handle retraction)
{
	struct tm_st *st;
	struct wire_buf *b;
	uint32_t serial = (uint32_t)retraction.id;

	TM_OR_RETURN(amb, st);
	if (retraction.id >> 32 != amb->self.id || serial == 0 ||
	    serial > st->retraction)
		return rti__fail(amb,
		    RTI_ERR_INVALID_MESSAGE_RETRACTION_HANDLE,
		    "retraction handle %llu is not one of a message this "
		    "federate sent", (unsigned long long)retraction.id);
	if (!st->regulating)
		return rti__fail(amb, RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED,
		    "time regulation is not enabled");
	b = rti__req_begin(amb, WIRE_TM_RETRACT);
	wire_put_u32(b, serial);
	wire_put_u64(b, st->now);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_query_logical_time(rti_ambassador *amb, rti_time *out)
{
	struct tm_st *st;

	TM_OR_RETURN(amb, st);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	*out = rti__time_from_bits(amb, st->now);
	return RTI_OK;
}

RTI_API int
rti_get_time_implementation(rti_ambassador *amb, const char **out)
{
	RTI__MEMBER_OR_RETURN(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	*out = amb->time_int64 ? "HLAinteger64Time" : "HLAfloat64Time";
	return RTI_OK;
}

RTI_API int
rti_query_lookahead(rti_ambassador *amb, rti_time *out)
{
	struct tm_st *st;

	TM_OR_RETURN(amb, st);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	if (!st->regulating)
		return rti__fail(amb, RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED,
		    "time regulation is not enabled");
	*out = rti__time_from_bits(amb, st->lookahead);
	return RTI_OK;
}

RTI_API int
rti_modify_lookahead(rti_ambassador *amb, rti_time lookahead)
{
	struct tm_st *st;
	struct wire_buf *b;
	uint64_t la;
	int rc;

	TM_OR_RETURN(amb, st);
	la = rti__time_bits(amb, lookahead);
	if (!st->regulating)
		return rti__fail(amb, RTI_ERR_TIME_REGULATION_IS_NOT_ENABLED,
		    "time regulation is not enabled");
	if ((rc = check_interval(amb, lookahead)) != RTI_OK)
		return rc;
	if (st->kind != TMC_NONE)
		return rti__fail(amb, RTI_ERR_IN_TIME_ADVANCING_STATE,
		    "a %s is pending", kind_names[st->kind]);
	b = rti__req_begin(amb, WIRE_TM_MODIFY_LOOKAHEAD);
	wire_put_u64(b, la);
	rc = rti__req_finish(amb, NULL);
	if (rc == RTI_OK) {
		st->lookahead = la;
		st->floor = tmc_bmax(amb->time_int64, st->floor,
		    tmc_la_bound(amb->time_int64, st->now, la,
		    st->last_kind));
	}
	return rc;
}

static int
query(rti_ambassador *amb, uint16_t type, rti_time *out, int *defined)
{
	struct tm_st *st;
	struct wire_rd rd;
	uint8_t has;
	uint64_t t;
	int rc;

	TM_OR_RETURN(amb, st);
	(void)st;
	if (!out || !defined)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "out or defined is NULL");
	rti__req_begin(amb, type);
	rc = rti__req_finish(amb, &rd);
	if (rc != RTI_OK)
		return rc;
	has = wire_get_u8(&rd);
	t = wire_get_u64(&rd);
	if (!wire_rd_done(&rd)) {
		rti__lose(amb, "malformed query reply");
		return rti__fail(amb, RTI_ERR_CONNECTION_LOST,
		    "malformed query reply");
	}
	*defined = has != 0;
	*out = rti__time_from_bits(amb, has ? t : 0);
	return RTI_OK;
}

RTI_API int
rti_query_galt(rti_ambassador *amb, rti_time *out, int *defined)
{
	return query(amb, WIRE_TM_QUERY_GALT, out, defined);
}

RTI_API int
rti_query_lits(rti_ambassador *amb, rti_time *out, int *defined)
{
	return query(amb, WIRE_TM_QUERY_LITS, out, defined);
}

/* ---- callbacks ---- */

static int
cb_regulation_enabled(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	uint64_t t = wire_get_u64(rd);

	(void)type;
	if (!wire_rd_done(rd) || !st || !st->reg_pending ||
	    !tmc_time_valid(amb->time_int64, t))
		return -1;
	if (st->constrained && release(amb, st, 0, t, 1) < 0)
		return -1;
	st->reg_pending = 0;
	st->regulating = 1;
	st->now = t;
	st->last_kind = TMC_TAR;
	st->floor = tmc_la_bound(amb->time_int64, t, st->lookahead, TMC_TAR);
	if (amb->cb.time_regulation_enabled)
		amb->cb.time_regulation_enabled(amb->arg,
		    rti__time_from_bits(amb, t));
	return 0;
}

static int
cb_constrained_enabled(rti_ambassador *amb, uint16_t type,
    struct wire_rd *rd)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	uint64_t t = wire_get_u64(rd);

	(void)type;
	if (!wire_rd_done(rd) || !st || !st->con_pending)
		return -1;
	st->con_pending = 0;
	st->constrained = 1;
	if (amb->cb.time_constrained_enabled)
		amb->cb.time_constrained_enabled(amb->arg,
		    rti__time_from_bits(amb, t));
	return 0;
}

static int
cb_grant(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	int i64 = amb->time_int64;
	uint8_t kind = wire_get_u8(rd);
	uint64_t t = wire_get_u64(rd);

	(void)type;
	if (!wire_rd_done(rd) || !st || st->kind == TMC_NONE ||
	    kind != st->kind || !tmc_time_valid(i64, t) ||
	    tmc_cmp(i64, t, st->now) < 0)
		return -1;
	if (st->constrained &&
	    release(amb, st, kind == TMC_FQR, t, 1) < 0)
		return -1;
	st->now = t;
	if (st->regulating) {
		st->floor = tmc_bmax(i64, st->floor,
		    tmc_la_bound(i64, t, st->lookahead, kind));
		st->last_kind = kind;
	}
	if (st->mom_on && st->kind != TMC_NONE)
		mom_switch(st, 1);
	st->kind = TMC_NONE;
	if (amb->cb.time_advance_grant)
		amb->cb.time_advance_grant(amb->arg,
		    rti__time_from_bits(amb, t));
	return 0;
}

/* WIRE_TM_CB_SAVE_GRANT: a timed save's time, granted to the pending
 * request past it: the messages up to it are delivered, the logical time
 * is it, the grant callback runs, and the request stays pending (its own
 * grant comes after the save). */
static int
cb_save_grant(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	int i64 = amb->time_int64;
	uint8_t kind = wire_get_u8(rd);
	uint64_t t = wire_get_u64(rd);

	(void)type;
	if (!wire_rd_done(rd) || !st || st->kind == TMC_NONE ||
	    kind != st->kind || !tmc_time_valid(i64, t) ||
	    tmc_cmp(i64, t, st->now) < 0 || tmc_cmp(i64, t, st->req) > 0)
		return -1;
	if (st->constrained && release(amb, st, 0, t, 1) < 0)
		return -1;
	st->now = t;
	if (st->regulating)
		st->floor = tmc_bmax(i64, st->floor,
		    tmc_la_bound(i64, t, st->lookahead, kind));
	if (amb->cb.time_advance_grant)
		amb->cb.time_advance_grant(amb->arg,
		    rti__time_from_bits(amb, t));
	return 0;
}

static int
cb_release(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];

	(void)type;
	if (!wire_rd_done(rd) || !st)
		return -1;
	return release(amb, st, 1, 0, 0);
}

static int
cb_retract(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	uint32_t producer = wire_get_u32(rd), serial = wire_get_u32(rd);
	rti_message_retraction_handle r;

	(void)type;
	if (!wire_rd_done(rd) || !st || serial == 0)
		return -1;
	if (held_drop(amb, st, producer, serial))
		return 0;
	r.id = ((uint64_t)producer << 32) | serial;
	if (amb->cb.request_retraction)
		amb->cb.request_retraction(amb->arg, r);
	return 0;
}

/* ---- save and restore ---- */

int
rti__tm_collect(rti_ambassador *amb, struct wire_buf *b)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	size_t i;

	wire_put_u8(b, st && st->async ? 1 : 0);
	wire_put_u32(b, st ? (uint32_t)st->nh : 0);
	for (i = 0; st && i < st->nh; i++) {
		wire_put_u64(b, st->h[i].t);
		wire_put_u32(b, st->h[i].producer);
		wire_put_u32(b, st->h[i].retraction);
		wire_put_u16(b, st->h[i].type);
		wire_put_blob(b, st->h[i].data, st->h[i].len);
	}
	return b->oom ? -1 : 0;
}

/*
 * WIRE_CB_RESTORE_TM: the federate's time state as saved, replacing
 * this one whole (held messages, receive-order ones included, are
 * dropped; the saved held messages are held again).  The retraction
 * serials go on from where they are: none is given twice.
 */
static int
cb_restore_tm(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM], n;
	int i64 = amb->time_int64;
	uint32_t k, i;
	size_t j;

	(void)type;
	if (!st)
		return -1;
	memset(&n, 0, sizeof n);
	n.regulating = wire_get_u8(rd);
	n.reg_pending = wire_get_u8(rd);
	n.constrained = wire_get_u8(rd);
	n.con_pending = wire_get_u8(rd);
	n.now = wire_get_u64(rd);
	n.lookahead = wire_get_u64(rd);
	n.last_kind = wire_get_u8(rd);
	n.floor.t = wire_get_u64(rd);
	n.floor.open = wire_get_u8(rd);
	n.kind = wire_get_u8(rd);
	n.req = wire_get_u64(rd);
	n.async = wire_get_u8(rd);
	k = wire_get_count(rd, 22);
	if (rd->err || n.kind > TMC_KIND_MAX || n.last_kind > TMC_KIND_MAX ||
	    !tmc_time_valid(i64, n.now))
		return -1;
	for (i = 0; i < k; i++) {
		struct held m;
		uint32_t len;
		const void *p;

		m.t = wire_get_u64(rd);
		m.producer = wire_get_u32(rd);
		m.retraction = wire_get_u32(rd);
		m.type = wire_get_u16(rd);
		p = wire_get_blob(rd, &len, UINT32_MAX);
		if (rd->err)
			goto bad;
		m.seq = n.seq++;
		m.len = len;
		if (!(m.data = malloc(len ? len : 1)))
			goto bad;
		memcpy(m.data, p, len);
		if (held_push(&n, i64, &m) < 0) {
			free(m.data);
			goto bad;
		}
	}
	if (!wire_rd_done(rd))
		goto bad;
	for (j = 0; j < st->nh; j++)
		free(st->h[j].data);
	free(st->h);
	n.ro = st->ro;
	wire_buf_reset(&n.ro);
	n.retraction = st->retraction;
	*st = n;
	return 0;
bad:
	for (j = 0; j < n.nh; j++)
		free(n.h[j].data);
	free(n.h);
	return -1;
}

/* ---- module ---- */

/* The time state ends (0 granted, 1 advancing): its time since the last
 * switch goes to its account. */
static void
mom_switch(struct tm_st *st, int ended)
{
	double now = rti__now();

	st->mom_ms[ended] += (now - st->mom_since) * 1000.0;
	st->mom_since = now;
}

void
rti__tm_mom(rti_ambassador *amb, uint32_t *granted, uint32_t *advancing,
    uint32_t *ro, int *async)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	struct wire_rd rd;
	uint16_t t, fl;
	uint32_t len;

	*granted = *advancing = *ro = 0;
	*async = 0;
	if (!st)
		return;
	if (st->mom_on) {
		mom_switch(st, st->kind != TMC_NONE);
		*granted = st->mom_ms[0] > 4e9 ? 4000000000u :
		    (uint32_t)st->mom_ms[0];
		*advancing = st->mom_ms[1] > 4e9 ? 4000000000u :
		    (uint32_t)st->mom_ms[1];
	} else {
		st->mom_on = 1;
		st->mom_since = rti__now();
	}
	st->mom_ms[0] = st->mom_ms[1] = 0;
	/* the held receive-order frames */
	wire_rd_init(&rd, st->ro.data, st->ro.len);
	while (wire_rd_left(&rd) >= WIRE_HEADER_SIZE &&
	    wire_frame_peek(rd.p, wire_rd_left(&rd), UINT32_MAX, &t, &fl,
	    &len) > 0 && wire_get_raw(&rd, WIRE_HEADER_SIZE + (size_t)len))
		(*ro)++;
	*async = st->async;
}

static int
tm_join(rti_ambassador *amb)
{
	struct tm_st *st = calloc(1, sizeof *st);

	if (!st)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	st->kind = TMC_NONE;
	st->last_kind = TMC_TAR;
	wire_buf_init(&st->ro);
	amb->mod[RTI__MOD_TM] = st;
	return RTI_OK;
}

static void
tm_leave(rti_ambassador *amb)
{
	struct tm_st *st = amb->mod[RTI__MOD_TM];
	size_t i;

	if (!st)
		return;
	for (i = 0; i < st->nh; i++)
		free(st->h[i].data);
	free(st->h);
	wire_buf_free(&st->ro);
	free(st);
	amb->mod[RTI__MOD_TM] = NULL;
}

static const struct rti__cb_handler tm_callbacks[] = {
	{ WIRE_TM_CB_REGULATION_ENABLED, cb_regulation_enabled },
	{ WIRE_TM_CB_CONSTRAINED_ENABLED, cb_constrained_enabled },
	{ WIRE_TM_CB_GRANT, cb_grant },
	{ WIRE_TM_CB_RELEASE, cb_release },
	{ WIRE_TM_CB_RETRACT, cb_retract },
	{ WIRE_CB_RESTORE_TM, cb_restore_tm },
	{ WIRE_TM_CB_SAVE_GRANT, cb_save_grant },
	{ 0, NULL }
};

static const struct rti__msg_out tm_sends[] = {
	{ WIRE_TM_ENABLE_REGULATION, RTI__REQUEST },
	{ WIRE_TM_DISABLE_REGULATION, RTI__REQUEST },
	{ WIRE_TM_ENABLE_CONSTRAINED, RTI__REQUEST },
	{ WIRE_TM_DISABLE_CONSTRAINED, RTI__REQUEST },
	{ WIRE_TM_MODIFY_LOOKAHEAD, RTI__REQUEST },
	{ WIRE_TM_QUERY_GALT, RTI__REQUEST },
	{ WIRE_TM_QUERY_LITS, RTI__REQUEST },
	{ WIRE_TM_RETRACT, RTI__REQUEST },
	{ WIRE_TM_ADVANCE, RTI__ONE_WAY },
	{ 0, 0 }
};

const struct rti__module rti__tm_module = {
	.name = "TM",
	.callbacks = tm_callbacks,
	.sends = tm_sends,
	.join = tm_join,
	.leave = tm_leave,
};
