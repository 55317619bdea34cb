/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_transportation.c - the transportation-type services (IEEE 1516-2010
 * 8.21-8.22, 10.36-10.37): checked here as far as this federate knows
 * (its instances, what it owns and publishes), then carried out by
 * rtiexec, which keeps every federate's choices so that any federate's
 * query is answered (rti/om/om_transportation.c); the reports are callbacks.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "om_int.h"

static int
type_ok(rti_ambassador *amb, enum rti_transportation type)
{
	if ((unsigned)type > RTI_TRANSPORT_BEST_EFFORT)
		return rti__fail(amb, RTI_ERR_INVALID_TRANSPORTATION_TYPE,
		    "transportation type %d is not defined", (int)type);
	return RTI_OK;
}

RTI_API int
rti_change_attribute_transportation_type(rti_ambassador *amb,
    rti_object_instance_handle obj, const rti_attribute_handle *attrs,
    size_t n, enum rti_transportation type)
{
	struct om_state *st;
	struct om_obj *o;
	struct wire_buf *b;
	size_t i;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__om_check_owned(amb, obj.id, attrs, n, &o)) != RTI_OK)
		return rc;
	if (type_ok(amb, type) != RTI_OK)
		return RTI_ERR_INVALID_TRANSPORTATION_TYPE;
	if ((rc = rti__om_own_set(amb, o, &o->trans_be, &o->trans_words,
	    rti__om_attr_be)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_OM_CHANGE_ATTR_TRANSPORT);
	wire_put_u32(b, obj.id);
	wire_put_u8(b, (uint8_t)type);
	wire_put_u32(b, (uint32_t)n);
	for (i = 0; i < n; i++)
		wire_put_u32(b, attrs[i].id);
	if ((rc = rti__req_finish(amb, NULL)) != RTI_OK)
		return rc;
	/* this federate's later updates go so */
	for (i = 0; i < n; i++)
		if (type == RTI_TRANSPORT_BEST_EFFORT)
			bset_add(o->trans_be, attrs[i].id);
		else
			bset_del(o->trans_be, attrs[i].id);
	if (type == RTI_TRANSPORT_BEST_EFFORT) {
		st->any_be = 1;
		rti__udp_want(amb);
	}
	return RTI_OK;
}

RTI_API int
rti_query_attribute_transportation_type(rti_ambassador *amb,
    rti_object_instance_handle obj, rti_attribute_handle attr)
{
	struct om_obj *o;
	struct wire_buf *b;

	RTI__JOINED_OR_RETURN(amb);
	if (!(o = obj_find(st_of(amb), obj.id)))
		return rti__fail(amb, RTI_ERR_OBJECT_INSTANCE_NOT_KNOWN,
		    "object instance %u is not known", obj.id);
	if (!fom_oclass_has_attr(amb->fom, o->known, attr.id))
		return rti__fail(amb, RTI_ERR_ATTRIBUTE_NOT_DEFINED,
		    "attribute %u is not an attribute of %s", attr.id,
		    fom_oclass(amb->fom, o->known)->qname);
	b = rti__req_begin(amb, WIRE_OM_QUERY_ATTR_TRANSPORT);
	wire_put_u32(b, obj.id);
	wire_put_u32(b, attr.id);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_change_interaction_transportation_type(rti_ambassador *amb,
    rti_interaction_class_handle cls, enum rti_transportation type)
{
	struct om_state *st;
	struct wire_buf *b;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	st = st_of(amb);
	if ((rc = rti__om_check_iclass(amb, cls.id)) != RTI_OK)
		return rc;
	if (type_ok(amb, type) != RTI_OK)
		return RTI_ERR_INVALID_TRANSPORTATION_TYPE;
	if ((rc = rti__om_class_room(amb, &st->itrans, &st->n_itrans,
	    cls.id)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_OM_CHANGE_IC_TRANSPORT);
	wire_put_u32(b, cls.id);
	wire_put_u8(b, (uint8_t)type);
	if ((rc = rti__req_finish(amb, NULL)) != RTI_OK)
		return rc;
	st->itrans[cls.id] = (uint8_t)(1 + type);
	if (type == RTI_TRANSPORT_BEST_EFFORT) {
		st->any_be = 1;
		rti__udp_want(amb);
	}
	return RTI_OK;
}

RTI_API int
rti_query_interaction_transportation_type(rti_ambassador *amb,
    rti_federate_handle federate, rti_interaction_class_handle cls)
{
	struct wire_buf *b;

	RTI__JOINED_OR_RETURN(amb);
	if (!fom_iclass(amb->fom, cls.id))
		return rti__fail(amb, RTI_ERR_INTERACTION_CLASS_NOT_DEFINED,
		    "interaction class %u is not defined", cls.id);
	b = rti__req_begin(amb, WIRE_OM_QUERY_IC_TRANSPORT);
	wire_put_u32(b, federate.id);
	wire_put_u32(b, cls.id);
	return rti__req_finish(amb, NULL);
}

/* WIRE_CB_REPORT_ATTR_TRANSPORT and WIRE_CB_REPORT_IC_TRANSPORT. */
int
rti__om_cb_transport(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	const struct rti_callbacks *cb = &amb->cb;
	uint32_t h1 = wire_get_u32(rd), h2 = wire_get_u32(rd);
	uint8_t t = wire_get_u8(rd);

	if (!wire_rd_done(rd) || t > RTI_TRANSPORT_BEST_EFFORT)
		return -1;
	if (type == WIRE_CB_REPORT_ATTR_TRANSPORT) {
		rti_object_instance_handle obj = { h1 };
		rti_attribute_handle attr = { h2 };

		if (cb->report_attribute_transportation_type)
			cb->report_attribute_transportation_type(amb->arg,
			    obj, attr, (enum rti_transportation)t);
	} else {
		rti_federate_handle fed = { h1 };
		rti_interaction_class_handle cls = { h2 };

		if (cb->report_interaction_transportation_type)
			cb->report_interaction_transportation_type(amb->arg,
			    fed, cls, (enum rti_transportation)t);
	}
	return 0;
}
