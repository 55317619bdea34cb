/* SPDX-License-Identifier: Apache-2.0 */
/* fed.h - federates and an rtiexec for rtibench modes. */
#ifndef RTI_BENCH_FED_H
#define RTI_BENCH_FED_H

#include <sys/types.h>

#include "bench.h"
#include "librti.h"

struct bench_rtiexec {
	pid_t pid;
	char url[128];
	char dir[64];
	char sock[96];            /* its Unix-domain socket (--transport unix) */
};

/* Start rtiexec on an ephemeral loopback port, and on a Unix-domain
 * socket that federates then use with --transport unix (or use c->url
 * when not NULL).  0 or -1. */
int bench_rtiexec_start(struct bench_rtiexec *r, const struct bench_ctx *c);
void bench_rtiexec_stop(struct bench_rtiexec *r);
/* modes_om.c: the latency mode's round trip between two new federates of
 * `fx` on `r` (warmup then count samples); p50 and p99 in microseconds.
 * 0 or -1. */
int bench_round_trip(const struct bench_rtiexec *r, const char *fx,
    long warmup, long count, double *p50, double *p99);
/* Resident set size of the rtiexec process in bytes (0 if unknown). */
size_t bench_rtiexec_rss(const struct bench_rtiexec *r);
/* CPU seconds used so far by rtiexec (user + system, 0 if unknown) plus
 * those of this process (all its threads): per-figure CPU cost, steadier
 * than rates on a shared machine. */
double bench_cpu_s(const struct bench_rtiexec *r);

/* Connect, create (if needed) and join federation `fx` with Bench.xml
 * and `extra_fom` (may be NULL).  Exits the program on failure. */
rti_ambassador *bench_join(const struct bench_rtiexec *r, const char *fx,
    const char *name, const struct rti_callbacks *cb, void *arg,
    const char *fom);
void bench_resign(rti_ambassador *amb);
void bench_die(rti_ambassador *amb, const char *what, int rc)
    __attribute__((noreturn));

#define BENCH_CHECK(amb, call)                                         \
	do {                                                           \
		int rc_ = (call);                                      \
		if (rc_ != RTI_OK)                                     \
			bench_die(amb, #call, rc_);                    \
	} while (0)

#endif
