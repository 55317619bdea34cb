/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_state.c - OM's per-federation state (struct om_fx, om_int.h): built
 * at a federation's creation, its class and attribute tables grown when
 * a join's FOM modules grow the FOM (the class tree numbered again), and
 * freed with the federation, every instance and name with it.
 */
#include "config.h"

#include <stdlib.h>

#include "om_int.h"

/* st->pre and st->end: each class's pre-order number in the class tree
 * and the end of its subtree's numbers, walked without recursion (FOM
 * trees may be deep): next[c] is the index of c's next child to visit.
 * 0, or -1 on ENOMEM. */
static int
number_classes(struct om_fx *st, const struct fom *fom)
{
	uint32_t *stack, *next, depth = 0, seq = 0;

	stack = malloc((st->n_oc + 1) * sizeof *stack);
	next = calloc(st->n_oc + 1, sizeof *next);
	if (!stack || !next) {
		free(stack);
		free(next);
		return -1;
	}
	stack[depth++] = 1;               /* HLAobjectRoot */
	st->pre[1] = seq++;
	while (depth) {
		uint32_t c = stack[depth - 1];
		const struct fom_oclass *oc = fom_oclass(fom, c);

		if (next[c] < oc->n_children) {
			uint32_t ch = oc->children[next[c]++];

			st->pre[ch] = seq++;
			stack[depth++] = ch;
		} else {
			st->end[c] = seq;
			depth--;
		}
	}
	free(stack);
	free(next);
	return 0;
}

int
om_federation_init(struct federation *fx)
{
	struct om_fx *st = calloc(1, sizeof *st);
	uint32_t k;

	if (!st)
		return -1;
	fx->mod[MOD_OM] = st;
	st->next_handle = 1;
	st->n_oc = fx->fom->n_oclasses;
	st->n_ic = fx->fom->n_iclasses;
	st->words = fx->attr_words;
	st->cls_attrs = calloc(st->n_oc + 1, sizeof *st->cls_attrs);
	st->cls_n = calloc(st->n_oc + 1, sizeof *st->cls_n);
	st->n_attrs = fx->fom->n_attrs;
	st->attr_decl = calloc(st->n_attrs + 1, sizeof *st->attr_decl);
	st->pre = calloc(st->n_oc + 1, sizeof *st->pre);
	st->end = calloc(st->n_oc + 1, sizeof *st->end);
	wire_buf_init(&st->out);
	if (IDMAP_INIT(&st->inst_map, struct om_instance, hnode, handle) < 0 ||
	    IDMAP_INIT_STR(&st->name_map, struct om_name, node, name) < 0 ||
	    !st->cls_attrs ||
	    !st->cls_n || om_route_init(&st->rt, st->n_attrs) < 0 ||
	    !st->attr_decl || !st->pre || !st->end)
		return -1;
	for (k = 1; k <= st->n_attrs; k++)
		st->attr_decl[k] = fom_attr(fx->fom, k)->oclass;
	return number_classes(st, fx->fom);
}

void
om_federation_fini(struct federation *fx)
{
	struct om_fx *st = om_fxst(fx);
	struct om_instance *in;
	struct idmap_node *n;
	struct idmap_iter it;
	size_t i;

	if (!st)
		return;
	while ((in = st->list)) {
		st->list = in->next;
		om_inst_free(in);
	}
	idmap_iter_init(&st->name_map, &it);
	while ((n = idmap_iter_next(&st->name_map, &it)))
		free(om_name_of(n));
	for (i = 0; st->cls_attrs && i <= st->n_oc; i++)
		free(st->cls_attrs[i]);
	free(st->cls_attrs);
	free(st->cls_n);
	free(st->attr_decl);
	free(st->pre);
	free(st->end);
	idmap_fini(&st->inst_map);
	idmap_fini(&st->name_map);
	free(st->flip);
	free(st->sub_route);
	free(st->tmp);
	free(st->want);
	free(st->params);
	free(st->names);
	free(st->rti_ic);
	for (i = 0; i < 2; i++) {
		free(st->pass[i].v);
		free(st->pass[i].rel);
	}
	if (st->sweep_ev)
		event_free(st->sweep_ev);
	om_restore_discard(st->retired);
	if (st->retire_ev)
		event_free(st->retire_ev);
	om_route_fini(&st->rt);
	wire_buf_free(&st->out);
	free(st);
	fx->mod[MOD_OM] = NULL;
}

/* The fom_grown event: the class and attribute tables extended, the
 * class tree numbered again (pre-order numbers are derived only); set
 * back, only the sizes. */
int
om_fom_grown(struct federation *fx, const struct fom_sizes *was)
{
	struct om_fx *st = om_fxst(fx);
	uint32_t noc = fx->fom->n_oclasses, na = fx->fom->n_attrs, k, old;
	int p;

	(void)was;
	if (wire_grow_table(&st->cls_attrs, st->n_oc, noc,
	    sizeof *st->cls_attrs) ||
	    wire_grow_table(&st->cls_n, st->n_oc, noc, sizeof *st->cls_n) ||
	    wire_grow_table(&st->pre, st->n_oc, noc, sizeof *st->pre) ||
	    wire_grow_table(&st->end, st->n_oc, noc, sizeof *st->end) ||
	    wire_grow_table(&st->attr_decl, st->n_attrs, na,
	    sizeof *st->attr_decl) ||
	    wire_grow_table(&st->rt.stamp, st->rt.n_stamp, na,
	    sizeof *st->rt.stamp))
		return -1;
	for (p = 0; p < 2; p++)
		if (st->pass[p].rel && wire_grow_table(&st->pass[p].rel,
		    st->n_oc, noc, 1))
			return -1;
	if (st->rti_ic && wire_grow_table(&st->rti_ic, st->n_ic,
	    fx->fom->n_iclasses, 1))
		return -1;
	st->n_ic = fx->fom->n_iclasses;
	old = st->n_oc;
	st->n_oc = noc;
	/* Set back (fewer classes): the numbers of the larger tree still
	 * nest right for the classes that stay. */
	if (noc > old && number_classes(st, fx->fom) < 0) {
		st->n_oc = old;
		return -1;
	}
	for (k = st->n_attrs + 1; k <= na; k++)
		st->attr_decl[k] = fom_attr(fx->fom, k)->oclass;
	st->n_attrs = na;
	st->rt.n_stamp = na;
	return 0;
}
