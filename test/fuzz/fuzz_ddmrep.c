/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_ddmrep.c - libFuzzer target for the codec of the replicated
 * subscription tables (proto/ddmrep.h), as librti reads a
 * WIRE_DDM_CB_SUBS payload.
 *
 * Input: the payload.  Its head and then each entry are read: whatever is
 * read lies inside the input and within the limits, a failure is sticky,
 * and the count never promises more entries than bytes left.  Every entry
 * read whole is put again with ddmrep_put (its attribute lists as sets,
 * when their handles are small enough to be one) into a frame of its own,
 * which reads back to the same entry: the same federate, kind, class and
 * flags, the sets of its attribute lists (sorted, without repeats), the
 * same conditions and ranges, byte for byte.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "ddmrep.h"
#include "fuzz.h"
#include "wire.h"

#define WORDS 64                  /* sets of handles below 4096 */

static const uint8_t *lo, *hi;    /* the input */

static int
inside(const void *p, size_t n)
{
	const uint8_t *b = p;

	return b >= lo && b <= hi && n <= (size_t)(hi - b);
}

/* Handles h[0..n) (big-endian u32) as a set; 0 when one does not fit. */
static int
to_set(const uint8_t *h, uint32_t n, uint64_t *set)
{
	uint32_t i, a;

	memset(set, 0, WORDS * sizeof *set);
	for (i = 0; i < n; i++) {
		a = wire_get32(h + 4 * i);
		if (a >= WORDS * 64)
			return 0;
		bset_add(set, a);
	}
	return 1;
}

/* The list h[0..n) read back is the set, ascending. */
static void
same_set(const uint8_t *h, uint32_t n, const uint64_t *set)
{
	uint32_t i, a, k = 0;

	for (a = 0; a < WORDS * 64; a++)
		if (bset_has(set, WORDS, a)) {
			FUZZ_CHECK(k < n);
			FUZZ_CHECK(wire_get32(h + 4 * k) == a);
			k++;
		}
	FUZZ_CHECK(k == n);
	for (i = 1; i < n; i++)
		FUZZ_CHECK(wire_get32(h + 4 * (i - 1)) <
		    wire_get32(h + 4 * i));
}

static void
checked(const struct ddmrep_entry *e)
{
	uint32_t i;

	FUZZ_CHECK(e->kind <= DDMREP_KIND_IC && e->cls != 0);
	FUZZ_CHECK(e->n_conds <= DDMREP_MAX_CONDS);
	FUZZ_CHECK(e->n_regions <= DDMREP_MAX_REGIONS);
	FUZZ_CHECK(inside(e->attrs, (size_t)e->n_attrs * 4));
	for (i = 0; i < e->n_conds; i++) {
		FUZZ_CHECK(inside(e->conds[i], strlen(e->conds[i]) + 1));
		FUZZ_CHECK(strlen(e->conds[i]) <= MATCH_MAX_COND);
	}
	for (i = 0; i < e->n_regions; i++) {
		FUZZ_CHECK(e->reg[i].n <= DDMREP_MAX_DIMS);
		FUZZ_CHECK(inside(e->reg[i].attrs,
		    (size_t)e->reg[i].n_attrs * 4));
	}
}

/* Put `e` again and read it back. */
static void
round_trip(const struct ddmrep_entry *e, uint32_t seq)
{
	static uint64_t sets[DDMREP_MAX_REGIONS + 1][WORDS];
	static struct ddmrep_entry back;
	const uint64_t *ra[DDMREP_MAX_REGIONS];
	struct match_region rg[DDMREP_MAX_REGIONS];
	struct ddmrep_out o;
	struct wire_buf b;
	struct wire_rd rd;
	uint32_t i, j, s2, n2;
	size_t off;

	if (!to_set(e->attrs, e->n_attrs, sets[0]))
		return;
	for (i = 0; i < e->n_regions; i++) {
		if (!to_set(e->reg[i].attrs, e->reg[i].n_attrs, sets[i + 1]))
			return;
		ra[i] = sets[i + 1];
		rg[i].n = e->reg[i].n;
		rg[i].r = e->reg[i].r;
	}
	memset(&o, 0, sizeof o);
	o.fed = e->fed;
	o.cls = e->cls;
	o.kind = e->kind;
	o.flags = e->flags;
	o.attrs = sets[0];
	o.words = WORDS;
	o.conds = e->conds;
	o.n_conds = e->n_conds;
	o.regions = rg;
	o.rattrs = ra;
	o.n_regions = e->n_regions;
	wire_buf_init(&b);
	off = ddmrep_begin(&b, 0);
	ddmrep_put(&b, &o);
	ddmrep_end(&b, off, 1);
	ddmrep_set_seq(b.data + off, seq);
	FUZZ_CHECK(!b.oom && off == 0);
	FUZZ_CHECK(wire_get32(b.data) == b.len - WIRE_HEADER_SIZE);
	FUZZ_CHECK(wire_get16(b.data + 4) == WIRE_DDM_CB_SUBS);
	wire_rd_init(&rd, b.data + WIRE_HEADER_SIZE, b.len - WIRE_HEADER_SIZE);
	FUZZ_CHECK(ddmrep_head(&rd, &s2, &n2) == 0 && s2 == seq && n2 == 1);
	FUZZ_CHECK(ddmrep_get(&rd, &back) == 0 && wire_rd_done(&rd));
	FUZZ_CHECK(back.fed == e->fed && back.cls == e->cls &&
	    back.kind == e->kind && back.flags == e->flags);
	same_set(back.attrs, back.n_attrs, sets[0]);
	FUZZ_CHECK(back.n_conds == e->n_conds);
	for (i = 0; i < e->n_conds; i++)
		FUZZ_CHECK(strcmp(back.conds[i], e->conds[i]) == 0);
	FUZZ_CHECK(back.n_regions == e->n_regions);
	for (i = 0; i < e->n_regions; i++) {
		FUZZ_CHECK(back.reg[i].n == e->reg[i].n);
		for (j = 0; j < e->reg[i].n; j++)
			FUZZ_CHECK(back.reg[i].r[j].dim == e->reg[i].r[j].dim &&
			    back.reg[i].r[j].lo == e->reg[i].r[j].lo &&
			    back.reg[i].r[j].hi == e->reg[i].r[j].hi);
		same_set(back.reg[i].attrs, back.reg[i].n_attrs, sets[i + 1]);
	}
	wire_buf_free(&b);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ddmrep_entry e;
	struct wire_rd rd;
	uint32_t seq, n, i;

	lo = data;
	hi = data + size;
	wire_rd_init(&rd, data, size);
	if (ddmrep_head(&rd, &seq, &n) < 0) {
		FUZZ_CHECK(rd.err);
		return 0;
	}
	/* ENTRY_MIN bytes at least per entry promised */
	FUZZ_CHECK((uint64_t)n * 22 <= wire_rd_left(&rd));
	for (i = 0; i < n; i++) {
		const uint8_t *before = rd.p;

		if (ddmrep_get(&rd, &e) < 0) {
			FUZZ_CHECK(rd.err && !wire_rd_done(&rd));
			FUZZ_CHECK(ddmrep_get(&rd, &e) < 0);
			return 0;
		}
		FUZZ_CHECK(rd.p > before && rd.p <= rd.end);
		checked(&e);
		round_trip(&e, seq);
	}
	return 0;
}
