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

/* ---- the routing index ---- */

static void
route_build(struct federation *fx, struct dm_class *tab, uint32_t cls,
    int interaction)
{
	struct dm_fx *st = dm_fxst(fx);
	struct dm_class *dc = &tab[cls];
	uint32_t k, i, j;

	dc->n_routes = 0;
	dc->gen = st->gen;
	for (k = cls; k; k = interaction ? fom_iclass(fx->fom, k)->parent :
	    fom_oclass(fx->fom, k)->parent) {
		for (i = 0; i < tab[k].n_subs; i++) {
			struct federate *f = tab[k].subs[i];
			struct dm_fed *df = dm_fst(f);
			struct dm_sub *r;

			for (j = 0; j < dc->n_routes; j++)
				if (dc->routes[j].f == f)
					break;
			if (j < dc->n_routes)
				continue;
			if (dc->n_routes == dc->cap_routes) {
				uint32_t cap = dc->cap_routes ?
				    dc->cap_routes * 2 : 4;
				struct dm_sub *nr = realloc(dc->routes,
				    cap * sizeof *nr);

				if (!nr) {
					rti_log(fx->srv, LOG_ERROR, "out of "
					    "memory building routes");
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
		}
	}
}

size_t
dm_route_object(struct federation *fx, uint32_t cls,
    const struct dm_sub **out)
{
	struct dm_fx *st = dm_fxst(fx);

	*out = NULL;
	if (cls == 0 || cls > st->n_oc)
		return 0;
	if (st->oc[cls].gen != st->gen)
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
	if (st->ic[cls].gen != st->gen)
		route_build(fx, st->ic, cls, 1);
	*out = st->ic[cls].routes;
	return st->ic[cls].n_routes;
}
