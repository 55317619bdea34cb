/* SPDX-License-Identifier: Apache-2.0 */
/* bench.h - shared helpers of rtibench (see rtibench.c). */
#ifndef RTI_BENCH_H
#define RTI_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Payload sizes shared by the baseline and the rti modes so that ratios
 * compare like with like: a latency message is one instance with 8
 * attributes of 8 bytes (160 bytes with rti's framing); a throughput
 * message is 48 bytes on the wire. */
#define LAT_PAYLOAD 160
#define TP_FRAME 48
/* rti's time advance request and grant frames, in bytes: the raw
 * barrier's request and answer. */
#define TA_REQUEST_FRAME 21
#define TA_GRANT_FRAME 17

/* Where a relay listens: loopback TCP `port`, or the Unix-domain socket
 * `path` when it is not empty. */
struct bench_addr {
	int port;
	char path[108];
	char host[64];            /* IPv4 address; "" = 127.0.0.1 */
};

struct bench_baseline {
	double lat_p50_us, lat_p99_us;
	double frames_per_s, mb_per_s;
};

/* What every mode gets: options and the baseline of this run. */
struct bench_ctx {
	int quick;
	long lat_warmup, lat_count;
	double tp_seconds;
	int full;                     /* scale: up to 1,000,000 instances */
	const char *url;              /* NULL: start an rtiexec */
	struct bench_addr relay;      /* --relay: a relay served elsewhere
	                                 (port 0: fork one on loopback) */
	int unix_sock;                /* --transport unix */
	int sched_batch;              /* --sched batch */
	int pin;                      /* --pin: timeadv pins its federates */
	const char *mc_off, *mc_on;   /* multicast: URL,IPV4:PORT,PID */
	const char *mc_netns;         /* multicast: NS,... */
	int mc_cells;                 /* multicast --mc-cells: subscribers
	                                 by area condition, both rtiexecs
	                                 multicast (cell depth 0 and 1) */
	const char *perf_dir;         /* trainer --perf: perf record's
	                                 files go there */
	char tags[64];                /* bench_tags */
	char sock_dir[64];            /* its sockets' directory, or "" */
	struct bench_baseline base;
	int have_base;
};

/* Measure the baseline once per run.  0 or -1. */
int bench_baseline(struct bench_ctx *c);

int bench_mode_latency(struct bench_ctx *c);
int bench_mode_throughput(struct bench_ctx *c);
int bench_mode_timeadv(struct bench_ctx *c);
int bench_mode_fanout(struct bench_ctx *c);
int bench_mode_scale(struct bench_ctx *c);
int bench_mode_encode(struct bench_ctx *c);
int bench_mode_save(struct bench_ctx *c);
int bench_mode_besteffort(struct bench_ctx *c);
int bench_mode_multicast(struct bench_ctx *c);
int bench_mode_loop(struct bench_ctx *c);
int bench_mode_trainer(struct bench_ctx *c);
int bench_mode_crowd(struct bench_ctx *c);

/* relay.c: serve two clients accepted on `lfd` until one closes. */
int relay_serve(int lfd);
/* relay.c: accept n clients on `lfd`; whenever each has sent a complete
 * frame, answer each with a frame of rep_len bytes; until a client
 * closes (0) or on error (-1). */
int barrier_serve(int lfd, int n, size_t rep_len);

double bench_now(void);
/* "transport=T" (tcp or unix), then " sched=batch" with --sched batch
 * and " pin=yes" with --pin: what every RESULT line of this run is
 * measured over. */
const char *bench_tags(const struct bench_ctx *c);
/* Listen on the run's transport (127.0.0.1 port 0, or socket `name` in
 * c->sock_dir); returns the socket with *a set, or -1. */
int bench_listen(const struct bench_ctx *c, const char *name,
    struct bench_addr *a);
/* Blocking connection to `a`, over TCP tuned as rti tunes its own
 * (tcp_tune); the socket or -1. */
int bench_connect(const struct bench_addr *a);
/* Write/read exactly n bytes on a blocking socket; 0 or -1. */
int bench_write_all(int fd, const void *p, size_t n);
int bench_read_all(int fd, void *p, size_t n);
/* Set the calling process's policy to SCHED_BATCH (batch) or back to
 * SCHED_OTHER; 0 or -1 (errno). */
int bench_sched(int batch);
/* In a forked server: be sent SIGTERM when rtibench ends, however it
 * ends (Linux; elsewhere nothing). */
void bench_die_with_parent(void);
/* Sort and pick the q-quantile (0..1) of n samples. */
double bench_quantile(double *v, size_t n, double q);

#endif
