/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_recv.c - what object management receives: reflections (of one
 * instance or a class bundle), interactions, discoveries and removals,
 * the attribute lists of value requests and update advisories, and name
 * reservation answers.  A timestamped or receive-order message may be
 * held by TM first (rx_deliver_now); a delivered one raises OM's
 * received event.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "om_int.h"

/* Read "u32 producer, HDR".  0 or -1. */
static int
rx_hdr_read(struct wire_rd *rd, uint32_t *producer, struct bundle_hdr *h)
{
	*producer = wire_get_u32(rd);
	return bundle_hdr_get(rd, h);
}

/*
 * A message that TM may hold (TSO until its grant; receive order while
 * constrained outside a time advance, see rti__tm_hold_ro): 1 when held
 * (deliver nothing now), 0 to deliver now (info filled), -1 on failure.
 */
static int
rx_deliver_now(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len, uint32_t producer, const struct bundle_hdr *h,
    struct rti_message_info *info)
{
	int rc;

	memset(info, 0, sizeof *info);
	info->producer.id = producer;
	info->sent_order = RTI_ORDER_RECEIVE;
	info->received_order = RTI_ORDER_RECEIVE;
	info->condition = *h->cond ? h->cond : NULL;
	info->transportation = rti__rx_dgram(amb) ?
	    RTI_TRANSPORT_BEST_EFFORT : RTI_TRANSPORT_RELIABLE;
	if (h->flags & (WIRE_OMF_TIMESTAMP | WIRE_OMF_USER_TIME)) {
		info->has_time = 1;
		info->time = rti__time_from_bits(amb, h->time);
	}
	if (!(h->flags & WIRE_OMF_TIMESTAMP)) {
		rc = rti__tm_hold_ro(amb, type, payload, len);
		amb->svc_held = rc == 1;
		return rc < 0 ? -1 : rc;
	}
	info->sent_order = RTI_ORDER_TIMESTAMP;
	info->retraction.id = h->retraction ?
	    ((uint64_t)producer << 32) | h->retraction : 0;
	if (amb->tm_releasing) {
		info->received_order = RTI_ORDER_TIMESTAMP;
		return 0;
	}
	if (rti__rx_dgram(amb) && rti__tm_late(amb, info->time)) {
		/* best effort that came after its time was granted: gone,
		 * never out of timestamp order */
		rti__udp_dropped(amb, 1);
		amb->svc_held = 1;
		return 1;
	}
	rc = rti__tm_hold(amb, type, payload, len, info->time, producer,
	    h->retraction);
	amb->svc_held = rc == 1;
	return rc < 0 ? -1 : rc;
}

static int
cb_reflect(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct om_state *st = st_of(amb);
	const uint8_t *payload = rd->p;
	size_t len = wire_rd_left(rd), i, j, m = 0;
	struct rti_message_info info;
	struct bundle_hdr h;
	uint32_t producer;
	const char *why;
	int rc;

	if (!st || rx_hdr_read(rd, &producer, &h) < 0 ||
	    bundle_parse(&st->rb, rd->p, wire_rd_left(rd), &why) != 0)
		return -1;
	if (wire_grow((void **)&st->vals, &st->cap_vals, st->rb.n_attrs + 1,
	    sizeof *st->vals) ||
	    wire_grow((void **)&st->binst, &st->cap_binst, st->rb.n_inst + 1,
	    sizeof *st->binst))
		return -1;
	rc = rx_deliver_now(amb, type, payload, len, producer, &h,
	    &info);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	for (i = 0; i < st->rb.n_inst; i++) {
		const struct bundle_inst *bi = &st->rb.inst[i];
		const struct bundle_attr *a = st->rb.attrs + bi->at;
		struct rti_attribute_value *v = st->vals + bi->first;
		rti_object_instance_handle obj;
		struct om_obj *o = obj_find(st, bi->handle);

		if (!o) {
			/* deleted locally meanwhile, or (best effort) its
			 * discovery is still on the stream */
			if (rti__rx_dgram(amb))
				rti__udp_dropped(amb, 0);
			continue;
		}
		om_mom_mark(st, o, OM_MOM_REFLECTED, o->known);
		for (j = 0; j < bi->n_attrs; j++, a++, v++) {
			v->attribute.id = a->handle;
			v->value = bundle_value(bi, a);
			v->length = a->len;
		}
		obj.id = bi->handle;
		if (amb->cb.reflect_class_bundle) {
			st->binst[m].object = obj;
			st->binst[m].values = &st->vals[bi->first];
			st->binst[m].n_values = bi->n_attrs;
			st->binst[m].condition = *h.cond ? h.cond : o->cond;
			m++;
		} else if (amb->cb.reflect_attribute_values) {
			/* the update's condition, else the instance's */
			info.condition = *h.cond ? h.cond : o->cond;
			amb->cb.reflect_attribute_values(amb->arg, obj,
			    &st->vals[bi->first], bi->n_attrs, h.tag,
			    h.tag_len, &info);
		}
	}
	rti__ev_received(amb, 0, m ? m : st->rb.n_inst);
	if (amb->cb.reflect_class_bundle && m) {
		rti_object_class_handle cls;

		cls.id = st->rb.cls;
		/* the bundle's condition, else the one all its instances
		 * share, else none */
		info.condition = st->binst[0].condition;
		for (i = 1; i < m && info.condition; i++)
			if (st->binst[i].condition != info.condition &&
			    (!st->binst[i].condition ||
			    strcmp(st->binst[i].condition, info.condition)))
				info.condition = NULL;
		amb->cb.reflect_class_bundle(amb->arg, cls, st->binst, m,
		    h.tag, h.tag_len, &info);
	}
	return 0;
}

static int
cb_discover(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct om_state *st = st_of(amb);
	uint32_t obj = wire_get_u32(rd), known = wire_get_u32(rd);
	uint32_t cls = wire_get_u32(rd);
	const char *name = wire_get_str(rd, WIRE_MAX_NAME);
	uint32_t registrar = wire_get_u32(rd);
	rti_object_instance_handle o;
	rti_object_class_handle k;
	rti_federate_handle p;

	(void)type;
	if (!st || !wire_rd_done(rd) || !fom_oclass(amb->fom, known) ||
	    !fom_oclass(amb->fom, cls))
		return -1;
	if (!rti__om_obj_add(st, obj, cls, known, name))
		return -1;
	o.id = obj;
	k.id = known;
	p.id = registrar;
	if (amb->cb.discover_object_instance)
		amb->cb.discover_object_instance(amb->arg, o, k, name, p);
	return 0;
}

static int
cb_remove(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct om_state *st = st_of(amb);
	const uint8_t *payload = rd->p;
	size_t len = wire_rd_left(rd);
	struct rti_message_info info;
	rti_object_instance_handle obj;
	struct om_obj *o;
	struct bundle_hdr h;
	uint32_t producer;
	int rc;

	if (!st || rx_hdr_read(rd, &producer, &h) < 0)
		return -1;
	obj.id = wire_get_u32(rd);
	if (!wire_rd_done(rd))
		return -1;
	rc = rx_deliver_now(amb, type, payload, len, producer, &h,
	    &info);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (!obj_find(st, obj.id))
		return 0;
	st->mom_removed++;
	/* still known during the callback; gone after it */
	if (amb->cb.remove_object_instance)
		amb->cb.remove_object_instance(amb->arg, obj, h.tag, h.tag_len,
		    &info);
	o = obj_find(st, obj.id);
	if (o)
		rti__om_obj_del(st, o);
	return 0;
}

static int
cb_interaction(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct om_state *st = st_of(amb);
	const uint8_t *payload = rd->p;
	size_t len = wire_rd_left(rd);
	struct rti_message_info info;
	rti_interaction_class_handle cls;
	struct bundle_hdr h;
	uint32_t producer;
	uint32_t n, i;
	int rc;

	if (!st || rx_hdr_read(rd, &producer, &h) < 0)
		return -1;
	cls.id = wire_get_u32(rd);
	n = wire_get_count(rd, 8);
	if (rd->err || wire_grow((void **)&st->pvals, &st->cap_pvals, n + 1,
	    sizeof *st->pvals))
		return -1;
	for (i = 0; i < n; i++) {
		st->pvals[i].parameter.id = wire_get_u32(rd);
		st->pvals[i].length = wire_get_u32(rd);
		st->pvals[i].value = wire_get_raw(rd, st->pvals[i].length);
	}
	if (!wire_rd_done(rd) || !fom_iclass(amb->fom, cls.id))
		return -1;
	rc = rx_deliver_now(amb, type, payload, len, producer, &h,
	    &info);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	rti__ev_received(amb, 1, 1);
	if (amb->cb.receive_interaction)
		amb->cb.receive_interaction(amb->arg, cls, st->pvals, n, h.tag,
		    h.tag_len, &info);
	return 0;
}

/* "u32 obj, [blob tag,] u32 n, n x u32 attr" callbacks. */
static int
cb_attr_list(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct om_state *st = st_of(amb);
	rti_object_instance_handle obj;
	const void *tag = NULL;
	uint32_t tag_len = 0, n;

	if (!st)
		return -1;
	obj.id = wire_get_u32(rd);
	if (type == WIRE_CB_PROVIDE_UPDATE)
		tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);
	if (rti__get_attrs(rd, &st->ahs, &st->cap_ahs, &n) < 0)
		return -1;
	if (type == WIRE_CB_PROVIDE_UPDATE &&
	    amb->cb.provide_attribute_value_update)
		amb->cb.provide_attribute_value_update(amb->arg, obj, st->ahs,
		    n, tag, tag_len);
	else if (type == WIRE_CB_UPDATES_ON &&
	    amb->cb.turn_updates_on_for_object_instance)
		amb->cb.turn_updates_on_for_object_instance(amb->arg, obj,
		    st->ahs, n);
	else if (type == WIRE_CB_UPDATES_OFF &&
	    amb->cb.turn_updates_off_for_object_instance)
		amb->cb.turn_updates_off_for_object_instance(amb->arg, obj,
		    st->ahs, n);
	return 0;
}

static int
cb_names(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct om_state *st = st_of(amb);
	uint8_t ok = wire_get_u8(rd), multiple = wire_get_u8(rd);
	uint32_t n = wire_get_count(rd, 5), i;

	(void)type;
	if (!st || rd->err || wire_grow((void **)&st->names, &st->cap_names, n + 1,
	    sizeof *st->names))
		return -1;
	for (i = 0; i < n; i++)
		st->names[i] = wire_get_str(rd, WIRE_MAX_NAME);
	if (!wire_rd_done(rd) || n == 0)
		return -1;
	if (multiple && ok &&
	    amb->cb.multiple_object_instance_name_reservation_succeeded)
		amb->cb.multiple_object_instance_name_reservation_succeeded(
		    amb->arg, st->names, n);
	else if (multiple && !ok &&
	    amb->cb.multiple_object_instance_name_reservation_failed)
		amb->cb.multiple_object_instance_name_reservation_failed(
		    amb->arg, st->names, n);
	else if (!multiple && ok &&
	    amb->cb.object_instance_name_reservation_succeeded)
		amb->cb.object_instance_name_reservation_succeeded(amb->arg,
		    st->names[0]);
	else if (!multiple && !ok &&
	    amb->cb.object_instance_name_reservation_failed)
		amb->cb.object_instance_name_reservation_failed(amb->arg,
		    st->names[0]);
	return 0;
}

/* WIRE_CB_MOM_QUERY (rti-mom(7)): the answer, WIRE_MOM_STATS, is queued
 * now and written by the evoke that read the question; its lists of
 * instances updated and reflected name only the classes counted. */
static int
cb_mom_query(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct om_state *st = st_of(amb);
	uint32_t granted, advancing, ro, c, n;
	struct wire_buf *b;
	size_t off, at;
	int async, k;

	(void)type;
	if (!wire_rd_done(rd))
		return -1;
	if (!amb->joined || !st)
		return 0;
	rti__tm_mom(amb, &granted, &advancing, &ro, &async);
	b = rti__msg_begin(amb, WIRE_MOM_STATS, &off);
	wire_put_u32(b, granted);
	wire_put_u32(b, advancing);
	wire_put_u32(b, ro);
	wire_put_u32(b, st->mom_deleted);
	wire_put_u32(b, st->mom_removed);
	wire_put_u8(b, (uint8_t)async);
	for (k = 0; k < 2; k++) {
		wire_put_u32(b, st->mom_total[k]);
		at = b->len;
		wire_put_u32(b, 0);
		for (c = 1, n = 0; c <= st->mom_top[k]; c++)
			if (st->mom_cls[k][c]) {
				wire_put_u32(b, c);
				wire_put_u32(b, st->mom_cls[k][c]);
				n++;
			}
		wire_patch_u32(b, at, n);
	}
	/* on ENOMEM no answer: rtiexec asks again at its next need */
	(void)rti__msg_end(amb, off, 0);
	return 0;
}

const struct rti__cb_handler rti__om_callbacks[] = {
	{ WIRE_CB_MOM_QUERY, cb_mom_query },
	{ WIRE_CB_NAMES_RESERVED, cb_names },
	{ WIRE_CB_DISCOVER, cb_discover },
	{ WIRE_CB_REFLECT, cb_reflect },
	{ WIRE_CB_INTERACTION, cb_interaction },
	{ WIRE_CB_REMOVE, cb_remove },
	{ WIRE_CB_PROVIDE_UPDATE, cb_attr_list },
	{ WIRE_CB_UPDATES_ON, cb_attr_list },
	{ WIRE_CB_UPDATES_OFF, cb_attr_list },
	{ WIRE_CB_RESTORE_OM, rti__om_cb_restore },
	{ WIRE_CB_REPORT_ATTR_TRANSPORT, rti__om_cb_transport },
	{ WIRE_CB_REPORT_IC_TRANSPORT, rti__om_cb_transport },
	{ 0, NULL }
};
