/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_types.c - the datatypes of a model (IEEE 1516.2-2010 4.12), in
 * three files that share fom_types_int.h:
 *  fom_types.c        the MIM's built in, the warnings, storage (copy,
 *                     free), lookups and printing; how a merge goes, the
 *                     identity and the layout rules (below);
 *  fom_types_read.c   reading a module's definitions into canonical form,
 *                     identity, adding them (fom_types_add);
 *  fom_types_check.c  resolving names, validation, layout, the datatypes
 *                     of attributes and parameters (fom_types_finish).
 *
 * A merge runs in two steps on the copy of the model that fom_validate.c
 * swaps in only when the whole module checked out:
 *  fom_types_add     each definition of the module is read into canonical
 *                    form (numbers parsed, names checked) and compared with
 *                    a datatype of the same name: none, added; identical,
 *                    dropped (a warning when both are in this module);
 *                    different, an error naming both places;
 *  fom_types_finish  every datatype not resolved yet has its names looked
 *                    up; one whose names are all defined, directly and
 *                    through the datatypes it names, is checked and laid
 *                    out, then never changes again.  A name nobody defines
 *                    is an error in the module that uses it, unless the
 *                    module declares a Dependency not loaded yet: it then
 *                    waits for a later module (not encodable meanwhile).
 *
 * Identity ("identical redefinition"): the same kind and the same content
 * except free text.  Compared: size, endian and reading of a basic
 * representation; the representation, units, resolution and accuracy of
 * a simple datatype; the representation and the enumerators (names and
 * values, in order) of an enumerated one; the element, cardinality and
 * encoding of an array; the fields (names and datatypes, in order) and
 * encoding of a record; the discriminant, its datatype, the alternatives
 * (enumerator sets, names and datatypes, in order) and the encoding of a
 * variant record.  Not compared: semantics, the interpretation and
 * encoding texts of basic representations, and the units, resolution and
 * accuracy of the MIM's own simple datatypes, which the 1516-2000 MOM
 * wrote differently ("seconds" for "s"), so that 2000 modules that copy
 * it still load.
 *
 * Layout (the encoding rules of IEEE 1516.2-2010 4.13, as implemented):
 *  - basic: bits / 8 octets; octet boundary the least power of two not
 *    below that (1, 2, 4, 8 for the MIM's); a size that is not a whole
 *    number of octets makes it opaque (a warning);
 *  - simple, enumerated: as the representation;
 *  - HLAfixedArray: the elements (the product of the dimensions'
 *    counts) one after another, each from the next multiple of the
 *    element's boundary; boundary the element's; fixed when the element
 *    is (or there are none); size (n - 1) * roundup(esize, eb) + esize;
 *  - HLAvariableArray: an HLAinteger32BE count, then the elements as
 *    above, the first from the next multiple of the element's boundary
 *    after the count; boundary max(4, element's); fixed only for a
 *    cardinality of one exact count N over a fixed element (4 octets
 *    for N = 0);
 *  - HLAfixedRecord: the fields in order, each from the next multiple of
 *    its boundary; boundary the largest of the fields' (1 without any);
 *    fixed when every field is; size up to the end of the last field (no
 *    padding after it: a following element pads before itself);
 *  - HLAvariantRecord: the discriminant (as its enumerated datatype), then
 *    the value of the alternative its enumerator selects, if any, from the
 *    next multiple of that alternative's boundary; boundary the largest of
 *    the discriminant's and every alternative's; fixed when every
 *    enumerator leads to the same length;
 *  - another encoding (a user-defined name): opaque (a warning).
 * Offsets are relative to the start of the value, which is aligned on its
 * own boundary, so that the padding inside a value never depends on where
 * it sits.
 *
 * Cycles: a datatype that contains itself, through any chain of
 * representations, elements, fields or alternatives, is refused.  Through
 * records and fixed arrays of at least one element it could have no
 * finite value.  Through a variable array (which may be empty) or a
 * variant alternative (another may be chosen) it could, but HLA encodes no
 * references: such a value nests as deep as its bytes allow, and the
 * loader keeps every datatype's nesting depth bounded (FOM_MAX_DT_DEPTH)
 * so that a decoder can rely on it.  The error says which case it is.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fom_types_int.h"

/* --- the MIM's datatypes (HLAstandardMIM, IEEE 1516.1-2010), read
 * through the same path as a module's --- */

#define VALS(...) ((const char *const []){ __VA_ARGS__ })
#define EN(n, v) { .name = n, .n_values = 1, .values = VALS(v) }
#define FL(n, t) { .name = n, .datatype = t }
#define ITEMS(...) \
	.n_items = sizeof((const struct fom_mdt_item []){ __VA_ARGS__ }) / \
	    sizeof(struct fom_mdt_item), \
	.items = (const struct fom_mdt_item []){ __VA_ARGS__ }
#define BASIC(n, bits, end) { .kind = FOM_DT_BASIC, .name = n, \
	.size = bits, .endian = end }
#define SIMPLE(n, rep, un, res) { .kind = FOM_DT_SIMPLE, .name = n, \
	.representation = rep, .units = un, .resolution = res, \
	.accuracy = "NA" }
#define ENUM32(n, ...) { .kind = FOM_DT_ENUMERATED, .name = n, \
	.representation = "HLAinteger32BE", ITEMS(__VA_ARGS__) }
#define VARRAY(n, el) { .kind = FOM_DT_ARRAY, .name = n, .datatype = el, \
	.cardinality = "Dynamic", .encoding = "HLAvariableArray" }
#define RECORD(n, ...) { .kind = FOM_DT_FIXED_RECORD, .name = n, \
	.encoding = "HLAfixedRecord", ITEMS(__VA_ARGS__) }

static const struct fom_mdatatype fom_mim[] = {
	BASIC("HLAinteger16BE", "16", "Big"),
	BASIC("HLAinteger32BE", "32", "Big"),
	BASIC("HLAinteger64BE", "64", "Big"),
	BASIC("HLAfloat32BE", "32", "Big"),
	BASIC("HLAfloat64BE", "64", "Big"),
	BASIC("HLAoctetPairBE", "16", "Big"),
	BASIC("HLAinteger16LE", "16", "Little"),
	BASIC("HLAinteger32LE", "32", "Little"),
	BASIC("HLAinteger64LE", "64", "Little"),
	BASIC("HLAfloat32LE", "32", "Little"),
	BASIC("HLAfloat64LE", "64", "Little"),
	BASIC("HLAoctetPairLE", "16", "Little"),
	BASIC("HLAoctet", "8", "Big"),
	SIMPLE("HLAASCIIchar", "HLAoctet", "NA", "NA"),
	SIMPLE("HLAunicodeChar", "HLAoctetPairBE", "NA", "NA"),
	SIMPLE("HLAbyte", "HLAoctet", "NA", "NA"),
	SIMPLE("HLAcount", "HLAinteger32BE", "NA", "NA"),
	SIMPLE("HLAseconds", "HLAinteger32BE", "s", "NA"),
	SIMPLE("HLAmsec", "HLAinteger32BE", "ms", "NA"),
	SIMPLE("HLAnormalizedFederateHandle", "HLAinteger32BE", "NA", "NA"),
	SIMPLE("HLAindex", "HLAinteger32BE", "NA", "NA"),
	SIMPLE("HLAinteger64Time", "HLAinteger64BE", "NA", "1"),
	SIMPLE("HLAfloat64Time", "HLAfloat64BE", "NA", "4.9E-308"),
	ENUM32("HLAboolean", EN("HLAfalse", "0"), EN("HLAtrue", "1")),
	ENUM32("HLAfederateState", EN("ActiveFederate", "1"),
	    EN("FederateSaveInProgress", "3"),
	    EN("FederateRestoreInProgress", "5")),
	ENUM32("HLAtimeState", EN("TimeGranted", "0"),
	    EN("TimeAdvancing", "1")),
	ENUM32("HLAownership", EN("Unowned", "0"), EN("Owned", "1")),
	ENUM32("HLAresignAction", EN("DivestOwnership", "1"),
	    EN("DeleteObjectInstances", "2"),
	    EN("CancelPendingAcquisitions", "3"),
	    EN("DeleteObjectInstancesThenDivestOwnership", "4"),
	    EN("CancelPendingAcquisitionsThenDeleteObjectInstancesThen"
	    "DivestOwnership", "5"),
	    EN("NoAction", "6")),
	ENUM32("HLAorderType", EN("Receive", "0"), EN("TimeStamp", "1")),
	ENUM32("HLAswitch", EN("Enabled", "1"), EN("Disabled", "0")),
	ENUM32("HLAsynchPointStatus", EN("NoActivity", "0"),
	    EN("AttemptingToRegisterSynchPoint", "1"),
	    EN("MovingToSynchPoint", "2"),
	    EN("WaitingForRestOfFederation", "3")),
	ENUM32("HLAnormalizedServiceGroup", EN("FederationManagement", "0"),
	    EN("DeclarationManagement", "1"), EN("ObjectManagement", "2"),
	    EN("OwnershipManagement", "3"), EN("TimeManagement", "4"),
	    EN("DataDistributionManagement", "5"),
	    EN("SupportServices", "6")),
	VARRAY("HLAASCIIstring", "HLAASCIIchar"),
	VARRAY("HLAunicodeString", "HLAunicodeChar"),
	VARRAY("HLAopaqueData", "HLAbyte"),
	{ .kind = FOM_DT_ARRAY, .name = "HLAtoken", .datatype = "HLAbyte",
	    .cardinality = "0", .encoding = "HLAfixedArray" },
	VARRAY("HLAhandle", "HLAbyte"),
	VARRAY("HLAtransportationName", "HLAunicodeChar"),
	VARRAY("HLAupdateRateName", "HLAunicodeChar"),
	VARRAY("HLAlogicalTime", "HLAbyte"),
	VARRAY("HLAtimeInterval", "HLAbyte"),
	VARRAY("HLAhandleList", "HLAhandle"),
	VARRAY("HLAinteractionSubList", "HLAinteractionSubscription"),
	VARRAY("HLAargumentList", "HLAunicodeString"),
	VARRAY("HLAobjectClassBasedCounts", "HLAobjectClassBasedCount"),
	VARRAY("HLAinteractionCounts", "HLAinteractionCount"),
	VARRAY("HLAsynchPointList", "HLAunicodeString"),
	VARRAY("HLAsynchPointFederateList", "HLAsynchPointFederate"),
	VARRAY("HLAmoduleDesignatorList", "HLAunicodeString"),
	RECORD("HLAinteractionSubscription",
	    FL("HLAinteractionClass", "HLAhandle"),
	    FL("HLAactive", "HLAboolean")),
	RECORD("HLAobjectClassBasedCount",
	    FL("HLAobjectClass", "HLAhandle"), FL("HLAcount", "HLAcount")),
	RECORD("HLAinteractionCount",
	    FL("HLAinteractionClass", "HLAhandle"),
	    FL("HLAinteractionCount", "HLAcount")),
	RECORD("HLAsynchPointFederate", FL("HLAfederate", "HLAhandle"),
	    FL("HLAfederateSynchStatus", "HLAsynchPointStatus")),
};

_Static_assert(sizeof(fom_mim) / sizeof(fom_mim[0]) == FOM_MIM_DATATYPES,
    "FOM_MIM_DATATYPES counts the MIM's datatypes");

/* --- context --- */

int
fom_t_nomem(struct fom_tctx *x)
{
	return fom_err(x->err, x->file, 0, "out of memory");
}

/* 1 for a property meaning "none": absent, empty or NA. */
int
fom_t_na(const char *s)
{
	return s == NULL || *s == '\0' || strcmp(s, "NA") == 0;
}

static const char *const fom_t_what[] = {
	"datatype", "basic data representation", "simple datatype",
	"enumerated datatype", "array datatype", "fixed record datatype",
	"variant record datatype"
};

const char *
fom_t_kind_what(unsigned kind)
{
	return kind <= FOM_DT_VARIANT_RECORD ? fom_t_what[kind] : "datatype";
}

/* "a simple datatype", "an array datatype". */
const char *
fom_t_a(unsigned kind)
{
	return kind == FOM_DT_ENUMERATED || kind == FOM_DT_ARRAY ? "an" : "a";
}

const char *
fom_dt_kind_name(unsigned kind)
{
	static const char *const n[] = { "?", "basic", "simple",
	    "enumerated", "array", "fixed record", "variant record" };

	return kind <= FOM_DT_VARIANT_RECORD ? n[kind] : "?";
}

/* The file of module `module` (1-based), the current one while it is not
 * in module_names yet. */
const char *
fom_t_file(const struct fom_tctx *x, uint32_t module)
{
	if (module == 0)
		return FOM_T_MIM_FILE;
	if (module <= x->f->n_modules)
		return x->f->module_names[module - 1];
	return x->file;
}

/* --- warnings --- */

/* Append warning `msg` about `file`:`line` to `f`; -1 on ENOMEM (`f`
 * unchanged). */
int
fom_warn_add(struct fom *f, const char *file, int line, const char *msg)
{
	struct fom_warning *w;

	w = realloc(f->warnings, (f->n_warnings + 1) * sizeof(*w));
	if (w == NULL)
		return -1;
	f->warnings = w;
	w = &f->warnings[f->n_warnings];
	w->file = strdup(file);
	w->msg = strdup(msg);
	w->line = line;
	if (w->file == NULL || w->msg == NULL) {
		free(w->file);
		free(w->msg);
		return -1;
	}
	f->n_warnings++;
	return 0;
}

/* Append a warning; -1 with the error on ENOMEM. */
int
fom_t_warn(struct fom_tctx *x, const char *file, int line, const char *fmt,
    ...)
{
	char buf[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (fom_warn_add(x->f, file, line, buf) < 0)
		return fom_t_nomem(x);
	return 0;
}

/* Drop the warnings after the first n. */
void
fom_t_warn_truncate(struct fom *f, uint32_t n)
{
	while (f->n_warnings > n) {
		f->n_warnings--;
		free(f->warnings[f->n_warnings].file);
		free(f->warnings[f->n_warnings].msg);
	}
}

/* --- storage --- */

void
fom_t_free_one(struct fom_datatype *t)
{
	uint32_t i;

	free(t->name);
	free(t->semantics);
	free(t->encoding_name);
	free(t->opaque);
	switch (t->kind) {
	case FOM_DT_BASIC:
		free(t->u.basic.interpretation);
		break;
	case FOM_DT_SIMPLE:
		free(t->u.simple.representation_name);
		free(t->u.simple.units);
		free(t->u.simple.resolution);
		free(t->u.simple.accuracy);
		break;
	case FOM_DT_ENUMERATED:
		free(t->u.enumerated.representation_name);
		for (i = 0; i < t->u.enumerated.n_enumerators; i++) {
			free(t->u.enumerated.enumerators[i].name);
			free(t->u.enumerated.enumerators[i].values);
		}
		free(t->u.enumerated.enumerators);
		break;
	case FOM_DT_ARRAY:
		free(t->u.array.element_name);
		free(t->u.array.cardinality);
		free(t->u.array.dims);
		break;
	case FOM_DT_FIXED_RECORD:
		for (i = 0; i < t->u.record.n_fields; i++) {
			free(t->u.record.fields[i].name);
			free(t->u.record.fields[i].type_name);
			free(t->u.record.fields[i].semantics);
		}
		free(t->u.record.fields);
		break;
	case FOM_DT_VARIANT_RECORD:
		free(t->u.variant.discriminant);
		free(t->u.variant.type_name);
		for (i = 0; i < t->u.variant.n_alternatives; i++) {
			struct fom_alternative *a =
			    &t->u.variant.alternatives[i];
			free(a->name);
			free(a->type_name);
			free(a->enumerators);
			free(a->selected);
			free(a->semantics);
		}
		free(t->u.variant.alternatives);
		break;
	}
	memset(t, 0, sizeof(*t));
}

void
fom_types_free(struct fom *f)
{
	uint32_t i;

	for (i = 0; i < f->n_datatypes; i++)
		fom_t_free_one(&f->datatypes[i]);
	free(f->datatypes);
	fom_t_warn_truncate(f, 0);
	free(f->warnings);
	f->datatypes = NULL;
	f->warnings = NULL;
	f->n_datatypes = 0;
}

/* *dst = copy of src (NULL stays NULL); -1 on ENOMEM. */
int
fom_t_sdup(char **dst, const char *src)
{
	*dst = NULL;
	if (src == NULL)
		return 0;
	return (*dst = strdup(src)) == NULL ? -1 : 0;
}

/* Zeroed array of n elements (NULL for 0); -1 on ENOMEM. */
int
fom_t_calloc(void **dst, size_t n, size_t size)
{
	*dst = NULL;
	if (n == 0)
		return 0;
	return (*dst = calloc(n, size)) == NULL ? -1 : 0;
}

/* Deep copy; on ENOMEM -1, and *d holds what was copied (freeable). */
static int
fom_t_copy(struct fom_datatype *d, const struct fom_datatype *s)
{
	uint32_t i, n;

	*d = *s;
	d->name = d->semantics = d->encoding_name = d->opaque = NULL;
	memset(&d->u, 0, sizeof(d->u));
	if (fom_t_sdup(&d->name, s->name) ||
	    fom_t_sdup(&d->semantics, s->semantics) ||
	    fom_t_sdup(&d->encoding_name, s->encoding_name) ||
	    fom_t_sdup(&d->opaque, s->opaque))
		return -1;
	switch (s->kind) {
	case FOM_DT_BASIC:
		d->u.basic = s->u.basic;
		return fom_t_sdup(&d->u.basic.interpretation,
		    s->u.basic.interpretation);
	case FOM_DT_SIMPLE:
		d->u.simple.representation = s->u.simple.representation;
		return fom_t_sdup(&d->u.simple.representation_name,
		    s->u.simple.representation_name) ||
		    fom_t_sdup(&d->u.simple.units, s->u.simple.units) ||
		    fom_t_sdup(&d->u.simple.resolution,
		    s->u.simple.resolution) ||
		    fom_t_sdup(&d->u.simple.accuracy, s->u.simple.accuracy) ?
		    -1 : 0;
	case FOM_DT_ENUMERATED:
		d->u.enumerated.representation =
		    s->u.enumerated.representation;
		n = s->u.enumerated.n_enumerators;
		if (fom_t_sdup(&d->u.enumerated.representation_name,
		    s->u.enumerated.representation_name) ||
		    fom_t_calloc((void **)&d->u.enumerated.enumerators, n,
		    sizeof(struct fom_enumerator)))
			return -1;
		d->u.enumerated.n_enumerators = n;
		for (i = 0; i < n; i++) {
			const struct fom_enumerator *se =
			    &s->u.enumerated.enumerators[i];
			struct fom_enumerator *de =
			    &d->u.enumerated.enumerators[i];
			de->line = se->line;
			if (fom_t_sdup(&de->name, se->name) ||
			    fom_t_calloc((void **)&de->values, se->n_values,
			    sizeof(int64_t)))
				return -1;
			de->n_values = se->n_values;
			if (se->n_values)
				memcpy(de->values, se->values,
				    se->n_values * sizeof(int64_t));
		}
		return 0;
	case FOM_DT_ARRAY:
		d->u.array.element = s->u.array.element;
		if (fom_t_sdup(&d->u.array.element_name,
		    s->u.array.element_name) ||
		    fom_t_sdup(&d->u.array.cardinality,
		    s->u.array.cardinality) ||
		    fom_t_calloc((void **)&d->u.array.dims, s->u.array.n_dims,
		    sizeof(struct fom_cardinality)))
			return -1;
		d->u.array.n_dims = s->u.array.n_dims;
		if (s->u.array.n_dims)
			memcpy(d->u.array.dims, s->u.array.dims,
			    s->u.array.n_dims * sizeof(*s->u.array.dims));
		return 0;
	case FOM_DT_FIXED_RECORD:
		n = s->u.record.n_fields;
		if (fom_t_calloc((void **)&d->u.record.fields, n,
		    sizeof(struct fom_field)))
			return -1;
		d->u.record.n_fields = n;
		for (i = 0; i < n; i++) {
			const struct fom_field *sf = &s->u.record.fields[i];
			struct fom_field *df = &d->u.record.fields[i];
			df->type = sf->type;
			df->line = sf->line;
			if (fom_t_sdup(&df->name, sf->name) ||
			    fom_t_sdup(&df->type_name, sf->type_name) ||
			    fom_t_sdup(&df->semantics, sf->semantics))
				return -1;
		}
		return 0;
	case FOM_DT_VARIANT_RECORD:
		d->u.variant.type = s->u.variant.type;
		n = s->u.variant.n_alternatives;
		if (fom_t_sdup(&d->u.variant.discriminant,
		    s->u.variant.discriminant) ||
		    fom_t_sdup(&d->u.variant.type_name,
		    s->u.variant.type_name) ||
		    fom_t_calloc((void **)&d->u.variant.alternatives, n,
		    sizeof(struct fom_alternative)))
			return -1;
		d->u.variant.n_alternatives = n;
		for (i = 0; i < n; i++) {
			const struct fom_alternative *sa =
			    &s->u.variant.alternatives[i];
			struct fom_alternative *da =
			    &d->u.variant.alternatives[i];
			da->type = sa->type;
			da->other = sa->other;
			da->line = sa->line;
			if (fom_t_sdup(&da->name, sa->name) ||
			    fom_t_sdup(&da->type_name, sa->type_name) ||
			    fom_t_sdup(&da->enumerators, sa->enumerators) ||
			    fom_t_sdup(&da->semantics, sa->semantics) ||
			    fom_t_calloc((void **)&da->selected,
			    sa->n_selected, sizeof(uint32_t)))
				return -1;
			da->n_selected = sa->n_selected;
			if (sa->n_selected)
				memcpy(da->selected, sa->selected,
				    sa->n_selected * sizeof(uint32_t));
		}
		return 0;
	}
	return 0;
}

int
fom_types_clone(struct fom *c, const struct fom *f)
{
	uint32_t i;

	*fom_warn_kept(c) = *fom_warn_kept((struct fom *)f);
	if (f->n_datatypes && (c->datatypes = calloc(f->n_datatypes,
	    sizeof(*c->datatypes))) == NULL)
		return -1;
	for (i = 0; i < f->n_datatypes; i++) {
		c->n_datatypes++;
		if (fom_t_copy(&c->datatypes[i], &f->datatypes[i]) < 0)
			return -1;
	}
	if (f->n_warnings && (c->warnings = calloc(f->n_warnings,
	    sizeof(*c->warnings))) == NULL)
		return -1;
	for (i = 0; i < f->n_warnings; i++) {
		struct fom_warning *w = &c->warnings[i];
		w->line = f->warnings[i].line;
		c->n_warnings++;
		if (fom_t_sdup(&w->file, f->warnings[i].file) ||
		    fom_t_sdup(&w->msg, f->warnings[i].msg))
			return -1;
	}
	return 0;
}

uint64_t
fom_types_entries(const struct fom *f)
{
	uint64_t n = (uint64_t)f->n_datatypes + f->n_warnings;
	uint32_t i;

	for (i = 0; i < f->n_datatypes; i++) {
		const struct fom_datatype *t = &f->datatypes[i];
		if (t->kind == FOM_DT_ENUMERATED)
			n += t->u.enumerated.n_enumerators;
		else if (t->kind == FOM_DT_FIXED_RECORD)
			n += t->u.record.n_fields;
		else if (t->kind == FOM_DT_VARIANT_RECORD)
			n += t->u.variant.n_alternatives;
	}
	return n;
}

int
fom_types_builtin(struct fom *f)
{
	struct fom_module m;
	struct fom_error err;

	memset(&m, 0, sizeof(m));
	m.n_datatypes = FOM_MIM_DATATYPES;
	m.datatypes = fom_mim;
	if (fom_types_add(f, &m, 0, FOM_T_MIM_FILE, &err) < 0 ||
	    fom_types_finish(f, 0, 0, &err) < 0)
		return -1;
	return 0;
}

/* --- lookups --- */

int64_t
fom_enumerator_of(const struct fom_datatype *t, int64_t v)
{
	uint32_t i, j;

	if (t == NULL || t->kind != FOM_DT_ENUMERATED)
		return -1;
	for (i = 0; i < t->u.enumerated.n_enumerators; i++)
		for (j = 0; j < t->u.enumerated.enumerators[i].n_values; j++)
			if (t->u.enumerated.enumerators[i].values[j] == v)
				return i;
	return -1;
}

uint32_t
fom_alternative_of(const struct fom *f, const struct fom_datatype *t,
    uint32_t e)
{
	uint32_t i, j, other = 0;

	(void)f;
	if (t == NULL || t->kind != FOM_DT_VARIANT_RECORD)
		return 0;
	for (i = 0; i < t->u.variant.n_alternatives; i++) {
		const struct fom_alternative *a =
		    &t->u.variant.alternatives[i];
		if (a->other)
			other = i + 1;
		for (j = 0; j < a->n_selected; j++)
			if (a->selected[j] == e)
				return i + 1;
	}
	return other;
}

/* --- printing --- */

#define FOM_T_LIST_MAX 16u      /* items listed per datatype */

static const char *
fom_t_class_name(uint8_t cls)
{
	switch (cls) {
	case FOM_BASIC_SIGNED:
		return "signed integer";
	case FOM_BASIC_UNSIGNED:
		return "unsigned integer";
	case FOM_BASIC_FLOAT:
		return "floating point";
	default:
		return "octets";
	}
}

/* The kind and definition of t; `full` lists enumerators, fields and
 * alternatives. */
static void
fom_t_print_def(const struct fom *f, FILE *out,
    const struct fom_datatype *t, int full)
{
	uint32_t i, j;

	(void)f;
	switch (t->kind) {
	case FOM_DT_BASIC:
		fprintf(out, "basic, %u bits, %s-endian, %s", t->u.basic.bits,
		    t->u.basic.endian ? "little" : "big",
		    fom_t_class_name(t->u.basic.cls));
		break;
	case FOM_DT_SIMPLE:
		fprintf(out, "simple on %s", fom_t_or_na(
		    t->u.simple.representation_name));
		if (t->u.simple.units)
			fprintf(out, ", units %s", t->u.simple.units);
		break;
	case FOM_DT_ENUMERATED:
		fprintf(out, "enumerated on %s", fom_t_or_na(
		    t->u.enumerated.representation_name));
		if (!full)
			break;
		for (i = 0; i < t->u.enumerated.n_enumerators &&
		    i < FOM_T_LIST_MAX; i++) {
			const struct fom_enumerator *e =
			    &t->u.enumerated.enumerators[i];
			fprintf(out, "%s%s", i ? ", " : " {", e->name);
			for (j = 0; j < e->n_values; j++)
				fprintf(out, "%s%" PRId64, j ? "," : "=",
				    e->values[j]);
		}
		fprintf(out, "%s}", i < t->u.enumerated.n_enumerators ?
		    ", ..." : "");
		break;
	case FOM_DT_ARRAY:
		fprintf(out, "array of %s [%s], %s", t->u.array.element_name,
		    t->u.array.cardinality, t->encoding_name);
		break;
	case FOM_DT_FIXED_RECORD:
		fprintf(out, "fixed record of %u field%s",
		    t->u.record.n_fields,
		    t->u.record.n_fields == 1 ? "" : "s");
		if (full) {
			for (i = 0; i < t->u.record.n_fields &&
			    i < FOM_T_LIST_MAX; i++)
				fprintf(out, "%s%s: %s", i ? ", " : " {",
				    t->u.record.fields[i].name,
				    t->u.record.fields[i].type_name);
			fprintf(out, "%s%s", i < t->u.record.n_fields ?
			    ", ..." : "", i ? "}" : "");
		}
		fprintf(out, ", %s", t->encoding_name);
		break;
	case FOM_DT_VARIANT_RECORD:
		fprintf(out, "variant record on %s: %s",
		    t->u.variant.discriminant, t->u.variant.type_name);
		if (full) {
			for (i = 0; i < t->u.variant.n_alternatives &&
			    i < FOM_T_LIST_MAX; i++) {
				const struct fom_alternative *a =
				    &t->u.variant.alternatives[i];
				fprintf(out, "%s%s -> ", i ? "; " : " {",
				    a->enumerators);
				if (a->type_name)
					fprintf(out, "%s: %s", fom_t_or_na(
					    a->name), a->type_name);
				else
					fputs("no data", out);
			}
			fprintf(out, "%s%s", i < t->u.variant.n_alternatives ?
			    "; ..." : "", i ? "}" : "");
		}
		fprintf(out, ", %s", t->encoding_name);
		break;
	}
}

static void
fom_t_print_layout(FILE *out, const struct fom_datatype *t)
{
	if (!t->resolved)
		fputs("; waits for a datatype no module defines yet", out);
	else if (!t->encodable)
		fprintf(out, "; opaque: %s", t->opaque ? t->opaque : "?");
	else if (t->fixed)
		fprintf(out, "; %u octet%s, boundary %u", t->size,
		    t->size == 1 ? "" : "s", t->boundary);
	else
		fprintf(out, "; variable size, boundary %u", t->boundary);
}

void
fom_types_print_ref(const struct fom *f, FILE *out, uint32_t h,
    const char *name)
{
	const struct fom_datatype *t = fom_datatype(f, h);

	if (fom_t_na(name)) {
		fputs("no datatype (values opaque)\n", out);
		return;
	}
	if (t == NULL) {
		fprintf(out, "datatype %s: not defined (values opaque)\n",
		    name);
		return;
	}
	fprintf(out, "datatype %u %s: ", t->handle, t->name);
	fom_t_print_def(f, out, t, 0);
	fom_t_print_layout(out, t);
	fputc('\n', out);
}

void
fom_types_print(const struct fom *f, FILE *out)
{
	uint32_t i;

	for (i = 0; i < f->n_datatypes; i++) {
		const struct fom_datatype *t = &f->datatypes[i];
		fprintf(out, "datatype %u %s: ", t->handle, t->name);
		fom_t_print_def(f, out, t, 1);
		fom_t_print_layout(out, t);
		if (t->module == 0)
			fputs(" (MIM)\n", out);
		else
			fprintf(out, " (%s:%d)\n",
			    f->module_names[t->module - 1], t->line);
	}
}
