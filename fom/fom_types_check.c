/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_types_check.c - the second step of a merge (fom_types_finish):
 * every datatype not resolved yet has its names looked up; one whose
 * names are all defined, directly and through the datatypes it names, is
 * checked (cycles, depth, variant alternatives, representations) and laid
 * out by the rules fom_types.c states, then never changes again; then the
 * datatypes of attributes and parameters, and the warnings about what
 * stays unresolved.
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

/* Name and value order of an enumerated datatype's enumerators, built
 * once per finish for the variant records that use it. */
struct fom_tenum {
	struct fom_nameset by_name;     /* name -> enumerator index */
	uint32_t *by_value;             /* indexes sorted by first value */
};

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
