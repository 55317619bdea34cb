/* SPDX-License-Identifier: Apache-2.0 */
/*
 * grid.c - a grid-level simulator federate for data/fom/Grid.xml.
 *
 * It subscribes, without conditions, to the line flows of every substation
 * (Line ActivePower and ReactivePower, and Substation to know where each
 * line is) and to the Name and Grid of every Substation.  At each step it
 * adds up the load of each grid, runs a one-line frequency model (droop:
 * losing load makes the frequency rise, and it settles back slowly) and
 * publishes the grid frequency as the Frequency attribute of the grid's
 * Substation instances, stamped with the next step.
 *
 * Frequency is not the substation simulators' attribute: they register the
 * Substation instances and own Name, Grid and TotalLoad, and leave
 * Frequency unowned.  This federate publishes Frequency and takes it over
 * instance by instance (rti_attribute_ownership_acquisition_if_available),
 * and it gives each instance the same send condition as its owner ("the
 * grid name"), so that consoles following a grid get the frequency too.
 *
 * Like the substation simulators it is time regulating and constrained,
 * stepping --step seconds at a time; it prints the grid totals every
 * --every steps and every ProtectionTrip it sees, and "SUMMARY key=value
 * ..." at exit.
 *
 * Save and restore (librti-save(3)): as substation.c, into
 * DIR/LABEL.NAME.state (--state-dir): its time loop, each grid's
 * frequency model and the line flows it computes from.
 *
 *   rtiexec --fom-path data/fom
 *   samples/substation --grid north &
 *   samples/grid --every 50
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
#define MAX_GRIDS 16
#define F_NOMINAL 50.0          /* Hz */
#define DROOP 0.05              /* per unit frequency per unit load */
#define F_TIME_CONSTANT 0.5     /* s */
#define REF_TIME_CONSTANT 20.0  /* s: the secondary control's slowness */
#define STATE_HEADER "# rti sample state 1 grid"

static volatile sig_atomic_t interrupted;

/* A Line or Substation instance it discovered. */
struct inst {
	rti_object_instance_handle obj;
	int is_line;
	char name[64];          /* instance name, "S2.L1" or "S2" */
	char sub[32];           /* Line: its Substation attribute */
	char grid[32];          /* Substation: its Grid attribute */
	double p, q;            /* Line: last flows */
	int has_flow;
	int owned;              /* Substation: we own Frequency */
	size_t sub_at;          /* Line: where its substation was last
	                           found in insts, plus one (a hint) */
};

struct grid {
	char name[32];
	double load, reactive, f, p_ref;
	int lines, subs, lines_before;
	double f_min, f_max;
};

struct fed {
	rti_ambassador *amb;
	char name[128];
	const char *federation;
	int listed, announced, synchronized;
	unsigned joined;
	int regulating, constrained, granted;
	double time;

	struct inst *insts;
	size_t n_insts, cap_insts;
	size_t *slot;                   /* hints for inst_find: index + 1 */
	size_t n_slots;                 /* a power of two, or 0 */
	struct grid grids[MAX_GRIDS];
	int n_grids;

	rti_object_class_handle c_line, c_sub;
	rti_attribute_handle a_substation, a_p, a_q;
	rti_attribute_handle a_sub_name, a_sub_grid, a_freq;
	rti_interaction_class_handle i_trip;
	rti_parameter_handle p_t_sub, p_t_equip, p_t_function;

	/* save and restore */
	const char *state_dir;          /* --state-dir */
	char label[1025];               /* of the save or restore running */
	int live;                       /* 0 while a save or restore runs */
	int loaded, restored, failed;   /* our state came back; resume */
	int advancing;                  /* a time advance request is out, */
	double target;                  /* to this time */
	struct grid load_grids[MAX_GRIDS]; /* a state file being read */
	int n_load_grids;
	struct inst *load_insts;
	size_t n_load_insts;

	/* the session's counters, not restored */
	unsigned long steps, reflections, trips, acquired, unavailable;
	unsigned long removed, saves, restores;
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

/* HLAfloat64BE (Substation.Frequency, Hz): x into p[0..7]. */
static void
encode_f64(unsigned char *p, double x)
{
	struct rti_encoder e;

	rti_encoder_init(&e, p, 8);
	rti_encode_float64_be(&e, x);
}

/* The HLAfloat64BE value v[0..len), NAN when the bytes are not one. */
static double
decode_f64(const void *v, uint32_t len)
{
	struct rti_decoder d;
	double x;

	rti_decoder_init(&d, v, len);
	rti_decode_float64_be(&d, &x);
	return rti_decoder_done(&d) == RTI_OK ? x : NAN;
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

/* ---- the instances and grids it knows ---- */

/*
 * The grid reflects thousands of lines a step: looking each up by a pass
 * over every instance made this federate the slowest of a large training
 * federation.  A hint, where the handle was last found (a table indexed
 * by the handle's low bits), is checked first; a wrong or missing hint
 * (instances come and go, the table is small) falls back to the pass and
 * is put right.
 */
static struct inst *
inst_find(struct fed *f, rti_object_instance_handle obj)
{
	size_t i, h = f->n_slots ? (size_t)obj.id & (f->n_slots - 1) : 0;

	if (f->n_slots && (i = f->slot[h]) && i <= f->n_insts &&
	    f->insts[i - 1].obj.id == obj.id)
		return &f->insts[i - 1];
	for (i = 0; i < f->n_insts; i++)
		if (f->insts[i].obj.id == obj.id) {
			if (f->n_slots)
				f->slot[h] = i + 1;
			return &f->insts[i];
		}
	return NULL;
}

/* The Substation instance called `name`; *hint as inst_find's. */
static struct inst *
sub_by_name(struct fed *f, const char *name, size_t *hint)
{
	size_t i = *hint;

	if (i && i <= f->n_insts && !f->insts[i - 1].is_line &&
	    strcmp(f->insts[i - 1].name, name) == 0)
		return &f->insts[i - 1];
	for (i = 0; i < f->n_insts; i++)
		if (!f->insts[i].is_line &&
		    strcmp(f->insts[i].name, name) == 0) {
			*hint = i + 1;
			return &f->insts[i];
		}
	return NULL;
}

/* The grid called `name`, added when new; NULL when there are too many. */
static struct grid *
grid_get(struct fed *f, const char *name)
{
	struct grid *g;
	int i;

	for (i = 0; i < f->n_grids; i++)
		if (strcmp(f->grids[i].name, name) == 0)
			return &f->grids[i];
	if (f->n_grids == MAX_GRIDS || !*name)
		return NULL;
	g = &f->grids[f->n_grids++];
	memset(g, 0, sizeof *g);
	snprintf(g->name, sizeof g->name, "%s", name);
	g->f = g->f_min = g->f_max = F_NOMINAL;
	return g;
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

/*
 * A new Line or Substation.  Their receive-order attributes (where a line
 * is, which grid a substation is in) were sent once when they were
 * registered, maybe before this federate joined: ask for them.
 */
static void
discover_object_instance(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name,
    rti_federate_handle producer)
{
	struct fed *f = arg;
	rti_attribute_handle want[2];
	struct inst *in;

	(void)producer;
	if (f->n_insts == f->cap_insts) {
		size_t cap = f->cap_insts ? 2 * f->cap_insts : 64;
		struct inst *p = realloc(f->insts, cap * sizeof *p);

		if (!p) {
			fprintf(stderr, "%s: out of memory: ignoring %s\n",
			    f->name, name);
			return;
		}
		f->insts = p;
		f->cap_insts = cap;
		/* twice as many hints as instances, a power of two */
		free(f->slot);
		for (f->n_slots = 64; f->n_slots < 2 * cap; f->n_slots *= 2)
			;
		if (!(f->slot = calloc(f->n_slots, sizeof *f->slot)))
			f->n_slots = 0;
	}
	in = &f->insts[f->n_insts++];
	memset(in, 0, sizeof *in);
	in->obj = obj;
	in->is_line = cls.id == f->c_line.id;
	snprintf(in->name, sizeof in->name, "%s", name);
	if (in->is_line) {
		want[0] = f->a_substation;
		(void)rti_request_attribute_value_update(f->amb, obj, want, 1,
		    NULL, 0);
	} else {
		want[0] = f->a_sub_name;
		want[1] = f->a_sub_grid;
		(void)rti_request_attribute_value_update(f->amb, obj, want, 2,
		    NULL, 0);
	}
}

static void
remove_object_instance(void *arg, rti_object_instance_handle obj,
    const void *tag, size_t tag_len, const struct rti_message_info *info)
{
	struct fed *f = arg;
	struct inst *in = inst_find(f, obj);

	(void)tag;
	(void)tag_len;
	(void)info;
	if (!in)
		return;
	f->removed++;
	*in = f->insts[--f->n_insts];
}

/* The Grid of a Substation is known: take over its Frequency. */
static void
adopt_substation(struct fed *f, struct inst *in)
{
	rti_attribute_handle freq = f->a_freq;

	if (!grid_get(f, in->grid))
		return;
	/* Updates of an instance carry its send condition; the library
	 * filters at the source with the condition it knows, so set the one
	 * the owner set for the others. */
	if (rti_set_object_instance_condition(f->amb, in->obj, in->grid) !=
	    RTI_OK ||
	    rti_attribute_ownership_acquisition_if_available(f->amb, in->obj,
	    &freq, 1) != RTI_OK)
		fprintf(stderr, "%s: taking over %s.Frequency: %s\n", f->name,
		    in->name, rti_error_message(f->amb));
}

static void
reflect_one(struct fed *f, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n)
{
	struct inst *in = inst_find(f, obj);
	size_t i;

	if (!in)
		return;
	f->reflections++;
	for (i = 0; i < n; i++) {
		uint32_t a = v[i].attribute.id;

		if (in->is_line && a == f->a_substation.id) {
			decode_string(v[i].value, v[i].length, in->sub,
			    sizeof in->sub);
		} else if (in->is_line && a == f->a_p.id) {
			in->p = decode_f64(v[i].value, v[i].length);
			in->has_flow = 1;
		} else if (in->is_line && a == f->a_q.id) {
			in->q = decode_f64(v[i].value, v[i].length);
		} else if (!in->is_line && a == f->a_sub_grid.id) {
			int first = !in->grid[0];

			decode_string(v[i].value, v[i].length, in->grid,
			    sizeof in->grid);
			if (first && in->grid[0])
				adopt_substation(f, in);
		}
	}
}

/* Updates come as class bundles (one call for all instances of a class in
 * one update); reflect_attribute_values would get them one by one. */
static void
reflect_class_bundle(void *arg, rti_object_class_handle cls,
    const struct rti_bundle_instance *instances, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct fed *f = arg;
	size_t i;

	(void)cls;
	(void)tag;
	(void)tag_len;
	(void)info;
	for (i = 0; i < n; i++)
		reflect_one(f, instances[i].object, instances[i].values,
		    instances[i].n_values);
}

static void
acquisition_notification(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len)
{
	struct fed *f = arg;
	struct inst *in = inst_find(f, obj);

	(void)attrs;
	(void)n;
	(void)tag;
	(void)tag_len;
	if (in) {
		in->owned = 1;
		f->acquired++;
	}
}

static void
ownership_unavailable(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n)
{
	struct fed *f = arg;
	struct inst *in = inst_find(f, obj);

	(void)attrs;
	(void)n;
	f->unavailable++;
	printf("%s: %s.Frequency belongs to another federate\n", f->name,
	    in ? in->name : "?");
}

static void
receive_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct fed *f = arg;
	char sub[32] = "?", equip[32] = "?", function[16] = "?";
	size_t i;

	(void)tag;
	(void)tag_len;
	if (cls.id != f->i_trip.id)
		return;
	for (i = 0; i < n; i++) {
		if (v[i].parameter.id == f->p_t_sub.id)
			decode_string(v[i].value, v[i].length, sub,
			    sizeof sub);
		else if (v[i].parameter.id == f->p_t_equip.id)
			decode_string(v[i].value, v[i].length, equip,
			    sizeof equip);
		else if (v[i].parameter.id == f->p_t_function.id)
			decode_string(v[i].value, v[i].length, function,
			    sizeof function);
	}
	f->trips++;
	printf("%s: t=%.2f trip of %s %s by %s (condition %s)\n", f->name,
	    f->time, sub, equip, function,
	    info->condition ? info->condition : "none");
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
 * The state file (after the time lines of save_state): per grid its model
 * ("grid NAME LOAD MVAR F P_REF LINES SUBS LINES_BEFORE F_MIN F_MAX") and
 * every Line and Substation instance with the values it computes from
 * ("inst HANDLE IS_LINE HAS_FLOW OWNED P Q NAME SUB GRID", "-" for a name
 * not known yet).  rtiexec restores the instances and who owns Frequency.
 */
static void
save_model(struct fed *f, FILE *fp)
{
	size_t i;
	int k;

	fprintf(fp, "grids %d\n", f->n_grids);
	for (k = 0; k < f->n_grids; k++) {
		const struct grid *g = &f->grids[k];

		fprintf(fp, "grid %s %.17g %.17g %.17g %.17g %d %d %d %.17g "
		    "%.17g\n", g->name, g->load, g->reactive, g->f, g->p_ref,
		    g->lines, g->subs, g->lines_before, g->f_min, g->f_max);
	}
	fprintf(fp, "insts %zu\n", f->n_insts);
	for (i = 0; i < f->n_insts; i++) {
		const struct inst *in = &f->insts[i];

		fprintf(fp, "inst %u %d %d %d %.17g %.17g %s %s %s\n",
		    (unsigned)in->obj.id, in->is_line, in->has_flow,
		    in->owned, in->p, in->q, in->name[0] ? in->name : "-",
		    in->sub[0] ? in->sub : "-", in->grid[0] ? in->grid : "-");
	}
}

static int
is_flag(int v)
{
	return v == 0 || v == 1;
}

/* Read the model's part of a state file into f->load_*: 0, or -1 when a
 * field is missing or out of range. */
static int
load_model(struct fed *f, FILE *fp)
{
	size_t m, j;
	int n, k;

	if (state_scan(fp, "grids", 1, "%d", &n) < 0 || n < 0 ||
	    n > MAX_GRIDS)
		return -1;
	for (k = 0; k < n; k++) {
		struct grid *g = &f->load_grids[k];

		if (state_scan(fp, "grid", 10, "%31s %lf %lf %lf %lf %d %d %d "
		    "%lf %lf", g->name, &g->load, &g->reactive, &g->f,
		    &g->p_ref, &g->lines, &g->subs, &g->lines_before,
		    &g->f_min, &g->f_max) < 0 || !isfinite(g->load) ||
		    !isfinite(g->reactive) || !isfinite(g->f) ||
		    !isfinite(g->p_ref) || isnan(g->f_min) ||
		    isnan(g->f_max) || g->lines < 0 || g->subs < 0 ||
		    g->lines_before < 0)
			return -1;
	}
	f->n_load_grids = n;
	if (state_scan(fp, "insts", 1, "%zu", &m) < 0 || m > 1000000)
		return -1;
	free(f->load_insts);
	f->load_insts = calloc(m ? m : 1, sizeof *f->load_insts);
	f->n_load_insts = m;
	if (!f->load_insts)
		return -1;
	for (j = 0; j < m; j++) {
		struct inst *in = &f->load_insts[j];
		unsigned id;

		if (state_scan(fp, "inst", 9, "%u %d %d %d %lf %lf %63s %31s "
		    "%31s", &id, &in->is_line, &in->has_flow, &in->owned,
		    &in->p, &in->q, in->name, in->sub, in->grid) < 0 ||
		    !is_flag(in->is_line) || !is_flag(in->has_flow) ||
		    !is_flag(in->owned) || !isfinite(in->p) ||
		    !isfinite(in->q))
			return -1;
		in->obj.id = id;
		if (strcmp(in->name, "-") == 0)
			in->name[0] = '\0';
		if (strcmp(in->sub, "-") == 0)
			in->sub[0] = '\0';
		if (strcmp(in->grid, "-") == 0)
			in->grid[0] = '\0';
	}
	return 0;
}

static void
commit_model(struct fed *f)
{
	struct inst *old = f->insts;

	memcpy(f->grids, f->load_grids, (size_t)f->n_load_grids *
	    sizeof *f->grids);
	f->n_grids = f->n_load_grids;
	f->insts = f->load_insts;
	f->n_insts = f->cap_insts = f->n_load_insts;
	if (!f->cap_insts)
		f->cap_insts = 1;
	f->load_insts = old;
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

/* ---- the model ---- */

/* Grid totals from the last line flows, and the frequency after dt. */
static void
compute(struct fed *f, double dt)
{
	size_t i;
	int k;

	for (k = 0; k < f->n_grids; k++) {
		struct grid *g = &f->grids[k];

		g->lines_before = g->lines;
		g->load = g->reactive = 0.0;
		g->lines = g->subs = 0;
	}
	for (i = 0; i < f->n_insts; i++) {
		struct inst *in = &f->insts[i];
		const struct inst *s;
		struct grid *g;

		if (!in->is_line) {
			if ((g = in->grid[0] ? grid_get(f, in->grid) : NULL))
				g->subs++;
			continue;
		}
		s = in->sub[0] ? sub_by_name(f, in->sub, &in->sub_at) : NULL;
		if (!in->has_flow || !s || !s->grid[0] ||
		    !(g = grid_get(f, s->grid)))
			continue;
		g->lines++;
		g->load += in->p;
		g->reactive += in->q;
	}
	for (k = 0; k < f->n_grids; k++) {
		struct grid *g = &f->grids[k];
		double f_ss;

		/* New lines change the load, not the balance. */
		if (g->lines != g->lines_before || g->p_ref <= 0)
			g->p_ref = g->load;
		if (g->p_ref <= 0)
			continue;
		f_ss = F_NOMINAL * (1.0 - DROOP * (g->load - g->p_ref) /
		    g->p_ref);
		g->f += (f_ss - g->f) * (1.0 - exp(-dt / F_TIME_CONSTANT));
		g->p_ref += (g->load - g->p_ref) *
		    (1.0 - exp(-dt / REF_TIME_CONSTANT));
		if (g->f < g->f_min)
			g->f_min = g->f;
		if (g->f > g->f_max)
			g->f_max = g->f;
	}
}

/* The frequency of every Substation it owns Frequency of, stamped t, as
 * one class bundle. */
static int
publish(struct fed *f, double t)
{
	struct rti_bundle_instance *bi;
	struct rti_attribute_value *v;
	unsigned char (*raw)[8];
	size_t i, n = 0;
	int rc = 0;

	bi = calloc(f->n_insts + 1, sizeof *bi);
	v = calloc(f->n_insts + 1, sizeof *v);
	raw = calloc(f->n_insts + 1, sizeof *raw);
	if (!bi || !v || !raw) {
		rc = -1;
		goto out;
	}
	for (i = 0; i < f->n_insts; i++) {
		const struct inst *in = &f->insts[i];
		const struct grid *g;

		if (in->is_line || !in->owned ||
		    !(g = grid_get(f, in->grid)) || g->p_ref <= 0)
			continue;
		encode_f64(raw[n], g->f);
		v[n].attribute = f->a_freq;
		v[n].value = raw[n];
		v[n].length = 8;
		bi[n].object = in->obj;
		bi[n].values = &v[n];
		bi[n].n_values = 1;
		n++;
	}
	if (n && rti_update_class_attribute_values_at(f->amb, f->c_sub, bi, n,
	    NULL, 0, rti_time_f64(t), NULL) != RTI_OK) {
		fprintf(stderr, "%s: update Frequency: %s\n", f->name,
		    rti_error_message(f->amb));
		rc = -1;
	}
out:
	free(bi);
	free(v);
	free(raw);
	return rc;
}

static void
print_grids(struct fed *f)
{
	int k;

	for (k = 0; k < f->n_grids; k++) {
		const struct grid *g = &f->grids[k];

		printf("%s: t=%.2f %s: %d substations, %d lines, load %.1f MW "
		    "%.1f Mvar, f=%.3f Hz\n", f->name, f->time, g->name,
		    g->subs, g->lines, g->load, g->reactive, g->f);
	}
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
	rti_attribute_handle line[3], sub[2];

	LOOKUP(rti_get_object_class_handle(a, "Line", &f->c_line), "Line");
	LOOKUP(rti_get_object_class_handle(a, "Substation", &f->c_sub),
	    "Substation");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "Substation",
	    &f->a_substation), "Equipment.Substation");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "ActivePower",
	    &f->a_p), "Line.ActivePower");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "ReactivePower",
	    &f->a_q), "Line.ReactivePower");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "Name",
	    &f->a_sub_name), "Substation.Name");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "Grid",
	    &f->a_sub_grid), "Substation.Grid");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "Frequency",
	    &f->a_freq), "Substation.Frequency");
	LOOKUP(rti_get_interaction_class_handle(a, "ProtectionTrip",
	    &f->i_trip), "ProtectionTrip");
	LOOKUP(rti_get_parameter_handle(a, f->i_trip, "Substation",
	    &f->p_t_sub), "GridEvent.Substation");
	LOOKUP(rti_get_parameter_handle(a, f->i_trip, "Equipment",
	    &f->p_t_equip), "GridEvent.Equipment");
	LOOKUP(rti_get_parameter_handle(a, f->i_trip, "Function",
	    &f->p_t_function), "ProtectionTrip.Function");

	/* Plain subscriptions (no condition): everything of every grid. */
	line[0] = f->a_substation;
	line[1] = f->a_p;
	line[2] = f->a_q;
	sub[0] = f->a_sub_name;
	sub[1] = f->a_sub_grid;
	CHECK(rti_subscribe_object_class_attributes(a, f->c_line, line, 3),
	    "subscribe Line");
	CHECK(rti_subscribe_object_class_attributes(a, f->c_sub, sub, 2),
	    "subscribe Substation");
	CHECK(rti_subscribe_interaction_class(a, f->i_trip),
	    "subscribe ProtectionTrip");
	CHECK(rti_publish_object_class_attributes(a, f->c_sub, &f->a_freq, 1),
	    "publish Substation.Frequency");
	return 0;
}

static void
print_summary(struct fed *f)
{
	struct rti_statistics st;
	struct rti_server_statistics sv;
	int k;

	if (rti_get_statistics(f->amb, &st) != RTI_OK)
		memset(&st, 0, sizeof st);
	/* rtiexec's own counters, for all federations. */
	if (rti_query_server_statistics(f->amb, &sv) != RTI_OK)
		memset(&sv, 0, sizeof sv);
	printf("SUMMARY name=%s kind=grid time=%.2f steps=%lu grids=%d "
	    "reflections=%lu trips=%lu frequency_owned=%lu "
	    "updates_sent=%llu updates_suppressed=%llu updates_received=%llu "
	    "interactions_received=%llu rtiexec_routed=%llu "
	    "rtiexec_filtered=%llu saves=%lu restores=%lu", f->name, f->time, f->steps, f->n_grids,
	    f->reflections, f->trips, f->acquired,
	    (unsigned long long)st.updates_sent,
	    (unsigned long long)st.updates_suppressed,
	    (unsigned long long)st.updates_received,
	    (unsigned long long)st.interactions_received,
	    (unsigned long long)sv.routed, (unsigned long long)sv.filtered,
	    f->saves, f->restores);
	for (k = 0; k < f->n_grids; k++) {
		const struct grid *g = &f->grids[k];

		printf(" %s_lines=%d %s_load=%.1f %s_f=%.3f %s_fmax=%.3f",
		    g->name, g->lines, g->name, g->load, g->name, g->f,
		    g->name, g->f_max);
	}
	printf("\n");
}

static void
usage(FILE *out)
{
	fprintf(out,
"Usage: grid [OPTION]...\n"
"Grid-level simulator: add up the line flows of every substation per grid,\n"
"model the grid frequency and publish it as Substation.Frequency.\n"
"\n"
"  -u, --url URL          rtiexec to connect to (default tcp://127.0.0.1:%d)\n"
"  -f, --federation NAME  federation execution (default Grid)\n"
"  -n, --name NAME        federate name (default grid; rtiexec\n"
"                         picks one when that is taken)\n"
"  -m, --fom FILE         FOM module (default %s, else\n"
"                         " FOM_NAME " in rtiexec's FOM path)\n"
"  -e, --every N          print the grid totals every N steps (default 50)\n"
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
		{ "url", required_argument, NULL, 'u' },
		{ "federation", required_argument, NULL, 'f' },
		{ "name", required_argument, NULL, 'n' },
		{ "fom", required_argument, NULL, 'm' },
		{ "every", required_argument, NULL, 'e' },
		{ "step", required_argument, NULL, 's' },
		{ "duration", required_argument, NULL, 'd' },
		{ "speed", required_argument, NULL, 'x' },
		{ "peers", required_argument, NULL, 'p' },
		{ "timeout", required_argument, NULL, 't' },
		{ "state-dir", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct fed f;
	struct rti_callbacks cb;
	struct sigaction sa;
	rti_federate_handle self;
	const char *url = NULL, *fom = NULL, *name = NULL, *fname;
	double every = 50, step_s = 0.02, duration = 0, speed = 1, peers = 0;
	double timeout = 30, t, t_end, wall0, t0;
	int c, rc, status = 1, joined = 0;

	memset(&f, 0, sizeof f);
	f.federation = "Grid";
	f.state_dir = ".";
	f.live = 1;
	while ((c = getopt_long(argc, argv, "u:f:n:m:e:s:d:x:p:t:D:h", opts,
	    NULL)) != -1) {
		double *num = NULL, lo = 0, hi = 1e9;

		switch (c) {
		case 'u': url = optarg; break;
		case 'f': f.federation = optarg; break;
		case 'n': name = optarg; break;
		case 'm': fom = optarg; break;
		case 'e': num = &every; lo = 1; break;
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
			fprintf(stderr, "grid: bad value '%s' for -%c\n",
			    optarg, c);
			return 2;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}
	if (!fom)
		fom = access(FOM_INSTALLED, R_OK) == 0 ? FOM_INSTALLED :
		    FOM_NAME;
	snprintf(f.name, sizeof f.name, "%s", name ? name : "grid");
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
	cb.reflect_class_bundle = reflect_class_bundle;
	cb.remove_object_instance = remove_object_instance;
	cb.receive_interaction = receive_interaction;
	cb.attribute_ownership_acquisition_notification =
	    acquisition_notification;
	cb.attribute_ownership_unavailable = ownership_unavailable;
	cb.time_regulation_enabled = time_regulation_enabled;
	cb.time_constrained_enabled = time_constrained_enabled;
	cb.time_advance_grant = time_advance_grant;
	cb.initiate_federate_save = initiate_federate_save;
	cb.federation_saved = federation_saved;
	cb.federation_not_saved = federation_not_saved;
	cb.federation_restore_begun = federation_restore_begun;
	cb.initiate_federate_restore = initiate_federate_restore;
	cb.federation_restored = federation_restored;
	cb.federation_not_restored = federation_not_restored;

	f.amb = rti_ambassador_new();
	if (!f.amb) {
		fprintf(stderr, "grid: out of memory\n");
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
	    "grid", f.federation, &self);
	if (rc == RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE && !name)
		rc = rti_join_federation_execution(f.amb, NULL, "grid",
		    f.federation, &self);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: cannot join %s: %s\n", f.name,
		    f.federation, rti_error_message(f.amb));
		goto out;
	}
	joined = 1;
	if (rti_get_federate_name(f.amb, self, &fname) == RTI_OK)
		snprintf(f.name, sizeof f.name, "%s", fname);
	printf("%s: joined %s as federate %u\n", f.name, f.federation,
	    (unsigned)self.id);

	if (declare(&f) < 0 || enable_time(&f, step_s, timeout) < 0)
		goto resign;
	if (peers > 0 && synchronize(&f, (unsigned)peers, timeout) < 0)
		goto resign;
	printf("%s: running from t=%.2f in steps of %.3f s\n", f.name, f.time,
	    step_s);

	t0 = t = f.time;
	t_end = duration > 0 ? t0 + duration - step_s / 2 : INFINITY;
	wall0 = now();
	while (!interrupted && t < t_end) {
		/* The flows stamped up to t are in: the totals at t, the
		 * frequency for t + step. */
		compute(&f, step_s);
		if (publish(&f, t + step_s) < 0 ||
		    advance(&f, t + step_s, timeout) < 0)
			break;
		t = f.time;
		if (++f.steps % (unsigned long)every == 0)
			print_grids(&f);
		if (speed > 0 && pump(&f, NULL, wall0 + (t - t0) / speed) < 0)
			break;
		if ((rc = settle(&f, timeout)) < 0)
			break;
		if (rc == 1 && speed > 0)
			wall0 = now() - (f.time - t0) / speed;
		t = f.time;
	}
	if (interrupted || !(t < t_end))
		status = 0;
	print_summary(&f);

resign:
	if (interrupted)
		status = 0; /* Ctrl-C is a normal way to stop */
	/* Resigning gives up the Frequency attributes it owns. */
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
	free(f.insts);
	free(f.slot);
	free(f.load_insts);
	return status;
}
