/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_parse.c - OMT XML (IEEE 1516-2010 and 1516-2000) to struct
 * fom_module, and the fom_load_* entry points.  With fom_parse_walk.c
 * (step 3 below, the walk of the tree into the module), the only libxml2
 * user: the parser options, the entity and DTD refusal and the node and
 * depth limits are all here, reviewable together.
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
 *  3. the walker (fom_parse_walk.c) counts classes, members and
 *     dimensions and checks the length of every name it keeps.
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

#include "fom_parse_int.h"

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
	xmlDocPtr doc;
	int rc;

	*out = NULL;
	if ((doc = fom_p_read(xml, len, name, max_nodes, budget, nodes,
	    err)) == NULL)
		return -1;
	rc = fom_p_walk(xmlDocGetRootElement(doc), name, out, err);
	xmlFreeDoc(doc);
	return rc;
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
fom_bin_of_xml(const char *xml, size_t len, const char *name,
    struct wire_buf *out, struct fom_error *err)
{
	struct fom_error tmp;
	struct fom_module *m;
	uint32_t nodes;
	int rc;

	if (err == NULL)
		err = &tmp;
	memset(err, 0, sizeof(*err));
	if (name == NULL)
		name = "";
	if (xml == NULL && len > 0)
		return fom_err(err, name, 0, "invalid argument");
	if (fom_parse_module(xml ? xml : "", len, name, FOM_MAX_NODES, 0,
	    &nodes, &m, err) < 0)
		return -1;
	rc = fom_module_encode(m, out);
	fom_module_free(m);
	return rc < 0 ? fom_err(err, name, 0, "out of memory") : 0;
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
