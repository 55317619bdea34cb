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

/*
 * One free for everything librti hands out (rti_free): a value tree is
 * told by the magic bytes in every node (fom_value.h); JSON text is handed
 * out TEXT_HDR bytes into its allocation, behind a header that says so,
 * and padded to 8 bytes at least so that the node test may read them.
 */
#define TEXT_HDR 16
static const unsigned char text_magic[8] = "rtiJSON";

/* JSON text j (malloc'd, NUL-terminated) moved behind its header: the
 * pointer to hand out, or NULL (j freed) when out of memory. */
static char *
text_out(char *j)
{
	size_t n = strlen(j) + 1;
	char *h = realloc(j, TEXT_HDR + (n < 8 ? 8 : n));

	if (h == NULL) {
		free(j);
		return NULL;
	}
	memmove(h + TEXT_HDR, h, n);
	if (n < 8)
		memset(h + TEXT_HDR + n, 0, 8 - n);
	memset(h, 0, TEXT_HDR);
	memcpy(h, text_magic, sizeof(text_magic));
	return h + TEXT_HDR;
}

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
	if (!RTI__CAUGHT_UP(amb, h = fom_datatype_by_name(amb->fom, name)))
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
	if (!RTI__CAUGHT_UP(amb, t = fom_datatype(amb->fom, dt.id)))
		return rti__fail(amb, RTI_ERR_DATATYPE_NOT_DEFINED, "datatype "
		    "handle %u is not defined", dt.id);
	*out = t->name;
	return RTI_OK;
}

/* The datatypes of attributes and parameters: thin wrappers over one
 * implementation (values_item_type), each handle looked up as every
 * lookup is (RTI__CAUGHT_UP). */
RTI_API int
rti_get_attribute_datatype(rti_ambassador *amb, rti_attribute_handle attr,
    rti_datatype_handle *out)
{
	const struct fom_attribute *a;

	VALUES_ARGS(amb, out);
	if (!RTI__CAUGHT_UP(amb, a = fom_attr(amb->fom, attr.id)))
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
	if (!RTI__CAUGHT_UP(amb, p = fom_param(amb->fom, param.id)))
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

RTI_API int
rti_free(void *p)
{
	unsigned char *h;

	if (p == NULL)
		return RTI_OK;
	if (fom_value_is_node(p)) {
		/* a node with a parent goes with its root */
		if (((rti_value *)p)->attached)
			return RTI_ERR_INVALID_ARGUMENT;
		fom_value_free_tree(p);
		return RTI_OK;
	}
	h = (unsigned char *)p - TEXT_HDR;
	if (memcmp(h, text_magic, sizeof(text_magic)) != 0)
		return RTI_ERR_INVALID_ARGUMENT;
	free(h);
	return RTI_OK;
}

RTI_API int
rti_value_to_json(const rti_value *v, char **json)
{
	char *j = NULL;
	int rc;

	if (json == NULL)
		return RTI_ERR_INVALID_ARGUMENT;
	if ((rc = fom_value_to_json(v, &j, NULL, NULL, 0)) != RTI_OK)
		return rc;
	if ((*json = text_out(j)) == NULL)
		return RTI_ERR_NO_MEMORY;
	return RTI_OK;
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
	if ((j = text_out(j)) == NULL)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
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
