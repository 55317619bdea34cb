/*
 * fedm.c - federation management: create/destroy/list federation
 * executions, join/resign, synchronization points, federate lookups.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

#define FEDM_MAX_MODULES 256
#define FEDM_MAX_SYNC_SET 65536

struct sync_point {
	char *label;
	void *tag;
	uint32_t tag_len;
	int whole_federation;     /* registered with an empty set */
	uint32_t n;
	uint32_t *members;
	uint8_t *achieved;        /* 0 = no, 1 = yes, 2 = yes, unsuccessfully */
	struct sync_point *next;
};

struct fedm_fx {
	struct sync_point *syncs;
};

static char *
xstrdup(const char *s)
{
	return s ? strdup(s) : NULL;
}

struct federation *
fedm_find(struct rti_server *srv, const char *name)
{
	struct federation *fx;

	for (fx = srv->federations; fx; fx = fx->next)
		if (strcmp(fx->name, name) == 0)
			return fx;
	return NULL;
}

struct federate *
fedm_federate(struct federation *fx, uint32_t handle)
{
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++)
		if (fx->feds[i]->handle == handle)
			return fx->feds[i];
	return NULL;
}

static struct federate *
find_by_name(struct federation *fx, const char *name)
{
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++)
		if (strcmp(fx->feds[i]->name, name) == 0)
			return fx->feds[i];
	return NULL;
}

void
fedm_broadcast(struct federation *fx, const struct wire_buf *b,
    const struct federate *skip)
{
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++)
		if (fx->feds[i] != skip && fx->feds[i]->conn)
			conn_send_buf(fx->feds[i]->conn, b);
}

static void
send_to(struct federation *fx, uint32_t handle, const struct wire_buf *b)
{
	struct federate *f = fedm_federate(fx, handle);

	if (f && f->conn)
		conn_send_buf(f->conn, b);
}

static void
federation_free(struct federation *fx)
{
	uint32_t i;
	int m;

	for (m = MOD_COUNT - 1; m >= 0; m--)
		if (server_modules[m]->federation_fini)
			server_modules[m]->federation_fini(fx);
	for (i = 0; i < fx->n_modules; i++) {
		free(fx->module_names[i]);
		free(fx->module_xml[i]);
	}
	free(fx->module_names);
	free(fx->module_xml);
	free(fx->module_len);
	free(fx->feds);
	fom_free(fx->fom);
	free(fx->name);
	free(fx);
}

/* Read a whole file; NULL with errno on failure.  Caller frees. */
static char *
read_file(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) < 0 || (n = ftell(fp)) < 0 ||
	    fseek(fp, 0, SEEK_SET) < 0)
		goto fail;
	buf = malloc((size_t)n + 1);
	if (!buf)
		goto fail;
	if (fread(buf, 1, (size_t)n, fp) != (size_t)n)
		goto fail;
	buf[n] = '\0';
	*len = (size_t)n;
	fclose(fp);
	return buf;
fail:
	free(buf);
	fclose(fp);
	return NULL;
}

/* Resolve a module name in the FOM search path (and as given). */
static char *
resolve_module(struct rti_server *srv, const char *name, size_t *len)
{
	const char *path = srv->cfg.fom_path;
	char full[4096];
	char *xml;

	if (strchr(name, '/') || !path) {
		xml = read_file(name, len);
		if (xml || !path)
			return xml;
	}
	while (path && *path) {
		const char *colon = strchr(path, ':');
		size_t dl = colon ? (size_t)(colon - path) : strlen(path);

		if (dl > 0 && (size_t)snprintf(full, sizeof full, "%.*s/%s",
		    (int)dl, path, name) < sizeof full) {
			xml = read_file(full, len);
			if (xml)
				return xml;
		}
		path = colon ? colon + 1 : NULL;
	}
	return NULL;
}

struct module_src {
	const char *name;
	const char *xml;    /* NULL: resolve by name */
	size_t len;
};

/*
 * Build a federation from modules.  On failure returns NULL with *err and
 * msg set; nothing is registered.
 */
static struct federation *
federation_build(struct rti_server *srv, const char *name,
    const char *time_impl, const struct module_src *src, uint32_t n,
    int *err, char *msg, size_t msglen)
{
	struct federation *fx;
	struct fom_error fe;
	uint32_t i;
	int m;

	fx = calloc(1, sizeof *fx);
	if (!fx)
		goto oom;
	fx->srv = srv;
	fx->name = strdup(name);
	fx->fom = fom_new();
	fx->module_names = calloc(n ? n : 1, sizeof *fx->module_names);
	fx->module_xml = calloc(n ? n : 1, sizeof *fx->module_xml);
	fx->module_len = calloc(n ? n : 1, sizeof *fx->module_len);
	if (!fx->name || !fx->fom || !fx->module_names || !fx->module_xml ||
	    !fx->module_len)
		goto oom;
	fx->next_fed_handle = 1;
	if (!time_impl || !*time_impl ||
	    strcmp(time_impl, "HLAfloat64Time") == 0)
		fx->time_int64 = 0;
	else if (strcmp(time_impl, "HLAinteger64Time") == 0)
		fx->time_int64 = 1;
	else {
		*err = RTI_ERR_COULD_NOT_CREATE_LOGICAL_TIME_FACTORY;
		snprintf(msg, msglen, "unknown time implementation '%s' "
		    "(want HLAfloat64Time or HLAinteger64Time)", time_impl);
		goto fail;
	}
	for (i = 0; i < n; i++) {
		struct fom *alone;
		char *xml;
		size_t len;

		if (src[i].xml) {
			xml = malloc(src[i].len + 1);
			if (!xml)
				goto oom;
			memcpy(xml, src[i].xml, src[i].len);
			xml[src[i].len] = '\0';
			len = src[i].len;
		} else {
			xml = resolve_module(srv, src[i].name, &len);
			if (!xml) {
				*err = RTI_ERR_COULD_NOT_OPEN_FDD;
				snprintf(msg, msglen,
				    "FOM module '%s' not found (searched the "
				    "FOM path %s)", src[i].name,
				    srv->cfg.fom_path ? srv->cfg.fom_path :
				    "(none)");
				goto fail;
			}
		}
		fx->module_names[i] = strdup(src[i].name);
		fx->module_xml[i] = xml;
		fx->module_len[i] = len;
		fx->n_modules = i + 1;
		if (!fx->module_names[i])
			goto oom;
		/* A module that fails alone is unreadable; one that fails
		 * only in the merge is inconsistent with the others. */
		alone = fom_new();
		if (!alone)
			goto oom;
		if (fom_load_string(alone, xml, len, src[i].name, &fe) < 0) {
			fom_free(alone);
			*err = RTI_ERR_ERROR_READING_FDD;
			snprintf(msg, msglen, "%s:%d: %s", fe.file, fe.line,
			    fe.msg);
			goto fail;
		}
		fom_free(alone);
		if (fom_load_string(fx->fom, xml, len, src[i].name, &fe) < 0) {
			*err = RTI_ERR_INCONSISTENT_FDD;
			snprintf(msg, msglen, "%s:%d: %s", fe.file, fe.line,
			    fe.msg);
			goto fail;
		}
	}
	for (m = 0; m < MOD_COUNT; m++)
		if (server_modules[m]->federation_init &&
		    server_modules[m]->federation_init(fx) < 0) {
			/* fini of every module must tolerate a NULL slot */
			goto oom;
		}
	return fx;
oom:
	*err = RTI_ERR_NO_MEMORY;
	snprintf(msg, msglen, "out of memory");
fail:
	if (fx)
		federation_free(fx);
	return NULL;
}

static void
federation_add(struct rti_server *srv, struct federation *fx)
{
	fx->next = srv->federations;
	srv->federations = fx;
	rti_log(srv, LOG_INFO, "federation %s created (%u modules, %s)",
	    fx->name, fx->n_modules,
	    fx->time_int64 ? "HLAinteger64Time" : "HLAfloat64Time");
}

int
fedm_create_from_files(struct rti_server *srv, const char *name,
    const char *const *files, size_t n, const char *time_impl)
{
	struct module_src *src;
	struct federation *fx;
	char msg[1200];
	int err = 0;
	size_t i;

	if (fedm_find(srv, name)) {
		rti_log(srv, LOG_ERROR, "federation %s already exists", name);
		return -1;
	}
	src = calloc(n ? n : 1, sizeof *src);
	if (!src)
		return -1;
	for (i = 0; i < n; i++)
		src[i].name = files[i];
	fx = federation_build(srv, name, time_impl, src, (uint32_t)n, &err,
	    msg, sizeof msg);
	free(src);
	if (!fx) {
		rti_log(srv, LOG_ERROR, "cannot create federation %s: %s",
		    name, msg);
		return -1;
	}
	federation_add(srv, fx);
	return 0;
}

static int
h_create(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct rti_server *srv = c->srv;
	const char *name, *time_impl;
	struct module_src *src;
	struct federation *fx;
	uint32_t n, i, len;
	char msg[1200];
	int err = 0;

	name = wire_get_str(rd, WIRE_MAX_NAME);
	time_impl = wire_get_str(rd, WIRE_MAX_NAME);
	n = wire_get_count(rd, 9);
	if (rd->err)
		return -1;
	if (n > FEDM_MAX_MODULES)
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "at most %d FOM modules", FEDM_MAX_MODULES), 0;
	src = calloc(n ? n : 1, sizeof *src);
	if (!src)
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	for (i = 0; i < n; i++) {
		src[i].name = wire_get_str(rd, 4096);
		src[i].xml = wire_get_blob(rd, &len, UINT32_MAX);
		src[i].len = len;
		if (src[i].xml && len == 0)
			src[i].xml = NULL;
	}
	if (!wire_rd_done(rd)) {
		free(src);
		return -1;
	}
	if (!*name) {
		free(src);
		return conn_replyf(c, serial, RTI_ERR_INVALID_ARGUMENT,
		    "empty federation name"), 0;
	}
	if (fedm_find(srv, name)) {
		free(src);
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS,
		    "federation execution '%s' already exists", name), 0;
	}
	fx = federation_build(srv, name, time_impl, src, n, &err, msg,
	    sizeof msg);
	free(src);
	if (!fx)
		return conn_reply(c, serial, err, msg, NULL, 0), 0;
	federation_add(srv, fx);
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static void
federation_remove(struct rti_server *srv, struct federation *fx)
{
	struct federation **pp;

	for (pp = &srv->federations; *pp; pp = &(*pp)->next)
		if (*pp == fx) {
			*pp = fx->next;
			break;
		}
	rti_log(srv, LOG_INFO, "federation %s destroyed", fx->name);
	federation_free(fx);
}

static int
h_destroy(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	const char *name = wire_get_str(rd, WIRE_MAX_NAME);
	struct federation *fx;

	if (!wire_rd_done(rd))
		return -1;
	fx = fedm_find(c->srv, name);
	if (!fx)
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST,
		    "federation execution '%s' does not exist", name), 0;
	if (fx->n_feds > 0)
		return conn_replyf(c, serial, RTI_ERR_FEDERATES_CURRENTLY_JOINED,
		    "%u federate(s) still joined to '%s'", fx->n_feds, name),
		    0;
	federation_remove(c->srv, fx);
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static int
h_list(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx;
	struct wire_buf *b;
	size_t off, cnt;
	uint32_t n = 0;

	if (!wire_rd_done(rd))
		return -1;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	b = srv_frame(c->srv, WIRE_CB_LIST_REPORT, &off);
	cnt = b->len;
	wire_put_u32(b, 0);
	for (fx = c->srv->federations; fx; fx = fx->next, n++) {
		wire_put_str(b, fx->name);
		wire_put_str(b, fx->time_int64 ? "HLAinteger64Time" :
		    "HLAfloat64Time");
		wire_put_u32(b, fx->n_feds);
	}
	wire_patch_u32(b, cnt, n);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
	return 0;
}

static void announce_to_late_joiner(struct federate *f);

static int
h_join(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	const char *fxname, *name, *type;
	struct federation *fx;
	struct federate *f;
	char autoname[32];
	struct wire_buf body;
	uint32_t i;
	int m;

	fxname = wire_get_str(rd, WIRE_MAX_NAME);
	name = wire_get_str(rd, WIRE_MAX_NAME);
	type = wire_get_str(rd, WIRE_MAX_NAME);
	if (!wire_rd_done(rd))
		return -1;
	if (c->fed)
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATE_ALREADY_EXECUTION_MEMBER,
		    "already joined to '%s' as '%s'", c->fed->fx->name,
		    c->fed->name), 0;
	fx = fedm_find(c->srv, fxname);
	if (!fx)
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST,
		    "federation execution '%s' does not exist", fxname), 0;
	if (!*name) {
		snprintf(autoname, sizeof autoname, "federate-%u",
		    fx->next_fed_handle);
		name = autoname;
	}
	if (find_by_name(fx, name))
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE,
		    "federate name '%s' is in use in '%s'", name, fxname), 0;
	if (fx->n_feds == fx->cap_feds) {
		uint32_t cap = fx->cap_feds ? fx->cap_feds * 2 : 8;
		struct federate **nf = realloc(fx->feds, cap * sizeof *nf);

		if (!nf)
			return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL,
			    NULL, 0), 0;
		fx->feds = nf;
		fx->cap_feds = cap;
	}
	f = calloc(1, sizeof *f);
	if (!f || !(f->name = strdup(name)) || !(f->type = xstrdup(type))) {
		if (f)
			free(f->name);
		free(f);
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	}
	f->fx = fx;
	f->conn = c;
	f->handle = fx->next_fed_handle;
	f->resign_action = RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST;
	for (m = 0; m < MOD_COUNT; m++) {
		if (server_modules[m]->federate_join &&
		    server_modules[m]->federate_join(f) < 0) {
			while (--m >= 0)
				if (server_modules[m]->federate_fini)
					server_modules[m]->federate_fini(f);
			free(f->name);
			free(f->type);
			free(f);
			return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL,
			    NULL, 0), 0;
		}
	}
	fx->next_fed_handle++;
	fx->feds[fx->n_feds++] = f;
	c->fed = f;

	wire_buf_init(&body);
	wire_put_u32(&body, f->handle);
	wire_put_str(&body, f->name);
	wire_put_str(&body, fx->time_int64 ? "HLAinteger64Time" :
	    "HLAfloat64Time");
	wire_put_u32(&body, fx->n_modules);
	for (i = 0; i < fx->n_modules; i++) {
		wire_put_str(&body, fx->module_names[i]);
		wire_put_blob(&body, fx->module_xml[i], fx->module_len[i]);
	}
	if (body.oom)
		conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0);
	else
		conn_reply(c, serial, RTI_OK, NULL, body.data, body.len);
	wire_buf_free(&body);
	rti_log(c->srv, LOG_INFO, "federate %s (%u, type %s) joined %s",
	    f->name, f->handle, f->type, fx->name);
	announce_to_late_joiner(f);
	return 0;
}

static int
valid_action(uint32_t a)
{
	return a <= RTI_RESIGN_NO_ACTION;
}

/* Remove `f` from the federation's list. */
static void
unlink_federate(struct federate *f)
{
	struct federation *fx = f->fx;
	uint32_t i;

	for (i = 0; i < fx->n_feds; i++)
		if (fx->feds[i] == f) {
			memmove(&fx->feds[i], &fx->feds[i + 1],
			    (fx->n_feds - i - 1) * sizeof *fx->feds);
			fx->n_feds--;
			break;
		}
}

void
fedm_resign(struct federate *f, int action)
{
	int m;

	if (f->conn) {
		f->conn->fed = NULL;
		f->conn = NULL;
	}
	for (m = MOD_COUNT - 1; m >= 0; m--)
		if (server_modules[m]->federate_resign)
			server_modules[m]->federate_resign(f, action);
	unlink_federate(f);
	for (m = MOD_COUNT - 1; m >= 0; m--)
		if (server_modules[m]->federate_fini)
			server_modules[m]->federate_fini(f);
	rti_log(f->fx->srv, LOG_INFO, "federate %s (%u) resigned from %s",
	    f->name, f->handle, f->fx->name);
	free(f->name);
	free(f->type);
	free(f);
}

static int
h_resign(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	uint32_t action = wire_get_u32(rd);
	char msg[256];
	int m, err;

	if (!wire_rd_done(rd))
		return -1;
	if (!valid_action(action))
		return conn_replyf(c, serial, RTI_ERR_INVALID_RESIGN_ACTION,
		    "resign action %u is not defined", action), 0;
	for (m = 0; m < MOD_COUNT; m++) {
		if (!server_modules[m]->federate_can_resign)
			continue;
		msg[0] = '\0';
		err = server_modules[m]->federate_can_resign(c->fed,
		    (int)action, msg, sizeof msg);
		if (err != RTI_OK)
			return conn_reply(c, serial, err, msg[0] ? msg : NULL,
			    NULL, 0), 0;
	}
	fedm_resign(c->fed, (int)action);
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static int
h_set_resign_action(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	uint32_t action = wire_get_u32(rd);

	if (!wire_rd_done(rd))
		return -1;
	if (!valid_action(action))
		return conn_replyf(c, serial, RTI_ERR_INVALID_RESIGN_ACTION,
		    "resign action %u is not defined", action), 0;
	c->fed->resign_action = (int)action;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

/* ---- synchronization points ---- */

static struct sync_point *
sync_find(struct fedm_fx *st, const char *label)
{
	struct sync_point *sp;

	for (sp = st->syncs; sp; sp = sp->next)
		if (strcmp(sp->label, label) == 0)
			return sp;
	return NULL;
}

static void
sync_free(struct sync_point *sp)
{
	free(sp->label);
	free(sp->tag);
	free(sp->members);
	free(sp->achieved);
	free(sp);
}

static void
send_announce(struct federation *fx, struct sync_point *sp, uint32_t to)
{
	struct wire_buf *b;
	size_t off;

	b = srv_frame(fx->srv, WIRE_CB_SYNC_ANNOUNCE, &off);
	wire_put_str(b, sp->label);
	wire_put_blob(b, sp->tag, sp->tag_len);
	wire_frame_end(b, off);
	send_to(fx, to, b);
}

/* If every member achieved, tell them all and drop the point. */
static void
sync_check_complete(struct federation *fx, struct sync_point *sp)
{
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	struct sync_point **pp;
	struct wire_buf *b;
	size_t off, cnt;
	uint32_t i, nfail = 0;

	for (i = 0; i < sp->n; i++)
		if (!sp->achieved[i])
			return;
	b = srv_frame(fx->srv, WIRE_CB_SYNCHRONIZED, &off);
	wire_put_str(b, sp->label);
	cnt = b->len;
	wire_put_u32(b, 0);
	for (i = 0; i < sp->n; i++)
		if (sp->achieved[i] == 2) {
			wire_put_u32(b, sp->members[i]);
			nfail++;
		}
	wire_patch_u32(b, cnt, nfail);
	wire_frame_end(b, off);
	for (i = 0; i < sp->n; i++)
		send_to(fx, sp->members[i], b);
	for (pp = &st->syncs; *pp; pp = &(*pp)->next)
		if (*pp == sp) {
			*pp = sp->next;
			break;
		}
	sync_free(sp);
}

static int
sync_add_member(struct sync_point *sp, uint32_t h)
{
	uint32_t *m;
	uint8_t *a;

	m = realloc(sp->members, (sp->n + 1) * sizeof *m);
	if (!m)
		return -1;
	sp->members = m;
	a = realloc(sp->achieved, sp->n + 1);
	if (!a)
		return -1;
	sp->achieved = a;
	sp->members[sp->n] = h;
	sp->achieved[sp->n] = 0;
	sp->n++;
	return 0;
}

static void
sync_reg_reply(struct conn *c, const char *label, int ok, uint32_t reason)
{
	struct wire_buf *b;
	size_t off;

	b = srv_frame(c->srv, ok ? WIRE_CB_SYNC_REG_OK : WIRE_CB_SYNC_REG_FAIL,
	    &off);
	wire_put_str(b, label);
	if (!ok)
		wire_put_u32(b, reason);
	wire_frame_end(b, off);
	conn_send_buf(c, b);
}

static int
h_sync_register(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = c->fed->fx;
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	const char *label;
	const void *tag;
	const uint8_t *set;
	uint32_t tag_len, n, i, j;
	struct sync_point *sp;

	label = wire_get_str(rd, WIRE_MAX_NAME);
	tag = wire_get_blob(rd, &tag_len, WIRE_MAX_TAG);
	n = wire_get_count(rd, 4);
	set = wire_get_raw(rd, (size_t)n * 4);
	if (!wire_rd_done(rd))
		return -1;
	if (!*label)
		return conn_replyf(c, serial, RTI_ERR_INVALID_ARGUMENT,
		    "empty synchronization point label"), 0;
	if (n > FEDM_MAX_SYNC_SET)
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "synchronization set too large"), 0;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	if (sync_find(st, label)) {
		sync_reg_reply(c, label, 0, RTI_SYNC_POINT_LABEL_NOT_UNIQUE);
		return 0;
	}
	for (i = 0; i < n; i++)
		if (!fedm_federate(fx, wire_get32(set + 4 * i))) {
			sync_reg_reply(c, label, 0,
			    RTI_SYNC_SET_MEMBER_NOT_JOINED);
			return 0;
		}
	sp = calloc(1, sizeof *sp);
	if (!sp || !(sp->label = strdup(label)) ||
	    (tag_len && !(sp->tag = malloc(tag_len))))
		goto oom;
	if (tag_len)
		memcpy(sp->tag, tag, tag_len);
	sp->tag_len = tag_len;
	sp->whole_federation = (n == 0);
	if (n == 0) {
		for (i = 0; i < fx->n_feds; i++)
			if (sync_add_member(sp, fx->feds[i]->handle) < 0)
				goto oom;
	} else {
		for (i = 0; i < n; i++) {
			uint32_t h = wire_get32(set + 4 * i);

			for (j = 0; j < sp->n && sp->members[j] != h; j++)
				;
			if (j == sp->n && sync_add_member(sp, h) < 0)
				goto oom;
		}
	}
	sp->next = st->syncs;
	st->syncs = sp;
	sync_reg_reply(c, label, 1, 0);
	for (i = 0; i < sp->n; i++)
		send_announce(fx, sp, sp->members[i]);
	return 0;
oom:
	if (sp)
		sync_free(sp);
	rti_log(c->srv, LOG_ERROR, "out of memory registering sync point");
	return 0;
}

static int
h_sync_achieved(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = c->fed->fx;
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	const char *label;
	struct sync_point *sp;
	uint8_t ok;
	uint32_t i;

	label = wire_get_str(rd, WIRE_MAX_NAME);
	ok = wire_get_u8(rd);
	if (!wire_rd_done(rd))
		return -1;
	sp = sync_find(st, label);
	for (i = 0; sp && i < sp->n; i++)
		if (sp->members[i] == c->fed->handle)
			break;
	if (!sp || i == sp->n || sp->achieved[i])
		return conn_replyf(c, serial,
		    RTI_ERR_SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED,
		    "synchronization point '%s' is not announced to this "
		    "federate or already achieved", label), 0;
	sp->achieved[i] = ok ? 1 : 2;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	sync_check_complete(fx, sp);
	return 0;
}

static void
announce_to_late_joiner(struct federate *f)
{
	struct fedm_fx *st = f->fx->mod[MOD_FEDM];
	struct sync_point *sp;

	for (sp = st->syncs; sp; sp = sp->next)
		if (sp->whole_federation &&
		    sync_add_member(sp, f->handle) == 0)
			send_announce(f->fx, sp, f->handle);
}

static int
h_get_federate_handle(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	const char *name = wire_get_str(rd, WIRE_MAX_NAME);
	struct federate *f;
	uint8_t body[4];

	if (!wire_rd_done(rd))
		return -1;
	f = find_by_name(c->fed->fx, name);
	if (!f)
		return conn_replyf(c, serial, RTI_ERR_NAME_NOT_FOUND,
		    "no federate named '%s'", name), 0;
	wire_put32(body, f->handle);
	conn_reply(c, serial, RTI_OK, NULL, body, 4);
	return 0;
}

static int
h_get_federate_name(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	uint32_t h = wire_get_u32(rd);
	struct federate *f;
	struct wire_buf body;

	if (!wire_rd_done(rd))
		return -1;
	f = fedm_federate(c->fed->fx, h);
	if (!f)
		return conn_replyf(c, serial,
		    h ? RTI_ERR_FEDERATE_HANDLE_NOT_KNOWN :
		    RTI_ERR_INVALID_FEDERATE_HANDLE,
		    "no joined federate with handle %u", h), 0;
	wire_buf_init(&body);
	wire_put_str(&body, f->name);
	conn_reply(c, serial, body.oom ? RTI_ERR_NO_MEMORY : RTI_OK, NULL,
	    body.data, body.len);
	wire_buf_free(&body);
	return 0;
}

/* ---- module hooks ---- */

static int
fedm_federation_init(struct federation *fx)
{
	fx->mod[MOD_FEDM] = calloc(1, sizeof(struct fedm_fx));
	return fx->mod[MOD_FEDM] ? 0 : -1;
}

static void
fedm_federation_fini(struct federation *fx)
{
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	struct sync_point *sp;

	if (!st)
		return;
	while ((sp = st->syncs)) {
		st->syncs = sp->next;
		sync_free(sp);
	}
	free(st);
	fx->mod[MOD_FEDM] = NULL;
}

/* A leaving federate drops out of every pending synchronization point; the
 * points it was the last holdout of complete. */
static void
fedm_federate_resign(struct federate *f, int action)
{
	struct fedm_fx *st = f->fx->mod[MOD_FEDM];
	struct sync_point *sp, *next;
	uint32_t i;

	(void)action;
	unlink_federate(f);
	for (sp = st->syncs; sp; sp = next) {
		next = sp->next;
		for (i = 0; i < sp->n; i++)
			if (sp->members[i] == f->handle)
				break;
		if (i == sp->n)
			continue;
		memmove(&sp->members[i], &sp->members[i + 1],
		    (sp->n - i - 1) * sizeof *sp->members);
		memmove(&sp->achieved[i], &sp->achieved[i + 1],
		    sp->n - i - 1);
		sp->n--;
		if (sp->n == 0) {
			struct sync_point **pp;

			for (pp = &st->syncs; *pp != sp; pp = &(*pp)->next)
				;
			*pp = sp->next;
			sync_free(sp);
		} else {
			sync_check_complete(f->fx, sp);
		}
	}
}

void
fedm_free_all(struct rti_server *srv)
{
	struct federation *fx;

	while ((fx = srv->federations)) {
		while (fx->n_feds)
			fedm_resign(fx->feds[fx->n_feds - 1],
			    RTI_RESIGN_NO_ACTION);
		srv->federations = fx->next;
		federation_free(fx);
	}
}

static int
h_ping(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	if (!wire_rd_done(rd))
		return -1;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static const struct msg_handler fedm_handlers[] = {
	{ WIRE_PING, 1, 0, h_ping },
	{ WIRE_CREATE, 1, 0, h_create },
	{ WIRE_DESTROY, 1, 0, h_destroy },
	{ WIRE_LIST, 1, 0, h_list },
	{ WIRE_JOIN, 1, 0, h_join },
	{ WIRE_RESIGN, 1, 1, h_resign },
	{ WIRE_SET_RESIGN_ACTION, 1, 1, h_set_resign_action },
	{ WIRE_SYNC_REGISTER, 1, 1, h_sync_register },
	{ WIRE_SYNC_ACHIEVED, 1, 1, h_sync_achieved },
	{ WIRE_GET_FEDERATE_HANDLE, 1, 1, h_get_federate_handle },
	{ WIRE_GET_FEDERATE_NAME, 1, 1, h_get_federate_name },
	{ 0, 0, 0, NULL }
};

const struct module_ops fedm_module = {
	.name = "FedM",
	.handlers = fedm_handlers,
	.federation_init = fedm_federation_init,
	.federation_fini = fedm_federation_fini,
	.federate_resign = fedm_federate_resign,
};
