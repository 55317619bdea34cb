/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_send.c - what object management sends with a header: attribute
 * updates packed at three levels (attribute: a frame per attribute;
 * instance: a frame per update; class: updates of one class and header
 * coalesced in one open frame, sent when full, at a flush or when
 * something must follow it), class bundles (rti_update_class_attribute_
 * values: one call for many instances, validated in one pass), the
 * packing settings, interactions, and deletes.  Every send asks TM first
 * when timestamped and raises OM's send events (DDM filters there).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "om_int.h"

#define HDR_MAX(tag_len) (1 + 12 + 4 + (tag_len) + 5)

/* ---- output ---- */

static size_t
frame_limit(rti_ambassador *amb, struct om_state *st)
{
	size_t lim = amb->max_frame;

	if (st->max_bundle && st->max_bundle < lim)
		lim = st->max_bundle;
	return lim;
}

/* Send the open update frame, if any (om_int.h). */
int
rti__om_pend_flush(rti_ambassador *amb, struct om_state *st)
{
	if (!st || !st->pend_open)
		return RTI_OK;
	st->pend_open = 0;
	bundle_class_end(&st->pend, st->pend_layer, st->pend_n);
	wire_frame_end(&st->pend, 0);
	if (st->pend.oom) {
		wire_buf_reset(&st->pend);
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	if (amb->out.len == amb->out_off) {
		/* nothing unsent: the frame becomes the output, not a copy
		 * of it (the old output's storage holds the next frame) */
		struct wire_buf t = amb->out;

		amb->out = st->pend;
		amb->out_off = 0;
		st->pend = t;
	} else {
		wire_put_raw(&amb->out, st->pend.data, st->pend.len);
	}
	wire_buf_reset(&st->pend);
	if (amb->out.oom) {
		amb->out.oom = 0;
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	return rti__out_queued(amb);
}

static int
same_hdr(struct om_state *st, const struct bundle_hdr *h, uint32_t cls)
{
	const struct bundle_hdr *p = &st->pend_hdr;
	const char *cond = h->cond ? h->cond : "";

	/* most often both conditions are empty: no strcmp per instance */
	return st->pend_cls == cls && p->flags == h->flags &&
	    p->time == h->time && p->tag_len == h->tag_len &&
	    st->pend_cond[0] == cond[0] &&
	    (!cond[0] || strcmp(st->pend_cond, cond) == 0) &&
	    (h->tag_len == 0 || memcmp(st->pend.data + st->pend_tag_off,
	    h->tag, h->tag_len) == 0);
}

/*
 * Make the open update frame ready for an instance layer of `size` bytes
 * with header `h` and class `cls`: send it first when its class or header
 * differs or the limit would be passed, open one when none is.  RTI_OK,
 * or pend_flush's error; pend.oom (room not reserved) surfaces at the
 * next pend_flush.
 */
static int
pend_ready(rti_ambassador *amb, struct om_state *st,
    const struct bundle_hdr *h, uint32_t cls, size_t size)
{
	size_t clen;
	int rc;

	if (st->pend_open && (!same_hdr(st, h, cls) ||
	    st->pend.len - WIRE_HEADER_SIZE + size > frame_limit(amb, st)))
		if ((rc = rti__om_pend_flush(amb, st)) != RTI_OK)
			return rc;
	if (!st->pend_open) {
		(void)wire_frame_begin(&st->pend, WIRE_OM_UPDATE);
		st->pend_tag_off = bundle_hdr_put(&st->pend, h);
		clen = h->cond ? strlen(h->cond) : 0;
		memcpy(st->pend_cond, h->cond ? h->cond : "", clen);
		st->pend_cond[clen] = '\0';
		st->pend_layer = bundle_class_begin(&st->pend, cls);
		st->pend_cls = cls;
		st->pend_n = 0;
		st->pend_hdr = *h;
		st->pend_hdr.tag = NULL;
		st->pend_hdr.cond = NULL;
		st->pend_open = 1;
		rti__out_note(amb);
	}
	if (st->pend.cap - st->pend.len < size)
		(void)wire_buf_reserve(&st->pend, size);
	return RTI_OK;
}

/* Append the instance layer of `obj` (`n` values, `size` bytes, as
 * check_update measured) to the open frame made ready by pend_ready. */
static inline void
pend_put(struct om_state *st, uint32_t obj,
    const struct rti_attribute_value *v, size_t n, size_t size)
{
	uint8_t *p;
	size_t i;

	if (st->pend.oom)
		return; /* pend_flush fails */
	st->pend_n++;
	p = st->pend.data + st->pend.len;
	st->pend.len += size;
	wire_put32(p, obj);
	wire_put32(p + 4, (uint32_t)n);
	wire_put32(p + 8, (uint32_t)(size - BUNDLE_INST_HDR));
	p += BUNDLE_INST_HDR;
	for (i = 0; i < n; i++)
		p = bundle_attr_write(p, v[i].attribute.id, v[i].value,
		    v[i].length);
}

/* Append one instance layer (`n` values, `size` bytes) to the open update
 * frame (pend_ready, pend_put). */
static int
emit_instance(rti_ambassador *amb, struct om_state *st,
    const struct bundle_hdr *h, uint32_t cls, uint32_t obj,
    const struct rti_attribute_value *v, size_t n, size_t size)
{
	int rc = pend_ready(amb, st, h, cls, size);

	if (rc == RTI_OK)
		pend_put(st, obj, v, n, size);
	return rc;
}

/*
 * Put one update frame holding one instance layer straight into the
 * output buffer (instance and attribute packing: no open frame to keep,
 * so no copy through the pending buffer).
 */
static int
emit_direct(rti_ambassador *amb, const struct bundle_hdr *h, uint32_t cls,
    uint32_t obj, const struct rti_attribute_value *v, size_t n, int be)
{
	struct wire_buf *w;
	size_t off, coff, ioff, i;

	w = rti__msg_begin(amb, WIRE_OM_UPDATE, &off);
	(void)bundle_hdr_put(w, h);
	coff = bundle_class_begin(w, cls);
	ioff = bundle_inst_begin(w, obj);
	for (i = 0; i < n; i++)
		bundle_put_attr(w, v[i].attribute.id, v[i].value,
		    v[i].length);
	bundle_inst_end(w, ioff, (uint32_t)n);
	bundle_class_end(w, coff, 1);
	return be ? rti__msg_end_be(amb, off) : rti__msg_end(amb, off, 0);
}

/*
 * Validate an update of `obj` by this federate; *op is its entry and
 * *size the bytes of its instance layer.  RTI_OK or the error.
 */
static int
check_update(rti_ambassador *amb, struct om_state *st, uint32_t obj,
    const struct rti_attribute_value *v, size_t n, struct om_obj **op,
    size_t *size)
{
	struct om_obj *o = obj_find(st, obj);
	size_t i, sz;

	if (!o)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj);
	if (n && !v)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "values is NULL");
	if (++st->stamp_gen == 0) {
		memset(st->stamp, 0, (amb->fom->n_attrs + 1) *
		    sizeof *st->stamp);
		st->stamp_gen = 1;
	}
	sz = BUNDLE_INST_HDR;
	for (i = 0; i < n; i++) {
		uint32_t a = v[i].attribute.id;

		/* owned implies defined: the model is consulted on failure */
		if (!bset_has(o->owned, st->words, a)) {
			if (!fom_oclass_has_attr(amb->fom, o->known, a))
				return rti__fail(amb,
				    RTI_ERR_ATTRIBUTE_NOT_DEFINED,
				    "attribute %u is not an attribute of %s",
				    a, fom_oclass(amb->fom, o->known)->qname);
			return rti__fail(amb, RTI_ERR_ATTRIBUTE_NOT_OWNED,
			    "attribute %u of instance %s is not owned by this "
			    "federate", a, o->name);
		}
		if (v[i].length && !v[i].value)
			return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
			    "value of attribute %u is NULL", a);
		if (st->stamp[a] == st->stamp_gen)
			return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
			    "attribute %u given twice", a);
		st->stamp[a] = st->stamp_gen;
		sz += BUNDLE_ATTR_HDR + (size_t)v[i].length;
	}
	if (sz > amb->max_frame)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "update of %zu bytes exceeds rtiexec's frame limit %u",
		    sz, amb->max_frame);
	*size = sz;
	*op = o;
	return RTI_OK;
}

/* Fill the header; with `t` (a time given) ask TM first: the message goes
 * timestamp order when `tso` (its order type) and TM say so, else receive
 * order carrying the time.  RTI_OK or TM's error. */
static int
make_hdr(rti_ambassador *amb, struct bundle_hdr *h, const void *tag,
    size_t tag_len, const rti_time *t, int tso)
{
	uint32_t serial;
	int rc;

	memset(h, 0, sizeof *h);
	h->tag = tag;
	h->tag_len = (uint32_t)tag_len;
	if (!t)
		return RTI_OK;
	rc = rti__tm_check_send(amb, *t, tso, &serial);
	if (rc != RTI_OK)
		return rc;
	h->time = rti__time_bits(amb, *t);
	h->flags = serial ? WIRE_OMF_TIMESTAMP : WIRE_OMF_USER_TIME;
	h->retraction = serial;
	return RTI_OK;
}

/* ---- order types (IEEE 1516-2010 8.1.1, 8.23, 8.24) ---- */

/* Is attribute `a` of `o` of order type timestamp for this federate? */
static int
attr_tso(const rti_ambassador *amb, const struct om_obj *o, uint32_t a)
{
	const struct fom_attribute *fa;

	if (o->order_ts)
		return bset_has(o->order_ts, o->order_words, a);
	fa = fom_attr(amb->fom, a);
	return fa && fa->order == FOM_ORDER_TIMESTAMP;
}

/* The values of v[0..n) whose attributes are of order type timestamp. */
static size_t
count_tso(const rti_ambassador *amb, const struct om_obj *o,
    const struct rti_attribute_value *v, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += attr_tso(amb, o, v[i].attribute.id);
	return k;
}

/* Copy into st->split the values of v[0..n) whose order type is `tso`
 * (1 timestamp, 0 receive); *size their instance layer's bytes.  The
 * count, or (size_t)-1 on ENOMEM. */
static size_t
split_values(rti_ambassador *amb, struct om_state *st, const struct om_obj *o,
    const struct rti_attribute_value *v, size_t n, int tso, size_t *size)
{
	size_t i, k = 0;

	if (wire_grow((void **)&st->split, &st->cap_split, n + 1,
	    sizeof *st->split))
		return (size_t)-1;
	*size = BUNDLE_INST_HDR;
	for (i = 0; i < n; i++)
		if (attr_tso(amb, o, v[i].attribute.id) == tso) {
			st->split[k++] = v[i];
			*size += BUNDLE_ATTR_HDR + (size_t)v[i].length;
		}
	return k;
}

static int
iclass_tso(const rti_ambassador *amb, const struct om_state *st, uint32_t cls)
{
	if (cls < st->n_iorder && st->iorder[cls])
		return st->iorder[cls] - 1 == RTI_ORDER_TIMESTAMP;
	return fom_iclass(amb->fom, cls)->order == FOM_ORDER_TIMESTAMP;
}

/* ---- transportation types (IEEE 1516-2010 8.21, 10.36) ---- */

int
rti__om_attr_be(const rti_ambassador *amb, const struct om_obj *o,
    uint32_t a)
{
	const struct fom_attribute *fa;

	if (o->trans_be)
		return bset_has(o->trans_be, o->trans_words, a);
	fa = fom_attr(amb->fom, a);
	return fa && fa->transport == FOM_TRANSPORT_BEST_EFFORT;
}

int
rti__om_iclass_be(const rti_ambassador *amb, const struct om_state *st,
    uint32_t cls)
{
	if (cls < st->n_itrans && st->itrans[cls])
		return st->itrans[cls] - 1 == RTI_TRANSPORT_BEST_EFFORT;
	return fom_iclass(amb->fom, cls)->transport ==
	    FOM_TRANSPORT_BEST_EFFORT;
}

/* The values of v[0..n) sent best effort. */
static size_t
count_be(const rti_ambassador *amb, const struct om_obj *o,
    const struct rti_attribute_value *v, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += rti__om_attr_be(amb, o, v[i].attribute.id);
	return k;
}

RTI_API int
rti_change_attribute_order_type(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, enum rti_order order)
{
	struct om_obj *o;
	size_t i;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = rti__om_check_owned(amb, obj.id, attrs, n, &o)) != RTI_OK)
		return rc;
	if ((unsigned)order > RTI_ORDER_TIMESTAMP)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "order type %d is not defined", (int)order);
	if ((rc = rti__om_own_set(amb, o, &o->order_ts, &o->order_words,
	    attr_tso)) != RTI_OK)
		return rc;
	for (i = 0; i < n; i++)
		if (order == RTI_ORDER_TIMESTAMP)
			bset_add(o->order_ts, attrs[i].id);
		else
			bset_del(o->order_ts, attrs[i].id);
	return RTI_OK;
}

RTI_API int
rti_change_interaction_order_type(rti_ambassador *amb,
    rti_interaction_class_handle cls, enum rti_order order)
{
	struct om_state *st;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__om_check_iclass(amb, cls.id)) != RTI_OK)
		return rc;
	if ((unsigned)order > RTI_ORDER_TIMESTAMP)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "order type %d is not defined", (int)order);
	if ((rc = rti__om_class_room(amb, &st->iorder, &st->n_iorder,
	    cls.id)) != RTI_OK)
		return rc;
	st->iorder[cls.id] = (uint8_t)(1 + order);
	return RTI_OK;
}

/* Report the retraction handle of serial `used` of a message sent with
 * header `h` (0 when it went receive order) and consume the serial (TM
 * then accepts it in rti_retract). */
static void
retraction_out(rti_ambassador *amb, struct om_state *st,
    const struct bundle_hdr *h, uint32_t used,
    rti_message_retraction_handle *out)
{
	if (!(h->flags & WIRE_OMF_TIMESTAMP))
		used = 0;
	rti__tm_sent(amb, used);
	if (out)
		out->id = used ? ((uint64_t)st->self << 32) | used : 0;
}

/* Send one update of `o` (values v[0..n), `size` bytes of instance layer)
 * with header `h` as the packing says; *used is the retraction serial it
 * went with (0: none, or suppressed at the source).  RTI_OK or the
 * error. */
static int
send_update(rti_ambassador *amb, struct om_state *st, struct om_obj *o,
    const struct bundle_hdr *h, const struct rti_attribute_value *v,
    size_t n, size_t size, const char *cond, uint32_t *used, int be)
{
	size_t i;
	int rc;

	*used = 0;
	if (!rti__ev_send_update(amb, o->handle, o->cls, v, n, cond))
		return RTI_OK; /* nobody subscribes: never leaves */
	*used = h->retraction;
	if (be) {
		/* a frame per update (per attribute with attribute
		 * packing), packed into datagrams; never coalesced with
		 * the reliable ones of the open frame */
		if (st->packing != RTI_PACKING_ATTRIBUTE)
			return emit_direct(amb, h, o->cls, o->handle, v, n, 1);
		for (i = 0, rc = RTI_OK; i < n && rc == RTI_OK; i++)
			rc = emit_direct(amb, h, o->cls, o->handle, &v[i], 1,
			    1);
		return rc;
	}
	switch (st->packing) {
	case RTI_PACKING_ATTRIBUTE:
		rc = rti__om_pend_flush(amb, st);
		for (i = 0; i < n && rc == RTI_OK; i++)
			rc = emit_direct(amb, h, o->cls, o->handle, &v[i], 1,
			    0);
		break;
	case RTI_PACKING_INSTANCE:
		rc = rti__om_pend_flush(amb, st);
		if (rc == RTI_OK)
			rc = emit_direct(amb, h, o->cls, o->handle, v, n, 0);
		break;
	default:
		rc = emit_instance(amb, st, h, o->cls, o->handle, v, n, size);
		/* coalesced TSO updates share the open frame's handle */
		*used = st->pend_hdr.retraction;
		if (rc == RTI_OK && st->pend.len - WIRE_HEADER_SIZE >=
		    frame_limit(amb, st))
			rc = rti__om_pend_flush(amb, st);
		break;
	}
	return rc;
}

/*
 * Send the checked update of `o` (values v[0..n), `size` bytes of
 * instance layer), all of one transportation (`be`), split by order type
 * when it has both; *out (optional) its retraction handle.  RTI_OK or the
 * error.
 */
static int
update_send(rti_ambassador *amb, struct om_state *st, struct om_obj *o,
    const struct rti_attribute_value *values, size_t n, size_t size,
    const void *tag, size_t tag_len, const rti_time *t,
    rti_message_retraction_handle *out, const char *cond, int be)
{
	struct bundle_hdr h, ro;
	size_t nts, k;
	uint32_t used = 0, unused;
	int rc;

	nts = t ? count_tso(amb, o, values, n) : 0;
	if ((rc = make_hdr(amb, &h, tag, tag_len, t, nts > 0)) != RTI_OK)
		return rc;
	h.cond = cond && *cond ? cond : NULL;
	if (!(h.flags & WIRE_OMF_TIMESTAMP) || nts == n) {
		rc = send_update(amb, st, o, &h, values, n, size, cond,
		    &used, be);
	} else {
		/* both order types: the timestamp-order values as one
		 * message, the others as a receive-order one */
		ro = h;
		ro.flags = WIRE_OMF_USER_TIME;
		ro.retraction = 0;
		if ((k = split_values(amb, st, o, values, n, 1, &size)) ==
		    (size_t)-1)
			return rti__fail(amb, RTI_ERR_NO_MEMORY,
			    "out of memory");
		rc = send_update(amb, st, o, &h, st->split, k, size, cond,
		    &used, be);
		if (rc == RTI_OK && (k = split_values(amb, st, o, values, n,
		    0, &size)) == (size_t)-1)
			rc = rti__fail(amb, RTI_ERR_NO_MEMORY,
			    "out of memory");
		if (rc == RTI_OK)
			rc = send_update(amb, st, o, &ro, st->split, k, size,
			    cond, &unused, be);
	}
	if (rc == RTI_OK)
		retraction_out(amb, st, &h, used, out);
	return rc;
}

/*
 * An update with `nbe` best-effort values among v[0..n): the reliable
 * values as one update (on the stream), then the best-effort ones as
 * another (by datagram), each with its own header; *out is the first's
 * retraction handle that has one.
 */
static int
update_split_be(rti_ambassador *amb, struct om_state *st, struct om_obj *o,
    const struct rti_attribute_value *v, size_t n, size_t nbe,
    const void *tag, size_t tag_len, const rti_time *t,
    rti_message_retraction_handle *out, const char *cond)
{
	rti_message_retraction_handle r1 = { 0 }, r2 = { 0 };
	size_t i, kr = 0, kb = 0, sr = BUNDLE_INST_HDR, sb = BUNDLE_INST_HDR;
	int rc = RTI_OK;

	if (wire_grow((void **)&st->rsplit, &st->cap_rsplit, n + 1,
	    sizeof *st->rsplit) || wire_grow((void **)&st->bsplit,
	    &st->cap_bsplit, n + 1, sizeof *st->bsplit))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	for (i = 0; i < n; i++)
		if (rti__om_attr_be(amb, o, v[i].attribute.id)) {
			st->bsplit[kb++] = v[i];
			sb += BUNDLE_ATTR_HDR + (size_t)v[i].length;
		} else {
			st->rsplit[kr++] = v[i];
			sr += BUNDLE_ATTR_HDR + (size_t)v[i].length;
		}
	(void)nbe;
	if (kr)
		rc = update_send(amb, st, o, st->rsplit, kr, sr, tag, tag_len,
		    t, &r1, cond, 0);
	if (rc == RTI_OK)
		rc = update_send(amb, st, o, st->bsplit, kb, sb, tag, tag_len,
		    t, &r2, cond, 1);
	if (rc == RTI_OK && out)
		*out = r1.id ? r1 : r2;
	return rc;
}

static int
update(rti_ambassador *amb, rti_object_instance_handle obj,
    const struct rti_attribute_value *values, size_t n, const void *tag,
    size_t tag_len, const rti_time *t, rti_message_retraction_handle *out,
    const char *cond)
{
	struct om_state *st;
	struct om_obj *o;
	size_t size, nbe;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK ||
	    (rc = check_update(amb, st, obj.id, values, n, &o, &size)) !=
	    RTI_OK)
		return rc;
	if (cond && *cond && (rc = rti__check_send_cond(amb, cond)) != RTI_OK)
		return rc;
	if (size + BUNDLE_CLASS_HDR + HDR_MAX(tag_len) > amb->max_frame)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "update exceeds rtiexec's frame limit %u", amb->max_frame);
	/* the one test of the reliable path */
	if (st->any_be && (nbe = count_be(amb, o, values, n)) > 0) {
		if (nbe == n)
			rc = update_send(amb, st, o, values, n, size, tag,
			    tag_len, t, out, cond, 1);
		else
			rc = update_split_be(amb, st, o, values, n, nbe, tag,
			    tag_len, t, out, cond);
	} else {
		rc = update_send(amb, st, o, values, n, size, tag, tag_len, t,
		    out, cond, 0);
	}
	if (rc == RTI_OK)
		om_mom_mark(st, o, OM_MOM_UPDATED, o->cls);
	return rc;
}

RTI_API int
rti_update_attribute_values(rti_ambassador *amb,
    rti_object_instance_handle obj, const struct rti_attribute_value *values,
    size_t n, const void *tag, size_t tag_len)
{
	return update(amb, obj, values, n, tag, tag_len, NULL, NULL, NULL);
}

RTI_API int
rti_update_attribute_values_with_condition(rti_ambassador *amb,
    rti_object_instance_handle obj, const struct rti_attribute_value *values,
    size_t n, const void *tag, size_t tag_len, const char *cond)
{
	return update(amb, obj, values, n, tag, tag_len, NULL, NULL, cond);
}

RTI_API int
rti_update_attribute_values_at(rti_ambassador *amb,
    rti_object_instance_handle obj, const struct rti_attribute_value *values,
    size_t n, const void *tag, size_t tag_len, rti_time t,
    rti_message_retraction_handle *out)
{
	return update(amb, obj, values, n, tag, tag_len, &t, out, NULL);
}

RTI_API int
rti_update_attribute_values_with_condition_at(rti_ambassador *amb,
    rti_object_instance_handle obj, const struct rti_attribute_value *values,
    size_t n, const void *tag, size_t tag_len, const char *cond, rti_time t,
    rti_message_retraction_handle *out)
{
	return update(amb, obj, values, n, tag, tag_len, &t, out, cond);
}

/* Does `o` own every attribute in set `s`? */
static int
owns_set(const struct om_state *st, const struct om_obj *o,
    const uint64_t *s)
{
	size_t w;

	for (w = 0; w < st->words; w++)
		if (s[w] && (!o->owned || (o->owned[w] & s[w]) != s[w]))
			return 0;
	return 1;
}

/*
 * Send a checked class bundle whose instances have attributes of both
 * order types: the timestamp-order values of every instance under `h`,
 * then the others under its receive-order form (one bundle each, so class
 * packing still coalesces them).  RTI_OK or the error.
 */
static int
class_split(rti_ambassador *amb, struct om_state *st, uint32_t cls,
    const struct rti_bundle_instance *in, size_t n,
    const struct bundle_hdr *h, rti_message_retraction_handle *out)
{
	struct bundle_hdr ro = *h;
	uint32_t used = 0;
	size_t i, k, size;
	int rc = RTI_OK, pass;

	ro.flags = WIRE_OMF_USER_TIME;
	ro.retraction = 0;
	for (pass = 1; pass >= 0 && rc == RTI_OK; pass--) {
		rti__ev_send_bundle(amb, 1);
		for (i = 0; i < n && rc == RTI_OK; i++) {
			struct om_obj *o = obj_find(st, in[i].object.id);

			k = split_values(amb, st, o, in[i].values,
			    in[i].n_values, pass, &size);
			if (k == (size_t)-1) {
				rc = rti__fail(amb, RTI_ERR_NO_MEMORY,
				    "out of memory");
				break;
			}
			if (k == 0 || !rti__ev_send_update(amb, o->handle,
			    cls, st->split, k, NULL))
				continue;
			rc = emit_instance(amb, st, pass ? h : &ro, cls,
			    o->handle, st->split, k, size);
			if (pass && rc == RTI_OK)
				used = st->pend_hdr.retraction;
		}
		rti__ev_send_bundle(amb, 0);
	}
	if (rc != RTI_OK)
		return rc;
	retraction_out(amb, st, h, used, out);
	if (st->packing != RTI_PACKING_CLASS || (st->pend_open &&
	    st->pend.len - WIRE_HEADER_SIZE >= frame_limit(amb, st)))
		rc = rti__om_pend_flush(amb, st);
	return rc;
}

/* A checked class bundle some of whose values are sent best effort:
 * instance by instance, each update split as update() splits it. */
static int
class_update_be(rti_ambassador *amb, struct om_state *st,
    const struct rti_bundle_instance *in, size_t n, const void *tag,
    size_t tag_len, const rti_time *t, rti_message_retraction_handle *out)
{
	rti_message_retraction_handle r;
	struct om_obj *o;
	size_t i, nbe, nv;
	int rc = RTI_OK;

	if (out)
		out->id = 0;
	for (i = 0; i < n && rc == RTI_OK; i++) {
		o = obj_find(st, in[i].object.id);
		nv = in[i].n_values;
		nbe = count_be(amb, o, in[i].values, nv);
		r.id = 0;
		if (nbe && nbe < nv)
			rc = update_split_be(amb, st, o, in[i].values, nv, nbe,
			    tag, tag_len, t, &r, NULL);
		else
			rc = update_send(amb, st, o, in[i].values, nv,
			    st->usize[i], tag, tag_len, t, &r, NULL, nbe > 0);
		if (rc == RTI_OK && out && !out->id)
			*out = r;
	}
	return rc;
}

static int
class_send(rti_ambassador *amb, rti_object_class_handle cls,
    const struct rti_bundle_instance *in, size_t n, const void *tag,
    size_t tag_len, const rti_time *t, rti_message_retraction_handle *out)
{
	struct om_state *st;
	struct om_obj *o;
	struct bundle_hdr h;
	size_t i, size, lim, hmax, nts, nv_all;
	int rc, ours = 0;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK)
		return rc;
	if (!fom_oclass(amb->fom, cls.id))
		return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls.id);
	if (n && !in)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "instances is NULL");
	if (wire_grow((void **)&st->usize, &st->cap_usize, n + 1,
	    sizeof *st->usize) || wire_grow((void **)&st->uobj,
	    &st->cap_uobj, n + 1, sizeof *st->uobj) || (!st->uset &&
	    !(st->uset = calloc(st->words, sizeof *st->uset))))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	hmax = BUNDLE_CLASS_HDR + HDR_MAX(tag_len);
	for (i = 0; i < n; i++) {
		const struct rti_attribute_value *v = in[i].values;
		size_t j, nv = in[i].n_values;

		/* The attributes of the instance before, which passed: only
		 * this one's class, ownership and values are left to check
		 * (anything else takes the full check, which reports it). */
		if (i > 0 && nv == in[i - 1].n_values && (v || !nv) &&
		    (o = obj_find(st, in[i].object.id)) && o->cls == cls.id &&
		    owns_set(st, o, st->uset)) {
			const struct rti_attribute_value *pv = in[i - 1].values;

			for (j = 0, size = BUNDLE_INST_HDR; j < nv; j++) {
				if (v[j].attribute.id != pv[j].attribute.id ||
				    (v[j].length && !v[j].value))
					break;
				size += BUNDLE_ATTR_HDR + (size_t)v[j].length;
			}
			if (j == nv && size + hmax <= amb->max_frame) {
				st->usize[i] = size;
				st->uobj[i] = o;
				continue;
			}
		}
		rc = check_update(amb, st, in[i].object.id, v, nv, &o, &size);
		if (rc != RTI_OK)
			return rc;
		if (o->cls != cls.id)
			return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
			    "instance %s is of class %s, not %s", o->name,
			    fom_oclass(amb->fom, o->cls)->qname,
			    fom_oclass(amb->fom, cls.id)->qname);
		if (size + hmax > amb->max_frame)
			return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
			    "update of %s exceeds rtiexec's frame limit %u",
			    o->name, amb->max_frame);
		st->usize[i] = size;
		st->uobj[i] = o;
		memset(st->uset, 0, st->words * sizeof *st->uset);
		for (j = 0; j < nv; j++)
			bset_add(st->uset, v[j].attribute.id);
	}
	if (st->any_be)
		for (i = 0; i < n; i++)
			if (count_be(amb, obj_find(st, in[i].object.id),
			    in[i].values, in[i].n_values))
				return class_update_be(amb, st, in, n, tag,
				    tag_len, t, out);
	for (i = 0, nts = nv_all = 0; t && i < n; i++) {
		o = obj_find(st, in[i].object.id);
		nts += count_tso(amb, o, in[i].values, in[i].n_values);
		nv_all += in[i].n_values;
	}
	if ((rc = make_hdr(amb, &h, tag, tag_len, t, nts > 0)) != RTI_OK)
		return rc;
	if (st->packing != RTI_PACKING_CLASS &&
	    (rc = rti__om_pend_flush(amb, st)) != RTI_OK)
		return rc;
	if ((h.flags & WIRE_OMF_TIMESTAMP) && nts < nv_all)
		return class_split(amb, st, cls.id, in, n, &h, out);
	lim = frame_limit(amb, st);
	rti__ev_send_bundle(amb, 1);
	for (i = 0; i < n && rc == RTI_OK; i++) {
		const struct rti_attribute_value *v = in[i].values;
		size_t nv = in[i].n_values;

		if (!rti__ev_send_update(amb, in[i].object.id, cls.id, v, nv,
		    NULL))
			continue; /* nobody subscribes: never leaves */
		size = st->usize[i];
		/* the open frame is this call's (`ours`) and has room: no
		 * header to compare */
		if (ours && st->pend_open && st->pend.cap - st->pend.len >=
		    size && st->pend.len - WIRE_HEADER_SIZE + size <= lim) {
			pend_put(st, in[i].object.id, v, nv, size);
			continue;
		}
		rc = emit_instance(amb, st, &h, cls.id, in[i].object.id, v,
		    nv, size);
		ours = 1;
	}
	rti__ev_send_bundle(amb, 0);
	if (rc != RTI_OK)
		return rc;
	retraction_out(amb, st, &h, st->pend_open ? st->pend_hdr.retraction :
	    h.retraction, out);
	if (st->packing != RTI_PACKING_CLASS || (st->pend_open &&
	    st->pend.len - WIRE_HEADER_SIZE >= frame_limit(amb, st)))
		rc = rti__om_pend_flush(amb, st);
	return rc;
}

/* class_send, then the MOM's marks of the instances it sent (filled in
 * st->uobj by its checks). */
static int
class_update(rti_ambassador *amb, rti_object_class_handle cls,
    const struct rti_bundle_instance *in, size_t n, const void *tag,
    size_t tag_len, const rti_time *t, rti_message_retraction_handle *out)
{
	struct om_state *st;
	size_t i;
	int rc;

	rc = class_send(amb, cls, in, n, tag, tag_len, t, out);
	if (rc == RTI_OK && (st = st_of(amb)))
		for (i = 0; i < n; i++)
			om_mom_mark(st, st->uobj[i], OM_MOM_UPDATED, cls.id);
	return rc;
}

RTI_API int
rti_update_class_attribute_values(rti_ambassador *amb,
    rti_object_class_handle cls, const struct rti_bundle_instance *instances,
    size_t n, const void *tag, size_t tag_len)
{
	return class_update(amb, cls, instances, n, tag, tag_len, NULL, NULL);
}

RTI_API int
rti_update_class_attribute_values_at(rti_ambassador *amb,
    rti_object_class_handle cls, const struct rti_bundle_instance *instances,
    size_t n, const void *tag, size_t tag_len, rti_time t,
    rti_message_retraction_handle *out)
{
	return class_update(amb, cls, instances, n, tag, tag_len, &t, out);
}

RTI_API int
rti_set_update_packing(rti_ambassador *amb, enum rti_packing packing,
    size_t max_bundle_bytes)
{
	struct om_state *st;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((unsigned)packing > RTI_PACKING_CLASS)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "packing %d is not defined", (int)packing);
	if ((rc = rti__om_pend_flush(amb, st)) != RTI_OK)
		return rc;
	st->packing = packing;
	st->max_bundle = max_bundle_bytes;
	return RTI_OK;
}

RTI_API int
rti_flush_updates(rti_ambassador *amb)
{
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = rti__om_pend_flush(amb, st_of(amb))) != RTI_OK)
		return rc;
	return rti__flush(amb, 1) == RTI_OK ? RTI_OK : rti__fail(amb,
	    RTI_ERR_CONNECTION_LOST, "connection to rtiexec lost: %s",
	    amb->lost_reason);
}

/* Send an interaction (librti_int.h). */
int
rti__om_interaction(rti_ambassador *amb, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const rti_time *t, rti_message_retraction_handle *out,
    const char *cond, const rti_region_handle *regions, size_t m)
{
	struct om_state *st;
	struct wire_buf *b;
	struct bundle_hdr h;
	size_t i, j, off, size = HDR_MAX(tag_len) + 8 + 4 * m + 4;
	uint32_t reg[64];
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK)
		return rc;
	if (cond && *cond && (rc = rti__check_send_cond(amb, cond)) != RTI_OK)
		return rc;
	for (i = 0; i < m; i++)
		reg[i] = regions[i].id;
	if (!fom_iclass(amb->fom, cls.id))
		return rti__fail(amb, RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls.id);
	if (n && !v)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "values is NULL");
	for (i = 0; i < n; i++) {
		if (!fom_iclass_has_param(amb->fom, cls.id, v[i].parameter.id))
			return rti__fail(amb,
			    RTI_ERR_INTERACTION_PARAMETER_NOT_DEFINED,
			    "parameter %u is not a parameter of %s",
			    v[i].parameter.id,
			    fom_iclass(amb->fom, cls.id)->qname);
		if (v[i].length && !v[i].value)
			return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
			    "value of parameter %u is NULL",
			    v[i].parameter.id);
		for (j = 0; j < i; j++)
			if (v[j].parameter.id == v[i].parameter.id)
				return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
				    "parameter %u given twice",
				    v[i].parameter.id);
		size += 8 + (size_t)v[i].length;
	}
	if (!rti__dm_iclass_published(amb, cls.id))
		return rti__fail(amb, RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED,
		    "interaction class %s is not published",
		    fom_iclass(amb->fom, cls.id)->qname);
	if (size > amb->max_frame)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "interaction exceeds rtiexec's frame limit %u",
		    amb->max_frame);
	if ((rc = make_hdr(amb, &h, tag, tag_len, t,
	    iclass_tso(amb, st, cls.id))) != RTI_OK ||
	    (rc = rti__om_pend_flush(amb, st)) != RTI_OK)
		return rc;
	h.cond = cond && *cond ? cond : NULL;
	if (!rti__ev_send_interaction(amb, cls.id, cond, reg, (uint32_t)m)) {
		if (out)
			out->id = 0;
		return RTI_OK; /* nobody subscribes: never leaves */
	}
	if (m) {
		b = rti__msg_begin(amb, WIRE_DDM_INTERACTION, &off);
		wire_put_u32(b, (uint32_t)m);
		for (i = 0; i < m; i++)
			wire_put_u32(b, reg[i]);
	} else {
		b = rti__msg_begin(amb, WIRE_OM_INTERACTION, &off);
	}
	(void)bundle_hdr_put(b, &h);
	wire_put_u32(b, cls.id);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		bundle_put_attr(b, v[i].parameter.id, v[i].value, v[i].length);
	rc = st->any_be && rti__om_iclass_be(amb, st, cls.id) ?
	    rti__msg_end_be(amb, off) : rti__msg_end(amb, off, 0);
	if (rc != RTI_OK)
		return rc;
	retraction_out(amb, st, &h, h.retraction, out);
	return RTI_OK;
}

RTI_API int
rti_send_interaction(rti_ambassador *amb, rti_interaction_class_handle cls,
    const struct rti_parameter_value *values, size_t n, const void *tag,
    size_t tag_len)
{
	return rti__om_interaction(amb, cls, values, n, tag, tag_len, NULL,
	    NULL, NULL, NULL, 0);
}

RTI_API int
rti_send_interaction_with_condition(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const void *tag, size_t tag_len, const char *cond)
{
	return rti__om_interaction(amb, cls, values, n, tag, tag_len, NULL,
	    NULL, cond, NULL, 0);
}

RTI_API int
rti_send_interaction_at(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const void *tag, size_t tag_len, rti_time t,
    rti_message_retraction_handle *out)
{
	return rti__om_interaction(amb, cls, values, n, tag, tag_len, &t,
	    out, NULL, NULL, 0);
}

RTI_API int
rti_send_interaction_with_condition_at(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const void *tag, size_t tag_len, const char *cond, rti_time t,
    rti_message_retraction_handle *out)
{
	return rti__om_interaction(amb, cls, values, n, tag, tag_len, &t,
	    out, cond, NULL, 0);
}

static int
delete_obj(rti_ambassador *amb, rti_object_instance_handle obj,
    const void *tag, size_t tag_len, const rti_time *t,
    rti_message_retraction_handle *out)
{
	struct om_state *st;
	struct om_obj *o;
	struct wire_buf *b;
	struct bundle_hdr h;
	size_t off;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK)
		return rc;
	o = obj_find(st, obj.id);
	if (!o)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj.id);
	if (!bset_has(o->owned, st->words, PRIVILEGE_TO_DELETE))
		return rti__fail(amb, RTI_ERR_DELETE_PRIVILEGE_NOT_HELD,
		    "this federate does not hold the delete privilege of %s",
		    o->name);
	if ((rc = make_hdr(amb, &h, tag, tag_len, t,
	    attr_tso(amb, o, PRIVILEGE_TO_DELETE))) != RTI_OK ||
	    (rc = rti__om_pend_flush(amb, st)) != RTI_OK)
		return rc;
	b = rti__msg_begin(amb, WIRE_OM_DELETE, &off);
	(void)bundle_hdr_put(b, &h);
	wire_put_u32(b, obj.id);
	if ((rc = rti__msg_end(amb, off, 1)) != RTI_OK)
		return rc;
	retraction_out(amb, st, &h, h.retraction, out);
	st->mom_deleted++;
	rti__om_obj_del(st, o);
	return RTI_OK;
}

RTI_API int
rti_delete_object_instance(rti_ambassador *amb,
    rti_object_instance_handle obj, const void *tag, size_t tag_len)
{
	return delete_obj(amb, obj, tag, tag_len, NULL, NULL);
}

RTI_API int
rti_delete_object_instance_at(rti_ambassador *amb,
    rti_object_instance_handle obj, const void *tag, size_t tag_len,
    rti_time t, rti_message_retraction_handle *out)
{
	return delete_obj(amb, obj, tag, tag_len, &t, out);
}

RTI_API int
rti_local_delete_object_instance(rti_ambassador *amb,
    rti_object_instance_handle obj)
{
	struct om_state *st;
	struct om_obj *o;
	struct wire_buf *b;
	size_t off;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	o = obj_find(st, obj.id);
	if (!o)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj.id);
	if (o->owned && !bset_empty(o->owned, st->words))
		return rti__fail(amb, RTI_ERR_FEDERATE_OWNS_ATTRIBUTES,
		    "this federate owns attributes of %s", o->name);
	if ((rc = rti__om_pend_flush(amb, st)) != RTI_OK)
		return rc;
	b = rti__msg_begin(amb, WIRE_OM_LOCAL_DELETE, &off);
	wire_put_u32(b, obj.id);
	if ((rc = rti__msg_end(amb, off, 1)) != RTI_OK)
		return rc;
	rti__om_obj_del(st, o);
	return RTI_OK;
}
