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
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <librti.h>

#include "sample.h"

#define MAX_GRIDS 16
#define F_NOMINAL 50.0          /* Hz */
#define DROOP 0.05              /* per unit frequency per unit load */
#define F_TIME_CONSTANT 0.5     /* s */
#define REF_TIME_CONSTANT 20.0  /* s: the secondary control's slowness */
#define STATE_HEADER "# rti sample state 1 grid"

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

/* The federate: the part every sample has (first, see sample.h), then
 * what it knows of the grids. */
struct fed {
	struct sample s;

	struct inst *insts;
	size_t n_insts, cap_insts;
	size_t *slot;                   /* hints for inst_find: index + 1 */
	size_t n_slots;                 /* a power of two, or 0 */
	struct grid grids[MAX_GRIDS];
	int n_grids;

	struct sample_classes oc;      /* Grid.xml's object classes */
	rti_attribute_handle a_substation, a_p, a_q;
	rti_attribute_handle a_sub_name, a_sub_grid, a_freq;
	struct sample_events ev;       /* Grid.xml's interactions */

	struct grid load_grids[MAX_GRIDS]; /* a state file being read */
	int n_load_grids;
	struct inst *load_insts;
	size_t n_load_insts;

	/* the session's counters, not restored */
	unsigned long reflections, trips, acquired, unavailable, removed;
};

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
			    f->s.name, name);
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
	in->is_line = cls.id == f->oc.c_line.id;
	snprintf(in->name, sizeof in->name, "%s", name);
	if (in->is_line) {
		want[0] = f->a_substation;
		(void)rti_request_attribute_value_update(f->s.amb, obj, want,
		    1, NULL, 0);
	} else {
		want[0] = f->a_sub_name;
		want[1] = f->a_sub_grid;
		(void)rti_request_attribute_value_update(f->s.amb, obj, want,
		    2, NULL, 0);
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
	if (rti_set_object_instance_condition(f->s.amb, in->obj, in->grid) !=
	    RTI_OK ||
	    rti_attribute_ownership_acquisition_if_available(f->s.amb, in->obj,
	    &freq, 1) != RTI_OK)
		fprintf(stderr, "%s: taking over %s.Frequency: %s\n",
		    f->s.name, in->name, rti_error_message(f->s.amb));
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
			sample_decode_string(v[i].value, v[i].length, in->sub,
			    sizeof in->sub);
		} else if (in->is_line && a == f->a_p.id) {
			in->p = sample_decode_f64(v[i].value, v[i].length);
			in->has_flow = 1;
		} else if (in->is_line && a == f->a_q.id) {
			in->q = sample_decode_f64(v[i].value, v[i].length);
		} else if (!in->is_line && a == f->a_sub_grid.id) {
			int first = !in->grid[0];

			sample_decode_string(v[i].value, v[i].length, in->grid,
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
	printf("%s: %s.Frequency belongs to another federate\n", f->s.name,
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
	if (cls.id != f->ev.i_trip.id)
		return;
	for (i = 0; i < n; i++) {
		if (v[i].parameter.id == f->ev.p_sub.id)
			sample_decode_string(v[i].value, v[i].length, sub,
			    sizeof sub);
		else if (v[i].parameter.id == f->ev.p_equip.id)
			sample_decode_string(v[i].value, v[i].length, equip,
			    sizeof equip);
		else if (v[i].parameter.id == f->ev.p_function.id)
			sample_decode_string(v[i].value, v[i].length, function,
			    sizeof function);
	}
	f->trips++;
	printf("%s: t=%.2f trip of %s %s by %s (condition %s)\n", f->s.name,
	    f->s.time, sub, equip, function,
	    info->condition ? info->condition : "none");
}

/* ---- save and restore: the model in the state file (sample.c) ---- */

/*
 * The state file (after the lines of sample.c): per grid its model
 * ("grid NAME LOAD MVAR F P_REF LINES SUBS LINES_BEFORE F_MIN F_MAX") and
 * every Line and Substation instance with the values it computes from
 * ("inst HANDLE IS_LINE HAS_FLOW OWNED P Q NAME SUB GRID", "-" for a name
 * not known yet).  rtiexec restores the instances and who owns Frequency.
 */
static void
save_model(struct sample *s, FILE *fp)
{
	const struct fed *f = (const struct fed *)s;
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

/* Read the model's part of a state file into f->load_*: 0, or -1 when a
 * field is missing or out of range. */
static int
load_model(struct sample *s, FILE *fp)
{
	struct fed *f = (struct fed *)s;
	size_t m, j;
	int n, k;

	if (sample_scan(fp, "grids", 1, "%d", &n) < 0 || n < 0 ||
	    n > MAX_GRIDS)
		return -1;
	for (k = 0; k < n; k++) {
		struct grid *g = &f->load_grids[k];

		if (sample_scan(fp, "grid", 10,
		    "%31s %lf %lf %lf %lf %d %d %d %lf %lf", g->name,
		    &g->load, &g->reactive, &g->f, &g->p_ref, &g->lines,
		    &g->subs, &g->lines_before, &g->f_min, &g->f_max) < 0 ||
		    !isfinite(g->load) || !isfinite(g->reactive) ||
		    !isfinite(g->f) || !isfinite(g->p_ref) || isnan(g->f_min)
		    || isnan(g->f_max) || g->lines < 0 || g->subs < 0 ||
		    g->lines_before < 0)
			return -1;
	}
	f->n_load_grids = n;
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

		if (sample_scan(fp, "inst", 9, "%u %d %d %d %lf %lf %63s %31s "
		    "%31s", &id, &in->is_line, &in->has_flow, &in->owned,
		    &in->p, &in->q, in->name, in->sub, in->grid) < 0 ||
		    !sample_is_flag(in->is_line) ||
		    !sample_is_flag(in->has_flow) || !sample_is_flag(in->owned)
		    || !isfinite(in->p) || !isfinite(in->q))
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
commit_model(struct sample *s)
{
	struct fed *f = (struct fed *)s;
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
		sample_encode_f64(raw[n], g->f);
		v[n].attribute = f->a_freq;
		v[n].value = raw[n];
		v[n].length = 8;
		bi[n].object = in->obj;
		bi[n].values = &v[n];
		bi[n].n_values = 1;
		n++;
	}
	if (n && rti_update_class_attribute_values_at(f->s.amb, f->oc.c_sub, bi,
	    n, NULL, 0, rti_time_f64(t), NULL) != RTI_OK) {
		fprintf(stderr, "%s: update Frequency: %s\n", f->s.name,
		    rti_error_message(f->s.amb));
		rc = -1;
	}
out:
	free(bi);
	free(v);
	free(raw);
	return rc;
}

static void
print_grids(struct sample *smp)
{
	const struct fed *f = (const struct fed *)smp;
	int k;

	for (k = 0; k < f->n_grids; k++) {
		const struct grid *g = &f->grids[k];

		printf("%s: t=%.2f %s: %d substations, %d lines, load %.1f MW "
		    "%.1f Mvar, f=%.3f Hz\n", f->s.name, f->s.time, g->name,
		    g->subs, g->lines, g->load, g->reactive, g->f);
	}
}

/* ---- start-up ---- */

static int
declare(struct fed *f)
{
	rti_ambassador *a = f->s.amb;
	rti_attribute_handle line[3], sub[2];

	if (sample_lookup_classes(&f->s, &f->oc) < 0)
		return -1;
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line,
	    "Substation", &f->a_substation), "Equipment.Substation");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line,
	    "ActivePower", &f->a_p), "Line.ActivePower");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_line,
	    "ReactivePower", &f->a_q), "Line.ReactivePower");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "Name",
	    &f->a_sub_name), "Substation.Name");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "Grid",
	    &f->a_sub_grid), "Substation.Grid");
	SAMPLE_LOOKUP(&f->s, rti_get_attribute_handle(a, f->oc.c_sub, "Frequency",
	    &f->a_freq), "Substation.Frequency");
	if (sample_lookup_events(&f->s, &f->ev) < 0)
		return -1;

	/* Plain subscriptions (no condition): everything of every grid. */
	line[0] = f->a_substation;
	line[1] = f->a_p;
	line[2] = f->a_q;
	sub[0] = f->a_sub_name;
	sub[1] = f->a_sub_grid;
	SAMPLE_CHECK(&f->s, rti_subscribe_object_class_attributes(a, f->oc.c_line,
	    line, 3), "subscribe Line");
	SAMPLE_CHECK(&f->s, rti_subscribe_object_class_attributes(a, f->oc.c_sub,
	    sub, 2), "subscribe Substation");
	SAMPLE_CHECK(&f->s, rti_subscribe_interaction_class(a, f->ev.i_trip),
	    "subscribe ProtectionTrip");
	SAMPLE_CHECK(&f->s, rti_publish_object_class_attributes(a, f->oc.c_sub,
	    &f->a_freq, 1), "publish Substation.Frequency");
	return 0;
}

static void
print_summary(struct fed *f)
{
	struct rti_statistics st;
	struct rti_server_statistics sv;
	int k;

	if (rti_get_statistics(f->s.amb, &st) != RTI_OK)
		memset(&st, 0, sizeof st);
	/* rtiexec's own counters, for all federations. */
	if (rti_query_server_statistics(f->s.amb, &sv) != RTI_OK)
		memset(&sv, 0, sizeof sv);
	printf("SUMMARY name=%s kind=grid time=%.2f steps=%lu grids=%d "
	    "reflections=%lu trips=%lu frequency_owned=%lu "
	    "updates_sent=%llu updates_suppressed=%llu updates_received=%llu "
	    "interactions_received=%llu rtiexec_routed=%llu "
	    "rtiexec_filtered=%llu saves=%lu restores=%lu", f->s.name,
	    f->s.time, f->s.steps, f->n_grids, f->reflections, f->trips,
	    f->acquired, (unsigned long long)st.updates_sent,
	    (unsigned long long)st.updates_suppressed,
	    (unsigned long long)st.updates_received,
	    (unsigned long long)st.interactions_received,
	    (unsigned long long)sv.routed, (unsigned long long)sv.filtered,
	    f->s.saves, f->s.restores);
	for (k = 0; k < f->n_grids; k++) {
		const struct grid *g = &f->grids[k];

		printf(" %s_lines=%d %s_load=%.1f %s_f=%.3f %s_fmax=%.3f",
		    g->name, g->lines, g->name, g->load, g->name, g->f,
		    g->name, g->f_max);
	}
	printf("\n");
}

/* ---- the time loop (sample_run) ---- */

/* Before each step: the flows stamped up to t are in; the totals at t,
 * the frequency for t + step. */
static int
step(struct sample *s, double t)
{
	struct fed *f = (struct fed *)s;

	compute(f, s->step);
	return publish(f, t + s->step);
}

static const struct sample_ops grid_ops = {
	.kind = "grid",
	.name_help = "grid",
	.state_header = STATE_HEADER,
	.report = print_grids,
	.report_what = "the grid totals",
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
"Usage: grid [OPTION]...\n"
"Grid-level simulator: add up the line flows of every substation per grid,\n"
"model the grid frequency and publish it as Substation.Frequency.\n"
"\n");
	sample_usage(out, &grid_ops);
}

int
main(int argc, char **argv)
{
	static struct fed f;    /* large: not on the stack */
	struct rti_callbacks cb;
	int rc, status = 1;

	sample_init(&f.s, &grid_ops);
	if ((rc = sample_options(&f.s, argc, argv, NULL, "", NULL,
	    usage)) != 0)
		return rc == 1 ? 0 : rc;
	snprintf(f.s.name, sizeof f.s.name, "grid");
	sample_signals();

	memset(&cb, 0, sizeof cb);
	cb.discover_object_instance = discover_object_instance;
	cb.reflect_class_bundle = reflect_class_bundle;
	cb.remove_object_instance = remove_object_instance;
	cb.receive_interaction = receive_interaction;
	cb.attribute_ownership_acquisition_notification =
	    acquisition_notification;
	cb.attribute_ownership_unavailable = ownership_unavailable;
	if (sample_join(&f.s, &cb) == 0) {
		printf("%s: joined %s as federate %u\n", f.s.name,
		    f.s.federation, (unsigned)f.s.self.id);
		if (declare(&f) == 0 && sample_enable_time(&f.s, 1) == 0 &&
		    sample_synchronize(&f.s) == 0) {
			printf("%s: running from t=%.2f in steps of %.3f s\n",
			    f.s.name, f.s.time, f.s.step);
			status = sample_run(&f.s) == 0 ? 0 : 1;
			print_summary(&f);
		}
	}
	/* Resigning gives up the Frequency attributes it owns. */
	status = sample_leave(&f.s, status);
	free(f.insts);
	free(f.slot);
	free(f.load_insts);
	return status;
}
