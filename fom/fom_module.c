/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_module.c - a parsed module (fom_impl.h) without libxml2: its arena,
 * and its compact binary form, which rtiexec sends to joiners in place of
 * the module's XML so that librti never parses XML (nor loads libxml2).
 *
 * The form (all integers big-endian, proto/wire.h's puts):
 *   8 bytes "\0rtifom" then version 1 (an XML text never starts with NUL)
 *   ostr model_name; u32 n, n x ostr dependency
 *   u32 n, n x (ostr name, u32 line, u64 upper_bound)            dimensions
 *   u32 n, n x datatype: u8 kind, u8 form2000, ostr name, u32 line,
 *       12 x ostr (semantics size interpretation endian encoding
 *       representation units resolution accuracy datatype cardinality
 *       discriminant), u32 n, n x item (ostr name, u32 line, ostr datatype,
 *       ostr enumerator, ostr semantics, u32 n, n x ostr value)
 *   u32 n, n x class (object roots); u32 n, n x class (interaction roots)
 *   class: ostr name, u32 line, 4 x u8 (order transport has_order
 *       has_transport), dims, u32 n, n x member (ostr name, ostr datatype,
 *       u32 line, 4 x u8, dims), u32 n, n x class (children)
 *   dims: u32 n, n x (ostr name, u32 line)
 *   ostr: u8 0 (absent, NULL) or u8 1 then a wire string.
 * The decoder is a bounded parser of untrusted bytes (test/fuzz/fuzz_fom.c
 * feeds it): every count is checked against the bytes left before anything
 * is allocated, nesting is bounded by FOM_MAX_DEPTH, and the per-module
 * FOM_MAX_* limits of the XML walker hold; what it builds is then merged
 * with the same checks as a module read from XML.
 */
#include <limits.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "fom_impl.h"
#include "wire.h"

struct fom_achunk {
	struct fom_achunk *next;
	size_t used, cap;
	alignas(max_align_t) unsigned char data[];
};

struct fom_arena {
	struct fom_achunk *head;
};

void *
fom_amalloc(struct fom_arena *a, size_t size)
{
	struct fom_achunk *c = a->head;
	size_t al = alignof(max_align_t), cap;
	void *p;

	size = (size + al - 1) / al * al;
	if (c == NULL || c->cap - c->used < size) {
		cap = size > 32768 ? size : 32768;
		c = malloc(sizeof(*c) + cap);
		if (c == NULL)
			return NULL;
		c->cap = cap;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	p = c->data + c->used;
	c->used += size;
	memset(p, 0, size);
	return p;
}

struct fom_module *
fom_module_new(void)
{
	struct fom_module *m = calloc(1, sizeof(*m));

	if (m == NULL || (m->arena = calloc(1, sizeof(*m->arena))) == NULL) {
		free(m);
		return NULL;
	}
	return m;
}

void
fom_module_free(struct fom_module *m)
{
	struct fom_achunk *c, *n;

	if (m == NULL)
		return;
	for (c = m->arena->head; c != NULL; c = n) {
		n = c->next;
		free(c);
	}
	free(m->arena);
	free(m);
}

/* ---- encoder ---- */

static const char fom_bin_magic[8] = { 0, 'r', 't', 'i', 'f', 'o', 'm', 1 };

static void
put_ostr(struct wire_buf *b, const char *s)
{
	wire_put_u8(b, s != NULL);
	if (s != NULL)
		wire_put_str(b, s);
}

static void
put_line(struct wire_buf *b, int line)
{
	wire_put_u32(b, line > 0 ? (uint32_t)line : 0);
}

static void
put_dims(struct wire_buf *b, uint32_t n, const char **dims, const int *lines)
{
	uint32_t i;

	wire_put_u32(b, n);
	for (i = 0; i < n; i++) {
		put_ostr(b, dims[i]);
		put_line(b, lines ? lines[i] : 0);
	}
}

static void
put_flags(struct wire_buf *b, uint8_t order, uint8_t transport,
    uint8_t has_order, uint8_t has_transport)
{
	wire_put_u8(b, order);
	wire_put_u8(b, transport);
	wire_put_u8(b, has_order);
	wire_put_u8(b, has_transport);
}

static void
put_class(struct wire_buf *b, const struct fom_mclass *c)
{
	uint32_t i;

	put_ostr(b, c->name);
	put_line(b, c->line);
	put_flags(b, c->order, c->transport, c->has_order, c->has_transport);
	put_dims(b, c->n_dims, c->dims, c->dim_lines);
	wire_put_u32(b, c->n_members);
	for (i = 0; i < c->n_members; i++) {
		const struct fom_mmember *m = &c->members[i];

		put_ostr(b, m->name);
		put_ostr(b, m->datatype);
		put_line(b, m->line);
		put_flags(b, m->order, m->transport, m->has_order,
		    m->has_transport);
		put_dims(b, m->n_dims, m->dims, m->dim_lines);
	}
	wire_put_u32(b, c->n_children);
	for (i = 0; i < c->n_children; i++)
		put_class(b, &c->children[i]);
}

int
fom_module_encode(const struct fom_module *m, struct wire_buf *b)
{
	uint32_t i, k;

	wire_put_raw(b, fom_bin_magic, sizeof fom_bin_magic);
	put_ostr(b, m->model_name);
	wire_put_u32(b, m->n_deps);
	for (i = 0; i < m->n_deps; i++)
		put_ostr(b, m->deps[i]);
	wire_put_u32(b, m->n_dims);
	for (i = 0; i < m->n_dims; i++) {
		put_ostr(b, m->dims[i].name);
		put_line(b, m->dims[i].line);
		wire_put_u64(b, m->dims[i].upper_bound);
	}
	wire_put_u32(b, m->n_datatypes);
	for (i = 0; i < m->n_datatypes; i++) {
		const struct fom_mdatatype *d = &m->datatypes[i];

		wire_put_u8(b, d->kind);
		wire_put_u8(b, d->form2000);
		put_ostr(b, d->name);
		put_line(b, d->line);
		put_ostr(b, d->semantics);
		put_ostr(b, d->size);
		put_ostr(b, d->interpretation);
		put_ostr(b, d->endian);
		put_ostr(b, d->encoding);
		put_ostr(b, d->representation);
		put_ostr(b, d->units);
		put_ostr(b, d->resolution);
		put_ostr(b, d->accuracy);
		put_ostr(b, d->datatype);
		put_ostr(b, d->cardinality);
		put_ostr(b, d->discriminant);
		wire_put_u32(b, d->n_items);
		for (k = 0; k < d->n_items; k++) {
			const struct fom_mdt_item *it = &d->items[k];
			uint32_t v;

			put_ostr(b, it->name);
			put_line(b, it->line);
			put_ostr(b, it->datatype);
			put_ostr(b, it->enumerator);
			put_ostr(b, it->semantics);
			wire_put_u32(b, it->n_values);
			for (v = 0; v < it->n_values; v++)
				put_ostr(b, it->values[v]);
		}
	}
	wire_put_u32(b, m->n_oroots);
	for (i = 0; i < m->n_oroots; i++)
		put_class(b, &m->oroots[i]);
	wire_put_u32(b, m->n_iroots);
	for (i = 0; i < m->n_iroots; i++)
		put_class(b, &m->iroots[i]);
	return b->oom ? -1 : 0;
}

/* ---- decoder ---- */

struct fom_bctx {
	struct wire_rd rd;
	struct fom_arena *arena;
	int nomem;
	uint32_t n_oc, n_ic, n_at, n_pa, n_items, n_values; /* FOM_MAX_* */
};

/* The longest string kept: a datatype's free text may be as long as the
 * module; names are bounded again by the merge. */
#define FOM_BIN_MAX_STR (FOM_MAX_MODULE_BYTES - 1)

/* An absent (NULL) or present string, copied into the arena.  *bad set on
 * malformed input or ENOMEM. */
static const char *
get_ostr(struct fom_bctx *c)
{
	const char *s;
	uint8_t tag = wire_get_u8(&c->rd);
	size_t len;
	char *r;

	if (tag == 0 || c->rd.err)
		return NULL;
	if (tag != 1) {
		c->rd.err = 1;
		return NULL;
	}
	if ((s = wire_get_str(&c->rd, FOM_BIN_MAX_STR)) == NULL)
		return NULL;
	len = strlen(s);
	if ((r = fom_amalloc(c->arena, len + 1)) == NULL) {
		c->nomem = c->rd.err = 1;
		return NULL;
	}
	memcpy(r, s, len);
	return r;
}

static int
get_line(struct fom_bctx *c)
{
	uint32_t l = wire_get_u32(&c->rd);

	return l <= INT_MAX ? (int)l : 0;
}

/* Zeroed arena array of n items of `size` bytes, each taking at least
 * `min` bytes of input (so that n is bounded by what is left). */
static void *
get_array(struct fom_bctx *c, uint32_t *n, size_t size, size_t min,
    uint32_t max)
{
	void *p;

	*n = wire_get_count(&c->rd, min);
	if (c->rd.err || *n == 0)
		return NULL;
	if (*n > max) {
		c->rd.err = 1;
		return NULL;
	}
	if ((p = fom_amalloc(c->arena, (size_t)*n * size)) == NULL)
		c->nomem = c->rd.err = 1;
	return p;
}

static void
get_dims(struct fom_bctx *c, uint32_t *n, const char ***dims, int **lines)
{
	uint32_t i;

	*dims = get_array(c, n, sizeof(**dims), 5, FOM_MAX_DIMREFS);
	if (*dims == NULL)
		return;
	if ((*lines = fom_amalloc(c->arena, *n * sizeof(**lines))) == NULL) {
		c->nomem = c->rd.err = 1;
		return;
	}
	for (i = 0; i < *n && !c->rd.err; i++) {
		(*dims)[i] = get_ostr(c);
		(*lines)[i] = get_line(c);
	}
}

static void
get_flags(struct fom_bctx *c, uint8_t *order, uint8_t *transport,
    uint8_t *has_order, uint8_t *has_transport)
{
	*order = wire_get_u8(&c->rd);
	*transport = wire_get_u8(&c->rd);
	*has_order = wire_get_u8(&c->rd);
	*has_transport = wire_get_u8(&c->rd);
}

static void
get_class(struct fom_bctx *c, struct fom_mclass *k, int interaction,
    uint32_t depth)
{
	uint32_t i, *count = interaction ? &c->n_ic : &c->n_oc;
	uint32_t *members = interaction ? &c->n_pa : &c->n_at;

	if (depth > FOM_MAX_DEPTH || ++*count > (interaction ?
	    FOM_MAX_ICLASSES : FOM_MAX_OCLASSES)) {
		c->rd.err = 1;
		return;
	}
	k->name = get_ostr(c);
	k->line = get_line(c);
	get_flags(c, &k->order, &k->transport, &k->has_order,
	    &k->has_transport);
	get_dims(c, &k->n_dims, &k->dims, &k->dim_lines);
	k->members = get_array(c, &k->n_members, sizeof(*k->members), 13,
	    interaction ? FOM_MAX_PARAMS : FOM_MAX_ATTRS);
	if ((*members += k->n_members) > (interaction ? FOM_MAX_PARAMS :
	    FOM_MAX_ATTRS))
		c->rd.err = 1;
	for (i = 0; i < k->n_members && !c->rd.err; i++) {
		struct fom_mmember *m = &k->members[i];

		m->name = get_ostr(c);
		m->datatype = get_ostr(c);
		m->line = get_line(c);
		get_flags(c, &m->order, &m->transport, &m->has_order,
		    &m->has_transport);
		get_dims(c, &m->n_dims, &m->dims, &m->dim_lines);
	}
	k->children = get_array(c, &k->n_children, sizeof(*k->children), 17,
	    interaction ? FOM_MAX_ICLASSES : FOM_MAX_OCLASSES);
	for (i = 0; i < k->n_children && !c->rd.err; i++)
		get_class(c, &k->children[i], interaction, depth + 1);
	if (c->rd.err)
		k->n_members = k->n_children = 0;
}

static void
get_datatype(struct fom_bctx *c, struct fom_mdatatype *d)
{
	struct fom_mdt_item *items;
	uint32_t k, v;

	d->kind = wire_get_u8(&c->rd);
	d->form2000 = wire_get_u8(&c->rd);
	d->name = get_ostr(c);
	d->line = get_line(c);
	d->semantics = get_ostr(c);
	d->size = get_ostr(c);
	d->interpretation = get_ostr(c);
	d->endian = get_ostr(c);
	d->encoding = get_ostr(c);
	d->representation = get_ostr(c);
	d->units = get_ostr(c);
	d->resolution = get_ostr(c);
	d->accuracy = get_ostr(c);
	d->datatype = get_ostr(c);
	d->cardinality = get_ostr(c);
	d->discriminant = get_ostr(c);
	items = get_array(c, &d->n_items, sizeof(*items), 12,
	    FOM_MAX_ENUMERATORS);
	if ((c->n_items += d->n_items) > FOM_MAX_ENUMERATORS +
	    FOM_MAX_FIELDS + FOM_MAX_ALTERNATIVES)
		c->rd.err = 1;
	for (k = 0; k < d->n_items && !c->rd.err; k++) {
		struct fom_mdt_item *it = &items[k];
		const char **vals;

		it->name = get_ostr(c);
		it->line = get_line(c);
		it->datatype = get_ostr(c);
		it->enumerator = get_ostr(c);
		it->semantics = get_ostr(c);
		vals = get_array(c, &it->n_values, sizeof(*vals), 1,
		    FOM_MAX_ENUMERATORS);
		if ((c->n_values += it->n_values) > FOM_MAX_ENUMERATORS)
			c->rd.err = 1;
		for (v = 0; v < it->n_values && !c->rd.err; v++)
			vals[v] = get_ostr(c);
		it->values = vals;
	}
	d->items = items;
	if (c->rd.err)
		d->n_items = 0;
}

int
fom_module_is_bin(const void *p, size_t len)
{
	return len >= sizeof fom_bin_magic &&
	    memcmp(p, fom_bin_magic, sizeof fom_bin_magic) == 0;
}

int
fom_module_decode(const void *p, size_t len, const char *name,
    struct fom_module **out, struct fom_error *err)
{
	struct fom_mdatatype *dts;
	struct fom_bctx c;
	struct fom_module *m;
	uint32_t i;

	*out = NULL;
	if (!fom_module_is_bin(p, len))
		return fom_err(err, name, 0, "not a compact FOM module (or "
		    "another version of the form)");
	if (len > FOM_MAX_MODULE_BYTES)
		return fom_err(err, name, 0, "module larger than %u MiB "
		    "(limit)", FOM_MAX_MODULE_BYTES >> 20);
	if ((m = fom_module_new()) == NULL)
		return fom_err(err, name, 0, "out of memory");
	memset(&c, 0, sizeof(c));
	c.arena = m->arena;
	wire_rd_init(&c.rd, (const uint8_t *)p + sizeof fom_bin_magic,
	    len - sizeof fom_bin_magic);
	m->model_name = get_ostr(&c);
	m->deps = get_array(&c, &m->n_deps, sizeof(*m->deps), 1,
	    FOM_MAX_DIMS);
	for (i = 0; i < m->n_deps && !c.rd.err; i++)
		m->deps[i] = get_ostr(&c);
	m->dims = get_array(&c, &m->n_dims, sizeof(*m->dims), 13,
	    FOM_MAX_DIMS);
	for (i = 0; i < m->n_dims && !c.rd.err; i++) {
		m->dims[i].name = get_ostr(&c);
		m->dims[i].line = get_line(&c);
		m->dims[i].upper_bound = wire_get_u64(&c.rd);
	}
	dts = get_array(&c, &m->n_datatypes, sizeof(*dts), 23,
	    FOM_MAX_DATATYPES);
	for (i = 0; i < m->n_datatypes && !c.rd.err; i++)
		get_datatype(&c, &dts[i]);
	m->datatypes = dts;
	m->oroots = get_array(&c, &m->n_oroots, sizeof(*m->oroots), 17,
	    FOM_MAX_OCLASSES);
	for (i = 0; i < m->n_oroots && !c.rd.err; i++)
		get_class(&c, &m->oroots[i], 0, 1);
	m->iroots = get_array(&c, &m->n_iroots, sizeof(*m->iroots), 17,
	    FOM_MAX_ICLASSES);
	for (i = 0; i < m->n_iroots && !c.rd.err; i++)
		get_class(&c, &m->iroots[i], 1, 1);
	if (c.rd.err || !wire_rd_done(&c.rd)) {
		fom_module_free(m);
		return c.nomem ? fom_err(err, name, 0, "out of memory") :
		    fom_err(err, name, 0, "malformed compact FOM module");
	}
	*out = m;
	return 0;
}

int
fom_load_bin(struct fom *f, const void *p, size_t len, const char *name,
    struct fom_error *err)
{
	struct fom_error tmp;
	struct fom_module *m;
	int rc;

	if (err == NULL)
		err = &tmp;
	memset(err, 0, sizeof(*err));
	if (name == NULL)
		name = "";
	if (f == NULL || p == NULL)
		return fom_err(err, name, 0, "invalid argument");
	if (fom_module_decode(p, len, name, &m, err) < 0)
		return -1;
	rc = fom_merge_module(f, m, name, err);
	fom_module_free(m);
	return rc;
}
