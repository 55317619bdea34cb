/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_write.c - a merged model written back as one OMT document (IEEE
 * 1516.2-2010 DIF form): the federation's current FDD, which the MOM
 * gives as HLAmanager.HLAfederation's HLAcurrentFDD.  Pure: no I/O.
 *
 * What it writes is what the model keeps and an RTI uses: the class
 * trees with each attribute's and interaction's datatype, dimensions,
 * transportation and order, each parameter's datatype, the dimensions,
 * the two transportations rti carries, and every datatype with its
 * definition.  What the model does not keep (sharing, update types,
 * notes, the modules' identification and prose) is not written.  A
 * datatype read in the 1516-2000 form is written in that form (see
 * struct dtw).  A document written so loads (fom_load_string) into a
 * model of the same names and handles (check_fom's corpus case).
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fom.h"
#include "wire.h"

static void
put(struct wire_buf *b, const char *s)
{
	wire_put_raw(b, s, strlen(s));
}

/* `s` with &, <, > and " escaped. */
static void
put_text(struct wire_buf *b, const char *s)
{
	const char *p;

	for (p = s; *p; p++) {
		switch (*p) {
		case '&':
			put(b, "&amp;");
			break;
		case '<':
			put(b, "&lt;");
			break;
		case '>':
			put(b, "&gt;");
			break;
		case '"':
			put(b, "&quot;");
			break;
		default:
			wire_put_raw(b, p, 1);
			break;
		}
	}
}

/* <tag>text</tag>, nothing when `text` is NULL. */
static void
elem(struct wire_buf *b, const char *tag, const char *text)
{
	if (!text)
		return;
	put(b, "<");
	put(b, tag);
	put(b, ">");
	put_text(b, text);
	put(b, "</");
	put(b, tag);
	put(b, ">");
}

static void
elem_u64(struct wire_buf *b, const char *tag, uint64_t v)
{
	char n[24];

	snprintf(n, sizeof n, "%" PRIu64, v);
	elem(b, tag, n);
}

static void
indent(struct wire_buf *b, uint32_t depth)
{
	put(b, "\n");
	while (depth--)
		put(b, " ");
}

static void
dims(struct wire_buf *b, const struct fom *f, const uint32_t *d, uint32_t n)
{
	uint32_t i;

	if (!n)
		return;
	put(b, "<dimensions>");
	for (i = 0; i < n; i++)
		if (d[i] >= 1 && d[i] <= f->n_dims)
			elem(b, "dimension", f->dims[d[i] - 1].name);
	put(b, "</dimensions>");
}

static void
transport_order(struct wire_buf *b, uint8_t transport, uint8_t order)
{
	elem(b, "transportation", transport == FOM_TRANSPORT_BEST_EFFORT ?
	    "HLAbestEffort" : "HLAreliable");
	elem(b, "order", order == FOM_ORDER_TIMESTAMP ? "TimeStamp" :
	    "Receive");
}

static void
oclass(struct wire_buf *b, const struct fom *f, uint32_t h, uint32_t depth)
{
	const struct fom_oclass *c = &f->oclasses[h - 1];
	uint32_t i;

	indent(b, depth);
	put(b, "<objectClass>");
	elem(b, "name", c->name);
	for (i = 0; i < c->n_attrs; i++) {
		const struct fom_attribute *a = &f->attrs[c->attrs[i] - 1];

		indent(b, depth + 1);
		put(b, "<attribute>");
		elem(b, "name", a->name);
		elem(b, "dataType", a->datatype_name ? a->datatype_name :
		    "NA");
		dims(b, f, a->dims, a->n_dims);
		transport_order(b, a->transport, a->order);
		put(b, "</attribute>");
	}
	for (i = 0; i < c->n_children; i++)
		oclass(b, f, c->children[i], depth + 1);
	if (c->n_attrs || c->n_children)
		indent(b, depth);
	put(b, "</objectClass>");
}

static void
iclass(struct wire_buf *b, const struct fom *f, uint32_t h, uint32_t depth)
{
	const struct fom_iclass *c = &f->iclasses[h - 1];
	uint32_t i;

	indent(b, depth);
	put(b, "<interactionClass>");
	elem(b, "name", c->name);
	dims(b, f, c->dims, c->n_dims);
	transport_order(b, c->transport, c->order);
	for (i = 0; i < c->n_params; i++) {
		const struct fom_parameter *p = &f->params[c->params[i] - 1];

		indent(b, depth + 1);
		put(b, "<parameter>");
		elem(b, "name", p->name);
		elem(b, "dataType", p->datatype_name ? p->datatype_name :
		    "NA");
		put(b, "</parameter>");
	}
	for (i = 0; i < c->n_children; i++)
		iclass(b, f, c->children[i], depth + 1);
	if (c->n_params || c->n_children)
		indent(b, depth);
	put(b, "</interactionClass>");
}

/*
 * A datatype's element, in the form its module wrote it: the 2010 form
 * (a child element per field) or, for one read in the 1516-2000 form
 * (form2000), that form (an XML attribute per field), whose omissions
 * the loader tolerates only so: such a datatype may be incomplete (an
 * enumerator without a value, an array as a simple type's
 * representation) and the 2010 form could not say it.
 */
struct dtw {
	struct wire_buf *b;
	int f2000;
	int open;              /* the start tag is not closed yet */
};

static void
dt_open(struct dtw *w, const char *tag)
{
	put(w->b, "<");
	put(w->b, tag);
	if (!w->f2000)
		put(w->b, ">");
	w->open = w->f2000;
}

/* A field: an attribute or a child element; nothing when NULL. */
static void
dt_field(struct dtw *w, const char *name, const char *text)
{
	if (!text)
		return;
	if (w->f2000 && w->open) {
		put(w->b, " ");
		put(w->b, name);
		put(w->b, "=\"");
		put_text(w->b, text);
		put(w->b, "\"");
	} else {
		elem(w->b, name, text);
	}
}

static void
dt_u64(struct dtw *w, const char *name, uint64_t v)
{
	char n[24];

	snprintf(n, sizeof n, "%" PRIu64, v);
	dt_field(w, name, n);
}

/* Before the first child element. */
static void
dt_children(struct dtw *w)
{
	if (w->open)
		put(w->b, ">");
	w->open = 0;
}

static void
dt_close(struct dtw *w, const char *tag)
{
	if (w->open) {
		put(w->b, "/>");
	} else {
		put(w->b, "</");
		put(w->b, tag);
		put(w->b, ">");
	}
	w->open = 0;
}

static void
basic(struct dtw *w, const struct fom_datatype *d)
{
	dt_open(w, "basicData");
	dt_field(w, "name", d->name);
	dt_u64(w, "size", d->u.basic.bits);
	dt_field(w, "interpretation", d->u.basic.interpretation);
	dt_field(w, "endian", d->u.basic.endian == FOM_ENDIAN_LITTLE ?
	    "Little" : "Big");
	dt_field(w, "encoding", d->encoding_name);
	dt_close(w, "basicData");
}

static void
simple(struct dtw *w, const struct fom_datatype *d)
{
	dt_open(w, "simpleData");
	dt_field(w, "name", d->name);
	dt_field(w, "representation", d->u.simple.representation_name);
	dt_field(w, "units", d->u.simple.units ? d->u.simple.units : "NA");
	dt_field(w, "resolution", d->u.simple.resolution ?
	    d->u.simple.resolution : "NA");
	dt_field(w, "accuracy", d->u.simple.accuracy ?
	    d->u.simple.accuracy : "NA");
	dt_field(w, "semantics", d->semantics);
	dt_close(w, "simpleData");
}

static void
enumerated(struct dtw *w, const struct fom_datatype *d)
{
	struct dtw e = { w->b, w->f2000, 0 };
	uint32_t i, j;
	char n[24 * 4];
	size_t len;

	dt_open(w, "enumeratedData");
	dt_field(w, "name", d->name);
	dt_field(w, "representation", d->u.enumerated.representation_name);
	dt_field(w, "semantics", d->semantics);
	dt_children(w);
	for (i = 0; i < d->u.enumerated.n_enumerators; i++) {
		const struct fom_enumerator *en =
		    &d->u.enumerated.enumerators[i];

		dt_open(&e, "enumerator");
		dt_field(&e, "name", en->name);
		if (w->f2000 && en->n_values) {
			/* one attribute: "1, 2" */
			for (j = 0, len = 0; j < en->n_values &&
			    len < sizeof n - 24; j++)
				len += (size_t)snprintf(n + len, sizeof n -
				    len, "%s%" PRId64, j ? ", " : "",
				    en->values[j]);
			dt_field(&e, "values", n);
		}
		for (j = 0; !w->f2000 && j < en->n_values; j++) {
			snprintf(n, sizeof n, "%" PRId64, en->values[j]);
			dt_field(&e, "value", n);
		}
		dt_close(&e, "enumerator");
	}
	dt_close(w, "enumeratedData");
}

static void
array(struct dtw *w, const struct fom_datatype *d)
{
	dt_open(w, "arrayData");
	dt_field(w, "name", d->name);
	dt_field(w, "dataType", d->u.array.element_name);
	dt_field(w, "cardinality", d->u.array.cardinality);
	dt_field(w, "encoding", d->encoding_name);
	dt_field(w, "semantics", d->semantics);
	dt_close(w, "arrayData");
}

static void
record(struct dtw *w, const struct fom_datatype *d)
{
	struct dtw e = { w->b, w->f2000, 0 };
	uint32_t i;

	dt_open(w, "fixedRecordData");
	dt_field(w, "name", d->name);
	dt_field(w, "encoding", d->encoding_name);
	dt_field(w, "semantics", d->semantics);
	dt_children(w);
	for (i = 0; i < d->u.record.n_fields; i++) {
		const struct fom_field *fl = &d->u.record.fields[i];

		dt_open(&e, "field");
		dt_field(&e, "name", fl->name);
		dt_field(&e, "dataType", fl->type_name);
		dt_field(&e, "semantics", fl->semantics);
		dt_close(&e, "field");
	}
	dt_close(w, "fixedRecordData");
}

static void
variant(struct dtw *w, const struct fom_datatype *d)
{
	struct dtw e = { w->b, w->f2000, 0 };
	uint32_t i;

	dt_open(w, "variantRecordData");
	dt_field(w, "name", d->name);
	dt_field(w, "discriminant", d->u.variant.discriminant);
	dt_field(w, "dataType", d->u.variant.type_name);
	if (w->f2000)
		dt_field(w, "encoding", d->encoding_name);
	dt_field(w, "semantics", w->f2000 ? d->semantics : NULL);
	dt_children(w);
	for (i = 0; i < d->u.variant.n_alternatives; i++) {
		const struct fom_alternative *a =
		    &d->u.variant.alternatives[i];

		dt_open(&e, "alternative");
		dt_field(&e, "enumerator", a->enumerators);
		dt_field(&e, "name", a->name);
		dt_field(&e, "dataType", a->type_name ? a->type_name : "NA");
		dt_field(&e, "semantics", a->semantics);
		dt_close(&e, "alternative");
	}
	if (!w->f2000) {
		dt_field(w, "encoding", d->encoding_name);
		dt_field(w, "semantics", d->semantics);
	}
	dt_close(w, "variantRecordData");
}

/* Every datatype of kind `kind` in handle order, under <group>. */
static void
datatypes(struct wire_buf *b, const struct fom *f, enum fom_dt_kind kind,
    const char *group)
{
	static void (*const write[])(struct dtw *,
	    const struct fom_datatype *) = { NULL, basic, simple, enumerated,
	    array, record, variant };
	struct dtw w = { b, 0, 0 };
	uint32_t i;

	indent(b, 2);
	put(b, "<");
	put(b, group);
	put(b, ">");
	for (i = 0; i < f->n_datatypes; i++)
		if (f->datatypes[i].kind == kind) {
			indent(b, 3);
			w.f2000 = f->datatypes[i].form2000;
			write[kind](&w, &f->datatypes[i]);
		}
	indent(b, 2);
	put(b, "</");
	put(b, group);
	put(b, ">");
}

int
fom_write_fdd(const struct fom *f, const char *name, struct wire_buf *out)
{
	uint32_t i;

	put(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<objectModel xmlns=\"http://standards.ieee.org/IEEE1516-2010\">"
	    "\n <modelIdentification>");
	elem(out, "name", name);
	put(out, "<type>FOM</type><version>1.0</version>"
	    "</modelIdentification>\n <objects>");
	if (f->n_oclasses)
		oclass(out, f, 1, 2);
	put(out, "\n </objects>\n <interactions>");
	if (f->n_iclasses)
		iclass(out, f, 1, 2);
	put(out, "\n </interactions>\n <dimensions>");
	for (i = 0; i < f->n_dims; i++) {
		const struct fom_dimension *d = &f->dims[i];

		indent(out, 2);
		put(out, "<dimension>");
		elem(out, "name", d->name);
		if (d->upper_bound)
			elem_u64(out, "upperBound", d->upper_bound);
		put(out, "</dimension>");
	}
	put(out, "\n </dimensions>\n <transportations>\n"
	    "  <transportation><name>HLAreliable</name>"
	    "<reliable>Yes</reliable></transportation>\n"
	    "  <transportation><name>HLAbestEffort</name>"
	    "<reliable>No</reliable></transportation>\n"
	    " </transportations>\n <dataTypes>");
	datatypes(out, f, FOM_DT_BASIC, "basicDataRepresentations");
	datatypes(out, f, FOM_DT_SIMPLE, "simpleDataTypes");
	datatypes(out, f, FOM_DT_ENUMERATED, "enumeratedDataTypes");
	datatypes(out, f, FOM_DT_ARRAY, "arrayDataTypes");
	datatypes(out, f, FOM_DT_FIXED_RECORD, "fixedRecordDataTypes");
	datatypes(out, f, FOM_DT_VARIANT_RECORD, "variantRecordDataTypes");
	put(out, "\n </dataTypes>\n</objectModel>\n");
	return out->oom ? -1 : 0;
}
