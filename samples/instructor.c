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
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <librti.h>

#include "sample.h"

#define MAX_EVENTS 64
#define MAX_SUBS 256
#define GRACE 1.0       /* s: wait this long for a substation to show up */
#define DEFAULT_SCRIPT "0.8:save:prefault;1.0:fault:S2:L1;" \
	"1.5:restore:prefault;1.8:close:S2:B1;2.2:open:S5:B2"
#define STATE_HEADER "# rti sample state 1 instructor"

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

/* The federate: the part every sample has (first, see sample.h; s.t0 is
 * the script's time 0), then the script and the substations it knows. */
struct fed {
	struct sample s;
	const char *operator_name;

	int load_done[MAX_EVENTS];      /* a state file being read */
	struct sub load_subs[MAX_SUBS];
	int n_load_subs;

	struct event events[MAX_EVENTS];
	int n_events;
	struct sub subs[MAX_SUBS];
	int n_subs;

	struct sample_classes oc;      /* Grid.xml's object classes */
	rti_attribute_handle a_sub_name, a_sub_grid;
	struct sample_events ev;       /* Grid.xml's interactions */

	unsigned long sent, skipped, trips, alarms;
};

/* ---- values: Grid.xml's enumerations ---- */

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
	(void)rti_request_attribute_value_update(f->s.amb, obj, want, 2, NULL,
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
			sample_decode_string(v[i].value, v[i].length, s->name,
			    sizeof s->name);
		else if (v[i].attribute.id == f->a_sub_grid.id)
			sample_decode_string(v[i].value, v[i].length, s->grid,
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

		if (p == f->ev.p_sub.id)
			sample_decode_string(v[i].value, v[i].length, sub,
			    sizeof sub);
		else if (p == f->ev.p_equip.id)
			sample_decode_string(v[i].value, v[i].length, equip,
			    sizeof equip);
		else if (p == f->ev.p_text.id || p == f->ev.p_function.id)
			sample_decode_string(v[i].value, v[i].length, text,
			    sizeof text);
		else if (p == f->ev.p_severity.id)
			severity = sample_decode_i32(v[i].value, v[i].length);
	}
	if (cls.id == f->ev.i_trip.id) {
		f->trips++;
		printf("%s: t=%.2f saw %s %s tripped by %s\n", f->s.name,
		    f->s.time, sub, equip, text);
	} else {
		f->alarms++;
		printf("%s: t=%.2f saw alarm [%ld] %s %s: %s\n", f->s.name,
		    f->s.time, severity, sub, equip, text);
	}
}

/* ---- save and restore: the script's progress in the state file
 * (sample.c) ---- */

/*
 * The state file (after the lines of sample.c): which events of
 * the script are done ("event I ACTION DONE", a restore step's flag is the
 * session's and is not taken back) and the substation table ("sub
 * INSTANCE NAME GRID", "-" for a grid not known yet).
 */
static void
save_model(struct sample *smp, FILE *fp)
{
	const struct fed *f = (const struct fed *)smp;
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
load_model(struct sample *smp, FILE *fp)
{
	struct fed *f = (struct fed *)smp;
	char action[8];
	unsigned id;
	int n, i, k;

	if (sample_scan(fp, "events", 1, "%d", &n) < 0 || n != f->n_events)
		return -1;
	for (i = 0; i < n; i++)
		if (sample_scan(fp, "event", 3, "%d %7s %d", &k, action,
		    &f->load_done[i]) < 0 || k != i ||
		    strcmp(action, f->events[i].action) != 0 ||
		    (f->load_done[i] != 0 && f->load_done[i] != 1))
			return -1;
	if (sample_scan(fp, "subs", 1, "%d", &f->n_load_subs) < 0 ||
	    f->n_load_subs < 0 || f->n_load_subs > MAX_SUBS)
		return -1;
	for (i = 0; i < f->n_load_subs; i++) {
		struct sub *s = &f->load_subs[i];

		if (sample_scan(fp, "sub", 3, "%u %31s %31s", &id, s->name,
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
commit_model(struct sample *smp)
{
	struct fed *f = (struct fed *)smp;
	int i;

	for (i = 0; i < f->n_events; i++)
		if (strcmp(f->events[i].action, "restore") != 0)
			f->events[i].done = f->load_done[i];
	memcpy(f->subs, f->load_subs, (size_t)f->n_load_subs *
	    sizeof *f->subs);
	f->n_subs = f->n_load_subs;
}

/* The requester's answer to a restore request. */
static void
restore_succeeded(void *arg, const char *label)
{
	struct fed *f = arg;

	printf("%s: t=%.2f restore %s accepted\n", f->s.name, f->s.time,
	    label);
}

static void
restore_failed(void *arg, const char *label, const char *reason)
{
	struct fed *f = arg;

	printf("%s: t=%.2f restore %s refused: %s\n", f->s.name, f->s.time,
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

	v[0].parameter = f->ev.p_sub;
	v[0].length = sample_encode_string(b[0], sizeof b[0], e->sub);
	v[1].parameter = f->ev.p_equip;
	v[1].length = sample_encode_string(b[1], sizeof b[1], e->equipment);
	if (strcmp(e->action, "fault") == 0) {
		cls = f->ev.i_fault;
		v[2].parameter = f->ev.p_type;     /* FaultKind */
		sample_encode_i32(b[2], value_of(fault_kinds, 4, e->arg));
		v[2].length = 4;
		v[3].parameter = f->ev.p_z;
		sample_encode_f64(b[3], 0.1);
		v[3].length = 8;
		v[4].parameter = f->ev.p_dur;
		sample_encode_f64(b[4], 0.5);
		v[4].length = 8;
		n = 5;
	} else {
		cls = f->ev.i_switching;
		v[2].parameter = f->ev.p_op;       /* SwitchingOperation */
		sample_encode_i32(b[2], value_of(switching_ops, 2, e->action));
		v[2].length = 4;
		v[3].parameter = f->ev.p_operator;
		v[3].length = sample_encode_string(b[3], sizeof b[3],
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
	return rti_send_interaction_with_condition_at(f->s.amb, cls, v, n,
	    NULL, 0, cond, rti_time_f64(f->s.time + f->s.lookahead), NULL);
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
			double at = f->s.time + f->s.lookahead;

			if (e->at > rel + f->s.lookahead + 1e-9)
				continue;
			e->done = 1;
			if (rti_request_federation_save_at_time(f->s.amb,
			    e->label, rti_time_f64(at)) != RTI_OK)
				printf("%s: t=%.2f save %s at %.2f refused: "
				    "%s\n", f->s.name, f->s.time, e->label, at,
				    rti_error_message(f->s.amb));
			else
				printf("%s: t=%.2f save %s requested at "
				    "t=%.2f\n", f->s.name, f->s.time, e->label,
				    at);
			continue;
		}
		if (e->at > rel + 1e-9)
			continue;
		if (strcmp(e->action, "restore") == 0) {
			e->done = 1;    /* once in the session */
			if (rti_request_federation_restore(f->s.amb, e->label)
			    != RTI_OK)
				printf("%s: t=%.2f restore %s refused: %s\n",
				    f->s.name, f->s.time, e->label,
				    rti_error_message(f->s.amb));
			else
				printf("%s: t=%.2f restore %s requested\n",
				    f->s.name, f->s.time, e->label);
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
			    "skipped %s %s\n", f->s.name, f->s.time, e->sub,
			    e->action, e->equipment);
			f->skipped++;
			e->done = 1;
			continue;
		}
		if (send_event(f, e, grid) != RTI_OK) {
			fprintf(stderr, "%s: send %s: %s\n", f->s.name,
			    e->action, rti_error_message(f->s.amb));
			return -1;
		}
		printf("%s: t=%.2f sent %s %s of %s/%s\n", f->s.name,
		    f->s.time, e->action, e->equipment, grid, e->sub);
		f->sent++;
		e->done = 1;
	}
	return 0;
}

/* ---- start-up ---- */

static int
declare(struct fed *f)
{
	rti_ambassador *a = f->s.amb;
	rti_attribute_handle sub[2];

	if (sample_lookup_classes(&f->s, &f->oc) < 0)
		return -1;
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "Name",
	    &f->a_sub_name), "Substation.Name");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "Grid",
	    &f->a_sub_grid), "Substation.Grid");
	if (sample_lookup_events(&f->s, &f->ev) < 0)
		return -1;

	sub[0] = f->a_sub_name;
	sub[1] = f->a_sub_grid;
	SAMPLE_CHECK(&f->s, rti_subscribe_object_class_attributes(a, f->oc.c_sub,
	    sub, 2), "subscribe Substation");
	SAMPLE_CHECK(&f->s, rti_subscribe_interaction_class(a, f->ev.i_trip),
	    "subscribe ProtectionTrip");
	SAMPLE_CHECK(&f->s, rti_subscribe_interaction_class(a, f->ev.i_alarm),
	    "subscribe Alarm");
	SAMPLE_CHECK(&f->s, rti_publish_interaction_class(a, f->ev.i_switching),
	    "publish Switching");
	SAMPLE_CHECK(&f->s, rti_publish_interaction_class(a, f->ev.i_fault),
	    "publish Fault");
	return 0;
}

static void
print_summary(struct fed *f)
{
	struct rti_statistics st;

	if (rti_get_statistics(f->s.amb, &st) != RTI_OK)
		memset(&st, 0, sizeof st);
	printf("SUMMARY name=%s kind=instructor time=%.2f events=%d sent=%lu "
	    "skipped=%lu substations=%d trips=%lu alarms=%lu "
	    "interactions_sent=%llu interactions_suppressed=%llu "
	    "updates_received=%llu interactions_received=%llu saves=%lu "
	    "restores=%lu\n", f->s.name, f->s.time, f->n_events, f->sent,
	    f->skipped, f->n_subs, f->trips, f->alarms,
	    (unsigned long long)st.interactions_sent,
	    (unsigned long long)st.interactions_suppressed,
	    (unsigned long long)st.updates_received,
	    (unsigned long long)st.interactions_received, f->s.saves,
	    f->s.restores);
}

/* ---- the time loop (sample_run) ---- */

/* Before each step: send what the script has due at t. */
static int
step(struct sample *s, double t)
{
	return run_script((struct fed *)s, t - s->t0);
}

static const struct sample_ops instructor_ops = {
	.kind = "instructor",
	.name_help = "instructor",
	.state_header = STATE_HEADER,
	.save_model = save_model,
	.load_model = load_model,
	.commit_model = commit_model,
	.step = step,
};

/* ---- the command line ---- */

static void
usage(FILE *out)
{
	fprintf(out,
"Usage: instructor [OPTION]...\n"
"Send faults and switching operations to the substation simulators on a\n"
"schedule, and print the trips and alarms that follow.  Without --duration\n"
"it runs until 1 s after the last event.\n"
"\n"
"  -c, --script EVENTS    TIME:ACTION:SUBSTATION:EQUIPMENT[:ARG];... with\n"
"                         ACTION fault (ARG: 3ph, 1ph-g, 2ph, 2ph-g), open\n"
"                         or close, TIME in seconds after the start;\n"
"                         or TIME:save:LABEL, TIME:restore:LABEL\n"
"                         (default \"" DEFAULT_SCRIPT "\")\n"
"  -o, --operator NAME    operator named in Switching (default instructor)\n");
	sample_usage(out, &instructor_ops);
}

static const char *script = DEFAULT_SCRIPT;

static int
option(struct sample *s, int c, const char *arg)
{
	struct fed *f = (struct fed *)s;

	if (c == 'c')
		script = arg;
	else if (c == 'o')
		f->operator_name = arg;
	else
		return -1;
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "script", required_argument, NULL, 'c' },
		{ "operator", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	static struct fed f;    /* large: not on the stack */
	struct rti_callbacks cb;
	int i, rc, status = 1;

	sample_init(&f.s, &instructor_ops);
	f.operator_name = "instructor";
	if ((rc = sample_options(&f.s, argc, argv, opts, "c:o:", option,
	    usage)) != 0)
		return rc == 1 ? 0 : rc;
	if (strlen(f.operator_name) > 32) {
		usage(stderr);
		return 2;
	}
	if (parse_script(&f, script) < 0)
		return 2;
	if (f.s.duration <= 0)
		f.s.duration = (f.n_events ? f.events[f.n_events - 1].at : 0) +
		    GRACE + f.s.step;
	snprintf(f.s.name, sizeof f.s.name, "instructor");
	sample_signals();

	memset(&cb, 0, sizeof cb);
	cb.discover_object_instance = discover_object_instance;
	cb.reflect_attribute_values = reflect_attribute_values;
	cb.remove_object_instance = remove_object_instance;
	cb.receive_interaction = receive_interaction;
	cb.request_federation_restore_succeeded = restore_succeeded;
	cb.request_federation_restore_failed = restore_failed;
	if (sample_join(&f.s, &cb) == 0) {
		printf("%s: joined %s as federate %u with %d events\n",
		    f.s.name, f.s.federation, (unsigned)f.s.self.id,
		    f.n_events);
		if (declare(&f) == 0 && sample_enable_time(&f.s, 1) == 0 &&
		    sample_synchronize(&f.s) == 0) {
			printf("%s: running from t=%.2f\n", f.s.name,
			    f.s.time);
			status = sample_run(&f.s) == 0 ? 0 : 1;
			for (i = 0; i < f.n_events; i++) {
				const struct event *e = &f.events[i];

				if (!e->done)
					printf("%s: not sent: %.2f:%s:%s:%s\n",
					    f.s.name, e->at, e->action,
					    e->label[0] ? e->label : e->sub,
					    e->equipment);
			}
			print_summary(&f);
		}
	}
	return sample_leave(&f.s, status);
}
