/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check_values.c - the FOM-driven value codec (fom/fom_value.c,
 * fom/fom_json.c): bytes written here by hand from the encoding tables of
 * IEEE 1516.2-2010 4.13 (not by the encoder; the float constants were
 * checked with Python's struct.pack) decoded and compared node by node,
 * then encoded back and compared byte for byte (padding written as
 * zeros, accepted as anything); JSON text to bytes and back; every
 * truncation of every valid encoding (on exact-size heap copies, so that
 * a read past the end trips ASan and valgrind); counts larger than the
 * bytes, bad enumerators, bad UTF-16, the node cap, deep nesting; the
 * encoder's and the JSON reader's errors with their paths; and every
 * fixed-size datatype of the real FOMs of the corpus (FOM_CORPUS_DIR)
 * against the loader's layout, a second computation of the sizes.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fom.h"
#include "fom_value.h"
#include "corpus.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

/* ---- the test FOM ---- */

#define EN(n, v) "<enumerator><name>" n "</name><value>" v "</value>" \
    "</enumerator>"
#define ENUM(n, rep, items) "<enumeratedData><name>" n "</name>" \
    "<representation>" rep "</representation>" items "</enumeratedData>\n"
#define ARR(n, el, card, enc) "<arrayData><name>" n "</name><dataType>" el \
    "</dataType><cardinality>" card "</cardinality><encoding>" enc \
    "</encoding></arrayData>\n"
#define FLD(n, t) "<field><name>" n "</name><dataType>" t "</dataType>" \
    "</field>"
#define REC(n, fields) "<fixedRecordData><name>" n "</name>" fields \
    "<encoding>HLAfixedRecord</encoding></fixedRecordData>\n"
#define ALT(e, n, t) "<alternative><enumerator>" e "</enumerator><name>" \
    n "</name><dataType>" t "</dataType></alternative>"
#define VAR(n, disc, dt, alts) "<variantRecordData><name>" n "</name>" \
    "<discriminant>" disc "</discriminant><dataType>" dt "</dataType>" \
    alts "<encoding>HLAvariantRecord</encoding></variantRecordData>\n"

/* L1 .. L30: Lk is an HLAvariableArray of L(k-1), L0 = HLAinteger16BE */
#define L(a, b) ARR("L" a, "L" b, "Dynamic", "HLAvariableArray")
#define NEST ARR("L1", "HLAinteger16BE", "Dynamic", "HLAvariableArray") \
    L("2", "1") L("3", "2") L("4", "3") L("5", "4") L("6", "5") \
    L("7", "6") L("8", "7") L("9", "8") L("10", "9") L("11", "10") \
    L("12", "11") L("13", "12") L("14", "13") L("15", "14") \
    L("16", "15") L("17", "16") L("18", "17") L("19", "18") \
    L("20", "19") L("21", "20") L("22", "21") L("23", "22") \
    L("24", "23") L("25", "24") L("26", "25") L("27", "26") \
    L("28", "27") L("29", "28") L("30", "29")

static const char test_fom[] =
    "<?xml version=\"1.0\"?>\n"
    "<objectModel xmlns=\"http://standards.ieee.org/IEEE1516-2010\">\n"
    "<dataTypes>\n"
    "<basicDataRepresentations>"
    "<basicData><name>U24BE</name><size>24</size><interpretation>unsigned"
    " integer</interpretation><endian>Big</endian></basicData>"
    "<basicData><name>Int128BE</name><size>128</size><interpretation>"
    "signed integer</interpretation><endian>Big</endian></basicData>"
    "<basicData><name>U64BE</name><size>64</size><interpretation>unsigned"
    " integer</interpretation><endian>Big</endian></basicData>"
    "</basicDataRepresentations>\n"
    "<enumeratedDataTypes>\n"
    ENUM("Color", "HLAoctet", EN("Red", "1") EN("Green", "2")
        EN("Blue", "200"))
    ENUM("Kind16LE", "HLAinteger16LE", EN("A", "-2") EN("B", "300"))
    ENUM("ShapeKind", "HLAinteger32BE", EN("Circle", "1") EN("Square", "2")
        EN("Label", "3") EN("Dot", "4") EN("Blob", "5"))
    "</enumeratedDataTypes>\n"
    "<arrayDataTypes>\n"
    ARR("PhaseList", "Phase", "Dynamic", "HLAvariableArray")
    ARR("Tag8", "HLAASCIIchar", "8", "HLAfixedArray")
    ARR("Name4", "HLAunicodeChar", "4", "HLAfixedArray")
    ARR("Matrix", "HLAinteger16BE", "2,3", "HLAfixedArray")
    ARR("Bounded", "HLAinteger32BE", "[1..3]", "HLAvariableArray")
    ARR("EmptyList", "Empty", "Dynamic", "HLAvariableArray")
    ARR("ColorList", "Color", "Dynamic", "HLAvariableArray")
    NEST
    "</arrayDataTypes>\n"
    "<fixedRecordDataTypes>\n"
    REC("OctLong", FLD("a", "HLAoctet") FLD("b", "HLAinteger64BE"))
    REC("Phase", FLD("V", "HLAfloat64BE") FLD("I", "HLAfloat32LE")
        FLD("Tag", "HLAoctet"))
    REC("Empty", "")
    REC("Nums", FLD("s", "HLAinteger64BE") FLD("u", "U64BE")
        FLD("d", "HLAfloat64BE") FLD("f", "HLAfloat32BE"))
    REC("Mixed", FLD("On", "HLAboolean") FLD("Who", "HLAASCIIstring")
        FLD("Data", "HLAopaqueData") FLD("K", "Kind16LE")
        FLD("C", "Color") FLD("U", "U24BE") FLD("W", "Int128BE")
        FLD("Big", "HLAinteger64LE") FLD("F", "HLAfloat32BE"))
    "</fixedRecordDataTypes>\n"
    "<variantRecordDataTypes>\n"
    VAR("Shape", "Kind", "ShapeKind",
        ALT("Circle", "Radius", "HLAfloat64BE")
        ALT("Square", "Side", "HLAinteger16BE")
        "<alternative><enumerator>Dot</enumerator><dataType>NA</dataType>"
        "</alternative>"
        ALT("HLAother", "Text", "HLAunicodeString"))
    VAR("Sw", "State", "ShapeKind", ALT("Circle", "R", "HLAoctet"))
    "</variantRecordDataTypes>\n"
    "</dataTypes>\n</objectModel>\n";

static struct fom *fom;

static void
setup(void)
{
	struct fom_error err;

	fom = fom_new();
	ck_assert_ptr_nonnull(fom);
	ck_assert_msg(fom_load_string(fom, test_fom, strlen(test_fom),
	    "values.xml", &err) == 0, "%s:%d: %s", err.file, err.line,
	    err.msg);
	ck_assert_msg(fom_load_file(fom, TOP_SRCDIR "/data/fom/Grid.xml",
	    &err) == 0, "%s:%d: %s", err.file, err.line, err.msg);
}

static void
teardown(void)
{
	fom_free(fom);
	fom = NULL;
}

static uint32_t
dt(const char *name)
{
	uint32_t h = fom_datatype_by_name(fom, name);

	ck_assert_msg(h != 0, "no datatype %s", name);
	ck_assert_msg(fom_datatype(fom, h)->encodable, "%s: %s", name,
	    fom_datatype(fom, h)->opaque);
	return h;
}

/* Bytes of hex text ("0a ff" or "0aff") into a new exact-size heap copy;
 * *n their number. */
static uint8_t *
unhex(const char *hex, size_t *n)
{
	uint8_t *b = malloc(strlen(hex) / 2 + 1);
	unsigned v;

	ck_assert_ptr_nonnull(b);
	*n = 0;
	while (*hex) {
		if (*hex == ' ') {
			hex++;
			continue;
		}
		ck_assert(sscanf(hex, "%2x", &v) == 1);
		b[(*n)++] = (uint8_t)v;
		hex += 2;
	}
	return b;
}

static char errbuf[512];

static struct rti_value *
decode_ok(const char *type, const char *hex)
{
	struct rti_value *v = NULL;
	size_t n;
	uint8_t *b = unhex(hex, &n);
	int rc = fom_value_decode(fom, dt(type), b, n, &v, errbuf,
	    sizeof(errbuf));

	ck_assert_msg(rc == RTI_OK, "%s %s: %d %s", type, hex, rc, errbuf);
	free(b);
	return v;
}

/* Decoding hex as type fails with rc and a message containing `msg`. */
static void
decode_bad(const char *type, const char *hex, int rc, const char *msg)
{
	struct rti_value *v = (void *)1;
	size_t n;
	uint8_t *b = unhex(hex, &n);
	int got = fom_value_decode(fom, dt(type), b, n, &v, errbuf,
	    sizeof(errbuf));

	ck_assert_msg(got == rc, "%s %s: got %d (%s), want %d", type, hex,
	    got, errbuf, rc);
	ck_assert_ptr_null(v);
	ck_assert_msg(strstr(errbuf, msg) != NULL, "%s %s: message '%s' "
	    "lacks '%s'", type, hex, errbuf, msg);
	free(b);
}

/* Encoding v as type gives exactly hex (and measures it first). */
static void
encode_eq(const char *type, const struct rti_value *v, const char *hex)
{
	size_t n, len = 99;
	uint8_t *want = unhex(hex, &n), *got = malloc(n + 1);
	int rc;

	rc = fom_value_encode(fom, dt(type), v, NULL, 0, &len, errbuf,
	    sizeof(errbuf));
	ck_assert_msg(rc == (n ? RTI_ERR_LIMIT_EXCEEDED : RTI_OK),
	    "%s: measure %d %s", type, rc, errbuf);
	ck_assert_uint_eq(len, n);
	if (n) {
		ck_assert_int_eq(fom_value_encode(fom, dt(type), v, got, n - 1,
		    &len, errbuf, sizeof(errbuf)), RTI_ERR_LIMIT_EXCEEDED);
		ck_assert_uint_eq(len, n);
		ck_assert_ptr_nonnull(strstr(errbuf, "octets"));
	}
	rc = fom_value_encode(fom, dt(type), v, got, n + 1, &len, errbuf,
	    sizeof(errbuf));
	ck_assert_msg(rc == RTI_OK, "%s: %d %s", type, rc, errbuf);
	ck_assert_uint_eq(len, n);
	ck_assert_msg(memcmp(got, want, n) == 0, "%s: bytes differ", type);
	free(want);
	free(got);
}

/* Encoding v as type fails with INVALID_ARGUMENT and `msg`. */
static void
encode_bad(const char *type, const struct rti_value *v, const char *msg)
{
	uint8_t buf[256];
	size_t len;
	int rc = fom_value_encode(fom, dt(type), v, buf, sizeof(buf), &len,
	    errbuf, sizeof(errbuf));

	ck_assert_msg(rc == RTI_ERR_INVALID_ARGUMENT, "%s: got %d", type,
	    rc);
	ck_assert_msg(strstr(errbuf, msg) != NULL, "%s: message '%s' lacks "
	    "'%s'", type, errbuf, msg);
}

/* ---- valid encodings, by hand ---- */

struct enc_case {
	const char *type;
	const char *hex;       /* as received (padding may be anything) */
	const char *canon;     /* as rti encodes it; NULL: hex */
};

/* float64 big-endian: 1.0 3ff0000000000000, 1.5 3ff8000000000000, -0.5
 * bfe0000000000000, 2.0 4000000000000000, 50.0 4049000000000000, 100.0
 * 4059000000000000, 110.0 405b800000000000, 111.0 405bc00000000000,
 * 112.0 405c000000000000, 200.0 4069000000000000, 300.0
 * 4072c00000000000; float32: 2.0 40000000, 0.25 3e800000, -1.5 bfc00000.
 */
static const struct enc_case valid[] = {
	/* {HLAoctet, HLAinteger64BE}: 1 octet, 7 of padding, 8 */
	{ "OctLong", "7f 00000000000000 fffffffffffffffe", NULL },
	{ "OctLong", "7f a5a5a5a5a5a5a5 fffffffffffffffe",
	    "7f 00000000000000 fffffffffffffffe" },
	/* HLAvariableArray of {float64BE, float32LE, octet} (13 octets,
	 * boundary 8): count, 4 of padding, 13, 3 of padding, 13 */
	{ "PhaseList", "00000002 00000000 3ff8000000000000 00000040 07 000000"
	    " bfe0000000000000 0000803e ff", NULL },
	{ "PhaseList", "00000002 ffffffff 3ff8000000000000 00000040 07 eeeeee"
	    " bfe0000000000000 0000803e ff",
	    "00000002 00000000 3ff8000000000000 00000040 07 000000"
	    " bfe0000000000000 0000803e ff" },
	{ "PhaseList", "00000000", NULL },
	/* variant: discriminant, padding to the alternative's boundary */
	{ "Shape", "00000001 00000000 4000000000000000", NULL },
	{ "Shape", "00000002 fffd", NULL },
	{ "Shape", "00000004", NULL },
	/* HLAother: an HLAunicodeString "a" U+1F600 (surrogate pair) */
	{ "Shape", "00000003 00000003 0061 d83d de00", NULL },
	{ "Shape", "00000005 00000000", NULL },
	/* no HLAother: Square selects no data */
	{ "Sw", "00000002", NULL },
	{ "Sw", "00000001 05", NULL },
	{ "Tag8", "41 42 00 00 00 00 00 00", NULL },
	{ "Tag8", "41 42 43 44 45 46 47 48", NULL },
	{ "Name4", "00e9 20ac 0000 0000", NULL },
	{ "Matrix", "0001 0002 0003 0004 0005 fffa", NULL },
	{ "Bounded", "00000002 0000000a 0000000b", NULL },
	{ "ColorList", "00000003 01 02 c8", NULL },
	{ "EmptyList", "00000003", NULL },
	/* HLAboolean (int32BE), HLAASCIIstring "hi", HLAopaqueData 3
	 * octets, Kind16LE B=300 (pad 1), Color Blue=200, U24BE, Int128BE,
	 * HLAinteger64LE (pad 5), HLAfloat32BE -1.5 */
	{ "Mixed", "00000001 00000002 6869 0000 00000003 0a0b0c 00 2c01 c8"
	    " 00 010203 0000000000 ffffffffffffffffffffffffffffff80"
	    " 0100000000000080 bfc00000", NULL },
	/* Grid.xml: BayMeasurement, 68 octets */
	{ "BayMeasurement", "3ff0000000000000 405b800000000000"
	    " 405bc00000000000 405c000000000000 4059000000000000"
	    " 4069000000000000 4072c00000000000 4049000000000000 00000001",
	    NULL },
	{ "HLAunicodeString", "00000000", NULL },
	{ "HLAunicodeString", "00000004 0048 00e9 d834 dd1e", NULL },
	{ "HLAboolean", "00000000", NULL },
	{ "HLAtoken", "", NULL },
	{ "L3", "00000001 00000002 00000001 0007 0000 00000000", NULL },
};

START_TEST(test_decode_values)
{
	struct rti_value *v, *k;
	size_t n;

	/* OctLong */
	v = decode_ok("OctLong", valid[1].hex);
	ck_assert_int_eq(rti_value_kind(v), RTI_VALUE_RECORD);
	ck_assert_uint_eq(rti_value_count(v), 2);
	ck_assert_str_eq(rti_value_field_name(v, 0), "a");
	ck_assert_int_eq(rti_value_kind(rti_value_field(v, "a")),
	    RTI_VALUE_UNSIGNED);
	ck_assert_uint_eq(rti_value_uint(rti_value_field(v, "a")), 0x7f);
	ck_assert_int_eq(rti_value_int(rti_value_field(v, "b")), -2);
	ck_assert_ptr_null(rti_value_field(v, "c"));
	rti_value_free(v);

	/* PhaseList */
	v = decode_ok("PhaseList", valid[3].hex);
	ck_assert_int_eq(rti_value_kind(v), RTI_VALUE_ARRAY);
	ck_assert_uint_eq(rti_value_count(v), 2);
	k = rti_value_at(v, 1);
	ck_assert(rti_value_double(rti_value_field(k, "V")) == -0.5);
	ck_assert(rti_value_double(rti_value_field(k, "I")) == 0.25);
	ck_assert_uint_eq(rti_value_uint(rti_value_field(k, "Tag")), 0xff);
	ck_assert(rti_value_double(rti_value_field(rti_value_at(v, 0), "I"))
	    == 2.0);
	ck_assert_ptr_null(rti_value_at(v, 2));
	rti_value_free(v);

	/* variants */
	v = decode_ok("Shape", "00000001 00000000 4000000000000000");
	ck_assert_int_eq(rti_value_kind(v), RTI_VALUE_VARIANT);
	ck_assert_str_eq(rti_value_enumerator(rti_value_discriminant(v)),
	    "Circle");
	ck_assert_int_eq(rti_value_int(rti_value_discriminant(v)), 1);
	ck_assert_str_eq(rti_value_alternative_name(v), "Radius");
	ck_assert(rti_value_double(rti_value_alternative(v)) == 2.0);
	rti_value_free(v);
	v = decode_ok("Shape", "00000004");
	ck_assert_str_eq(rti_value_enumerator(rti_value_discriminant(v)),
	    "Dot");
	ck_assert_ptr_null(rti_value_alternative(v));
	rti_value_free(v);
	v = decode_ok("Shape", "00000003 00000003 0061 d83d de00");
	ck_assert_str_eq(rti_value_alternative_name(v), "Text");
	ck_assert_str_eq(rti_value_string(rti_value_alternative(v), &n),
	    "a\xf0\x9f\x98\x80");
	ck_assert_uint_eq(n, 5);
	rti_value_free(v);
	v = decode_ok("Sw", "00000002");
	ck_assert_str_eq(rti_value_enumerator(rti_value_discriminant(v)),
	    "Square");
	ck_assert_ptr_null(rti_value_alternative(v));
	rti_value_free(v);

	/* strings and arrays */
	v = decode_ok("Tag8", "41 42 00 00 00 00 00 00");
	ck_assert_int_eq(rti_value_kind(v), RTI_VALUE_STRING);
	ck_assert_str_eq(rti_value_string(v, NULL), "AB");
	rti_value_free(v);
	v = decode_ok("Name4", "00e9 20ac 0000 0000");
	ck_assert_str_eq(rti_value_string(v, NULL), "\xc3\xa9\xe2\x82\xac");
	rti_value_free(v);
	v = decode_ok("Matrix", "0001 0002 0003 0004 0005 fffa");
	ck_assert_uint_eq(rti_value_count(v), 6);
	ck_assert_int_eq(rti_value_int(rti_value_at(v, 5)), -6);
	rti_value_free(v);
	v = decode_ok("ColorList", "00000003 01 02 c8");
	ck_assert_str_eq(rti_value_enumerator(rti_value_at(v, 2)), "Blue");
	ck_assert_int_eq(rti_value_int(rti_value_at(v, 2)), 200);
	rti_value_free(v);

	/* every scalar kind */
	v = decode_ok("Mixed", valid[19].hex);
	ck_assert_int_eq(rti_value_kind(rti_value_field(v, "On")),
	    RTI_VALUE_BOOLEAN);
	ck_assert_int_eq(rti_value_bool(rti_value_field(v, "On")), 1);
	ck_assert_str_eq(rti_value_string(rti_value_field(v, "Who"), NULL),
	    "hi");
	ck_assert_int_eq(rti_value_kind(rti_value_field(v, "Data")),
	    RTI_VALUE_BYTES);
	ck_assert(memcmp(rti_value_bytes(rti_value_field(v, "Data"), &n),
	    "\x0a\x0b\x0c", 3) == 0);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(rti_value_enumerator(rti_value_field(v, "K")), "B");
	ck_assert_int_eq(rti_value_int(rti_value_field(v, "K")), 300);
	ck_assert_uint_eq(rti_value_uint(rti_value_field(v, "U")), 0x010203);
	ck_assert_int_eq(rti_value_kind(rti_value_field(v, "W")),
	    RTI_VALUE_BYTES);
	ck_assert_int_eq(rti_value_int(rti_value_field(v, "Big")),
	    INT64_MIN + 1);
	ck_assert(rti_value_double(rti_value_field(v, "F")) == -1.5);
	rti_value_free(v);

	/* Grid.xml */
	v = decode_ok("BayMeasurement", valid[20].hex);
	ck_assert(rti_value_double(rti_value_field(v, "Time")) == 1.0);
	k = rti_value_field(v, "Voltage");
	ck_assert_uint_eq(rti_value_count(k), 3);
	ck_assert(rti_value_double(rti_value_at(k, 2)) == 112.0);
	ck_assert(rti_value_double(rti_value_at(rti_value_field(v, "Current"),
	    2)) == 300.0);
	ck_assert(rti_value_double(rti_value_field(v, "Frequency")) == 50.0);
	ck_assert_str_eq(rti_value_enumerator(rti_value_field(v, "Breaker")),
	    "Closed");
	rti_value_free(v);

	v = decode_ok("HLAunicodeString", "00000004 0048 00e9 d834 dd1e");
	ck_assert_str_eq(rti_value_string(v, NULL),
	    "H\xc3\xa9\xf0\x9d\x84\x9e");
	rti_value_free(v);
	v = decode_ok("L3", "00000001 00000002 00000001 0007 0000 00000000");
	ck_assert_int_eq(rti_value_int(rti_value_at(rti_value_at(
	    rti_value_at(v, 0), 0), 0)), 7);
	ck_assert_uint_eq(rti_value_count(rti_value_at(rti_value_at(v, 0),
	    1)), 0);
	rti_value_free(v);
}
END_TEST

/* decode -> encode gives the canonical bytes (padding zeroed), for every
 * valid case. */
START_TEST(test_round_trip)
{
	size_t i;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		struct rti_value *v = decode_ok(valid[i].type, valid[i].hex);
		encode_eq(valid[i].type, v, valid[i].canon ? valid[i].canon :
		    valid[i].hex);
		rti_value_free(v);
	}
}
END_TEST

/* Every proper prefix of every valid encoding is an error, never a read
 * past it (exact-size copies); one more octet is an error too. */
START_TEST(test_truncation)
{
	size_t i, k, n;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		uint8_t *b = unhex(valid[i].hex, &n), *c;
		uint32_t h = dt(valid[i].type);
		for (k = 0; k < n; k++) {
			struct rti_value *v = NULL;
			c = malloc(k ? k : 1);
			memcpy(c, b, k);
			ck_assert_msg(fom_value_decode(fom, h, c, k, &v,
			    errbuf, sizeof(errbuf)) == RTI_ERR_DECODER_ERROR,
			    "%s cut at %zu decoded", valid[i].type, k);
			ck_assert_ptr_null(v);
			ck_assert(strncmp(errbuf, "offset ", 7) == 0);
			free(c);
		}
		c = malloc(n + 1);
		memcpy(c, b, n);
		c[n] = 0;
		{
			struct rti_value *v = NULL;
			ck_assert_int_eq(fom_value_decode(fom, h, c, n + 1, &v,
			    errbuf, sizeof(errbuf)), RTI_ERR_DECODER_ERROR);
			ck_assert_ptr_nonnull(strstr(errbuf, "octets after"));
		}
		free(c);
		free(b);
	}
}
END_TEST

START_TEST(test_decode_errors)
{
	/* counts larger than the bytes: refused before any allocation */
	decode_bad("HLAopaqueData", "003d0900 0102030405060708090a0b0c0d0e0f1011"
	    "121314", RTI_ERR_DECODER_ERROR, "offset 0: HLAopaqueData of "
	    "4000000 elements needs 4000000 octets, 20 left");
	decode_bad("PhaseList", "7fffffff 00000000 3ff8000000000000",
	    RTI_ERR_DECODER_ERROR, "offset 0: HLAvariableArray count "
	    "2147483647 needs 27917287411 octets, 8 left");
	decode_bad("PhaseList", "80000000", RTI_ERR_DECODER_ERROR,
	    "is negative");
	decode_bad("HLAunicodeString", "40000000 0041", RTI_ERR_DECODER_ERROR,
	    "needs 2147483648 octets, 2 left");
	decode_bad("Bounded", "00000000", RTI_ERR_DECODER_ERROR,
	    "count 0 is outside its cardinality [1..3]");
	decode_bad("Bounded", "00000004 00000001 00000002 00000003 00000004",
	    RTI_ERR_DECODER_ERROR, "outside its cardinality");
	/* zero-size elements: the node cap */
	decode_bad("EmptyList", "7fffffff", RTI_ERR_LIMIT_EXCEEDED,
	    "values in one decode (limit)");
	/* enumerations */
	decode_bad("Shape", "00000009", RTI_ERR_DECODER_ERROR,
	    "offset 0 ($.Kind): 9 is not a value of an enumerator of "
	    "ShapeKind");
	decode_bad("ColorList", "00000002 01 03", RTI_ERR_DECODER_ERROR,
	    "offset 5 ($[1]): 3 is not a value of an enumerator of Color");
	decode_bad("HLAboolean", "00000002", RTI_ERR_DECODER_ERROR,
	    "neither HLAfalse (0) nor HLAtrue (1)");
	decode_bad("BayMeasurement", "3ff0000000000000 405b800000000000"
	    " 405bc00000000000 405c000000000000 4059000000000000"
	    " 4069000000000000 4072c00000000000 4049000000000000 00000007",
	    RTI_ERR_DECODER_ERROR, "offset 64 ($.Breaker): 7 is not");
	/* UTF-16 and ASCII */
	decode_bad("HLAunicodeString", "00000001 d800", RTI_ERR_DECODER_ERROR,
	    "offset 4: unpaired high surrogate 0xd800");
	decode_bad("HLAunicodeString", "00000002 d800 0041",
	    RTI_ERR_DECODER_ERROR, "unpaired high surrogate");
	decode_bad("HLAunicodeString", "00000002 0041 dc00",
	    RTI_ERR_DECODER_ERROR, "offset 6: unpaired low surrogate");
	decode_bad("Shape", "00000003 00000001 dfff", RTI_ERR_DECODER_ERROR,
	    "offset 8 ($.Text): unpaired low surrogate");
	decode_bad("HLAASCIIstring", "00000002 41 80", RTI_ERR_DECODER_ERROR,
	    "offset 5: byte 0x80 of HLAASCIIstring is not 7-bit ASCII");
	decode_bad("Tag8", "41 42 43 44 45 46 47 ff", RTI_ERR_DECODER_ERROR,
	    "not 7-bit ASCII");
	/* nested: the path of the item */
	decode_bad("PhaseList", "00000002 00000000 3ff8000000000000 00000040"
	    " 07 000000 bfe0000000000000 0000", RTI_ERR_DECODER_ERROR,
	    "offset 32 ($[1].I): HLAfloat32LE needs 4 octets, 2 left");
	decode_bad("L30", "00000001 00000001 00000001 00000001 00000001"
	    " 00000001 00000001 00000001 00000001 00000001 00000001 00000001"
	    " 00000001 00000001 00000001 00000001 00000001 00000001 00000001"
	    " 00000001 00000001 00000001 00000001 00000001 00000001 00000001"
	    " 00000001 00000001 00000001 00000001 00", RTI_ERR_DECODER_ERROR,
	    "offset 116 ($[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
	    "[0][0][0][0][0][0][0][0][0][0][0][0][0]): HLAvariableArray count"
	    " 1 needs 2 octets, 1 left");
}
END_TEST

START_TEST(test_deep_nesting)
{
	/* 30 nested HLAvariableArrays, each of one element, around an
	 * HLAinteger16BE: depth 31 of FOM_MAX_DT_DEPTH 32 */
	char hex[400] = "";
	struct rti_value *v, *k;
	int i;

	for (i = 0; i < 30; i++)
		strcat(hex, "00000001 ");
	strcat(hex, "1234");
	v = decode_ok("L30", hex);
	for (k = v, i = 0; i < 30; i++) {
		ck_assert_int_eq(rti_value_kind(k), RTI_VALUE_ARRAY);
		k = rti_value_at(k, 0);
	}
	ck_assert_int_eq(rti_value_int(k), 0x1234);
	encode_eq("L30", v, hex);
	rti_value_free(v);
}
END_TEST

START_TEST(test_opaque_types)
{
	struct rti_value *v = NULL;
	struct fom_error err;
	static const char x[] = "<?xml version=\"1.0\"?>\n<objectModel>"
	    "<dataTypes><arrayDataTypes>"
	    ARR("Odd", "HLAoctet", "Dynamic", "MyEncoding")
	    "</arrayDataTypes></dataTypes></objectModel>\n";
	uint32_t h;

	ck_assert_int_eq(fom_load_string(fom, x, strlen(x), "odd.xml", &err),
	    0);
	h = fom_datatype_by_name(fom, "Odd");
	ck_assert_int_eq(fom_value_decode(fom, h, "", 0, &v, errbuf,
	    sizeof(errbuf)), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(errbuf, "datatype 'Odd' is not "
	    "encodable"));
	ck_assert_int_eq(fom_value_decode(fom, 99999, "", 0, &v, errbuf,
	    sizeof(errbuf)), RTI_ERR_INVALID_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(errbuf, "99999 is not defined"));
}
END_TEST

/* ---- building trees and encoding them ---- */

static struct rti_value *
rec2(const char *n1, struct rti_value *v1, const char *n2,
    struct rti_value *v2)
{
	struct rti_value *r = rti_value_new_record();

	ck_assert_int_eq(rti_value_set_field(r, n1, v1), RTI_OK);
	if (n2)
		ck_assert_int_eq(rti_value_set_field(r, n2, v2), RTI_OK);
	return r;
}

START_TEST(test_build_encode)
{
	struct rti_value *r, *a, *p, *v;

	/* fields out of order are fine; padding is zeros */
	r = rec2("b", rti_value_new_int(-2), "a", rti_value_new_uint(0x7f));
	encode_eq("OctLong", r, "7f 00000000000000 fffffffffffffffe");
	/* replacing a field */
	ck_assert_int_eq(rti_value_set_field(r, "a", rti_value_new_int(1)),
	    RTI_OK);
	ck_assert_uint_eq(rti_value_count(r), 2);
	encode_eq("OctLong", r, "01 00000000000000 fffffffffffffffe");
	rti_value_free(r);

	a = rti_value_new_array();
	p = rti_value_new_record();
	rti_value_set_field(p, "V", rti_value_new_double(1.5));
	rti_value_set_field(p, "I", rti_value_new_int(2));
	rti_value_set_field(p, "Tag", rti_value_new_uint(7));
	ck_assert_int_eq(rti_value_append(a, p), RTI_OK);
	/* attached nodes are refused a second parent and a free */
	ck_assert_int_eq(rti_value_append(a, p), RTI_ERR_INVALID_ARGUMENT);
	rti_value_free(p);
	encode_eq("PhaseList", a, "00000001 00000000 3ff8000000000000"
	    " 00000040 07");
	rti_value_free(a);

	v = rti_value_new_variant("Kind", rti_value_new_enumerator("Square",
	    0), "Side", rti_value_new_int(-3));
	encode_eq("Shape", v, "00000002 fffd");
	rti_value_free(v);
	v = rti_value_new_variant(NULL, rti_value_new_enumerator(NULL, 5),
	    NULL, rti_value_new_string("", 0));
	encode_eq("Shape", v, "00000005 00000000");
	rti_value_free(v);
	v = rti_value_new_string("a\xf0\x9f\x98\x80", 5);
	encode_eq("HLAunicodeString", v, "00000003 0061 d83d de00");
	encode_bad("Tag8", v, "character at byte 1 is not 7-bit ASCII");
	rti_value_free(v);
}
END_TEST

/* Decoded trees (in their decode's arena) can be changed like built
 * ones: a field replaced, an element appended (the array moves out of the
 * arena), a decoded tree attached to a built one; everything is freed
 * once (ASan and valgrind check). */
START_TEST(test_edit_decoded)
{
	struct rti_value *r, *a, *p, *outer;

	r = decode_ok("OctLong", "7f 00000000000000 fffffffffffffffe");
	ck_assert_int_eq(rti_value_set_field(r, "a", rti_value_new_uint(5)),
	    RTI_OK);
	p = rti_value_new_int(1);
	ck_assert_int_eq(rti_value_append(r, p), RTI_ERR_INVALID_ARGUMENT);
	rti_value_free(p);      /* refused: still the caller's */
	encode_eq("OctLong", r, "05 00000000000000 fffffffffffffffe");
	rti_value_free(r);

	a = decode_ok("PhaseList", valid[2].hex);
	p = rti_value_new_record();
	rti_value_set_field(p, "V", rti_value_new_double(2.0));
	rti_value_set_field(p, "I", rti_value_new_double(0.25));
	rti_value_set_field(p, "Tag", rti_value_new_uint(1));
	ck_assert_int_eq(rti_value_append(a, p), RTI_OK);
	encode_eq("PhaseList", a, "00000003 00000000 3ff8000000000000"
	    " 00000040 07 000000 bfe0000000000000 0000803e ff 000000"
	    " 4000000000000000 0000803e 01");
	/* a decoded root attached to a built array, freed with it */
	outer = rti_value_new_array();
	ck_assert_int_eq(rti_value_append(outer, a), RTI_OK);
	rti_value_free(a);      /* refused: it has a parent now */
	ck_assert_uint_eq(rti_value_count(rti_value_at(outer, 0)), 3);
	rti_value_free(outer);
}
END_TEST

START_TEST(test_encode_errors)
{
	struct rti_value *r, *v, *a;

	r = rec2("a", rti_value_new_uint(256), "b", rti_value_new_int(0));
	encode_bad("OctLong", r, "$.a: 256 is out of range for HLAoctet "
	    "(8-bit unsigned)");
	rti_value_free(r);
	r = rec2("a", rti_value_new_int(-1), "b", rti_value_new_int(0));
	encode_bad("OctLong", r, "$.a: -1 is out of range");
	rti_value_free(r);
	r = rec2("a", rti_value_new_int(1), NULL, NULL);
	encode_bad("OctLong", r, "$.b: missing field of OctLong");
	rti_value_free(r);
	r = rec2("a", rti_value_new_int(1), "b", rti_value_new_int(0));
	rti_value_set_field(r, "zz", rti_value_new_int(0));
	encode_bad("OctLong", r, "$: OctLong has no field 'zz'");
	rti_value_free(r);
	r = rec2("a", rti_value_new_double(1), "b", rti_value_new_int(0));
	encode_bad("OctLong", r, "$.a: expected an integer for HLAoctet, "
	    "got a float");
	rti_value_free(r);

	v = rti_value_new_string("ABCDEFGHI", 9);
	encode_bad("Tag8", v, "9 characters are too long for Tag8 (8)");
	encode_bad("OctLong", v, "expected a record");
	rti_value_free(v);
	v = rti_value_new_string("\xc3\xa9", 2);
	encode_bad("HLAASCIIstring", v, "not 7-bit ASCII");
	encode_eq("Name4", v, "00e9 0000 0000 0000");
	rti_value_free(v);
	v = rti_value_new_string("12345", 5);
	encode_bad("Name4", v, "5 UTF-16 code units are too long for Name4");
	rti_value_free(v);
	ck_assert_ptr_null(rti_value_new_string("\xed\xa0\x80", 3));
	ck_assert_ptr_null(rti_value_new_string("\xc0\xaf", 2));

	v = rti_value_new_variant("Kind", rti_value_new_enumerator("Hexagon",
	    0), NULL, NULL);
	encode_bad("Shape", v, "$.Kind: 'Hexagon' is not an enumerator of "
	    "ShapeKind");
	rti_value_free(v);
	v = rti_value_new_variant("Kind", rti_value_new_enumerator(NULL, 77),
	    NULL, NULL);
	encode_bad("Shape", v, "77 is not the value of an enumerator");
	rti_value_free(v);
	v = rti_value_new_variant("Kind", rti_value_new_enumerator("Dot", 0),
	    "x", rti_value_new_int(1));
	encode_bad("Shape", v, "selects no data");
	rti_value_free(v);
	v = rti_value_new_variant("Kind", rti_value_new_enumerator("Circle",
	    0), NULL, NULL);
	encode_bad("Shape", v, "$.Radius: missing the alternative");
	rti_value_free(v);

	a = rti_value_new_array();
	encode_bad("Bounded", a, "0 elements are outside the cardinality "
	    "[1..3] of Bounded");
	encode_bad("Matrix", a, "Matrix has 6 elements, got 0");
	rti_value_append(a, rti_value_new_int(INT64_MAX));
	encode_bad("Bounded", a, "$[0]: 9223372036854775807 is out of range "
	    "for HLAinteger32BE (32-bit signed)");
	rti_value_free(a);
	v = rti_value_new_int(0);
	encode_bad("HLAboolean", v, "expected a boolean");
	rti_value_free(v);
}
END_TEST


/* ---- JSON ---- */

/* JSON of the decoded hex, exactly. */
static void
json_of(const char *type, const char *hex, const char *want)
{
	struct rti_value *v = decode_ok(type, hex);
	char *j = NULL, *j2 = NULL;
	size_t n, jl;
	uint8_t *b = unhex(hex, &n);

	ck_assert_int_eq(fom_value_to_json(v, &j, &jl, errbuf,
	    sizeof(errbuf)), RTI_OK);
	ck_assert_msg(strcmp(j, want) == 0, "%s: got %s, want %s", type, j,
	    want);
	ck_assert_uint_eq(jl, strlen(j));
	/* the one-call form gives the same text */
	ck_assert_int_eq(fom_value_decode_json(fom, dt(type), b, n, &j2, NULL,
	    errbuf, sizeof(errbuf)), RTI_OK);
	ck_assert_str_eq(j2, j);
	free(j);
	free(j2);
	free(b);
	rti_value_free(v);
}

/* JSON text encodes to exactly hex (both through a tree and in one
 * call). */
static void
json_enc(const char *type, const char *json, const char *hex)
{
	struct rti_value *v = NULL;
	size_t n, len;
	uint8_t *want = unhex(hex, &n), got[512];
	int rc;

	rc = fom_value_from_json(fom, dt(type), json, strlen(json), &v,
	    errbuf, sizeof(errbuf));
	ck_assert_msg(rc == RTI_OK, "%s %s: %d %s", type, json, rc, errbuf);
	encode_eq(type, v, hex);
	rti_value_free(v);
	rc = fom_value_encode_json(fom, dt(type), json, strlen(json), got,
	    sizeof(got), &len, errbuf, sizeof(errbuf));
	ck_assert_msg(rc == RTI_OK, "%s %s: %d %s", type, json, rc, errbuf);
	ck_assert_uint_eq(len, n);
	ck_assert(memcmp(got, want, n) == 0);
	free(want);
}

static void
json_bad(const char *type, const char *json, int rc, const char *msg)
{
	struct rti_value *v = (void *)1;
	int got = fom_value_from_json(fom, dt(type), json, strlen(json), &v,
	    errbuf, sizeof(errbuf));

	ck_assert_msg(got == rc, "%s %s: got %d (%s)", type, json, got,
	    errbuf);
	ck_assert_ptr_null(v);
	ck_assert_msg(strstr(errbuf, msg) != NULL, "%s %s: message '%s' lacks "
	    "'%s'", type, json, errbuf, msg);
}

START_TEST(test_json_out)
{
	json_of("OctLong", "7f a5a5a5a5a5a5a5 fffffffffffffffe",
	    "{\"a\":127,\"b\":-2}");
	json_of("PhaseList", valid[2].hex, "[{\"V\":1.5,\"I\":2,\"Tag\":7},"
	    "{\"V\":-0.5,\"I\":0.25,\"Tag\":255}]");
	json_of("Shape", "00000001 00000000 4000000000000000",
	    "{\"Kind\":\"Circle\",\"Radius\":2}");
	json_of("Shape", "00000004", "{\"Kind\":\"Dot\"}");
	json_of("Shape", "00000003 00000003 0061 d83d de00",
	    "{\"Kind\":\"Label\",\"Text\":\"a\xf0\x9f\x98\x80\"}");
	json_of("Tag8", "41 22 5c 0a 01 00 00 00", "\"A\\\"\\\\\\n\\u0001\"");
	json_of("Mixed", valid[19].hex, "{\"On\":true,\"Who\":\"hi\","
	    "\"Data\":\"CgsM\",\"K\":\"B\",\"C\":\"Blue\",\"U\":66051,"
	    "\"W\":\"////////////////////gA==\","
	    "\"Big\":-9223372036854775807,\"F\":-1.5}");
	json_of("BayMeasurement", valid[20].hex, "{\"Time\":1,\"Voltage\":"
	    "[110,111,112],\"Current\":[100,200,300],\"Frequency\":50,"
	    "\"Breaker\":\"Closed\"}");
	/* exact integers at the ends of both ranges, floats that need 17
	 * digits, NaN and the infinities */
	json_of("Nums", "8000000000000000 ffffffffffffffff 3fb999999999999a"
	    " 7f800000", "{\"s\":-9223372036854775808,"
	    "\"u\":18446744073709551615,\"d\":0.1,\"f\":\"Infinity\"}");
	json_of("Nums", "7fffffffffffffff 0000000000000000 3fd5555555555555"
	    " ff800000", "{\"s\":9223372036854775807,\"u\":0,"
	    "\"d\":0.3333333333333333,\"f\":\"-Infinity\"}");
	json_of("Nums", "0000000000000000 0000000000000001 7ff8000000000000"
	    " 80000000", "{\"s\":0,\"u\":1,\"d\":\"NaN\",\"f\":-0.0}");
	/* 0.1 + 0.2: 17 digits */
	json_of("Nums", "0000000000000000 0000000000000000 3fd3333333333334"
	    " 00000001", "{\"s\":0,\"u\":0,\"d\":0.30000000000000004,"
	    "\"f\":1.401298464324817e-45}");
	json_of("HLAopaqueData", "00000005 0102030405", "\"AQIDBAU=\"");
	json_of("HLAopaqueData", "00000000", "\"\"");
}
END_TEST

START_TEST(test_json_in)
{
	json_enc("OctLong", "{\"b\": -2, \"a\": 127}",
	    "7f 00000000000000 fffffffffffffffe");
	json_enc("OctLong", " {\n\t\"a\" : 0 ,\"b\":9223372036854775807 } ",
	    "00 00000000000000 7fffffffffffffff");
	json_enc("PhaseList", "[{\"V\":1.5,\"I\":2,\"Tag\":7},"
	    "{\"V\":-5e-1,\"I\":0.25,\"Tag\":255}]", valid[2].hex);
	json_enc("PhaseList", "[]", "00000000");
	json_enc("Shape", "{\"Radius\":2.0,\"Kind\":\"Circle\"}",
	    "00000001 00000000 4000000000000000");
	json_enc("Shape", "{\"Kind\":2,\"Side\":-3}", "00000002 fffd");
	json_enc("Shape", "{\"Kind\":\"Dot\"}", "00000004");
	json_enc("Shape", "{\"Kind\":\"Label\",\"Text\":\"a\\ud83d\\ude00\"}",
	    "00000003 00000003 0061 d83d de00");
	json_enc("Sw", "{\"State\":\"Square\"}", "00000002");
	json_enc("Tag8", "\"AB\"", "41 42 00 00 00 00 00 00");
	json_enc("Name4", "\"\\u00e9\xe2\x82\xac\"", "00e9 20ac 0000 0000");
	json_enc("Matrix", "[1,2,3,4,5,-6]", "0001 0002 0003 0004 0005 fffa");
	json_enc("ColorList", "[\"Red\",2,\"Blue\"]", "00000003 01 02 c8");
	json_enc("Mixed", "{\"On\":true,\"Who\":\"hi\",\"Data\":\"CgsM\","
	    "\"K\":300,\"C\":\"Blue\",\"U\":66051,"
	    "\"W\":\"////////////////////gA==\","
	    "\"Big\":-9223372036854775807,\"F\":-1.5}", valid[19].hex);
	json_enc("BayMeasurement", "{\"Time\":1,\"Voltage\":[110,111,112],"
	    "\"Current\":[100,200,300],\"Frequency\":50,\"Breaker\":\"Closed\"}",
	    valid[20].hex);
	json_enc("Nums", "{\"s\":-9223372036854775808,"
	    "\"u\":18446744073709551615,\"d\":0.1,\"f\":\"Infinity\"}",
	    "8000000000000000 ffffffffffffffff 3fb999999999999a 7f800000");
	json_enc("Nums", "{\"s\":0,\"u\":1,\"d\":\"NaN\",\"f\":-0.0}",
	    "0000000000000000 0000000000000001 7ff8000000000000 80000000");
	json_enc("HLAunicodeString", "\"H\\u00e9\\uD834\\uDD1E\"",
	    "00000004 0048 00e9 d834 dd1e");
	json_enc("HLAboolean", "false", "00000000");
}
END_TEST

/* JSON -> tree -> JSON and bytes -> JSON -> bytes are identities, for
 * random doubles and integers over their whole ranges. */
START_TEST(test_json_round_trip)
{
	uint64_t x = 88172645463325252ull;
	int i;

	for (i = 0; i < 20000; i++) {
		uint8_t b[28], out[32];
		struct rti_value *v;
		char *j;
		size_t len;
		int k;
		double d;
		float fl;
		uint64_t w = 0;
		uint32_t w32 = 0;
		for (k = 0; k < 28; k++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			b[k] = (uint8_t)x;
		}
		ck_assert_int_eq(fom_value_decode_json(fom, dt("Nums"), b, 28,
		    &j, NULL, errbuf, sizeof(errbuf)), RTI_OK);
		ck_assert_int_eq(fom_value_encode_json(fom, dt("Nums"), j,
		    strlen(j), out, sizeof(out), &len, errbuf,
		    sizeof(errbuf)), RTI_OK);
		ck_assert_uint_eq(len, 28);
		/* integers bit for bit; floats too, but for NaN payloads,
		 * which become the one quiet NaN */
		ck_assert_msg(memcmp(b, out, 16) == 0, "%s", j);
		for (k = 0; k < 8; k++)
			w = w << 8 | b[16 + k];
		memcpy(&d, &w, 8);
		if (!isnan(d))
			ck_assert_msg(memcmp(b + 16, out + 16, 8) == 0, "%s",
			    j);
		for (k = 0; k < 4; k++)
			w32 = w32 << 8 | b[24 + k];
		memcpy(&fl, &w32, 4);
		if (!isnan(fl))
			ck_assert_msg(memcmp(b + 24, out + 24, 4) == 0, "%s",
			    j);
		ck_assert_int_eq(fom_value_from_json(fom, dt("Nums"), j,
		    strlen(j), &v, errbuf, sizeof(errbuf)), RTI_OK);
		free(j);
		rti_value_free(v);
	}
}
END_TEST

START_TEST(test_json_errors)
{
	json_bad("BayMeasurement", "{\"Time\":1,\"Voltage\":[110,\"x\",112]}",
	    RTI_ERR_INVALID_ARGUMENT, "$.Voltage[1]: expected a number for "
	    "Kilovolts, got a string");
	json_bad("PhaseList", "[{\"V\":1,\"I\":2,\"Tag\":7},{\"V\":1,\"I\":2,"
	    "\"Tag\":7},{\"V\":true}]", RTI_ERR_INVALID_ARGUMENT,
	    "$[2].V: expected a number for HLAfloat64BE, got a boolean");
	json_bad("OctLong", "{\"a\":1}", RTI_ERR_INVALID_ARGUMENT,
	    "$: missing field 'b' of OctLong");
	json_bad("OctLong", "{\"a\":1,\"b\":2,\"c\":3}",
	    RTI_ERR_INVALID_ARGUMENT, "$: OctLong has no field 'c'");
	json_bad("OctLong", "{\"a\":1,\"a\":2,\"b\":3}",
	    RTI_ERR_INVALID_ARGUMENT, "$.a: field given twice");
	json_bad("OctLong", "{\"a\":256,\"b\":0}", RTI_ERR_INVALID_ARGUMENT,
	    "$.a: 256 is out of range for HLAoctet (8-bit unsigned)");
	json_bad("OctLong", "{\"a\":-1,\"b\":0}", RTI_ERR_INVALID_ARGUMENT,
	    "$.a: -1 is out of range");
	json_bad("OctLong", "{\"a\":1,\"b\":9223372036854775808}",
	    RTI_ERR_INVALID_ARGUMENT, "$.b: 9223372036854775808 is out of "
	    "range for HLAinteger64BE (64-bit signed)");
	json_bad("Nums", "{\"s\":0,\"u\":18446744073709551616,\"d\":0,"
	    "\"f\":0}", RTI_ERR_INVALID_ARGUMENT, "$.u: 18446744073709551616 "
	    "is out of range for U64BE");
	json_bad("OctLong", "{\"a\":1.5,\"b\":0}", RTI_ERR_INVALID_ARGUMENT,
	    "$.a: expected an integer for HLAoctet, got a number with a "
	    "fraction");
	json_bad("Tag8", "\"ABCDEFGHI\"", RTI_ERR_INVALID_ARGUMENT,
	    "$: 9 characters are too long for Tag8 (8)");
	json_bad("Tag8", "\"\\u00e9\"", RTI_ERR_INVALID_ARGUMENT,
	    "Tag8 takes 7-bit ASCII only");
	json_bad("Bounded", "[]", RTI_ERR_INVALID_ARGUMENT,
	    "0 elements are outside the cardinality [1..3] of Bounded");
	json_bad("Matrix", "[1,2]", RTI_ERR_INVALID_ARGUMENT,
	    "Matrix has 6 elements, got 2");
	json_bad("ColorList", "[\"Red\",\"Pink\"]", RTI_ERR_INVALID_ARGUMENT,
	    "$[1]: 'Pink' is not an enumerator of Color");
	json_bad("ColorList", "[7]", RTI_ERR_INVALID_ARGUMENT,
	    "$[0]: 7 is not the value of an enumerator of Color");
	json_bad("Shape", "{\"Radius\":1}", RTI_ERR_INVALID_ARGUMENT,
	    "missing the discriminant 'Kind' of Shape");
	json_bad("Shape", "{\"Kind\":\"Dot\",\"Radius\":1}",
	    RTI_ERR_INVALID_ARGUMENT, "Shape Dot selects no data, got "
	    "alternative 'Radius'");
	json_bad("Shape", "{\"Kind\":\"Circle\"}", RTI_ERR_INVALID_ARGUMENT,
	    "Shape Circle needs alternative 'Radius'");
	json_bad("Shape", "{\"Kind\":\"Circle\",\"Side\":1}",
	    RTI_ERR_INVALID_ARGUMENT, "needs alternative 'Radius'");
	json_bad("HLAunicodeString", "\"\\ud83d\"", RTI_ERR_INVALID_ARGUMENT,
	    "unpaired UTF-16 surrogate escape");
	json_bad("HLAunicodeString", "\"\\ude00x\"", RTI_ERR_INVALID_ARGUMENT,
	    "unpaired UTF-16 surrogate escape");
	json_bad("HLAunicodeString", "\"\xc3\"", RTI_ERR_INVALID_ARGUMENT,
	    "invalid UTF-8");
	json_bad("HLAunicodeString", "\"a\nb\"", RTI_ERR_INVALID_ARGUMENT,
	    "control character");
	json_bad("HLAunicodeString", "\"abc", RTI_ERR_INVALID_ARGUMENT,
	    "unterminated string");
	json_bad("HLAopaqueData", "\"AQI\"", RTI_ERR_INVALID_ARGUMENT,
	    "invalid base64");
	json_bad("HLAopaqueData", "\"A===\"", RTI_ERR_INVALID_ARGUMENT,
	    "invalid base64");
	json_bad("HLAboolean", "1", RTI_ERR_INVALID_ARGUMENT,
	    "expected true or false");
	json_bad("OctLong", "{\"a\":1,\"b\":2} x", RTI_ERR_INVALID_ARGUMENT,
	    "text after the value");
	json_bad("OctLong", "{\"a\":1 \"b\":2}", RTI_ERR_INVALID_ARGUMENT,
	    "expected ',' or '}'");
	json_bad("OctLong", "", RTI_ERR_INVALID_ARGUMENT,
	    "expected an object for OctLong, got the end of the text");
	json_bad("Nums", "{\"s\":01}", RTI_ERR_INVALID_ARGUMENT,
	    "expected ',' or '}'");
	json_bad("Nums", "{\"s\":0,\"u\":0,\"d\":1.,\"f\":0}",
	    RTI_ERR_INVALID_ARGUMENT, "$.d: expected a number");
	json_bad("Nums", "{\"s\":0,\"u\":0,\"d\":\"nan\",\"f\":0}",
	    RTI_ERR_INVALID_ARGUMENT, "$.d: expected a number for "
	    "HLAfloat64BE, got a string (the strings it takes are \"NaN\"");
	json_bad("L2", "[[1,[2]]]", RTI_ERR_INVALID_ARGUMENT,
	    "$[0][1]: expected an integer for HLAinteger16BE, got an array");
}
END_TEST

/* Decimal-looking doubles (m / 10^k, the measurements a federate sends)
 * take the writer's fixed-point path: each reads back bit for bit, with
 * no more digits than %.17g would need. */
START_TEST(test_json_decimals)
{
	static const double p10[] = { 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7 };
	uint64_t x = 2463534242ull;
	int i;

	for (i = 0; i < 200000; i++) {
		struct rti_value *v = NULL, *w = NULL;
		char *j = NULL, g[40];
		double d;
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		d = (double)(x % 2000000000000ull) / p10[(x >> 40) % 8];
		if (x & (1ull << 63))
			d = -d;
		v = rti_value_new_double(d);
		ck_assert_int_eq(fom_value_to_json(v, &j, NULL, errbuf,
		    sizeof(errbuf)), RTI_OK);
		ck_assert_int_eq(fom_value_from_json(fom,
		    dt("HLAfloat64BE"), j, strlen(j), &w, errbuf,
		    sizeof(errbuf)), RTI_OK);
		ck_assert_msg(memcmp(&w->s.d, &d, 8) == 0, "%.17g wrote %s",
		    d, j);
		snprintf(g, sizeof(g), "%.17g", d);
		ck_assert_msg(strlen(j) <= strlen(g) + 2, "%s longer than %s",
		    j, g);
		free(j);
		rti_value_free(v);
		rti_value_free(w);
	}
}
END_TEST

/* Bounds: a huge array of empty records stops at the node cap. */
START_TEST(test_json_bounds)
{
	size_t n = (FOM_VALUE_MAX_NODES + 2) * 3, i;
	char *j = malloc(n + 3);
	struct rti_value *v = NULL;

	j[0] = '[';
	for (i = 0; i < FOM_VALUE_MAX_NODES + 2; i++)
		memcpy(j + 1 + i * 3, "{},", 3);
	j[n] = '{';
	j[n + 1] = '}';
	j[n + 2] = ']';
	ck_assert_int_eq(fom_value_from_json(fom, dt("EmptyList"), j, n + 3,
	    &v, errbuf, sizeof(errbuf)), RTI_ERR_LIMIT_EXCEEDED);
	ck_assert_ptr_null(v);
	ck_assert_ptr_nonnull(strstr(errbuf, "values (limit)"));
	free(j);
	ck_assert_int_eq(fom_value_from_json(fom, dt("EmptyList"), "[]",
	    (size_t)FOM_JSON_MAX_BYTES + 1, &v, errbuf, sizeof(errbuf)),
	    RTI_ERR_LIMIT_EXCEEDED);
}
END_TEST

/* ---- the real FOMs of the corpus ---- */


static const char *const corpus[] = {
	"rpr2/RPR_FOM_v2.0_1516-2010.xml", "grid/GLDExample.xml",
	"fdd-2000/AviationSimNet-fdd.xml", "fdd-2000/Certi-Test-02.xml",
	"mim/HLAstandardMIM.xml",
};

/*
 * The codec against the loader's layout (fom_types.c), for every
 * encodable datatype of fixed size of the corpus's FOMs: random bytes of
 * that size either decode, and then encode back to exactly that many
 * octets and through JSON to the same bytes, or fail as
 * RTI_ERR_DECODER_ERROR (an enumerator that is none, say); a byte less
 * never decodes.  And the RPR FOM's SpatialStaticStruct by hand:
 * WorldLocation (3 float64), IsFrozen (RPRboolean, an octet), 3 octets
 * of padding, Orientation (3 float32).
 */
START_TEST(test_corpus_layouts)
{
	char *path = corpus_file(corpus[_i]);
	struct fom_error err;
	struct fom *f = fom_new();
	uint64_t x = 0x9e3779b97f4a7c15ull;
	uint32_t h, decoded = 0, fixed = 0;
	int k;

	ck_assert_msg(fom_load_file(f, path, &err) == 0, "%s:%d: %s",
	    err.file, err.line, err.msg);
	free(path);
	for (h = 1; h <= f->n_datatypes; h++) {
		const struct fom_datatype *t = fom_datatype(f, h);
		uint8_t *b, *out;
		if (!t->encodable || !t->fixed || t->size > 4096)
			continue;
		fixed++;
		b = malloc(t->size + 1);
		out = malloc(t->size + 1);
		for (k = 0; k < 64; k++) {
			struct rti_value *v = NULL, *w = NULL;
			char *j = NULL;
			size_t i, len;
			int rc;
			for (i = 0; i < t->size; i++) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				/* small values too, for enumerators */
				b[i] = (uint8_t)(k & 1 ? x : x & 3);
			}
			rc = fom_value_decode(f, h, b, t->size, &v, errbuf,
			    sizeof(errbuf));
			ck_assert_msg(rc == RTI_OK ||
			    rc == RTI_ERR_DECODER_ERROR, "%s: %d %s", t->name,
			    rc, errbuf);
			if (rc != RTI_OK)
				continue;
			decoded++;
			ck_assert_int_eq(fom_value_encode(f, h, v, out,
			    t->size, &len, errbuf, sizeof(errbuf)), RTI_OK);
			ck_assert_msg(len == t->size, "%s: %zu octets, the "
			    "layout says %u", t->name, len, t->size);
			ck_assert_int_eq(fom_value_to_json(v, &j, NULL, errbuf,
			    sizeof(errbuf)), RTI_OK);
			ck_assert_msg(fom_value_from_json(f, h, j, strlen(j),
			    &w, errbuf, sizeof(errbuf)) == RTI_OK, "%s: %s: %s",
			    t->name, j, errbuf);
			ck_assert_int_eq(fom_value_encode(f, h, w, b, t->size,
			    &len, errbuf, sizeof(errbuf)), RTI_OK);
			if (strstr(j, "NaN") == NULL)
				ck_assert_msg(memcmp(b, out, t->size) == 0,
				    "%s: %s", t->name, j);
			if (t->size > 0) {
				struct rti_value *cut = NULL;
				ck_assert_int_ne(fom_value_decode(f, h, out,
				    t->size - 1, &cut, errbuf,
				    sizeof(errbuf)), RTI_OK);
				ck_assert_ptr_null(cut);
			}
			free(j);
			rti_value_free(v);
			rti_value_free(w);
		}
		free(b);
		free(out);
	}
	ck_assert_uint_gt(fixed, 0);
	ck_assert_uint_gt(decoded, 0);
	if (_i == 0) {
		struct rti_value *v = NULL;
		size_t n;
		uint8_t *b = unhex("4000000000000000 c000000000000000"
		    " 3ff0000000000000 01 000000 3f800000 40000000 c0400000", &n);
		ck_assert_uint_eq(n, 40);
		ck_assert_int_eq(fom_value_decode(f,
		    fom_datatype_by_name(f, "SpatialStaticStruct"), b, n, &v,
		    errbuf, sizeof(errbuf)), RTI_OK);
		ck_assert(rti_value_double(rti_value_at(rti_value_at(v, 0),
		    1)) == -2.0);
		ck_assert_str_eq(rti_value_enumerator(rti_value_at(v, 1)),
		    "True");
		ck_assert(rti_value_double(rti_value_at(rti_value_at(v, 2),
		    2)) == -3.0);
		rti_value_free(v);
		free(b);
	}
	fom_free(f);
}
END_TEST

static Suite *
values_suite(void)
{
	Suite *s = suite_create("values");
	TCase *tc = tcase_create("codec");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_decode_values);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_truncation);
	tcase_add_test(tc, test_decode_errors);
	tcase_add_test(tc, test_deep_nesting);
	tcase_add_test(tc, test_opaque_types);
	tcase_add_test(tc, test_build_encode);
	tcase_add_test(tc, test_encode_errors);
	tcase_add_test(tc, test_edit_decoded);
	suite_add_tcase(s, tc);
	tc = tcase_create("json");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_json_out);
	tcase_add_test(tc, test_json_in);
	tcase_add_test(tc, test_json_round_trip);
	tcase_add_test(tc, test_json_decimals);
	tcase_add_test(tc, test_json_errors);
	tcase_add_test(tc, test_json_bounds);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	if (corpus_here("check_values")) {
		tc = tcase_create("corpus");
		tcase_add_loop_test(tc, test_corpus_layouts, 0,
		    sizeof(corpus) / sizeof(corpus[0]));
		tcase_set_timeout(tc, 60);
		suite_add_tcase(s, tc);
	}
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(values_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
