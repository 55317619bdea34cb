/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_values.c - libFuzzer target for the FOM-driven value codec and its
 * JSON reader (fom/fom_value.c, fom/fom_json.c, librti-values(3)).
 *
 * The model is fixed: data/fom/Grid.xml plus the module below, with a
 * datatype of every kind.  Byte 0 of the input chooses a datatype
 * (types[]) and the mode by its high bit:
 *   0: the rest is bytes to decode.  A decode that succeeds must encode
 *      again to the same length, to bytes that decode to the same JSON,
 *      and its JSON must read back to a tree that encodes to the same
 *      bytes; a decode that fails says so with RTI_ERR_DECODER_ERROR or
 *      RTI_ERR_LIMIT_EXCEEDED, and a message starting "offset ".
 *   1: the rest is JSON text for the datatype.  Text that reads must
 *      encode, and the JSON of what it reads must read back to a tree
 *      with the same JSON and the same bytes; text that does not read is
 *      RTI_ERR_INVALID_ARGUMENT or RTI_ERR_LIMIT_EXCEEDED with a message
 *      starting "$".
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fom.h"
#include "fom_value.h"
#include "fuzz.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

static const char module[] =
    "<?xml version=\"1.0\"?>\n<objectModel><dataTypes>"
    "<basicDataRepresentations>"
    "<basicData><name>U24BE</name><size>24</size><interpretation>unsigned"
    " integer</interpretation><endian>Big</endian></basicData>"
    "<basicData><name>Int128BE</name><size>128</size><interpretation>"
    "signed integer</interpretation><endian>Big</endian></basicData>"
    "</basicDataRepresentations>"
    "<enumeratedDataTypes>"
    "<enumeratedData><name>Color</name><representation>HLAoctet"
    "</representation><enumerator><name>Red</name><value>1</value>"
    "</enumerator><enumerator><name>Blue</name><value>200</value>"
    "</enumerator></enumeratedData>"
    "<enumeratedData><name>ShapeKind</name><representation>"
    "HLAinteger16LE</representation>"
    "<enumerator><name>Circle</name><value>1</value></enumerator>"
    "<enumerator><name>Square</name><value>2</value></enumerator>"
    "<enumerator><name>Label</name><value>3</value></enumerator>"
    "<enumerator><name>Dot</name><value>-4</value></enumerator>"
    "</enumeratedData>"
    "</enumeratedDataTypes>"
    "<arrayDataTypes>"
    "<arrayData><name>Tag8</name><dataType>HLAASCIIchar</dataType>"
    "<cardinality>8</cardinality><encoding>HLAfixedArray</encoding>"
    "</arrayData>"
    "<arrayData><name>Name4</name><dataType>HLAunicodeChar</dataType>"
    "<cardinality>4</cardinality><encoding>HLAfixedArray</encoding>"
    "</arrayData>"
    "<arrayData><name>Matrix</name><dataType>HLAinteger16BE</dataType>"
    "<cardinality>2,3</cardinality><encoding>HLAfixedArray</encoding>"
    "</arrayData>"
    "<arrayData><name>Bounded</name><dataType>Shape</dataType>"
    "<cardinality>[0..3]</cardinality><encoding>HLAvariableArray"
    "</encoding></arrayData>"
    "<arrayData><name>EmptyList</name><dataType>Empty</dataType>"
    "<cardinality>Dynamic</cardinality><encoding>HLAvariableArray"
    "</encoding></arrayData>"
    "<arrayData><name>Nest</name><dataType>HLAunicodeString</dataType>"
    "<cardinality>Dynamic</cardinality><encoding>HLAvariableArray"
    "</encoding></arrayData>"
    "<arrayData><name>Nest2</name><dataType>Nest</dataType>"
    "<cardinality>Dynamic</cardinality><encoding>HLAvariableArray"
    "</encoding></arrayData>"
    "</arrayDataTypes>"
    "<fixedRecordDataTypes>"
    "<fixedRecordData><name>Empty</name><encoding>HLAfixedRecord"
    "</encoding></fixedRecordData>"
    "<fixedRecordData><name>Mixed</name>"
    "<field><name>On</name><dataType>HLAboolean</dataType></field>"
    "<field><name>Who</name><dataType>HLAASCIIstring</dataType></field>"
    "<field><name>Data</name><dataType>HLAopaqueData</dataType></field>"
    "<field><name>C</name><dataType>Color</dataType></field>"
    "<field><name>U</name><dataType>U24BE</dataType></field>"
    "<field><name>W</name><dataType>Int128BE</dataType></field>"
    "<field><name>Big</name><dataType>HLAinteger64LE</dataType></field>"
    "<field><name>F</name><dataType>HLAfloat32BE</dataType></field>"
    "<field><name>T</name><dataType>Tag8</dataType></field>"
    "<field><name>N</name><dataType>Name4</dataType></field>"
    "<encoding>HLAfixedRecord</encoding></fixedRecordData>"
    "</fixedRecordDataTypes>"
    "<variantRecordDataTypes>"
    "<variantRecordData><name>Shape</name><discriminant>Kind"
    "</discriminant><dataType>ShapeKind</dataType>"
    "<alternative><enumerator>Circle</enumerator><name>Radius</name>"
    "<dataType>HLAfloat64BE</dataType></alternative>"
    "<alternative><enumerator>Dot</enumerator><dataType>NA</dataType>"
    "</alternative>"
    "<alternative><enumerator>HLAother</enumerator><name>Text</name>"
    "<dataType>HLAunicodeString</dataType></alternative>"
    "<encoding>HLAvariantRecord</encoding></variantRecordData>"
    "<variantRecordData><name>Sw</name><discriminant>State"
    "</discriminant><dataType>ShapeKind</dataType>"
    "<alternative><enumerator>[Circle..Square]</enumerator><name>M"
    "</name><dataType>Matrix</dataType></alternative>"
    "<encoding>HLAvariantRecord</encoding></variantRecordData>"
    "</variantRecordDataTypes>"
    "</dataTypes></objectModel>\n";

/* Byte 0 & 0x7f modulo their number picks one. */
static const char *const types[] = {
	"BayMeasurement", "BayMeasurementList", "Mixed", "Shape", "Sw",
	"Bounded", "EmptyList", "Nest2", "Matrix", "HLAunicodeString",
	"HLAopaqueData", "HLAboolean", "BreakerState", "Kilovolts",
	"HLAinteractionCounts", "HLAsynchPointFederateList",
};
#define N_TYPES (sizeof(types) / sizeof(types[0]))

/* Loaded once: the model is only read. */
static struct fom *model;

static struct fom *
get_model(void)
{
	struct fom_error err;

	if (model)
		return model;
	model = fom_new();
	FUZZ_CHECK(model != NULL);
	FUZZ_CHECK(fom_load_file(model, TOP_SRCDIR "/data/fom/Grid.xml",
	    &err) == 0);
	FUZZ_CHECK(fom_load_string(model, module, strlen(module), "fuzz.xml",
	    &err) == 0);
	return model;
}

/* Encode v as dt into a new buffer *out (its size in *n): must succeed. */
static void
encode_all(struct fom *f, uint32_t dt, const struct rti_value *v,
    uint8_t **out, size_t *n)
{
	char err[512];
	size_t len = 0, len2 = 0;
	int rc;

	/* the call sets len: read it only after the call */
	rc = fom_value_encode(f, dt, v, NULL, 0, &len, err, sizeof(err));
	FUZZ_CHECK(rc == (len ? RTI_ERR_LIMIT_EXCEEDED : RTI_OK));
	*out = malloc(len ? len : 1);
	FUZZ_CHECK(*out != NULL);
	FUZZ_CHECK(fom_value_encode(f, dt, v, *out, len, &len2, err,
	    sizeof(err)) == RTI_OK);
	FUZZ_CHECK(len2 == len);
	*n = len;
}

/* JSON of v (must succeed). */
static char *
json_of(const struct rti_value *v)
{
	char err[512], *j = NULL;

	FUZZ_CHECK(fom_value_to_json(v, &j, NULL, err, sizeof(err)) ==
	    RTI_OK);
	return j;
}

/* From a tree v of dt: its JSON reads back to a tree with the same JSON
 * and the same bytes `enc`. */
static void
check_tree(struct fom *f, uint32_t dt, const struct rti_value *v,
    const uint8_t *enc, size_t n)
{
	char err[512], *j = json_of(v), *j2;
	struct rti_value *w = NULL;
	uint8_t *enc2;
	size_t n2;
	int rc;

	rc = fom_value_from_json(f, dt, j, strlen(j), &w, err, sizeof(err));
	if (rc != RTI_OK) {
		fprintf(stderr, "JSON %s of %s: %s\n", j,
		    fom_datatype(f, dt)->name, err);
		FUZZ_CHECK(rc == RTI_OK);
	}
	j2 = json_of(w);
	FUZZ_CHECK(strcmp(j, j2) == 0);
	encode_all(f, dt, w, &enc2, &n2);
	FUZZ_CHECK(n2 == n);
	/* NaN payloads become the quiet NaN through JSON: compare the
	 * texts only then */
	if (strstr(j, "\"NaN\"") == NULL)
		FUZZ_CHECK(memcmp(enc, enc2, n) == 0);
	free(enc2);
	free(j);
	free(j2);
	rti_value_free(w);
}

static void
fuzz_decode(struct fom *f, uint32_t dt, const uint8_t *p, size_t n)
{
	char err[512], *j, *j2;
	struct rti_value *v = NULL, *v2 = NULL;
	uint8_t *copy = malloc(n ? n : 1), *enc;
	size_t m;
	int rc;

	FUZZ_CHECK(copy != NULL);
	memcpy(copy, p, n);     /* exact size: a read past it trips ASan */
	err[0] = '\0';
	rc = fom_value_decode(f, dt, copy, n, &v, err, sizeof(err));
	if (rc != RTI_OK) {
		FUZZ_CHECK(rc == RTI_ERR_DECODER_ERROR ||
		    rc == RTI_ERR_LIMIT_EXCEEDED);
		FUZZ_CHECK(v == NULL);
		FUZZ_CHECK(strncmp(err, "offset ", 7) == 0);
		free(copy);
		return;
	}
	encode_all(f, dt, v, &enc, &m);
	FUZZ_CHECK(m == n);
	/* the re-encoding (padding zeroed) decodes to the same JSON */
	FUZZ_CHECK(fom_value_decode(f, dt, enc, m, &v2, err, sizeof(err)) ==
	    RTI_OK);
	j = json_of(v);
	j2 = json_of(v2);
	FUZZ_CHECK(strcmp(j, j2) == 0);
	check_tree(f, dt, v, enc, m);
	free(j);
	free(j2);
	free(enc);
	rti_value_free(v);
	rti_value_free(v2);
	free(copy);
}

static void
fuzz_json(struct fom *f, uint32_t dt, const uint8_t *p, size_t n)
{
	char err[512];
	struct rti_value *v = NULL;
	char *copy = malloc(n ? n : 1);
	uint8_t *enc;
	size_t m;
	int rc;

	FUZZ_CHECK(copy != NULL);
	memcpy(copy, p, n);
	err[0] = '\0';
	rc = fom_value_from_json(f, dt, copy, n, &v, err, sizeof(err));
	if (rc != RTI_OK) {
		FUZZ_CHECK(rc == RTI_ERR_INVALID_ARGUMENT ||
		    rc == RTI_ERR_LIMIT_EXCEEDED);
		FUZZ_CHECK(v == NULL);
		FUZZ_CHECK(err[0] == '$');
		free(copy);
		return;
	}
	encode_all(f, dt, v, &enc, &m);
	check_tree(f, dt, v, enc, m);
	free(enc);
	rti_value_free(v);
	free(copy);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fom *f = get_model();
	uint32_t dt;

	if (size < 1)
		return 0;
	dt = fom_datatype_by_name(f, types[(data[0] & 0x7f) % N_TYPES]);
	FUZZ_CHECK(dt != 0);
	if (data[0] & 0x80)
		fuzz_json(f, dt, data + 1, size - 1);
	else
		fuzz_decode(f, dt, data + 1, size - 1);
	return 0;
}
