/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_fom_types.c - unit tests of the FOM loader's datatypes (fom/fom.h,
 * fom_types.c): the MIM's built in, both OMT forms, layout by the encoding
 * rules of IEEE 1516.2-2010 clause 4 (checked against layouts worked out
 * by hand here and against the field sizes DIS gives the RPR FOM's
 * records), merging, warnings, the public lookups, the corpus, Grid.xml,
 * and a table of invalid definitions covering the ground of public RTIs'
 * invalid-datatype test sets.
 *
 * One Check file for the module, as the project keeps them; long because
 * it holds the 125 invalid-datatype cases and the hand-worked layouts.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fom.h"
#include "corpus.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif


static void
load_str_as(struct fom *f, const char *xml, const char *name)
{
	struct fom_error err;

	ck_assert_msg(fom_load_string(f, xml, strlen(xml), name, &err) == 0,
	    "%s:%d: %s", err.file, err.line, err.msg);
}

static void
load_str(struct fom *f, const char *xml)
{
	load_str_as(f, xml, "inline.xml");
}

static void
load_file(struct fom *f, const char *path)
{
	struct fom_error err;

	ck_assert_msg(fom_load_file(f, path, &err) == 0, "%s:%d: %s",
	    err.file, err.line, err.msg);
}

static void
load_corpus(struct fom *f, const char *rel)
{
	char *path = corpus_file(rel);

	load_file(f, path);
	free(path);
}

/* Datatype `name`, which must exist. */
static const struct fom_datatype *
dt(const struct fom *f, const char *name)
{
	const struct fom_datatype *t = fom_datatype(f,
	    fom_datatype_by_name(f, name));

	ck_assert_msg(t != NULL, "no datatype %s", name);
	ck_assert_str_eq(t->name, name);
	return t;
}

static char *
print_verbose_str(const struct fom *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	fom_print_verbose(f, fp);
	fclose(fp);
	return buf;
}

/* 1 when some warning of f has `substr` and (line >= 0) that line. */
static int
has_warning(const struct fom *f, const char *substr, int line)
{
	uint32_t i;

	for (i = 0; i < f->n_warnings; i++)
		if (strstr(f->warnings[i].msg, substr) != NULL &&
		    (line < 0 || f->warnings[i].line == line))
			return 1;
	return 0;
}

/* Layout of t: fixed size (or -1 when variable) and boundary. */
static void
check_layout(const struct fom_datatype *t, long size, uint32_t boundary)
{
	ck_assert_msg(t->resolved && t->encodable, "%s: not encodable: %s",
	    t->name, t->opaque ? t->opaque : "?");
	if (size < 0)
		ck_assert_msg(!t->fixed, "%s: fixed size %u, want variable",
		    t->name, t->size);
	else
		ck_assert_msg(t->fixed && t->size == (uint32_t)size,
		    "%s: size %u (fixed %d), want %ld", t->name, t->size,
		    t->fixed, size);
	ck_assert_msg(t->boundary == boundary, "%s: boundary %u, want %u",
	    t->name, t->boundary, boundary);
}

/* --- documents --- */

/* Lines: 1 declaration, 2 <objectModel>, 3 <dataTypes>, 4 a section's
 * start tag, 5 the first definition. */
#define DT "<?xml version=\"1.0\"?>\n<objectModel>\n<dataTypes>\n"
#define DT_END "</dataTypes>\n</objectModel>\n"
#define BASIC(x) DT "<basicDataRepresentations>\n" x \
    "</basicDataRepresentations>\n" DT_END
#define SIMPLE(x) DT "<simpleDataTypes>\n" x "</simpleDataTypes>\n" DT_END
#define ENUMS(x) DT "<enumeratedDataTypes>\n" x "</enumeratedDataTypes>\n" \
    DT_END
#define ARRAYS(x) DT "<arrayDataTypes>\n" x "</arrayDataTypes>\n" DT_END
#define RECORDS(x) DT "<fixedRecordDataTypes>\n" x \
    "</fixedRecordDataTypes>\n" DT_END
#define VARIANTS(x) DT "<variantRecordDataTypes>\n" x \
    "</variantRecordDataTypes>\n" DT_END
/* Several sections: the first definition is on line 5 still. */
#define SECT(s, x) "<" s ">\n" x "</" s ">\n"
#define DTS(x) DT x DT_END

/* 2010 form pieces */
#define B10(n, size, end) "<basicData><name>" n "</name><size>" size \
    "</size><endian>" end "</endian></basicData>\n"
#define S10(n, rep) "<simpleData><name>" n "</name><representation>" rep \
    "</representation></simpleData>\n"
#define EN10(n, v) "<enumerator><name>" n "</name><value>" v "</value>" \
    "</enumerator>"
#define E10(n, rep, items) "<enumeratedData><name>" n "</name>" \
    "<representation>" rep "</representation>" items "</enumeratedData>\n"
#define A10(n, el, card, enc) "<arrayData><name>" n "</name><dataType>" el \
    "</dataType><cardinality>" card "</cardinality><encoding>" enc \
    "</encoding></arrayData>\n"
#define F10(n, t) "<field><name>" n "</name><dataType>" t "</dataType>" \
    "</field>"
#define R10(n, fields) "<fixedRecordData><name>" n "</name>" fields \
    "<encoding>HLAfixedRecord</encoding></fixedRecordData>\n"
#define ALT10(e, n, t) "<alternative><enumerator>" e "</enumerator><name>" \
    n "</name><dataType>" t "</dataType></alternative>"
#define V10(n, disc, dt, alts) "<variantRecordData><name>" n "</name>" \
    "<discriminant>" disc "</discriminant><dataType>" dt "</dataType>" \
    alts "<encoding>HLAvariantRecord</encoding></variantRecordData>\n"
/* an enumeration E {A=0, B=1, C=2} on HLAinteger32BE */
#define EABC E10("E", "HLAinteger32BE", EN10("A", "0") EN10("B", "1") \
    EN10("C", "2"))

/* 2000 form pieces */
#define B00(n, size, end) "<basicData name=\"" n "\" size=\"" size \
    "\" endian=\"" end "\"/>\n"
#define S00(n, rep) "<simpleData name=\"" n "\" representation=\"" rep \
    "\"/>\n"
#define A00(n, el, card, enc) "<arrayData name=\"" n "\" dataType=\"" el \
    "\" cardinality=\"" card "\" encoding=\"" enc "\"/>\n"

/* Objects and interactions using datatypes. */
#define OBJ(x) "<objects><objectClass><name>HLAobjectRoot</name>" x \
    "</objectClass></objects>\n"
#define INTER(x) "<interactions><interactionClass><name>" \
    "HLAinteractionRoot</name>" x "</interactionClass></interactions>\n"

/* --- the MIM's datatypes --- */

START_TEST(test_mim_builtin)
{
	static const char *const order[] = { "HLAinteger16BE",
	    "HLAinteger32BE", "HLAinteger64BE", "HLAfloat32BE", "HLAfloat64BE",
	    "HLAoctetPairBE", "HLAinteger16LE", "HLAinteger32LE",
	    "HLAinteger64LE", "HLAfloat32LE", "HLAfloat64LE", "HLAoctetPairLE",
	    "HLAoctet", "HLAASCIIchar", "HLAunicodeChar", "HLAbyte",
	    "HLAcount", "HLAseconds", "HLAmsec",
	    "HLAnormalizedFederateHandle", "HLAindex", "HLAinteger64Time",
	    "HLAfloat64Time", "HLAboolean", "HLAfederateState", "HLAtimeState",
	    "HLAownership", "HLAresignAction", "HLAorderType", "HLAswitch",
	    "HLAsynchPointStatus", "HLAnormalizedServiceGroup",
	    "HLAASCIIstring", "HLAunicodeString", "HLAopaqueData", "HLAtoken",
	    "HLAhandle", "HLAtransportationName", "HLAupdateRateName",
	    "HLAlogicalTime", "HLAtimeInterval", "HLAhandleList",
	    "HLAinteractionSubList", "HLAargumentList",
	    "HLAobjectClassBasedCounts", "HLAinteractionCounts",
	    "HLAsynchPointList", "HLAsynchPointFederateList",
	    "HLAmoduleDesignatorList", "HLAinteractionSubscription",
	    "HLAobjectClassBasedCount", "HLAinteractionCount",
	    "HLAsynchPointFederate" };
	struct fom *f = fom_new();
	const struct fom_datatype *t;
	uint32_t h;

	ck_assert_uint_eq(f->n_datatypes, FOM_MIM_DATATYPES);
	ck_assert_uint_eq(sizeof(order) / sizeof(order[0]), FOM_MIM_DATATYPES);
	ck_assert_uint_eq(f->n_warnings, 0);
	for (h = 1; h <= FOM_MIM_DATATYPES; h++) {
		t = fom_datatype(f, h);
		ck_assert_uint_eq(t->handle, h);
		ck_assert_str_eq(t->name, order[h - 1]);
		ck_assert_uint_eq(fom_datatype_by_name(f, t->name), h);
		ck_assert_uint_eq(t->module, 0);
		ck_assert_int_eq(t->resolved, 1);
		ck_assert_msg(t->encodable, "%s opaque", t->name);
	}
	ck_assert_ptr_null(fom_datatype(f, 0));
	ck_assert_ptr_null(fom_datatype(f, FOM_MIM_DATATYPES + 1));
	ck_assert_uint_eq(fom_datatype_by_name(f, "Nope"), 0);
	ck_assert_uint_eq(fom_datatype_by_name(f, NULL), 0);

	/* basic representations: Table 4-4 of 1516.2-2010 */
	t = dt(f, "HLAinteger32BE");
	ck_assert_uint_eq(t->kind, FOM_DT_BASIC);
	ck_assert_uint_eq(t->u.basic.bits, 32);
	ck_assert_uint_eq(t->u.basic.endian, FOM_ENDIAN_BIG);
	ck_assert_uint_eq(t->u.basic.cls, FOM_BASIC_SIGNED);
	check_layout(t, 4, 4);
	t = dt(f, "HLAfloat64LE");
	ck_assert_uint_eq(t->u.basic.endian, FOM_ENDIAN_LITTLE);
	ck_assert_uint_eq(t->u.basic.cls, FOM_BASIC_FLOAT);
	check_layout(t, 8, 8);
	check_layout(dt(f, "HLAinteger16LE"), 2, 2);
	check_layout(dt(f, "HLAoctetPairBE"), 2, 2);
	ck_assert_uint_eq(dt(f, "HLAoctetPairLE")->u.basic.cls,
	    FOM_BASIC_OCTETS);
	check_layout(dt(f, "HLAoctet"), 1, 1);
	check_layout(dt(f, "HLAinteger64BE"), 8, 8);
	/* simple and enumerated: as their representation */
	t = dt(f, "HLAunicodeChar");
	ck_assert_uint_eq(t->kind, FOM_DT_SIMPLE);
	ck_assert_uint_eq(t->u.simple.representation,
	    fom_datatype_by_name(f, "HLAoctetPairBE"));
	ck_assert_ptr_null(t->u.simple.units);
	check_layout(t, 2, 2);
	ck_assert_str_eq(dt(f, "HLAseconds")->u.simple.units, "s");
	ck_assert_str_eq(dt(f, "HLAmsec")->u.simple.units, "ms");
	ck_assert_str_eq(dt(f, "HLAinteger64Time")->u.simple.resolution, "1");
	ck_assert_str_eq(dt(f, "HLAfloat64Time")->u.simple.resolution,
	    "4.9E-308");
	ck_assert_ptr_null(dt(f, "HLAfloat64Time")->u.simple.accuracy);
	t = dt(f, "HLAboolean");
	ck_assert_uint_eq(t->kind, FOM_DT_ENUMERATED);
	ck_assert_uint_eq(t->u.enumerated.n_enumerators, 2);
	ck_assert_str_eq(t->u.enumerated.enumerators[1].name, "HLAtrue");
	ck_assert_uint_eq(t->u.enumerated.enumerators[1].n_values, 1);
	ck_assert_int_eq(t->u.enumerated.enumerators[1].values[0], 1);
	check_layout(t, 4, 4);
	ck_assert_uint_eq(dt(f, "HLAresignAction")->u.enumerated.
	    n_enumerators, 6);
	/* arrays: the count of HLAvariableArray makes the boundary 4 */
	t = dt(f, "HLAunicodeString");
	ck_assert_uint_eq(t->kind, FOM_DT_ARRAY);
	ck_assert_uint_eq(t->encoding, FOM_ENC_VARIABLE_ARRAY);
	ck_assert_str_eq(t->encoding_name, "HLAvariableArray");
	ck_assert_uint_eq(t->u.array.element,
	    fom_datatype_by_name(f, "HLAunicodeChar"));
	ck_assert_uint_eq(t->u.array.n_dims, 1);
	ck_assert_int_eq(t->u.array.dims[0].dynamic, 1);
	ck_assert_uint_eq(t->u.array.dims[0].lower, 0);
	ck_assert_uint_eq(t->u.array.dims[0].upper, FOM_CARD_MAX);
	check_layout(t, -1, 4);
	ck_assert_uint_eq(t->depth, 3);
	t = dt(f, "HLAtoken");
	ck_assert_uint_eq(t->encoding, FOM_ENC_FIXED_ARRAY);
	check_layout(t, 0, 1);
	check_layout(dt(f, "HLAhandleList"), -1, 4);
	t = dt(f, "HLAinteractionSubscription");
	ck_assert_uint_eq(t->kind, FOM_DT_FIXED_RECORD);
	ck_assert_uint_eq(t->u.record.n_fields, 2);
	ck_assert_str_eq(t->u.record.fields[1].name, "HLAactive");
	ck_assert_uint_eq(t->u.record.fields[1].type,
	    fom_datatype_by_name(f, "HLAboolean"));
	check_layout(t, -1, 4);
	ck_assert_uint_eq(t->depth, 4);
	ck_assert_uint_eq(dt(f, "HLAinteractionSubList")->depth, 5);
	/* the MIM's attribute */
	ck_assert_uint_eq(fom_attr(f, 1)->datatype,
	    fom_datatype_by_name(f, "HLAtoken"));
	ck_assert_str_eq(fom_attr(f, 1)->datatype_name, "HLAtoken");
	fom_free(f);
}
END_TEST

/* The MIM file defines exactly the built-in datatypes: loading it adds
 * none and warns of nothing (every definition is identical). */
START_TEST(test_mim_file_identical)
{
	struct fom *f = fom_new();
	char *before, *after;

	before = print_verbose_str(f);
	load_corpus(f, "mim/HLAstandardMIM.xml");
	ck_assert_uint_eq(f->n_datatypes, FOM_MIM_DATATYPES);
	ck_assert_uint_eq(f->n_warnings, 0);
	after = print_verbose_str(f);
	/* same datatypes, same lines for them */
	ck_assert_str_eq(strstr(before, "datatype 1 "),
	    strstr(after, "datatype 1 "));
	free(before);
	free(after);
	fom_free(f);
}
END_TEST

/* A 1516-2000 module copying the 2000 MOM's types: HLAseconds in
 * "seconds" is the built-in HLAseconds, not a conflict; other
 * differences are. */
START_TEST(test_mim_2000_units)
{
	struct fom *f = fom_new();
	struct fom_error err;
	static const char ok[] = SIMPLE(
	    "<simpleData name=\"HLAseconds\" representation=\"HLAinteger32BE\""
	    " units=\"seconds\" resolution=\"NA\" accuracy=\"NA\"/>\n"
	    "<simpleData name=\"HLAmsec\" representation=\"HLAinteger32BE\" "
	    "units=\"milliseconds\"/>\n");
	static const char bad[] = SIMPLE(
	    "<simpleData name=\"HLAseconds\" representation=\"HLAinteger64BE\""
	    " units=\"seconds\"/>\n");

	load_str(f, ok);
	ck_assert_uint_eq(f->n_datatypes, FOM_MIM_DATATYPES);
	ck_assert_str_eq(dt(f, "HLAseconds")->u.simple.units, "s");
	ck_assert_int_eq(fom_load_string(f, bad, strlen(bad), "bad.xml",
	    &err), -1);
	ck_assert_str_eq(err.msg, "datatype 'HLAseconds' conflicts with the "
	    "MIM's definition (built in) (representation HLAinteger64BE vs "
	    "HLAinteger32BE)");
	ck_assert_int_eq(err.line, 5);
	fom_free(f);
}
END_TEST

/* --- reading and layout --- */

/* Layouts worked out by hand from the rules of 1516.2-2010 4.13: every
 * component starts at a multiple of its octet boundary; a record's
 * boundary is its largest field's, an HLAvariableArray's max(4, its
 * element's). */
static const char layout_xml[] = DTS(
    SECT("basicDataRepresentations",
	B10("U24", "24", "Big")
	"<basicData><name>U16LE</name><size>16</size><interpretation>Integer"
	" in the range [0, 2^16-1]</interpretation><endian>Little</endian>"
	"<encoding>16-bit unsigned integer</encoding></basicData>\n")
    SECT("enumeratedDataTypes",
	E10("E8", "HLAoctet", EN10("X", "0") EN10("Y", "1") EN10("Z", "2"))
	E10("E32", "HLAinteger32BE", EN10("P", "0") EN10("Q", "1")))
    SECT("arrayDataTypes",
	A10("Rec5x3", "Rec5", "3", "HLAfixedArray")
	A10("F64s", "HLAfloat64BE", "Dynamic", "HLAvariableArray")
	A10("F64x2", "HLAfloat64BE", "2", "HLAvariableArray")
	A10("Empty", "HLAfloat64BE", "0", "HLAvariableArray")
	A10("Oct3", "HLAoctet", "[3..3]", "HLAvariableArray")
	A10("Octs", "HLAoctet", "[1..10]", "HLAvariableArray")
	A10("I16x2x3", "HLAinteger16BE", "2, 3", "HLAfixedArray")
	A10("NoRec", "Rec5", "0", "HLAfixedArray"))
    SECT("fixedRecordDataTypes",
	R10("Rec8", F10("a", "HLAoctet") F10("b", "HLAinteger32BE"))
	R10("Rec5", F10("a", "HLAinteger32BE") F10("b", "HLAoctet"))
	R10("RecV", F10("a", "HLAoctet") F10("b", "F64s"))
	R10("Nothing", "")
	R10("R24", F10("a", "U24") F10("b", "HLAoctet"))
	R10("RecPad", F10("a", "HLAoctet") F10("b", "F64x2")))
    SECT("variantRecordDataTypes",
	V10("VarMix", "k", "E8", ALT10("X", "x", "HLAfloat64BE")
	    ALT10("Y", "y", "HLAinteger16BE")
	    "<alternative><enumerator>HLAother</enumerator><dataType>NA"
	    "</dataType></alternative>")
	V10("VarSame", "k", "E32", ALT10("P", "p", "HLAfloat32BE")
	    ALT10("Q", "q", "HLAinteger32BE"))
	V10("VarGap", "k", "E8", ALT10("X", "x", "HLAinteger32BE")
	    ALT10("Y", "y", "HLAinteger32BE"))
	V10("VarNone", "k", "E32", "")));

START_TEST(test_layout)
{
	struct fom *f = fom_new();
	const struct fom_datatype *t;

	load_str(f, layout_xml);
	ck_assert_uint_eq(f->n_warnings, 0);
	/* a user-defined basic: whole octets, boundary the next power of 2 */
	t = dt(f, "U24");
	ck_assert_uint_eq(t->u.basic.cls, FOM_BASIC_OCTETS);
	check_layout(t, 3, 4);
	t = dt(f, "U16LE");
	ck_assert_uint_eq(t->u.basic.cls, FOM_BASIC_UNSIGNED);
	ck_assert_uint_eq(t->u.basic.endian, FOM_ENDIAN_LITTLE);
	ck_assert_str_eq(t->u.basic.interpretation,
	    "Integer in the range [0, 2^16-1]");
	check_layout(t, 2, 2);
	check_layout(dt(f, "E8"), 1, 1);
	/* octet at 0, pad 1..3, int32 at 4 */
	check_layout(dt(f, "Rec8"), 8, 4);
	/* no padding after the last field */
	check_layout(dt(f, "Rec5"), 5, 4);
	/* elements padded to their boundary: 0-4, 8-12, 16-20 */
	check_layout(dt(f, "Rec5x3"), 21, 4);
	check_layout(dt(f, "NoRec"), 0, 4);
	check_layout(dt(f, "F64s"), -1, 8);
	/* count 0-3, pad to 8, two float64 */
	check_layout(dt(f, "F64x2"), 24, 8);
	check_layout(dt(f, "Empty"), 4, 8);
	check_layout(dt(f, "Oct3"), 7, 4);
	check_layout(dt(f, "Octs"), -1, 4);
	/* six elements row after row */
	t = dt(f, "I16x2x3");
	ck_assert_uint_eq(t->u.array.n_dims, 2);
	ck_assert_uint_eq(t->u.array.dims[1].lower, 3);
	check_layout(t, 12, 2);
	check_layout(dt(f, "RecV"), -1, 8);
	check_layout(dt(f, "Nothing"), 0, 1);
	check_layout(dt(f, "R24"), 4, 4);
	/* octet, pad to 8, the array (24) */
	check_layout(dt(f, "RecPad"), 32, 8);
	/* discriminant 1 octet; 8+8, 2+2, or 1 alone: variable, boundary 8 */
	check_layout(dt(f, "VarMix"), -1, 8);
	/* 4 + 4 whichever is chosen */
	check_layout(dt(f, "VarSame"), 8, 4);
	/* Z selects nothing: 1 octet, else 4 + 4 */
	check_layout(dt(f, "VarGap"), -1, 4);
	check_layout(dt(f, "VarNone"), 4, 4);
	/* depth: basic 1, simple/enumerated 2, composites 1 + deepest */
	ck_assert_uint_eq(dt(f, "U24")->depth, 1);
	ck_assert_uint_eq(dt(f, "E8")->depth, 2);
	ck_assert_uint_eq(dt(f, "Rec5")->depth, 2);
	ck_assert_uint_eq(dt(f, "Rec5x3")->depth, 3);
	ck_assert_uint_eq(dt(f, "VarMix")->depth, 3);
	fom_free(f);
}
END_TEST

/* The alternatives of a variant: sets, ranges by value, HLAother, and
 * the public lookups over them. */
START_TEST(test_variant_selection)
{
	static const char xml[] = DTS(
	    SECT("enumeratedDataTypes",
		E10("Level", "HLAinteger32BE", EN10("Trainee", "0")
		    EN10("Apprentice", "1") EN10("Journeyman", "2")
		    EN10("Senior", "3") EN10("Temporary", "4")
		    EN10("Master", "5")
		    "<enumerator><name>Twice</name><value>7</value><value>9"
		    "</value></enumerator>"))
	    SECT("variantRecordDataTypes",
		V10("W", "ValIndex", "Level",
		    ALT10("Trainee", "CoursePassed", "HLAboolean")
		    ALT10("[Apprentice .. Senior], Master", "Rating",
		    "HLAinteger32BE")
		    "<alternative><enumerator>Temporary</enumerator>"
		    "<dataType>NA</dataType></alternative>"
		    ALT10("HLAother", "Other", "HLAtoken"))));
	struct fom *f = fom_new();
	const struct fom_datatype *w, *l;
	const struct fom_alternative *a;

	load_str(f, xml);
	w = dt(f, "W");
	l = dt(f, "Level");
	ck_assert_uint_eq(w->u.variant.type, l->handle);
	ck_assert_str_eq(w->u.variant.discriminant, "ValIndex");
	ck_assert_uint_eq(w->u.variant.n_alternatives, 4);
	a = &w->u.variant.alternatives[1];
	ck_assert_str_eq(a->enumerators, "[Apprentice .. Senior], Master");
	ck_assert_str_eq(a->name, "Rating");
	ck_assert_uint_eq(a->n_selected, 4);
	ck_assert_uint_eq(a->selected[0], 1);
	ck_assert_uint_eq(a->selected[2], 3);
	ck_assert_uint_eq(a->selected[3], 5);
	a = &w->u.variant.alternatives[2];
	ck_assert_ptr_null(a->name);
	ck_assert_ptr_null(a->type_name);
	ck_assert_uint_eq(a->type, 0);
	ck_assert_int_eq(w->u.variant.alternatives[3].other, 1);
	ck_assert_uint_eq(w->u.variant.alternatives[3].n_selected, 0);
	/* enumerator -> alternative */
	ck_assert_uint_eq(fom_alternative_of(f, w, 0), 1);
	ck_assert_uint_eq(fom_alternative_of(f, w, 2), 2);
	ck_assert_uint_eq(fom_alternative_of(f, w, 5), 2);
	ck_assert_uint_eq(fom_alternative_of(f, w, 4), 3);
	ck_assert_uint_eq(fom_alternative_of(f, w, 6), 4);
	ck_assert_uint_eq(fom_alternative_of(f, l, 0), 0);
	ck_assert_uint_eq(fom_alternative_of(f, NULL, 0), 0);
	/* value -> enumerator, several values for one */
	ck_assert_int_eq(fom_enumerator_of(l, 3), 3);
	ck_assert_int_eq(fom_enumerator_of(l, 9), 6);
	ck_assert_int_eq(fom_enumerator_of(l, 7), 6);
	ck_assert_int_eq(fom_enumerator_of(l, 8), -1);
	ck_assert_int_eq(fom_enumerator_of(w, 0), -1);
	ck_assert_int_eq(fom_enumerator_of(NULL, 0), -1);
	check_layout(w, -1, 4);
	fom_free(f);
}
END_TEST

/* One module in each form gives the same datatypes. */
static const char forms_2010[] =
    "<?xml version=\"1.0\"?>\n<objectModel>\n"
    OBJ("<objectClass><name>M</name><attribute><name>v</name><dataType>Volt"
    "</dataType></attribute></objectClass>")
    INTER("<interactionClass><name>I</name><parameter><name>p</name>"
    "<dataType>Reading</dataType></parameter></interactionClass>")
    "<dataTypes>"
    SECT("basicDataRepresentations", B10("U8", "8", "Big"))
    SECT("simpleDataTypes", "<simpleData><name>Volt</name><representation>"
	"HLAfloat32LE</representation><units>V</units><resolution>0.1"
	"</resolution><accuracy>0.5</accuracy><semantics>RMS</semantics>"
	"</simpleData>")
    SECT("enumeratedDataTypes", E10("Mode", "U8", EN10("Off", "0")
	"<enumerator><name>On</name><value>1</value><value>2</value>"
	"</enumerator>"))
    SECT("arrayDataTypes", A10("Volts", "Volt", "[1..4]",
	"HLAvariableArray"))
    SECT("fixedRecordDataTypes", R10("Reading", F10("mode", "Mode")
	F10("volts", "Volts")))
    SECT("variantRecordDataTypes", V10("Opt", "m", "Mode",
	ALT10("On", "v", "Volt")))
    "</dataTypes>\n</objectModel>\n";
static const char forms_2000[] =
    "<?xml version=\"1.0\"?>\n<objectModel DTDversion=\"1516.2\">\n"
    "<objects><objectClass name=\"HLAobjectRoot\"><objectClass name=\"M\">"
    "<attribute name=\"v\" dataType=\"Volt\"/></objectClass></objectClass>"
    "</objects>\n<interactions><interactionClass name=\"HLAinteraction"
    "Root\"><interactionClass name=\"I\"><parameter name=\"p\" dataType="
    "\"Reading\"/></interactionClass></interactionClass></interactions>\n"
    "<dataTypes><basicDataRepresentations>" B00("U8", "8", "Big")
    "</basicDataRepresentations><simpleDataTypes><simpleData name=\"Volt\""
    " representation=\"HLAfloat32LE\" units=\"V\" resolution=\"0.1\" "
    "accuracy=\"0.5\" semantics=\"RMS\"/></simpleDataTypes>"
    "<enumeratedDataTypes><enumeratedData name=\"Mode\" representation="
    "\"U8\"><enumerator name=\"Off\" values=\"0\"/><enumerator name=\"On\""
    " values=\"1, 2\"/></enumeratedData></enumeratedDataTypes>"
    "<arrayDataTypes>" A00("Volts", "Volt", "[1..4]", "HLAvariableArray")
    "</arrayDataTypes><fixedRecordDataTypes><fixedRecordData name="
    "\"Reading\" encoding=\"HLAfixedRecord\"><field name=\"mode\" dataType="
    "\"Mode\"/><field name=\"volts\" dataType=\"Volts\"/></fixedRecordData>"
    "</fixedRecordDataTypes><variantRecordDataTypes><variantRecordData "
    "name=\"Opt\" discriminant=\"m\" dataType=\"Mode\" encoding="
    "\"HLAvariantRecord\"><alternative enumerator=\"On\" name=\"v\" "
    "dataType=\"Volt\"/></variantRecordData></variantRecordDataTypes>"
    "</dataTypes>\n</objectModel>\n";

static void
check_forms(const struct fom *f, int form2000)
{
	const struct fom_datatype *t;

	ck_assert_uint_eq(f->n_datatypes, FOM_MIM_DATATYPES + 6);
	ck_assert_uint_eq(f->n_warnings, 0);
	t = dt(f, "U8");
	ck_assert_uint_eq(t->handle, FOM_MIM_DATATYPES + 1);
	ck_assert_uint_eq(t->module, 1);
	ck_assert_int_eq(t->form2000, form2000);
	t = dt(f, "Volt");
	ck_assert_uint_eq(t->handle, FOM_MIM_DATATYPES + 2);
	ck_assert_str_eq(t->u.simple.units, "V");
	ck_assert_str_eq(t->u.simple.resolution, "0.1");
	ck_assert_str_eq(t->u.simple.accuracy, "0.5");
	ck_assert_str_eq(t->semantics, "RMS");
	check_layout(t, 4, 4);
	t = dt(f, "Mode");
	ck_assert_uint_eq(t->u.enumerated.enumerators[1].n_values, 2);
	ck_assert_int_eq(t->u.enumerated.enumerators[1].values[1], 2);
	check_layout(t, 1, 1);
	t = dt(f, "Volts");
	ck_assert_uint_eq(t->u.array.dims[0].lower, 1);
	ck_assert_uint_eq(t->u.array.dims[0].upper, 4);
	ck_assert_int_eq(t->u.array.dims[0].dynamic, 0);
	check_layout(t, -1, 4);
	check_layout(dt(f, "Reading"), -1, 4);
	check_layout(dt(f, "Opt"), -1, 4);
	ck_assert_uint_eq(fom_attr(f, 2)->datatype, dt(f, "Volt")->handle);
	ck_assert_uint_eq(fom_param(f, 1)->datatype, dt(f, "Reading")->handle);
	ck_assert_str_eq(fom_param(f, 1)->datatype_name, "Reading");
}

START_TEST(test_forms)
{
	struct fom *f = fom_new(), *g = fom_new();

	load_str(f, forms_2010);
	check_forms(f, 0);
	load_str(g, forms_2000);
	check_forms(g, 1);
	/* and the two are identical redefinitions of each other */
	load_str(f, forms_2000);
	ck_assert_uint_eq(f->n_datatypes, FOM_MIM_DATATYPES + 6);
	ck_assert_uint_eq(f->n_warnings, 0);
	fom_free(f);
	fom_free(g);
}
END_TEST

/* --- warnings --- */

/* An attribute or parameter naming a datatype nobody defines: a warning
 * with its place, values opaque; gone once a later module defines it. */
START_TEST(test_warn_undefined_member)
{
	static const char users[] =
	    "<?xml version=\"1.0\"?>\n<objectModel>\n"
	    OBJ("\n<objectClass><name>House</name>\n<attribute><name>temp"
	    "</name><dataType>double</dataType></attribute>\n"
	    "<attribute><name>none</name></attribute>\n"
	    "<attribute><name>na</name><dataType>NA</dataType></attribute>\n"
	    "</objectClass>")
	    INTER("\n<interactionClass><name>Go</name>\n<parameter><name>who"
	    "</name><dataType>String</dataType></parameter>\n"
	    "</interactionClass>")
	    "</objectModel>\n";
	static const char defs[] = SIMPLE(S10("double", "HLAfloat64BE"));
	struct fom *f = fom_new();
	uint32_t house, temp;

	load_str_as(f, users, "users.xml");
	house = fom_oclass_by_name(f, "House");
	temp = fom_attr_by_name(f, house, "temp");
	ck_assert_uint_eq(fom_attr(f, temp)->datatype, 0);
	ck_assert_str_eq(fom_attr(f, temp)->datatype_name, "double");
	ck_assert_int_eq(fom_attr(f, temp)->line, 5);
	ck_assert_uint_eq(fom_attr(f, temp)->module, 1);
	ck_assert_ptr_null(fom_attr(f, fom_attr_by_name(f, house, "none"))
	    ->datatype_name);
	ck_assert_uint_eq(fom_attr(f, fom_attr_by_name(f, house, "na"))
	    ->datatype, 0);
	ck_assert_uint_eq(f->n_warnings, 2);
	ck_assert_str_eq(f->warnings[0].file, "users.xml");
	ck_assert_int_eq(f->warnings[0].line, 5);
	ck_assert_str_eq(f->warnings[0].msg, "attribute 'temp' of object "
	    "class 'HLAobjectRoot.House' names datatype 'double', which no "
	    "module defines: its values are opaque");
	ck_assert_int_eq(f->warnings[1].line, 11);
	ck_assert_str_eq(f->warnings[1].msg, "parameter 'who' of interaction "
	    "class 'HLAinteractionRoot.Go' names datatype 'String', which no "
	    "module defines: its values are opaque");
	/* a later module defines double: that warning goes */
	load_str_as(f, defs, "defs.xml");
	ck_assert_uint_eq(fom_attr(f, temp)->datatype,
	    fom_datatype_by_name(f, "double"));
	ck_assert_uint_eq(f->n_warnings, 1);
	ck_assert_ptr_nonnull(strstr(f->warnings[0].msg, "'String'"));
	fom_free(f);
}
END_TEST

/* Kept warnings: a definition given twice, identically, in one module; a
 * basic representation that is not whole octets.  They stay through
 * later loads; what contains such a datatype is opaque too. */
START_TEST(test_warn_kept)
{
	static const char twice[] = DTS(
	    SECT("basicDataRepresentations", B10("Bit", "1", "Big"))
	    SECT("simpleDataTypes", S10("Flag", "Bit") S10("T", "HLAoctet")
		S10("T", "HLAoctet"))
	    SECT("fixedRecordDataTypes", R10("Flags", F10("a", "Flag"))));
	static const char other[] = SIMPLE(S10("U", "HLAoctet"));
	struct fom *f = fom_new();
	const struct fom_datatype *t;

	load_str_as(f, twice, "twice.xml");
	ck_assert_uint_eq(f->n_datatypes, FOM_MIM_DATATYPES + 4);
	ck_assert_uint_eq(f->n_warnings, 2);
	ck_assert_int_eq(f->warnings[0].line, 5);
	ck_assert_str_eq(f->warnings[0].msg, "basic data representation 'Bit' "
	    "has a size of 1 bit, not a whole number of octets: its values "
	    "are opaque");
	ck_assert_int_eq(f->warnings[1].line, 10);
	ck_assert_str_eq(f->warnings[1].msg, "datatype 'T' is defined twice "
	    "in this module (first at line 9)");
	t = dt(f, "Bit");
	ck_assert_int_eq(t->encodable, 0);
	ck_assert_int_eq(t->resolved, 1);
	t = dt(f, "Flag");
	ck_assert_int_eq(t->encodable, 0);
	ck_assert_str_eq(t->opaque, "its representation 'Bit' is opaque");
	t = dt(f, "Flags");
	ck_assert_int_eq(t->encodable, 0);
	ck_assert_str_eq(t->opaque, "its field 'a' has the opaque datatype "
	    "'Flag'");
	load_str(f, other);
	ck_assert_uint_eq(f->n_warnings, 2);
	fom_free(f);
}
END_TEST

/* A user-defined encoding (RPR's RPRlengthlessArray) is legitimate: no
 * warning, values opaque, the name kept. */
START_TEST(test_user_encoding)
{
	static const char xml[] = ARRAYS(A10("L", "HLAoctet", "Dynamic",
	    "RPRlengthlessArray"));
	struct fom *f = fom_new();
	const struct fom_datatype *t;

	load_str(f, xml);
	ck_assert_uint_eq(f->n_warnings, 0);
	t = dt(f, "L");
	ck_assert_uint_eq(t->encoding, FOM_ENC_OTHER);
	ck_assert_str_eq(t->encoding_name, "RPRlengthlessArray");
	ck_assert_int_eq(t->encodable, 0);
	ck_assert_str_eq(t->opaque, "the user-defined encoding "
	    "'RPRlengthlessArray'");
	fom_free(f);
}
END_TEST

/* What the 1516-2000 form is forgiven (public 2000 FDDs do it): the
 * datatype stays opaque with a warning.  The same in the 2010 form is an
 * error (see bad_cases). */
static const struct lenient_case {
	const char *xml;
	const char *type;               /* opaque */
	const char *warning;
	int line;
} lenient_cases[] = {
	{ ENUMS("<enumeratedData name=\"Wake\" representation=\"HLAASCIIchar\""
	    ">\n<enumerator name=\"Heavy\" values=\"H\"/></enumeratedData>\n"),
	    "Wake", "enumerator 'Heavy' of enumerated datatype 'Wake' has an "
	    "invalid value 'H' (an integer): its values are opaque (accepted "
	    "in the 1516-2000 form only)", 6 },
	{ ENUMS("<enumeratedData name=\"Rule\">\n<enumerator name=\"IFR\" "
	    "values=\"I\"/></enumeratedData>\n"), "Rule", "enumerated "
	    "datatype 'Rule' has no representation: its values are opaque",
	    5 },
	{ ENUMS("<enumeratedData name=\"Pt\" representation=\"HLAinteger32BE"
	    "\">\n<enumerator name=\"A\"/></enumeratedData>\n"), "Pt",
	    "enumerator 'A' of enumerated datatype 'Pt' has no value: its "
	    "values are opaque", 6 },
	{ ENUMS("<enumeratedData name=\"Hold\" representation=\"HLAASCIIstring"
	    "\"><enumerator name=\"A\" values=\"1\"/></enumeratedData>\n"),
	    "Hold", "enumerated datatype 'Hold' has representation "
	    "'HLAASCIIstring', an array datatype, not a basic data "
	    "representation: its values are opaque", 5 },
	{ SIMPLE(S00("Alt", "HLAASCIIstring")), "Alt", "simple datatype 'Alt' "
	    "has representation 'HLAASCIIstring', an array datatype, not a "
	    "basic data representation: its values are opaque", 5 },
	{ SIMPLE("<simpleData name=\"S\" representation=\"NA\"/>\n"), "S",
	    "simple datatype 'S' has no representation: its values", 5 },
};

/* Another RTI's form of a range, "(l..u)", is read as "[l..u]" with a
 * warning, in either form of the module, alone or among dimensions. */
START_TEST(test_card_parens)
{
	static const char xml[] = ARRAYS(A10("P", "HLAoctet", "(2..5)",
	    "HLAvariableArray") A10("M", "HLAoctet", "4, (1..4) ,Dynamic",
	    "RPRarray") A00("Q", "HLAoctet", "( 0 .. 7 )",
	    "HLAvariableArray") A10("B", "HLAoctet", "[2..5]",
	    "HLAvariableArray"));
	struct fom *f = fom_new();
	const struct fom_datatype *t;

	load_str(f, xml);
	t = dt(f, "P");
	ck_assert_uint_eq(t->u.array.n_dims, 1);
	ck_assert_uint_eq(t->u.array.dims[0].lower, 2);
	ck_assert_uint_eq(t->u.array.dims[0].upper, 5);
	ck_assert_int_eq(t->u.array.dims[0].dynamic, 0);
	ck_assert_str_eq(t->u.array.cardinality, "(2..5)");
	check_layout(t, -1, 4);
	t = dt(f, "M");
	ck_assert_uint_eq(t->u.array.n_dims, 3);
	ck_assert_uint_eq(t->u.array.dims[0].lower, 4);
	ck_assert_uint_eq(t->u.array.dims[0].upper, 4);
	ck_assert_uint_eq(t->u.array.dims[1].lower, 1);
	ck_assert_uint_eq(t->u.array.dims[1].upper, 4);
	ck_assert_int_eq(t->u.array.dims[2].dynamic, 1);
	t = dt(f, "Q");
	ck_assert_uint_eq(t->u.array.dims[0].lower, 0);
	ck_assert_uint_eq(t->u.array.dims[0].upper, 7);
	ck_assert_msg(has_warning(f, "array datatype 'P': cardinality "
	    "'(2..5)' writes a range as (l..u): read as [l..u]", 5),
	    "no warning for P (%u warnings)", f->n_warnings);
	ck_assert(has_warning(f, "'M': cardinality '4, (1..4) ,Dynamic' "
	    "writes a range as (l..u)", 6));
	ck_assert(has_warning(f, "'Q': cardinality '( 0 .. 7 )'", 7));
	ck_assert(!has_warning(f, "'B': cardinality", -1));
	ck_assert_uint_eq(f->n_warnings, 3);
	fom_free(f);
}
END_TEST

/* The same range in either form is the same datatype: a later module may
 * repeat it in the other. */
START_TEST(test_card_parens_merge)
{
	struct fom *f = fom_new();

	load_str(f, ARRAYS(A10("P", "HLAoctet", "[2..5]",
	    "HLAvariableArray")));
	load_str(f, ARRAYS(A10("P", "HLAoctet", "(2..5)",
	    "HLAvariableArray")));
	ck_assert_uint_eq(dt(f, "P")->u.array.dims[0].upper, 5);
	fom_free(f);
}
END_TEST

START_TEST(test_lenient_2000)
{
	const struct lenient_case *c = &lenient_cases[_i];
	struct fom *f = fom_new();
	const struct fom_datatype *t;

	load_str(f, c->xml);
	ck_assert_msg(has_warning(f, c->warning, c->line), "no warning '%s' "
	    "at line %d (%u warnings, first: %s)", c->warning, c->line,
	    f->n_warnings, f->n_warnings ? f->warnings[0].msg : "-");
	ck_assert_uint_eq(f->n_warnings, 1);
	t = dt(f, c->type);
	ck_assert_int_eq(t->encodable, 0);
	ck_assert_int_eq(t->form2000, 1);
	ck_assert_ptr_nonnull(t->opaque);
	fom_free(f);
}
END_TEST

/* ASNrucPointType writes value="0" for values="0": read as the same. */
START_TEST(test_value_attribute)
{
	static const char xml[] = ENUMS("<enumeratedData name=\"P\" "
	    "representation=\"HLAinteger32BE\"><enumerator name=\"A\" "
	    "value=\"0\"/><enumerator name=\"B\" value=\"1\"/>"
	    "</enumeratedData>\n");
	struct fom *f = fom_new();

	load_str(f, xml);
	ck_assert_uint_eq(f->n_warnings, 0);
	check_layout(dt(f, "P"), 4, 4);
	ck_assert_int_eq(dt(f, "P")->u.enumerated.enumerators[1].values[0], 1);
	fom_free(f);
}
END_TEST

/* --- merging --- */

START_TEST(test_merge_identical)
{
	static const char a[] = DTS(
	    SECT("simpleDataTypes", "<simpleData><name>Current</name>"
		"<representation>HLAfloat64BE</representation><units>A</units>"
		"<semantics>one text</semantics></simpleData>\n")
	    SECT("fixedRecordDataTypes", R10("M", F10("i", "Current"))));
	static const char b[] = DTS(
	    SECT("fixedRecordDataTypes", R10("M", F10("i", "Current")))
	    SECT("simpleDataTypes", "<simpleData name=\"Current\" "
		"representation=\"HLAfloat64BE\" units=\"A\" resolution=\"NA\""
		" semantics=\"another text\"/>\n"));
	struct fom *f = fom_new(), *g = fom_new();
	char *s1, *s2;

	load_str_as(f, a, "a.xml");
	load_str_as(f, b, "b.xml");
	ck_assert_uint_eq(f->n_datatypes, FOM_MIM_DATATYPES + 2);
	ck_assert_uint_eq(f->n_warnings, 0);
	/* the first definition stays, with its place and text */
	ck_assert_uint_eq(dt(f, "Current")->module, 1);
	ck_assert_str_eq(dt(f, "Current")->semantics, "one text");
	/* same modules, same order: same handles and print */
	load_str_as(g, a, "a.xml");
	load_str_as(g, b, "b.xml");
	s1 = print_verbose_str(f);
	s2 = print_verbose_str(g);
	ck_assert_str_eq(s1, s2);
	free(s1);
	free(s2);
	fom_free(f);
	fom_free(g);
}
END_TEST

/* A module declaring a Dependency not loaded yet may name datatypes the
 * dependency defines: they wait (a warning, opaque), and resolve when it
 * comes.  Without the Dependency it is an error. */
static const char dep_user[] =
    "<?xml version=\"1.0\"?>\n<objectModel>\n"
    "<modelIdentification><name>User</name><reference><type>Dependency"
    "</type><identification>Base</identification></reference>"
    "</modelIdentification>\n"
    OBJ("<objectClass><name>P</name><attribute><name>where</name>"
    "<dataType>Place</dataType></attribute></objectClass>")
    "<dataTypes>"
    SECT("fixedRecordDataTypes", R10("Place", F10("lat", "Degrees")
	F10("lon", "Degrees")))
    SECT("variantRecordDataTypes", V10("Opt", "k", "Kind",
	ALT10("Some", "p", "Place")))
    "</dataTypes>\n</objectModel>\n";
static const char dep_base[] =
    "<?xml version=\"1.0\"?>\n<objectModel>\n"
    "<modelIdentification><name>Base</name></modelIdentification>\n"
    "<dataTypes>"
    SECT("simpleDataTypes", S10("Degrees", "HLAfloat64BE"))
    SECT("enumeratedDataTypes", E10("Kind", "HLAoctet", EN10("None", "0")
	EN10("Some", "1")))
    "</dataTypes>\n</objectModel>\n";
static const char dep_bad_base[] =
    "<?xml version=\"1.0\"?>\n<objectModel>\n"
    "<modelIdentification><name>Base</name></modelIdentification>\n"
    "<dataTypes>"
    SECT("simpleDataTypes", S10("Degrees", "HLAfloat64BE")
	S10("Kind", "HLAoctet"))
    "</dataTypes>\n</objectModel>\n";

START_TEST(test_dependency_pending)
{
	struct fom *f = fom_new();
	struct fom_error err;
	const struct fom_datatype *t;
	char *before, *after;
	uint32_t where;

	load_str_as(f, dep_user, "user.xml");
	t = dt(f, "Place");
	ck_assert_int_eq(t->resolved, 0);
	ck_assert_int_eq(t->encodable, 0);
	ck_assert_uint_eq(t->u.record.fields[0].type, 0);
	ck_assert_int_eq(dt(f, "Opt")->resolved, 0);
	where = fom_attr_by_name(f, fom_oclass_by_name(f, "P"), "where");
	ck_assert_uint_eq(fom_attr(f, where)->datatype, t->handle);
	ck_assert_uint_eq(f->n_warnings, 2);
	ck_assert_str_eq(f->warnings[0].file, "user.xml");
	ck_assert_str_eq(f->warnings[0].msg, "datatype 'Place' names datatype "
	    "'Degrees', which no module loaded so far defines: values of "
	    "'Place' are opaque until one does");
	ck_assert_ptr_nonnull(strstr(f->warnings[1].msg, "'Kind'"));

	/* a Base that makes the discriminant no enumeration: refused, the
	 * error at the user's line, nothing changed */
	before = print_verbose_str(f);
	ck_assert_int_eq(fom_load_string(f, dep_bad_base, strlen(dep_bad_base),
	    "base.xml", &err), -1);
	ck_assert_str_eq(err.file, "user.xml");
	ck_assert_int_eq(err.line, 9);
	ck_assert_str_eq(err.msg, "discriminant 'k' of variant record "
	    "datatype 'Opt' has datatype 'Kind', a simple datatype, not an "
	    "enumerated datatype");
	after = print_verbose_str(f);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	ck_assert_uint_eq(f->n_warnings, 2);

	load_str_as(f, dep_base, "base.xml");
	ck_assert_uint_eq(f->n_warnings, 0);
	t = dt(f, "Place");
	ck_assert_uint_eq(t->u.record.fields[1].type,
	    fom_datatype_by_name(f, "Degrees"));
	check_layout(t, 16, 8);
	check_layout(dt(f, "Opt"), -1, 8);
	fom_free(f);

	/* the dependency first: nothing waits */
	f = fom_new();
	load_str_as(f, dep_base, "base.xml");
	load_str_as(f, dep_user, "user.xml");
	ck_assert_uint_eq(f->n_warnings, 0);
	check_layout(dt(f, "Place"), 16, 8);
	fom_free(f);
}
END_TEST

/* A cycle closed by a later module is refused in that module. */
START_TEST(test_dependency_cycle)
{
	static const char user[] =
	    "<?xml version=\"1.0\"?>\n<objectModel>\n"
	    "<modelIdentification><name>U</name><reference><type>Dependency"
	    "</type><identification>B</identification></reference>"
	    "</modelIdentification>\n<dataTypes>"
	    SECT("fixedRecordDataTypes", R10("Node", F10("next", "Link")))
	    "</dataTypes>\n</objectModel>\n";
	static const char base[] = DTS(SECT("arrayDataTypes",
	    A10("Link", "Node", "1", "HLAfixedArray")));
	struct fom *f = fom_new();
	struct fom_error err;

	load_str_as(f, user, "u.xml");
	ck_assert_int_eq(fom_load_string(f, base, strlen(base), "b.xml", &err),
	    -1);
	ck_assert_str_eq(err.file, "b.xml");
	ck_assert_int_eq(err.line, 5);
	ck_assert_str_eq(err.msg, "datatype 'Link' contains itself (Link -> "
	    "Node -> Link): no value of it could be finite");
	ck_assert_uint_eq(f->n_modules, 1);
	ck_assert_int_eq(dt(f, "Node")->resolved, 0);
	ck_assert_uint_eq(fom_datatype_by_name(f, "Link"), 0);
	fom_free(f);
}
END_TEST

/* Nesting depth: 32 levels load, 33 are refused, whichever order the
 * definitions come in. */
static char *
chain_xml(unsigned levels, int reverse)
{
	size_t cap = 256 + levels * 200, n;
	char *buf = malloc(cap);
	unsigned i, k;

	ck_assert_ptr_nonnull(buf);
	n = (size_t)snprintf(buf, cap, DT "<fixedRecordDataTypes>\n");
	/* R1 holds an HLAoctet (depth 2), Rk holds R(k-1) (depth k+1) */
	for (i = 1; i < levels; i++) {
		char prev[16];
		k = reverse ? levels - i : i;
		if (k == 1)
			snprintf(prev, sizeof(prev), "HLAoctet");
		else
			snprintf(prev, sizeof(prev), "R%u", k - 1);
		n += (size_t)snprintf(buf + n, cap - n, "<fixedRecordData>"
		    "<name>R%u</name><field><name>f</name><dataType>%s"
		    "</dataType></field><encoding>HLAfixedRecord</encoding>"
		    "</fixedRecordData>\n", k, prev);
	}
	snprintf(buf + n, cap - n, "</fixedRecordDataTypes>\n" DT_END);
	return buf;
}

START_TEST(test_depth_limit)
{
	struct fom_error err;
	struct fom *f;
	char *xml, want[100];
	int reverse;

	for (reverse = 0; reverse <= 1; reverse++) {
		f = fom_new();
		xml = chain_xml(FOM_MAX_DT_DEPTH, reverse);
		load_str(f, xml);
		ck_assert_uint_eq(dt(f, "R31")->depth, FOM_MAX_DT_DEPTH);
		free(xml);
		fom_free(f);
		f = fom_new();
		xml = chain_xml(FOM_MAX_DT_DEPTH + 1, reverse);
		ck_assert_int_eq(fom_load_string(f, xml, strlen(xml), "d.xml",
		    &err), -1);
		snprintf(want, sizeof(want), "datatype 'R32' is nested deeper "
		    "than %u levels (limit)", FOM_MAX_DT_DEPTH);
		ck_assert_str_eq(err.msg, want);
		ck_assert_int_eq(err.line, reverse ? 5 : 36);
		ck_assert_uint_eq(f->n_datatypes, FOM_MIM_DATATYPES);
		free(xml);
		fom_free(f);
	}
}
END_TEST

/* --- invalid definitions --- */

/* Modules loaded first by some cases. */
static const char pre_current[] = SIMPLE(
    "<simpleData><name>Current</name><representation>HLAfloat64BE"
    "</representation><units>kA</units></simpleData>\n");
static const char pre_types[] = DTS(
    SECT("enumeratedDataTypes", E10("State", "HLAinteger32BE",
	EN10("Open", "0") EN10("Closed", "1")))
    SECT("fixedRecordDataTypes", R10("Pair", F10("x", "HLAinteger32BE")
	F10("y", "HLAinteger32BE"))));
static const char pre_members[] =
    "<?xml version=\"1.0\"?>\n<objectModel>\n"
    OBJ("<objectClass><name>A</name><attribute><name>a</name><dataType>"
    "HLAoctet</dataType></attribute></objectClass>")
    INTER("<interactionClass><name>I</name><parameter><name>p</name>"
    "<dataType>HLAoctet</dataType></parameter></interactionClass>")
    "</objectModel>\n";

static const struct bad_case {
	const char *desc;
	const char *pre;                /* loaded first as pre.xml, or NULL */
	const char *xml;
	const char *msg;                /* expected substring of err.msg */
	int line;                       /* expected err.line */
} bad_cases[] = {
	/* basic data representations */
	{ "basic: name missing", NULL, BASIC("<basicData><size>16</size>"
	    "<endian>Big</endian></basicData>\n"),
	    "basic data representation without a name", 5 },
	{ "basic: name empty", NULL, BASIC(B10(" ", "16", "Big")),
	    "basic data representation without a name", 5 },
	{ "basic: name missing (2000)", NULL, BASIC("<basicData size=\"16\" "
	    "endian=\"Big\"/>\n"), "basic data representation without a name",
	    5 },
	{ "basic: name NA", NULL, BASIC(B10("NA", "16", "Big")),
	    "basic data representation named 'NA': the name is reserved", 5 },
	{ "basic: size missing", NULL, BASIC("<basicData><name>B</name>"
	    "<endian>Big</endian></basicData>\n"),
	    "basic data representation 'B' has no size", 5 },
	{ "basic: size empty", NULL, BASIC(B10("B", "", "Big")),
	    "basic data representation 'B' has an empty size", 5 },
	{ "basic: size negative", NULL, BASIC(B10("B", "-8", "Big")),
	    "basic data representation 'B' has an invalid size '-8' (a number "
	    "of bits, 1 to 4096)", 5 },
	{ "basic: size not a number", NULL, BASIC(B10("B", "16bits", "Big")),
	    "has an invalid size '16bits'", 5 },
	{ "basic: size not a number (2000)", NULL, BASIC(B00("B", "sixteen",
	    "Big")), "has an invalid size 'sixteen'", 5 },
	{ "basic: size zero", NULL, BASIC(B10("B", "0", "Big")),
	    "has an invalid size '0'", 5 },
	{ "basic: size over the limit", NULL, BASIC(B10("B", "4097", "Big")),
	    "has an invalid size '4097' (a number of bits, 1 to 4096)", 5 },
	{ "basic: endian missing", NULL, BASIC("<basicData><name>B</name>"
	    "<size>16</size></basicData>\n"),
	    "basic data representation 'B' has no endian", 5 },
	{ "basic: endian invalid (2000)", NULL, BASIC(B00("B", "16",
	    "Middle")), "has an invalid endian 'Middle' (Big or Little)", 5 },

	/* simple */
	{ "simple: name missing", NULL, SIMPLE("<simpleData><representation>"
	    "HLAoctet</representation></simpleData>\n"),
	    "simple datatype without a name", 5 },
	{ "simple: name empty", NULL, SIMPLE(S10("", "HLAoctet")),
	    "simple datatype without a name", 5 },
	{ "simple: representation missing", NULL, SIMPLE("<simpleData><name>"
	    "S</name></simpleData>\n"),
	    "simple datatype 'S' has no representation", 5 },
	{ "simple: representation empty", NULL, SIMPLE(S10("S", "")),
	    "simple datatype 'S' has an empty representation", 5 },
	{ "simple: representation NA", NULL, SIMPLE(S10("S", "NA")),
	    "simple datatype 'S' has no representation", 5 },
	{ "simple: representation does not exist", NULL,
	    SIMPLE(S10("S", "Nope")), "simple datatype 'S' names datatype "
	    "'Nope', which no module defines", 5 },
	{ "simple: representation does not exist (2000)", NULL,
	    SIMPLE("\n" S00("S", "Nope")), "simple datatype 'S' names "
	    "datatype 'Nope', which no module defines", 6 },
	{ "simple: representation not basic (array)", NULL,
	    SIMPLE(S10("S", "HLAASCIIstring")), "simple datatype 'S' has "
	    "representation 'HLAASCIIstring', an array datatype, not a basic "
	    "data representation", 5 },
	{ "simple: representation not basic (simple)", NULL,
	    SIMPLE(S10("S", "HLAbyte")), "has representation 'HLAbyte', a "
	    "simple datatype, not a basic data representation", 5 },

	/* enumerated */
	{ "enum: name missing", NULL, ENUMS("<enumeratedData><representation>"
	    "HLAoctet</representation>" EN10("A", "0") "</enumeratedData>\n"),
	    "enumerated datatype without a name", 5 },
	{ "enum: name empty", NULL, ENUMS(E10("", "HLAoctet",
	    EN10("A", "0"))), "enumerated datatype without a name", 5 },
	{ "enum: representation missing", NULL, ENUMS("<enumeratedData><name>"
	    "E</name>" EN10("A", "0") "</enumeratedData>\n"),
	    "enumerated datatype 'E' has no representation", 5 },
	{ "enum: representation empty", NULL, ENUMS(E10("E", "",
	    EN10("A", "0"))), "enumerated datatype 'E' has an empty "
	    "representation", 5 },
	{ "enum: representation does not exist", NULL, ENUMS(E10("E", "Nope",
	    EN10("A", "0"))), "enumerated datatype 'E' names datatype 'Nope', "
	    "which no module defines", 5 },
	{ "enum: representation not basic", NULL, ENUMS(E10("E",
	    "HLAboolean", EN10("A", "0"))), "enumerated datatype 'E' has "
	    "representation 'HLAboolean', an enumerated datatype, not a basic "
	    "data representation", 5 },
	{ "enum: floating-point representation", NULL, ENUMS(E10("E",
	    "HLAfloat32BE", EN10("A", "0"))), "enumerated datatype 'E' has "
	    "the floating-point representation 'HLAfloat32BE'", 5 },
	{ "enum: no enumerators", NULL, ENUMS(E10("E", "HLAoctet", "")),
	    "enumerated datatype 'E' has no enumerators", 5 },
	{ "enum: no enumerators (2000)", NULL, ENUMS("<enumeratedData name="
	    "\"E\" representation=\"HLAoctet\"/>\n"),
	    "enumerated datatype 'E' has no enumerators", 5 },
	{ "enum: enumerator name missing", NULL, ENUMS(E10("E", "HLAoctet",
	    EN10("A", "0") "\n<enumerator><value>1</value></enumerator>")),
	    "enumerator of enumerated datatype 'E' without a name", 6 },
	{ "enum: enumerator name empty", NULL, ENUMS(E10("E", "HLAoctet",
	    "\n" EN10(" ", "1"))), "enumerator of enumerated datatype 'E' "
	    "without a name", 6 },
	{ "enum: enumerator name missing (2000)", NULL, ENUMS(
	    "<enumeratedData name=\"E\" representation=\"HLAoctet\">\n"
	    "<enumerator values=\"1\"/></enumeratedData>\n"),
	    "enumerator of enumerated datatype 'E' without a name", 6 },
	{ "enum: enumerator value missing", NULL, ENUMS(E10("E", "HLAoctet",
	    "\n<enumerator><name>A</name></enumerator>")),
	    "enumerator 'A' of enumerated datatype 'E' has no value", 6 },
	{ "enum: enumerator value empty", NULL, ENUMS(E10("E", "HLAoctet",
	    "\n" EN10("A", ""))), "enumerator 'A' of enumerated datatype 'E' "
	    "has an invalid value '' (an integer)", 6 },
	{ "enum: enumerator value not a number", NULL, ENUMS(E10("E",
	    "HLAoctet", "\n" EN10("A", "one"))), "enumerator 'A' of "
	    "enumerated datatype 'E' has an invalid value 'one' (an integer)",
	    6 },
	{ "enum: value out of range of HLAoctet", NULL, ENUMS(E10("E",
	    "HLAoctet", EN10("A", "0") "\n" EN10("B", "256"))), "value 256 of "
	    "enumerator 'B' of enumerated datatype 'E' is out of the range of "
	    "its representation 'HLAoctet' (0 to 255)", 6 },
	{ "enum: negative value on HLAoctet (2000)", NULL, ENUMS(
	    "<enumeratedData name=\"E\" representation=\"HLAoctet\">\n"
	    "<enumerator name=\"A\" values=\"-1\"/></enumeratedData>\n"),
	    "value -1 of enumerator 'A' of enumerated datatype 'E' is out of "
	    "the range of its representation 'HLAoctet' (0 to 255)", 6 },
	{ "enum: value out of range of HLAinteger16BE", NULL, ENUMS(E10("E",
	    "HLAinteger16BE", "\n" EN10("A", "-32769"))), "(-32768 to 32767)",
	    6 },
	{ "enum: value beyond 64 bits", NULL, ENUMS(E10("E", "HLAinteger64BE",
	    "\n" EN10("A", "9223372036854775808"))), "has an invalid value "
	    "'9223372036854775808'", 6 },
	{ "enum: duplicate enumerator", NULL, ENUMS(E10("E", "HLAoctet",
	    EN10("A", "0") EN10("B", "1") "\n" EN10("A", "2"))),
	    "duplicate enumerator 'A' in enumerated datatype 'E'", 6 },
	{ "enum: duplicate value", NULL, ENUMS(E10("E", "HLAoctet",
	    EN10("A", "1") "\n" EN10("B", "1"))), "value 1 of enumerator 'B' "
	    "of enumerated datatype 'E' is already the value of enumerator "
	    "'A'", 6 },
	{ "enum: value twice in one enumerator (2000)", NULL, ENUMS(
	    "<enumeratedData name=\"E\" representation=\"HLAoctet\">\n"
	    "<enumerator name=\"A\" values=\"3, 3\"/></enumeratedData>\n"),
	    "value 3 given twice to enumerator 'A' of enumerated datatype "
	    "'E'", 6 },
	/* what the 2000 form is forgiven is an error in the 2010 form */
	{ "enum: character values (2010)", NULL, ENUMS(E10("Wake",
	    "HLAoctet", "\n" EN10("Heavy", "H"))), "enumerator 'Heavy' of "
	    "enumerated datatype 'Wake' has an invalid value 'H' (an "
	    "integer)", 6 },

	/* arrays */
	{ "array: name missing", NULL, ARRAYS("<arrayData><dataType>HLAoctet"
	    "</dataType><cardinality>1</cardinality><encoding>HLAfixedArray"
	    "</encoding></arrayData>\n"), "array datatype without a name", 5 },
	{ "array: name empty", NULL, ARRAYS(A10("", "HLAoctet", "1",
	    "HLAfixedArray")), "array datatype without a name", 5 },
	{ "array: element missing", NULL, ARRAYS("<arrayData><name>A</name>"
	    "<cardinality>1</cardinality><encoding>HLAfixedArray</encoding>"
	    "</arrayData>\n"), "array datatype 'A' has no dataType", 5 },
	{ "array: element missing (2000)", NULL, ARRAYS("<arrayData name=\"A\""
	    " cardinality=\"1\" encoding=\"HLAfixedArray\"/>\n"),
	    "array datatype 'A' has no dataType", 5 },
	{ "array: element empty", NULL, ARRAYS(A10("A", "", "1",
	    "HLAfixedArray")), "array datatype 'A' has an empty dataType", 5 },
	{ "array: element NA", NULL, ARRAYS(A10("A", "NA", "1",
	    "HLAfixedArray")), "array datatype 'A' has no dataType", 5 },
	{ "array: element does not exist", NULL, ARRAYS(A10("A", "Nope", "1",
	    "HLAfixedArray")), "array datatype 'A' names datatype 'Nope', "
	    "which no module defines", 5 },
	{ "array: element does not exist (2000)", NULL, ARRAYS(A00("A", "Nope",
	    "Dynamic", "HLAvariableArray")), "array datatype 'A' names "
	    "datatype 'Nope', which no module defines", 5 },
	{ "array: cardinality missing", NULL, ARRAYS("<arrayData><name>A"
	    "</name><dataType>HLAoctet</dataType><encoding>HLAfixedArray"
	    "</encoding></arrayData>\n"), "array datatype 'A' has no "
	    "cardinality", 5 },
	{ "array: cardinality empty", NULL, ARRAYS(A10("A", "HLAoctet", "",
	    "HLAfixedArray")), "array datatype 'A' has an empty cardinality",
	    5 },
	{ "array: cardinality negative", NULL, ARRAYS(A10("A", "HLAoctet",
	    "-1", "HLAfixedArray")), "array datatype 'A' has an invalid "
	    "cardinality '-1' (Dynamic, N or [l..u] up to 2147483647, one per "
	    "dimension, separated by commas)", 5 },
	{ "array: cardinality not a number", NULL, ARRAYS(A10("A", "HLAoctet",
	    "many", "HLAfixedArray")), "has an invalid cardinality 'many'",
	    5 },
	{ "array: cardinality not a number (2000)", NULL, ARRAYS(A00("A",
	    "HLAoctet", "lots", "HLAvariableArray")), "has an invalid "
	    "cardinality 'lots'", 5 },
	{ "array: cardinality range reversed", NULL, ARRAYS(A10("A",
	    "HLAoctet", "[5..2]", "HLAvariableArray")), "has an invalid "
	    "cardinality '[5..2]'", 5 },
	{ "array: cardinality range unclosed", NULL, ARRAYS(A10("A",
	    "HLAoctet", "[1..4", "HLAvariableArray")), "has an invalid "
	    "cardinality '[1..4'", 5 },
	{ "array: cardinality range of mixed brackets", NULL, ARRAYS(A10("A",
	    "HLAoctet", "(1..4]", "HLAvariableArray")), "has an invalid "
	    "cardinality '(1..4]'", 5 },
	{ "array: cardinality parenthesised range reversed", NULL,
	    ARRAYS(A10("A", "HLAoctet", "(5..2)", "HLAvariableArray")),
	    "has an invalid cardinality '(5..2)'", 5 },
	{ "array: cardinality parenthesised number", NULL, ARRAYS(A10("A",
	    "HLAoctet", "(4)", "HLAfixedArray")), "has an invalid "
	    "cardinality '(4)'", 5 },
	{ "array: HLAfixedArray of a parenthesised range", NULL,
	    ARRAYS(A10("A", "HLAoctet", "(1..4)", "HLAfixedArray")),
	    "is an HLAfixedArray of cardinality '(1..4)', which is not a "
	    "fixed count", 5 },
	{ "array: cardinality beyond HLAinteger32BE", NULL, ARRAYS(A10("A",
	    "HLAoctet", "[0..2147483648]", "HLAvariableArray")),
	    "has an invalid cardinality '[0..2147483648]'", 5 },
	{ "array: cardinality with an empty dimension", NULL, ARRAYS(A10("A",
	    "HLAoctet", "4,", "HLAfixedArray")), "has an invalid cardinality "
	    "'4,'", 5 },
	{ "array: more than 8 dimensions", NULL, ARRAYS(A10("A", "HLAoctet",
	    "1,1,1,1,1,1,1,1,1", "HLAfixedArray")), "array datatype 'A' has "
	    "more than 8 dimensions (limit)", 5 },
	{ "array: encoding missing", NULL, ARRAYS("<arrayData><name>A</name>"
	    "<dataType>HLAoctet</dataType><cardinality>1</cardinality>"
	    "</arrayData>\n"), "array datatype 'A' has no encoding", 5 },
	{ "array: unknown HLA encoding", NULL, ARRAYS(A10("A", "HLAoctet",
	    "Dynamic", "HLAvariableArry")), "array datatype 'A' has an "
	    "unknown encoding 'HLAvariableArry' (HLAfixedArray or "
	    "HLAvariableArray)", 5 },
	{ "array: HLAfixedArray of Dynamic", NULL, ARRAYS(A10("A", "HLAoctet",
	    "Dynamic", "HLAfixedArray")), "array datatype 'A' is an "
	    "HLAfixedArray of cardinality 'Dynamic', which is not a fixed "
	    "count", 5 },
	{ "array: HLAfixedArray of a range", NULL, ARRAYS(A10("A", "HLAoctet",
	    "2, [1..4]", "HLAfixedArray")), "is an HLAfixedArray of "
	    "cardinality '2, [1..4]', which is not a fixed count", 5 },
	{ "array: HLAvariableArray of 2 dimensions", NULL, ARRAYS(A10("A",
	    "HLAoctet", "Dynamic,4", "HLAvariableArray")), "array datatype "
	    "'A' is an HLAvariableArray of 2 dimensions: an HLAvariableArray "
	    "has one", 5 },
	{ "array: fixed size beyond 2^32 octets", NULL, ARRAYS(
	    A10("Q", "HLAfloat64BE", "4", "HLAfixedArray")
	    A10("Huge", "Q", "2147483647", "HLAfixedArray")), "datatype "
	    "'Huge' has a fixed encoded size of more than 4294967295 octets",
	    6 },

	/* fixed records */
	{ "record: name missing", NULL, RECORDS("<fixedRecordData>"
	    F10("a", "HLAoctet") "<encoding>HLAfixedRecord</encoding>"
	    "</fixedRecordData>\n"), "fixed record datatype without a name",
	    5 },
	{ "record: name empty", NULL, RECORDS(R10("", F10("a", "HLAoctet"))),
	    "fixed record datatype without a name", 5 },
	{ "record: field name missing", NULL, RECORDS(R10("R",
	    F10("a", "HLAoctet") "\n<field><dataType>HLAoctet</dataType>"
	    "</field>")), "field of fixed record datatype 'R' without a name",
	    6 },
	{ "record: field name empty", NULL, RECORDS(R10("R",
	    "\n" F10("", "HLAoctet"))), "field of fixed record datatype 'R' "
	    "without a name", 6 },
	{ "record: field name missing (2000)", NULL, RECORDS(
	    "<fixedRecordData name=\"R\" encoding=\"HLAfixedRecord\">\n"
	    "<field dataType=\"HLAoctet\"/></fixedRecordData>\n"),
	    "field of fixed record datatype 'R' without a name", 6 },
	{ "record: field datatype missing", NULL, RECORDS(R10("R",
	    "\n<field><name>f</name></field>")), "field 'f' of fixed record "
	    "datatype 'R' has no dataType", 6 },
	{ "record: field datatype empty", NULL, RECORDS(R10("R",
	    "\n" F10("f", ""))), "field 'f' of fixed record datatype 'R' has "
	    "an empty dataType", 6 },
	{ "record: field datatype does not exist", NULL, RECORDS(R10("R",
	    F10("a", "HLAoctet") "\n" F10("f", "Nope"))), "field 'f' of fixed "
	    "record datatype 'R' names datatype 'Nope', which no module "
	    "defines", 6 },
	{ "record: field datatype does not exist (2000)", NULL, RECORDS(
	    "<fixedRecordData name=\"R\" encoding=\"HLAfixedRecord\">\n"
	    "<field name=\"f\" dataType=\"Nope\"/></fixedRecordData>\n"),
	    "field 'f' of fixed record datatype 'R' names datatype 'Nope'",
	    6 },
	{ "record: duplicate field", NULL, RECORDS(R10("R",
	    F10("f", "HLAoctet") "\n" F10("f", "HLAoctet"))),
	    "duplicate field 'f' in fixed record datatype 'R'", 6 },
	{ "record: encoding missing", NULL, RECORDS("<fixedRecordData><name>R"
	    "</name>" F10("a", "HLAoctet") "</fixedRecordData>\n"),
	    "fixed record datatype 'R' has no encoding", 5 },
	{ "record: unknown HLA encoding", NULL, RECORDS("<fixedRecordData>"
	    "<name>R</name>" F10("a", "HLAoctet") "<encoding>HLAfixedRecrod"
	    "</encoding></fixedRecordData>\n"), "fixed record datatype 'R' "
	    "has an unknown encoding 'HLAfixedRecrod' (HLAfixedRecord)", 5 },

	/* variant records */
	{ "variant: name missing", NULL, DTS(SECT("enumeratedDataTypes", EABC)
	    SECT("variantRecordDataTypes", "<variantRecordData><discriminant>k"
	    "</discriminant><dataType>E</dataType><encoding>HLAvariantRecord"
	    "</encoding></variantRecordData>\n")),
	    "variant record datatype without a name", 8 },
	{ "variant: discriminant missing", NULL, DTS(SECT("enumeratedDataTypes"
	    , EABC) SECT("variantRecordDataTypes", "<variantRecordData><name>V"
	    "</name><dataType>E</dataType>" ALT10("A", "a", "HLAoctet")
	    "<encoding>HLAvariantRecord</encoding></variantRecordData>\n")),
	    "variant record datatype 'V' has no discriminant", 8 },
	{ "variant: discriminant empty", NULL, DTS(SECT("enumeratedDataTypes",
	    EABC) SECT("variantRecordDataTypes", V10("V", "", "E", ""))),
	    "variant record datatype 'V' has an empty discriminant", 8 },
	{ "variant: discriminant missing (2000)", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    "<variantRecordData name=\"V\" dataType=\"E\" encoding="
	    "\"HLAvariantRecord\"/>\n")),
	    "variant record datatype 'V' has no discriminant", 8 },
	{ "variant: discriminant datatype missing", NULL,
	    VARIANTS("<variantRecordData><name>V</name><discriminant>k"
	    "</discriminant><encoding>HLAvariantRecord</encoding>"
	    "</variantRecordData>\n"), "discriminant 'k' of variant record "
	    "datatype 'V' has no dataType", 5 },
	{ "variant: discriminant datatype does not exist", NULL,
	    VARIANTS(V10("V", "k", "Nope", "")), "discriminant 'k' of variant "
	    "record datatype 'V' names datatype 'Nope', which no module "
	    "defines", 5 },
	{ "variant: discriminant not enumerated", NULL,
	    VARIANTS(V10("V", "k", "HLAinteger32BE", "")), "discriminant 'k' "
	    "of variant record datatype 'V' has datatype 'HLAinteger32BE', a "
	    "basic data representation, not an enumerated datatype", 5 },
	{ "variant: alternative enumerator missing", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", "\n<alternative><name>a</name><dataType>"
	    "HLAoctet</dataType></alternative>"))), "alternative 'a' of "
	    "variant record datatype 'V' has no enumerator", 9 },
	{ "variant: alternative enumerator empty", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", "\n" ALT10("", "a", "HLAoctet")))),
	    "alternative 'a' of variant record datatype 'V' has an empty "
	    "enumerator", 9 },
	{ "variant: alternative names no enumerator", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", ALT10("A", "x", "HLAoctet") "\n"
	    ALT10("B, Z", "a", "HLAoctet")))), "alternative 'a' of variant "
	    "record datatype 'V' names 'Z', which is not an enumerator of 'E'",
	    9 },
	{ "variant: alternative names no enumerator (2000)", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    "<variantRecordData name=\"V\" discriminant=\"k\" dataType=\"E\" "
	    "encoding=\"HLAvariantRecord\">\n<alternative enumerator=\"Q\" "
	    "name=\"a\" dataType=\"HLAoctet\"/></variantRecordData>\n")),
	    "alternative 'a' of variant record datatype 'V' names 'Q', which "
	    "is not an enumerator of 'E'", 9 },
	{ "variant: alternative name missing", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", "\n<alternative><enumerator>A</enumerator>"
	    "<dataType>HLAoctet</dataType></alternative>"))),
	    "alternative 1 of variant record datatype 'V' has no name", 9 },
	{ "variant: alternative name empty", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", ALT10("A", "a", "HLAoctet") "\n"
	    ALT10("B", "", "HLAoctet")))), "alternative 2 of variant record "
	    "datatype 'V' has an empty name", 9 },
	{ "variant: alternative datatype missing", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", "\n<alternative><enumerator>A</enumerator>"
	    "<name>a</name></alternative>"))), "alternative 'a' of variant "
	    "record datatype 'V' has no dataType (NA for an alternative "
	    "without data)", 9 },
	{ "variant: alternative datatype empty", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", "\n" ALT10("A", "a", "")))), "alternative 'a' "
	    "of variant record datatype 'V' has an empty dataType", 9 },
	{ "variant: alternative datatype does not exist", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", "\n" ALT10("A", "a", "Nope")))), "alternative "
	    "'a' of variant record datatype 'V' names datatype 'Nope', which "
	    "no module defines", 9 },
	{ "variant: HLAother twice", NULL, DTS(SECT("enumeratedDataTypes",
	    EABC) SECT("variantRecordDataTypes", V10("V", "k", "E",
	    ALT10("HLAother", "a", "HLAoctet") "\n"
	    ALT10("HLAother", "b", "HLAoctet")))), "variant record datatype "
	    "'V': HLAother in a second alternative", 9 },
	{ "variant: HLAother with enumerators", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", "\n" ALT10("HLAother, A", "a", "HLAoctet")))),
	    "alternative 'a' of variant record datatype 'V' has an invalid "
	    "enumerator set 'HLAother, A' (enumerators and ranges [A..B] "
	    "separated by commas, or HLAother alone)", 9 },
	{ "variant: empty item in a set", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", "\n" ALT10("A,,B", "a", "HLAoctet")))),
	    "has an invalid enumerator set 'A,,B'", 9 },
	{ "variant: enumerator in two alternatives", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", ALT10("A, B", "a", "HLAoctet") "\n"
	    ALT10("[B..C]", "b", "HLAoctet")))), "enumerator 'B' of 'E' is "
	    "selected by two alternatives of variant record datatype 'V' (a "
	    "and b)", 9 },
	{ "variant: enumerator twice in one set", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", "\n" ALT10("[A..C], B", "a", "HLAoctet")))),
	    "alternative 'a' of variant record datatype 'V' selects "
	    "enumerator 'B' twice", 9 },
	{ "variant: empty range", NULL, DTS(SECT("enumeratedDataTypes", EABC)
	    SECT("variantRecordDataTypes", V10("V", "k", "E",
	    "\n" ALT10("[C..A]", "a", "HLAoctet")))), "alternative 'a' of "
	    "variant record datatype 'V' has the empty range [C..A] (the "
	    "value of C is above that of A)", 9 },
	{ "variant: duplicate alternative", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC) SECT("variantRecordDataTypes",
	    V10("V", "k", "E", ALT10("A", "a", "HLAoctet") "\n"
	    ALT10("B", "a", "HLAoctet")))), "duplicate alternative 'a' in "
	    "variant record datatype 'V'", 9 },
	{ "variant: encoding missing", NULL, DTS(SECT("enumeratedDataTypes",
	    EABC) SECT("variantRecordDataTypes", "<variantRecordData><name>V"
	    "</name><discriminant>k</discriminant><dataType>E</dataType>"
	    "</variantRecordData>\n")), "variant record datatype 'V' has no "
	    "encoding", 8 },

	/* cycles */
	{ "cycle: a record holding itself", NULL, RECORDS(R10("R",
	    F10("next", "R"))), "datatype 'R' contains itself (R -> R): no "
	    "value of it could be finite", 5 },
	{ "cycle: two records", NULL, RECORDS(R10("A", F10("b", "B")) "\n"
	    R10("B", F10("a", "A"))), "datatype 'A' contains itself (A -> B "
	    "-> A): no value of it could be finite", 5 },
	{ "cycle: through a fixed array (2000)", NULL, DTS(
	    SECT("arrayDataTypes", A00("Two", "R", "2", "HLAfixedArray"))
	    SECT("fixedRecordDataTypes", "<fixedRecordData name=\"R\" encoding"
	    "=\"HLAfixedRecord\"><field name=\"f\" dataType=\"Two\"/>"
	    "</fixedRecordData>\n")), "datatype 'Two' contains itself (Two -> "
	    "R -> Two): no value of it could be finite", 5 },
	{ "cycle: through a variable array that may be empty", NULL, DTS(
	    SECT("fixedRecordDataTypes", R10("Tree", F10("value", "HLAoctet")
	    F10("children", "Trees")))
	    SECT("arrayDataTypes", A10("Trees", "Tree", "Dynamic",
	    "HLAvariableArray"))), "datatype 'Tree' contains itself (Tree -> "
	    "Trees -> Tree): recursive datatypes are not supported", 5 },
	{ "cycle: through a variable array of at least one", NULL, DTS(
	    SECT("fixedRecordDataTypes", R10("T", F10("kids", "Ts")))
	    SECT("arrayDataTypes", A10("Ts", "T", "[1..4]",
	    "HLAvariableArray"))), "(T -> Ts -> T): no value of it could be "
	    "finite", 5 },
	{ "cycle: through an empty fixed array", NULL, DTS(
	    SECT("fixedRecordDataTypes", R10("T", F10("none", "Ts")))
	    SECT("arrayDataTypes", A10("Ts", "T", "0", "HLAfixedArray"))),
	    "(T -> Ts -> T): recursive datatypes are not supported", 5 },
	{ "cycle: through a variant alternative", NULL, DTS(
	    SECT("enumeratedDataTypes", EABC)
	    SECT("variantRecordDataTypes", V10("Expr", "op", "E",
	    ALT10("A", "leaf", "HLAinteger32BE") ALT10("B", "neg", "Expr")))),
	    "datatype 'Expr' contains itself (Expr -> Expr): recursive "
	    "datatypes are not supported", 8 },
	{ "cycle: through simple representations (2000)", NULL, SIMPLE(
	    S00("S", "T") S00("T", "S")), "datatype 'S' contains itself (S -> "
	    "T -> S)", 5 },

	/* conflicts */
	{ "duplicate in one module, different", NULL, BASIC(B10("B", "16",
	    "Big") B10("B", "32", "Big")), "datatype 'B' conflicts with its "
	    "definition at bad.xml:5 (size 32 vs 16)", 6 },
	{ "same name, another kind, one module", NULL, DTS(
	    SECT("basicDataRepresentations", B10("X", "16", "Big"))
	    SECT("simpleDataTypes", S10("X", "HLAoctet"))), "datatype 'X' "
	    "conflicts with its definition at bad.xml:5 (simple datatype vs "
	    "basic data representation)", 8 },
	{ "MIM datatype redefined differently", NULL, ENUMS(E10("HLAboolean",
	    "HLAoctet", EN10("HLAfalse", "0") EN10("HLAtrue", "1"))),
	    "datatype 'HLAboolean' conflicts with the MIM's definition (built "
	    "in) (representation HLAoctet vs HLAinteger32BE)", 5 },
	{ "MIM basic redefined differently (2000)", NULL,
	    BASIC(B00("HLAinteger32BE", "32", "Little")), "datatype "
	    "'HLAinteger32BE' conflicts with the MIM's definition (built in) "
	    "(endian Little vs Big)", 5 },
	{ "MIM array redefined differently", NULL, ARRAYS(A10("HLAtoken",
	    "HLAbyte", "1", "HLAfixedArray")), "datatype 'HLAtoken' conflicts "
	    "with the MIM's definition (built in) (cardinality 1 vs 0)", 5 },
	{ "conflict across modules: units", pre_current, SIMPLE(
	    "<simpleData><name>Current</name><representation>HLAfloat64BE"
	    "</representation><units>A</units></simpleData>\n"),
	    "datatype 'Current' conflicts with its definition at pre.xml:5 "
	    "(units A vs kA)", 5 },
	{ "conflict across modules: enumerator values", pre_types, ENUMS(
	    E10("State", "HLAinteger32BE", EN10("Open", "1")
	    EN10("Closed", "0"))), "datatype 'State' conflicts with its "
	    "definition at pre.xml:5 (values of enumerator Open)", 5 },
	{ "conflict across modules: enumerators (2000)", pre_types, ENUMS(
	    "<enumeratedData name=\"State\" representation=\"HLAinteger32BE\">"
	    "<enumerator name=\"Open\" values=\"0\"/></enumeratedData>\n"),
	    "datatype 'State' conflicts with its definition at pre.xml:5 (1 "
	    "enumerators vs 2)", 5 },
	{ "conflict across modules: field datatype", pre_types, RECORDS(
	    R10("Pair", F10("x", "HLAinteger32BE") F10("y", "HLAoctet"))),
	    "datatype 'Pair' conflicts with its definition at pre.xml:8 "
	    "(datatype of field y: HLAoctet vs HLAinteger32BE)", 5 },
	{ "conflict across modules: attribute datatype", pre_members,
	    "<?xml version=\"1.0\"?>\n<objectModel>\n<objects><objectClass>"
	    "<name>HLAobjectRoot</name>\n<objectClass><name>A</name>\n"
	    "<attribute><name>a</name><dataType>HLAbyte</dataType>"
	    "</attribute></objectClass></objectClass></objects>\n"
	    "</objectModel>\n", "conflicting merge of attribute 'a' of object "
	    "class 'HLAobjectRoot.A': datatype 'HLAbyte', earlier 'HLAoctet'",
	    5 },
	{ "conflict across modules: parameter datatype", pre_members,
	    "<?xml version=\"1.0\"?>\n<objectModel>\n<interactions>"
	    "<interactionClass><name>HLAinteractionRoot</name>\n"
	    "<interactionClass><name>I</name>\n<parameter><name>p</name>"
	    "</parameter></interactionClass></interactionClass>"
	    "</interactions>\n</objectModel>\n", "conflicting merge of "
	    "parameter 'p' of interaction class 'HLAinteractionRoot.I': "
	    "datatype 'NA', earlier 'HLAoctet'", 5 },
	{ "member datatype name over 1024 bytes", NULL,
	    "<?xml version=\"1.0\"?>\n<objectModel>\n<objects><objectClass "
	    "name=\"HLAobjectRoot\">\n<objectClass name=\"A\"><attribute "
	    "name=\"a\" dataType=\""
#define X64 "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
	    X64 X64 X64 X64 X64 X64 X64 X64 X64 X64 X64 X64 X64 X64 X64 X64 "X"
	    "\"/></objectClass></objectClass></objects>\n</objectModel>\n",
	    "datatype name of attribute 'a' longer than 1024 bytes (limit)",
	    4 },
};

START_TEST(test_bad_input)
{
	const struct bad_case *c = &bad_cases[_i];
	struct fom *f = fom_new();
	struct fom_error err;
	uint32_t n_dt, n_w, n_mod, n_at, n_pa;
	char *before, *after;

	if (c->pre)
		load_str_as(f, c->pre, "pre.xml");
	n_dt = f->n_datatypes;
	n_w = f->n_warnings;
	n_mod = f->n_modules;
	n_at = f->n_attrs;
	n_pa = f->n_params;
	before = print_verbose_str(f);
	memset(&err, 0x55, sizeof(err));
	ck_assert_msg(fom_load_string(f, c->xml, strlen(c->xml), "bad.xml",
	    &err) == -1, "%s: accepted", c->desc);
	ck_assert_msg(memchr(err.msg, '\0', sizeof(err.msg)) != NULL &&
	    strstr(err.msg, c->msg) != NULL, "%s: message '%s', want '%s'",
	    c->desc, err.msg, c->msg);
	ck_assert_str_eq(err.file, "bad.xml");
	ck_assert_msg(err.line == c->line, "%s: line %d, want %d (%s)",
	    c->desc, err.line, c->line, err.msg);
	ck_assert_int_eq(err.budget, 0);
	/* the model is as before */
	ck_assert_uint_eq(f->n_datatypes, n_dt);
	ck_assert_uint_eq(f->n_warnings, n_w);
	ck_assert_uint_eq(f->n_modules, n_mod);
	ck_assert_uint_eq(f->n_attrs, n_at);
	ck_assert_uint_eq(f->n_params, n_pa);
	after = print_verbose_str(f);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	fom_free(f);
}
END_TEST

/* --- the corpus --- */

/* Each file alone: the datatypes it adds to the MIM's, by kind, how many
 * of them are not encodable, and its warnings.  Every datatype of every
 * file is resolved. */
static const struct corpus_case {
	const char *file;
	uint32_t basic, simple, enumerated, array, fixed, variant;
	uint32_t opaque, warnings;
} corpus_cases[] = {
	{ "mim/HLAstandardMIM.xml", 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "rpr2/RPR_FOM_v2.0_1516-2010.xml", 4, 42, 92, 59, 80, 9, 62, 0 },
	{ "restaurant/RestaurantSoup.xml", 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "restaurant/RestaurantFood.xml", 1, 1, 0, 0, 0, 0, 0, 0 },
	{ "restaurant/RestaurantDrinks.xml", 0, 0, 1, 0, 0, 0, 0, 0 },
	{ "restaurant/RestaurantProcesses.xml", 1, 7, 3, 2, 2, 1, 1, 0 },
	{ "fdd-2000/AviationSimNet-fdd.xml", 2, 6, 16, 2, 1, 0, 10, 17 },
	{ "fdd-2000/Certi-Test-02.xml", 1, 3, 1, 0, 0, 0, 0, 2 },
	{ "grid/GLDExample.xml", 2, 8, 0, 1, 0, 0, 3, 1 },
	{ "stress/largeAttributeCount.xml", 0, 0, 0, 0, 0, 0, 0, 0 },
};

START_TEST(test_corpus_file)
{
	const struct corpus_case *c = &corpus_cases[_i];
	struct fom *f = fom_new();
	uint32_t k[7] = { 0 }, opaque = 0, h;

	load_corpus(f, c->file);
	for (h = FOM_MIM_DATATYPES + 1; h <= f->n_datatypes; h++) {
		const struct fom_datatype *t = fom_datatype(f, h);
		k[t->kind]++;
		opaque += !t->encodable;
		ck_assert_uint_eq(t->module, 1);
		ck_assert_uint_eq(fom_datatype_by_name(f, t->name), h);
	}
	for (h = 1; h <= f->n_datatypes; h++)
		ck_assert_msg(fom_datatype(f, h)->resolved, "%s: %s not "
		    "resolved", c->file, fom_datatype(f, h)->name);
	ck_assert_msg(k[FOM_DT_BASIC] == c->basic &&
	    k[FOM_DT_SIMPLE] == c->simple &&
	    k[FOM_DT_ENUMERATED] == c->enumerated &&
	    k[FOM_DT_ARRAY] == c->array &&
	    k[FOM_DT_FIXED_RECORD] == c->fixed &&
	    k[FOM_DT_VARIANT_RECORD] == c->variant, "%s: basic %u simple %u "
	    "enumerated %u array %u fixed %u variant %u", c->file,
	    k[FOM_DT_BASIC], k[FOM_DT_SIMPLE], k[FOM_DT_ENUMERATED],
	    k[FOM_DT_ARRAY], k[FOM_DT_FIXED_RECORD], k[FOM_DT_VARIANT_RECORD]);
	ck_assert_msg(opaque == c->opaque, "%s: %u opaque", c->file, opaque);
	ck_assert_msg(f->n_warnings == c->warnings, "%s: %u warnings",
	    c->file, f->n_warnings);
	fom_free(f);
}
END_TEST

/* The RPR FOM's records laid out by the HLA rules have the sizes DIS
 * (IEEE 1278.1) gives the same fields: entity type 8 octets, entity id 6,
 * world location 24, orientation and velocity 12, marking 12.  Where HLA
 * pads, worked out by hand: SpatialStatic is 24 + 1 + 3 + 12. */
START_TEST(test_corpus_rpr_layout)
{
	struct fom *f = fom_new();
	const struct fom_datatype *t;
	uint32_t ac;

	load_corpus(f, "rpr2/RPR_FOM_v2.0_1516-2010.xml");
	check_layout(dt(f, "EntityTypeStruct"), 8, 2);
	check_layout(dt(f, "EntityIdentifierStruct"), 6, 2);
	check_layout(dt(f, "WorldLocationStruct"), 24, 8);
	check_layout(dt(f, "OrientationStruct"), 12, 4);
	check_layout(dt(f, "VelocityVectorStruct"), 12, 4);
	check_layout(dt(f, "MarkingStruct"), 12, 1);
	check_layout(dt(f, "SpatialStaticStruct"), 40, 8);
	check_layout(dt(f, "SpatialFPStruct"), 52, 8);
	t = dt(f, "RPRboolean");
	ck_assert_uint_eq(t->u.enumerated.representation,
	    fom_datatype_by_name(f, "HLAoctet"));
	check_layout(t, 1, 1);
	ck_assert_uint_eq(dt(f, "RPRunsignedInteger32BE")->u.basic.cls,
	    FOM_BASIC_UNSIGNED);
	/* a variant over 5 enumerators of which 2 carry data */
	check_layout(dt(f, "ParameterValueVariantStruct"), -1, 4);
	t = dt(f, "RTIobjectId");
	ck_assert_uint_eq(t->encoding, FOM_ENC_OTHER);
	ck_assert_str_eq(t->encoding_name, "RPRnullTerminatedArray");
	ck_assert_int_eq(t->encodable, 0);
	ac = fom_oclass_by_name(f, "Aircraft");
	ck_assert_uint_eq(fom_attr(f, fom_attr_by_name(f, ac, "EntityType"))
	    ->datatype, dt(f, "EntityTypeStruct")->handle);
	fom_free(f);
}
END_TEST

/* All the corpus in one model (as test_budget_corpus loads it), and the
 * Restaurant modules in both orders. */
START_TEST(test_corpus_merged)
{
	static const char *const set[] = { "mim/HLAstandardMIM.xml",
	    "rpr2/RPR_FOM_v2.0_1516-2010.xml",
	    "restaurant/RestaurantProcesses.xml",
	    "restaurant/RestaurantFood.xml", "restaurant/RestaurantDrinks.xml",
	    "restaurant/RestaurantSoup.xml", "fdd-2000/AviationSimNet-fdd.xml",
	    "grid/GLDExample.xml" };
	struct fom *f = fom_new(), *g = fom_new();
	size_t i;

	for (i = 0; i < sizeof(set) / sizeof(set[0]); i++)
		load_corpus(f, set[i]);
	/* the MIM's 53, RPR's 286, the Restaurant's 16 (Food and Drinks
	 * repeat Processes'), AviationSimNet's 27 less the UnsignedShort
	 * the Restaurant defines too, GLD's 11 */
	ck_assert_uint_eq(f->n_datatypes, 53 + 286 + 16 + 27 - 1 + 11);
	for (i = 1; i <= f->n_datatypes; i++)
		ck_assert(fom_datatype(f, (uint32_t)i)->resolved);
	ck_assert_uint_eq(f->n_warnings, 17 + 1);
	fom_free(f);
	for (i = 5; i >= 2; i--)
		load_corpus(g, set[i]);
	ck_assert_uint_eq(g->n_datatypes, 53 + 16);
	ck_assert_uint_eq(g->n_warnings, 0);
	check_layout(dt(g, "ServiceStat"), 12, 4);
	ck_assert_uint_eq(fom_attr(g, fom_attr_by_name(g,
	    fom_oclass_by_name(g, "Soda"), "Flavor"))->datatype,
	    fom_datatype_by_name(g, "FlavorType"));
	fom_free(g);
}
END_TEST

/* --- Grid.xml --- */

static const struct {
	const char *cls, *member, *type;
} grid_types[] = {
	{ "Equipment", "Name", "HLAunicodeString" },
	{ "Equipment", "Substation", "HLAunicodeString" },
	{ "Bus", "Voltage", "Kilovolts" },
	{ "Bus", "Angle", "Degrees" },
	{ "Breaker", "Status", "BreakerState" },
	{ "Breaker", "Current", "Amperes" },
	{ "Line", "ActivePower", "Megawatts" },
	{ "Line", "ReactivePower", "Megavars" },
	{ "Line", "Current", "Amperes" },
	{ "Line", "ToSubstation", "HLAunicodeString" },
	{ "Transformer", "TapPosition", "TapStep" },
	{ "Transformer", "ActivePower", "Megawatts" },
	{ "Transformer", "ReactivePower", "Megavars" },
	{ "Substation", "Name", "HLAunicodeString" },
	{ "Substation", "Grid", "HLAunicodeString" },
	{ "Substation", "Frequency", "Hertz" },
	{ "Substation", "TotalLoad", "Megawatts" },
	{ "GridEvent", "Substation", "HLAunicodeString" },
	{ "GridEvent", "Equipment", "HLAunicodeString" },
	{ "Switching", "Operation", "SwitchingOperation" },
	{ "Switching", "Operator", "HLAunicodeString" },
	{ "ProtectionTrip", "Function", "HLAunicodeString" },
	{ "Fault", "FaultType", "FaultKind" },
	{ "Fault", "Impedance", "Ohms" },
	{ "Fault", "Duration", "Seconds" },
	{ "Alarm", "Text", "HLAunicodeString" },
	{ "Alarm", "Severity", "AlarmSeverity" },
};

/* Every block <tag>...</tag> of the text has a <semantics>. */
static void
check_semantics(const char *xml, const char *tag)
{
	char open[32], close[32];
	const char *p = xml, *e;
	unsigned n = 0;

	snprintf(open, sizeof(open), "<%s>", tag);
	snprintf(close, sizeof(close), "</%s>", tag);
	while ((p = strstr(p, open)) != NULL) {
		e = strstr(p, close);
		ck_assert_ptr_nonnull(e);
		ck_assert_msg(memmem(p, (size_t)(e - p), "<semantics>", 11) !=
		    NULL, "a %s of Grid.xml without semantics: %.60s", tag, p);
		p = e;
		n++;
	}
	ck_assert_uint_gt(n, 0);
}

START_TEST(test_grid_xml)
{
	struct fom *f = fom_new();
	const struct fom_datatype *t;
	char *xml;
	size_t i, len = 0;
	FILE *fp;
	uint32_t h;

	load_file(f, TOP_SRCDIR "/data/fom/Grid.xml");
	ck_assert_uint_eq(f->n_warnings, 0);
	/* every attribute and parameter is typed, and the types are encoded
	 * as the samples send them: HLAfloat64BE, HLAinteger32BE,
	 * HLAunicodeString */
	for (h = 1; h <= f->n_attrs; h++) {
		t = fom_datatype(f, fom_attr(f, h)->datatype);
		ck_assert_msg(t != NULL && t->encodable, "attribute %s",
		    fom_attr(f, h)->name);
	}
	for (h = 1; h <= f->n_params; h++) {
		t = fom_datatype(f, fom_param(f, h)->datatype);
		ck_assert_msg(t != NULL && t->encodable, "parameter %s",
		    fom_param(f, h)->name);
	}
	for (i = 0; i < sizeof(grid_types) / sizeof(grid_types[0]); i++) {
		uint32_t c = fom_oclass_by_name(f, grid_types[i].cls), m;
		if (c != 0)
			m = fom_attr(f, fom_attr_by_name(f, c,
			    grid_types[i].member))->datatype;
		else
			m = fom_param(f, fom_param_by_name(f,
			    fom_iclass_by_name(f, grid_types[i].cls),
			    grid_types[i].member))->datatype;
		ck_assert_msg(m == fom_datatype_by_name(f, grid_types[i].type),
		    "%s.%s", grid_types[i].cls, grid_types[i].member);
	}
	t = dt(f, "Kilovolts");
	ck_assert_str_eq(t->u.simple.units, "kV");
	ck_assert_uint_eq(t->u.simple.representation,
	    fom_datatype_by_name(f, "HLAfloat64BE"));
	check_layout(t, 8, 8);
	ck_assert_str_eq(dt(f, "Amperes")->u.simple.units, "A");
	ck_assert_str_eq(dt(f, "Megawatts")->u.simple.units, "MW");
	ck_assert_str_eq(dt(f, "Megavars")->u.simple.units, "Mvar");
	ck_assert_str_eq(dt(f, "Hertz")->u.simple.units, "Hz");
	ck_assert_str_eq(dt(f, "Ohms")->u.simple.units, "ohm");
	ck_assert_str_eq(dt(f, "Seconds")->u.simple.units, "s");
	/* the samples send 0 for open and 1 for closed */
	t = dt(f, "BreakerState");
	ck_assert_int_eq(fom_enumerator_of(t, 0), 0);
	ck_assert_str_eq(t->u.enumerated.enumerators[0].name, "Open");
	ck_assert_str_eq(t->u.enumerated.enumerators[1].name, "Closed");
	ck_assert_uint_eq(t->u.enumerated.representation,
	    fom_datatype_by_name(f, "HLAinteger32BE"));
	/* and severities 1 to 3 */
	t = dt(f, "AlarmSeverity");
	ck_assert_int_eq(fom_enumerator_of(t, 1), 0);
	ck_assert_int_eq(fom_enumerator_of(t, 3), 2);
	ck_assert_int_eq(fom_enumerator_of(t, 0), -1);
	fom_free(f);

	fp = fopen(TOP_SRCDIR "/data/fom/Grid.xml", "r");
	ck_assert_ptr_nonnull(fp);
	xml = malloc(1 << 20);
	ck_assert_ptr_nonnull(xml);
	len = fread(xml, 1, (1 << 20) - 1, fp);
	xml[len] = '\0';
	fclose(fp);
	check_semantics(xml, "attribute");
	check_semantics(xml, "parameter");
	check_semantics(xml, "simpleData");
	check_semantics(xml, "enumeratedData");
	free(xml);
}
END_TEST

/* --- printing --- */

START_TEST(test_print_verbose)
{
	struct fom *f = fom_new();
	char *s;

	load_file(f, TOP_SRCDIR "/data/fom/Grid.xml");
	load_str(f, layout_xml);
	s = print_verbose_str(f);
	ck_assert_ptr_nonnull(strstr(s, "      attribute 4 Voltage (reliable, "
	    "timestamp, dims: Grid Substation)\n        datatype 54 "
	    "Kilovolts: simple on HLAfloat64BE, units kV; 8 octets, "
	    "boundary 8\n"));
	ck_assert_ptr_nonnull(strstr(s, "    parameter 1 Substation\n      "
	    "datatype 34 HLAunicodeString: array of HLAunicodeChar [Dynamic], "
	    "HLAvariableArray; variable size, boundary 4\n"));
	ck_assert_ptr_nonnull(strstr(s, "datatype 63 BreakerState: enumerated "
	    "on HLAinteger32BE {Open=0, Closed=1}; 4 octets, boundary 4 "));
	ck_assert_ptr_nonnull(strstr(s, "datatype 1 HLAinteger16BE: basic, 16 "
	    "bits, big-endian, signed integer; 2 octets, boundary 2 (MIM)\n"));
	ck_assert_ptr_nonnull(strstr(s, "Rec5: fixed record of 2 fields {a: "
	    "HLAinteger32BE, b: HLAoctet}, HLAfixedRecord; 5 octets, boundary "
	    "4 (inline.xml:"));
	ck_assert_ptr_nonnull(strstr(s, "VarMix: variant record on k: E8 {X "
	    "-> x: HLAfloat64BE; Y -> y: HLAinteger16BE; HLAother -> no "
	    "data}, HLAvariantRecord; variable size, boundary 8"));
	free(s);
	fom_free(f);
}
END_TEST

static Suite *
fom_types_suite(void)
{
	Suite *s = suite_create("fom_types");
	TCase *tc;

	tc = tcase_create("model");
	tcase_add_test(tc, test_mim_builtin);
	tcase_add_test(tc, test_mim_2000_units);
	tcase_add_test(tc, test_layout);
	tcase_add_test(tc, test_variant_selection);
	tcase_add_test(tc, test_forms);
	tcase_add_test(tc, test_warn_undefined_member);
	tcase_add_test(tc, test_warn_kept);
	tcase_add_test(tc, test_user_encoding);
	tcase_add_test(tc, test_card_parens);
	tcase_add_test(tc, test_card_parens_merge);
	tcase_add_loop_test(tc, test_lenient_2000, 0,
	    (int)(sizeof(lenient_cases) / sizeof(lenient_cases[0])));
	tcase_add_test(tc, test_value_attribute);
	tcase_add_test(tc, test_merge_identical);
	tcase_add_test(tc, test_dependency_pending);
	tcase_add_test(tc, test_dependency_cycle);
	tcase_add_test(tc, test_depth_limit);
	tcase_add_test(tc, test_grid_xml);
	tcase_add_test(tc, test_print_verbose);
	suite_add_tcase(s, tc);

	tc = tcase_create("invalid");
	tcase_add_loop_test(tc, test_bad_input, 0,
	    (int)(sizeof(bad_cases) / sizeof(bad_cases[0])));
	suite_add_tcase(s, tc);

	if (corpus_here("check_fom_types")) {
		tc = tcase_create("corpus");
		tcase_set_timeout(tc, 120);
		tcase_add_test(tc, test_mim_file_identical);
		tcase_add_loop_test(tc, test_corpus_file, 0,
		    (int)(sizeof(corpus_cases) / sizeof(corpus_cases[0])));
		tcase_add_test(tc, test_corpus_rpr_layout);
		tcase_add_test(tc, test_corpus_merged);
		suite_add_tcase(s, tc);
	}
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(fom_types_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
