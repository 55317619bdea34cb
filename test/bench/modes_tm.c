/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_tm.c - rtibench timeadv mode: N regulating and constrained
 * federates with lookahead 1 stepping TAR(t+1) (or NMR(t+1)) -> grant, as
 * threads; grants per second per federate.  For profiling one case,
 * RTIBENCH_TIMEADV_FEDS=N runs only N federates and
 * RTIBENCH_TIMEADV_REQUEST=tar|nmr only that request.  With --pin each
 * federate thread runs on one CPU, round-robin.
 *
 * Each size is compared with the raw barrier of the same run: a relay
 * process (barrier_serve) and N client threads exchanging frames of the
 * size of rti's requests and grants, the same wait and the same steps,
 * with no RTI logic between them.
 */
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "fed.h"

struct tfed_b {
	rti_ambassador *amb;
	volatile int granted;
	volatile int regulating, constrained;
	double t;
	int nmr;
	long steps;
	pthread_barrier_t *ready;
	int cpu;                  /* --pin: run on this CPU; -1 anywhere */
	double elapsed;
	double *cycle;            /* seconds of each step, request to grant */
};

static void
on_reg(void *arg, rti_time t)
{
	struct tfed_b *f = arg;

	f->regulating = 1;
	f->t = t.f64;
}

static void
on_con(void *arg, rti_time t)
{
	struct tfed_b *f = arg;

	f->constrained = 1;
	f->t = t.f64;
}

static void
on_grant(void *arg, rti_time t)
{
	struct tfed_b *f = arg;

	f->granted = 1;
	f->t = t.f64;
}

static const struct bench_rtiexec *g_rtiexec;

static void
wait_flag(struct tfed_b *f, volatile int *flag, const char *what)
{
	double deadline = bench_now() + 60;

	while (!*flag) {
		if (bench_now() > deadline)
			bench_die(f->amb, what, RTI_ERR_INTERNAL_ERROR);
		rti_evoke_callback(f->amb, 1.0, NULL);
	}
}

/* The (i mod count)-th CPU of `set`. */
static int
nth_cpu(const cpu_set_t *set, int i)
{
	int cpu, k = i % CPU_COUNT(set);

	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, set) && k-- == 0)
			return cpu;
	return -1;
}

/* Run the calling thread on `cpu` (-1: leave it where it may run);
 * 0 or an errno value. */
static int
pin_self(int cpu)
{
	cpu_set_t cs;

	if (cpu < 0)
		return 0;
	CPU_ZERO(&cs);
	CPU_SET(cpu, &cs);
	return pthread_setaffinity_np(pthread_self(), sizeof cs, &cs);
}

static void *
stepper(void *p)
{
	struct tfed_b *f = p;
	double t0;
	long i;

	pthread_setname_np(pthread_self(), "rtibench-fed");
	if (pin_self(f->cpu))
		bench_die(f->amb, "pthread_setaffinity_np",
		    RTI_ERR_INTERNAL_ERROR);
	pthread_barrier_wait(f->ready);
	t0 = bench_now();
	for (i = 0; i < f->steps; i++) {
		double ts = bench_now();

		f->granted = 0;
		if (f->nmr)
			BENCH_CHECK(f->amb, rti_next_message_request(f->amb,
			    rti_time_f64(f->t + 1)));
		else
			BENCH_CHECK(f->amb, rti_time_advance_request(f->amb,
			    rti_time_f64(f->t + 1)));
		wait_flag(f, &f->granted, "grant");
		f->cycle[i] = bench_now() - ts;
	}
	f->elapsed = bench_now() - t0;
	return NULL;
}

/* ---- the raw barrier ---- */

struct bclient {
	struct bench_addr *ad;
	int unix_sock;
	int cpu;
	long steps;
	pthread_barrier_t *ready;
	double elapsed;           /* < 0: failed */
};

/* One barrier client: request, wait, answer, `steps` times.  It waits as
 * librti does: in recv over TCP, in poll over Unix-domain sockets. */
static void *
bclient_run(void *p)
{
	struct bclient *b = p;
	uint8_t req[TA_REQUEST_FRAME], rep[TA_GRANT_FRAME];
	struct timeval tv = { .tv_sec = 30, .tv_usec = 0 };
	int fd = bench_connect(b->ad);
	double t0;
	long i;

	b->elapsed = -1;
	pthread_setname_np(pthread_self(), "rtibench-raw");
	(void)pin_self(b->cpu);
	memset(req, 0, sizeof req);
	req[3] = TA_REQUEST_FRAME - 4;
	pthread_barrier_wait(b->ready);
	if (fd < 0)
		return NULL;
	/* a stuck barrier fails the run instead of hanging it */
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	t0 = bench_now();
	for (i = 0; i < b->steps; i++) {
		struct pollfd pf = { .fd = fd, .events = POLLIN };

		if (bench_write_all(fd, req, sizeof req) < 0 ||
		    (b->unix_sock && poll(&pf, 1, 30000) <= 0) ||
		    bench_read_all(fd, rep, sizeof rep) < 0)
			goto out;
	}
	b->elapsed = bench_now() - t0;
out:
	close(fd);
	return NULL;
}

/* The raw barrier with n clients: steps per second per client (mean),
 * or -1. */
static double
barrier_run(struct bench_ctx *c, int n, long steps, const cpu_set_t *cpus)
{
	struct bench_addr ad;
	struct bclient *b = calloc((size_t)n, sizeof *b);
	pthread_t *th = calloc((size_t)n, sizeof *th);
	pthread_barrier_t ready;
	int lfd = bench_listen(c, "barrier", &ad), i, failed = 0;
	double sum = 0;
	pid_t pid = -1;

	if (b && th && lfd >= 0 && (pid = fork()) == 0) {
		bench_sched(0);
		bench_die_with_parent();
		_exit(barrier_serve(lfd, n, TA_GRANT_FRAME) < 0);
	}
	if (lfd >= 0)
		close(lfd);
	if (pid < 0) {
		free(b);
		free(th);
		return -1;
	}
	pthread_barrier_init(&ready, NULL, (unsigned)n);
	for (i = 0; i < n; i++) {
		b[i].ad = &ad;
		b[i].unix_sock = c->unix_sock;
		b[i].cpu = cpus ? nth_cpu(cpus, i) : -1;
		b[i].steps = steps;
		b[i].ready = &ready;
		pthread_create(&th[i], NULL, bclient_run, &b[i]);
	}
	for (i = 0; i < n; i++) {
		pthread_join(th[i], NULL);
		if (b[i].elapsed <= 0)
			failed = 1;
		else
			sum += (double)steps / b[i].elapsed;
	}
	if (failed)
		kill(pid, SIGTERM); /* it may wait for a client that never came */
	waitpid(pid, NULL, 0);
	pthread_barrier_destroy(&ready);
	free(b);
	free(th);
	return failed ? -1 : sum / n;
}

static long
steps_for(const struct bench_ctx *c, int n)
{
	return c->quick ? 300 : (n > 8 ? 2000 : 5000);
}

/* N federates step together, federate i on the i-th CPU of `cpus`
 * (NULL: anywhere): grants_per_s (mean per federate), the median step of
 * all federates' steps in seconds, cpu_us per grant. */
static int
run(struct bench_ctx *c, const struct bench_rtiexec *r, int n, int nmr,
    const cpu_set_t *cpus, double *grants_per_s, double *p50_s,
    double *cpu_us)
{
	struct tfed_b *f = calloc((size_t)n, sizeof *f);
	pthread_t *th = calloc((size_t)n, sizeof *th);
	pthread_barrier_t ready;
	struct rti_callbacks cb;
	char fx[32];
	double sum = 0, cpu0, *all;
	long grants = 0, steps = steps_for(c, n);
	int i;

	all = malloc((size_t)n * (size_t)steps * sizeof *all);
	if (!f || !th || !all) {
		free(f);
		free(th);
		free(all);
		return -1;
	}
	snprintf(fx, sizeof fx, "timeadv-%d-%s", n, nmr ? "nmr" : "tar");
	memset(&cb, 0, sizeof cb);
	cb.time_regulation_enabled = on_reg;
	cb.time_constrained_enabled = on_con;
	cb.time_advance_grant = on_grant;
	pthread_barrier_init(&ready, NULL, (unsigned)n);
	for (i = 0; i < n; i++) {
		f[i].amb = bench_join(r, fx, NULL, &cb, &f[i], NULL);
		f[i].nmr = nmr;
		f[i].ready = &ready;
		f[i].steps = steps;
		f[i].cpu = cpus ? nth_cpu(cpus, i) : -1;
		f[i].cycle = all + (size_t)i * (size_t)steps;
		BENCH_CHECK(f[i].amb, rti_enable_time_regulation(f[i].amb,
		    rti_time_f64(1.0)));
	}
	/* Enabling regulation may wait for the others; evoke everyone. */
	for (i = 0; i < n; i++)
		wait_flag(&f[i], &f[i].regulating, "regulation");
	for (i = 0; i < n; i++) {
		BENCH_CHECK(f[i].amb, rti_enable_time_constrained(f[i].amb));
		wait_flag(&f[i], &f[i].constrained, "constrained");
	}
	cpu0 = bench_cpu_s(r);
	for (i = 0; i < n; i++)
		pthread_create(&th[i], NULL, stepper, &f[i]);
	for (i = 0; i < n; i++) {
		pthread_join(th[i], NULL);
		sum += (double)f[i].steps / f[i].elapsed;
		grants += f[i].steps;
	}
	*cpu_us = (bench_cpu_s(r) - cpu0) / (double)grants * 1e6;
	for (i = 0; i < n; i++)
		bench_resign(f[i].amb);
	pthread_barrier_destroy(&ready);
	*grants_per_s = sum / n;
	*p50_s = bench_quantile(all, (size_t)grants, 0.5);
	free(all);
	free(f);
	free(th);
	return 0;
}

int
bench_mode_timeadv(struct bench_ctx *c)
{
	static const int all_sizes[] = { 2, 8, 32 };
	const int *sizes = all_sizes;
	size_t n_sizes = sizeof all_sizes / sizeof *all_sizes;
	const char *only_n = getenv("RTIBENCH_TIMEADV_FEDS");
	const char *only_req = getenv("RTIBENCH_TIMEADV_REQUEST");
	struct bench_rtiexec r;
	double g, p50, cpu, half_rtt_s, bar[3] = { 0, 0, 0 };
	cpu_set_t allowed, *cpus = c->pin ? &allowed : NULL;
	size_t k;
	int nmr, one_n;

	if (bench_baseline(c) < 0 || (cpus && sched_getaffinity(0,
	    sizeof allowed, &allowed) < 0) || bench_rtiexec_start(&r, c) < 0)
		return -1;
	g_rtiexec = &r;
	/* A request in and a grant out are two of a round trip's four hops:
	 * the relay's best cycle is half its round trip. */
	half_rtt_s = c->base.lat_p50_us / 2 / 1e6;
	if (only_n && (one_n = atoi(only_n)) > 0) {
		sizes = &one_n;
		n_sizes = 1;
	}
	for (nmr = 0; nmr < 2; nmr++)
		for (k = 0; k < n_sizes; k++) {
			if (only_req && strcmp(only_req, nmr ? "nmr" : "tar"))
				continue;
			if (!bar[k] && (bar[k] = barrier_run(c, sizes[k],
			    steps_for(c, sizes[k]), cpus)) < 0) {
				fprintf(stderr, "rtibench: barrier failed\n");
				return -1;
			}
			if (run(c, &r, sizes[k], nmr, cpus, &g, &p50, &cpu) < 0)
				return -1;
			printf("RESULT mode=timeadv %s feds=%d "
			    "request=%s grants_per_s=%.0f cycle_us=%.1f "
			    "ratio_cycle_to_half_rtt=%.2f cycle_p50_us=%.1f "
			    "ratio_p50_cycle_to_half_rtt=%.2f "
			    "cpu_us_per_grant=%.1f baseline_half_rtt_us=%.1f "
			    "ratio_to_barrier=%.2f baseline_barrier_per_s=%.0f\n",
			    bench_tags(c), sizes[k], nmr ? "nmr" : "tar", g,
			    1e6 / g, (1.0 / g) / half_rtt_s, p50 * 1e6,
			    p50 / half_rtt_s, cpu, half_rtt_s * 1e6,
			    g / bar[k], bar[k]);
			fflush(stdout);
		}
	bench_rtiexec_stop(&r);
	return 0;
}
