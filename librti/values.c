/* SPDX-License-Identifier: Apache-2.0 */
/*
 * values.c - typed values (librti-values(3)): datatype lookups in the
 * joined federation's FOM (amb->fom) and the thin wrappers over the
 * FOM-driven codec of fom/fom_value.c.  Nothing here talks to rtiexec:
 * every call works on the model the join reply gave, and a value's bytes
 * are only read.  Errors are reported with rti__fail, so that
 * rti_error_message gives the codec's offset or path.
 */
#include <stdlib.h>
#include <string.h>

#include "fom_value.h"
#include "librti_int.h"

/* Common checks: a joined ambassador (the FOM is there) and out. */
#define VALUES_ARGS(amb, out)                                             \
	do {                                                              \
		int rc_;                                                  \
		if (!(amb))                                               \
			return RTI_ERR_INVALID_ARGUMENT;                  \
		if ((rc_ = rti__check_member(amb)) != RTI_OK)             \
			return rc_;                                       \
		if (!(out))                                               \
			return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,   \
			    "NULL argument");                             \
	} while (0)

/* Datatype dt usable by the codec: RTI_OK or DATATYPE_NOT_DEFINED with
 * the reason. */
static int
values_type(rti_ambassador *amb, uint32_t dt)
{
	char why[400];

	if (fom_value_check_type(amb->fom, dt, why, sizeof(why)) != RTI_OK)
		return rti__fail(amb, RTI_ERR_DATATYPE_NOT_DEFINED, "%s", why);
	return RTI_OK;
}

/* An rti_err of the codec to the ambassador's error: the message as
 * the codec wrote it. */
static int
values_codec_fail(rti_ambassador *amb, int rc, const char *msg)
{
	return rti__fail(amb, rc, "%s", msg);
}

/* The datatype of an attribute or parameter declared with `name` (NULL:
 * none) resolved to handle h (0: not defined): RTI_OK with *out, else
 * DATATYPE_NOT_DEFINED saying why. */
static int
values_item_type(rti_ambassador *amb, const char *what, const char *item,
    const char *name, uint32_t h, rti_datatype_handle *out)
{
	const struct fom_datatype *t;

	if (name == NULL)
		return rti__fail(amb, RTI_ERR_DATATYPE_NOT_DEFINED, "%s '%s' "
		    "names no datatype: its values are opaque", what, item);
	if (h == 0 || (t = fom_datatype(amb->fom, h)) == NULL)
		return rti__fail(amb, RTI_ERR_DATATYPE_NOT_DEFINED, "%s '%s' "
		    "has datatype '%s', which no module defines: its values "
		    "are opaque", what, item, name);
	if (!t->encodable)
		return rti__fail(amb, RTI_ERR_DATATYPE_NOT_DEFINED, "%s '%s' "
		    "has datatype '%s', whose values are opaque: %s", what,
		    item, name, t->opaque ? t->opaque : "it is not resolved");
	out->id = h;
	return RTI_OK;
}

RTI_API int
rti_get_datatype_handle(rti_ambassador *amb, const char *name,
    rti_datatype_handle *out)
{
	uint32_t h;

	VALUES_ARGS(amb, out);
	if (name == NULL)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "NULL name");
	if ((h = fom_datatype_by_name(amb->fom, name)) == 0)
		return rti__fail(amb, RTI_ERR_NAME_NOT_FOUND, "no datatype "
		    "named '%s'", name);
	out->id = h;
	return RTI_OK;
}

RTI_API int
rti_get_datatype_name(rti_ambassador *amb, rti_datatype_handle dt,
    const char **out)
{
	const struct fom_datatype *t;

	VALUES_ARGS(amb, out);
	if ((t = fom_datatype(amb->fom, dt.id)) == NULL)
		return rti__fail(amb, RTI_ERR_DATATYPE_NOT_DEFINED, "datatype "
		    "handle %u is not defined", dt.id);
	*out = t->name;
	return RTI_OK;
}

RTI_API int
rti_get_attribute_datatype(rti_ambassador *amb, rti_attribute_handle attr,
    rti_datatype_handle *out)
{
	const struct fom_attribute *a;

	VALUES_ARGS(amb, out);
	if ((a = fom_attr(amb->fom, attr.id)) == NULL)
		return rti__fail(amb, RTI_ERR_INVALID_ATTRIBUTE_HANDLE,
		    "attribute handle %u is not defined", attr.id);
	return values_item_type(amb, "attribute", a->name, a->datatype_name,
	    a->datatype, out);
}

RTI_API int
rti_get_parameter_datatype(rti_ambassador *amb, rti_parameter_handle param,
    rti_datatype_handle *out)
{
	const struct fom_parameter *p;

	VALUES_ARGS(amb, out);
	if ((p = fom_param(amb->fom, param.id)) == NULL)
		return rti__fail(amb, RTI_ERR_INVALID_PARAMETER_HANDLE,
		    "parameter handle %u is not defined", param.id);
	return values_item_type(amb, "parameter", p->name, p->datatype_name,
	    p->datatype, out);
}

RTI_API int
rti_decode_value(rti_ambassador *amb, rti_datatype_handle dt,
    const void *bytes, size_t len, rti_value **out)
{
	rti_value *v = NULL;
	char msg[512];
	int rc;

	VALUES_ARGS(amb, out);
	if (bytes == NULL && len)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "NULL bytes");
	if ((rc = values_type(amb, dt.id)) != RTI_OK)
		return rc;
	rc = fom_value_decode(amb->fom, dt.id, bytes, len, &v, msg,
	    sizeof(msg));
	if (rc != RTI_OK)
		return values_codec_fail(amb, rc, msg);
	*out = v;
	return RTI_OK;
}

RTI_API int
rti_encode_value(rti_ambassador *amb, rti_datatype_handle dt,
    const rti_value *v, void *buf, size_t cap, size_t *len)
{
	size_t n = 0;
	char msg[512];
	int rc;

	VALUES_ARGS(amb, len);
	if (v == NULL || (buf == NULL && cap))
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "NULL %s",
		    v == NULL ? "value" : "buffer");
	if ((rc = values_type(amb, dt.id)) != RTI_OK)
		return rc;
	rc = fom_value_encode(amb->fom, dt.id, v, buf, cap, &n, msg,
	    sizeof(msg));
	/* the size is an output on success and, to say what is needed, when
	 * the buffer is too small; every other error leaves *len alone */
	if (rc == RTI_OK || (rc == RTI_ERR_LIMIT_EXCEEDED && n > cap))
		*len = n;
	return rc == RTI_OK ? RTI_OK : values_codec_fail(amb, rc, msg);
}

RTI_API int
rti_decode_attribute(rti_ambassador *amb, rti_attribute_handle attr,
    const void *bytes, size_t len, rti_value **out)
{
	rti_datatype_handle dt;
	int rc;

	VALUES_ARGS(amb, out);
	if ((rc = rti_get_attribute_datatype(amb, attr, &dt)) != RTI_OK)
		return rc;
	return rti_decode_value(amb, dt, bytes, len, out);
}

RTI_API int
rti_decode_parameter(rti_ambassador *amb, rti_parameter_handle param,
    const void *bytes, size_t len, rti_value **out)
{
	rti_datatype_handle dt;
	int rc;

	VALUES_ARGS(amb, out);
	if ((rc = rti_get_parameter_datatype(amb, param, &dt)) != RTI_OK)
		return rc;
	return rti_decode_value(amb, dt, bytes, len, out);
}

RTI_API void
rti_free(void *p)
{
	free(p);
}

RTI_API int
rti_value_to_json(const rti_value *v, char **json)
{
	if (json == NULL)
		return RTI_ERR_INVALID_ARGUMENT;
	return fom_value_to_json(v, json, NULL, NULL, 0);
}

RTI_API int
rti_value_from_json(rti_ambassador *amb, rti_datatype_handle dt,
    const char *json, rti_value **out)
{
	rti_value *v = NULL;
	char msg[512];
	int rc;

	VALUES_ARGS(amb, out);
	if (json == NULL)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "NULL JSON");
	if ((rc = values_type(amb, dt.id)) != RTI_OK)
		return rc;
	rc = fom_value_from_json(amb->fom, dt.id, json, strlen(json), &v,
	    msg, sizeof(msg));
	if (rc != RTI_OK)
		return values_codec_fail(amb, rc, msg);
	*out = v;
	return RTI_OK;
}

RTI_API int
rti_decode_json(rti_ambassador *amb, rti_datatype_handle dt,
    const void *bytes, size_t len, char **json)
{
	char *j = NULL;
	char msg[512];
	int rc;

	VALUES_ARGS(amb, json);
	if (bytes == NULL && len)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "NULL bytes");
	if ((rc = values_type(amb, dt.id)) != RTI_OK)
		return rc;
	rc = fom_value_decode_json(amb->fom, dt.id, bytes, len, &j, NULL,
	    msg, sizeof(msg));
	if (rc != RTI_OK)
		return values_codec_fail(amb, rc, msg);
	*json = j;
	return RTI_OK;
}

RTI_API int
rti_encode_json(rti_ambassador *amb, rti_datatype_handle dt,
    const char *json, void *buf, size_t cap, size_t *len)
{
	size_t n = 0;
	char msg[512];
	int rc;

	VALUES_ARGS(amb, len);
	if (json == NULL || (buf == NULL && cap))
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "NULL %s",
		    json == NULL ? "JSON" : "buffer");
	if ((rc = values_type(amb, dt.id)) != RTI_OK)
		return rc;
	rc = fom_value_encode_json(amb->fom, dt.id, json, strlen(json), buf,
	    cap, &n, msg, sizeof(msg));
	/* the size is an output on success and, to say what is needed, when
	 * the buffer is too small; every other error leaves *len alone */
	if (rc == RTI_OK || (rc == RTI_ERR_LIMIT_EXCEEDED && n > cap))
		*len = n;
	return rc == RTI_OK ? RTI_OK : values_codec_fail(amb, rc, msg);
}

RTI_API int
rti_decode_attribute_json(rti_ambassador *amb, rti_attribute_handle attr,
    const void *bytes, size_t len, char **json)
{
	rti_datatype_handle dt;
	int rc;

	VALUES_ARGS(amb, json);
	if ((rc = rti_get_attribute_datatype(amb, attr, &dt)) != RTI_OK)
		return rc;
	return rti_decode_json(amb, dt, bytes, len, json);
}

RTI_API int
rti_decode_parameter_json(rti_ambassador *amb, rti_parameter_handle param,
    const void *bytes, size_t len, char **json)
{
	rti_datatype_handle dt;
	int rc;

	VALUES_ARGS(amb, json);
	if ((rc = rti_get_parameter_datatype(amb, param, &dt)) != RTI_OK)
		return rc;
	return rti_decode_json(amb, dt, bytes, len, json);
}
