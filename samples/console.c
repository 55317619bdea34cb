/* SPDX-License-Identifier: Apache-2.0 */
/*
 * console.c - a dispatcher or trainee console federate for data/fom/Grid.xml.
 *
 * It follows one substation (--substation S2, in --grid, "north" by
 * default) or every substation of one grid (--grid north alone), and
 * prints what happens there: the measurements every --every steps, and
 * each event as it comes - Switching, Fault, ProtectionTrip and Alarm
 * interactions and breakers opening or closing - one line each.
 *
 * It subscribes by condition: the substation simulators give every piece
 * of equipment of S2 in grid north the send condition "north/S2" (and
 * their interactions about it too), so a console that adds the
 * subscription condition "north/S2" receives S2 and nothing else; updates
 * nobody wants are not even sent.  To follow a grid it subscribes to the
 * Substation instances with the condition "north" (the simulators give
 * Substation instances their grid as condition) and adds "north/SK" for
 * each substation it discovers.  It counts anything of another substation
 * that reaches it as "foreign" (there should be none).
 *
 * Time: it is time constrained but not regulating - it sees the
 * timestamped measurements in time order and never holds the others back.
 * The simulators name instances "<substation>.<equipment>" ("S2.B1"),
 * which is how it tells which is which.  At exit it prints "SUMMARY
 * key=value ...".
 *
 * Save and restore (librti-save(3)): as substation.c, into
 * DIR/LABEL.NAME.state (--state-dir): its time loop and its view, the
 * last values shown of each followed substation and the instances it
 * knows.  After a restore it prints the restored view, what the operator
 * sees again.
 *
 *   rtiexec --fom-path data/fom
 *   samples/substation --grid north &
 *   samples/console --substation S2
 *   samples/console --grid north --every 100
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
#define MAX_SUBS 64             /* conditions on one subscription */
#define STATE_HEADER "# rti sample state 1 console"

static volatile sig_atomic_t interrupted;

/* A followed substation and its latest values. */
struct sub {
	char name[32];
	double v[2], p[2], q[2], load, freq;
	int status[3];                  /* breakers B1..B3: -1 unknown */
	int seen;                       /* a measurement came */
};

/* An instance it discovered. */
struct inst {
	rti_object_instance_handle obj;
	char kind;                      /* 'U' bus, 'B' breaker, 'L' line,
	                                   'S' substation, '?' */
	int sub;                        /* index in subs, -1: foreign */
	int k;                          /* BUS1 -> 0, B3 -> 2, ... */
	char name[64];
};

struct fed {
	rti_ambassador *amb;
	char name[128];
	const char *federation;
	const char *grid;               /* the grid followed or the grid of
	                                   the substation */
	const char *substation;         /* NULL: the whole grid */
	int listed, announced, synchronized;
	unsigned joined;
	int constrained, granted;
	double time;

	struct sub subs[MAX_SUBS];
	int n_subs;
	int equipment_subscribed;
	struct inst *insts;
	size_t n_insts, cap_insts;

	rti_object_class_handle c_bus, c_brk, c_line, c_sub;
	rti_attribute_handle a_voltage, a_angle, a_status, a_brk_current;
	rti_attribute_handle a_p, a_q, a_line_current;
	rti_attribute_handle a_load, a_freq;
	rti_interaction_class_handle i_switching, i_fault, i_trip, i_alarm;
	rti_parameter_handle p_sub, p_equip, p_op, p_operator, p_type, p_z;
	rti_parameter_handle p_dur, p_function, p_text, p_severity;

	/* save and restore */
	const char *state_dir;          /* --state-dir */
	char label[1025];               /* of the save or restore running */
	int live;                       /* 0 while a save or restore runs */
	int loaded, restored;           /* our state came back; resume */
	int advancing;                  /* a time advance request is out, */
	double target;                  /* to this time */
	struct sub load_subs[MAX_SUBS]; /* a state file being read */
	int n_load_subs, load_subscribed;
	struct inst *load_insts;
	size_t n_load_insts;

	/* the session's counters, not restored */
	unsigned long steps, discovered, reflections, removed, foreign;
	unsigned long switching, faults, trips, alarms, opened, closed;
	unsigned long saves, restores;
	int failed;                     /* a service failed in a callback */
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
 * (Status and Severity are never negative). */
static long
decode_i32(const void *v, uint32_t len)
{
	struct rti_decoder d;
	int32_t x;

	rti_decoder_init(&d, v, len);
	rti_decode_int32_be(&d, &x);
	return rti_decoder_done(&d) == RTI_OK ? x : -1;
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

/* Grid.xml's SwitchingOperation and FaultKind: the enumerators' values
 * and the words the instructor's script and the log use for them. */
struct value_name {
	long value;
	const char *name;
};
static const struct value_name switching_ops[] = {
	{ 0, "open" }, { 1, "close" }
};
static const struct value_name fault_kinds[] = {
	{ 1, "3ph" }, { 2, "1ph-g" }, { 3, "2ph" }, { 4, "2ph-g" }
};

/* The name of value v in t[0..n), "?" when it is none. */
static const char *
enum_name(const struct value_name *t, size_t n, long v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].value == v)
			return t[i].name;
	return "?";
}

/* ---- following substations ---- */

static int
sub_index(struct fed *f, const char *name)
{
	int i;

	for (i = 0; i < f->n_subs; i++)
		if (strcmp(f->subs[i].name, name) == 0)
			return i;
	return -1;
}

/*
 * Follow substation `name`: add its condition "<grid>/<name>" to the
 * subscriptions of the equipment classes and the events, and subscribe
 * them with the first condition (a subscription without any condition
 * would receive every substation).  The index, or -1.
 */
static int
follow(struct fed *f, const char *name)
{
	rti_object_class_handle oc[3];
	rti_interaction_class_handle ic[4];
	char cond[RTI_MAX_CONDITION + 1];
	struct sub *s;
	int i, k, rc = RTI_OK;

	if ((i = sub_index(f, name)) >= 0)
		return i;
	if (f->n_subs == MAX_SUBS)
		return -1;
	oc[0] = f->c_bus;
	oc[1] = f->c_brk;
	oc[2] = f->c_line;
	ic[0] = f->i_switching;
	ic[1] = f->i_fault;
	ic[2] = f->i_trip;
	ic[3] = f->i_alarm;
	snprintf(cond, sizeof cond, "%s/%s", f->grid, name);
	for (k = 0; k < 3 && rc == RTI_OK; k++)
		rc = rti_add_subscription_condition(f->amb, oc[k], cond);
	for (k = 0; k < 4 && rc == RTI_OK; k++)
		rc = rti_add_interaction_subscription_condition(f->amb, ic[k],
		    cond);
	if (rc == RTI_OK && !f->equipment_subscribed) {
		/* The measurements; Name and Substation (sent once) are
		 * implied by the instance names. */
		rti_attribute_handle bus[2], brk[2], line[3];

		bus[0] = f->a_voltage;
		bus[1] = f->a_angle;
		brk[0] = f->a_status;
		brk[1] = f->a_brk_current;
		line[0] = f->a_p;
		line[1] = f->a_q;
		line[2] = f->a_line_current;
		rc = rti_subscribe_object_class_attributes(f->amb, f->c_bus,
		    bus, 2);
		if (rc == RTI_OK)
			rc = rti_subscribe_object_class_attributes(f->amb,
			    f->c_brk, brk, 2);
		if (rc == RTI_OK)
			rc = rti_subscribe_object_class_attributes(f->amb,
			    f->c_line, line, 3);
		for (k = 0; k < 4 && rc == RTI_OK; k++)
			rc = rti_subscribe_interaction_class(f->amb, ic[k]);
		f->equipment_subscribed = rc == RTI_OK;
	}
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: follow %s: %s\n", f->name, cond,
		    rti_error_message(f->amb));
		f->failed = 1;
		return -1;
	}
	s = &f->subs[f->n_subs];
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	s->load = s->freq = NAN;
	for (k = 0; k < 3; k++)
		s->status[k] = -1;
	printf("%s: following %s (condition %s)\n", f->name, name, cond);
	return f->n_subs++;
}

static struct inst *
inst_find(struct fed *f, rti_object_instance_handle obj)
{
	size_t i;

	for (i = 0; i < f->n_insts; i++)
		if (f->insts[i].obj.id == obj.id)
			return &f->insts[i];
	return NULL;
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

/* Time of a message: its timestamp when it came in time order, otherwise
 * the console's logical time. */
static double
msg_time(const struct fed *f, const struct rti_message_info *info)
{
	return info && info->received_order == RTI_ORDER_TIMESTAMP ?
	    info->time.f64 : f->time;
}

static void
discover_object_instance(void *arg, rti_object_instance_handle obj,
    rti_object_class_handle cls, const char *name,
    rti_federate_handle producer)
{
	static const char *const equipment[] = { "BUS1", "BUS2", "B1", "B2",
	    "B3", "L1", "L2" };
	struct fed *f = arg;
	struct inst *in;
	char sub[32];
	const char *dot;
	int k;

	(void)producer;
	if (f->n_insts == f->cap_insts) {
		size_t cap = f->cap_insts ? 2 * f->cap_insts : 64;
		struct inst *p = realloc(f->insts, cap * sizeof *p);

		if (!p)
			return;
		f->insts = p;
		f->cap_insts = cap;
	}
	in = &f->insts[f->n_insts++];
	memset(in, 0, sizeof *in);
	in->obj = obj;
	snprintf(in->name, sizeof in->name, "%s", name);
	f->discovered++;
	in->kind = cls.id == f->c_bus.id ? 'U' : cls.id == f->c_brk.id ? 'B' :
	    cls.id == f->c_line.id ? 'L' : cls.id == f->c_sub.id ? 'S' : '?';
	/* "S2.B1" is breaker B1 of S2; a Substation instance is "S2". */
	dot = strchr(name, '.');
	snprintf(sub, sizeof sub, "%.*s", dot ? (int)(dot - name) :
	    (int)strlen(name), name);
	if (in->kind == 'S' && !f->substation)
		in->sub = follow(f, sub);  /* it has our grid's condition */
	else
		in->sub = sub_index(f, sub);
	for (k = 0; dot && k < 7; k++)
		if (strcmp(dot + 1, equipment[k]) == 0)
			in->k = k < 2 ? k : k < 5 ? k - 2 : k - 5;
	if (in->sub < 0)
		f->foreign++;
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

static void
reflect_attribute_values(void *arg, rti_object_instance_handle obj,
    const struct rti_attribute_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct fed *f = arg;
	struct inst *in = inst_find(f, obj);
	struct sub *s;
	size_t i;

	(void)tag;
	(void)tag_len;
	f->reflections++;
	if (!in || in->sub < 0) {
		f->foreign++;
		return;
	}
	s = &f->subs[in->sub];
	for (i = 0; i < n; i++) {
		uint32_t a = v[i].attribute.id;

		if (in->kind == 'U' && a == f->a_voltage.id) {
			s->v[in->k] = decode_f64(v[i].value, v[i].length);
			s->seen = 1;
		} else if (in->kind == 'L' && a == f->a_p.id) {
			s->p[in->k] = decode_f64(v[i].value, v[i].length);
			s->seen = 1;
		} else if (in->kind == 'L' && a == f->a_q.id) {
			s->q[in->k] = decode_f64(v[i].value, v[i].length);
		} else if (in->kind == 'S' && a == f->a_load.id) {
			s->load = decode_f64(v[i].value, v[i].length);
		} else if (in->kind == 'S' && a == f->a_freq.id) {
			s->freq = decode_f64(v[i].value, v[i].length);
		} else if (in->kind == 'B' && a == f->a_status.id) {
			int st = decode_i32(v[i].value, v[i].length) != 0;
			int *old = &s->status[in->k];

			if (*old >= 0 && st != *old) {
				printf("%s: t=%.2f %s breaker %s %s\n",
				    f->name, msg_time(f, info), s->name,
				    in->name, st ? "CLOSED" : "OPENED");
				if (st)
					f->closed++;
				else
					f->opened++;
			}
			*old = st;
		}
	}
}

static void
receive_interaction(void *arg, rti_interaction_class_handle cls,
    const struct rti_parameter_value *v, size_t n, const void *tag,
    size_t tag_len, const struct rti_message_info *info)
{
	struct fed *f = arg;
	char sub[32] = "?", equip[32] = "?", a[64] = "", b[64] = "";
	char text[160] = "";
	double z = NAN, dur = NAN;
	long severity = -1;
	size_t i;

	(void)tag;
	(void)tag_len;
	for (i = 0; i < n; i++) {
		uint32_t p = v[i].parameter.id;
		const void *x = v[i].value;
		uint32_t len = v[i].length;

		if (p == f->p_sub.id)
			decode_string(x, len, sub, sizeof sub);
		else if (p == f->p_equip.id)
			decode_string(x, len, equip, sizeof equip);
		else if (p == f->p_op.id)
			snprintf(a, sizeof a, "%s", enum_name(switching_ops,
			    2, decode_i32(x, len)));
		else if (p == f->p_type.id)
			snprintf(a, sizeof a, "%s", enum_name(fault_kinds, 4,
			    decode_i32(x, len)));
		else if (p == f->p_function.id)
			decode_string(x, len, a, sizeof a);
		else if (p == f->p_operator.id)
			decode_string(x, len, b, sizeof b);
		else if (p == f->p_text.id)
			decode_string(x, len, text, sizeof text);
		else if (p == f->p_z.id)
			z = decode_f64(x, len);
		else if (p == f->p_dur.id)
			dur = decode_f64(x, len);
		else if (p == f->p_severity.id)
			severity = decode_i32(x, len);
	}
	if (sub_index(f, sub) < 0)
		f->foreign++;
	if (cls.id == f->i_switching.id) {
		f->switching++;
		printf("%s: t=%.2f %s SWITCHING %s %s by %s\n", f->name,
		    msg_time(f, info), sub, a, equip, b);
	} else if (cls.id == f->i_fault.id) {
		f->faults++;
		printf("%s: t=%.2f %s FAULT %s on %s, %.2f ohm for %.2f s\n",
		    f->name, msg_time(f, info), sub, a, equip, z, dur);
	} else if (cls.id == f->i_trip.id) {
		f->trips++;
		printf("%s: t=%.2f %s PROTECTION TRIP of %s by %s\n", f->name,
		    msg_time(f, info), sub, equip, a);
	} else if (cls.id == f->i_alarm.id) {
		f->alarms++;
		printf("%s: t=%.2f %s ALARM [%ld] %s: %s\n", f->name,
		    msg_time(f, info), sub, severity, equip, text);
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
		if (interrupted || f->failed)
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

/* ---- output ---- */

static const char *
breaker(int status)
{
	return status < 0 ? "?" : status ? "closed" : "open";
}

static void
print_values(struct fed *f)
{
	int i;

	for (i = 0; i < f->n_subs; i++) {
		const struct sub *s = &f->subs[i];
		char extra[64] = "";

		if (!s->seen)
			continue;
		if (!isnan(s->freq))
			snprintf(extra, sizeof extra, ", %.3f Hz", s->freq);
		printf("%s: t=%.2f %s: BUS1 %.1f kV, BUS2 %.1f kV; "
		    "L1 %.1f MW %.1f Mvar, L2 %.1f MW %.1f Mvar; "
		    "B1 %s, B2 %s, B3 %s; load %.1f MW%s\n", f->name, f->time,
		    s->name, s->v[0], s->v[1], s->p[0], s->q[0], s->p[1],
		    s->q[1], breaker(s->status[0]), breaker(s->status[1]),
		    breaker(s->status[2]), isnan(s->load) ? s->p[0] + s->p[1] :
		    s->load, extra);
	}
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
 * The state file (after the time lines of save_state): the view - per
 * followed substation the last values shown ("sub NAME SEEN BUS1 BUS2 kV,
 * L1 L2 MW, L1 L2 Mvar, load, frequency, B1 B2 B3", -1 unknown) - and
 * every known instance ("inst HANDLE KIND SUB K NAME").  rtiexec restores
 * the subscriptions and what this federate knows; the view is ours.
 */
static void
save_model(struct fed *f, FILE *fp)
{
	size_t i;
	int k;

	fprintf(fp, "subs %d %d\n", f->n_subs, f->equipment_subscribed);
	for (k = 0; k < f->n_subs; k++) {
		const struct sub *s = &f->subs[k];

		fprintf(fp, "sub %s %d %.17g %.17g %.17g %.17g %.17g %.17g "
		    "%.17g %.17g %d %d %d\n", s->name, s->seen, s->v[0],
		    s->v[1], s->p[0], s->p[1], s->q[0], s->q[1], s->load,
		    s->freq, s->status[0], s->status[1], s->status[2]);
	}
	fprintf(fp, "insts %zu\n", f->n_insts);
	for (i = 0; i < f->n_insts; i++)
		fprintf(fp, "inst %u %c %d %d %s\n",
		    (unsigned)f->insts[i].obj.id, f->insts[i].kind,
		    f->insts[i].sub, f->insts[i].k, f->insts[i].name);
}

/* Read the model's part of a state file into f->load_*: 0, or -1 when a
 * field is missing or out of range. */
static int
load_model(struct fed *f, FILE *fp)
{
	int n, i, k;
	size_t m, j;

	if (state_scan(fp, "subs", 2, "%d %d", &n, &f->load_subscribed) < 0 ||
	    n < 0 || n > MAX_SUBS || (f->load_subscribed != 0 &&
	    f->load_subscribed != 1))
		return -1;
	for (i = 0; i < n; i++) {
		struct sub *s = &f->load_subs[i];
		double *x[8] = { &s->v[0], &s->v[1], &s->p[0], &s->p[1],
		    &s->q[0], &s->q[1], &s->load, &s->freq };

		if (state_scan(fp, "sub", 13, "%31s %d %lf %lf %lf %lf %lf "
		    "%lf %lf %lf %d %d %d", s->name, &s->seen, x[0], x[1],
		    x[2], x[3], x[4], x[5], x[6], x[7], &s->status[0],
		    &s->status[1], &s->status[2]) < 0 ||
		    (s->seen != 0 && s->seen != 1))
			return -1;
		for (k = 0; k < 8; k++)
			if (isinf(*x[k]))
				return -1;
		for (k = 0; k < 3; k++)
			if (s->status[k] < -1 || s->status[k] > 1)
				return -1;
	}
	f->n_load_subs = n;
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

		if (state_scan(fp, "inst", 5, "%u %c %d %d %63s", &id,
		    &in->kind, &in->sub, &in->k, in->name) < 0 ||
		    !strchr("UBLS?", in->kind) || in->kind == '\0' ||
		    in->sub < -1 || in->sub >= n || in->k < 0 || in->k > 2)
			return -1;
		in->obj.id = id;
	}
	return 0;
}

static void
commit_model(struct fed *f)
{
	struct inst *old = f->insts;

	memcpy(f->subs, f->load_subs, (size_t)f->n_load_subs *
	    sizeof *f->subs);
	f->n_subs = f->n_load_subs;
	f->equipment_subscribed = f->load_subscribed;
	f->insts = f->load_insts;
	f->n_insts = f->cap_insts = f->n_load_insts;
	if (!f->cap_insts)
		f->cap_insts = 1;
	f->load_insts = old;
}

/* What the operator sees again after a restore. */
static void
print_restored(struct fed *f)
{
	int i;

	for (i = 0; i < f->n_subs; i++) {
		const struct sub *s = &f->subs[i];

		if (s->seen)
			printf("%s: t=%.2f restored %s: %s B1 %s, B2 %s, "
			    "B3 %s; L1 %.1f MW %.1f Mvar, L2 %.1f MW "
			    "%.1f Mvar\n", f->name, f->time, f->label,
			    s->name, breaker(s->status[0]),
			    breaker(s->status[1]), breaker(s->status[2]),
			    s->p[0], s->q[0], s->p[1], s->q[1]);
	}
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
	print_restored(f);
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

	LOOKUP(rti_get_object_class_handle(a, "Bus", &f->c_bus), "Bus");
	LOOKUP(rti_get_object_class_handle(a, "Breaker", &f->c_brk),
	    "Breaker");
	LOOKUP(rti_get_object_class_handle(a, "Line", &f->c_line), "Line");
	LOOKUP(rti_get_object_class_handle(a, "Substation", &f->c_sub),
	    "Substation");
	LOOKUP(rti_get_attribute_handle(a, f->c_bus, "Voltage",
	    &f->a_voltage), "Bus.Voltage");
	LOOKUP(rti_get_attribute_handle(a, f->c_bus, "Angle", &f->a_angle),
	    "Bus.Angle");
	LOOKUP(rti_get_attribute_handle(a, f->c_brk, "Status",
	    &f->a_status), "Breaker.Status");
	LOOKUP(rti_get_attribute_handle(a, f->c_brk, "Current",
	    &f->a_brk_current), "Breaker.Current");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "Current",
	    &f->a_line_current), "Line.Current");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "ActivePower",
	    &f->a_p), "Line.ActivePower");
	LOOKUP(rti_get_attribute_handle(a, f->c_line, "ReactivePower",
	    &f->a_q), "Line.ReactivePower");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "TotalLoad",
	    &f->a_load), "Substation.TotalLoad");
	LOOKUP(rti_get_attribute_handle(a, f->c_sub, "Frequency",
	    &f->a_freq), "Substation.Frequency");
	LOOKUP(rti_get_interaction_class_handle(a, "Switching",
	    &f->i_switching), "Switching");
	LOOKUP(rti_get_interaction_class_handle(a, "Fault", &f->i_fault),
	    "Fault");
	LOOKUP(rti_get_interaction_class_handle(a, "ProtectionTrip",
	    &f->i_trip), "ProtectionTrip");
	LOOKUP(rti_get_interaction_class_handle(a, "Alarm", &f->i_alarm),
	    "Alarm");
	/* Substation and Equipment are GridEvent's: one handle each for all
	 * four classes. */
	LOOKUP(rti_get_parameter_handle(a, f->i_alarm, "Substation",
	    &f->p_sub), "GridEvent.Substation");
	LOOKUP(rti_get_parameter_handle(a, f->i_alarm, "Equipment",
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
	return 0;
}

/* One substation: follow it now.  A grid: follow the Substation instances
 * that carry the grid's condition, and each of them as it shows up. */
static int
declare(struct fed *f)
{
	rti_attribute_handle sub[2];

	if (f->substation)
		return follow(f, f->substation) < 0 ? -1 : 0;
	sub[0] = f->a_load;
	sub[1] = f->a_freq;
	if (rti_add_subscription_condition(f->amb, f->c_sub, f->grid) !=
	    RTI_OK || rti_subscribe_object_class_attributes(f->amb, f->c_sub,
	    sub, 2) != RTI_OK) {
		fprintf(stderr, "%s: subscribe Substation: %s\n", f->name,
		    rti_error_message(f->amb));
		return -1;
	}
	return 0;
}

static void
print_summary(struct fed *f)
{
	struct rti_statistics st;

	if (rti_get_statistics(f->amb, &st) != RTI_OK)
		memset(&st, 0, sizeof st);
	printf("SUMMARY name=%s kind=console follows=%s%s%s time=%.2f "
	    "steps=%lu substations=%d discovered=%lu reflections=%lu "
	    "switching=%lu faults=%lu trips=%lu alarms=%lu opened=%lu "
	    "closed=%lu removed=%lu foreign=%lu updates_received=%llu "
	    "interactions_received=%llu saves=%lu restores=%lu\n", f->name,
	    f->grid,
	    f->substation ? "/" : "", f->substation ? f->substation : "",
	    f->time, f->steps, f->n_subs, f->discovered, f->reflections,
	    f->switching, f->faults, f->trips, f->alarms, f->opened,
	    f->closed, f->removed, f->foreign,
	    (unsigned long long)st.updates_received,
	    (unsigned long long)st.interactions_received, f->saves,
	    f->restores);
}

static void
usage(FILE *out)
{
	fprintf(out,
"Usage: console [OPTION]...\n"
"Follow one substation or one grid by subscription condition and print its\n"
"measurements every N steps and each event as it happens.\n"
"\n"
"  -S, --substation NAME  follow this substation (e.g. S2) of --grid\n"
"  -g, --grid NAME        its grid; alone: follow every substation of it\n"
"                         (default north)\n"
"  -e, --every N          print the measurements every N steps (default 50)\n"
"  -u, --url URL          rtiexec to connect to (default tcp://127.0.0.1:%d)\n"
"  -f, --federation NAME  federation execution (default Grid)\n"
"  -n, --name NAME        federate name (default console-SUBSTATION or\n"
"                         console-GRID; rtiexec picks one when taken)\n"
"  -m, --fom FILE         FOM module (default %s, else\n"
"                         " FOM_NAME " in rtiexec's FOM path)\n"
"  -s, --step SECONDS     time step (default 0.02)\n"
"  -d, --duration SECONDS run this long in logical time (default 0: until\n"
"                         interrupted)\n"
"  -x, --speed FACTOR     logical seconds per wall-clock second at most\n"
"                         (default 1; 0: no limit)\n"
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
		{ "substation", required_argument, NULL, 'S' },
		{ "grid", required_argument, NULL, 'g' },
		{ "every", required_argument, NULL, 'e' },
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
	char defname[128];
	double every = 50, step_s = 0.02, duration = 0, speed = 1, peers = 0;
	double timeout = 30, t, t_end, wall0, t0;
	rti_time galt;
	int c, rc, defined, status = 1, joined = 0;

	f.federation = "Grid";
	f.grid = "north";
	f.state_dir = ".";
	f.live = 1;
	while ((c = getopt_long(argc, argv, "S:g:e:u:f:n:m:s:d:x:p:t:D:h",
	    opts, NULL)) != -1) {
		double *num = NULL, lo = 0, hi = 1e9;

		switch (c) {
		case 'S': f.substation = optarg; break;
		case 'g': f.grid = optarg; break;
		case 'e': num = &every; lo = 1; break;
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
			fprintf(stderr, "console: bad value '%s' for -%c\n",
			    optarg, c);
			return 2;
		}
	}
	if (optind < argc || !*f.grid || strlen(f.grid) > 30 ||
	    (f.substation && (!*f.substation || strlen(f.substation) > 30 ||
	    strchr(f.substation, '.')))) {
		usage(stderr);
		return 2;
	}
	if (!fom)
		fom = access(FOM_INSTALLED, R_OK) == 0 ? FOM_INSTALLED :
		    FOM_NAME;
	snprintf(defname, sizeof defname, "console-%s",
	    f.substation ? f.substation : f.grid);
	snprintf(f.name, sizeof f.name, "%s", name ? name : defname);
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
		fprintf(stderr, "console: out of memory\n");
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
	    "console", f.federation, &self);
	if (rc == RTI_ERR_FEDERATE_NAME_ALREADY_IN_USE && !name)
		rc = rti_join_federation_execution(f.amb, NULL, "console",
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

	if (lookup_handles(&f) < 0 || declare(&f) < 0)
		goto resign;
	if (rti_enable_time_constrained(f.amb) != RTI_OK ||
	    wait_for(&f, &f.constrained, timeout, "time constraint") < 0) {
		fprintf(stderr, "%s: enable time constrained: %s\n", f.name,
		    rti_error_message(f.amb));
		goto resign;
	}
	if (peers > 0 && synchronize(&f, (unsigned)peers, timeout) < 0)
		goto resign;
	/* Joining a running federation: jump close to where it is, in
	 * whole steps (the others started with it when synchronized). */
	if (peers == 0 && rti_query_galt(f.amb, &galt, &defined) == RTI_OK &&
	    defined && isfinite(galt.f64) && galt.f64 > f.time + step_s &&
	    advance(&f, f.time + step_s * floor((galt.f64 - f.time) /
	    step_s), timeout) < 0)
		goto resign;
	printf("%s: running from t=%.2f\n", f.name, f.time);

	t0 = t = f.time;
	t_end = duration > 0 ? t0 + duration - step_s / 2 : INFINITY;
	wall0 = now();
	while (!interrupted && !f.failed && t < t_end) {
		if (advance(&f, t + step_s, timeout) < 0)
			break;
		t = f.time;
		if (++f.steps % (unsigned long)every == 0)
			print_values(&f);
		/* A console has no reason to run ahead of the wall clock
		 * when nobody regulates the time. */
		if (speed > 0 && pump(&f, NULL, wall0 + (t - t0) / speed) < 0)
			break;
		if ((rc = settle(&f, timeout)) < 0)
			break;
		if (rc == 1 && speed > 0)
			wall0 = now() - (f.time - t0) / speed;
		t = f.time;
	}
	if (!f.failed && (interrupted || !(t < t_end)))
		status = 0;
	print_summary(&f);

resign:
	if (interrupted && !f.failed)
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
	free(f.insts);
	free(f.load_insts);
	return status;
}
