/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_loop.c - rtibench loop mode: how long rtiexec takes over a large
 * request, and what its loop answers meanwhile.  A probe federate makes
 * round trips (a federate handle lookup, which rtiexec answers) in its
 * own thread while another federate
 *   names   reserves 65536 names in one request, then the same names
 *           with the last one repeating the first (refused whole), as
 *           check_om's test_name_reservation_many;
 *   join    joins with two additional modules of 15000 object and 15000
 *           interaction classes each (6000 with --quick), as
 *           check_joinfom's test_large_join_round_trips.
 * Each RESULT line: op_ms, from the request to its answer; probe_n,
 * probe_p50_us, probe_max_us, over the probe's round trips that began
 * during it.  The tests check what happens (the answers and their
 * order); how long it takes is measured here.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "fed.h"

#define LOOP_FX "loopbench"
#define N_NAMES 65536

struct probe {
	rti_ambassador *amb;
	atomic_int stop, busy;
	double *rtt;            /* of the round trips begun while busy */
	size_t n, cap;
};

static void *
probe_loop(void *arg)
{
	struct probe *p = arg;
	rti_federate_handle h;

	while (!atomic_load(&p->stop)) {
		int busy = atomic_load(&p->busy);
		double t0 = bench_now();

		if (rti_get_federate_handle(p->amb, "nobody", &h) !=
		    RTI_ERR_NAME_NOT_FOUND)
			bench_die(p->amb, "probe round trip", -1);
		if (busy && p->n < p->cap)
			p->rtt[p->n++] = bench_now() - t0;
		usleep(1000);
	}
	return NULL;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Print the RESULT line of figure `what` that took `op` seconds, with the
 * probe's round trips begun meanwhile; forget them. */
static void
report(struct bench_ctx *c, struct probe *p, const char *what, double op,
    const char *more)
{
	double p50 = 0, max = 0;

	qsort(p->rtt, p->n, sizeof *p->rtt, cmp_double);
	if (p->n) {
		p50 = p->rtt[p->n / 2];
		max = p->rtt[p->n - 1];
	}
	printf("RESULT mode=loop %s figure=%s%s op_ms=%.1f probe_n=%zu "
	    "probe_p50_us=%.0f probe_max_us=%.0f\n", bench_tags(c), what,
	    more, op * 1e3, p->n, p50 * 1e6, max * 1e6);
	fflush(stdout);
	p->n = 0;
}

struct names {
	int done, ok;
};

static void
names_ok(void *arg, const char *const *names, size_t n)
{
	struct names *s = arg;

	(void)names, (void)n;
	s->done = s->ok = 1;
}

static void
names_failed(void *arg, const char *const *names, size_t n)
{
	struct names *s = arg;

	(void)names, (void)n;
	s->done = 1;
}

/* The two reservations of N_NAMES names; 0 or -1. */
static int
loop_names(struct bench_ctx *c, const struct bench_rtiexec *r,
    struct probe *p)
{
	struct rti_callbacks cb;
	struct names st;
	rti_ambassador *amb;
	const char **names = calloc(N_NAMES, sizeof *names);
	char (*buf)[16] = calloc(N_NAMES, sizeof *buf);
	size_t i;
	int k;

	if (!names || !buf)
		return -1;
	for (i = 0; i < N_NAMES; i++) {
		snprintf(buf[i], sizeof buf[i], "Many%zu", i);
		names[i] = buf[i];
	}
	memset(&cb, 0, sizeof cb);
	cb.multiple_object_instance_name_reservation_succeeded = names_ok;
	cb.multiple_object_instance_name_reservation_failed = names_failed;
	amb = bench_join(r, LOOP_FX, "reserver", &cb, &st, NULL);
	for (k = 0; k < 2; k++) {
		double t0;

		names[N_NAMES - 1] = k ? buf[N_NAMES - 1] : buf[0];
		memset(&st, 0, sizeof st);
		atomic_store(&p->busy, 1);
		t0 = bench_now();
		BENCH_CHECK(amb, rti_reserve_multiple_object_instance_names(amb,
		    names, N_NAMES));
		while (!st.done)
			BENCH_CHECK(amb, rti_evoke_callbacks(amb, 0.01, 1.0,
			    NULL));
		atomic_store(&p->busy, 0);
		report(c, p, k ? "names" : "names_refused", bench_now() - t0,
		    " names=65536");
		if (st.ok != k) {
			fprintf(stderr, "rtibench: the reservation of %d names "
			    "was %s\n", N_NAMES, st.ok ? "granted" : "refused");
			return -1;
		}
	}
	bench_resign(amb);
	free(names);
	free(buf);
	return 0;
}

/* A module of n object and n interaction classes (one parameter each)
 * tagged `tag`, written to `path`; 0 or -1. */
static int
big_module(const char *path, const char *tag, unsigned n)
{
	FILE *fp = fopen(path, "w");
	unsigned i;

	if (!fp)
		return -1;
	fputs("<?xml version=\"1.0\"?>\n<objectModel xmlns=\"http://"
	    "standards.ieee.org/IEEE1516-2010\"><objects><objectClass>"
	    "<name>HLAobjectRoot</name>", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "<objectClass><name>Big%s%u</name>"
		    "</objectClass>\n", tag, i);
	fputs("</objectClass></objects><interactions><interactionClass>"
	    "<name>HLAinteractionRoot</name>", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "<interactionClass><name>BigI%s%u</name>"
		    "<parameter><name>p</name></parameter>"
		    "</interactionClass>\n", tag, i);
	fputs("</interactionClass></interactions></objectModel>\n", fp);
	return fclose(fp) == 0 ? 0 : -1;
}

/* A join with two large modules; 0 or -1. */
static int
loop_join(struct bench_ctx *c, const struct bench_rtiexec *r,
    struct probe *p)
{
	unsigned n = c->quick ? 6000 : 15000;
	char path[2][sizeof r->dir + 16], more[32];
	const char *mods[2] = { path[0], path[1] };
	rti_ambassador *amb;
	double t0;
	int rc;

	snprintf(path[0], sizeof path[0], "%s/big1.xml", r->dir);
	snprintf(path[1], sizeof path[1], "%s/big2.xml", r->dir);
	if (big_module(path[0], "A", n) < 0 || big_module(path[1], "B", n) <
	    0) {
		perror("rtibench: big module");
		return -1;
	}
	amb = rti_ambassador_new();
	if (!amb)
		return -1;
	BENCH_CHECK(amb, rti_connect(amb, r->url, NULL, NULL));
	atomic_store(&p->busy, 1);
	t0 = bench_now();
	rc = rti_join_federation_execution_with_modules(amb, "joiner",
	    "bench", LOOP_FX, mods, 2, NULL);
	atomic_store(&p->busy, 0);
	if (rc != RTI_OK)
		bench_die(amb, "join with modules", rc);
	snprintf(more, sizeof more, " classes=%u", 4 * n);
	report(c, p, "join", bench_now() - t0, more);
	bench_resign(amb);
	unlink(path[0]);
	unlink(path[1]);
	return 0;
}

int
bench_mode_loop(struct bench_ctx *c)
{
	struct bench_rtiexec r;
	struct probe p;
	pthread_t th;
	int rc;

	if (c->url) {
		fprintf(stderr, "rtibench: loop starts its own rtiexec; --url "
		    "is not supported\n");
		return -1;
	}
	if (bench_rtiexec_start(&r, c) < 0)
		return -1;
	memset(&p, 0, sizeof p);
	p.cap = 1 << 20;
	if (!(p.rtt = malloc(p.cap * sizeof *p.rtt)))
		return -1;
	p.amb = bench_join(&r, LOOP_FX, "probe", NULL, NULL, NULL);
	atomic_init(&p.stop, 0);
	atomic_init(&p.busy, 0);
	if (pthread_create(&th, NULL, probe_loop, &p) != 0)
		return -1;
	rc = loop_names(c, &r, &p);
	if (rc == 0)
		rc = loop_join(c, &r, &p);
	atomic_store(&p.stop, 1);
	pthread_join(th, NULL);
	bench_resign(p.amb);
	free(p.rtt);
	bench_rtiexec_stop(&r);
	return rc;
}
