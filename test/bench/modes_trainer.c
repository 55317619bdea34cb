/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modes_trainer.c - rtibench's scale in federates, as processes.
 *
 * trainer: the grid samples started as a training simulator starts them,
 * all at once: 16 substation simulators of 64 substations each (S1..S1024
 * of grid north), the grid simulator and N consoles, each following one
 * substation by condition; 20 ms steps, --speed 0, every one waiting for
 * the others and synchronizing at "ready" (--peers).  For each N it
 * prints how long joining, declaring and synchronizing took, what rtiexec
 * sent and spent until then, then the stepping: x real time, ms per
 * step, rtiexec's CPU per step and per delivered update, its memory, and
 * each kind of federate's CPU per step.  Every ratio is to the first N of
 * the same run.  With --perf, perf(1) samples one federate of each kind
 * and rtiexec while they step, and each one's CPU is split by where it
 * ran: the sample's own code (and libm), librti, libc, the kernel; the
 * recordings (rtiexec until the synchronization, the four while they
 * step) stay in DIR with a report of each one's hottest functions.
 *
 * crowd: N mostly idle federates, each its own process (forked first,
 * then let go at once), joining one federation and synchronizing at
 * "ready" as the samples do; the time until all joined and until all are
 * synchronized, rtiexec's memory, and the update round trip of two more
 * federates against the same with none of them joined (measured first,
 * on the same rtiexec).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "fed.h"

#define N_SUBSIMS 16
#define SUBS_EACH 64
#define STEP_S 0.02
#define SYNC_LABEL "ready"

enum kind { K_SUB, K_GRID, K_CON, K_COUNT };
static const char *const kind_name[K_COUNT] = { "substation", "grid",
    "console" };

struct proc {
	pid_t pid;
	int fd;                   /* its stdout and stderr, -1 at EOF */
	enum kind kind;
	char buf[2048];
	size_t len;
	double t_running;         /* when it printed "running from" */
	double t_summary;         /* when it printed its SUMMARY line */
	double cpu_sync;          /* its CPU seconds then */
	double cpu_total;         /* at exit (wait4) */
	unsigned long long received;  /* SUMMARY updates_received */
	int reaped, status;
	char last[256];           /* its last line, for a failure */
};

static void
raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/* CPU seconds (user + system) of `pid` so far, from /proc; 0 if gone. */
static double
proc_cpu(pid_t pid)
{
	unsigned long long ut = 0, st = 0;
	char path[64], buf[1024], *p;
	double s = 0;
	FILE *fp;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if (!(fp = fopen(path, "r")))
		return 0;
	if (fgets(buf, sizeof buf, fp) && (p = strrchr(buf, ')')) &&
	    sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
	    "%llu %llu", &ut, &st) == 2)
		s = (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
	fclose(fp);
	return s;
}

/* Peak resident set of `pid` in bytes (VmHWM), 0 if unknown. */
static size_t
proc_hwm(pid_t pid)
{
	char path[64], line[256];
	size_t kb = 0;
	FILE *fp;

	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	if (!(fp = fopen(path, "r")))
		return 0;
	while (fgets(line, sizeof line, fp))
		if (sscanf(line, "VmHWM: %zu kB", &kb) == 1)
			break;
	fclose(fp);
	return kb * 1024;
}

/* The program of sample `name`: the real binary of the build tree
 * (samples/.libs/NAME, librti found through LD_LIBRARY_PATH), as an
 * installed trainer runs it, rather than libtool's wrapper script. */
static void
sample_path(const char *name, char *out, size_t cap)
{
	snprintf(out, cap, "%s/samples/.libs/%s", TOP_BUILDDIR, name);
	if (access(out, X_OK) == 0)
		return;
	snprintf(out, cap, "%s/samples/%s", TOP_BUILDDIR, name);
}

/* Fork argv with stdout and stderr into a pipe, to exec it once the
 * write end of pipe `go` is closed everywhere: 0, or -1. */
static int
spawn(struct proc *p, enum kind kind, char *const argv[], const int go[2])
{
	int fds[2];
	char ch;

	memset(p, 0, sizeof *p);
	p->kind = kind;
	p->fd = -1;
	if (pipe(fds) < 0)
		return -1;
	p->pid = fork();
	if (p->pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (p->pid == 0) {
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		close(fds[1]);
		close(go[1]);
		bench_sched(0);
		bench_die_with_parent();
		setenv("LD_LIBRARY_PATH", TOP_BUILDDIR "/librti/.libs", 1);
		if (read(go[0], &ch, 1) != 0)
			_exit(127);
		close(go[0]);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	p->fd = fds[0];
	fcntl(p->fd, F_SETFL, O_NONBLOCK);
	fcntl(p->fd, F_SETFD, FD_CLOEXEC);
	return 0;
}

/* With RTIBENCH_TIMELINE set, every federate's lines go to stderr, each
 * with the seconds since the trainer let them go. */
static double timeline_t0;

/* One line of p's output, at time `now`. */
static void
on_line(struct proc *p, const char *line, double now)
{
	const char *s;

	if (timeline_t0)
		fprintf(stderr, "%8.3f %s %d: %s\n", now - timeline_t0,
		    kind_name[p->kind], (int)p->pid, line);
	snprintf(p->last, sizeof p->last, "%s", line);
	if (!p->t_running && strstr(line, ": running from t="))
		p->t_running = now;
	if (strncmp(line, "SUMMARY ", 8) == 0) {
		p->t_summary = now;
		if ((s = strstr(line, " updates_received=")))
			p->received = strtoull(s + 18, NULL, 10);
	}
}

/* Read what p wrote; its lines go to on_line.  0 at EOF. */
static int
drain(struct proc *p, double now)
{
	ssize_t n;
	char *nl;

	for (;;) {
		n = read(p->fd, p->buf + p->len, sizeof p->buf - 1 - p->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return 1;
		if (n == 0)
			return 0;
		p->len += (size_t)n;
		p->buf[p->len] = '\0';
		while ((nl = strchr(p->buf, '\n'))) {
			*nl = '\0';
			on_line(p, p->buf, now);
			p->len -= (size_t)(nl + 1 - p->buf);
			memmove(p->buf, nl + 1, p->len);
			p->buf[p->len] = '\0';
		}
		if (p->len == sizeof p->buf - 1)
			p->len = 0;     /* a line too long to matter */
	}
}

/* Reap every exited child of procs[0..n): its total CPU from wait4. */
static void
reap(struct proc *procs, size_t n)
{
	struct rusage ru;
	int status;
	pid_t pid;
	size_t i;

	while ((pid = wait4(-1, &status, WNOHANG, &ru)) > 0)
		for (i = 0; i < n; i++)
			if (procs[i].pid == pid) {
				procs[i].reaped = 1;
				procs[i].status = status;
				procs[i].cpu_total =
				    (double)ru.ru_utime.tv_sec +
				    ru.ru_utime.tv_usec / 1e6 +
				    (double)ru.ru_stime.tv_sec +
				    ru.ru_stime.tv_usec / 1e6;
			}
}

/* rtiexec's counters through a connection of its own (not joined). */
static int
server_stats(const struct bench_rtiexec *r, struct rti_server_statistics *s)
{
	rti_ambassador *amb = rti_ambassador_new();
	int rc = -1;

	memset(s, 0, sizeof *s);
	if (amb && rti_connect(amb, r->url, NULL, NULL) == RTI_OK &&
	    rti_query_server_statistics(amb, s) == RTI_OK)
		rc = 0;
	rti_ambassador_free(amb);
	return rc;
}

/* ---- perf: where each kind's CPU goes ---- */

struct perf_run {
	pid_t pid;
	char file[128];
};

/* Sample pids[0..n) with call graphs: perf record into
 * dir/perf-N-PHASE.data. */
static int
perf_start(struct perf_run *pr, const char *dir, int n_consoles,
    const char *phase, const pid_t *pids, size_t n)
{
	char list[256], *argv[12];
	size_t i, k = 0;
	int null;

	snprintf(pr->file, sizeof pr->file, "%s/perf-%d-%s.data", dir,
	    n_consoles, phase);
	list[0] = '\0';
	for (i = 0; i < n; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%s%d", i ? "," : "", (int)pids[i]);
	argv[k++] = "perf";
	argv[k++] = "record";
	argv[k++] = "-q";
	argv[k++] = "-g";
	argv[k++] = "-F";
	argv[k++] = "997";
	argv[k++] = "-o";
	argv[k++] = pr->file;
	argv[k++] = "-p";
	argv[k++] = list;
	argv[k] = NULL;
	pr->pid = fork();
	if (pr->pid == 0) {
		null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
		execvp("perf", argv);
		_exit(127);
	}
	return pr->pid > 0 ? 0 : -1;
}

/* Stop the recording and write its report, the hottest functions of
 * each command, beside it (.txt). */
static void
perf_stop(struct perf_run *pr)
{
	char cmd[512];

	if (pr->pid <= 0)
		return;
	kill(pr->pid, SIGINT);
	waitpid(pr->pid, NULL, 0);
	pr->pid = 0;
	snprintf(cmd, sizeof cmd, "perf report -i %s --stdio --no-children "
	    "--sort comm,dso,sym --percent-limit 0.3 -g none >%.*s.txt "
	    "2>/dev/null", pr->file, (int)strlen(pr->file) - 5, pr->file);
	if (system(cmd) != 0)
		fprintf(stderr, "rtibench: perf report failed\n");
}

/* Where the samples of each command went: shares of its own program
 * (and libm), librti, libc (and the loader), the kernel. */
static void
perf_report(struct perf_run *pr, const char *tags, int n_consoles)
{
	static const char *const comms[] = { "substation", "grid",
	    "console", "rtiexec" };
	double share[4][4] = { { 0 } }, total[4] = { 0 };
	char cmd[256], line[512], comm[64], dso[256];
	double pct;
	FILE *fp;
	int i, k;

	if (!pr->file[0])
		return;
	perf_stop(pr);
	snprintf(cmd, sizeof cmd, "perf report -i %s --stdio --no-children "
	    "--sort comm,dso -g none 2>/dev/null", pr->file);
	if (!(fp = popen(cmd, "r")))
		return;
	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || sscanf(line, " %lf%% %63s %255s", &pct,
		    comm, dso) != 3)
			continue;
		for (i = 0; i < 4 && strcmp(comm, comms[i]); i++)
			;
		if (i == 4)
			continue;
		k = strstr(dso, "librti") ? 1 : strstr(dso, "kernel") ? 3 :
		    strstr(dso, "libc") || strstr(dso, "ld-linux") ? 2 : 0;
		share[i][k] += pct;
		total[i] += pct;
	}
	pclose(fp);
	for (i = 0; i < 4; i++)
		if (total[i] > 0)
			printf("RESULT mode=trainer %s figure=profile "
			    "consoles=%d comm=%s own_pct=%.1f librti_pct=%.1f "
			    "libc_pct=%.1f kernel_pct=%.1f\n", tags,
			    n_consoles, comms[i], 100 * share[i][0] / total[i],
			    100 * share[i][1] / total[i],
			    100 * share[i][2] / total[i],
			    100 * share[i][3] / total[i]);
}

/* ---- the trainer ---- */

struct trainer_fig {
	double frames_per_fed, sync_s, x_real, ms_step, ns_update;
};

static int
trainer_run(struct bench_ctx *c, int n_con, double seconds,
    struct trainer_fig *first)
{
	char sub_bin[256], grid_bin[256], con_bin[256];
	char peers[16], dur[32], firsts[N_SUBSIMS][16], follow[32];
	struct rti_server_statistics s_sync, s_end;
	struct bench_rtiexec r;
	struct perf_run pr = { 0, "" };
	struct proc *procs;
	struct pollfd *pfd;
	size_t n = N_SUBSIMS + 1 + (size_t)n_con, i, running = 0, summaries;
	size_t open_fds, n_kind[K_COUNT] = { 0 };
	double t0, t_sync = 0, t_end = 0, cpu_r0, cpu_rs = 0, cpu_re = 0;
	double deadline, cpu_kind[K_COUNT] = { 0 }, cpu_feds_sync = 0;
	double forked_s = 0;
	int go[2] = { -1, -1 };
	unsigned long long delivered = 0;
	long steps = (long)(seconds / STEP_S + 0.5);
	size_t rss;
	int rc = -1, k;

	sample_path("substation", sub_bin, sizeof sub_bin);
	sample_path("grid", grid_bin, sizeof grid_bin);
	sample_path("console", con_bin, sizeof con_bin);
	procs = calloc(n, sizeof *procs);
	pfd = calloc(n, sizeof *pfd);
	if (!procs || !pfd || bench_rtiexec_start(&r, c) < 0) {
		free(procs);
		free(pfd);
		return -1;
	}
	snprintf(peers, sizeof peers, "%zu", n);
	snprintf(dur, sizeof dur, "%g", seconds);
	if (pipe2(go, O_CLOEXEC) < 0) {
		n = 0;
		goto out;
	}
	/* every process forked first, waiting to exec until let go (go is
	 * close-on-exec: perf(1), started next, must not hold it): what
	 * is timed is their start, all at once, not this loop's forks
	 * (each one slower as the children already running take the
	 * CPU: 317 took 2-4 s), which a trainer's launcher need not share */
	t0 = bench_now();
	for (i = 0; i < n; i++) {
		char *argv[32];
		int a = 0;
		enum kind kd = i < N_SUBSIMS ? K_SUB : i == N_SUBSIMS ?
		    K_GRID : K_CON;

		argv[a++] = kd == K_SUB ? sub_bin : kd == K_GRID ? grid_bin :
		    con_bin;
		argv[a++] = "--url";
		argv[a++] = r.url;
		argv[a++] = "--peers";
		argv[a++] = peers;
		argv[a++] = "--speed";
		argv[a++] = "0";
		argv[a++] = "--duration";
		argv[a++] = dur;
		argv[a++] = "--timeout";
		argv[a++] = "900";
		argv[a++] = "--state-dir";
		argv[a++] = r.dir;
		if (kd == K_SUB) {
			snprintf(firsts[i], sizeof firsts[i], "%zu",
			    1 + SUBS_EACH * i);
			argv[a++] = "--grid";
			argv[a++] = "north";
			argv[a++] = "--first";
			argv[a++] = firsts[i];
			argv[a++] = "--substations";
			argv[a++] = "64";
		} else {
			argv[a++] = "--every";
			argv[a++] = "100000000";
		}
		if (kd == K_CON) {
			/* distinct substations while there are enough:
			 * 67 is prime to 1024 */
			snprintf(follow, sizeof follow, "S%zu", 1 +
			    ((i - N_SUBSIMS - 1) * 67) %
			    (N_SUBSIMS * SUBS_EACH));
			argv[a++] = "--grid";
			argv[a++] = "north";
			argv[a++] = "--substation";
			argv[a++] = follow;
		}
		argv[a] = NULL;
		if (spawn(&procs[i], kd, argv, go) < 0) {
			fprintf(stderr, "rtibench: trainer: cannot start "
			    "%s\n", argv[0]);
			n = i;
			goto out;
		}
		n_kind[kd]++;
	}
	close(go[0]);
	go[0] = -1;
	forked_s = bench_now() - t0;
	cpu_r0 = proc_cpu(r.pid);
	if (c->perf_dir)
		(void)perf_start(&pr, c->perf_dir, n_con, "sync", &r.pid, 1);
	t0 = bench_now();
	if (getenv("RTIBENCH_TIMELINE")) {
		struct timeval tv;
		struct tm tm;
		char hms[16];

		timeline_t0 = t0;
		gettimeofday(&tv, NULL);
		strftime(hms, sizeof hms, "%H:%M:%S",
		    gmtime_r(&tv.tv_sec, &tm));
		fprintf(stderr, "   0.000 trainer: %zu processes let go at "
		    "%s.%03d UTC\n", n, hms, (int)(tv.tv_usec / 1000));
	}
	close(go[1]);
	go[1] = -1;
	deadline = t0 + 900;
	for (;;) {
		double now;

		for (i = open_fds = 0; i < n; i++)
			if (procs[i].fd >= 0) {
				pfd[open_fds].fd = procs[i].fd;
				pfd[open_fds].events = POLLIN;
				pfd[open_fds].revents = 0;
				open_fds++;
			}
		if (open_fds)
			(void)poll(pfd, open_fds, 100);
		else
			usleep(10000);
		now = bench_now();
		for (i = 0, running = summaries = 0; i < n; i++) {
			if (procs[i].fd >= 0 && !drain(&procs[i], now)) {
				close(procs[i].fd);
				procs[i].fd = -1;
			}
			running += procs[i].t_running > 0;
			summaries += procs[i].t_summary > 0;
		}
		reap(procs, n);
		if (!t_sync && running == n) {
			t_sync = now;
			cpu_rs = proc_cpu(r.pid);
			for (i = 0; i < n; i++) {
				procs[i].cpu_sync = proc_cpu(procs[i].pid);
				cpu_feds_sync += procs[i].cpu_sync;
			}
			(void)server_stats(&r, &s_sync);
			if (c->perf_dir) {
				pid_t pp[4] = { procs[0].pid,
				    procs[N_SUBSIMS].pid,
				    procs[n - 1].pid, r.pid };

				perf_stop(&pr);
				(void)perf_start(&pr, c->perf_dir, n_con,
				    "run", pp, 4);
			}
		}
		if (t_sync && !t_end && summaries == n) {
			t_end = now;
			cpu_re = proc_cpu(r.pid);
			(void)server_stats(&r, &s_end);
			perf_report(&pr, bench_tags(c), n_con);
		}
		for (i = 0; i < n; i++)
			if (procs[i].reaped && (!WIFEXITED(procs[i].status) ||
			    WEXITSTATUS(procs[i].status) != 0)) {
				fprintf(stderr, "rtibench: trainer: %s %d "
				    "failed (status %d): %s\n",
				    kind_name[procs[i].kind],
				    (int)procs[i].pid, procs[i].status,
				    procs[i].last);
				goto out;
			}
		/* done when every one exited and all it wrote was read */
		for (i = 0; i < n && procs[i].reaped && procs[i].fd < 0; i++)
			;
		if (i == n)
			break;
		if (now > deadline) {
			fprintf(stderr, "rtibench: trainer: %zu of %zu "
			    "running, %zu done after %.0f s\n", running, n,
			    summaries, now - t0);
			goto out;
		}
	}
	if (!t_end) {
		fprintf(stderr, "rtibench: trainer: the federates ended "
		    "without their SUMMARY lines\n");
		goto out;
	}
	for (i = 0; i < n; i++) {
		cpu_kind[procs[i].kind] += procs[i].cpu_total -
		    procs[i].cpu_sync;
		delivered += procs[i].received;
	}
	rss = proc_hwm(r.pid);
	{
		struct trainer_fig f;
		double run = t_end - t_sync;

		f.sync_s = t_sync - t0;
		f.frames_per_fed = (double)s_sync.frames_out / (double)n;
		f.x_real = seconds / run;
		f.ms_step = run * 1e3 / (double)steps;
		f.ns_update = delivered ? (cpu_re - cpu_rs) * 1e9 /
		    (double)delivered : 0;
		if (!first->sync_s)
			*first = f;
		printf("RESULT mode=trainer %s consoles=%d processes=%zu "
		    "forked_s=%.2f sync_s=%.2f frames_until_sync=%llu "
		    "frames_per_federate=%.0f bytes_until_sync=%llu "
		    "rtiexec_cpu_until_sync_s=%.2f "
		    "federates_cpu_until_sync_s=%.2f seconds=%g "
		    "x_realtime=%.2f ms_per_step=%.2f "
		    "rtiexec_cpu_us_per_step=%.0f "
		    "rtiexec_cpu_ns_per_update=%.0f updates_per_step=%.0f "
		    "rtiexec_rss_mb=%.1f substation_cpu_us_per_step=%.0f "
		    "grid_cpu_us_per_step=%.0f console_cpu_us_per_step=%.0f "
		    "sync_ratio=%.2f frames_per_federate_ratio=%.2f "
		    "ms_per_step_ratio=%.2f\n", bench_tags(c), n_con, n,
		    forked_s, f.sync_s, (unsigned long long)s_sync.frames_out,
		    f.frames_per_fed, (unsigned long long)s_sync.bytes_out,
		    cpu_rs - cpu_r0, cpu_feds_sync, seconds, f.x_real,
		    f.ms_step,
		    (cpu_re - cpu_rs) * 1e6 / (double)steps, f.ns_update,
		    (double)delivered / (double)steps, (double)rss / 1048576.0,
		    cpu_kind[K_SUB] * 1e6 / (double)steps /
		    (double)n_kind[K_SUB],
		    cpu_kind[K_GRID] * 1e6 / (double)steps,
		    n_kind[K_CON] ? cpu_kind[K_CON] * 1e6 / (double)steps /
		    (double)n_kind[K_CON] : 0, f.sync_s / first->sync_s,
		    f.frames_per_fed / first->frames_per_fed,
		    f.ms_step / first->ms_step);
		fflush(stdout);
	}
	(void)s_end;
	rc = 0;
out:
	if (go[0] >= 0)
		close(go[0]);
	if (go[1] >= 0)
		close(go[1]);
	for (i = 0; i < n; i++) {
		if (!procs[i].reaped && procs[i].pid > 0)
			kill(procs[i].pid, SIGKILL);
		if (procs[i].fd >= 0)
			close(procs[i].fd);
	}
	if (pr.pid > 0) {
		kill(pr.pid, SIGINT);
		waitpid(pr.pid, NULL, 0);
	}
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	for (i = 0; i < n; i++)
		if (!procs[i].reaped && procs[i].pid > 0)
			waitpid(procs[i].pid, NULL, 0);
	bench_rtiexec_stop(&r);
	free(procs);
	free(pfd);
	(void)k;
	return rc;
}

/* The consoles of each trainer: RTIBENCH_CONSOLES (a comma-separated
 * list), else 10,30 with --quick, else 10,30,100,300 and 1000 with
 * --full. */
static size_t
console_counts(const struct bench_ctx *c, int *out, size_t cap)
{
	const char *env = getenv("RTIBENCH_CONSOLES");
	size_t n = 0;

	if (env && *env) {
		char *end;

		while (*env && n < cap) {
			long v = strtol(env, &end, 10);

			if (end == env || v < 0 || v > 5000)
				return 0;
			out[n++] = (int)v;
			env = *end == ',' ? end + 1 : end;
			if (*end && *end != ',')
				return 0;
		}
		return n;
	}
	out[n++] = 10;
	out[n++] = 30;
	if (!c->quick) {
		out[n++] = 100;
		out[n++] = 300;
		if (c->full)
			out[n++] = 1000;
	}
	return n;
}

int
bench_mode_trainer(struct bench_ctx *c)
{
	struct trainer_fig first;
	int counts[16];
	size_t n, i;
	const char *env = getenv("RTIBENCH_TRAINER_SECONDS");
	double seconds = env && atof(env) > 0 ? atof(env) : c->quick ? 2 :
	    10;

	if (c->url) {
		fprintf(stderr, "rtibench: trainer starts its own rtiexecs; "
		    "--url is not supported\n");
		return -1;
	}
	if (!(n = console_counts(c, counts, 16))) {
		fprintf(stderr, "rtibench: bad RTIBENCH_CONSOLES\n");
		return -1;
	}
	raise_nofile();
	memset(&first, 0, sizeof first);
	for (i = 0; i < n; i++)
		if (trainer_run(c, counts[i], seconds, &first) < 0)
			return -1;
	return 0;
}

/* ---- the crowd ---- */

struct idle_fed {
	rti_ambassador *amb;
	unsigned joined;
	int listed, announced, synchronized;
};

static void
idle_list(void *arg, const struct rti_federation_execution_info *in,
    size_t n)
{
	struct idle_fed *f = arg;
	size_t i;

	f->listed = 1;
	for (i = 0; i < n; i++)
		if (strcmp(in[i].name, "crowd") == 0)
			f->joined = in[i].federates;
}

static void
idle_announce(void *arg, const char *label, const void *tag, size_t len)
{
	struct idle_fed *f = arg;

	(void)tag;
	(void)len;
	if (strcmp(label, SYNC_LABEL) == 0)
		f->announced = 1;
}

static void
idle_synced(void *arg, const char *label, const rti_federate_handle *failed,
    size_t n_failed)
{
	struct idle_fed *f = arg;

	(void)failed;
	(void)n_failed;
	if (strcmp(label, SYNC_LABEL) == 0)
		f->synchronized = 1;
}

/* Evoke until *flag or `deadline`; 0, or -1. */
static int
idle_wait(struct idle_fed *f, const int *flag, double deadline)
{
	while (!*flag) {
		if (bench_now() > deadline ||
		    rti_evoke_callbacks(f->amb, 0.1, 0.1, NULL) != RTI_OK)
			return -1;
	}
	return 0;
}

/*
 * One idle federate (a forked child): join and write 'j' to `up`, wait
 * until `peers` have joined (asking for the list as the samples do:
 * sample_synchronize), register "ready" if it is the first to see them
 * all, else wait for its announcement, achieve it, and once
 * synchronized write 's'; then stay joined, evoking, until `ctl` closes.
 */
static void
idle_child(const struct bench_rtiexec *r, unsigned peers, int up, int ctl,
    int go)
{
	struct rti_callbacks cb;
	struct idle_fed f;
	double deadline, every, next, left;
	struct pollfd p[2];
	char c;

	/* started with the others, it joins when they all do */
	if (read(go, &c, 1) != 0)
		_exit(1);
	deadline = bench_now() + 600;
	memset(&cb, 0, sizeof cb);
	memset(&f, 0, sizeof f);
	cb.report_federation_executions = idle_list;
	cb.announce_synchronization_point = idle_announce;
	cb.federation_synchronized = idle_synced;
	f.amb = bench_join(r, "crowd", NULL, &cb, &f, NULL);
	if (write(up, "j", 1) != 1)
		_exit(1);
	every = peers * 0.01 < 0.1 ? 0.1 : peers * 0.01 > 1 ? 1 : peers * 0.01;
	while (!f.announced) {
		f.listed = 0;
		if (rti_list_federation_executions(f.amb) != RTI_OK ||
		    idle_wait(&f, &f.listed, deadline) < 0)
			_exit(1);
		if (f.joined >= peers) {
			(void)rti_register_federation_synchronization_point(
			    f.amb, SYNC_LABEL, NULL, 0, NULL, 0);
			break;
		}
		next = bench_now() + every;
		while (!f.announced && (left = next - bench_now()) > 0)
			if (rti_evoke_callback(f.amb, left, NULL) != RTI_OK)
				_exit(1);
		if (bench_now() > deadline)
			_exit(1);
	}
	if (idle_wait(&f, &f.announced, deadline) < 0 ||
	    rti_synchronization_point_achieved(f.amb, SYNC_LABEL, 1) !=
	    RTI_OK || idle_wait(&f, &f.synchronized, deadline) < 0)
		_exit(1);
	if (write(up, "s", 1) != 1)
		_exit(1);
	for (;;) {
		int pending = 1;

		while (pending)
			if (rti_evoke_callbacks(f.amb, 0, 0, &pending) !=
			    RTI_OK)
				_exit(1);
		p[0].fd = rti_get_fd(f.amb);
		p[0].events = POLLIN;
		p[1].fd = ctl;
		p[1].events = POLLIN;
		if (poll(p, 2, 1000) < 0 && errno != EINTR)
			_exit(1);
		if (p[1].revents)
			break;
	}
	rti_resign_federation_execution(f.amb,
	    RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST);
	rti_ambassador_free(f.amb);
	_exit(0);
}

static int
crowd_run(struct bench_ctx *c, int n)
{
	struct bench_rtiexec r;
	double p50_2, p99_2, p50_n, p99_n, t0, t_sync, deadline, t_join = 0;
	long warm = c->quick ? 200 : 1000, count = c->quick ? 2000 : 10000;
	size_t rss_before, rss;
	pid_t *pids = calloc((size_t)n, sizeof *pids);
	int up[2], ctl[2], go[2], i, got = 0, joins = 0, rc = -1;
	char buf[256];

	if (!pids || bench_rtiexec_start(&r, c) < 0) {
		free(pids);
		return -1;
	}
	if (pipe(up) < 0 || pipe(ctl) < 0 || pipe(go) < 0)
		goto out;
	/* the processes first, each waiting to be let go: what is timed is
	 * their joining, all at once, and synchronizing */
	fflush(stdout);
	for (i = 0; i < n; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			close(up[0]);
			close(ctl[1]);
			close(go[1]);
			idle_child(&r, (unsigned)n, up[1], ctl[0], go[0]);
		}
		if (pids[i] < 0) {
			n = i;
			close(up[1]);
			close(ctl[0]);
			close(go[0]);
			close(go[1]);
			goto kill;
		}
	}
	close(up[1]);
	close(ctl[0]);
	close(go[0]);
	if (bench_round_trip(&r, "crowd", warm, count, &p50_2, &p99_2) < 0) {
		close(go[1]);
		goto kill;
	}
	rss_before = bench_rtiexec_rss(&r);
	t0 = bench_now();
	close(go[1]);
	deadline = t0 + 600;
	while (got < n && bench_now() < deadline) {
		struct pollfd p = { up[0], POLLIN, 0 };
		ssize_t k, q;

		if (poll(&p, 1, 1000) > 0) {
			k = read(up[0], buf, sizeof buf);
			if (k <= 0)
				break;
			for (q = 0; q < k; q++) {
				got += buf[q] == 's';
				if (buf[q] == 'j' && ++joins == n)
					t_join = bench_now();
			}
		}
	}
	t_sync = bench_now();
	if (got < n) {
		fprintf(stderr, "rtibench: crowd: %d of %d federates "
		    "synchronized\n", got, n);
		goto kill;
	}
	rss = bench_rtiexec_rss(&r);
	if (bench_round_trip(&r, "crowd", warm, count, &p50_n, &p99_n) < 0)
		goto kill;
	printf("RESULT mode=crowd %s federates=%d join_sync_s=%.2f "
	    "join_s=%.2f rtiexec_rss_mb=%.1f rss_per_federate_kb=%.1f "
	    "p50_us_2=%.1f p50_us=%.1f p99_us_2=%.1f p99_us=%.1f "
	    "growth_p50=%.2f\n", bench_tags(c), n, t_sync - t0, t_join - t0,
	    (double)rss / 1048576.0,
	    (double)(rss - rss_before) / 1024.0 / (double)n, p50_2, p50_n,
	    p99_2, p99_n, p50_n / p50_2);
	fflush(stdout);
	rc = 0;
kill:
	close(ctl[1]);
	close(up[0]);
	for (i = 0; i < n; i++)
		if (pids[i] > 0 && rc < 0)
			kill(pids[i], SIGKILL);
	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			waitpid(pids[i], NULL, 0);
out:
	bench_rtiexec_stop(&r);
	free(pids);
	return rc;
}

int
bench_mode_crowd(struct bench_ctx *c)
{
	const char *env = getenv("RTIBENCH_CROWD");
	int n = env && atoi(env) > 0 ? atoi(env) : c->quick ? 200 : 1000;

	if (c->url) {
		fprintf(stderr, "rtibench: crowd starts its own rtiexec; "
		    "--url is not supported\n");
		return -1;
	}
	raise_nofile();
	return crowd_run(c, n);
}
