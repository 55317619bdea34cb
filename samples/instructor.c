/* SPDX-License-Identifier: Apache-2.0 */
/*
 * instructor.c - an instructor federate for data/fom/Grid.xml: it sends faults
 * and switching operations on a schedule.
 *
 * The schedule (--script) is a list of events "TIME:ACTION:SUBSTATION:
 * EQUIPMENT[:ARG]" separated by ';', TIME in seconds of logical time after
 * the instructor starts:
 *
 *   1.0:fault:S2:L1           a fault on line L1 of S2 (ARG: the fault type,
 *                             3ph by default; 0.1 ohm for 0.5 s)
 *   1.8:close:S2:B1           close breaker B1 of S2 (open: open it)
 *   0.8:save:prefault         save the federation at 0.8 (see below)
 *   1.5:restore:prefault      go back to that save
 *
 * Each event is a Fault or Switching interaction, timestamped at the
 * instructor's time plus lookahead, with the send condition of its
 * substation, "<grid>/<substation>", so that only the simulator of that
 * substation and its consoles get it.  The instructor learns each
 * substation's grid from the Substation instances (their Grid attribute),
 * to which it subscribes without condition.  It also subscribes, without
 * condition, to ProtectionTrip and Alarm, and prints them: what the
 * trainees see happen.
 *
 * Time: it is time regulating and constrained with the simulators' step,
 * so the federation cannot run past its schedule.  It resigns one second
 * after its last event (or after --duration), printing "SUMMARY key=value
 * ...".
 *
 * Save and restore: "TIME:save:LABEL" asks for a timed save of the
 * federation at TIME (rti_request_federation_save_at_time), requested one
 * lookahead early, when no federate can be past TIME yet, so that the
 * state at TIME is saved and an event of the same TIME (sent at TIME,
 * stamped TIME + lookahead) comes after it; "TIME:restore:LABEL" asks for
 * a restore (rti_request_federation_restore) when its time reaches TIME,
 * once in the session.  The federates go back to the saved time and the
 * events after it are not done again (which events are done is part of
 * the instructor's saved state, as in substation.c), so the scenario
 * replays: the default script snapshots before the fault and backtracks.
 *
 *   rtiexec --fom-path data/fom
 *   samples/substation --grid north &
 *   samples/instructor --script "2:fault:S2:L1;4:close:S2:B1"
 *
 * Ctrl-C resigns and exits cleanly.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <librti.h>

/* The FOM module: the installed Grid.xml when it is readable, otherwise the
 * name, which rtiexec looks up in its FOM path (rtiexec --fom-path). */
#ifdef RTI_FOMDIR
#define FOM_INSTALLED RTI_FOMDIR "/Grid.xml"
#else
#define FOM_INSTALLED "Grid.xml"
#endif
#define FOM_NAME "Grid.xml"

#define SYNC_LABEL "ready"
#define MAX_EVENTS 64
#define MAX_SUBS 256
#define GRACE 1.0       /* s: wait this long for a substation to show up */
#define DEFAULT_SCRIPT "0.8:save:prefault;1.0:fault:S2:L1;" \
	"1.5:restore:prefault;1.8:close:S2:B1;2.2:open:S5:B2"
#define STATE_HEADER "# rti sample state 1 instructor"

static volatile sig_atomic_t interrupted;

struct event {
	double at;                      /* after the start */
	char action[8];                 /* fault, open, close, save, restore */
	char sub[32], equipment[32];
	char label[128];                /* save, restore */
	char arg[16];                   /* fault type */
	int done;                       /* sent or given up */
};

/* A Substation instance: its name and grid. */
struct sub {
	rti_object_instance_handle obj;
	char name[32], grid[32];
};

struct fed {
	rti_ambassador *amb;
	char name[128];
	const char *federation;
	const char *operator_name;
	int listed, announced, synchronized;
	unsigned joined;
	int regulating, constrained, granted;
	double time, t0;                /* t0: the script's time 0 */
	double lookahead;

	/* save and restore */
	const char *state_dir;          /* --state-dir */
	char label[1025];               /* of the save or restore running */
	int live;                       /* 0 while a save or restore runs */
	int loaded, restored, failed;   /* our state came back; resume */
	int advancing;                  /* a time advance request is out, */
	double target;                  /* to this time */
	int load_done[MAX_EVENTS];      /* a state file being read */
	struct sub load_subs[MAX_SUBS];
	int n_load_subs;

	struct event events[MAX_EVENTS];
	int n_events;
	struct sub subs[MAX_SUBS];
	int n_subs;

	rti_object_class_handle c_sub;
	rti_attribute_handle a_sub_name, a_sub_grid;
	rti_interaction_class_handle i_switching, i_fault, i_trip, i_alarm;
	rti_parameter_handle p_sub, p_equip, p_op, p_operator, p_type, p_z;
	rti_parameter_handle p_dur, p_function, p_text, p_severity;

	unsigned long sent, skipped, trips, alarms;
	unsigned long saves, restores;  /* the session's, not restored */
};

static void
on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- values: Grid.xml's datatypes, with librti-encoding(3) ---- */

/*
 * The RTI never looks into attribute and parameter values: Grid.xml says
 * what they are, and librti's encoding helpers write and read them.  Each
 * function here takes or gives one whole value.
 */

/* HLAfloat64BE (the Fault's Impedance, ohm, and Duration, s): x into
 * p[0..7]. */
static void
encode_f64(unsigned char *p, double x)
{
	struct rti_encoder e;

	rti_encoder_init(&e, p, 8);
	rti_encode_float64_be(&e, x);
}

/* HLAinteger32BE (Grid.xml's enumerations): v into p[0..3]. */
static uint32_t
encode_i32(unsigned char *p, int32_t v)
{
	struct rti_encoder e;

	rti_encoder_init(&e, p, 4);
	rti_encode_int32_be(&e, v);
	return 4;
}

/* The words of the script for Grid.xml's SwitchingOperation (Open 0,
 * Close 1) and FaultKind (ThreePhase 1 .. TwoPhaseToGround 4), and the
 * enumerators' values they send. */
struct word_value {
	const char *word;
	int32_t value;
};
static const struct word_value switching_ops[] = {
	{ "open", 0 }, { "close", 1 }
};
static const struct word_value fault_kinds[] = {
	{ "3ph", 1 }, { "1ph-g", 2 }, { "2ph", 3 }, { "2ph-g", 4 }
};

/* The value of `word` in table t[0..n), -1 when it is none of them. */
static int32_t
value_of(const struct word_value *t, size_t n, const char *word)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(t[i].word, word) == 0)
			return t[i].value;
	return -1;
}

/* The HLAinteger32BE value v[0..len), -1 when the bytes are not one
 * (an Alarm's Severity is never negative). */
static long
decode_i32(const void *v, uint32_t len)
{
	struct rti_decoder d;
	int32_t x;

	rti_decoder_init(&d, v, len);
	rti_decode_int32_be(&d, &x);
	return rti_decoder_done(&d) == RTI_OK ? x : -1;
}

/* HLAunicodeString (names, texts): the UTF-8 text s into p, which has
 * room for cap bytes; returns the value's length, 0 when s does not fit
 * (or is not UTF-8). */
static uint32_t
encode_string(unsigned char *p, size_t cap, const char *s)
{
	struct rti_encoder e;

	rti_encoder_init(&e, p, cap);
	if (rti_encode_unicode_string(&e, s) != RTI_OK)
		return 0;
	return (uint32_t)e.len;
}

/* The HLAunicodeString value v[0..len) as UTF-8 text into out (cap
 * bytes); "" when the bytes are not one or the text does not fit.
 * Control characters become '?': no peer writes escape sequences to this
 * terminal. */
static void
decode_string(const void *v, uint32_t len, char *out, size_t cap)
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

/* ---- the script ---- */

/* Parse "T:ACTION:SUB:EQUIP[:ARG];..." into f->events, sorted by time.
 * 0, or -1 with a message. */
static int
parse_script(struct fed *f, const char *script)
{
	char buf[4096], *item, *save = NULL;
	int i, j;

	if (strlen(script) >= sizeof buf) {
		fprintf(stderr, "instructor: --script is too long\n");
		return -1;
	}
	snprintf(buf, sizeof buf, "%s", script);
	for (item = strtok_r(buf, ";", &save); item;
	    item = strtok_r(NULL, ";", &save)) {
		struct event *e;
		char *field[5], *end, *p = item;
		int n = 0;

		while (*p == ' ')
			p++;
		if (!*p)
			continue;
		if (f->n_events == MAX_EVENTS) {
			fprintf(stderr, "instructor: more than %d events\n",
			    MAX_EVENTS);
			return -1;
		}
		field[n++] = p;
		while (n < 5 && (p = strchr(p, ':'))) {
			*p++ = '\0';
			field[n++] = p;
		}
		e = &f->events[f->n_events];
		memset(e, 0, sizeof *e);
		e->at = strtod(field[0], &end);
		if (n >= 2 && (strcmp(field[1], "save") == 0 ||
		    strcmp(field[1], "restore") == 0)) {
			if (n != 3 || end == field[0] || *end ||
			    !(e->at >= 0) || !isfinite(e->at) || !*field[2] ||
			    strlen(field[2]) >= sizeof e->label) {
				fprintf(stderr, "instructor: bad event '%s' "
				    "(want TIME:save:LABEL or "
				    "TIME:restore:LABEL)\n", item);
				return -1;
			}
			snprintf(e->action, sizeof e->action, "%s",
			    field[1]);
			snprintf(e->label, sizeof e->label, "%s", field[2]);
			f->n_events++;
			continue;
		}
		if (n < 4 || end == field[0] || *end || !(e->at >= 0) ||
		    !isfinite(e->at) || (strcmp(field[1], "fault") != 0 &&
		    strcmp(field[1], "open") != 0 &&
		    strcmp(field[1], "close") != 0) ||
		    strlen(field[2]) >= sizeof e->sub || !*field[2] ||
		    strlen(field[3]) >= sizeof e->equipment || !*field[3] ||
		    (n == 5 && strlen(field[4]) >= sizeof e->arg) ||
		    (n == 5 && strcmp(field[1], "fault") == 0 &&
		    value_of(fault_kinds, 4, field[4]) < 0)) {
			fprintf(stderr, "instructor: bad event '%s' (want "
			    "TIME:fault|open|close:SUBSTATION:EQUIPMENT"
			    "[:ARG], a fault's ARG 3ph, 1ph-g, 2ph or "
			    "2ph-g)\n", item);
			return -1;
		}
		snprintf(e->action, sizeof e->action, "%s", field[1]);
		snprintf(e->sub, sizeof e->sub, "%s", field[2]);
		snprintf(e->equipment, sizeof e->equipment, "%s", field[3]);
		snprintf(e->arg, sizeof e->arg, "%s", n == 5 ? field[4] :
		    "3ph");
		f->n_events++;
	}
	/* insertion sort: a handful of events */
	for (i = 1; i < f->n_events; i++)
		for (j = i; j > 0 && f->events[j].at < f->events[j - 1].at;
		    j--) {
			struct event tmp = f->events[j];

			f->events[j] = f->events[j - 1];
			f->events[j - 1] = tmp;
		}
	return 0;
}

/* ---- callbacks: they run only inside rti_evoke_callbacks() ---- */

static void
connection_lost(void *arg, const char *fault)
{
	struct fed *f = arg;

	printf("%s: connection lost: %s\n", f->name, fault);
}

static void
report_federation_executions(void *arg,
    const struct rti_federation_execution_info *infos, size_t n)
{
	struct fed *f = arg;
	size_t i;

	f->listed = 1;
	for (i = 0; i < n; i++)
		if (strcmp(infos[i].name, f->federation) == 0)
			f->joined = infos[i].federates;
}

static void
announce_synchronization_point(void *arg, const char *label,
    const void *tag, size_t tag_len)
{
	struct fed *f = arg;

	(void)tag;
	(void)tag_len;
	if (strcmp(label, SYNC_LABEL) == 0)
		f->announced = 1;
}

static void
federation_synchronized(void *arg, const char *label,
    const rti_federate_handle *failed, size_t n_failed)
{
	struct fed *f = arg;

	(void)failed;
	(void)n_failed;
	if (strcmp(label, SYNC_LABEL) == 0)
		f->synchronized = 1;
}

static void
time_regulation_enabled(void *arg, rti_time t)
{
	struct fed *f = arg;

	f->regulating = 1;
	f->time = t.f64;
}

static void
time_constrained_enabled(void *arg, rti_time t)
{
	struct fed *f = arg;

	f->constrained = 1;
	f->time = t.f64;
}

static void
time_advance_grant(void *arg, rti_time t)
{
	struct fed *f = arg;

	f->time = t.f64;
	/* A timed save grants a request past its time at that time first,
	 * and the request stays pending (librti-save(3)). */
	if (f->advancing && t.f64 < f->target)
		return;
	f->granted = 1;
	f->advancing = 0;
}

static struct sub *
sub_by_handle(struct fed *f, rti_object_instance_handle obj)
{
	int i;

	for (i = 0; i < f->n_subs; i++)
		if (f->subs[i].obj.id == obj.id)
			return &f->subs[i];
	return NULL;
}

/* A Substation: its Name and Grid were sent when it was registered,
 * maybe before this federate joined, so ask for them. */
static void
discover_object_instance(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name,
    rti_federate_handle producer)
{
	struct fed *f = arg;
	rti_attribute_handle want[2];
	struct sub *s;

	(void)cls;
	(void)producer;
	if (f->n_subs == MAX_SUBS)
		return;
	s = &f->subs[f->n_subs++];
	memset(s, 0, sizeof *s);
	s->obj = obj;
	snprintf(s->name, sizeof s->name, "%s", name);
	want[0] = f->a_sub_name;
	want[1] = f->a_sub_grid;
	(void)rti_request_attribute_value_update(f->amb, obj, want, 2, NULL,
	    0);
}

static void
remove_object_instance(void *arg, rti_object_instance_handle obj,
    const void *tag, size_t tag_len, const struct rti_message_info *info)
{
	struct fed *f = arg;
	struct sub *s = sub_by_handle(f, obj);

	(void)tag;
	(void)tag_len;
	(void)info;
	if (s)
		*s = f->subs[--f->n_subs];
}

static void
reflect_attribute_values(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct fed *f = arg;
	struct sub *s = sub_by_handle(f, obj);
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	for (i = 0; s && i < n; i++) {
		if (v[i].attribute.id == f->a_sub_name.id)
			decode_string(v[i].value, v[i].length, s->name,
			    sizeof s->name);
		else if (v[i].attribute.id == f->a_sub_grid.id)
			decode_string(v[i].value, v[i].length, s->grid,
			    sizeof s->grid);
	}
}

/* ProtectionTrip and Alarm: what the trainees see. */
static void
receive_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct fed *f = arg;
	char sub[32] = "?", equip[32] = "?", text[160] = "";
	long severity = -1;
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	for (i = 0; i < n; i++) {
		uint32_t p = v[i].parameter.id;

		if (p == f->p_sub.id)
			decode_string(v[i].value, v[i].length, sub,
			    sizeof sub);
		else if (p == f->p_equip.id)
			decode_string(v[i].value, v[i].length, equip,
			    sizeof equip);
		else if (p == f->p_text.id || p == f->p_function.id)
			decode_string(v[i].value, v[i].length, text,
			    sizeof text);
		else if (p == f->p_severity.id)
			severity = decode_i32(v[i].value, v[i].length);
	}
	if (cls.id == f->i_trip.id) {
		f->trips++;
		printf("%s: t=%.2f saw %s %s tripped by %s\n", f->name,
		    f->time, sub, equip, text);
	} else {
		f->alarms++;
		printf("%s: t=%.2f saw alarm [%ld] %s %s: %s\n", f->name,
		    f->time, severity, sub, equip, text);
	}
}

/* ---- the event loop ---- */

/*
 * Deliver callbacks until *flag is set (flag may be NULL) or the monotonic
 * clock reaches `deadline`: deliver what the library holds, then sleep in
 * poll() on rti_get_fd() until rtiexec sends more.  A signal interrupts
 * poll().  Returns 1 when the flag is set, 0 at the deadline, -1 on a
 * signal or an error.
 */
static int
pump(struct fed *f, const int *flag, double deadline)
{
	struct pollfd p;
	double left;
	int pending, rc, ms;

	for (;;) {
		do {
			rc = rti_evoke_callbacks(f->amb, 0.0, 0.0, &pending);
			if (rc != RTI_OK) {
				fprintf(stderr, "%s: %s: %s\n", f->name,
				    rti_err_name(rc),
				    rti_error_message(f->amb));
				return -1;
			}
		} while (pending && !(flag && *flag));
		if (flag && *flag)
			return 1;
		if (interrupted)
			return -1;
		left = deadline - now();
		if (left <= 0)
			return 0;
		p.fd = rti_get_fd(f->amb);
		p.events = POLLIN;
		p.revents = 0;
		ms = left > 0.1 ? 100 : (int)(left * 1e3) + 1;
		if (poll(&p, 1, ms) < 0 && errno != EINTR) {
			perror("poll");
			return -1;
		}
	}
}

/* pump() for a flag that must come within `timeout` seconds.  0 or -1. */
static int
wait_for(struct fed *f, const int *flag, double timeout, const char *what)
{
	int rc = pump(f, flag, now() + timeout);

	if (rc == 0)
		fprintf(stderr, "%s: no %s within %.0f s\n", f->name, what,
		    timeout);
	return rc == 1 ? 0 : -1;
}

/* With --peers N: wait until N federates have joined, then synchronize
 * them all at "ready" (see substation.c). */
static int
synchronize(struct fed *f, unsigned peers, double timeout)
{
	double deadline = now() + timeout;

	while (f->joined < peers) {
		f->listed = 0;
		if (rti_list_federation_executions(f->amb) != RTI_OK ||
		    wait_for(f, &f->listed, deadline - now(),
		    "federation list") < 0)
			return -1;
		if (f->joined >= peers)
			break;
		if (pump(f, NULL, now() + 0.1) < 0)
			return -1;
		if (now() > deadline) {
			fprintf(stderr, "%s: only %u of %u federates joined\n",
			    f->name, f->joined, peers);
			return -1;
		}
	}
	(void)rti_register_federation_synchronization_point(f->amb,
	    SYNC_LABEL, NULL, 0, NULL, 0);
	if (wait_for(f, &f->announced, deadline - now(),
	    "announcement of \"" SYNC_LABEL "\"") < 0)
		return -1;
	if (rti_synchronization_point_achieved(f->amb, SYNC_LABEL, 1) !=
	    RTI_OK) {
		fprintf(stderr, "%s: achieve: %s\n", f->name,
		    rti_error_message(f->amb));
		return -1;
	}
	return wait_for(f, &f->synchronized, deadline - now(),
	    "synchronization at \"" SYNC_LABEL "\"");
}

/* Regulating with lookahead `lookahead`, and constrained. */
static int
enable_time(struct fed *f, double lookahead, double timeout)
{
	int rc;

	f->lookahead = lookahead;
	rc = rti_enable_time_regulation(f->amb, rti_time_f64(lookahead));
	if (rc == RTI_OK)
		rc = wait_for(f, &f->regulating, timeout,
		    "time regulation") < 0 ? -1 : RTI_OK;
	if (rc == RTI_OK)
		rc = rti_enable_time_constrained(f->amb);
	if (rc == RTI_OK)
		rc = wait_for(f, &f->constrained, timeout,
		    "time constraint") < 0 ? -1 : RTI_OK;
	if (rc > 0)
		fprintf(stderr, "%s: enable time management: %s\n", f->name,
		    rti_error_message(f->amb));
	return rc == RTI_OK ? 0 : -1;
}

/* Time advance request to t, delivering callbacks until the grant. */
static int
advance(struct fed *f, double t, double timeout)
{
	f->granted = 0;
	f->advancing = 1;
	f->target = t;
	if (rti_time_advance_request(f->amb, rti_time_f64(t)) != RTI_OK) {
		fprintf(stderr, "%s: time advance to %.3f: %s\n", f->name, t,
		    rti_error_message(f->amb));
		return -1;
	}
	return wait_for(f, &f->granted, timeout, "time advance grant");
}

/* ---- save and restore ---- */

/*
 * DIR/LABEL.NAME.state (--state-dir DIR) into out, every byte of LABEL and
 * NAME outside [A-Za-z0-9_-] written '_'.  0, or -1 when it does not fit.
 */
static int
state_path(const struct fed *f, const char *label, const char *name,
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
	n = snprintf(out, cap, "%s/%s.%s.state", f->state_dir, safe[0],
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

static int state_scan(FILE *fp, const char *key, int want, const char *fmt,
    ...) __attribute__((format(scanf, 4, 5)));

/*
 * Read the next line of fp, "KEY FIELD...", with sscanf format fmt into the
 * pointers that follow.  0 when it has exactly `want` fields and all
 * converted (a format ending in %[^\n] takes the rest of the line as its
 * last), -1 otherwise.
 */
static int
state_scan(FILE *fp, const char *key, int want, const char *fmt, ...)
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

/*
 * The state file (after the time lines of save_state): which events of
 * the script are done ("event I ACTION DONE", a restore step's flag is the
 * session's and is not taken back) and the substation table ("sub
 * INSTANCE NAME GRID", "-" for a grid not known yet).
 */
static void
save_model(struct fed *f, FILE *fp)
{
	int i;

	fprintf(fp, "events %d\n", f->n_events);
	for (i = 0; i < f->n_events; i++)
		fprintf(fp, "event %d %s %d\n", i, f->events[i].action,
		    f->events[i].done);
	fprintf(fp, "subs %d\n", f->n_subs);
	for (i = 0; i < f->n_subs; i++)
		fprintf(fp, "sub %u %s %s\n", (unsigned)f->subs[i].obj.id,
		    f->subs[i].name[0] ? f->subs[i].name : "-",
		    f->subs[i].grid[0] ? f->subs[i].grid : "-");
}

/* Read the model's part of a state file into f->load_*: 0, or -1 when a
 * field is missing, out of range or of another script. */
static int
load_model(struct fed *f, FILE *fp)
{
	char action[8];
	unsigned id;
	int n, i, k;

	if (state_scan(fp, "events", 1, "%d", &n) < 0 || n != f->n_events)
		return -1;
	for (i = 0; i < n; i++)
		if (state_scan(fp, "event", 3, "%d %7s %d", &k, action,
		    &f->load_done[i]) < 0 || k != i ||
		    strcmp(action, f->events[i].action) != 0 ||
		    (f->load_done[i] != 0 && f->load_done[i] != 1))
			return -1;
	if (state_scan(fp, "subs", 1, "%d", &f->n_load_subs) < 0 ||
	    f->n_load_subs < 0 || f->n_load_subs > MAX_SUBS)
		return -1;
	for (i = 0; i < f->n_load_subs; i++) {
		struct sub *s = &f->load_subs[i];

		if (state_scan(fp, "sub", 3, "%u %31s %31s", &id, s->name,
		    s->grid) < 0)
			return -1;
		s->obj.id = id;
		if (strcmp(s->name, "-") == 0)
			s->name[0] = '\0';
		if (strcmp(s->grid, "-") == 0)
			s->grid[0] = '\0';
	}
	return 0;
}

static void
commit_model(struct fed *f)
{
	int i;

	for (i = 0; i < f->n_events; i++)
		if (strcmp(f->events[i].action, "restore") != 0)
			f->events[i].done = f->load_done[i];
	memcpy(f->subs, f->load_subs, (size_t)f->n_load_subs *
	    sizeof *f->subs);
	f->n_subs = f->n_load_subs;
}

/*
 * Save this federate's state under `label`: written to PATH.tmp, then
 * renamed, so a restore never reads a half-written file.  0, or -1 with a
 * message.
 */
static int
save_state(struct fed *f, const char *label)
{
	char path[1024], tmp[1100];
	FILE *fp;
	int ok;

	if (state_path(f, label, f->name, path, sizeof path) < 0) {
		fprintf(stderr, "%s: state file name too long\n", f->name);
		return -1;
	}
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if (!(fp = fopen(tmp, "w"))) {
		fprintf(stderr, "%s: %s: %s\n", f->name, tmp, strerror(errno));
		return -1;
	}
	fprintf(fp, "%s\ntime %.17g\nadvancing %d %.17g\n", STATE_HEADER,
	    f->time, f->advancing, f->target);
	save_model(f, fp);
	ok = !ferror(fp);
	ok = fclose(fp) == 0 && ok;
	if (!ok || rename(tmp, path) != 0) {
		fprintf(stderr, "%s: cannot write %s: %s\n", f->name, path,
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
load_state(struct fed *f, const char *label, const char *name)
{
	char path[1024], line[128];
	double t, target;
	int adv, rc = -1;
	FILE *fp;

	if (state_path(f, label, name, path, sizeof path) < 0 ||
	    !(fp = fopen(path, "r"))) {
		fprintf(stderr, "%s: no state of %s for %s\n", f->name, name,
		    label);
		return -1;
	}
	if (fgets(line, sizeof line, fp) &&
	    strcmp(line, STATE_HEADER "\n") == 0 &&
	    state_scan(fp, "time", 1, "%lf", &t) == 0 && isfinite(t) &&
	    state_scan(fp, "advancing", 2, "%d %lf", &adv, &target) == 0 &&
	    (adv == 0 || adv == 1) && isfinite(target) &&
	    (!adv || target > t) && load_model(f, fp) == 0 &&
	    fgetc(fp) == EOF) {
		f->time = t;
		f->advancing = adv;
		f->target = target;
		commit_model(f);
		rc = 0;
	} else {
		fprintf(stderr, "%s: %s: not a good state file\n", f->name,
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
	struct fed *f = arg;

	(void)has_time;
	(void)t;
	f->live = 0;
	snprintf(f->label, sizeof f->label, "%s", label);
	if (rti_federate_save_begun(f->amb) != RTI_OK ||
	    save_state(f, label) < 0)
		(void)rti_federate_save_not_complete(f->amb);
	else
		(void)rti_federate_save_complete(f->amb);
}

static void
federation_saved(void *arg)
{
	struct fed *f = arg;

	f->live = 1;
	f->saves++;
	printf("%s: t=%.2f saved %s\n", f->name, f->time, f->label);
}

static void
federation_not_saved(void *arg, enum rti_save_failure_reason reason)
{
	struct fed *f = arg;

	f->live = 1;
	printf("%s: t=%.2f not saved %s: %s\n", f->name, f->time, f->label,
	    (unsigned)reason < 6 ? save_why[reason] : "?");
}

static void
federation_restore_begun(void *arg)
{
	struct fed *f = arg;

	f->live = 0;
	f->loaded = 0;
}

static void
initiate_federate_restore(void *arg, const char *label, const char *name,
    rti_federate_handle self)
{
	struct fed *f = arg;

	(void)self;
	snprintf(f->label, sizeof f->label, "%s", label);
	if (load_state(f, label, name) < 0) {
		(void)rti_federate_restore_not_complete(f->amb);
		return;
	}
	f->loaded = 1;
	snprintf(f->name, sizeof f->name, "%s", name);
	(void)rti_federate_restore_complete(f->amb);
}

/* Restored: the time loop goes on from the restored state; an advance()
 * wait ends unless that state was advancing too. */
static void
federation_restored(void *arg)
{
	struct fed *f = arg;

	f->live = 1;
	f->restored = 1;
	f->restores++;
	f->granted = !f->advancing;
	printf("%s: t=%.2f restored %s\n", f->name, f->time, f->label);
}

/* Not restored: rtiexec and librti keep the restored state, so a federate
 * whose own state came back goes on from it; one whose state did not
 * cannot match the federation any more, and stops. */
static void
federation_not_restored(void *arg, enum rti_restore_failure_reason reason)
{
	struct fed *f = arg;

	f->live = 1;
	printf("%s: t=%.2f not restored %s: %s\n", f->name, f->time,
	    f->label, (unsigned)reason < 5 ? restore_why[reason] : "?");
	if (f->loaded) {
		f->restored = 1;
		f->granted = !f->advancing;
	} else {
		fprintf(stderr, "%s: my state was not restored: stopping\n",
		    f->name);
		f->failed = 1;
		f->granted = 1;
	}
}

/*
 * Between steps: while a save or restore runs, only evoke callbacks; after
 * a restore, wait for the grant the restored state was waiting for.  1
 * after a restore (the caller rebases its pacing), 0, or -1.
 */
static int
settle(struct fed *f, double timeout)
{
	if (wait_for(f, &f->live, timeout, "end of the save or restore") < 0)
		return -1;
	if (f->failed)
		return -1;
	if (!f->restored)
		return 0;
	f->restored = 0;
	if (wait_for(f, &f->granted, timeout, "time advance grant") < 0)
		return -1;
	return 1;
}

/* The requester's answer to a restore request. */
static void
restore_succeeded(void *arg, const char *label)
{
	struct fed *f = arg;

	printf("%s: t=%.2f restore %s accepted\n", f->name, f->time, label);
}

static void
restore_failed(void *arg, const char *label, const char *reason)
{
	struct fed *f = arg;

	printf("%s: t=%.2f restore %s refused: %s\n", f->name, f->time,
	    label, reason);
}

/* ---- sending the events ---- */

static int
send_event(struct fed *f, const struct event *e, const char *grid)
{
	unsigned char b[5][80];
	struct rti_parameter_value v[5];
	rti_interaction_class_handle cls;
	char cond[RTI_MAX_CONDITION + 1];
	size_t n, i;

	v[0].parameter = f->p_sub;
	v[0].length = encode_string(b[0], sizeof b[0], e->sub);
	v[1].parameter = f->p_equip;
	v[1].length = encode_string(b[1], sizeof b[1], e->equipment);
	if (strcmp(e->action, "fault") == 0) {
		cls = f->i_fault;
		v[2].parameter = f->p_type;     /* FaultKind */
		v[2].length = encode_i32(b[2], value_of(fault_kinds, 4,
		    e->arg));
		v[3].parameter = f->p_z;
		encode_f64(b[3], 0.1);
		v[3].length = 8;
		v[4].parameter = f->p_dur;
		encode_f64(b[4], 0.5);
		v[4].length = 8;
		n = 5;
	} else {
		cls = f->i_switching;
		v[2].parameter = f->p_op;       /* SwitchingOperation */
		v[2].length = encode_i32(b[2], value_of(switching_ops, 2,
		    e->action));
		v[3].parameter = f->p_operator;
		v[3].length = encode_string(b[3], sizeof b[3],
		    f->operator_name);
		n = 4;
	}
	for (i = 0; i < n; i++)
		v[i].value = b[i];
	snprintf(cond, sizeof cond, "%s/%s", grid, e->sub);
	/*
	 * Conditions: only the simulator of the substation and the consoles
	 * following it get the event.  It is stamped with the earliest time
	 * the instructor may send (its time plus lookahead, the step), so
	 * the simulator gets it before the grant of that time, in timestamp
	 * order with everything else, and applies it from its next step.
	 */
	return rti_send_interaction_with_condition_at(f->amb, cls, v, n, NULL,
	    0, cond, rti_time_f64(f->time + f->lookahead), NULL);
}

/* Send the events that are due at logical time t (relative time rel). */
static int
run_script(struct fed *f, double rel)
{
	int i, k;

	for (i = 0; i < f->n_events; i++) {
		struct event *e = &f->events[i];
		const char *grid = NULL;

		if (e->done)
			continue;
		if (strcmp(e->action, "save") == 0) {
			/* Asked one lookahead early, when no federate can be
			 * past the save's time yet (see the top), for the
			 * time of the next step exactly as every federate
			 * computes it (time + step). */
			double at = f->time + f->lookahead;

			if (e->at > rel + f->lookahead + 1e-9)
				continue;
			e->done = 1;
			if (rti_request_federation_save_at_time(f->amb,
			    e->label, rti_time_f64(at)) != RTI_OK)
				printf("%s: t=%.2f save %s at %.2f refused: "
				    "%s\n", f->name, f->time, e->label, at,
				    rti_error_message(f->amb));
			else
				printf("%s: t=%.2f save %s requested at "
				    "t=%.2f\n", f->name, f->time, e->label, at);
			continue;
		}
		if (e->at > rel + 1e-9)
			continue;
		if (strcmp(e->action, "restore") == 0) {
			e->done = 1;    /* once in the session */
			if (rti_request_federation_restore(f->amb, e->label) !=
			    RTI_OK)
				printf("%s: t=%.2f restore %s refused: %s\n",
				    f->name, f->time, e->label,
				    rti_error_message(f->amb));
			else
				printf("%s: t=%.2f restore %s requested\n",
				    f->name, f->time, e->label);
			continue;
		}
		for (k = 0; k < f->n_subs; k++)
			if (strcmp(f->subs[k].name, e->sub) == 0 &&
			    f->subs[k].grid[0])
				grid = f->subs[k].grid;
		if (!grid) {
			if (rel < e->at + GRACE)
				continue;   /* not discovered yet */
			printf("%s: t=%.2f no simulator has substation %s: "
			    "skipped %s %s\n", f->name, f->time, e->sub,
			    e->action, e->equipment);
			f->skipped++;
			e->done = 1;
			continue;
		}
		if (send_event(f, e, grid) != RTI_OK) {
			fprintf(stderr, "%s: send %s: %s\n", f->name,
			    e->action, rti_error_message(f->amb));
			return -1;
		}
		printf("%s: t=%.2f sent %s %s of %s/%s\n", f->name, f->time,
		    e->action, e->equipment, grid, e->sub);
		f->sent++;
		e->done = 1;
	}
	return 0;
}

/* ---- start-up ---- */

#define LOOKUP(call, what)                                                   \
	do {                                                                 \
		if ((call) != RTI_OK) {                                      \
			fprintf(stderr, "%s: the FOM has no %s: %s\n",       \
			    f->name, what, rti_error_message(f->amb));       \
			return -1;                                           \
		}                                                            \
	} while (0)

#define CHECK(call, what)                                                    \
	do {                                                                 \
		if ((call) != RTI_OK) {                                      \
			fprintf(stderr, "%s: %s: %s\n", f->name, what,       \
			    rti_error_message(f->amb));                      \
			return -1;                                           \
		}                                                            \
	} while (0)

static int
declare(struct fed *f)
{
	rti_ambassador *a = f->amb;
	rti_attribute_handle sub[2];

	LOOKUP(rti_get_object_class_handle(a, "Substation", &f->c_sub),
	    "Substation");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "Name",
	    &f->a_sub_name), "Substation.Name");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "Grid",
	    &f->a_sub_grid), "Substation.Grid");
	LOOKUP(rti_get_interaction_class_handle(a, "Switching",
	    &f->i_switching), "Switching");
	LOOKUP(rti_get_interaction_class_handle(a, "Fault", &f->i_fault),
	    "Fault");
	LOOKUP(rti_get_interaction_class_handle(a, "ProtectionTrip",
	    &f->i_trip), "ProtectionTrip");
	LOOKUP(rti_get_interaction_class_handle(a, "Alarm", &f->i_alarm),
	    "Alarm");
	LOOKUP(rti_get_parameter_handle(a, f->i_fault, "Substation",
	    &f->p_sub), "GridEvent.Substation");
	LOOKUP(rti_get_parameter_handle(a, f->i_fault, "Equipment",
	    &f->p_equip), "GridEvent.Equipment");
	LOOKUP(rti_get_parameter_handle(a, f->i_switching, "Operation",
	    &f->p_op), "Switching.Operation");
	LOOKUP(rti_get_parameter_handle(a, f->i_switching, "Operator",
	    &f->p_operator), "Switching.Operator");
	LOOKUP(rti_get_parameter_handle(a, f->i_fault, "FaultType",
	    &f->p_type), "Fault.FaultType");
	LOOKUP(rti_get_parameter_handle(a, f->i_fault, "Impedance",
	    &f->p_z), "Fault.Impedance");
	LOOKUP(rti_get_parameter_handle(a, f->i_fault, "Duration",
	    &f->p_dur), "Fault.Duration");
	LOOKUP(rti_get_parameter_handle(a, f->i_trip, "Function",
	    &f->p_function), "ProtectionTrip.Function");
	LOOKUP(rti_get_parameter_handle(a, f->i_alarm, "Text", &f->p_text),
	    "Alarm.Text");
	LOOKUP(rti_get_parameter_handle(a, f->i_alarm, "Severity",
	    &f->p_severity), "Alarm.Severity");

	sub[0] = f->a_sub_name;
	sub[1] = f->a_sub_grid;
	CHECK(rti_subscribe_object_class_attributes(a, f->c_sub, sub, 2),
	    "subscribe Substation");
	CHECK(rti_subscribe_interaction_class(a, f->i_trip),
	    "subscribe ProtectionTrip");
	CHECK(rti_subscribe_interaction_class(a, f->i_alarm),
	    "subscribe Alarm");
	CHECK(rti_publish_interaction_class(a, f->i_switching),
	    "publish Switching");
	CHECK(rti_publish_interaction_class(a, f->i_fault), "publish Fault");
	return 0;
}

static void
print_summary(struct fed *f)
{
	struct rti_statistics st;

	if (rti_get_statistics(f->amb, &st) != RTI_OK)
		memset(&st, 0, sizeof st);
	printf("SUMMARY name=%s kind=instructor time=%.2f events=%d sent=%lu "
	    "skipped=%lu substations=%d trips=%lu alarms=%lu "
	    "interactions_sent=%llu interactions_suppressed=%llu "
	    "updates_received=%llu interactions_received=%llu saves=%lu "
	    "restores=%lu\n", f->name,
	    f->time, f->n_events,
	    f->sent, f->skipped, f->n_subs, f->trips, f->alarms,
	    (unsigned long long)st.interactions_sent,
	    (unsigned long long)st.interactions_suppressed,
	    (unsigned long long)st.updates_received,
	    (unsigned long long)st.interactions_received, f->saves,
	    f->restores);
}

static void
usage(FILE *out)
{
	fprintf(out,
"Usage: instructor [OPTION]...\n"
"Send faults and switching operations to the substation simulators on a\n"
"schedule, and print the trips and alarms that follow.\n"
"\n"
"  -c, --script EVENTS    TIME:ACTION:SUBSTATION:EQUIPMENT[:ARG];... with\n"
"                         ACTION fault (ARG: 3ph, 1ph-g, 2ph, 2ph-g), open\n"
"                         or close, TIME in seconds after the start;\n"
"                         or TIME:save:LABEL, TIME:restore:LABEL\n"
"                         (default \"" DEFAULT_SCRIPT "\")\n"
"  -o, --operator NAME    operator named in Switching (default instructor)\n"
"  -u, --url URL          rtiexec to connect to (default tcp://127.0.0.1:%d)\n"
"  -f, --federation NAME  federation execution (default Grid)\n"
"  -n, --name NAME        federate name (default instructor; rtiexec\n"
"                         picks one when that is taken)\n"
"  -m, --fom FILE         FOM module (default %s, else\n"
"                         " FOM_NAME " in rtiexec's FOM path)\n"
"  -s, --step SECONDS     time step and lookahead (default 0.02)\n"
"  -d, --duration SECONDS run this long in logical time (default: until 1 s\n"
"                         after the last event)\n"
"  -x, --speed FACTOR     logical seconds per wall-clock second (default 1;\n"
"                         0: as fast as time management allows)\n"
"  -p, --peers N          wait for N joined federates and synchronize with\n"
"                         them before starting (default 0: start at once)\n"
"  -t, --timeout SECONDS  give up on a reply after this long (default 30)\n"
"  -D, --state-dir DIR    save and restore our state in DIR/LABEL.NAME.state\n"
"                         (default .)\n"
"  -h, --help             show this help\n",
	    RTI_DEFAULT_PORT, FOM_INSTALLED);
}

static int
parse_num(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "script", required_argument, NULL, 'c' },
		{ "operator", required_argument, NULL, 'o' },
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
		{ NULL, 0, NULL, 0 }
	};
	static struct fed f;    /* large: not on the stack */
	struct rti_callbacks cb;
	struct sigaction sa;
	rti_federate_handle self;
	const char *url = NULL, *fom = NULL, *name = NULL, *fname;
	const char *script = DEFAULT_SCRIPT;
	double step_s = 0.02, duration = 0, speed = 1, peers = 0;
	double timeout = 30, t, t_end, wall0, t0;
	int c, i, rc, status = 1, joined = 0;

	f.federation = "Grid";
	f.operator_name = "instructor";
	f.state_dir = ".";
	f.live = 1;
	while ((c = getopt_long(argc, argv, "c:o:u:f:n:m:s:d:x:p:t:D:h", opts,
	    NULL)) != -1) {
		double *num = NULL, lo = 0, hi = 1e9;

		switch (c) {
		case 'c': script = optarg; break;
		case 'o': f.operator_name = optarg; break;
		case 'u': url = optarg; break;
		case 'f': f.federation = optarg; break;
		case 'n': name = optarg; break;
		case 'm': fom = optarg; break;
		case 's': num = &step_s; lo = 1e-6; hi = 3600; break;
		case 'd': num = &duration; break;
		case 'x': num = &speed; hi = 1e6; break;
		case 'p': num = &peers; hi = 1e4; break;
		case 't': num = &timeout; lo = 1e-3; break;
		case 'D': f.state_dir = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
		if (num && parse_num(optarg, lo, hi, num) < 0) {
			fprintf(stderr, "instructor: bad value '%s' for -%c\n",
			    optarg, c);
			return 2;
		}
	}
	if (optind < argc || strlen(f.operator_name) > 32) {
		usage(stderr);
		return 2;
	}
	if (parse_script(&f, script) < 0)
		return 2;
	if (duration <= 0)
		duration = (f.n_events ? f.events[f.n_events - 1].at : 0) +
		    GRACE + step_s;
	if (!fom)
		fom = access(FOM_INSTALLED, R_OK) == 0 ? FOM_INSTALLED :
		    FOM_NAME;
	snprintf(f.name, sizeof f.name, "%s", name ? name : "instructor");
	setvbuf(stdout, NULL, _IOLBF, 0);

	/* No SA_RESTART: a signal must interrupt poll(). */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	memset(&cb, 0, sizeof cb);
	cb.connection_lost = connection_lost;
	cb.report_federation_executions = report_federation_executions;
	cb.announce_synchronization_point = announce_synchronization_point;
	cb.federation_synchronized = federation_synchronized;
	cb.discover_object_instance = discover_object_instance;
	cb.reflect_attribute_values = reflect_attribute_values;
	cb.remove_object_instance = remove_object_instance;
	cb.receive_interaction = receive_interaction;
	cb.time_regulation_enabled = time_regulation_enabled;
	cb.time_constrained_enabled = time_constrained_enabled;
	cb.time_advance_grant = time_advance_grant;
	cb.initiate_federate_save = initiate_federate_save;
	cb.federation_saved = federation_saved;
	cb.federation_not_saved = federation_not_saved;
	cb.request_federation_restore_succeeded = restore_succeeded;
	cb.request_federation_restore_failed = restore_failed;
	cb.federation_restore_begun = federation_restore_begun;
	cb.initiate_federate_restore = initiate_federate_restore;
	cb.federation_restored = federation_restored;
	cb.federation_not_restored = federation_not_restored;

	f.amb = rti_ambassador_new();
	if (!f.amb) {
		fprintf(stderr, "instructor: out of memory\n");
		return 1;
	}
	if (rti_connect(f.amb, url, &cb, &f) != RTI_OK) {
		fprintf(stderr, "%s: cannot connect: %s\n", f.name,
		    rti_error_message(f.amb));
		goto out;
	}
	rc = rti_create_federation_execution(f.amb, f.federation, &fom, 1,
	    NULL);
	if (rc != RTI_OK &&
	    rc != RTI_ERR_FEDERATION_EXECUTION_ALREADY_EXISTS) {
		fprintf(stderr, "%s: cannot create %s: %s\n", f.name,
		    f.federation, rti_error_message(f.amb));
		goto out;
	}
	/* Our default name, or one rtiexec picks when it is taken. */
	rc = rti_join_federation_execution(f.amb, name ? name : f.name,
	    "instructor", f.federation, &self);
	if (rc == RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE && !name)
		rc = rti_join_federation_execution(f.amb, NULL, "instructor",
		    f.federation, &self);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: cannot join %s: %s\n", f.name,
		    f.federation, rti_error_message(f.amb));
		goto out;
	}
	joined = 1;
	if (rti_get_federate_name(f.amb, self, &fname) == RTI_OK)
		snprintf(f.name, sizeof f.name, "%s", fname);
	printf("%s: joined %s as federate %u with %d events\n", f.name,
	    f.federation, (unsigned)self.id, f.n_events);

	if (declare(&f) < 0 || enable_time(&f, step_s, timeout) < 0)
		goto resign;
	if (peers > 0 && synchronize(&f, (unsigned)peers, timeout) < 0)
		goto resign;
	printf("%s: running from t=%.2f\n", f.name, f.time);

	f.t0 = t0 = t = f.time;
	t_end = t0 + duration - step_s / 2;
	wall0 = now();
	while (!interrupted && t < t_end) {
		if (run_script(&f, t - t0) < 0 ||
		    advance(&f, t + step_s, timeout) < 0)
			break;
		if (speed > 0 && pump(&f, NULL, wall0 + (f.time - t0) /
		    speed) < 0)
			break;
		if ((rc = settle(&f, timeout)) < 0)
			break;
		if (rc == 1 && speed > 0)
			wall0 = now() - (f.time - t0) / speed;
		t = f.time;
	}
	if (interrupted || !(t < t_end))
		status = 0;
	for (i = 0; i < f.n_events; i++) {
		const struct event *e = &f.events[i];

		if (!e->done)
			printf("%s: not sent: %.2f:%s:%s:%s\n", f.name, e->at,
			    e->action, e->label[0] ? e->label : e->sub,
			    e->equipment);
	}
	print_summary(&f);

resign:
	if (interrupted)
		status = 0; /* Ctrl-C is a normal way to stop */
	if (joined && rti_resign_federation_execution(f.amb,
	    RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST) != RTI_OK) {
		fprintf(stderr, "%s: resign: %s\n", f.name,
		    rti_error_message(f.amb));
		status = 1;
	} else if (joined) {
		printf("%s: resigned at t=%.2f\n", f.name, f.time);
		(void)rti_destroy_federation_execution(f.amb, f.federation);
	}
out:
	rti_ambassador_free(f.amb);
	return status;
}
