/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_parse.c - OMT XML (IEEE 1516-2010 and 1516-2000) to struct
 * fom_module, and the fom_load_* entry points.  The only libxml2 user.
 *
 * One file of about 1600 lines on purpose: it is the whole libxml2
 * boundary (parser options, entity and DTD refusal, the node, depth and
 * name limits, the walker over both OMT forms), and keeping it in one file
 * keeps every libxml2 call and every parse limit reviewable together.
 *
 * Both formats are read by one walker: a property is taken from an XML
 * attribute of that name (2000) or else from a child element (2010).
 * Namespaces are ignored: elements match by local name.
 *
 * Bounds (rti-fom(5) LIMITS and SECURITY).  A module is read in three
 * steps, each costing at most a small multiple of its size:
 *  1. fom_x_scan, one pass over the bytes before libxml2 sees them: UTF-8
 *     only (no NUL, no UTF-16/32, no other declared encoding, no invalid
 *     sequence) and at most FOM_MAX_XML_ATTRS '=' in any start tag.  The
 *     last must come before parsing: libxml2 2.9 checks the attributes of
 *     an element for duplicates pairwise, so one element with 10^5
 *     attributes costs 10 s of CPU before any hook is called.
 *  2. libxml2 builds the tree through the SAX hooks fom_x_*, which refuse
 *     every DTD declaration but a predefined entity's, resolve no entity
 *     and no external subset, and count nodes, depth and name lengths.
 *     With no entity declared there is nothing to expand: the tree holds
 *     no entity reference node, so reading it (xmlNodeGetContent,
 *     xmlGetNoNsProp) returns bytes of the document only, and the walker
 *     reads each at most once.  This is the mechanism, not a heuristic:
 *     libxml2 2.9 compares one entity's size with the bytes parsed, so a
 *     100 KB entity referenced 3000 times passes its check and expands
 *     (300 MB) when read; and an internal-subset ATTLIST default for an
 *     xmlns attribute is copied into every matching element even without
 *     XML_PARSE_DTDATTR.  Both are refused at their declaration.
 *  3. the walker counts classes, members and dimensions and checks the
 *     length of every name it keeps.
 * Errors never quote the document: libxml2's messages (which quote names
 * and bytes) are replaced by a text chosen by error code.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>

#include "fom_impl.h"

/* Parser options, each chosen (rti-fom(5) SECURITY):
 *  NONET       no network access, whatever asks for it;
 *  NOBLANKS    no text nodes for indentation;
 *  BIG_LINES   line numbers past 65535 in errors;
 *  NOERROR, NOWARNING  libxml2 prints nothing; errors reach only the
 *              context's structured handler (fom_x_error);
 *  IGNORE_ENC  the input is read as UTF-8 (passed as the encoding) and
 *              never switched by its declaration, which fom_x_scan checked;
 *  COMPACT     short text kept inside its node: less memory (the tree is
 *              never modified).
 * Left out on purpose: NOENT (substitute entities), DTDLOAD, DTDATTR and
 * DTDVALID (read or apply a DTD), XINCLUDE, HUGE (would lift libxml2's own
 * limits: names of 50000 bytes, text nodes of 10 MB, depth 256), RECOVER
 * (would accept malformed documents), SAX1 and OLDSAX. */
#define FOM_XML_OPTIONS (XML_PARSE_NONET | XML_PARSE_NOBLANKS | \
    XML_PARSE_BIG_LINES | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | \
    XML_PARSE_IGNORE_ENC | XML_PARSE_COMPACT)

struct fom_achunk {
	struct fom_achunk *next;
	size_t used, cap;
	alignas(max_align_t) unsigned char data[];
};

struct fom_arena {
	struct fom_achunk *head;
};

struct fom_pctx {
	struct fom_arena *arena;
	const char *file;
	struct fom_error *err;
	uint32_t n_oc, n_ic, n_at, n_pa; /* items so far, FOM_MAX_* */
	uint32_t n_dt, n_en, n_fi, n_al;
};

/* Zeroed arena memory for `size` bytes, NULL on ENOMEM. */
static void *
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

/* --- step 1: the bytes (see the header comment) --- */

/* Line (1-based) of byte offset `off`. */
static int
fom_x_line(const char *xml, size_t off)
{
	const char *p = xml, *e = xml + off;
	int line = 1;

	while ((p = memchr(p, '\n', (size_t)(e - p))) != NULL) {
		line++;
		p++;
	}
	return line;
}

/* Length of the valid UTF-8 sequence at p[0..n) (n > 0, p[0] >= 0x80),
 * 0 when invalid: truncated, overlong, a surrogate or past U+10FFFF. */
static size_t
fom_x_utf8(const unsigned char *p, size_t n)
{
	uint32_t c;
	size_t k, i;

	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		k = 2;
		c = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		k = 3;
		c = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		k = 4;
		c = p[0] & 0x07;
	} else {
		return 0;
	}
	if (n < k)
		return 0;
	for (i = 1; i < k; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if ((k == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
	    (k == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	return k;
}

static int
fom_x_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Offset of `w` in p[0..n), or n. */
static size_t
fom_x_find(const char *p, size_t n, const char *w)
{
	size_t i, l = strlen(w);

	for (i = 0; i + l <= n; i++)
		if (memcmp(p + i, w, l) == 0)
			return i;
	return n;
}

/* 0 when the document at p[0..n) (after any BOM) has no XML declaration,
 * or one naming no encoding, UTF-8 or US-ASCII; -1 otherwise.  A
 * malformed declaration passes: libxml2 reports it. */
static int
fom_x_encoding(const char *p, size_t n)
{
	static const char *const ok[] = { "UTF-8", "UTF8", "US-ASCII",
	    "ASCII" };
	size_t e, i, v, l;
	char q;

	if (n < 6 || memcmp(p, "<?xml", 5) != 0 || !fom_x_space(p[5]))
		return 0;
	e = fom_x_find(p, n, "?>");
	if ((v = fom_x_find(p, e, "encoding")) == e)
		return 0;
	for (v += 8; v < e && fom_x_space(p[v]); v++)
		;
	if (v == e || p[v++] != '=')
		return 0;
	while (v < e && fom_x_space(p[v]))
		v++;
	if (v == e || ((q = p[v]) != '"' && q != '\''))
		return 0;
	for (l = 0, v++; v + l < e && p[v + l] != q; l++)
		;
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if (strlen(ok[i]) == l && strncasecmp(p + v, ok[i], l) == 0)
			return 0;
	return -1;
}

static int
fom_x_namestart(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    c == '_' || c == ':' || c >= 0x80;
}

/* Check xml[0..len) before libxml2 reads it: UTF-8 text without NUL,
 * declared (if at all) as UTF-8, and no start tag with more than
 * FOM_MAX_XML_ATTRS '=' outside its quoted values.  A start tag ends at
 * '>' outside quotes or at any '<', as it does for libxml2 (a value may
 * not hold '<'), so every attribute libxml2 parses has its '=' counted.
 * 0, or -1 with err filled. */
static int
fom_x_scan(const char *xml, size_t len, const char *name,
    struct fom_error *err)
{
	const unsigned char *s = (const unsigned char *)xml;
	size_t i = 0, k, tag = 0;
	uint32_t eqs = 0;
	unsigned char c, quote = 0;
	int in_tag = 0;

	if (len >= 2 && ((s[0] == 0xfe && s[1] == 0xff) ||
	    (s[0] == 0xff && s[1] == 0xfe)))
		return fom_err(err, name, 1, "UTF-16 or UTF-32 document: "
		    "FOM modules must be UTF-8");
	if (len >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf)
		i = 3;
	if (fom_x_encoding(xml + i, len - i) < 0)
		return fom_err(err, name, 1, "declared encoding is not UTF-8: "
		    "FOM modules must be UTF-8");
	for (; i < len; i += k) {
		c = s[i];
		k = 1;
		if (c >= 0x80) {
			if ((k = fom_x_utf8(s + i, len - i)) == 0)
				return fom_err(err, name, fom_x_line(xml, i),
				    "invalid UTF-8");
			continue;
		}
		if (c == '\0')
			return fom_err(err, name, fom_x_line(xml, i),
			    "NUL byte: FOM modules are UTF-8 text");
		if (c == '<') {
			in_tag = i + 1 < len && fom_x_namestart(s[i + 1]);
			quote = 0;
			eqs = 0;
			tag = i;
		} else if (!in_tag) {
			continue;
		} else if (quote) {
			if (c == quote)
				quote = 0;
		} else if (c == '"' || c == '\'') {
			quote = c;
		} else if (c == '>') {
			in_tag = 0;
		} else if (c == '=' && ++eqs > FOM_MAX_XML_ATTRS) {
			return fom_err(err, name, fom_x_line(xml, tag),
			    "element with more than %u attributes (limit)",
			    FOM_MAX_XML_ATTRS);
		}
	}
	return 0;
}

/* --- step 2: libxml2 through SAX hooks --- */

/* Reached from the parser context (_private) of one parse. */
struct fom_xstate {
	struct fom_error err;           /* first error refusing the document */
	uint32_t nodes;                 /* elements, comments, PIs, CDATA */
	uint32_t max_nodes;
	uint32_t depth;
	int budget;                     /* max_nodes is a budget's */
};

/* Refuse the document: keep the first reason (with the current line) and
 * stop the parser, which calls no further hook. */
static void __attribute__((format(printf, 2, 3)))
fom_x_refuse(void *ctx, const char *fmt, ...)
{
	xmlParserCtxtPtr ctxt = ctx;
	struct fom_xstate *st = ctxt->_private;
	va_list ap;

	if (st->err.msg[0] == '\0') {
		st->err.line = ctxt->input != NULL && ctxt->input->line > 0 ?
		    ctxt->input->line : 0;
		va_start(ap, fmt);
		vsnprintf(st->err.msg, sizeof(st->err.msg), fmt, ap);
		va_end(ap);
	}
	xmlStopParser(ctxt);
}

/* Count one node; -1 (document refused) past the limit. */
static int
fom_x_node(void *ctx)
{
	struct fom_xstate *st = ((xmlParserCtxtPtr)ctx)->_private;

	if (st->nodes < st->max_nodes) {
		st->nodes++;
		return 0;
	}
	if (st->budget)
		fom_x_refuse(ctx, "more XML nodes than the %" PRIu32 " left in"
		    " the budget of this create or join (limit)",
		    st->max_nodes);
	else
		fom_x_refuse(ctx, "more than %u XML nodes in one module "
		    "(limit)", FOM_MAX_NODES);
	return -1;
}

static void
fom_x_start(void *ctx, const xmlChar *localname, const xmlChar *prefix,
    const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
    int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
	struct fom_xstate *st = ((xmlParserCtxtPtr)ctx)->_private;
	int i;

	if (fom_x_node(ctx) < 0)
		return;
	if (++st->depth > FOM_MAX_DEPTH) {
		fom_x_refuse(ctx, "elements nested deeper than %u (limit)",
		    FOM_MAX_DEPTH);
		return;
	}
	if (nb_attributes + nb_namespaces > (int)FOM_MAX_XML_ATTRS) {
		fom_x_refuse(ctx, "element with more than %u attributes "
		    "(limit)", FOM_MAX_XML_ATTRS);
		return;
	}
	for (i = -1; i < nb_attributes; i++) {
		const xmlChar *n = i < 0 ? localname : attributes[5 * i];
		if (strlen((const char *)n) > FOM_MAX_NAME ||
		    (i < 0 && prefix != NULL &&
		    strlen((const char *)prefix) > FOM_MAX_NAME)) {
			fom_x_refuse(ctx, "XML name longer than %u bytes "
			    "(limit)", FOM_MAX_NAME);
			return;
		}
	}
	xmlSAX2StartElementNs(ctx, localname, prefix, uri, nb_namespaces,
	    namespaces, nb_attributes, nb_defaulted, attributes);
}

static void
fom_x_end(void *ctx, const xmlChar *localname, const xmlChar *prefix,
    const xmlChar *uri)
{
	struct fom_xstate *st = ((xmlParserCtxtPtr)ctx)->_private;

	st->depth--;
	xmlSAX2EndElementNs(ctx, localname, prefix, uri);
}

static void
fom_x_comment(void *ctx, const xmlChar *value)
{
	if (fom_x_node(ctx) == 0)
		xmlSAX2Comment(ctx, value);
}

static void
fom_x_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
	if (fom_x_node(ctx) == 0)
		xmlSAX2ProcessingInstruction(ctx, target, data);
}

static void
fom_x_cdata(void *ctx, const xmlChar *value, int len)
{
	if (fom_x_node(ctx) == 0)
		xmlSAX2CDataBlock(ctx, value, len);
}

/* Only a redeclaration of one of the five predefined entities passes
 * (XML 1.0 allows it), and is not stored: a reference always means the
 * predefined entity.  (Storing it would also let libxml2 print to stderr
 * through its global error function when the redeclaration is invalid.) */
static void
fom_x_entity_decl(void *ctx, const xmlChar *name, int type,
    const xmlChar *public_id, const xmlChar *system_id, xmlChar *content)
{
	(void)public_id;
	(void)system_id;
	(void)content;
	if (type == XML_INTERNAL_GENERAL_ENTITY &&
	    xmlGetPredefinedEntity(name) != NULL)
		return;
	fom_x_refuse(ctx, "entity declarations are not allowed (a FOM "
	    "module may use only the predefined entities)");
}

static void
fom_x_dtd_decl(void *ctx)
{
	fom_x_refuse(ctx, "DTD declarations are not allowed (a DOCTYPE may "
	    "only name an external DTD, which is not read)");
}

/* The hook owns `tree`. */
static void
fom_x_attribute_decl(void *ctx, const xmlChar *elem, const xmlChar *name,
    int type, int def, const xmlChar *dflt, xmlEnumerationPtr tree)
{
	(void)elem;
	(void)name;
	(void)type;
	(void)def;
	(void)dflt;
	xmlFreeEnumeration(tree);
	fom_x_dtd_decl(ctx);
}

static void
fom_x_element_decl(void *ctx, const xmlChar *name, int type,
    xmlElementContentPtr content)
{
	(void)name;
	(void)type;
	(void)content;
	fom_x_dtd_decl(ctx);
}

static void
fom_x_notation_decl(void *ctx, const xmlChar *name, const xmlChar *public_id,
    const xmlChar *system_id)
{
	(void)name;
	(void)public_id;
	(void)system_id;
	fom_x_dtd_decl(ctx);
}

static void
fom_x_unparsed_decl(void *ctx, const xmlChar *name, const xmlChar *public_id,
    const xmlChar *system_id, const xmlChar *notation)
{
	(void)name;
	(void)public_id;
	(void)system_id;
	(void)notation;
	fom_x_refuse(ctx, "entity declarations are not allowed (a FOM "
	    "module may use only the predefined entities)");
}

/* An entity reference node would be made for an undeclared entity (with
 * an external DTD that is not read, libxml2 only warns). */
static void
fom_x_reference(void *ctx, const xmlChar *name)
{
	(void)name;
	fom_x_refuse(ctx, "reference to an undeclared entity");
}

static xmlEntityPtr
fom_x_get_entity(void *ctx, const xmlChar *name)
{
	(void)ctx;
	return xmlGetPredefinedEntity(name);
}

static xmlEntityPtr
fom_x_get_pentity(void *ctx, const xmlChar *name)
{
	(void)ctx;
	(void)name;
	return NULL;
}

/* No external entity and no external subset is ever read. */
static xmlParserInputPtr
fom_x_resolve(void *ctx, const xmlChar *public_id, const xmlChar *system_id)
{
	(void)ctx;
	(void)public_id;
	(void)system_id;
	return NULL;
}

static void
fom_x_external_subset(void *ctx, const xmlChar *name, const xmlChar *ext_id,
    const xmlChar *system_id)
{
	(void)ctx;
	(void)name;
	(void)ext_id;
	(void)system_id;
}

/* libxml2 error code -> our text; the code's message would quote the
 * document. */
static const char *
fom_x_errtext(int code)
{
	switch (code) {
	case XML_ERR_INTERNAL_ERROR:
		return "over a libxml2 limit (a text node over 10 MB) or "
		    "internal error";
	case XML_ERR_NO_MEMORY:
		return "out of memory, or a text node over libxml2's limit";
	case XML_ERR_DOCUMENT_START:
	case XML_ERR_DOCUMENT_EMPTY:
		return "no document element";
	case XML_ERR_DOCUMENT_END:
		return "content after the document element";
	case XML_ERR_INVALID_HEX_CHARREF:
	case XML_ERR_INVALID_DEC_CHARREF:
	case XML_ERR_INVALID_CHARREF:
		return "invalid character reference";
	case XML_ERR_INVALID_CHAR:
		return "character not allowed in XML";
	case XML_ERR_ENTITYREF_NO_NAME:
	case XML_ERR_PEREF_NO_NAME:
		return "'&' or '%' not followed by a name (write &amp;)";
	case XML_ERR_ENTITYREF_SEMICOL_MISSING:
	case XML_ERR_PEREF_SEMICOL_MISSING:
		return "';' missing after an entity reference";
	case XML_ERR_UNDECLARED_ENTITY:
	case XML_WAR_UNDECLARED_ENTITY:
		return "reference to an undeclared entity";
	case XML_ERR_UNKNOWN_ENCODING:
	case XML_ERR_UNSUPPORTED_ENCODING:
		return "unsupported encoding";
	case XML_ERR_LT_IN_ATTRIBUTE:
		return "'<' in an attribute value";
	case XML_ERR_ATTRIBUTE_NOT_STARTED:
		return "attribute value not quoted";
	case XML_ERR_ATTRIBUTE_NOT_FINISHED:
	case XML_ERR_STRING_NOT_CLOSED:
	case XML_ERR_LITERAL_NOT_FINISHED:
		return "quoted string not terminated";
	case XML_ERR_STRING_NOT_STARTED:
	case XML_ERR_LITERAL_NOT_STARTED:
		return "quoted string expected";
	case XML_ERR_ATTRIBUTE_WITHOUT_VALUE:
		return "attribute without a value";
	case XML_ERR_ATTRIBUTE_REDEFINED:
		return "attribute given twice on one element";
	case XML_ERR_COMMENT_NOT_FINISHED:
		return "comment not terminated";
	case XML_ERR_PI_NOT_STARTED:
	case XML_ERR_PI_NOT_FINISHED:
		return "processing instruction not terminated";
	case XML_ERR_CDATA_NOT_FINISHED:
		return "CDATA section not terminated";
	case XML_ERR_DOCTYPE_NOT_FINISHED:
		return "DOCTYPE not terminated";
	case XML_ERR_RESERVED_XML_NAME:
		return "XML declaration not at the start of the document";
	case XML_ERR_XMLDECL_NOT_STARTED:
	case XML_ERR_XMLDECL_NOT_FINISHED:
	case XML_ERR_VERSION_MISSING:
		return "invalid XML declaration";
	case XML_ERR_HYPHEN_IN_COMMENT:
		return "'--' inside a comment";
	case XML_ERR_NAME_REQUIRED:
		return "name expected";
	case XML_ERR_NAME_TOO_LONG:
		return "name longer than libxml2's limit";
	case XML_ERR_GT_REQUIRED:
		return "'>' expected";
	case XML_ERR_LTSLASH_REQUIRED:
		return "end tag expected";
	case XML_ERR_EQUAL_REQUIRED:
		return "'=' expected";
	case XML_ERR_TAG_NAME_MISMATCH:
		return "end tag does not match its start tag";
	case XML_ERR_TAG_NOT_FINISHED:
		return "element not closed";
	case XML_ERR_SPACE_REQUIRED:
		return "white space expected";
	case XML_ERR_MISPLACED_CDATA_END:
		return "']]>' in text";
	case XML_ERR_ENTITY_LOOP:
		return "entity loop";
	default:
		return NULL;
	}
}

/* Structured error handler of the context: keeps the first fatal error,
 * and a reference to an undeclared entity, which libxml2 reports only as
 * an error when an external DTD (not read) might declare it. */
static void
fom_x_error(void *data, xmlErrorPtr e)
{
	xmlParserCtxtPtr ctxt = data;
	struct fom_xstate *st = ctxt->_private;
	const char *t;

	if (e == NULL || st->err.msg[0] != '\0' ||
	    (e->level != XML_ERR_FATAL &&
	    e->code != XML_WAR_UNDECLARED_ENTITY &&
	    e->code != XML_ERR_UNDECLARED_ENTITY))
		return;
	st->err.line = e->line > 0 ? e->line : 0;
	if ((t = fom_x_errtext(e->code)) != NULL)
		snprintf(st->err.msg, sizeof(st->err.msg), "malformed XML: %s",
		    t);
	else
		snprintf(st->err.msg, sizeof(st->err.msg), "malformed XML: "
		    "not well-formed (libxml2 error %d)", e->code);
}

/* libxml2's process-wide initialisation, the loader's only global state:
 * done once (xmlInitParser is not safe to race in libxml2 2.9). */
static pthread_once_t fom_x_once = PTHREAD_ONCE_INIT;

void
fom_init(void)
{
	(void)pthread_once(&fom_x_once, xmlInitParser);
}

/* Parse `xml` into a tree; NULL with err filled when refused.  *nodes
 * gets the nodes counted. */
static xmlDocPtr
fom_p_read(const char *xml, size_t len, const char *name, uint32_t max_nodes,
    int budget, uint32_t *nodes, struct fom_error *err)
{
	struct fom_xstate st;
	xmlParserCtxtPtr ctxt;
	xmlSAXHandlerPtr sax;
	xmlDocPtr doc;

	*nodes = 0;
	if (len > FOM_MAX_MODULE_BYTES) {
		fom_err(err, name, 0, "module larger than %u MiB (limit)",
		    FOM_MAX_MODULE_BYTES >> 20);
		return NULL;
	}
	if (fom_x_scan(xml, len, name, err) < 0)
		return NULL;
	fom_init();
	if ((ctxt = xmlNewParserCtxt()) == NULL) {
		fom_err(err, name, 0, "out of memory");
		return NULL;
	}
	memset(&st, 0, sizeof(st));
	st.max_nodes = max_nodes;
	st.budget = budget;
	ctxt->_private = &st;
	sax = ctxt->sax;
	sax->serror = fom_x_error;
	sax->startElementNs = fom_x_start;
	sax->endElementNs = fom_x_end;
	sax->comment = fom_x_comment;
	sax->processingInstruction = fom_x_pi;
	sax->cdataBlock = fom_x_cdata;
	sax->entityDecl = fom_x_entity_decl;
	sax->attributeDecl = fom_x_attribute_decl;
	sax->elementDecl = fom_x_element_decl;
	sax->notationDecl = fom_x_notation_decl;
	sax->unparsedEntityDecl = fom_x_unparsed_decl;
	sax->reference = fom_x_reference;
	sax->getEntity = fom_x_get_entity;
	sax->getParameterEntity = fom_x_get_pentity;
	sax->resolveEntity = fom_x_resolve;
	sax->externalSubset = fom_x_external_subset;
	doc = xmlCtxtReadMemory(ctxt, xml, (int)len, NULL, "UTF-8",
	    FOM_XML_OPTIONS);
	*nodes = st.nodes;
	if (doc != NULL && (st.err.msg[0] != '\0' || !ctxt->wellFormed)) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	if (doc == NULL) {
		if (st.err.msg[0] != '\0')
			fom_err(err, name, st.err.line, "%s", st.err.msg);
		else
			fom_err(err, name, 0,
			    "malformed XML: not well-formed");
	}
	xmlFreeParserCtxt(ctxt);
	return doc;
}

int
fom_parse_module(const char *xml, size_t len, const char *name,
    uint32_t max_nodes, int budget, uint32_t *nodes,
    struct fom_module **out, struct fom_error *err)
{
	struct fom_pctx p;
	struct fom_module *m;
	const xmlNode *root;
	xmlDocPtr doc;

	*out = NULL;
	if ((doc = fom_p_read(xml, len, name, max_nodes, budget, nodes,
	    err)) == NULL)
		return -1;
	m = calloc(1, sizeof(*m));
	if (m == NULL || (m->arena = calloc(1, sizeof(*m->arena))) == NULL) {
		free(m);
		xmlFreeDoc(doc);
		return fom_err(err, name, 0, "out of memory");
	}
	memset(&p, 0, sizeof(p));
	p.arena = m->arena;
	p.file = name;
	p.err = err;
	root = xmlDocGetRootElement(doc);
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
	xmlFreeDoc(doc);
	*out = m;
	return 0;
fail:
	xmlFreeDoc(doc);
	fom_module_free(m);
	return -1;
}

void
fom_budget_init(struct fom_budget *b)
{
	b->bytes = FOM_BUDGET_BYTES;
	b->nodes = FOM_BUDGET_NODES;
	b->modules = FOM_BUDGET_MODULES;
}

/* Error for a module of `len` bytes that `b` cannot take, else 0. */
static int
fom_budget_check(const struct fom_budget *b, size_t len, const char *name,
    struct fom_error *err)
{
	if (b == NULL)
		return 0;
	err->budget = b->modules == 0 || len > b->bytes;
	if (b->modules == 0)
		return fom_err(err, name, 0, "more modules than the budget of "
		    "this create or join allows (limit)");
	if (len > b->bytes)
		return fom_err(err, name, 0, "module larger than the %zu bytes"
		    " left in the budget of this create or join (limit)",
		    b->bytes);
	return 0;
}

int
fom_load_string_budget(struct fom *f, const char *xml, size_t len,
    const char *name, struct fom_budget *b, struct fom_error *err)
{
	struct fom_error tmp;
	struct fom_module *m;
	uint32_t max_nodes = FOM_MAX_NODES, nodes;
	uint64_t copies;
	int rc, from_budget = 0;

	if (err == NULL)
		err = &tmp;
	memset(err, 0, sizeof(*err));
	if (name == NULL)
		name = "";
	if (f == NULL || (xml == NULL && len > 0))
		return fom_err(err, name, 0, "invalid argument");
	if (fom_budget_check(b, len, name, err) < 0)
		return -1;
	if (b != NULL) {
		b->modules--;
		b->bytes -= len;
		if (b->nodes < max_nodes) {
			max_nodes = (uint32_t)b->nodes;
			from_budget = 1;
		}
	}
	rc = fom_parse_module(xml ? xml : "", len, name, max_nodes,
	    from_budget, &nodes, &m, err);
	if (b != NULL)
		b->nodes -= nodes;
	if (rc < 0) {
		err->budget = from_budget && nodes >= max_nodes;
		return -1;
	}
	/* the merge copies the model: charge its entries */
	copies = (uint64_t)f->n_oclasses + f->n_attrs + f->n_iclasses +
	    f->n_params + f->n_dims + fom_types_entries(f);
	if (b != NULL && copies > b->nodes) {
		fom_module_free(m);
		b->nodes = 0;
		err->budget = 1;
		fom_err(err, name, 0, "merging into a model of %" PRIu64
		    " entries exceeds what is left in the budget of this "
		    "create or join (limit)", copies);
		return -1;
	}
	if (b != NULL)
		b->nodes -= copies;
	rc = fom_merge_module(f, m, name, err);
	fom_module_free(m);
	return rc;
}

int
fom_load_string(struct fom *f, const char *xml, size_t len, const char *name,
    struct fom_error *err)
{
	return fom_load_string_budget(f, xml, len, name, NULL, err);
}

int
fom_load_file_budget(struct fom *f, const char *path, struct fom_budget *b,
    struct fom_error *err)
{
	struct fom_error tmp;
	struct stat st;
	size_t len = 0, cap;
	char *buf;
	ssize_t r;
	int fd, rc;

	if (err == NULL)
		err = &tmp;
	memset(err, 0, sizeof(*err));
	if (path == NULL)
		return fom_err(err, "", 0, "invalid argument");
	/* O_NONBLOCK: a FIFO or device never blocks the open */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) < 0)
		return fom_err(err, path, 0, "cannot open: %s",
		    strerror(errno));
	if (fstat(fd, &st) < 0) {
		rc = fom_err(err, path, 0, "cannot open: %s", strerror(errno));
		close(fd);
		return rc;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return fom_err(err, path, 0, "not a regular file");
	}
	if ((uint64_t)st.st_size > FOM_MAX_MODULE_BYTES) {
		close(fd);
		return fom_err(err, path, 0, "module larger than %u MiB "
		    "(limit)", FOM_MAX_MODULE_BYTES >> 20);
	}
	if (fom_budget_check(b, (size_t)st.st_size, path, err) < 0) {
		close(fd);
		return -1;
	}
	/* one byte more than the limit shows a file that grew past it */
	cap = (size_t)st.st_size + 1;
	if ((buf = malloc(cap)) == NULL) {
		close(fd);
		return fom_err(err, path, 0, "out of memory");
	}
	for (;;) {
		if (len == cap) {
			char *nb;
			if (cap > FOM_MAX_MODULE_BYTES)
				break;
			cap = cap * 2 > FOM_MAX_MODULE_BYTES + 1 ?
			    FOM_MAX_MODULE_BYTES + 1 : cap * 2;
			if ((nb = realloc(buf, cap)) == NULL) {
				free(buf);
				close(fd);
				return fom_err(err, path, 0, "out of memory");
			}
			buf = nb;
		}
		r = read(fd, buf + len, cap - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			rc = fom_err(err, path, 0, "cannot read: %s",
			    strerror(errno));
			free(buf);
			close(fd);
			return rc;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	rc = fom_load_string_budget(f, buf, len, path, b, err);
	free(buf);
	return rc;
}

int
fom_load_file(struct fom *f, const char *path, struct fom_error *err)
{
	return fom_load_file_budget(f, path, NULL, err);
}
