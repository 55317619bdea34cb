/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sample.c - the part the grid demo's federates share (see sample.h):
 * the command line, the connection, the shared callbacks, the event loop
 * and the time loop, the state file of save and restore, Grid.xml's basic
 * values.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sample.h"

volatile sig_atomic_t sample_interrupted;

void
sample_init(struct sample *s, const struct sample_ops *ops)
{
	memset(s, 0, sizeof *s);
	s->ops = ops;
	s->federation = "Grid";
	s->state_dir = ".";
	s->step = 0.02;
	s->speed = 1;
	s->timeout = 30;
	s->every = 50;
	s->stride = 1;
	s->live = 1;
}

/* ---- the command line ---- */

/* The options every sample takes, and their getopt letters. */
static const struct option common_opts[] = {
	{ "url", required_argument, NULL, 'u' },
	{ "federation", required_argument, NULL, 'f' },
	{ "name", required_argument, NULL, 'n' },
	{ "fom", required_argument, NULL, 'm' },
	{ "step", required_argument, NULL, 's' },
	{ "duration", required_argument, NULL, 'd' },
	{ "speed", required_argument, NULL, 'x' },
	{ "peers", required_argument, NULL, 'p' },
	{ "timeout", required_argument, NULL, 't' },
	{ "state-dir", required_argument, NULL, 'D' },
	{ "help", no_argument, NULL, 'h' },
};
#define COMMON_SHORT "u:f:n:m:s:d:x:p:t:D:h"
#define N_COMMON (sizeof common_opts / sizeof common_opts[0])

void
sample_usage(FILE *out, const struct sample_ops *ops)
{
	if (ops->report)
		fprintf(out, "  -e, --every N          print %s every N steps "
		    "(default 50)\n", ops->report_what);
	fprintf(out,
"  -u, --url URL          rtiexec to connect to (default tcp://127.0.0.1:%d)\n"
"  -f, --federation NAME  federation execution (default Grid)\n"
"  -n, --name NAME        federate name (default %s, or one\n"
"                         rtiexec picks when that is taken)\n"
"  -m, --fom FILE         FOM module (default %s, else\n"
"                         " SAMPLE_FOM_NAME " in rtiexec's FOM path)\n"
"  -s, --step SECONDS     time step and lookahead (default 0.02)\n"
"  -d, --duration SECONDS run this long in logical time (default 0: until\n"
"                         interrupted)\n"
"  -x, --speed FACTOR     logical seconds per wall-clock second (default 1;\n"
"                         0: as fast as time management allows)\n"
"  -p, --peers N          wait for N joined federates and synchronize with\n"
"                         them before starting (default 0: start at once)\n"
"  -t, --timeout SECONDS  give up on a reply after this long (default 30)\n"
"  -D, --state-dir DIR    save and restore our state in DIR/LABEL.NAME.state\n"
"                         (default .)\n"
"  -h, --help             show this help\n",
	    RTI_DEFAULT_PORT, ops->name_help, SAMPLE_FOM_INSTALLED);
}

int
sample_number(const char *arg, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || *end || !(v >= lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

/* Option `c` of every sample: 0, -1 for a bad value, 1 when `c` is none
 * of them. */
static int
common_opt(struct sample *s, int c, const char *arg)
{
	double *num = NULL, lo = 0, hi = 1e9, every;

	switch (c) {
	case 'e':
		if (!s->ops->report)
			return 1;
		if (sample_number(arg, 1, 1e9, &every) < 0)
			return -1;
		s->every = (int)every;
		return 0;
	case 'u': s->url = arg; return 0;
	case 'f': s->federation = arg; return 0;
	case 'n': s->name_given = arg; return 0;
	case 'm': s->fom = arg; return 0;
	case 's': num = &s->step; lo = 1e-6; hi = 3600; break;
	case 'd': num = &s->duration; break;
	case 'x': num = &s->speed; hi = 1e6; break;
	case 'p': num = &s->peers; hi = 1e4; break;
	case 't': num = &s->timeout; lo = 1e-3; break;
	case 'D': s->state_dir = arg; return 0;
	default: return 1;
	}
	return sample_number(arg, lo, hi, num);
}

int
sample_options(struct sample *s, int argc, char **argv,
    const struct option *own, const char *own_short,
    int (*own_opt)(struct sample *s, int c, const char *arg),
    void (*usage)(FILE *out))
{
	static const struct option every = { "every", required_argument,
	    NULL, 'e' };
	struct option opts[64];
	char letters[128];
	size_t n = 0, i;
	int c, rc;

	for (i = 0; own && own[i].name && n < 64 - N_COMMON - 2; i++)
		opts[n++] = own[i];
	for (i = 0; i < N_COMMON; i++)
		opts[n++] = common_opts[i];
	if (s->ops->report)
		opts[n++] = every;
	memset(&opts[n], 0, sizeof opts[n]);
	snprintf(letters, sizeof letters, "%s%s" COMMON_SHORT, own_short,
	    s->ops->report ? "e:" : "");
	while ((c = getopt_long(argc, argv, letters, opts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return 1;
		}
		if (c == '?' || c == ':') {
			usage(stderr);
			return 2;
		}
		rc = common_opt(s, c, optarg);
		if (rc == 1)
			rc = own_opt ? own_opt(s, c, optarg) : -1;
		if (rc < 0) {
			fprintf(stderr, "%s: bad value '%s' for -%c\n",
			    s->ops->kind, optarg, c);
			return 2;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}
	if (!s->fom)
		s->fom = access(SAMPLE_FOM_INSTALLED, R_OK) == 0 ?
		    SAMPLE_FOM_INSTALLED : SAMPLE_FOM_NAME;
	/* Line-buffered, so that lines of several federates interleave
	 * whole when their output goes to one file. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	return 0;
}

static void
on_signal(int sig)
{
	(void)sig;
	sample_interrupted = 1;
}

void
sample_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

double
sample_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- the shared callbacks: they run only inside rti_evoke_callbacks()
 * ---- */

static void
connection_lost(void *arg, const char *fault)
{
	struct sample *s = arg;

	printf("%s: connection lost: %s\n", s->name, fault);
}

static void
report_federation_executions(void *arg,
    const struct rti_federation_execution_info *infos, size_t n)
{
	struct sample *s = arg;
	size_t i;

	s->listed = 1;
	for (i = 0; i < n; i++)
		if (strcmp(infos[i].name, s->federation) == 0)
			s->joined = infos[i].federates;
}

static void
announce_synchronization_point(void *arg, const char *label,
    const void *tag, size_t tag_len)
{
	struct sample *s = arg;

	(void)tag;
	(void)tag_len;
	if (strcmp(label, SAMPLE_SYNC_LABEL) == 0)
		s->announced = 1;
}

static void
federation_synchronized(void *arg, const char *label,
    const rti_federate_handle *failed, size_t n_failed)
{
	struct sample *s = arg;

	(void)failed;
	(void)n_failed;
	if (strcmp(label, SAMPLE_SYNC_LABEL) == 0)
		s->synchronized = 1;
}

static void
time_regulation_enabled(void *arg, rti_time t)
{
	struct sample *s = arg;

	s->regulating = 1;
	s->time = t.f64;
}

static void
time_constrained_enabled(void *arg, rti_time t)
{
	struct sample *s = arg;

	s->constrained = 1;
	s->time = t.f64;
}

static void
time_advance_grant(void *arg, rti_time t)
{
	struct sample *s = arg;

	s->time = t.f64;
	/* A timed save grants a request past its time at that time first,
	 * and the request stays pending (librti-save(3)). */
	if (s->advancing && t.f64 < s->target)
		return;
	s->granted = 1;
	s->advancing = 0;
}

/* ---- save and restore ---- */

/*
 * DIR/LABEL.NAME.state (--state-dir DIR) into out, every byte of LABEL and
 * NAME outside [A-Za-z0-9_-] written '_'.  0, or -1 when it does not fit.
 */
static int
state_path(const struct sample *s, const char *label, const char *name,
    char *out, size_t cap)
{
	const char *in[2] = { label, name };
	char safe[2][256];
	size_t k;
	int i, n;

	for (i = 0; i < 2; i++) {
		for (k = 0; in[i][k] && k + 1 < sizeof safe[i]; k++) {
			char c = in[i][k];

			safe[i][k] = (c >= 'a' && c <= 'z') ||
			    (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			    c == '_' || c == '-' ? c : '_';
		}
		if (in[i][k])
			return -1;
		safe[i][k] = '\0';
	}
	n = snprintf(out, cap, "%s/%s.%s.state", s->state_dir, safe[0],
	    safe[1]);
	return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* enum rti_save_failure_reason and rti_restore_failure_reason, for a
 * person. */
static const char *const save_why[] = { "rtiexec could not save",
    "a federate reported failure", "a federate resigned",
    "rtiexec detected a failure", "the time cannot be honored",
    "aborted" };
static const char *const restore_why[] = { "rtiexec could not restore",
    "a federate reported failure", "a federate resigned",
    "rtiexec detected a failure", "aborted" };

int
sample_scan(FILE *fp, const char *key, int want, const char *fmt, ...)
{
	char line[512], *p;
	size_t n = strlen(key);
	int fields = 0, rc;
	va_list ap;

	if (!fgets(line, sizeof line, fp) || !(p = strchr(line, '\n')))
		return -1;
	*p = '\0';
	if (strncmp(line, key, n) != 0 || line[n] != ' ')
		return -1;
	for (p = line + n; *p;) {
		while (*p == ' ')
			p++;
		fields += *p != '\0';
		while (*p && *p != ' ')
			p++;
	}
	va_start(ap, fmt);
	rc = vsscanf(line + n, fmt, ap);
	va_end(ap);
	if (rc != want)
		return -1;
	return fields == want || (strstr(fmt, "%[") && fields >= want) ?
	    0 : -1;
}

int
sample_is_flag(int v)
{
	return v == 0 || v == 1;
}

/*
 * Save this federate's state under `label`: the header, where the time
 * loop is, then the sample's model, written to PATH.tmp and renamed, so a
 * restore never reads a half-written file.  0, or -1 with a message.
 */
static int
save_state(struct sample *s, const char *label)
{
	char path[1024], tmp[1100];
	FILE *fp;
	int ok;

	if (state_path(s, label, s->name, path, sizeof path) < 0) {
		fprintf(stderr, "%s: state file name too long\n", s->name);
		return -1;
	}
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if (!(fp = fopen(tmp, "w"))) {
		fprintf(stderr, "%s: %s: %s\n", s->name, tmp, strerror(errno));
		return -1;
	}
	fprintf(fp, "%s\ntime %.17g\nadvancing %d %.17g\n",
	    s->ops->state_header, s->time, s->advancing, s->target);
	if (s->ops->save_model)
		s->ops->save_model(s, fp);
	ok = !ferror(fp);
	ok = fclose(fp) == 0 && ok;
	if (!ok || rename(tmp, path) != 0) {
		fprintf(stderr, "%s: cannot write %s: %s\n", s->name, path,
		    strerror(errno));
		(void)remove(tmp);
		return -1;
	}
	return 0;
}

/*
 * Restore the state that federate `name` saved under `label`: every field
 * is checked, and nothing changes unless all of the file is good.  0, or
 * -1 with a message.
 */
static int
load_state(struct sample *s, const char *label, const char *name)
{
	char path[1024], line[128], header[128];
	double t, target;
	int adv, rc = -1;
	FILE *fp;

	if (state_path(s, label, name, path, sizeof path) < 0 ||
	    !(fp = fopen(path, "r"))) {
		fprintf(stderr, "%s: no state of %s for %s\n", s->name, name,
		    label);
		return -1;
	}
	snprintf(header, sizeof header, "%s\n", s->ops->state_header);
	if (fgets(line, sizeof line, fp) && strcmp(line, header) == 0 &&
	    sample_scan(fp, "time", 1, "%lf", &t) == 0 && isfinite(t) &&
	    sample_scan(fp, "advancing", 2, "%d %lf", &adv, &target) == 0 &&
	    (adv == 0 || adv == 1) && isfinite(target) &&
	    (!adv || target > t) &&
	    (!s->ops->load_model || s->ops->load_model(s, fp) == 0) &&
	    fgetc(fp) == EOF) {
		s->time = t;
		s->advancing = adv;
		s->target = target;
		if (s->ops->commit_model)
			s->ops->commit_model(s);
		rc = 0;
	} else {
		fprintf(stderr, "%s: %s: not a good state file\n", s->name,
		    path);
	}
	fclose(fp);
	return rc;
}

/* Save: librti's label; the callbacks of librti-save(3). */
static void
initiate_federate_save(void *arg, const char *label, int has_time,
    rti_time t)
{
	struct sample *s = arg;

	(void)has_time;
	(void)t;
	s->live = 0;
	snprintf(s->label, sizeof s->label, "%s", label);
	if (rti_federate_save_begun(s->amb) != RTI_OK ||
	    save_state(s, label) < 0)
		(void)rti_federate_save_not_complete(s->amb);
	else
		(void)rti_federate_save_complete(s->amb);
}

static void
federation_saved(void *arg)
{
	struct sample *s = arg;

	s->live = 1;
	s->saves++;
	printf("%s: t=%.2f saved %s\n", s->name, s->time, s->label);
}

static void
federation_not_saved(void *arg, enum rti_save_failure_reason reason)
{
	struct sample *s = arg;

	s->live = 1;
	printf("%s: t=%.2f not saved %s: %s\n", s->name, s->time, s->label,
	    (unsigned)reason < 6 ? save_why[reason] : "?");
}

static void
federation_restore_begun(void *arg)
{
	struct sample *s = arg;

	s->live = 0;
	s->loaded = 0;
}

static void
initiate_federate_restore(void *arg, const char *label, const char *name,
    rti_federate_handle self)
{
	struct sample *s = arg;

	(void)self;
	snprintf(s->label, sizeof s->label, "%s", label);
	if (load_state(s, label, name) < 0) {
		(void)rti_federate_restore_not_complete(s->amb);
		return;
	}
	s->loaded = 1;
	snprintf(s->name, sizeof s->name, "%s", name);
	(void)rti_federate_restore_complete(s->amb);
}

/* Restored: the time loop goes on from the restored state; an advance()
 * wait ends unless that state was advancing too. */
static void
federation_restored(void *arg)
{
	struct sample *s = arg;

	s->live = 1;
	s->restored = 1;
	s->restores++;
	s->granted = !s->advancing;
	printf("%s: t=%.2f restored %s\n", s->name, s->time, s->label);
	if (s->ops->restored)
		s->ops->restored(s);
}

/* Not restored: rtiexec and librti keep the restored state, so a federate
 * whose own state came back goes on from it; one whose state did not
 * cannot match the federation any more, and stops. */
static void
federation_not_restored(void *arg, enum rti_restore_failure_reason reason)
{
	struct sample *s = arg;

	s->live = 1;
	printf("%s: t=%.2f not restored %s: %s\n", s->name, s->time,
	    s->label, (unsigned)reason < 5 ? restore_why[reason] : "?");
	if (s->loaded) {
		s->restored = 1;
		s->granted = !s->advancing;
	} else {
		fprintf(stderr, "%s: my state was not restored: stopping\n",
		    s->name);
		s->failed = 1;
		s->granted = 1;
	}
}

/* ---- the connection ---- */

int
sample_join(struct sample *s, struct rti_callbacks *cb)
{
	const char *fname;
	int rc;

#define SHARED(member) if (!cb->member) cb->member = member
	SHARED(connection_lost);
	SHARED(report_federation_executions);
	SHARED(announce_synchronization_point);
	SHARED(federation_synchronized);
	SHARED(time_regulation_enabled);
	SHARED(time_constrained_enabled);
	SHARED(time_advance_grant);
	SHARED(initiate_federate_save);
	SHARED(federation_saved);
	SHARED(federation_not_saved);
	SHARED(federation_restore_begun);
	SHARED(initiate_federate_restore);
	SHARED(federation_restored);
	SHARED(federation_not_restored);
#undef SHARED
	if (s->name_given)
		snprintf(s->name, sizeof s->name, "%s", s->name_given);
	s->amb = rti_ambassador_new();
	if (!s->amb) {
		fprintf(stderr, "%s: out of memory\n", s->ops->kind);
		return -1;
	}
	if (rti_connect(s->amb, s->url, cb, s) != RTI_OK) {
		fprintf(stderr, "%s: cannot connect: %s\n", s->name,
		    rti_error_message(s->amb));
		return -1;
	}
	/* Create the federation; if another federate was first, join it. */
	rc = rti_create_federation_execution(s->amb, s->federation, &s->fom,
	    1, NULL);
	if (rc != RTI_OK &&
	    rc != RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS) {
		fprintf(stderr, "%s: cannot create %s: %s\n", s->name,
		    s->federation, rti_error_message(s->amb));
		return -1;
	}
	/* Our default name, or one rtiexec picks when it is taken. */
	rc = rti_join_federation_execution(s->amb, s->name, s->ops->kind,
	    s->federation, &s->self);
	if (rc == RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE && !s->name_given)
		rc = rti_join_federation_execution(s->amb, NULL, s->ops->kind,
		    s->federation, &s->self);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: cannot join %s: %s\n", s->name,
		    s->federation, rti_error_message(s->amb));
		return -1;
	}
	s->in_federation = 1;
	if (rti_get_federate_name(s->amb, s->self, &fname) == RTI_OK)
		snprintf(s->name, sizeof s->name, "%s", fname);
	return 0;
}

int
sample_leave(struct sample *s, int status)
{
	if (sample_interrupted && !s->failed)
		status = 0; /* Ctrl-C is a normal way to stop */
	/* Resigning deletes our instances (the others see them removed)
	 * and gives up the attributes we own. */
	if (s->in_federation && rti_resign_federation_execution(s->amb,
	    RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST) != RTI_OK) {
		fprintf(stderr, "%s: resign: %s\n", s->name,
		    rti_error_message(s->amb));
		status = 1;
	} else if (s->in_federation) {
		printf("%s: resigned at t=%.2f\n", s->name, s->time);
		/* The last one out destroys the federation. */
		(void)rti_destroy_federation_execution(s->amb, s->federation);
	}
	s->in_federation = 0;
	rti_ambassador_free(s->amb);
	s->amb = NULL;
	return status;
}

/* ---- the event loop ---- */

int
sample_pump(struct sample *s, const int *flag, double deadline)
{
	struct pollfd p;
	double left;
	int pending, rc, ms;

	for (;;) {
		do {
			rc = rti_evoke_callbacks(s->amb, 0.0, 0.0, &pending);
			s->queued = pending;
			if (rc != RTI_OK) {
				fprintf(stderr, "%s: %s: %s\n", s->name,
				    rti_err_name(rc),
				    rti_error_message(s->amb));
				return -1;
			}
		} while (pending && !(flag && *flag));
		if (flag && *flag)
			return 1;
		if (sample_interrupted || s->failed)
			return -1;
		left = deadline - sample_now();
		if (left <= 0)
			return 0;
		p.fd = rti_get_fd(s->amb);
		p.events = POLLIN;
		p.revents = 0;
		ms = left > 0.1 ? 100 : (int)(left * 1e3) + 1;
		if (poll(&p, 1, ms) < 0 && errno != EINTR) {
			perror("poll");
			return -1;
		}
	}
}

int
sample_wait_for(struct sample *s, const int *flag, double timeout,
    const char *what)
{
	int rc = sample_pump(s, flag, sample_now() + timeout);

	if (rc == 0)
		fprintf(stderr, "%s: no %s within %.0f s\n", s->name, what,
		    timeout);
	return rc == 1 ? 0 : -1;
}

/*
 * Every federate asks rtiexec how many have joined, and the first to see
 * all of them registers SAMPLE_SYNC_LABEL; the others learn of it by its
 * announcement.  A federate asks every peers x 10 ms (at least 100 ms, at
 * most 1 s): the federation as a whole asks about 100 times a second
 * whatever its size, and since the federates ask at different moments,
 * one of them sees the last join within about 10 ms.  (Each asking every
 * 100 ms made 300 consoles cost rtiexec 3,000 lists a second while they
 * started.)
 */
int
sample_synchronize(struct sample *s)
{
	double deadline = sample_now() + s->timeout, next;
	double every = s->peers * 0.01;
	unsigned peers = (unsigned)s->peers;

	if (peers == 0)
		return 0;
	every = every < 0.1 ? 0.1 : every > 1.0 ? 1.0 : every;
	while (!s->announced) {
		s->listed = 0;
		if (rti_list_federation_executions(s->amb) != RTI_OK ||
		    sample_wait_for(s, &s->listed, deadline - sample_now(),
		    "federation list") < 0)
			return -1;
		if (s->joined >= peers) {
			/* label not unique: another one was first */
			(void)rti_register_federation_synchronization_point(
			    s->amb, SAMPLE_SYNC_LABEL, NULL, 0, NULL, 0);
			break;
		}
		next = sample_now() + every;
		if (sample_pump(s, &s->announced, next < deadline ? next :
		    deadline) < 0)
			return -1;
		if (!s->announced && sample_now() > deadline) {
			fprintf(stderr, "%s: only %u of %u federates joined\n",
			    s->name, s->joined, peers);
			return -1;
		}
	}
	if (sample_wait_for(s, &s->announced, deadline - sample_now(),
	    "announcement of \"" SAMPLE_SYNC_LABEL "\"") < 0)
		return -1;
	if (rti_synchronization_point_achieved(s->amb, SAMPLE_SYNC_LABEL,
	    1) != RTI_OK) {
		fprintf(stderr, "%s: achieve: %s\n", s->name,
		    rti_error_message(s->amb));
		return -1;
	}
	return sample_wait_for(s, &s->synchronized, deadline - sample_now(),
	    "synchronization at \"" SAMPLE_SYNC_LABEL "\"");
}

/* ---- time ---- */

int
sample_enable_time(struct sample *s, int regulating)
{
	int rc = RTI_OK;

	if (regulating) {
		s->lookahead = s->step;
		rc = rti_enable_time_regulation(s->amb,
		    rti_time_f64(s->lookahead));
		if (rc == RTI_OK)
			rc = sample_wait_for(s, &s->regulating, s->timeout,
			    "time regulation") < 0 ? -1 : RTI_OK;
	}
	if (rc == RTI_OK)
		rc = rti_enable_time_constrained(s->amb);
	if (rc == RTI_OK)
		rc = sample_wait_for(s, &s->constrained, s->timeout,
		    "time constraint") < 0 ? -1 : RTI_OK;
	if (rc > 0)
		fprintf(stderr, "%s: enable time management: %s\n", s->name,
		    rti_error_message(s->amb));
	return rc == RTI_OK ? 0 : -1;
}

int
sample_advance(struct sample *s, double t)
{
	s->granted = 0;
	s->advancing = 1;
	s->target = t;
	s->advances++;
	if (rti_time_advance_request(s->amb, rti_time_f64(t)) != RTI_OK) {
		fprintf(stderr, "%s: time advance to %.3f: %s\n", s->name, t,
		    rti_error_message(s->amb));
		return -1;
	}
	return sample_wait_for(s, &s->granted, s->timeout,
	    "time advance grant");
}

int
sample_settle(struct sample *s)
{
	/* Nothing queued behind the grant and no save or restore running:
	 * nothing to wait out.  An evoke here would only read the socket (a
	 * system call per step that nearly always finds nothing); what came
	 * since, the next step's evoke delivers. */
	if (s->live && !s->queued && !s->failed && !s->restored)
		return 0;
	if (sample_wait_for(s, &s->live, s->timeout,
	    "end of the save or restore") < 0)
		return -1;
	if (s->failed)
		return -1;
	if (!s->restored)
		return 0;
	s->restored = 0;
	if (sample_wait_for(s, &s->granted, s->timeout,
	    "time advance grant") < 0)
		return -1;
	return 1;
}

int
sample_run(struct sample *s)
{
	double t, t_end, wall0, target;
	unsigned long k, left;
	int rc;

	/* Time advances from the granted time by adding the step: every
	 * federate computes the same times. */
	s->t0 = t = s->time;
	t_end = s->duration > 0 ? s->t0 + s->duration - s->step / 2 :
	    INFINITY;
	wall0 = sample_now();
	while (!sample_interrupted && !s->failed && t < t_end) {
		/* Up to stride steps, to the next report at most. */
		left = s->stride > 1 ? (unsigned long)s->stride : 1;
		if (s->ops->report && (unsigned long)s->every - s->steps %
		    (unsigned long)s->every < left)
			left = (unsigned long)s->every - s->steps %
			    (unsigned long)s->every;
		target = t;
		k = 0;
		do {
			target += s->step;
			k++;
		} while (k < left && target < t_end);
		if ((s->ops->step && s->ops->step(s, t) < 0) ||
		    sample_advance(s, target) < 0)
			break;
		s->steps += k;
		if (s->steps % (unsigned long)s->every == 0 && s->ops->report)
			s->ops->report(s);
		if (s->speed > 0 && sample_pump(s, NULL, wall0 + (s->time -
		    s->t0) / s->speed) < 0)
			break;
		/* A save or restore: wait it out; after a restore, pace
		 * from the restored time. */
		if ((rc = sample_settle(s)) < 0)
			break;
		if (rc == 1 && s->speed > 0)
			wall0 = sample_now() - (s->time - s->t0) / s->speed;
		t = s->time;
	}
	return !s->failed && (sample_interrupted || !(t < t_end)) ? 0 : -1;
}

/* ---- Grid.xml's classes ---- */

int
sample_lookup_classes(struct sample *s, struct sample_classes *oc)
{
	rti_ambassador *a = s->amb;

	SAMPLE_LOOKUP(s, rti_get_object_class_handle(a, "Bus", &oc->c_bus),
	    "Bus");
	SAMPLE_LOOKUP(s, rti_get_object_class_handle(a, "Breaker",
	    &oc->c_brk), "Breaker");
	SAMPLE_LOOKUP(s, rti_get_object_class_handle(a, "Line",
	    &oc->c_line), "Line");
	SAMPLE_LOOKUP(s, rti_get_object_class_handle(a, "Substation",
	    &oc->c_sub), "Substation");
	return 0;
}

int
sample_lookup_events(struct sample *s, struct sample_events *ev)
{
	rti_ambassador *a = s->amb;

	SAMPLE_LOOKUP(s, rti_get_interaction_class_handle(a, "Switching",
	    &ev->i_switching), "Switching");
	SAMPLE_LOOKUP(s, rti_get_interaction_class_handle(a, "Fault",
	    &ev->i_fault), "Fault");
	SAMPLE_LOOKUP(s, rti_get_interaction_class_handle(a,
	    "ProtectionTrip", &ev->i_trip), "ProtectionTrip");
	SAMPLE_LOOKUP(s, rti_get_interaction_class_handle(a, "Alarm",
	    &ev->i_alarm), "Alarm");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_alarm,
	    "Substation", &ev->p_sub), "GridEvent.Substation");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_alarm,
	    "Equipment", &ev->p_equip), "GridEvent.Equipment");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_switching,
	    "Operation", &ev->p_op), "Switching.Operation");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_switching,
	    "Operator", &ev->p_operator), "Switching.Operator");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_fault,
	    "FaultType", &ev->p_type), "Fault.FaultType");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_fault,
	    "Impedance", &ev->p_z), "Fault.Impedance");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_fault,
	    "Duration", &ev->p_dur), "Fault.Duration");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_trip,
	    "Function", &ev->p_function), "ProtectionTrip.Function");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_alarm, "Text",
	    &ev->p_text), "Alarm.Text");
	SAMPLE_LOOKUP(s, rti_get_parameter_handle(a, ev->i_alarm,
	    "Severity", &ev->p_severity), "Alarm.Severity");
	return 0;
}

/* ---- values: Grid.xml's basic datatypes, with librti-encoding(3) ----
 *
 * The RTI never looks into attribute and parameter values: Grid.xml says
 * what they are, and librti's encoding helpers write and read them.  Each
 * function here takes or gives one whole value.
 */

void
sample_encode_f64(unsigned char *p, double x)
{
	struct rti_encoder e;

	rti_encoder_init(&e, p, 8);
	rti_encode_float64_be(&e, x);
}

double
sample_decode_f64(const void *v, uint32_t len)
{
	struct rti_decoder d;
	double x;

	rti_decoder_init(&d, v, len);
	rti_decode_float64_be(&d, &x);
	return rti_decoder_done(&d) == RTI_OK ? x : NAN;
}

void
sample_encode_i32(unsigned char *p, int32_t x)
{
	struct rti_encoder e;

	rti_encoder_init(&e, p, 4);
	rti_encode_int32_be(&e, x);
}

long
sample_decode_i32(const void *v, uint32_t len)
{
	struct rti_decoder d;
	int32_t x;

	rti_decoder_init(&d, v, len);
	rti_decode_int32_be(&d, &x);
	return rti_decoder_done(&d) == RTI_OK ? x : -1;
}

uint32_t
sample_encode_string(unsigned char *p, size_t cap, const char *s)
{
	struct rti_encoder e;

	rti_encoder_init(&e, p, cap);
	if (rti_encode_unicode_string(&e, s) != RTI_OK)
		return 0;
	return (uint32_t)e.len;
}

void
sample_decode_string(const void *v, uint32_t len, char *out, size_t cap)
{
	struct rti_decoder d;
	char *c;

	rti_decoder_init(&d, v, len);
	if (rti_decode_unicode_string(&d, out, cap, NULL) != RTI_OK ||
	    rti_decoder_done(&d) != RTI_OK) {
		out[0] = '\0';
		return;
	}
	for (c = out; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
}
