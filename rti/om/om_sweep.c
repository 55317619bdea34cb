/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_sweep.c - OM's part of a resign: what a leaver leaves in the
 * instances (knowledge, deletions, attributes to release, relevance, names).
 *
 * A federate leaving a federation of more than
 * OM_SWEEP_MIN instances and names leaves at once (its reply, its removal
 * from the federation), and what it leaves behind in every instance is
 * done afterwards by a sweep of the instance list, OM_SWEEP_WORK units of
 * work per loop turn (sweep_cb): it is forgotten as a knower, the
 * instances its action deletes are removed (remove callbacks to their
 * knowers, in list order, as a resign in one turn sends them), its
 * attributes of the others are released to waiting acquirers
 * (the release_leavers event), relevance is recomputed for the classes it
 * subscribed, then its unused name reservations go.  A federate leaving
 * while a pass runs waits for the next one.  Until its pass removes them,
 * the instances a leaver deletes are doomed (om_doomed()): every service,
 * om_find and om_first/om_next treat them as deleted already, and their
 * names stay in use.  Destroying the federation or shutting down drops
 * what is left (nobody is joined to be told).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "om_int.h"

#define OM_SWEEP_MIN 4096         /* instances + names resigned in one go */
#define OM_SWEEP_WORK 2048        /* per loop turn: an instance visited 1,
                                     a remove callback 4 */

int
om_resign_deferred(struct federation *fx)
{
	struct om_fx *st = om_fxst(fx);

	return st && idmap_count(&st->inst_map) +
	    idmap_count(&st->name_map) > OM_SWEEP_MIN;
}

int
om_leaving(struct federation *fx, uint32_t fed)
{
	struct om_fx *st = om_fxst(fx);

	return st && st->sweeping && om_leaver_find(&st->pass[0], fed);
}

/* Add leaver `fed` to pass `p`.  0 or -1. */
static int
pass_add(struct om_fx *st, struct om_pass *p, uint32_t fed, int del)
{
	size_t i;

	if (!p->rel && !(p->rel = calloc(st->n_oc + 1, 1)))
		return -1;
	if (wire_grow((void **)&p->v, &p->cap, p->n + 1, sizeof *p->v))
		return -1;
	for (i = p->n; i > 0 && p->v[i - 1].fed > fed; i--)
		p->v[i] = p->v[i - 1];
	p->v[i].fed = fed;
	p->v[i].del = (uint8_t)del;
	p->n++;
	p->n_del += del != 0;
	return 0;
}

/* Carry out the leavers of the running pass on `in`.  The work units
 * spent. */
static size_t
sweep_instance(struct federation *fx, struct om_fx *st,
    struct om_instance *in)
{
	const struct om_pass *p = &st->pass[0];
	const struct om_leaver *l;
	uint32_t i, o;
	size_t work;

	if (in->trans)
		om_transport_forget_leavers(in, p);
	for (i = 0; i < in->n_known;)
		if (om_leaver_find(p, in->known[i].fed))
			in->known[i] = in->known[--in->n_known];
		else
			i++;
	o = om_owner(in, OM_PRIVILEGE_TO_DELETE);
	if (o && (l = om_leaver_find(p, o)) && l->del) {
		work = 1 + 4 * (size_t)in->n_known;
		om_remove_instance(fx, in, o, NULL, 0);
		return work;
	}
	for (i = 0; i < in->n_attrs; i++)
		if (in->owner[i] && om_leaver_find(p, in->owner[i])) {
			server_release_leavers(fx, in, 0);
			break;
		}
	if (p->rel[in->cls])
		om_relevance(fx, in);
	return 1;
}

/* Start the pass of the leavers waiting: 0, or -1 when none waits. */
static int
pass_start(struct federation *fx, struct om_fx *st)
{
	struct om_pass t = st->pass[0];
	uint32_t c, k;

	if (!st->pass[1].n)
		return -1;
	st->pass[0] = st->pass[1];
	st->pass[1] = t;
	st->pass[1].n = st->pass[1].n_del = 0;
	if (st->pass[1].rel)
		memset(st->pass[1].rel, 0, st->n_oc + 1);
	/* relevance for the classes subscribed and their subclasses */
	for (c = 1; c <= st->n_oc; c++)
		for (k = c; k && !st->pass[0].rel[c]; k =
		    fom_oclass(fx->fom, k)->parent)
			if (st->pass[0].rel[k] == 1)
				st->pass[0].rel[c] = 2;
	st->sweeping = 1;
	st->sweep_at = st->list;
	idmap_iter_init(&st->name_map, &st->sweep_names);
	return 0;
}

/* One slice of the sweep: OM_SWEEP_WORK units, instances first, then the
 * name reservations of the leavers (a slice ends between chains of the
 * name table, where the other services may remove any name; a
 * reservation growing the table starts the names over). */
static void
sweep_cb(evutil_socket_t fd, short what, void *arg)
{
	static const struct timeval now = { 0, 0 };
	struct federation *fx = arg;
	struct om_fx *st = om_fxst(fx);
	struct idmap_iter *it = &st->sweep_names;
	struct om_name *ne;
	size_t work = 0, chains;
	int between;

	(void)fd;
	(void)what;
	if (!st->sweeping && pass_start(fx, st) < 0)
		return;
	while (st->sweep_at && work < OM_SWEEP_WORK) {
		struct om_instance *in = st->sweep_at;

		st->sweep_at = in->next;
		work += sweep_instance(fx, st, in);
	}
	while (!st->sweep_at && ((between = idmap_iter_between(it)) == 0 ||
	    work < OM_SWEEP_WORK)) {
		/* a chain costs 1, a name 1; the one entered is finished */
		chains = it->entered;
		ne = om_name_of(idmap_iter_next_max(&st->name_map, it, between ?
		    OM_SWEEP_WORK - work : 0));
		work += it->entered - chains + 1;
		if (!ne)
			break;
		if (!ne->reserver || !om_leaver_find(&st->pass[0],
		    ne->reserver))
			continue;
		if (ne->inst)
			ne->reserver = 0;
		else
			om_name_del(st, ne);
	}
	if (st->sweep_at || !idmap_iter_done(&st->name_map, it)) {
		evtimer_add(st->sweep_ev, &now);
		return;
	}
	rti_log(fx->srv, LOG_DEBUG, "%s: resign sweep of %zu federates done",
	    fx->name, st->pass[0].n);
	st->pass[0].n = st->pass[0].n_del = 0;
	st->sweeping = 0;
	if (st->pass[1].n)
		evtimer_add(st->sweep_ev, &now);
}

/* Leave the resign of `f` to the sweep.  0, or -1 (out of memory: the
 * caller resigns it in one go). */
static int
sweep_add(struct federate *f, int del)
{
	static const struct timeval now = { 0, 0 };
	struct federation *fx = f->fx;
	struct om_fx *st = om_fxst(fx);

	if (!st->sweep_ev && !(st->sweep_ev = evtimer_new(server_base(fx->srv),
	    sweep_cb, fx)))
		return -1;
	if (pass_add(st, &st->pass[1], f->handle, del) < 0)
		return -1;
	if (!evtimer_pending(st->sweep_ev, NULL))
		evtimer_add(st->sweep_ev, &now);
	return 0;
}

/*
 * A federate leaves: it forgets every instance; the delete actions delete
 * the instances it may delete (remove to the others); the divest actions
 * release its other attributes; its unused name reservations go.
 * NO_ACTION and CANCEL_PENDING leave ownership as it is.  In a large
 * federation all of it is left to the sweep.
 */
void
om_sweep_resign(struct federate *f, int action)
{
	struct federation *fx = f->fx;
	struct om_fx *st = om_fxst(fx);
	struct om_instance *in, *next;
	struct idmap_iter it;
	struct om_name *ne;
	int del, divest, owm_left;
	uint32_t i;

	if (!st)
		return;
	del = action == RTI_RESIGN_DELETE_OBJECTS ||
	    action == RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST ||
	    action == RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST;
	divest = action == RTI_RESIGN_UNCONDITIONALLY_DIVEST_ATTRIBUTES ||
	    action == RTI_RESIGN_DELETE_OBJECTS_THEN_DIVEST ||
	    action == RTI_RESIGN_CANCEL_THEN_DELETE_THEN_DIVEST;
	if ((owm_left = om_resign_deferred(fx)) && sweep_add(f, del) == 0)
		return;
	if (owm_left)
		rti_log(fx->srv, LOG_ERROR, "out of memory: resigning "
		    "federate %u in one loop turn", f->handle);
	for (in = st->list; in; in = next) {
		next = in->next;
		om_known_del(in, f->handle);
		if (del && om_owner(in, OM_PRIVILEGE_TO_DELETE) == f->handle) {
			om_remove_instance(fx, in, f->handle, NULL, 0);
			continue;
		}
		if (owm_left)
			server_release_leavers(fx, in, f->handle);
		for (i = 0; divest && i < in->n_attrs; i++)
			if (in->owner[i] == f->handle)
				in->owner[i] = 0;
		om_sole_update(in);
	}
	idmap_iter_init(&st->name_map, &it);
	while ((ne = om_name_of(idmap_iter_next(&st->name_map, &it)))) {
		if (ne->reserver != f->handle)
			continue;
		if (ne->inst)
			ne->reserver = 0;
		else
			om_name_del(st, ne);
	}
}
