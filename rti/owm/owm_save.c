/* SPDX-License-Identifier: Apache-2.0 */
/*
 * owm_save.c - OWM's part of federation save and restore (rti-save(5),
 * "OWM section").
 *
 * Kept across a save: every ownership negotiation in progress, as IEEE
 * 1516.1-2010 keeps the state of each attribute (the ownership state
 * charts of its clause 7) in the federation's state: the attributes under
 * negotiated divestiture (the owner awaits a confirmation or a taker),
 * and the pending acquisitions, oldest first (the acquirer awaits a
 * notification; the order decides who gets a released attribute).  An
 * unconditional divestiture finishes within its service: nothing of it
 * is in flight.
 *
 * Layout, version 1: u16 version, u32 n, n x (u32 obj, u32 n_div, n_div
 * x u32 attr, u32 n_pend, n_pend x (u32 federate, u32 attr,
 * u8 if_available)).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "om.h"
#include "owm_int.h"
#include "restore_chk.h"

#define OWM_SAVE_VERSION 1

int
owm_save_state(struct federation *fx, struct wire_buf *out)
{
	struct owm_fx *st = owm_fxst(fx);
	struct idmap_iter it;
	struct owm_obj *oo;
	size_t cnt, i;
	uint32_t n = 0;

	wire_put_u16(out, OWM_SAVE_VERSION);
	cnt = out->len;
	wire_put_u32(out, 0);
	idmap_iter_init(&st->objs, &it);
	while ((oo = owm_obj_of(idmap_iter_next(&st->objs, &it)))) {
		if (!om_find(fx, oo->obj))
			continue;
		wire_put_u32(out, oo->obj);
		wire_put_u32(out, (uint32_t)oo->n_div);
		for (i = 0; i < oo->n_div; i++)
			wire_put_u32(out, oo->div[i]);
		wire_put_u32(out, (uint32_t)oo->n_pend);
		for (i = 0; i < oo->n_pend; i++) {
			wire_put_u32(out, oo->pend[i].fed);
			wire_put_u32(out, oo->pend[i].attr);
			wire_put_u8(out, oo->pend[i].if_avail);
		}
		n++;
	}
	wire_patch_u32(out, cnt, n);
	return out->oom ? -1 : 0;
}

void
owm_restore_discard(void *staged)
{
	struct idmap *m = staged;
	struct idmap_iter it;
	struct owm_obj *oo;

	if (!m)
		return;
	idmap_iter_init(m, &it);
	while ((oo = owm_obj_of(idmap_iter_next(m, &it))))
		owm_obj_free(oo);
	idmap_fini(m);
	free(m);
}

/* Is `a` an attribute of the FOM? */
static int
attr_ok(struct federation *fx, uint32_t a)
{
	return a && a <= fx->fom->n_attrs;
}

int
owm_restore_stage(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, void **staged, char *msg, size_t len)
{
	struct idmap *m;
	const char *why = NULL;
	uint32_t n, i, k, j;

	*staged = NULL;
	if (wire_rd_left(rd) == 0)
		;               /* no section: the empty state */
	else if (wire_get_u16(rd) != OWM_SAVE_VERSION) {
		if (rd->err)
			return restore_damaged(msg, len, "OWM",
			    "it is truncated");
		snprintf(msg, len, "the OWM section of the save has a version "
		    "this rtiexec does not read");
		return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	}
	if (!(m = calloc(1, sizeof *m)) ||
	    IDMAP_INIT(m, struct owm_obj, node, obj) < 0) {
		free(m);
		snprintf(msg, len, "out of memory staging the OWM state");
		return RTI_ERR_NO_MEMORY;
	}
	n = wire_rd_left(rd) ? wire_get_count(rd, 12) : 0;
	for (i = 0; i < n && !why; i++) {
		uint32_t obj = wire_get_u32(rd), nd = wire_get_count(rd, 4);
		struct owm_obj *oo;

		if (rd->err) {
			why = "it is truncated";
			break;
		}
		if (!obj || IDMAP_GET(m, obj, struct owm_obj, node, obj)) {
			why = "an instance is 0 or saved twice";
			break;
		}
		if (!(oo = calloc(1, sizeof *oo)))
			goto oom;
		oo->obj = obj;
		idmap_put(m, &oo->node);
		if (nd && !(oo->div = calloc(nd, sizeof *oo->div)))
			goto oom;
		oo->cap_div = nd;
		for (k = 0; k < nd && !why; k++) {
			oo->div[k] = wire_get_u32(rd);
			for (j = 0; j < k; j++)
				if (oo->div[j] == oo->div[k])
					why = "an attribute is divested twice";
			if (!attr_ok(fx, oo->div[k]))
				why = rd->err ? "it is truncated" :
				    "an attribute is not in the FOM";
			oo->n_div = k + 1;
		}
		k = why ? 0 : wire_get_count(rd, 9);
		if (!why && rd->err)
			why = "it is truncated";
		if (!why && k && !(oo->pend = calloc(k, sizeof *oo->pend)))
			goto oom;
		oo->cap_pend = k;
		for (j = 0; j < k && !why; j++) {
			struct owm_pend *p = &oo->pend[j];

			p->fed = wire_get_u32(rd);
			p->attr = wire_get_u32(rd);
			p->if_avail = wire_get_u8(rd);
			oo->n_pend = j + 1;
			if (rd->err)
				why = "it is truncated";
			else if (!restore_fed_ok(saved, p->fed))
				why = "an acquirer is not a saved federate";
			else if (!attr_ok(fx, p->attr) || p->if_avail > 1)
				why = "a pending acquisition is out of range";
		}
		if (!why && !oo->n_div && !oo->n_pend)
			why = "an instance has nothing in flight";
	}
	if (!why && !wire_rd_done(rd))
		why = rd->err ? "it is truncated" :
		    "it has bytes past its end";
	if (why) {
		owm_restore_discard(m);
		return restore_damaged(msg, len, "OWM", why);
	}
	*staged = m;
	return RTI_OK;
oom:
	owm_restore_discard(m);
	snprintf(msg, len, "out of memory staging the OWM state");
	return RTI_ERR_NO_MEMORY;
}

void
owm_restore_apply(struct federation *fx, void *staged)
{
	struct owm_fx *st = owm_fxst(fx);
	struct idmap *m = staged, old = st->objs;
	int b;

	st->objs = *m;
	*m = old;
	owm_restore_discard(m);
	for (b = 0; b < B_COUNT; b++)
		st->b[b].n = 0;
}

/* WIRE_CB_RESTORE_OWM to `f`: the negotiated divestitures of attributes
 * it owns (its librti's list). */
int
owm_restore_sync(struct federate *f)
{
	struct federation *fx = f->fx;
	struct owm_fx *st = owm_fxst(fx);
	struct idmap_iter it;
	struct owm_obj *oo;
	struct om_instance *in;
	struct wire_buf *b = &st->out;
	size_t off, cnt, i;
	uint32_t n = 0;

	if (!f->conn)
		return 0;
	wire_buf_reset(b);
	off = wire_frame_begin(b, WIRE_CB_RESTORE_OWM);
	cnt = b->len;
	wire_put_u32(b, 0);
	idmap_iter_init(&st->objs, &it);
	while ((oo = owm_obj_of(idmap_iter_next(&st->objs, &it)))) {
		if (!(in = om_find(fx, oo->obj)))
			continue;
		for (i = 0; i < oo->n_div; i++)
			if (om_owner(in, oo->div[i]) == f->handle) {
				wire_put_u32(b, oo->obj);
				wire_put_u32(b, oo->div[i]);
				n++;
			}
	}
	wire_patch_u32(b, cnt, n);
	wire_frame_end(b, off);
	if (b->oom)
		return -1;
	return conn_send_buf(f->conn, b) < 0 ? -1 : 0;
}
