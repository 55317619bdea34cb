/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fedm_fom.c - the FOM of a running federation grown by a join with FOM
 * modules (IEEE 1516-2010 4.9; the join itself is fedm.c's): the merged
 * model the worker loaded replaces the federation's only when every
 * item of the old one kept its handle and the attribute sets need not
 * widen; every module extends its tables (fom_grown, set back when one
 * fails), and every joined federate is sent the new modules
 * (WIRE_CB_FOM_MODULES).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "events.h"
#include "fedm.h"
#include "fedm_int.h"
#include "fomload.h"

/* 1 when `nw` holds every item of `old` with the same handle (merges
 * append: fom.h); fomload_load_onto gives no other, this holds it. */
static int
fom_extends(const struct fom *old, const struct fom *nw)
{
	uint32_t i;

	if (nw->n_oclasses < old->n_oclasses || nw->n_attrs < old->n_attrs ||
	    nw->n_iclasses < old->n_iclasses || nw->n_params < old->n_params ||
	    nw->n_dims < old->n_dims)
		return 0;
	for (i = 0; i < old->n_oclasses; i++)
		if (strcmp(old->oclasses[i].qname, nw->oclasses[i].qname))
			return 0;
	for (i = 0; i < old->n_attrs; i++)
		if (old->attrs[i].oclass != nw->attrs[i].oclass ||
		    strcmp(old->attrs[i].name, nw->attrs[i].name))
			return 0;
	for (i = 0; i < old->n_iclasses; i++)
		if (strcmp(old->iclasses[i].qname, nw->iclasses[i].qname))
			return 0;
	for (i = 0; i < old->n_params; i++)
		if (old->params[i].iclass != nw->params[i].iclass ||
		    strcmp(old->params[i].name, nw->params[i].name))
			return 0;
	for (i = 0; i < old->n_dims; i++)
		if (strcmp(old->dims[i].name, nw->dims[i].name))
			return 0;
	return 1;
}

int
fedm_put_module(struct federation *fx, uint32_t i, struct wire_buf *b)
{
	struct fedm_fx *st = fx->mod[MOD_FEDM];
	struct fom_error fe;
	struct wire_buf *nb;

	while (st->n_bin <= i) {
		nb = realloc(st->bin, (st->n_bin + 1) * sizeof(*nb));
		if (nb == NULL)
			goto nomem;
		st->bin = nb;
		nb = &st->bin[st->n_bin];
		wire_buf_init(nb);
		/* the text parsed when it was loaded: only ENOMEM fails */
		if (fom_bin_of_xml(fx->module_xml[st->n_bin],
		    fx->module_len[st->n_bin], fx->module_names[st->n_bin],
		    nb, &fe) < 0) {
			wire_buf_free(nb);
			rti_log(fx->srv, LOG_ERROR, "federation %s: module %s: "
			    "%s", fx->name, fx->module_names[st->n_bin],
			    fe.msg);
			goto nomem;
		}
		st->n_bin++;
	}
	wire_put_str(b, fx->module_names[i]);
	wire_put_blob(b, st->bin[i].data, st->bin[i].len);
	return b->oom ? -1 : 0;
nomem:
	b->oom = 1;
	return -1;
}

void
fedm_bin_free(struct fedm_fx *st)
{
	uint32_t i;

	for (i = 0; i < st->n_bin; i++)
		wire_buf_free(&st->bin[i]);
	free(st->bin);
	st->bin = NULL;
	st->n_bin = 0;
}

/* Send WIRE_CB_FOM_MODULES (modules first.. of fx) to every joined
 * federate. */
static void
announce_modules(struct federation *fx, uint32_t first)
{
	struct wire_buf *b;
	size_t off;
	uint32_t i;

	b = srv_frame(fx->srv, WIRE_CB_FOM_MODULES, &off);
	wire_put_u32(b, first);
	wire_put_u32(b, fx->n_modules - first);
	for (i = first; i < fx->n_modules; i++)
		(void)fedm_put_module(fx, i, b);
	wire_frame_end(b, off);
	if (b->oom) {
		rti_log(fx->srv, LOG_ERROR, "federation %s: out of memory "
		    "announcing its new FOM modules", fx->name);
		return;
	}
	fedm_broadcast(fx, b, NULL);
}

/* Put the loaded model `out` (fx's n_base modules, then the new ones) in
 * place of fx's.  RTI_OK (out's FOM and texts taken) or the refusal with
 * `msg` filled and fx unchanged. */
int
fedm_fom_install(struct federation *fx, struct fomload_out *out,
    uint32_t n_base, char *msg, size_t len)
{
	struct fom_sizes was;
	struct fom *old = fx->fom;
	char **names, **xml;
	size_t *lens;
	uint32_t w;

	if (out->n == n_base)
		return RTI_OK;        /* every module was the federation's */
	if (fx->n_modules != n_base || !fom_extends(old, out->fom)) {
		snprintf(msg, len, "the merged FOM would give items of the "
		    "federation's FOM other handles");
		return RTI_ERR_INCONSISTENT_FDD;
	}
	if (out->n > FEDM_MAX_MODULES) {
		snprintf(msg, len, "at most %d FOM modules",
		    FEDM_MAX_MODULES);
		return RTI_ERR_LIMIT_EXCEEDED;
	}
	if (bset_words(out->fom->n_attrs) > fx->attr_words) {
		snprintf(msg, len, "the modules add attributes beyond handle "
		    "%zu: a running federation's attribute sets do not widen",
		    fx->attr_words * 64 - 1);
		return RTI_ERR_LIMIT_EXCEEDED;
	}
	was.n_oclasses = old->n_oclasses;
	was.n_attrs = old->n_attrs;
	was.n_iclasses = old->n_iclasses;
	was.n_params = old->n_params;
	was.n_dims = old->n_dims;
	fx->fom = out->fom;
	if (server_fom_grown(fx, &was) < 0) {
		struct fom_sizes now;

		/* The modules below the one that failed grew: the event again
		 * with the old model sets their sizes back (their tables stay
		 * larger; nothing was put above the old sizes). */
		now.n_oclasses = out->fom->n_oclasses;
		now.n_attrs = out->fom->n_attrs;
		now.n_iclasses = out->fom->n_iclasses;
		now.n_params = out->fom->n_params;
		now.n_dims = out->fom->n_dims;
		fx->fom = old;
		(void)server_fom_grown(fx, &now);
		snprintf(msg, len, "out of memory");
		return RTI_ERR_NO_MEMORY;
	}
	out->fom = old;               /* freed with out */
	names = fx->module_names;
	xml = fx->module_xml;
	lens = fx->module_len;
	fx->module_names = out->names;
	fx->module_xml = out->xml;
	fx->module_len = out->len;
	out->names = names;
	out->xml = xml;
	out->len = lens;
	w = out->n;
	out->n = fx->n_modules;
	fx->n_modules = w;
	rti_log(fx->srv, LOG_INFO, "federation %s: %u FOM module(s) merged at "
	    "a join (%u classes, %u interactions, %u dimensions)", fx->name,
	    fx->n_modules - n_base, fx->fom->n_oclasses, fx->fom->n_iclasses,
	    fx->fom->n_dims);
	for (w = 0; w < fx->fom->n_warnings; w++)
		rti_log(fx->srv, LOG_INFO, "federation %s: %s:%d: warning: %s",
		    fx->name, fx->fom->warnings[w].file,
		    fx->fom->warnings[w].line, fx->fom->warnings[w].msg);
	{
		char d[EVENTS_DETAIL_MAX + 1];
		size_t o = 0;

		d[0] = '\0';
		for (w = n_base; w < fx->n_modules && o < sizeof d; w++)
			o += (size_t)snprintf(d + o, sizeof d - o, "%s%s",
			    w > n_base ? ", " : "", fx->module_names[w]);
		events_add(fx, EV_FOM_ADDED, NULL, "%s (at a join; %u "
		    "classes, %u interactions now)", d, fx->fom->n_oclasses,
		    fx->fom->n_iclasses);
	}
	announce_modules(fx, n_base);
	return RTI_OK;
}
