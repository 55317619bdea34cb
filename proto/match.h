/* SPDX-License-Identifier: Apache-2.0 */
/*
 * match.h - the filter matching engine of rti (shared by rtiexec and librti
 * via libproto.la; never installed).  Pure: no I/O, no FOM.
 *
 * One engine serves both content filters:
 *
 *  - DDM regions (IEEE 1516-2010 clause 9): a region is a set of ranges,
 *    at most one per dimension, each half-open [lo, hi).
 *  - Filter conditions (strings of at most MATCH_MAX_COND bytes) are
 *    points on one more dimension, the "condition dimension"
 *    (MATCH_DIM_COND = 0, a handle no FOM dimension has).  A subscription
 *    condition c is the range [P(c), P(c) + 1) on it, where P is a 64-bit
 *    hash (never 0); a send condition s is the one-point region P(s); no
 *    send condition is the point 0, which no subscription condition
 *    contains.  Equal points are confirmed by comparing the strings, so
 *    hash collisions never deliver.  A subscription condition ending in
 *    '/' is a prefix: it matches every send condition that starts with it
 *    (a subtree of the '/'-separated condition paths).  It is indexed at
 *    the point of its own text, and a query probes, besides its send
 *    condition's point, the point of each of its prefixes that ends in
 *    '/' (at most one probe per path element, and only for the prefix
 *    lengths the set holds).
 *
 * A subscription is a set of entries (owner, region).  Conditions {c1, c2}
 * and DDM regions {R1, R2} of one subscription become the cross product
 * {R1+c1, R1+c2, R2+c1, R2+c2} (conditions OR-ed, regions OR-ed, the two
 * AND-ed); no conditions leaves the condition dimension unspecified, no
 * region (a plain subscription) is the empty region.  A send extent (an
 * update or interaction) is one region per associated DDM region (none:
 * the default region) plus its send condition point.
 *
 * Overlap, IEEE 1516-2010 9.1.1: two ranges A and B overlap iff
 * A.lower == B.lower, or A.lower < B.upper and B.lower < A.upper; two
 * regions overlap iff their ranges overlap in every dimension both
 * specify.  A dimension a region does not specify stands for its default
 * range [0, upper bound), which overlaps every range: an unspecified
 * dimension matches everything.  The condition dimension differs in one
 * way only: a send extent always specifies it (point 0 when there is no
 * condition), so an update without a condition reaches only subscriptions
 * without conditions.
 *
 * Index (struct match_set): entries with a condition are hashed by their
 * condition point (a lookup finds the few that can match); the others are
 * grouped by their first dimension and sorted by lower bound with a prefix
 * maximum of upper bounds, so a query walks only the entries whose range
 * can overlap (sort and sweep).  Entries whose region is empty match
 * everything and are listed apart.  Changes mark the index stale; it is
 * rebuilt by the next query.
 */
#ifndef RTI_MATCH_H
#define RTI_MATCH_H

#include <stddef.h>
#include <stdint.h>

#define MATCH_DIM_COND 0u
#define MATCH_MAX_COND 64      /* bytes, excluding the NUL */

struct match_range {
	uint32_t dim;
	uint64_t lo, hi;
};

/* Ranges sorted by dimension, at most one per dimension. */
struct match_region {
	uint32_t n;
	const struct match_range *r;
};

/* Point of condition `cond` on the condition dimension; 0 for NULL/"". */
uint64_t match_cond_point(const char *cond);
/*
 * 0 when `cond` is a valid condition, else -1 with *why (static text): at
 * most MATCH_MAX_COND bytes of UTF-8, not empty, no leading or trailing
 * space or tab, no control character, no empty path element ("a//b",
 * "/a").  A subscription condition may end in '/': it is then a prefix that
 * matches every send condition under it ("north/" matches "north/S3" and
 * "north/S3/bay1", not "north" nor "northeast/S1"); a send condition may
 * not.
 */
int match_cond_check(const char *cond, int subscription, const char **why);
/* 1 when the ranges overlap (rule above); dimensions are not compared. */
int match_range_overlap(const struct match_range *a,
    const struct match_range *b);
/* 1 when the regions overlap in every dimension both specify. */
int match_region_overlap(const struct match_region *a,
    const struct match_region *b);
/* Sort `r` by dimension; -1 when a dimension occurs twice. */
int match_region_sort(struct match_range *r, uint32_t n);

struct match_set;

struct match_set *match_set_new(void);
void match_set_free(struct match_set *s);
/*
 * Add an entry of `owner`: `n` ranges (copied; sorted by match_region_sort
 * order) and condition `cond` (copied; NULL = no condition).  0, or -1 on
 * ENOMEM (the set is unchanged).
 */
int match_set_add(struct match_set *s, uint32_t owner,
    const struct match_range *r, uint32_t n, const char *cond);
/* match_set_add with a `tag` the query reports with the owner (what the
 * entry covers, e.g. the attributes subscribed with its region). */
int match_set_add_tag(struct match_set *s, uint32_t owner, uint32_t tag,
    const struct match_range *r, uint32_t n, const char *cond);
/* Remove every entry of `owner`. */
void match_set_remove_owner(struct match_set *s, uint32_t owner);
/* Number of entries. */
size_t match_set_count(const struct match_set *s);

/*
 * Report the owners of the entries that match send extent (`q`, `cond`):
 * `fn` is called once per matching entry (an owner may be reported more
 * than once) until it returns nonzero.  Returns 1 when `fn` stopped it,
 * 0 after all, -1 on ENOMEM rebuilding the index (nothing reported).
 */
int match_set_query(struct match_set *s, const struct match_region *q,
    const char *cond, int (*fn)(uint32_t owner, void *arg), void *arg);
/* match_set_query reporting each matching entry's tag too (0 for entries
 * added by match_set_add). */
int match_set_query_tag(struct match_set *s, const struct match_region *q,
    const char *cond, int (*fn)(uint32_t owner, uint32_t tag, void *arg),
    void *arg);

#endif
