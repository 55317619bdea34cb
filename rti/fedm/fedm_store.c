/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fedm_store.c - the save files (rti-save(5)): the consistent cut, the
 * atomic write and the checked read of a federation's save.
 *
 * Modules and sections.  The store calls the save and restore hooks of
 * every module (struct module_ops) in layer order (MOD_*), the lowest
 * layer first (tm, dm, ddm, mc, om, owm, fedm, mom), and keeps each
 * non-empty section that save_state appends under the module's id of
 * rti-save(5) (save_id below).
 * On a restore each module with restore_stage gets its section (an empty
 * reader when the file has none: its state is then the empty one); a
 * section of an id this rtiexec has no module for is damage.  The frames
 * restore_sync sends go to each federate in the same order, FedM's
 * first (WIRE_CB_RESTORE_FEDM: the federate's restored handle and name).
 *
 * Files (store_io.h).  DIR/<federation>/<label>.rtisave, the names
 * escaped (long ones hashed), the federation directory opened beneath
 * DIR without following a symbolic link; written as
 * DIR/<federation>/.<label>.tmp.<pid>, fsync, rename, fsync of the
 * directory, so a file of that name is always whole.  Temporaries begin
 * with a dot and are never read.  The write and the read (with the
 * file's check: magic first, size at most --max-save-size, CRC, layout)
 * run on the store's worker thread; encoding and the modules' staging
 * stay on the loop, bounded by --max-save-size.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "budget.h"
#include "fedm.h"
#include "fedm_int.h"
#include "savefile.h"
#include "store_io.h"
#include "tm.h"

const int fedm_save_id[MOD_COUNT] = {
	[MOD_FEDM] = 0, [MOD_DM] = 1, [MOD_OM] = 2, [MOD_TM] = 3,
	[MOD_OWM] = 4, [MOD_DDM] = 5, [MOD_MOM] = 6, [MOD_MC] = -1,
};
#define save_id fedm_save_id

struct store_save {
	char *label;
	int has_time;
	uint64_t t;
	uint32_t n;               /* federates asked to collect */
	uint32_t *asked;          /* their handles */
	uint8_t *answered;
	uint32_t left;
	uint64_t held;            /* bytes of the answers taken */
	struct rti_server *srv;
	struct store_job *job;    /* the write, while in flight */
};

/* ---- save ---- */

static struct fedm_fx *
fx_st(struct federation *fx)
{
	return fx->mod[MOD_FEDM];
}

static void
save_free(struct store_save *s)
{
	if (!s)
		return;
	if (s->job)
		store_job_cancel(s->job);
	budget_add(s->srv, BUDGET_SAVE, -(int64_t)s->held);
	free(s->label);
	free(s->asked);
	free(s->answered);
	free(s);
}

void
store_save_cancel(struct federation *fx)
{
	struct fedm_fx *st = fx_st(fx);

	if (!st || !st->store)
		return;
	save_free(st->store);
	st->store = NULL;
}

/* Encode the whole save of `fx` into `out`.  0, or -1 (ENOMEM). */
static int
encode(struct federation *fx, const struct store_save *s,
    struct wire_buf *out)
{
	struct savefile sf;
	size_t head, off, before;
	uint32_t i, nsec = 0;
	int rc = -1;

	memset(&sf, 0, sizeof sf);
	sf.federation = fx->name;
	sf.label = s->label;
	sf.time_int64 = fx->time_int64;
	sf.has_time = s->has_time;
	sf.time = s->t;
	sf.wall = (uint64_t)time(NULL);
	sf.n_modules = fx->n_modules;
	sf.module_names = (const char **)fx->module_names;
	sf.module_xml = (const uint8_t **)fx->module_xml;
	sf.module_len = calloc(fx->n_modules ? fx->n_modules : 1,
	    sizeof *sf.module_len);
	sf.n_feds = fx->n_feds;
	sf.fed_handles = calloc(fx->n_feds ? fx->n_feds : 1,
	    sizeof *sf.fed_handles);
	sf.fed_names = calloc(fx->n_feds ? fx->n_feds : 1,
	    sizeof *sf.fed_names);
	sf.fed_types = calloc(fx->n_feds ? fx->n_feds : 1,
	    sizeof *sf.fed_types);
	if (!sf.module_len || !sf.fed_handles || !sf.fed_names ||
	    !sf.fed_types)
		goto out;
	for (i = 0; i < fx->n_modules; i++)
		sf.module_len[i] = (uint32_t)fx->module_len[i];
	for (i = 0; i < fx->n_feds; i++) {
		sf.fed_handles[i] = fx->feds[i]->handle;
		sf.fed_names[i] = fx->feds[i]->name;
		sf.fed_types[i] = fx->feds[i]->type ? fx->feds[i]->type : "";
	}
	head = savefile_put_head(out, &sf);
	for (i = 0; i < MOD_COUNT; i++) {
		int m = (int)i;
		const struct module_ops *ops = server_modules[m];

		if (!ops->save_state || save_id[m] < 0)
			continue;
		off = savefile_section_begin(out, (uint16_t)save_id[m]);
		before = out->len;
		if (ops->save_state(fx, out) < 0)
			goto out;
		if (out->len == before) {
			out->len = off - 2;   /* empty: no section */
			continue;
		}
		savefile_section_end(out, off);
		nsec++;
	}
	savefile_finish(out, head, nsec);
	rc = out->oom ? -1 : 0;
out:
	free(sf.module_len);
	free(sf.fed_handles);
	free(sf.fed_names);
	free(sf.fed_types);
	return rc;
}

/* The write of the save of `fx` is done. */
static void
save_written_cb(struct store_job *job, void *arg)
{
	struct federation *fx = arg;
	struct fedm_fx *st = fx_st(fx);
	struct store_save *s = st->store;

	s->job = NULL;
	if (job->err == RTI_OK)
		rti_log(fx->srv, LOG_INFO, "federation %s: save '%s' written "
		    "to %s (%zu bytes)", fx->name, s->label, job->file,
		    job->data.len);
	budget_add(fx->srv, BUDGET_SAVE, -(int64_t)job->data.len);
	save_free(s);
	st->store = NULL;
	fedm_save_written(fx, job->err, job->msg);
	store_job_free(job);
}

/* Every federate answered WIRE_CB_SAVE_COLLECT: encode (on the loop: the
 * federation is quiet) and hand the bytes to the worker to write. */
static void
save_write(struct federation *fx)
{
	struct fedm_fx *st = fx_st(fx);
	struct store_save *s = st->store;
	struct rti_server *srv = fx->srv;
	struct store_job *job;
	char msg[512], name[STORE_NAME_MAX + 16];
	int err = RTI_ERR_INTERNAL_ERROR;

	msg[0] = '\0';
	if (!(job = store_job_new(STORE_WRITE))) {
		snprintf(msg, sizeof msg, "out of memory");
		goto fail;
	}
	if (encode(fx, s, &job->data) < 0) {
		snprintf(msg, sizeof msg, "out of memory encoding the save");
		goto fail;
	}
	if (job->data.len > server_cfg(srv)->max_save_size) {
		snprintf(msg, sizeof msg, "the save would be %zu bytes, more "
		    "than --max-save-size (%llu)", job->data.len,
		    (unsigned long long)server_cfg(srv)->max_save_size);
		goto fail;
	}
	if (!budget_room(srv, job->data.len)) {
		snprintf(msg, sizeof msg, "the save (%zu bytes) would pass "
		    "the memory budget (--max-memory)", job->data.len);
		goto fail;
	}
	if (store_name(s->label, "", name, sizeof name) < 0 ||
	    store_name(s->label, ".rtisave", job->file,
	    sizeof job->file) < 0) {
		snprintf(msg, sizeof msg, "save label does not fit");
		goto fail;
	}
	snprintf(job->tmp, sizeof job->tmp, ".%s.tmp.%ld", name,
	    (long)getpid());
	if ((job->dfd = store_dir_open(srv, fx->name, 1, msg,
	    sizeof msg)) < 0)
		goto fail;
	if (!(job->arg = fedm_store_io(srv))) {
		snprintf(msg, sizeof msg, "cannot start the save writer");
		goto fail;
	}
	budget_add(srv, BUDGET_SAVE, (int64_t)job->data.len);
	job->done = save_written_cb;
	{
		struct store_io *w = job->arg;

		job->arg = fx;
		s->job = job;
		store_io_submit(w, job);
	}
	return;
fail:
	store_job_free(job);
	save_free(s);
	st->store = NULL;
	fedm_save_written(fx, err, msg);
}

int
store_save_begin(struct federation *fx, const char *label, int has_time,
    uint64_t t)
{
	struct fedm_fx *st = fx_st(fx);
	struct store_save *s;
	struct wire_buf *b;
	size_t off;
	uint32_t i;

	store_save_cancel(fx);
	if (!(s = calloc(1, sizeof *s)) || !(s->label = strdup(label)) ||
	    !(s->asked = calloc(fx->n_feds ? fx->n_feds : 1,
	    sizeof *s->asked)) ||
	    !(s->answered = calloc(fx->n_feds ? fx->n_feds : 1, 1))) {
		save_free(s);
		return -1;
	}
	s->srv = fx->srv;
	s->has_time = has_time;
	s->t = t;
	for (i = 0; i < fx->n_feds; i++)
		if (fx->feds[i]->conn)
			s->asked[s->n++] = fx->feds[i]->handle;
	s->left = s->n;
	st->store = s;
	if (s->left == 0) {
		save_write(fx);
		return 0;
	}
	/* after everything routed to each before it (TCP order) */
	b = srv_frame(fx->srv, WIRE_CB_SAVE_COLLECT, &off);
	wire_frame_end(b, off);
	fedm_broadcast(fx, b, NULL);
	return 0;
}

int
fedm_h_save_collected(struct conn *c, uint32_t serial, struct wire_rd *rd)
{
	struct federation *fx = conn_fed(c)->fx;
	struct fedm_fx *st = fx_st(fx);
	struct store_save *s = st->store;
	size_t n = wire_rd_left(rd);
	const void *p = wire_get_raw(rd, n);
	uint32_t i;

	(void)serial;
	if (!s || st->save != FX_SAVE_WRITING)
		return 0;       /* an answer to a save since ended */
	for (i = 0; i < s->n; i++)
		if (s->asked[i] == conn_fed(c)->handle)
			break;
	if (i == s->n || s->answered[i])
		return 0;
	/* what a federate may make rtiexec hold and write is bounded: the
	 * answers together by --max-save-size, and by the memory budget */
	if (s->held + n > server_cfg(fx->srv)->max_save_size ||
	    !budget_room(fx->srv, n)) {
		char msg[256];

		snprintf(msg, sizeof msg, "federate %s (%u) sent %zu bytes of "
		    "held messages: with the %llu before, %s",
		    conn_fed(c)->name,
		    conn_fed(c)->handle, n, (unsigned long long)s->held,
		    s->held + n > server_cfg(fx->srv)->max_save_size ?
		    "more than --max-save-size" :
		    "past the memory budget (--max-memory)");
		save_free(s);
		st->store = NULL;
		fedm_save_written(fx, RTI_ERR_LIMIT_EXCEEDED, msg);
		return 0;
	}
	if (tm_set_held(conn_fed(c), p, n) < 0)
		return -1;
	s->held += n;
	budget_add(fx->srv, BUDGET_SAVE, (int64_t)n);
	s->answered[i] = 1;
	if (--s->left == 0)
		save_write(fx);
	return 0;
}

/* ---- restore ---- */

struct store_restore {
	struct rti_server *srv;
	uint8_t *bytes;
	size_t n_bytes;           /* counted in the budget */
	struct savefile sf;
	struct restore_saved saved;
	void *staged[MOD_COUNT];
	int has[MOD_COUNT];
};

void
store_restore_free(struct store_restore *r)
{
	int m;

	if (!r)
		return;
	for (m = 0; m < MOD_COUNT; m++)
		if (r->has[m] && server_modules[m]->restore_discard)
			server_modules[m]->restore_discard(r->staged[m]);
	savefile_free(&r->sf);
	budget_add(r->srv, BUDGET_SAVE, -(int64_t)r->n_bytes);
	free(r->bytes);
	free(r);
}

/* Check the decoded save `r` against `fx` and `label` and stage every
 * module's state from it.  0, or -1 with *err and `msg`. */
static int
restore_stage_all(struct federation *fx, const char *label,
    struct store_restore *r, int *err, char *msg, size_t len)
{
	struct wire_rd rd;
	uint32_t i, k;
	int m;

	*err = RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	if (strcmp(r->sf.federation, fx->name) != 0 ||
	    strcmp(r->sf.label, label) != 0) {
		snprintf(msg, len, "the save file is of federation '%.100s', "
		    "label '%.100s'", r->sf.federation, r->sf.label);
		return -1;
	}
	if (r->sf.time_int64 != fx->time_int64) {
		snprintf(msg, len, "the save is of another time "
		    "implementation");
		return -1;
	}
	/* FOM does not match: the same modules, names and texts, in order */
	for (i = 0; i < r->sf.n_modules || i < fx->n_modules; i++) {
		if (i >= fx->n_modules) {
			snprintf(msg, len, "FOM does not match: the save has "
			    "module '%.200s', the federation not",
			    r->sf.module_names[i]);
			return -1;
		}
		if (i >= r->sf.n_modules) {
			snprintf(msg, len, "FOM does not match: the federation "
			    "has module '%.200s', the save not",
			    fx->module_names[i]);
			return -1;
		}
		if (strcmp(r->sf.module_names[i], fx->module_names[i]) ||
		    r->sf.module_len[i] != fx->module_len[i] ||
		    memcmp(r->sf.module_xml[i], fx->module_xml[i],
		    fx->module_len[i]) != 0) {
			snprintf(msg, len, "FOM does not match: module "
			    "'%.200s' differs from the federation's "
			    "'%.200s'", r->sf.module_names[i],
			    fx->module_names[i]);
			return -1;
		}
	}
	r->saved.n = r->sf.n_feds;
	r->saved.handles = r->sf.fed_handles;
	r->saved.names = r->sf.fed_names;
	r->saved.types = r->sf.fed_types;
	for (i = 0; i < MOD_COUNT; i++) {
		const struct module_ops *ops;
		char why[384];
		int e;

		m = (int)i;
		ops = server_modules[m];
		for (k = 0; k < r->sf.n_sections; k++)
			if (save_id[m] >= 0 && r->sf.sec_id[k] == save_id[m])
				break;
		if (!ops->restore_stage) {
			if (k < r->sf.n_sections) {
				snprintf(msg, len, "the save has a section of "
				    "module %s, which restores nothing",
				    ops->name);
				return -1;
			}
			continue;
		}
		if (k < r->sf.n_sections)
			wire_rd_init(&rd, r->sf.sec_data[k],
			    r->sf.sec_len[k]);
		else
			wire_rd_init(&rd, "", 0);
		why[0] = '\0';
		e = ops->restore_stage(fx, &r->saved, &rd, &r->staged[m], why,
		    sizeof why);
		if (e != RTI_OK) {
			*err = e == RTI_ERR_NO_MEMORY ? e :
			    RTI_ERR_COULD_NOT_INITIATE_RESTORE;
			snprintf(msg, len, "%s: %s", ops->name,
			    why[0] ? why : "state not restorable");
			return -1;
		}
		r->has[m] = 1;
	}
	return 0;
}

/* The worker read the file of the restore of `fx`. */
static void
restore_read_cb(struct store_job *job, void *arg)
{
	struct federation *fx = arg;
	struct fedm_fx *st = fx_st(fx);
	struct rti_server *srv = fx->srv;
	struct store_restore *r = NULL;
	char msg[512];
	int err = job->err;

	st->loading = NULL;
	snprintf(msg, sizeof msg, "%s", job->msg);
	if (err != RTI_OK)
		goto out;
	/* staged, the state is about as large again as the file */
	if (!budget_room(srv, job->data.len)) {
		err = RTI_ERR_COULD_NOT_INITIATE_RESTORE;
		snprintf(msg, sizeof msg, "the save (%zu bytes) would pass "
		    "the memory budget (--max-memory)", job->data.len);
		goto out;
	}
	if (!(r = calloc(1, sizeof *r))) {
		err = RTI_ERR_NO_MEMORY;
		snprintf(msg, sizeof msg, "out of memory");
		goto out;
	}
	r->srv = srv;
	r->bytes = job->data.data;
	r->n_bytes = job->data.len;
	wire_buf_init(&job->data);
	r->sf = job->sf;
	memset(&job->sf, 0, sizeof job->sf);
	budget_add(srv, BUDGET_SAVE, (int64_t)r->n_bytes);
	if (restore_stage_all(fx, st->restore_label, r, &err, msg,
	    sizeof msg) < 0) {
		store_restore_free(r);
		r = NULL;
	}
out:
	budget_add(srv, BUDGET_SAVE, -(int64_t)job->max_held);
	store_job_free(job);
	fedm_restore_loaded(fx, r, err, msg);
}

int
store_restore_begin(struct federation *fx, const char *label, int *err,
    char *msg, size_t len)
{
	struct fedm_fx *st = fx_st(fx);
	struct rti_server *srv = fx->srv;
	struct store_io *w;
	struct store_job *job;

	*err = RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	if (!(job = store_job_new(STORE_READ))) {
		*err = RTI_ERR_NO_MEMORY;
		snprintf(msg, len, "out of memory");
		return -1;
	}
	if (store_name(label, ".rtisave", job->file, sizeof job->file) < 0) {
		snprintf(msg, len, "save label does not fit");
		goto fail;
	}
	if ((job->dfd = store_dir_open(srv, fx->name, 0, msg, len)) < 0) {
		if (errno == ENOENT) {
			*err = RTI_ERR_SPECIFIED_SAVE_LABEL_DOES_NOT_EXIST;
			snprintf(msg, len, "no save of that label");
		}
		goto fail;
	}
	/* the file is read whole: at most --max-save-size, which must fit
	 * the memory budget now */
	job->max = server_cfg(srv)->max_save_size;
	job->n_ids = FEDM_SAVE_N_IDS;
	if (!(w = fedm_store_io(srv))) {
		snprintf(msg, len, "cannot start the save reader");
		goto fail;
	}
	{
		struct stat sb;

		if (fstatat(job->dfd, job->file, &sb, AT_SYMLINK_NOFOLLOW) ==
		    0 && S_ISREG(sb.st_mode) &&
		    (uint64_t)sb.st_size <= job->max)
			job->max_held = (uint64_t)sb.st_size;
	}
	if (!budget_room(srv, job->max_held)) {
		snprintf(msg, len, "the save file (%llu bytes) would pass the "
		    "memory budget (--max-memory)",
		    (unsigned long long)job->max_held);
		goto fail;
	}
	budget_add(srv, BUDGET_SAVE, (int64_t)job->max_held);
	job->done = restore_read_cb;
	job->arg = fx;
	st->loading = job;
	store_io_submit(w, job);
	return 0;
fail:
	store_job_free(job);
	return -1;
}

void
store_restore_cancel(struct federation *fx)
{
	struct fedm_fx *st = fx_st(fx);

	if (!st || !st->loading)
		return;
	budget_add(fx->srv, BUDGET_SAVE, -(int64_t)st->loading->max_held);
	store_job_cancel(st->loading);
	st->loading = NULL;
}

const struct restore_saved *
store_restore_saved(const struct store_restore *r)
{
	return &r->saved;
}

int
store_restore_apply(struct federation *fx, struct store_restore *r,
    const struct restore_plan *plan)
{
	const struct restore_saved *sv = plan->saved;
	char **names;
	uint32_t i, k;
	int m, rc = 0;

	/* the names first: nothing changes when one cannot be copied */
	if (!(names = calloc(sv->n ? sv->n : 1, sizeof *names))) {
		store_restore_free(r);
		return -1;
	}
	for (i = 0; i < sv->n; i++)
		if (!(names[i] = strdup(sv->names[i]))) {
			while (i--)
				free(names[i]);
			free(names);
			store_restore_free(r);
			return -1;
		}
	for (i = 0; i < sv->n; i++) {
		struct federate *f = plan->joined[i];

		f->handle = sv->handles[i];
		free(f->name);
		f->name = names[i];
	}
	free(names);
	for (i = 0; i < MOD_COUNT; i++) {
		m = (int)i;
		if (r->has[m] && server_modules[m]->restore_apply) {
			server_modules[m]->restore_apply(fx, r->staged[m]);
			r->has[m] = 0;
		}
	}
	for (k = 0; k < fx->n_feds; k++) {
		struct federate *f = fx->feds[k];

		if (fedm_restore_sync(f) < 0)
			rc = -1;
		for (i = 0; i < MOD_COUNT; i++) {
			m = (int)i;
			if (m == MOD_FEDM || !server_modules[m]->restore_sync)
				continue;
			if (server_modules[m]->restore_sync(f) < 0)
				rc = -1;
		}
	}
	store_restore_free(r);
	return rc;
}

/* ---- FedM's own section ---- */

/*
 * u16 version 1, u32 next federate handle, u32 n, n x (u32 federate,
 * u32 resign action), then the pending synchronization points: u32 n,
 * n x (str label, blob tag, u8 registered for the whole federation, u32
 * m, m x (u32 member, u8 achieved: 0 no, 1 yes, 2 unsuccessfully)).
 */
#define FEDM_SAVE_VERSION 1

int
fedm_save_state(struct federation *fx, struct wire_buf *out)
{
	uint32_t i;

	wire_put_u16(out, FEDM_SAVE_VERSION);
	wire_put_u32(out, fx->next_fed_handle);
	wire_put_u32(out, fx->n_feds);
	for (i = 0; i < fx->n_feds; i++) {
		wire_put_u32(out, fx->feds[i]->handle);
		wire_put_u32(out, (uint32_t)fx->feds[i]->resign_action);
	}
	if (fedm_sync_save(fx, out) < 0)
		return -1;
	return out->oom ? -1 : 0;
}

struct fedm_staged {
	uint32_t next;
	uint32_t n;
	uint32_t *handles;
	uint32_t *actions;
	struct sync_point *syncs;
};

void
fedm_restore_discard(void *p)
{
	struct fedm_staged *s = p;

	if (!s)
		return;
	free(s->handles);
	free(s->actions);
	fedm_sync_discard(s->syncs);
	free(s);
}

int
fedm_restore_stage(struct federation *fx, const struct restore_saved *saved,
    struct wire_rd *rd, void **staged, char *msg, size_t len)
{
	struct fedm_staged *s;
	uint32_t i, j, max = 0;

	(void)fx;
	*staged = NULL;
	if (wire_rd_left(rd) == 0) {
		snprintf(msg, len, "the save has no FedM section");
		return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	}
	if (wire_get_u16(rd) != FEDM_SAVE_VERSION || rd->err) {
		snprintf(msg, len, "FedM section of an unknown version");
		return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	}
	if (!(s = calloc(1, sizeof *s))) {
		snprintf(msg, len, "out of memory");
		return RTI_ERR_NO_MEMORY;
	}
	s->next = wire_get_u32(rd);
	s->n = wire_get_count(rd, 8);
	if (rd->err || s->n != saved->n)
		goto bad;
	s->handles = calloc(s->n ? s->n : 1, sizeof *s->handles);
	s->actions = calloc(s->n ? s->n : 1, sizeof *s->actions);
	if (!s->handles || !s->actions) {
		fedm_restore_discard(s);
		snprintf(msg, len, "out of memory");
		return RTI_ERR_NO_MEMORY;
	}
	for (i = 0; i < s->n; i++) {
		s->handles[i] = wire_get_u32(rd);
		s->actions[i] = wire_get_u32(rd);
		if (rd->err || s->actions[i] > RTI_RESIGN_NO_ACTION)
			goto bad;
		for (j = 0; j < saved->n; j++)
			if (saved->handles[j] == s->handles[i])
				break;
		if (j == saved->n)
			goto bad;
		if (s->handles[i] > max)
			max = s->handles[i];
	}
	if (rd->err || s->next <= max)
		goto bad;
	switch (fedm_sync_stage(saved, rd, &s->syncs)) {
	case RTI_OK:
		break;
	case RTI_ERR_NO_MEMORY:
		fedm_restore_discard(s);
		snprintf(msg, len, "out of memory");
		return RTI_ERR_NO_MEMORY;
	default:
		goto bad;
	}
	if (!wire_rd_done(rd))
		goto bad;
	*staged = s;
	return RTI_OK;
bad:
	fedm_restore_discard(s);
	snprintf(msg, len, "save file damaged (FedM section)");
	return RTI_ERR_COULD_NOT_INITIATE_RESTORE;
}

void
fedm_restore_apply(struct federation *fx, void *p)
{
	struct fedm_staged *s = p;
	uint32_t i;
	struct federate *f;

	if (!s)
		return;
	/* federate handles are never reused: past every one in use too */
	fx->next_fed_handle = s->next;
	for (i = 0; i < fx->n_feds; i++)
		if (fx->feds[i]->handle >= fx->next_fed_handle)
			fx->next_fed_handle = fx->feds[i]->handle + 1;
	for (i = 0; i < s->n; i++)
		if ((f = server_federate(fx, s->handles[i])))
			f->resign_action = (int)s->actions[i];
	fedm_sync_apply(fx, s->syncs);
	s->syncs = NULL;
	fedm_restore_discard(s);
}

int
fedm_restore_sync(struct federate *f)
{
	struct wire_buf *b;
	size_t off;

	if (!f->conn)
		return 0;
	b = srv_frame(f->fx->srv, WIRE_CB_RESTORE_FEDM, &off);
	wire_put_u32(b, f->handle);
	wire_put_str(b, f->name);
	wire_frame_end(b, off);
	if (b->oom)
		return -1;
	return conn_send_buf(f->conn, b) < 0 ? -1 : 0;
}
