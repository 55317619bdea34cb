/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_types_read.c - reading a module's datatype definitions into
 * canonical form (numbers parsed, names checked, each definition's item
 * names unique), comparing a definition with the datatype of the same
 * name (identity: fom_types.c), and adding the new ones to the model:
 * fom_types_add, the first step of a merge.
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


int
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

/* One dimension of a cardinality, s[0..n) without surrounding blanks.
 * "(l..u)", another RTI's form of "[l..u]", is read as that and sets
 * *paren. */
static int
fom_t_card_dim(const char *s, size_t n, struct fom_cardinality *c,
    int *paren)
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
	if (buf[0] == '(' && buf[n - 1] == ')') {
		buf[0] = '[';
		buf[n - 1] = ']';
		*paren = 1;
	}
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
	int paren = 0;

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
		    &t->u.array.dims[i], &paren) < 0)
			return fom_err(x->err, x->file, md->line, "%s has an "
			    "invalid cardinality '%s' (Dynamic, N or [l..u] "
			    "up to %u, one per dimension, separated by "
			    "commas)", what, c, FOM_CARD_MAX);
	}
	if (fom_t_read_encoding(x, md, t, what, r, "HLAfixedArray",
	    FOM_ENC_FIXED_ARRAY, "HLAvariableArray",
	    FOM_ENC_VARIABLE_ARRAY) < 0)
		return -1;
	if (paren && r->warn[0] == '\0') {
		snprintf(r->warn, sizeof(r->warn), "%.300s: cardinality "
		    "'%.200s' writes a range as (l..u): read as [l..u], the "
		    "standard's form", what, c);
		r->warn_line = md->line;
	}
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

const char *
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
