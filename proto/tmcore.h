/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tmcore.h - pure time-management arithmetic shared by rtiexec (rti/tm/tm.c)
 * and librti (librti/tm.c) through libproto.la: logical times as the 64
 * raw bits of rti_time, bounds with strictness, the send bound of a
 * regulating federate, the grant rule and the GALT fixpoint.  No I/O, no
 * allocation.
 *
 * A federation uses one representation: i64 = 1 for HLAinteger64Time
 * (int64_t), 0 for HLAfloat64Time (double).  Valid times are >= 0 (and not
 * NaN); the largest value (INT64_MAX, +inf) is the final time.  Valid
 * intervals (lookahead) are >= 0 and finite.
 */
#ifndef RTI_TMCORE_H
#define RTI_TMCORE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A lower bound on timestamps: every message counted has a timestamp
 * >= t (open = 0) or > t (open = 1). */
struct tmc_bound {
	uint64_t t;
	int open;
};

/* Kinds of time advance request. */
enum tmc_kind {
	TMC_NONE = 0,
	TMC_TAR,
	TMC_TARA,
	TMC_NMR,
	TMC_NMRA,
	TMC_FQR,
	TMC_KIND_MAX = TMC_FQR
};

static inline double
tmc_f(uint64_t u)
{
	double d;

	memcpy(&d, &u, sizeof d);
	return d;
}

static inline uint64_t
tmc_from_f(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof u);
	return u;
}

/* The final (largest) time. */
static inline uint64_t
tmc_final(int i64)
{
	return i64 ? (uint64_t)INT64_MAX : tmc_from_f(INFINITY);
}

/* 1 when `t` is a valid logical time. */
static inline int
tmc_time_valid(int i64, uint64_t t)
{
	if (i64)
		return (int64_t)t >= 0;
	return !isnan(tmc_f(t)) && tmc_f(t) >= 0.0;
}

/* 1 when `d` is a valid interval (lookahead). */
static inline int
tmc_interval_valid(int i64, uint64_t d)
{
	if (i64)
		return (int64_t)d >= 0;
	return isfinite(tmc_f(d)) && tmc_f(d) >= 0.0;
}

/* -1, 0, 1 as a <, ==, > b (valid times only). */
static inline int
tmc_cmp(int i64, uint64_t a, uint64_t b)
{
	if (i64)
		return (int64_t)a < (int64_t)b ? -1 : (int64_t)a > (int64_t)b;
	return tmc_f(a) < tmc_f(b) ? -1 : tmc_f(a) > tmc_f(b);
}

/* 1 when interval `d` is zero. */
static inline int
tmc_is_zero(int i64, uint64_t d)
{
	return i64 ? d == 0 : tmc_f(d) == 0.0;
}

/* t + d, saturating at the final time. */
static inline uint64_t
tmc_add(int i64, uint64_t t, uint64_t d)
{
	if (i64) {
		int64_t a = (int64_t)t, b = (int64_t)d;

		return (uint64_t)(a > INT64_MAX - b ? INT64_MAX : a + b);
	}
	return tmc_from_f(tmc_f(t) + tmc_f(d));
}

static inline uint64_t
tmc_min(int i64, uint64_t a, uint64_t b)
{
	return tmc_cmp(i64, a, b) <= 0 ? a : b;
}

static inline uint64_t
tmc_max(int i64, uint64_t a, uint64_t b)
{
	return tmc_cmp(i64, a, b) >= 0 ? a : b;
}

/* Bounds order by time, then closed before open. */
static inline int
tmc_bcmp(int i64, struct tmc_bound a, struct tmc_bound b)
{
	int c = tmc_cmp(i64, a.t, b.t);

	return c ? c : (a.open > b.open) - (a.open < b.open);
}

static inline struct tmc_bound
tmc_bmin(int i64, struct tmc_bound a, struct tmc_bound b)
{
	return tmc_bcmp(i64, a, b) <= 0 ? a : b;
}

static inline struct tmc_bound
tmc_bmax(int i64, struct tmc_bound a, struct tmc_bound b)
{
	return tmc_bcmp(i64, a, b) >= 0 ? a : b;
}

/* 1 when a message stamped `t` respects bound `b`. */
static inline int
tmc_allows(int i64, struct tmc_bound b, uint64_t t)
{
	int c = tmc_cmp(i64, t, b.t);

	return c > 0 || (c == 0 && !b.open);
}

/* The bound "logical time `t` plus lookahead `la`" of a federate whose last
 * request (or grant) was of `kind`: with zero lookahead, only the available
 * kinds (TARA, NMRA) may send at `t` itself (IEEE 1516-2010 8.1.2). */
static inline struct tmc_bound
tmc_la_bound(int i64, uint64_t t, uint64_t la, int kind)
{
	struct tmc_bound b;

	b.t = tmc_add(i64, t, la);
	b.open = tmc_is_zero(i64, la) && kind != TMC_TARA &&
	    kind != TMC_NMRA;
	return b;
}

/*
 * Send bound of a regulating federate: the earliest legal timestamp of a
 * TSO message.  `floor` is the highest bound it has committed to (raised at
 * each grant and lookahead change); while a request of `kind` to `t` is
 * pending (kind != TMC_NONE) the bound is computed from `t`, which is never
 * below the grant to come.
 */
static inline struct tmc_bound
tmc_send_bound(int i64, struct tmc_bound floor, int kind, uint64_t t,
    uint64_t la)
{
	if (kind == TMC_NONE)
		return floor;
	return tmc_bmax(i64, floor, tmc_la_bound(i64, t, la, kind));
}

/*
 * One regulating federate in the GALT computation (see tm.c).  Inputs:
 *   fixed: its output bound does not depend on what it receives (granted,
 *     or TAR/TARA pending, or not constrained); `base` is that bound.
 *   otherwise (NMR/NMRA pending, constrained): its output bound is
 *     max(floor, min(base, GALT + lookahead)), strictness `open`.
 * Output: out, its output bound in the greatest fixpoint.
 */
struct tmc_node {
	int fixed;
	struct tmc_bound base;
	struct tmc_bound floor;
	uint64_t lookahead;
	int open;
	struct tmc_bound out;
};

/* Time `t` as text for messages, into `buf` (TMC_STR_LEN bytes): the
 * shortest decimal that reads back to the same double ("0.02", "inf"), or
 * the integer.  Returns buf. */
#define TMC_STR_LEN 32
const char *tmc_str(int i64, uint64_t t, char *buf);

/*
 * Greatest fixpoint of the output bounds of `n` regulating federates.
 * Sets every node's `out`; *first = index of the smallest out (n when
 * n = 0); *min1 and *min2 the smallest and second smallest out (min2 is
 * the final time, closed, when n < 2).  GALT of node i is min2 when
 * i == *first, else min1.  O(n).
 */
void tmc_galt(int i64, struct tmc_node *nodes, size_t n, size_t *first,
    struct tmc_bound *min1, struct tmc_bound *min2);

/*
 * Grant rule.  A federate at logical time `now` with a pending request of
 * `kind` to `t`; `constrained`; `galt` and `has_galt` (0 = no regulating
 * federate constrains it); `has_q`/`q`: the earliest timestamp of the TSO
 * messages sent to it and not yet released.  Returns 1 with *grant when it
 * may be granted now, else 0.
 */
int tmc_grant(int i64, int kind, uint64_t t, uint64_t now, int constrained,
    int has_galt, struct tmc_bound galt, int has_q, uint64_t q,
    uint64_t *grant);

/*
 * Message retraction (IEEE 1516-2010 8.21): a federate may retract a TSO
 * message only while the message's timestamp is greater than its current
 * logical time.
 */
static inline int
tmc_retractable(int i64, uint64_t t, uint64_t now)
{
	return tmc_cmp(i64, t, now) > 0;
}

/*
 * Remove one stamp equal to `t` from the min-heap q[0..*n).  1 removed,
 * 0 when no stamp equals `t`.  O(n).
 */
int tmc_heap_remove(int i64, uint64_t *q, size_t *n, uint64_t t);

/*
 * The retraction log of one sender: what rtiexec routed of its TSO
 * messages that may still be retracted, in sending order (handles never
 * decrease).  Per message, one entry with to = 0 (the message itself) and
 * one per frame routed to a receiver.
 */
struct tmc_sent {
	uint32_t handle;          /* the sender's retraction serial */
	uint32_t to;              /* receiving federate, 0 = the message */
	uint64_t t;               /* timestamp */
	uint32_t epoch;           /* receiver's queue epoch when routed */
	uint32_t grants;          /* receiver's grant count when routed */
	int queued;               /* its stamp went into the receiver's
	                             queue of TSO stamps */
};

/* Entries [*lo, return value) of `handle` in e[0..n) (binary search);
 * empty (== *lo) when there is none. */
size_t tmc_sent_find(const struct tmc_sent *e, size_t n, uint32_t handle,
    size_t *lo);
/* Drop the entries of messages stamped <= `now` (no longer retractable),
 * keeping the order; returns the new count. */
size_t tmc_sent_prune(int i64, struct tmc_sent *e, size_t n, uint64_t now);

#endif
