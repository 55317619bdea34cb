/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_rti.c - the RTI's own instances and interactions (om.h): what the
 * MOM (mom.c, mom_report.c) registers, reflects, deletes and sends
 * through OM, and the interaction classes it takes from the federates.
 * An RTI instance has WIRE_OWNER_RTI as registrar and owner of every
 * attribute; federates discover it like any other.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "ddm.h"
#include "dm.h"
#include "om_int.h"

struct om_instance *
om_rti_register(struct federation *fx, uint32_t cls)
{
	struct om_fx *st = om_fxst(fx);
	const struct dm_sub *r;
	struct om_instance *in;
	struct om_name *ne;
	char gen[32];
	uint32_t i;
	size_t n;

	if (cls == 0 || cls > st->n_oc)
		return NULL;
	snprintf(gen, sizeof gen, "HLAobject%u", st->next_handle);
	if (om_name_find(st, gen))
		return NULL;
	in = om_inst_new(fx, st, cls, st->next_handle, WIRE_OWNER_RTI);
	if (!in || !(ne = om_name_add(st, gen, 0))) {
		if (in)
			om_inst_free(in);
		return NULL;
	}
	ne->inst = in;
	in->name = ne->name;
	for (i = 0; i < in->n_attrs; i++)
		in->owner[i] = WIRE_OWNER_RTI;
	om_sole_update(in);
	om_inst_link(st, in);
	st->next_handle++;
	n = dm_route_object(fx, cls, &r);
	om_discover_wanting(fx, in, r, n, NULL);
	om_relevance(fx, in);
	return in;
}

void
om_rti_reflect(struct federation *fx, struct om_instance *in,
    const struct om_value *v, uint32_t n, struct federate *only)
{
	struct om_fx *st = om_fxst(fx);
	size_t words = dm_words(fx);
	uint32_t i, j, kept;

	for (i = 0; i < in->n_known; i++) {
		struct federate *to = server_federate(fx, in->known[i].fed);
		const struct dm_sub *e;
		size_t off, lay, ins;

		if (!to || !to->conn || (only && to != only) ||
		    !(e = dm_route_find(fx, in->cls, to)) ||
		    e->known != in->known[i].cls)
			continue;
		wire_buf_reset(&st->out);
		off = wire_frame_begin(&st->out, WIRE_CB_REFLECT);
		wire_put_u32(&st->out, WIRE_OWNER_RTI);
		om_hdr_put(&st->out, NULL, 0);
		lay = bundle_class_begin(&st->out, e->known);
		ins = bundle_inst_begin(&st->out, in->handle);
		for (j = kept = 0; j < n; j++)
			if (bset_has(e->attrs, words, v[j].attr)) {
				bundle_put_attr(&st->out, v[j].attr,
				    v[j].value, v[j].len);
				kept++;
			}
		if (!kept)
			continue;
		bundle_inst_end(&st->out, ins, kept);
		bundle_class_end(&st->out, lay, 1);
		to->cnt.refl_bytes[e->known] += st->out.len - lay;
		wire_frame_end(&st->out, off);
		conn_send_buf(to->conn, &st->out);
		to->cnt.reflections[e->known]++;
	}
}

void
om_rti_delete(struct federation *fx, struct om_instance *in)
{
	om_remove_instance(fx, in, WIRE_OWNER_RTI, NULL, 0);
}

int
om_rti_take(struct federation *fx, uint32_t cls)
{
	struct om_fx *st = om_fxst(fx);

	if (cls == 0 || cls > st->n_ic)
		return -1;
	if (!st->rti_ic && !(st->rti_ic = calloc(st->n_ic + 1, 1)))
		return -1;
	st->rti_ic[cls] = 1;
	return 0;
}

void
om_rti_interaction(struct federation *fx, uint32_t cls,
    const uint8_t *params, size_t len)
{
	struct om_fx *st = om_fxst(fx);
	const struct dm_sub *r;
	struct wire_rd rd;
	size_t n_routes, k, off, cnt;
	uint32_t n, i, kept, ph, pl;
	const uint8_t *pv;

	n_routes = dm_route_interaction(fx, cls, &r);
	for (k = 0; k < n_routes; k++) {
		struct federate *to = r[k].f;

		if (!to->conn)
			continue;
		wire_buf_reset(&st->out);
		off = wire_frame_begin(&st->out, WIRE_CB_INTERACTION);
		wire_put_u32(&st->out, WIRE_OWNER_RTI);
		om_hdr_put(&st->out, NULL, 0);
		wire_put_u32(&st->out, r[k].known);
		if (r[k].known == cls) {
			wire_put_raw(&st->out, params, len);
			to->cnt.ic_recv_bytes[cls] += len;
		} else {
			/* the parameters of the class it knows */
			wire_rd_init(&rd, params, len);
			n = wire_get_u32(&rd);
			cnt = st->out.len;
			wire_put_u32(&st->out, 0);
			for (i = kept = 0; i < n && !rd.err; i++) {
				ph = wire_get_u32(&rd);
				pl = wire_get_u32(&rd);
				pv = wire_get_raw(&rd, pl);
				if (rd.err || !fom_iclass_has_param(fx->fom,
				    r[k].known, ph))
					continue;
				bundle_put_attr(&st->out, ph, pv, pl);
				kept++;
			}
			wire_patch_u32(&st->out, cnt, kept);
			to->cnt.ic_recv_bytes[r[k].known] += st->out.len - cnt;
		}
		wire_frame_end(&st->out, off);
		conn_send_buf(to->conn, &st->out);
		to->cnt.ic_received[r[k].known]++;
	}
}
