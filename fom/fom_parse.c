/*
 * fom_parse.c - OMT XML (IEEE 1516-2010 and 1516-2000) to struct
 * fom_module, and the fom_load_* entry points.  The only libxml2 user.
 *
 * Both formats are read by one walker: a property is taken from an XML
 * attribute of that name (2000) or else from a child element (2010).
 * Namespaces are ignored: elements match by local name.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "fom_impl.h"

#define FOM_XML_OPTIONS (XML_PARSE_NONET | XML_PARSE_NOBLANKS | \
    XML_PARSE_BIG_LINES | XML_PARSE_NOERROR | XML_PARSE_NOWARNING)
#define FOM_MAX_FILE (256u * 1024 * 1024)

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
	if (fom_p_name(p, n, what, &m->name) < 0)
		return -1;
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
		if (type && ident && *ident && strcmp(type, "Dependency") == 0)
			m->deps[k++] = ident;
	}
	m->n_deps = k;
	return 0;
}

/* First parser error only: later ones are usually consequences. */
static void
fom_p_xmlerror(void *data, xmlErrorPtr e)
{
	xmlParserCtxtPtr ctxt = data;
	struct fom_error *err = ctxt->_private;
	char msg[400];
	size_t l;

	if (err == NULL || err->msg[0] != '\0' || e == NULL ||
	    e->level < XML_ERR_ERROR)
		return;
	snprintf(msg, sizeof(msg), "%s", e->message ? e->message : "error");
	l = strlen(msg);
	while (l > 0 && (msg[l - 1] == '\n' || msg[l - 1] == ' '))
		msg[--l] = '\0';
	err->line = e->line;
	snprintf(err->msg, sizeof(err->msg), "malformed XML: %s", msg);
}

/* Parse `xml` into a tree; NULL with err filled on malformed input. */
static xmlDocPtr
fom_p_read(const char *xml, size_t len, const char *name,
    struct fom_error *err)
{
	struct fom_error first;
	xmlParserCtxtPtr ctxt;
	xmlDocPtr doc = NULL;

	memset(&first, 0, sizeof(first));
	if (len > (size_t)INT32_MAX) {
		fom_err(err, name, 0, "module too large");
		return NULL;
	}
	if ((ctxt = xmlNewParserCtxt()) == NULL) {
		fom_err(err, name, 0, "out of memory");
		return NULL;
	}
	ctxt->_private = &first;
	ctxt->sax->serror = fom_p_xmlerror;
	doc = xmlCtxtReadMemory(ctxt, xml, (int)len, NULL, NULL,
	    FOM_XML_OPTIONS);
	if (doc != NULL && !ctxt->wellFormed) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	if (doc == NULL) {
		if (first.msg[0] != '\0')
			fom_err(err, name, first.line, "%s", first.msg);
		else
			fom_err(err, name, 0, "malformed XML: %s",
			    len == 0 ? "empty document" : "cannot parse");
	}
	xmlFreeParserCtxt(ctxt);
	return doc;
}

int
fom_parse_module(const char *xml, size_t len, const char *name,
    struct fom_module **out, struct fom_error *err)
{
	struct fom_pctx p = { NULL, name, err };
	struct fom_module *m;
	const xmlNode *root;
	xmlDocPtr doc;

	*out = NULL;
	if ((doc = fom_p_read(xml, len, name, err)) == NULL)
		return -1;
	m = calloc(1, sizeof(*m));
	if (m == NULL || (m->arena = calloc(1, sizeof(*m->arena))) == NULL) {
		free(m);
		xmlFreeDoc(doc);
		return fom_err(err, name, 0, "out of memory");
	}
	p.arena = m->arena;
	root = xmlDocGetRootElement(doc);
	if (root == NULL || !fom_p_is(root, "objectModel")) {
		fom_err(err, name, root ? fom_p_line(root) : 0,
		    "not an objectModel document (root element <%s>)",
		    root ? (const char *)root->name : "");
		goto fail;
	}
	if (fom_p_ident(&p, root, m) < 0 || fom_p_dims(&p, root, m) < 0 ||
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

int
fom_load_string(struct fom *f, const char *xml, size_t len, const char *name,
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
	if (f == NULL || (xml == NULL && len > 0))
		return fom_err(err, name, 0, "invalid argument");
	if (fom_parse_module(xml ? xml : "", len, name, &m, err) < 0)
		return -1;
	rc = fom_merge_module(f, m, name, err);
	fom_module_free(m);
	return rc;
}

int
fom_load_file(struct fom *f, const char *path, struct fom_error *err)
{
	struct fom_error tmp;
	size_t len = 0, cap = 0;
	char *buf = NULL, *nb;
	FILE *fp;
	int rc;

	if (err == NULL)
		err = &tmp;
	memset(err, 0, sizeof(*err));
	if (path == NULL)
		return fom_err(err, "", 0, "invalid argument");
	if ((fp = fopen(path, "rb")) == NULL)
		return fom_err(err, path, 0, "cannot open: %s",
		    strerror(errno));
	for (;;) {
		size_t r;
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			if (cap > FOM_MAX_FILE || (nb = realloc(buf, cap)) ==
			    NULL) {
				free(buf);
				fclose(fp);
				return fom_err(err, path, 0, cap > FOM_MAX_FILE
				    ? "file too large" : "out of memory");
			}
			buf = nb;
		}
		r = fread(buf + len, 1, cap - len, fp);
		len += r;
		if (r == 0)
			break;
	}
	if (ferror(fp)) {
		rc = fom_err(err, path, 0, "cannot read: %s", strerror(errno));
		free(buf);
		fclose(fp);
		return rc;
	}
	fclose(fp);
	rc = fom_load_string(f, buf, len, path, err);
	free(buf);
	return rc;
}
