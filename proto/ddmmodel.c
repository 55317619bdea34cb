/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddmmodel.c - the DDM model both sides keep (see ddmmodel.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "ddmmodel.h"

int
ddm_model_init(struct ddm_model *m, size_t words)
{
	memset(m, 0, sizeof *m);
	m->words = words;
	if (IDMAP_INIT(&m->regions, struct ddm_region, node, handle) < 0 ||
	    IDMAP_INIT(&m->insts, struct ddm_inst, node, obj) < 0)
		return -1;
	return 0;
}

static void
region_free(struct ddm_region *g)
{
	free(g->r);
	free(g);
}

static void
inst_free(struct ddm_inst *in)
{
	ddm_inst_clear(in);
	free(in);
}

void
ddm_model_fini(struct ddm_model *m)
{
	struct idmap_iter it;
	struct ddm_region *g;
	struct ddm_inst *in;

	idmap_iter_init(&m->regions, &it);
	while ((g = ddm_region_next(m, &it)))
		region_free(g);
	idmap_iter_init(&m->insts, &it);
	while ((in = ddm_inst_next(m, &it)))
		inst_free(in);
	idmap_fini(&m->regions);
	idmap_fini(&m->insts);
	free(m->q);
	m->q = NULL;
	m->cap_q = 0;
}

struct ddm_region *
ddm_region_set(struct ddm_model *m, uint32_t h, struct match_range *r,
    uint32_t n)
{
	struct ddm_region *g = ddm_region_find(m, h);

	if (!g) {
		if (!(g = calloc(1, sizeof *g)))
			return NULL;
		g->handle = h;
		idmap_put(&m->regions, &g->node);
	}
	free(g->r);
	g->r = r;
	g->n = n;
	return g;
}

void
ddm_region_del(struct ddm_model *m, struct ddm_region *g)
{
	idmap_del(&m->regions, &g->node);
	region_free(g);
}

struct ddm_region *
ddm_region_next(const struct ddm_model *m, struct idmap_iter *it)
{
	struct idmap_node *n = idmap_iter_next(&m->regions, it);

	return n ? IDMAP_ENTRY(n, struct ddm_region, node) : NULL;
}

struct ddm_inst *
ddm_inst_set(struct ddm_model *m, uint32_t obj, const char *cond,
    struct ddm_assoc *as, uint32_t n)
{
	struct ddm_inst *in = ddm_inst_find(m, obj);

	if (!in) {
		if (!(in = calloc(1, sizeof *in)))
			return NULL;
		in->obj = obj;
		idmap_put(&m->insts, &in->node);
	}
	if (in->assoc != as)
		ddm_inst_clear(in);
	if (cond != in->cond) /* it may be the record's own: no overlap */
		snprintf(in->cond, sizeof in->cond, "%s", cond ? cond : "");
	in->assoc = as;
	in->n_assoc = n;
	in->memo_n = 0;
	return in;
}

void
ddm_inst_clear(struct ddm_inst *in)
{
	ddm_assoc_free(in->assoc, in->n_assoc);
	in->assoc = NULL;
	in->n_assoc = 0;
}

void
ddm_inst_del(struct ddm_model *m, uint32_t obj)
{
	struct ddm_inst *in = ddm_inst_find(m, obj);

	if (!in)
		return;
	idmap_del(&m->insts, &in->node);
	inst_free(in);
}

struct ddm_inst *
ddm_inst_next(const struct ddm_model *m, struct idmap_iter *it)
{
	struct idmap_node *n = idmap_iter_next(&m->insts, it);

	return n ? IDMAP_ENTRY(n, struct ddm_inst, node) : NULL;
}

struct ddm_assoc *
ddm_assoc_copy(const struct ddm_model *m, const struct ddm_inst *in,
    size_t extra, uint32_t *n)
{
	struct ddm_assoc *as;
	uint32_t i;

	*n = in ? in->n_assoc : 0;
	as = calloc(*n + extra + 1, sizeof *as);
	if (!as)
		return NULL;
	for (i = 0; i < *n; i++) {
		as[i].region = in->assoc[i].region;
		as[i].attrs = calloc(m->words, sizeof *as[i].attrs);
		if (!as[i].attrs) {
			ddm_assoc_free(as, i);
			return NULL;
		}
		memcpy(as[i].attrs, in->assoc[i].attrs,
		    m->words * sizeof *as[i].attrs);
	}
	return as;
}

void
ddm_assoc_free(struct ddm_assoc *as, uint32_t n)
{
	uint32_t i;

	for (i = 0; as && i < n; i++)
		free(as[i].attrs);
	free(as);
}

int
ddm_assoc_uses(const struct ddm_model *m, uint32_t h)
{
	struct idmap_iter it;
	struct ddm_inst *in;
	uint32_t i;

	idmap_iter_init(&m->insts, &it);
	while ((in = ddm_inst_next(m, &it)))
		for (i = 0; i < in->n_assoc; i++)
			if (in->assoc[i].region == h)
				return 1;
	return 0;
}

int
ddm_same_regions(const struct ddm_model *m, const struct ddm_inst *in,
    uint32_t a, uint32_t b)
{
	uint32_t i;

	for (i = 0; i < in->n_assoc; i++)
		if (bset_has(in->assoc[i].attrs, m->words, a) !=
		    bset_has(in->assoc[i].attrs, m->words, b))
			return 0;
	return 1;
}

/* Room for n regions in m->q.  0 or -1. */
static int
q_grow(struct ddm_model *m, size_t n)
{
	return wire_grow((void **)&m->q, &m->cap_q, n ? n : 1, sizeof *m->q);
}

long
ddm_update_regions(struct ddm_model *m, const struct ddm_inst *in,
    const uint32_t *attrs, uint32_t n, int all)
{
	uint32_t i, a, k = 0;

	if (!in || in->n_assoc == 0)
		return 0;
	if (q_grow(m, in->n_assoc) < 0)
		return -1;
	for (a = 0; !all && a < n; a++) {
		for (i = 0; i < in->n_assoc; i++)
			if (bset_has(in->assoc[i].attrs, m->words, attrs[a]))
				break;
		if (i == in->n_assoc)
			return 0;
	}
	for (i = 0; i < in->n_assoc; i++) {
		const struct ddm_region *g = ddm_region_find(m,
		    in->assoc[i].region);
		int used = all;

		for (a = 0; !used && a < n; a++)
			used = bset_has(in->assoc[i].attrs, m->words,
			    attrs[a]);
		if (!g || !used)
			continue;
		m->q[k].n = g->n;
		m->q[k].r = g->r;
		k++;
	}
	return k;
}

long
ddm_regions_query(struct ddm_model *m, const uint32_t *h, uint32_t n)
{
	uint32_t i, k = 0;

	if (q_grow(m, n) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const struct ddm_region *g = ddm_region_find(m, h[i]);

		if (!g)
			continue;
		m->q[k].n = g->n;
		m->q[k].r = g->r;
		k++;
	}
	return k;
}
