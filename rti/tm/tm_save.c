/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tm_save.c - TM's part of federation save and restore (tm.h, rti-save(5),
 * "TM section"): the checks of a save's time, the cap that holds grants
 * back at a timed save, the freeze while a save or restore runs, each
 * federate's held messages (its WIRE_SAVE_COLLECTED answer), and the
 * section saved, staged, applied and sent back to each federate's librti
 * (WIRE_CB_RESTORE_TM).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tm_int.h"

int
tm_save_time_check(struct federate *f, uint64_t t, char *msg, size_t len)
{
	struct tm_fed *st = tm_fed_st(f);
	int i64 = f->fx->time_int64;

	if (!tmc_time_valid(i64, t)) {
		snprintf(msg, len, "the save time is not a valid time");
		return RTI_ERR_INVALID_LOGICAL_TIME;
	}
	if (st && tmc_cmp(i64, t, st->now) < 0) {
		snprintf(msg, len, "the save time is before the federate's "
		    "logical time");
		return RTI_ERR_LOGICAL_TIME_ALREADY_PASSED;
	}
	return RTI_OK;
}

int
tm_save_time_honored(struct federation *fx, uint64_t t)
{
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++) {
		struct tm_fed *st = tm_fed_st(fx->feds[i]);

		if (st && st->constrained &&
		    tmc_cmp(fx->time_int64, st->now, t) > 0)
			return 0;
	}
	return 1;
}

void
tm_save_cap(struct federation *fx, uint64_t t)
{
	struct tm_fx *tx = fx->mod[MOD_TM];

	tx->save_cap = 1;
	tx->cap_reached = 0;
	tx->cap_t = t;
	tm_mark_dirty(fx);
}

void
tm_save_freeze(struct federation *fx, int on)
{
	struct tm_fx *tx = fx->mod[MOD_TM];

	tx->frozen = on;
	tx->save_cap = 0;
	if (!on) {
		uint32_t i;

		/* the held messages were for the save (or were sent back by
		 * the restore): not kept past it */
		for (i = 0; i < fx->n_feds; i++) {
			struct tm_fed *st = tm_fed_st(fx->feds[i]);

			if (st) {
				free(st->held);
				st->held = NULL;
				st->held_len = 0;
			}
		}
		tm_mark_dirty(fx);
	}
}

/* Check a WIRE_SAVE_COLLECTED payload: u8 async, u32 n, n x (u64 time,
 * u32 producer, u32 retraction, u16 type, blob).  0, or -1. */
static int
held_check(const uint8_t *p, size_t n)
{
	struct wire_rd rd;
	uint32_t k, i, len;
	uint16_t type;

	wire_rd_init(&rd, p, n);
	if (wire_get_u8(&rd) > 1)
		return -1;
	k = wire_get_count(&rd, 22);
	for (i = 0; i < k && !rd.err; i++) {
		(void)wire_get_u64(&rd);
		(void)wire_get_u32(&rd);
		(void)wire_get_u32(&rd);
		type = wire_get_u16(&rd);
		(void)wire_get_blob(&rd, &len, UINT32_MAX);
		if (type != WIRE_CB_REFLECT && type != WIRE_CB_INTERACTION &&
		    type != WIRE_CB_REMOVE)
			return -1;
	}
	return wire_rd_done(&rd) ? 0 : -1;
}

int
tm_set_held(struct federate *f, const void *p, size_t n)
{
	struct tm_fed *st = tm_fed_st(f);
	uint8_t *c;

	if (!st || held_check(p, n) < 0 || n > UINT32_MAX)
		return -1;
	if (!(c = malloc(n ? n : 1)))
		return -1;
	memcpy(c, p, n);
	free(st->held);
	st->held = c;
	st->held_len = (uint32_t)n;
	return 0;
}

/*
 * TM's section (rti-save(5)): u16 version 1, u32 n, n x (u32 federate,
 * u8 regulating, u8 reg_enabling, u8 constrained, u8 con_pending,
 * u64 now, u64 lookahead, u8 last_kind, u64 floor, u8 floor_open, u8
 * kind, u64 req, u64 seen, blob held: the federate's WIRE_SAVE_COLLECTED
 * answer).  The queue of stamps (Q) is that of the held messages; the
 * retraction log is not saved: a message sent before the save cannot be
 * retracted after a restore.
 */
#define TM_SAVE_VERSION 1

int
tm_save_state(struct federation *fx, struct wire_buf *out)
{
	static const uint8_t none[5] = { 0, 0, 0, 0, 0 };
	uint32_t i;

	wire_put_u16(out, TM_SAVE_VERSION);
	wire_put_u32(out, fx->n_feds);
	for (i = 0; i < fx->n_feds; i++) {
		struct tm_fed *st = tm_fed_st(fx->feds[i]);

		wire_put_u32(out, fx->feds[i]->handle);
		wire_put_u8(out, (uint8_t)st->regulating);
		wire_put_u8(out, (uint8_t)st->reg_enabling);
		wire_put_u8(out, (uint8_t)st->constrained);
		wire_put_u8(out, (uint8_t)st->con_pending);
		wire_put_u64(out, st->now);
		wire_put_u64(out, st->lookahead);
		wire_put_u8(out, (uint8_t)st->last_kind);
		wire_put_u64(out, st->floor.t);
		wire_put_u8(out, (uint8_t)st->floor.open);
		wire_put_u8(out, (uint8_t)st->kind);
		wire_put_u64(out, st->req);
		wire_put_u64(out, st->seen);
		if (st->held)
			wire_put_blob(out, st->held, st->held_len);
		else
			wire_put_blob(out, none, sizeof none);
	}
	return out->oom ? -1 : 0;
}

struct tm_staged_fed {
	uint32_t handle;
	struct tm_fed st;
};

struct tm_staged {
	uint32_t n;
	struct tm_staged_fed *f;
};

void
tm_restore_discard(void *p)
{
	struct tm_staged *s = p;
	uint32_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->f[i].st.q);
		free(s->f[i].st.held);
	}
	free(s->f);
	free(s);
}

/* The stamps of held payload `p` into st's Q. */
static int
held_stamps(struct tm_fed *st, int i64, const uint8_t *p, size_t n)
{
	struct wire_rd rd;
	uint32_t k, i, len;

	wire_rd_init(&rd, p, n);
	(void)wire_get_u8(&rd);
	k = wire_get_count(&rd, 22);
	for (i = 0; i < k && !rd.err; i++) {
		uint64_t t = wire_get_u64(&rd);

		(void)wire_get_u32(&rd);
		(void)wire_get_u32(&rd);
		(void)wire_get_u16(&rd);
		(void)wire_get_blob(&rd, &len, UINT32_MAX);
		if (!st->constrained)
			continue;
		if (tm_q_push(st, i64, t) < 0)
			return -1;
	}
	return 0;
}

int
tm_restore_stage(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, void **staged, char *msg, size_t len)
{
	struct tm_staged *s;
	int i64 = fx->time_int64;
	uint32_t n, i, j, hl;
	const uint8_t *h;

	*staged = NULL;
	if (wire_rd_left(rd) == 0)
		return RTI_OK;          /* nothing saved: all reset */
	if (wire_get_u16(rd) != TM_SAVE_VERSION || rd->err) {
		snprintf(msg, len, "TM section of an unknown version");
		return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	}
	n = wire_get_count(rd, 60);
	if (rd->err || n > saved->n)
		goto bad;
	if (!(s = calloc(1, sizeof *s)) ||
	    !(s->f = calloc(n ? n : 1, sizeof *s->f))) {
		free(s);
		snprintf(msg, len, "out of memory");
		return RTI_ERR_NO_MEMORY;
	}
	for (i = 0; i < n; i++) {
		struct tm_fed *st = &s->f[i].st;

		s->n = i + 1;
		st->node = SIZE_MAX;
		s->f[i].handle = wire_get_u32(rd);
		st->regulating = wire_get_u8(rd);
		st->reg_enabling = wire_get_u8(rd);
		st->constrained = wire_get_u8(rd);
		st->con_pending = wire_get_u8(rd);
		st->now = wire_get_u64(rd);
		st->lookahead = wire_get_u64(rd);
		st->last_kind = wire_get_u8(rd);
		st->floor.t = wire_get_u64(rd);
		st->floor.open = wire_get_u8(rd);
		st->kind = wire_get_u8(rd);
		st->req = wire_get_u64(rd);
		st->seen = wire_get_u64(rd);
		h = wire_get_blob(rd, &hl, UINT32_MAX);
		if (rd->err || st->regulating > 1 || st->reg_enabling > 1 ||
		    st->constrained > 1 || st->con_pending > 1 ||
		    st->floor.open > 1 || st->kind > TMC_KIND_MAX ||
		    st->last_kind > TMC_KIND_MAX ||
		    !tmc_time_valid(i64, st->now) ||
		    !tmc_interval_valid(i64, st->lookahead) ||
		    held_check(h, hl) < 0)
			goto bad_s;
		for (j = 0; j < saved->n; j++)
			if (saved->handles[j] == s->f[i].handle)
				break;
		if (j == saved->n)
			goto bad_s;
		for (j = 0; j < i; j++)
			if (s->f[j].handle == s->f[i].handle)
				goto bad_s;
		if (!(st->held = malloc(hl ? hl : 1)))
			goto oom;
		memcpy(st->held, h, hl);
		st->held_len = hl;
		if (held_stamps(st, i64, h, hl) < 0)
			goto oom;
	}
	if (!wire_rd_done(rd))
		goto bad_s;
	*staged = s;
	return RTI_OK;
oom:
	tm_restore_discard(s);
	snprintf(msg, len, "out of memory");
	return RTI_ERR_NO_MEMORY;
bad_s:
	tm_restore_discard(s);
bad:
	snprintf(msg, len, "save file damaged (TM section)");
	return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
}

/* Put staged state `src` in `dst` (a joined federate's), taking its
 * arrays. */
static void
fed_replace(struct tm_fed *dst, struct tm_fed *src)
{
	free(dst->q);
	free(dst->sent);
	free(dst->held);
	*dst = *src;
	dst->node = SIZE_MAX;
	memset(src, 0, sizeof *src);
}

void
tm_restore_apply(struct federation *fx, void *p)
{
	struct tm_staged *s = p;
	struct tm_fx *tx = fx->mod[MOD_TM];
	struct tm_fed blank;
	uint32_t i, j;

	for (i = 0; i < fx->n_feds; i++) {
		struct federate *f = fx->feds[i];

		for (j = 0; s && j < s->n; j++)
			if (s->f[j].handle == f->handle)
				break;
		if (s && j < s->n) {
			fed_replace(tm_fed_st(f), &s->f[j].st);
		} else {
			memset(&blank, 0, sizeof blank);
			blank.kind = TMC_NONE;
			fed_replace(tm_fed_st(f), &blank);
		}
	}
	tx->cur = NULL;
	tm_restore_discard(s);
}

/* WIRE_CB_RESTORE_TM to `f`: its TM state and held messages. */
int
tm_restore_sync(struct federate *f)
{
	static const uint8_t none[5] = { 0, 0, 0, 0, 0 };
	struct tm_fed *st = tm_fed_st(f);
	struct wire_buf *b;
	size_t off;

	if (!f->conn)
		return 0;
	b = srv_frame(f->fx->srv, WIRE_CB_RESTORE_TM, &off);
	wire_put_u8(b, (uint8_t)st->regulating);
	wire_put_u8(b, (uint8_t)st->reg_enabling);
	wire_put_u8(b, (uint8_t)st->constrained);
	wire_put_u8(b, (uint8_t)st->con_pending);
	wire_put_u64(b, st->now);
	wire_put_u64(b, st->lookahead);
	wire_put_u8(b, (uint8_t)st->last_kind);
	wire_put_u64(b, st->floor.t);
	wire_put_u8(b, (uint8_t)st->floor.open);
	wire_put_u8(b, (uint8_t)st->kind);
	wire_put_u64(b, st->req);
	if (st->held)
		wire_put_raw(b, st->held, st->held_len);
	else
		wire_put_raw(b, none, sizeof none);
	wire_frame_end(b, off);
	if (b->oom)
		return -1;
	/* librti has them again: rtiexec keeps no copy */
	free(st->held);
	st->held = NULL;
	st->held_len = 0;
	return conn_send_buf(f->conn, b) < 0 ? -1 : 0;
}
