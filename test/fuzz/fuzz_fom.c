/*
 * fuzz_fom.c - libFuzzer target for the FOM loader (fom/fom.h).
 *
 * Each input is loaded with fom_load_string twice: into a fresh model, and
 * merged after data/fom/Grid.xml.  The loader must never crash or leak.  After
 * a successful load the model must be consistent: every handle resolves to
 * itself, parents exist and list their children, depths follow parents (so the
 * trees are acyclic), attributes/parameters/dimensions referenced by a class
 * resolve, and qualified names look up to their handle.  A merge must keep
 * every handle of the model it was merged into.  A failed load must fill the
 * error and leave the model exactly as it was.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fom.h"
#include "fuzz.h"

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
	fom_print(f, fp);
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
	FUZZ_CHECK(after->n_modules == before->n_modules + 1);
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
	rc = fom_load_string(f, (const char *)data, size, "fuzz", &err);
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
	return -1;
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
	load_into(f, ref, snap, data, size);
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
