/* SPDX-License-Identifier: Apache-2.0 */
/*
 * store_io.c - see store_io.h.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sha256.h"
#include "store_io.h"

/* ---- names ---- */

static int
plain(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	    (ch >= '0' && ch <= '9') || ch == '_' || ch == '-';
}

int
store_name(const char *s, const char *suffix, char *out, size_t cap)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0, sl = strlen(suffix), i, full = 0;
	uint8_t d[32];

	for (i = 0; p[i]; i++)
		full += plain(p[i]) ? 1 : 3;
	if (cap < STORE_NAME_MAX + 1 + sl)
		return -1;
	for (i = 0; p[i]; i++) {
		size_t w = plain(p[i]) ? 1 : 3;

		if (full > STORE_NAME_MAX && o + w > STORE_NAME_KEEP)
			break;
		if (w == 1) {
			out[o++] = (char)p[i];
		} else {
			out[o++] = '%';
			out[o++] = hex[p[i] >> 4];
			out[o++] = hex[p[i] & 15];
		}
	}
	if (full > STORE_NAME_MAX) {
		sha256(s, strlen(s), d);
		out[o++] = '~';
		for (i = 0; i < 32; i++) {
			out[o++] = hex[d[i] >> 4];
			out[o++] = hex[d[i] & 15];
		}
	}
	memcpy(out + o, suffix, sl + 1);
	return 0;
}

int
store_save_dir(const struct rti_server *srv, char *buf, size_t len)
{
	const char *x;
	int n;

	if (server_cfg(srv)->save_dir && *server_cfg(srv)->save_dir)
		n = snprintf(buf, len, "%s", server_cfg(srv)->save_dir);
	else if ((x = getenv("XDG_STATE_HOME")) && *x == '/')
		n = snprintf(buf, len, "%s/rti/saves", x);
	else if ((x = getenv("HOME")) && *x)
		n = snprintf(buf, len, "%s/.local/state/rti/saves", x);
	else
		return -1;
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* mkdir -p of `path` (0700 for what it makes).  0, or -1 with errno. */
static int
make_dirs(char *path)
{
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
	return 0;
}

int
store_dir_open(const struct rti_server *srv, const char *fed, int make,
    char *msg, size_t mlen)
{
	char base[4096], name[STORE_NAME_MAX + 1];
	int bfd, fd, e;

	if (store_save_dir(srv, base, sizeof base) < 0) {
		snprintf(msg, mlen, "no save directory (neither --save-dir, "
		    "XDG_STATE_HOME nor HOME)");
		return -1;
	}
	if (store_name(fed, "", name, sizeof name) < 0) {
		snprintf(msg, mlen, "federation name does not fit");
		return -1;
	}
	if (make && make_dirs(base) < 0) {
		snprintf(msg, mlen, "cannot make save directory %.300s: %s",
		    base, strerror(errno));
		return -1;
	}
	bfd = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (bfd < 0) {
		snprintf(msg, mlen, "cannot open save directory %.300s: %s",
		    base, strerror(errno));
		return -1;
	}
	if (make && mkdirat(bfd, name, 0700) < 0 && errno != EEXIST) {
		snprintf(msg, mlen, "cannot make save directory %.300s/%s: "
		    "%s", base, name, strerror(errno));
		close(bfd);
		return -1;
	}
	fd = openat(bfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);
	e = errno;
	close(bfd);
	if (fd < 0) {
		snprintf(msg, mlen, e == ELOOP || e == ENOTDIR ?
		    "%.300s/%s is not a directory (a symbolic link is not "
		    "followed)" : "cannot open save directory %.300s/%s: %s",
		    base, name, strerror(e));
		errno = e;
		return -1;
	}
	return fd;
}

/* 1 when `n` is ".NAME.tmp.PID" of a PID that is ours or not running. */
static int
stale_temp(const char *n)
{
	const char *t;
	char *end;
	long pid;

	if (n[0] != '.' || !(t = strstr(n, ".tmp.")) || t == n)
		return 0;
	while (strstr(t + 1, ".tmp."))
		t = strstr(t + 1, ".tmp.");
	errno = 0;
	pid = strtol(t + 5, &end, 10);
	if (errno || *end || end == t + 5 || pid <= 0)
		return 0;
	if (pid == (long)getpid())
		return 1;
	return kill((pid_t)pid, 0) < 0 && errno == ESRCH;
}

void
store_sweep_temps(struct rti_server *srv)
{
	char base[4096];
	struct dirent *e, *f;
	unsigned removed = 0;
	DIR *bd, *fd;
	int dfd;

	if (store_save_dir(srv, base, sizeof base) < 0 ||
	    !(bd = opendir(base)))
		return;
	while ((e = readdir(bd))) {
		if (e->d_name[0] == '.')
			continue;
		dfd = openat(dirfd(bd), e->d_name, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC);
		if (dfd < 0)
			continue;
		if (!(fd = fdopendir(dfd))) {
			close(dfd);
			continue;
		}
		while ((f = readdir(fd)))
			if (stale_temp(f->d_name) &&
			    unlinkat(dirfd(fd), f->d_name, 0) == 0)
				removed++;
		closedir(fd);
	}
	closedir(bd);
	if (removed)
		rti_log(srv, LOG_INFO, "save directory %s: %u temporar%s of "
		    "an rtiexec that stopped during a save removed", base,
		    removed, removed == 1 ? "y" : "ies");
}

/* ---- jobs ---- */

struct store_job *
store_job_new(int kind)
{
	struct store_job *job = calloc(1, sizeof *job);

	if (!job)
		return NULL;
	job->kind = kind;
	job->dfd = -1;
	wire_buf_init(&job->data);
	atomic_init(&job->cancelled, 0);
	return job;
}

void
store_job_free(struct store_job *job)
{
	if (!job)
		return;
	if (job->dfd >= 0)
		close(job->dfd);
	savefile_free(&job->sf);
	wire_buf_free(&job->data);
	free(job);
}

void
store_job_cancel(struct store_job *job)
{
	atomic_store(&job->cancelled, 1);
}

static void
run_write(struct store_job *j)
{
	const uint8_t *b = j->data.data;
	size_t done = 0, n = j->data.len;
	ssize_t w;
	int fd;

	j->err = RTI_ERR_INTERNAL_ERROR;
	(void)unlinkat(j->dfd, j->tmp, 0);
	fd = openat(j->dfd, j->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(j->msg, sizeof j->msg, "cannot create %s: %s", j->tmp,
		    strerror(errno));
		return;
	}
	while (done < n) {
		w = write(fd, b + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			snprintf(j->msg, sizeof j->msg, "cannot write %s: %s",
			    j->tmp, w < 0 ? strerror(errno) : "short write");
			goto fail;
		}
		done += (size_t)w;
	}
	if (fsync(fd) < 0) {
		snprintf(j->msg, sizeof j->msg, "cannot write %s: fsync: %s",
		    j->tmp, strerror(errno));
		goto fail;
	}
	if (close(fd) < 0) {
		fd = -1;
		snprintf(j->msg, sizeof j->msg, "cannot write %s: %s", j->tmp,
		    strerror(errno));
		goto fail;
	}
	fd = -1;
	if (atomic_load(&j->cancelled))
		goto fail;
	if (renameat(j->dfd, j->tmp, j->dfd, j->file) < 0) {
		snprintf(j->msg, sizeof j->msg, "cannot rename %.200s to "
		    "%.200s: %s", j->tmp, j->file, strerror(errno));
		goto fail;
	}
	(void)fsync(j->dfd);
	j->err = RTI_OK;
	return;
fail:
	if (fd >= 0)
		close(fd);
	(void)unlinkat(j->dfd, j->tmp, 0);
}

/* Read exactly n bytes at the file's position; 0, or -1. */
static int
read_full(int fd, uint8_t *p, size_t n)
{
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		r = read(fd, p + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

static void
run_read(struct store_job *j)
{
	uint8_t head[8];
	struct stat st;
	size_t n;
	int fd;

	j->err = RTI_ERR_COULD_NOT_INITIATE_RESTORE;
	fd = openat(j->dfd, j->file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT) {
			j->err = RTI_ERR_SPECIFIED_SAVE_LABEL_DOES_NOT_EXIST;
			snprintf(j->msg, sizeof j->msg, "no save of that "
			    "label");
		} else {
			snprintf(j->msg, sizeof j->msg, "cannot open the save "
			    "file: %s", strerror(errno));
		}
		return;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(j->msg, sizeof j->msg, "the save file is not a "
		    "regular file");
		goto out;
	}
	if ((uint64_t)st.st_size > j->max) {
		snprintf(j->msg, sizeof j->msg, "the save file is %llu bytes, "
		    "more than --max-save-size (%llu)",
		    (unsigned long long)st.st_size,
		    (unsigned long long)j->max);
		goto out;
	}
	n = (size_t)st.st_size;
	/* the header first: a file that is not a save costs nothing */
	if (n < sizeof head || read_full(fd, head, sizeof head) < 0 ||
	    memcmp(head, SAVEFILE_MAGIC, sizeof head) != 0) {
		snprintf(j->msg, sizeof j->msg, "not a save file (bad magic)");
		goto out;
	}
	if (wire_buf_reserve(&j->data, n) < 0) {
		j->data.oom = 0;
		j->err = RTI_ERR_NO_MEMORY;
		snprintf(j->msg, sizeof j->msg, "out of memory reading the "
		    "save file");
		goto out;
	}
	memcpy(j->data.data, head, sizeof head);
	if (read_full(fd, j->data.data + sizeof head, n - sizeof head) < 0) {
		snprintf(j->msg, sizeof j->msg, "cannot read the save file");
		goto out;
	}
	j->data.len = n;
	if (savefile_decode(j->data.data, n, j->n_ids, &j->sf, j->msg,
	    sizeof j->msg) < 0)
		goto out;
	j->err = RTI_OK;
out:
	close(fd);
}

/* ---- the worker (worker.h) ---- */

struct store_io {
	struct worker *w;
};

/* store_job embeds its worker_job first (store_io.h). */
static struct store_job *
job_of(struct worker_job *wj)
{
	return (struct store_job *)(void *)wj;
}

static void
run_job(struct worker_job *wj, void *ctx)
{
	struct store_job *job = job_of(wj);

	(void)ctx;
	if (job->kind == STORE_WRITE)
		run_write(job);
	else
		run_read(job);
}

static void
deliver_job(struct worker_job *wj, void *ctx)
{
	struct store_job *job = job_of(wj);

	(void)ctx;
	if (atomic_load(&job->cancelled))
		store_job_free(job);
	else
		job->done(job, job->arg);
}

static void
drop_job(struct worker_job *wj, void *ctx)
{
	(void)ctx;
	store_job_free(job_of(wj));
}

struct store_io *
store_io_new(struct event_base *base)
{
	struct store_io *io = calloc(1, sizeof *io);

	if (!io)
		return NULL;
	if (!(io->w = worker_new(base, run_job, deliver_job, io))) {
		free(io);
		return NULL;
	}
	return io;
}

void
store_io_submit(struct store_io *io, struct store_job *job)
{
	worker_submit(io->w, &job->wj);
}

void
store_io_free(struct store_io *io)
{
	if (!io)
		return;
	worker_free(io->w, drop_job);
	free(io);
}
