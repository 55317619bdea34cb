/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_types.c - the datatypes of a model (IEEE 1516.2-2010 4.12): the
 * MIM's built in, reading a module's definitions, merging them, resolving
 * names, validation, layout (4.13), the datatypes of attributes and
 * parameters, and the model's warnings.
 *
 * Longer than the project's 1200 lines: reading, merging and resolving
 * share the private canonical form and context of this file (struct
 * fom_tctx, the storage and identity helpers), which a split would have to
 * expose in a header for no reader's benefit; the sections below
 * (reading, identity, adding, resolution and layout, lookups, printing)
 * are the seams where it would be cut when it grows further.
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

#include "fom_impl.h"

#define FOM_T_MIM_FILE "the MIM (built in)"

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

/* How the MIM's basic representations read, by name. */
static const struct {
	const char *name;
	uint8_t cls;
} fom_mim_basic[] = {
	{ "HLAinteger16BE", FOM_BASIC_SIGNED },
	{ "HLAinteger32BE", FOM_BASIC_SIGNED },
	{ "HLAinteger64BE", FOM_BASIC_SIGNED },
	{ "HLAinteger16LE", FOM_BASIC_SIGNED },
	{ "HLAinteger32LE", FOM_BASIC_SIGNED },
	{ "HLAinteger64LE", FOM_BASIC_SIGNED },
	{ "HLAfloat32BE", FOM_BASIC_FLOAT },
	{ "HLAfloat64BE", FOM_BASIC_FLOAT },
	{ "HLAfloat32LE", FOM_BASIC_FLOAT },
	{ "HLAfloat64LE", FOM_BASIC_FLOAT },
	{ "HLAoctetPairBE", FOM_BASIC_OCTETS },
	{ "HLAoctetPairLE", FOM_BASIC_OCTETS },
	{ "HLAoctet", FOM_BASIC_OCTETS },
};

/* --- context --- */

struct fom_tctx {
	struct fom *f;
	uint32_t module;                /* being merged; 0: built in */
	const char *file;               /* its name */
	struct fom_error *err;
	int deps_missing;
	uint8_t *state;                 /* finish: per handle, FOM_TS_* */
	struct fom_tenum **enums;       /* finish: per handle, lazily */
	const char *tfile;              /* finish: file of the datatype
	                                 * being checked */
	uint32_t selections;            /* enumerators selected so far */
};

#define FOM_TS_NEW 0
#define FOM_TS_ON_STACK 1
#define FOM_TS_DONE 2
#define FOM_TS_PENDING 3

/* Name and value order of an enumerated datatype's enumerators, built
 * once per finish for the variant records that use it. */
struct fom_tenum {
	struct fom_nameset by_name;     /* name -> enumerator index */
	uint32_t *by_value;             /* indexes sorted by first value */
};

static int
fom_t_nomem(struct fom_tctx *x)
{
	return fom_err(x->err, x->file, 0, "out of memory");
}

/* 1 for a property meaning "none": absent, empty or NA. */
static int
fom_t_na(const char *s)
{
	return s == NULL || *s == '\0' || strcmp(s, "NA") == 0;
}

static const char *const fom_t_what[] = {
	"datatype", "basic data representation", "simple datatype",
	"enumerated datatype", "array datatype", "fixed record datatype",
	"variant record datatype"
};

static const char *
fom_t_kind_what(unsigned kind)
{
	return kind <= FOM_DT_VARIANT_RECORD ? fom_t_what[kind] : "datatype";
}

/* "a simple datatype", "an array datatype". */
static const char *
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
static const char *
fom_t_file(const struct fom_tctx *x, uint32_t module)
{
	if (module == 0)
		return FOM_T_MIM_FILE;
	if (module <= x->f->n_modules)
		return x->f->module_names[module - 1];
	return x->file;
}

/* --- warnings --- */

/* Append a warning; -1 with the error on ENOMEM. */
static int __attribute__((format(printf, 4, 5)))
fom_t_warn(struct fom_tctx *x, const char *file, int line, const char *fmt,
    ...)
{
	struct fom *f = x->f;
	struct fom_warning *w;
	char buf[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	w = realloc(f->warnings, (f->n_warnings + 1) * sizeof(*w));
	if (w == NULL)
		return fom_t_nomem(x);
	f->warnings = w;
	w = &f->warnings[f->n_warnings];
	w->file = strdup(file);
	w->msg = strdup(buf);
	w->line = line;
	if (w->file == NULL || w->msg == NULL) {
		free(w->file);
		free(w->msg);
		return fom_t_nomem(x);
	}
	f->n_warnings++;
	return 0;
}

/* Drop the warnings after the first n. */
static void
fom_t_warn_truncate(struct fom *f, uint32_t n)
{
	while (f->n_warnings > n) {
		f->n_warnings--;
		free(f->warnings[f->n_warnings].file);
		free(f->warnings[f->n_warnings].msg);
	}
}

/* --- storage --- */

static void
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
static int
fom_t_sdup(char **dst, const char *src)
{
	*dst = NULL;
	if (src == NULL)
		return 0;
	return (*dst = strdup(src)) == NULL ? -1 : 0;
}

/* Zeroed array of n elements (NULL for 0); -1 on ENOMEM. */
static int
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

/* --- reading a definition into canonical form --- */

/* Required property `v` called `prop` of `what`: -1 with the error when
 * absent, empty or (with `na`) NA. */
static int
fom_t_need(struct fom_tctx *x, int line, const char *v, const char *prop,
    const char *what, int na)
{
	if (v == NULL || (na && strcmp(v, "NA") == 0))
		return fom_err(x->err, x->file, line, "%s has no %s", what,
		    prop);
	if (*v == '\0')
		return fom_err(x->err, x->file, line, "%s has an empty %s",
		    what, prop);
	return 0;
}

/* Parse a decimal in [min, max] from the whole of s; 0 or -1. */
static int
fom_t_int(const char *s, int64_t min, int64_t max, int64_t *out)
{
	char *end;
	long long v;

	if (*s == '\0' || strchr(s, ' ') != NULL)
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* How a basic representation other than the MIM's reads, from the words
 * of its interpretation and encoding texts. */
static uint8_t
fom_t_basic_class(const char *name, uint32_t bits, const char *interp,
    const char *enc)
{
	char text[512];
	size_t i;

	for (i = 0; i < sizeof(fom_mim_basic) / sizeof(fom_mim_basic[0]); i++)
		if (strcmp(name, fom_mim_basic[i].name) == 0)
			return fom_mim_basic[i].cls;
	snprintf(text, sizeof(text), "%s %s", interp ? interp : "",
	    enc ? enc : "");
	for (i = 0; text[i]; i++)
		if (text[i] >= 'A' && text[i] <= 'Z')
			text[i] = (char)(text[i] - 'A' + 'a');
	if (strstr(text, "float") || strstr(text, "754") ||
	    strstr(text, "double"))
		return bits == 32 || bits == 64 ? FOM_BASIC_FLOAT :
		    FOM_BASIC_OCTETS;
	if (bits > 64)
		return FOM_BASIC_OCTETS;
	if (strstr(text, "unsigned") || strstr(text, "[0,") ||
	    strstr(text, "[0 ,"))
		return FOM_BASIC_UNSIGNED;
	if (strstr(text, "integer") || strstr(text, "two's complement") ||
	    strstr(text, "signed"))
		return FOM_BASIC_SIGNED;
	return FOM_BASIC_OCTETS;
}

/* Output of reading one definition: a warning it deserves, if any. */
struct fom_tread {
	char warn[600];
	int warn_line;
};

/* Mark t opaque because of something the 1516-2000 form tolerates (or
 * the error for the 2010 form).  `why` completes "<what> ...". */
static int __attribute__((format(printf, 6, 7)))
fom_t_lenient(struct fom_tctx *x, struct fom_datatype *t, int form2000,
    struct fom_tread *r, int line, const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	if (!form2000)
		return fom_err(x->err, x->file, line, "%s", why);
	if (t->opaque == NULL && (t->opaque = strdup(why)) == NULL)
		return fom_t_nomem(x);
	if (r->warn[0] == '\0') {
		snprintf(r->warn, sizeof(r->warn), "%s: its values are opaque "
		    "(accepted in the 1516-2000 form only)", why);
		r->warn_line = line;
	}
	return 0;
}

static int __attribute__((format(printf, 4, 5)))
fom_t_opaque(struct fom_tctx *x, struct fom_datatype *t,
    struct fom_tread *r, const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	if ((t->opaque = strdup(why)) == NULL)
		return fom_t_nomem(x);
	snprintf(r->warn, sizeof(r->warn), "%s: its values are opaque", why);
	r->warn_line = t->line;
	return 0;
}

static int
fom_t_read_basic(struct fom_tctx *x, const struct fom_mdatatype *md,
    struct fom_datatype *t, const char *what, struct fom_tread *r)
{
	int64_t bits;

	if (fom_t_need(x, md->line, md->size, "size", what, 0) < 0)
		return -1;
	if (fom_t_int(md->size, 1, FOM_MAX_BASIC_BITS, &bits) < 0)
		return fom_err(x->err, x->file, md->line, "%s has an invalid "
		    "size '%s' (a number of bits, 1 to %u)", what, md->size,
		    FOM_MAX_BASIC_BITS);
	if (fom_t_need(x, md->line, md->endian, "endian", what, 0) < 0)
		return -1;
	if (strcasecmp(md->endian, "Big") == 0)
		t->u.basic.endian = FOM_ENDIAN_BIG;
	else if (strcasecmp(md->endian, "Little") == 0)
		t->u.basic.endian = FOM_ENDIAN_LITTLE;
	else
		return fom_err(x->err, x->file, md->line, "%s has an invalid "
		    "endian '%s' (Big or Little)", what, md->endian);
	t->u.basic.bits = (uint32_t)bits;
	t->u.basic.cls = fom_t_basic_class(md->name, t->u.basic.bits,
	    md->interpretation, md->encoding);
	t->encoding = FOM_ENC_BASIC;
	if (fom_t_sdup(&t->u.basic.interpretation, md->interpretation) ||
	    fom_t_sdup(&t->encoding_name, md->encoding))
		return fom_t_nomem(x);
	if (bits % 8 != 0)
		return fom_t_opaque(x, t, r, "%s has a size of %u bit%s, not "
		    "a whole number of octets", what, t->u.basic.bits,
		    t->u.basic.bits == 1 ? "" : "s");
	return 0;
}

/* The representation of a simple or enumerated datatype into *name. */
static int
fom_t_read_rep(struct fom_tctx *x, const struct fom_mdatatype *md,
    struct fom_datatype *t, const char *what, struct fom_tread *r,
    char **name)
{
	const char *v = md->representation;

	t->encoding = FOM_ENC_BASIC;
	if (fom_t_na(v)) {
		if (md->form2000)
			return fom_t_lenient(x, t, 1, r, md->line,
			    "%s has no representation", what);
		return fom_t_need(x, md->line, v, "representation", what, 1);
	}
	return fom_t_sdup(name, v) < 0 ? fom_t_nomem(x) : 0;
}

static int
fom_t_read_simple(struct fom_tctx *x, const struct fom_mdatatype *md,
    struct fom_datatype *t, const char *what, struct fom_tread *r)
{
	if (fom_t_read_rep(x, md, t, what, r,
	    &t->u.simple.representation_name) < 0)
		return -1;
	if ((!fom_t_na(md->units) &&
	    fom_t_sdup(&t->u.simple.units, md->units)) ||
	    (!fom_t_na(md->resolution) &&
	    fom_t_sdup(&t->u.simple.resolution, md->resolution)) ||
	    (!fom_t_na(md->accuracy) &&
	    fom_t_sdup(&t->u.simple.accuracy, md->accuracy)))
		return fom_t_nomem(x);
	return 0;
}

struct fom_tval {
	int64_t v;
	uint32_t e;
};

static int
fom_t_cmp_val(const void *a, const void *b)
{
	const struct fom_tval *p = a, *q = b;

	if (p->v != q->v)
		return p->v < q->v ? -1 : 1;
	return p->e < q->e ? -1 : p->e > q->e;
}

static int
fom_t_read_enum(struct fom_tctx *x, const struct fom_mdatatype *md,
    struct fom_datatype *t, const char *what, struct fom_tread *r)
{
	struct fom_nameset names = { 0 };
	struct fom_tval *vals = NULL;
	uint32_t i, j, nv = 0;
	int rc = -1;

	if (fom_t_read_rep(x, md, t, what, r,
	    &t->u.enumerated.representation_name) < 0)
		return -1;
	if (md->n_items == 0)
		return fom_err(x->err, x->file, md->line, "%s has no "
		    "enumerators", what);
	for (i = 0; i < md->n_items; i++)
		nv += md->items[i].n_values;
	if (fom_nameset_init(&names, x->f, md->n_items) < 0 ||
	    fom_t_calloc((void **)&t->u.enumerated.enumerators, md->n_items,
	    sizeof(struct fom_enumerator)) ||
	    fom_t_calloc((void **)&vals, nv, sizeof(*vals))) {
		fom_t_nomem(x);
		goto out;
	}
	for (i = 0, nv = 0; i < md->n_items; i++) {
		const struct fom_mdt_item *it = &md->items[i];
		struct fom_enumerator *e = &t->u.enumerated.enumerators[i];
		t->u.enumerated.n_enumerators++;
		e->line = it->line;
		if (it->name == NULL || it->name[0] == '\0') {
			fom_err(x->err, x->file, it->line, "enumerator of %s "
			    "without a name", what);
			goto out;
		}
		if (fom_t_sdup(&e->name, it->name) ||
		    fom_t_calloc((void **)&e->values, it->n_values,
		    sizeof(int64_t))) {
			fom_t_nomem(x);
			goto out;
		}
		if (fom_nameset_add(&names, it->name, i)) {
			fom_err(x->err, x->file, it->line, "duplicate "
			    "enumerator '%s' in %s", it->name, what);
			goto out;
		}
		if (it->n_values == 0 && fom_t_lenient(x, t, md->form2000, r,
		    it->line, "enumerator '%s' of %s has no value", it->name,
		    what) < 0)
			goto out;
		for (j = 0; j < it->n_values; j++) {
			int64_t v;
			if (fom_t_int(it->values[j], INT64_MIN, INT64_MAX,
			    &v) < 0) {
				if (fom_t_lenient(x, t, md->form2000, r,
				    it->line, "enumerator '%s' of %s has an "
				    "invalid value '%s' (an integer)",
				    it->name, what, it->values[j]) < 0)
					goto out;
				continue;
			}
			e->values[e->n_values++] = v;
			vals[nv].v = v;
			vals[nv++].e = i;
		}
	}
	/* one value, one enumerator: decoding must be unambiguous */
	if (nv > 0)
		qsort(vals, nv, sizeof(*vals), fom_t_cmp_val);
	for (i = 1; i < nv; i++) {
		const struct fom_enumerator *en = t->u.enumerated.enumerators;
		if (vals[i].v != vals[i - 1].v)
			continue;
		if (vals[i].e == vals[i - 1].e)
			fom_err(x->err, x->file, md->items[vals[i].e].line,
			    "value %" PRId64 " given twice to enumerator '%s' "
			    "of %s", vals[i].v, en[vals[i].e].name, what);
		else
			fom_err(x->err, x->file, md->items[vals[i].e].line,
			    "value %" PRId64 " of enumerator '%s' of %s is "
			    "already the value of enumerator '%s'", vals[i].v,
			    en[vals[i].e].name, what, en[vals[i - 1].e].name);
		goto out;
	}
	rc = 0;
out:
	fom_nameset_free(&names);
	free(vals);
	return rc;
}

/* One dimension of a cardinality, s[0..n) without surrounding blanks. */
static int
fom_t_card_dim(const char *s, size_t n, struct fom_cardinality *c)
{
	char buf[64], *dots;
	int64_t lo, hi;

	if (n == 0 || n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (strcasecmp(buf, "Dynamic") == 0) {
		c->lower = 0;
		c->upper = FOM_CARD_MAX;
		c->dynamic = 1;
		return 0;
	}
	c->dynamic = 0;
	if (buf[0] != '[') {
		if (fom_t_int(buf, 0, FOM_CARD_MAX, &lo) < 0)
			return -1;
		c->lower = c->upper = (uint32_t)lo;
		return 0;
	}
	if (buf[n - 1] != ']' || (dots = strstr(buf, "..")) == NULL)
		return -1;
	buf[n - 1] = '\0';
	*dots = '\0';
	{
		char *a = buf + 1, *b = dots + 2, *e;
		while (*a == ' ')
			a++;
		for (e = a + strlen(a); e > a && e[-1] == ' '; e--)
			*--e = '\0';
		while (*b == ' ')
			b++;
		for (e = b + strlen(b); e > b && e[-1] == ' '; e--)
			*--e = '\0';
		if (fom_t_int(a, 0, FOM_CARD_MAX, &lo) < 0 ||
		    fom_t_int(b, 0, FOM_CARD_MAX, &hi) < 0 || lo > hi)
			return -1;
	}
	c->lower = (uint32_t)lo;
	c->upper = (uint32_t)hi;
	return 0;
}

/* Encoding name `v` of an array or record: `std` (the HLA one for the
 * kind, giving `enc`), another HLA name (error), or a user-defined one
 * (opaque). */
static int
fom_t_read_encoding(struct fom_tctx *x, const struct fom_mdatatype *md,
    struct fom_datatype *t, const char *what, struct fom_tread *r,
    const char *std1, uint8_t enc1, const char *std2, uint8_t enc2)
{
	const char *v = md->encoding;

	if (fom_t_need(x, md->line, v, "encoding", what, 1) < 0)
		return -1;
	if (fom_t_sdup(&t->encoding_name, v) < 0)
		return fom_t_nomem(x);
	if (strcmp(v, std1) == 0) {
		t->encoding = enc1;
		return 0;
	}
	if (std2 != NULL && strcmp(v, std2) == 0) {
		t->encoding = enc2;
		return 0;
	}
	if (strncmp(v, "HLA", 3) == 0)
		return fom_err(x->err, x->file, md->line, "%s has an unknown "
		    "encoding '%s' (%s%s%s)", what, v, std1,
		    std2 ? " or " : "", std2 ? std2 : "");
	/* legitimate, only not the codec's: no warning */
	t->encoding = FOM_ENC_OTHER;
	if ((t->opaque = malloc(strlen(v) + 32)) == NULL)
		return fom_t_nomem(x);
	sprintf(t->opaque, "the user-defined encoding '%s'", v);
	(void)r;
	return 0;
}

static int
fom_t_read_array(struct fom_tctx *x, const struct fom_mdatatype *md,
    struct fom_datatype *t, const char *what, struct fom_tread *r)
{
	const char *c = md->cardinality, *s, *e;
	uint32_t n = 1, i;

	if (fom_t_need(x, md->line, md->datatype, "dataType", what, 1) < 0 ||
	    fom_t_need(x, md->line, c, "cardinality", what, 1) < 0)
		return -1;
	for (s = c; *s; s++)
		if (*s == ',')
			n++;
	if (n > FOM_MAX_ARRAY_DIMS)
		return fom_err(x->err, x->file, md->line, "%s has more than "
		    "%u dimensions (limit)", what, FOM_MAX_ARRAY_DIMS);
	if (fom_t_sdup(&t->u.array.element_name, md->datatype) ||
	    fom_t_sdup(&t->u.array.cardinality, c) ||
	    fom_t_calloc((void **)&t->u.array.dims, n,
	    sizeof(struct fom_cardinality)))
		return fom_t_nomem(x);
	t->u.array.n_dims = n;
	for (s = c, i = 0; i < n; i++, s = e + 1) {
		const char *a, *b;
		for (e = s; *e && *e != ','; e++)
			;
		for (a = s; a < e && (*a == ' ' || *a == '\t'); a++)
			;
		for (b = e; b > a && (b[-1] == ' ' || b[-1] == '\t'); b--)
			;
		if (fom_t_card_dim(a, (size_t)(b - a),
		    &t->u.array.dims[i]) < 0)
			return fom_err(x->err, x->file, md->line, "%s has an "
			    "invalid cardinality '%s' (Dynamic, N or [l..u] "
			    "up to %u, one per dimension, separated by "
			    "commas)", what, c, FOM_CARD_MAX);
	}
	if (fom_t_read_encoding(x, md, t, what, r, "HLAfixedArray",
	    FOM_ENC_FIXED_ARRAY, "HLAvariableArray",
	    FOM_ENC_VARIABLE_ARRAY) < 0)
		return -1;
	if (t->encoding == FOM_ENC_FIXED_ARRAY) {
		for (i = 0; i < n; i++)
			if (t->u.array.dims[i].lower !=
			    t->u.array.dims[i].upper)
				return fom_err(x->err, x->file, md->line,
				    "%s is an HLAfixedArray of cardinality "
				    "'%s', which is not a fixed count", what,
				    c);
	} else if (t->encoding == FOM_ENC_VARIABLE_ARRAY && n > 1) {
		return fom_err(x->err, x->file, md->line, "%s is an "
		    "HLAvariableArray of %u dimensions: an HLAvariableArray "
		    "has one (make its elements arrays)", what, n);
	}
	return 0;
}

static int
fom_t_read_record(struct fom_tctx *x, const struct fom_mdatatype *md,
    struct fom_datatype *t, const char *what, struct fom_tread *r)
{
	struct fom_nameset names = { 0 };
	char fw[2400];
	uint32_t i;
	int rc = -1;

	if (fom_nameset_init(&names, x->f, md->n_items) < 0 ||
	    fom_t_calloc((void **)&t->u.record.fields, md->n_items,
	    sizeof(struct fom_field))) {
		fom_t_nomem(x);
		goto out;
	}
	for (i = 0; i < md->n_items; i++) {
		const struct fom_mdt_item *it = &md->items[i];
		struct fom_field *fl = &t->u.record.fields[i];
		t->u.record.n_fields++;
		fl->line = it->line;
		if (it->name == NULL || it->name[0] == '\0') {
			fom_err(x->err, x->file, it->line, "field of %s "
			    "without a name", what);
			goto out;
		}
		if (fom_nameset_add(&names, it->name, i)) {
			fom_err(x->err, x->file, it->line, "duplicate field "
			    "'%s' in %s", it->name, what);
			goto out;
		}
		snprintf(fw, sizeof(fw), "field '%s' of %s", it->name, what);
		if (fom_t_need(x, it->line, it->datatype, "dataType", fw,
		    1) < 0)
			goto out;
		if (fom_t_sdup(&fl->name, it->name) ||
		    fom_t_sdup(&fl->type_name, it->datatype) ||
		    fom_t_sdup(&fl->semantics, it->semantics)) {
			fom_t_nomem(x);
			goto out;
		}
	}
	rc = fom_t_read_encoding(x, md, t, what, r, "HLAfixedRecord",
	    FOM_ENC_FIXED_RECORD, NULL, 0);
out:
	fom_nameset_free(&names);
	return rc;
}

/* Syntax of an alternative's enumerator set: items separated by ',', each
 * an enumerator name or a range "[A..B]", or "HLAother" alone.  Counts
 * the items into *n; 1 for HLAother; -1 when malformed. */
static int
fom_t_set_syntax(const char *s, uint32_t *n)
{
	const char *e, *a, *b;
	int other = 0;

	*n = 0;
	for (;; s = e + 1) {
		for (e = s; *e && *e != ','; e++)
			;
		for (a = s; a < e && (*a == ' ' || *a == '\t'); a++)
			;
		for (b = e; b > a && (b[-1] == ' ' || b[-1] == '\t'); b--)
			;
		if (a == b)
			return -1;
		if ((size_t)(b - a) == 8 && strncmp(a, "HLAother", 8) == 0)
			other = 1;
		else if (*a == '[' && (b - a < 6 || b[-1] != ']' ||
		    memmem(a, (size_t)(b - a), "..", 2) == NULL))
			return -1;
		(*n)++;
		if (*e == '\0')
			break;
	}
	if (other && *n > 1)
		return -1;
	return other;
}

static int
fom_t_read_variant(struct fom_tctx *x, const struct fom_mdatatype *md,
    struct fom_datatype *t, const char *what, struct fom_tread *r)
{
	struct fom_nameset names = { 0 };
	char aw[2400];
	uint32_t i, n_items, others = 0;
	int rc = -1, o;

	if (fom_t_need(x, md->line, md->discriminant, "discriminant", what,
	    1) < 0)
		return -1;
	snprintf(aw, sizeof(aw), "discriminant '%s' of %s", md->discriminant,
	    what);
	if (fom_t_need(x, md->line, md->datatype, "dataType", aw, 1) < 0)
		return -1;
	if (fom_t_sdup(&t->u.variant.discriminant, md->discriminant) ||
	    fom_t_sdup(&t->u.variant.type_name, md->datatype) ||
	    fom_nameset_init(&names, x->f, md->n_items) < 0 ||
	    fom_t_calloc((void **)&t->u.variant.alternatives, md->n_items,
	    sizeof(struct fom_alternative))) {
		fom_t_nomem(x);
		goto out;
	}
	for (i = 0; i < md->n_items; i++) {
		const struct fom_mdt_item *it = &md->items[i];
		struct fom_alternative *a = &t->u.variant.alternatives[i];
		t->u.variant.n_alternatives++;
		a->line = it->line;
		if (it->name && *it->name && strcmp(it->name, "NA") != 0)
			snprintf(aw, sizeof(aw), "alternative '%s' of %s",
			    it->name, what);
		else
			snprintf(aw, sizeof(aw), "alternative %u of %s", i + 1,
			    what);
		if (fom_t_need(x, it->line, it->enumerator, "enumerator", aw,
		    1) < 0)
			goto out;
		if ((o = fom_t_set_syntax(it->enumerator, &n_items)) < 0) {
			fom_err(x->err, x->file, it->line, "%s has an invalid "
			    "enumerator set '%s' (enumerators and ranges "
			    "[A..B] separated by commas, or HLAother alone)",
			    aw, it->enumerator);
			goto out;
		}
		if (o && ++others > 1) {
			fom_err(x->err, x->file, it->line, "%s: HLAother in a "
			    "second alternative", what);
			goto out;
		}
		a->other = (uint8_t)o;
		if (it->datatype == NULL) {
			fom_err(x->err, x->file, it->line, "%s has no "
			    "dataType (NA for an alternative without data)",
			    aw);
			goto out;
		}
		if (fom_t_need(x, it->line, it->datatype, "dataType", aw,
		    0) < 0)
			goto out;
		if (strcmp(it->datatype, "NA") != 0) {
			if (fom_t_need(x, it->line, it->name, "name", aw,
			    1) < 0)
				goto out;
			if (fom_t_sdup(&a->type_name, it->datatype) < 0) {
				fom_t_nomem(x);
				goto out;
			}
		}
		if (!fom_t_na(it->name)) {
			if (fom_nameset_add(&names, it->name, i)) {
				fom_err(x->err, x->file, it->line, "duplicate "
				    "alternative '%s' in %s", it->name, what);
				goto out;
			}
			if (fom_t_sdup(&a->name, it->name) < 0) {
				fom_t_nomem(x);
				goto out;
			}
		}
		if (fom_t_sdup(&a->enumerators, it->enumerator) ||
		    fom_t_sdup(&a->semantics, it->semantics)) {
			fom_t_nomem(x);
			goto out;
		}
	}
	rc = fom_t_read_encoding(x, md, t, what, r, "HLAvariantRecord",
	    FOM_ENC_VARIANT_RECORD, NULL, 0);
out:
	fom_nameset_free(&names);
	return rc;
}

/* Canonical form of definition `md` into *t (freeable also on error). */
static int
fom_t_read(struct fom_tctx *x, const struct fom_mdatatype *md,
    struct fom_datatype *t, struct fom_tread *r)
{
	char what[1200];

	memset(t, 0, sizeof(*t));
	r->warn[0] = '\0';
	t->kind = md->kind;
	t->form2000 = md->form2000;
	t->line = md->line;
	t->module = x->module;
	t->boundary = 1;
	if (md->name == NULL || md->name[0] == '\0')
		return fom_err(x->err, x->file, md->line, "%s without a name",
		    fom_t_kind_what(md->kind));
	if (strcmp(md->name, "NA") == 0)
		return fom_err(x->err, x->file, md->line, "%s named 'NA': the "
		    "name is reserved (it means none)",
		    fom_t_kind_what(md->kind));
	if (fom_t_sdup(&t->name, md->name) ||
	    fom_t_sdup(&t->semantics, md->semantics))
		return fom_t_nomem(x);
	snprintf(what, sizeof(what), "%s '%s'", fom_t_kind_what(md->kind),
	    md->name);
	switch (md->kind) {
	case FOM_DT_BASIC:
		return fom_t_read_basic(x, md, t, what, r);
	case FOM_DT_SIMPLE:
		return fom_t_read_simple(x, md, t, what, r);
	case FOM_DT_ENUMERATED:
		return fom_t_read_enum(x, md, t, what, r);
	case FOM_DT_ARRAY:
		return fom_t_read_array(x, md, t, what, r);
	case FOM_DT_FIXED_RECORD:
		return fom_t_read_record(x, md, t, what, r);
	case FOM_DT_VARIANT_RECORD:
		return fom_t_read_variant(x, md, t, what, r);
	}
	return fom_err(x->err, x->file, md->line, "unknown datatype kind");
}

/* --- identity --- */

static int
fom_t_streq(const char *a, const char *b)
{
	return (a == NULL && b == NULL) ||
	    (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static const char *
fom_t_or_na(const char *s)
{
	return s ? s : "NA";
}

static void
fom_t_card_text(const struct fom_datatype *t, char *buf, size_t n)
{
	snprintf(buf, n, "%s", t->u.array.cardinality);
}

/* Describe the first difference between new `a` and earlier `b` into
 * buf ("units A vs kA"); 0 when identical. */
static int
fom_t_diff(const struct fom_datatype *a, const struct fom_datatype *b,
    char *buf, size_t n)
{
	uint32_t i, j;
	char ca[128], cb[128];

	if (a->kind != b->kind) {
		snprintf(buf, n, "%s vs %s", fom_t_kind_what(a->kind),
		    fom_t_kind_what(b->kind));
		return 1;
	}
	if (a->encoding != b->encoding || (a->encoding == FOM_ENC_OTHER &&
	    !fom_t_streq(a->encoding_name, b->encoding_name))) {
		snprintf(buf, n, "encoding %s vs %s",
		    fom_t_or_na(a->encoding_name),
		    fom_t_or_na(b->encoding_name));
		return 1;
	}
	switch (a->kind) {
	case FOM_DT_BASIC:
		if (a->u.basic.bits != b->u.basic.bits)
			snprintf(buf, n, "size %u vs %u", a->u.basic.bits,
			    b->u.basic.bits);
		else if (a->u.basic.endian != b->u.basic.endian)
			snprintf(buf, n, "endian %s vs %s",
			    a->u.basic.endian ? "Little" : "Big",
			    b->u.basic.endian ? "Little" : "Big");
		else if (a->u.basic.cls != b->u.basic.cls)
			snprintf(buf, n, "interpretation: %s vs %s",
			    fom_t_or_na(a->u.basic.interpretation),
			    fom_t_or_na(b->u.basic.interpretation));
		else
			return 0;
		return 1;
	case FOM_DT_SIMPLE:
		if (!fom_t_streq(a->u.simple.representation_name,
		    b->u.simple.representation_name))
			snprintf(buf, n, "representation %s vs %s",
			    fom_t_or_na(a->u.simple.representation_name),
			    fom_t_or_na(b->u.simple.representation_name));
		else if (b->module == 0)
			return 0;
		else if (!fom_t_streq(a->u.simple.units, b->u.simple.units))
			snprintf(buf, n, "units %s vs %s",
			    fom_t_or_na(a->u.simple.units),
			    fom_t_or_na(b->u.simple.units));
		else if (!fom_t_streq(a->u.simple.resolution,
		    b->u.simple.resolution))
			snprintf(buf, n, "resolution %s vs %s",
			    fom_t_or_na(a->u.simple.resolution),
			    fom_t_or_na(b->u.simple.resolution));
		else if (!fom_t_streq(a->u.simple.accuracy,
		    b->u.simple.accuracy))
			snprintf(buf, n, "accuracy %s vs %s",
			    fom_t_or_na(a->u.simple.accuracy),
			    fom_t_or_na(b->u.simple.accuracy));
		else
			return 0;
		return 1;
	case FOM_DT_ENUMERATED:
		if (!fom_t_streq(a->u.enumerated.representation_name,
		    b->u.enumerated.representation_name)) {
			snprintf(buf, n, "representation %s vs %s",
			    fom_t_or_na(a->u.enumerated.representation_name),
			    fom_t_or_na(
			    b->u.enumerated.representation_name));
			return 1;
		}
		for (i = 0; i < a->u.enumerated.n_enumerators &&
		    i < b->u.enumerated.n_enumerators; i++) {
			const struct fom_enumerator *p =
			    &a->u.enumerated.enumerators[i];
			const struct fom_enumerator *q =
			    &b->u.enumerated.enumerators[i];
			if (strcmp(p->name, q->name) != 0) {
				snprintf(buf, n, "enumerator %u: %s vs %s",
				    i + 1, p->name, q->name);
				return 1;
			}
			for (j = 0; j < p->n_values && j < q->n_values &&
			    p->values[j] == q->values[j]; j++)
				;
			if (j < p->n_values || j < q->n_values) {
				snprintf(buf, n, "values of enumerator %s",
				    p->name);
				return 1;
			}
		}
		if (a->u.enumerated.n_enumerators !=
		    b->u.enumerated.n_enumerators) {
			snprintf(buf, n, "%u enumerators vs %u",
			    a->u.enumerated.n_enumerators,
			    b->u.enumerated.n_enumerators);
			return 1;
		}
		return 0;
	case FOM_DT_ARRAY:
		if (!fom_t_streq(a->u.array.element_name,
		    b->u.array.element_name)) {
			snprintf(buf, n, "element %s vs %s",
			    a->u.array.element_name, b->u.array.element_name);
			return 1;
		}
		if (a->u.array.n_dims != b->u.array.n_dims ||
		    memcmp(a->u.array.dims, b->u.array.dims,
		    a->u.array.n_dims * sizeof(*a->u.array.dims)) != 0) {
			fom_t_card_text(a, ca, sizeof(ca));
			fom_t_card_text(b, cb, sizeof(cb));
			snprintf(buf, n, "cardinality %s vs %s", ca, cb);
			return 1;
		}
		return 0;
	case FOM_DT_FIXED_RECORD:
		for (i = 0; i < a->u.record.n_fields &&
		    i < b->u.record.n_fields; i++) {
			const struct fom_field *p = &a->u.record.fields[i];
			const struct fom_field *q = &b->u.record.fields[i];
			if (strcmp(p->name, q->name) != 0) {
				snprintf(buf, n, "field %u: %s vs %s", i + 1,
				    p->name, q->name);
				return 1;
			}
			if (strcmp(p->type_name, q->type_name) != 0) {
				snprintf(buf, n, "datatype of field %s: %s vs "
				    "%s", p->name, p->type_name, q->type_name);
				return 1;
			}
		}
		if (a->u.record.n_fields != b->u.record.n_fields) {
			snprintf(buf, n, "%u fields vs %u",
			    a->u.record.n_fields, b->u.record.n_fields);
			return 1;
		}
		return 0;
	case FOM_DT_VARIANT_RECORD:
		if (strcmp(a->u.variant.discriminant,
		    b->u.variant.discriminant) != 0 ||
		    strcmp(a->u.variant.type_name,
		    b->u.variant.type_name) != 0) {
			snprintf(buf, n, "discriminant %s: %s vs %s: %s",
			    a->u.variant.discriminant, a->u.variant.type_name,
			    b->u.variant.discriminant,
			    b->u.variant.type_name);
			return 1;
		}
		for (i = 0; i < a->u.variant.n_alternatives &&
		    i < b->u.variant.n_alternatives; i++) {
			const struct fom_alternative *p =
			    &a->u.variant.alternatives[i];
			const struct fom_alternative *q =
			    &b->u.variant.alternatives[i];
			if (strcmp(p->enumerators, q->enumerators) != 0 ||
			    !fom_t_streq(p->name, q->name) ||
			    !fom_t_streq(p->type_name, q->type_name)) {
				snprintf(buf, n, "alternative %u: %s %s %s vs "
				    "%s %s %s", i + 1, p->enumerators,
				    fom_t_or_na(p->name),
				    fom_t_or_na(p->type_name), q->enumerators,
				    fom_t_or_na(q->name),
				    fom_t_or_na(q->type_name));
				return 1;
			}
		}
		if (a->u.variant.n_alternatives !=
		    b->u.variant.n_alternatives) {
			snprintf(buf, n, "%u alternatives vs %u",
			    a->u.variant.n_alternatives,
			    b->u.variant.n_alternatives);
			return 1;
		}
		return 0;
	}
	return 0;
}

/* --- adding a module's definitions --- */

static int
fom_t_add_all(struct fom_tctx *x, const struct fom_mdatatype *dts,
    uint32_t n)
{
	struct fom *f = x->f;
	struct fom_datatype t;
	struct fom_tread r;
	char diff[600];
	uint32_t i, h;

	for (i = 0; i < n; i++) {
		if (fom_t_read(x, &dts[i], &t, &r) < 0) {
			fom_t_free_one(&t);
			return -1;
		}
		if ((h = fom_datatype_by_name(f, t.name)) != 0) {
			const struct fom_datatype *e = &f->datatypes[h - 1];
			int d = fom_t_diff(&t, e, diff, sizeof(diff));
			fom_t_free_one(&t);
			if (d && e->module == 0)
				return fom_err(x->err, x->file, dts[i].line,
				    "datatype '%s' conflicts with the MIM's "
				    "definition (built in) (%s)", e->name,
				    diff);
			if (d)
				return fom_err(x->err, x->file, dts[i].line,
				    "datatype '%s' conflicts with its "
				    "definition at %s:%d (%s)", e->name,
				    fom_t_file(x, e->module), e->line, diff);
			if (e->module == x->module && x->module != 0 &&
			    fom_t_warn(x, x->file, dts[i].line, "datatype '%s'"
			    " is defined twice in this module (first at line "
			    "%d)", e->name, e->line) < 0)
				return -1;
			continue;
		}
		if (fom_dt_reserve(f) < 0) {
			fom_t_free_one(&t);
			return fom_t_nomem(x);
		}
		h = ++f->n_datatypes;
		t.handle = h;
		f->datatypes[h - 1] = t;
		fom_dt_index(f, f->datatypes[h - 1].name, h);
		if (r.warn[0] != '\0' && fom_t_warn(x, x->file, r.warn_line,
		    "%s", r.warn) < 0)
			return -1;
	}
	return 0;
}

int
fom_types_add(struct fom *f, const struct fom_module *m, uint32_t module,
    const char *file, struct fom_error *err)
{
	struct fom_tctx x;
	uint32_t *kept = fom_warn_kept(f);
	int rc;

	memset(&x, 0, sizeof(x));
	x.f = f;
	x.module = module;
	x.file = file;
	x.err = err;
	/* the warnings about the model's state are rebuilt by finish */
	fom_t_warn_truncate(f, *kept);
	rc = fom_t_add_all(&x, m->datatypes, m->n_datatypes);
	*kept = f->n_warnings;
	return rc;
}

/* --- resolution, checks, layout --- */

static void
fom_tenum_free(struct fom_tenum *e)
{
	if (e == NULL)
		return;
	fom_nameset_free(&e->by_name);
	free(e->by_value);
	free(e);
}

/* Name and value index of enumerated datatype `h` (built on first use);
 * NULL on ENOMEM. */
static struct fom_tenum *
fom_t_enum_index(struct fom_tctx *x, uint32_t h)
{
	const struct fom_datatype *t = &x->f->datatypes[h - 1];
	uint32_t n = t->u.enumerated.n_enumerators, i;
	struct fom_tenum *e = x->enums[h];
	struct fom_tval *v;

	if (e != NULL)
		return e;
	if ((e = calloc(1, sizeof(*e))) == NULL)
		return NULL;
	e->by_value = calloc(n ? n : 1, sizeof(*e->by_value));
	v = calloc(n ? n : 1, sizeof(*v));
	if (fom_nameset_init(&e->by_name, x->f, n) < 0 ||
	    e->by_value == NULL || v == NULL) {
		free(v);
		fom_tenum_free(e);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		const struct fom_enumerator *en =
		    &t->u.enumerated.enumerators[i];
		fom_nameset_add(&e->by_name, en->name, i);
		v[i].v = en->n_values ? en->values[0] : 0;
		v[i].e = i;
	}
	qsort(v, n, sizeof(*v), fom_t_cmp_val);
	for (i = 0; i < n; i++)
		e->by_value[i] = v[i].e;
	free(v);
	x->enums[h] = e;
	return e;
}

/* Index of enumerator `name` of the enumerated datatype of `e`, or -1. */
static int64_t
fom_t_enum_find(const struct fom_tenum *e, const char *name)
{
	const struct fom_named *en = fom_nameset_get(&e->by_name, name);

	return en ? (int64_t)en->v : -1;
}

static int
fom_t_cmp_u32(const void *a, const void *b)
{
	uint32_t p = *(const uint32_t *)a, q = *(const uint32_t *)b;

	return p < q ? -1 : p > q;
}

/* First value of enumerator i. */
static int64_t
fom_t_first(const struct fom_datatype *t, uint32_t i)
{
	const struct fom_enumerator *en = &t->u.enumerated.enumerators[i];

	return en->n_values ? en->values[0] : 0;
}

/* Position in e->by_value of the first enumerator whose first value is
 * not below v (after, with `above`: above v). */
static uint32_t
fom_t_bound(const struct fom_datatype *d, const struct fom_tenum *e,
    int64_t v, int above)
{
	uint32_t lo = 0, hi = d->u.enumerated.n_enumerators, mid;

	while (lo < hi) {
		int64_t m;
		mid = lo + (hi - lo) / 2;
		m = fom_t_first(d, e->by_value[mid]);
		if (m < v || (above && m == v))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The enumerators alternative `a` (described by `aw`) of variant `t`
 * selects, from discriminant datatype `d`, into a->selected. */
static int
fom_t_select(struct fom_tctx *x, const struct fom_datatype *t,
    const struct fom_datatype *d, struct fom_alternative *a, int line,
    const char *aw)
{
	struct fom_tenum *e;
	const char *s, *end, *p, *q;
	char item[2 * FOM_MAX_NAME + 16], lo[sizeof(item)];
	char hi[sizeof(item)];
	uint32_t cap = 0, n = 0, i, from, to;
	int64_t ia, ib;

	(void)t;
	if (a->other)
		return 0;
	if ((e = fom_t_enum_index(x, d->handle)) == NULL)
		return fom_t_nomem(x);
	for (s = a->enumerators;; s = end + 1) {
		size_t len;
		for (end = s; *end && *end != ','; end++)
			;
		for (p = s; p < end && (*p == ' ' || *p == '\t'); p++)
			;
		for (q = end; q > p && (q[-1] == ' ' || q[-1] == '\t'); q--)
			;
		len = (size_t)(q - p);
		if (len >= sizeof(item))
			len = sizeof(item) - 1;
		memcpy(item, p, len);
		item[len] = '\0';
		if (item[0] == '[') {
			char *dots = strstr(item, ".."), *u, *v;
			item[len - 1] = '\0';
			*dots = '\0';
			for (u = item + 1; *u == ' '; u++)
				;
			for (v = dots + 2; *v == ' '; v++)
				;
			snprintf(lo, sizeof(lo), "%s", u);
			snprintf(hi, sizeof(hi), "%s", v);
			for (u = lo + strlen(lo); u > lo && u[-1] == ' '; )
				*--u = '\0';
			for (v = hi + strlen(hi); v > hi && v[-1] == ' '; )
				*--v = '\0';
		} else {
			snprintf(lo, sizeof(lo), "%s", item);
			snprintf(hi, sizeof(hi), "%s", item);
		}
		if ((ia = fom_t_enum_find(e, lo)) < 0 ||
		    (ib = fom_t_enum_find(e, hi)) < 0)
			return fom_err(x->err, x->tfile, line, "%s names "
			    "'%s', which is not an enumerator of '%s'", aw,
			    ia < 0 ? lo : hi, d->name);
		if (fom_t_first(d, (uint32_t)ia) > fom_t_first(d,
		    (uint32_t)ib))
			return fom_err(x->err, x->tfile, line, "%s has "
			    "the empty range [%s..%s] (the value of %s is "
			    "above that of %s)", aw, lo, hi, lo, hi);
		/* the enumerators whose first value lies in the range */
		from = fom_t_bound(d, e, fom_t_first(d, (uint32_t)ia), 0);
		to = fom_t_bound(d, e, fom_t_first(d, (uint32_t)ib), 1);
		if ((x->selections += to - from) > FOM_MAX_ALTERNATIVES)
			return fom_err(x->err, x->tfile, line, "more "
			    "than %u enumerators selected by alternatives of "
			    "variant records in one module (limit)",
			    FOM_MAX_ALTERNATIVES);
		if (n + (to - from) > cap) {
			uint32_t *np;
			cap = (n + (to - from)) * 2;
			np = realloc(a->selected, cap * sizeof(*np));
			if (np == NULL)
				return fom_t_nomem(x);
			a->selected = np;
		}
		for (i = from; i < to; i++)
			a->selected[n++] = e->by_value[i];
		a->n_selected = n;
		if (*end == '\0')
			break;
	}
	if (n > 1)
		qsort(a->selected, n, sizeof(*a->selected), fom_t_cmp_u32);
	for (i = 1; i < n; i++)
		if (a->selected[i] == a->selected[i - 1])
			return fom_err(x->err, x->tfile, line, "%s "
			    "selects enumerator '%s' twice", aw,
			    d->u.enumerated.enumerators[a->selected[i]].name);
	return 0;
}

/* Reference i of datatype t: the name, where its handle goes, the line,
 * whether every value of t holds a value of it (for cycles), and how to
 * name the referrer in an error.  0 past the last. */
struct fom_tref {
	const char *name;
	uint32_t *h;
	int line;
	int mandatory;
	const char *role;               /* "field", "alternative", ... */
	const char *item;               /* its name, or NULL */
};

static int
fom_t_ref(struct fom_datatype *t, uint32_t i, struct fom_tref *r)
{
	uint64_t n;
	uint32_t k;

	memset(r, 0, sizeof(*r));
	r->line = t->line;
	r->mandatory = 1;
	switch (t->kind) {
	case FOM_DT_SIMPLE:
		if (i > 0 || t->u.simple.representation_name == NULL)
			return 0;
		r->name = t->u.simple.representation_name;
		r->h = &t->u.simple.representation;
		return 1;
	case FOM_DT_ENUMERATED:
		if (i > 0 || t->u.enumerated.representation_name == NULL)
			return 0;
		r->name = t->u.enumerated.representation_name;
		r->h = &t->u.enumerated.representation;
		return 1;
	case FOM_DT_ARRAY:
		if (i > 0)
			return 0;
		r->name = t->u.array.element_name;
		r->h = &t->u.array.element;
		if (t->encoding == FOM_ENC_VARIABLE_ARRAY) {
			r->mandatory = t->u.array.dims[0].lower > 0;
		} else if (t->encoding == FOM_ENC_FIXED_ARRAY) {
			for (n = 1, k = 0; k < t->u.array.n_dims; k++)
				n *= t->u.array.dims[k].lower != 0;
			r->mandatory = n != 0;
		}
		return 1;
	case FOM_DT_FIXED_RECORD:
		if (i >= t->u.record.n_fields)
			return 0;
		r->name = t->u.record.fields[i].type_name;
		r->h = &t->u.record.fields[i].type;
		r->line = t->u.record.fields[i].line;
		r->role = "field";
		r->item = t->u.record.fields[i].name;
		return 1;
	case FOM_DT_VARIANT_RECORD:
		if (i == 0) {
			r->name = t->u.variant.type_name;
			r->h = &t->u.variant.type;
			r->role = "discriminant";
			r->item = t->u.variant.discriminant;
			return 1;
		}
		for (k = 0; k < t->u.variant.n_alternatives; k++) {
			struct fom_alternative *a =
			    &t->u.variant.alternatives[k];
			if (a->type_name == NULL || --i > 0)
				continue;
			r->name = a->type_name;
			r->h = &a->type;
			r->line = a->line;
			r->mandatory = 0;
			r->role = "alternative";
			r->item = a->name;
			return 1;
		}
		return 0;
	}
	return 0;
}

/* "field 'f' of fixed record datatype 'R'" or "simple datatype 'S'". */
static void
fom_t_owner(const struct fom_datatype *t, const struct fom_tref *r,
    char *buf, size_t n)
{
	if (r->role != NULL && r->item != NULL)
		snprintf(buf, n, "%s '%s' of %s '%s'", r->role, r->item,
		    fom_t_kind_what(t->kind), t->name);
	else
		snprintf(buf, n, "%s '%s'", fom_t_kind_what(t->kind), t->name);
}

static struct fom_datatype *
fom_t_get(struct fom_tctx *x, uint32_t h)
{
	return &x->f->datatypes[h - 1];
}

static int
fom_t_too_deep(struct fom_tctx *x, const struct fom_datatype *t)
{
	return fom_err(x->err, fom_t_file(x, t->module), t->line, "datatype "
	    "'%s' is nested deeper than %u levels (limit)", t->name,
	    FOM_MAX_DT_DEPTH);
}

/* Datatype h is on the stack (stack[0..sp)): the cycle's error. */
static int
fom_t_cycle(struct fom_tctx *x, uint32_t h, const uint32_t *stack,
    const uint8_t *mand, uint32_t sp)
{
	uint32_t k, i, j, len, at;
	int infinite = 1;
	char path[480];
	size_t pl = 0;
	const struct fom_datatype *t;

	for (k = 0; stack[k] != h; k++)
		;
	len = sp - k;
	for (i = k; i < sp; i++)
		infinite &= mand[i] != 0;
	/* report it at a datatype of the module being loaded */
	for (j = 0; j < len && fom_t_get(x, stack[k + j])->module !=
	    x->module; j++)
		;
	if (j == len)
		j = 0;
	at = stack[k + j];
	for (i = 0; i <= len && pl < sizeof(path); i++) {
		t = fom_t_get(x, stack[k + (j + i) % len]);
		pl += (size_t)snprintf(path + pl, sizeof(path) - pl, "%s%s",
		    i ? " -> " : "", t->name);
	}
	t = fom_t_get(x, at);
	return fom_err(x->err, fom_t_file(x, t->module), t->line, "datatype "
	    "'%s' contains itself (%s): %s", t->name, path, infinite ?
	    "no value of it could be finite" :
	    "recursive datatypes are not supported");
}

/* Something only the 1516-2000 form is forgiven (phase B): opaque and a
 * kept warning, or the error. */
static int __attribute__((format(printf, 4, 5)))
fom_t_lenient_b(struct fom_tctx *x, struct fom_datatype *t, int line,
    const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	if (!t->form2000)
		return fom_err(x->err, x->tfile, line, "%s", why);
	if (t->opaque != NULL)
		return 0;       /* warned about already */
	if ((t->opaque = strdup(why)) == NULL)
		return fom_t_nomem(x);
	return fom_t_warn(x, x->tfile, line, "%s: its values are opaque "
	    "(accepted in the 1516-2000 form only)", why);
}

/* Range of integer values of basic representation b. */
static void
fom_t_range(const struct fom_datatype *b, int64_t *lo, int64_t *hi)
{
	uint32_t bits = b->u.basic.bits;

	if (b->u.basic.cls == FOM_BASIC_SIGNED) {
		*lo = bits >= 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
		*hi = bits >= 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1;
	} else {
		*lo = 0;
		*hi = bits >= 63 ? INT64_MAX : ((int64_t)1 << bits) - 1;
	}
}

static int
fom_t_check_rep(struct fom_tctx *x, struct fom_datatype *t, uint32_t rh,
    const char *rname)
{
	const struct fom_datatype *r;
	int64_t lo, hi;
	uint32_t i, j;

	if (rh == 0)
		return 0;
	r = fom_t_get(x, rh);
	if (r->kind != FOM_DT_BASIC)
		return fom_t_lenient_b(x, t, t->line, "%s '%s' has "
		    "representation '%s', %s %s, not a basic data "
		    "representation", fom_t_kind_what(t->kind), t->name,
		    rname, fom_t_a(r->kind), fom_t_kind_what(r->kind));
	if (t->kind != FOM_DT_ENUMERATED)
		return 0;
	if (r->u.basic.cls == FOM_BASIC_FLOAT)
		return fom_err(x->err, x->tfile, t->line, "enumerated "
		    "datatype '%s' has the floating-point representation '%s'",
		    t->name, rname);
	if (t->opaque != NULL || !r->encodable)
		return 0;
	fom_t_range(r, &lo, &hi);
	for (i = 0; i < t->u.enumerated.n_enumerators; i++) {
		const struct fom_enumerator *e =
		    &t->u.enumerated.enumerators[i];
		for (j = 0; j < e->n_values; j++)
			if (e->values[j] < lo || e->values[j] > hi)
				return fom_err(x->err, x->tfile, e->line,
				    "value %" PRId64 " of enumerator '%s' of "
				    "enumerated datatype '%s' is out of the "
				    "range of its representation '%s' (%"
				    PRId64 " to %" PRId64 ")", e->values[j],
				    e->name, t->name, rname, lo, hi);
	}
	return 0;
}

struct fom_tsel {
	uint32_t e, alt;
};

static int
fom_t_cmp_sel(const void *a, const void *b)
{
	const struct fom_tsel *p = a, *q = b;

	if (p->e != q->e)
		return p->e < q->e ? -1 : 1;
	return p->alt < q->alt ? -1 : p->alt > q->alt;
}

static int
fom_t_check_variant(struct fom_tctx *x, struct fom_datatype *t)
{
	const struct fom_datatype *d = fom_t_get(x, t->u.variant.type);
	struct fom_tsel *all;
	char aw[1200];
	uint32_t i, j, n = 0;

	if (d->kind != FOM_DT_ENUMERATED)
		return fom_err(x->err, x->tfile, t->line, "discriminant '%s' "
		    "of variant record datatype '%s' has datatype '%s', "
		    "%s %s, not an enumerated datatype",
		    t->u.variant.discriminant,
		    t->name, d->name, fom_t_a(d->kind),
		    fom_t_kind_what(d->kind));
	if (!d->encodable)
		return 0;       /* opaque: the layout says so */
	for (i = 0; i < t->u.variant.n_alternatives; i++) {
		struct fom_alternative *a = &t->u.variant.alternatives[i];
		if (a->name)
			snprintf(aw, sizeof(aw), "alternative '%s' of variant "
			    "record datatype '%s'", a->name, t->name);
		else
			snprintf(aw, sizeof(aw), "alternative %u of variant "
			    "record datatype '%s'", i + 1, t->name);
		if (fom_t_select(x, t, d, a, a->line, aw) < 0)
			return -1;
		n += a->n_selected;
	}
	if ((all = calloc(n ? n : 1, sizeof(*all))) == NULL)
		return fom_t_nomem(x);
	for (i = 0, n = 0; i < t->u.variant.n_alternatives; i++)
		for (j = 0; j < t->u.variant.alternatives[i].n_selected; j++) {
			all[n].e = t->u.variant.alternatives[i].selected[j];
			all[n++].alt = i;
		}
	qsort(all, n, sizeof(*all), fom_t_cmp_sel);
	for (i = 1; i < n; i++) {
		const struct fom_alternative *a, *b;
		if (all[i].e != all[i - 1].e)
			continue;
		a = &t->u.variant.alternatives[all[i - 1].alt];
		b = &t->u.variant.alternatives[all[i].alt];
		fom_err(x->err, x->tfile, b->line, "enumerator '%s' of '%s' "
		    "is selected by two alternatives of variant record "
		    "datatype '%s' (%s and %s)",
		    d->u.enumerated.enumerators[all[i].e].name, d->name,
		    t->name, a->name ? a->name : "one without a name",
		    b->name ? b->name : "one without a name");
		free(all);
		return -1;
	}
	free(all);
	return 0;
}

static int
fom_t_check(struct fom_tctx *x, struct fom_datatype *t)
{
	switch (t->kind) {
	case FOM_DT_SIMPLE:
		return fom_t_check_rep(x, t, t->u.simple.representation,
		    t->u.simple.representation_name);
	case FOM_DT_ENUMERATED:
		return fom_t_check_rep(x, t, t->u.enumerated.representation,
		    t->u.enumerated.representation_name);
	case FOM_DT_VARIANT_RECORD:
		return fom_t_check_variant(x, t);
	}
	return 0;
}

/* Saturating arithmetic for sizes: anything past 2^62 stays there. */
#define FOM_T_HUGE ((uint64_t)1 << 62)

static uint64_t
fom_t_mul(uint64_t a, uint64_t b)
{
	if (a == 0 || b == 0)
		return 0;
	return a > FOM_T_HUGE / b ? FOM_T_HUGE : a * b;
}

static uint64_t
fom_t_add(uint64_t a, uint64_t b)
{
	return a + b > FOM_T_HUGE ? FOM_T_HUGE : a + b;
}

static uint64_t
fom_t_round(uint64_t v, uint32_t b)
{
	return fom_t_mul((fom_t_add(v, b - 1)) / b, b);
}

/* Octets of n elements of size es, boundary eb, one after another. */
static uint64_t
fom_t_elems(uint64_t n, const struct fom_datatype *e)
{
	if (n == 0)
		return 0;
	return fom_t_add(fom_t_mul(n - 1, fom_t_round(e->size, e->boundary)),
	    e->size);
}

/* Layout of t, whose parts are resolved and laid out (see the header). */
static int
fom_t_layout(struct fom_tctx *x, struct fom_datatype *t)
{
	const struct fom_datatype *p;
	char why[600] = "";
	uint64_t size = 0, n, len = 0;
	uint32_t b = 1, depth = 1, i, sel = 0, other = 0;
	int enc = t->opaque == NULL, fixed = 1, first = 1;

#define FOM_T_PART(pp, fmt, ...) do {                                   \
	if (!(pp)->encodable && enc) {                                  \
		snprintf(why, sizeof(why), fmt, __VA_ARGS__);           \
		enc = 0;                                                \
	}                                                               \
	if ((pp)->depth + 1 > depth)                                    \
		depth = (pp)->depth + 1;                                \
} while (0)

	switch (t->kind) {
	case FOM_DT_BASIC:
		size = t->u.basic.bits / 8;
		while (b < size)
			b *= 2;
		break;
	case FOM_DT_SIMPLE:
	case FOM_DT_ENUMERATED: {
		uint32_t rh = t->kind == FOM_DT_SIMPLE ?
		    t->u.simple.representation :
		    t->u.enumerated.representation;
		if (rh == 0) {
			enc = 0;
			break;
		}
		p = fom_t_get(x, rh);
		FOM_T_PART(p, "its representation '%s' is opaque", p->name);
		size = p->size;
		b = p->boundary;
		fixed = p->fixed;
		break;
	}
	case FOM_DT_ARRAY:
		p = fom_t_get(x, t->u.array.element);
		FOM_T_PART(p, "its element datatype '%s' is opaque", p->name);
		for (n = 1, i = 0; i < t->u.array.n_dims; i++)
			n = fom_t_mul(n, t->u.array.dims[i].lower);
		if (t->encoding == FOM_ENC_FIXED_ARRAY) {
			b = p->boundary;
			if (n == 0)
				size = 0;
			else if (p->fixed)
				size = fom_t_elems(n, p);
			else
				fixed = 0;
		} else if (t->encoding == FOM_ENC_VARIABLE_ARRAY) {
			const struct fom_cardinality *c = &t->u.array.dims[0];
			b = p->boundary > 4 ? p->boundary : 4;
			if (c->lower != c->upper || (c->lower && !p->fixed))
				fixed = 0;
			else if (c->lower == 0)
				size = 4;
			else
				size = fom_t_add(fom_t_round(4, p->boundary),
				    fom_t_elems(c->lower, p));
		}
		break;
	case FOM_DT_FIXED_RECORD:
		for (i = 0; i < t->u.record.n_fields; i++) {
			p = fom_t_get(x, t->u.record.fields[i].type);
			FOM_T_PART(p, "its field '%s' has the opaque datatype "
			    "'%s'", t->u.record.fields[i].name, p->name);
			if (p->boundary > b)
				b = p->boundary;
			if (fixed && p->fixed)
				size = fom_t_add(fom_t_round(size,
				    p->boundary), p->size);
			else
				fixed = 0;
		}
		break;
	case FOM_DT_VARIANT_RECORD: {
		const struct fom_datatype *d = fom_t_get(x,
		    t->u.variant.type);
		FOM_T_PART(d, "its discriminant's datatype '%s' is opaque",
		    d->name);
		b = d->boundary;
		for (i = 0; i < t->u.variant.n_alternatives; i++) {
			const struct fom_alternative *a =
			    &t->u.variant.alternatives[i];
			uint64_t l = d->size;
			sel += a->n_selected;
			other |= a->other;
			if (a->type_name != NULL) {
				p = fom_t_get(x, a->type);
				FOM_T_PART(p, "its alternative '%s' has the "
				    "opaque datatype '%s'", a->name, p->name);
				if (p->boundary > b)
					b = p->boundary;
				if (!p->fixed)
					fixed = 0;
				l = fom_t_add(fom_t_round(d->size,
				    p->boundary), p->size);
			}
			if (!first && l != len)
				fixed = 0;
			len = l;
			first = 0;
		}
		/* an enumerator no alternative selects: the discriminant
		 * alone */
		if (enc && !other && sel < d->u.enumerated.n_enumerators) {
			if (!first && len != d->size)
				fixed = 0;
			len = d->size;
			first = 0;
		}
		size = first ? d->size : len;
		break;
	}
	}
#undef FOM_T_PART
	if (t->encoding == FOM_ENC_OTHER)
		enc = 0;
	t->depth = depth;
	if (depth > FOM_MAX_DT_DEPTH)
		return fom_t_too_deep(x, t);
	if (enc && fixed && size > UINT32_MAX)
		return fom_err(x->err, x->tfile, t->line, "datatype '%s' has "
		    "a fixed encoded size of more than %u octets", t->name,
		    UINT32_MAX);
	t->encodable = (uint8_t)enc;
	if (enc) {
		t->boundary = b;
		t->fixed = (uint8_t)fixed;
		t->size = fixed ? (uint32_t)size : 0;
		return 0;
	}
	t->boundary = 1;
	t->fixed = 0;
	t->size = 0;
	if (t->opaque == NULL && (t->opaque = strdup(why[0] ? why :
	    "its values are opaque")) == NULL)
		return fom_t_nomem(x);
	return 0;
}

/* Resolve, check and lay out datatype h (stack[0..sp) leads to it).
 * 0 done, 1 waits for a datatype not defined yet, -1 error. */
static int
fom_t_visit(struct fom_tctx *x, uint32_t h, uint32_t *stack, uint8_t *mand,
    uint32_t sp)
{
	struct fom_datatype *t = fom_t_get(x, h);
	struct fom_tref r;
	uint32_t i;
	int pending = 0, rc;

	if (t->resolved || x->state[h] == FOM_TS_DONE)
		return 0;
	if (x->state[h] == FOM_TS_PENDING)
		return 1;
	if (x->state[h] == FOM_TS_ON_STACK)
		return fom_t_cycle(x, h, stack, mand, sp);
	if (sp == FOM_MAX_DT_DEPTH)
		return fom_t_too_deep(x, fom_t_get(x, stack[0]));
	x->state[h] = FOM_TS_ON_STACK;
	stack[sp] = h;
	for (i = 0; fom_t_ref(t, i, &r); i++) {
		if (*r.h == 0) {
			pending = 1;
			continue;
		}
		mand[sp] = (uint8_t)r.mandatory;
		if ((rc = fom_t_visit(x, *r.h, stack, mand, sp + 1)) < 0)
			return -1;
		pending |= rc;
	}
	if (pending) {
		x->state[h] = FOM_TS_PENDING;
		t->encodable = 0;
		return 1;
	}
	x->tfile = fom_t_file(x, t->module);
	if (fom_t_check(x, t) < 0 || fom_t_layout(x, t) < 0)
		return -1;
	t->resolved = 1;
	x->state[h] = FOM_TS_DONE;
	return 0;
}

/* Look up the names of the datatypes not resolved yet. */
static int
fom_t_lookup(struct fom_tctx *x)
{
	struct fom *f = x->f;
	struct fom_tref r;
	char owner[1200];
	uint32_t h, i;

	for (h = 1; h <= f->n_datatypes; h++) {
		struct fom_datatype *t = fom_t_get(x, h);
		if (t->resolved)
			continue;
		for (i = 0; fom_t_ref(t, i, &r); i++) {
			if (*r.h != 0)
				continue;
			*r.h = fom_datatype_by_name(f, r.name);
			if (*r.h != 0 || t->module != x->module ||
			    x->deps_missing)
				continue;
			fom_t_owner(t, &r, owner, sizeof(owner));
			return fom_err(x->err, fom_t_file(x, t->module),
			    r.line, "%s names datatype '%s', which no module "
			    "defines", owner, r.name);
		}
	}
	return 0;
}

/* Datatypes of attributes and parameters: the name, or none for NA. */
static void
fom_t_members(struct fom *f)
{
	uint32_t i;

	for (i = 0; i < f->n_attrs; i++)
		if (f->attrs[i].datatype == 0 &&
		    !fom_t_na(f->attrs[i].datatype_name))
			f->attrs[i].datatype = fom_datatype_by_name(f,
			    f->attrs[i].datatype_name);
	for (i = 0; i < f->n_params; i++)
		if (f->params[i].datatype == 0 &&
		    !fom_t_na(f->params[i].datatype_name))
			f->params[i].datatype = fom_datatype_by_name(f,
			    f->params[i].datatype_name);
}

/* The warnings about the model's state: names nobody defines (yet). */
static int
fom_t_state_warnings(struct fom_tctx *x)
{
	struct fom *f = x->f;
	struct fom_tref r;
	uint32_t h, i;

	for (h = 1; h <= f->n_datatypes; h++) {
		struct fom_datatype *t = fom_t_get(x, h);
		if (t->resolved)
			continue;
		/* one warning per datatype, for its first such name */
		for (i = 0; fom_t_ref(t, i, &r) && *r.h != 0; i++)
			;
		if (r.h != NULL && *r.h == 0 && fom_t_warn(x, fom_t_file(x,
		    t->module), r.line, "datatype '%s' names datatype '%s', "
		    "which no module loaded so far defines: values of '%s' "
		    "are opaque until one does", t->name, r.name, t->name) < 0)
			return -1;
	}
	for (i = 0; i < f->n_attrs; i++) {
		const struct fom_attribute *a = &f->attrs[i];
		if (a->datatype == 0 && !fom_t_na(a->datatype_name) &&
		    fom_t_warn(x, fom_t_file(x, a->module), a->line,
		    "attribute '%s' of object class '%s' names datatype '%s', "
		    "which no module defines: its values are opaque", a->name,
		    f->oclasses[a->oclass - 1].qname, a->datatype_name) < 0)
			return -1;
	}
	for (i = 0; i < f->n_params; i++) {
		const struct fom_parameter *p = &f->params[i];
		if (p->datatype == 0 && !fom_t_na(p->datatype_name) &&
		    fom_t_warn(x, fom_t_file(x, p->module), p->line,
		    "parameter '%s' of interaction class '%s' names datatype "
		    "'%s', which no module defines: its values are opaque",
		    p->name, f->iclasses[p->iclass - 1].qname,
		    p->datatype_name) < 0)
			return -1;
	}
	return 0;
}

int
fom_types_finish(struct fom *f, uint32_t module, int deps_missing,
    struct fom_error *err)
{
	struct fom_tctx x;
	uint32_t stack[FOM_MAX_DT_DEPTH + 1], h, *kept = fom_warn_kept(f);
	uint8_t mand[FOM_MAX_DT_DEPTH + 1];
	int rc = -1;

	memset(&x, 0, sizeof(x));
	x.f = f;
	x.module = module;
	x.file = module ? f->module_names[module - 1] : FOM_T_MIM_FILE;
	x.err = err;
	x.deps_missing = deps_missing;
	/* fom_types_add left only the kept warnings */
	x.state = calloc(f->n_datatypes + 1, 1);
	x.enums = calloc(f->n_datatypes + 1, sizeof(*x.enums));
	if (x.state == NULL || x.enums == NULL) {
		fom_t_nomem(&x);
		goto out;
	}
	if (fom_t_lookup(&x) < 0)
		goto out;
	for (h = 1; h <= f->n_datatypes; h++)
		if (fom_t_visit(&x, h, stack, mand, 0) < 0)
			goto out;
	*kept = f->n_warnings;
	fom_t_members(f);
	rc = fom_t_state_warnings(&x);
out:
	if (x.enums != NULL)
		for (h = 0; h <= f->n_datatypes; h++)
			fom_tenum_free(x.enums[h]);
	free(x.enums);
	free(x.state);
	return rc;
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
