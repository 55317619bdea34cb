/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fomload.c - see fomload.h.
 *
 * A module name from a federate is a name, not a path: it is looked up
 * beneath the directories of the FOM path only, and every way of not
 * getting a readable regular file there (missing, unreadable, a FIFO or
 * device, a name or link leading outside) gives the client one answer,
 * so that it learns nothing about the files around.  The log gets the
 * real reason.
 *
 * Confinement uses openat2(2) with RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS
 * where the kernel has it (Linux 5.6 and later).  Elsewhere, or where a
 * sandbox refuses the system call, a component-wise walk does the same in
 * user space: each directory is opened with O_NOFOLLOW relative to the
 * descriptor of the one before, a symbolic link is read with readlinkat
 * and its (relative) target walked from the directory that holds it, and
 * ".." pops back to a directory already entered, never above the FOM
 * directory.  Both are free of the check-then-open race of a realpath()
 * prefix test, and both follow links that stay inside.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(HAVE_LINUX_OPENAT2_H) && HAVE_DECL_SYS_OPENAT2
#include <linux/openat2.h>
#include <sys/syscall.h>
#define HAVE_OPENAT2 1
#endif

#include "librti.h"
#include "fomload.h"

#define FILE_FLAGS (O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
#ifdef O_PATH
#define DIR_FLAGS (O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#define TOP_FLAGS (O_PATH | O_DIRECTORY | O_CLOEXEC)
#else
#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#define TOP_FLAGS (O_RDONLY | O_DIRECTORY | O_CLOEXEC)
#endif
/* Directories the walk may hold open at once. */
#define WALK_MAX_DIRS 64

int
fomload_name_ok(const char *name)
{
	const unsigned char *p;
	size_t clen = 0;
	int depth = 1;

	if (!name || !*name || *name == '/')
		return 0;
	for (p = (const unsigned char *)name;; p++) {
		if (*p == '/' || *p == '\0') {
			if (clen == 0 || clen > NAME_MAX ||
			    (clen == 1 && p[-1] == '.') ||
			    (clen == 2 && p[-1] == '.' && p[-2] == '.'))
				return 0;
			if (*p == '\0')
				return 1;
			if (++depth > FOMLOAD_MAX_DEPTH)
				return 0;
			clen = 0;
			continue;
		}
		if (*p < 0x20 || *p == 0x7f)
			return 0;
		clen++;
	}
}

/*
 * The user-space RESOLVE_BENEATH.  `path` holds what is left to resolve;
 * dirs[0..depth) the directories entered below `dirfd`.  Returns the
 * descriptor or -1 with errno as openat2 would set it.
 */
static int
open_walk(int dirfd, const char *name)
{
	int dirs[WALK_MAX_DIRS];
	int depth = 0, links = 0, fd = -1, err = 0;
	char path[PATH_MAX], link[PATH_MAX];
	char *p = path;

	if (strlen(name) >= sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(path, name);
	for (;;) {
		int cur = depth ? dirs[depth - 1] : dirfd;
		int last, want_dir, d;
		char *comp = p, *slash;
		ssize_t k;
		size_t rest;

		if (*p == '/') {          /* an absolute name or link */
			err = EXDEV;
			break;
		}
		if (*p == '\0') {
			err = ENOENT;
			break;
		}
		slash = strchr(p, '/');
		want_dir = slash != NULL;
		if (slash) {
			*slash = '\0';
			for (p = slash + 1; *p == '/'; p++)
				;
		} else {
			p = comp + strlen(comp);
		}
		last = *p == '\0';
		if (strcmp(comp, "..") == 0) {
			if (depth == 0) {
				err = EXDEV;
				break;
			}
			close(dirs[--depth]);
			cur = depth ? dirs[depth - 1] : dirfd;
			comp = (char *)".";
		}
		if (strcmp(comp, ".") == 0) {
			if (!last)
				continue;
			/* the directory itself: the caller refuses it */
			fd = openat(cur, ".", FILE_FLAGS);
			err = errno;
			break;
		}
		if (want_dir) {
			d = openat(cur, comp, DIR_FLAGS);
			if (d >= 0 && last) {
				fd = openat(d, ".", FILE_FLAGS);
				err = errno;
				close(d);
				break;
			}
			if (d >= 0) {
				if (depth == WALK_MAX_DIRS) {
					close(d);
					err = ELOOP;
					break;
				}
				dirs[depth++] = d;
				continue;
			}
			err = errno;
			if (err != ELOOP && err != ENOTDIR)
				break;
		} else {
			fd = openat(cur, comp, FILE_FLAGS | O_NOFOLLOW);
			if (fd >= 0)
				break;
			err = errno;
			if (err != ELOOP)
				break;
		}
		/* A symbolic link, or the open's error stands. */
		k = readlinkat(cur, comp, link, sizeof link);
		if (k < 0)
			break;
		if ((size_t)k >= sizeof link - 1) {
			err = ENAMETOOLONG;
			break;
		}
		if (++links > FOMLOAD_MAX_LINKS) {
			err = ELOOP;
			break;
		}
		/* Go on with the link's target, then what followed it. */
		rest = strlen(p);
		if ((size_t)k + 1 + rest >= sizeof link) {
			err = ENAMETOOLONG;
			break;
		}
		if (rest || want_dir)
			link[k++] = '/';
		memcpy(link + k, p, rest + 1);
		memcpy(path, link, (size_t)k + rest + 1);
		p = path;
	}
	while (depth > 0)
		close(dirs[--depth]);
	if (fd < 0)
		errno = err;
	return fd;
}

#ifdef HAVE_OPENAT2
static int
open_openat2(int dirfd, const char *name)
{
	struct open_how how;
	long fd;

	memset(&how, 0, sizeof how);
	how.flags = FILE_FLAGS;
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
	do
		fd = syscall(SYS_openat2, dirfd, name, &how, sizeof how);
	while (fd < 0 && (errno == EINTR || errno == EAGAIN));
	return (int)fd;
}
#endif

int
fomload_open_beneath(int dirfd, const char *name, int how)
{
#ifdef HAVE_OPENAT2
	if (how == FOMLOAD_RESOLVE_AUTO) {
		int fd = open_openat2(dirfd, name);

		/* ENOSYS: an old kernel; EPERM: a seccomp filter */
		if (fd >= 0 || (errno != ENOSYS && errno != EPERM))
			return fd;
	}
#else
	(void)how;
#endif
	return open_walk(dirfd, name);
}

/* `name` for a message: at most 300 bytes, control characters as '?'. */
static const char *
shown(const char *name, char *buf, size_t len)
{
	size_t i;

	for (i = 0; name[i] && i + 1 < len && i < 300; i++)
		buf[i] = (unsigned char)name[i] < 0x20 || name[i] == 0x7f ?
		    '?' : name[i];
	buf[i] = '\0';
	return buf;
}

static const char *
file_kind(mode_t m)
{
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISSOCK(m))
		return "a socket";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "a device";
	return "not a regular file";
}

/* `fd` when it is a regular file; else close it, say why, -1. */
static int
regular_only(int fd, char *why, size_t whylen, const char *where)
{
	struct stat st;

	if (fstat(fd, &st) < 0) {
		snprintf(why, whylen, "%.400s: %s", where, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, whylen, "%.400s: %s, not a regular file", where,
		    file_kind(st.st_mode));
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Open module `name` beneath the first directory of `fom_path` in which it
 * exists (ENOENT and ENOTDIR go on to the next; anything else there is a
 * refusal).  The descriptor of a regular file, or -1 with `why` and
 * *warn (1 for names that escape or name a non-regular file).
 */
static int
open_in_path(const char *fom_path, const char *name, char *why,
    size_t whylen, int *warn)
{
	const char *dir, *colon;
	char dpath[PATH_MAX], where[PATH_MAX + 16];
	int dfd, fd, e;

	*warn = 1;
	if (!fomload_name_ok(name)) {
		snprintf(why, whylen, "not a plain relative name (absolute, "
		    "an empty, '.' or '..' component, a control character, "
		    "or more than %d levels)", FOMLOAD_MAX_DEPTH);
		return -1;
	}
	for (dir = fom_path; dir && *dir; dir = colon ? colon + 1 : NULL) {
		size_t dl;

		colon = strchr(dir, ':');
		dl = colon ? (size_t)(colon - dir) : strlen(dir);
		if (dl == 0 || dl >= sizeof dpath)
			continue;
		memcpy(dpath, dir, dl);
		dpath[dl] = '\0';
		if ((dfd = open(dpath, TOP_FLAGS)) < 0)
			continue;
		fd = fomload_open_beneath(dfd, name, FOMLOAD_RESOLVE_AUTO);
		e = errno;
		close(dfd);
		snprintf(where, sizeof where, "in %s", dpath);
		if (fd >= 0)
			return regular_only(fd, why, whylen, where);
		if (e == ENOENT || e == ENOTDIR)
			continue;
		*warn = e == EXDEV || e == ELOOP;
		snprintf(why, whylen, "%.400s: %s", where, e == EXDEV ?
		    "leads outside the directory" : e == ELOOP ?
		    "too many symbolic links, or a magic link" : strerror(e));
		return -1;
	}
	*warn = 0;
	snprintf(why, whylen, "not in %.500s", fom_path && *fom_path ?
	    fom_path : "(an empty FOM path)");
	return -1;
}

/* Read the regular file `fd` (closed here): 0 with the text, 1 when it
 * holds more than `max` bytes, -1 on a read error (errno). */
static int
read_bounded(int fd, size_t max, char **out, size_t *len)
{
	struct stat st;
	size_t cap, n = 0;
	char *buf = NULL, *nb;
	int rc = -1;

	if (fstat(fd, &st) < 0)
		goto done;
	if (st.st_size < 0 || (unsigned long long)st.st_size > max) {
		rc = 1;
		goto done;
	}
	/* one byte more than the size, to see a file that grew */
	cap = (size_t)st.st_size + 1;
	if (!(buf = malloc(cap + 1)))
		goto done;
	for (;;) {
		ssize_t r;

		if (n == cap) {
			if (n > max) {
				rc = 1;
				goto done;
			}
			cap = cap > max / 2 ? max + 1 : cap * 2;
			if (!(nb = realloc(buf, cap + 1)))
				goto done;
			buf = nb;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto done;
		if (r == 0)
			break;
		n += (size_t)r;
	}
	if (n > max) {
		rc = 1;
		goto done;
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	buf = NULL;
	rc = 0;
done:
	free(buf);
	close(fd);
	return rc;
}

static int
set_err(struct fomload_out *out, int err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
set_err(struct fomload_out *out, int err, const char *fmt, ...)
{
	va_list ap;

	out->err = err;
	va_start(ap, fmt);
	vsnprintf(out->msg, sizeof out->msg, fmt, ap);
	va_end(ap);
	return -1;
}

static int
not_found(struct fomload_out *out, const char *name)
{
	char sb[320];

	return set_err(out, RTI_ERR_COULD_NOT_OPEN_FDD,
	    "FOM module '%s' not found in the FOM path",
	    shown(name, sb, sizeof sb));
}

static int
too_large(struct fomload_out *out, const char *name)
{
	char sb[320];

	return set_err(out, RTI_ERR_ERROR_READING_FDD,
	    "FOM module '%s' is larger than %u bytes",
	    shown(name, sb, sizeof sb), FOMLOAD_MAX_MODULE);
}

static int
too_large_total(struct fomload_out *out)
{
	return set_err(out, RTI_ERR_LIMIT_EXCEEDED,
	    "the FOM modules are larger than %u bytes together",
	    FOMLOAD_MAX_TOTAL);
}

/* Open and read module `s` (a NAME or PATH), at most `room` bytes more in
 * the create's total.  0 with the text, or -1 with out set. */
static int
read_module(const char *fom_path, const struct fomload_src *s, size_t room,
    char **xml, size_t *len, struct fomload_out *out)
{
	char where[PATH_MAX + 16];
	struct stat st;
	int fd = -1, rc;

	if (s->kind == FOMLOAD_PATH) {
		/* the operator's own path, as given; a file that does not
		 * exist there is a name in the FOM path */
		fd = open(s->name, FILE_FLAGS);
		if (fd >= 0) {
			snprintf(where, sizeof where, "at %s", s->name);
			fd = regular_only(fd, out->why, sizeof out->why,
			    where);
			if (fd < 0)
				return not_found(out, s->name);
		} else if (errno != ENOENT || !fomload_name_ok(s->name)) {
			snprintf(out->why, sizeof out->why, "%s",
			    strerror(errno));
			return not_found(out, s->name);
		}
	}
	if (fd < 0) {
		fd = open_in_path(fom_path, s->name, out->why,
		    sizeof out->why, &out->warn);
		if (fd < 0)
			return not_found(out, s->name);
	}
	/* Found in an allowed place: from here on, the file may be
	 * described. */
	if (fstat(fd, &st) == 0 && (unsigned long long)st.st_size >
	    (room < FOMLOAD_MAX_MODULE ? room : FOMLOAD_MAX_MODULE)) {
		close(fd);
		return (unsigned long long)st.st_size > FOMLOAD_MAX_MODULE ?
		    too_large(out, s->name) : too_large_total(out);
	}
	rc = read_bounded(fd, FOMLOAD_MAX_MODULE, xml, len);
	if (rc == 1)
		return too_large(out, s->name);
	if (rc < 0) {
		snprintf(out->why, sizeof out->why, "cannot read: %s",
		    strerror(errno));
		return not_found(out, s->name);
	}
	return 0;
}

int
fomload_check_content(const struct fomload_src *src, uint32_t n,
    struct fomload_out *out)
{
	size_t total = 0;
	uint32_t i;

	for (i = 0; i < n; i++) {
		if (src[i].kind != FOMLOAD_CONTENT)
			continue;
		if (src[i].len > FOMLOAD_MAX_MODULE)
			return too_large(out, src[i].name);
		total += src[i].len;
		if (total > FOMLOAD_MAX_TOTAL)
			return too_large_total(out);
	}
	return 0;
}

static int
stopped(atomic_int *stop, struct fomload_out *out)
{
	if (!stop || !atomic_load(stop))
		return 0;
	set_err(out, RTI_ERR_INTERNAL_ERROR, "rtiexec is shutting down");
	return 1;
}

/*
 * The code of a module that failed the merge: a budget ran out
 * (LIMIT_EXCEEDED); the module fails when loaded alone too, so it is
 * unreadable in itself (ERROR_READING_FDD); or it fails only on top of the
 * modules before it (INCONSISTENT_FDD).  The message is the merge's.  The
 * second parse happens only on this failure path.
 */
static void
classify(struct fomload_out *out, const struct fom_error *fe,
    const char *xml, size_t len, const char *name)
{
	struct fom_error alone_fe;
	struct fom *alone;
	int err;

	if (fe->budget) {
		err = RTI_ERR_LIMIT_EXCEEDED;
	} else if (!(alone = fom_new())) {
		err = RTI_ERR_NO_MEMORY;
	} else {
		err = fom_load_string(alone, xml, len, name, &alone_fe) < 0 ?
		    RTI_ERR_ERROR_READING_FDD : RTI_ERR_INCONSISTENT_FDD;
		fom_free(alone);
	}
	out->fe = *fe;
	out->parse_error = 1;
	if (err == RTI_ERR_NO_MEMORY)
		set_err(out, err, "out of memory");
	else
		set_err(out, err, "%s:%d: %s", fe->file, fe->line, fe->msg);
}

/* 1 when src[i] (read: xml, len) is one of the first n_base modules
 * again, by name and bytes. */
static int
is_base_dup(const struct fomload_src *src, const struct fomload_out *out,
    uint32_t n_base, const char *name, const char *xml, size_t len)
{
	uint32_t j;

	for (j = 0; j < n_base && j < out->n; j++)
		if (out->len[j] == len && strcmp(src[j].name, name) == 0 &&
		    memcmp(out->xml[j], xml, len) == 0)
			return 1;
	return 0;
}

/*
 * Every federation's FOM holds the MIM (IEEE 1516.1-2010 4.2): module 0
 * is rti's (fom.h), merged before the federation's own, so a module that
 * repeats it merges as an equal repeat and one that redefines its classes
 * is INCONSISTENT_FDD.  Joiners get it with the other texts.  0, or -1
 * with out's error set.
 */
static int
mim_first(struct fomload_out *out)
{
	struct fom_error fe;

	out->names[0] = strdup(FOM_MIM_DESIGNATOR);
	out->xml[0] = malloc(fom_mim_xml_len);
	out->len[0] = fom_mim_xml_len;
	out->n = 1;
	if (!out->names[0] || !out->xml[0])
		return set_err(out, RTI_ERR_NO_MEMORY, "out of memory");
	memcpy(out->xml[0], fom_mim_xml, fom_mim_xml_len);
	if (fom_load_string(out->fom, out->xml[0], out->len[0],
	    FOM_MIM_DESIGNATOR, &fe) < 0)
		return set_err(out, RTI_ERR_INTERNAL_ERROR, "the built-in "
		    "MIM does not load: %s:%d: %s", fe.file, fe.line, fe.msg);
	return 0;
}

int
fomload_load(const char *fom_path, struct fomload_src *src, uint32_t n,
    struct fomload_out *out, atomic_int *stop)
{
	return fomload_load_onto(fom_path, src, n, 0, out, stop);
}

int
fomload_load_onto(const char *fom_path, struct fomload_src *src, uint32_t n,
    uint32_t n_base, struct fomload_out *out, atomic_int *stop)
{
	struct fom_budget budget;
	struct fom_error fe;
	size_t total = 0;
	uint32_t i, k;

	fom_budget_init(&budget);
	memset(out, 0, sizeof *out);
	out->err = RTI_OK;
	out->fom = fom_new();
	out->names = calloc(n + 1, sizeof *out->names);
	out->xml = calloc(n + 1, sizeof *out->xml);
	out->len = calloc(n + 1, sizeof *out->len);
	if (!out->fom || !out->names || !out->xml || !out->len)
		goto oom;
	if (fomload_check_content(src, n, out) < 0)
		goto fail;
	/* a join's base (n_base > 0) is the federation's modules, the MIM
	 * first among them */
	if (n_base == 0 && mim_first(out) < 0)
		goto fail;
	for (i = 0; i < n; i++) {
		char *xml = NULL;
		size_t len = 0;

		if (stopped(stop, out))
			goto fail;
		if (src[i].kind == FOMLOAD_CONTENT) {
			xml = src[i].xml;
			len = src[i].len;
			src[i].xml = NULL;
		} else if (read_module(fom_path, &src[i],
		    FOMLOAD_MAX_TOTAL - total, &xml, &len, out) < 0) {
			goto fail;
		}
		if (!xml)
			goto oom;
		if (i >= n_base && is_base_dup(src, out, n_base, src[i].name,
		    xml, len)) {
			/* a module the federation has: nothing to merge */
			free(xml);
			continue;
		}
		k = out->n;
		out->xml[k] = xml;
		out->len[k] = len;
		out->names[k] = strdup(src[i].name);
		out->n = k + 1;
		if (!out->names[k])
			goto oom;
		total += len;
		if (total > FOMLOAD_MAX_TOTAL) {
			too_large_total(out);
			goto fail;
		}
		if (stopped(stop, out))
			goto fail;
		/* Merged in order onto the modules before it, charged to the
		 * create's budget: a module may use what an earlier one
		 * defines.  --check-fom runs this same loop. */
		if (fom_load_string_budget(out->fom, xml, len, src[i].name,
		    &budget, &fe) < 0) {
			classify(out, &fe, xml, len, src[i].name);
			goto fail;
		}
	}
	return 0;
oom:
	set_err(out, RTI_ERR_NO_MEMORY, "out of memory");
fail:
	for (i = 0; i < n; i++) {
		free(src[i].xml);
		src[i].xml = NULL;
	}
	fom_free(out->fom);
	out->fom = NULL;
	return -1;
}

void
fomload_out_free(struct fomload_out *out)
{
	uint32_t i;

	for (i = 0; i < out->n; i++) {
		if (out->names)
			free(out->names[i]);
		if (out->xml)
			free(out->xml[i]);
	}
	free(out->names);
	free(out->xml);
	free(out->len);
	fom_free(out->fom);
	out->names = NULL;
	out->xml = NULL;
	out->len = NULL;
	out->fom = NULL;
	out->n = 0;
}

/* ---- the worker (worker.h) ---- */

struct fomload {
	const char *fom_path;
	struct worker *w;
	unsigned n_jobs;          /* queued, running or done undelivered:
	                             only the loop's thread counts them */
};

struct fomload_job *
fomload_job_new(uint32_t n)
{
	struct fomload_job *job = calloc(1, sizeof *job);

	if (!job)
		return NULL;
	job->src = calloc(n ? n : 1, sizeof *job->src);
	if (!job->src) {
		free(job);
		return NULL;
	}
	job->n = n;
	return job;
}

void
fomload_job_free(struct fomload_job *job)
{
	uint32_t i;

	if (!job)
		return;
	for (i = 0; i < job->n; i++) {
		free(job->src[i].name);
		free(job->src[i].xml);
	}
	free(job->src);
	fomload_out_free(&job->out);
	free(job);
}

/* fomload_job embeds its worker_job first (fomload.h). */
static struct fomload_job *
job_of(struct worker_job *wj)
{
	return (struct fomload_job *)(void *)wj;
}

static void
run_job(struct worker_job *wj, void *ctx)
{
	struct fomload *fl = ctx;
	struct fomload_job *job = job_of(wj);

	(void)fomload_load_onto(fl->fom_path, job->src, job->n, job->n_base,
	    &job->out, worker_stopping(fl->w));
}

static void
deliver_job(struct worker_job *wj, void *ctx)
{
	struct fomload *fl = ctx;
	struct fomload_job *job = job_of(wj);

	fl->n_jobs--;
	job->done(job, job->arg);
}

static void
drop_job(struct worker_job *wj, void *ctx)
{
	(void)ctx;
	fomload_job_free(job_of(wj));
}

struct fomload *
fomload_new(struct event_base *base, const char *fom_path)
{
	struct fomload *fl;

	fom_init();      /* libxml2, once, on the loop's thread */
	if (!(fl = calloc(1, sizeof *fl)))
		return NULL;
	fl->fom_path = fom_path;
	if (!(fl->w = worker_new(base, run_job, deliver_job, fl))) {
		free(fl);
		return NULL;
	}
	return fl;
}

int
fomload_submit(struct fomload *fl, struct fomload_job *job)
{
	if (fl->n_jobs >= FOMLOAD_MAX_JOBS)
		return -1;
	fl->n_jobs++;
	worker_submit(fl->w, &job->wj);
	return 0;
}

int
fomload_room(struct fomload *fl)
{
	return fl->n_jobs < FOMLOAD_MAX_JOBS;
}

void
fomload_free(struct fomload *fl)
{
	if (!fl)
		return;
	worker_free(fl->w, drop_job);
	free(fl);
}
