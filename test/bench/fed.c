/* SPDX-License-Identifier: Apache-2.0 */
/* fed.c - see fed.h. */
#include <ftw.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "fed.h"

#define RTIEXEC_BIN TOP_BUILDDIR "/rti/rtiexec"

int
bench_rtiexec_start(struct bench_rtiexec *r, const struct bench_ctx *c)
{
	char portfile[128], savedir[128];
	double deadline;

	memset(r, 0, sizeof *r);
	if (c->url) {
		snprintf(r->url, sizeof r->url, "%s", c->url);
		return 0;
	}
	snprintf(r->dir, sizeof r->dir, "/tmp/rtibench-XXXXXX");
	if (!mkdtemp(r->dir))
		return -1;
	snprintf(portfile, sizeof portfile, "%s/port", r->dir);
	snprintf(r->sock, sizeof r->sock, "%s/rtiexec", r->dir);
	snprintf(savedir, sizeof savedir, "%s/saves", r->dir);
	r->pid = fork();
	if (r->pid == 0) {
		/* a generous heartbeat timeout: a benchmark measures speed,
		 * and a federate it keeps busy elsewhere (fanout's
		 * subscribers, a sanitizer build on a loaded machine) is not
		 * lost */
		const char *argv[] = { RTIEXEC_BIN, "--bind", "127.0.0.1",
		    "--port", "0", "--port-file", portfile, "--log-level",
		    "warn", "--fom-path", TOP_SRCDIR "/test/bench:"
		    TOP_SRCDIR "/data/fom", "--save-dir", savedir,
		    "--heartbeat-timeout", "60", "--unix", r->sock, NULL };

		if (!c->unix_sock)
			argv[15] = NULL;
		if (getenv("RTIBENCH_LOG_LEVEL"))
			argv[8] = getenv("RTIBENCH_LOG_LEVEL");
		bench_sched(0);
		bench_die_with_parent();
		execv(RTIEXEC_BIN, (char *const *)(uintptr_t)argv);
		_exit(127);
	}
	deadline = bench_now() + 10;
	while (bench_now() < deadline) {
		FILE *fp = fopen(portfile, "r");
		int port = 0;

		if (fp) {
			if (fscanf(fp, "%d", &port) != 1)
				port = 0;
			fclose(fp);
		}
		if (port > 0) {
			/* the port file is written after every listener */
			if (c->unix_sock)
				snprintf(r->url, sizeof r->url, "unix://%s",
				    r->sock);
			else
				snprintf(r->url, sizeof r->url,
				    "tcp://127.0.0.1:%d", port);
			unlink(portfile);
			return 0;
		}
		usleep(2000);
	}
	return -1;
}

/* nftw callback: remove one entry of the run's directory (its socket, the
 * save mode's files), children first. */
static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	remove(path);
	return 0;
}

void
bench_rtiexec_stop(struct bench_rtiexec *r)
{
	if (r->pid > 0) {
		kill(r->pid, SIGTERM);
		waitpid(r->pid, NULL, 0);
		r->pid = 0;
	}
	if (r->dir[0])
		nftw(r->dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}

size_t
bench_rtiexec_rss(const struct bench_rtiexec *r)
{
	char path[64], line[256];
	size_t kb = 0;
	FILE *fp;

	if (r->pid <= 0)
		return 0;
	snprintf(path, sizeof path, "/proc/%d/status", (int)r->pid);
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	while (fgets(line, sizeof line, fp))
		if (sscanf(line, "VmRSS: %zu kB", &kb) == 1)
			break;
	fclose(fp);
	return kb * 1024;
}

double
bench_cpu_s(const struct bench_rtiexec *r)
{
	unsigned long long ut = 0, st = 0;
	char path[64], buf[1024], *p;
	struct timespec ts;
	double s = 0;
	FILE *fp;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0)
		s = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	if (r->pid <= 0)
		return s;
	snprintf(path, sizeof path, "/proc/%d/stat", (int)r->pid);
	if (!(fp = fopen(path, "r")))
		return s;
	/* fields 14 and 15 (utime, stime), counted after the ")" that
	 * ends the command name (field 2) */
	if (fgets(buf, sizeof buf, fp) && (p = strrchr(buf, ')')) &&
	    sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
	    "%llu %llu", &ut, &st) == 2)
		s += (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
	fclose(fp);
	return s;
}

void
bench_die(rti_ambassador *amb, const char *what, int rc)
{
	fprintf(stderr, "rtibench: %s: %s: %s\n", what, rti_err_name(rc),
	    amb ? rti_error_message(amb) : "");
	exit(1);
}

rti_ambassador *
bench_join(const struct bench_rtiexec *r, const char *fx, const char *name,
    const struct rti_callbacks *cb, void *arg, const char *fom)
{
	rti_ambassador *amb = rti_ambassador_new();
	const char *mods[2] = { "Bench.xml", fom };
	int rc;

	if (!amb)
		bench_die(NULL, "rti_ambassador_new", RTI_ERR_NO_MEMORY);
	BENCH_CHECK(amb, rti_connect(amb, r->url, cb, arg));
	rc = rti_create_federation_execution(amb, fx, mods, fom ? 2 : 1,
	    NULL);
	if (rc != RTI_OK && rc != RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS)
		bench_die(amb, "create", rc);
	BENCH_CHECK(amb, rti_join_federation_execution(amb, name, "bench",
	    fx, NULL));
	return amb;
}

void
bench_resign(rti_ambassador *amb)
{
	rti_resign_federation_execution(amb,
	    RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST);
	rti_ambassador_free(amb);
}
