/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddm.c - the DDM services of librti that change what a federate
 * declares: subscription conditions, regions and their bounds,
 * subscriptions with regions, an instance's send condition and update
 * regions (the ddm_model of proto/ddmmodel.h, the same structures
 * rtiexec keeps), registration with a condition or regions, value
 * requests and interactions with regions, the server statistics, and the
 * module's hooks.  The replica of the others' subscriptions and the
 * filter built on it are ddm_filter.c's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddm_int.h"

/* ---- conditions ---- */

/* A subscription condition (`empty_ok` 0: may end in '/', a prefix) or an
 * instance's send condition (`empty_ok` 1: NULL or "" clears it). */
static int
check_cond(rti_ambassador *amb, const char *cond, int empty_ok)
{
	if (empty_ok)
		return !cond || !*cond ? RTI_OK :
		    rti__check_send_cond(amb, cond);
	return rti__check_cond(amb, cond, 1);
}

/* RTI_OK when `cls` is a class of `kind`, else the error. */
static int
cond_class_ok(rti_ambassador *amb, int kind, uint32_t cls)
{
	if (kind == KIND_OC && !fom_oclass(amb->fom, cls))
		return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls);
	if (kind == KIND_IC && !fom_iclass(amb->fom, cls))
		return rti__fail(amb, RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls);
	return RTI_OK;
}

static int
condition(rti_ambassador *amb, int kind, uint32_t cls, const char *cond,
    int add)
{
	struct wire_buf *b;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_cond(amb, cond, 0)) != RTI_OK)
		return rc;
	if ((rc = cond_class_ok(amb, kind, cls)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_DDM_CONDITION);
	wire_put_u8(b, (uint8_t)kind);
	wire_put_u32(b, cls);
	wire_put_u8(b, (uint8_t)add);
	wire_put_str(b, cond);
	return rti__req_finish(amb, NULL);
}

/* Replace the conditions of a subscription: all checked here first, then
 * one request, so the subscription is never unconditional in between. */
static int
conditions_set(rti_ambassador *amb, int kind, uint32_t cls,
    const char *const *conds, size_t n)
{
	struct wire_buf *b;
	size_t i;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if (n && !conds)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "conditions is NULL");
	if (n > 64)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 conditions on one subscription");
	for (i = 0; i < n; i++)
		if ((rc = check_cond(amb, conds[i], 0)) != RTI_OK)
			return rc;
	if ((rc = cond_class_ok(amb, kind, cls)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_DDM_CONDITIONS_SET);
	wire_put_u8(b, (uint8_t)kind);
	wire_put_u32(b, cls);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_str(b, conds[i]);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_set_subscription_conditions(rti_ambassador *amb,
    rti_object_class_handle cls, const char *const *conds, size_t n)
{
	return conditions_set(amb, KIND_OC, cls.id, conds, n);
}

RTI_API int
rti_set_interaction_subscription_conditions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const char *const *conds, size_t n)
{
	return conditions_set(amb, KIND_IC, cls.id, conds, n);
}

RTI_API int
rti_add_subscription_condition(rti_ambassador *amb,
    rti_object_class_handle cls, const char *cond)
{
	return condition(amb, KIND_OC, cls.id, cond, 1);
}

RTI_API int
rti_remove_subscription_condition(rti_ambassador *amb,
    rti_object_class_handle cls, const char *cond)
{
	return condition(amb, KIND_OC, cls.id, cond, 0);
}

RTI_API int
rti_add_interaction_subscription_condition(rti_ambassador *amb,
    rti_interaction_class_handle cls, const char *cond)
{
	return condition(amb, KIND_IC, cls.id, cond, 1);
}

RTI_API int
rti_remove_interaction_subscription_condition(rti_ambassador *amb,
    rti_interaction_class_handle cls, const char *cond)
{
	return condition(amb, KIND_IC, cls.id, cond, 0);
}

/* ---- regions ---- */

static int
dim_ok(rti_ambassador *amb, uint32_t d)
{
	return fom_dim(amb->fom, d) != NULL;
}

static uint64_t
dim_upper(rti_ambassador *amb, uint32_t d)
{
	const struct fom_dimension *fd = fom_dim(amb->fom, d);

	return fd && fd->upper_bound ? fd->upper_bound : UINT64_C(4294967295);
}

/* The region `h` of this federate, or NULL with the error set in *rc. */
static struct ddm_region *
own_region(rti_ambassador *amb, uint32_t h, int *rc)
{
	struct ddm_region *g = ddm_region_find(&st_of(amb)->mdl, h);

	if (g)
		return g;
	if (h >> 16 && h >> 16 != amb->self.id)
		*rc = rti__fail(amb,
		    RTI_ERR_REGION_NOT_CREATED_BY_THIS_FEDERATE,
		    "region %u was created by federate %u", h, h >> 16);
	else
		*rc = rti__fail(amb, RTI_ERR_INVALID_REGION,
		    "region %u does not exist", h);
	return NULL;
}

static int
region_send(rti_ambassador *amb, const struct ddm_region *g)
{
	struct wire_buf *b = rti__req_begin(amb, WIRE_DDM_REGION_SET);
	uint32_t i;

	wire_put_u32(b, g->handle);
	wire_put_u32(b, g->n);
	for (i = 0; i < g->n; i++) {
		wire_put_u32(b, g->r[i].dim);
		wire_put_u64(b, g->r[i].lo);
		wire_put_u64(b, g->r[i].hi);
	}
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_create_region(rti_ambassador *amb, const rti_dimension_handle *dims,
    size_t n, rti_region_handle *out)
{
	struct ddm_state *st;
	struct ddm_region *g;
	struct match_range *r;
	size_t i;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if (!out || (n && !dims) || n > 16)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "out or dims is NULL, or more than 16 dimensions");
	for (i = 0; i < n; i++)
		if (!dim_ok(amb, dims[i].id))
			return rti__fail(amb, RTI_ERR_INVALID_DIMENSION_HANDLE,
			    "dimension %u is not defined", dims[i].id);
	if (st->next_region >= 0xffff || amb->self.id > 0xffff)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "too many regions");
	if (!(r = calloc(n ? n : 1, sizeof *r)))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	for (i = 0; i < n; i++) {
		r[i].dim = dims[i].id;
		r[i].lo = 0;
		r[i].hi = dim_upper(amb, dims[i].id);
	}
	if (match_region_sort(r, (uint32_t)n) < 0) {
		free(r);
		return rti__fail(amb, RTI_ERR_INVALID_DIMENSION_HANDLE,
		    "a dimension is given twice");
	}
	g = ddm_region_set(&st->mdl, (amb->self.id << 16) |
	    (st->next_region + 1), r, (uint32_t)n);
	if (!g) {
		free(r);
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	st->next_region++;
	if ((rc = region_send(amb, g)) != RTI_OK) {
		ddm_region_del(&st->mdl, g);
		return rc;
	}
	out->id = g->handle;
	return RTI_OK;
}

static struct match_range *
region_dim(rti_ambassador *amb, struct ddm_region *g, uint32_t d, int *rc)
{
	uint32_t i;

	if (!dim_ok(amb, d)) {
		*rc = rti__fail(amb, RTI_ERR_INVALID_DIMENSION_HANDLE,
		    "dimension %u is not defined", d);
		return NULL;
	}
	for (i = 0; i < g->n; i++)
		if (g->r[i].dim == d)
			return &g->r[i];
	*rc = rti__fail(amb,
	    RTI_ERR_REGION_DOES_NOT_CONTAIN_SPECIFIED_DIMENSION,
	    "region %u has no dimension %u", g->handle, d);
	return NULL;
}

RTI_API int
rti_set_range_bounds(rti_ambassador *amb, rti_region_handle r,
    rti_dimension_handle dim, uint64_t lower, uint64_t upper)
{
	struct ddm_region *g;
	struct match_range *mr;
	int rc = RTI_OK;

	RTI__JOINED_OR_RETURN(amb);
	if (!(g = own_region(amb, r.id, &rc)) ||
	    !(mr = region_dim(amb, g, dim.id, &rc)))
		return rc;
	if (lower >= upper || upper > dim_upper(amb, dim.id))
		return rti__fail(amb, RTI_ERR_INVALID_RANGE_BOUND,
		    "range [%llu, %llu) on a dimension of upper bound %llu",
		    (unsigned long long)lower, (unsigned long long)upper,
		    (unsigned long long)dim_upper(amb, dim.id));
	mr->lo = lower;
	mr->hi = upper;
	return RTI_OK;
}

RTI_API int
rti_get_range_bounds(rti_ambassador *amb, rti_region_handle r,
    rti_dimension_handle dim, uint64_t *lower, uint64_t *upper)
{
	struct ddm_region *g;
	struct match_range *mr;
	int rc = RTI_OK;

	RTI__JOINED_OR_RETURN(amb);
	if (!lower || !upper)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "NULL output");
	if (!(g = own_region(amb, r.id, &rc)) ||
	    !(mr = region_dim(amb, g, dim.id, &rc)))
		return rc;
	*lower = mr->lo;
	*upper = mr->hi;
	return RTI_OK;
}

RTI_API int
rti_get_region_dimensions(rti_ambassador *amb, rti_region_handle r,
    rti_dimension_handle *out, size_t cap, size_t *n)
{
	struct ddm_region *g;
	uint32_t i;
	int rc = RTI_OK;

	RTI__JOINED_OR_RETURN(amb);
	if (!n || (cap && !out))
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "NULL output");
	if (!(g = own_region(amb, r.id, &rc)))
		return rc;
	for (i = 0; i < g->n && i < cap; i++)
		out[i].id = g->r[i].dim;
	*n = g->n;
	return RTI_OK;
}

RTI_API int
rti_commit_region_modifications(rti_ambassador *amb,
    const rti_region_handle *regions, size_t n)
{
	struct ddm_region *g;
	size_t i;
	int rc = RTI_OK;

	RTI__JOINED_OR_RETURN(amb);
	if (n && !regions)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "regions is NULL");
	for (i = 0; i < n; i++)
		if (!own_region(amb, regions[i].id, &rc))
			return rc;
	for (i = 0; i < n && rc == RTI_OK; i++) {
		g = ddm_region_find(&st_of(amb)->mdl, regions[i].id);
		rc = region_send(amb, g);
	}
	return rc;
}

static int
region_in_use(struct ddm_state *st, uint32_t h)
{
	uint32_t k, c, i;

	for (k = 0; k < 2; k++)
		for (c = 1; c <= st->n_cls[k]; c++)
			for (i = 0; i < st->n_sub_regions[k][c]; i++)
				if (st->sub_regions[k][c][i] == h)
					return 1;
	return ddm_assoc_uses(&st->mdl, h);
}

RTI_API int
rti_delete_region(rti_ambassador *amb, rti_region_handle r)
{
	struct ddm_state *st;
	struct ddm_region *g;
	struct wire_buf *b;
	int rc = RTI_OK;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if (!(g = own_region(amb, r.id, &rc)))
		return rc;
	if (region_in_use(st, r.id))
		return rti__fail(amb,
		    RTI_ERR_REGION_IN_USE_FOR_UPDATE_OR_SUBSCRIPTION,
		    "region %u is in use", r.id);
	b = rti__req_begin(amb, WIRE_DDM_REGION_DELETE);
	wire_put_u32(b, r.id);
	if ((rc = rti__req_finish(amb, NULL)) == RTI_OK)
		ddm_region_del(&st->mdl, g);
	return rc;
}

/* Check regions[0..m) for use in the context of `kind`/`cls` and the
 * dimensions `attrs` allow (object classes). */
static int
check_regions(rti_ambassador *amb, int kind, uint32_t cls,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m)
{
	size_t i, a;
	uint32_t k, d;
	int rc = RTI_OK;

	if (m && !regions)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "regions is NULL");
	if (m > 64)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 regions");
	for (i = 0; i < m; i++) {
		struct ddm_region *g = own_region(amb, regions[i].id, &rc);

		if (!g)
			return rc;
		for (k = 0; k < g->n; k++) {
			int ok = 1;

			if (kind == KIND_IC) {
				const struct fom_iclass *ic =
				    fom_iclass(amb->fom, cls);

				for (d = 0, ok = 0; d < ic->n_dims; d++)
					ok |= ic->dims[d] == g->r[k].dim;
			}
			for (a = 0; kind == KIND_OC && ok && a < n; a++) {
				const struct fom_attribute *fa =
				    fom_attr(amb->fom, attrs[a].id);

				for (d = 0, ok = 0; fa && d < fa->n_dims; d++)
					ok |= fa->dims[d] == g->r[k].dim;
			}
			if (!ok)
				return rti__fail(amb,
				    RTI_ERR_INVALID_REGION_CONTEXT,
				    "dimension %u of region %u is not "
				    "available there", g->r[k].dim,
				    g->handle);
		}
	}
	return RTI_OK;
}

static int
check_class_attrs(rti_ambassador *amb, int kind, uint32_t cls,
    const rti_attribute_handle *attrs, size_t n)
{
	size_t i;

	if (kind == KIND_IC)
		return fom_iclass(amb->fom, cls) ? RTI_OK : rti__fail(amb,
		    RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls);
	if (!fom_oclass(amb->fom, cls))
		return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls);
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
	return RTI_OK;
}

/* sub: 1 subscribe, 2 subscribe passively, 0 unsubscribe. */
static int
sub_regions(rti_ambassador *amb, int kind, uint32_t cls,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m, int sub)
{
	struct ddm_state *st;
	struct wire_buf *b;
	uint32_t *list, i, j, k;
	size_t x;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = check_class_attrs(amb, kind, cls, attrs, n)) != RTI_OK ||
	    (rc = check_regions(amb, kind, cls, attrs, sub ? n : 0, regions,
	    m)) != RTI_OK)
		return rc;
	if (sub && kind == KIND_OC && n == 0)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "empty attribute list");
	list = realloc(st->sub_regions[kind][cls],
	    (st->n_sub_regions[kind][cls] + m + 1) * sizeof *list);
	if (!list)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	st->sub_regions[kind][cls] = list;
	b = rti__req_begin(amb, sub ? WIRE_DDM_SUBSCRIBE :
	    WIRE_DDM_UNSUBSCRIBE);
	wire_put_u8(b, (uint8_t)kind);
	wire_put_u32(b, cls);
	if (sub) {
		wire_put_u8(b, sub == 1);
		wire_put_u32(b, (uint32_t)n);
		for (x = 0; x < n; x++)
			wire_put_u32(b, attrs[x].id);
	}
	wire_put_u32(b, (uint32_t)m);
	for (x = 0; x < m; x++)
		wire_put_u32(b, regions[x].id);
	if ((rc = rti__req_finish(amb, NULL)) != RTI_OK)
		return rc;
	for (x = 0; x < m; x++) {
		uint32_t h = regions[x].id;

		for (i = j = 0; i < st->n_sub_regions[kind][cls]; i++)
			if (list[i] != h)
				list[j++] = list[i];
		if (sub)
			list[j++] = h;
		st->n_sub_regions[kind][cls] = j;
	}
	(void)k;
	return RTI_OK;
}

RTI_API int
rti_subscribe_object_class_attributes_with_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m)
{
	return sub_regions(amb, KIND_OC, cls.id, attrs, n, regions, m, 1);
}

RTI_API int
rti_unsubscribe_object_class_attributes_with_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_region_handle *regions,
    size_t m)
{
	return sub_regions(amb, KIND_OC, cls.id, NULL, 0, regions, m, 0);
}

RTI_API int
rti_subscribe_interaction_class_with_regions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const rti_region_handle *regions,
    size_t m)
{
	return sub_regions(amb, KIND_IC, cls.id, NULL, 0, regions, m, 1);
}

RTI_API int
rti_unsubscribe_interaction_class_with_regions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const rti_region_handle *regions,
    size_t m)
{
	return sub_regions(amb, KIND_IC, cls.id, NULL, 0, regions, m, 0);
}

RTI_API int
rti_subscribe_object_class_attributes_passively_with_regions(
    rti_ambassador *amb, rti_object_class_handle cls,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m)
{
	return sub_regions(amb, KIND_OC, cls.id, attrs, n, regions, m, 2);
}

RTI_API int
rti_subscribe_interaction_class_passively_with_regions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const rti_region_handle *regions,
    size_t m)
{
	return sub_regions(amb, KIND_IC, cls.id, NULL, 0, regions, m, 2);
}

/* ---- instances ---- */

/*
 * Send the new send extent of instance `obj`: associations `as[0..n)`
 * (taken on success) and, with `set_cond`, condition `cond` (else `cond`
 * is the one known, kept); on success it replaces the local one.  RTI_OK
 * or the error.
 */
/* Record what rtiexec accepted for instance `obj`: its associations
 * as[0..n) (taken) and, with `set_cond`, its condition `cond`. */
static int
inst_record(rti_ambassador *amb, uint32_t obj, int set_cond,
    const char *cond, struct ddm_assoc *as, uint32_t n)
{
	if (!ddm_inst_set(&st_of(amb)->mdl, obj, cond, as, n) ||
	    (set_cond && rti__om_set_condition(amb, obj, cond) != RTI_OK))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	return RTI_OK;
}

static int
inst_commit(rti_ambassador *amb, uint32_t obj, int set_cond,
    const char *cond, struct ddm_assoc *as, uint32_t n)
{
	struct ddm_state *st = st_of(amb);
	struct wire_buf *b;
	uint32_t i;
	int rc;

	b = rti__req_begin(amb, WIRE_DDM_INSTANCE);
	wire_put_u32(b, obj);
	wire_put_u8(b, (uint8_t)set_cond);
	wire_put_str(b, set_cond && cond ? cond : "");
	wire_put_u32(b, n);
	for (i = 0; i < n; i++) {
		wire_put_u32(b, as[i].region);
		bset_put(b, as[i].attrs, st->words);
	}
	if ((rc = rti__req_finish(amb, NULL)) != RTI_OK)
		return rc;
	return inst_record(amb, obj, set_cond, cond, as, n);
}

/*
 * WIRE_DDM_CB_INSTANCE_CONDITION: u32 obj, str cond.  The send condition
 * of a known instance, set by a federate that owns some of it: after its
 * discovery and at every change.  Kept beside this federate's own update
 * regions of it, for the source-side filter (which so matches its
 * updates with the instance's condition whoever set it), and by OM for
 * its reflections.  An instance no longer known is ignored.
 */
int
rti__ddm_cb_condition(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct ddm_state *st = st_of(amb);
	uint32_t obj = wire_get_u32(rd);
	const char *cond = wire_get_str(rd, MATCH_MAX_COND);
	struct ddm_inst *in;
	int rc;

	(void)type;
	if (!st || !wire_rd_done(rd))
		return -1;
	rc = rti__om_set_condition(amb, obj, cond);
	if (rc == RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN)
		return 0;
	if (rc != RTI_OK)
		return -1;
	in = ddm_inst_find(&st->mdl, obj);
	if (!*cond && (!in || !in->n_assoc)) {
		ddm_inst_del(&st->mdl, obj);
		return 0;
	}
	if (!ddm_inst_set(&st->mdl, obj, cond, in ? in->assoc : NULL,
	    in ? in->n_assoc : 0))
		return -1;
	return 0;
}

static int
known_obj(rti_ambassador *amb, uint32_t obj, uint32_t *cls)
{
	rti_object_instance_handle o;
	rti_object_class_handle c;

	o.id = obj;
	if (rti_get_known_object_class_handle(amb, o, &c) != RTI_OK)
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj);
	*cls = c.id;
	return RTI_OK;
}

RTI_API int
rti_set_object_instance_condition(rti_ambassador *amb,
    rti_object_instance_handle obj, const char *cond)
{
	struct ddm_state *st;
	struct ddm_assoc *as;
	uint32_t cls = 0, n;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = check_cond(amb, cond, 1)) != RTI_OK ||
	    (rc = known_obj(amb, obj.id, &cls)) != RTI_OK)
		return rc;
	as = ddm_assoc_copy(&st->mdl, ddm_inst_find(&st->mdl, obj.id), 0, &n);
	if (!as)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	if ((rc = inst_commit(amb, obj.id, 1, cond, as, n)) != RTI_OK)
		ddm_assoc_free(as, n);
	return rc;
}

RTI_API int
rti_register_object_instance_with_condition(rti_ambassador *amb,
    rti_object_class_handle cls, const char *name, const char *cond,
    rti_object_instance_handle *out)
{
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_cond(amb, cond, 1)) != RTI_OK)
		return rc;
	if (!cond || !*cond)
		return name ? rti_register_object_instance_with_name(amb, cls,
		    name, out) : rti_register_object_instance(amb, cls, out);
	/* one request: the instance and its condition together */
	if ((rc = rti__om_register(amb, cls, name, cond, out)) != RTI_OK)
		return rc;
	return inst_record(amb, out->id, 1, cond, NULL, 0);
}

static int
associate(rti_ambassador *amb, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m, int add)
{
	struct ddm_state *st;
	struct ddm_inst *in;
	struct ddm_assoc *as;
	uint32_t cls = 0, k, i, j;
	size_t x, y;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = known_obj(amb, obj.id, &cls)) != RTI_OK ||
	    (rc = check_class_attrs(amb, KIND_OC, cls, attrs, n)) != RTI_OK ||
	    (rc = check_regions(amb, KIND_OC, cls, attrs, add ? n : 0,
	    regions, m)) != RTI_OK)
		return rc;
	in = ddm_inst_find(&st->mdl, obj.id);
	as = ddm_assoc_copy(&st->mdl, in, m, &k);
	if (!as)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	for (y = 0; y < m; y++) {
		for (i = 0; i < k && as[i].region != regions[y].id; i++)
			;
		if (i == k) {
			if (!add)
				continue;
			as[k].region = regions[y].id;
			as[k].attrs = calloc(st->words, sizeof *as[k].attrs);
			if (!as[k].attrs) {
				ddm_assoc_free(as, k);
				return rti__fail(amb, RTI_ERR_NO_MEMORY,
				    "out of memory");
			}
			k++;
		}
		for (x = 0; x < n; x++) {
			if (add)
				bset_add(as[i].attrs, attrs[x].id);
			else
				bset_del(as[i].attrs, attrs[x].id);
		}
	}
	for (i = j = 0; i < k; i++) {
		if (bset_empty(as[i].attrs, st->words)) {
			free(as[i].attrs);
			continue;
		}
		as[j++] = as[i];
	}
	if ((rc = inst_commit(amb, obj.id, 0, in ? in->cond : NULL, as, j)) !=
	    RTI_OK)
		ddm_assoc_free(as, j);
	return rc;
}

RTI_API int
rti_associate_regions_for_updates(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m)
{
	return associate(amb, obj, attrs, n, regions, m, 1);
}

RTI_API int
rti_unassociate_regions_for_updates(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m)
{
	return associate(amb, obj, attrs, n, regions, m, 0);
}

RTI_API int
rti_register_object_instance_with_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m,
    rti_object_instance_handle *out)
{
	return rti_register_object_instance_with_name_and_regions(amb, cls,
	    NULL, attrs, n, regions, m, out);
}

RTI_API int
rti_register_object_instance_with_name_and_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const char *name,
    const rti_attribute_handle *attrs, size_t n,
    const rti_region_handle *regions, size_t m,
    rti_object_instance_handle *out)
{
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_class_attrs(amb, KIND_OC, cls.id, attrs, n)) !=
	    RTI_OK || (rc = check_regions(amb, KIND_OC, cls.id, attrs, n,
	    regions, m)) != RTI_OK)
		return rc;
	rc = name ? rti_register_object_instance_with_name(amb, cls, name,
	    out) : rti_register_object_instance(amb, cls, out);
	if (rc != RTI_OK)
		return rc;
	return associate(amb, *out, attrs, n, regions, m, 1);
}

RTI_API int
rti_request_attribute_value_update_with_regions(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n, const rti_region_handle *regions, size_t m, const void *tag,
    size_t tag_len)
{
	int rc;
	struct wire_buf *b;
	size_t i;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK)
		return rc;
	if ((rc = check_class_attrs(amb, KIND_OC, cls.id, attrs, n)) !=
	    RTI_OK || (rc = check_regions(amb, KIND_OC, cls.id, attrs, n,
	    regions, m)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_DDM_REQUEST_UPDATE);
	wire_put_u32(b, cls.id);
	wire_put_blob(b, tag, tag_len);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_u32(b, attrs[i].id);
	wire_put_u32(b, (uint32_t)m);
	for (i = 0; i < m; i++)
		wire_put_u32(b, regions[i].id);
	return rti__req_finish(amb, NULL);
}

/* The regions are checked here, the rest by OM, in the order of
 * rti_send_interaction: a joined federate, the tag, the regions, then the
 * class and the values. */
static int
send_with_regions(rti_ambassador *amb, rti_interaction_class_handle cls,
    const struct rti_parameter_value *values, size_t n,
    const rti_region_handle *regions, size_t m, const void *tag,
    size_t tag_len, const rti_time *t, rti_message_retraction_handle *out)
{
	int rc;

	if (amb && m > 64)
		return rti__fail(amb, RTI_ERR_LIMIT_EXCEEDED,
		    "more than 64 regions");
	if (amb && m && !regions)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "regions is NULL");
	RTI__JOINED_OR_RETURN(amb);
	if ((rc = rti__check_tag(amb, tag, tag_len)) != RTI_OK)
		return rc;
	if (m && ((rc = check_class_attrs(amb, KIND_IC, cls.id, NULL, 0)) !=
	    RTI_OK || (rc = check_regions(amb, KIND_IC, cls.id, NULL, 0,
	    regions, m)) != RTI_OK))
		return rc;
	return rti__om_interaction(amb, cls, values, n, tag, tag_len, t,
	    out, NULL, regions, m);
}

RTI_API int
rti_send_interaction_with_regions(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const rti_region_handle *regions, size_t m, const void *tag,
    size_t tag_len)
{
	return send_with_regions(amb, cls, values, n, regions, m, tag,
	    tag_len, NULL, NULL);
}

RTI_API int
rti_send_interaction_with_regions_at(rti_ambassador *amb,
    rti_interaction_class_handle cls, const struct rti_parameter_value *values,
    size_t n, const rti_region_handle *regions, size_t m, const void *tag,
    size_t tag_len, rti_time t, rti_message_retraction_handle *out)
{
	return send_with_regions(amb, cls, values, n, regions, m, tag,
	    tag_len, &t, out);
}

/* ---- statistics ---- */

RTI_API int
rti_query_server_statistics(rti_ambassador *amb,
    struct rti_server_statistics *out)
{
	struct wire_rd rd;
	int rc;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if ((rc = rti__check_connected(amb)) != RTI_OK)
		return rc;
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	(void)rti__req_begin(amb, WIRE_DDM_STATS);
	if ((rc = rti__req_finish(amb, &rd)) != RTI_OK)
		return rc;
	out->routed = wire_get_u64(&rd);
	out->filtered = wire_get_u64(&rd);
	out->frames_in = wire_get_u64(&rd);
	out->frames_out = wire_get_u64(&rd);
	out->bytes_in = wire_get_u64(&rd);
	out->bytes_out = wire_get_u64(&rd);
	out->slow_consumers_dropped = wire_get_u64(&rd);
	if (!wire_rd_done(&rd))
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR, "bad reply");
	return RTI_OK;
}

/* ---- restore ---- */

/* Read an ASET into a new bitset of `words` words.  NULL when malformed
 * or on ENOMEM. */
static uint64_t *
aset_read(rti_ambassador *amb, struct wire_rd *rd, size_t words)
{
	uint32_t n = wire_get_count(rd, 4), i, a;
	uint64_t *s;

	if (rd->err || !(s = calloc(words, sizeof *s)))
		return NULL;
	for (i = 0; i < n; i++) {
		a = wire_get_u32(rd);
		if (rd->err || !fom_attr(amb->fom, a) || a / 64 >= words) {
			free(s);
			return NULL;
		}
		bset_add(s, a);
	}
	return s;
}

/*
 * The body of WIRE_CB_RESTORE_DDM after its sequence number: this
 * federate's regions, the update regions it gave, and its subscription
 * regions, replacing its own.  Built apart and swapped in whole: 0, or
 * -1 (malformed, ENOMEM) with nothing changed.  The send conditions of
 * the instances follow with OM's restore.
 */
int
rti__ddm_restore_own(rti_ambassador *amb, struct wire_rd *rd)
{
	struct ddm_state *st = st_of(amb);
	struct ddm_model m;
	uint32_t **lists[2] = { NULL, NULL }, *cnt[2] = { NULL, NULL };
	uint32_t n, i, j, k, top = 0;
	int kind, rc = -1;

	if (ddm_model_init(&m, st->words) < 0)
		return -1;
	for (kind = 0; kind < 2; kind++) {
		lists[kind] = calloc(st->n_cls[kind] + 1, sizeof **lists);
		cnt[kind] = calloc(st->n_cls[kind] + 1, sizeof **cnt);
		if (!lists[kind] || !cnt[kind])
			goto out;
	}
	n = wire_get_count(rd, 8);
	for (i = 0; i < n; i++) {
		uint32_t h = wire_get_u32(rd), nr = wire_get_count(rd, 20);
		struct match_range *r;

		if (rd->err || nr > 16 || (h & 0xffff) == 0 ||
		    ddm_region_find(&m, h) ||
		    !(r = calloc(nr ? nr : 1, sizeof *r)))
			goto out;
		for (j = 0; j < nr; j++) {
			r[j].dim = wire_get_u32(rd);
			r[j].lo = wire_get_u64(rd);
			r[j].hi = wire_get_u64(rd);
			if (rd->err || !dim_ok(amb, r[j].dim))
				break;
		}
		if (j < nr || match_region_sort(r, nr) < 0 ||
		    !ddm_region_set(&m, h, r, nr)) {
			free(r);
			goto out;
		}
		if ((h & 0xffff) > top)
			top = h & 0xffff;
	}
	n = wire_get_count(rd, 8);
	for (i = 0; i < n; i++) {
		uint32_t obj = wire_get_u32(rd), na = wire_get_count(rd, 8);
		struct ddm_assoc *as;

		if (rd->err || !obj || ddm_inst_find(&m, obj) ||
		    !(as = calloc(na ? na : 1, sizeof *as)))
			goto out;
		for (j = 0; j < na; j++) {
			as[j].region = wire_get_u32(rd);
			if (!ddm_region_find(&m, as[j].region) ||
			    !(as[j].attrs = aset_read(amb, rd, st->words)))
				break;
		}
		if (j < na || !ddm_inst_set(&m, obj, NULL, as, na)) {
			ddm_assoc_free(as, na);
			goto out;
		}
	}
	n = wire_get_count(rd, 9);
	for (i = 0; i < n; i++) {
		uint8_t kd = wire_get_u8(rd);
		uint32_t cls = wire_get_u32(rd), nr = wire_get_count(rd, 4);

		if (rd->err || kd > KIND_IC || cls == 0 ||
		    cls > st->n_cls[kd] || lists[kd][cls] ||
		    !(lists[kd][cls] = calloc(nr + 1, sizeof ***lists)))
			goto out;
		for (j = 0; j < nr; j++)
			lists[kd][cls][j] = wire_get_u32(rd);
		cnt[kd][cls] = nr;
	}
	if (!wire_rd_done(rd))
		goto out;
	/* swap in */
	ddm_model_fini(&st->mdl);
	st->mdl = m;
	memset(&m, 0, sizeof m);
	for (kind = 0; kind < 2; kind++) {
		for (k = 0; k <= st->n_cls[kind]; k++)
			free(st->sub_regions[kind][k]);
		free(st->sub_regions[kind]);
		free(st->n_sub_regions[kind]);
		st->sub_regions[kind] = lists[kind];
		st->n_sub_regions[kind] = cnt[kind];
		lists[kind] = NULL;
		cnt[kind] = NULL;
	}
	st->next_region = top;
	st->memo_valid = 0;
	rc = 0;
out:
	if (rc)
		ddm_model_fini(&m);
	for (kind = 0; kind < 2; kind++) {
		for (k = 0; lists[kind] && k <= st->n_cls[kind]; k++)
			free(lists[kind][k]);
		free(lists[kind]);
		free(cnt[kind]);
	}
	return rc;
}

/* ---- module hooks ---- */

static void
ddm_leave(rti_ambassador *amb)
{
	struct ddm_state *st = st_of(amb);
	uint32_t k, c;

	if (!st)
		return;
	rti__ddm_replica_fini(st);
	for (k = 0; k < 2; k++) {
		for (c = 0; c <= st->n_cls[k]; c++) {
			if (st->set[k])
				match_set_free(st->set[k][c]);
			if (st->sub_regions[k])
				free(st->sub_regions[k][c]);
		}
		free(st->set[k]);
		free(st->sub_regions[k]);
		free(st->n_sub_regions[k]);
	}
	ddm_model_fini(&st->mdl);
	free(st->ids);
	free(st);
	amb->mod[RTI__MOD_DDM] = NULL;
}

static int
ddm_join(rti_ambassador *amb)
{
	struct ddm_state *st = calloc(1, sizeof *st);
	int k;

	if (!st)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	amb->mod[RTI__MOD_DDM] = st;
	st->n_cls[KIND_OC] = amb->fom->n_oclasses;
	st->n_cls[KIND_IC] = amb->fom->n_iclasses;
	st->words = amb->attr_words;
	if (rti__ddm_replica_init(st) < 0 ||
	    ddm_model_init(&st->mdl, st->words) < 0) {
		ddm_leave(amb);
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	for (k = 0; k < 2; k++) {
		st->set[k] = calloc(st->n_cls[k] + 1, sizeof *st->set[k]);
		st->sub_regions[k] = calloc(st->n_cls[k] + 1,
		    sizeof *st->sub_regions[k]);
		st->n_sub_regions[k] = calloc(st->n_cls[k] + 1,
		    sizeof *st->n_sub_regions[k]);
		if (!st->set[k] || !st->sub_regions[k] ||
		    !st->n_sub_regions[k]) {
			ddm_leave(amb);
			return rti__fail(amb, RTI_ERR_NO_MEMORY,
			    "out of memory");
		}
	}
	return RTI_OK;
}

/* The fom_grown event: the match sets and subscribed regions of the new
 * classes, empty (the replica and filters check classes against
 * n_cls). */
static int
ddm_fom_grown(rti_ambassador *amb, const struct rti__fom_sizes *was)
{
	struct ddm_state *st = amb->mod[RTI__MOD_DDM];
	uint32_t n[2];
	int k;

	(void)was;
	n[KIND_OC] = amb->fom->n_oclasses;
	n[KIND_IC] = amb->fom->n_iclasses;
	for (k = 0; k < 2; k++)
		if (wire_grow_table(&st->set[k], st->n_cls[k], n[k],
		    sizeof *st->set[k]) ||
		    wire_grow_table(&st->sub_regions[k], st->n_cls[k], n[k],
		    sizeof *st->sub_regions[k]) ||
		    wire_grow_table(&st->n_sub_regions[k], st->n_cls[k], n[k],
		    sizeof *st->n_sub_regions[k]))
			return -1;
	st->n_cls[KIND_OC] = n[KIND_OC];
	st->n_cls[KIND_IC] = n[KIND_IC];
	return 0;
}

static const struct rti__msg_out ddm_sends[] = {
	{ WIRE_DDM_REGION_SET, RTI__REQUEST },
	{ WIRE_DDM_REGION_DELETE, RTI__REQUEST },
	{ WIRE_DDM_SUBSCRIBE, RTI__REQUEST },
	{ WIRE_DDM_UNSUBSCRIBE, RTI__REQUEST },
	{ WIRE_DDM_CONDITION, RTI__REQUEST },
	{ WIRE_DDM_CONDITIONS_SET, RTI__REQUEST },
	{ WIRE_DDM_INSTANCE, RTI__REQUEST },
	{ WIRE_DDM_STATS, RTI__REQUEST },
	{ WIRE_DDM_REQUEST_UPDATE, RTI__REQUEST },
	{ WIRE_DDM_ACK, RTI__ONE_WAY },
	{ WIRE_SOURCE_STATS, RTI__ONE_WAY },
	{ 0, 0 }
};

const struct rti__module rti__ddm_module = {
	.name = "DDM",
	.callbacks = rti__ddm_callbacks,
	.sends = ddm_sends,
	.join = ddm_join,
	.leave = ddm_leave,
	.flush = rti__ddm_flush,
	.evoke = rti__ddm_report,
	.send_update = rti__ddm_send_update,
	.send_bundle = rti__ddm_send_bundle,
	.send_interaction = rti__ddm_send_interaction,
	.received = rti__ddm_received,
	.fom_grown = ddm_fom_grown,
};
