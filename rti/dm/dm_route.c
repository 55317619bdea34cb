/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dm_route.c - DM's read side (dm.h), for the modules above it: what a
 * federate publishes and subscribes and its advisory switches, and the
 * per-class routing index: for a class, every federate subscribed to it
 * or to a superclass, with the most specific subscribed class (the class
 * it knows an instance or interaction as), built on demand and cached
 * until the next subscription change (dm_fx.gen).
 */
#include "config.h"

#include <stdlib.h>

#include "dm_int.h"

size_t
dm_words(struct federation *fx)
{
	return dm_fxst(fx)->words;
}

const uint64_t *
dm_published(struct federate *f, uint32_t cls)
{
	struct dm_fed *df = dm_fst(f);

	if (!df || cls == 0 || cls > dm_fxst(f->fx)->n_oc)
		return NULL;
	return df->pub[cls];
}

int
dm_iclass_published(struct federate *f, uint32_t cls)
{
	struct dm_fed *df = dm_fst(f);

	if (!df || cls == 0 || cls > dm_fxst(f->fx)->n_ic)
		return 0;
	return df->pub_ic[cls];
}

int
dm_switch(struct federate *f, int sw)
{
	struct dm_fed *df = dm_fst(f);

	return df && sw >= 0 && sw < 3 && df->sw[sw];
}

uint32_t
dm_attr_advisers(struct federation *fx)
{
	return dm_fxst(fx)->n_attr_adv;
}

/* ---- the routing index ---- */

static uint32_t
parent_of(struct federation *fx, int interaction, uint32_t k)
{
	return interaction ? fom_iclass(fx->fom, k)->parent :
	    fom_oclass(fx->fom, k)->parent;
}

/* Routes of `cls`: the subscribers at it and at its superclasses, each
 * once with its most specific class (a stamp per federate keeps them
 * unique: linear in the subscribers), and how many of them are active
 * and not leaving. */
static void
route_build(struct federation *fx, struct dm_class *tab, uint32_t cls,
    int interaction)
{
	struct dm_fx *st = dm_fxst(fx);
	struct dm_class *dc = &tab[cls];
	uint32_t k, i;

	dc->n_routes = 0;
	dc->n_active = 0;
	dc->active1 = NULL;
	dc->valid = 1;
	if (++st->mark == 0) {
		for (i = 0; i < fx->n_feds; i++)
			if (dm_fst(fx->feds[i]))
				dm_fst(fx->feds[i])->mark = 0;
		st->mark = 1;
	}
	for (k = cls; k; k = parent_of(fx, interaction, k)) {
		for (i = 0; i < tab[k].n_subs; i++) {
			struct federate *f = tab[k].subs[i];
			struct dm_fed *df = dm_fst(f);
			struct dm_sub *r;

			if (df->mark == st->mark)
				continue;
			df->mark = st->mark;
			if (dc->n_routes == dc->cap_routes) {
				uint32_t cap = dc->cap_routes ?
				    dc->cap_routes * 2 : 4;
				struct dm_sub *nr = realloc(dc->routes,
				    cap * sizeof *nr);

				if (!nr) {
					rti_log(fx->srv, LOG_ERROR, "out of "
					    "memory building routes");
					dc->valid = 0;
					return;
				}
				dc->routes = nr;
				dc->cap_routes = cap;
			}
			r = &dc->routes[dc->n_routes++];
			r->f = f;
			r->known = k;
			r->attrs = interaction ? NULL : df->sub[k];
			r->active = interaction ? df->sub_ic[k] == 2 :
			    df->sub_active[k];
			if (r->active && !df->leaving && !dc->n_active++)
				dc->active1 = f;
		}
	}
}

/* Would routes of class `cls` include `k`'s subscribers (cls is k or
 * below it)? */
static int
below(struct federation *fx, int interaction, uint32_t cls, uint32_t k)
{
	return interaction ? fom_iclass_is_a(fx->fom, cls, k) :
	    fom_oclass_is_a(fx->fom, cls, k);
}

static void
rel_turn(struct federation *fx)
{
	struct dm_fx *st = dm_fxst(fx);

	if (!st->rel_turn) {
		st->rel_turn = 1;
		server_turn_end_want(fx->srv);
	}
}

void
dm_class_changed(struct federation *fx, int interaction, uint32_t cls)
{
	struct dm_fx *st = dm_fxst(fx);
	struct dm_class *tab = interaction ? st->ic : st->oc;
	uint32_t n = interaction ? st->n_ic : st->n_oc, k;

	for (k = 1; k <= n; k++)
		if (below(fx, interaction, k, cls)) {
			tab[k].valid = 0;
			tab[k].rel_dirty = 1;
		}
	rel_turn(fx);
}

void
dm_all_changed(struct federation *fx)
{
	struct dm_fx *st = dm_fxst(fx);
	uint32_t k;

	for (k = 0; k <= st->n_oc; k++) {
		st->oc[k].valid = 0;
		st->oc[k].rel_dirty = 1;
	}
	for (k = 0; k <= st->n_ic; k++) {
		st->ic[k].valid = 0;
		st->ic[k].rel_dirty = 1;
	}
	rel_turn(fx);
}

void
dm_relevance_fed(struct federate *f)
{
	struct dm_fx *st = dm_fxst(f->fx);
	struct dm_fed *df = dm_fst(f);

	if (!df || df->rel_dirty)
		return;
	if (wire_grow((void **)&st->rel_feds, &st->cap_rel_feds,
	    st->n_rel_feds + 1, sizeof *st->rel_feds)) {
		/* every publisher's, then */
		dm_all_changed(f->fx);
		return;
	}
	st->rel_feds[st->n_rel_feds++] = f;
	df->rel_dirty = 1;
	rel_turn(f->fx);
}

static int
list_add(struct federate ***v, uint32_t *n, uint32_t *cap,
    struct federate *f)
{
	uint32_t i;

	for (i = 0; i < *n; i++)
		if ((*v)[i] == f)
			return 0;
	if (*n == *cap) {
		uint32_t c = *cap ? *cap * 2 : 4;
		struct federate **nv = realloc(*v, c * sizeof *nv);

		if (!nv)
			return -1;
		*v = nv;
		*cap = c;
	}
	(*v)[(*n)++] = f;
	return 0;
}

static void
list_del(struct federate **v, uint32_t *n, struct federate *f)
{
	uint32_t i;

	for (i = 0; i < *n; i++)
		if (v[i] == f) {
			v[i] = v[--*n];
			return;
		}
}

int
dm_pubs_add(struct federation *fx, int interaction, uint32_t cls,
    struct federate *f)
{
	struct dm_fx *st = dm_fxst(fx);
	struct dm_class *dc = interaction ? &st->ic[cls] : &st->oc[cls];

	return list_add(&dc->pubs, &dc->n_pubs, &dc->cap_pubs, f);
}

void
dm_pubs_del(struct federation *fx, int interaction, uint32_t cls,
    struct federate *f)
{
	struct dm_fx *st = dm_fxst(fx);
	struct dm_class *dc = interaction ? &st->ic[cls] : &st->oc[cls];

	list_del(dc->pubs, &dc->n_pubs, f);
}

void
dm_relevance_forget(struct federate *f)
{
	struct dm_fx *st = dm_fxst(f->fx);
	struct dm_fed *df = dm_fst(f);
	uint32_t c;
	size_t i;

	for (c = 1; c <= st->n_oc; c++)
		if (df->pub[c])
			list_del(st->oc[c].pubs, &st->oc[c].n_pubs, f);
	for (c = 1; c <= st->n_ic; c++)
		if (df->pub_ic[c])
			list_del(st->ic[c].pubs, &st->ic[c].n_pubs, f);
	for (i = 0; df->rel_dirty && i < st->n_rel_feds; i++)
		if (st->rel_feds[i] == f) {
			st->rel_feds[i] = st->rel_feds[--st->n_rel_feds];
			break;
		}
	df->rel_dirty = 0;
}

static void
send_cls(struct federate *f, uint16_t type, uint32_t cls)
{
	struct wire_buf *b;
	size_t off;

	if (!f->conn)
		return;
	b = srv_frame(f->fx->srv, type, &off);
	wire_put_u32(b, cls);
	wire_frame_end(b, off);
	conn_send_buf(f->conn, b);
}

/* Bring f's advisory of class `cls` up to date, sending it when it
 * changed: relevant when another federate, not leaving, subscribes
 * actively to the class or a superclass. */
static void
advise(struct federate *f, int interaction, uint32_t cls)
{
	struct federation *fx = f->fx;
	struct dm_fed *df = dm_fst(f);
	struct dm_class *dc;
	uint8_t *adv = interaction ? df->adv_ic : df->adv_oc;
	int rel = 0, pub;

	pub = interaction ? df->pub_ic[cls] != 0 : df->pub[cls] != NULL;
	if (pub && !df->leaving && df->sw[interaction ?
	    WIRE_SWITCH_INTERACTION_RELEVANCE : WIRE_SWITCH_CLASS_RELEVANCE]) {
		const struct dm_sub *r;

		if (interaction)
			(void)dm_route_interaction(fx, cls, &r);
		else
			(void)dm_route_object(fx, cls, &r);
		dc = interaction ? &dm_fxst(fx)->ic[cls] :
		    &dm_fxst(fx)->oc[cls];
		rel = dc->n_active > 1 || (dc->n_active == 1 &&
		    dc->active1 != f);
	}
	if (rel != adv[cls] && pub)
		send_cls(f, interaction ? (rel ? WIRE_CB_INTERACTIONS_ON :
		    WIRE_CB_INTERACTIONS_OFF) : (rel ?
		    WIRE_CB_START_REGISTRATION : WIRE_CB_STOP_REGISTRATION),
		    cls);
	adv[cls] = (uint8_t)rel;
}

/* The advisories of every publisher of the classes whose subscriptions
 * changed in the turn, and every advisory of the federates noted. */
static void
relevance_turn(struct federation *fx)
{
	struct dm_fx *st = dm_fxst(fx);
	uint32_t c, i;
	int k;

	st->rel_turn = 0;
	for (k = 0; k < 2; k++) {
		struct dm_class *tab = k ? st->ic : st->oc;
		uint32_t n = k ? st->n_ic : st->n_oc;

		for (c = 1; c <= n; c++) {
			if (!tab[c].rel_dirty)
				continue;
			tab[c].rel_dirty = 0;
			for (i = 0; i < tab[c].n_pubs; i++)
				advise(tab[c].pubs[i], k, c);
		}
	}
	while (st->n_rel_feds) {
		struct federate *f = st->rel_feds[--st->n_rel_feds];
		struct dm_fed *df = dm_fst(f);

		df->rel_dirty = 0;
		for (c = 1; c <= st->n_oc; c++)
			if (df->pub[c] || df->adv_oc[c])
				advise(f, 0, c);
		for (c = 1; c <= st->n_ic; c++)
			if (df->pub_ic[c] || df->adv_ic[c])
				advise(f, 1, c);
	}
}

void
dm_turn_end(struct rti_server *srv)
{
	struct federation *fx;

	for (fx = server_federations(srv); fx; fx = fx->next)
		if (dm_fxst(fx) && dm_fxst(fx)->rel_turn)
			relevance_turn(fx);
}

size_t
dm_route_object(struct federation *fx, uint32_t cls,
    const struct dm_sub **out)
{
	struct dm_fx *st = dm_fxst(fx);

	*out = NULL;
	if (cls == 0 || cls > st->n_oc)
		return 0;
	if (!st->oc[cls].valid)
		route_build(fx, st->oc, cls, 0);
	*out = st->oc[cls].routes;
	return st->oc[cls].n_routes;
}

const uint64_t *
dm_subscribed(struct federate *f, uint32_t cls, int *active)
{
	struct dm_fed *df = dm_fst(f);

	if (!df || df->leaving || cls == 0 || cls > dm_fxst(f->fx)->n_oc)
		return NULL;
	if (active)
		*active = df->sub_active[cls];
	return df->sub[cls];
}

int
dm_iclass_subscribed(struct federate *f, uint32_t cls)
{
	struct dm_fed *df = dm_fst(f);

	if (!df || df->leaving || cls == 0 || cls > dm_fxst(f->fx)->n_ic)
		return 0;
	return df->sub_ic[cls];
}

const struct dm_sub *
dm_route_find(struct federation *fx, uint32_t cls, const struct federate *f)
{
	const struct dm_sub *r;
	size_t i, n = dm_route_object(fx, cls, &r);

	for (i = 0; i < n; i++)
		if (r[i].f == f)
			return &r[i];
	return NULL;
}

size_t
dm_route_interaction(struct federation *fx, uint32_t cls,
    const struct dm_sub **out)
{
	struct dm_fx *st = dm_fxst(fx);

	*out = NULL;
	if (cls == 0 || cls > st->n_ic)
		return 0;
	if (!st->ic[cls].valid)
		route_build(fx, st->ic, cls, 1);
	*out = st->ic[cls].routes;
	return st->ic[cls].n_routes;
}
