/* SPDX-License-Identifier: Apache-2.0 */
/* tmcore.c - GALT fixpoint, grant rule, heap removal and the retraction
 * log; see tmcore.h and rti/tm/tm.c. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "tmcore.h"

const char *
tmc_str(int i64, uint64_t t, char *buf)
{
	double d;
	int p;

	if (i64) {
		snprintf(buf, TMC_STR_LEN, "%" PRId64, (int64_t)t);
		return buf;
	}
	d = tmc_f(t);
	if (fabs(d) >= 1e-5 && fabs(d) < 1e15) {
		/* fixed point, as few decimals as read back exactly */
		for (p = 0; p <= 20; p++) {
			snprintf(buf, TMC_STR_LEN, "%.*f", p, d);
			if (strtod(buf, NULL) == d)
				return buf;
		}
	}
	for (p = 1; p < 17; p++) {
		snprintf(buf, TMC_STR_LEN, "%.*g", p, d);
		if (strtod(buf, NULL) == d)
			return buf;
	}
	snprintf(buf, TMC_STR_LEN, "%.17g", d);
	return buf;
}

/* The bound a federate's own output reaches through what it may still
 * receive: grant at a message stamped >= galt, then send lookahead later.
 * Never below `galt`. */
static struct tmc_bound
via_galt(int i64, const struct tmc_node *nd, struct tmc_bound galt)
{
	struct tmc_bound b;

	b.t = tmc_add(i64, galt.t, nd->lookahead);
	b.open = nd->open || galt.open;
	return b;
}

void
tmc_galt(int i64, struct tmc_node *nodes, size_t n, size_t *first,
    struct tmc_bound *min1, struct tmc_bound *min2)
{
	struct tmc_bound fin = { tmc_final(i64), 0 }, m;
	size_t i, a = n;

	/* Upper candidates: each node's bound were it never to receive. */
	for (i = 0; i < n; i++) {
		struct tmc_node *nd = &nodes[i];

		nd->out = nd->fixed ? nd->base :
		    tmc_bmax(i64, nd->floor, nd->base);
		if (a == n || tmc_bcmp(i64, nd->out, nodes[a].out) < 0)
			a = i;
	}
	*first = a;
	*min1 = *min2 = fin;
	if (a == n)
		return;
	/* The smallest candidate is final (nothing can reach below it); the
	 * others see it as their GALT. */
	m = nodes[a].out;
	*min1 = m;
	for (i = 0; i < n; i++) {
		struct tmc_node *nd = &nodes[i];

		if (i == a)
			continue;
		if (!nd->fixed)
			nd->out = tmc_bmax(i64, nd->floor, tmc_bmin(i64,
			    nd->base, via_galt(i64, nd, m)));
		*min2 = tmc_bmin(i64, *min2, nd->out);
	}
}

int
tmc_grant(int i64, int kind, uint64_t t, uint64_t now, int constrained,
    int has_galt, struct tmc_bound galt, int has_q, uint64_t q,
    uint64_t *grant)
{
	struct tmc_bound at;

	if (kind == TMC_NONE)
		return 0;
	if (!has_galt) {
		galt.t = tmc_final(i64);
		galt.open = 1;
	}
	if (!constrained) {
		*grant = t;
		return 1;
	}
	at.t = t;
	at.open = 0;
	if ((kind == TMC_NMR || kind == TMC_NMRA) && has_q)
		at.t = tmc_min(i64, t, q);
	switch (kind) {
	case TMC_TAR:
	case TMC_NMR:
		/* every message stamped <= at has been delivered */
		if (tmc_bcmp(i64, galt, at) <= 0)
			return 0;
		break;
	case TMC_TARA:
	case TMC_NMRA:
		/* every message stamped < at has been delivered */
		if (tmc_cmp(i64, galt.t, at.t) < 0)
			return 0;
		break;
	case TMC_FQR:
		at.t = tmc_max(i64, now, tmc_min(i64, t, galt.t));
		break;
	default:
		return 0;
	}
	*grant = at.t;
	return 1;
}

int
tmc_heap_remove(int i64, uint64_t *q, size_t *n, uint64_t t)
{
	uint64_t last;
	size_t i, c;

	for (i = 0; i < *n; i++)
		if (tmc_cmp(i64, q[i], t) == 0)
			break;
	if (i == *n)
		return 0;
	last = q[--*n];
	if (i == *n)
		return 1;
	/* `last` goes to slot i: up when smaller than the parent, else down */
	while (i > 0 && tmc_cmp(i64, last, q[(i - 1) / 2]) < 0) {
		q[i] = q[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	while ((c = 2 * i + 1) < *n) {
		if (c + 1 < *n && tmc_cmp(i64, q[c + 1], q[c]) < 0)
			c++;
		if (tmc_cmp(i64, q[c], last) >= 0)
			break;
		q[i] = q[c];
		i = c;
	}
	q[i] = last;
	return 1;
}

size_t
tmc_sent_find(const struct tmc_sent *e, size_t n, uint32_t handle,
    size_t *lo)
{
	size_t a = 0, b = n, m;

	while (a < b) {
		m = a + (b - a) / 2;
		if (e[m].handle < handle)
			a = m + 1;
		else
			b = m;
	}
	*lo = a;
	for (b = a; b < n && e[b].handle == handle; b++)
		;
	return b;
}

size_t
tmc_sent_prune(int i64, struct tmc_sent *e, size_t n, uint64_t now)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (tmc_retractable(i64, e[i].t, now))
			e[k++] = e[i];
	return k;
}
