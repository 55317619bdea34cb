/* SPDX-License-Identifier: Apache-2.0 */
/*
 * worker.h - one thread beside the event loop that runs jobs in the order
 * they were submitted and hands each finished one back on the loop's
 * thread.  A pipe is its doorbell, so the loop never waits for the
 * thread, and the thread takes no signals (they stay the loop's).  FedM
 * keeps two: the FOM loader (fomload.c) and the save files (store_io.c).
 *
 * A job embeds struct worker_job as its first member; the worker owns its
 * `next`.  `run` runs on the worker's thread with the job alone and
 * touches no loop state; `done` runs on the loop's thread, in order, and
 * takes the job.
 */
#ifndef RTI_WORKER_H
#define RTI_WORKER_H

#include <stdatomic.h>

struct event_base;

struct worker_job {
	struct worker_job *next;
};

struct worker;

typedef void (*worker_fn)(struct worker_job *job, void *ctx);

/* Start the thread; finished jobs come back to `done` on `base`'s loop,
 * both functions with `ctx`.  NULL with errno on failure. */
struct worker *worker_new(struct event_base *base, worker_fn run,
    worker_fn done, void *ctx);
/* Queue `job` (the loop's thread; no bound here: the caller keeps one). */
void worker_submit(struct worker *w, struct worker_job *job);
/* Set once worker_free has begun: a long `run` tests it between its steps
 * and ends early. */
atomic_int *worker_stopping(struct worker *w);
/* Stop the thread after the job it runs, join it, and `drop` every job
 * queued or finished but not delivered (their `done` is not called).
 * NULL: nothing. */
void worker_free(struct worker *w, worker_fn drop);

#endif
