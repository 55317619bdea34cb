/* SPDX-License-Identifier: Apache-2.0 */
/* ddmrep.c - the codec of the replicated subscription tables (ddmrep.h). */
#include "config.h"

#include "bundle.h"
#include "ddmrep.h"

/* The fewest bytes an entry takes: fed, kind, cls, flags and three
 * empty counts. */
#define ENTRY_MIN 22

size_t
ddmrep_begin(struct wire_buf *b, uint32_t seq)
{
	size_t off = wire_frame_begin(b, WIRE_DDM_CB_SUBS);

	wire_put_u32(b, seq);
	wire_put_u32(b, 0);
	return off;
}

void
ddmrep_put(struct wire_buf *b, const struct ddmrep_out *e)
{
	uint32_t i, k;

	wire_put_u32(b, e->fed);
	wire_put_u8(b, e->kind);
	wire_put_u32(b, e->cls);
	wire_put_u8(b, e->flags);
	bset_put(b, e->attrs, e->words);
	wire_put_u32(b, e->n_conds);
	for (i = 0; i < e->n_conds; i++)
		wire_put_str(b, e->conds[i]);
	wire_put_u32(b, e->n_regions);
	for (i = 0; i < e->n_regions; i++) {
		const struct match_region *g = &e->regions[i];

		wire_put_u32(b, g->n);
		for (k = 0; k < g->n; k++) {
			wire_put_u32(b, g->r[k].dim);
			wire_put_u64(b, g->r[k].lo);
			wire_put_u64(b, g->r[k].hi);
		}
		bset_put(b, e->rattrs ? e->rattrs[i] : NULL, e->words);
	}
}

void
ddmrep_end(struct wire_buf *b, size_t off, uint32_t n)
{
	wire_patch_u32(b, off + WIRE_HEADER_SIZE + 4, n);
	wire_frame_end(b, off);
}

void
ddmrep_set_seq(uint8_t *frame, uint32_t seq)
{
	wire_put32(frame + WIRE_HEADER_SIZE, seq);
}

int
ddmrep_head(struct wire_rd *rd, uint32_t *seq, uint32_t *n)
{
	*seq = wire_get_u32(rd);
	*n = wire_get_count(rd, ENTRY_MIN);
	return rd->err ? -1 : 0;
}

int
ddmrep_get(struct wire_rd *rd, struct ddmrep_entry *e)
{
	uint32_t i, j;

	e->fed = wire_get_u32(rd);
	e->kind = wire_get_u8(rd);
	e->cls = wire_get_u32(rd);
	e->flags = wire_get_u8(rd);
	e->n_attrs = wire_get_count(rd, 4);
	e->attrs = wire_get_raw(rd, (size_t)e->n_attrs * 4);
	e->n_conds = wire_get_count(rd, 5);
	if (rd->err || e->kind > DDMREP_KIND_IC || e->cls == 0 ||
	    e->n_conds > DDMREP_MAX_CONDS) {
		rd->err = 1;
		return -1;
	}
	for (i = 0; i < e->n_conds; i++)
		if (!(e->conds[i] = wire_get_str(rd, MATCH_MAX_COND)))
			return -1;
	e->n_regions = wire_get_count(rd, 8);
	if (rd->err || e->n_regions > DDMREP_MAX_REGIONS) {
		rd->err = 1;
		return -1;
	}
	for (i = 0; i < e->n_regions; i++) {
		struct ddmrep_region *g = &e->reg[i];

		g->n = wire_get_count(rd, 20);
		if (rd->err || g->n > DDMREP_MAX_DIMS) {
			rd->err = 1;
			return -1;
		}
		for (j = 0; j < g->n; j++) {
			g->r[j].dim = wire_get_u32(rd);
			g->r[j].lo = wire_get_u64(rd);
			g->r[j].hi = wire_get_u64(rd);
		}
		g->n_attrs = wire_get_count(rd, 4);
		g->attrs = wire_get_raw(rd, (size_t)g->n_attrs * 4);
	}
	return rd->err ? -1 : 0;
}
