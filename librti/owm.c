/* SPDX-License-Identifier: Apache-2.0 */
/*
 * owm.c - ownership management services and callbacks of librti.
 *
 * rtiexec decides every transfer; this side validates calls against what
 * it knows for sure (the instances it knows, the attributes it owns and
 * publishes, the divestitures it started) and keeps OM's owned sets in
 * step: an attribute stops being owned when a divesting call succeeds and
 * becomes owned when its acquisition notification is delivered, so
 * updates are refused locally exactly when rtiexec would refuse them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "librti_int.h"

#define PRIVILEGE_TO_DELETE 1 /* HLAprivilegeToDeleteObject (fom.h) */

/* An attribute under a negotiated divestiture this federate started. */
struct owm_div {
	uint32_t obj;
	uint32_t attr;
};

struct owm_state {
	struct owm_div *div;
	size_t n_div, cap_div;
	rti_attribute_handle *ahs;    /* callback scratch */
	size_t cap_ahs;
};

enum need {
	NEED_NOTHING = 0,
	NEED_OWNED,               /* owner-side services */
	NEED_NOT_OWNED,           /* cancel acquisition */
	NEED_PUBLISHED            /* acquisitions */
};

static struct owm_state *
st_of(rti_ambassador *amb)
{
	return amb->mod[RTI__MOD_OWM];
}

static int
div_has(struct owm_state *st, uint32_t obj, uint32_t attr)
{
	size_t i;

	for (i = 0; i < st->n_div; i++)
		if (st->div[i].obj == obj && st->div[i].attr == attr)
			return 1;
	return 0;
}

static void
div_del(struct owm_state *st, uint32_t obj, uint32_t attr)
{
	size_t i;

	for (i = 0; i < st->n_div; i++)
		if (st->div[i].obj == obj && st->div[i].attr == attr) {
			st->div[i] = st->div[--st->n_div];
			return;
		}
}

/* This federate gave up `attr` of `obj` (a divesting call succeeded). */
static void
lost(rti_ambassador *amb, uint32_t obj, uint32_t attr)
{
	(void)rti__om_set_owned(amb, obj, attr, 0);
	div_del(st_of(amb), obj, attr);
}

static int
check_tag(rti_ambassador *amb, const void *tag, size_t tag_len)
{
	if ((tag_len && !tag) || tag_len > WIRE_MAX_TAG)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "bad tag (NULL with a length, or above %u bytes)",
		    WIRE_MAX_TAG);
	return RTI_OK;
}

/*
 * Validate an instance and attribute set for a service, with what the
 * service needs of each attribute.  RTI_OK or the error (message set).
 */
static int
check_set(rti_ambassador *amb, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, enum need need)
{
	rti_object_class_handle kc = RTI_HANDLE_INITIALIZER;
	const uint64_t *pub = NULL;
	const char *name = "?";
	size_t i, j;
	uint32_t a;
	int rc;

	if (n && !attrs)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "attrs is NULL");
	if ((rc = rti_get_known_object_class_handle(amb, obj, &kc)) !=
	    RTI_OK)
		return rc;
	(void)rti_get_object_instance_name(amb, obj, &name);
	if (need == NEED_PUBLISHED &&
	    !(pub = rti__dm_published(amb, kc.id)))
		return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_PUBLISHED,
		    "object class %s is not published",
		    fom_oclass(amb->fom, kc.id)->qname);
	for (i = 0; i < n; i++) {
		a = attrs[i].id;
		if (!fom_oclass_has_attr(amb->fom, kc.id, a))
			return rti__fail(amb, RTI_ERR_ATTRIBUTE_NOT_DEFINED,
			    "attribute %u is not an attribute of %s", a,
			    fom_oclass(amb->fom, kc.id)->qname);
		/* bounded: at most the class's attributes pass */
		for (j = 0; j < i; j++)
			if (attrs[j].id == a)
				return rti__fail(amb,
				    RTI_ERR_INVALID_ARGUMENT,
				    "attribute %u given twice", a);
		switch (need) {
		case NEED_OWNED:
			if (!rti__om_owns(amb, obj.id, a))
				return rti__fail(amb,
				    RTI_ERR_ATTRIBUTE_NOT_OWNED,
				    "attribute %u of instance %s is not owned "
				    "by this federate", a, name);
			break;
		case NEED_NOT_OWNED:
			if (rti__om_owns(amb, obj.id, a))
				return rti__fail(amb,
				    RTI_ERR_ATTRIBUTE_ALREADY_OWNED,
				    "attribute %u of instance %s is already "
				    "owned by this federate", a, name);
			break;
		case NEED_PUBLISHED:
			if (a != PRIVILEGE_TO_DELETE &&
			    !bset_has(pub, rti__dm_words(amb), a))
				return rti__fail(amb,
				    RTI_ERR_ATTRIBUTE_NOT_PUBLISHED,
				    "attribute %u of %s is not published", a,
				    fom_oclass(amb->fom, kc.id)->qname);
			if (rti__om_owns(amb, obj.id, a))
				return rti__fail(amb,
				    RTI_ERR_FEDERATE_OWNS_ATTRIBUTES,
				    "this federate owns attribute %u of "
				    "instance %s", a, name);
			break;
		case NEED_NOTHING:
			break;
		}
	}
	return RTI_OK;
}

/* Send an ASET request; `body` (optional) reads the reply. */
static int
send_set(rti_ambassador *amb, uint16_t type, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len, struct wire_rd *body)
{
	struct wire_buf *b = rti__req_begin(amb, type);
	size_t i;

	wire_put_u32(b, obj.id);
	wire_put_blob(b, tag, tag_len);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_u32(b, attrs[i].id);
	return rti__req_finish(amb, body);
}

RTI_API int
rti_unconditional_attribute_ownership_divestiture(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n)
{
	size_t i;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_set(amb, obj, attrs, n, NEED_OWNED)) != RTI_OK ||
	    (rc = send_set(amb, WIRE_OWM_DIVEST, obj, attrs, n, NULL, 0,
	    NULL)) != RTI_OK)
		return rc;
	for (i = 0; i < n; i++)
		lost(amb, obj.id, attrs[i].id);
	return RTI_OK;
}

RTI_API int
rti_negotiated_attribute_ownership_divestiture(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const void *tag, size_t tag_len)
{
	struct owm_state *st;
	size_t i;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = check_tag(amb, tag, tag_len)) != RTI_OK ||
	    (rc = check_set(amb, obj, attrs, n, NEED_OWNED)) != RTI_OK)
		return rc;
	for (i = 0; i < n; i++)
		if (div_has(st, obj.id, attrs[i].id))
			return rti__fail(amb,
			    RTI_ERR_ATTRIBUTE_ALREADY_BEING_DIVESTED,
			    "attribute %u is already being divested",
			    attrs[i].id);
	if (wire_grow((void **)&st->div, &st->cap_div, st->n_div + n,
	    sizeof *st->div))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	rc = send_set(amb, WIRE_OWM_NEGOTIATE, obj, attrs, n, tag, tag_len,
	    NULL);
	if (rc != RTI_OK)
		return rc;
	for (i = 0; i < n; i++) {
		st->div[st->n_div].obj = obj.id;
		st->div[st->n_div].attr = attrs[i].id;
		st->n_div++;
	}
	return RTI_OK;
}

/* Confirm or cancel a negotiated divestiture. */
static int
end_divestiture(rti_ambassador *amb, uint16_t type,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const void *tag, size_t tag_len)
{
	struct owm_state *st;
	size_t i;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = check_tag(amb, tag, tag_len)) != RTI_OK ||
	    (rc = check_set(amb, obj, attrs, n, NEED_OWNED)) != RTI_OK)
		return rc;
	for (i = 0; i < n; i++)
		if (!div_has(st, obj.id, attrs[i].id))
			return rti__fail(amb,
			    RTI_ERR_ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED,
			    "divestiture of attribute %u was not requested",
			    attrs[i].id);
	if ((rc = send_set(amb, type, obj, attrs, n, tag, tag_len, NULL)) !=
	    RTI_OK)
		return rc;
	for (i = 0; i < n; i++)
		if (type == WIRE_OWM_CONFIRM)
			lost(amb, obj.id, attrs[i].id);
		else
			div_del(st, obj.id, attrs[i].id);
	return RTI_OK;
}

RTI_API int
rti_confirm_divestiture(rti_ambassador *amb, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len)
{
	return end_divestiture(amb, WIRE_OWM_CONFIRM, obj, attrs, n, tag,
	    tag_len);
}

RTI_API int
rti_cancel_negotiated_attribute_ownership_divestiture(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n)
{
	return end_divestiture(amb, WIRE_OWM_CANCEL_DIVEST, obj, attrs, n,
	    NULL, 0);
}

RTI_API int
rti_attribute_ownership_divestiture_if_wanted(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, rti_attribute_handle *divested, size_t *n_divested)
{
	struct wire_rd body;
	uint32_t m, i, a, j;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if (!n_divested || (n && !divested))
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "divested or n_divested is NULL");
	if ((rc = check_set(amb, obj, attrs, n, NEED_OWNED)) != RTI_OK ||
	    (rc = send_set(amb, WIRE_OWM_IF_WANTED, obj, attrs, n, NULL, 0,
	    &body)) != RTI_OK)
		return rc;
	m = wire_get_count(&body, 4);
	if (body.err || m > n) {
		rti__lose(amb, "malformed divestiture-if-wanted reply");
		return rti__fail(amb, RTI_ERR_CONNECTION_LOST,
		    "malformed divestiture-if-wanted reply");
	}
	*n_divested = 0;
	for (i = 0; i < m; i++) {
		a = wire_get_u32(&body);
		for (j = 0; j < n && attrs[j].id != a; j++)
			;
		if (j == n)
			continue; /* not asked for: ignored */
		lost(amb, obj.id, a);
		divested[(*n_divested)++].id = a;
	}
	return RTI_OK;
}

RTI_API int
rti_attribute_ownership_release_denied(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n)
{
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_set(amb, obj, attrs, n, NEED_OWNED)) != RTI_OK)
		return rc;
	return send_set(amb, WIRE_OWM_DENY, obj, attrs, n, NULL, 0, NULL);
}

RTI_API int
rti_attribute_ownership_acquisition(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, const void *tag, size_t tag_len)
{
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_tag(amb, tag, tag_len)) != RTI_OK ||
	    (rc = check_set(amb, obj, attrs, n, NEED_PUBLISHED)) != RTI_OK)
		return rc;
	return send_set(amb, WIRE_OWM_ACQUIRE, obj, attrs, n, tag, tag_len,
	    NULL);
}

RTI_API int
rti_attribute_ownership_acquisition_if_available(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n)
{
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_set(amb, obj, attrs, n, NEED_PUBLISHED)) != RTI_OK)
		return rc;
	return send_set(amb, WIRE_OWM_ACQUIRE_IF, obj, attrs, n, NULL, 0,
	    NULL);
}

RTI_API int
rti_cancel_attribute_ownership_acquisition(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n)
{
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_set(amb, obj, attrs, n, NEED_NOT_OWNED)) != RTI_OK)
		return rc;
	return send_set(amb, WIRE_OWM_CANCEL_ACQUIRE, obj, attrs, n, NULL, 0,
	    NULL);
}

RTI_API int
rti_query_attribute_ownership(rti_ambassador *amb,
    rti_object_instance_handle obj, rti_attribute_handle attr)
{
	struct wire_buf *b;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_set(amb, obj, &attr, 1, NEED_NOTHING)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_OWM_QUERY);
	wire_put_u32(b, obj.id);
	wire_put_u32(b, attr.id);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_is_attribute_owned_by_federate(rti_ambassador *amb,
    rti_object_instance_handle obj, rti_attribute_handle attr, int *out)
{
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	if ((rc = check_set(amb, obj, &attr, 1, NEED_NOTHING)) != RTI_OK)
		return rc;
	*out = rti__om_owns(amb, obj.id, attr.id);
	return RTI_OK;
}

/* ---- callbacks ---- */

/* "ASET" callbacks (wire.h). */
static int
cb_set(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct owm_state *st = st_of(amb);
	const struct rti_callbacks *cb = &amb->cb;
	void (*cancelled)(void *, rti_object_instance_handle,
	    const rti_attribute_handle *, size_t);
	rti_object_instance_handle obj;
	const void *tag;
	uint32_t tag_len, n, i;

	if (!st)
		return -1;
	obj.id = wire_get_u32(rd);
	tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);
	if (rti__get_attrs(rd, &st->ahs, &st->cap_ahs, &n) < 0)
		return -1;
	switch (type) {
	case WIRE_OWM_CB_ACQUIRED:
		for (i = 0; i < n; i++) {
			if (rti__om_set_owned(amb, obj.id, st->ahs[i].id, 1) ==
			    RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN)
				return 0; /* deleted locally meanwhile */
			div_del(st, obj.id, st->ahs[i].id);
		}
		if (cb->attribute_ownership_acquisition_notification)
			cb->attribute_ownership_acquisition_notification(
			    amb->arg, obj, st->ahs, n, tag, tag_len);
		break;
	case WIRE_OWM_CB_ASSUME:
		if (cb->request_attribute_ownership_assumption)
			cb->request_attribute_ownership_assumption(amb->arg,
			    obj, st->ahs, n, tag, tag_len);
		break;
	case WIRE_OWM_CB_CONFIRM:
		if (cb->request_divestiture_confirmation)
			cb->request_divestiture_confirmation(amb->arg, obj,
			    st->ahs, n);
		break;
	case WIRE_OWM_CB_UNAVAILABLE:
		if (cb->attribute_ownership_unavailable)
			cb->attribute_ownership_unavailable(amb->arg, obj,
			    st->ahs, n);
		break;
	case WIRE_OWM_CB_RELEASE:
		if (cb->request_attribute_ownership_release)
			cb->request_attribute_ownership_release(amb->arg, obj,
			    st->ahs, n, tag, tag_len);
		break;
	case WIRE_OWM_CB_CANCELLED:
		cancelled =
		    cb->confirm_attribute_ownership_acquisition_cancellation;
		if (cancelled)
			cancelled(amb->arg, obj, st->ahs, n);
		break;
	default:
		return -1;
	}
	return 0;
}

static int
cb_inform(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	const struct rti_callbacks *cb = &amb->cb;
	rti_object_instance_handle obj;
	rti_attribute_handle attr;
	rti_federate_handle owner;

	(void)type;
	obj.id = wire_get_u32(rd);
	attr.id = wire_get_u32(rd);
	owner.id = wire_get_u32(rd);
	if (!wire_rd_done(rd))
		return -1;
	if (owner.id == 0) {
		if (cb->attribute_is_not_owned)
			cb->attribute_is_not_owned(amb->arg, obj, attr);
	} else if (owner.id == WIRE_OWNER_RTI) {
		if (cb->attribute_is_owned_by_rti)
			cb->attribute_is_owned_by_rti(amb->arg, obj, attr);
	} else if (cb->inform_attribute_ownership) {
		cb->inform_attribute_ownership(amb->arg, obj, attr, owner);
	}
	return 0;
}

/* WIRE_CB_RESTORE_OWM: u32 n, n x (u32 obj, u32 attr), the negotiated
 * divestitures in progress in the restored federation, replacing the
 * list.  -1 (nothing changed) when malformed or on ENOMEM. */
static int
cb_restore(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct owm_state *st = st_of(amb);
	uint32_t n = wire_get_count(rd, 8), i;
	struct owm_div *v;

	(void)type;
	if (!st || rd->err || !(v = calloc(n ? n : 1, sizeof *v)))
		return -1;
	for (i = 0; i < n; i++) {
		v[i].obj = wire_get_u32(rd);
		v[i].attr = wire_get_u32(rd);
	}
	if (!wire_rd_done(rd)) {
		free(v);
		return -1;
	}
	free(st->div);
	st->div = v;
	st->cap_div = n ? n : 1;
	st->n_div = n;
	return 0;
}

/* ---- module hooks ---- */

static void
owm_leave(rti_ambassador *amb)
{
	struct owm_state *st = st_of(amb);

	if (!st)
		return;
	free(st->div);
	free(st->ahs);
	free(st);
	amb->mod[RTI__MOD_OWM] = NULL;
}

static int
owm_join(rti_ambassador *amb)
{
	amb->mod[RTI__MOD_OWM] = calloc(1, sizeof(struct owm_state));
	if (!amb->mod[RTI__MOD_OWM])
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	return RTI_OK;
}

static const struct rti__cb_handler owm_callbacks[] = {
	{ WIRE_OWM_CB_ASSUME, cb_set },
	{ WIRE_OWM_CB_CONFIRM, cb_set },
	{ WIRE_OWM_CB_ACQUIRED, cb_set },
	{ WIRE_OWM_CB_UNAVAILABLE, cb_set },
	{ WIRE_OWM_CB_RELEASE, cb_set },
	{ WIRE_OWM_CB_CANCELLED, cb_set },
	{ WIRE_OWM_CB_INFORM, cb_inform },
	{ WIRE_CB_RESTORE_OWM, cb_restore },
	{ 0, NULL }
};

static const struct rti__msg_out owm_sends[] = {
	{ WIRE_OWM_DIVEST, RTI__REQUEST },
	{ WIRE_OWM_NEGOTIATE, RTI__REQUEST },
	{ WIRE_OWM_CONFIRM, RTI__REQUEST },
	{ WIRE_OWM_ACQUIRE, RTI__REQUEST },
	{ WIRE_OWM_ACQUIRE_IF, RTI__REQUEST },
	{ WIRE_OWM_DENY, RTI__REQUEST },
	{ WIRE_OWM_IF_WANTED, RTI__REQUEST },
	{ WIRE_OWM_CANCEL_DIVEST, RTI__REQUEST },
	{ WIRE_OWM_CANCEL_ACQUIRE, RTI__REQUEST },
	{ WIRE_OWM_QUERY, RTI__REQUEST },
	{ 0, 0 }
};

const struct rti__module rti__owm_module = {
	.name = "OWM",
	.callbacks = owm_callbacks,
	.sends = owm_sends,
	.join = owm_join,
	.leave = owm_leave,
};
