/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om.c - object management of librti: the table of the instances this
 * federate knows, with the attributes it owns (so that sends are
 * validated without a round trip) and what DM's unpublished event takes
 * from it, name reservation and release, registration, value update
 * requests, the lookups, and the module's hooks.  What OM sends with a
 * header (updates, interactions, deletes) is om_send.c's; what it
 * receives, om_recv.c's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "om_int.h"

/* ---- the table of known instances ---- */

static struct om_obj *
obj_by_name(struct om_state *st, const char *name)
{
	struct idmap_node *n = idmap_get_str(&st->by_name, name);

	return n ? IDMAP_ENTRY(n, struct om_obj, nnode) : NULL;
}

/* The owned set held in the block of `o` (obj_new), which obj_free does
 * not free apart. */
static uint64_t *
obj_inline_owned(struct om_obj *o)
{
	return (uint64_t *)(void *)(o + 1);
}

static void
obj_free(struct om_obj *o)
{
	if (o->owned != obj_inline_owned(o))
		free(o->owned);
	free(o->order_ts);
	free(o->trans_be);
	free(o->cond);
	free(o);
}

/* A new known instance, not in the tables: one block of the entry, its
 * owned set (`words` words, empty) and its name (an instance's name never
 * changes).  Every instance is allocated alike, whether discovered,
 * registered or restored, so that a restore's allocations reuse the
 * blocks it just freed.  NULL on ENOMEM. */
static struct om_obj *
obj_new(uint32_t h, uint32_t cls, uint32_t known, const char *name,
    size_t words)
{
	size_t len = strlen(name) + 1;
	struct om_obj *o;

	o = calloc(1, sizeof *o + words * sizeof *o->owned + len);
	if (!o)
		return NULL;
	o->owned = obj_inline_owned(o);
	o->name = (char *)(obj_inline_owned(o) + words);
	memcpy(o->name, name, len);
	o->handle = h;
	o->cls = cls;
	o->known = known;
	return o;
}

/* Add (or refresh) a known instance (om_int.h). */
struct om_obj *
rti__om_obj_add(struct om_state *st, uint32_t h, uint32_t cls, uint32_t known,
    const char *name)
{
	struct om_obj *o = obj_find(st, h);

	if (o) {
		o->cls = cls;
		o->known = known;
		return o;
	}
	if (!(o = obj_new(h, cls, known, name, st->words)))
		return NULL;
	idmap_put(&st->by_handle, &o->hnode);
	idmap_put(&st->by_name, &o->nnode);
	return o;
}

void
rti__om_mom_count(struct om_state *st, struct om_obj *o, unsigned mark,
    uint32_t cls)
{
	int k = mark == OM_MOM_REFLECTED;

	if (cls == 0)
		return;
	if (cls > st->mom_top[k]) {
		/* entries past the old top zeroed; [0] is never a class */
		if (wire_grow_table(&st->mom_cls[k], st->mom_top[k], cls,
		    sizeof *st->mom_cls[k]) < 0)
			return;
		if (!st->mom_top[k])
			st->mom_cls[k][0] = 0;
		st->mom_top[k] = cls;
	}
	st->mom_cls[k][cls]++;
	st->mom_total[k]++;
	o->mom_marks |= (uint8_t)mark;
}

void
rti__om_obj_del(struct om_state *st, struct om_obj *o)
{
	idmap_del(&st->by_handle, &o->hnode);
	idmap_del(&st->by_name, &o->nnode);
	obj_free(o);
}

int
rti__om_set_condition(rti_ambassador *amb, uint32_t obj, const char *cond)
{
	struct om_state *st = st_of(amb);
	struct om_obj *o = st ? obj_find(st, obj) : NULL;
	char *c = NULL;

	if (!o)
		return RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN;
	if (cond && *cond && !(c = strdup(cond)))
		return RTI_ERR_NO_MEMORY;
	free(o->cond);
	o->cond = c;
	return RTI_OK;
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

/* ---- the order and transportation types' changes (om_send.c,
 * om_transportation.c): one implementation of what both check ---- */

int
rti__om_check_owned(rti_ambassador *amb, uint32_t obj,
    const rti_attribute_handle *attrs, size_t n, struct om_obj **op)
{
	struct om_state *st = st_of(amb);
	struct om_obj *o;
	size_t i;
	uint32_t a;

	if (!(o = obj_find(st, obj)))
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj);
	if (n && !attrs)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "attributes is NULL");
	if (n > amb->fom->n_attrs)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "%zu attributes: more than the FOM has", n);
	for (i = 0; i < n; i++) {
		a = attrs[i].id;
		if (!fom_oclass_has_attr(amb->fom, o->known, a))
			return rti__fail(amb, RTI_ERR_ATTRIBUTE_NOT_DEFINED,
			    "attribute %u is not an attribute of %s", a,
			    fom_oclass(amb->fom, o->known)->qname);
		if (!bset_has(o->owned, st->words, a))
			return rti__fail(amb, RTI_ERR_ATTRIBUTE_NOT_OWNED,
			    "attribute %u of instance %s is not owned by this "
			    "federate", a, o->name);
	}
	*op = o;
	return RTI_OK;
}

int
rti__om_own_set(rti_ambassador *amb, const struct om_obj *o,
    uint64_t **set, size_t *words,
    int (*fom_says)(const rti_ambassador *, const struct om_obj *, uint32_t))
{
	uint64_t *s;
	uint32_t a;

	if (*set)
		return RTI_OK;
	if (!(s = calloc(amb->attr_words, sizeof *s)))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	for (a = 1; a <= amb->fom->n_attrs; a++)
		if (fom_says(amb, o, a))
			bset_add(s, a);
	*set = s;
	*words = amb->attr_words;
	return RTI_OK;
}

int
rti__om_check_iclass(rti_ambassador *amb, uint32_t cls)
{
	if (!fom_iclass(amb->fom, cls))
		return rti__fail(amb, RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls);
	if (!rti__dm_iclass_published(amb, cls))
		return rti__fail(amb, RTI_ERR_INTERACTION_CLASS_NOT_PUBLISHED,
		    "interaction class %s is not published",
		    fom_iclass(amb->fom, cls)->qname);
	return RTI_OK;
}

int
rti__om_class_room(rti_ambassador *amb, uint8_t **tab, size_t *len,
    uint32_t cls)
{
	size_t cap = *len;

	if (cls < *len)
		return RTI_OK;
	if (wire_grow((void **)tab, &cap, (size_t)cls + 1, 1))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	memset(*tab + *len, 0, cap - *len);
	*len = cap;
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

static void
om_flush(rti_ambassador *amb)
{
	(void)rti__om_pend_flush(amb, st_of(amb));
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

	RTI__JOINED_OR_RETURN(amb);
	if (!names || n == 0 || n > 65536)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "no names, or more than 65536");
	for (i = 0; i < n; i++)
		if ((rc = check_instance_name(amb, names[i])) != RTI_OK)
			return rc;
	if ((rc = rti__om_pend_flush(amb, st_of(amb))) != RTI_OK)
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

	RTI__JOINED_OR_RETURN(amb);
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

/* Register an instance of `cls` (with reserved `name`, or NULL), and with
 * send condition `cond` (NULL or "": none; checked by the caller) in the
 * same request (WIRE_OM_REGISTER_COND).  The caller records the
 * condition on RTI_OK. */
int
rti__om_register(rti_ambassador *amb, rti_object_class_handle cls,
    const char *name, const char *cond, rti_object_instance_handle *out)
{
	struct om_state *st;
	const uint64_t *pub;
	struct wire_buf *b;
	struct wire_rd rd;
	struct om_obj *o;
	const char *got;
	uint32_t h;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
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
	b = rti__req_begin(amb, cond && *cond ? WIRE_OM_REGISTER_COND :
	    WIRE_OM_REGISTER);
	wire_put_u32(b, cls.id);
	wire_put_str(b, name ? name : "");
	if (cond && *cond)
		wire_put_str(b, cond);
	if ((rc = rti__req_finish(amb, &rd)) != RTI_OK)
		return rc;
	h = wire_get_u32(&rd);
	got = wire_get_str(&rd, WIRE_MAX_NAME);
	if (!wire_rd_done(&rd) || h == 0)
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR, "bad reply");
	o = rti__om_obj_add(st, h, cls.id, cls.id, got);
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
	return rti__om_register(amb, cls, NULL, NULL, out);
}

RTI_API int
rti_register_object_instance_with_name(rti_ambassador *amb,
    rti_object_class_handle cls, const char *name,
    rti_object_instance_handle *out)
{
	if (amb && !name)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "name is NULL");
	return rti__om_register(amb, cls, name, NULL, out);
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

	RTI__JOINED_OR_RETURN(amb);
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

/* ---- restore ---- */

/* Forget every known instance and the update being coalesced.  The
 * tables are emptied whole, keeping their chains (the restored federation
 * is about as large), rather than each entry unlinked (a name hashed
 * again per instance) or new chains allocated (an allocation that large,
 * after the frees, makes glibc merge every block just freed, which the
 * restored instances would have reused). */
static void
om_forget_all(struct om_state *st)
{
	struct idmap_node *n;
	struct idmap_iter it;

	idmap_iter_init(&st->by_handle, &it);
	while ((n = idmap_iter_next(&st->by_handle, &it)))
		obj_free(IDMAP_ENTRY(n, struct om_obj, hnode));
	idmap_clear(&st->by_handle);
	idmap_clear(&st->by_name);
	wire_buf_reset(&st->pend);
	st->pend_open = 0;
}

/*
 * WIRE_CB_RESTORE_OM: the instances this federate knows in the restored
 * federation, with the attributes it owns (om_int.h).  Every field is
 * checked before the table changes; a frame that does not read whole is
 * a protocol error.  The order types changed by
 * rti_change_attribute_order_type and rti_change_interaction_order_type
 * are not part of rtiexec's save: they go back to the FOM's.
 */
int
rti__om_cb_restore(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct om_state *st = st_of(amb);
	uint8_t first = wire_get_u8(rd);
	uint32_t n = wire_get_count(rd, 20), i, k, j, a;
	struct wire_rd chk = *rd;

	(void)type;
	if (!st || rd->err)
		return -1;
	/* a first pass checks, so that a bad frame changes nothing */
	for (i = 0; i < n && !chk.err; i++) {
		(void)wire_get_u32(&chk);
		if (!fom_oclass(amb->fom, wire_get_u32(&chk)) ||
		    !fom_oclass(amb->fom, wire_get_u32(&chk)) ||
		    !wire_get_str(&chk, WIRE_MAX_NAME))
			return -1;
		k = wire_get_count(&chk, 4);
		for (j = 0; j < k && !chk.err; j++)
			if ((a = wire_get_u32(&chk)) == 0 ||
			    a / 64 >= st->words)
				return -1;
	}
	if (!wire_rd_done(&chk))
		return -1;
	if (first) {
		om_forget_all(st);
		st->self = amb->self.id;
		free(st->iorder);
		st->iorder = NULL;
		st->n_iorder = 0;
	}
	/* sized once for the frame (no-op past the first frame's size) */
	(void)idmap_reserve(&st->by_handle, idmap_count(&st->by_handle) + n);
	(void)idmap_reserve(&st->by_name, idmap_count(&st->by_name) + n);
	for (i = 0; i < n; i++) {
		uint32_t h = wire_get_u32(rd), cls = wire_get_u32(rd);
		uint32_t known = wire_get_u32(rd);
		const char *name = wire_get_str(rd, WIRE_MAX_NAME);
		struct om_obj *o = obj_find(st, h);

		if (o)
			rti__om_obj_del(st, o);
		k = wire_get_u32(rd);
		if (!(o = obj_new(h, cls, known, name, st->words)))
			return -1;
		idmap_put(&st->by_handle, &o->hnode);
		idmap_put(&st->by_name, &o->nnode);
		for (j = 0; j < k; j++)
			bset_add(o->owned, wire_get_u32(rd));
	}
	return 0;
}

/* ---- lookups (support services: allowed during a save or restore) ---- */

RTI_API int
rti_get_object_instance_handle(rti_ambassador *amb, const char *name,
    rti_object_instance_handle *out)
{
	struct om_obj *o;

	RTI__MEMBER_OR_RETURN(amb);
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

	RTI__MEMBER_OR_RETURN(amb);
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

	RTI__MEMBER_OR_RETURN(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	o = obj_find(st_of(amb), obj.id);
	if (!o)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj.id);
	out->id = o->known;
	return RTI_OK;
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
	free(st->uobj);
	free(st->mom_cls[0]);
	free(st->mom_cls[1]);
	free(st->uset);
	free(st->binst);
	free(st->split);
	free(st->iorder);
	free(st->pvals);
	free(st->names);
	free(st->ahs);
	free(st->rsplit);
	free(st->bsplit);
	free(st->itrans);
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
	st->words = amb->attr_words;
	st->stamp = calloc(amb->fom->n_attrs + 1, sizeof *st->stamp);
	st->packing = RTI_PACKING_INSTANCE;
	st->any_be = rti__fom_best_effort(amb->fom);
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

/* The fom_grown event: the duplicate-attribute stamps cover the new
 * attributes (om_send.c sizes them by amb->fom->n_attrs). */
static int
om_fom_grown(rti_ambassador *amb, const struct rti__fom_sizes *was)
{
	struct om_state *st = amb->mod[RTI__MOD_OM];

	if (rti__fom_best_effort(amb->fom))
		st->any_be = 1;
	return wire_grow_table(&st->stamp, was->n_attrs, amb->fom->n_attrs,
	    sizeof *st->stamp);
}

static const struct rti__msg_out om_sends[] = {
	{ WIRE_OM_RELEASE_NAMES, RTI__REQUEST },
	{ WIRE_OM_REGISTER, RTI__REQUEST },
	{ WIRE_OM_REGISTER_COND, RTI__REQUEST },
	{ WIRE_OM_REQUEST_UPDATE, RTI__REQUEST },
	{ WIRE_OM_REQUEST_CLASS_UPDATE, RTI__REQUEST },
	{ WIRE_OM_CHANGE_ATTR_TRANSPORT, RTI__REQUEST },
	{ WIRE_OM_CHANGE_IC_TRANSPORT, RTI__REQUEST },
	{ WIRE_OM_QUERY_ATTR_TRANSPORT, RTI__REQUEST },
	{ WIRE_OM_QUERY_IC_TRANSPORT, RTI__REQUEST },
	{ WIRE_OM_RESERVE_NAMES, RTI__ONE_WAY },
	{ WIRE_OM_UPDATE, RTI__ONE_WAY },
	{ WIRE_OM_INTERACTION, RTI__ONE_WAY },
	{ WIRE_OM_DELETE, RTI__ONE_WAY },
	{ WIRE_MOM_STATS, RTI__ONE_WAY },
	{ WIRE_OM_LOCAL_DELETE, RTI__ONE_WAY },
	{ WIRE_DDM_INTERACTION, RTI__ONE_WAY },
	{ 0, 0 }
};

const struct rti__module rti__om_module = {
	.name = "OM",
	.callbacks = rti__om_callbacks,
	.sends = om_sends,
	.join = om_join,
	.leave = om_leave,
	.flush = om_flush,
	.unpublished = om_unpublished,
	.fom_grown = om_fom_grown,
};
