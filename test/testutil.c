/* testutil.c - see testutil.h. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#define RTIEXEC_BIN TOP_BUILDDIR "/rti/rtiexec"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
rtiexec_start(struct rtiexec *r, const char *const *args)
{
	char portfile[192];
	const char *argv[64];
	const char *wrapper = getenv("RTI_TEST_WRAPPER");
	char *words = NULL;
	size_t n = 0;
	double deadline;

	memset(r, 0, sizeof *r);
	snprintf(r->dir, sizeof r->dir, "/tmp/rti-test-XXXXXX");
	if (!mkdtemp(r->dir)) {
		perror("mkdtemp");
		return -1;
	}
	snprintf(portfile, sizeof portfile, "%s/port", r->dir);
	snprintf(r->log, sizeof r->log, "%s/rtiexec.log", r->dir);
	/* RTI_TEST_WRAPPER: words run before rtiexec, e.g. "valgrind
	 * --error-exitcode=99"; its error exit fails rtiexec_stop. */
	if (wrapper && *wrapper && (words = strdup(wrapper)) != NULL) {
		char *save = NULL, *tok;

		for (tok = strtok_r(words, " \t", &save); tok && n < 32;
		    tok = strtok_r(NULL, " \t", &save))
			argv[n++] = tok;
	}
	argv[n++] = RTIEXEC_BIN;
	argv[n++] = "--bind";
	argv[n++] = "127.0.0.1";
	argv[n++] = "--port";
	argv[n++] = "0";
	argv[n++] = "--port-file";
	argv[n++] = portfile;
	argv[n++] = "--fom-path";
	argv[n++] = TOP_SRCDIR "/fom";
	argv[n++] = "--log-level";
	argv[n++] = "debug";
	while (args && *args && n < 62)
		argv[n++] = *args++;
	argv[n] = NULL;
	r->pid = fork();
	if (r->pid < 0) {
		free(words);
		return -1;
	}
	if (r->pid == 0) {
		FILE *fp = freopen(r->log, "w", stderr);

		(void)fp;
		execvp(argv[0], (char *const *)argv);
		perror(argv[0]);
		_exit(127);
	}
	free(words);
	deadline = now() + WAIT_S;
	while (now() < deadline) {
		FILE *fp = fopen(portfile, "r");

		if (fp) {
			int ok = fscanf(fp, "%d", &r->port) == 1;

			fclose(fp);
			if (ok && r->port > 0) {
				snprintf(r->url, sizeof r->url,
				    "tcp://127.0.0.1:%d", r->port);
				return 0;
			}
		}
		if (!rtiexec_alive(r)) {
			fprintf(stderr, "rtiexec exited at start-up; log:\n");
			return -1;
		}
		usleep(5000);
	}
	fprintf(stderr, "rtiexec did not start within %.0f s\n", WAIT_S);
	return -1;
}

int
rtiexec_alive(struct rtiexec *r)
{
	int st;

	if (r->pid <= 0)
		return 0;
	if (waitpid(r->pid, &st, WNOHANG) == r->pid) {
		r->pid = -1;
		return 0;
	}
	return 1;
}

int
rtiexec_log_has(struct rtiexec *r, const char *s)
{
	FILE *fp = fopen(r->log, "r");
	char line[4096];
	int found = 0;

	if (!fp)
		return 0;
	while (!found && fgets(line, sizeof line, fp))
		found = strstr(line, s) != NULL;
	fclose(fp);
	return found;
}

int
rtiexec_stop(struct rtiexec *r)
{
	double deadline = now() + WAIT_S;
	int st, rc = -1;
	char path[256];

	if (r->pid > 0) {
		kill(r->pid, SIGTERM);
		while (now() < deadline) {
			pid_t p = waitpid(r->pid, &st, WNOHANG);

			if (p == r->pid) {
				rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
				break;
			}
			usleep(2000);
		}
		if (rc == -1 && now() >= deadline) {
			kill(r->pid, SIGKILL);
			waitpid(r->pid, &st, 0);
		}
		r->pid = -1;
	}
	if (rc != 0 && getenv("RTI_TEST_VERBOSE") == NULL) {
		FILE *fp = fopen(r->log, "r");
		const char *w = getenv("RTI_TEST_WRAPPER");
		char line[1024];

		fprintf(stderr, "rtiexec exit %d%s%s; log tail:\n", rc,
		    w ? " under " : "", w ? w : "");
		while (fp && fgets(line, sizeof line, fp))
			fputs(line, stderr);
		if (fp)
			fclose(fp);
	}
	snprintf(path, sizeof path, "%s/port", r->dir);
	unlink(path);
	unlink(r->log);
	snprintf(path, sizeof path, "%s/sock", r->dir);
	unlink(path);
	rmdir(r->dir);
	return rc;
}

void
tfed_event(struct tfed *t, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	if (!s)
		abort();
	if (t->n_events == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 32;
		t->events = realloc(t->events, t->cap * sizeof *t->events);
		if (!t->events)
			abort();
	}
	t->events[t->n_events++] = s;
}

static void
cb_lost(void *arg, const char *fault)
{
	struct tfed *t = arg;

	t->lost = 1;
	tfed_event(t, "lost:%s", fault);
}

static void
cb_report(void *arg, const struct rti_federation_execution_info *infos,
    size_t n)
{
	struct tfed *t = arg;
	size_t i;

	tfed_event(t, "report:%zu", n);
	for (i = 0; i < n; i++)
		tfed_event(t, "federation:%s:%s:%u", infos[i].name,
		    infos[i].time_implementation, infos[i].federates);
}

static void
cb_sync_ok(void *arg, const char *label)
{
	tfed_event(arg, "syncok:%s", label);
}

static void
cb_sync_fail(void *arg, const char *label, enum rti_sync_failure_reason r)
{
	tfed_event(arg, "syncfail:%s:%d", label, (int)r);
}

static void
cb_announce(void *arg, const char *label, const void *tag, size_t len)
{
	tfed_event(arg, "announce:%s:%.*s", label, (int)len,
	    (const char *)tag);
}

static void
cb_synchronized(void *arg, const char *label, const rti_federate_handle *f,
    size_t n)
{
	tfed_event(arg, "synchronized:%s:%zu", label, n);
	(void)f;
}

void
tfed_callbacks(struct rti_callbacks *cb)
{
	memset(cb, 0, sizeof *cb);
	cb->connection_lost = cb_lost;
	cb->report_federation_executions = cb_report;
	cb->synchronization_point_registration_succeeded = cb_sync_ok;
	cb->synchronization_point_registration_failed = cb_sync_fail;
	cb->announce_synchronization_point = cb_announce;
	cb->federation_synchronized = cb_synchronized;
}

struct tfed *
tfed_new(struct rtiexec *r)
{
	struct tfed *t = calloc(1, sizeof *t);
	struct rti_callbacks cb;
	int rc;

	if (!t)
		return NULL;
	t->amb = rti_ambassador_new();
	if (!t->amb) {
		free(t);
		return NULL;
	}
	tfed_callbacks(&cb);
	rc = rti_connect(t->amb, r->url, &cb, t);
	if (rc != RTI_OK) {
		fprintf(stderr, "rti_connect(%s): %s: %s\n", r->url,
		    rti_err_name(rc), rti_error_message(t->amb));
		rti_ambassador_free(t->amb);
		free(t);
		return NULL;
	}
	return t;
}

void
tfed_clear(struct tfed *t)
{
	size_t i;

	for (i = 0; i < t->n_events; i++)
		free(t->events[i]);
	t->n_events = 0;
}

void
tfed_free(struct tfed *t)
{
	if (!t)
		return;
	tfed_clear(t);
	free(t->events);
	rti_ambassador_free(t->amb);
	free(t);
}

int
tfed_find(struct tfed *t, const char *prefix)
{
	size_t i, n = strlen(prefix);

	for (i = 0; i < t->n_events; i++)
		if (strncmp(t->events[i], prefix, n) == 0)
			return (int)i;
	return -1;
}

size_t
tfed_count(struct tfed *t, const char *prefix)
{
	size_t i, c = 0, n = strlen(prefix);

	for (i = 0; i < t->n_events; i++)
		if (strncmp(t->events[i], prefix, n) == 0)
			c++;
	return c;
}

int
tfed_wait_n(struct tfed *t, const char *prefix, size_t n)
{
	double deadline = now() + WAIT_S;

	while (tfed_count(t, prefix) < n) {
		if (now() > deadline)
			return 0;
		if (rti_evoke_callbacks(t->amb, 0.02, 0.1, NULL) != RTI_OK &&
		    t->lost && tfed_count(t, prefix) < n)
			return 0;
	}
	return 1;
}

int
tfed_wait(struct tfed *t, const char *prefix)
{
	return tfed_wait_n(t, prefix, 1);
}

void
tfed_pump(struct tfed *t, double s)
{
	double deadline = now() + s;

	while (now() < deadline)
		rti_evoke_callbacks(t->amb, 0.01, 0.05, NULL);
}

int
tfed_wait_all(struct tfed **ts, size_t n, struct tfed *t, const char *prefix)
{
	double deadline = now() + WAIT_S;
	size_t i;

	while (tfed_find(t, prefix) < 0) {
		if (now() > deadline)
			return 0;
		for (i = 0; i < n; i++)
			rti_evoke_callbacks(ts[i]->amb, 0.0, 0.01, NULL);
		usleep(200);
	}
	return 1;
}

void
tfed_dump(struct tfed *t, const char *who)
{
	size_t i;

	fprintf(stderr, "events of %s:\n", who);
	for (i = 0; i < t->n_events; i++)
		fprintf(stderr, "  %s\n", t->events[i]);
}

int
tfed_create_join(struct tfed *t, const char *name, const char *fom,
    const char *fedname)
{
	const char *mods[1] = { fom };
	int rc;

	rc = rti_create_federation_execution(t->amb, name, mods, 1, NULL);
	if (rc != RTI_OK && rc != RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS)
		return rc;
	return rti_join_federation_execution(t->amb, fedname, "test", name,
	    &t->handle);
}
