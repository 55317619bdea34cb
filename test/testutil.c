/* SPDX-License-Identifier: Apache-2.0 */
/* testutil.c - see testutil.h. */
#include <arpa/inet.h>
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#define RTIEXEC_BIN TOP_BUILDDIR "/rti/rtiexec"

double
tfed_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
rtiexec_start(struct rtiexec *r, const char *const *args)
{
	return rtiexec_start_opts(r, args, NULL);
}

/* In the child: the descriptors `o` holds open. */
static void
child_setup(const struct rtiexec_opts *o)
{
	int i;

	for (i = 0; o && i < o->hold_fds; i++)
		if (open("/dev/null", O_RDONLY) < 0) {
			perror("/dev/null");
			_exit(127);
		}
}

int
rtiexec_start_opts(struct rtiexec *r, const char *const *args,
    const struct rtiexec_opts *o)
{
	char portfile[192];
	const char *argv[64];
	const char *wrapper = getenv("RTI_TEST_WRAPPER");
	char *words = NULL;
	size_t n = 0;
	double deadline;
	char ulimit[64];

	memset(r, 0, sizeof *r);
	snprintf(r->dir, sizeof r->dir, "/tmp/rti-test-XXXXXX");
	if (!mkdtemp(r->dir)) {
		perror("mkdtemp");
		return -1;
	}
	snprintf(portfile, sizeof portfile, "%s/port", r->dir);
	snprintf(r->log, sizeof r->log, "%s/rtiexec.log", r->dir);
	/* A descriptor limit is set by a shell run first, after the fork
	 * and exec: a program under valgrind (the test itself, in
	 * valgrind.sh) may not lower its own. */
	if (o && o->nofile) {
		snprintf(ulimit, sizeof ulimit, "ulimit -n %lu && exec \"$@\"",
		    o->nofile);
		argv[n++] = "/bin/sh";
		argv[n++] = "-c";
		argv[n++] = ulimit;
		argv[n++] = "sh";
	}
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
	argv[n++] = TOP_SRCDIR "/data/fom";
	argv[n++] = "--log-level";
	argv[n++] = "debug";
	/* under valgrind or on a loaded machine a FOM load, or a federate
	 * starved of the CPU, can outlast the default heartbeat timeout; a
	 * test's own args come after (the heartbeat tests set theirs) */
	argv[n++] = "--heartbeat-timeout";
	argv[n++] = "60";
	while (args && *args && n < 60)
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
		child_setup(o);
		execvp(argv[0], (char *const *)argv);
		perror(argv[0]);
		_exit(127);
	}
	free(words);
	deadline = tfed_now() + RTIEXEC_WAIT_S;
	while (tfed_now() < deadline) {
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
	fprintf(stderr, "rtiexec did not start within %.0f s\n",
	    RTIEXEC_WAIT_S);
	return -1;
}

double
tfed_wait_s(void)
{
	const char *w = getenv("RTI_TEST_WRAPPER");

	return w && *w ? 60.0 : 10.0;
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
rtiexec_start_http(struct rtiexec *r, const char *const *extra)
{
	const char *args[16];
	size_t n = 0;

	args[n++] = "--http";
	args[n++] = "127.0.0.1:0";
	while (extra && *extra && n < 15)
		args[n++] = *extra++;
	args[n] = NULL;
	if (rtiexec_start(r, args) < 0)
		return -1;
	return rtiexec_http_port(r);
}

int
rtiexec_http_port(struct rtiexec *r)
{
	double end = tfed_now() + WAIT_S;
	char line[512];

	while (tfed_now() < end) {
		FILE *fp = fopen(r->log, "r");
		int port = 0;

		while (fp && fgets(line, sizeof line, fp)) {
			char *p = strstr(line, "HTTP listening on ");

			if (p && (p = strstr(p, " port ")))
				port = atoi(p + 6);
		}
		if (fp)
			fclose(fp);
		if (port > 0)
			return port;
		usleep(20000);
	}
	return -1;
}

const char *
rtiexec_http_get(const char *host, int port, const char *path,
    const char *bearer)
{
	static char buf[1 << 20];
	struct sockaddr_in sa;
	size_t n = 0;
	ssize_t k;
	char req[1024];
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	ck_assert_int_ge(fd, 0);
	snprintf(req, sizeof req, "GET %s HTTP/1.0\r\n%s%s%s\r\n", path,
	    bearer ? "Authorization: Bearer " : "", bearer ? bearer : "",
	    bearer ? "\r\n" : "");
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	ck_assert_int_eq(inet_pton(AF_INET, host, &sa.sin_addr), 1);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	ck_assert_int_eq(write(fd, req, strlen(req)), (ssize_t)strlen(req));
	while (n < sizeof buf - 1 && (k = read(fd, buf + n,
	    sizeof buf - 1 - n)) > 0)
		n += (size_t)k;
	close(fd);
	buf[n] = '\0';
	return buf;
}

uint64_t
rtiexec_metric(const char *host, int port, const char *name,
    const char *bearer)
{
	const char *buf = rtiexec_http_get(host, port, "/metrics", bearer), *p;
	size_t len = strlen(name);

	for (p = buf; (p = strstr(p, name)) != NULL; p += len)
		if (p > buf && p[-1] == '\n' && p[len] == ' ')
			return strtoull(p + len + 1, NULL, 10);
	ck_abort_msg("no sample %s in /metrics", name);
	return 0;
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
rtiexec_log_count(struct rtiexec *r, const char *s)
{
	FILE *fp = fopen(r->log, "r");
	char line[4096];
	int n = 0;

	if (!fp)
		return 0;
	while (fgets(line, sizeof line, fp))
		n += strstr(line, s) != NULL;
	fclose(fp);
	return n;
}

long
rtiexec_status_kb(struct rtiexec *r, const char *field)
{
	char path[64], line[256];
	size_t flen = strlen(field);
	long kb = -1;
	FILE *fp;

	snprintf(path, sizeof path, "/proc/%d/status", (int)r->pid);
	fp = fopen(path, "r");
	if (!fp)
		return -1;
	while (kb < 0 && fgets(line, sizeof line, fp))
		if (strncmp(line, field, flen) == 0 && line[flen] == ':')
			kb = strtol(line + flen + 1, NULL, 10);
	fclose(fp);
	return kb;
}

double
rtiexec_cpu_s(struct rtiexec *r)
{
	char path[64], buf[1024], *p;
	unsigned long long ut, st;
	size_t n;
	FILE *fp;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)r->pid);
	fp = fopen(path, "r");
	if (!fp)
		return -1;
	n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	/* fields 14 and 15 (utime, stime), counted after the ")" that
	 * ends field 2, the command name */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u "
	    "%*u %llu %llu", &ut, &st) != 2)
		return -1;
	return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

/* Remove `r`'s directory with whatever rtiexec or the test left in it
 * (the log, the port file, sockets, FOM modules, key files, saves).  The
 * directory is the test's own (mkdtemp); links are not followed. */
static void
rm_dir(struct rtiexec *r)
{
	if (r->dir[0])
		nftw(r->dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	r->dir[0] = 0;
}

void
rtiexec_kill(struct rtiexec *r)
{
	if (r->pid > 0) {
		kill(r->pid, SIGKILL);
		waitpid(r->pid, NULL, 0);
		r->pid = -1;
	}
	rm_dir(r);
}

int
rtiexec_stop(struct rtiexec *r)
{
	double deadline = tfed_now() + RTIEXEC_WAIT_S;
	int st, rc = -1;

	if (r->pid > 0) {
		kill(r->pid, SIGTERM);
		while (tfed_now() < deadline) {
			pid_t p = waitpid(r->pid, &st, WNOHANG);

			if (p == r->pid) {
				rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
				break;
			}
			usleep(2000);
		}
		if (rc == -1 && tfed_now() >= deadline) {
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
	rm_dir(r);
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

/* Live test federates, so that a wait can flush the others' output. */
static struct tfed **live;
static size_t n_live, cap_live;
int tfed_autoflush = 1;

/* A test federate that sent something and then waits for another one
 * stands for a federate that keeps calling librti: write every other
 * federate's buffered output (librti(3), OUTPUT BUFFERING). */
static void
flush_others(struct tfed *self)
{
	size_t i;

	for (i = 0; tfed_autoflush && i < n_live; i++)
		if (live[i] != self && live[i]->handle.id)
			(void)rti_flush_updates(live[i]->amb);
}

void
tfed_track(struct tfed *t)
{
	struct tfed **p;
	size_t i;

	for (i = 0; i < n_live; i++)
		if (live[i] == t)
			return;
	if (n_live == cap_live) {
		cap_live = cap_live ? cap_live * 2 : 16;
		p = realloc(live, cap_live * sizeof *live);
		if (!p)
			abort();
		live = p;
	}
	live[n_live++] = t;
}

static void
live_del(struct tfed *t)
{
	size_t i;

	for (i = 0; i < n_live; i++)
		if (live[i] == t) {
			live[i] = live[--n_live];
			break;
		}
	if (n_live == 0) {
		free(live);
		live = NULL;
		cap_live = 0;
	}
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
	live_del(t);
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
	double deadline = tfed_now() + WAIT_S;

	flush_others(t);
	while (tfed_count(t, prefix) < n) {
		if (tfed_now() > deadline)
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
	double deadline = tfed_now() + s;

	while (tfed_now() < deadline)
		rti_evoke_callbacks(t->amb, 0.01, 0.05, NULL);
}

int
tfed_wait_all(struct tfed **ts, size_t n, struct tfed *t, const char *prefix)
{
	double deadline = tfed_now() + WAIT_S;
	size_t i;

	while (tfed_find(t, prefix) < 0) {
		if (tfed_now() > deadline)
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
	tfed_track(t);
	return rti_join_federation_execution(t->amb, fedname, "test", name,
	    &t->handle);
}

/* ---- recording OM callbacks ---- */

const char *
tfed_obj_name(struct tfed *t, rti_object_instance_handle obj)
{
	const char *s;

	return rti_get_object_instance_name(t->amb, obj, &s) == RTI_OK ? s :
	    "?";
}

static const char *
last_part(const char *s)
{
	const char *dot = strrchr(s, '.');

	return dot ? dot + 1 : s;
}

const char *
tfed_cls_name(struct tfed *t, rti_object_class_handle c)
{
	const char *s;

	if (rti_get_object_class_name(t->amb, c, &s) != RTI_OK)
		return "?";
	return last_part(s);
}

const char *
tfed_icls_name(struct tfed *t, rti_interaction_class_handle c)
{
	const char *s;

	if (rti_get_interaction_class_name(t->amb, c, &s) != RTI_OK)
		return "?";
	return last_part(s);
}

void
tfed_fmt_values(struct tfed *t, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, char *buf, size_t len)
{
	rti_object_class_handle k = RTI_HANDLE_INITIALIZER;
	size_t i, o = 0;

	buf[0] = '\0';
	rti_get_known_object_class_handle(t->amb, obj, &k);
	for (i = 0; i < n && o < len; i++) {
		const char *an = "?";

		rti_get_attribute_name(t->amb, k, v[i].attribute, &an);
		o += (size_t)snprintf(buf + o, len - o, "%s%s=%.*s",
		    i ? "," : "", an, (int)v[i].length,
		    (const char *)v[i].value);
	}
}

void
tfed_fmt_attrs(struct tfed *t, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, char *buf, size_t len)
{
	rti_object_class_handle k = RTI_HANDLE_INITIALIZER;
	size_t i, o = 0;

	buf[0] = '\0';
	rti_get_known_object_class_handle(t->amb, obj, &k);
	for (i = 0; i < n && o < len; i++) {
		const char *an = "?";

		rti_get_attribute_name(t->amb, k, attrs[i], &an);
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? "," : "",
		    an);
	}
}

static void
om_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle p)
{
	struct tfed *t = arg;

	(void)obj;
	(void)p;
	t->n_discovers++;
	tfed_event(t, "discover:%s:%s", name, tfed_cls_name(t, cls));
}

static void
om_bundle(void *arg, rti_object_class_handle cls,
    const struct rti_bundle_instance *in, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	char vals[512];
	size_t i;

	(void)info;
	tfed_event(t, "bundle:%s:%zu:tag=%.*s", tfed_cls_name(t, cls), n,
	    (int)tag_len, (const char *)tag);
	for (i = 0; i < n; i++) {
		t->n_bundle_instances++;
		tfed_fmt_values(t, in[i].object, in[i].values,
		    in[i].n_values, vals, sizeof vals);
		tfed_event(t, "binst:%s:%s", tfed_obj_name(t, in[i].object),
		    vals);
	}
}

static void
om_remove(void *arg, rti_object_instance_handle obj, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;

	(void)info;
	t->n_removes++;
	tfed_event(t, "remove:%s:tag=%.*s", tfed_obj_name(t, obj),
	    (int)tag_len, (const char *)tag);
}

static void
om_provide(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len)
{
	struct tfed *t = arg;
	char buf[256];

	tfed_fmt_attrs(t, obj, attrs, n, buf, sizeof buf);
	tfed_event(t, "provide:%s:%s:tag=%.*s", tfed_obj_name(t, obj), buf,
	    (int)tag_len, (const char *)tag);
}

static void
om_reserved(void *arg, const char *name)
{
	tfed_event(arg, "reserved:%s", name);
}

static void
om_reserve_failed(void *arg, const char *name)
{
	tfed_event(arg, "reservefail:%s", name);
}

static void
om_mreserved(void *arg, const char *const *names, size_t n)
{
	tfed_event(arg, "mreserved:%zu:%s", n, names[0]);
}

static void
om_mreserve_failed(void *arg, const char *const *names, size_t n)
{
	tfed_event(arg, "mreservefail:%zu:%s", n, names[0]);
}

void
tfed_om_callbacks(struct rti_callbacks *cb, int bundles)
{
	cb->discover_object_instance = om_discover;
	if (bundles)
		cb->reflect_class_bundle = om_bundle;
	cb->remove_object_instance = om_remove;
	cb->provide_attribute_value_update = om_provide;
	cb->object_instance_name_reservation_succeeded = om_reserved;
	cb->object_instance_name_reservation_failed = om_reserve_failed;
	cb->multiple_object_instance_name_reservation_succeeded =
	    om_mreserved;
	cb->multiple_object_instance_name_reservation_failed =
	    om_mreserve_failed;
}

/* ---- recording callbacks for condition/region tests ---- */

static void
cond_discover(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name, rti_federate_handle p)
{
	struct tfed *t = arg;

	(void)obj;
	(void)cls;
	(void)p;
	t->n_discovers++;
	tfed_event(t, "discover:%s", name);
}

static void
cond_reflect(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;

	(void)tag;
	(void)tag_len;
	t->n_reflects++;
	tfed_event(t, "reflect:%s:%.*s:%s", tfed_obj_name(t, obj),
	    n ? (int)v[0].length : 0, n ? (const char *)v[0].value : "",
	    info->condition ? info->condition : "-");
}

static void
cond_bundle(void *arg, rti_object_class_handle cls,
    const struct rti_bundle_instance *in, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	size_t i;

	(void)cls;
	(void)tag;
	(void)tag_len;
	tfed_event(t, "bundle:%zu:%s", n,
	    info->condition ? info->condition : "-");
	for (i = 0; i < n; i++) {
		t->n_bundle_instances++;
		tfed_event(t, "binst:%s:%s", tfed_obj_name(t, in[i].object),
		    in[i].condition ? in[i].condition : "-");
	}
}

static void
cond_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;

	(void)cls;
	(void)v;
	(void)n;
	t->n_interactions++;
	tfed_event(t, "interaction:%.*s:%s", (int)tag_len, (const char *)tag,
	    info->condition ? info->condition : "-");
}

void
tfed_cond_callbacks(struct rti_callbacks *cb, int bundles)
{
	cb->discover_object_instance = cond_discover;
	cb->reflect_attribute_values = cond_reflect;
	if (bundles)
		cb->reflect_class_bundle = cond_bundle;
	cb->receive_interaction = cond_interaction;
}

/* ---- helpers that assert ---- */

struct tfed *
tfed_join_f(struct rtiexec *r, const struct rti_callbacks *cb,
    const char *fom, const char *fedname)
{
	struct tfed *t = calloc(1, sizeof *t);

	ck_assert_ptr_nonnull(t);
	t->amb = rti_ambassador_new();
	ck_assert_ptr_nonnull(t->amb);
	ck_assert_int_eq(rti_connect(t->amb, r->url, cb, t), RTI_OK);
	ck_assert_int_eq(tfed_create_join(t, "F", fom, fedname), RTI_OK);
	return t;
}

void
tfed_barrier(struct tfed *t)
{
	rti_federate_handle h;
	int pending = 1;

	ck_assert_int_eq(rti_get_federate_handle(t->amb, "no such federate",
	    &h), RTI_ERR_NAME_NOT_FOUND);
	while (pending)
		ck_assert_int_eq(rti_evoke_callbacks(t->amb, 0, 0, &pending),
		    RTI_OK);
}

rti_object_class_handle
tfed_oc(struct tfed *t, const char *name)
{
	rti_object_class_handle h;

	ck_assert_int_eq(rti_get_object_class_handle(t->amb, name, &h),
	    RTI_OK);
	return h;
}

rti_attribute_handle
tfed_at(struct tfed *t, rti_object_class_handle c, const char *name)
{
	rti_attribute_handle h;

	ck_assert_int_eq(rti_get_attribute_handle(t->amb, c, name, &h),
	    RTI_OK);
	return h;
}

rti_attribute_handle
tfed_attr(struct tfed *t, const char *cls, const char *name)
{
	return tfed_at(t, tfed_oc(t, cls), name);
}

rti_interaction_class_handle
tfed_ic(struct tfed *t, const char *name)
{
	rti_interaction_class_handle h;

	ck_assert_int_eq(rti_get_interaction_class_handle(t->amb, name, &h),
	    RTI_OK);
	return h;
}

void
tfed_subscribe(struct tfed *t, const char *cls, const char *list)
{
	rti_object_class_handle c = tfed_oc(t, cls);
	rti_attribute_handle a[8];
	char buf[128], *p, *save = NULL;
	size_t n = 0;

	snprintf(buf, sizeof buf, "%s", list);
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save))
		a[n++] = tfed_at(t, c, p);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(t->amb, c, a,
	    n), RTI_OK);
}

void
tfed_publish_breaker(struct tfed *t)
{
	rti_object_class_handle b = tfed_oc(t, "Breaker");
	rti_attribute_handle a[3];

	a[0] = tfed_at(t, b, "Name");
	a[1] = tfed_at(t, b, "Status");
	a[2] = tfed_at(t, b, "Current");
	ck_assert_int_eq(rti_publish_object_class_attributes(t->amb, b, a, 3),
	    RTI_OK);
}

rti_object_instance_handle
tfed_register_named(struct tfed *t, const char *cls, const char *name)
{
	rti_object_instance_handle h;
	char ev[128];

	ck_assert_int_eq(rti_reserve_object_instance_name(t->amb, name),
	    RTI_OK);
	snprintf(ev, sizeof ev, "reserved:%s", name);
	ck_assert(tfed_wait(t, ev));
	ck_assert_int_eq(rti_register_object_instance_with_name(t->amb,
	    tfed_oc(t, cls), name, &h), RTI_OK);
	return h;
}

void
tfed_publish_status(struct tfed *t)
{
	rti_attribute_handle a = tfed_attr(t, "Breaker", "Status");

	ck_assert_int_eq(rti_publish_object_class_attributes(t->amb,
	    tfed_oc(t, "Breaker"), &a, 1), RTI_OK);
}

void
tfed_subscribe_status(struct tfed *t, const char *cond)
{
	rti_attribute_handle a = tfed_attr(t, "Breaker", "Status");

	if (cond)
		ck_assert_int_eq(rti_add_subscription_condition(t->amb,
		    tfed_oc(t, "Breaker"), cond), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(t->amb,
	    tfed_oc(t, "Breaker"), &a, 1), RTI_OK);
}

struct rti_transport_stats
tfed_transport_stats(struct tfed *t)
{
	struct rti_transport_stats s;

	ck_assert_int_eq(rti_get_transport_stats(t->amb, &s), RTI_OK);
	return s;
}

void
tfed_wait_udp(struct tfed *t)
{
	double end = tfed_now() + WAIT_S;

	while (!tfed_transport_stats(t).udp && tfed_now() < end)
		ck_assert_int_eq(rti_evoke_callbacks(t->amb, 0.01, 0.01, NULL),
		    RTI_OK);
	ck_assert_msg(tfed_transport_stats(t).udp,
	    "datagram path never confirmed");
}

rti_object_instance_handle
tfed_meter(struct tfed *a, struct tfed *b, const char *name,
    rti_attribute_handle *rd, rti_attribute_handle *stt)
{
	rti_object_class_handle m = tfed_oc(a, "Meter");
	rti_attribute_handle both[2];
	rti_object_instance_handle obj;
	char ev[64];

	*rd = tfed_at(a, m, "Reading");
	*stt = tfed_at(a, m, "State");
	both[0] = *rd;
	both[1] = *stt;
	ck_assert_int_eq(rti_publish_object_class_attributes(a->amb, m, both,
	    2), RTI_OK);
	ck_assert_int_eq(rti_subscribe_object_class_attributes(b->amb, m,
	    both, 2), RTI_OK);
	obj = tfed_register_named(a, "Meter", name);
	snprintf(ev, sizeof ev, "discover:%s", name);
	ck_assert(tfed_wait(b, ev));
	return obj;
}

void
tfed_cb_reflect_values(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;
	char line[512];
	size_t i, at;

	(void)tag;
	(void)tag_len;
	t->n_reflects++;
	at = (size_t)snprintf(line, sizeof line, "r:%s%s",
	    tfed_obj_name(t, obj), info->has_time ? "@" : "");
	if (info->has_time)
		at += (size_t)snprintf(line + at, sizeof line - at, "%g",
		    info->time.f64);
	for (i = 0; i < n && at < sizeof line - 64; i++)
		at += (size_t)snprintf(line + at, sizeof line - at,
		    "%s%u=%.*s", i ? "," : ":", v[i].attribute.id,
		    v[i].length > 32 ? 32 : (int)v[i].length,
		    (const char *)v[i].value);
	tfed_event(t, "%s", line);
}

void
tfed_cb_interaction_class(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct tfed *t = arg;

	(void)v;
	(void)n;
	(void)tag;
	(void)tag_len;
	(void)info;
	t->n_interactions++;
	tfed_event(t, "i:%s", tfed_icls_name(t, cls));
}
