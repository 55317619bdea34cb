/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fedm.c - federation management services and callbacks, and the
 * name/handle lookups answered from the federation's FOM.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bundle.h"
#include "librti_int.h"

static int
check_name(rti_ambassador *amb, const char *what, const char *s,
    int may_be_empty)
{
	if (!s || (!may_be_empty && !*s))
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "%s is %s", what,
		    s ? "empty" : "NULL");
	if (strlen(s) > WIRE_MAX_NAME)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "%s longer than %d bytes", what, WIRE_MAX_NAME);
	return RTI_OK;
}

/* Read a FOM module file: a regular file, opened without blocking (a FIFO
 * or device is not read: its name goes to rtiexec, which refuses it), of
 * at most FOM_MAX_MODULE_BYTES, rtiexec's limit (*too_big = 1 beyond).
 * NULL when it cannot be read as a file.  Caller frees. */
static char *
slurp(const char *path, size_t *len, int *too_big)
{
	struct stat st;
	char *buf = NULL;
	size_t got = 0;
	ssize_t n;
	int fd;

	*too_big = 0;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		goto out;
	if ((unsigned long long)st.st_size > FOM_MAX_MODULE_BYTES) {
		*too_big = 1;
		goto out;
	}
	if (!(buf = malloc((size_t)st.st_size + 1)))
		goto out;
	while (got < (size_t)st.st_size) {
		n = read(fd, buf + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	*len = got;
out:
	close(fd);
	return buf;
}

static int
check_modules(rti_ambassador *amb, const struct rti_fom_module *modules,
    size_t n_modules)
{
	size_t i;

	if (n_modules && !modules)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "modules is NULL");
	for (i = 0; i < n_modules; i++)
		if (!modules[i].designator || !*modules[i].designator ||
		    strlen(modules[i].designator) > 4096 ||
		    (modules[i].len && !modules[i].text))
			return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
			    "FOM module %zu has no usable name", i);
	return RTI_OK;
}

/* Put "u32 n, n x (str name, blob xml-or-empty)": each module's text
 * when given, or when its designator names a readable file here, else an
 * empty blob (rtiexec resolves the name in its FOM path).  RTI_OK or
 * ERROR_READING_FDD (too large). */
static int
put_modules(rti_ambassador *amb, struct wire_buf *b,
    const struct rti_fom_module *m, size_t n_modules)
{
	size_t i;

	wire_put_u32(b, (uint32_t)n_modules);
	for (i = 0; i < n_modules; i++) {
		size_t len = m[i].len;
		int too_big = 0;
		char *xml = NULL;

		if (m[i].text)
			too_big = len > FOM_MAX_MODULE_BYTES;
		else
			xml = slurp(m[i].designator, &len, &too_big);
		if (too_big)
			return rti__fail(amb, RTI_ERR_ERROR_READING_FDD,
			    "FOM module %s is larger than %u bytes",
			    m[i].designator, FOM_MAX_MODULE_BYTES);
		wire_put_str(b, m[i].designator);
		if (m[i].text)
			wire_put_blob(b, m[i].text, len);
		else	/* not a readable file: rtiexec resolves the name */
			wire_put_blob(b, xml, xml ? len : 0);
		free(xml);
	}
	return RTI_OK;
}

/* The designators of `modules` as rti_fom_module entries without text, in
 * *out (the caller frees it), or NULL for none.  RTI_OK or NO_MEMORY. */
static int
as_modules(rti_ambassador *amb, const char *const *modules, size_t n,
    struct rti_fom_module **out)
{
	size_t i;

	*out = NULL;
	if (!n)
		return RTI_OK;
	if (!(*out = calloc(n, sizeof **out)))
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	for (i = 0; i < n; i++)
		(*out)[i].designator = modules[i];
	return RTI_OK;
}

RTI_API int
rti_create_federation_execution(rti_ambassador *amb, const char *federation,
    const char *const *modules, size_t n_modules,
    const char *time_implementation)
{
	struct rti_fom_module *m;
	int rc;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (n_modules && !modules)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "modules is NULL");
	if ((rc = as_modules(amb, modules, n_modules, &m)) != RTI_OK)
		return rc;
	rc = rti_create_federation_execution_from_modules(amb, federation, m,
	    n_modules, time_implementation);
	free(m);
	return rc;
}

RTI_API int
rti_create_federation_execution_from_modules(rti_ambassador *amb,
    const char *federation, const struct rti_fom_module *modules,
    size_t n_modules, const char *time_implementation)
{
	struct wire_buf *b;
	int rc;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if ((rc = rti__check_connected(amb)) != RTI_OK)
		return rc;
	if ((rc = check_name(amb, "federation name", federation, 0)) !=
	    RTI_OK)
		return rc;
	if (time_implementation && strcmp(time_implementation,
	    "HLAfloat64Time") && strcmp(time_implementation,
	    "HLAinteger64Time"))
		return rti__fail(amb,
		    RTI_ERR_COULD_NOT_CREATE_LOGICAL_TIME_FACTORY,
		    "unknown time implementation '%s'", time_implementation);
	if ((rc = check_modules(amb, modules, n_modules)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_CREATE);
	wire_put_str(b, federation);
	wire_put_str(b, time_implementation ? time_implementation :
	    "HLAfloat64Time");
	if ((rc = put_modules(amb, b, modules, n_modules)) != RTI_OK)
		return rc;
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_destroy_federation_execution(rti_ambassador *amb, const char *federation)
{
	struct wire_buf *b;
	int rc;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if ((rc = rti__check_connected(amb)) != RTI_OK)
		return rc;
	if ((rc = check_name(amb, "federation name", federation, 0)) !=
	    RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_DESTROY);
	wire_put_str(b, federation);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_list_federation_executions(rti_ambassador *amb)
{
	int rc;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if ((rc = rti__check_connected(amb)) != RTI_OK)
		return rc;
	rti__req_begin(amb, WIRE_LIST);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_join_federation_execution(rti_ambassador *amb, const char *federate_name,
    const char *federate_type, const char *federation,
    rti_federate_handle *out)
{
	return rti_join_federation_execution_with_modules(amb, federate_name,
	    federate_type, federation, NULL, 0, out);
}

RTI_API int
rti_join_federation_execution_with_modules(rti_ambassador *amb,
    const char *federate_name, const char *federate_type,
    const char *federation, const char *const *modules, size_t n_modules,
    rti_federate_handle *out)
{
	struct rti_fom_module *m;
	int rc;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (n_modules && !modules)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "modules is NULL");
	if ((rc = as_modules(amb, modules, n_modules, &m)) != RTI_OK)
		return rc;
	rc = rti_join_federation_execution_from_modules(amb, federate_name,
	    federate_type, federation, m, n_modules, out);
	free(m);
	return rc;
}

RTI_API int
rti_join_federation_execution_from_modules(rti_ambassador *amb,
    const char *federate_name, const char *federate_type,
    const char *federation, const struct rti_fom_module *modules,
    size_t n_modules, rti_federate_handle *out)
{
	struct wire_buf *b;
	struct wire_rd rd;
	struct fom_error fe;
	const char *name, *time_impl;
	uint32_t handle, n, i;
	int rc;

	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (amb->in_callback)
		return rti__fail(amb,
		    RTI_ERR_CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
		    "join inside a callback");
	if ((rc = rti__check_connected(amb)) != RTI_OK)
		return rc;
	if (amb->joined)
		return rti__fail(amb, RTI_ERR_FEDERATE_ALREADY_EXECUTION_MEMBER,
		    "already joined to %s", amb->federation);
	if ((rc = check_name(amb, "federation name", federation, 0)) ||
	    (federate_name &&
	    (rc = check_name(amb, "federate name", federate_name, 1))) ||
	    (rc = check_name(amb, "federate type", federate_type, 1)) ||
	    (rc = check_modules(amb, modules, n_modules)))
		return rc;
	b = rti__req_begin(amb, n_modules ? WIRE_JOIN_WITH_MODULES :
	    WIRE_JOIN);
	wire_put_str(b, federation);
	wire_put_str(b, federate_name ? federate_name : "");
	wire_put_str(b, federate_type);
	if (n_modules &&
	    (rc = put_modules(amb, b, modules, n_modules)) != RTI_OK)
		return rc;
	rc = rti__req_finish(amb, &rd);
	if (rc != RTI_OK)
		return rc;
	handle = wire_get_u32(&rd);
	name = wire_get_str(&rd, WIRE_MAX_NAME);
	time_impl = wire_get_str(&rd, WIRE_MAX_NAME);
	n = wire_get_count(&rd, 9);
	if (rd.err)
		goto bad;
	amb->fom = fom_new();
	amb->federate_name = strdup(name);
	amb->federation = strdup(federation);
	if (!amb->fom || !amb->federate_name || !amb->federation) {
		rc = rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
		goto undo;
	}
	for (i = 0; i < n; i++) {
		const char *mname = wire_get_str(&rd, 4096);
		uint32_t len;
		const char *bin = wire_get_blob(&rd, &len, UINT32_MAX);

		if (rd.err)
			goto bad;
		if (fom_load_bin(amb->fom, bin, len, mname, &fe) < 0) {
			rc = rti__fail(amb, RTI_ERR_INTERNAL_ERROR,
			    "cannot load the federation's FOM: %s:%d: %s",
			    fe.file, fe.line, fe.msg);
			goto undo;
		}
	}
	amb->self.id = handle;
	amb->time_int64 = strcmp(time_impl, "HLAinteger64Time") == 0;
	amb->attr_words = bset_words_room(amb->fom->n_attrs);
	rc = rti__enter(amb);
	if (rc != RTI_OK)
		goto undo;
	if (out)
		*out = amb->self;
	amb->errmsg[0] = '\0';
	return RTI_OK;
bad:
	rti__lose(amb, "malformed join reply");
	rc = rti__fail(amb, RTI_ERR_CONNECTION_LOST, "malformed join reply");
undo:
	/* rtiexec has us joined: leave it so, consistently, by resigning. */
	b = rti__req_begin(amb, WIRE_RESIGN);
	wire_put_u32(b, RTI_RESIGN_NO_ACTION);
	{
		char keep[sizeof amb->errmsg];

		memcpy(keep, amb->errmsg, sizeof keep);
		(void)rti__req_finish(amb, NULL);
		memcpy(amb->errmsg, keep, sizeof keep);
	}
	rti__leave(amb);
	return rc;
}

RTI_API int
rti_resign_federation_execution(rti_ambassador *amb,
    enum rti_resign_action action)
{
	struct wire_buf *b;
	int rc;

	RTI__MEMBER_OR_RETURN(amb);
	if (amb->in_callback)
		return rti__fail(amb,
		    RTI_ERR_CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
		    "resign inside a callback");
	if ((unsigned)action > RTI_RESIGN_NO_ACTION)
		return rti__fail(amb, RTI_ERR_INVALID_RESIGN_ACTION,
		    "resign action %d is not defined", (int)action);
	b = rti__req_begin(amb, WIRE_RESIGN);
	wire_put_u32(b, (uint32_t)action);
	rc = rti__req_finish(amb, NULL);
	if (rc == RTI_OK) {
		rti__leave(amb);
		rti__drop_member_frames(amb);
	}
	return rc;
}

RTI_API int
rti_set_automatic_resign_directive(rti_ambassador *amb,
    enum rti_resign_action action)
{
	struct wire_buf *b;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((unsigned)action > RTI_RESIGN_NO_ACTION)
		return rti__fail(amb, RTI_ERR_INVALID_RESIGN_ACTION,
		    "resign action %d is not defined", (int)action);
	b = rti__req_begin(amb, WIRE_SET_RESIGN_ACTION);
	wire_put_u32(b, (uint32_t)action);
	if ((rc = rti__req_finish(amb, NULL)) == RTI_OK)
		amb->resign_action = (int)action;
	return rc;
}

RTI_API int
rti_get_automatic_resign_directive(rti_ambassador *amb,
    enum rti_resign_action *out)
{
	RTI__MEMBER_OR_RETURN(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	*out = (enum rti_resign_action)amb->resign_action;
	return RTI_OK;
}

RTI_API int
rti_register_federation_synchronization_point(rti_ambassador *amb,
    const char *label, const void *tag, size_t tag_len,
    const rti_federate_handle *set, size_t n_set)
{
	struct wire_buf *b;
	size_t i;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_name(amb, "label", label, 0)) != RTI_OK)
		return rc;
	if ((tag_len && !tag) || tag_len > WIRE_MAX_TAG)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "bad tag (NULL with a length, or above %u bytes)",
		    WIRE_MAX_TAG);
	if (n_set && !set)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "set is NULL");
	for (i = 0; i < n_set; i++)
		if (!set[i].id)
			return rti__fail(amb, RTI_ERR_INVALID_FEDERATE_HANDLE,
			    "federate handle %zu of the set is invalid", i);
	b = rti__req_begin(amb, WIRE_SYNC_REGISTER);
	wire_put_str(b, label);
	wire_put_blob(b, tag, tag_len);
	wire_put_u32(b, (uint32_t)n_set);
	for (i = 0; i < n_set; i++)
		wire_put_u32(b, set[i].id);
	return rti__req_finish(amb, NULL);
}

RTI_API int
rti_synchronization_point_achieved(rti_ambassador *amb, const char *label,
    int successfully)
{
	struct wire_buf *b;
	int rc;

	RTI__JOINED_OR_RETURN(amb);
	if ((rc = check_name(amb, "label", label, 0)) != RTI_OK)
		return rc;
	b = rti__req_begin(amb, WIRE_SYNC_ACHIEVED);
	wire_put_str(b, label);
	wire_put_u8(b, successfully ? 1 : 0);
	return rti__req_finish(amb, NULL);
}

/* ---- lookups ---- */

RTI_API int
rti_get_federate_handle(rti_ambassador *amb, const char *name,
    rti_federate_handle *out)
{
	struct wire_buf *b;
	struct wire_rd rd;
	uint32_t h;
	int rc;

	RTI__MEMBER_OR_RETURN(amb);
	if ((rc = check_name(amb, "federate name", name, 0)) != RTI_OK)
		return rc;
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	b = rti__req_begin(amb, WIRE_GET_FEDERATE_HANDLE);
	wire_put_str(b, name);
	if ((rc = rti__req_finish(amb, &rd)) != RTI_OK)
		return rc;
	h = wire_get_u32(&rd);
	if (rd.err)
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR, "bad reply");
	out->id = h;
	return RTI_OK;
}

RTI_API int
rti_get_federate_name(rti_ambassador *amb, rti_federate_handle h,
    const char **out)
{
	struct wire_buf *b;
	struct wire_rd rd;
	struct rti__name_cache *nc;
	const char *name;
	size_t i;
	int rc;

	RTI__MEMBER_OR_RETURN(amb);
	if (!out)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT, "out is NULL");
	if (!h.id)
		return rti__fail(amb, RTI_ERR_INVALID_FEDERATE_HANDLE,
		    "federate handle 0 is invalid");
	for (i = 0; i < amb->n_fed_names; i++)
		if (amb->fed_names[i].handle == h.id) {
			*out = amb->fed_names[i].name;
			return RTI_OK;
		}
	b = rti__req_begin(amb, WIRE_GET_FEDERATE_NAME);
	wire_put_u32(b, h.id);
	if ((rc = rti__req_finish(amb, &rd)) != RTI_OK)
		return rc;
	name = wire_get_str(&rd, WIRE_MAX_NAME);
	if (rd.err)
		return rti__fail(amb, RTI_ERR_INTERNAL_ERROR, "bad reply");
	/* Federate handles are never reused in a federation: cache. */
	nc = realloc(amb->fed_names, (amb->n_fed_names + 1) * sizeof *nc);
	if (!nc)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	amb->fed_names = nc;
	nc[amb->n_fed_names].handle = h.id;
	nc[amb->n_fed_names].name = strdup(name);
	if (!nc[amb->n_fed_names].name)
		return rti__fail(amb, RTI_ERR_NO_MEMORY, "out of memory");
	*out = nc[amb->n_fed_names++].name;
	return RTI_OK;
}

#define LOOKUP_ARGS(amb, name, out)                                       \
	do {                                                              \
		RTI__MEMBER_OR_RETURN(amb);                                    \
		if (!(name) || !(out))                                    \
			return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,   \
			    "NULL argument");                             \
	} while (0)

/*
 * The name and handle lookups of object classes with their attributes
 * and of interaction classes with their parameters: one implementation
 * for both kinds, what differs between them in a table.  Every lookup
 * that finds nothing catches up with the FOM modules joined since
 * (RTI__CAUGHT_UP) and looks once more, so that a handle or a name of a
 * later module is found whichever lookup meets it first.
 */
struct class_kind {
	const char *cls, *member;       /* "object class", "attribute" */
	int bad_cls, bad_member;        /* a handle that names none */
	uint32_t (*by_name)(const struct fom *, const char *);
	const char *(*qname)(const struct fom *, uint32_t); /* NULL: none */
	uint32_t (*member_by_name)(const struct fom *, uint32_t cls,
	    const char *);
	int (*has_member)(const struct fom *, uint32_t cls, uint32_t h);
	const char *(*member_name)(const struct fom *, uint32_t h);
};

static const char *
oclass_qname(const struct fom *f, uint32_t h)
{
	const struct fom_oclass *c = fom_oclass(f, h);

	return c ? c->qname : NULL;
}

static const char *
iclass_qname(const struct fom *f, uint32_t h)
{
	const struct fom_iclass *c = fom_iclass(f, h);

	return c ? c->qname : NULL;
}

static const char *
attr_name(const struct fom *f, uint32_t h)
{
	return fom_attr(f, h)->name;
}

static const char *
param_name(const struct fom *f, uint32_t h)
{
	return fom_param(f, h)->name;
}

static const struct class_kind object_kind = {
	.cls = "object class",
	.member = "attribute",
	.bad_cls = RTI_ERR_INVALID_OBJECT_CLASS_HANDLE,
	.bad_member = RTI_ERR_INVALID_ATTRIBUTE_HANDLE,
	.by_name = fom_oclass_by_name,
	.qname = oclass_qname,
	.member_by_name = fom_attr_by_name,
	.has_member = fom_oclass_has_attr,
	.member_name = attr_name,
};

static const struct class_kind interaction_kind = {
	.cls = "interaction class",
	.member = "parameter",
	.bad_cls = RTI_ERR_INVALID_INTERACTION_CLASS_HANDLE,
	.bad_member = RTI_ERR_INVALID_PARAMETER_HANDLE,
	.by_name = fom_iclass_by_name,
	.qname = iclass_qname,
	.member_by_name = fom_param_by_name,
	.has_member = fom_iclass_has_param,
	.member_name = param_name,
};

/* The handle of class `name` in *out. */
static int
class_handle(rti_ambassador *amb, const struct class_kind *k,
    const char *name, uint32_t *out)
{
	uint32_t h;

	if (!RTI__CAUGHT_UP(amb, h = k->by_name(amb->fom, name)))
		return rti__fail(amb, RTI_ERR_NAME_NOT_FOUND,
		    "no %s named '%s'", k->cls, name);
	*out = h;
	return RTI_OK;
}

/* The qualified name of class `h` in *out. */
static int
class_name(rti_ambassador *amb, const struct class_kind *k, uint32_t h,
    const char **out)
{
	const char *q;

	if (!RTI__CAUGHT_UP(amb, q = k->qname(amb->fom, h)))
		return rti__fail(amb, k->bad_cls, "%s handle %u is not "
		    "defined", k->cls, h);
	*out = q;
	return RTI_OK;
}

/* The handle of member `name` of class `cls` in *out. */
static int
member_handle(rti_ambassador *amb, const struct class_kind *k, uint32_t cls,
    const char *name, uint32_t *out)
{
	const char *q;
	uint32_t h;
	int rc;

	if ((rc = class_name(amb, k, cls, &q)) != RTI_OK)
		return rc;
	if (!RTI__CAUGHT_UP(amb, h = k->member_by_name(amb->fom, cls, name))) {
		/* catching up may have merged modules into a new model: q
		 * pointed into the old one */
		if ((rc = class_name(amb, k, cls, &q)) != RTI_OK)
			return rc;
		return rti__fail(amb, RTI_ERR_NAME_NOT_FOUND,
		    "%s %s has no %s '%s'", k->cls, q, k->member, name);
	}
	*out = h;
	return RTI_OK;
}

/* The name of member `h` of class `cls` in *out. */
static int
member_name(rti_ambassador *amb, const struct class_kind *k, uint32_t cls,
    uint32_t h, const char **out)
{
	const char *q;
	int rc;

	if ((rc = class_name(amb, k, cls, &q)) != RTI_OK)
		return rc;
	if (!RTI__CAUGHT_UP(amb, k->has_member(amb->fom, cls, h))) {
		/* q again, as in member_handle */
		if ((rc = class_name(amb, k, cls, &q)) != RTI_OK)
			return rc;
		return rti__fail(amb, k->bad_member, "%s handle %u is not %s "
		    "%s of %s", k->member, h, k->member[0] == 'a' ? "an" :
		    "a", k->member, q);
	}
	*out = k->member_name(amb->fom, h);
	return RTI_OK;
}

RTI_API int
rti_get_object_class_handle(rti_ambassador *amb, const char *name,
    rti_object_class_handle *out)
{
	LOOKUP_ARGS(amb, name, out);
	return class_handle(amb, &object_kind, name, &out->id);
}

RTI_API int
rti_get_object_class_name(rti_ambassador *amb, rti_object_class_handle h,
    const char **out)
{
	LOOKUP_ARGS(amb, "", out);
	return class_name(amb, &object_kind, h.id, out);
}

RTI_API int
rti_get_attribute_handle(rti_ambassador *amb, rti_object_class_handle cls,
    const char *name, rti_attribute_handle *out)
{
	LOOKUP_ARGS(amb, name, out);
	return member_handle(amb, &object_kind, cls.id, name, &out->id);
}

RTI_API int
rti_get_attribute_name(rti_ambassador *amb, rti_object_class_handle cls,
    rti_attribute_handle h, const char **out)
{
	LOOKUP_ARGS(amb, "", out);
	return member_name(amb, &object_kind, cls.id, h.id, out);
}

RTI_API int
rti_get_interaction_class_handle(rti_ambassador *amb, const char *name,
    rti_interaction_class_handle *out)
{
	LOOKUP_ARGS(amb, name, out);
	return class_handle(amb, &interaction_kind, name, &out->id);
}

RTI_API int
rti_get_interaction_class_name(rti_ambassador *amb,
    rti_interaction_class_handle h, const char **out)
{
	LOOKUP_ARGS(amb, "", out);
	return class_name(amb, &interaction_kind, h.id, out);
}

RTI_API int
rti_get_parameter_handle(rti_ambassador *amb,
    rti_interaction_class_handle cls, const char *name,
    rti_parameter_handle *out)
{
	LOOKUP_ARGS(amb, name, out);
	return member_handle(amb, &interaction_kind, cls.id, name, &out->id);
}

RTI_API int
rti_get_parameter_name(rti_ambassador *amb, rti_interaction_class_handle cls,
    rti_parameter_handle h, const char **out)
{
	LOOKUP_ARGS(amb, "", out);
	return member_name(amb, &interaction_kind, cls.id, h.id, out);
}

RTI_API int
rti_get_dimension_handle(rti_ambassador *amb, const char *name,
    rti_dimension_handle *out)
{
	uint32_t h;

	LOOKUP_ARGS(amb, name, out);
	if (!RTI__CAUGHT_UP(amb, h = fom_dim_by_name(amb->fom, name)))
		return rti__fail(amb, RTI_ERR_NAME_NOT_FOUND,
		    "no dimension named '%s'", name);
	out->id = h;
	return RTI_OK;
}

/* Dimension `h` in *out. */
static int
dimension(rti_ambassador *amb, uint32_t h, const struct fom_dimension **out)
{
	const struct fom_dimension *d;

	if (!RTI__CAUGHT_UP(amb, d = fom_dim(amb->fom, h)))
		return rti__fail(amb, RTI_ERR_INVALID_DIMENSION_HANDLE,
		    "dimension handle %u is not defined", h);
	*out = d;
	return RTI_OK;
}

RTI_API int
rti_get_dimension_name(rti_ambassador *amb, rti_dimension_handle h,
    const char **out)
{
	const struct fom_dimension *d;
	int rc;

	LOOKUP_ARGS(amb, "", out);
	if ((rc = dimension(amb, h.id, &d)) != RTI_OK)
		return rc;
	*out = d->name;
	return RTI_OK;
}

RTI_API int
rti_get_dimension_upper_bound(rti_ambassador *amb, rti_dimension_handle h,
    uint64_t *out)
{
	const struct fom_dimension *d;
	int rc;

	LOOKUP_ARGS(amb, "", out);
	if ((rc = dimension(amb, h.id, &d)) != RTI_OK)
		return rc;
	*out = d->upper_bound ? d->upper_bound : 0xffffffffu;
	return RTI_OK;
}

/* Copy dims[0..k) to out (at most cap) and k to *n. */
static int
put_dims(rti_ambassador *amb, const uint32_t *dims, uint32_t k,
    rti_dimension_handle *out, size_t cap, size_t *n)
{
	uint32_t i;

	if (!n || (cap && !out))
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "NULL output");
	for (i = 0; i < k && i < cap; i++)
		out[i].id = dims[i];
	*n = k;
	return RTI_OK;
}

RTI_API int
rti_get_available_dimensions_for_class_attribute(rti_ambassador *amb,
    rti_object_class_handle cls, rti_attribute_handle attr,
    rti_dimension_handle *out, size_t cap, size_t *n)
{
	const struct fom_attribute *a;

	RTI__MEMBER_OR_RETURN(amb);
	if (!RTI__CAUGHT_UP(amb, fom_oclass(amb->fom, cls.id)))
		return rti__fail(amb, RTI_ERR_INVALID_OBJECT_CLASS_HANDLE,
		    "object class handle %u is not defined", cls.id);
	if (!fom_oclass_has_attr(amb->fom, cls.id, attr.id) ||
	    !(a = fom_attr(amb->fom, attr.id)))
		return rti__fail(amb, RTI_ERR_INVALID_ATTRIBUTE_HANDLE,
		    "attribute handle %u is not an attribute of %s", attr.id,
		    fom_oclass(amb->fom, cls.id)->qname);
	return put_dims(amb, a->dims, a->n_dims, out, cap, n);
}

RTI_API int
rti_get_available_dimensions_for_interaction_class(rti_ambassador *amb,
    rti_interaction_class_handle cls, rti_dimension_handle *out,
    size_t cap, size_t *n)
{
	const struct fom_iclass *c;

	RTI__MEMBER_OR_RETURN(amb);
	if (!RTI__CAUGHT_UP(amb, (c = fom_iclass(amb->fom, cls.id))))
		return rti__fail(amb, RTI_ERR_INVALID_INTERACTION_CLASS_HANDLE,
		    "interaction class handle %u is not defined", cls.id);
	return put_dims(amb, c->dims, c->n_dims, out, cap, n);
}

/* ---- callbacks ---- */

static int
cb_list_report(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct rti_federation_execution_info *infos;
	uint32_t n = wire_get_count(rd, 12), i;

	(void)type;
	if (rd->err)
		return -1;
	infos = calloc(n ? n : 1, sizeof *infos);
	if (!infos)
		return -1;
	for (i = 0; i < n; i++) {
		infos[i].name = wire_get_str(rd, WIRE_MAX_NAME);
		infos[i].time_implementation = wire_get_str(rd, WIRE_MAX_NAME);
		infos[i].federates = wire_get_u32(rd);
	}
	if (!wire_rd_done(rd)) {
		free(infos);
		return -1;
	}
	if (amb->cb.report_federation_executions)
		amb->cb.report_federation_executions(amb->arg, infos, n);
	free(infos);
	return 0;
}

static int
cb_sync_reg(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	const char *label = wire_get_str(rd, WIRE_MAX_NAME);
	uint32_t reason = 0;

	if (type == WIRE_CB_SYNC_REG_FAIL)
		reason = wire_get_u32(rd);
	if (!wire_rd_done(rd))
		return -1;
	if (type == WIRE_CB_SYNC_REG_OK) {
		if (amb->cb.synchronization_point_registration_succeeded)
			amb->cb.synchronization_point_registration_succeeded(
			    amb->arg, label);
	} else if (amb->cb.synchronization_point_registration_failed) {
		amb->cb.synchronization_point_registration_failed(amb->arg,
		    label, (enum rti_sync_failure_reason)reason);
	}
	return 0;
}

static int
cb_announce(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	const char *label = wire_get_str(rd, WIRE_MAX_NAME);
	uint32_t tag_len;
	const void *tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);

	(void)type;
	if (!wire_rd_done(rd))
		return -1;
	if (amb->cb.announce_synchronization_point)
		amb->cb.announce_synchronization_point(amb->arg, label, tag,
		    tag_len);
	return 0;
}

static int
cb_synchronized(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	const char *label = wire_get_str(rd, WIRE_MAX_NAME);
	uint32_t n = wire_get_count(rd, 4), i;
	rti_federate_handle *failed;

	(void)type;
	if (rd->err)
		return -1;
	failed = calloc(n ? n : 1, sizeof *failed);
	if (!failed)
		return -1;
	for (i = 0; i < n; i++)
		failed[i].id = wire_get_u32(rd);
	if (!wire_rd_done(rd)) {
		free(failed);
		return -1;
	}
	if (amb->cb.federation_synchronized)
		amb->cb.federation_synchronized(amb->arg, label, failed, n);
	free(failed);
	return 0;
}

/*
 * WIRE_CB_FOM_MODULES: modules first..first+n-1 of the federation, merged
 * at another federate's join.  Applied when read, never a user callback:
 * in order by evoke, or ahead of the queue by a lookup that missed
 * (rti__fom_catch_up); the second time it finds them loaded and does
 * nothing.
 * A gap, a module that does not load, or a model whose old items moved
 * is a fault of rtiexec: -1 with the connection lost, saying why.
 */
static int
cb_fom_modules(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	struct rti__fom_sizes was;
	struct fom_error fe;
	uint32_t first = wire_get_u32(rd), n = wire_get_count(rd, 9), i, have;
	int rc = 0;

	(void)type;
	if (rd->err || !amb->fom)
		return -1;
	have = amb->fom->n_modules;
	if (first > have || (uint64_t)first + n < have) {
		rti__lose(amb, "FOM modules %u.. announced, %u loaded", first,
		    have);
		return -1;
	}
	was.n_oclasses = amb->fom->n_oclasses;
	was.n_attrs = amb->fom->n_attrs;
	was.n_iclasses = amb->fom->n_iclasses;
	was.n_params = amb->fom->n_params;
	was.n_dims = amb->fom->n_dims;
	for (i = 0; i < n; i++) {
		const char *mname = wire_get_str(rd, 4096);
		uint32_t len;
		const char *bin = wire_get_blob(rd, &len, UINT32_MAX);

		if (rd->err)
			return -1;
		if (first + i < have)
			continue;       /* applied ahead already */
		if (fom_load_bin(amb->fom, bin, len, mname, &fe) < 0) {
			rti__lose(amb, "cannot load the FOM module '%.80s' "
			    "rtiexec announced: %.60s:%d: %.80s", mname,
			    fe.file, fe.line, fe.msg);
			rc = -1;
			break;
		}
	}
	if (rc == 0 && !wire_rd_done(rd))
		rc = -1;
	if (amb->fom->n_modules == have)
		return rc;
	if (bset_words(amb->fom->n_attrs) > amb->attr_words) {
		rti__lose(amb, "the FOM modules rtiexec announced widen the "
		    "attribute sets");
		return -1;
	}
	if (rti__ev_fom_grown(amb, &was) < 0) {
		rti__lose(amb, "out of memory growing the FOM tables");
		return -1;
	}
	if (rti__fom_best_effort(amb->fom))
		rti__udp_want(amb);
	return rc;
}
/* WIRE_CB_RESTORE_FEDM: the federate's handle and name after the restore
 * (the first of the restore's frames).  Names of other federates cached
 * before are of other handles now: forgotten. */
static int
cb_restore_fedm(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint32_t h = wire_get_u32(rd);
	const char *name = wire_get_str(rd, WIRE_MAX_NAME);
	char *copy;
	size_t i;

	(void)type;
	if (!wire_rd_done(rd) || !h || !(copy = strdup(name)))
		return -1;
	free(amb->federate_name);
	amb->federate_name = copy;
	amb->self.id = h;
	for (i = 0; i < amb->n_fed_names; i++)
		free(amb->fed_names[i].name);
	free(amb->fed_names);
	amb->fed_names = NULL;
	amb->n_fed_names = 0;
	return 0;
}

static const struct rti__cb_handler fedm_callbacks[] = {
	{ WIRE_CB_FOM_MODULES, cb_fom_modules },
	{ WIRE_CB_LIST_REPORT, cb_list_report },
	{ WIRE_CB_SYNC_REG_OK, cb_sync_reg },
	{ WIRE_CB_SYNC_REG_FAIL, cb_sync_reg },
	{ WIRE_CB_SYNC_ANNOUNCE, cb_announce },
	{ WIRE_CB_SYNCHRONIZED, cb_synchronized },
	{ WIRE_CB_RESTORE_FEDM, cb_restore_fedm },
	{ 0, NULL }
};

static const struct rti__msg_out fedm_sends[] = {
	{ WIRE_CREATE, RTI__REQUEST },
	{ WIRE_DESTROY, RTI__REQUEST },
	{ WIRE_LIST, RTI__REQUEST },
	{ WIRE_JOIN, RTI__REQUEST },
	{ WIRE_JOIN_WITH_MODULES, RTI__REQUEST },
	{ WIRE_RESIGN, RTI__REQUEST },
	{ WIRE_SET_RESIGN_ACTION, RTI__REQUEST },
	{ WIRE_SYNC_REGISTER, RTI__REQUEST },
	{ WIRE_SYNC_ACHIEVED, RTI__REQUEST },
	{ WIRE_GET_FEDERATE_HANDLE, RTI__REQUEST },
	{ WIRE_GET_FEDERATE_NAME, RTI__REQUEST },
	{ 0, 0 }
};

const struct rti__module rti__fedm_module = {
	.name = "FedM",
	.callbacks = fedm_callbacks,
	.sends = fedm_sends,
};
