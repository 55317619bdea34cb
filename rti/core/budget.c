/* SPDX-License-Identifier: Apache-2.0 */
/*
 * budget.c - see budget.h.  The FOM and input figures are summed when
 * asked (at a refusal decision or a /metrics scrape, never per frame);
 * the output figure is the core's running total; saves are counted as
 * they are taken and let go.
 */
#include "config.h"

#include "budget.h"
#include "server_int.h"

void
budget_figures(const struct rti_server *srv, struct budget_figures *f)
{
	const struct federation *fx;
	const struct conn *c;
	uint32_t i;

	f->fom = f->input = 0;
	for (fx = srv->pub.federations; fx; fx = fx->next)
		for (i = 0; i < fx->n_modules; i++)
			f->fom += (uint64_t)fx->module_len[i] *
			    BUDGET_FOM_FACTOR;
	for (c = srv->conns; c; c = c->next)
		f->input += c->in.cap;
	f->output = srv->out_total;
	f->save = srv->budget_held[BUDGET_SAVE] > 0 ?
	    (uint64_t)srv->budget_held[BUDGET_SAVE] : 0;
	f->total = f->fom + f->input + f->output + f->save;
	f->max = srv->pub.cfg.max_memory;
	f->refused = srv->budget_refused;
}

void
budget_add(struct rti_server *srv, int kind, int64_t delta)
{
	srv->budget_held[kind] += delta;
}

int
budget_room(struct rti_server *srv, uint64_t more)
{
	struct budget_figures f;

	budget_figures(srv, &f);
	if (f.total + more <= f.max)
		return 1;
	srv->budget_refused++;
	return 0;
}
