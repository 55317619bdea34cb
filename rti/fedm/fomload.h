/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fomload.h - loading a federation's FOM modules: confined resolution of
 * module names in the FOM path, bounded reading, parse and merge; and the
 * worker thread that does it off the event loop.
 *
 * The loader (fomload_load) is a plain function of its inputs: it touches
 * no server state, so the worker thread, the start-up federation and any
 * later caller share it.  The worker runs one job at a time from a bounded
 * queue and hands finished jobs back to the event loop through a pipe; it
 * never calls libevent.
 */
#ifndef RTI_FOMLOAD_H
#define RTI_FOMLOAD_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <event2/event.h>

#include "fom.h"
#include "worker.h"

/* Largest module, read from the FOM path or sent as content. */
#define FOMLOAD_MAX_MODULE (16u * 1024 * 1024)
/* Largest total of one create's modules: the texts are kept and sent to
 * every joiner in one reply, which must fit a federate's default output
 * queue (RTI_DEFAULT_MAX_QUEUE, 64 MiB). */
#define FOMLOAD_MAX_TOTAL (32u * 1024 * 1024)
/* Jobs queued or running at once; further creates wait unread. */
#define FOMLOAD_MAX_JOBS 4u
/* Directory levels of a module name, and symbolic links followed. */
#define FOMLOAD_MAX_DEPTH 16
#define FOMLOAD_MAX_LINKS 40

enum fomload_kind {
	FOMLOAD_CONTENT,  /* the text itself (sent by a federate) */
	FOMLOAD_NAME,     /* a federate's name: only inside the FOM path */
	FOMLOAD_PATH      /* the operator's (--fom, --check-fom): a file at
	                     that path, relative to the working directory,
	                     when one exists; else a NAME */
};

struct fomload_src {
	int kind;         /* enum fomload_kind */
	char *name;       /* owned; labels errors, kept for joiners */
	char *xml;        /* FOMLOAD_CONTENT: owned text; else NULL */
	size_t len;
};

/* The outcome of a load.  On success `err` is RTI_OK and the caller takes
 * `fom` and the n texts (names, xml, len: malloc'd arrays of malloc'd
 * strings); fomload_out_free frees whatever is left. */
struct fomload_out {
	int err;              /* RTI_OK or the RTI_ERR_* for the client */
	char msg[1200];       /* the client's message */
	char why[600];        /* the operator's: the real reason (log) */
	int warn;             /* 1: a refusal worth a warning (a name that
	                         escapes or names a non-regular file) */
	int parse_error;      /* 1: a module did not parse or merge; `fe`
	                         says where */
	struct fom_error fe;
	struct fom *fom;
	uint32_t n;
	char **names;
	char **xml;
	size_t *len;
};

/* 1 when `name` may name a module in the FOM path: relative, made of at
 * most FOMLOAD_MAX_DEPTH plain components (no empty, "." or ".."
 * component), each at most NAME_MAX bytes, no control character. */
int fomload_name_ok(const char *name);

/* How fomload_open_beneath resolves: openat2(2) RESOLVE_BENEATH where the
 * kernel has it (else the walk), or always the component-wise walk. */
enum fomload_resolve { FOMLOAD_RESOLVE_AUTO, FOMLOAD_RESOLVE_WALK };

/* Open `name` (relative) beneath the directory `dirfd` for reading, with
 * O_RDONLY|O_NONBLOCK|O_NOCTTY|O_CLOEXEC, following symbolic links only
 * while they stay beneath it.  Returns the descriptor, or -1 with errno:
 * EXDEV for a name or link that leads outside (absolute, or ".." above
 * `dirfd`), ELOOP for too many links or a magic link, else the open's. */
int fomload_open_beneath(int dirfd, const char *name, int how);

/* Check content modules against the size limits before they are copied.
 * 0, or -1 with out->err and out->msg set. */
int fomload_check_content(const struct fomload_src *src, uint32_t n,
    struct fomload_out *out);

/* Load modules src[0..n) in order after rti's MIM (fom.h), which is
 * out's module 0 (names[0] FOM_MIM_DESIGNATOR, out->n = n + 1): resolve
 * and read (bounded) those given by name, merge each onto the ones before
 * it (a module may use the
 * dimensions, datatypes and classes of an earlier one); a module that does
 * not merge is ERROR_READING_FDD when it does not load alone either, else
 * INCONSISTENT_FDD.  Creates, the start-up federation and --check-fom all
 * decide here.  `fom_path` is the ':'-separated
 * FOM path (may be NULL).  Consumes the texts of `src` (moved into `out`
 * or freed); the names stay the caller's.  `stop`, when not NULL and set,
 * abandons the load between steps (out->err RTI_ERR_INTERNAL_ERROR).
 * Returns 0 on success, -1 with out->err, msg and why set.  Touches no
 * shared state: safe on any thread. */
int fomload_load(const char *fom_path, struct fomload_src *src, uint32_t n,
    struct fomload_out *out, atomic_int *stop);
/* The same for a join's modules onto a running federation: src[0..n_base)
 * are the federation's modules (as CONTENT, in their order), the rest the
 * joiner's.  A joiner's module with the name and the bytes of one of the
 * first n_base is dropped (the federation has it: not merged again, not
 * in `out`); every other is merged as fomload_load merges, so that the
 * model's first items keep their handles (fom.h: merges append). */
int fomload_load_onto(const char *fom_path, struct fomload_src *src,
    uint32_t n, uint32_t n_base, struct fomload_out *out, atomic_int *stop);
void fomload_out_free(struct fomload_out *out);

/* A job for the worker: sources in, outcome out. */
struct fomload_job {
	struct worker_job wj;     /* first: the worker's (worker.h) */
	struct fomload_src *src;  /* n entries, owned by the job */
	uint32_t n;
	uint32_t n_base;          /* fomload_load_onto's; 0 for a create */
	struct fomload_out out;
	/* Called on the event loop when the job is done; takes the job. */
	void (*done)(struct fomload_job *job, void *arg);
	void *arg;
};

struct fomload;

/* A job with room for n sources (zeroed).  NULL on ENOMEM. */
struct fomload_job *fomload_job_new(uint32_t n);
void fomload_job_free(struct fomload_job *job);

/* Start the worker thread, delivering finished jobs on `base`.  Call on
 * the main thread (it initialises libxml2 for threads first).  NULL with
 * errno on failure. */
struct fomload *fomload_new(struct event_base *base, const char *fom_path);
/* Queue `job`: 0, or -1 when FOMLOAD_MAX_JOBS are queued or running (the
 * caller keeps the job and tries again after a completion). */
int fomload_submit(struct fomload *w, struct fomload_job *job);
/* 1 when fomload_submit would take a job now.  Only the event loop
 * submits and frees slots, so the answer holds until it does. */
int fomload_room(struct fomload *w);
/* Stop the worker (the running job is abandoned at its next step), join
 * it and free every job not yet delivered, without calling `done`. */
void fomload_free(struct fomload *w);

#endif
