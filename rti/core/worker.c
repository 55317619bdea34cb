/* SPDX-License-Identifier: Apache-2.0 */
/* worker.c - see worker.h. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <event2/event.h>

#include "worker.h"

struct worker {
	worker_fn run, done;
	void *ctx;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	/* under mu: */
	struct worker_job *queue, *queue_tail;  /* waiting for the thread */
	struct worker_job *fin, *fin_tail;      /* waiting for the loop */
	atomic_int stop;
	int pipe_r, pipe_w;       /* the "finished" doorbell */
	struct event *ev;
};

static void
append(struct worker_job **head, struct worker_job **tail,
    struct worker_job *job)
{
	job->next = NULL;
	if (*tail)
		(*tail)->next = job;
	else
		*head = job;
	*tail = job;
}

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct worker_job *job;
	ssize_t r;

	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (!w->queue && !atomic_load(&w->stop))
			pthread_cond_wait(&w->cv, &w->mu);
		if (atomic_load(&w->stop))
			break;
		job = w->queue;
		w->queue = job->next;
		if (!w->queue)
			w->queue_tail = NULL;
		pthread_mutex_unlock(&w->mu);
		w->run(job, w->ctx);
		pthread_mutex_lock(&w->mu);
		append(&w->fin, &w->fin_tail, job);
		r = write(w->pipe_w, "", 1);    /* a full pipe rings already */
		(void)r;
	}
	pthread_mutex_unlock(&w->mu);
	return NULL;
}

/* The doorbell rang: every finished job to `done`, in order. */
static void
deliver_cb(evutil_socket_t fd, short what, void *arg)
{
	struct worker *w = arg;
	struct worker_job *list, *job;
	char buf[64];

	(void)what;
	while (read(fd, buf, sizeof buf) > 0)
		;
	pthread_mutex_lock(&w->mu);
	list = w->fin;
	w->fin = w->fin_tail = NULL;
	pthread_mutex_unlock(&w->mu);
	while ((job = list) != NULL) {
		list = job->next;
		job->next = NULL;
		w->done(job, w->ctx);
	}
}

struct worker *
worker_new(struct event_base *base, worker_fn run, worker_fn done,
    void *ctx)
{
	struct worker *w = calloc(1, sizeof *w);
	sigset_t all, old;
	int p[2], e;

	if (!w)
		return NULL;
	w->run = run;
	w->done = done;
	w->ctx = ctx;
	atomic_init(&w->stop, 0);
	if (pipe2(p, O_NONBLOCK | O_CLOEXEC) < 0) {
		free(w);
		return NULL;
	}
	w->pipe_r = p[0];
	w->pipe_w = p[1];
	if (!(w->ev = event_new(base, w->pipe_r, EV_READ | EV_PERSIST,
	    deliver_cb, w)) || event_add(w->ev, NULL) < 0)
		goto fail;
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->cv, NULL);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	e = pthread_create(&w->thread, NULL, worker_main, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (e != 0) {
		pthread_mutex_destroy(&w->mu);
		pthread_cond_destroy(&w->cv);
		errno = e;
		goto fail;
	}
	return w;
fail:
	e = errno;
	if (w->ev)
		event_free(w->ev);
	close(w->pipe_r);
	close(w->pipe_w);
	free(w);
	errno = e;
	return NULL;
}

void
worker_submit(struct worker *w, struct worker_job *job)
{
	pthread_mutex_lock(&w->mu);
	append(&w->queue, &w->queue_tail, job);
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
}

atomic_int *
worker_stopping(struct worker *w)
{
	return &w->stop;
}

static void
drop_list(struct worker *w, struct worker_job *job, worker_fn drop)
{
	struct worker_job *next;

	for (; job; job = next) {
		next = job->next;
		job->next = NULL;
		drop(job, w->ctx);
	}
}

void
worker_free(struct worker *w, worker_fn drop)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->mu);
	atomic_store(&w->stop, 1);
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->thread, NULL);
	drop_list(w, w->queue, drop);
	drop_list(w, w->fin, drop);
	event_free(w->ev);
	close(w->pipe_r);
	close(w->pipe_w);
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->cv);
	free(w);
}
