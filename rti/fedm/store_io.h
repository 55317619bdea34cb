/* SPDX-License-Identifier: Apache-2.0 */
/*
 * store_io.h - the save files on disk (rti-save(5) FILES): their names,
 * the federation directories beneath the save directory, the stale
 * temporaries of an rtiexec that died, and the worker thread that writes
 * and reads them off the event loop (as fomload.c loads FOMs), so that a
 * large save stalls no federation.
 *
 * Names.  A federation's directory and a save's file are named by the
 * federation name and the label escaped (every byte outside [A-Za-z0-9_-]
 * as %XX: no '/', no "..", no leading dot).  When the escaped name would
 * be longer than STORE_NAME_MAX, it is its first STORE_NAME_KEEP bytes
 * (cut at an escape), '~' and the SHA-256 of the whole name in hex: every
 * valid label has a file, '~' never occurs in an escaped name, and the
 * label itself is kept inside the file (restore checks it).
 *
 * Confinement.  The save directory is the operator's and is used as given
 * (symbolic links in it are followed).  A federation directory is one
 * component beneath it, opened with O_NOFOLLOW|O_DIRECTORY relative to the
 * save directory's descriptor, and every file is opened, created and
 * renamed relative to the federation directory's descriptor with
 * O_NOFOLLOW: a symbolic link planted inside the save directory is
 * refused, never followed (for one component, this is what openat2's
 * RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS does).
 */
#ifndef RTI_STORE_IO_H
#define RTI_STORE_IO_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <event2/event.h>

#include "savefile.h"
#include "server.h"
#include "worker.h"

/* Escaped names up to this long are used whole (with ".rtisave", the
 * temporary's "." and ".tmp.PID" it stays under NAME_MAX). */
#define STORE_NAME_MAX 200
#define STORE_NAME_KEEP 96

/* The file-name form of `s` with `suffix` into out[0..cap) (cap >=
 * STORE_NAME_MAX + 1 + strlen(suffix)).  0, or -1 when it does not fit. */
int store_name(const char *s, const char *suffix, char *out, size_t cap);

/* The save directory (--save-dir, or $XDG_STATE_HOME/rti/saves, or
 * $HOME/.local/state/rti/saves) into buf.  0, or -1 (none). */
int store_save_dir(const struct rti_server *srv, char *buf, size_t len);

/* Open the directory of federation `fed` beneath the save directory (with
 * `make`, both made 0700 when missing).  A descriptor, or -1 with `msg`
 * filled (the reason, for the log and the federate). */
int store_dir_open(const struct rti_server *srv, const char *fed, int make,
    char *msg, size_t mlen);

/* Remove the temporaries of saves that an rtiexec no longer running left
 * behind (".NAME.tmp.PID" of a dead PID, or of ours) in every federation
 * directory; logs how many. */
void store_sweep_temps(struct rti_server *srv);

enum store_kind { STORE_WRITE, STORE_READ };

/* A job for the worker.  Every field but the outcome is set by the loop
 * before store_io_submit and not touched until `done`. */
struct store_job {
	struct worker_job wj;     /* first: the worker's (worker.h) */
	int kind;                 /* enum store_kind */
	int dfd;                  /* the federation directory: owned */
	char file[STORE_NAME_MAX + 80];
	char tmp[STORE_NAME_MAX + 120];   /* STORE_WRITE's temporary */
	struct wire_buf data;     /* WRITE: the bytes (owned); READ: those
	                             read */
	uint64_t max;             /* READ: the largest file taken */
	uint64_t max_held;        /* READ: what the loop counted for it */
	uint32_t n_ids;           /* READ: savefile_decode's */
	/* the outcome */
	int err;                  /* RTI_OK or an RTI_ERR_* */
	char msg[512];
	struct savefile sf;       /* READ, on success: decoded from data */
	atomic_int cancelled;     /* set by the loop (store_job_cancel) */
	void (*done)(struct store_job *job, void *arg);  /* on the loop */
	void *arg;
};

struct store_io;

struct store_job *store_job_new(int kind);
/* The loop no longer wants the job: a write not renamed into place yet is
 * not (one that was stays: a whole, consistent save); `done` is not
 * called, the job is freed when the worker is done with it. */
void store_job_cancel(struct store_job *job);
/* Free a job (and what it owns) that is not queued. */
void store_job_free(struct store_job *job);

/* Start the worker; jobs come back to `done` on `base`'s loop.  NULL on
 * failure with errno. */
struct store_io *store_io_new(struct event_base *base);
/* Queue a job (there is no bound: at most one per federation). */
void store_io_submit(struct store_io *w, struct store_job *job);
/* Finish the running job, join the worker, free every job without
 * calling `done`. */
void store_io_free(struct store_io *w);

#endif
