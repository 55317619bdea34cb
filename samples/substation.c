/* SPDX-License-Identifier: Apache-2.0 */
/*
 * substation.c - a substation simulator federate for data/fom/Grid.xml.
 *
 * One file (about 2000 lines) on purpose, as every sample: a reader copies
 * one file to start a federate of their own, and builds it with one cc
 * line against the installed librti.
 *
 * It simulates --substations substations of one grid (--grid, "north" by
 * default), named S1, S2, ... (from --first).  Each has two buses (BUS1,
 * BUS2), two lines (L1 on BUS1, L2 on BUS2) and three breakers (B1 feeds L1,
 * B2 feeds L2, B3 couples the buses).  Every piece of equipment is an object
 * instance of Grid.xml named "<substation>.<equipment>" ("S2.B1"), and the
 * substation itself is a Substation instance ("S2").
 *
 * Time: it is time regulating and time constrained, and advances in fixed
 * steps (--step, 20 ms), paced to the wall clock (--speed).  Before each step
 * it sends the measurements of the step's end - Bus Voltage and Angle,
 * Breaker Status and Current, Line ActivePower, ReactivePower and Current,
 * Substation TotalLoad - stamped with that time (timestamp order), as one
 * class-level bundle per class holding every instance of all its
 * substations.
 *
 * Filtering: each equipment instance has the send condition
 * "<grid>/<substation>" ("north/S2"), each Substation instance the condition
 * "<grid>".  A console that subscribes with the condition "north/S2" gets S2
 * only, and what no federate subscribes to never leaves this process (the
 * library suppresses it at the source).  The simulator subscribes to the
 * Switching and Fault interactions with the conditions of its own
 * substations, so it never sees another simulator's events.
 *
 * Events: a Switching interaction opens or closes a breaker; an open line
 * carries no flow.  A Fault on a line sags the bus voltages until the
 * line's distance protection trips its breaker (after 100 ms: a
 * ProtectionTrip interaction), or until the fault clears by itself after
 * its Duration.  Every event also raises an Alarm interaction.
 *
 * Save and restore (librti-save(3)): rtiexec saves the instances, ownership,
 * declarations and time; this federate saves its own model.  On
 * initiate_federate_save it writes DIR/LABEL.NAME.state (--state-dir),
 * "# rti sample state 1 substation" then key/value lines: its time and
 * whether a time advance request was out (and to when), the breakers, the
 * fault in progress and the queued alarms; on initiate_federate_restore it
 * reads the file of the name it had when saved, checks every field and
 * answers rti_federate_restore_not_complete for a missing or bad file.
 * While a save or restore runs it only evokes callbacks; after a restore
 * it goes on from the restored time and waits for the restored grant
 * instead of asking again.  The SUMMARY counters are the session's and
 * are not restored.
 *
 * At exit it prints one line "SUMMARY key=value ..." with its counters.
 *
 *   rtiexec --fom-path data/fom
 *   samples/substation --grid north --substations 3
 *   samples/substation --grid south --first 4
 *
 * Ctrl-C resigns (deleting its instances) and exits cleanly.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <librti.h>

#include "sample.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define MAX_SUBS 64
#define TRIP_DELAY 0.1          /* s, distance protection zone 1 */
#define V_NOMINAL 110.0         /* kV */
#define MAX_ALARMS 64
#define STATE_HEADER "# rti sample state 1 substation"

enum { BUS1, BUS2, N_BUS };
enum { BRK1, BRK2, BRK3, N_BRK };
enum { LINE1, LINE2, N_LINE };

static const char *const bus_names[N_BUS] = { "BUS1", "BUS2" };
static const char *const brk_names[N_BRK] = { "B1", "B2", "B3" };
static const char *const line_names[N_LINE] = { "L1", "L2" };

/* One simulated substation. */
struct sub {
	char name[16];                  /* "S2" */
	char cond[80];                  /* send condition "north/S2" */
	int num;
	rti_object_instance_handle self;
	rti_object_instance_handle bus[N_BUS], brk[N_BRK], line[N_LINE];
	int closed[N_BRK];
	int fault_line;                 /* -1: no fault */
	char fault_type[16];
	double fault_z, fault_start, fault_end;
	/* measurements at the end of the current step */
	double v[N_BUS], angle[N_BUS];
	double p[N_LINE], q[N_LINE], i_line[N_LINE], i_brk[N_BRK];
	double load;
};

/* An Alarm waiting to be sent at the next step. */
struct alarm {
	int sub;
	char equipment[16];
	char text[120];
	int severity;
};

/* A class-level bundle: n_inst instances of one class, each with the same
 * n_attr attributes, values encoded into raw[]. */
struct bundle {
	rti_object_class_handle cls;
	size_t n_inst, n_attr;
	struct rti_bundle_instance *inst;
	struct rti_attribute_value *val;
	unsigned char (*raw)[8];
	size_t bytes;                   /* value bytes of one instance */
};

/* Everything the callbacks need: they get it back as `arg`. */
/* The federate: the part every sample has (first, see sample.h), then
 * its substations. */
struct fed {
	struct sample s;
	const char *grid;
	int reserve_answered, reserved;   /* name reservation */
	double now;                     /* time of the state being computed:
	                                   events received now apply there */

	struct sub subs[MAX_SUBS];
	int n_subs;
	struct alarm alarms[MAX_ALARMS];
	int n_alarms;

	struct sample_classes oc;      /* Grid.xml's object classes */
	rti_attribute_handle a_name, a_substation;  /* of Equipment */
	rti_attribute_handle a_voltage, a_angle;    /* Bus */
	rti_attribute_handle a_status, a_brk_current;
	rti_attribute_handle a_p, a_q, a_line_current, a_to;
	rti_attribute_handle a_sub_name, a_sub_grid, a_load;
	struct sample_events ev;       /* Grid.xml's interactions */

	struct bundle b_bus, b_brk, b_line, b_sub;

	struct sub load_subs[MAX_SUBS]; /* a state file being read */
	struct alarm load_alarms[MAX_ALARMS];
	int n_load_alarms;

	/* counters for the SUMMARY line: the session's, not restored */
	unsigned long switchings, faults, trips, alarms_sent, foreign;
	unsigned long alarms_dropped, provided;
	unsigned long long bytes_sent, bytes_suppressed;
};

/* ---- values: Grid.xml's enumerations ---- */

/* Grid.xml's SwitchingOperation (Open 0, Close 1) and FaultKind
 * (ThreePhase 1 .. TwoPhaseToGround 4) as the words the model uses; an
 * operation that is no enumerator is its number (rejected by
 * on_switching), a fault kind that is none is taken as three-phase. */
static void
switching_word(long v, char *out, size_t cap)
{
	if (v == 0 || v == 1)
		snprintf(out, cap, "%s", v ? "close" : "open");
	else
		snprintf(out, cap, "%ld", v);
}

static const char *
fault_word(long v)
{
	static const char *const words[] = { "3ph", "1ph-g", "2ph", "2ph-g" };

	return v >= 1 && v <= 4 ? words[v - 1] : "3ph";
}

/* ---- callbacks: they run only inside rti_evoke_callbacks() ---- */

static void
names_reserved(void *arg, const char *const *names, size_t n)
{
	struct fed *f = arg;

	(void)names;
	(void)n;
	f->reserve_answered = 1;
	f->reserved = 1;
}

static void
names_not_reserved(void *arg, const char *const *names, size_t n)
{
	struct fed *f = arg;

	(void)names;
	(void)n;
	f->reserve_answered = 1;
}

static struct sub *
find_sub(struct fed *f, const char *name)
{
	int i;

	for (i = 0; i < f->n_subs; i++)
		if (strcmp(f->subs[i].name, name) == 0)
			return &f->subs[i];
	return NULL;
}

static int
index_of(const char *const *names, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

/* Queue an Alarm for the next step (the queue is bounded: one that does
 * not fit is counted and dropped). */
static void
raise_alarm(struct fed *f, const struct sub *s, const char *equipment,
    int severity, const char *text)
{
	struct alarm *a;

	printf("%s: t=%.2f %s %s: %s\n", f->s.name, f->now, s->name,
	    equipment, text);
	if (f->n_alarms == MAX_ALARMS) {
		f->alarms_dropped++;
		return;
	}
	a = &f->alarms[f->n_alarms++];
	a->sub = (int)(s - f->subs);
	snprintf(a->equipment, sizeof a->equipment, "%s", equipment);
	snprintf(a->text, sizeof a->text, "%s", text);
	a->severity = severity;
}

static void
on_switching(struct fed *f, struct sub *s, const char *equip,
    const char *op, const char *who)
{
	int b = index_of(brk_names, N_BRK, equip);
	char text[120];

	f->switchings++;
	if (b < 0 || (strcmp(op, "open") != 0 && strcmp(op, "close") != 0)) {
		snprintf(text, sizeof text, "switching '%s' of %s by %s "
		    "rejected: not a breaker operation", op, equip, who);
		raise_alarm(f, s, equip, 1, text);
		return;
	}
	s->closed[b] = strcmp(op, "close") == 0;
	snprintf(text, sizeof text, "breaker %s %s by %s", equip,
	    s->closed[b] ? "closed" : "opened", who);
	raise_alarm(f, s, equip, 1, text);
}

static void
on_fault(struct fed *f, struct sub *s, const char *equip, const char *type,
    double z, double duration)
{
	int l = index_of(line_names, N_LINE, equip);
	char text[120];

	f->faults++;
	if (l < 0) {
		snprintf(text, sizeof text, "fault on %s ignored: not a line",
		    equip);
		raise_alarm(f, s, equip, 1, text);
		return;
	}
	if (!s->closed[l]) {
		snprintf(text, sizeof text, "fault on %s: line is open, "
		    "nothing happens", equip);
		raise_alarm(f, s, equip, 1, text);
		return;
	}
	s->fault_line = l;
	snprintf(s->fault_type, sizeof s->fault_type, "%s", type);
	s->fault_z = isfinite(z) && z >= 0 ? z : 0.1;
	s->fault_start = f->now;
	s->fault_end = f->now + (isfinite(duration) && duration > 0 ?
	    duration : 0.5);
	snprintf(text, sizeof text, "%s fault on %s (%.2f ohm)", type, equip,
	    s->fault_z);
	raise_alarm(f, s, equip, 3, text);
}

/*
 * Switching and Fault interactions.  They arrive in timestamp order (see
 * send_event in instructor.c), before the grant of their time, and take
 * effect at the next step.
 */
static void
receive_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct fed *f = arg;
	char sub[32] = "", equip[32] = "", op[32] = "", who[64] = "?";
	char type[16] = "3ph";
	double z = NAN, duration = NAN;
	struct sub *s;
	size_t i;

	(void)tag;
	(void)tag_len;
	(void)info;
	for (i = 0; i < n; i++) {
		rti_parameter_handle p = v[i].parameter;

		if (p.id == f->ev.p_sub.id || p.id == f->ev.p_sub.id)
			sample_decode_string(v[i].value, v[i].length, sub,
			    sizeof sub);
		else if (p.id == f->ev.p_equip.id || p.id == f->ev.p_equip.id)
			sample_decode_string(v[i].value, v[i].length, equip,
			    sizeof equip);
		else if (p.id == f->ev.p_op.id)
			switching_word(sample_decode_i32(v[i].value,
			    v[i].length), op, sizeof op);
		else if (p.id == f->ev.p_operator.id)
			sample_decode_string(v[i].value, v[i].length, who,
			    sizeof who);
		else if (p.id == f->ev.p_type.id)
			snprintf(type, sizeof type, "%s", fault_word(
			    sample_decode_i32(v[i].value, v[i].length)));
		else if (p.id == f->ev.p_z.id)
			z = sample_decode_f64(v[i].value, v[i].length);
		else if (p.id == f->ev.p_dur.id)
			duration = sample_decode_f64(v[i].value, v[i].length);
	}
	s = find_sub(f, sub);
	if (!s) {
		/* The subscription conditions keep other substations' events
		 * away; this counts any that got through anyway. */
		f->foreign++;
		return;
	}
	if (cls.id == f->ev.i_switching.id)
		on_switching(f, s, equip, op, who);
	else if (cls.id == f->ev.i_fault.id)
		on_fault(f, s, equip, type, z, duration);
}

/* Find the substation and role of an instance this federate registered;
 * *kind is 'S' (the substation), 'U' (bus), 'B' (breaker), 'L' (line). */
static struct sub *
find_instance(struct fed *f, rti_object_instance_handle obj, int *kind,
    int *idx)
{
	int i, k;

	for (i = 0; i < f->n_subs; i++) {
		struct sub *s = &f->subs[i];

		*idx = 0;
		*kind = 'S';
		if (s->self.id == obj.id)
			return s;
		for (k = 0; k < N_BUS; k++)
			if (s->bus[k].id == obj.id)
				return *kind = 'U', *idx = k, s;
		for (k = 0; k < N_BRK; k++)
			if (s->brk[k].id == obj.id)
				return *kind = 'B', *idx = k, s;
		for (k = 0; k < N_LINE; k++)
			if (s->line[k].id == obj.id)
				return *kind = 'L', *idx = k, s;
	}
	return NULL;
}

/*
 * The receive-order attributes (names, the grid, where a line goes), sent
 * once after start-up and again whenever a federate asks for them
 * (rti_request_attribute_value_update, e.g. the grid simulator when it
 * discovers an instance).
 */
static int
send_static(struct fed *f, rti_object_instance_handle obj)
{
	unsigned char buf[3][140];
	struct rti_attribute_value v[3];
	char to[16];
	struct sub *s;
	size_t n = 0;
	int kind, k;

	s = find_instance(f, obj, &kind, &k);
	if (!s)
		return RTI_OK;
	if (kind == 'S') {
		v[0].attribute = f->a_sub_name;
		v[0].length = sample_encode_string(buf[0], sizeof buf[0],
		    s->name);
		v[1].attribute = f->a_sub_grid;
		v[1].length = sample_encode_string(buf[1], sizeof buf[1],
		    f->grid);
		n = 2;
	} else {
		v[0].attribute = f->a_name;
		v[0].length = sample_encode_string(buf[0], sizeof buf[0],
		    kind == 'U' ? bus_names[k] : kind == 'B' ? brk_names[k] :
		    line_names[k]);
		v[1].attribute = f->a_substation;
		v[1].length = sample_encode_string(buf[1], sizeof buf[1],
		    s->name);
		n = 2;
		if (kind == 'L') {
			/* L1 goes to the next substation, L2 to the one
			 * before. */
			snprintf(to, sizeof to, "S%d", k == LINE1 ?
			    s->num + 1 : s->num > 1 ? s->num - 1 : s->num + 2);
			v[2].attribute = f->a_to;
			v[2].length = sample_encode_string(buf[2],
			    sizeof buf[2], to);
			n = 3;
		}
	}
	for (k = 0; k < (int)n; k++)
		v[k].value = buf[k];
	return rti_update_attribute_values(f->s.amb, obj, v, n, NULL, 0);
}

static void
provide_attribute_value_update(void *arg, rti_object_instance_handle obj,
    const rti_attribute_handle *attrs, size_t n, const void *tag,
    size_t tag_len)
{
	struct fed *f = arg;

	(void)attrs;
	(void)n;
	(void)tag;
	(void)tag_len;
	/* The timestamped measurements come every step anyway. */
	if (send_static(f, obj) == RTI_OK)
		f->provided++;
}

/* ---- save and restore: the model in the state file (sample.c) ---- */

/*
 * The state file (after the lines of sample.c): the configuration
 * it belongs to, then per substation its breakers (B1 B2 B3, 1 closed),
 * the fault in progress (line or -1, type, ohm, start, end: protection
 * trips at start + TRIP_DELAY) and the alarms queued for the next step.
 */
static void
save_model(struct sample *smp, FILE *fp)
{
	const struct fed *f = (const struct fed *)smp;
	int i;

	fprintf(fp, "grid %s\nsubstations %d %d\n", f->grid, f->n_subs,
	    f->subs[0].num);
	for (i = 0; i < f->n_subs; i++) {
		const struct sub *s = &f->subs[i];

		fprintf(fp, "sub %s %d %d %d %d %s %.17g %.17g %.17g\n",
		    s->name, s->closed[BRK1], s->closed[BRK2], s->closed[BRK3],
		    s->fault_line, s->fault_type[0] ? s->fault_type : "-",
		    s->fault_z, s->fault_start,
		    s->fault_end);
	}
	fprintf(fp, "alarms %d\n", f->n_alarms);
	for (i = 0; i < f->n_alarms; i++)
		fprintf(fp, "alarm %d %d %s %s\n", f->alarms[i].sub,
		    f->alarms[i].severity, f->alarms[i].equipment[0] ?
		    f->alarms[i].equipment : "-", f->alarms[i].text);
}

/* Read the model's part of a state file into f->load_*: 0, or -1 when a
 * field is missing, out of range or of another configuration. */
static int
load_model(struct sample *smp, FILE *fp)
{
	struct fed *f = (struct fed *)smp;
	char grid[40], name[16];
	int n, first, i, k;

	if (sample_scan(fp, "grid", 1, "%39s", grid) < 0 ||
	    strcmp(grid, f->grid) != 0 ||
	    sample_scan(fp, "substations", 2, "%d %d", &n, &first) < 0 ||
	    n != f->n_subs || first != f->subs[0].num)
		return -1;
	for (i = 0; i < n; i++) {
		struct sub *s = &f->load_subs[i];
		int *c = s->closed;

		*s = f->subs[i];
		if (sample_scan(fp, "sub", 9,
		    "%15s %d %d %d %d %15s %lf %lf %lf", name, &c[BRK1],
		    &c[BRK2], &c[BRK3], &s->fault_line, s->fault_type,
		    &s->fault_z, &s->fault_start,
		    &s->fault_end) < 0 || strcmp(name, s->name) != 0 ||
		    s->fault_line < -1 || s->fault_line >= N_LINE ||
		    !isfinite(s->fault_z) || s->fault_z < 0 ||
		    !isfinite(s->fault_start) || !isfinite(s->fault_end))
			return -1;
		for (k = 0; k < N_BRK; k++)
			if (c[k] != 0 && c[k] != 1)
				return -1;
	}
	if (sample_scan(fp, "alarms", 1, "%d", &f->n_load_alarms) < 0 ||
	    f->n_load_alarms < 0 || f->n_load_alarms > MAX_ALARMS)
		return -1;
	for (i = 0; i < f->n_load_alarms; i++) {
		struct alarm *a = &f->load_alarms[i];

		if (sample_scan(fp, "alarm", 4, "%d %d %15s %119[^\n]",
		    &a->sub, &a->severity, a->equipment, a->text) < 0 ||
		    a->sub < 0 || a->sub >= n || a->severity < 0 ||
		    a->severity > 3)
			return -1;
	}
	return 0;
}

/* The loaded state is the model's now; the step being computed is the
 * one the restored time loop was advancing to. */
static void
commit_model(struct sample *smp)
{
	struct fed *f = (struct fed *)smp;
	memcpy(f->subs, f->load_subs, (size_t)f->n_subs * sizeof *f->subs);
	memcpy(f->alarms, f->load_alarms,
	    (size_t)f->n_load_alarms * sizeof *f->alarms);
	f->n_alarms = f->n_load_alarms;
	f->now = f->s.advancing ? f->s.target : f->s.time;
}

/* ---- the model ---- */

/* Positive-sequence voltage during a fault of `type` through z ohm, per
 * unit: a made-up but plausible sag. */
static double
fault_sag(const char *type, double z)
{
	double sag = z / (z + 0.25);

	if (strcmp(type, "1ph-g") == 0)
		return 1.0 - (1.0 - sag) / 3.0;
	if (strcmp(type, "2ph") == 0 || strcmp(type, "2ph-g") == 0)
		return 1.0 - 2.0 * (1.0 - sag) / 3.0;
	return sag;
}

static int
send_interaction(struct fed *f, const struct sub *s,
    rti_interaction_class_handle cls, const struct rti_parameter_value *v,
    size_t n)
{
	/*
	 * Conditions: the interaction carries the substation's condition, so
	 * only the consoles of this substation (and federates subscribing
	 * without conditions, like the grid simulator) get it.  It is stamped
	 * with the step being computed (f->now, the time plus lookahead), like
	 * that step's measurements.
	 */
	return rti_send_interaction_with_condition_at(f->s.amb, cls, v, n,
	    NULL, 0, s->cond, rti_time_f64(f->now), NULL);
}

static int
send_alarm(struct fed *f, const struct alarm *a)
{
	const struct sub *s = &f->subs[a->sub];
	unsigned char b[4][300];
	struct rti_parameter_value v[4];
	int i;

	v[0].parameter = f->ev.p_sub;
	v[0].length = sample_encode_string(b[0], sizeof b[0], s->name);
	v[1].parameter = f->ev.p_equip;
	v[1].length = sample_encode_string(b[1], sizeof b[1], a->equipment);
	v[2].parameter = f->ev.p_text;
	v[2].length = sample_encode_string(b[2], sizeof b[2], a->text);
	v[3].parameter = f->ev.p_severity;
	sample_encode_i32(b[3], a->severity);
	v[3].length = 4;
	for (i = 0; i < 4; i++)
		v[i].value = b[i];
	return send_interaction(f, s, f->ev.i_alarm, v, 4);
}

static int
send_trip(struct fed *f, const struct sub *s, int line)
{
	unsigned char b[3][64];
	struct rti_parameter_value v[3];
	int i;

	v[0].parameter = f->ev.p_sub;
	v[0].length = sample_encode_string(b[0], sizeof b[0], s->name);
	v[1].parameter = f->ev.p_equip;
	v[1].length = sample_encode_string(b[1], sizeof b[1],
	    line_names[line]);
	v[2].parameter = f->ev.p_function;
	v[2].length = sample_encode_string(b[2], sizeof b[2], "21");
	for (i = 0; i < 3; i++)
		v[i].value = b[i];
	return send_interaction(f, s, f->ev.i_trip, v, 3);
}

/* Protection and self-clearing of the fault of `s` at time t. */
static int
protect(struct fed *f, struct sub *s, double t)
{
	int l = s->fault_line;
	char text[120];

	if (l < 0)
		return RTI_OK;
	if (!s->closed[l]) {
		s->fault_line = -1;
		snprintf(text, sizeof text, "fault on %s cleared: line opened",
		    line_names[l]);
		raise_alarm(f, s, line_names[l], 1, text);
	} else if (t >= s->fault_start + TRIP_DELAY - 1e-9) {
		s->closed[l] = 0;
		s->fault_line = -1;
		f->trips++;
		snprintf(text, sizeof text, "%s tripped by distance "
		    "protection (21): breaker %s open", line_names[l],
		    brk_names[l]);
		raise_alarm(f, s, line_names[l], 2, text);
		return send_trip(f, s, l);
	} else if (t >= s->fault_end - 1e-9) {
		s->fault_line = -1;
		snprintf(text, sizeof text, "fault on %s cleared by itself",
		    line_names[l]);
		raise_alarm(f, s, line_names[l], 1, text);
	}
	return RTI_OK;
}

/* Measurements of `s` at time t. */
static void
model(struct sub *s, double t)
{
	double sag = 1.0, pbus[N_BUS] = { 0, 0 };
	int k;

	if (s->fault_line >= 0)
		sag = fault_sag(s->fault_type, s->fault_z);
	for (k = 0; k < N_LINE; k++) {
		double p0 = 20.0 + 4.0 * (s->num % 7) + 12.0 * k;

		/* a slowly varying load */
		s->p[k] = p0 * (1.0 + 0.05 * sin(2 * M_PI * t / 8.0 +
		    s->num + 2.0 * k));
		s->q[k] = 0.3 * s->p[k];
		if (!s->closed[k])
			s->p[k] = s->q[k] = 0.0;
		if (k == s->fault_line) {
			s->q[k] += s->p[k] * (1.0 - sag) * 4.0;
			s->p[k] *= sag;
		}
		pbus[k] = s->p[k];
	}
	if (s->closed[BRK3])
		pbus[BUS1] = pbus[BUS2] = (pbus[BUS1] + pbus[BUS2]) / 2;
	for (k = 0; k < N_BUS; k++) {
		int faulted = s->fault_line == k ||
		    (s->fault_line >= 0 && s->closed[BRK3]);

		s->v[k] = V_NOMINAL * (1.0 - 0.0004 * pbus[k]) *
		    (faulted ? sag : 1.0);
		s->angle[k] = -(2.0 + 0.08 * pbus[k]);
	}
	s->load = 0.0;
	for (k = 0; k < N_LINE; k++) {
		double kva = sqrt(s->p[k] * s->p[k] + s->q[k] * s->q[k]);

		s->i_line[k] = kva * 1e3 / (sqrt(3.0) * s->v[k]);
		s->i_brk[k] = s->i_line[k];
		s->load += s->p[k];
	}
	s->i_brk[BRK3] = s->closed[BRK3] ?
	    fabs(s->i_line[LINE1] - s->i_line[LINE2]) / 2 : 0.0;
}

/* ---- class-level bundles ---- */

static int
bundle_init(struct bundle *b, rti_object_class_handle cls, size_t n_inst,
    const rti_attribute_handle *attrs, size_t n_attr)
{
	size_t i, j;

	b->cls = cls;
	b->n_inst = n_inst;
	b->n_attr = n_attr;
	b->inst = calloc(n_inst, sizeof *b->inst);
	b->val = calloc(n_inst * n_attr, sizeof *b->val);
	b->raw = calloc(n_inst * n_attr, sizeof *b->raw);
	if (!b->inst || !b->val || !b->raw)
		return -1;
	for (i = 0; i < n_inst; i++) {
		b->inst[i].values = &b->val[i * n_attr];
		b->inst[i].n_values = n_attr;
		for (j = 0; j < n_attr; j++) {
			b->val[i * n_attr + j].attribute = attrs[j];
			b->val[i * n_attr + j].value = b->raw[i * n_attr + j];
			b->val[i * n_attr + j].length = 8;
		}
	}
	b->bytes = 8 * n_attr;
	return 0;
}

static void
bundle_free(struct bundle *b)
{
	free(b->inst);
	free(b->val);
	free(b->raw);
}

/*
 * Send bundle b stamped t (timestamp order), in one call for all its
 * instances.  The library drops the instances that no subscriber wants;
 * the statistics tell how many, which gives the bytes saved.
 */
static int
bundle_send(struct fed *f, struct bundle *b, double t)
{
	struct rti_statistics before, after;
	int rc;

	if (rti_get_statistics(f->s.amb, &before) != RTI_OK)
		memset(&before, 0, sizeof before);
	rc = rti_update_class_attribute_values_at(f->s.amb, b->cls, b->inst,
	    b->n_inst, NULL, 0, rti_time_f64(t), NULL);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: update at %.3f: %s\n", f->s.name, t,
		    rti_error_message(f->s.amb));
		return -1;
	}
	if (rti_get_statistics(f->s.amb, &after) == RTI_OK) {
		f->bytes_sent += (after.updates_sent - before.updates_sent) *
		    b->bytes;
		f->bytes_suppressed += (after.updates_suppressed -
		    before.updates_suppressed) * b->bytes;
	}
	return 0;
}

/* Fill the bundles with the measurements of every substation. */
static void
bundle_fill(struct fed *f)
{
	int i, k;

	for (i = 0; i < f->n_subs; i++) {
		const struct sub *s = &f->subs[i];

		for (k = 0; k < N_BUS; k++) {
			size_t x = (size_t)(i * N_BUS + k) * 2;

			sample_encode_f64(f->b_bus.raw[x], s->v[k]);
			sample_encode_f64(f->b_bus.raw[x + 1], s->angle[k]);
		}
		for (k = 0; k < N_BRK; k++) {
			size_t x = (size_t)(i * N_BRK + k) * 2;

			sample_encode_i32(f->b_brk.raw[x], s->closed[k]);
			sample_encode_f64(f->b_brk.raw[x + 1], s->i_brk[k]);
		}
		for (k = 0; k < N_LINE; k++) {
			size_t x = (size_t)(i * N_LINE + k) * 3;

			sample_encode_f64(f->b_line.raw[x], s->p[k]);
			sample_encode_f64(f->b_line.raw[x + 1], s->q[k]);
			sample_encode_f64(f->b_line.raw[x + 2], s->i_line[k]);
		}
		sample_encode_f64(f->b_sub.raw[i], s->load);
	}
}

/* One step: protection, queued alarms, the model at t + step, its
 * measurements stamped t + step. */
static int
step(struct fed *f, double t_next)
{
	int i;

	f->now = t_next;
	for (i = 0; i < f->n_subs; i++)
		if (protect(f, &f->subs[i], t_next) != RTI_OK)
			return -1;
	for (i = 0; i < f->n_alarms; i++) {
		if (send_alarm(f, &f->alarms[i]) != RTI_OK) {
			fprintf(stderr, "%s: alarm: %s\n", f->s.name,
			    rti_error_message(f->s.amb));
			return -1;
		}
		f->alarms_sent++;
	}
	f->n_alarms = 0;
	for (i = 0; i < f->n_subs; i++)
		model(&f->subs[i], t_next);
	bundle_fill(f);
	if (bundle_send(f, &f->b_bus, t_next) < 0 ||
	    bundle_send(f, &f->b_brk, t_next) < 0 ||
	    bundle_send(f, &f->b_line, t_next) < 0 ||
	    bundle_send(f, &f->b_sub, t_next) < 0)
		return -1;
	return 0;
}

/* ---- start-up ---- */

static int
lookup_handles(struct fed *f)
{
	rti_ambassador *a = f->s.amb;

	if (sample_lookup_classes(&f->s, &f->oc) < 0)
		return -1;
	/* Name and Substation are inherited from Equipment: the same
	 * handles in every subclass. */
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_bus, "Name",
	    &f->a_name), "Equipment.Name");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_bus,
	    "Substation", &f->a_substation), "Equipment.Substation");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_bus, "Voltage",
	    &f->a_voltage), "Bus.Voltage");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_bus, "Angle",
	    &f->a_angle), "Bus.Angle");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_brk, "Status",
	    &f->a_status), "Breaker.Status");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_brk, "Current",
	    &f->a_brk_current), "Breaker.Current");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line,
	    "ActivePower", &f->a_p), "Line.ActivePower");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line,
	    "ReactivePower", &f->a_q), "Line.ReactivePower");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line, "Current",
	    &f->a_line_current), "Line.Current");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line,
	    "ToSubstation", &f->a_to), "Line.ToSubstation");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "Name",
	    &f->a_sub_name), "Substation.Name");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "Grid",
	    &f->a_sub_grid), "Substation.Grid");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "TotalLoad",
	    &f->a_load), "Substation.TotalLoad");
	return sample_lookup_events(&f->s, &f->ev);
}

/* Publish the classes it updates and the events it sends; subscribe to
 * the events of its own substations (conditions first, so that there is
 * no moment where it receives everything). */
static int
declare(struct fed *f)
{
	rti_attribute_handle bus[4], brk[4], line[6], sub[3];
	const char *conds[MAX_SUBS];
	int i;

	bus[0] = brk[0] = line[0] = f->a_name;
	bus[1] = brk[1] = line[1] = f->a_substation;
	bus[2] = f->a_voltage;
	bus[3] = f->a_angle;
	brk[2] = f->a_status;
	brk[3] = f->a_brk_current;
	line[2] = f->a_p;
	line[3] = f->a_q;
	line[4] = f->a_line_current;
	line[5] = f->a_to;
	sub[0] = f->a_sub_name;
	sub[1] = f->a_sub_grid;
	sub[2] = f->a_load;     /* Frequency is the grid simulator's */
	SAMPLE_CHECK(&f->s, rti_publish_object_class_attributes(f->s.amb,
	    f->oc.c_bus, bus, 4), "publish Bus");
	SAMPLE_CHECK(&f->s, rti_publish_object_class_attributes(f->s.amb,
	    f->oc.c_brk, brk, 4), "publish Breaker");
	SAMPLE_CHECK(&f->s, rti_publish_object_class_attributes(f->s.amb,
	    f->oc.c_line, line, 6), "publish Line");
	SAMPLE_CHECK(&f->s, rti_publish_object_class_attributes(f->s.amb,
	    f->oc.c_sub, sub, 3), "publish Substation");
	SAMPLE_CHECK(&f->s, rti_publish_interaction_class(f->s.amb, f->ev.i_trip),
	    "publish ProtectionTrip");
	SAMPLE_CHECK(&f->s, rti_publish_interaction_class(f->s.amb,
	    f->ev.i_alarm), "publish Alarm");
	/* every substation's condition in one request per class */
	for (i = 0; i < f->n_subs; i++)
		conds[i] = f->subs[i].cond;
	SAMPLE_CHECK(&f->s, rti_set_interaction_subscription_conditions(
	    f->s.amb, f->ev.i_switching, conds, (size_t)f->n_subs),
	    "conditions of Switching");
	SAMPLE_CHECK(&f->s, rti_set_interaction_subscription_conditions(
	    f->s.amb, f->ev.i_fault, conds, (size_t)f->n_subs),
	    "conditions of Fault");
	SAMPLE_CHECK(&f->s, rti_subscribe_interaction_class(f->s.amb,
	    f->ev.i_switching), "subscribe Switching");
	SAMPLE_CHECK(&f->s, rti_subscribe_interaction_class(f->s.amb,
	    f->ev.i_fault), "subscribe Fault");
	return 0;
}

/* Reserve the names of every instance, then register each with its send
 * condition. */
static int
register_all(struct fed *f)
{
	const char **names;
	char (*buf)[32];
	size_t n = (size_t)f->n_subs * (1 + N_BUS + N_BRK + N_LINE), x = 0;
	int i, k, rc = -1;

	names = calloc(n, sizeof *names);
	buf = calloc(n, sizeof *buf);
	if (!names || !buf)
		goto out;
	for (i = 0; i < f->n_subs; i++) {
		const char *s = f->subs[i].name;

		snprintf(buf[x++], sizeof *buf, "%s", s);
		for (k = 0; k < N_BUS; k++)
			snprintf(buf[x++], sizeof *buf, "%s.%s", s,
			    bus_names[k]);
		for (k = 0; k < N_BRK; k++)
			snprintf(buf[x++], sizeof *buf, "%s.%s", s,
			    brk_names[k]);
		for (k = 0; k < N_LINE; k++)
			snprintf(buf[x++], sizeof *buf, "%s.%s", s,
			    line_names[k]);
	}
	for (x = 0; x < n; x++)
		names[x] = buf[x];
	if (rti_reserve_multiple_object_instance_names(f->s.amb, names, n) !=
	    RTI_OK) {
		fprintf(stderr, "%s: reserve names: %s\n", f->s.name,
		    rti_error_message(f->s.amb));
		goto out;
	}
	if (sample_wait_for(&f->s, &f->reserve_answered, f->s.timeout,
	    "name reservation") < 0)
		goto out;
	if (!f->reserved) {
		fprintf(stderr, "%s: the instance names %s..%s are taken: "
		    "is another simulator running these substations? "
		    "(see --first)\n", f->s.name, f->subs[0].name,
		    f->subs[f->n_subs - 1].name);
		goto out;
	}
	for (i = 0, x = 0; i < f->n_subs; i++) {
		struct sub *s = &f->subs[i];

#define REG(cls, cond, h)                                                  \
	do {                                                                 \
		if (rti_register_object_instance_with_condition(f->s.amb,    \
		    cls, names[x++], cond, &(h)) != RTI_OK) {                \
			fprintf(stderr, "%s: register %s: %s\n", f->s.name,  \
			    names[x - 1], rti_error_message(f->s.amb));      \
			goto out;                                            \
		}                                                            \
	} while (0)
		REG(f->oc.c_sub, f->grid, s->self);
		for (k = 0; k < N_BUS; k++)
			REG(f->oc.c_bus, s->cond, s->bus[k]);
		for (k = 0; k < N_BRK; k++)
			REG(f->oc.c_brk, s->cond, s->brk[k]);
		for (k = 0; k < N_LINE; k++)
			REG(f->oc.c_line, s->cond, s->line[k]);
#undef REG
	}
	rc = 0;
out:
	free(names);
	free(buf);
	return rc;
}

static int
make_bundles(struct fed *f)
{
	rti_attribute_handle bus[2], brk[2], line[3], sub[1];
	size_t i, k, n = (size_t)f->n_subs;

	bus[0] = f->a_voltage;
	bus[1] = f->a_angle;
	brk[0] = f->a_status;
	brk[1] = f->a_brk_current;
	line[0] = f->a_p;
	line[1] = f->a_q;
	line[2] = f->a_line_current;
	sub[0] = f->a_load;
	if (bundle_init(&f->b_bus, f->oc.c_bus, n * N_BUS, bus, 2) < 0 ||
	    bundle_init(&f->b_brk, f->oc.c_brk, n * N_BRK, brk, 2) < 0 ||
	    bundle_init(&f->b_line, f->oc.c_line, n * N_LINE, line, 3) < 0 ||
	    bundle_init(&f->b_sub, f->oc.c_sub, n, sub, 1) < 0) {
		fprintf(stderr, "%s: out of memory\n", f->s.name);
		return -1;
	}
	for (i = 0; i < n * N_BRK; i++)
		f->b_brk.val[2 * i].length = 4;     /* Status: HLAinteger32BE
		    */
	f->b_brk.bytes = 4 + 8;
	for (i = 0; i < n; i++) {
		for (k = 0; k < N_BUS; k++)
			f->b_bus.inst[i * N_BUS + k].object =
			    f->subs[i].bus[k];
		for (k = 0; k < N_BRK; k++)
			f->b_brk.inst[i * N_BRK + k].object =
			    f->subs[i].brk[k];
		for (k = 0; k < N_LINE; k++)
			f->b_line.inst[i * N_LINE + k].object =
			    f->subs[i].line[k];
		f->b_sub.inst[i].object = f->subs[i].self;
	}
	return 0;
}

static int
send_all_static(struct fed *f)
{
	int i, k;

	for (i = 0; i < f->n_subs; i++) {
		struct sub *s = &f->subs[i];

		SAMPLE_CHECK(&f->s, send_static(f, s->self), "update");
		for (k = 0; k < N_BUS; k++)
			SAMPLE_CHECK(&f->s, send_static(f, s->bus[k]),
			    "update");
		for (k = 0; k < N_BRK; k++)
			SAMPLE_CHECK(&f->s, send_static(f, s->brk[k]),
			    "update");
		for (k = 0; k < N_LINE; k++)
			SAMPLE_CHECK(&f->s, send_static(f, s->line[k]),
			    "update");
	}
	return 0;
}

static void
print_summary(struct fed *f)
{
	struct rti_statistics st;

	if (rti_get_statistics(f->s.amb, &st) != RTI_OK)
		memset(&st, 0, sizeof st);
	printf("SUMMARY name=%s kind=substation grid=%s substations=%d "
	    "first=%s time=%.2f steps=%lu updates_sent=%llu "
	    "updates_suppressed=%llu bytes_sent=%llu bytes_suppressed=%llu "
	    "interactions_sent=%llu interactions_suppressed=%llu "
	    "updates_received=%llu interactions_received=%llu "
	    "switching=%lu faults=%lu trips=%lu alarms=%lu provided=%lu "
	    "foreign=%lu saves=%lu restores=%lu\n", f->s.name, f->grid,
	    f->n_subs, f->n_subs ? f->subs[0].name : "-", f->s.time,
	    f->s.steps, (unsigned long long)st.updates_sent,
	    (unsigned long long)st.updates_suppressed, f->bytes_sent,
	    f->bytes_suppressed, (unsigned long long)st.interactions_sent,
	    (unsigned long long)st.interactions_suppressed,
	    (unsigned long long)st.updates_received,
	    (unsigned long long)st.interactions_received, f->switchings,
	    f->faults, f->trips, f->alarms_sent, f->provided, f->foreign,
	    f->s.saves, f->s.restores);
}

/* ---- the time loop (sample_run) ---- */

static int
run_step(struct sample *s, double t)
{
	return step((struct fed *)s, t + s->step);
}

static const struct sample_ops substation_ops = {
	.kind = "substation",
	.name_help = "substation-SK",
	.state_header = STATE_HEADER,
	.save_model = save_model,
	.load_model = load_model,
	.commit_model = commit_model,
	.step = run_step,
};

/* ---- the command line ---- */

static void
usage(FILE *out)
{
	fprintf(out,
"Usage: substation [OPTION]...\n"
"Simulate substations of one grid: publish their bus, breaker, line and\n"
"substation measurements every step (timestamped, as class bundles, with\n"
"the send condition GRID/SUBSTATION), react to Switching and Fault.\n"
"\n"
"  -g, --grid NAME        grid of the substations (default north)\n"
"  -N, --substations N    number of substations (default 3, at most %d)\n"
"  -F, --first K          the first is SK (default 1): S1..SN\n",
	    MAX_SUBS);
	sample_usage(out, &substation_ops);
}

static double n_subs = 3, first = 1;

static int
option(struct sample *s, int c, const char *arg)
{
	struct fed *f = (struct fed *)s;

	switch (c) {
	case 'g': f->grid = arg; return 0;
	case 'N': return sample_number(arg, 1, MAX_SUBS, &n_subs);
	case 'F': return sample_number(arg, 1, 4000, &first);
	}
	return -1;
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "grid", required_argument, NULL, 'g' },
		{ "substations", required_argument, NULL, 'N' },
		{ "first", required_argument, NULL, 'F' },
		{ NULL, 0, NULL, 0 }
	};
	static struct fed f;    /* large: not on the stack */
	struct rti_callbacks cb;
	int i, rc, status = 1;

	sample_init(&f.s, &substation_ops);
	f.grid = "north";
	if ((rc = sample_options(&f.s, argc, argv, opts, "g:N:F:", option,
	    usage)) != 0)
		return rc == 1 ? 0 : rc;
	if (!*f.grid || strlen(f.grid) > 32) {
		usage(stderr);
		return 2;
	}
	snprintf(f.s.name, sizeof f.s.name, "substation-S%d", (int)first);
	f.n_subs = (int)n_subs;
	for (i = 0; i < f.n_subs; i++) {
		struct sub *s = &f.subs[i];
		int k;

		s->num = (int)first + i;
		snprintf(s->name, sizeof s->name, "S%d", s->num);
		snprintf(s->cond, sizeof s->cond, "%s/S%d", f.grid, s->num);
		s->fault_line = -1;
		for (k = 0; k < N_BRK; k++)
			s->closed[k] = 1;
	}
	sample_signals();

	memset(&cb, 0, sizeof cb);
	cb.multiple_object_instance_name_reservation_succeeded =
	    names_reserved;
	cb.multiple_object_instance_name_reservation_failed =
	    names_not_reserved;
	cb.receive_interaction = receive_interaction;
	cb.provide_attribute_value_update = provide_attribute_value_update;
	if (sample_join(&f.s, &cb) == 0) {
		printf("%s: joined %s as federate %u: substations %s..%s of "
		    "grid %s\n", f.s.name, f.s.federation,
		    (unsigned)f.s.self.id, f.subs[0].name,
		    f.subs[f.n_subs - 1].name, f.grid);
		if (lookup_handles(&f) == 0 && declare(&f) == 0 &&
		    register_all(&f) == 0 && make_bundles(&f) == 0 &&
		    sample_enable_time(&f.s, 1) == 0 &&
		    sample_synchronize(&f.s) == 0 && send_all_static(&f) == 0)
		    {
			printf("%s: running from t=%.2f in steps of %.3f s\n",
			    f.s.name, f.s.time, f.s.step);
			f.now = f.s.time;
			status = sample_run(&f.s) == 0 ? 0 : 1;
			print_summary(&f);
		}
	}
	/* Resigning deletes our instances: the others see them removed. */
	status = sample_leave(&f.s, status);
	bundle_free(&f.b_bus);
	bundle_free(&f.b_brk);
	bundle_free(&f.b_line);
	bundle_free(&f.b_sub);
	return status;
}
