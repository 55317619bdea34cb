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

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define SYNC_LABEL "ready"
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

static volatile sig_atomic_t interrupted;

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
struct fed {
	rti_ambassador *amb;
	char name[128];
	const char *federation;
	const char *grid;
	int listed, announced, synchronized;
	int reserve_answered, reserved;   /* name reservation */
	unsigned joined;                /* from the last federation list */
	int regulating, constrained, granted;
	double time;                    /* logical time */
	double now;                     /* time of the state being computed:
	                                   events received now apply there */

	struct sub subs[MAX_SUBS];
	int n_subs;
	struct alarm alarms[MAX_ALARMS];
	int n_alarms;

	rti_object_class_handle c_bus, c_brk, c_line, c_sub;
	rti_attribute_handle a_name, a_substation;  /* of Equipment */
	rti_attribute_handle a_voltage, a_angle;    /* Bus */
	rti_attribute_handle a_status, a_brk_current;
	rti_attribute_handle a_p, a_q, a_line_current, a_to;
	rti_attribute_handle a_sub_name, a_sub_grid, a_load;
	rti_interaction_class_handle i_switching, i_fault, i_trip, i_alarm;
	rti_parameter_handle p_sw_sub, p_sw_equip, p_sw_op, p_sw_operator;
	rti_parameter_handle p_f_sub, p_f_equip, p_f_type, p_f_z, p_f_dur;
	rti_parameter_handle p_t_sub, p_t_equip, p_t_function;
	rti_parameter_handle p_a_sub, p_a_equip, p_a_text, p_a_severity;

	struct bundle b_bus, b_brk, b_line, b_sub;

	/* save and restore */
	const char *state_dir;          /* --state-dir */
	char label[1025];               /* of the save or restore running */
	int live;                       /* 0 while a save or restore runs */
	int loaded, restored, failed;   /* our state came back; resume */
	int advancing;                  /* a time advance request is out, */
	double target;                  /* to this time */
	struct sub load_subs[MAX_SUBS]; /* a state file being read */
	struct alarm load_alarms[MAX_ALARMS];
	int n_load_alarms;

	/* counters for the SUMMARY line: the session's, not restored */
	unsigned long saves, restores;
	unsigned long steps, switchings, faults, trips, alarms_sent, foreign;
	unsigned long alarms_dropped, provided;
	unsigned long long bytes_sent, bytes_suppressed;
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

/* HLAfloat64BE (every measurement: voltages, angles, currents, powers,
 * the load): x into p[0..7]. */
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

/* The HLAinteger32BE value v[0..len), -1 when the bytes are not one
 * (Grid.xml's enumerations here are never negative). */
static long
decode_i32(const void *v, uint32_t len)
{
	struct rti_decoder d;
	int32_t x;

	rti_decoder_init(&d, v, len);
	rti_decode_int32_be(&d, &x);
	return rti_decoder_done(&d) == RTI_OK ? x : -1;
}

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

/* HLAinteger32BE (breaker Status, alarm Severity): v into p[0..3]. */
static void
encode_i32(unsigned char *p, int32_t v)
{
	struct rti_encoder e;

	rti_encoder_init(&e, p, 4);
	rti_encode_int32_be(&e, v);
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

	printf("%s: t=%.2f %s %s: %s\n", f->name, f->now, s->name,
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

		if (p.id == f->p_sw_sub.id || p.id == f->p_f_sub.id)
			decode_string(v[i].value, v[i].length, sub,
			    sizeof sub);
		else if (p.id == f->p_sw_equip.id || p.id == f->p_f_equip.id)
			decode_string(v[i].value, v[i].length, equip,
			    sizeof equip);
		else if (p.id == f->p_sw_op.id)
			switching_word(decode_i32(v[i].value, v[i].length),
			    op, sizeof op);
		else if (p.id == f->p_sw_operator.id)
			decode_string(v[i].value, v[i].length, who,
			    sizeof who);
		else if (p.id == f->p_f_type.id)
			snprintf(type, sizeof type, "%s", fault_word(
			    decode_i32(v[i].value, v[i].length)));
		else if (p.id == f->p_f_z.id)
			z = decode_f64(v[i].value, v[i].length);
		else if (p.id == f->p_f_dur.id)
			duration = decode_f64(v[i].value, v[i].length);
	}
	s = find_sub(f, sub);
	if (!s) {
		/* The subscription conditions keep other substations' events
		 * away; this counts any that got through anyway. */
		f->foreign++;
		return;
	}
	if (cls.id == f->i_switching.id)
		on_switching(f, s, equip, op, who);
	else if (cls.id == f->i_fault.id)
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
		v[0].length = encode_string(buf[0], sizeof buf[0], s->name);
		v[1].attribute = f->a_sub_grid;
		v[1].length = encode_string(buf[1], sizeof buf[1], f->grid);
		n = 2;
	} else {
		v[0].attribute = f->a_name;
		v[0].length = encode_string(buf[0], sizeof buf[0],
		    kind == 'U' ? bus_names[k] : kind == 'B' ? brk_names[k] :
		    line_names[k]);
		v[1].attribute = f->a_substation;
		v[1].length = encode_string(buf[1], sizeof buf[1], s->name);
		n = 2;
		if (kind == 'L') {
			/* L1 goes to the next substation, L2 to the one
			 * before. */
			snprintf(to, sizeof to, "S%d", k == LINE1 ?
			    s->num + 1 : s->num > 1 ? s->num - 1 : s->num + 2);
			v[2].attribute = f->a_to;
			v[2].length = encode_string(buf[2], sizeof buf[2], to);
			n = 3;
		}
	}
	for (k = 0; k < (int)n; k++)
		v[k].value = buf[k];
	return rti_update_attribute_values(f->amb, obj, v, n, NULL, 0);
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

/*
 * With --peers N: wait until N federates have joined, then synchronize
 * them all at "ready", so that nobody starts before every federate has
 * published, subscribed and enabled time management.  Every federate
 * registers the point; all registrations but the first fail (the label is
 * taken), which is fine.
 */
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

/* Regulating with lookahead `step`, and constrained. */
static int
enable_time(struct fed *f, double step, double timeout)
{
	int rc;

	rc = rti_enable_time_regulation(f->amb, rti_time_f64(step));
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
	f->now = t;
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
 * The state file (after the time lines of save_state): the configuration
 * it belongs to, then per substation its breakers (B1 B2 B3, 1 closed),
 * the fault in progress (line or -1, type, ohm, start, end: protection
 * trips at start + TRIP_DELAY) and the alarms queued for the next step.
 */
static void
save_model(struct fed *f, FILE *fp)
{
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
load_model(struct fed *f, FILE *fp)
{
	char grid[40], name[16];
	int n, first, i, k;

	if (state_scan(fp, "grid", 1, "%39s", grid) < 0 ||
	    strcmp(grid, f->grid) != 0 ||
	    state_scan(fp, "substations", 2, "%d %d", &n, &first) < 0 ||
	    n != f->n_subs || first != f->subs[0].num)
		return -1;
	for (i = 0; i < n; i++) {
		struct sub *s = &f->load_subs[i];
		int *c = s->closed;

		*s = f->subs[i];
		if (state_scan(fp, "sub", 9, "%15s %d %d %d %d %15s %lf %lf %lf",
		    name, &c[BRK1], &c[BRK2], &c[BRK3], &s->fault_line,
		    s->fault_type, &s->fault_z, &s->fault_start,
		    &s->fault_end) < 0 || strcmp(name, s->name) != 0 ||
		    s->fault_line < -1 || s->fault_line >= N_LINE ||
		    !isfinite(s->fault_z) || s->fault_z < 0 ||
		    !isfinite(s->fault_start) || !isfinite(s->fault_end))
			return -1;
		for (k = 0; k < N_BRK; k++)
			if (c[k] != 0 && c[k] != 1)
				return -1;
	}
	if (state_scan(fp, "alarms", 1, "%d", &f->n_load_alarms) < 0 ||
	    f->n_load_alarms < 0 || f->n_load_alarms > MAX_ALARMS)
		return -1;
	for (i = 0; i < f->n_load_alarms; i++) {
		struct alarm *a = &f->load_alarms[i];

		if (state_scan(fp, "alarm", 4, "%d %d %15s %119[^\n]", &a->sub,
		    &a->severity, a->equipment, a->text) < 0 || a->sub < 0 ||
		    a->sub >= n || a->severity < 0 || a->severity > 3)
			return -1;
	}
	return 0;
}

/* The loaded state is the model's now; the step being computed is the
 * one the restored time loop was advancing to. */
static void
commit_model(struct fed *f)
{
	memcpy(f->subs, f->load_subs, (size_t)f->n_subs * sizeof *f->subs);
	memcpy(f->alarms, f->load_alarms,
	    (size_t)f->n_load_alarms * sizeof *f->alarms);
	f->n_alarms = f->n_load_alarms;
	f->now = f->advancing ? f->target : f->time;
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
	return rti_send_interaction_with_condition_at(f->amb, cls, v, n, NULL,
	    0, s->cond, rti_time_f64(f->now), NULL);
}

static int
send_alarm(struct fed *f, const struct alarm *a)
{
	const struct sub *s = &f->subs[a->sub];
	unsigned char b[4][300];
	struct rti_parameter_value v[4];
	int i;

	v[0].parameter = f->p_a_sub;
	v[0].length = encode_string(b[0], sizeof b[0], s->name);
	v[1].parameter = f->p_a_equip;
	v[1].length = encode_string(b[1], sizeof b[1], a->equipment);
	v[2].parameter = f->p_a_text;
	v[2].length = encode_string(b[2], sizeof b[2], a->text);
	v[3].parameter = f->p_a_severity;
	encode_i32(b[3], a->severity);
	v[3].length = 4;
	for (i = 0; i < 4; i++)
		v[i].value = b[i];
	return send_interaction(f, s, f->i_alarm, v, 4);
}

static int
send_trip(struct fed *f, const struct sub *s, int line)
{
	unsigned char b[3][64];
	struct rti_parameter_value v[3];
	int i;

	v[0].parameter = f->p_t_sub;
	v[0].length = encode_string(b[0], sizeof b[0], s->name);
	v[1].parameter = f->p_t_equip;
	v[1].length = encode_string(b[1], sizeof b[1], line_names[line]);
	v[2].parameter = f->p_t_function;
	v[2].length = encode_string(b[2], sizeof b[2], "21");
	for (i = 0; i < 3; i++)
		v[i].value = b[i];
	return send_interaction(f, s, f->i_trip, v, 3);
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

	if (rti_get_statistics(f->amb, &before) != RTI_OK)
		memset(&before, 0, sizeof before);
	rc = rti_update_class_attribute_values_at(f->amb, b->cls, b->inst,
	    b->n_inst, NULL, 0, rti_time_f64(t), NULL);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: update at %.3f: %s\n", f->name, t,
		    rti_error_message(f->amb));
		return -1;
	}
	if (rti_get_statistics(f->amb, &after) == RTI_OK) {
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

			encode_f64(f->b_bus.raw[x], s->v[k]);
			encode_f64(f->b_bus.raw[x + 1], s->angle[k]);
		}
		for (k = 0; k < N_BRK; k++) {
			size_t x = (size_t)(i * N_BRK + k) * 2;

			encode_i32(f->b_brk.raw[x], s->closed[k]);
			encode_f64(f->b_brk.raw[x + 1], s->i_brk[k]);
		}
		for (k = 0; k < N_LINE; k++) {
			size_t x = (size_t)(i * N_LINE + k) * 3;

			encode_f64(f->b_line.raw[x], s->p[k]);
			encode_f64(f->b_line.raw[x + 1], s->q[k]);
			encode_f64(f->b_line.raw[x + 2], s->i_line[k]);
		}
		encode_f64(f->b_sub.raw[i], s->load);
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
			fprintf(stderr, "%s: alarm: %s\n", f->name,
			    rti_error_message(f->amb));
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
	f->steps++;
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

static int
lookup_handles(struct fed *f)
{
	rti_ambassador *a = f->amb;
	rti_interaction_class_handle ev;

	LOOKUP(rti_get_object_class_handle(a, "Bus", &f->c_bus), "Bus");
	LOOKUP(rti_get_object_class_handle(a, "Breaker", &f->c_brk),
	    "Breaker");
	LOOKUP(rti_get_object_class_handle(a, "Line", &f->c_line), "Line");
	LOOKUP(rti_get_object_class_handle(a, "Substation", &f->c_sub),
	    "Substation");
	/* Name and Substation are inherited from Equipment: the same
	 * handles in every subclass. */
	LOOKUP(rti_get_attribute_handle(a, f->c_bus, "Name", &f->a_name),
	    "Equipment.Name");
	LOOKUP(rti_get_attribute_handle(a, f->c_bus, "Substation",
	    &f->a_substation), "Equipment.Substation");
	LOOKUP(rti_get_attribute_handle(a, f->c_bus, "Voltage",
	    &f->a_voltage), "Bus.Voltage");
	LOOKUP(rti_get_attribute_handle(a, f->c_bus, "Angle", &f->a_angle),
	    "Bus.Angle");
	LOOKUP(rti_get_attribute_handle(a, f->c_brk, "Status",
	    &f->a_status), "Breaker.Status");
	LOOKUP(rti_get_attribute_handle(a, f->c_brk, "Current",
	    &f->a_brk_current), "Breaker.Current");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "ActivePower",
	    &f->a_p), "Line.ActivePower");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "ReactivePower",
	    &f->a_q), "Line.ReactivePower");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "Current",
	    &f->a_line_current), "Line.Current");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "ToSubstation",
	    &f->a_to), "Line.ToSubstation");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "Name",
	    &f->a_sub_name), "Substation.Name");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "Grid",
	    &f->a_sub_grid), "Substation.Grid");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "TotalLoad",
	    &f->a_load), "Substation.TotalLoad");

	LOOKUP(rti_get_interaction_class_handle(a, "Switching",
	    &f->i_switching), "Switching");
	LOOKUP(rti_get_interaction_class_handle(a, "Fault", &f->i_fault),
	    "Fault");
	LOOKUP(rti_get_interaction_class_handle(a, "ProtectionTrip",
	    &f->i_trip), "ProtectionTrip");
	LOOKUP(rti_get_interaction_class_handle(a, "Alarm", &f->i_alarm),
	    "Alarm");
	ev = f->i_switching;
	LOOKUP(rti_get_parameter_handle(a, ev, "Substation", &f->p_sw_sub),
	    "GridEvent.Substation");
	LOOKUP(rti_get_parameter_handle(a, ev, "Equipment", &f->p_sw_equip),
	    "GridEvent.Equipment");
	LOOKUP(rti_get_parameter_handle(a, ev, "Operation", &f->p_sw_op),
	    "Switching.Operation");
	LOOKUP(rti_get_parameter_handle(a, ev, "Operator",
	    &f->p_sw_operator), "Switching.Operator");
	ev = f->i_fault;
	LOOKUP(rti_get_parameter_handle(a, ev, "Substation", &f->p_f_sub),
	    "GridEvent.Substation");
	LOOKUP(rti_get_parameter_handle(a, ev, "Equipment", &f->p_f_equip),
	    "GridEvent.Equipment");
	LOOKUP(rti_get_parameter_handle(a, ev, "FaultType", &f->p_f_type),
	    "Fault.FaultType");
	LOOKUP(rti_get_parameter_handle(a, ev, "Impedance", &f->p_f_z),
	    "Fault.Impedance");
	LOOKUP(rti_get_parameter_handle(a, ev, "Duration", &f->p_f_dur),
	    "Fault.Duration");
	ev = f->i_trip;
	LOOKUP(rti_get_parameter_handle(a, ev, "Substation", &f->p_t_sub),
	    "GridEvent.Substation");
	LOOKUP(rti_get_parameter_handle(a, ev, "Equipment", &f->p_t_equip),
	    "GridEvent.Equipment");
	LOOKUP(rti_get_parameter_handle(a, ev, "Function",
	    &f->p_t_function), "ProtectionTrip.Function");
	ev = f->i_alarm;
	LOOKUP(rti_get_parameter_handle(a, ev, "Substation", &f->p_a_sub),
	    "GridEvent.Substation");
	LOOKUP(rti_get_parameter_handle(a, ev, "Equipment", &f->p_a_equip),
	    "GridEvent.Equipment");
	LOOKUP(rti_get_parameter_handle(a, ev, "Text", &f->p_a_text),
	    "Alarm.Text");
	LOOKUP(rti_get_parameter_handle(a, ev, "Severity",
	    &f->p_a_severity), "Alarm.Severity");
	return 0;
}

#define CHECK(call, what)                                                    \
	do {                                                                 \
		if ((call) != RTI_OK) {                                      \
			fprintf(stderr, "%s: %s: %s\n", f->name, what,       \
			    rti_error_message(f->amb));                      \
			return -1;                                           \
		}                                                            \
	} while (0)

/* Publish the classes it updates and the events it sends; subscribe to
 * the events of its own substations (conditions first, so that there is
 * no moment where it receives everything). */
static int
declare(struct fed *f)
{
	rti_attribute_handle bus[4], brk[4], line[6], sub[3];
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
	CHECK(rti_publish_object_class_attributes(f->amb, f->c_bus, bus, 4),
	    "publish Bus");
	CHECK(rti_publish_object_class_attributes(f->amb, f->c_brk, brk, 4),
	    "publish Breaker");
	CHECK(rti_publish_object_class_attributes(f->amb, f->c_line, line, 6),
	    "publish Line");
	CHECK(rti_publish_object_class_attributes(f->amb, f->c_sub, sub, 3),
	    "publish Substation");
	CHECK(rti_publish_interaction_class(f->amb, f->i_trip),
	    "publish ProtectionTrip");
	CHECK(rti_publish_interaction_class(f->amb, f->i_alarm),
	    "publish Alarm");
	for (i = 0; i < f->n_subs; i++) {
		CHECK(rti_add_interaction_subscription_condition(f->amb,
		    f->i_switching, f->subs[i].cond), "condition");
		CHECK(rti_add_interaction_subscription_condition(f->amb,
		    f->i_fault, f->subs[i].cond), "condition");
	}
	CHECK(rti_subscribe_interaction_class(f->amb, f->i_switching),
	    "subscribe Switching");
	CHECK(rti_subscribe_interaction_class(f->amb, f->i_fault),
	    "subscribe Fault");
	return 0;
}

/* Reserve the names of every instance, then register each with its send
 * condition. */
static int
register_all(struct fed *f, double timeout)
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
	if (rti_reserve_multiple_object_instance_names(f->amb, names, n) !=
	    RTI_OK) {
		fprintf(stderr, "%s: reserve names: %s\n", f->name,
		    rti_error_message(f->amb));
		goto out;
	}
	if (wait_for(f, &f->reserve_answered, timeout, "name reservation") <
	    0)
		goto out;
	if (!f->reserved) {
		fprintf(stderr, "%s: the instance names %s..%s are taken: "
		    "is another simulator running these substations? "
		    "(see --first)\n", f->name, f->subs[0].name,
		    f->subs[f->n_subs - 1].name);
		goto out;
	}
	for (i = 0, x = 0; i < f->n_subs; i++) {
		struct sub *s = &f->subs[i];

#define REG(cls, cond, h)                                                  \
	do {                                                                 \
		if (rti_register_object_instance_with_condition(f->amb, cls, \
		    names[x++], cond, &(h)) != RTI_OK) {                      \
			fprintf(stderr, "%s: register %s: %s\n", f->name,    \
			    names[x - 1], rti_error_message(f->amb));        \
			goto out;                                            \
		}                                                            \
	} while (0)
		REG(f->c_sub, f->grid, s->self);
		for (k = 0; k < N_BUS; k++)
			REG(f->c_bus, s->cond, s->bus[k]);
		for (k = 0; k < N_BRK; k++)
			REG(f->c_brk, s->cond, s->brk[k]);
		for (k = 0; k < N_LINE; k++)
			REG(f->c_line, s->cond, s->line[k]);
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
	if (bundle_init(&f->b_bus, f->c_bus, n * N_BUS, bus, 2) < 0 ||
	    bundle_init(&f->b_brk, f->c_brk, n * N_BRK, brk, 2) < 0 ||
	    bundle_init(&f->b_line, f->c_line, n * N_LINE, line, 3) < 0 ||
	    bundle_init(&f->b_sub, f->c_sub, n, sub, 1) < 0) {
		fprintf(stderr, "%s: out of memory\n", f->name);
		return -1;
	}
	for (i = 0; i < n * N_BRK; i++)
		f->b_brk.val[2 * i].length = 4;     /* Status: HLAinteger32BE */
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

		CHECK(send_static(f, s->self), "update");
		for (k = 0; k < N_BUS; k++)
			CHECK(send_static(f, s->bus[k]), "update");
		for (k = 0; k < N_BRK; k++)
			CHECK(send_static(f, s->brk[k]), "update");
		for (k = 0; k < N_LINE; k++)
			CHECK(send_static(f, s->line[k]), "update");
	}
	return 0;
}

static void
print_summary(struct fed *f)
{
	struct rti_statistics st;

	if (rti_get_statistics(f->amb, &st) != RTI_OK)
		memset(&st, 0, sizeof st);
	printf("SUMMARY name=%s kind=substation grid=%s substations=%d "
	    "first=%s time=%.2f steps=%lu updates_sent=%llu "
	    "updates_suppressed=%llu bytes_sent=%llu bytes_suppressed=%llu "
	    "interactions_sent=%llu interactions_suppressed=%llu "
	    "updates_received=%llu interactions_received=%llu "
	    "switching=%lu faults=%lu trips=%lu alarms=%lu provided=%lu "
	    "foreign=%lu saves=%lu restores=%lu\n", f->name, f->grid, f->n_subs,
	    f->n_subs ? f->subs[0].name : "-", f->time, f->steps,
	    (unsigned long long)st.updates_sent,
	    (unsigned long long)st.updates_suppressed, f->bytes_sent,
	    f->bytes_suppressed, (unsigned long long)st.interactions_sent,
	    (unsigned long long)st.interactions_suppressed,
	    (unsigned long long)st.updates_received,
	    (unsigned long long)st.interactions_received, f->switchings,
	    f->faults, f->trips, f->alarms_sent, f->provided, f->foreign,
	    f->saves, f->restores);
}

static void
usage(FILE *out)
{
	fprintf(out,
"Usage: substation [OPTION]...\n"
"Simulate substations of one grid: publish their bus, breaker, line and\n"
"substation measurements every step (timestamped, as class bundles, with\n"
"the send condition GRID/SUBSTATION), react to Switching and Fault.\n"
"\n"
"  -u, --url URL          rtiexec to connect to (default tcp://127.0.0.1:%d)\n"
"  -f, --federation NAME  federation execution (default Grid)\n"
"  -n, --name NAME        federate name (default substation-SK, or one\n"
"                         rtiexec picks when that is taken)\n"
"  -m, --fom FILE         FOM module (default %s, else\n"
"                         " FOM_NAME " in rtiexec's FOM path)\n"
"  -g, --grid NAME        grid of the substations (default north)\n"
"  -N, --substations N    number of substations (default 3, at most %d)\n"
"  -F, --first K          the first is SK (default 1): S1..SN\n"
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
	    RTI_DEFAULT_PORT, FOM_INSTALLED, MAX_SUBS);
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
		{ "grid", required_argument, NULL, 'g' },
		{ "substations", required_argument, NULL, 'N' },
		{ "first", required_argument, NULL, 'F' },
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
	double n_subs = 3, first = 1, step_s = 0.02, duration = 0;
	double speed = 1, peers = 0, timeout = 30, t, t_end, wall0, t0;
	int c, i, rc, status = 1, joined = 0;

	f.federation = "Grid";
	f.grid = "north";
	f.state_dir = ".";
	f.live = 1;
	while ((c = getopt_long(argc, argv, "u:f:n:m:g:N:F:s:d:x:p:t:D:h", opts,
	    NULL)) != -1) {
		double *num = NULL, lo = 0, hi = 1e9;

		switch (c) {
		case 'u': url = optarg; break;
		case 'f': f.federation = optarg; break;
		case 'n': name = optarg; break;
		case 'm': fom = optarg; break;
		case 'g': f.grid = optarg; break;
		case 'N': num = &n_subs; lo = 1; hi = MAX_SUBS; break;
		case 'F': num = &first; lo = 1; hi = 4000; break;
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
			fprintf(stderr, "substation: bad value '%s' for -%c\n",
			    optarg, c);
			return 2;
		}
	}
	if (optind < argc || !*f.grid || strlen(f.grid) > 32) {
		usage(stderr);
		return 2;
	}
	if (!fom)
		fom = access(FOM_INSTALLED, R_OK) == 0 ? FOM_INSTALLED :
		    FOM_NAME;
	if (name)
		snprintf(f.name, sizeof f.name, "%s", name);
	else
		snprintf(f.name, sizeof f.name, "substation-S%d", (int)first);
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
	/* Line-buffered, so that lines of several federates interleave
	 * whole when their output goes to one file. */
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
	cb.multiple_object_instance_name_reservation_succeeded =
	    names_reserved;
	cb.multiple_object_instance_name_reservation_failed =
	    names_not_reserved;
	cb.receive_interaction = receive_interaction;
	cb.provide_attribute_value_update = provide_attribute_value_update;
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
		fprintf(stderr, "substation: out of memory\n");
		return 1;
	}
	if (rti_connect(f.amb, url, &cb, &f) != RTI_OK) {
		fprintf(stderr, "%s: cannot connect: %s\n", f.name,
		    rti_error_message(f.amb));
		goto out;
	}
	/* Create the federation; if another federate was first, join it. */
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
	    "substation", f.federation, &self);
	if (rc == RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE && !name)
		rc = rti_join_federation_execution(f.amb, NULL, "substation",
		    f.federation, &self);
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: cannot join %s: %s\n", f.name,
		    f.federation, rti_error_message(f.amb));
		goto out;
	}
	joined = 1;
	if (rti_get_federate_name(f.amb, self, &fname) == RTI_OK)
		snprintf(f.name, sizeof f.name, "%s", fname);
	printf("%s: joined %s as federate %u: substations %s..%s of grid %s\n",
	    f.name, f.federation, (unsigned)self.id, f.subs[0].name,
	    f.subs[f.n_subs - 1].name, f.grid);

	if (lookup_handles(&f) < 0 || declare(&f) < 0 ||
	    register_all(&f, timeout) < 0 || make_bundles(&f) < 0 ||
	    enable_time(&f, step_s, timeout) < 0)
		goto resign;
	if (peers > 0 && synchronize(&f, (unsigned)peers, timeout) < 0)
		goto resign;
	if (send_all_static(&f) < 0)
		goto resign;
	printf("%s: running from t=%.2f in steps of %.3f s\n", f.name, f.time,
	    step_s);

	/* The simulation loop.  Time advances from the granted time by
	 * adding the step: every federate computes the same times. */
	t0 = t = f.now = f.time;
	t_end = duration > 0 ? t0 + duration - step_s / 2 : INFINITY;
	wall0 = now();
	while (!interrupted && t < t_end) {
		if (step(&f, t + step_s) < 0 || advance(&f, t + step_s,
		    timeout) < 0)
			break;
		if (speed > 0 && pump(&f, NULL, wall0 + (f.time - t0) /
		    speed) < 0)
			break;
		/* A save or restore: wait it out; after a restore, pace
		 * from the restored time. */
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
	/* Resigning deletes our instances: the others see them removed. */
	if (joined && rti_resign_federation_execution(f.amb,
	    RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST) != RTI_OK) {
		fprintf(stderr, "%s: resign: %s\n", f.name,
		    rti_error_message(f.amb));
		status = 1;
	} else if (joined) {
		printf("%s: resigned at t=%.2f\n", f.name, f.time);
		/* The last one out destroys the federation. */
		(void)rti_destroy_federation_execution(f.amb, f.federation);
	}
out:
	rti_ambassador_free(f.amb);
	bundle_free(&f.b_bus);
	bundle_free(&f.b_brk);
	bundle_free(&f.b_line);
	bundle_free(&f.b_sub);
	return status;
}
