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
 * It shows, it does not compute: it needs what the simulators sent, not
 * a grant every step, so it asks for --refresh of logical time at a time
 * (0.2 s, ten 20 ms steps, by default; never past its next report).
 * rtiexec and librti hold its timestamped messages until the grant, so
 * each request wakes it once with all they sent meanwhile, each event
 * with its time; an event shows at most --refresh late.  Per step and
 * console that is a tenth of the wake-ups, requests and grants, on both
 * sides of the socket.
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
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <librti.h>

#include "sample.h"

#define MAX_SUBS 64             /* conditions on one subscription */
#define STATE_HEADER "# rti sample state 1 console"

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

/* The federate: the part every sample has (first, see sample.h), then
 * what it follows and shows. */
struct fed {
	struct sample s;
	const char *grid;               /* the grid followed or the grid of
	                                   the substation */
	const char *substation;         /* NULL: the whole grid */
	double refresh;                 /* logical time per advance */

	struct sub subs[MAX_SUBS];
	int n_subs;
	int equipment_subscribed;
	struct inst *insts;
	size_t n_insts, cap_insts;

	struct sample_classes oc;      /* Grid.xml's object classes */
	rti_attribute_handle a_voltage, a_angle, a_status, a_brk_current;
	rti_attribute_handle a_p, a_q, a_line_current;
	rti_attribute_handle a_load, a_freq;
	struct sample_events ev;       /* Grid.xml's interactions */

	struct sub load_subs[MAX_SUBS]; /* a state file being read */
	int n_load_subs, load_subscribed;
	struct inst *load_insts;
	size_t n_load_insts;

	/* the session's counters, not restored */
	unsigned long discovered, reflections, removed, foreign;
	unsigned long switching, faults, trips, alarms, opened, closed;
};

/* ---- values: Grid.xml's enumerations ---- */

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
	oc[0] = f->oc.c_bus;
	oc[1] = f->oc.c_brk;
	oc[2] = f->oc.c_line;
	ic[0] = f->ev.i_switching;
	ic[1] = f->ev.i_fault;
	ic[2] = f->ev.i_trip;
	ic[3] = f->ev.i_alarm;
	snprintf(cond, sizeof cond, "%s/%s", f->grid, name);
	for (k = 0; k < 3 && rc == RTI_OK; k++)
		rc = rti_add_subscription_condition(f->s.amb, oc[k], cond);
	for (k = 0; k < 4 && rc == RTI_OK; k++)
		rc = rti_add_interaction_subscription_condition(f->s.amb,
		    ic[k], cond);
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
		rc = rti_subscribe_object_class_attributes(f->s.amb, f->oc.c_bus,
		    bus, 2);
		if (rc == RTI_OK)
			rc = rti_subscribe_object_class_attributes(f->s.amb,
			    f->oc.c_brk, brk, 2);
		if (rc == RTI_OK)
			rc = rti_subscribe_object_class_attributes(f->s.amb,
			    f->oc.c_line, line, 3);
		for (k = 0; k < 4 && rc == RTI_OK; k++)
			rc = rti_subscribe_interaction_class(f->s.amb, ic[k]);
		f->equipment_subscribed = rc == RTI_OK;
	}
	if (rc != RTI_OK) {
		fprintf(stderr, "%s: follow %s: %s\n", f->s.name, cond,
		    rti_error_message(f->s.amb));
		f->s.failed = 1;
		return -1;
	}
	s = &f->subs[f->n_subs];
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	s->load = s->freq = NAN;
	for (k = 0; k < 3; k++)
		s->status[k] = -1;
	printf("%s: following %s (condition %s)\n", f->s.name, name, cond);
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

/* Time of a message: its timestamp when it came in time order, otherwise
 * the console's logical time. */
static double
msg_time(const struct fed *f, const struct rti_message_info *info)
{
	return info && info->received_order == RTI_ORDER_TIMESTAMP ?
	    info->time.f64 : f->s.time;
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
	in->kind = cls.id == f->oc.c_bus.id ? 'U' : cls.id == f->oc.c_brk.id ? 'B' :
	    cls.id == f->oc.c_line.id ? 'L' : cls.id == f->oc.c_sub.id ? 'S' : '?';
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
			s->v[in->k] = sample_decode_f64(v[i].value,
			    v[i].length);
			s->seen = 1;
		} else if (in->kind == 'L' && a == f->a_p.id) {
			s->p[in->k] = sample_decode_f64(v[i].value,
			    v[i].length);
			s->seen = 1;
		} else if (in->kind == 'L' && a == f->a_q.id) {
			s->q[in->k] = sample_decode_f64(v[i].value,
			    v[i].length);
		} else if (in->kind == 'S' && a == f->a_load.id) {
			s->load = sample_decode_f64(v[i].value, v[i].length);
		} else if (in->kind == 'S' && a == f->a_freq.id) {
			s->freq = sample_decode_f64(v[i].value, v[i].length);
		} else if (in->kind == 'B' && a == f->a_status.id) {
			int st = sample_decode_i32(v[i].value,
			    v[i].length) != 0;
			int *old = &s->status[in->k];

			if (*old >= 0 && st != *old) {
				printf("%s: t=%.2f %s breaker %s %s\n",
				    f->s.name, msg_time(f, info), s->name,
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

		if (p == f->ev.p_sub.id)
			sample_decode_string(x, len, sub, sizeof sub);
		else if (p == f->ev.p_equip.id)
			sample_decode_string(x, len, equip, sizeof equip);
		else if (p == f->ev.p_op.id)
			snprintf(a, sizeof a, "%s", enum_name(switching_ops,
			    2, sample_decode_i32(x, len)));
		else if (p == f->ev.p_type.id)
			snprintf(a, sizeof a, "%s", enum_name(fault_kinds, 4,
			    sample_decode_i32(x, len)));
		else if (p == f->ev.p_function.id)
			sample_decode_string(x, len, a, sizeof a);
		else if (p == f->ev.p_operator.id)
			sample_decode_string(x, len, b, sizeof b);
		else if (p == f->ev.p_text.id)
			sample_decode_string(x, len, text, sizeof text);
		else if (p == f->ev.p_z.id)
			z = sample_decode_f64(x, len);
		else if (p == f->ev.p_dur.id)
			dur = sample_decode_f64(x, len);
		else if (p == f->ev.p_severity.id)
			severity = sample_decode_i32(x, len);
	}
	if (sub_index(f, sub) < 0)
		f->foreign++;
	if (cls.id == f->ev.i_switching.id) {
		f->switching++;
		printf("%s: t=%.2f %s SWITCHING %s %s by %s\n", f->s.name,
		    msg_time(f, info), sub, a, equip, b);
	} else if (cls.id == f->ev.i_fault.id) {
		f->faults++;
		printf("%s: t=%.2f %s FAULT %s on %s, %.2f ohm for %.2f s\n",
		    f->s.name, msg_time(f, info), sub, a, equip, z, dur);
	} else if (cls.id == f->ev.i_trip.id) {
		f->trips++;
		printf("%s: t=%.2f %s PROTECTION TRIP of %s by %s\n",
		    f->s.name, msg_time(f, info), sub, equip, a);
	} else if (cls.id == f->ev.i_alarm.id) {
		f->alarms++;
		printf("%s: t=%.2f %s ALARM [%ld] %s: %s\n", f->s.name,
		    msg_time(f, info), sub, severity, equip, text);
	}
}

/* ---- output ---- */

static const char *
breaker(int status)
{
	return status < 0 ? "?" : status ? "closed" : "open";
}

static void
print_values(struct sample *smp)
{
	const struct fed *f = (const struct fed *)smp;
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
		    "B1 %s, B2 %s, B3 %s; load %.1f MW%s\n", f->s.name,
		    f->s.time, s->name, s->v[0], s->v[1], s->p[0], s->q[0],
		    s->p[1], s->q[1], breaker(s->status[0]),
		    breaker(s->status[1]), breaker(s->status[2]),
		    isnan(s->load) ? s->p[0] + s->p[1] : s->load, extra);
	}
}

/* ---- save and restore: the view in the state file (sample.c) ---- */

/*
 * The state file (after the lines of sample.c): the view - per
 * followed substation the last values shown ("sub NAME SEEN BUS1 BUS2 kV,
 * L1 L2 MW, L1 L2 Mvar, load, frequency, B1 B2 B3", -1 unknown) - and
 * every known instance ("inst HANDLE KIND SUB K NAME").  rtiexec restores
 * the subscriptions and what this federate knows; the view is ours.
 */
static void
save_model(struct sample *smp, FILE *fp)
{
	const struct fed *f = (const struct fed *)smp;
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
load_model(struct sample *smp, FILE *fp)
{
	struct fed *f = (struct fed *)smp;
	int n, i, k;
	size_t m, j;

	if (sample_scan(fp, "subs", 2, "%d %d", &n, &f->load_subscribed) < 0 ||
	    n < 0 || n > MAX_SUBS || (f->load_subscribed != 0 &&
	    f->load_subscribed != 1))
		return -1;
	for (i = 0; i < n; i++) {
		struct sub *s = &f->load_subs[i];
		double *x[8] = { &s->v[0], &s->v[1], &s->p[0], &s->p[1],
		    &s->q[0], &s->q[1], &s->load, &s->freq };

		if (sample_scan(fp, "sub", 13, "%31s %d %lf %lf %lf %lf %lf "
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
	if (sample_scan(fp, "insts", 1, "%zu", &m) < 0 || m > 1000000)
		return -1;
	free(f->load_insts);
	f->load_insts = calloc(m ? m : 1, sizeof *f->load_insts);
	f->n_load_insts = m;
	if (!f->load_insts)
		return -1;
	for (j = 0; j < m; j++) {
		struct inst *in = &f->load_insts[j];
		unsigned id;

		if (sample_scan(fp, "inst", 5, "%u %c %d %d %63s", &id,
		    &in->kind, &in->sub, &in->k, in->name) < 0 ||
		    !strchr("UBLS?", in->kind) || in->kind == '\0' ||
		    in->sub < -1 || in->sub >= n || in->k < 0 || in->k > 2)
			return -1;
		in->obj.id = id;
	}
	return 0;
}

static void
commit_model(struct sample *s)
{
	struct fed *f = (struct fed *)s;
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
print_restored(struct sample *smp)
{
	const struct fed *f = (const struct fed *)smp;
	int i;

	for (i = 0; i < f->n_subs; i++) {
		const struct sub *s = &f->subs[i];

		if (s->seen)
			printf("%s: t=%.2f restored %s: %s B1 %s, B2 %s, "
			    "B3 %s; L1 %.1f MW %.1f Mvar, L2 %.1f MW "
			    "%.1f Mvar\n", f->s.name, f->s.time, f->s.label,
			    s->name, breaker(s->status[0]),
			    breaker(s->status[1]), breaker(s->status[2]),
			    s->p[0], s->q[0], s->p[1], s->q[1]);
	}
}

/* ---- start-up ---- */

static int
lookup_handles(struct fed *f)
{
	rti_ambassador *a = f->s.amb;

	if (sample_lookup_classes(&f->s, &f->oc) < 0)
		return -1;
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_bus, "Voltage",
	    &f->a_voltage), "Bus.Voltage");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_bus, "Angle",
	    &f->a_angle), "Bus.Angle");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_brk, "Status",
	    &f->a_status), "Breaker.Status");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_brk, "Current",
	    &f->a_brk_current), "Breaker.Current");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line, "Current",
	    &f->a_line_current), "Line.Current");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line,
	    "ActivePower", &f->a_p), "Line.ActivePower");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line,
	    "ReactivePower", &f->a_q), "Line.ReactivePower");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "TotalLoad",
	    &f->a_load), "Substation.TotalLoad");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "Frequency",
	    &f->a_freq), "Substation.Frequency");
	return sample_lookup_events(&f->s, &f->ev);
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
	if (rti_add_subscription_condition(f->s.amb, f->oc.c_sub, f->grid) !=
	    RTI_OK || rti_subscribe_object_class_attributes(f->s.amb, f->oc.c_sub,
	    sub, 2) != RTI_OK) {
		fprintf(stderr, "%s: subscribe Substation: %s\n", f->s.name,
		    rti_error_message(f->s.amb));
		return -1;
	}
	return 0;
}

static void
print_summary(struct fed *f)
{
	struct rti_statistics st;

	if (rti_get_statistics(f->s.amb, &st) != RTI_OK)
		memset(&st, 0, sizeof st);
	printf("SUMMARY name=%s kind=console follows=%s%s%s time=%.2f "
	    "steps=%lu advances=%lu substations=%d discovered=%lu "
	    "reflections=%lu "
	    "switching=%lu faults=%lu trips=%lu alarms=%lu opened=%lu "
	    "closed=%lu removed=%lu foreign=%lu updates_received=%llu "
	    "interactions_received=%llu saves=%lu restores=%lu\n", f->s.name,
	    f->grid, f->substation ? "/" : "", f->substation ? f->substation :
	    "", f->s.time, f->s.steps, f->s.advances, f->n_subs,
	    f->discovered,
	    f->reflections, f->switching, f->faults, f->trips, f->alarms,
	    f->opened, f->closed, f->removed, f->foreign,
	    (unsigned long long)st.updates_received,
	    (unsigned long long)st.interactions_received, f->s.saves,
	    f->s.restores);
}

/* ---- what sample.c does with it ---- */

static const struct sample_ops console_ops = {
	.kind = "console",
	.name_help = "console-SUBSTATION or console-GRID",
	.state_header = STATE_HEADER,
	.report = print_values,
	.report_what = "the measurements",
	.save_model = save_model,
	.load_model = load_model,
	.commit_model = commit_model,
	.restored = print_restored,
};

/* ---- the command line ---- */

static void
usage(FILE *out)
{
	fprintf(out,
"Usage: console [OPTION]...\n"
"Follow one substation or one grid by subscription condition and print its\n"
"measurements every N steps and each event as it happens.  Time constrained\n"
"only: --step is its step, --speed at most its pace.\n"
"\n"
"  -S, --substation NAME  follow this substation (e.g. S2) of --grid\n"
"  -g, --grid NAME        its grid; alone: follow every substation of it\n"
"                         (default north)\n"
"  -r, --refresh SECONDS  advance this much logical time at a time, in\n"
"                         whole steps (default 0.2): an event shows at\n"
"                         most this late; --step: every step\n");
	sample_usage(out, &console_ops);
}

static int
option(struct sample *s, int c, const char *arg)
{
	struct fed *f = (struct fed *)s;

	if (c == 'S')
		f->substation = arg;
	else if (c == 'g')
		f->grid = arg;
	else if (c == 'r')
		return sample_number(arg, 0, 3600, &f->refresh);
	else
		return -1;
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "substation", required_argument, NULL, 'S' },
		{ "grid", required_argument, NULL, 'g' },
		{ "refresh", required_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 }
	};
	static struct fed f;    /* large: not on the stack */
	struct rti_callbacks cb;
	rti_time galt;
	double step;
	int rc, defined, status = 1;

	sample_init(&f.s, &console_ops);
	f.grid = "north";
	f.refresh = 0.2;
	if ((rc = sample_options(&f.s, argc, argv, opts, "S:g:r:", option,
	    usage)) != 0)
		return rc == 1 ? 0 : rc;
	/* Whole steps, at least one: the same times as the simulators'. */
	f.s.stride = f.refresh / f.s.step < 1e6 ?
	    (int)floor(f.refresh / f.s.step + 1e-9) : 1000000;
	if (f.s.stride < 1)
		f.s.stride = 1;
	if (!*f.grid || strlen(f.grid) > 30 || (f.substation &&
	    (!*f.substation || strlen(f.substation) > 30 ||
	    strchr(f.substation, '.')))) {
		usage(stderr);
		return 2;
	}
	snprintf(f.s.name, sizeof f.s.name, "console-%s",
	    f.substation ? f.substation : f.grid);
	sample_signals();

	memset(&cb, 0, sizeof cb);
	cb.discover_object_instance = discover_object_instance;
	cb.reflect_attribute_values = reflect_attribute_values;
	cb.remove_object_instance = remove_object_instance;
	cb.receive_interaction = receive_interaction;
	if (sample_join(&f.s, &cb) < 0)
		return sample_leave(&f.s, 1);
	printf("%s: joined %s as federate %u\n", f.s.name, f.s.federation,
	    (unsigned)f.s.self.id);
	step = f.s.step;
	if (lookup_handles(&f) < 0 || declare(&f) < 0 ||
	    sample_enable_time(&f.s, 0) < 0 || sample_synchronize(&f.s) < 0)
		goto leave;
	/* Joining a running federation: jump close to where it is, in
	 * whole steps (the others started with it when synchronized). */
	if (f.s.peers == 0 && rti_query_galt(f.s.amb, &galt, &defined) ==
	    RTI_OK && defined && isfinite(galt.f64) &&
	    galt.f64 > f.s.time + step && sample_advance(&f.s, f.s.time +
	    step * floor((galt.f64 - f.s.time) / step)) < 0)
		goto leave;
	printf("%s: running from t=%.2f\n", f.s.name, f.s.time);
	/* A console has no reason to run ahead of the wall clock when
	 * nobody regulates the time: --speed paces it. */
	status = sample_run(&f.s) == 0 ? 0 : 1;
	print_summary(&f);
leave:
	status = sample_leave(&f.s, status);
	free(f.insts);
	free(f.load_insts);
	return status;
}
