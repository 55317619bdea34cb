/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rtibench - rti's benchmark program.  Each mode starts what it needs on
 * loopback (a relay or an rtiexec on an ephemeral port), runs its
 * federates as threads, and prints one line
 *   RESULT mode=<mode> key=value ...
 * Every rti figure is also given as a ratio to the matching raw-relay
 * baseline measured in the same run.  See --help.
 */
#include <errno.h>
#include <sched.h>
#include <getopt.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "tcp.h"

static struct bench_ctx ctx = {
	.lat_warmup = 1000, .lat_count = 20000, .tp_seconds = 2.0,
};
#define opt ctx

double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

const char *
bench_tags(const struct bench_ctx *c)
{
	return c->tags;
}

/* Fill `un` with path `p`; -1 when it does not fit. */
static int
unix_addr(struct sockaddr_un *un, const char *p)
{
	memset(un, 0, sizeof *un);
	un->sun_family = AF_UNIX;
	if (strlen(p) >= sizeof un->sun_path)
		return -1;
	memcpy(un->sun_path, p, strlen(p) + 1);
	return 0;
}

int
bench_listen(const struct bench_ctx *c, const char *name,
    struct bench_addr *a)
{
	struct sockaddr_in sa;
	struct sockaddr_un un;
	socklen_t len = sizeof sa;
	int fd, one = 1;

	memset(a, 0, sizeof *a);
	if (c->unix_sock) {
		snprintf(a->path, sizeof a->path, "%s/%s", c->sock_dir, name);
		if (unix_addr(&un, a->path) < 0 ||
		    (fd = socket(AF_UNIX, SOCK_STREAM, 0)) < 0)
			return -1;
		unlink(a->path);
		if (bind(fd, (struct sockaddr *)&un, sizeof un) < 0 ||
		    listen(fd, 128) < 0) {
			close(fd);
			return -1;
		}
		return fd;
	}
	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) < 0)
		return -1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 ||
	    listen(fd, 128) < 0 ||
	    getsockname(fd, (struct sockaddr *)&sa, &len) < 0) {
		close(fd);
		return -1;
	}
	a->port = ntohs(sa.sin_port);
	return fd;
}

int
bench_connect(const struct bench_addr *a)
{
	struct sockaddr_in sa;
	struct sockaddr_un un;
	int fd, rc;

	if (a->path[0]) {
		if (unix_addr(&un, a->path) < 0 ||
		    (fd = socket(AF_UNIX, SOCK_STREAM, 0)) < 0)
			return -1;
		rc = connect(fd, (struct sockaddr *)&un, sizeof un);
	} else {
		if ((fd = socket(AF_INET, SOCK_STREAM, 0)) < 0)
			return -1;
		memset(&sa, 0, sizeof sa);
		sa.sin_family = AF_INET;
		sa.sin_port = htons((uint16_t)a->port);
		sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		if (a->host[0] && inet_pton(AF_INET, a->host,
		    &sa.sin_addr) != 1) {
			close(fd);
			return -1;
		}
		rc = connect(fd, (struct sockaddr *)&sa, sizeof sa);
		if (rc == 0)
			(void)tcp_tune(fd);
	}
	if (rc < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int
bench_write_all(int fd, const void *p, size_t n)
{
	const uint8_t *b = p;

	while (n) {
		ssize_t k = send(fd, b, n, MSG_NOSIGNAL);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		b += k;
		n -= (size_t)k;
	}
	return 0;
}

int
bench_read_all(int fd, void *p, size_t n)
{
	uint8_t *b = p;

	while (n) {
		ssize_t k = recv(fd, b, n, 0);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		b += k;
		n -= (size_t)k;
	}
	return 0;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double
bench_quantile(double *v, size_t n, double q)
{
	size_t i;

	if (n == 0)
		return 0;
	qsort(v, n, sizeof *v, cmp_double);
	i = (size_t)(q * (double)(n - 1) + 0.5);
	return v[i];
}

/* ---- baseline: the raw relay ---- */

int
bench_sched(int batch)
{
	struct sched_param sp;

	memset(&sp, 0, sizeof sp);
	return sched_setscheduler(0, batch ? SCHED_BATCH : SCHED_OTHER, &sp);
}

void
bench_die_with_parent(void)
{
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
}

/* Fork a relay process; returns its pid with *a set (0 with --relay:
 * the relay served there). */
static pid_t
spawn_relay(struct bench_addr *a)
{
	int lfd;
	pid_t pid;

	if (ctx.relay.port) {
		*a = ctx.relay;
		return 0;
	}
	if ((lfd = bench_listen(&ctx, "relay", a)) < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		bench_sched(0);
		bench_die_with_parent();
		relay_serve(lfd);
		_exit(0);
	}
	close(lfd);
	return pid;
}

struct echo_arg {
	int fd;
	size_t size;
};

static void *
echo_thread(void *p)
{
	struct echo_arg *a = p;
	uint8_t *buf = malloc(a->size);

	while (buf && bench_read_all(a->fd, buf, a->size) == 0)
		if (bench_write_all(a->fd, buf, a->size) < 0)
			break;
	free(buf);
	return NULL;
}

static int
baseline_latency(struct bench_baseline *out)
{
	struct bench_addr ad;
	int a, b;
	pid_t pid = spawn_relay(&ad);
	struct echo_arg ea;
	pthread_t th;
	uint8_t frame[4 + LAT_PAYLOAD];
	long i, n = opt.lat_warmup + opt.lat_count;
	double *rtt = malloc(sizeof *rtt * (size_t)opt.lat_count);

	if (pid < 0 || !rtt)
		return -1;
	a = bench_connect(&ad);
	b = bench_connect(&ad);
	if (a < 0 || b < 0)
		return -1;
	memset(frame, 0x5a, sizeof frame);
	frame[0] = 0;
	frame[1] = 0;
	frame[2] = LAT_PAYLOAD >> 8;
	frame[3] = LAT_PAYLOAD & 0xff;
	ea.fd = b;
	ea.size = sizeof frame;
	pthread_create(&th, NULL, echo_thread, &ea);
	for (i = 0; i < n; i++) {
		double t0 = bench_now();

		if (bench_write_all(a, frame, sizeof frame) < 0 ||
		    bench_read_all(a, frame, sizeof frame) < 0)
			return -1;
		if (i >= opt.lat_warmup)
			rtt[i - opt.lat_warmup] = (bench_now() - t0) * 1e6;
	}
	close(a);
	pthread_join(th, NULL);
	close(b);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	out->lat_p50_us = bench_quantile(rtt, (size_t)opt.lat_count, 0.50);
	out->lat_p99_us = bench_quantile(rtt, (size_t)opt.lat_count, 0.99);
	free(rtt);
	return 0;
}

struct sink_arg {
	int fd;
	size_t frame;
	uint64_t frames;
	double first, last;
};

static void *
sink_thread(void *p)
{
	struct sink_arg *s = p;
	size_t bufsz = 1 << 20, have = 0;
	uint8_t *buf = malloc(bufsz);
	ssize_t k;

	while (buf && (k = recv(s->fd, buf + have, bufsz - have, 0)) > 0) {
		have += (size_t)k;
		if (!s->first)
			s->first = bench_now();
		s->frames += have / s->frame;
		have %= s->frame;
		s->last = bench_now();
	}
	free(buf);
	return NULL;
}

static int
baseline_throughput(struct bench_baseline *out)
{
	struct bench_addr ad;
	int a;
	pid_t pid = spawn_relay(&ad);
	struct sink_arg sk;
	pthread_t th;
	size_t batch = 1024, i;
	uint8_t *buf = malloc(TP_FRAME * batch);
	double end;

	if (pid < 0 || !buf)
		return -1;
	a = bench_connect(&ad);
	memset(&sk, 0, sizeof sk);
	sk.fd = bench_connect(&ad);
	sk.frame = TP_FRAME;
	if (a < 0 || sk.fd < 0)
		return -1;
	for (i = 0; i < batch; i++) {
		uint8_t *f = buf + i * TP_FRAME;

		memset(f, 0x33, TP_FRAME);
		f[0] = f[1] = f[2] = 0;
		f[3] = TP_FRAME - 4;
	}
	pthread_create(&th, NULL, sink_thread, &sk);
	end = bench_now() + opt.tp_seconds;
	while (bench_now() < end)
		if (bench_write_all(a, buf, TP_FRAME * batch) < 0)
			return -1;
	shutdown(a, SHUT_WR);
	close(a);
	pthread_join(th, NULL);
	close(sk.fd);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	free(buf);
	out->frames_per_s = (double)sk.frames / (sk.last - sk.first);
	out->mb_per_s = out->frames_per_s * TP_FRAME / 1e6;
	return 0;
}

int
bench_baseline(struct bench_ctx *c)
{
	if (c->have_base)
		return 0;
	if (baseline_latency(&c->base) < 0 ||
	    baseline_throughput(&c->base) < 0) {
		fprintf(stderr, "rtibench: baseline failed\n");
		return -1;
	}
	c->have_base = 1;
	return 0;
}

static int
mode_baseline(struct bench_ctx *c)
{
	if (bench_baseline(c) < 0)
		return -1;
	printf("RESULT mode=baseline %s variant=latency payload=%d "
	    "p50_us=%.1f p99_us=%.1f\n", bench_tags(c), LAT_PAYLOAD,
	    c->base.lat_p50_us, c->base.lat_p99_us);
	printf("RESULT mode=baseline %s variant=throughput frame=%d "
	    "frames_per_s=%.0f mb_per_s=%.1f\n", bench_tags(c),
	    TP_FRAME, c->base.frames_per_s, c->base.mb_per_s);
	fflush(stdout);
	return 0;
}

struct mode {
	const char *name;
	int (*fn)(struct bench_ctx *c);
	const char *help;
	int named_only;           /* not in a run without --mode: it needs
	                             what only its options give */
};

static const struct mode modes[] = {
	{ "baseline", mode_baseline,
	    "raw relay between two clients over the run's transport: "
	    "ping-pong "
	    "round trip of a 160-byte frame (p50_us p99_us) and streaming "
	    "of 48-byte frames (frames_per_s mb_per_s)", 0 },
	{ "latency", bench_mode_latency,
	    "A updates one instance (8 attributes x 8 bytes), B reflects and "
	    "updates its own back; round trip p50_us p99_us over 20000 after "
	    "1000 warm-up", 0 },
	{ "throughput", bench_mode_throughput,
	    "A updates 1000 instances (4 attributes x 8 bytes) round-robin, "
	    "B counts reflections: updates_per_s mb_per_s per packing mode "
	    "(class: all 1000 per rti_update_class_attribute_values call in "
	    "bundles of 64 KiB, received through reflect_class_bundle), and "
	    "cpu_ns_per_update: CPU of rtiexec and both federates per "
	    "instance update", 0 },
	{ "fanout", bench_mode_fanout,
	    "100 substations x 10 instances, 100 subscribers each wanting one "
	    "substation, by condition and by region, and unfiltered: "
	    "delivered_per_s, wire_bytes against wanted_bytes", 0 },
	{ "timeadv", bench_mode_timeadv,
	    "2, 8 and 32 regulating+constrained federates, lookahead 1, "
	    "stepping TAR(t+1) and NMR(t+1): grants_per_s per federate, "
	    "cpu_us_per_grant: CPU of rtiexec and all federates per grant, "
	    "and ratio_to_barrier: grants_per_s against a raw barrier of the "
	    "same run (a relay process answering N client threads once all N "
	    "have sent a request, with frames of the same sizes)", 0 },
	{ "scale", bench_mode_scale,
	    "rtiexec memory per registered instance (4 attributes; 1000 to "
	    "100000, 1000000 with --full) and per joined federate (200), "
	    "and the latency round trip with 2, 10, 50 and 200 federates "
	    "joined (p50_us p99_us, growth_p50 against 2)", 0 },
	{ "encode", bench_mode_encode,
	    "typed values of Grid.xml's BayMeasurement (68 bytes) and of a "
	    "list of 100: decode and encode through the value tree and "
	    "through JSON text, values_per_s mb_per_s and ratio_to_memcpy "
	    "against a memcpy of the same bytes", 0 },
	{ "save", bench_mode_save,
	    "a federation save and restore with 1000 and 100000 instances "
	    "of 4 attributes (10000 with --quick), owned by one federate and "
	    "known to another: save_ms restore_ms bytes_per_instance, and "
	    "whether 100000 meet the target (saved within three 20 ms "
	    "steps, restored within five)", 0 },
	{ "besteffort", bench_mode_besteffort,
	    "the latency round trip and the throughput (instance packing) "
	    "with Sample (reliable, on the stream) and with BenchBE.xml's "
	    "SampleBE (HLAbestEffort, by UDP): p50_us p99_us lost (no answer "
	    "in 0.2 s), updates_per_s and delivered (the fraction of the "
	    "updates sent that was reflected), ratio_to_reliable", 0 },
	{ "loop", bench_mode_loop,
	    "rtiexec over a large request while a probe federate makes "
	    "round trips: 65536 names reserved in one request (granted, and "
	    "refused for a duplicate), a join with two modules of 30000 "
	    "classes each: op_ms, and the probe's round trips meanwhile "
	    "(probe_n probe_p50_us probe_max_us)", 0 },
	{ "multicast", bench_mode_multicast,
	    "(only with -m, across namespaces: test/bench/netns_mcast.sh) "
	    "10 subscribers that want the same best-effort updates, on the "
	    "rtiexecs of --mc-off and --mc-on: rtiexec_cpu_ns_per_delivered, "
	    "udp_* and mc_* datagrams and bytes rtiexec sent, "
	    "delivered_per_sub, and the ratios on/off", 1 },
	{ "trainer", bench_mode_trainer,
	    "(only with -m) the grid samples as processes, forked first "
	    "then let go at once (RTIBENCH_TIMELINE=1: their lines on "
	    "stderr, timed; RTIBENCH_LOG_LEVEL: rtiexec's log level): "
	    "16 substation simulators of 64 substations, the grid simulator "
	    "and N consoles following one substation each (N = 10 30 100 "
	    "300, 1000 with --full, 10 30 with --quick; RTIBENCH_CONSOLES), "
	    "20 ms steps as fast as they go for 10 s of logical time (2 s "
	    "with --quick; RTIBENCH_TRAINER_SECONDS): sync_s (join, declare, "
	    "synchronize), rtiexec's frames, bytes and CPU until then, "
	    "x_realtime, ms_per_step, rtiexec CPU per step and per delivered "
	    "update, its memory, each kind of federate's CPU per step, and "
	    "ratios to the first N; with --perf DIR, each kind's CPU by "
	    "where it ran", 1 },
	{ "crowd", bench_mode_crowd,
	    "(only with -m) 1000 mostly idle federates (200 with --quick; "
	    "RTIBENCH_CROWD), each a process, joining at once and "
	    "synchronizing: join_sync_s, rtiexec_rss_mb, and the update "
	    "round trip of two more against the same with none of them "
	    "joined (growth_p50)", 1 },
	{ NULL, NULL, NULL, 0 }
};

static void
usage(FILE *out)
{
	const struct mode *m;

	fprintf(out,
"Usage: rtibench [--mode MODE]... [--transport tcp|unix] [--quick]\n"
"Run rti's benchmarks on loopback; each mode prints one or more lines\n"
"  RESULT mode=MODE transport=T key=value ...\n"
"with ratios to the raw-relay baseline measured in the same run.\n"
"Without --mode every mode runs.\n\n"
"  -m, --mode MODE   run MODE (repeatable)\n"
"  -t, --transport T tcp (default): federates, relay and rtiexec talk\n"
"                    over loopback TCP; unix: over Unix-domain sockets\n"
"                    (rtiexec --unix, federates connect to unix://)\n"
"  -s, --sched P     normal (default) or batch: run the federates (and\n"
"                    the relay's clients) as SCHED_BATCH threads, as\n"
"                    'chrt --batch 0 federate' does; rtiexec and the\n"
"                    relay stay normal\n"
"  -p, --pin         timeadv: pin federate i to the i-th CPU this process\n"
"                    may use, round-robin, as 'taskset' would\n"
"  -q, --quick       smaller workloads (for smoke tests)\n"
"  -u, --url URL     use a running rtiexec instead of starting one\n"
"  -r, --relay IPV4:PORT\n"
"                    the baseline's raw relay is served there (by\n"
"                    rtibench --serve-relay, say in another network\n"
"                    namespace: test/bench/netns_bench.sh)\n"
"  -R, --serve-relay IPV4:PORT\n"
"                    serve relay sessions there until killed\n"
"  -f, --full        scale: go up to 1,000,000 instances\n"
"      --mc-off URL,IPV4:PORT,PID\n"
"      --mc-on URL,IPV4:PORT,PID\n"
"                    multicast: the running rtiexecs without and with\n"
"                    --multicast (federate URL, --http address, pid)\n"
"      --mc-netns NS,...\n"
"                    multicast: the 10 network namespaces (ip-netns(8)\n"
"                    names) its subscribers join from\n"
"      --mc-cells    multicast: the subscribers filter by area (condition\n"
"                    A<k>/, two per area, five areas), and --mc-off and\n"
"                    --mc-on are rtiexecs with --multicast-cell-depth 0\n"
"                    and 1: the group bytes each receives\n"
"      --perf DIR    trainer: perf record rtiexec until the federates are\n"
"                    synchronized, then one federate of each kind and\n"
"                    rtiexec while they step; print where each one's CPU\n"
"                    went (the recordings and their reports stay in DIR)\n"
"  -h, --help        this help\n\nModes:\n");
	for (m = modes; m->name; m++)
		fprintf(out, "  %-10s %s\n", m->name, m->help);
}

/* "HOST:PORT" (IPv4) into *a: 0, or -1 after a message. */
static int
host_port(const char *what, const char *arg, struct bench_addr *a)
{
	const char *colon = strrchr(arg, ':');
	struct in_addr ia;
	char *end;
	long port;

	memset(a, 0, sizeof *a);
	if (colon && (size_t)(colon - arg) < sizeof a->host) {
		memcpy(a->host, arg, (size_t)(colon - arg));
		port = strtol(colon + 1, &end, 10);
		if (!*end && port > 0 && port < 65536 &&
		    inet_pton(AF_INET, a->host, &ia) == 1) {
			a->port = (int)port;
			return 0;
		}
	}
	fprintf(stderr, "rtibench: bad %s '%s' (want IPV4:PORT)\n", what,
	    arg);
	return -1;
}

/* --serve-relay: serve relay sessions (two clients each) on `a` until
 * killed, for the baseline of an rtibench elsewhere (--relay). */
static int
serve_relay(const struct bench_addr *a)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)a->port);
	if (fd < 0 || inet_pton(AF_INET, a->host, &sa.sin_addr) != 1 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
	    bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 ||
	    listen(fd, 16) < 0) {
		perror("rtibench: --serve-relay");
		return 1;
	}
	for (;;)
		if (relay_serve(fd) < 0)
			return 1;
}

/* The value of a two-way option: 0 for `no`, 1 for `yes`, -1 (after a
 * message) for anything else. */
static int
choice(const char *what, const char *arg, const char *no, const char *yes)
{
	if (strcmp(arg, no) == 0)
		return 0;
	if (strcmp(arg, yes) == 0)
		return 1;
	fprintf(stderr, "rtibench: unknown %s '%s' (%s or %s)\n", what, arg,
	    no, yes);
	return -1;
}

enum { OPT_MC_OFF = 256, OPT_MC_ON, OPT_MC_NETNS, OPT_MC_CELLS, OPT_PERF };

int
main(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "quick", no_argument, NULL, 'q' },
		{ "url", required_argument, NULL, 'u' },
		{ "transport", required_argument, NULL, 't' },
		{ "sched", required_argument, NULL, 's' },
		{ "pin", no_argument, NULL, 'p' },
		{ "full", no_argument, NULL, 'f' },
		{ "relay", required_argument, NULL, 'r' },
		{ "serve-relay", required_argument, NULL, 'R' },
		{ "mc-off", required_argument, NULL, OPT_MC_OFF },
		{ "mc-on", required_argument, NULL, OPT_MC_ON },
		{ "mc-netns", required_argument, NULL, OPT_MC_NETNS },
		{ "mc-cells", no_argument, NULL, OPT_MC_CELLS },
		{ "perf", required_argument, NULL, OPT_PERF },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *want[16];
	size_t n_want = 0, i;
	const struct mode *m;
	int c, rc = 0;

	signal(SIGPIPE, SIG_IGN);
	while ((c = getopt_long(argc, argv, "m:qu:t:s:pfhr:R:", lopts,
	    NULL)) != -1) {
		switch (c) {
		case 'm':
			if (n_want == 16) {
				fprintf(stderr, "rtibench: too many modes\n");
				return 2;
			}
			want[n_want++] = optarg;
			break;
		case 'q':
			opt.quick = 1;
			opt.lat_warmup = 100;
			opt.lat_count = 2000;
			opt.tp_seconds = 0.3;
			break;
		case 'u':
			ctx.url = optarg;
			break;
		case 't':
			if ((ctx.unix_sock = choice("transport", optarg, "tcp",
			    "unix")) < 0)
				return 2;
			break;
		case 's':
			if ((ctx.sched_batch = choice("scheduling", optarg,
			    "normal", "batch")) < 0)
				return 2;
			break;
		case 'p':
			ctx.pin = 1;
			break;
		case 'f':
			ctx.full = 1;
			break;
		case 'r':
			if (host_port("--relay", optarg, &ctx.relay) < 0)
				return 2;
			break;
		case 'R': {
			struct bench_addr a;

			if (host_port("--serve-relay", optarg, &a) < 0)
				return 2;
			return serve_relay(&a);
		}
		case OPT_MC_OFF:
			ctx.mc_off = optarg;
			break;
		case OPT_MC_ON:
			ctx.mc_on = optarg;
			break;
		case OPT_MC_NETNS:
			ctx.mc_netns = optarg;
			break;
		case OPT_MC_CELLS:
			ctx.mc_cells = 1;
			break;
		case OPT_PERF:
			ctx.perf_dir = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			fprintf(stderr, "Try 'rtibench --help'.\n");
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "rtibench: unexpected argument '%s'\n",
		    argv[optind]);
		return 2;
	}
	for (i = 0; i < n_want; i++) {
		for (m = modes; m->name && strcmp(m->name, want[i]); m++)
			;
		if (!m->name) {
			fprintf(stderr, "rtibench: unknown mode '%s'\n",
			    want[i]);
			return 2;
		}
	}
	snprintf(ctx.tags, sizeof ctx.tags, "transport=%s%s%s",
	    ctx.unix_sock ? "unix" : "tcp",
	    ctx.sched_batch ? " sched=batch" : "", ctx.pin ? " pin=yes" : "");
	/* threads created from now on inherit it; forked servers drop it */
	if (ctx.sched_batch && bench_sched(1) < 0) {
		perror("rtibench: sched_setscheduler(SCHED_BATCH)");
		return 1;
	}
	if (ctx.unix_sock) {
		snprintf(ctx.sock_dir, sizeof ctx.sock_dir,
		    "/tmp/rtibench-XXXXXX");
		if (!mkdtemp(ctx.sock_dir)) {
			perror("rtibench: mkdtemp");
			return 1;
		}
	}
	for (m = modes; m->name; m++) {
		int run = n_want == 0 && !m->named_only;

		for (i = 0; i < n_want; i++)
			run |= strcmp(m->name, want[i]) == 0;
		if (run && m->fn(&ctx) < 0) {
			fprintf(stderr, "rtibench: mode %s failed\n", m->name);
			rc = 1;
		}
	}
	if (ctx.sock_dir[0]) {
		char path[128];

		snprintf(path, sizeof path, "%s/relay", ctx.sock_dir);
		unlink(path);
		rmdir(ctx.sock_dir);
	}
	return rc;
}
