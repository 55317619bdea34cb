/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_parse_walk.c - step 3 of reading a module (fom_parse.c): the walk
 * of the tree libxml2 built into a struct fom_module, both OMT forms by
 * one walker (a property is an XML attribute of that name in the 2000
 * form, else a child element in 2010; elements match by local name).  It
 * counts classes, members, dimensions and datatypes against the FOM_MAX_*
 * limits and checks the length of every name it keeps; what it keeps
 * lives in the module's arena (fom_module.c).  It reads the tree only:
 * text and properties through the two libxml2 calls that return the
 * document's own bytes (no entity is left to expand: fom_parse.c).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <inttypes.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fom_parse_int.h"

struct fom_pctx {
	struct fom_arena *arena;
	const char *file;
	struct fom_error *err;
	uint32_t n_oc, n_ic, n_at, n_pa; /* items so far, FOM_MAX_* */
	uint32_t n_dt, n_en, n_fi, n_al;
};

static int
fom_p_nomem(struct fom_pctx *p)
{
	return fom_err(p->err, p->file, 0, "out of memory");
}

static int
fom_p_is(const xmlNode *n, const char *local)
{
	return n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, local) == 0;
}

static int
fom_p_line(const xmlNode *n)
{
	long l = xmlGetLineNo(n);

	return l > 0 && l < 0x7fffffff ? (int)l : 0;
}

static const xmlNode *
fom_p_child(const xmlNode *n, const char *local)
{
	for (n = n->children; n != NULL; n = n->next)
		if (fom_p_is(n, local))
			return n;
	return NULL;
}

/* Arena copy of `s` without leading/trailing whitespace. */
static const char *
fom_p_trim(struct fom_pctx *p, const char *s)
{
	size_t len;
	char *r;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	len = strlen(s);
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
	    s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	if ((r = fom_amalloc(p->arena, len + 1)) == NULL)
		return NULL;
	memcpy(r, s, len);
	return r;
}

/* Trimmed text of element `n` into *out.  0, or -1 on ENOMEM. */
static int
fom_p_text(struct fom_pctx *p, const xmlNode *n, const char **out)
{
	xmlChar *c = xmlNodeGetContent(n);

	*out = fom_p_trim(p, c ? (const char *)c : "");
	xmlFree(c);
	return *out == NULL ? fom_p_nomem(p) : 0;
}

/* Property `key` of element `n`: XML attribute `key`, else the text of
 * child element <key>.  *out is NULL when neither exists.  -1 on ENOMEM. */
static int
fom_p_prop(struct fom_pctx *p, const xmlNode *n, const char *key,
    const char **out)
{
	const xmlNode *c;
	xmlChar *v;

	*out = NULL;
	if ((v = xmlGetNoNsProp(n, (const xmlChar *)key)) != NULL) {
		*out = fom_p_trim(p, (const char *)v);
		xmlFree(v);
		return *out == NULL ? fom_p_nomem(p) : 0;
	}
	if ((c = fom_p_child(n, key)) != NULL)
		return fom_p_text(p, c, out);
	return 0;
}

/* Count element children named `local`. */
static uint32_t
fom_p_count(const xmlNode *n, const char *local)
{
	uint32_t k = 0;

	for (n = n->children; n != NULL; n = n->next)
		if (fom_p_is(n, local))
			k++;
	return k;
}

static int
fom_p_order_transport(struct fom_pctx *p, const xmlNode *n, uint8_t *order,
    uint8_t *has_order, uint8_t *transport, uint8_t *has_transport)
{
	const char *v;

	if (fom_p_prop(p, n, "order", &v) < 0)
		return -1;
	if ((*has_order = v != NULL && *v != '\0'))
		*order = strcasecmp(v, "TimeStamp") == 0 ?
		    FOM_ORDER_TIMESTAMP : FOM_ORDER_RECEIVE;
	if (fom_p_prop(p, n, "transportation", &v) < 0)
		return -1;
	if ((*has_transport = v != NULL && *v != '\0'))
		*transport = strcasecmp(v, "HLAbestEffort") == 0 ?
		    FOM_TRANSPORT_BEST_EFFORT : FOM_TRANSPORT_RELIABLE;
	return 0;
}

/* Error for the dimension reference at `n` when `k` are already kept:
 * one too many, or a name too long. */
static int
fom_p_dimlimit(struct fom_pctx *p, const xmlNode *n, const char *what,
    uint32_t k)
{
	if (k == FOM_MAX_DIMREFS)
		return fom_err(p->err, p->file, fom_p_line(n),
		    "more than %u dimensions referenced by %s (limit)",
		    FOM_MAX_DIMREFS, what);
	return fom_err(p->err, p->file, fom_p_line(n),
	    "dimension name referenced by %s longer than %u bytes (limit)",
	    what, FOM_MAX_NAME);
}

/* Dimension references of an attribute or interaction class: the 2000
 * attribute dimensions="A B" or 2010 <dimensions><dimension>A</dimension>.
 * "NA" means none. */
static int
fom_p_dimrefs(struct fom_pctx *p, const xmlNode *n, const char *what,
    uint32_t *n_dims, const char ***dims, int **lines)
{
	const xmlNode *d, *c;
	xmlChar *v;
	uint32_t k = 0, max;
	const char *s, *e;
	char *t;

	*n_dims = 0;
	if ((v = xmlGetNoNsProp(n, (const xmlChar *)"dimensions")) != NULL) {
		for (max = 1, s = (const char *)v; *s; s++)
			if (*s == ' ' || *s == ',')
				max++;
		if ((*dims = fom_amalloc(p->arena, max * sizeof(char *))) ==
		    NULL || (*lines = fom_amalloc(p->arena, max *
		    sizeof(int))) == NULL) {
			xmlFree(v);
			return fom_p_nomem(p);
		}
		for (s = (const char *)v; *s; s = e) {
			s += strspn(s, " \t\r\n,");
			e = s + strcspn(s, " \t\r\n,");
			if (e == s || (e - s == 2 && strncmp(s, "NA", 2) == 0))
				continue;
			if (k == FOM_MAX_DIMREFS || (size_t)(e - s) >
			    FOM_MAX_NAME) {
				xmlFree(v);
				return fom_p_dimlimit(p, n, what, k);
			}
			if ((t = fom_amalloc(p->arena, (size_t)(e - s) + 1)) ==
			    NULL) {
				xmlFree(v);
				return fom_p_nomem(p);
			}
			memcpy(t, s, (size_t)(e - s));
			(*lines)[k] = fom_p_line(n);
			(*dims)[k++] = t;
		}
		xmlFree(v);
		*n_dims = k;
		return 0;
	}
	if ((d = fom_p_child(n, "dimensions")) == NULL)
		return 0;
	max = fom_p_count(d, "dimension");
	if (max == 0)
		return 0;
	if ((*dims = fom_amalloc(p->arena, max * sizeof(char *))) == NULL ||
	    (*lines = fom_amalloc(p->arena, max * sizeof(int))) == NULL)
		return fom_p_nomem(p);
	for (c = d->children; c != NULL; c = c->next) {
		if (!fom_p_is(c, "dimension"))
			continue;
		if (fom_p_text(p, c, &s) < 0)
			return -1;
		if (*s == '\0')
			return fom_err(p->err, p->file, fom_p_line(c),
			    "empty dimension reference in %s", what);
		if (strcmp(s, "NA") == 0)
			continue;
		if (k == FOM_MAX_DIMREFS || strlen(s) > FOM_MAX_NAME)
			return fom_p_dimlimit(p, c, what, k);
		(*lines)[k] = fom_p_line(c);
		(*dims)[k++] = s;
	}
	*n_dims = k;
	return 0;
}

/* Required non-empty name of element `n`; `what` names it in errors. */
static int
fom_p_name(struct fom_pctx *p, const xmlNode *n, const char *what,
    const char **out)
{
	if (fom_p_prop(p, n, "name", out) < 0)
		return -1;
	if (*out == NULL || **out == '\0')
		return fom_err(p->err, p->file, fom_p_line(n),
		    "%s without a name", what);
	if (strlen(*out) > FOM_MAX_NAME)
		return fom_err(p->err, p->file, fom_p_line(n),
		    "name of %s longer than %u bytes (limit)", what,
		    FOM_MAX_NAME);
	if (strchr(*out, '.') != NULL)
		return fom_err(p->err, p->file, fom_p_line(n),
		    "invalid name '%s' of %s: '.' not allowed", *out, what);
	return 0;
}

static int
fom_p_member(struct fom_pctx *p, const xmlNode *n, int interaction,
    const char *cls, struct fom_mmember *m)
{
	char what[320];

	m->line = fom_p_line(n);
	snprintf(what, sizeof(what), "%s of %s class '%s'",
	    interaction ? "parameter" : "attribute",
	    interaction ? "interaction" : "object", cls);
	if (fom_p_name(p, n, what, &m->name) < 0 ||
	    fom_p_prop(p, n, "dataType", &m->datatype) < 0)
		return -1;
	if (m->datatype != NULL && strlen(m->datatype) > FOM_MAX_NAME)
		return fom_err(p->err, p->file, m->line, "datatype name of %s "
		    "'%s' longer than %u bytes (limit)", interaction ?
		    "parameter" : "attribute", m->name, FOM_MAX_NAME);
	if (interaction)
		return 0;
	snprintf(what, sizeof(what), "attribute '%s' of object class '%s'",
	    m->name, cls);
	if (fom_p_order_transport(p, n, &m->order, &m->has_order,
	    &m->transport, &m->has_transport) < 0)
		return -1;
	return fom_p_dimrefs(p, n, what, &m->n_dims, &m->dims, &m->dim_lines);
}

static int
fom_p_class(struct fom_pctx *p, const xmlNode *n, int interaction,
    struct fom_mclass *c)
{
	const char *kind = interaction ? "interactionClass" : "objectClass";
	const char *mkind = interaction ? "parameter" : "attribute";
	const xmlNode *x;
	char what[320];
	uint32_t nm = 0, nc = 0;

	c->line = fom_p_line(n);
	if (interaction ? ++p->n_ic > FOM_MAX_ICLASSES :
	    ++p->n_oc > FOM_MAX_OCLASSES)
		return fom_err(p->err, p->file, c->line,
		    "more than %u %s classes in one module (limit)",
		    interaction ? FOM_MAX_ICLASSES : FOM_MAX_OCLASSES,
		    interaction ? "interaction" : "object");
	if (fom_p_name(p, n, interaction ? "interaction class" :
	    "object class", &c->name) < 0)
		return -1;
	if (interaction) {
		snprintf(what, sizeof(what), "interaction class '%s'",
		    c->name);
		if (fom_p_order_transport(p, n, &c->order, &c->has_order,
		    &c->transport, &c->has_transport) < 0 ||
		    fom_p_dimrefs(p, n, what, &c->n_dims, &c->dims,
		    &c->dim_lines) < 0)
			return -1;
	}
	c->n_members = fom_p_count(n, mkind);
	c->n_children = fom_p_count(n, kind);
	if (interaction ? (p->n_pa += c->n_members) > FOM_MAX_PARAMS :
	    (p->n_at += c->n_members) > FOM_MAX_ATTRS)
		return fom_err(p->err, p->file, c->line,
		    "more than %u %s in one module (limit)",
		    interaction ? FOM_MAX_PARAMS : FOM_MAX_ATTRS,
		    interaction ? "parameters" : "attributes");
	if ((c->n_members && (c->members = fom_amalloc(p->arena,
	    c->n_members * sizeof(*c->members))) == NULL) ||
	    (c->n_children && (c->children = fom_amalloc(p->arena,
	    c->n_children * sizeof(*c->children))) == NULL))
		return fom_p_nomem(p);
	for (x = n->children; x != NULL; x = x->next) {
		if (fom_p_is(x, mkind)) {
			if (fom_p_member(p, x, interaction, c->name,
			    &c->members[nm++]) < 0)
				return -1;
		} else if (fom_p_is(x, kind)) {
			if (fom_p_class(p, x, interaction,
			    &c->children[nc++]) < 0)
				return -1;
		}
	}
	return 0;
}

/* Top-level classes under <objects> or <interactions>. */
static int
fom_p_roots(struct fom_pctx *p, const xmlNode *root, const char *section,
    int interaction, uint32_t *n, struct fom_mclass **out)
{
	const char *kind = interaction ? "interactionClass" : "objectClass";
	const xmlNode *s, *x;
	uint32_t k = 0;

	*n = 0;
	if ((s = fom_p_child(root, section)) == NULL)
		return 0;
	if ((*n = fom_p_count(s, kind)) == 0)
		return 0;
	if ((*out = fom_amalloc(p->arena, *n * sizeof(**out))) == NULL)
		return fom_p_nomem(p);
	for (x = s->children; x != NULL; x = x->next)
		if (fom_p_is(x, kind) && fom_p_class(p, x, interaction,
		    &(*out)[k++]) < 0)
			return -1;
	return 0;
}

static int
fom_p_dims(struct fom_pctx *p, const xmlNode *root, struct fom_module *m)
{
	const xmlNode *s, *x;
	const char *ub;
	char *end;
	uint32_t k = 0;

	if ((s = fom_p_child(root, "dimensions")) == NULL ||
	    (m->n_dims = fom_p_count(s, "dimension")) == 0)
		return 0;
	if (m->n_dims > FOM_MAX_DIMS)
		return fom_err(p->err, p->file, fom_p_line(s),
		    "more than %u dimensions in one module (limit)",
		    FOM_MAX_DIMS);
	if ((m->dims = fom_amalloc(p->arena, m->n_dims * sizeof(*m->dims))) ==
	    NULL)
		return fom_p_nomem(p);
	for (x = s->children; x != NULL; x = x->next) {
		struct fom_mdim *d;
		if (!fom_p_is(x, "dimension"))
			continue;
		d = &m->dims[k++];
		d->line = fom_p_line(x);
		if (fom_p_name(p, x, "dimension", &d->name) < 0 ||
		    fom_p_prop(p, x, "upperBound", &ub) < 0)
			return -1;
		if (ub == NULL || *ub == '\0')
			continue;
		errno = 0;
		d->upper_bound = strtoull(ub, &end, 10);
		if (errno || *end != '\0' || *ub == '-' || d->upper_bound == 0)
			return fom_err(p->err, p->file, d->line,
			    "invalid upper bound '%s' of dimension '%s'", ub,
			    d->name);
	}
	return 0;
}

/* --- datatypes --- */

static const struct {
	const char *section, *element;
	uint8_t kind;
	const char *item;       /* child elements that are items */
} fom_p_dt_sections[] = {
	{ "basicDataRepresentations", "basicData", FOM_DT_BASIC, NULL },
	{ "simpleDataTypes", "simpleData", FOM_DT_SIMPLE, NULL },
	{ "enumeratedDataTypes", "enumeratedData", FOM_DT_ENUMERATED,
	    "enumerator" },
	{ "arrayDataTypes", "arrayData", FOM_DT_ARRAY, NULL },
	{ "fixedRecordDataTypes", "fixedRecordData", FOM_DT_FIXED_RECORD,
	    "field" },
	{ "variantRecordDataTypes", "variantRecordData",
	    FOM_DT_VARIANT_RECORD, "alternative" },
};

/* Property `key` of `n` that names something: at most FOM_MAX_NAME
 * bytes. */
static int
fom_p_nameprop(struct fom_pctx *p, const xmlNode *n, const char *key,
    const char *what, const char **out)
{
	if (fom_p_prop(p, n, key, out) < 0)
		return -1;
	if (*out != NULL && strlen(*out) > FOM_MAX_NAME)
		return fom_err(p->err, p->file, fom_p_line(n), "%s of %s "
		    "longer than %u bytes (limit)", key, what, FOM_MAX_NAME);
	return 0;
}

/* Count one more of a per-module limit; the error past it. */
static int
fom_p_more(struct fom_pctx *p, const xmlNode *n, uint32_t *k, uint32_t add,
    uint32_t max, const char *what)
{
	if ((uint64_t)*k + add <= max) {
		*k += add;
		return 0;
	}
	return fom_err(p->err, p->file, fom_p_line(n), "more than %u %s in "
	    "one module (limit)", max, what);
}

/* Values of an enumerator: the 2000 attribute values="1, 2" (or value),
 * else each 2010 <value> child. */
static int
fom_p_values(struct fom_pctx *p, const xmlNode *n, struct fom_mdt_item *it)
{
	const char **v;
	const xmlNode *c;
	const char *s, *e, *t;
	uint32_t k = 0, max = 0;

	if (fom_p_prop(p, n, "values", &t) < 0)
		return -1;
	if (t == NULL && xmlHasProp(n, (const xmlChar *)"value") &&
	    fom_p_prop(p, n, "value", &t) < 0)
		return -1;
	if (t != NULL) {
		for (s = t; *s; s = e) {
			s += strspn(s, " \t\r\n,");
			e = s + strcspn(s, " \t\r\n,");
			if (e > s)
				max++;
		}
	} else {
		max = fom_p_count(n, "value");
	}
	if (fom_p_more(p, n, &p->n_en, max ? max : 1, FOM_MAX_ENUMERATORS,
	    "enumerator values") < 0)
		return -1;
	if (max == 0)
		return 0;
	if ((v = fom_amalloc(p->arena, max * sizeof(*v))) == NULL)
		return fom_p_nomem(p);
	if (t != NULL) {
		for (s = t; *s; s = e) {
			char *w;
			s += strspn(s, " \t\r\n,");
			e = s + strcspn(s, " \t\r\n,");
			if (e == s)
				continue;
			if ((w = fom_amalloc(p->arena, (size_t)(e - s) + 1)) ==
			    NULL)
				return fom_p_nomem(p);
			memcpy(w, s, (size_t)(e - s));
			v[k++] = w;
		}
	} else {
		for (c = n->children; c != NULL; c = c->next)
			if (fom_p_is(c, "value") && fom_p_text(p, c,
			    &v[k++]) < 0)
				return -1;
	}
	it->values = v;
	it->n_values = k;
	return 0;
}

/* The enumerator set of an alternative: the 2000 attribute, or the texts
 * of its <enumerator> children joined by ", ". */
static int
fom_p_enumset(struct fom_pctx *p, const xmlNode *n, const char **out)
{
	const xmlNode *c;
	const char *t;
	size_t len = 0, l;
	char *buf;

	if (xmlHasProp(n, (const xmlChar *)"enumerator"))
		return fom_p_prop(p, n, "enumerator", out);
	*out = NULL;
	for (c = n->children; c != NULL; c = c->next) {
		if (!fom_p_is(c, "enumerator"))
			continue;
		if (fom_p_text(p, c, &t) < 0)
			return -1;
		if (*out == NULL) {
			*out = t;
			len = strlen(t);
			continue;
		}
		l = strlen(t);
		if ((buf = fom_amalloc(p->arena, len + l + 3)) == NULL)
			return fom_p_nomem(p);
		memcpy(buf, *out, len);
		memcpy(buf + len, ", ", 2);
		memcpy(buf + len + 2, t, l + 1);
		*out = buf;
		len += l + 2;
	}
	return 0;
}

static int
fom_p_dt_item(struct fom_pctx *p, const xmlNode *n, uint8_t kind,
    const char *what, struct fom_mdt_item *it)
{
	it->line = fom_p_line(n);
	if (fom_p_nameprop(p, n, "name", what, &it->name) < 0 ||
	    fom_p_prop(p, n, "semantics", &it->semantics) < 0)
		return -1;
	switch (kind) {
	case FOM_DT_ENUMERATED:
		return fom_p_values(p, n, it);
	case FOM_DT_FIXED_RECORD:
		if (fom_p_more(p, n, &p->n_fi, 1, FOM_MAX_FIELDS, "fields of "
		    "fixed records") < 0)
			return -1;
		return fom_p_nameprop(p, n, "dataType", what, &it->datatype);
	default:
		if (fom_p_more(p, n, &p->n_al, 1, FOM_MAX_ALTERNATIVES,
		    "alternatives of variant records") < 0 ||
		    fom_p_nameprop(p, n, "dataType", what,
		    &it->datatype) < 0 ||
		    fom_p_enumset(p, n, &it->enumerator) < 0)
			return -1;
		if (it->enumerator != NULL && strlen(it->enumerator) >
		    FOM_MAX_NAME * 4)
			return fom_err(p->err, p->file, it->line, "enumerator "
			    "set of %s longer than %u bytes (limit)", what,
			    FOM_MAX_NAME * 4);
		return 0;
	}
}

static int
fom_p_datatype(struct fom_pctx *p, const xmlNode *n, uint8_t kind,
    const char *item, struct fom_mdatatype *d)
{
	struct fom_mdt_item *items;
	const xmlNode *c;
	char what[64];
	uint32_t k = 0;

	d->kind = kind;
	d->line = fom_p_line(n);
	d->form2000 = xmlHasProp(n, (const xmlChar *)"name") != NULL;
	snprintf(what, sizeof(what), "a datatype");
	if (fom_p_nameprop(p, n, "name", what, &d->name) < 0 ||
	    fom_p_prop(p, n, "semantics", &d->semantics) < 0 ||
	    fom_p_prop(p, n, "encoding", &d->encoding) < 0 ||
	    fom_p_nameprop(p, n, "dataType", what, &d->datatype) < 0)
		return -1;
	switch (kind) {
	case FOM_DT_BASIC:
		if (fom_p_nameprop(p, n, "size", what, &d->size) < 0 ||
		    fom_p_prop(p, n, "interpretation",
		    &d->interpretation) < 0 ||
		    fom_p_nameprop(p, n, "endian", what, &d->endian) < 0)
			return -1;
		break;
	case FOM_DT_SIMPLE:
		if (fom_p_nameprop(p, n, "units", what, &d->units) < 0 ||
		    fom_p_nameprop(p, n, "resolution", what,
		    &d->resolution) < 0 ||
		    fom_p_nameprop(p, n, "accuracy", what, &d->accuracy) < 0)
			return -1;
		/* fall through */
	case FOM_DT_ENUMERATED:
		if (fom_p_nameprop(p, n, "representation", what,
		    &d->representation) < 0)
			return -1;
		break;
	case FOM_DT_ARRAY:
		if (fom_p_nameprop(p, n, "cardinality", what,
		    &d->cardinality) < 0)
			return -1;
		break;
	case FOM_DT_VARIANT_RECORD:
		if (fom_p_nameprop(p, n, "discriminant", what,
		    &d->discriminant) < 0)
			return -1;
		break;
	}
	if (item == NULL || (d->n_items = fom_p_count(n, item)) == 0)
		return 0;
	if ((items = fom_amalloc(p->arena, d->n_items * sizeof(*items))) ==
	    NULL)
		return fom_p_nomem(p);
	snprintf(what, sizeof(what), "%s", kind == FOM_DT_ENUMERATED ?
	    "an enumerator" : kind == FOM_DT_FIXED_RECORD ? "a field" :
	    "an alternative");
	for (c = n->children; c != NULL; c = c->next)
		if (fom_p_is(c, item) && fom_p_dt_item(p, c, kind, what,
		    &items[k++]) < 0)
			return -1;
	d->items = items;
	return 0;
}

/* <dataTypes>: every definition, in document order. */
static int
fom_p_datatypes(struct fom_pctx *p, const xmlNode *root,
    struct fom_module *m)
{
	const xmlNode *dt, *s, *x;
	struct fom_mdatatype *d;
	uint32_t n = 0, k = 0, i;

	if ((dt = fom_p_child(root, "dataTypes")) == NULL)
		return 0;
	for (s = dt->children; s != NULL; s = s->next)
		for (i = 0; i < sizeof(fom_p_dt_sections) /
		    sizeof(fom_p_dt_sections[0]); i++)
			if (fom_p_is(s, fom_p_dt_sections[i].section))
				n += fom_p_count(s,
				    fom_p_dt_sections[i].element);
	if (n == 0)
		return 0;
	if (n > FOM_MAX_DATATYPES)
		return fom_err(p->err, p->file, fom_p_line(dt), "more than %u "
		    "datatypes in one module (limit)", FOM_MAX_DATATYPES);
	if ((d = fom_amalloc(p->arena, n * sizeof(*d))) == NULL)
		return fom_p_nomem(p);
	for (s = dt->children; s != NULL; s = s->next)
		for (i = 0; i < sizeof(fom_p_dt_sections) /
		    sizeof(fom_p_dt_sections[0]); i++) {
			if (!fom_p_is(s, fom_p_dt_sections[i].section))
				continue;
			for (x = s->children; x != NULL; x = x->next)
				if (fom_p_is(x, fom_p_dt_sections[i].element)
				    && fom_p_datatype(p, x,
				    fom_p_dt_sections[i].kind,
				    fom_p_dt_sections[i].item, &d[k++]) < 0)
					return -1;
		}
	m->datatypes = d;
	m->n_datatypes = k;
	return 0;
}

/* Model name and Dependency references of <modelIdentification> (2010) or
 * the objectModel@name attribute (2000). */
static int
fom_p_ident(struct fom_pctx *p, const xmlNode *root, struct fom_module *m)
{
	const xmlNode *id, *r;
	const char *type, *ident;
	uint32_t k = 0;

	m->model_name = "";
	id = fom_p_child(root, "modelIdentification");
	if (fom_p_prop(p, id ? id : root, "name", &m->model_name) < 0)
		return -1;
	if (m->model_name == NULL)
		m->model_name = "";
	if (strlen(m->model_name) > FOM_MAX_NAME)
		return fom_err(p->err, p->file, fom_p_line(id ? id : root),
		    "model name longer than %u bytes (limit)", FOM_MAX_NAME);
	if (id == NULL || (m->n_deps = fom_p_count(id, "reference")) == 0)
		return 0;
	if ((m->deps = fom_amalloc(p->arena, m->n_deps * sizeof(char *))) ==
	    NULL)
		return fom_p_nomem(p);
	for (r = id->children; r != NULL; r = r->next) {
		if (!fom_p_is(r, "reference"))
			continue;
		if (fom_p_prop(p, r, "type", &type) < 0 ||
		    fom_p_prop(p, r, "identification", &ident) < 0)
			return -1;
		if (!type || !ident || !*ident || strcmp(type, "Dependency"))
			continue;
		if (strlen(ident) > FOM_MAX_NAME)
			return fom_err(p->err, p->file, fom_p_line(r),
			    "dependency name longer than %u bytes (limit)",
			    FOM_MAX_NAME);
		m->deps[k++] = ident;
	}
	m->n_deps = k;
	return 0;
}

/* Step 3 (fom_parse_int.h). */
int
fom_p_walk(const xmlNode *root, const char *name, struct fom_module **out,
    struct fom_error *err)
{
	struct fom_pctx p;
	struct fom_module *m;

	*out = NULL;
	if ((m = fom_module_new()) == NULL)
		return fom_err(err, name, 0, "out of memory");
	memset(&p, 0, sizeof(p));
	p.arena = m->arena;
	p.file = name;
	p.err = err;
	if (root == NULL || !fom_p_is(root, "objectModel")) {
		/* the name of another document element is not quoted */
		fom_err(err, name, root ? fom_p_line(root) : 0,
		    "not an objectModel document (the document element is "
		    "not <objectModel>)");
		goto fail;
	}
	if (fom_p_ident(&p, root, m) < 0 || fom_p_dims(&p, root, m) < 0 ||
	    fom_p_datatypes(&p, root, m) < 0 ||
	    fom_p_roots(&p, root, "objects", 0, &m->n_oroots,
	    &m->oroots) < 0 ||
	    fom_p_roots(&p, root, "interactions", 1, &m->n_iroots,
	    &m->iroots) < 0)
		goto fail;
	*out = m;
	return 0;
fail:
	fom_module_free(m);
	return -1;
}
