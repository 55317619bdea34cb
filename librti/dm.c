/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dm.c - declaration management services and callbacks of librti.  The
 * federate's own publications and subscriptions are kept here so that OM
 * can validate sends without a round trip (and, later, filter at the
 * source).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "librti_int.h"

struct dm_state {
	size_t words;
	uint32_t n_oc, n_ic;
	uint64_t **pub;           /* [n_oc + 1]: published set or NULL */
	uint64_t **sub;           /* [n_oc + 1]: subscribed set or NULL */
	uint8_t *pub_ic;          /* [n_ic + 1] */
	uint8_t *sub_ic;          /* [n_ic + 1]: 0 none, 1 passive, 2 active */
};

static struct dm_state *
st_of(rti_ambassador *amb)
{
	return amb->mod[RTI__MOD_DM];
}

const uint64_t *
rti__dm_published(rti_ambassador *amb, uint32_t cls)
{
	struct dm_state *st = st_of(amb);

	return st && cls && cls <= st->n_oc ? st->pub[cls] : NULL;
}

size_t
rti__dm_words(rti_ambassador *amb)
{
	struct dm_state *st = st_of(amb);

	return st ? st->words : 0;
}

int
rti__dm_iclass_published(rti_ambassador *amb, uint32_t cls)
{
	struct dm_state *st = st_of(amb);

	return st && cls && cls <= st->n_ic && st->pub_ic[cls];
}

/*
 * Validate an object class and attribute list; on success *set is a new
 * set of them (caller frees).  RTI_OK or the error with the message set.
 */
static int
check_attrs(rti_ambassador *amb, rti_object_class_handle cls,
    const rti_attribute_handle *attrs, size_t n, uint64_t **set)
{
	struct dm_state *st = st_of(amb);
	size_t i;

	*set = NULL;
	if (!fom_oclass(amb->fom, cls.id))
		return rti__fail(amb, RTI_ERR_OBJECT_CLASS_NOT_DEFINED,
		    "object class %u is not defined", cls.id);
	if (n && !attrs)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "attrs is NULL");
	if (n > UINT32_MAX / 4)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "too many attributes");
	for (i = 0; i < n; i++)
		if (!fom_oclass_has_attr(amb->fom, cls.id, attrs[i].id))
			return rti__fail(amb, RTI_ERR_ATTRIBUTE_NOT_DEFINED,
			    "attribute %u is not an attribute of %s",
			    attrs[i].id, fom_oclass(amb->fom, cls.id)->qname);
	*set = calloc(st->words, sizeof **set);
	if (!*set)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	for (i = 0; i < n; i++)
		bset_add(*set, attrs[i].id);
	return RTI_OK;
}

static int
send_attrs(rti_ambassador *amb, uint16_t type, uint32_t cls, int active,
    const rti_attribute_handle *attrs, size_t n)
{
	struct wire_buf *b = rti__req_begin(amb, type);
	size_t i;

	wire_put_u32(b, cls);
	if (type == WIRE_DM_SUBSCRIBE_OC)
		wire_put_u8(b, active ? 1 : 0);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_u32(b, attrs[i].id);
	return rti__req_finish(amb, NULL);
}

/* dst |= src, or dst := src when dst is NULL (src then taken). */
static void
merge(uint64_t **dst, uint64_t *src, size_t words)
{
	size_t w;

	if (!*dst) {
		*dst = src;
		return;
	}
	for (w = 0; w < words; w++)
		(*dst)[w] |= src[w];
	free(src);
}

RTI_API int
rti_publish_object_class_attributes(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n)
{
	uint64_t *set;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_attrs(amb, cls, attrs, n, &set)) != RTI_OK)
		return rc;
	rc = send_attrs(amb, WIRE_DM_PUBLISH_OC, cls.id, 0, attrs, n);
	if (rc == RTI_OK && n)
		merge(&st_of(amb)->pub[cls.id], set, st_of(amb)->words);
	else
		free(set);
	return rc;
}

static int
unpublish(rti_ambassador *amb, rti_object_class_handle cls,
    const rti_attribute_handle *attrs, size_t n)
{
	struct dm_state *st;
	uint64_t *set, *old;
	size_t w;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = check_attrs(amb, cls, attrs, n, &set)) != RTI_OK)
		return rc;
	rc = send_attrs(amb, WIRE_DM_UNPUBLISH_OC, cls.id, 0, attrs, n);
	old = st->pub[cls.id];
	if (rc != RTI_OK || !old) {
		free(set);
		return rc;
	}
	for (w = 0; w < st->words; w++) {
		set[w] = n ? set[w] & old[w] : old[w];
		old[w] &= ~set[w];
	}
	if (bset_empty(old, st->words)) {
		free(old);
		st->pub[cls.id] = NULL;
	}
	rti__ev_unpublished(amb, cls.id, set);
	free(set);
	return RTI_OK;
}

RTI_API int
rti_unpublish_object_class(rti_ambassador *amb, rti_object_class_handle cls)
{
	return unpublish(amb, cls, NULL, 0);
}

RTI_API int
rti_unpublish_object_class_attributes(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n)
{
	if (amb && n == 0)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "empty attribute list (use rti_unpublish_object_class)");
	return unpublish(amb, cls, attrs, n);
}

static int
subscribe(rti_ambassador *amb, rti_object_class_handle cls,
    const rti_attribute_handle *attrs, size_t n, int active)
{
	uint64_t *set;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_attrs(amb, cls, attrs, n, &set)) != RTI_OK)
		return rc;
	rc = send_attrs(amb, WIRE_DM_SUBSCRIBE_OC, cls.id, active, attrs, n);
	if (rc == RTI_OK && n)
		merge(&st_of(amb)->sub[cls.id], set, st_of(amb)->words);
	else
		free(set);
	return rc;
}

RTI_API int
rti_subscribe_object_class_attributes(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n)
{
	return subscribe(amb, cls, attrs, n, 1);
}

RTI_API int
rti_subscribe_object_class_attributes_passively(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n)
{
	return subscribe(amb, cls, attrs, n, 0);
}

static int
unsubscribe(rti_ambassador *amb, rti_object_class_handle cls,
    const rti_attribute_handle *attrs, size_t n)
{
	struct dm_state *st;
	uint64_t *set, *old;
	size_t w;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = check_attrs(amb, cls, attrs, n, &set)) != RTI_OK)
		return rc;
	rc = send_attrs(amb, WIRE_DM_UNSUBSCRIBE_OC, cls.id, 0, attrs, n);
	old = st->sub[cls.id];
	if (rc == RTI_OK && old) {
		for (w = 0; w < st->words; w++)
			old[w] &= n ? ~set[w] : 0;
		if (bset_empty(old, st->words)) {
			free(old);
			st->sub[cls.id] = NULL;
		}
	}
	free(set);
	return rc;
}

RTI_API int
rti_unsubscribe_object_class(rti_ambassador *amb,
    rti_object_class_handle cls)
{
	return unsubscribe(amb, cls, NULL, 0);
}

RTI_API int
rti_unsubscribe_object_class_attributes(rti_ambassador *amb,
    rti_object_class_handle cls, const rti_attribute_handle *attrs,
    size_t n)
{
	if (amb && n == 0)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "empty attribute list (use rti_unsubscribe_object_class)");
	return unsubscribe(amb, cls, attrs, n);
}

/* Interaction class declarations: `type` with the class, `val` the new
 * value of the local table (`tab`). */
static int
iclass_decl(rti_ambassador *amb, uint16_t type,
    rti_interaction_class_handle cls, int sub, uint8_t val)
{
	struct dm_state *st;
	struct wire_buf *b;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if (!fom_iclass(amb->fom, cls.id))
		return rti__fail(amb, RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls.id);
	b = rti__req_begin(amb, type);
	wire_put_u32(b, cls.id);
	if (type == WIRE_DM_SUBSCRIBE_IC)
		wire_put_u8(b, val == 2);
	rc = rti__req_finish(amb, NULL);
	if (rc == RTI_OK)
		(sub ? st->sub_ic : st->pub_ic)[cls.id] = val;
	return rc;
}

RTI_API int
rti_publish_interaction_class(rti_ambassador *amb,
    rti_interaction_class_handle cls)
{
	return iclass_decl(amb, WIRE_DM_PUBLISH_IC, cls, 0, 1);
}

RTI_API int
rti_unpublish_interaction_class(rti_ambassador *amb,
    rti_interaction_class_handle cls)
{
	return iclass_decl(amb, WIRE_DM_UNPUBLISH_IC, cls, 0, 0);
}

RTI_API int
rti_subscribe_interaction_class(rti_ambassador *amb,
    rti_interaction_class_handle cls)
{
	return iclass_decl(amb, WIRE_DM_SUBSCRIBE_IC, cls, 1, 2);
}

RTI_API int
rti_subscribe_interaction_class_passively(rti_ambassador *amb,
    rti_interaction_class_handle cls)
{
	return iclass_decl(amb, WIRE_DM_SUBSCRIBE_IC, cls, 1, 1);
}

RTI_API int
rti_unsubscribe_interaction_class(rti_ambassador *amb,
    rti_interaction_class_handle cls)
{
	return iclass_decl(amb, WIRE_DM_UNSUBSCRIBE_IC, cls, 1, 0);
}

static int
set_switch(rti_ambassador *amb, int sw, int on)
{
	struct wire_buf *b;

	RTI__JOINED_OR_RETURN(amb);
	b = rti__req_begin(amb, WIRE_DM_SET_SWITCH);
	wire_put_u8(b, (uint8_t)sw);
	wire_put_u8(b, (uint8_t)on);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_enable_object_class_relevance_advisory_switch(rti_ambassador *amb)
{
	return set_switch(amb, WIRE_SWITCH_CLASS_RELEVANCE, 1);
}

RTI_API int
rti_disable_object_class_relevance_advisory_switch(rti_ambassador *amb)
{
	return set_switch(amb, WIRE_SWITCH_CLASS_RELEVANCE, 0);
}

RTI_API int
rti_enable_interaction_relevance_advisory_switch(rti_ambassador *amb)
{
	return set_switch(amb, WIRE_SWITCH_INTERACTION_RELEVANCE, 1);
}

RTI_API int
rti_disable_interaction_relevance_advisory_switch(rti_ambassador *amb)
{
	return set_switch(amb, WIRE_SWITCH_INTERACTION_RELEVANCE, 0);
}

RTI_API int
rti_enable_attribute_relevance_advisory_switch(rti_ambassador *amb)
{
	return set_switch(amb, WIRE_SWITCH_ATTRIBUTE_RELEVANCE, 1);
}

RTI_API int
rti_disable_attribute_relevance_advisory_switch(rti_ambassador *amb)
{
	return set_switch(amb, WIRE_SWITCH_ATTRIBUTE_RELEVANCE, 0);
}

/* ---- callbacks ---- */

static int
cb_advice(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint32_t cls = wire_get_u32(rd);
	rti_object_class_handle oc;
	rti_interaction_class_handle ic;

	if (!wire_rd_done(rd))
		return -1;
	oc.id = ic.id = cls;
	switch (type) {
	case WIRE_CB_START_REGISTRATION:
		if (amb->cb.start_registration_for_object_class)
			amb->cb.start_registration_for_object_class(amb->arg,
			    oc);
		break;
	case WIRE_CB_STOP_REGISTRATION:
		if (amb->cb.stop_registration_for_object_class)
			amb->cb.stop_registration_for_object_class(amb->arg,
			    oc);
		break;
	case WIRE_CB_INTERACTIONS_ON:
		if (amb->cb.turn_interactions_on)
			amb->cb.turn_interactions_on(amb->arg, ic);
		break;
	default:
		if (amb->cb.turn_interactions_off)
			amb->cb.turn_interactions_off(amb->arg, ic);
		break;
	}
	return 0;
}

/* ---- module hooks ---- */

static void
dm_leave(rti_ambassador *amb)
{
	struct dm_state *st = st_of(amb);
	uint32_t c;

	if (!st)
		return;
	for (c = 0; st->pub && st->sub && c <= st->n_oc; c++) {
		free(st->pub[c]);
		free(st->sub[c]);
	}
	free(st->pub);
	free(st->sub);
	free(st->pub_ic);
	free(st->sub_ic);
	free(st);
	amb->mod[RTI__MOD_DM] = NULL;
}

static int
dm_join(rti_ambassador *amb)
{
	struct dm_state *st = calloc(1, sizeof *st);

	if (!st)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	amb->mod[RTI__MOD_DM] = st;
	st->words = amb->attr_words;
	st->n_oc = amb->fom->n_oclasses;
	st->n_ic = amb->fom->n_iclasses;
	st->pub = calloc(st->n_oc + 1, sizeof *st->pub);
	st->sub = calloc(st->n_oc + 1, sizeof *st->sub);
	st->pub_ic = calloc(st->n_ic + 1, 1);
	st->sub_ic = calloc(st->n_ic + 1, 1);
	if (!st->pub || !st->sub || !st->pub_ic || !st->sub_ic) {
		dm_leave(amb);
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	}
	return RTI_OK;
}

/* The fom_grown event: the class tables extended, nothing published or
 * subscribed at the new classes. */
static int
dm_fom_grown(rti_ambassador *amb, const struct rti__fom_sizes *was)
{
	struct dm_state *st = st_of(amb);
	uint32_t noc = amb->fom->n_oclasses, nic = amb->fom->n_iclasses;

	(void)was;
	if (wire_grow_table(&st->pub, st->n_oc, noc, sizeof *st->pub) ||
	    wire_grow_table(&st->sub, st->n_oc, noc, sizeof *st->sub) ||
	    wire_grow_table(&st->pub_ic, st->n_ic, nic, 1) ||
	    wire_grow_table(&st->sub_ic, st->n_ic, nic, 1))
		return -1;
	st->n_oc = noc;
	st->n_ic = nic;
	return 0;
}

/*
 * WIRE_CB_RESTORE_DM: the federate's publications and subscriptions as
 * saved, in place of these (a restore; before initiate_federate_restore).
 */
static int
cb_restore_dm(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct dm_state *st = st_of(amb), n;
	uint32_t k, i, c;
	size_t w;

	(void)type;
	if (!st)
		return -1;
	memset(&n, 0, sizeof n);
	n.words = st->words;
	n.n_oc = st->n_oc;
	n.n_ic = st->n_ic;
	n.pub = calloc(n.n_oc + 1, sizeof *n.pub);
	n.sub = calloc(n.n_oc + 1, sizeof *n.sub);
	n.pub_ic = calloc(n.n_ic + 1, 1);
	n.sub_ic = calloc(n.n_ic + 1, 1);
	if (!n.pub || !n.sub || !n.pub_ic || !n.sub_ic)
		goto bad;
	k = wire_get_count(rd, 5);
	for (i = 0; i < k && !rd->err; i++) {
		uint8_t fl;
		int j;

		c = wire_get_u32(rd);
		fl = wire_get_u8(rd);
		if (rd->err || c == 0 || c > n.n_oc || n.pub[c] || n.sub[c] ||
		    (fl & ~3u))
			goto bad;
		for (j = 0; j < 2; j++) {
			uint64_t **tab = j ? n.sub : n.pub;

			if (!(fl & (1u << j)))
				continue;
			if (wire_rd_left(rd) < n.words * 8 ||
			    !(tab[c] = calloc(n.words, sizeof **tab)))
				goto bad;
			for (w = 0; w < n.words; w++)
				tab[c][w] = wire_get_u64(rd);
		}
	}
	k = wire_get_count(rd, 6);
	for (i = 0; i < k && !rd->err; i++) {
		c = wire_get_u32(rd);
		if (c == 0 || c > n.n_ic)
			goto bad;
		n.pub_ic[c] = wire_get_u8(rd);
		n.sub_ic[c] = wire_get_u8(rd);
		if (n.pub_ic[c] > 1 || n.sub_ic[c] > 2)
			goto bad;
	}
	if (!wire_rd_done(rd))
		goto bad;
	for (c = 0; c <= st->n_oc; c++) {
		free(st->pub[c]);
		free(st->sub[c]);
	}
	free(st->pub);
	free(st->sub);
	free(st->pub_ic);
	free(st->sub_ic);
	*st = n;
	return 0;
bad:
	for (c = 0; n.pub && n.sub && c <= n.n_oc; c++) {
		free(n.pub[c]);
		free(n.sub[c]);
	}
	free(n.pub);
	free(n.sub);
	free(n.pub_ic);
	free(n.sub_ic);
	return -1;
}

static const struct rti__cb_handler dm_callbacks[] = {
	{ WIRE_CB_START_REGISTRATION, cb_advice },
	{ WIRE_CB_STOP_REGISTRATION, cb_advice },
	{ WIRE_CB_INTERACTIONS_ON, cb_advice },
	{ WIRE_CB_INTERACTIONS_OFF, cb_advice },
	{ WIRE_CB_RESTORE_DM, cb_restore_dm },
	{ 0, NULL }
};

static const struct rti__msg_out dm_sends[] = {
	{ WIRE_DM_PUBLISH_OC, RTI__REQUEST },
	{ WIRE_DM_UNPUBLISH_OC, RTI__REQUEST },
	{ WIRE_DM_SUBSCRIBE_OC, RTI__REQUEST },
	{ WIRE_DM_UNSUBSCRIBE_OC, RTI__REQUEST },
	{ WIRE_DM_PUBLISH_IC, RTI__REQUEST },
	{ WIRE_DM_UNPUBLISH_IC, RTI__REQUEST },
	{ WIRE_DM_SUBSCRIBE_IC, RTI__REQUEST },
	{ WIRE_DM_UNSUBSCRIBE_IC, RTI__REQUEST },
	{ WIRE_DM_SET_SWITCH, RTI__REQUEST },
	{ 0, 0 }
};

const struct rti__module rti__dm_module = {
	.name = "DM",
	.callbacks = dm_callbacks,
	.sends = dm_sends,
	.join = dm_join,
	.leave = dm_leave,
	.fom_grown = dm_fom_grown,
};
