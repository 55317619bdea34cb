/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_validate.c - semantic checks and merge of a parsed module into a
 * model (IEEE 1516-2010 module merging rules).
 *
 * The merge runs on a deep copy which replaces the model only when the
 * whole module checked out, so a failed load leaves the model unchanged.
 *
 * Rules:
 *  - classes are identified by qualified name; a class appearing twice
 *    under the same parent in one module is a duplicate;
 *  - a class repeated by a later module either lists no attributes
 *    (parameters) -- scaffolding -- or exactly the earlier ones with the
 *    same definitions; a class first seen only as scaffolding may receive
 *    its attributes later; the roots may always gain members, and the MIM's
 *    HLAprivilegeToDeleteObject keeps its MIM definition;
 *  - attribute (parameter) names are unique along each path of the tree;
 *    a class that repeats a member it inherits names the inherited member
 *    (a warning; its definition there holds): other RTIs' FOMs do this,
 *    e.g. a subclass restating an attribute with its own dimensions;
 *  - a repeated attribute (parameter) names the same datatype (absent and
 *    NA are the same);
 *  - dimensions with one name agree on the upper bound; a reference to an
 *    undefined dimension is an error unless the module declares a
 *    Dependency that is not loaded yet (the dimension is then recorded as
 *    not yet defined and a later module completes it);
 *  - datatypes: fom_types.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fom_impl.h"

#define FOM_PRIVILEGE_ATTR 1

struct fom_mctx {
	struct fom *c;
	const struct fom_module *m;
	const char *file;
	struct fom_error *err;
	int deps_missing;
	uint32_t module;                /* index the module will have */
	uint8_t *seen_oc, *seen_ic, *seen_at, *seen_pa, *seen_di;
	uint32_t *dims;                 /* scratch for resolved references */
	uint32_t dims_cap;
};

struct fom_mcount {
	uint32_t classes, members, dimrefs;
};

static void
fom_v_count(const struct fom_mclass *c, struct fom_mcount *k)
{
	uint32_t i;

	k->classes++;
	k->members += c->n_members;
	k->dimrefs += c->n_dims;
	for (i = 0; i < c->n_members; i++)
		k->dimrefs += c->members[i].n_dims;
	for (i = 0; i < c->n_children; i++)
		fom_v_count(&c->children[i], k);
}

static int
fom_v_nomem(struct fom_mctx *x)
{
	return fom_err(x->err, x->file, 0, "out of memory");
}

/* Member `name` (`kind`) of class `cls` (`ckind`) repeats the one class
 * `pcls` declares: warn; the caller lets the name stand for that one. */
static int
fom_v_inherited(struct fom_mctx *x, int line, const char *kind,
    const char *name, const char *ckind, const char *cls, const char *pcls)
{
	char buf[600];

	snprintf(buf, sizeof(buf), "%s '%s' of %s '%s' repeats the %s "
	    "inherited from '%s': it names that %s, whose definition holds",
	    kind, name, ckind, cls, kind, pcls, kind);
	if (fom_warn_add(x->c, x->file, line, buf) < 0)
		return fom_v_nomem(x);
	return 0;
}

/* Resolve dimension names into x->dims[0..n).  `what` names the owner. */
static int
fom_v_dims(struct fom_mctx *x, uint32_t n, const char **names,
    const int *lines, const char *what, const char *owner)
{
	uint32_t i, h;

	if (n > x->dims_cap) {
		uint32_t *p = realloc(x->dims, n * sizeof(*p));
		if (p == NULL)
			return fom_v_nomem(x);
		x->dims = p;
		x->dims_cap = n;
	}
	for (i = 0; i < n; i++) {
		h = fom_dim_by_name(x->c, names[i]);
		if (h == 0 && !x->deps_missing)
			return fom_err(x->err, x->file, lines[i],
			    "unknown dimension '%s' referenced by %s '%s'",
			    names[i], what, owner);
		if (h == 0 && (h = fom_add_dim(x->c, names[i], 0, 0)) == 0)
			return fom_v_nomem(x);
		x->dims[i] = h;
	}
	return 0;
}

static int
fom_v_same_dims(const uint32_t *a, uint32_t na, const uint32_t *b,
    uint32_t nb)
{
	uint32_t i, j;

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++) {
		for (j = 0; j < nb && b[j] != a[i]; j++)
			;
		if (j == nb)
			return 0;
	}
	return 1;
}

static int
fom_v_module_dims(struct fom_mctx *x)
{
	const struct fom_module *m = x->m;
	uint32_t i, h;

	for (i = 0; i < m->n_dims; i++) {
		const struct fom_mdim *d = &m->dims[i];
		struct fom_dimension *e;
		h = fom_dim_by_name(x->c, d->name);
		if (h != 0 && x->seen_di[h])
			return fom_err(x->err, x->file, d->line,
			    "duplicate dimension '%s'", d->name);
		if (h == 0) {
			if ((h = fom_add_dim(x->c, d->name, d->upper_bound,
			    1)) == 0)
				return fom_v_nomem(x);
		} else if ((e = &x->c->dims[h - 1])->defined) {
			if (e->upper_bound != d->upper_bound)
				return fom_err(x->err, x->file, d->line,
				    "conflicting merge of dimension '%s': "
				    "upper bound %llu, earlier %llu", d->name,
				    (unsigned long long)d->upper_bound,
				    (unsigned long long)e->upper_bound);
		} else {
			e->upper_bound = d->upper_bound;
			e->defined = 1;
		}
		x->seen_di[h] = 1;
	}
	return 0;
}

/* Members (attributes or parameters) declared below one class, by name
 * (fom_nameset, the value a member handle): built once for a class that
 * gains members in a merge, so that checking each new member against its
 * subclasses costs one lookup, not a walk of the subtree (65536 new
 * attributes on a class above 16000 subclasses took 21 s that way); names
 * borrowed from the model, which the merge does not change below the
 * class. */
static const char *
fom_v_mname(const struct fom *c, int interaction, uint32_t a)
{
	return interaction ? c->params[a - 1].name : c->attrs[a - 1].name;
}

/* Members declared on the classes below `h` (h excluded): count them into
 * *n, or, with `set`, add them. */
static void
fom_v_below(const struct fom *c, int interaction, uint32_t h,
    struct fom_nameset *set, uint32_t *n)
{
	const uint32_t *kids, *mem;
	uint32_t nk, nm, i, j;

	if (interaction) {
		kids = c->iclasses[h - 1].children;
		nk = c->iclasses[h - 1].n_children;
	} else {
		kids = c->oclasses[h - 1].children;
		nk = c->oclasses[h - 1].n_children;
	}
	for (i = 0; i < nk; i++) {
		if (interaction) {
			mem = c->iclasses[kids[i] - 1].params;
			nm = c->iclasses[kids[i] - 1].n_params;
		} else {
			mem = c->oclasses[kids[i] - 1].attrs;
			nm = c->oclasses[kids[i] - 1].n_attrs;
		}
		for (j = 0; j < nm; j++) {
			if (set == NULL)
				(*n)++;
			else
				fom_nameset_add(set, fom_v_mname(c,
				    interaction, mem[j]), mem[j]);
		}
		fom_v_below(c, interaction, kids[i], set, n);
	}
}

/* The member below class `h` called `name`, else 0 (-1 with the error on
 * ENOMEM); builds `set` on first use. */
static int64_t
fom_v_below_get(struct fom_mctx *x, struct fom_nameset *set,
    int interaction, uint32_t h, const char *name)
{
	const struct fom_named *m;
	uint32_t n = 0;

	if (set->e == NULL) {
		fom_v_below(x->c, interaction, h, NULL, &n);
		if (fom_nameset_init(set, x->c, n) < 0) {
			fom_nameset_free(set);
			fom_v_nomem(x);
			return -1;
		}
		fom_v_below(x->c, interaction, h, set, &n);
	}
	m = fom_nameset_get(set, name);
	return m ? m->v : 0;
}

/* 1 when datatype names a and b (either NULL) are the same. */
static int
fom_v_same_type(const char *a, const char *b)
{
	if (a == NULL || *a == '\0' || strcmp(a, "NA") == 0)
		a = "NA";
	if (b == NULL || *b == '\0' || strcmp(b, "NA") == 0)
		b = "NA";
	return strcmp(a, b) == 0;
}

static int
fom_v_attrs_in(struct fom_mctx *x, uint32_t h, const struct fom_mclass *mc,
    struct fom_nameset *below)
{
	struct fom *c = x->c;
	uint32_t ne = c->oclasses[h - 1].n_attrs, matched = 0, i, a, p;
	int64_t d;
	const char *q;

	for (i = 0; i < mc->n_members; i++) {
		const struct fom_mmember *ma = &mc->members[i];
		uint8_t order = ma->has_order ? ma->order : FOM_ORDER_RECEIVE;
		uint8_t tr = ma->has_transport ? ma->transport :
		    FOM_TRANSPORT_RELIABLE;
		q = c->oclasses[h - 1].qname;
		if (fom_v_dims(x, ma->n_dims, ma->dims, ma->dim_lines,
		    "attribute", ma->name) < 0)
			return -1;
		if ((a = fom_attr_decl(c, h, ma->name)) != 0) {
			const struct fom_attribute *e = &c->attrs[a - 1];
			if (x->seen_at[a])
				return fom_err(x->err, x->file, ma->line,
				    "duplicate attribute '%s' in object class "
				    "'%s'", ma->name, q);
			x->seen_at[a] = 1;
			matched++;
			if (a == FOM_PRIVILEGE_ATTR)
				continue;
			if (e->order != order || e->transport != tr ||
			    !fom_v_same_dims(e->dims, e->n_dims, x->dims,
			    ma->n_dims))
				return fom_err(x->err, x->file, ma->line,
				    "conflicting merge of attribute '%s' of "
				    "object class '%s': transportation, order "
				    "or dimensions differ from the earlier "
				    "definition", ma->name, q);
			if (!fom_v_same_type(e->datatype_name, ma->datatype))
				return fom_err(x->err, x->file, ma->line,
				    "conflicting merge of attribute '%s' of "
				    "object class '%s': datatype '%s', "
				    "earlier '%s'", ma->name, q, ma->datatype ?
				    ma->datatype : "NA", e->datatype_name ?
				    e->datatype_name : "NA");
			continue;
		}
		for (p = c->oclasses[h - 1].parent; p != 0 &&
		    fom_attr_decl(c, p, ma->name) == 0;
		    p = c->oclasses[p - 1].parent)
			;
		if (p != 0) {
			if (fom_v_inherited(x, ma->line, "attribute",
			    ma->name, "object class", q,
			    c->oclasses[p - 1].qname) < 0)
				return -1;
			continue;
		}
		if ((d = fom_v_below_get(x, below, 0, h, ma->name)) < 0)
			return -1;
		if (d > 0)
			return fom_err(x->err, x->file, ma->line,
			    "conflicting merge: attribute '%s' added to object"
			    " class '%s' is already declared by subclass '%s'",
			    ma->name, q,
			    c->oclasses[c->attrs[d - 1].oclass - 1].qname);
		if (ne > 0 && h != 1)
			return fom_err(x->err, x->file, ma->line,
			    "conflicting merge of object class '%s': attribute"
			    " '%s' is not in its earlier definition", q,
			    ma->name);
		if ((a = fom_add_attr(c, h, ma->name, order, tr, ma->n_dims,
		    x->dims, ma->datatype, x->module, ma->line)) == 0)
			return fom_v_nomem(x);
		x->seen_at[a] = 1;
	}
	if (mc->n_members > 0 && ne > 0 && matched < ne && h != 1) {
		const struct fom_oclass *o = &c->oclasses[h - 1];
		for (i = 0; i < ne && x->seen_at[o->attrs[i]]; i++)
			;
		return fom_err(x->err, x->file, mc->line,
		    "conflicting merge of object class '%s': attribute '%s' "
		    "of its earlier definition is missing", o->qname,
		    c->attrs[o->attrs[i] - 1].name);
	}
	return 0;
}

static int
fom_v_attrs(struct fom_mctx *x, uint32_t h, const struct fom_mclass *mc)
{
	struct fom_nameset below = { 0 };
	int rc = fom_v_attrs_in(x, h, mc, &below);

	fom_nameset_free(&below);
	return rc;
}

/* Length of the qualified name of class `name` under `parent_q`: kept
 * within FOM_MAX_NAME so that a deep tree of long names cannot make the
 * model's qualified names grow as depth times name length per class. */
static size_t
fom_v_qlen(const char *parent_q, const char *name)
{
	return strlen(parent_q) + 1 + strlen(name);
}

static int
fom_v_qlimit(struct fom_mctx *x, const struct fom_mclass *mc,
    const char *kind)
{
	return fom_err(x->err, x->file, mc->line, "qualified name of %s class "
	    "'%s' longer than %u bytes (limit)", kind, mc->name, FOM_MAX_NAME);
}

static int
fom_v_oclass(struct fom_mctx *x, uint32_t parent, const struct fom_mclass *mc)
{
	uint32_t h, i;

	h = parent ? fom_ochild(x->c, parent, mc->name) : 1;
	if (h != 0 && x->seen_oc[h])
		return fom_err(x->err, x->file, mc->line,
		    "duplicate object class '%s'", x->c->oclasses[h - 1].qname);
	if (h == 0 && fom_v_qlen(x->c->oclasses[parent - 1].qname,
	    mc->name) > FOM_MAX_NAME)
		return fom_v_qlimit(x, mc, "object");
	if (h == 0 && (h = fom_add_oclass(x->c, parent, mc->name)) == 0)
		return fom_v_nomem(x);
	x->seen_oc[h] = 1;
	if (fom_v_attrs(x, h, mc) < 0)
		return -1;
	for (i = 0; i < mc->n_children; i++)
		if (fom_v_oclass(x, h, &mc->children[i]) < 0)
			return -1;
	return 0;
}

static int
fom_v_params_in(struct fom_mctx *x, uint32_t h, const struct fom_mclass *mc,
    struct fom_nameset *below)
{
	struct fom *c = x->c;
	uint32_t ne = c->iclasses[h - 1].n_params, matched = 0, i, a, p;
	int64_t d;
	const char *q;

	for (i = 0; i < mc->n_members; i++) {
		const struct fom_mmember *ma = &mc->members[i];
		q = c->iclasses[h - 1].qname;
		if ((a = fom_param_decl(c, h, ma->name)) != 0) {
			if (x->seen_pa[a])
				return fom_err(x->err, x->file, ma->line,
				    "duplicate parameter '%s' in interaction "
				    "class '%s'", ma->name, q);
			x->seen_pa[a] = 1;
			matched++;
			if (!fom_v_same_type(c->params[a - 1].datatype_name,
			    ma->datatype))
				return fom_err(x->err, x->file, ma->line,
				    "conflicting merge of parameter '%s' of "
				    "interaction class '%s': datatype '%s', "
				    "earlier '%s'", ma->name, q, ma->datatype ?
				    ma->datatype : "NA",
				    c->params[a - 1].datatype_name ?
				    c->params[a - 1].datatype_name : "NA");
			continue;
		}
		for (p = c->iclasses[h - 1].parent; p != 0 &&
		    fom_param_decl(c, p, ma->name) == 0;
		    p = c->iclasses[p - 1].parent)
			;
		if (p != 0) {
			if (fom_v_inherited(x, ma->line, "parameter",
			    ma->name, "interaction class", q,
			    c->iclasses[p - 1].qname) < 0)
				return -1;
			continue;
		}
		if ((d = fom_v_below_get(x, below, 1, h, ma->name)) < 0)
			return -1;
		if (d > 0)
			return fom_err(x->err, x->file, ma->line,
			    "conflicting merge: parameter '%s' added to "
			    "interaction class '%s' is already declared by "
			    "subclass '%s'", ma->name, q,
			    c->iclasses[c->params[d - 1].iclass - 1].qname);
		if (ne > 0 && h != 1)
			return fom_err(x->err, x->file, ma->line,
			    "conflicting merge of interaction class '%s': "
			    "parameter '%s' is not in its earlier definition",
			    q, ma->name);
		if ((a = fom_add_param(c, h, ma->name, ma->datatype,
		    x->module, ma->line)) == 0)
			return fom_v_nomem(x);
		x->seen_pa[a] = 1;
	}
	if (mc->n_members > 0 && ne > 0 && matched < ne && h != 1) {
		const struct fom_iclass *o = &c->iclasses[h - 1];
		for (i = 0; i < ne && x->seen_pa[o->params[i]]; i++)
			;
		return fom_err(x->err, x->file, mc->line,
		    "conflicting merge of interaction class '%s': parameter "
		    "'%s' of its earlier definition is missing", o->qname,
		    c->params[o->params[i] - 1].name);
	}
	return 0;
}

static int
fom_v_params(struct fom_mctx *x, uint32_t h, const struct fom_mclass *mc)
{
	struct fom_nameset below = { 0 };
	int rc = fom_v_params_in(x, h, mc, &below);

	fom_nameset_free(&below);
	return rc;
}

static int
fom_v_iclass(struct fom_mctx *x, uint32_t parent, const struct fom_mclass *mc)
{
	struct fom *c = x->c;
	uint32_t h, i;

	if (fom_v_dims(x, mc->n_dims, mc->dims, mc->dim_lines,
	    "interaction class", mc->name) < 0)
		return -1;
	h = parent ? fom_ichild(c, parent, mc->name) : 1;
	if (h != 0 && x->seen_ic[h])
		return fom_err(x->err, x->file, mc->line,
		    "duplicate interaction class '%s'",
		    c->iclasses[h - 1].qname);
	if (h == 0) {
		const struct fom_iclass *p = &c->iclasses[parent - 1];
		if (fom_v_qlen(p->qname, mc->name) > FOM_MAX_NAME)
			return fom_v_qlimit(x, mc, "interaction");
		h = fom_add_iclass(c, parent, mc->name,
		    mc->has_order ? mc->order : p->order,
		    mc->has_transport ? mc->transport : p->transport,
		    mc->n_dims, x->dims);
		if (h == 0)
			return fom_v_nomem(x);
	}
	x->seen_ic[h] = 1;
	if (fom_v_params(x, h, mc) < 0)
		return -1;
	for (i = 0; i < mc->n_children; i++)
		if (fom_v_iclass(x, h, &mc->children[i]) < 0)
			return -1;
	return 0;
}

static int
fom_v_run(struct fom_mctx *x)
{
	const struct fom_module *m = x->m;
	uint32_t i, j;

	for (i = 0; i < m->n_deps; i++) {
		for (j = 0; j < x->c->n_modules &&
		    strcmp(x->c->model_names[j], m->deps[i]) != 0; j++)
			;
		if (j == x->c->n_modules && strcmp(m->deps[i],
		    m->model_name) != 0)
			x->deps_missing = 1;
	}
	if (fom_v_module_dims(x) < 0 ||
	    fom_types_add(x->c, m, x->module, x->file, x->err) < 0)
		return -1;
	for (i = 0; i < m->n_oroots; i++) {
		const struct fom_mclass *r = &m->oroots[i];
		if (strcmp(r->name, "HLAobjectRoot") != 0 &&
		    strcmp(r->name, "ObjectRoot") != 0)
			return fom_err(x->err, x->file, r->line,
			    "top-level object class '%s' is not "
			    "HLAobjectRoot", r->name);
		if (fom_v_oclass(x, 0, r) < 0)
			return -1;
	}
	for (i = 0; i < m->n_iroots; i++) {
		const struct fom_mclass *r = &m->iroots[i];
		if (strcmp(r->name, "HLAinteractionRoot") != 0 &&
		    strcmp(r->name, "InteractionRoot") != 0)
			return fom_err(x->err, x->file, r->line,
			    "top-level interaction class '%s' is not "
			    "HLAinteractionRoot", r->name);
		if (fom_v_iclass(x, 0, r) < 0)
			return -1;
	}
	if (fom_add_module(x->c, x->file, m->model_name) < 0)
		return fom_v_nomem(x);
	return fom_types_finish(x->c, x->module, x->deps_missing, x->err);
}

int
fom_merge_module(struct fom *f, const struct fom_module *m, const char *name,
    struct fom_error *err)
{
	struct fom_mctx x;
	struct fom_mcount k = { 0, 0, 0 };
	uint32_t i;
	int rc = -1;

	memset(&x, 0, sizeof(x));
	x.m = m;
	x.file = name;
	x.module = f->n_modules + 1;
	x.err = err;
	for (i = 0; i < m->n_oroots; i++)
		fom_v_count(&m->oroots[i], &k);
	for (i = 0; i < m->n_iroots; i++)
		fom_v_count(&m->iroots[i], &k);
	x.c = fom_clone(f);
	if (x.c == NULL ||
	    !(x.seen_oc = calloc(f->n_oclasses + k.classes + 2, 1)) ||
	    !(x.seen_ic = calloc(f->n_iclasses + k.classes + 2, 1)) ||
	    !(x.seen_at = calloc(f->n_attrs + k.members + 2, 1)) ||
	    !(x.seen_pa = calloc(f->n_params + k.members + 2, 1)) ||
	    !(x.seen_di = calloc(f->n_dims + m->n_dims + k.dimrefs + 2, 1)))
		fom_v_nomem(&x);
	else if ((rc = fom_v_run(&x)) == 0)
		fom_swap(f, x.c);
	fom_free(x.c);
	free(x.seen_oc);
	free(x.seen_ic);
	free(x.seen_at);
	free(x.seen_pa);
	free(x.seen_di);
	free(x.dims);
	return rc;
}
