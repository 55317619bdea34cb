/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_fom.c - libFuzzer target for the FOM loader (fom/fom.h).
 *
 * Each input is loaded with fom_load_string twice (fom_load_bin when it is
 * a module's compact form, which rtiexec sends joiners): into a fresh
 * model, and merged after data/fom/Grid.xml.  An XML module that loads
 * into a fresh model must load from its compact form into the same model.  The loader must never crash or leak.  After
 * a successful load the model must be consistent: every handle resolves to
 * itself, parents exist and list their children, depths follow parents (so the
 * trees are acyclic), attributes/parameters/dimensions referenced by a class
 * resolve, and qualified names look up to their handle.  Datatypes: every
 * name looks up to its handle, a resolved datatype names only resolved
 * datatypes of the right kinds, a laid-out one has a power-of-two boundary
 * and its parts' layouts, alternatives select enumerators that exist, and
 * members name valid datatypes.  A merge must keep every handle of the
 * model it was merged into.  A failed load must fill the error and leave
 * the model exactly as it was (datatypes and warnings included).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fom.h"
#include "fuzz.h"
#include "wire.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif
#define BASE_FOM TOP_SRCDIR "/data/fom/Grid.xml"

/* fom_print output of `f` (malloc'd, NUL-terminated). */
static char *
snapshot(const struct fom *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	FUZZ_CHECK(fp != NULL);
	fom_print_verbose(f, fp);
	FUZZ_CHECK(fclose(fp) == 0);
	return buf;
}

static int
has(const uint32_t *v, uint32_t n, uint32_t h)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (v[i] == h)
			return 1;
	return 0;
}

static void
check_dims(const struct fom *f, const uint32_t *dims, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		FUZZ_CHECK(fom_dim(f, dims[i]) != NULL);
}

static void
check_oclasses(const struct fom *f)
{
	uint32_t h, i;

	FUZZ_CHECK(f->n_oclasses >= 1);
	FUZZ_CHECK(fom_oclass(f, 0) == NULL);
	FUZZ_CHECK(fom_oclass(f, f->n_oclasses + 1) == NULL);
	for (h = 1; h <= f->n_oclasses; h++) {
		const struct fom_oclass *c = fom_oclass(f, h), *p;

		FUZZ_CHECK(c != NULL && c->handle == h);
		FUZZ_CHECK(c->name != NULL && c->qname != NULL);
		if (h == 1) {
			FUZZ_CHECK(c->parent == 0 && c->depth == 0);
		} else {
			p = fom_oclass(f, c->parent);
			FUZZ_CHECK(p != NULL && c->parent != h);
			FUZZ_CHECK(c->depth == p->depth + 1);
			FUZZ_CHECK(has(p->children, p->n_children, h));
		}
		for (i = 0; i < c->n_children; i++) {
			p = fom_oclass(f, c->children[i]);
			FUZZ_CHECK(p != NULL && p->parent == h);
		}
		for (i = 0; i < c->n_attrs; i++) {
			const struct fom_attribute *a = fom_attr(f,
			    c->attrs[i]);

			FUZZ_CHECK(a != NULL && a->oclass == h);
			FUZZ_CHECK(fom_oclass_has_attr(f, h, a->handle));
		}
		FUZZ_CHECK(fom_oclass_by_name(f, c->qname) == h);
		FUZZ_CHECK(fom_oclass_is_a(f, h, 1));
		FUZZ_CHECK(fom_oclass_is_a(f, h, h));
	}
	FUZZ_CHECK(fom_attr(f, 0) == NULL);
	FUZZ_CHECK(fom_attr(f, f->n_attrs + 1) == NULL);
	for (h = 1; h <= f->n_attrs; h++) {
		const struct fom_attribute *a = fom_attr(f, h);
		const struct fom_oclass *c;

		FUZZ_CHECK(a != NULL && a->handle == h && a->name != NULL);
		c = fom_oclass(f, a->oclass);
		FUZZ_CHECK(c != NULL && has(c->attrs, c->n_attrs, h));
		FUZZ_CHECK(fom_attr_by_name(f, a->oclass, a->name) == h);
		check_dims(f, a->dims, a->n_dims);
	}
}

static void
check_iclasses(const struct fom *f)
{
	uint32_t h, i;

	FUZZ_CHECK(f->n_iclasses >= 1);
	FUZZ_CHECK(fom_iclass(f, 0) == NULL);
	FUZZ_CHECK(fom_iclass(f, f->n_iclasses + 1) == NULL);
	for (h = 1; h <= f->n_iclasses; h++) {
		const struct fom_iclass *c = fom_iclass(f, h), *p;

		FUZZ_CHECK(c != NULL && c->handle == h);
		FUZZ_CHECK(c->name != NULL && c->qname != NULL);
		if (h == 1) {
			FUZZ_CHECK(c->parent == 0 && c->depth == 0);
		} else {
			p = fom_iclass(f, c->parent);
			FUZZ_CHECK(p != NULL && c->parent != h);
			FUZZ_CHECK(c->depth == p->depth + 1);
			FUZZ_CHECK(has(p->children, p->n_children, h));
		}
		for (i = 0; i < c->n_children; i++) {
			p = fom_iclass(f, c->children[i]);
			FUZZ_CHECK(p != NULL && p->parent == h);
		}
		for (i = 0; i < c->n_params; i++) {
			const struct fom_parameter *a = fom_param(f,
			    c->params[i]);

			FUZZ_CHECK(a != NULL && a->iclass == h);
			FUZZ_CHECK(fom_iclass_has_param(f, h, a->handle));
		}
		check_dims(f, c->dims, c->n_dims);
		FUZZ_CHECK(fom_iclass_by_name(f, c->qname) == h);
		FUZZ_CHECK(fom_iclass_is_a(f, h, 1));
	}
	FUZZ_CHECK(fom_param(f, 0) == NULL);
	FUZZ_CHECK(fom_param(f, f->n_params + 1) == NULL);
	for (h = 1; h <= f->n_params; h++) {
		const struct fom_parameter *a = fom_param(f, h);
		const struct fom_iclass *c;

		FUZZ_CHECK(a != NULL && a->handle == h && a->name != NULL);
		c = fom_iclass(f, a->iclass);
		FUZZ_CHECK(c != NULL && has(c->params, c->n_params, h));
		FUZZ_CHECK(fom_param_by_name(f, a->iclass, a->name) == h);
	}
}

/* Datatype handle r named by a resolved datatype: it is resolved too,
 * and laid out no deeper than its user. */
static const struct fom_datatype *
check_ref(const struct fom *f, const struct fom_datatype *t, uint32_t r)
{
	const struct fom_datatype *p = fom_datatype(f, r);

	FUZZ_CHECK(p != NULL && p != t && p->resolved);
	FUZZ_CHECK(p->depth < t->depth);
	FUZZ_CHECK(t->encodable ? p->encodable : 1);
	return p;
}

static void
check_datatype(const struct fom *f, const struct fom_datatype *t)
{
	const struct fom_datatype *p, *d;
	uint32_t i, j;

	FUZZ_CHECK(t->name != NULL);
	FUZZ_CHECK(fom_datatype_by_name(f, t->name) == t->handle);
	FUZZ_CHECK(t->module <= f->n_modules);
	FUZZ_CHECK(t->encodable ? t->opaque == NULL : t->opaque != NULL ||
	    !t->resolved);
	FUZZ_CHECK(t->boundary >= 1 && (t->boundary & (t->boundary - 1)) == 0);
	FUZZ_CHECK(!t->fixed || t->encodable);
	if (!t->resolved) {
		FUZZ_CHECK(!t->encodable);
		return;
	}
	FUZZ_CHECK(t->depth >= 1 && t->depth <= FOM_MAX_DT_DEPTH);
	switch (t->kind) {
	case FOM_DT_BASIC:
		FUZZ_CHECK(t->u.basic.bits >= 1 &&
		    t->u.basic.bits <= FOM_MAX_BASIC_BITS);
		FUZZ_CHECK(!t->encodable || (t->size == t->u.basic.bits / 8 &&
		    t->boundary >= t->size && t->boundary < 2 * t->size));
		break;
	case FOM_DT_SIMPLE:
		if (t->u.simple.representation_name == NULL)
			break;
		p = check_ref(f, t, t->u.simple.representation);
		FUZZ_CHECK(!t->encodable || (p->kind == FOM_DT_BASIC &&
		    t->size == p->size && t->boundary == p->boundary));
		break;
	case FOM_DT_ENUMERATED:
		FUZZ_CHECK(t->u.enumerated.n_enumerators >= 1);
		if (t->u.enumerated.representation_name != NULL) {
			p = check_ref(f, t, t->u.enumerated.representation);
			FUZZ_CHECK(!t->encodable || p->kind == FOM_DT_BASIC);
		}
		for (i = 0; t->encodable &&
		    i < t->u.enumerated.n_enumerators; i++) {
			const struct fom_enumerator *e =
			    &t->u.enumerated.enumerators[i];
			FUZZ_CHECK(e->n_values >= 1);
			for (j = 0; j < e->n_values; j++)
				FUZZ_CHECK(fom_enumerator_of(t,
				    e->values[j]) == (int64_t)i);
		}
		break;
	case FOM_DT_ARRAY:
		p = check_ref(f, t, t->u.array.element);
		FUZZ_CHECK(t->u.array.n_dims >= 1 &&
		    t->u.array.n_dims <= FOM_MAX_ARRAY_DIMS);
		for (i = 0; i < t->u.array.n_dims; i++)
			FUZZ_CHECK(t->u.array.dims[i].lower <=
			    t->u.array.dims[i].upper &&
			    t->u.array.dims[i].upper <= FOM_CARD_MAX);
		FUZZ_CHECK(!t->encodable || t->boundary >= p->boundary);
		break;
	case FOM_DT_FIXED_RECORD:
		for (i = 0; i < t->u.record.n_fields; i++) {
			p = check_ref(f, t, t->u.record.fields[i].type);
			FUZZ_CHECK(!t->encodable ||
			    t->boundary >= p->boundary);
			FUZZ_CHECK(!t->fixed || p->fixed);
		}
		break;
	case FOM_DT_VARIANT_RECORD:
		d = check_ref(f, t, t->u.variant.type);
		FUZZ_CHECK(d->kind == FOM_DT_ENUMERATED);
		for (i = 0; i < t->u.variant.n_alternatives; i++) {
			const struct fom_alternative *a =
			    &t->u.variant.alternatives[i];
			if (a->type_name != NULL)
				check_ref(f, t, a->type);
			else
				FUZZ_CHECK(a->type == 0);
			for (j = 0; j < a->n_selected; j++) {
				FUZZ_CHECK(a->selected[j] <
				    d->u.enumerated.n_enumerators);
				FUZZ_CHECK(j == 0 ||
				    a->selected[j] > a->selected[j - 1]);
				FUZZ_CHECK(fom_alternative_of(f, t,
				    a->selected[j]) == i + 1);
			}
		}
		break;
	default:
		FUZZ_CHECK(0);
	}
}

static void
check_datatypes(const struct fom *f)
{
	uint32_t h;

	FUZZ_CHECK(f->n_datatypes >= FOM_MIM_DATATYPES);
	FUZZ_CHECK(fom_datatype(f, 0) == NULL);
	FUZZ_CHECK(fom_datatype(f, f->n_datatypes + 1) == NULL);
	for (h = 1; h <= f->n_datatypes; h++) {
		const struct fom_datatype *t = fom_datatype(f, h);
		FUZZ_CHECK(t != NULL && t->handle == h);
		check_datatype(f, t);
	}
	for (h = 1; h <= f->n_attrs; h++)
		FUZZ_CHECK(f->attrs[h - 1].datatype <= f->n_datatypes);
	for (h = 1; h <= f->n_params; h++)
		FUZZ_CHECK(f->params[h - 1].datatype <= f->n_datatypes);
	for (h = 0; h < f->n_warnings; h++)
		FUZZ_CHECK(f->warnings[h].file != NULL &&
		    f->warnings[h].msg != NULL && f->warnings[h].line >= 0);
}

static void
check_model(const struct fom *f)
{
	uint32_t h;

	check_oclasses(f);
	check_iclasses(f);
	FUZZ_CHECK(fom_dim(f, 0) == NULL);
	FUZZ_CHECK(fom_dim(f, f->n_dims + 1) == NULL);
	for (h = 1; h <= f->n_dims; h++) {
		const struct fom_dimension *d = fom_dim(f, h);

		FUZZ_CHECK(d != NULL && d->handle == h && d->name != NULL);
		FUZZ_CHECK(fom_dim_by_name(f, d->name) == h);
	}
	for (h = 0; h < f->n_modules; h++)
		FUZZ_CHECK(f->module_names[h] && f->model_names[h]);
	check_datatypes(f);
	free(snapshot(f));
}

/* Every handle of `before` names the same thing in `after`. */
static void
check_kept(const struct fom *before, const struct fom *after)
{
	uint32_t i;

	FUZZ_CHECK(after->n_oclasses >= before->n_oclasses);
	FUZZ_CHECK(after->n_attrs >= before->n_attrs);
	FUZZ_CHECK(after->n_iclasses >= before->n_iclasses);
	FUZZ_CHECK(after->n_params >= before->n_params);
	FUZZ_CHECK(after->n_dims >= before->n_dims);
	FUZZ_CHECK(after->n_datatypes >= before->n_datatypes);
	FUZZ_CHECK(after->n_modules == before->n_modules + 1);
	for (i = 0; i < before->n_datatypes; i++)
		FUZZ_CHECK(!strcmp(before->datatypes[i].name,
		    after->datatypes[i].name) && before->datatypes[i].kind ==
		    after->datatypes[i].kind);
	for (i = 0; i < before->n_oclasses; i++)
		FUZZ_CHECK(!strcmp(before->oclasses[i].qname,
		    after->oclasses[i].qname));
	for (i = 0; i < before->n_attrs; i++)
		FUZZ_CHECK(before->attrs[i].oclass == after->attrs[i].oclass &&
		    !strcmp(before->attrs[i].name, after->attrs[i].name));
	for (i = 0; i < before->n_iclasses; i++)
		FUZZ_CHECK(!strcmp(before->iclasses[i].qname,
		    after->iclasses[i].qname));
	for (i = 0; i < before->n_params; i++)
		FUZZ_CHECK(before->params[i].iclass ==
		    after->params[i].iclass &&
		    !strcmp(before->params[i].name, after->params[i].name));
	for (i = 0; i < before->n_dims; i++)
		FUZZ_CHECK(!strcmp(before->dims[i].name, after->dims[i].name));
}

static struct fom *
load_base(void)
{
	struct fom_error err;
	struct fom *f = fom_new();

	FUZZ_CHECK(f != NULL);
	if (fom_load_file(f, BASE_FOM, &err) < 0) {
		fprintf(stderr, "%s:%d: %s\n", err.file, err.line, err.msg);
		abort();
	}
	return f;
}

/* Load `data` into `f` (whose fom_print output is `snap`); check the
 * outcome against `ref`, an untouched copy of `f`.  Returns the result of
 * fom_load_string. */
static int
load_into(struct fom *f, const struct fom *ref, const char *snap,
    const uint8_t *data, size_t size)
{
	struct fom_error err;
	char *after;
	int rc;

	memset(&err, 0xa5, sizeof err);
	rc = fom_module_is_bin(data, size) ?
	    fom_load_bin(f, data, size, "fuzz", &err) :
	    fom_load_string(f, (const char *)data, size, "fuzz", &err);
	FUZZ_CHECK(rc == 0 || rc == -1);
	if (rc == 0) {
		check_model(f);
		check_kept(ref, f);
		return 0;
	}
	FUZZ_CHECK(memchr(err.file, '\0', sizeof err.file) != NULL);
	FUZZ_CHECK(memchr(err.msg, '\0', sizeof err.msg) != NULL);
	FUZZ_CHECK(err.msg[0] != '\0');
	FUZZ_CHECK(err.line >= 0);
	after = snapshot(f);
	FUZZ_CHECK(strcmp(snap, after) == 0);
	free(after);
	FUZZ_CHECK(f->n_modules == ref->n_modules);
	FUZZ_CHECK(f->n_datatypes == ref->n_datatypes);
	FUZZ_CHECK(f->n_warnings == ref->n_warnings);
	return -1;
}

/* A module that loads into a fresh model loads from its compact form
 * (what rtiexec sends joiners) into the same model. */
static void
check_compact(const uint8_t *data, size_t size, const char *snap)
{
	struct fom_error err;
	struct wire_buf b;
	struct fom *g;
	char *after;

	wire_buf_init(&b);
	FUZZ_CHECK(fom_bin_of_xml((const char *)data, size, "fuzz", &b,
	    &err) == 0);
	FUZZ_CHECK(fom_module_is_bin(b.data, b.len));
	g = fom_new();
	FUZZ_CHECK(g != NULL);
	FUZZ_CHECK(fom_load_bin(g, b.data, b.len, "fuzz", &err) == 0);
	after = snapshot(g);
	FUZZ_CHECK(strcmp(snap, after) == 0);
	free(after);
	fom_free(g);
	wire_buf_free(&b);
}

/* The Grid model is loaded once and reloaded only after a successful
 * merge changed it: a failed load is checked to leave it as it was. */
static struct fom *grid, *grid_ref;
static char *grid_snap;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fom *f, *ref;
	char *snap;

	f = fom_new();
	ref = fom_new();
	FUZZ_CHECK(f != NULL && ref != NULL);
	snap = snapshot(f);
	if (load_into(f, ref, snap, data, size) == 0 &&
	    !fom_module_is_bin(data, size)) {
		free(snap);
		snap = snapshot(f);
		check_compact(data, size, snap);
	}
	free(snap);
	fom_free(f);
	fom_free(ref);

	if (!grid) {
		grid = load_base();
		grid_ref = load_base();
		grid_snap = snapshot(grid);
	}
	if (load_into(grid, grid_ref, grid_snap, data, size) == 0) {
		fom_free(grid);
		grid = load_base();
	}
	return 0;
}
