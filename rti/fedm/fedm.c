/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fedm.c - federation management: create/destroy/list federation
 * executions, join (also with FOM modules) and resign, federate lookups.
 * Synchronization points are in fedm_sync.c; the FOM a join's modules
 * grow is put in place by fedm_fom.c.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "budget.h"
#include "bundle.h"
#include "events.h"
#include "fedm.h"
#include "fedm_int.h"
#include "fomload.h"
#include "store_io.h"

static char *
xstrdup(const char *s)
{
	return s ? strdup(s) : NULL;
}

struct federation *
fedm_find(struct rti_server *srv, const char *name)
{
	struct federation *fx;

	for (fx = server_federations(srv); fx; fx = fx->next)
		if (strcmp(fx->name, name) == 0)
			return fx;
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

void
fedm_send_to(struct federation *fx, uint32_t handle,
    const struct wire_buf *b)
{
	struct federate *f = server_federate(fx, handle);

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
	events_fx_free(fx);
	fom_free(fx->fom);
	free(fx->name);
	free(fx);
}

/*
 * Creates in progress.  A create is checked on the event loop, then its
 * modules are loaded by the worker (fomload.h) while the federation name
 * is reserved: the creating connection's frame is deferred until the
 * outcome is known (so its later requests stay behind it), and a create,
 * join or destroy of the same name from anywhere waits too.  The loop
 * then runs the modules' federation_init hooks and registers the
 * federation; the deferred create is answered when dispatched again.
 */
enum { PEND_WAITING, PEND_LOADING, PEND_DONE };

struct fedm_pending {
	struct rti_server *srv;
	char *name;
	int time_int64;
	struct conn *owner;       /* NULL once its connection is gone */
	int state;                /* PEND_WAITING: no room in the worker's
	                             queue yet; PEND_LOADING; PEND_DONE: the
	                             outcome, for the owner's reply */
	int err;
	char *msg;
	int join;                 /* a join's modules onto federation
	                             `name`: it stays busy until the owner's
	                             join is answered */
	uint32_t n_base;          /* join: the federation's modules then */
	struct fedm_pending *next;
};

struct fedm_srv {
	struct fomload *loader;   /* started by the first create */
	struct fedm_pending *pending;
	struct store_io *store;   /* started by the first save or restore */
};

/* FedM's server-wide state (server_mod MOD_FEDM), or NULL. */
static struct fedm_srv *
fedm_st(const struct rti_server *srv)
{
	return server_mod(srv, MOD_FEDM);
}

/* The same, made on first use: NULL when out of memory. */
static struct fedm_srv *
fedm_srv(struct rti_server *srv)
{
	if (!fedm_st(srv))
		server_mod_set(srv, MOD_FEDM, calloc(1,
		    sizeof(struct fedm_srv)));
	return fedm_st(srv);
}

struct store_io *
fedm_store_io(struct rti_server *srv)
{
	struct fedm_srv *st = fedm_srv(srv);

	if (st && !st->store && !(st->store = store_io_new(server_base(srv))))
		rti_log(srv, LOG_ERROR, "cannot start the save worker: %s",
		    strerror(errno));
	return st ? st->store : NULL;
}

/* 1 when the loaded modules of `out` fit the memory budget (budget.h:
 * BUDGET_FOM_FACTOR times their texts). */
static int
fom_budget_ok(struct rti_server *srv, const struct fomload_out *out)
{
	uint64_t n = 0;
	uint32_t i;

	for (i = 0; i < out->n; i++)
		n += (uint64_t)out->len[i] * BUDGET_FOM_FACTOR;
	return budget_room(srv, n);
}

/* Federations, and creates not yet decided. */
static uint32_t
federations_now(const struct rti_server *srv)
{
	const struct federation *fx;
	const struct fedm_pending *p;
	uint32_t n = 0;

	for (fx = server_federations(srv); fx; fx = fx->next)
		n++;
	for (p = fedm_st(srv) ? fedm_st(srv)->pending : NULL; p; p = p->next)
		n += !p->join && p->state != PEND_DONE;
	return n;
}

/* The create of `c` in progress, or NULL. */
static struct fedm_pending *
pending_of(struct rti_server *srv, const struct conn *c)
{
	struct fedm_pending *p;

	for (p = fedm_st(srv) ? fedm_st(srv)->pending : NULL; p; p = p->next)
		if (p->owner == c)
			return p;
	return NULL;
}

/* 1 while a create of federation `name` is not yet decided, or a join's
 * modules onto it are loading or their join not yet answered. */
static int
pending_busy(struct rti_server *srv, const char *name)
{
	struct fedm_pending *p;

	for (p = fedm_st(srv) ? fedm_st(srv)->pending : NULL; p; p = p->next)
		if ((p->state != PEND_DONE || p->join) &&
		    strcmp(p->name, name) == 0)
			return 1;
	return 0;
}

static void
pending_free(struct fedm_pending *p)
{
	struct fedm_pending **pp;

	for (pp = &fedm_st(p->srv)->pending; *pp; pp = &(*pp)->next)
		if (*pp == p) {
			*pp = p->next;
			break;
		}
	free(p->name);
	free(p->msg);
	free(p);
}

/* 0 and *int64, or -1 for an unknown time implementation. */
static int
time_impl_of(const char *time_impl, int *int64)
{
	if (!time_impl || !*time_impl ||
	    strcmp(time_impl, "HLAfloat64Time") == 0)
		*int64 = 0;
	else if (strcmp(time_impl, "HLAinteger64Time") == 0)
		*int64 = 1;
	else
		return -1;
	return 0;
}

/* A federation from loaded modules (taking out's FOM and texts), with
 * every module's federation_init run.  NULL on ENOMEM; nothing is
 * registered. */
static struct federation *
federation_from(struct rti_server *srv, const char *name, int time_int64,
    struct fomload_out *out)
{
	struct federation *fx;
	int m;

	fx = calloc(1, sizeof *fx);
	if (!fx)
		return NULL;
	fx->srv = srv;
	fx->time_int64 = time_int64;
	fx->next_fed_handle = 1;
	fx->fom = out->fom;
	fx->attr_words = bset_words_room(fx->fom->n_attrs);
	fx->n_modules = out->n;
	fx->module_names = out->names;
	fx->module_xml = out->xml;
	fx->module_len = out->len;
	out->fom = NULL;
	out->n = 0;
	out->names = NULL;
	out->xml = NULL;
	out->len = NULL;
	if (!(fx->name = strdup(name)))
		goto fail;
	for (m = 0; m < MOD_COUNT; m++)
		if (server_modules[m]->federation_init &&
		    server_modules[m]->federation_init(fx) < 0)
			goto fail; /* fini of every module tolerates NULL */
	return fx;
fail:
	federation_free(fx);
	return NULL;
}

static void
federation_add(struct rti_server *srv, struct federation *fx)
{
	uint32_t w;

	fx->next = server_federations(srv);
	*server_federation_list(srv) = fx;
	rti_log(srv, LOG_INFO, "federation %s created (%u modules, %s)",
	    fx->name, fx->n_modules,
	    fx->time_int64 ? "HLAinteger64Time" : "HLAfloat64Time");
	events_add(fx, EV_CREATED, NULL, "%u FOM modules, %s, %u FOM "
	    "warnings", fx->n_modules, fx->time_int64 ? "HLAinteger64Time" :
	    "HLAfloat64Time", fx->fom->n_warnings);
	/* the FOM's warnings (fom.h): loaded anyway, values stay opaque */
	for (w = 0; w < fx->fom->n_warnings; w++)
		rti_log(srv, LOG_INFO, "federation %s: %s:%d: warning: %s",
		    fx->name, fx->fom->warnings[w].file,
		    fx->fom->warnings[w].line, fx->fom->warnings[w].msg);
}

static void
log_refusal(struct rti_server *srv, const char *name,
    const struct fomload_out *out)
{
	rti_log(srv, out->warn ? LOG_WARN : LOG_INFO,
	    "cannot create federation %s: %s%s%s", name, out->msg,
	    out->why[0] ? ": " : "", out->why);
}

int
fedm_create_from_files(struct rti_server *srv, const char *name,
    const char *const *files, size_t n, const char *time_impl)
{
	struct fomload_src *src;
	struct fomload_out out;
	struct federation *fx = NULL;
	int int64, rc;
	size_t i;

	if (fedm_find(srv, name)) {
		rti_log(srv, LOG_ERROR, "federation %s already exists", name);
		return -1;
	}
	if (time_impl_of(time_impl, &int64) < 0) {
		rti_log(srv, LOG_ERROR, "cannot create federation %s: unknown "
		    "time implementation '%s' (want HLAfloat64Time or "
		    "HLAinteger64Time)", name, time_impl);
		return -1;
	}
	if (n > FEDM_MAX_MODULES || !(src = calloc(n ? n : 1, sizeof *src)))
		return -1;
	for (i = 0; i < n; i++) {
		src[i].kind = FOMLOAD_PATH;
		src[i].name = (char *)(uintptr_t)files[i];
	}
	/* Before the loop runs, on this thread: a failure ends start-up. */
	rc = fomload_load(server_cfg(srv)->fom_path, src, (uint32_t)n, &out,
	    NULL);
	free(src);
	if (rc == 0 && !(fx = federation_from(srv, name, int64, &out)))
		snprintf(out.msg, sizeof out.msg, "out of memory");
	if (!fx) {
		rti_log(srv, LOG_ERROR, "cannot create federation %s: %s%s%s",
		    name, out.msg, out.why[0] ? ": " : "", out.why);
		fomload_out_free(&out);
		return -1;
	}
	fomload_out_free(&out);
	federation_add(srv, fx);
	return 0;
}

/* The worker finished p's modules (on the loop): register the federation
 * or keep the error, then let the waiting frames run again. */
static void
pending_loaded(struct fomload_job *job, void *arg)
{
	struct fedm_pending *p = arg;
	struct rti_server *srv = p->srv;
	struct federation *fx;

	p->state = PEND_DONE;
	p->err = job->out.err;
	if (job->out.err == RTI_OK && !fom_budget_ok(srv, &job->out)) {
		p->err = RTI_ERR_LIMIT_EXCEEDED;
		snprintf(job->out.msg, sizeof job->out.msg, "the FOM modules "
		    "would pass rtiexec's memory budget (--max-memory)");
		job->out.why[0] = '\0';
		job->out.err = p->err;
	}
	if (job->out.err == RTI_OK) {
		fx = federation_from(srv, p->name, p->time_int64, &job->out);
		if (fx) {
			federation_add(srv, fx);
		} else {
			p->err = RTI_ERR_NO_MEMORY;
			rti_log(srv, LOG_ERROR, "cannot create federation %s: "
			    "out of memory", p->name);
		}
	} else {
		log_refusal(srv, p->name, &job->out);
		p->msg = strdup(job->out.msg);
	}
	fomload_job_free(job);
	if (!p->owner)
		pending_free(p);
	server_wake_deferred(srv);
}

struct create_ent {
	const char *name;
	const char *xml;    /* NULL: a name for rtiexec to resolve */
	uint32_t len;
};

static void pending_join_loaded(struct fomload_job *job, void *arg);

/* Hand p's modules to the worker (for a join, after the n_base modules of
 * `fx`, as content): 0 (p is loading), 1 when the queue is full (p stays
 * waiting), -1 on ENOMEM. */
static int
pending_submit(struct rti_server *srv, struct fedm_pending *p,
    const struct federation *fx, const struct create_ent *ent, uint32_t n)
{
	struct fedm_srv *st = fedm_st(srv);
	struct fomload_job *job;
	uint32_t i, nb = fx ? fx->n_modules : 0;

	if (!st->loader &&
	    !(st->loader = fomload_new(server_base(srv),
	    server_cfg(srv)->fom_path))) {
		rti_log(srv, LOG_ERROR, "cannot start the FOM loader: %s",
		    strerror(errno));
		return -1;
	}
	if (!fomload_room(st->loader))
		return 1;
	if (!(job = fomload_job_new(nb + n)))
		return -1;
	job->n_base = nb;
	for (i = 0; i < nb; i++) {
		struct fomload_src *s = &job->src[i];

		s->kind = FOMLOAD_CONTENT;
		s->len = fx->module_len[i];
		if (!(s->name = strdup(fx->module_names[i])) ||
		    !(s->xml = malloc(s->len ? s->len : 1))) {
			fomload_job_free(job);
			return -1;
		}
		memcpy(s->xml, fx->module_xml[i], s->len);
	}
	for (i = 0; i < n; i++) {
		struct fomload_src *s = &job->src[nb + i];

		s->kind = ent[i].xml ? FOMLOAD_CONTENT : FOMLOAD_NAME;
		s->len = ent[i].len;
		if (!(s->name = strdup(ent[i].name)) || (ent[i].xml &&
		    !(s->xml = malloc(ent[i].len)))) {
			fomload_job_free(job);
			return -1;
		}
		if (ent[i].xml)
			memcpy(s->xml, ent[i].xml, ent[i].len);
	}
	job->done = fx ? pending_join_loaded : pending_loaded;
	job->arg = p;
	if (fomload_submit(st->loader, job) < 0) {
		fomload_job_free(job);
		return 1;
	}
	p->state = PEND_LOADING;
	rti_log(srv, LOG_DEBUG, "federation %s: loading %u FOM module(s) "
	    "off the event loop", p->name, n);
	return 0;
}

static int
h_create(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct rti_server *srv = conn_srv(c);
	const char *name, *time_impl;
	struct create_ent *ent;
	struct fomload_src *chk;
	struct fomload_out out;
	struct fedm_pending *p;
	uint32_t n, i;
	int int64, rc, bad;

	name = wire_get_str(rd, WIRE_MAX_NAME);
	time_impl = wire_get_str(rd, WIRE_MAX_NAME);
	n = wire_get_count(rd, 9);
	if (rd->err)
		return -1;
	if (n > FEDM_MAX_MODULES)
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "at most %d FOM modules", FEDM_MAX_MODULES), 0;
	ent = calloc(n ? n : 1, sizeof *ent);
	if (!ent)
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	for (i = 0; i < n; i++) {
		ent[i].name = wire_get_str(rd, 4096);
		ent[i].xml = wire_get_blob(rd, &ent[i].len, UINT32_MAX);
		if (ent[i].xml && ent[i].len == 0)
			ent[i].xml = NULL;
	}
	if (!wire_rd_done(rd)) {
		free(ent);
		return -1;
	}
	rc = MSG_DEFER;
	p = pending_of(srv, c);
	if (p && p->state == PEND_DONE) {
		/* dispatched again with the outcome */
		conn_reply(c, serial, p->err, p->msg, NULL, 0);
		pending_free(p);
		rc = 0;
		goto out;
	}
	if (p && p->state == PEND_LOADING)
		goto out;
	if (!p) {
		if (!*name) {
			conn_replyf(c, serial, RTI_ERR_INVALID_ARGUMENT,
			    "empty federation name");
			rc = 0;
			goto out;
		}
		if (pending_busy(srv, name))
			goto out;
		if (fedm_find(srv, name)) {
			conn_replyf(c, serial,
			    RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS,
			    "federation execution '%s' already exists", name);
			rc = 0;
			goto out;
		}
		if (time_impl_of(time_impl, &int64) < 0) {
			conn_replyf(c, serial,
			    RTI_ERR_COULD_NOT_CREATE_LOGICAL_TIME_FACTORY,
			    "unknown time implementation '%s' (want "
			    "HLAfloat64Time or HLAinteger64Time)", time_impl);
			rc = 0;
			goto out;
		}
		if (federations_now(srv) >= server_cfg(srv)->max_federations) {
			rti_log(srv, LOG_WARN, "cannot create federation %s: "
			    "%u federations (--max-federations)", name,
			    server_cfg(srv)->max_federations);
			conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
			    "rtiexec runs at most %u federations "
			    "(--max-federations)",
			    server_cfg(srv)->max_federations);
			rc = 0;
			goto out;
		}
		{
			uint64_t sum = 0;

			for (i = 0; i < n; i++)
				sum += (uint64_t)ent[i].len *
				    BUDGET_FOM_FACTOR;
			if (!budget_room(srv, sum)) {
				rti_log(srv, LOG_WARN, "cannot create "
				    "federation %s: its FOM modules would "
				    "pass the memory budget (--max-memory)",
				    name);
				conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
				    "the FOM modules would pass rtiexec's "
				    "memory budget (--max-memory)");
				rc = 0;
				goto out;
			}
		}
		/* refuse oversized content before copying it */
		chk = calloc(n ? n : 1, sizeof *chk);
		if (!chk)
			goto oom;
		for (i = 0; i < n; i++) {
			chk[i].kind = ent[i].xml ? FOMLOAD_CONTENT :
			    FOMLOAD_NAME;
			chk[i].name = (char *)(uintptr_t)ent[i].name;
			chk[i].len = ent[i].len;
		}
		memset(&out, 0, sizeof out);
		bad = fomload_check_content(chk, n, &out) < 0;
		free(chk);
		if (bad) {
			conn_reply(c, serial, out.err, out.msg, NULL, 0);
			rc = 0;
			goto out;
		}
		if (!fedm_srv(srv) || !(p = calloc(1, sizeof *p)))
			goto oom;
		if (!(p->name = strdup(name))) {
			free(p);
			goto oom;
		}
		p->srv = srv;
		p->time_int64 = int64;
		p->owner = c;
		p->state = PEND_WAITING;
		p->next = fedm_st(srv)->pending;
		fedm_st(srv)->pending = p;
	}
	/* waiting for room in the worker's queue */
	if (pending_submit(srv, p, NULL, ent, n) < 0) {
		pending_free(p);
		server_wake_deferred(srv);
		goto oom;
	}
out:
	free(ent);
	return rc;
oom:
	free(ent);
	conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0);
	return 0;
}

static void
federation_remove(struct rti_server *srv, struct federation *fx)
{
	struct federation **pp;

	for (pp = server_federation_list(srv); *pp; pp = &(*pp)->next)
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
	if (pending_busy(conn_srv(c), name))
		return MSG_DEFER;
	fx = fedm_find(conn_srv(c), name);
	if (!fx)
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST,
		    "federation execution '%s' does not exist", name), 0;
	if (fx->n_feds > 0)
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATES_CURRENTLY_JOINED,
		    "%u federate(s) still joined to '%s'", fx->n_feds, name),
		    0;
	federation_remove(conn_srv(c), fx);
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
	b = srv_frame(conn_srv(c), WIRE_CB_LIST_REPORT, &off);
	cnt = b->len;
	wire_put_u32(b, 0);
	for (fx = server_federations(conn_srv(c)); fx; fx = fx->next, n++) {
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


/* The name a join takes: `name`, or for "" the next automatic one in
 * `buf`. */
static const char *
join_name(struct federation *fx, const char *name, char *buf, size_t len)
{
	if (*name)
		return name;
	snprintf(buf, len, "federate-%u", fx->next_fed_handle);
	return buf;
}

/* Join `c` to `fx` as `name` ("" = automatic) of `type` and reply: the
 * handle, the name, the time, every module of the federation. */
static int
join_enter(struct conn *c, uint32_t serial, struct federation *fx,
    const char *name, const char *type)
{
	const char *fxname = fx->name;
	struct federate *f;
	char autoname[32];
	struct wire_buf body;
	uint32_t i;
	int m;

	char why[256];
	int err;

	if ((err = fedm_save_join_check(fx, why, sizeof why)) != RTI_OK)
		return conn_reply(c, serial, err, why, NULL, 0), 0;
	name = join_name(fx, name, autoname, sizeof autoname);
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
	f->joined = (int64_t)time(NULL);
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
	conn_set_fed(c, f);

	wire_buf_init(&body);
	wire_put_u32(&body, f->handle);
	wire_put_str(&body, f->name);
	wire_put_str(&body, fx->time_int64 ? "HLAinteger64Time" :
	    "HLAfloat64Time");
	wire_put_u32(&body, fx->n_modules);
	for (i = 0; i < fx->n_modules; i++)
		(void)fedm_put_module(fx, i, &body);
	if (body.oom)
		conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0);
	else
		conn_reply(c, serial, RTI_OK, NULL, body.data, body.len);
	wire_buf_free(&body);
	rti_log(conn_srv(c), LOG_INFO, "federate %s (%u, type %s) joined %s",
	    f->name, f->handle, f->type, fx->name);
	events_add(fx, EV_JOINED, f, "handle %u, type '%s', from %s",
	    f->handle, f->type, conn_peer(c));
	fedm_sync_late_joiner(f);
	return 0;
}

static int
h_join(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	const char *fxname, *name, *type;
	struct federation *fx;

	fxname = wire_get_str(rd, WIRE_MAX_NAME);
	name = wire_get_str(rd, WIRE_MAX_NAME);
	type = wire_get_str(rd, WIRE_MAX_NAME);
	if (!wire_rd_done(rd))
		return -1;
	if (conn_fed(c))
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATE_ALREADY_EXECUTION_MEMBER,
		    "already joined to '%s' as '%s'", conn_fed(c)->fx->name,
		    conn_fed(c)->name), 0;
	if (pending_busy(conn_srv(c), fxname))
		return MSG_DEFER;
	fx = fedm_find(conn_srv(c), fxname);
	if (!fx)
		return conn_replyf(c, serial,
		    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST,
		    "federation execution '%s' does not exist", fxname), 0;
	return join_enter(c, serial, fx, name, type);
}

/*
 * Joins with FOM modules (IEEE 1516-2010 4.9).  The joiner's modules are
 * merged onto the federation's through fomload_load_onto, on the worker,
 * from the federation's texts then the joiner's, as at a create; while
 * they load, the federation is busy (pending_busy: creates, joins and
 * destroys of it wait, the joiner's frame too).  On the loop the merged
 * model replaces fx->fom only when every old item kept its handle; the
 * modules extend their tables (fom_grown), every joined federate gets
 * WIRE_CB_FOM_MODULES with the new modules before anything that may use
 * them, and the joiner, dispatched again, joins.  Any refusal leaves the
 * federation as it was and the joiner not joined.
 */

/* The worker finished a join's modules (on the loop): install them, or
 * keep the refusal for the joiner's reply. */
static void
pending_join_loaded(struct fomload_job *job, void *arg)
{
	struct fedm_pending *p = arg;
	struct rti_server *srv = p->srv;
	struct federation *fx = fedm_find(srv, p->name);
	char msg[sizeof job->out.msg];

	p->state = PEND_DONE;
	p->err = job->out.err;
	msg[0] = '\0';
	if (!p->owner || !fx) {
		/* the joiner is gone: nothing to merge for */
		fomload_job_free(job);
		pending_free(p);
		server_wake_deferred(srv);
		return;
	}
	if (job->out.err == RTI_OK) {
		uint64_t add = 0;
		uint32_t i;

		/* out holds the federation's n_base modules, then the new */
		for (i = p->n_base; i < job->out.n; i++)
			add += (uint64_t)job->out.len[i] * BUDGET_FOM_FACTOR;
		if (!budget_room(srv, add)) {
			p->err = RTI_ERR_LIMIT_EXCEEDED;
			snprintf(msg, sizeof msg, "the FOM modules would pass "
			    "rtiexec's memory budget (--max-memory)");
		} else {
			p->err = fedm_fom_install(fx, &job->out, p->n_base,
			    msg, sizeof msg);
		}
	} else
		snprintf(msg, sizeof msg, "%s", job->out.msg);
	if (p->err != RTI_OK) {
		rti_log(srv, job->out.warn ? LOG_WARN : LOG_INFO,
		    "join to %s refused: %s%s%s", p->name, msg,
		    job->out.why[0] ? ": " : "", job->out.why);
		p->msg = strdup(msg);
	}
	fomload_job_free(job);
	server_wake_deferred(srv);
}

/* 1 when entry `e` (content) is module i of fx by name and bytes. */
static int
ent_is_module(const struct federation *fx, const struct create_ent *e)
{
	uint32_t i;

	for (i = 0; e->xml && i < fx->n_modules; i++)
		if (fx->module_len[i] == e->len &&
		    strcmp(fx->module_names[i], e->name) == 0 &&
		    memcmp(fx->module_xml[i], e->xml, e->len) == 0)
			return 1;
	return 0;
}

static int
h_join_modules(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct rti_server *srv = conn_srv(c);
	const char *fxname, *name, *type;
	char autoname[32];
	struct create_ent *ent;
	struct fomload_src *chk;
	struct fomload_out out;
	struct federation *fx;
	struct fedm_pending *p;
	uint32_t n, i, k;
	size_t total;
	int rc, bad;

	fxname = wire_get_str(rd, WIRE_MAX_NAME);
	name = wire_get_str(rd, WIRE_MAX_NAME);
	type = wire_get_str(rd, WIRE_MAX_NAME);
	n = wire_get_count(rd, 9);
	if (rd->err)
		return -1;
	if (n > FEDM_MAX_MODULES)
		return conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
		    "at most %d FOM modules", FEDM_MAX_MODULES), 0;
	if (!(ent = calloc(n ? n : 1, sizeof *ent)))
		return conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0),
		    0;
	for (i = 0; i < n; i++) {
		ent[i].name = wire_get_str(rd, 4096);
		ent[i].xml = wire_get_blob(rd, &ent[i].len, UINT32_MAX);
		if (ent[i].xml && ent[i].len == 0)
			ent[i].xml = NULL;
	}
	if (!wire_rd_done(rd)) {
		free(ent);
		return -1;
	}
	rc = 0;
	p = pending_of(srv, c);
	fx = fedm_find(srv, fxname);
	if (p && p->state == PEND_DONE) {
		/* dispatched again with the outcome */
		if (p->err != RTI_OK)
			conn_reply(c, serial, p->err, p->msg, NULL, 0);
		else if (!fx)     /* not while busy: destroys wait */
			conn_replyf(c, serial,
			    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST,
			    "federation execution '%s' does not exist",
			    fxname);
		else if (join_enter(c, serial, fx, name, type) == 0 &&
		    conn_fed(c) && p->n_base <= fx->n_modules) {
			conn_fed(c)->join_mod_first = p->n_base;
			conn_fed(c)->join_mod_n = fx->n_modules - p->n_base;
		}
		pending_free(p);
		server_wake_deferred(srv);
		goto out;
	}
	if (p && p->state == PEND_LOADING) {
		rc = MSG_DEFER;
		goto out;
	}
	if (!p) {
		if (conn_fed(c)) {
			conn_replyf(c, serial,
			    RTI_ERR_FEDERATE_ALREADY_EXECUTION_MEMBER,
			    "already joined to '%s' as '%s'",
			    conn_fed(c)->fx->name, conn_fed(c)->name);
			goto out;
		}
		if (pending_busy(srv, fxname)) {
			rc = MSG_DEFER;
			goto out;
		}
		if (!fx) {
			conn_replyf(c, serial,
			    RTI_ERR_FEDERATION_EXECUTION_DOES_NOT_EXIST,
			    "federation execution '%s' does not exist",
			    fxname);
			goto out;
		}
		if (find_by_name(fx, join_name(fx, name, autoname,
		    sizeof autoname))) {
			conn_replyf(c, serial,
			    RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE,
			    "federate name '%s' is in use in '%s'",
			    join_name(fx, name, autoname, sizeof autoname),
			    fxname);
			goto out;
		}
		/* the federation's own modules again need no load */
		for (i = k = 0; i < n; i++)
			if (!ent_is_module(fx, &ent[i]))
				ent[k++] = ent[i];
		n = k;
		if (n == 0) {
			join_enter(c, serial, fx, name, type);
			goto out;
		}
		if (fx->n_modules + n > FEDM_MAX_MODULES) {
			conn_replyf(c, serial, RTI_ERR_LIMIT_EXCEEDED,
			    "at most %d FOM modules", FEDM_MAX_MODULES);
			goto out;
		}
		/* refuse oversized content before copying it: the joiner's
		 * and the federation's texts together */
		chk = calloc(n, sizeof *chk);
		if (!chk)
			goto oom;
		for (i = 0; i < n; i++) {
			chk[i].kind = ent[i].xml ? FOMLOAD_CONTENT :
			    FOMLOAD_NAME;
			chk[i].name = (char *)(uintptr_t)ent[i].name;
			chk[i].len = ent[i].len;
		}
		memset(&out, 0, sizeof out);
		bad = fomload_check_content(chk, n, &out) < 0;
		free(chk);
		for (i = 0, total = 0; !bad && i < fx->n_modules; i++)
			total += fx->module_len[i];
		for (i = 0; !bad && i < n; i++)
			total += ent[i].xml ? ent[i].len : 0;
		if (!bad && total > FOMLOAD_MAX_TOTAL) {
			out.err = RTI_ERR_LIMIT_EXCEEDED;
			snprintf(out.msg, sizeof out.msg, "the FOM modules are "
			    "larger than %u bytes together",
			    FOMLOAD_MAX_TOTAL);
			bad = 1;
		}
		if (bad) {
			conn_reply(c, serial, out.err, out.msg, NULL, 0);
			goto out;
		}
		if (!fedm_srv(srv) || !(p = calloc(1, sizeof *p)))
			goto oom;
		if (!(p->name = strdup(fxname))) {
			free(p);
			goto oom;
		}
		p->srv = srv;
		p->join = 1;
		p->owner = c;
		p->state = PEND_WAITING;
		p->next = fedm_st(srv)->pending;
		fedm_st(srv)->pending = p;
	} else {
		/* waiting for room: the federation's duplicates again */
		for (i = k = 0; i < n; i++)
			if (!ent_is_module(fx, &ent[i]))
				ent[k++] = ent[i];
		n = k;
	}
	p->n_base = fx->n_modules;
	rc = MSG_DEFER;
	if (pending_submit(srv, p, fx, ent, n) < 0) {
		pending_free(p);
		server_wake_deferred(srv);
		goto oom;
	}
out:
	free(ent);
	return rc;
oom:
	free(ent);
	conn_reply(c, serial, RTI_ERR_NO_MEMORY, NULL, NULL, 0);
	return 0;
}

static int
valid_action(uint32_t a)
{
	return a <= RTI_RESIGN_NO_ACTION;
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
		err = server_modules[m]->federate_can_resign(conn_fed(c),
		    (int)action, msg, sizeof msg);
		if (err != RTI_OK)
			return conn_reply(c, serial, err, msg[0] ? msg : NULL,
			    NULL, 0), 0;
	}
	server_resign(conn_fed(c), (int)action);
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
	conn_fed(c)->resign_action = (int)action;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

static int
h_get_federate_handle(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	const char *name = wire_get_str(rd, WIRE_MAX_NAME);
	struct federate *f;
	uint8_t body[4];

	if (!wire_rd_done(rd))
		return -1;
	f = find_by_name(conn_fed(c)->fx, name);
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
	f = server_federate(conn_fed(c)->fx, h);
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

	if (!st)
		return;
	fedm_sync_fini(fx);
	fedm_save_fini(fx);
	fedm_bin_free(st);
	free(st);
	fx->mod[MOD_FEDM] = NULL;
}

/* A leaving federate drops out of every pending synchronization point. */
static void
fedm_federate_resign(struct federate *f, int action)
{
	(void)action;
	server_unlink_federate(f);
	fedm_sync_leave(f);
	fedm_save_leave(f);
}

static int
fedm_federate_join(struct federate *f)
{
	f->mod[MOD_FEDM] = calloc(1, sizeof(struct fedm_fed));
	return f->mod[MOD_FEDM] ? 0 : -1;
}

static void
fedm_federate_fini(struct federate *f)
{
	free(f->mod[MOD_FEDM]);
	f->mod[MOD_FEDM] = NULL;
}

/* A connection is going: its create, if any, has no one to answer.  One
 * still loading completes (and registers) without it. */
static void
fedm_conn_gone(struct conn *c)
{
	struct fedm_pending *p = pending_of(conn_srv(c), c);

	if (!p)
		return;
	p->owner = NULL;
	if (p->state == PEND_LOADING)
		return;
	pending_free(p);
	server_wake_deferred(conn_srv(c));
}

/* The server_fini hook: the loader, the pending joins, every
 * federation. */
static void
fedm_server_fini(struct rti_server *srv)
{
	struct federation *fx;
	struct store_io *store = NULL;
	struct fedm_srv *st;

	if ((st = fedm_st(srv))) {
		/* joins the worker: a module being parsed finishes first */
		fomload_free(st->loader);
		store = st->store;
		while (st->pending)
			pending_free(st->pending);
		free(st);
		server_mod_set(srv, MOD_FEDM, NULL);
	}

	while ((fx = server_federations(srv))) {
		while (fx->n_feds) {
			events_leaving(fx->feds[fx->n_feds - 1],
			    EV_WHY_SHUTDOWN, "rtiexec stopped");
			server_resign(fx->feds[fx->n_feds - 1],
			    RTI_RESIGN_NO_ACTION);
		}
		*server_federation_list(srv) = fx->next;
		federation_free(fx);
	}
	/* after the federations, whose saves cancelled their jobs: a save
	 * being written or read finishes first */
	store_io_free(store);
}

static int
h_ping(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	if (!wire_rd_done(rd))
		return -1;
	conn_reply(c, serial, RTI_OK, NULL, NULL, 0);
	return 0;
}

/* The federate is alive: conn_read_cb counted the read already. */
static int
h_heartbeat(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	(void)c;
	(void)serial;
	return wire_rd_done(rd) ? 0 : -1;
}

/* What the federate's librti suppressed (struct fed_source): three
 * counters since its join, none smaller than it last reported. */
static int
h_source_stats(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct fed_source *s = &conn_fed(c)->src;
	uint64_t u, b, ic;

	(void)serial;
	u = wire_get_u64(rd);
	b = wire_get_u64(rd);
	ic = wire_get_u64(rd);
	if (!wire_rd_done(rd) || u < s->updates || b < s->bytes ||
	    ic < s->interactions)
		return -1;
	s->updates = u;
	s->bytes = b;
	s->interactions = ic;
	s->at = (int64_t)time(NULL);
	return 0;
}

static const struct msg_handler fedm_handlers[] = {
	{ WIRE_PING, 1, 0, h_ping },
	{ WIRE_HEARTBEAT, MSG_ONE_WAY, 0, h_heartbeat },
	{ WIRE_SOURCE_STATS, MSG_ONE_WAY, 1, h_source_stats },
	{ WIRE_CREATE, 1, 0, h_create },
	{ WIRE_DESTROY, 1, 0, h_destroy },
	{ WIRE_LIST, 1, 0, h_list },
	{ WIRE_JOIN, 1, 0, h_join },
	{ WIRE_JOIN_WITH_MODULES, 1, 0, h_join_modules },
	{ WIRE_RESIGN, 1, 1, h_resign },
	{ WIRE_SET_RESIGN_ACTION, 1, 1, h_set_resign_action },
	{ WIRE_SYNC_REGISTER, 1, 1, fedm_h_sync_register },
	{ WIRE_SYNC_ACHIEVED, 1, 1, fedm_h_sync_achieved },
	{ WIRE_GET_FEDERATE_HANDLE, 1, 1, h_get_federate_handle },
	{ WIRE_GET_FEDERATE_NAME, 1, 1, h_get_federate_name },
	{ WIRE_SAVE_REQUEST, 1, 1, fedm_h_save_request },
	{ WIRE_SAVE_BEGUN, 1, 1, fedm_h_save_begun },
	{ WIRE_SAVE_COMPLETE, 1, 1, fedm_h_save_complete },
	{ WIRE_SAVE_ABORT, 1, 1, fedm_h_save_abort },
	{ WIRE_SAVE_QUERY, 1, 1, fedm_h_save_query },
	{ WIRE_SAVE_COLLECTED, MSG_ONE_WAY, 1, fedm_h_save_collected },
	{ WIRE_RESTORE_REQUEST, 1, 1, fedm_h_restore_request },
	{ WIRE_RESTORE_COMPLETE, 1, 1, fedm_h_restore_complete },
	{ WIRE_RESTORE_ABORT, 1, 1, fedm_h_restore_abort },
	{ WIRE_RESTORE_QUERY, 1, 1, fedm_h_restore_query },
	{ WIRE_SAVE_SEEN, MSG_ONE_WAY, 1, fedm_h_save_seen },
	{ 0, 0, 0, NULL }
};

const struct module_ops fedm_module = {
	.name = "FedM",
	.handlers = fedm_handlers,
	.federation_init = fedm_federation_init,
	.federation_fini = fedm_federation_fini,
	.federate_join = fedm_federate_join,
	.federate_resign = fedm_federate_resign,
	.federate_fini = fedm_federate_fini,
	.conn_gone = fedm_conn_gone,
	.server_fini = fedm_server_fini,
	.save_time_reached = fedm_save_time_reached,
	.save_state = fedm_save_state,
	.restore_stage = fedm_restore_stage,
	.restore_apply = fedm_restore_apply,
	.restore_discard = fedm_restore_discard,
	.restore_sync = fedm_restore_sync,
};
