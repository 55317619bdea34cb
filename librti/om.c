/*
 * om.c - object management services and callbacks of librti: name
 * reservation, registration, updates packed at three levels (attribute,
 * instance, class bundles), interactions, deletion, value update requests,
 * and the table of the instances this federate knows, with the attributes
 * it owns (so that sends are validated without a round trip).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "idmap.h"
#include "librti-int.h"

#define PRIVILEGE_TO_DELETE 1 /* HLAprivilegeToDeleteObject (fom.h) */
#define HDR_MAX(tag_len) (1 + 12 + 4 + (tag_len) + 5)

struct om_obj {
	struct idmap_node hnode;  /* in the table by handle */
	uint32_t handle;
	uint32_t cls;             /* registered class */
	uint32_t known;           /* class this federate knows it as */
	char *name;
	uint64_t *owned;          /* attributes owned here, NULL = none */
	struct idmap_node nnode;  /* in the table by name */
};

struct om_state {
	size_t words;
	struct idmap by_handle;   /* om_obj */
	struct idmap by_name;
	enum rti_packing packing;
	size_t max_bundle;        /* 0 = rtiexec's frame limit */
	uint32_t self;            /* federate handle, in retraction handles */
	/* the update frame being filled (one open class layer) */
	struct wire_buf pend;
	int pend_open;
	size_t pend_layer, pend_tag_off;
	uint32_t pend_cls, pend_n;
	struct bundle_hdr pend_hdr;
	char pend_cond[RTI_MAX_CONDITION + 1];
	uint32_t *stamp;          /* [n_attrs + 1]: duplicate detection */
	uint32_t stamp_gen;
	/* receive scratch, reused */
	struct bundle rb;
	struct rti_attribute_value *vals;
	size_t cap_vals;
	/* class_update scratch: each instance's layer size, and the
	 * attribute set of the instance before as a bitset */
	size_t *usize;
	size_t cap_usize;
	uint64_t *uset;
	struct rti_bundle_instance *binst;
	size_t cap_binst;
	struct rti_parameter_value *pvals;
	size_t cap_pvals;
	const char **names;
	size_t cap_names;
	rti_attribute_handle *ahs;
	size_t cap_ahs;
};

#define JOINED_OR_RETURN(amb)                                          \
	do {                                                               \
		int rc_;                                                   \
		if (!(amb))                                                \
			return RTI_ERR_INVALID_ARGUMENT;                   \
		if ((rc_ = rti__check_joined(amb)) != RTI_OK)              \
			return rc_;                                        \
	} while (0)

static struct om_state *
st_of(rti_ambassador *amb)
{
	return amb->mod[RTI__MOD_OM];
}

/* ---- the table of known instances ---- */

static inline struct om_obj *
obj_find(struct om_state *st, uint32_t h)
{
	struct idmap_node *n = IDMAP_GET(&st->by_handle, h, struct om_obj,
	    hnode, handle);

	return n ? IDMAP_ENTRY(n, struct om_obj, hnode) : NULL;
}

static struct om_obj *
obj_by_name(struct om_state *st, const char *name)
{
	struct idmap_node *n = idmap_get_str(&st->by_name, name);

	return n ? IDMAP_ENTRY(n, struct om_obj, nnode) : NULL;
}

static void
obj_free(struct om_obj *o)
{
	free(o->name);
	free(o->owned);
	free(o);
}

/* Add (or refresh) a known instance.  NULL on ENOMEM. */
static struct om_obj *
obj_add(struct om_state *st, uint32_t h, uint32_t cls, uint32_t known,
    const char *name)
{
	struct om_obj *o = obj_find(st, h);

	if (o) {
		o->cls = cls;
		o->known = known;
		return o;
	}
	o = calloc(1, sizeof *o);
	if (!o || !(o->name = strdup(name))) {
		free(o);
		return NULL;
	}
	o->handle = h;
	o->cls = cls;
	o->known = known;
	idmap_put(&st->by_handle, &o->hnode);
	idmap_put(&st->by_name, &o->nnode);
	return o;
}

static void
obj_del(struct om_state *st, struct om_obj *o)
{
	idmap_del(&st->by_handle, &o->hnode);
	idmap_del(&st->by_name, &o->nnode);
	obj_free(o);
}

int
rti__om_owns(rti_ambassador *amb, uint32_t obj, uint32_t attr)
{
	struct om_state *st = st_of(amb);
	struct om_obj *o = st ? obj_find(st, obj) : NULL;

	return o && bset_has(o->owned, st->words, attr);
}

int
rti__om_set_owned(rti_ambassador *amb, uint32_t obj, uint32_t attr,
    int owned)
{
	struct om_state *st = st_of(amb);
	struct om_obj *o = st ? obj_find(st, obj) : NULL;

	if (!o)
		return RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN;
	if (attr / 64 >= st->words)
		return RTI_ERR_ATTRIBUTE_NOT_DEFINED;
	if (!o->owned) {
		if (!owned)
			return RTI_OK;
		o->owned = calloc(st->words, sizeof *o->owned);
		if (!o->owned)
			return RTI_ERR_NO_MEMORY;
	}
	if (owned)
		bset_add(o->owned, attr);
	else
		bset_del(o->owned, attr);
	return RTI_OK;
}

/* DM's unpublished event: the federate no longer owns the attributes in
 * `removed` on the instances it knows as class `cls`, nor, when it
 * publishes none of the class any more, their delete privilege (rtiexec
 * does the same). */
static void
om_unpublished(rti_ambassador *amb, uint32_t cls, const uint64_t *removed)
{
	struct om_state *st = st_of(amb);
	int all = rti__dm_published(amb, cls) == NULL;
	struct idmap_node *n;
	struct idmap_iter it;
	size_t w;

	if (!st)
		return;
	idmap_iter_init(&st->by_handle, &it);
	while ((n = idmap_iter_next(&st->by_handle, &it))) {
		struct om_obj *o = IDMAP_ENTRY(n, struct om_obj, hnode);

		/* the class it knows it as, as rtiexec (owm.c) */
		if (o->known != cls || !o->owned)
			continue;
		for (w = 0; w < st->words; w++)
			o->owned[w] &= ~removed[w];
		if (all)
			bset_del(o->owned, PRIVILEGE_TO_DELETE);
	}
}

/* ---- output ---- */

static size_t
frame_limit(rti_ambassador *amb, struct om_state *st)
{
	size_t lim = amb->max_frame;

	if (st->max_bundle && st->max_bundle < lim)
		lim = st->max_bundle;
	return lim;
}

/* Send the open update frame, if any.  RTI_OK, NO_MEMORY or
 * CONNECTION_LOST. */
static int
pend_flush(rti_ambassador *amb, struct om_state *st)
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

static void
om_flush(rti_ambassador *amb)
{
	(void)pend_flush(amb, st_of(amb));
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
		if ((rc = pend_flush(amb, st)) != RTI_OK)
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
    uint32_t obj, const struct rti_attribute_value *v, size_t n)
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
	return rti__msg_end(amb, off, 0);
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

/* Fill the header; with `t` (timestamped send) ask TM first.  RTI_OK or
 * TM's error. */
static int
make_hdr(rti_ambassador *amb, struct bundle_hdr *h, const void *tag,
    size_t tag_len, const rti_time *t)
{
	uint32_t serial;
	int rc;

	memset(h, 0, sizeof *h);
	h->tag = tag;
	h->tag_len = (uint32_t)tag_len;
	if (!t)
		return RTI_OK;
	rc = rti__tm_check_send(amb, *t, &serial);
	if (rc != RTI_OK)
		return rc;
	if (serial) {
		h->flags = WIRE_OMF_TIMESTAMP;
		h->time = rti__time_bits(*t);
		h->retraction = serial;
	}
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

static int
update(rti_ambassador *amb, rti_object_instance_handle obj,
    const struct rti_attribute_value *values, size_t n, const void *tag,
    size_t tag_len, const rti_time *t, rti_message_retraction_handle *out,
    const char *cond)
{
	struct om_state *st;
	struct om_obj *o;
	struct bundle_hdr h;
	size_t size, i;
	uint32_t used;
	int rc;

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK ||
	    (rc = check_update(amb, st, obj.id, values, n, &o, &size)) !=
	    RTI_OK)
		return rc;
	if (cond && strlen(cond) > RTI_MAX_CONDITION)
		return rti__fail(amb, RTI_ERR_INVALID_CONDITION,
		    "condition longer than %d bytes", RTI_MAX_CONDITION);
	if (size + BUNDLE_CLASS_HDR + HDR_MAX(tag_len) > amb->max_frame)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "update exceeds rtiexec's frame limit %u", amb->max_frame);
	if ((rc = make_hdr(amb, &h, tag, tag_len, t)) != RTI_OK)
		return rc;
	h.cond = cond && *cond ? cond : NULL;
	if (!rti__ev_send_update(amb, o->handle, o->cls, values, n, cond)) {
		if (out)
			out->id = 0;
		return RTI_OK; /* nobody subscribes: never leaves */
	}
	used = h.retraction;
	switch (st->packing) {
	case RTI_PACKING_ATTRIBUTE:
		rc = pend_flush(amb, st);
		for (i = 0; i < n && rc == RTI_OK; i++)
			rc = emit_direct(amb, &h, o->cls, o->handle,
			    &values[i], 1);
		break;
	case RTI_PACKING_INSTANCE:
		rc = pend_flush(amb, st);
		if (rc == RTI_OK)
			rc = emit_direct(amb, &h, o->cls, o->handle, values,
			    n);
		break;
	default:
		rc = emit_instance(amb, st, &h, o->cls, o->handle, values, n,
		    size);
		/* coalesced TSO updates share the open frame's handle */
		used = st->pend_hdr.retraction;
		if (rc == RTI_OK && st->pend.len - WIRE_HEADER_SIZE >=
		    frame_limit(amb, st))
			rc = pend_flush(amb, st);
		break;
	}
	if (rc == RTI_OK)
		retraction_out(amb, st, &h, used, out);
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

static int
class_update(rti_ambassador *amb, rti_object_class_handle cls,
    const struct rti_bundle_instance *in, size_t n, const void *tag,
    size_t tag_len, const rti_time *t, rti_message_retraction_handle *out)
{
	struct om_state *st;
	struct om_obj *o;
	struct bundle_hdr h;
	size_t i, size, lim, hmax;
	int rc, ours = 0;

	JOINED_OR_RETURN(amb);
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
	    sizeof *st->usize) || (!st->uset &&
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
		memset(st->uset, 0, st->words * sizeof *st->uset);
		for (j = 0; j < nv; j++)
			bset_add(st->uset, v[j].attribute.id);
	}
	if ((rc = make_hdr(amb, &h, tag, tag_len, t)) != RTI_OK)
		return rc;
	if (st->packing != RTI_PACKING_CLASS &&
	    (rc = pend_flush(amb, st)) != RTI_OK)
		return rc;
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
		rc = pend_flush(amb, st);
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

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((unsigned)packing > RTI_PACKING_CLASS)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "packing %d is not defined", (int)packing);
	if ((rc = pend_flush(amb, st)) != RTI_OK)
		return rc;
	st->packing = packing;
	st->max_bundle = max_bundle_bytes;
	return RTI_OK;
}

RTI_API int
rti_flush_updates(rti_ambassador *amb)
{
	int rc;

	JOINED_OR_RETURN(amb);
	if ((rc = pend_flush(amb, st_of(amb))) != RTI_OK)
		return rc;
	return rti__flush(amb, 1) == RTI_OK ? RTI_OK : rti__fail(amb,
	    RTI_ERR_CONNECTION_LOST, "connection to rtiexec lost: %s",
	    amb->lost_reason);
}

/* Send an interaction (librti-int.h). */
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

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK)
		return rc;
	if (cond && strlen(cond) > RTI_MAX_CONDITION)
		return rti__fail(amb, RTI_ERR_INVALID_CONDITION,
		    "condition longer than %d bytes", RTI_MAX_CONDITION);
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
	if ((rc = make_hdr(amb, &h, tag, tag_len, t)) != RTI_OK ||
	    (rc = pend_flush(amb, st)) != RTI_OK)
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
	if ((rc = rti__msg_end(amb, off, 0)) != RTI_OK)
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

	JOINED_OR_RETURN(amb);
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
	if ((rc = make_hdr(amb, &h, tag, tag_len, t)) != RTI_OK ||
	    (rc = pend_flush(amb, st)) != RTI_OK)
		return rc;
	b = rti__msg_begin(amb, WIRE_OM_DELETE, &off);
	(void)bundle_hdr_put(b, &h);
	wire_put_u32(b, obj.id);
	if ((rc = rti__msg_end(amb, off, 1)) != RTI_OK)
		return rc;
	retraction_out(amb, st, &h, h.retraction, out);
	obj_del(st, o);
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

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	o = obj_find(st, obj.id);
	if (!o)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj.id);
	if (o->owned && !bset_empty(o->owned, st->words))
		return rti__fail(amb, RTI_ERR_FEDERATE_OWNS_ATTRIBUTES,
		    "this federate owns attributes of %s", o->name);
	if ((rc = pend_flush(amb, st)) != RTI_OK)
		return rc;
	b = rti__msg_begin(amb, WIRE_OM_LOCAL_DELETE, &off);
	wire_put_u32(b, obj.id);
	if ((rc = rti__msg_end(amb, off, 1)) != RTI_OK)
		return rc;
	obj_del(st, o);
	return RTI_OK;
}

/* ---- names and registration ---- */

static int
check_instance_name(rti_ambassador *amb, const char *name)
{
	if (!name)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "name is NULL");
	if (!*name || strncmp(name, "HLA", 3) == 0 ||
	    strlen(name) > WIRE_MAX_NAME)
		return rti__fail(amb, RTI_ERR_ILLEGAL_NAME,
		    "illegal object instance name '%.64s' (empty, reserved "
		    "prefix HLA, or longer than %d bytes)", name,
		    WIRE_MAX_NAME);
	return RTI_OK;
}

static int
reserve(rti_ambassador *amb, const char *const *names, size_t n,
    int multiple)
{
	struct wire_buf *b;
	size_t i, off;
	int rc;

	JOINED_OR_RETURN(amb);
	if (!names || n == 0 || n > 65536)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "no names, or more than 65536");
	for (i = 0; i < n; i++)
		if ((rc = check_instance_name(amb, names[i])) != RTI_OK)
			return rc;
	if ((rc = pend_flush(amb, st_of(amb))) != RTI_OK)
		return rc;
	b = rti__msg_begin(amb, WIRE_OM_RESERVE_NAMES, &off);
	wire_put_u8(b, (uint8_t)multiple);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_str(b, names[i]);
	return rti__msg_end(amb, off, 1);
}

RTI_API int
rti_reserve_object_instance_name(rti_ambassador *amb, const char *name)
{
	return reserve(amb, &name, 1, 0);
}

RTI_API int
rti_reserve_multiple_object_instance_names(rti_ambassador *amb,
    const char *const *names, size_t n)
{
	return reserve(amb, names, n, 1);
}

static int
release(rti_ambassador *amb, const char *const *names, size_t n)
{
	struct wire_buf *b;
	size_t i;
	int rc;

	JOINED_OR_RETURN(amb);
	if (!names || n == 0 || n > 65536)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "no names, or more than 65536");
	for (i = 0; i < n; i++)
		if ((rc = check_instance_name(amb, names[i])) != RTI_OK)
			return rc == RTI_ERR_ILLEGAL_NAME ? rti__fail(amb,
			    RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED,
			    "name %zu was never reservable", i) : rc;
	b = rti__req_begin(amb, WIRE_OM_RELEASE_NAMES);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_str(b, names[i]);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_release_object_instance_name(rti_ambassador *amb, const char *name)
{
	return release(amb, &name, 1);
}

RTI_API int
rti_release_multiple_object_instance_names(rti_ambassador *amb,
    const char *const *names, size_t n)
{
	return release(amb, names, n);
}

static int
register_obj(rti_ambassador *amb, rti_object_class_handle cls,
    const char *name, rti_object_instance_handle *out)
{
	struct om_state *st;
	const uint64_t *pub;
	struct wire_buf *b;
	struct wire_rd rd;
	struct om_obj *o;
	const char *got;
	uint32_t h;
	int rc;

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	if (name && (rc = check_instance_name(amb, name)) != RTI_OK)
		return rc == RTI_ERR_ILLEGAL_NAME ? rti__fail(amb,
		    RTI_ERR_OBJECT_INSTANCE_NAME_NOT_RESERVED,
		    "name '%.64s' cannot have been reserved", name) : rc;
	if (!fom_oclass(amb->fom, cls.id))
		return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls.id);
	pub = rti__dm_published(amb, cls.id);
	if (!pub)
		return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED,
		    "object class %s is not published",
		    fom_oclass(amb->fom, cls.id)->qname);
	b = rti__req_begin(amb, WIRE_OM_REGISTER);
	wire_put_u32(b, cls.id);
	wire_put_str(b, name ? name : "");
	if ((rc = rti__req_finish(amb, &rd)) != RTI_OK)
		return rc;
	h = wire_get_u32(&rd);
	got = wire_get_str(&rd, WIRE_MAX_NAME);
	if (!wire_rd_done(&rd) || h == 0)
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR, "bad reply");
	o = obj_add(st, h, cls.id, cls.id, got);
	if (o && !o->owned)
		o->owned = calloc(st->words, sizeof *o->owned);
	if (!o || !o->owned)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	memcpy(o->owned, pub, st->words * sizeof *pub);
	bset_add(o->owned, PRIVILEGE_TO_DELETE);
	out->id = h;
	return RTI_OK;
}

RTI_API int
rti_register_object_instance(rti_ambassador *amb,
    rti_object_class_handle cls, rti_object_instance_handle *out)
{
	return register_obj(amb, cls, NULL, out);
}

RTI_API int
rti_register_object_instance_with_name(rti_ambassador *amb,
    rti_object_class_handle cls, const char *name,
    rti_object_instance_handle *out)
{
	if (amb && !name)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "name is NULL");
	return register_obj(amb, cls, name, out);
}

/* ---- requests for values ---- */

static int
request_update(rti_ambassador *amb, uint16_t type, uint32_t h,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len)
{
	struct om_state *st;
	struct om_obj *o = NULL;
	struct wire_buf *b;
	uint32_t cls;
	size_t i;
	int rc;

	JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK)
		return rc;
	if (type == WIRE_OM_REQUEST_UPDATE) {
		o = obj_find(st, h);
		if (!o)
			return rti__fail(amb,
			    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
			    "object instance %u is not known", h);
		cls = o->known;
	} else {
		cls = h;
		if (!fom_oclass(amb->fom, cls))
			return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
			    "object class %u is not defined", cls);
	}
	if (n && !attrs)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "attrs is NULL");
	if (n > 65536)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "too many attributes");
	for (i = 0; i < n; i++)
		if (!fom_oclass_has_attr(amb->fom, cls, attrs[i].id))
			return rti__fail(amb, RTI_ERR_ATTRIBUTE_NOT_DEFINED,
			    "attribute %u is not an attribute of %s",
			    attrs[i].id, fom_oclass(amb->fom, cls)->qname);
	b = rti__req_begin(amb, type);
	wire_put_u32(b, h);
	wire_put_blob(b, tag, tag_len);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_u32(b, attrs[i].id);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_request_attribute_value_update(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const void *tag, size_t tag_len)
{
	return request_update(amb, WIRE_OM_REQUEST_UPDATE, obj.id, attrs, n,
	    tag, tag_len);
}

RTI_API int
rti_request_class_attribute_value_update(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n, const void *tag, size_t tag_len)
{
	return request_update(amb, WIRE_OM_REQUEST_CLASS_UPDATE, cls.id,
	    attrs, n, tag, tag_len);
}

/* ---- lookups ---- */

RTI_API int
rti_get_object_instance_handle(rti_ambassador *amb, const char *name,
    rti_object_instance_handle *out)
{
	struct om_obj *o;

	JOINED_OR_RETURN(amb);
	if (!name || !out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "NULL argument");
	o = obj_by_name(st_of(amb), name);
	if (!o)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "no known object instance named '%.64s'", name);
	out->id = o->handle;
	return RTI_OK;
}

RTI_API int
rti_get_object_instance_name(rti_ambassador *amb,
    rti_object_instance_handle obj, const char **out)
{
	struct om_obj *o;

	JOINED_OR_RETURN(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	o = obj_find(st_of(amb), obj.id);
	if (!o)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj.id);
	*out = o->name;
	return RTI_OK;
}

RTI_API int
rti_get_known_object_class_handle(rti_ambassador *amb,
    rti_object_instance_handle obj, rti_object_class_handle *out)
{
	struct om_obj *o;

	JOINED_OR_RETURN(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	o = obj_find(st_of(amb), obj.id);
	if (!o)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj.id);
	out->id = o->known;
	return RTI_OK;
}

/* ---- callbacks ---- */

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
	if (!(h->flags & WIRE_OMF_TIMESTAMP)) {
		rc = rti__tm_hold_ro(amb, type, payload, len);
		return rc < 0 ? -1 : rc;
	}
	info->sent_order = RTI_ORDER_TIMESTAMP;
	info->time = rti__time_from_bits(h->time);
	info->retraction.id = h->retraction ?
	    ((uint64_t)producer << 32) | h->retraction : 0;
	if (amb->tm_releasing) {
		info->received_order = RTI_ORDER_TIMESTAMP;
		return 0;
	}
	rc = rti__tm_hold(amb, type, payload, len, info->time, producer,
	    h->retraction);
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

		if (!obj_find(st, bi->handle))
			continue; /* deleted locally meanwhile */
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
			m++;
		} else if (amb->cb.reflect_attribute_values) {
			amb->cb.reflect_attribute_values(amb->arg, obj,
			    &st->vals[bi->first], bi->n_attrs, h.tag,
			    h.tag_len, &info);
		}
	}
	rti__ev_received(amb, 0, m ? m : st->rb.n_inst);
	if (amb->cb.reflect_class_bundle && m) {
		rti_object_class_handle cls;

		cls.id = st->rb.cls;
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
	if (!obj_add(st, obj, cls, known, name))
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
	/* still known during the callback; gone after it */
	if (amb->cb.remove_object_instance)
		amb->cb.remove_object_instance(amb->arg, obj, h.tag, h.tag_len,
		    &info);
	o = obj_find(st, obj.id);
	if (o)
		obj_del(st, o);
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
	uint32_t tag_len = 0, n, i;

	if (!st)
		return -1;
	obj.id = wire_get_u32(rd);
	if (type == WIRE_CB_PROVIDE_UPDATE)
		tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);
	n = wire_get_count(rd, 4);
	if (rd->err || wire_grow((void **)&st->ahs, &st->cap_ahs, n + 1,
	    sizeof *st->ahs))
		return -1;
	for (i = 0; i < n; i++)
		st->ahs[i].id = wire_get_u32(rd);
	if (!wire_rd_done(rd))
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

/* ---- module hooks ---- */

static void
om_leave(rti_ambassador *amb)
{
	struct om_state *st = st_of(amb);
	struct idmap_node *n;
	struct idmap_iter it;

	if (!st)
		return;
	idmap_iter_init(&st->by_handle, &it);
	while ((n = idmap_iter_next(&st->by_handle, &it)))
		obj_free(IDMAP_ENTRY(n, struct om_obj, hnode));
	idmap_fini(&st->by_handle);
	idmap_fini(&st->by_name);
	free(st->stamp);
	wire_buf_free(&st->pend);
	bundle_free(&st->rb);
	free(st->vals);
	free(st->usize);
	free(st->uset);
	free(st->binst);
	free(st->pvals);
	free(st->names);
	free(st->ahs);
	free(st);
	amb->mod[RTI__MOD_OM] = NULL;
}

static int
om_join(rti_ambassador *amb)
{
	struct om_state *st = calloc(1, sizeof *st);

	if (!st)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	amb->mod[RTI__MOD_OM] = st;
	st->self = amb->self.id;
	st->words = bset_words(amb->fom->n_attrs);
	st->stamp = calloc(amb->fom->n_attrs + 1, sizeof *st->stamp);
	st->packing = RTI_PACKING_INSTANCE;
	wire_buf_init(&st->pend);
	bundle_init(&st->rb);
	if (IDMAP_INIT(&st->by_handle, struct om_obj, hnode, handle) < 0 ||
	    IDMAP_INIT_STR(&st->by_name, struct om_obj, nnode, name) < 0 ||
	    !st->stamp) {
		om_leave(amb);
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	return RTI_OK;
}

static const struct rti__cb_handler om_callbacks[] = {
	{ WIRE_CB_NAMES_RESERVED, cb_names },
	{ WIRE_CB_DISCOVER, cb_discover },
	{ WIRE_CB_REFLECT, cb_reflect },
	{ WIRE_CB_INTERACTION, cb_interaction },
	{ WIRE_CB_REMOVE, cb_remove },
	{ WIRE_CB_PROVIDE_UPDATE, cb_attr_list },
	{ WIRE_CB_UPDATES_ON, cb_attr_list },
	{ WIRE_CB_UPDATES_OFF, cb_attr_list },
	{ 0, NULL }
};

static const struct rti__msg_out om_sends[] = {
	{ WIRE_OM_RELEASE_NAMES, RTI__REQUEST },
	{ WIRE_OM_REGISTER, RTI__REQUEST },
	{ WIRE_OM_REQUEST_UPDATE, RTI__REQUEST },
	{ WIRE_OM_REQUEST_CLASS_UPDATE, RTI__REQUEST },
	{ WIRE_OM_RESERVE_NAMES, RTI__ONE_WAY },
	{ WIRE_OM_UPDATE, RTI__ONE_WAY },
	{ WIRE_OM_INTERACTION, RTI__ONE_WAY },
	{ WIRE_OM_DELETE, RTI__ONE_WAY },
	{ WIRE_OM_LOCAL_DELETE, RTI__ONE_WAY },
	{ WIRE_DDM_INTERACTION, RTI__ONE_WAY },
	{ 0, 0 }
};

const struct rti__module rti__om_module = {
	.name = "OM",
	.callbacks = om_callbacks,
	.sends = om_sends,
	.join = om_join,
	.leave = om_leave,
	.flush = om_flush,
	.unpublished = om_unpublished,
};
