/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_route.c - the update route: a WIRE_OM_UPDATE bundle from its
 * publisher to each subscriber's reflect, checked, filtered and cut.
 *
 * Two paths, one result.  The general path (update_check, then
 * route_general with plan per subscriber) handles every bundle: it checks
 * each instance's handle, class and attributes and gives the notice for
 * the first wrong one; it filters each instance through DDM, discovers
 * instances a subscriber does not know yet, and sends each subscriber the
 * bundle as it is or cut to the attributes it gets, one frame per class it
 * knows the instances as.  The one-pass path (uniform_check, then
 * uniform_route) takes the bundle nearly every update is, in one pass over
 * its instances, and forwards it as it is; it gives up (returns 0)
 * whenever any of its assumptions fails, before it has sent anything, and
 * the general path then does the whole work.  It assumes, and checks:
 *
 *  F1 no update condition in the header (a condition is matched per
 *     instance);
 *  F2 every instance is known and is of the bundle's class (else the
 *     general path's notice);
 *  F3 no instance has update regions or a condition of its own
 *     (ddm_update_plain), so that the first instance's routing is every
 *     instance's;
 *  F4 every instance updates the first one's attributes in its layout
 *     (bundle_parse shares equal layouts: bi->at is equal), so that the
 *     checks of the first layout hold for all;
 *  F5 those attributes are defined for the class (om_attr_index on the
 *     first instance: om_class_has_attr adds nothing), none twice;
 *  F6 the sender owns them in every instance (one owner lookup per
 *     attribute through the class's shared attribute index, none when it
 *     owns the whole instance);
 *  F7 no instance is doomed by a resign the sweep has not carried out
 *     (a doomed instance is never the sender's alone): check_mass
 *     test_sweep_ownership;
 *  F8 every subscriber the filters let through wants every attribute
 *     (subscribed, regions matching) and subscribes at the bundle's
 *     class;
 *  F9 it knows every instance, as that class (else the general path
 *     discovers or cuts);
 *  F10 it decides for every subscriber before sending to any, so that
 *     the general path never sends a bundle twice.
 * test/unit/check_rti_om_route.c has a test named test_fN_... for each
 * (raw bundles librti never sends among them), and each fails when its
 * check is removed, but for these, which other checks cover: F2's class
 * check on the first instance (the loop checks it again), F5's
 * om_class_has_attr, F6's shared attribute index (equal for one class
 * once F2 holds), F8's class check (F9 refuses the same bundles);
 * F7 is guarded by check_mass only.
 *
 * Data passes between the functions as parameters and in struct route
 * (om_int.h), whose fields say who fills them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ddmmodel.h"
#include "ddm.h"
#include "dm.h"
#include "mc.h"
#include "om_int.h"
#include "tm.h"

/* rt->dup[i]: instance i of the bundle updates the same attributes as
 * instance i - 1 (which the checks then need not look at again), and is
 * routed as it is (its want and wattr rows are copies). */
#define DUP_ATTRS 1
#define DUP_ROUTE 2

/* Rows of flags (want, wattr, keep) have ROW_SLACK bytes of room after
 * their last row, for copy_row. */
#define ROW_SLACK 8

/*
 * Copy a row of per-attribute or per-route flags, a handful of bytes per
 * instance of a bundle, in 8-byte words: the last word may write up to 7
 * bytes past the row, into the next row (written after it) or the slack.
 * `d` follows `s` (the next instance's row).
 * Why not memcpy: with memcpy(d, s, n) the filtered fanout cases, which
 * route per instance through plan(), delivered 4 to 7 % fewer updates per
 * second (rtibench -m fanout, 4 alternating pairs on a quiet machine:
 * condition 0.96, region 0.96, prefix 0.93 of this; unfiltered 1.03).
 * Guarded by the bundle tests that cut per instance (check_filter
 * test_class_bundle_cut_per_condition, check_ddm
 * test_bundle_suppresses_per_instance_region), which ASan runs in CI: a
 * row without its ROW_SLACK would be written past.
 */
static inline void
copy_row(uint8_t *d, const uint8_t *s, size_t n)
{
	uint64_t t;

	for (;;) {
		memcpy(&t, s, 8);
		memcpy(d, &t, 8);
		if (n <= 8)
			return;
		d += 8;
		s += 8;
		n -= 8;
	}
}

int
om_route_init(struct route *rt, uint32_t n_attrs)
{
	memset(rt, 0, sizeof *rt);
	bundle_init(&rt->b);
	wire_buf_init(&rt->out);
	wire_buf_init(&rt->mc);
	rt->n_stamp = n_attrs;
	rt->stamp = calloc(n_attrs + 1, sizeof *rt->stamp);
	return rt->stamp ? 0 : -1;
}

void
om_route_fini(struct route *rt)
{
	bundle_free(&rt->b);
	wire_buf_free(&rt->out);
	wire_buf_free(&rt->mc);
	free(rt->stamp);
	free(rt->bi);
	free(rt->dup);
	free(rt->want);
	free(rt->wattr);
	free(rt->kc);
	free(rt->keep);
	free(rt->keep2);
	free(rt->idx);
	free(rt->handles);
	free(rt->mct);
	free(rt->any);
	free(rt->hit);
	free(rt->hoff);
	free(rt->hn);
	free(rt->lst);
	free(rt->lstart);
	free(rt->lcnt);
}

/* Do instance layers a (may be NULL) and b update the same attributes in
 * the same order? */
static int
same_attrs(const struct bundle *bd, const struct bundle_inst *a,
    const struct bundle_inst *b)
{
	uint32_t j;

	if (!a || a->n_attrs != b->n_attrs)
		return 0;
	if (a->at == b->at)
		return 1; /* laid out alike (bundle_parse) */
	for (j = 0; j < b->n_attrs; j++)
		if (bd->attrs[a->at + j].handle != bd->attrs[b->at + j].handle)
			return 0;
	return 1;
}

/* Room in the per-instance and per-attribute rows for bundle b.  0 or
 * -1 (out of memory). */
static int
grow_rows(struct route *rt, const struct bundle *b)
{
	return wire_grow((void **)&rt->bi, &rt->cap_bi, b->n_inst,
	    sizeof *rt->bi) ||
	    wire_grow((void **)&rt->kc, &rt->cap_kc, b->n_inst,
	    sizeof *rt->kc) ||
	    wire_grow((void **)&rt->keep, &rt->cap_keep, b->n_attrs +
	    ROW_SLACK, 1) ||
	    wire_grow((void **)&rt->keep2, &rt->cap_keep2, b->n_attrs, 1) ||
	    wire_grow((void **)&rt->dup, &rt->cap_dup, b->n_inst, 1) ? -1 : 0;
}

/* Start a new generation of rt->stamp (duplicate detection): a handle
 * whose stamp equals rt->stamp_gen afterwards was seen in it. */
static void
stamp_next(struct route *rt)
{
	if (++rt->stamp_gen == 0) {
		memset(rt->stamp, 0, (rt->n_stamp + 1) * sizeof *rt->stamp);
		rt->stamp_gen = 1;
	}
}

/*
 * The bundle nearly every update is (F1-F7 above), checked in one pass
 * without a notice.  1 with rt->bi and rt->dup filled as update_check
 * fills them; 0 when update_check must look (which then reports what is
 * wrong).
 */
static int
uniform_check(struct conn *c, struct om_fx *st, struct route *rt,
    const char *cond)
{
	struct federation *fx = conn_fed(c)->fx;
	const struct bundle *b = &rt->b;
	const struct bundle_inst *b0 = &b->inst[0];
	struct om_instance *in0;
	uint32_t i, j, me = conn_fed(c)->handle;

	if (b->n_inst == 0 || cond[0] || b->cls == 0 || b->cls > st->n_oc ||
	    grow_rows(rt, b) < 0 || wire_grow((void **)&rt->idx, &rt->cap_idx,
	    b0->n_attrs + 1, sizeof *rt->idx) ||
	    !(in0 = om_lookup(st, b0->handle)) || in0->cls != b->cls)
		return 0;
	stamp_next(rt);
	/* rt->idx[j]: the index of the first layout's attribute j in the
	 * instances' attrs (one array per class) */
	for (j = 0; j < b0->n_attrs; j++) {
		uint32_t a = b->attrs[b0->at + j].handle;
		int k;

		if (!om_class_has_attr(st, b->cls, a) ||
		    rt->stamp[a] == rt->stamp_gen ||
		    (k = om_attr_index(in0, a)) < 0)
			return 0;
		rt->stamp[a] = rt->stamp_gen;
		rt->idx[j] = (uint32_t)k;
	}
	for (i = 0; i < b->n_inst; i++) {
		const struct bundle_inst *bi = &b->inst[i];
		struct om_instance *in = i ? om_lookup(st, bi->handle) : in0;

		if (i + 1 < b->n_inst)
			om_prefetch(st, bi[1].handle);

		if (!in || in->cls != b->cls || (i && bi->at != bi[-1].at) ||
		    !ddm_update_plain(fx, bi->handle, NULL))
			return 0;
		if (in->sole != me) {
			if (in->attrs != in0->attrs || om_doomed(st, in))
				return 0;
			for (j = 0; j < b0->n_attrs; j++)
				if (in->owner[rt->idx[j]] != me)
					return 0;
		}
		rt->bi[i] = in;
		rt->dup[i] = i ? DUP_ATTRS : 0;
	}
	return 1;
}

/* Check every handle and right of the parsed bundle; fills rt->bi and
 * rt->dup (DUP_ATTRS).  0, or -1 after a notice. */
static int
update_check(struct conn *c, struct om_fx *st, struct route *rt)
{
	struct federation *fx = conn_fed(c)->fx;
	const struct bundle *b = &rt->b;
	uint32_t i, j;
	int fast;

	if (b->cls == 0 || b->cls > st->n_oc)
		return om_notice(c, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "update dropped: object class %u is not defined", b->cls),
		    -1;
	if (grow_rows(rt, b) < 0)
		return om_notice(c, RTI_ERR_NO_MEMORY,
		    "update dropped: out of memory"), -1;
	for (i = 0, fast = 0; i < b->n_inst; i++) {
		const struct bundle_inst *bi = &b->inst[i];
		struct om_instance *in = om_lookup(st, bi->handle);

		if (i + 1 < b->n_inst)
			om_prefetch(st, bi[1].handle);

		if (!in)
			return om_notice(c, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
			    "update dropped: object instance %u is not known",
			    bi->handle), -1;
		if (in->cls != b->cls)
			return om_notice(c, RTI_ERR_INVALID_ARGUMENT,
			    "update dropped: instance %u is of class %s, not "
			    "%s", in->handle,
			    fom_oclass(fx->fom, in->cls)->qname,
			    fom_oclass(fx->fom, b->cls)->qname), -1;
		rt->bi[i] = in;
		rt->dup[i] = i && same_attrs(b, bi - 1, bi) ? DUP_ATTRS : 0;
		/* the attributes the last instance had, all defined, none
		 * twice, and the sender owns every one: nothing to look at */
		if (fast && rt->dup[i] && in->sole == conn_fed(c)->handle)
			continue;
		if (in->sole != conn_fed(c)->handle && om_doomed(st, in))
			return om_notice(c, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
			    "update dropped: object instance %u is not known",
			    bi->handle), -1;
		fast = in->sole == conn_fed(c)->handle;
		stamp_next(rt);
		for (j = 0; j < bi->n_attrs; j++) {
			uint32_t a = b->attrs[bi->at + j].handle;
			int k;

			/* the common case, O(1): the sender owns it all */
			if (in->sole == conn_fed(c)->handle &&
			    om_class_has_attr(st, in->cls, a) &&
			    rt->stamp[a] != rt->stamp_gen) {
				rt->stamp[a] = rt->stamp_gen;
				continue;
			}
			fast = 0;
			k = om_attr_index(in, a);
			if (k < 0)
				return om_notice(c,
				    RTI_ERR_ATTRIBUTE_NOT_DEFINED,
				    "update dropped: attribute %u is not an "
				    "attribute of %s", a,
				    fom_oclass(fx->fom, in->cls)->qname), -1;
			if (rt->stamp[a] == rt->stamp_gen)
				return om_notice(c, RTI_ERR_INVALID_ARGUMENT,
				    "update dropped: attribute %u given twice "
				    "for instance %u", a, in->handle), -1;
			rt->stamp[a] = rt->stamp_gen;
			if (in->owner[k] != conn_fed(c)->handle)
				return om_notice(c,
				    RTI_ERR_ATTRIBUTE_NOT_OWNED,
				    "update dropped: attribute %u of instance "
				    "%u is not owned by this federate", a,
				    in->handle), -1;
		}
	}
	return 0;
}

/* What subscriber `s` gets of instance i, which its filters take
 * (kc: the class it knows it as, discovered now if it did not know it):
 * rt->keep for its attributes; the number kept. */
static uint32_t
plan_inst(struct federation *fx, struct om_fx *st, struct route *rt,
    const struct dm_sub *s, uint32_t i, uint32_t kc, const uint8_t *wattr,
    size_t stride)
{
	const struct bundle *b = &rt->b;
	const struct bundle_inst *bi = &b->inst[i];
	const uint64_t *attrs = NULL;
	uint32_t j, kept;

	if (kc == s->known) {
		attrs = s->attrs;
	} else if (kc) {
		const struct dm_sub *e = dm_route_find(fx, kc, s->f);

		attrs = e ? e->attrs : NULL;
	}
	for (j = kept = 0; j < bi->n_attrs; j++) {
		uint8_t k = (uint8_t)(bset_has(attrs, st->words,
		    b->attrs[bi->at + j].handle) &&
		    wattr[(bi->first + j) * stride]);

		rt->keep[bi->first + j] = k;
		kept += k;
	}
	return kept;
}

/* The class `s` knows instance i as; discovers it to `s` when `s` does
 * not know it yet. */
static uint32_t
plan_known(struct federation *fx, struct route *rt, const struct dm_sub *s,
    uint32_t i)
{
	uint32_t kc = om_known_class(rt->bi[i], s->f->handle);

	if (!kc) {
		om_discover(fx, rt->bi[i], s->f, s->known);
		kc = s->known;
	}
	return kc;
}

/*
 * Decide what subscriber `s` gets of the bundle: rt->kc[i] = class it
 * knows instance i as (0: nothing for it), rt->keep[] = attributes it
 * subscribes to whose regions match; want[i * stride]: its filters take
 * instance i, wattr[x * stride]: the regions of b->attrs[x] match.
 * Discovers instances it does not know yet.  Returns 1 when it wants the
 * bundle exactly as it is.
 */
static int
plan(struct federation *fx, struct om_fx *st, struct route *rt,
    const struct dm_sub *s, const uint8_t *want, const uint8_t *wattr,
    size_t stride)
{
	const struct bundle *b = &rt->b;
	uint32_t i, kept, pkc = 0, pkept = 0;
	int whole = 1;

	for (i = 0; i < b->n_inst; i++) {
		const struct bundle_inst *bi = &b->inst[i];
		uint32_t kc = want[i * stride] ? plan_known(fx, rt, s, i) : 0;

		if ((rt->dup[i] & DUP_ROUTE) && kc == pkc) {
			/* the same attributes, routed and known the same */
			copy_row(rt->keep + bi->first, rt->keep + bi[-1].first,
			    bi->n_attrs);
			kept = pkept;
		} else {
			kept = plan_inst(fx, st, rt, s, i, kc, wattr, stride);
		}
		pkc = kc;
		pkept = kept;
		rt->kc[i] = kept ? kc : 0;
		if (kept != bi->n_attrs || rt->kc[i] != b->cls)
			whole = 0;
	}
	return whole;
}

/*
 * plan for a subscriber whose filters take exactly the instances
 * list[0..m) (ascending: the route's hits, route_general): the same
 * rt->kc, rt->keep, discoveries and answer, without a look at the rows of
 * the instances it does not want.  A condition fan-out (each of 300
 * consoles following one substation of a 64-instance bundle) planned
 * every subscriber over every instance.  Guarded by check_filter's and
 * check_ddm's per-instance bundle tests and check_rti_om_route's
 * test_sparse_plan_equals_plan.
 */
static int
plan_sparse(struct federation *fx, struct om_fx *st, struct route *rt,
    const struct dm_sub *s, const uint8_t *wattr, size_t stride,
    const uint32_t *list, size_t m)
{
	const struct bundle *b = &rt->b;
	size_t x;
	int whole = m == b->n_inst;

	memset(rt->kc, 0, b->n_inst * sizeof *rt->kc);
	memset(rt->keep, 0, b->n_attrs);
	for (x = 0; x < m; x++) {
		uint32_t i = list[x], kc = plan_known(fx, rt, s, i);
		uint32_t kept = plan_inst(fx, st, rt, s, i, kc, wattr, stride);

		rt->kc[i] = kept ? kc : 0;
		if (kept != b->inst[i].n_attrs || rt->kc[i] != b->cls)
			whole = 0;
	}
	return whole;
}

/* Send a reflect of the bundle to `to`: `layer` as is, or the cut of
 * class `cls` keeping `keep`. */
static void
send_reflect(struct route *rt, struct federate *to, uint32_t producer,
    const struct bundle_hdr *h, int tso, const void *layer, size_t layer_len,
    uint32_t cls, const uint8_t *keep)
{
	size_t off, at;
	uint32_t k = rt->b.n_inst;

	int held = 0;

	wire_buf_reset(&rt->out);
	off = wire_frame_begin(&rt->out, WIRE_CB_REFLECT);
	wire_put_u32(&rt->out, producer);
	om_hdr_put(&rt->out, h, tso);
	at = rt->out.len;
	if (!layer && (k = bundle_cut_list(&rt->out, &rt->b, cls, keep,
	    rt->pl, rt->pn)) == 0)
		return;
	to->cnt.reflections[layer ? rt->b.cls : cls] += k;
	/* its library holds it until a grant: so does its connection
	 * (conn_send_held) */
	if (tso)
		held = tm_note_tso_delivery(to, h->time);
	if (!layer) {
		to->cnt.refl_bytes[cls] += rt->out.len - at;
		wire_frame_end(&rt->out, off);
		if (server_dispatch_be(to->fx->srv) && !rt->out.oom)
			conn_send_be(to->conn, rt->out.data, rt->out.len, NULL,
			    0);
		else if (held && !rt->out.oom)
			conn_send_held(to->conn, rt->out.data, rt->out.len,
			    NULL, 0);
		else
			conn_send_buf(to->conn, &rt->out);
		return;
	}
	to->cnt.refl_bytes[rt->b.cls] += layer_len;
	/* the layer goes from the input to the queue, copied once */
	wire_patch_u32(&rt->out, off, (uint32_t)(rt->out.len - off -
	    WIRE_HEADER_SIZE + layer_len));
	if (rt->out.oom)
		conn_send_buf(to->conn, &rt->out);
	else if (server_dispatch_be(to->fx->srv))
		conn_send_be(to->conn, rt->out.data, rt->out.len, layer,
		    layer_len);
	else if (held)
		conn_send_held(to->conn, rt->out.data, rt->out.len, layer,
		    layer_len);
	else
		conn_send2(to->conn, rt->out.data, rt->out.len, layer,
		    layer_len);
}

/*
 * Route a bundle that passed uniform_check: its instances share one
 * routing, the first one's.  When every subscriber wants either none of
 * it or all of it, knowing every instance as the bundle's class (F8, F9),
 * the bundle (`layer`) goes to each of the latter as it is: 1.  0 when
 * some subscriber needs the general path (a cut, another class, a
 * discovery); nothing was sent then (F10).
 */
static int
uniform_route(struct conn *c, struct om_fx *st, struct route *rt,
    const struct bundle_hdr *h, int tso, const struct dm_sub *r, size_t n,
    const void *layer, size_t layer_len)
{
	struct federate *f = conn_fed(c);
	const struct bundle *b = &rt->b;
	const struct bundle_inst *b0 = &b->inst[0];
	uint32_t i, j;
	size_t k;

	if (n == 0)
		return 1;
	if (wire_grow((void **)&rt->want, &rt->cap_want, n + ROW_SLACK, 1) ||
	    wire_grow((void **)&rt->wattr, &rt->cap_wattr,
	    (size_t)b0->n_attrs * n + ROW_SLACK, 1) ||
	    wire_grow((void **)&rt->handles, &rt->cap_handles,
	    b0->n_attrs + 1, sizeof *rt->handles))
		return 0;
	for (j = 0; j < b0->n_attrs; j++)
		rt->handles[j] = b->attrs[b0->at + j].handle;
	ddm_route_update(f->fx, b0->handle, rt->handles, b0->n_attrs, NULL, r,
	    n, rt->want, rt->wattr);
	/* decide for every subscriber before sending to any */
	for (k = 0; k < n; k++) {
		struct federate *to = r[k].f;

		if (to == f || !to->conn || !rt->want[k])
			continue;
		if (r[k].known != b->cls)
			return 0;
		for (j = 0; j < b0->n_attrs; j++)
			if (!rt->wattr[j * n + k] || !bset_has(r[k].attrs,
			    st->words, rt->handles[j]))
				return 0;
		for (i = 0; i < b->n_inst; i++)
			if (om_known_class(rt->bi[i], to->handle) != b->cls)
				return 0;
	}
	for (k = 0; k < n; k++) {
		struct federate *to = r[k].f;

		if (to == f || !to->conn)
			continue;
		if (rt->want[k]) {
			send_reflect(rt, to, f->handle, h, tso, layer,
			    layer_len, 0, NULL);
			server_count_routed(conn_srv(c));
		} else {
			server_count_filtered(conn_srv(c));
		}
	}
	return 1;
}

/*
 * --multicast: the condition whose cell (*cell bytes of it) every
 * instance of the bundle is sent with, the bundle's own or else each
 * instance's; NULL (*cell 0) when they differ or one has none.
 */
static const char *
bundle_cell(struct federation *fx, const struct rti_server *srv,
    const struct bundle *b, const struct bundle_hdr *h, size_t *cell)
{
	const struct ddm_inst *in;
	const char *first = NULL, *cond;
	uint32_t i;
	size_t n;

	*cell = 0;
	if (*h->cond)
		return (*cell = mc_cell_len(srv, h->cond)) ? h->cond : NULL;
	for (i = 0; i < b->n_inst; i++) {
		in = ddm_instance(fx, b->inst[i].handle);
		cond = in && in->cond[0] ? in->cond : NULL;
		if (!(n = mc_cell_len(srv, cond)) || (first && (n != *cell ||
		    memcmp(first, cond, n) != 0))) {
			*cell = 0;
			return NULL;
		}
		first = cond;
		*cell = n;
	}
	return first;
}

/*
 * --multicast: start a group message of the bundle (its reflect frame
 * whole: rt->mc, then `layer_len` bytes of layer).  1 when its group
 * takes it (mc_begin), else 0.
 */
static int
route_mc_begin(struct conn *c, struct route *rt, const struct bundle_hdr *h,
    int tso, size_t layer_len)
{
	const char *cond;
	size_t off, cell;

	wire_buf_reset(&rt->mc);
	off = wire_frame_begin(&rt->mc, WIRE_CB_REFLECT);
	wire_put_u32(&rt->mc, conn_fed(c)->handle);
	om_hdr_put(&rt->mc, h, tso);
	wire_patch_u32(&rt->mc, off, (uint32_t)(rt->mc.len - off -
	    WIRE_HEADER_SIZE + layer_len));
	cond = bundle_cell(conn_fed(c)->fx, conn_srv(c), &rt->b, h, &cell);
	return !rt->mc.oom && mc_begin(conn_srv(c), conn_fed(c)->fx, 0,
	    rt->b.cls,
	    cond, cell, rt->mc.len + layer_len);
}

/*
 * --multicast: subscriber k (`to`), planned (plan: rt->kc, rt->keep;
 * `whole` its answer), is addressed in the group message instead of
 * sent its reflect when it knows every instance it gets as the bundle's
 * class (its librti cuts to rt->keep, which needs no other class) and is
 * a joined member: 1, recorded in rt->mct for route_mc_commit.  0: send it its
 * reflect.
 */
static int
route_mc_take(struct conn *c, struct route *rt, struct federate *to, size_t k,
    int whole)
{
	const struct bundle *b = &rt->b;
	struct mc_taken *t;
	uint32_t i, j, n = 0, kept = 0;

	for (i = 0; i < b->n_inst; i++) {
		if (!rt->kc[i])
			continue;
		if (rt->kc[i] != b->cls)
			return 0;
		n++;
		for (j = 0; j < b->inst[i].n_attrs; j++)
			kept += rt->keep[b->inst[i].first + j] != 0;
	}
	if (!n || wire_grow((void **)&rt->mct, &rt->cap_mct, rt->n_mct + 1,
	    sizeof *rt->mct) || !mc_add(conn_srv(c), to->conn, to->handle,
	    whole ? NULL : rt->keep, b->n_attrs))
		return 0;
	t = &rt->mct[rt->n_mct++];
	t->k = (uint32_t)k;
	t->n_inst = n;
	t->cut = b->n_attrs - kept;
	t->whole = (uint8_t)whole;
	return 1;
}

/* The group message went: count for the members addressed what
 * send_reflect counts. */
static void
route_mc_commit(struct conn *c, struct route *rt, const struct dm_sub *r,
    const struct bundle_hdr *h, int tso, size_t layer_len)
{
	uint32_t cls = rt->b.cls;
	size_t i;

	for (i = 0; i < rt->n_mct; i++) {
		const struct mc_taken *t = &rt->mct[i];
		struct federate *to = r[t->k].f;

		to->cnt.reflections[cls] += t->n_inst;
		to->cnt.refl_bytes[cls] += layer_len;
		mc_taken(conn_srv(c), to->conn, t->cut);
		if (tso)
			tm_note_tso_delivery(to, h->time);
		server_count_routed(conn_srv(c));
		if (!t->whole)
			server_count_filtered(conn_srv(c));
	}
}

/* rt->lcnt[k] of a route without a filter (it wants every instance) */
#define LST_ALL UINT32_MAX

/* From the hits of each instance (rt->hit, rt->hoff, rt->hn; nhit in
 * all), the instances each of the n routes wants, ascending (rt->lst,
 * rt->lstart, rt->lcnt); LST_ALL for the routes whose row `base` (DDM's,
 * ddm_route_base) takes every instance: their hits are not listed.  0,
 * or -1 on ENOMEM (then plan as without). */
static int
sparse_lists(struct route *rt, const uint8_t *base, size_t n, size_t nhit)
{
	uint32_t i, x, at;
	size_t k;

	if (wire_grow((void **)&rt->lst, &rt->cap_lst, nhit + 1,
	    sizeof *rt->lst) || wire_grow((void **)&rt->lstart,
	    &rt->cap_lstart, n, sizeof *rt->lstart) ||
	    wire_grow((void **)&rt->lcnt, &rt->cap_lcnt, n, sizeof *rt->lcnt))
		return -1;
	memset(rt->lcnt, 0, n * sizeof *rt->lcnt);
	for (i = 0; i < rt->b.n_inst; i++)
		for (x = 0; x < rt->hn[i]; x++)
			rt->lcnt[rt->hit[rt->hoff[i] + x]]++;
	for (k = 0, at = 0; k < n; k++) {
		rt->lstart[k] = at;
		at += rt->lcnt[k];
		rt->lcnt[k] = 0;
	}
	for (i = 0; i < rt->b.n_inst; i++)
		for (x = 0; x < rt->hn[i]; x++) {
			uint32_t q = rt->hit[rt->hoff[i] + x];

			rt->lst[rt->lstart[q] + rt->lcnt[q]++] = i;
		}
	for (k = 0; k < n; k++)
		if (base[k])
			rt->lcnt[k] = LST_ALL;
	return 0;
}

static void send_planned(struct conn *c, struct route *rt,
    struct federate *to, int whole, const struct bundle_hdr *h, int tso,
    const void *layer, size_t layer_len);

/*
 * Route a checked bundle (rt->bi, rt->dup) to the `n` routes `r` of its
 * class: filter each instance (rt->want, rt->wattr), then per subscriber
 * plan and send the bundle whole (`layer`) or cut.
 */
static void
route_general(struct conn *c, struct om_fx *st, struct route *rt,
    const struct bundle_hdr *h, int tso, const struct dm_sub *r, size_t n,
    const void *layer, size_t layer_len)
{
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	const struct bundle *b = &rt->b;
	const uint8_t *base = NULL;
	const uint32_t *hits;
	uint32_t i, j;
	int pplain, mc = 0, whole, any_known, sparse;
	size_t k, nh, nhit;

	if (wire_grow((void **)&rt->want, &rt->cap_want, (size_t)b->n_inst * n +
	    ROW_SLACK, 1) || wire_grow((void **)&rt->wattr, &rt->cap_wattr,
	    b->n_attrs * n + ROW_SLACK, 1) || wire_grow((void **)&rt->handles,
	    &rt->cap_handles, b->n_attrs + 1, sizeof *rt->handles) ||
	    wire_grow((void **)&rt->any, &rt->cap_any, n + 1, 1)) {
		om_notice(c, RTI_ERR_NO_MEMORY,
		    "update dropped: out of memory");
		return;
	}
	/* rt->any[k]: route k wants some instance, gathered from what each
	 * instance's filters matched (ddm_route_hits) when DDM prepared the
	 * routes: a route with nothing is then skipped without a pass over
	 * the instances (any_known 0: that pass decides) */
	any_known = n && ddm_route_begin(fx, r, n) == 0;
	if (any_known && (base = ddm_route_base(fx)))
		memcpy(rt->any, base, n);
	else if (any_known)
		memset(rt->any, 1, n);
	/* sparse: each route's hits kept per instance (rt->hit), for
	 * plan_sparse; only while DDM gives every instance's hits (base) */
	sparse = any_known && ddm_route_base(fx) && !wire_grow((void **)
	    &rt->hoff, &rt->cap_hoff, b->n_inst, sizeof *rt->hoff) &&
	    !wire_grow((void **)&rt->hn, &rt->cap_hn, b->n_inst,
	    sizeof *rt->hn);
	for (i = 0, pplain = 0, nhit = 0; i < b->n_inst && n; i++) {
		const struct bundle_inst *bi = &b->inst[i];
		int plain = ddm_update_plain(fx, bi->handle, h->cond);

		if (i + 1 < b->n_inst && !*h->cond)
			ddm_update_prefetch(fx, bi[1].handle);

		/* an instance without regions or condition updating the same
		 * attributes as the one before, also such, is routed the
		 * same way */
		if (plain && pplain && (rt->dup[i] & DUP_ATTRS)) {
			copy_row(rt->want + (size_t)i * n, rt->want +
			    (size_t)(i - 1) * n, n);
			copy_row(rt->wattr + bi->first * n, rt->wattr +
			    bi[-1].first * n, (size_t)bi->n_attrs * n);
			rt->dup[i] |= DUP_ROUTE;
			if (sparse) {
				rt->hoff[i] = rt->hoff[i - 1];
				rt->hn[i] = rt->hn[i - 1];
			}
			continue;
		}
		for (j = 0; j < bi->n_attrs; j++)
			rt->handles[j] = b->attrs[bi->at + j].handle;
		ddm_route_update(fx, bi->handle, rt->handles, bi->n_attrs,
		    h->cond, r, n, rt->want + (size_t)i * n,
		    rt->wattr + bi->first * n);
		pplain = plain;
		if (!any_known)
			continue;
		if (!(hits = ddm_route_hits(fx, &nh)) && ddm_route_base(fx))
			any_known = sparse = 0;
		if (sparse && (wire_grow((void **)&rt->hit, &rt->cap_hit,
		    nhit + nh + 1, sizeof *rt->hit) != 0))
			sparse = 0;
		if (sparse) {
			rt->hoff[i] = (uint32_t)nhit;
			rt->hn[i] = (uint32_t)nh;
			memcpy(rt->hit + nhit, hits, nh * sizeof *hits);
			nhit += nh;
		}
		while (hits && nh)
			rt->any[hits[--nh]] = 1;
	}
	if (sparse)
		sparse = sparse_lists(rt, base, n, nhit) == 0;
	ddm_route_end(fx);
	/* best effort with --multicast: one reflect for the group's
	 * members, cut by each (route_mc_take), the others as without */
	rt->n_mct = 0;
	if (server_dispatch_be(conn_srv(c)) && mc_on(conn_srv(c)) && n)
		mc = route_mc_begin(c, rt, h, tso, layer_len);
	for (k = 0; k < n; k++) {
		struct federate *to = r[k].f;

		if (to == f || !to->conn)
			continue;
		/* filtered out whole (a condition or region fan-out, where
		 * nearly every route is): what plan and send_planned would
		 * conclude, without their work per attribute (rtibench
		 * fanout's filtered figures; check_filter's deliveries guard
		 * it) */
		if (any_known)
			i = rt->any[k] ? 0 : b->n_inst;
		else
			for (i = 0; i < b->n_inst &&
			    !rt->want[(size_t)i * n + k]; i++)
				;
		if (i == b->n_inst) {
			server_count_filtered(conn_srv(c));
			continue;
		}
		rt->pl = NULL;
		if (sparse && rt->lcnt[k] != LST_ALL) {
			rt->pl = rt->lst + rt->lstart[k];
			rt->pn = rt->lcnt[k];
			whole = plan_sparse(fx, st, rt, &r[k], rt->wattr + k, n,
			    rt->pl, rt->pn);
		} else {
			whole = plan(fx, st, rt, &r[k], rt->want + k,
			    rt->wattr + k, n);
		}
		if (mc && route_mc_take(c, rt, to, k, whole))
			continue;
		send_planned(c, rt, to, whole, h, tso, layer, layer_len);
	}
	rt->pl = NULL;
	if (!mc)
		return;
	if (mc_end(conn_srv(c), rt->mc.data, rt->mc.len, layer, layer_len)) {
		route_mc_commit(c, rt, r, h, tso, layer_len);
		return;
	}
	/* fewer than --multicast-min wanted it: unicast, as without */
	for (i = 0; i < rt->n_mct; i++) {
		struct federate *to = r[rt->mct[i].k].f;

		whole = plan(fx, st, rt, &r[rt->mct[i].k], rt->want +
		    rt->mct[i].k, rt->wattr + rt->mct[i].k, n);
		send_planned(c, rt, to, whole, h, tso, layer, layer_len);
	}
}

/* Send planned subscriber `to` (plan: rt->kc, rt->keep; `whole` its
 * answer) its reflect: `layer` as it is, or one cut per class it knows
 * the instances as. */
static void
send_planned(struct conn *c, struct route *rt, struct federate *to,
    int whole, const struct bundle_hdr *h, int tso, const void *layer,
    size_t layer_len)
{
	const struct bundle *b = &rt->b;
	uint32_t i, j, x, cls, pn = rt->pl ? rt->pn : b->n_inst;
	int multi, sent = 0;

/* the x-th instance plan may have given anything of */
#define PL(x) (rt->pl ? rt->pl[x] : (x))
	if (whole) {
		send_reflect(rt, to, conn_fed(c)->handle, h, tso, layer,
		    layer_len, 0, NULL);
		server_count_routed(conn_srv(c));
		return;
	}
	/* One frame per class the subscriber knows the instances as;
	 * nearly always a single one. */
	for (;;) {
		const uint8_t *sel = rt->keep;

		for (x = 0, cls = 0; x < pn && !cls; x++)
			cls = rt->kc[PL(x)];
		if (!cls)
			break;
		for (x = 0, multi = 0; x < pn; x++)
			multi |= rt->kc[PL(x)] && rt->kc[PL(x)] != cls;
		if (multi) {
			for (i = 0; i < b->n_inst; i++) {
				size_t a = b->inst[i].first;

				for (j = 0; j < b->inst[i].n_attrs;
				    j++, a++)
					rt->keep2[a] = rt->kc[i] ==
					    cls && rt->keep[a];
			}
			sel = rt->keep2;
		}
		send_reflect(rt, to, conn_fed(c)->handle, h, tso, NULL, 0,
		    cls, sel);
		server_count_routed(conn_srv(c));
		server_count_filtered(conn_srv(c));
		sent = 1;
		for (x = 0; x < pn; x++)
			if (rt->kc[PL(x)] == cls)
				rt->kc[PL(x)] = 0;
	}
#undef PL
	if (!sent)
		server_count_filtered(conn_srv(c));
}

int
om_h_update(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	const char *bad;
	struct federate *f = conn_fed(c);
	struct federation *fx = f->fx;
	struct om_fx *st = om_fxst(fx);
	struct route *rt = &st->rt;
	const struct dm_sub *r;
	struct bundle_hdr h;
	const char *why = "";
	size_t n;
	int rc, tso, fast;

	(void)serial;
	if (bundle_hdr_get(rd, &h) < 0)
		return -1;
	rc = bundle_parse(&rt->b, rd->p, wire_rd_left(rd), &why);
	if (rc == -1) {
		rti_log(conn_srv(c), LOG_WARN,
		    "federate %s (%u): malformed update "
		    "bundle: %s", f->name, f->handle, why);
		return -1;
	}
	if (rc < 0)
		return om_notice(c, RTI_ERR_NO_MEMORY,
		    "update dropped: out of memory"), 0;
	if (*h.cond && match_cond_check(h.cond, 0, &bad) < 0)
		return om_notice(c, RTI_ERR_INVALID_CONDITION, "update "
		    "dropped: condition '%.80s': %s", h.cond, bad), 0;
	fast = uniform_check(c, st, rt, h.cond);
	if ((!fast && update_check(c, st, rt) < 0) ||
	    om_tso_check(c, &h, &tso, "update") < 0)
		return 0;
	f->cnt.updates[rt->b.cls] += rt->b.n_inst;
	f->cnt.upd_bytes[rt->b.cls] += wire_rd_left(rd);
	n = dm_route_object(fx, rt->b.cls, &r);
	/* (a group message is built by the general path only) */
	if (fast && !(server_dispatch_be(conn_srv(c)) && mc_on(conn_srv(c))) &&
	    uniform_route(c, st, rt, &h, tso, r, n, rd->p, wire_rd_left(rd)))
		return 0;
	route_general(c, st, rt, &h, tso, r, n, rd->p, wire_rd_left(rd));
	return 0;
}
