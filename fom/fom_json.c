/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_json.c - JSON text of value trees (fom_value.h): tree -> text with
 * proto/'s JSON writer, text -> tree with its pull reader walked as the
 * datatype says (json.h), bounded in size, depth and values, each error
 * naming its path in the value and its byte in the text.
 *
 * The mapping (librti-values(3) JSON):
 *   INTEGER, UNSIGNED   numbers, exact over the whole int64 / uint64 range
 *                       (never through a double)
 *   FLOAT               numbers with the shortest of %.15g..%.17g that reads
 *                       back to the same double; NaN and the infinities as
 *                       the strings "NaN", "Infinity", "-Infinity"
 *   BOOLEAN             true / false
 *   STRING              strings
 *   BYTES               base64 strings (RFC 4648, with padding)
 *   ENUMERATOR          the enumerator's name (its value when built without
 *                       one); input: a name, or a number that is a value
 *   ARRAY               arrays
 *   RECORD              objects keyed by field name
 *   VARIANT             {"<discriminant>": "<enumerator>", "<alternative>":
 *                       value}, the second member absent when there is no
 *                       data
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fom_value.h"
#include "hla.h"
#include "json.h"

/* ---- writer ---- */

/* v as the value of member `key` (NULL: an element, or the document). */
static void
write_value(struct json_w *w, const char *key, const struct rti_value *v)
{
	uint32_t i;

	switch (v->kind) {
	case RTI_VALUE_INTEGER:
		json_w_i64(w, key, v->s.i);
		return;
	case RTI_VALUE_UNSIGNED:
		json_w_u64(w, key, v->s.u);
		return;
	case RTI_VALUE_FLOAT:
		if (isnan(v->s.d))
			json_w_str(w, key, "NaN");
		else if (isinf(v->s.d))
			json_w_str(w, key, v->s.d > 0 ? "Infinity" :
			    "-Infinity");
		else
			json_w_double(w, key, v->s.d);
		return;
	case RTI_VALUE_BOOLEAN:
		json_w_bool(w, key, v->s.i != 0);
		return;
	case RTI_VALUE_STRING:
		json_w_strn(w, key, v->str, v->n);
		return;
	case RTI_VALUE_BYTES:
		json_w_base64(w, key, v->str, v->n);
		return;
	case RTI_VALUE_ENUMERATOR:
		if (v->str)
			json_w_str(w, key, v->str);
		else
			json_w_i64(w, key, v->s.i);
		return;
	case RTI_VALUE_ARRAY:
		json_w_arr(w, key);
		for (i = 0; i < v->n; i++)
			write_value(w, NULL, v->kids[i]);
		json_w_arr_end(w);
		return;
	case RTI_VALUE_RECORD:
	case RTI_VALUE_VARIANT:
		json_w_obj(w, key);
		for (i = 0; i < v->n; i++) {
			const char *l = v->kids[i]->label;

			if (l == NULL)
				l = v->kind == RTI_VALUE_RECORD ? "" : i == 0 ?
				    "discriminant" : "value";
			write_value(w, l, v->kids[i]);
		}
		json_w_obj_end(w);
		return;
	}
	json_w_null(w, key);
}

/* 1 when every STRING and label under v is valid UTF-8 (a tree built by
 * the API always is; this guards the writer's output anyway). */
static int
tree_utf8_ok(const struct rti_value *v, unsigned depth)
{
	uint32_t i;
	size_t k;

	if (depth > FOM_VALUE_MAX_DEPTH * 4)
		return 0;
	if (v->kind == RTI_VALUE_STRING)
		for (k = 0; k < v->n;) {
			uint32_t cp;
			if (hla_utf8_next((const uint8_t *)v->str, v->n, &k,
			    &cp) < 0)
				return 0;
		}
	for (i = 0; v->kids && i < v->n; i++)
		if (!tree_utf8_ok(v->kids[i], depth + 1))
			return 0;
	return 1;
}

static void __attribute__((format(printf, 3, 4)))
jset_err(char *err, size_t cap, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || cap == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, cap, fmt, ap);
	va_end(ap);
}

int
fom_value_to_json(const struct rti_value *v, char **out, size_t *outlen,
    char *err, size_t errcap)
{
	struct json_w w;

	if (out == NULL || v == NULL) {
		jset_err(err, errcap, "NULL argument");
		return RTI_ERR_INVALID_ARGUMENT;
	}
	*out = NULL;
	if (!tree_utf8_ok(v, 0)) {
		jset_err(err, errcap, "a string of the tree is not UTF-8, or "
		    "the tree is nested too deep");
		return RTI_ERR_INVALID_ARGUMENT;
	}
	json_w_init(&w, 0);
	write_value(&w, NULL, v);
	if (json_w_finish(&w, out, outlen) != 0) {
		jset_err(err, errcap, "out of memory");
		return RTI_ERR_NO_MEMORY;
	}
	return RTI_OK;
}

/* ---- reader ---- */

struct jctx {
	const struct fom *f;
	struct json_r r;        /* the text, read token by token */
	uint32_t nodes;
	int rc;
	char *err;
	size_t errcap;
	unsigned n;     /* path */
	struct {
		const char *key;
		size_t klen;
		uint64_t index;
	} path[FOM_VALUE_MAX_DEPTH + 1];
};

static void
jpush(struct jctx *c, const char *key, size_t klen, uint64_t index)
{
	if (c->n < FOM_VALUE_MAX_DEPTH + 1) {
		c->path[c->n].key = key;
		c->path[c->n].klen = klen;
		c->path[c->n].index = index;
	}
	c->n++;
}

static struct rti_value *__attribute__((format(printf, 3, 4)))
jfail(struct jctx *c, int rc, const char *fmt, ...)
{
	char msg[256], where[256];
	size_t o;
	unsigned i;
	va_list ap;

	if (c->rc != RTI_OK)
		return NULL;
	c->rc = rc;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	o = (size_t)snprintf(where, sizeof(where), "$");
	for (i = 0; i < c->n && i < FOM_VALUE_MAX_DEPTH + 1 &&
	    o < sizeof(where); i++) {
		if (c->path[i].key)
			o += (size_t)snprintf(where + o, sizeof(where) - o,
			    ".%.*s", (int)(c->path[i].klen > 64 ? 64 :
			    c->path[i].klen), c->path[i].key);
		else
			o += (size_t)snprintf(where + o, sizeof(where) - o,
			    "[%" PRIu64 "]", c->path[i].index);
	}
	jset_err(c->err, c->errcap, "%s: %s (JSON byte %zu)", where, msg,
	    c->r.i);
	return NULL;
}

#define JSYNTAX(c, what) jfail((c), RTI_ERR_INVALID_ARGUMENT, "%s", (what))

/* A call of the reader failed with `rc`: its reason, at its byte. */
static struct rti_value *
jreader_fail(struct jctx *c, int rc)
{
	if (rc == JSON_ENOMEM)
		return jfail(c, RTI_ERR_NO_MEMORY, "out of memory");
	return JSYNTAX(c, c->r.what);
}

static int
jpeek(struct jctx *c)
{
	return json_r_peek(&c->r);
}

static const char *
jwhat(struct jctx *c)
{
	return json_r_what(&c->r);
}

/* A JSON string into a new malloc'd UTF-8 buffer *out (NUL-terminated),
 * its length in *n; -1 with the error. */
static int
jstring(struct jctx *c, char **out, size_t *n)
{
	int rc = json_r_string(&c->r, out, n);

	if (rc < 0)
		jreader_fail(c, rc);
	return rc < 0 ? -1 : 0;
}

/* A new node with `data` octets of storage at v->str (0: none). */
static struct rti_value *
jnode(struct jctx *c, uint8_t kind, size_t data)
{
	struct rti_value *v;

	if (c->nodes >= FOM_VALUE_MAX_NODES)
		return jfail(c, RTI_ERR_LIMIT_EXCEEDED, "more than %u values "
		    "(limit)", FOM_VALUE_MAX_NODES);
	if ((v = malloc(sizeof(*v) + data)) == NULL)
		return jfail(c, RTI_ERR_NO_MEMORY, "out of memory");
	fom_value_node_init(v, kind);
	if (data)
		v->str = (char *)(v + 1);
	c->nodes++;
	return v;
}

static struct rti_value *jvalue(struct jctx *c, const struct fom_datatype *t,
    unsigned depth);

static struct rti_value *
jscalar(struct jctx *c, const struct fom_datatype *t, int vk)
{
	const struct fom_datatype *b = fom_value_basic(c->f, t);
	struct rti_value *v;
	struct json_num num;
	int ch = jpeek(c);

	if (vk == FOM_VK_BOOL) {
		size_t at = c->r.i;
		int val = ch == 't' || ch == 'f' ? json_r_literal(&c->r) : -1;

		if (val != JSON_TRUE && val != JSON_FALSE) {
			c->r.i = at;
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected "
			    "true or false for %s, got %s", t->name,
			    jwhat(c));
		}
		if ((v = jnode(c, RTI_VALUE_BOOLEAN, 0)) != NULL)
			v->s.i = val == JSON_TRUE;
		return v;
	}
	if (vk == FOM_VK_RAW) {
		char *s;
		size_t n;
		long m;
		if (ch != '"')
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected a "
			    "base64 string for %s, got %s", t->name,
			    jwhat(c));
		if (jstring(c, &s, &n) < 0)
			return NULL;
		if ((v = jnode(c, RTI_VALUE_BYTES, n / 4 * 3 + 1)) == NULL) {
			free(s);
			return NULL;
		}
		m = json_base64_decode(s, n, (uint8_t *)v->str);
		free(s);
		if (m != (long)b->size) {
			free(v);
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, m < 0 ?
			    "invalid base64 for %s" : "%s takes %u octets",
			    t->name, b->size);
		}
		v->n = (uint32_t)m;
		return v;
	}
	if (vk == FOM_VK_ENUM && ch == '"') {
		char *s;
		size_t n;
		uint32_t k;
		if (jstring(c, &s, &n) < 0)
			return NULL;
		for (k = 0; k < t->u.enumerated.n_enumerators; k++)
			if (strcmp(t->u.enumerated.enumerators[k].name, s) ==
			    0)
				break;
		if (k == t->u.enumerated.n_enumerators) {
			v = jfail(c, RTI_ERR_INVALID_ARGUMENT, "'%.64s' is not "
			    "an enumerator of %s", s, t->name);
			free(s);
			return v;
		}
		free(s);
		s = t->u.enumerated.enumerators[k].name;
		if ((v = jnode(c, RTI_VALUE_ENUMERATOR, strlen(s) + 1)) == NULL)
			return NULL;
		memcpy(v->str, s, strlen(s) + 1);
		v->s.i = t->u.enumerated.enumerators[k].values[0];
		return v;
	}
	if (vk == FOM_VK_FLOAT && ch == '"') {
		char *s;
		size_t n;
		double d;
		if (jstring(c, &s, &n) < 0)
			return NULL;
		if (strcmp(s, "NaN") == 0)
			d = NAN;
		else if (strcmp(s, "Infinity") == 0)
			d = INFINITY;
		else if (strcmp(s, "-Infinity") == 0)
			d = -INFINITY;
		else {
			free(s);
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected a "
			    "number for %s, got a string (the strings it takes "
			    "are \"NaN\", \"Infinity\" and \"-Infinity\")",
			    t->name);
		}
		free(s);
		if ((v = jnode(c, RTI_VALUE_FLOAT, 0)) != NULL)
			v->s.d = d;
		return v;
	}
	if (json_r_number(&c->r, &num) < 0)
		return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected %s for %s, "
		    "got %s", vk == FOM_VK_ENUM ? "an enumerator name or value" :
		    vk == FOM_VK_FLOAT ? "a number" : "an integer", t->name,
		    jwhat(c));
	c->r.i -= num.n;        /* an error below points at the number */
	if (vk == FOM_VK_FLOAT) {
		double d;
		if (json_num_double(&num, &d) < 0)
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "number of "
			    "more than %u characters", JSON_NUM_MAX);
		if ((v = jnode(c, RTI_VALUE_FLOAT, 0)) == NULL)
			return NULL;
		v->s.d = d;
		c->r.i += num.n;
		return v;
	}
	{
		int neg;
		uint64_t mag;
		uint32_t bits = b->u.basic.bits;
		if (!num.is_int)
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected an "
			    "integer for %s, got a number with a fraction or "
			    "exponent", t->name);
		if (json_num_int(&num, &neg, &mag) < 0)
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "%.*s is out "
			    "of range for %s (%u-bit)", (int)(num.n > 40 ? 40 :
			    num.n), num.s, t->name, bits);
		if (vk == FOM_VK_INT || vk == FOM_VK_ENUM) {
			uint64_t lim = (uint64_t)1 << (bits - 1);
			if (b->u.basic.cls != FOM_BASIC_SIGNED && vk ==
			    FOM_VK_ENUM) {
				if (neg && mag)
					goto range;
				if (bits < 64 && mag >> bits)
					goto range;
			} else if (neg ? mag > lim : mag >= lim) {
				goto range;
			}
			if ((v = jnode(c, vk == FOM_VK_ENUM ? RTI_VALUE_ENUMERATOR :
			    RTI_VALUE_INTEGER, 0)) == NULL)
				return NULL;
			v->s.i = neg ? (int64_t)((uint64_t)0 - mag) :
			    (int64_t)mag;
			if (vk == FOM_VK_ENUM) {
				int64_t k = fom_enumerator_of(t, v->s.i);
				const char *nm;
				free(v);
				c->nodes--;
				if (k < 0)
					return jfail(c,
					    RTI_ERR_INVALID_ARGUMENT, "%.*s is "
					    "not the value of an enumerator of "
					    "%s", (int)num.n, num.s, t->name);
				nm = t->u.enumerated.enumerators[k].name;
				if ((v = jnode(c, RTI_VALUE_ENUMERATOR,
				    strlen(nm) + 1)) == NULL)
					return NULL;
				memcpy(v->str, nm, strlen(nm) + 1);
				v->s.i = neg ? (int64_t)((uint64_t)0 - mag) :
				    (int64_t)mag;
			}
		} else {
			if ((neg && mag) || (bits < 64 && mag >> bits))
				goto range;
			if ((v = jnode(c, RTI_VALUE_UNSIGNED, 0)) == NULL)
				return NULL;
			v->s.u = mag;
		}
		c->r.i += num.n;
		return v;
range:
		return jfail(c, RTI_ERR_INVALID_ARGUMENT, "%.*s is out of "
		    "range for %s (%u-bit %s)", (int)(num.n > 40 ? 40 :
		    num.n), num.s, t->name, bits,
		    b->u.basic.cls == FOM_BASIC_SIGNED ? "signed" :
		    "unsigned");
	}
}

/* Text or bytes of an array of vk (FOM_VK_ASCII, FOM_VK_UNICODE, FOM_VK_OCTETS). */
static struct rti_value *
jtext(struct jctx *c, const struct fom_datatype *t, int vk)
{
	int fixed = t->encoding == FOM_ENC_FIXED_ARRAY;
	const struct fom_cardinality *cd = &t->u.array.dims[0];
	uint64_t lim = fixed ? fom_value_fixed_count(t) : cd->upper, n;
	struct rti_value *v;
	size_t len, i;
	char *s;

	if (jpeek(c) != '"')
		return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected %s for %s, "
		    "got %s", vk == FOM_VK_OCTETS ? "a base64 string" : "a string",
		    t->name, jwhat(c));
	if (jstring(c, &s, &len) < 0)
		return NULL;
	if (vk == FOM_VK_OCTETS) {
		long m;
		if ((v = jnode(c, RTI_VALUE_BYTES, len / 4 * 3 + 1)) == NULL) {
			free(s);
			return NULL;
		}
		m = json_base64_decode(s, len, (uint8_t *)v->str);
		free(s);
		if (m < 0) {
			free(v);
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "invalid "
			    "base64 for %s", t->name);
		}
		v->n = (uint32_t)m;
		n = (uint64_t)m;
	} else {
		if ((v = jnode(c, RTI_VALUE_STRING, len + 1)) == NULL) {
			free(s);
			return NULL;
		}
		memcpy(v->str, s, len + 1);
		v->n = (uint32_t)len;
		free(s);
		n = 0;
		for (i = 0; i < len;) {
			uint32_t cp;
			if (vk == FOM_VK_ASCII && (unsigned char)v->str[i] > 0x7f) {
				free(v);
				return jfail(c, RTI_ERR_INVALID_ARGUMENT, "%s "
				    "takes 7-bit ASCII only", t->name);
			}
			hla_utf8_next((const uint8_t *)v->str, len, &i, &cp);
			n += vk == FOM_VK_UNICODE && cp > 0xffff ? 2 : 1;
		}
	}
	if (n > lim || (!fixed && n < cd->lower)) {
		free(v);
		return jfail(c, RTI_ERR_INVALID_ARGUMENT, fixed ? "%" PRIu64
		    " %s too long for %s (%" PRIu64 ")" : "%" PRIu64 " %s "
		    "outside the cardinality of %s (%" PRIu64 ")", n,
		    vk == FOM_VK_OCTETS ? "octets are" : vk == FOM_VK_UNICODE ?
		    "UTF-16 code units are" : "characters are", t->name, lim);
	}
	return v;
}

/* Attach child k to composite v (room made). */
static int
jattach(struct jctx *c, struct rti_value *v, struct rti_value *k)
{
	if (v->n == v->cap) {
		uint32_t cap = v->cap ? v->cap * 2 : 4;
		struct rti_value **p = realloc(v->kids, cap * sizeof(*p));
		if (p == NULL) {
			jfail(c, RTI_ERR_NO_MEMORY, "out of memory");
			return -1;
		}
		v->kids = p;
		v->cap = cap;
	}
	k->attached = 1;
	v->kids[v->n++] = k;
	return 0;
}

static struct rti_value *
jarray(struct jctx *c, const struct fom_datatype *t, unsigned depth)
{
	const struct fom_datatype *e = fom_datatype(c->f, t->u.array.element);
	int fixed = t->encoding == FOM_ENC_FIXED_ARRAY;
	uint64_t want = fixed ? fom_value_fixed_count(t) : 0;
	const struct fom_cardinality *cd = &t->u.array.dims[0];
	struct rti_value *v, *k;
	int more;

	if (jpeek(c) != '[')
		return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected an array "
		    "for %s, got %s", t->name, jwhat(c));
	json_r_open(&c->r, '[');
	if ((v = jnode(c, RTI_VALUE_ARRAY, 0)) == NULL)
		return NULL;
	while ((more = json_r_more(&c->r, ']', v->n == 0)) == 1) {
		jpush(c, NULL, 0, v->n);
		if ((k = jvalue(c, e, depth + 1)) == NULL ||
		    jattach(c, v, k) < 0) {
			if (k)
				fom_value_free_tree(k);
			fom_value_free_tree(v);
			return NULL;
		}
		c->n--;
	}
	if (more < 0) {
		fom_value_free_tree(v);
		return jreader_fail(c, more);
	}
	if (fixed ? v->n != want : v->n < cd->lower || v->n > cd->upper) {
		uint32_t got = v->n;
		fom_value_free_tree(v);
		if (fixed)
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "%s has %"
			    PRIu64 " elements, got %u", t->name, want, got);
		return jfail(c, RTI_ERR_INVALID_ARGUMENT, "%u elements are "
		    "outside the cardinality %s of %s", got,
		    t->u.array.cardinality, t->name);
	}
	return v;
}

/* An object's members: calls `member` for each key (decoded, freed
 * after the call).  Returns 0 or -1. */
static int
jobject(struct jctx *c, const char *what,
    int (*member)(struct jctx *, void *, const char *, size_t), void *arg)
{
	int first = 1, more, rc;
	char *key;
	size_t klen;

	if (jpeek(c) != '{') {
		jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected an object for %s, "
		    "got %s", what, jwhat(c));
		return -1;
	}
	json_r_open(&c->r, '{');
	while ((more = json_r_more(&c->r, '}', first)) == 1) {
		first = 0;
		if ((rc = json_r_key(&c->r, &key, &klen)) < 0) {
			jreader_fail(c, rc);
			return -1;
		}
		rc = member(c, arg, key, klen);
		free(key);
		if (rc < 0)
			return -1;
	}
	if (more < 0)
		jreader_fail(c, more);
	return more;
}

struct jrec {
	const struct fom_datatype *t;
	struct rti_value **slots;
	unsigned depth;
};

static int
jrec_member(struct jctx *c, void *arg, const char *key, size_t klen)
{
	struct jrec *r = arg;
	const struct fom_datatype *t = r->t;
	struct rti_value *k;
	uint32_t i;

	for (i = 0; i < t->u.record.n_fields; i++)
		if (strlen(t->u.record.fields[i].name) == klen &&
		    memcmp(t->u.record.fields[i].name, key, klen) == 0)
			break;
	if (i == t->u.record.n_fields) {
		jfail(c, RTI_ERR_INVALID_ARGUMENT, "%s has no field '%.64s'",
		    t->name, key);
		return -1;
	}
	jpush(c, t->u.record.fields[i].name, klen, 0);
	if (r->slots[i]) {
		jfail(c, RTI_ERR_INVALID_ARGUMENT, "field given twice");
		return -1;
	}
	if ((k = jvalue(c, fom_datatype(c->f, t->u.record.fields[i].type),
	    r->depth + 1)) == NULL)
		return -1;
	c->n--;
	r->slots[i] = k;
	return 0;
}

static struct rti_value *
jrecord(struct jctx *c, const struct fom_datatype *t, unsigned depth)
{
	uint32_t i, n = t->u.record.n_fields;
	struct jrec r = { t, NULL, depth };
	struct rti_value *v = NULL;

	if ((r.slots = calloc(n ? n : 1, sizeof(*r.slots))) == NULL)
		return jfail(c, RTI_ERR_NO_MEMORY, "out of memory");
	if (jobject(c, t->name, jrec_member, &r) < 0)
		goto out;
	for (i = 0; i < n; i++)
		if (r.slots[i] == NULL) {
			jfail(c, RTI_ERR_INVALID_ARGUMENT, "missing field '%s' "
			    "of %s", t->u.record.fields[i].name, t->name);
			goto out;
		}
	if ((v = jnode(c, RTI_VALUE_RECORD, 0)) == NULL)
		goto out;
	if (n && (v->kids = malloc(n * sizeof(*v->kids))) == NULL) {
		free(v);
		v = jfail(c, RTI_ERR_NO_MEMORY, "out of memory");
		goto out;
	}
	v->cap = n;
	for (i = 0; i < n; i++) {
		r.slots[i]->label = t->u.record.fields[i].name;
		r.slots[i]->attached = 1;
		v->kids[v->n++] = r.slots[i];
		r.slots[i] = NULL;
	}
out:
	for (i = 0; i < n; i++)
		fom_value_free_tree(r.slots[i]);
	free(r.slots);
	return v;
}

struct jvar {
	const struct fom_datatype *t;
	struct rti_value *disc, *alt;
	uint32_t alt_index;     /* + 1 */
	unsigned depth;
};

static int
jvar_member(struct jctx *c, void *arg, const char *key, size_t klen)
{
	struct jvar *r = arg;
	const struct fom_datatype *t = r->t;
	uint32_t i;

	if (strlen(t->u.variant.discriminant) == klen &&
	    memcmp(t->u.variant.discriminant, key, klen) == 0) {
		jpush(c, t->u.variant.discriminant, klen, 0);
		if (r->disc) {
			jfail(c, RTI_ERR_INVALID_ARGUMENT, "discriminant given "
			    "twice");
			return -1;
		}
		if ((r->disc = jscalar(c, fom_datatype(c->f,
		    t->u.variant.type), FOM_VK_ENUM)) == NULL)
			return -1;
		c->n--;
		return 0;
	}
	for (i = 0; i < t->u.variant.n_alternatives; i++) {
		const struct fom_alternative *a =
		    &t->u.variant.alternatives[i];
		if (a->name && a->type_name && strlen(a->name) == klen &&
		    memcmp(a->name, key, klen) == 0)
			break;
	}
	if (i == t->u.variant.n_alternatives) {
		jfail(c, RTI_ERR_INVALID_ARGUMENT, "%s has no discriminant or "
		    "alternative with data named '%.64s'", t->name, key);
		return -1;
	}
	jpush(c, t->u.variant.alternatives[i].name, klen, 0);
	if (r->alt) {
		jfail(c, RTI_ERR_INVALID_ARGUMENT, "a second alternative");
		return -1;
	}
	if ((r->alt = jvalue(c, fom_datatype(c->f,
	    t->u.variant.alternatives[i].type), r->depth + 1)) == NULL)
		return -1;
	c->n--;
	r->alt_index = i + 1;
	return 0;
}

static struct rti_value *
jvariant(struct jctx *c, const struct fom_datatype *t, unsigned depth)
{
	struct jvar r = { t, NULL, NULL, 0, depth };
	const struct fom_datatype *d = fom_datatype(c->f, t->u.variant.type);
	struct rti_value *v = NULL;
	uint32_t sel;

	if (jobject(c, t->name, jvar_member, &r) < 0)
		goto out;
	if (r.disc == NULL) {
		jfail(c, RTI_ERR_INVALID_ARGUMENT, "missing the discriminant "
		    "'%s' of %s", t->u.variant.discriminant, t->name);
		goto out;
	}
	sel = fom_alternative_of(c->f, t, (uint32_t)fom_enumerator_of(d,
	    r.disc->s.i));
	if (sel && t->u.variant.alternatives[sel - 1].type_name == NULL)
		sel = 0;
	if (sel != r.alt_index) {
		if (sel == 0)
			jfail(c, RTI_ERR_INVALID_ARGUMENT, "%s %s selects no "
			    "data, got alternative '%s'", t->name,
			    r.disc->str, t->u.variant.alternatives[
			    r.alt_index - 1].name);
		else
			jfail(c, RTI_ERR_INVALID_ARGUMENT, "%s %s needs "
			    "alternative '%s'", t->name, r.disc->str,
			    t->u.variant.alternatives[sel - 1].name ?
			    t->u.variant.alternatives[sel - 1].name : "");
		goto out;
	}
	if ((v = jnode(c, RTI_VALUE_VARIANT, 0)) == NULL)
		goto out;
	if ((v->kids = calloc(2, sizeof(*v->kids))) == NULL) {
		free(v);
		v = jfail(c, RTI_ERR_NO_MEMORY, "out of memory");
		goto out;
	}
	v->cap = 2;
	r.disc->label = t->u.variant.discriminant;
	r.disc->attached = 1;
	v->kids[v->n++] = r.disc;
	r.disc = NULL;
	if (r.alt) {
		r.alt->label = t->u.variant.alternatives[sel - 1].name;
		r.alt->attached = 1;
		v->kids[v->n++] = r.alt;
		r.alt = NULL;
	}
out:
	fom_value_free_tree(r.disc);
	fom_value_free_tree(r.alt);
	return v;
}

static struct rti_value *
jvalue(struct jctx *c, const struct fom_datatype *t, unsigned depth)
{
	int vk;

	if (depth > FOM_VALUE_MAX_DEPTH)
		return jfail(c, RTI_ERR_LIMIT_EXCEEDED, "nested deeper than "
		    "%u", FOM_VALUE_MAX_DEPTH);
	vk = fom_value_vk(c->f, t);
	switch (vk) {
	case FOM_VK_ASCII:
	case FOM_VK_UNICODE:
	case FOM_VK_OCTETS:
		return jtext(c, t, vk);
	case FOM_VK_ARRAY:
		return jarray(c, t, depth);
	case FOM_VK_RECORD:
		return jrecord(c, t, depth);
	case FOM_VK_VARIANT:
		return jvariant(c, t, depth);
	}
	return jscalar(c, t, vk);
}

/* Labels of a tree from the reader point into the FOM: give every node
 * its own copy, so that the tree outlives the model.  -1 on ENOMEM. */
static int
jown_labels(struct rti_value *v)
{
	uint32_t i;

	if (v->label && !v->label_heap) {
		char *l = strdup(v->label);
		if (l == NULL)
			return -1;
		v->label = l;
		v->label_heap = 1;
	}
	for (i = 0; v->kids && i < v->n; i++)
		if (jown_labels(v->kids[i]) < 0)
			return -1;
	return 0;
}

/* fom_value_from_json; `own`: give the tree copies of its labels (else
 * they point into the model, for a tree that dies before it). */
static int
from_json(const struct fom *f, uint32_t dt, const char *json, size_t len,
    struct rti_value **out, char *err, size_t errcap, int own)
{
	struct jctx *c;
	struct rti_value *v;
	int rc;

	if (out == NULL || (json == NULL && len)) {
		jset_err(err, errcap, "NULL argument");
		return RTI_ERR_INVALID_ARGUMENT;
	}
	*out = NULL;
	if ((rc = fom_value_check_type(f, dt, err, errcap)) != RTI_OK)
		return rc;
	if (len > FOM_JSON_MAX_BYTES) {
		jset_err(err, errcap, "JSON text of %zu bytes: more than %u "
		    "(limit)", len, FOM_JSON_MAX_BYTES);
		return RTI_ERR_LIMIT_EXCEEDED;
	}
	if ((c = calloc(1, sizeof(*c))) == NULL) {
		jset_err(err, errcap, "out of memory");
		return RTI_ERR_NO_MEMORY;
	}
	c->f = f;
	json_r_init(&c->r, json, len);
	c->err = err;
	c->errcap = errcap;
	v = jvalue(c, fom_datatype(f, dt), 1);
	if (v && json_r_end(&c->r) < 0) {
		fom_value_free_tree(v);
		v = jreader_fail(c, -1);
	}
	if (v && own && jown_labels(v) < 0) {
		fom_value_free_tree(v);
		v = jfail(c, RTI_ERR_NO_MEMORY, "out of memory");
	}
	rc = v ? RTI_OK : c->rc != RTI_OK ? c->rc : RTI_ERR_INTERNAL_ERROR;
	free(c);
	*out = v;
	return rc;
}

int
fom_value_from_json(const struct fom *f, uint32_t dt, const char *json,
    size_t len, struct rti_value **out, char *err, size_t errcap)
{
	return from_json(f, dt, json, len, out, err, errcap, 1);
}

int
fom_value_encode_json(const struct fom *f, uint32_t dt, const char *json,
    size_t jlen, void *buf, size_t cap, size_t *len, char *err,
    size_t errcap)
{
	struct rti_value *v;
	int rc;

	if (len)
		*len = 0;
	if ((rc = from_json(f, dt, json, jlen, &v, err, errcap, 0)) != RTI_OK)
		return rc;
	rc = fom_value_encode(f, dt, v, buf, cap, len, err, errcap);
	fom_value_free_tree(v);
	return rc;
}

int
fom_value_decode_json(const struct fom *f, uint32_t dt, const void *bytes,
    size_t len, char **json, size_t *jlen, char *err, size_t errcap)
{
	struct rti_value *v;
	int rc;

	if (json == NULL) {
		jset_err(err, errcap, "NULL argument");
		return RTI_ERR_INVALID_ARGUMENT;
	}
	*json = NULL;
	if ((rc = fom_value_decode(f, dt, bytes, len, &v, err, errcap)) !=
	    RTI_OK)
		return rc;
	rc = fom_value_to_json(v, json, jlen, err, errcap);
	fom_value_free_tree(v);
	return rc;
}
