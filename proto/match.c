/* SPDX-License-Identifier: Apache-2.0 */
/* match.c - the filter matching engine (see match.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fnv.h"
#include "hla.h"
#include "match.h"

struct match_entry {
	uint32_t owner;
	uint32_t tag;
	uint32_t n;
	struct match_range *r;
	char *cond;               /* NULL: condition dimension unspecified */
	uint32_t cond_len;
	uint8_t prefix;           /* cond ends in '/': matches every send
	                             condition that starts with it */
	uint64_t point;
	uint32_t next;            /* condition hash chain, UINT32_MAX ends */
};

/* Entries without a condition whose first range is on dimension `dim`,
 * by ascending lower bound; maxhi[i] = max upper bound of idx[0..i]. */
struct match_group {
	uint32_t dim;
	uint32_t *idx;
	uint64_t *maxhi;
	uint32_t n;
};

struct match_set {
	struct match_entry *e;
	size_t n, cap;
	int stale;
	/* index */
	uint32_t *buckets;        /* condition point -> first entry */
	size_t n_buckets;
	uint32_t *all;            /* no condition, empty region */
	size_t n_all;
	struct match_group *groups;
	size_t n_groups;
	/* bit L-1 set: some prefix entry has a condition of L bytes (a
	 * query probes only the prefix lengths that exist) */
	uint64_t prefix_lens;
};

#define END UINT32_MAX

uint64_t
match_cond_point(const char *cond)
{
	uint64_t h;

	if (!cond || !*cond)
		return 0;
	h = fnv1a_str(FNV1A_INIT, cond);
	return h ? h : 1;
}

int
match_cond_check(const char *cond, int subscription, const char **why)
{
	const unsigned char *p = (const unsigned char *)cond;
	size_t n, i;

	*why = NULL;
	if (!cond || !*cond)
		return *why = "empty", -1;
	n = strlen(cond);
	if (n > MATCH_MAX_COND)
		return *why = "longer than 64 bytes", -1;
	if (p[0] == ' ' || p[0] == '\t' || p[n - 1] == ' ' ||
	    p[n - 1] == '\t')
		return *why = "leading or trailing white space", -1;
	for (i = 0; i < n;) {
		uint32_t cp;

		if (p[i] < 0x20 || p[i] == 0x7f)
			return *why = "a control character", -1;
		if (p[i] == '/' && (i == 0 || p[i - 1] == '/'))
			return *why = "an empty path element", -1;
		if (hla_utf8_next(p, n, &i, &cp) < 0)
			return *why = "invalid UTF-8", -1;
	}
	if (p[n - 1] == '/' && !subscription)
		return *why = "an empty path element (only a subscription "
		    "condition may end in '/')", -1;
	return 0;
}

int
match_range_overlap(const struct match_range *a, const struct match_range *b)
{
	return a->lo == b->lo || (a->lo < b->hi && b->lo < a->hi);
}

int
match_region_overlap(const struct match_region *a,
    const struct match_region *b)
{
	uint32_t i = 0, j = 0;

	while (i < a->n && j < b->n) {
		if (a->r[i].dim < b->r[j].dim) {
			i++;
		} else if (a->r[i].dim > b->r[j].dim) {
			j++;
		} else {
			if (!match_range_overlap(&a->r[i], &b->r[j]))
				return 0;
			i++;
			j++;
		}
	}
	return 1;
}

static int
cmp_range(const void *x, const void *y)
{
	const struct match_range *a = x, *b = y;

	return a->dim < b->dim ? -1 : a->dim > b->dim;
}

int
match_region_sort(struct match_range *r, uint32_t n)
{
	uint32_t i;

	if (n > 1)
		qsort(r, n, sizeof *r, cmp_range);
	for (i = 1; i < n; i++)
		if (r[i].dim == r[i - 1].dim)
			return -1;
	return 0;
}

struct match_set *
match_set_new(void)
{
	struct match_set *s = calloc(1, sizeof *s);

	if (s)
		s->stale = 1;
	return s;
}

static void
index_free(struct match_set *s)
{
	size_t i;

	free(s->buckets);
	free(s->all);
	for (i = 0; i < s->n_groups; i++) {
		free(s->groups[i].idx);
		free(s->groups[i].maxhi);
	}
	free(s->groups);
	s->buckets = NULL;
	s->all = NULL;
	s->groups = NULL;
	s->n_buckets = s->n_all = s->n_groups = 0;
	s->stale = 1;
}

void
match_set_free(struct match_set *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->e[i].r);
		free(s->e[i].cond);
	}
	free(s->e);
	index_free(s);
	free(s);
}

int
match_set_add(struct match_set *s, uint32_t owner,
    const struct match_range *r, uint32_t n, const char *cond)
{
	return match_set_add_tag(s, owner, 0, r, n, cond);
}

int
match_set_add_tag(struct match_set *s, uint32_t owner, uint32_t tag,
    const struct match_range *r, uint32_t n, const char *cond)
{
	struct match_entry *e;

	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 8;
		struct match_entry *ne = realloc(s->e, cap * sizeof *ne);

		if (!ne)
			return -1;
		s->e = ne;
		s->cap = cap;
	}
	e = &s->e[s->n];
	memset(e, 0, sizeof *e);
	e->owner = owner;
	e->tag = tag;
	e->n = n;
	if (n) {
		e->r = malloc(n * sizeof *e->r);
		if (!e->r)
			return -1;
		memcpy(e->r, r, n * sizeof *e->r);
	}
	if (cond) {
		e->cond = strdup(cond);
		if (!e->cond) {
			free(e->r);
			return -1;
		}
		e->point = match_cond_point(cond);
		e->cond_len = (uint32_t)strlen(cond);
		e->prefix = e->cond_len > 0 && cond[e->cond_len - 1] == '/';
	}
	s->n++;
	index_free(s);
	return 0;
}

void
match_set_remove_owner(struct match_set *s, uint32_t owner)
{
	size_t i, k;

	for (i = k = 0; i < s->n; i++) {
		if (s->e[i].owner == owner) {
			free(s->e[i].r);
			free(s->e[i].cond);
			continue;
		}
		s->e[k++] = s->e[i];
	}
	if (k != s->n) {
		s->n = k;
		index_free(s);
	}
}

size_t
match_set_count(const struct match_set *s)
{
	return s ? s->n : 0;
}

struct lo_idx {
	uint64_t lo;
	uint32_t i;
};

static int
cmp_lo(const void *x, const void *y)
{
	const struct lo_idx *a = x, *b = y;

	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

static struct match_group *
group_of(struct match_set *s, uint32_t dim)
{
	size_t i;

	for (i = 0; i < s->n_groups; i++)
		if (s->groups[i].dim == dim)
			return &s->groups[i];
	return NULL;
}

static int
rebuild(struct match_set *s)
{
	size_t i, nb = 16;
	uint32_t g;

	index_free(s);
	while (nb < s->n * 2)
		nb *= 2;
	s->buckets = malloc(nb * sizeof *s->buckets);
	s->all = malloc((s->n ? s->n : 1) * sizeof *s->all);
	s->groups = calloc(s->n ? s->n : 1, sizeof *s->groups);
	if (!s->buckets || !s->all || !s->groups)
		goto fail;
	s->n_buckets = nb;
	for (i = 0; i < nb; i++)
		s->buckets[i] = END;
	s->prefix_lens = 0;
	for (i = s->n; i-- > 0;) {
		struct match_entry *e = &s->e[i];
		struct match_group *gp;

		if (e->prefix && e->cond_len <= 64)
			s->prefix_lens |= 1ull << (e->cond_len - 1);
		if (e->cond) {
			size_t b = (size_t)e->point & (nb - 1);

			e->next = s->buckets[b];
			s->buckets[b] = (uint32_t)i;
		} else if (e->n == 0) {
			s->all[s->n_all++] = (uint32_t)i;
		} else {
			gp = group_of(s, e->r[0].dim);
			if (!gp) {
				gp = &s->groups[s->n_groups++];
				gp->dim = e->r[0].dim;
			}
			gp->n++;
		}
	}
	for (g = 0; g < s->n_groups; g++) {
		struct match_group *gp = &s->groups[g];

		gp->idx = malloc(gp->n * sizeof *gp->idx);
		gp->maxhi = malloc(gp->n * sizeof *gp->maxhi);
		if (!gp->idx || !gp->maxhi)
			goto fail;
		gp->n = 0;
	}
	for (i = 0; i < s->n; i++) {
		struct match_entry *e = &s->e[i];
		struct match_group *gp;

		if (e->cond || e->n == 0)
			continue;
		gp = group_of(s, e->r[0].dim);
		gp->idx[gp->n++] = (uint32_t)i;
	}
	for (g = 0; g < s->n_groups; g++) {
		struct match_group *gp = &s->groups[g];
		struct lo_idx *t = malloc((gp->n ? gp->n : 1) * sizeof *t);

		if (!t)
			goto fail;
		for (i = 0; i < gp->n; i++) {
			t[i].lo = s->e[gp->idx[i]].r[0].lo;
			t[i].i = gp->idx[i];
		}
		qsort(t, gp->n, sizeof *t, cmp_lo);
		for (i = 0; i < gp->n; i++)
			gp->idx[i] = t[i].i;
		free(t);
		for (i = 0; i < gp->n; i++) {
			uint64_t hi = s->e[gp->idx[i]].r[0].hi;

			gp->maxhi[i] = i && gp->maxhi[i - 1] > hi ?
			    gp->maxhi[i - 1] : hi;
		}
	}
	s->stale = 0;
	return 0;
fail:
	index_free(s);
	return -1;
}

static int
entry_matches(const struct match_entry *e, const struct match_region *q)
{
	struct match_region er;

	er.n = e->n;
	er.r = e->r;
	return match_region_overlap(&er, q);
}

static const struct match_range *
q_range(const struct match_region *q, uint32_t dim)
{
	uint32_t i;

	for (i = 0; i < q->n; i++)
		if (q->r[i].dim == dim)
			return &q->r[i];
	return NULL;
}

struct untag {
	int (*fn)(uint32_t owner, void *arg);
	void *arg;
};

static int
untag_cb(uint32_t owner, uint32_t tag, void *arg)
{
	struct untag *u = arg;

	(void)tag;
	return u->fn(owner, u->arg);
}

int
match_set_query(struct match_set *s, const struct match_region *q,
    const char *cond, int (*fn)(uint32_t owner, void *arg), void *arg)
{
	struct untag u;

	u.fn = fn;
	u.arg = arg;
	return match_set_query_tag(s, q, cond, untag_cb, &u);
}

/*
 * The prefix entries that match send condition `cond`: each prefix of it
 * that ends in '/' ("north/" and "north/S3/" of "north/S3/bay1") is a point
 * of its own, found by one bucket probe; FNV-1a is incremental, so all
 * points come from one pass over `cond`.  Only lengths some prefix entry
 * has are probed (prefix_lens), so sets without prefixes cost nothing.
 * 1 when `fn` stopped the query, else 0.
 */
static int
query_prefixes(struct match_set *s, const struct match_region *q,
    const char *cond, int (*fn)(uint32_t owner, uint32_t tag, void *arg),
    void *arg)
{
	uint64_t h = FNV1A_INIT, p;
	size_t j;
	uint32_t k;

	for (j = 0; cond[j] && j < 64; j++) {
		h = fnv1a(h, &cond[j], 1);
		if (cond[j] != '/' || !(s->prefix_lens & (1ull << j)))
			continue;
		p = h ? h : 1;
		for (k = s->buckets[(size_t)p & (s->n_buckets - 1)]; k != END;
		    k = s->e[k].next) {
			const struct match_entry *e = &s->e[k];

			if (e->point == p && e->prefix &&
			    e->cond_len == j + 1 &&
			    memcmp(e->cond, cond, j + 1) == 0 &&
			    entry_matches(e, q) && fn(e->owner, e->tag, arg))
				return 1;
		}
	}
	return 0;
}

int
match_set_query_tag(struct match_set *s, const struct match_region *q,
    const char *cond, int (*fn)(uint32_t owner, uint32_t tag, void *arg),
    void *arg)
{
	static const struct match_region none = { 0, NULL };
	uint64_t p = match_cond_point(cond);
	size_t i, g;
	uint32_t k;

	if (!s || s->n == 0)
		return 0;
	if (!q)
		q = &none;
	if (s->stale && rebuild(s) < 0)
		return -1;
	for (i = 0; i < s->n_all; i++)
		if (fn(s->e[s->all[i]].owner, s->e[s->all[i]].tag, arg))
			return 1;
	if (p) {
		for (k = s->buckets[(size_t)p & (s->n_buckets - 1)]; k != END;
		    k = s->e[k].next) {
			const struct match_entry *e = &s->e[k];

			if (e->point == p && !e->prefix &&
			    strcmp(e->cond, cond) == 0 &&
			    entry_matches(e, q) && fn(e->owner, e->tag, arg))
				return 1;
		}
		if (s->prefix_lens && query_prefixes(s, q, cond, fn, arg))
			return 1;
	}
	for (g = 0; g < s->n_groups; g++) {
		const struct match_group *gp = &s->groups[g];
		const struct match_range *qr = q_range(q, gp->dim);
		size_t lo = 0, hi = gp->n;

		if (qr) {
			/* first entry whose lower bound is past the query's:
			 * only entries before it (or with an equal lower
			 * bound) can overlap */
			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;

				if (s->e[gp->idx[mid]].r[0].lo < qr->hi ||
				    s->e[gp->idx[mid]].r[0].lo == qr->lo)
					lo = mid + 1;
				else
					hi = mid;
			}
			hi = lo;
		}
		for (i = hi; i-- > 0;) {
			const struct match_entry *e = &s->e[gp->idx[i]];

			if (qr && gp->maxhi[i] <= qr->lo &&
			    e->r[0].lo != qr->lo)
				break;
			if (entry_matches(e, q) && fn(e->owner, e->tag, arg))
				return 1;
		}
	}
	return 0;
}
