/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_model.c - FOM model storage: construction, deep copy, name indexes,
 * lookups and printing.  No XML and no merge rules here.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fom_impl.h"
#include "idmap.h"

#define FOM_ROOT_OCLASS "HLAobjectRoot"
#define FOM_ROOT_ICLASS "HLAinteractionRoot"
#define FOM_ALT_OCLASS "ObjectRoot"
#define FOM_ALT_ICLASS "InteractionRoot"

/* An entry of a name table: (scope, key) -> val.  Keys are borrowed
 * from the model (names owned by the model's entries). */
struct fom_ient {
	struct idmap_node node;
	const char *key;
	uint64_t hash;                  /* the table's */
	uint32_t scope;                 /* 0, or the parent/declaring class */
	uint32_t val;                   /* a handle, or FOM_AMBIGUOUS */
};

/* Entries of the tables, in blocks that never move (the chains link
 * them); a block is never shorter than the one before it. */
struct fom_iblock {
	struct fom_iblock *next;        /* older */
	uint32_t n, cap;
	struct fom_ient e[];
};

#define FOM_IBLOCK_MIN 64u

/* The tables of one model.  Every table hashes with the same key, the
 * random key of `oq`, which a copy of the model keeps (fom_index_new):
 * fom_nameset's tables hash with it too.  Names come from modules, so the tables are
 * keyed (proto/idmap.h); nothing observable depends on the key (handles
 * follow document order, lookups the keys' contents). */
struct fom_index {
	struct idmap oq, os, och;     /* object: qname, simple, (parent,name) */
	struct idmap iq, is, ich;
	struct idmap attr, param;     /* (declaring class, name) */
	struct idmap dim;
	struct idmap dt;              /* datatype names */
	struct fom_iblock *blocks;    /* the newest first takes entries */
	uint32_t cap_oc, cap_ic, cap_at, cap_pa, cap_di, cap_dt;
	uint32_t warn_kept;           /* see fom_warn_kept */
};

#define FOM_NTABLES 10

/* The tables of `ix` into t[FOM_NTABLES]. */
static void
fom_index_tables(struct fom_index *ix, struct idmap **t)
{
	t[0] = &ix->oq;
	t[1] = &ix->os;
	t[2] = &ix->och;
	t[3] = &ix->iq;
	t[4] = &ix->is;
	t[5] = &ix->ich;
	t[6] = &ix->attr;
	t[7] = &ix->param;
	t[8] = &ix->dim;
	t[9] = &ix->dt;
}

static void
fom_index_free(struct fom_index *ix)
{
	struct idmap *t[FOM_NTABLES];
	struct fom_iblock *b, *next;
	size_t i;

	if (ix == NULL)
		return;
	fom_index_tables(ix, t);
	for (i = 0; i < FOM_NTABLES; i++)
		idmap_fini(t[i]);
	for (b = ix->blocks; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	free(ix);
}

/* A new, empty index hashing with the key of `from`, or with a random
 * one; NULL on ENOMEM. */
static struct fom_index *
fom_index_new(const struct fom_index *from)
{
	struct fom_index *ix = calloc(1, sizeof(*ix));
	struct idmap *t[FOM_NTABLES];
	size_t i;

	if (ix == NULL)
		return NULL;
	fom_index_tables(ix, t);
	for (i = 0; i < FOM_NTABLES; i++)
		if (IDMAP_INIT_SCOPED(t[i], struct fom_ient, node, key,
		    scope, hash) < 0) {
			fom_index_free(ix);
			return NULL;
		}
	for (i = 0; i < FOM_NTABLES; i++)
		idmap_set_key(t[i], from ? from->oq.sk : ix->oq.sk);
	return ix;
}

int
fom_nameset_init(struct fom_nameset *s, const struct fom *f, uint32_t cap)
{
	memset(s, 0, sizeof *s);
	if ((s->e = malloc((cap ? cap : 1) * sizeof *s->e)) == NULL)
		return -1;
	s->cap = cap;
	if (IDMAP_INIT_STR_KEYED(&s->map, struct fom_named, node, name,
	    f->index->oq.sk) < 0 || idmap_reserve(&s->map, cap) < 0)
		return -1;
	return 0;
}

const struct fom_named *
fom_nameset_add(struct fom_nameset *s, const char *name, uint32_t v)
{
	struct fom_named *e = &s->e[s->n];
	struct idmap_node *had;

	if (s->n == s->cap)     /* beyond the contract: not added */
		return NULL;
	e->name = name;
	e->v = v;
	if ((had = idmap_put_new(&s->map, &e->node)) != NULL)
		return IDMAP_ENTRY(had, struct fom_named, node);
	s->n++;
	return NULL;
}

const struct fom_named *
fom_nameset_get(const struct fom_nameset *s, const char *name)
{
	struct idmap_node *n = idmap_get_str(&s->map, name);

	return n ? IDMAP_ENTRY(n, struct fom_named, node) : NULL;
}

void
fom_nameset_free(struct fom_nameset *s)
{
	idmap_fini(&s->map);
	free(s->e);
	s->e = NULL;
}

/* Make room for `extra` more entries of any table, so that fom_ht_put
 * cannot fail; -1 on ENOMEM (index unchanged). */
static int
fom_ht_reserve(struct fom_index *ix, uint64_t extra)
{
	struct fom_iblock *b = ix->blocks;
	uint64_t cap;

	if (b != NULL && b->cap - b->n >= extra)
		return 0;
	cap = b != NULL ? 2 * (uint64_t)b->cap : FOM_IBLOCK_MIN;
	if (cap < extra)
		cap = extra;
	if (cap > UINT32_MAX || (b = malloc(sizeof(*b) +
	    (size_t)cap * sizeof(b->e[0]))) == NULL)
		return -1;
	b->next = ix->blocks;
	b->n = 0;
	b->cap = (uint32_t)cap;
	ix->blocks = b;
	return 0;
}

static struct fom_ient *
fom_ht_find(const struct idmap *t, uint32_t scope, const char *key)
{
	struct idmap_node *n = idmap_get_scoped(t, scope, key);

	return n ? IDMAP_ENTRY(n, struct fom_ient, node) : NULL;
}

/* Value stored under (scope, key), 0 when absent. */
static uint32_t
fom_ht_get(const struct idmap *t, uint32_t scope, const char *key)
{
	const struct fom_ient *e = fom_ht_find(t, scope, key);

	return e != NULL ? e->val : 0;
}

/* Insert after fom_ht_reserve (of the index holding `t`), or replace the
 * value of the key.  With `ambig`, a second different value for the same
 * key turns the entry into FOM_AMBIGUOUS. */
static void
fom_ht_put(struct fom_index *ix, struct idmap *t, uint32_t scope,
    const char *key, uint32_t val, int ambig)
{
	struct fom_ient *e = &ix->blocks->e[ix->blocks->n];
	struct idmap_node *x;

	e->key = key;
	e->scope = scope;
	e->val = val;
	if ((x = idmap_put_new(t, &e->node)) == NULL) {
		ix->blocks->n++;
		return;
	}
	e = IDMAP_ENTRY(x, struct fom_ient, node);
	e->val = ambig && e->val != val ? FOM_AMBIGUOUS : val;
}

int
fom_err(struct fom_error *err, const char *file, int line, const char *fmt,
    ...)
{
	va_list ap;

	if (err == NULL)
		return -1;
	snprintf(err->file, sizeof(err->file), "%s", file ? file : "");
	err->line = line;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -1;
}

/* Grow a handle-indexed array to hold n+1 elements; -1 on ENOMEM. */
static int
fom_grow(void **arr, uint32_t *cap, uint32_t n, size_t size)
{
	uint32_t ncap;
	void *p;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	p = realloc(*arr, (size_t)ncap * size);
	if (p == NULL)
		return -1;
	*arr = p;
	*cap = ncap;
	return 0;
}

/* Room of a list of n handles: the least power of two >= n (0 for 0).
 * Lists grow by doubling, so that adding k members to one class copies
 * O(k) handles, not O(k^2) (an exact-size realloc per push moved 537 MB
 * for 16384 subclasses of one class under ASan). */
static size_t
fom_list_cap(uint32_t n)
{
	size_t c = 1;

	if (n == 0)
		return 0;
	while (c < n)
		c *= 2;
	return c;
}

/* Append h to a list of n handles with room fom_list_cap(n); -1 on
 * ENOMEM (list unchanged). */
static int
fom_push(uint32_t **list, uint32_t *n, uint32_t h)
{
	uint32_t *p = *list;

	if (fom_list_cap(*n) == *n) {
		p = realloc(*list, (*n ? 2 * (size_t)*n : 1) * sizeof(*p));
		if (p == NULL)
			return -1;
		*list = p;
	}
	p[(*n)++] = h;
	return 0;
}

/* Copy of a list of n handles, with room fom_list_cap(n). */
static uint32_t *
fom_dup_handles(const uint32_t *src, uint32_t n)
{
	uint32_t *p;

	if (n == 0)
		return NULL;
	p = malloc(fom_list_cap(n) * sizeof(*p));
	if (p != NULL)
		memcpy(p, src, (size_t)n * sizeof(*p));
	return p;
}

static char *
fom_qname(const char *parent_q, const char *name)
{
	size_t a = parent_q ? strlen(parent_q) : 0, b = strlen(name);
	char *q = malloc(a + b + 2);

	if (q == NULL)
		return NULL;
	if (parent_q) {
		memcpy(q, parent_q, a);
		q[a++] = '.';
	}
	memcpy(q + a, name, b + 1);
	return q;
}

uint32_t
fom_add_oclass(struct fom *f, uint32_t parent, const char *name)
{
	struct fom_index *ix = f->index;
	struct fom_oclass *c, *p;
	uint32_t h = f->n_oclasses + 1;
	char *n = NULL, *q = NULL;

	if (fom_grow((void **)&f->oclasses, &ix->cap_oc, f->n_oclasses,
	    sizeof(*f->oclasses)) < 0 || fom_ht_reserve(ix, 3) < 0)
		return 0;
	p = parent ? &f->oclasses[parent - 1] : NULL;
	n = strdup(name);
	q = fom_qname(p ? p->qname : NULL, name);
	if (n == NULL || q == NULL || (p && fom_push(&p->children,
	    &p->n_children, h) < 0)) {
		free(n);
		free(q);
		return 0;
	}
	c = &f->oclasses[h - 1];
	memset(c, 0, sizeof(*c));
	c->handle = h;
	c->name = n;
	c->qname = q;
	c->parent = parent;
	c->depth = p ? p->depth + 1 : 0;
	f->n_oclasses++;
	fom_ht_put(ix, &ix->oq, 0, q, h, 0);
	fom_ht_put(ix, &ix->os, 0, n, h, 1);
	fom_ht_put(ix, &ix->och, parent, n, h, 0);
	return h;
}

uint32_t
fom_add_iclass(struct fom *f, uint32_t parent, const char *name,
    uint8_t order, uint8_t transport, uint32_t n_dims, const uint32_t *dims)
{
	struct fom_index *ix = f->index;
	struct fom_iclass *c, *p;
	uint32_t h = f->n_iclasses + 1, *d = NULL;
	char *n = NULL, *q = NULL;

	if (fom_grow((void **)&f->iclasses, &ix->cap_ic, f->n_iclasses,
	    sizeof(*f->iclasses)) < 0 || fom_ht_reserve(ix, 3) < 0)
		return 0;
	p = parent ? &f->iclasses[parent - 1] : NULL;
	n = strdup(name);
	q = fom_qname(p ? p->qname : NULL, name);
	d = fom_dup_handles(dims, n_dims);
	if (n == NULL || q == NULL || (n_dims && d == NULL) ||
	    (p && fom_push(&p->children, &p->n_children, h) < 0)) {
		free(n);
		free(q);
		free(d);
		return 0;
	}
	c = &f->iclasses[h - 1];
	memset(c, 0, sizeof(*c));
	c->handle = h;
	c->name = n;
	c->qname = q;
	c->parent = parent;
	c->order = order;
	c->transport = transport;
	c->n_dims = n_dims;
	c->dims = d;
	c->depth = p ? p->depth + 1 : 0;
	f->n_iclasses++;
	fom_ht_put(ix, &ix->iq, 0, q, h, 0);
	fom_ht_put(ix, &ix->is, 0, n, h, 1);
	fom_ht_put(ix, &ix->ich, parent, n, h, 0);
	return h;
}

/* Copy of `s`, or NULL for NULL; *fail set on ENOMEM. */
static char *
fom_strdup_opt(const char *s, int *fail)
{
	char *r;

	if (s == NULL)
		return NULL;
	if ((r = strdup(s)) == NULL)
		*fail = 1;
	return r;
}

uint32_t
fom_add_attr(struct fom *f, uint32_t cls, const char *name, uint8_t order,
    uint8_t transport, uint32_t n_dims, const uint32_t *dims,
    const char *datatype, uint32_t module, int line)
{
	struct fom_index *ix = f->index;
	struct fom_attribute *a;
	struct fom_oclass *c = &f->oclasses[cls - 1];
	uint32_t h = f->n_attrs + 1, *d;
	char *n, *t;
	int fail = 0;

	if (fom_grow((void **)&f->attrs, &ix->cap_at, f->n_attrs,
	    sizeof(*f->attrs)) < 0 || fom_ht_reserve(ix, 1) < 0)
		return 0;
	n = strdup(name);
	d = fom_dup_handles(dims, n_dims);
	t = fom_strdup_opt(datatype, &fail);
	if (n == NULL || (n_dims && d == NULL) || fail ||
	    fom_push(&c->attrs, &c->n_attrs, h) < 0) {
		free(n);
		free(d);
		free(t);
		return 0;
	}
	a = &f->attrs[h - 1];
	a->handle = h;
	a->name = n;
	a->oclass = cls;
	a->order = order;
	a->transport = transport;
	a->n_dims = n_dims;
	a->dims = d;
	a->datatype = 0;
	a->datatype_name = t;
	a->module = module;
	a->line = line;
	f->n_attrs++;
	fom_ht_put(ix, &ix->attr, cls, n, h, 0);
	return h;
}

uint32_t
fom_add_param(struct fom *f, uint32_t cls, const char *name,
    const char *datatype, uint32_t module, int line)
{
	struct fom_index *ix = f->index;
	struct fom_parameter *a;
	struct fom_iclass *c = &f->iclasses[cls - 1];
	uint32_t h = f->n_params + 1;
	char *n, *t;
	int fail = 0;

	if (fom_grow((void **)&f->params, &ix->cap_pa, f->n_params,
	    sizeof(*f->params)) < 0 || fom_ht_reserve(ix, 1) < 0)
		return 0;
	n = strdup(name);
	t = fom_strdup_opt(datatype, &fail);
	if (n == NULL || fail || fom_push(&c->params, &c->n_params, h) < 0) {
		free(n);
		free(t);
		return 0;
	}
	a = &f->params[h - 1];
	a->handle = h;
	a->name = n;
	a->iclass = cls;
	a->datatype = 0;
	a->datatype_name = t;
	a->module = module;
	a->line = line;
	f->n_params++;
	fom_ht_put(ix, &ix->param, cls, n, h, 0);
	return h;
}

uint32_t
fom_add_dim(struct fom *f, const char *name, uint64_t upper_bound,
    uint8_t defined)
{
	struct fom_index *ix = f->index;
	struct fom_dimension *d;
	uint32_t h = f->n_dims + 1;
	char *n;

	if (fom_grow((void **)&f->dims, &ix->cap_di, f->n_dims,
	    sizeof(*f->dims)) < 0 || fom_ht_reserve(ix, 1) < 0)
		return 0;
	n = strdup(name);
	if (n == NULL)
		return 0;
	d = &f->dims[h - 1];
	d->handle = h;
	d->name = n;
	d->upper_bound = upper_bound;
	d->defined = defined;
	f->n_dims++;
	fom_ht_put(ix, &ix->dim, 0, n, h, 0);
	return h;
}

int
fom_dt_reserve(struct fom *f)
{
	struct fom_index *ix = f->index;

	return fom_grow((void **)&f->datatypes, &ix->cap_dt, f->n_datatypes,
	    sizeof(*f->datatypes)) < 0 || fom_ht_reserve(ix, 1) < 0 ?
	    -1 : 0;
}

void
fom_dt_index(struct fom *f, const char *name, uint32_t h)
{
	fom_ht_put(f->index, &f->index->dt, 0, name, h, 0);
}

uint32_t *
fom_warn_kept(struct fom *f)
{
	return &f->index->warn_kept;
}

int
fom_add_module(struct fom *f, const char *name, const char *model_name)
{
	char **a, **b, *n, *m;

	a = realloc(f->module_names, (f->n_modules + 1) * sizeof(*a));
	if (a == NULL)
		return -1;
	f->module_names = a;
	b = realloc(f->model_names, (f->n_modules + 1) * sizeof(*b));
	if (b == NULL)
		return -1;
	f->model_names = b;
	n = strdup(name ? name : "");
	m = strdup(model_name ? model_name : "");
	if (n == NULL || m == NULL) {
		free(n);
		free(m);
		return -1;
	}
	a[f->n_modules] = n;
	b[f->n_modules] = m;
	f->n_modules++;
	return 0;
}

struct fom *
fom_new(void)
{
	struct fom *f = calloc(1, sizeof(*f));
	uint32_t root;

	if (f == NULL)
		return NULL;
	f->index = fom_index_new(NULL);
	if (f->index == NULL ||
	    (root = fom_add_oclass(f, 0, FOM_ROOT_OCLASS)) == 0 ||
	    fom_add_attr(f, root, "HLAprivilegeToDeleteObject",
	    FOM_ORDER_TIMESTAMP, FOM_TRANSPORT_RELIABLE, 0, NULL, "HLAtoken",
	    0, 0) == 0 ||
	    fom_add_iclass(f, 0, FOM_ROOT_ICLASS, FOM_ORDER_RECEIVE,
	    FOM_TRANSPORT_RELIABLE, 0, NULL) == 0 ||
	    fom_types_builtin(f) < 0) {
		fom_free(f);
		return NULL;
	}
	return f;
}

void
fom_free(struct fom *f)
{
	uint32_t i;

	if (f == NULL)
		return;
	for (i = 0; i < f->n_oclasses; i++) {
		free(f->oclasses[i].name);
		free(f->oclasses[i].qname);
		free(f->oclasses[i].attrs);
		free(f->oclasses[i].children);
	}
	for (i = 0; i < f->n_iclasses; i++) {
		free(f->iclasses[i].name);
		free(f->iclasses[i].qname);
		free(f->iclasses[i].dims);
		free(f->iclasses[i].params);
		free(f->iclasses[i].children);
	}
	for (i = 0; i < f->n_attrs; i++) {
		free(f->attrs[i].name);
		free(f->attrs[i].dims);
		free(f->attrs[i].datatype_name);
	}
	for (i = 0; i < f->n_params; i++) {
		free(f->params[i].name);
		free(f->params[i].datatype_name);
	}
	fom_types_free(f);
	for (i = 0; i < f->n_dims; i++)
		free(f->dims[i].name);
	for (i = 0; i < f->n_modules; i++) {
		free(f->module_names[i]);
		free(f->model_names[i]);
	}
	free(f->oclasses);
	free(f->iclasses);
	free(f->attrs);
	free(f->params);
	free(f->dims);
	free(f->module_names);
	free(f->model_names);
	fom_index_free(f->index);
	free(f);
}

/* Deep copy helpers: 0 on success, -1 on ENOMEM (partial copy stays
 * freeable because counts only grow after each element is complete). */
static int
fom_strdup_to(char **dst, const char *src)
{
	*dst = strdup(src);
	return *dst == NULL ? -1 : 0;
}

static int
fom_dup_list(uint32_t **dst, const uint32_t *src, uint32_t n)
{
	*dst = fom_dup_handles(src, n);
	return n && *dst == NULL ? -1 : 0;
}

static int
fom_clone_arrays(struct fom *c, const struct fom *f)
{
	struct fom_index *ix = c->index;
	uint32_t i;

	ix->cap_oc = f->n_oclasses;
	ix->cap_ic = f->n_iclasses;
	ix->cap_at = f->n_attrs;
	ix->cap_pa = f->n_params;
	ix->cap_di = f->n_dims;
	if ((f->n_oclasses && !(c->oclasses = calloc(f->n_oclasses,
	    sizeof(*c->oclasses)))) ||
	    (f->n_iclasses && !(c->iclasses = calloc(f->n_iclasses,
	    sizeof(*c->iclasses)))) ||
	    (f->n_attrs && !(c->attrs = calloc(f->n_attrs,
	    sizeof(*c->attrs)))) ||
	    (f->n_params && !(c->params = calloc(f->n_params,
	    sizeof(*c->params)))) ||
	    (f->n_dims && !(c->dims = calloc(f->n_dims, sizeof(*c->dims)))) ||
	    (f->n_modules && (!(c->module_names = calloc(f->n_modules,
	    sizeof(char *))) || !(c->model_names = calloc(f->n_modules,
	    sizeof(char *))))))
		return -1;
	for (i = 0; i < f->n_oclasses; i++) {
		const struct fom_oclass *s = &f->oclasses[i];
		struct fom_oclass *d = &c->oclasses[i];
		*d = *s;
		d->name = d->qname = NULL;
		d->attrs = d->children = NULL;
		c->n_oclasses++;
		if (fom_strdup_to(&d->name, s->name) ||
		    fom_strdup_to(&d->qname, s->qname) ||
		    fom_dup_list(&d->attrs, s->attrs, s->n_attrs) ||
		    fom_dup_list(&d->children, s->children, s->n_children))
			return -1;
	}
	for (i = 0; i < f->n_iclasses; i++) {
		const struct fom_iclass *s = &f->iclasses[i];
		struct fom_iclass *d = &c->iclasses[i];
		*d = *s;
		d->name = d->qname = NULL;
		d->dims = d->params = d->children = NULL;
		c->n_iclasses++;
		if (fom_strdup_to(&d->name, s->name) ||
		    fom_strdup_to(&d->qname, s->qname) ||
		    fom_dup_list(&d->dims, s->dims, s->n_dims) ||
		    fom_dup_list(&d->params, s->params, s->n_params) ||
		    fom_dup_list(&d->children, s->children, s->n_children))
			return -1;
	}
	for (i = 0; i < f->n_attrs; i++) {
		int fail = 0;
		c->attrs[i] = f->attrs[i];
		c->attrs[i].name = NULL;
		c->attrs[i].dims = NULL;
		c->attrs[i].datatype_name = NULL;
		c->n_attrs++;
		c->attrs[i].datatype_name = fom_strdup_opt(
		    f->attrs[i].datatype_name, &fail);
		if (fail ||
		    fom_strdup_to(&c->attrs[i].name, f->attrs[i].name) ||
		    fom_dup_list(&c->attrs[i].dims, f->attrs[i].dims,
		    f->attrs[i].n_dims))
			return -1;
	}
	for (i = 0; i < f->n_params; i++) {
		int fail = 0;
		c->params[i] = f->params[i];
		c->params[i].name = NULL;
		c->params[i].datatype_name = NULL;
		c->n_params++;
		c->params[i].datatype_name = fom_strdup_opt(
		    f->params[i].datatype_name, &fail);
		if (fail || fom_strdup_to(&c->params[i].name,
		    f->params[i].name))
			return -1;
	}
	for (i = 0; i < f->n_dims; i++) {
		c->dims[i] = f->dims[i];
		c->dims[i].name = NULL;
		c->n_dims++;
		if (fom_strdup_to(&c->dims[i].name, f->dims[i].name))
			return -1;
	}
	for (i = 0; i < f->n_modules; i++) {
		c->n_modules++;
		if (fom_strdup_to(&c->module_names[i], f->module_names[i]) ||
		    fom_strdup_to(&c->model_names[i], f->model_names[i]))
			return -1;
	}
	ix->cap_dt = f->n_datatypes;
	return fom_types_clone(c, f);
}

/* Index every name of `c` (arrays already filled). */
static int
fom_index_build(struct fom *c)
{
	struct fom_index *ix = c->index;
	uint32_t i;

	if (fom_ht_reserve(ix, 3 * (uint64_t)c->n_oclasses +
	    3 * (uint64_t)c->n_iclasses + (uint64_t)c->n_attrs + c->n_params +
	    c->n_dims + c->n_datatypes) < 0 ||
	    idmap_reserve(&ix->oq, c->n_oclasses) < 0 ||
	    idmap_reserve(&ix->os, c->n_oclasses) < 0 ||
	    idmap_reserve(&ix->och, c->n_oclasses) < 0 ||
	    idmap_reserve(&ix->iq, c->n_iclasses) < 0 ||
	    idmap_reserve(&ix->is, c->n_iclasses) < 0 ||
	    idmap_reserve(&ix->ich, c->n_iclasses) < 0 ||
	    idmap_reserve(&ix->attr, c->n_attrs) < 0 ||
	    idmap_reserve(&ix->param, c->n_params) < 0 ||
	    idmap_reserve(&ix->dim, c->n_dims) < 0 ||
	    idmap_reserve(&ix->dt, c->n_datatypes) < 0)
		return -1;
	for (i = 0; i < c->n_oclasses; i++) {
		const struct fom_oclass *o = &c->oclasses[i];
		fom_ht_put(ix, &ix->oq, 0, o->qname, o->handle, 0);
		fom_ht_put(ix, &ix->os, 0, o->name, o->handle, 1);
		fom_ht_put(ix, &ix->och, o->parent, o->name, o->handle, 0);
	}
	for (i = 0; i < c->n_iclasses; i++) {
		const struct fom_iclass *o = &c->iclasses[i];
		fom_ht_put(ix, &ix->iq, 0, o->qname, o->handle, 0);
		fom_ht_put(ix, &ix->is, 0, o->name, o->handle, 1);
		fom_ht_put(ix, &ix->ich, o->parent, o->name, o->handle, 0);
	}
	for (i = 0; i < c->n_attrs; i++)
		fom_ht_put(ix, &ix->attr, c->attrs[i].oclass, c->attrs[i].name,
		    c->attrs[i].handle, 0);
	for (i = 0; i < c->n_params; i++)
		fom_ht_put(ix, &ix->param, c->params[i].iclass,
		    c->params[i].name, c->params[i].handle, 0);
	for (i = 0; i < c->n_dims; i++)
		fom_ht_put(ix, &ix->dim, 0, c->dims[i].name,
		    c->dims[i].handle, 0);
	for (i = 0; i < c->n_datatypes; i++)
		fom_ht_put(ix, &ix->dt, 0, c->datatypes[i].name,
		    c->datatypes[i].handle, 0);
	return 0;
}

struct fom *
fom_clone(const struct fom *f)
{
	struct fom *c = calloc(1, sizeof(*c));

	if (c == NULL)
		return NULL;
	c->index = fom_index_new(f->index);
	if (c->index == NULL || fom_clone_arrays(c, f) < 0 ||
	    fom_index_build(c) < 0) {
		fom_free(c);
		return NULL;
	}
	return c;
}

void
fom_swap(struct fom *a, struct fom *b)
{
	struct fom t = *a;

	*a = *b;
	*b = t;
}

uint32_t
fom_ochild(const struct fom *f, uint32_t parent, const char *name)
{
	return fom_ht_get(&f->index->och, parent, name);
}

uint32_t
fom_ichild(const struct fom *f, uint32_t parent, const char *name)
{
	return fom_ht_get(&f->index->ich, parent, name);
}

uint32_t
fom_attr_decl(const struct fom *f, uint32_t cls, const char *name)
{
	return fom_ht_get(&f->index->attr, cls, name);
}

uint32_t
fom_param_decl(const struct fom *f, uint32_t cls, const char *name)
{
	return fom_ht_get(&f->index->param, cls, name);
}

/* Class lookup shared by object and interaction trees: exact qualified
 * name, then `root` + "." + name, then the alternative root spelling
 * (`alt`), then an unambiguous simple name. */
static uint32_t
fom_class_lookup(const struct idmap *q, const struct idmap *s,
    const char *root, const char *alt, const char *name)
{
	char buf[256], *p = buf;
	size_t rl = strlen(root), al = strlen(alt), nl;
	uint32_t h;

	if (name == NULL || *name == '\0')
		return 0;
	if ((h = fom_ht_get(q, 0, name)) != 0)
		return h;
	if (strcmp(name, alt) == 0)
		return 1;
	if (strchr(name, '.') == NULL) {
		h = fom_ht_get(s, 0, name);
		return h == FOM_AMBIGUOUS ? 0 : h;
	}
	if (strncmp(name, alt, al) == 0 && name[al] == '.')
		name += al + 1;
	nl = strlen(name);
	if (rl + nl + 2 > sizeof(buf) && (p = malloc(rl + nl + 2)) == NULL)
		return 0;
	memcpy(p, root, rl);
	p[rl] = '.';
	memcpy(p + rl + 1, name, nl + 1);
	h = fom_ht_get(q, 0, p);
	if (p != buf)
		free(p);
	return h;
}

uint32_t
fom_oclass_by_name(const struct fom *f, const char *name)
{
	return fom_class_lookup(&f->index->oq, &f->index->os, FOM_ROOT_OCLASS,
	    FOM_ALT_OCLASS, name);
}

uint32_t
fom_iclass_by_name(const struct fom *f, const char *name)
{
	return fom_class_lookup(&f->index->iq, &f->index->is, FOM_ROOT_ICLASS,
	    FOM_ALT_ICLASS, name);
}

uint32_t
fom_dim_by_name(const struct fom *f, const char *name)
{
	return name ? fom_ht_get(&f->index->dim, 0, name) : 0;
}

uint32_t
fom_datatype_by_name(const struct fom *f, const char *name)
{
	return name ? fom_ht_get(&f->index->dt, 0, name) : 0;
}

const struct fom_datatype *
fom_datatype(const struct fom *f, uint32_t h)
{
	return h >= 1 && h <= f->n_datatypes ? &f->datatypes[h - 1] : NULL;
}

uint32_t
fom_attr_by_name(const struct fom *f, uint32_t cls, const char *name)
{
	uint32_t h;

	if (name == NULL)
		return 0;
	for (; cls >= 1 && cls <= f->n_oclasses;
	    cls = f->oclasses[cls - 1].parent)
		if ((h = fom_ht_get(&f->index->attr, cls, name)) != 0)
			return h;
	return 0;
}

uint32_t
fom_param_by_name(const struct fom *f, uint32_t cls, const char *name)
{
	uint32_t h;

	if (name == NULL)
		return 0;
	for (; cls >= 1 && cls <= f->n_iclasses;
	    cls = f->iclasses[cls - 1].parent)
		if ((h = fom_ht_get(&f->index->param, cls, name)) != 0)
			return h;
	return 0;
}

const struct fom_oclass *
fom_oclass(const struct fom *f, uint32_t h)
{
	return h >= 1 && h <= f->n_oclasses ? &f->oclasses[h - 1] : NULL;
}

const struct fom_iclass *
fom_iclass(const struct fom *f, uint32_t h)
{
	return h >= 1 && h <= f->n_iclasses ? &f->iclasses[h - 1] : NULL;
}

const struct fom_attribute *
fom_attr(const struct fom *f, uint32_t h)
{
	return h >= 1 && h <= f->n_attrs ? &f->attrs[h - 1] : NULL;
}

const struct fom_parameter *
fom_param(const struct fom *f, uint32_t h)
{
	return h >= 1 && h <= f->n_params ? &f->params[h - 1] : NULL;
}

const struct fom_dimension *
fom_dim(const struct fom *f, uint32_t h)
{
	return h >= 1 && h <= f->n_dims ? &f->dims[h - 1] : NULL;
}

int
fom_oclass_is_a(const struct fom *f, uint32_t sub, uint32_t super)
{
	if (super < 1 || super > f->n_oclasses)
		return 0;
	for (; sub >= 1 && sub <= f->n_oclasses;
	    sub = f->oclasses[sub - 1].parent)
		if (sub == super)
			return 1;
	return 0;
}

int
fom_iclass_is_a(const struct fom *f, uint32_t sub, uint32_t super)
{
	if (super < 1 || super > f->n_iclasses)
		return 0;
	for (; sub >= 1 && sub <= f->n_iclasses;
	    sub = f->iclasses[sub - 1].parent)
		if (sub == super)
			return 1;
	return 0;
}

int
fom_oclass_has_attr(const struct fom *f, uint32_t cls, uint32_t a)
{
	const struct fom_attribute *at = fom_attr(f, a);

	return at != NULL && fom_oclass_is_a(f, cls, at->oclass);
}

int
fom_iclass_has_param(const struct fom *f, uint32_t cls, uint32_t p)
{
	const struct fom_parameter *pa = fom_param(f, p);

	return pa != NULL && fom_iclass_is_a(f, cls, pa->iclass);
}

static void
fom_print_props(const struct fom *f, FILE *out, uint8_t transport,
    uint8_t order, uint32_t n_dims, const uint32_t *dims)
{
	uint32_t i;

	fprintf(out, " (%s, %s",
	    transport == FOM_TRANSPORT_BEST_EFFORT ? "best effort" : "reliable",
	    order == FOM_ORDER_TIMESTAMP ? "timestamp" : "receive");
	if (n_dims) {
		fputs(", dims:", out);
		for (i = 0; i < n_dims; i++) {
			const struct fom_dimension *d = fom_dim(f, dims[i]);
			fprintf(out, " %s", d ? d->name : "?");
		}
	}
	fputs(")\n", out);
}

/* `types`: each member's datatype on a line below it. */
static void
fom_print_oclass(const struct fom *f, FILE *out, uint32_t h, int types)
{
	const struct fom_oclass *c = &f->oclasses[h - 1];
	int ind = (int)c->depth * 2;
	uint32_t i;

	fprintf(out, "%*sobject class %u %s\n", ind, "", c->handle, c->qname);
	for (i = 0; i < c->n_attrs; i++) {
		const struct fom_attribute *a = &f->attrs[c->attrs[i] - 1];
		fprintf(out, "%*sattribute %u %s", ind + 2, "", a->handle,
		    a->name);
		fom_print_props(f, out, a->transport, a->order, a->n_dims,
		    a->dims);
		if (types) {
			fprintf(out, "%*s", ind + 4, "");
			fom_types_print_ref(f, out, a->datatype,
			    a->datatype_name);
		}
	}
	for (i = 0; i < c->n_children; i++)
		fom_print_oclass(f, out, c->children[i], types);
}

static void
fom_print_iclass(const struct fom *f, FILE *out, uint32_t h, int types)
{
	const struct fom_iclass *c = &f->iclasses[h - 1];
	int ind = (int)c->depth * 2;
	uint32_t i;

	fprintf(out, "%*sinteraction class %u %s", ind, "", c->handle,
	    c->qname);
	fom_print_props(f, out, c->transport, c->order, c->n_dims, c->dims);
	for (i = 0; i < c->n_params; i++) {
		const struct fom_parameter *p = &f->params[c->params[i] - 1];
		fprintf(out, "%*sparameter %u %s\n", ind + 2, "",
		    c->params[i], p->name);
		if (types) {
			fprintf(out, "%*s", ind + 4, "");
			fom_types_print_ref(f, out, p->datatype,
			    p->datatype_name);
		}
	}
	for (i = 0; i < c->n_children; i++)
		fom_print_iclass(f, out, c->children[i], types);
}

static void
fom_print_all(const struct fom *f, FILE *out, int types)
{
	uint32_t i;

	for (i = 0; i < f->n_modules; i++)
		fprintf(out, "module %u %s%s%s%s\n", i + 1, f->module_names[i],
		    f->model_names[i][0] ? " (" : "", f->model_names[i],
		    f->model_names[i][0] ? ")" : "");
	for (i = 0; i < f->n_oclasses; i++)
		if (f->oclasses[i].parent == 0)
			fom_print_oclass(f, out, i + 1, types);
	for (i = 0; i < f->n_iclasses; i++)
		if (f->iclasses[i].parent == 0)
			fom_print_iclass(f, out, i + 1, types);
	for (i = 0; i < f->n_dims; i++) {
		const struct fom_dimension *d = &f->dims[i];
		fprintf(out, "dimension %u %s (upper bound %llu%s)\n", d->handle,
		    d->name, (unsigned long long)(d->upper_bound ?
		    d->upper_bound : UINT64_C(4294967295)),
		    d->defined ? "" : ", not defined yet");
	}
	if (types)
		fom_types_print(f, out);
}

void
fom_print(const struct fom *f, FILE *out)
{
	fom_print_all(f, out, 0);
}

void
fom_print_verbose(const struct fom *f, FILE *out)
{
	fom_print_all(f, out, 1);
}
