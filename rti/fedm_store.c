/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fedm_store.c - the save files (rti-save(5)): the consistent cut, the
 * atomic write and the checked read of a federation's save.
 *
 * Modules and sections.  The store calls the save and restore hooks of
 * every module (struct module_ops) in server_layer_order, the lowest
 * layer first (tm, dm, ddm, om, owm, fedm, mom), and keeps each
 * non-empty section that save_state appends under the module's MOD_* id.
 * On a restore each module with restore_stage gets its section (an empty
 * reader when the file has none: its state is then the empty one); a
 * section of an id this rtiexec has no module for is damage.  The frames
 * restore_sync sends go to each federate in the same order, FedM's
 * first (WIRE_CB_RESTORE_FEDM: the federate's restored handle and name).
 *
 * Files.  DIR/<federation>/<label>.rtisave, the names escaped (every byte
 * outside [A-Za-z0-9_-] as %XX: no '/', no "..", no leading dot),
 * directories made 0700 when first needed; written as
 * DIR/<federation>/.<label>.tmp.<pid>, fsync, rename, fsync of the
 * directory, so a file of that name is always whole.  Temporaries begin
 * with a dot and are never read.  Files are opened with O_NOFOLLOW.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fedm.h"
#include "fedm_int.h"
#include "savefile.h"
#include "tm.h"

/* Largest save file read: a restore reads it whole into memory. */
#define STORE_MAX_FILE (4ull * 1024 * 1024 * 1024)

struct store_save {
	char *label;
	int has_time;
	uint64_t t;
	uint32_t n;               /* federates asked to collect */
	uint32_t *asked;          /* their handles */
	uint8_t *answered;
	uint32_t left;
};

/* ---- paths ---- */

/* Escape `s` into `out` (every byte outside [A-Za-z0-9_-] as %XX). */
static void
escape(const char *s, char *out)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || ch == '_' || ch == '-') {
			*out++ = (char)ch;
		} else {
			*out++ = '%';
			*out++ = hex[ch >> 4];
			*out++ = hex[ch & 15];
		}
	}
	*out = '\0';
}

/* The save directory: --save-dir, or the default under the user's state
 * directory, in `buf`.  0, or -1 (no HOME either). */
static int
save_dir(struct rti_server *srv, char *buf, size_t len)
{
	const char *x;

	if (srv->cfg.save_dir && *srv->cfg.save_dir)
		x = srv->cfg.save_dir, snprintf(buf, len, "%s", x);
	else if ((x = getenv("XDG_STATE_HOME")) && *x == '/')
		snprintf(buf, len, "%s/rti/saves", x);
	else if ((x = getenv("HOME")) && *x)
		snprintf(buf, len, "%s/.local/state/rti/saves", x);
	else
		return -1;
	return 0;
}

/* mkdir -p of `path` (0700 for what it makes).  0, or -1 with errno. */
static int
make_dirs(char *path)
{
	struct stat st;
	char *p;

	for (p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	if (mkdir(path, 0700) < 0 && errno != EEXIST)
		return -1;
	if (stat(path, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return 0;
}

/* DIR/<fed> in `dir` and the file's name in `file` (without the dir).
 * 0, or -1 with `msg` filled. */
static int
save_paths(struct federation *fx, const char *label, char *dir,
    size_t dlen, char *file, size_t flen, char *msg, size_t mlen)
{
	char base[4096], *efed, *elab;
	int rc = -1;

	if (save_dir(fx->srv, base, sizeof base) < 0) {
		snprintf(msg, mlen, "no save directory (neither --save-dir, "
		    "XDG_STATE_HOME nor HOME)");
		return -1;
	}
	efed = malloc(strlen(fx->name) * 3 + 1);
	elab = malloc(strlen(label) * 3 + 1);
	if (!efed || !elab) {
		snprintf(msg, mlen, "out of memory");
		goto out;
	}
	escape(fx->name, efed);
	escape(label, elab);
	if ((size_t)snprintf(dir, dlen, "%s/%s", base, efed) >= dlen ||
	    (size_t)snprintf(file, flen, "%s.rtisave", elab) >= flen) {
		snprintf(msg, mlen, "save path too long");
		goto out;
	}
	rc = 0;
out:
	free(efed);
	free(elab);
	return rc;
}

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
		int m = server_layer_order[i];
		const struct module_ops *ops = server_modules[m];

		if (!ops->save_state)
			continue;
		off = savefile_section_begin(out, (uint16_t)m);
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

/* Write `b` to DIR/<fed>/<label>.rtisave atomically.  0, or -1 with
 * `msg` filled and no file of the name changed, no temporary left. */
static int
write_file(struct federation *fx, const char *label, const void *p,
    size_t n, char *msg, size_t mlen)
{
	char dir[4096], file[4096], path[8192], tmp[8192];
	const uint8_t *b = p;
	size_t done = 0;
	ssize_t w;
	int fd, dfd;

	if (save_paths(fx, label, dir, sizeof dir, file, sizeof file, msg,
	    mlen) < 0)
		return -1;
	if (make_dirs(dir) < 0) {
		snprintf(msg, mlen, "cannot make save directory %.300s: %s", dir,
		    strerror(errno));
		return -1;
	}
	snprintf(path, sizeof path, "%s/%s", dir, file);
	snprintf(tmp, sizeof tmp, "%s/.%.*s.tmp.%ld", dir,
	    (int)(strlen(file) - 8), file, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
	    0600);
	if (fd < 0) {
		snprintf(msg, mlen, "cannot create %.300s: %s", tmp,
		    strerror(errno));
		return -1;
	}
	while (done < n) {
		w = write(fd, b + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			snprintf(msg, mlen, "cannot write %.300s: %s", tmp,
			    w < 0 ? strerror(errno) : "short write");
			goto fail;
		}
		done += (size_t)w;
	}
	if (fsync(fd) < 0) {
		snprintf(msg, mlen, "cannot write %.300s: fsync: %s", tmp,
		    strerror(errno));
		goto fail;
	}
	if (close(fd) < 0) {
		fd = -1;
		snprintf(msg, mlen, "cannot write %.300s: %s", tmp,
		    strerror(errno));
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) < 0) {
		snprintf(msg, mlen, "cannot rename %.200s to %.200s: %s", tmp, path,
		    strerror(errno));
		goto fail;
	}
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		(void)fsync(dfd);
		close(dfd);
	}
	rti_log(fx->srv, LOG_INFO, "federation %s: save '%s' written to %s "
	    "(%zu bytes)", fx->name, label, path, n);
	return 0;
fail:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return -1;
}

/* Every federate answered WIRE_CB_SAVE_COLLECT: encode and write. */
static void
save_write(struct federation *fx)
{
	struct fedm_fx *st = fx_st(fx);
	struct store_save *s = st->store;
	struct wire_buf out;
	char msg[512];
	int err = RTI_OK;

	wire_buf_init(&out);
	msg[0] = '\0';
	if (encode(fx, s, &out) < 0) {
		err = RTI_ERR_NO_MEMORY;
		snprintf(msg, sizeof msg, "out of memory encoding the save");
	} else if (write_file(fx, s->label, out.data, out.len, msg,
	    sizeof msg) < 0) {
		err = RTI_ERR_INTERNAL_ERROR;
	}
	wire_buf_free(&out);
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
	struct federation *fx = c->fed->fx;
	struct fedm_fx *st = fx_st(fx);
	struct store_save *s = st->store;
	size_t n = wire_rd_left(rd);
	const void *p = wire_get_raw(rd, n);
	uint32_t i;

	(void)serial;
	if (!s || st->save != FX_SAVE_WRITING)
		return 0;       /* an answer to a save since ended */
	for (i = 0; i < s->n; i++)
		if (s->asked[i] == c->fed->handle)
			break;
	if (i == s->n || s->answered[i])
		return 0;
	if (tm_set_held(c->fed, p, n) < 0)
		return -1;
	s->answered[i] = 1;
	if (--s->left == 0)
		save_write(fx);
	return 0;
}

/* ---- restore ---- */

struct store_restore {
	uint8_t *bytes;
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
	free(r->bytes);
	free(r);
}

/* Read the whole file `path`: the bytes (caller frees) and *n, or NULL
 * with *err and `msg`. */
static uint8_t *
read_file(const char *path, size_t *n, int *err, char *msg, size_t len)
{
	struct stat st;
	uint8_t *buf;
	size_t got = 0;
	ssize_t r;
	int fd;

	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		*err = errno == ENOENT ?
		    RTI_ERR_SPECIFIED_SAVE_LABEL_DOES_NOT_EXIST :
		    RTI_ERR_COULD_NOT_INITIATE_RESTORE;
		snprintf(msg, len, errno == ENOENT ? "no save of that label" :
		    "cannot open the save file: %s", strerror(errno));
		return NULL;
	}
	*err = RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (unsigned long long)st.st_size > STORE_MAX_FILE) {
		snprintf(msg, len, "the save file is not a regular file of "
		    "at most %llu bytes", STORE_MAX_FILE);
		close(fd);
		return NULL;
	}
	if (!(buf = malloc((size_t)st.st_size + 1))) {
		snprintf(msg, len, "out of memory");
		close(fd);
		return NULL;
	}
	while (got < (size_t)st.st_size) {
		r = read(fd, buf + got, (size_t)st.st_size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	if (got != (size_t)st.st_size) {
		snprintf(msg, len, "cannot read the save file");
		free(buf);
		return NULL;
	}
	*n = got;
	return buf;
}

struct store_restore *
store_restore_load(struct federation *fx, const char *label, int *err,
    char *msg, size_t len)
{
	char dir[4096], file[4096], path[8192];
	struct store_restore *r;
	struct wire_rd rd;
	uint32_t i, k;
	size_t n;
	int m;

	*err = RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	if (save_paths(fx, label, dir, sizeof dir, file, sizeof file, msg,
	    len) < 0)
		return NULL;
	snprintf(path, sizeof path, "%s/%s", dir, file);
	if (!(r = calloc(1, sizeof *r))) {
		*err = RTI_ERR_NO_MEMORY;
		snprintf(msg, len, "out of memory");
		return NULL;
	}
	if (!(r->bytes = read_file(path, &n, err, msg, len)))
		goto fail;
	*err = RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	if (savefile_decode(r->bytes, n, MOD_COUNT, &r->sf, msg, len) < 0)
		goto fail;
	if (strcmp(r->sf.federation, fx->name) != 0 ||
	    strcmp(r->sf.label, label) != 0) {
		snprintf(msg, len, "the save file is of federation '%.100s', "
		    "label '%.100s'", r->sf.federation, r->sf.label);
		goto fail;
	}
	if (r->sf.time_int64 != fx->time_int64) {
		snprintf(msg, len, "the save is of another time "
		    "implementation");
		goto fail;
	}
	/* FOM does not match: the same modules, names and texts, in order */
	for (i = 0; i < r->sf.n_modules || i < fx->n_modules; i++) {
		if (i >= fx->n_modules) {
			snprintf(msg, len, "FOM does not match: the save has "
			    "module '%.200s', the federation not",
			    r->sf.module_names[i]);
			goto fail;
		}
		if (i >= r->sf.n_modules) {
			snprintf(msg, len, "FOM does not match: the federation "
			    "has module '%.200s', the save not",
			    fx->module_names[i]);
			goto fail;
		}
		if (strcmp(r->sf.module_names[i], fx->module_names[i]) ||
		    r->sf.module_len[i] != fx->module_len[i] ||
		    memcmp(r->sf.module_xml[i], fx->module_xml[i],
		    fx->module_len[i]) != 0) {
			snprintf(msg, len, "FOM does not match: module "
			    "'%.200s' differs from the federation's "
			    "'%.200s'", r->sf.module_names[i],
			    fx->module_names[i]);
			goto fail;
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

		m = server_layer_order[i];
		ops = server_modules[m];
		for (k = 0; k < r->sf.n_sections; k++)
			if (r->sf.sec_id[k] == m)
				break;
		if (!ops->restore_stage) {
			if (k < r->sf.n_sections) {
				snprintf(msg, len, "the save has a section of "
				    "module %s, which restores nothing",
				    ops->name);
				goto fail;
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
			goto fail;
		}
		r->has[m] = 1;
	}
	return r;
fail:
	store_restore_free(r);
	return NULL;
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
		m = server_layer_order[i];
		if (r->has[m] && server_modules[m]->restore_apply) {
			server_modules[m]->restore_apply(fx, r->staged[m]);
			r->has[m] = 0;
		}
	}
	/* subscriptions and conditions are back: the multicast groups
	 * follow them */
	udp_mc_resync_fx(fx);
	for (k = 0; k < fx->n_feds; k++) {
		struct federate *f = fx->feds[k];

		if (fedm_restore_sync(f) < 0)
			rc = -1;
		for (i = 0; i < MOD_COUNT; i++) {
			m = server_layer_order[i];
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
