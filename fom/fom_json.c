/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_json.c - JSON text of value trees (fom_value.h): a writer (tree ->
 * text) and a reader guided by a datatype (text -> tree), with its own
 * byte parser (RFC 8259), bounded in size, depth and values.
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
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fom_value.h"
#include "hla.h"

/* ---- output buffer ---- */

struct jbuf {
	char *p;
	size_t len, cap;
	int oom;
};

static int
jb_reserve(struct jbuf *b, size_t n)
{
	char *q;
	size_t cap;

	if (b->oom)
		return -1;
	if (b->cap - b->len > n)
		return 0;
	cap = b->cap ? b->cap : 256;
	while (cap - b->len <= n) {
		if (cap > SIZE_MAX / 2) {
			b->oom = 1;
			return -1;
		}
		cap *= 2;
	}
	if ((q = realloc(b->p, cap)) == NULL) {
		b->oom = 1;
		return -1;
	}
	b->p = q;
	b->cap = cap;
	return 0;
}

static void
jb_put(struct jbuf *b, const char *s, size_t n)
{
	if (jb_reserve(b, n) < 0)
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static void
jb_c(struct jbuf *b, char c)
{
	if (jb_reserve(b, 1) < 0)
		return;
	b->p[b->len++] = c;
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void
jb_base64(struct jbuf *b, const uint8_t *p, size_t n)
{
	size_t i;
	char *o;

	if (jb_reserve(b, (n + 2) / 3 * 4 + 2) < 0)
		return;
	o = b->p + b->len;
	*o++ = '"';
	for (i = 0; i + 2 < n; i += 3) {
		uint32_t w = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 |
		    p[i + 2];
		*o++ = b64[w >> 18];
		*o++ = b64[(w >> 12) & 63];
		*o++ = b64[(w >> 6) & 63];
		*o++ = b64[w & 63];
	}
	if (i < n) {
		uint32_t w = (uint32_t)p[i] << 16 | (i + 1 < n ?
		    (uint32_t)p[i + 1] << 8 : 0);
		*o++ = b64[w >> 18];
		*o++ = b64[(w >> 12) & 63];
		*o++ = i + 1 < n ? b64[(w >> 6) & 63] : '=';
		*o++ = '=';
	}
	*o++ = '"';
	b->len = (size_t)(o - b->p);
}

/* A JSON string of s[0..n) (UTF-8, already valid). */
static void
jb_string(struct jbuf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, start;

	jb_c(b, '"');
	for (i = start = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		jb_put(b, s + start, i - start);
		start = i + 1;
		switch (c) {
		case '"':
			jb_put(b, "\\\"", 2);
			break;
		case '\\':
			jb_put(b, "\\\\", 2);
			break;
		case '\n':
			jb_put(b, "\\n", 2);
			break;
		case '\r':
			jb_put(b, "\\r", 2);
			break;
		case '\t':
			jb_put(b, "\\t", 2);
			break;
		default: {
			char u[6] = { '\\', 'u', '0', '0', hex[c >> 4],
			    hex[c & 15] };
			jb_put(b, u, 6);
		}
		}
	}
	jb_put(b, s + start, n - start);
	jb_c(b, '"');
}

/* The decimal digits of m into t (room for 20); their number. */
static int
ju64(uint64_t m, char *t)
{
	char r[20];
	int n = 0, i;

	do {
		r[n++] = (char)('0' + m % 10);
		m /= 10;
	} while (m);
	for (i = 0; i < n; i++)
		t[i] = r[n - 1 - i];
	return n;
}

/*
 * The fast path of jb_double: d (not 0, finite) as a decimal with the
 * fewest fraction digits k <= 6 such that m / 10^k == d for an integer m
 * below 2^53.  Both m and 10^k are exact doubles, so the division is
 * correctly rounded, as strtod is: the text reads back to d exactly.  It
 * is also the shortest form there is with k fraction digits.  Writes t
 * (room for 32) and returns the length, or 0 when no such m exists (then
 * %g is used).
 */
static int
jdouble_fixed(double d, char *t)
{
	static const double p10[] = { 1, 10, 100, 1e3, 1e4, 1e5, 1e6 };
	double a = fabs(d), x;
	char digits[24];
	uint64_t m;
	int k, nd, o = 0, i;

	if (!(a < 1e9) || a < 1e-6)
		return 0;
	for (k = 0; k <= 6; k++) {
		x = a * p10[k];
		if (x >= 9007199254740992.0)
			return 0;
		m = (uint64_t)(x + 0.5);
		if ((double)m / p10[k] == a)
			break;
	}
	if (k > 6)
		return 0;
	nd = ju64(m, digits);
	if (d < 0)
		t[o++] = '-';
	if (nd <= k) {          /* 0.00ddd */
		t[o++] = '0';
		t[o++] = '.';
		for (i = nd; i < k; i++)
			t[o++] = '0';
		memcpy(t + o, digits, (size_t)nd);
		o += nd;
	} else {
		memcpy(t + o, digits, (size_t)(nd - k));
		o += nd - k;
		if (k) {
			t[o++] = '.';
			memcpy(t + o, digits + nd - k, (size_t)k);
			o += k;
		}
	}
	t[o] = '\0';
	return o;
}

static void
jb_double(struct jbuf *b, double d)
{
	char t[40];
	int prec, n = 0;

	if (isnan(d)) {
		jb_put(b, "\"NaN\"", 5);
		return;
	}
	if (isinf(d)) {
		if (d > 0)
			jb_put(b, "\"Infinity\"", 10);
		else
			jb_put(b, "\"-Infinity\"", 11);
		return;
	}
	if (d == 0) {
		if (signbit(d))
			jb_put(b, "-0.0", 4);
		else
			jb_c(b, '0');
		return;
	}
	if ((n = jdouble_fixed(d, t)) > 0) {
		jb_put(b, t, (size_t)n);
		return;
	}
	for (prec = 15; prec <= 17; prec++) {
		n = snprintf(t, sizeof(t), "%.*g", prec, d);
		if (strtod(t, NULL) == d)
			break;
	}
	jb_put(b, t, (size_t)n);
}

static void
jb_value(struct jbuf *b, const struct rti_value *v)
{
	char t[32];
	uint32_t i;
	int n;

	switch (v->kind) {
	case RTI_VALUE_INTEGER:
		if (v->s.i < 0) {
			t[0] = '-';
			n = 1 + ju64((uint64_t)0 - (uint64_t)v->s.i, t + 1);
		} else {
			n = ju64((uint64_t)v->s.i, t);
		}
		jb_put(b, t, (size_t)n);
		return;
	case RTI_VALUE_UNSIGNED:
		n = ju64(v->s.u, t);
		jb_put(b, t, (size_t)n);
		return;
	case RTI_VALUE_FLOAT:
		jb_double(b, v->s.d);
		return;
	case RTI_VALUE_BOOLEAN:
		if (v->s.i)
			jb_put(b, "true", 4);
		else
			jb_put(b, "false", 5);
		return;
	case RTI_VALUE_STRING:
		jb_string(b, v->str, v->n);
		return;
	case RTI_VALUE_BYTES:
		jb_base64(b, (const uint8_t *)v->str, v->n);
		return;
	case RTI_VALUE_ENUMERATOR:
		if (v->str) {
			jb_string(b, v->str, strlen(v->str));
		} else {
			n = snprintf(t, sizeof(t), "%" PRId64, v->s.i);
			jb_put(b, t, (size_t)n);
		}
		return;
	case RTI_VALUE_ARRAY:
		jb_c(b, '[');
		for (i = 0; i < v->n; i++) {
			if (i)
				jb_c(b, ',');
			jb_value(b, v->kids[i]);
		}
		jb_c(b, ']');
		return;
	case RTI_VALUE_RECORD:
	case RTI_VALUE_VARIANT:
		jb_c(b, '{');
		for (i = 0; i < v->n; i++) {
			const char *l = v->kids[i]->label;
			if (i)
				jb_c(b, ',');
			if (l == NULL)
				l = v->kind == RTI_VALUE_RECORD ? "" : i == 0 ?
				    "discriminant" : "value";
			jb_string(b, l, strlen(l));
			jb_c(b, ':');
			jb_value(b, v->kids[i]);
		}
		jb_c(b, '}');
		return;
	}
	jb_put(b, "null", 4);
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
	struct jbuf b = { 0 };

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
	jb_value(&b, v);
	jb_c(&b, '\0');
	if (b.oom) {
		free(b.p);
		jset_err(err, errcap, "out of memory");
		return RTI_ERR_NO_MEMORY;
	}
	*out = b.p;
	if (outlen)
		*outlen = b.len - 1;
	return RTI_OK;
}

/* ---- reader ---- */

struct jctx {
	const struct fom *f;
	const char *s;
	size_t len, i;
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
	    c->i);
	return NULL;
}

#define JSYNTAX(c, what) jfail((c), RTI_ERR_INVALID_ARGUMENT, "%s", (what))

static void
jws(struct jctx *c)
{
	while (c->i < c->len && (c->s[c->i] == ' ' || c->s[c->i] == '\t' ||
	    c->s[c->i] == '\n' || c->s[c->i] == '\r'))
		c->i++;
}

static int
jpeek(struct jctx *c)
{
	jws(c);
	return c->i < c->len ? (unsigned char)c->s[c->i] : -1;
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

static int
hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* Four hex digits at s[i]; -1 when not. */
static int32_t
jhex4(struct jctx *c, size_t i)
{
	int32_t u = 0;
	int k, h;

	if (c->len - i < 4)
		return -1;
	for (k = 0; k < 4; k++) {
		if ((h = hexval((unsigned char)c->s[i + k])) < 0)
			return -1;
		u = u << 4 | h;
	}
	return u;
}

/* A JSON string at c->i ('"' there) into a new malloc'd UTF-8 buffer
 * *out (NUL-terminated), its length in *n; -1 with the error. */
static int
jstring(struct jctx *c, char **out, size_t *n)
{
	size_t i = c->i + 1, o = 0, start;
	char *p;

	if (jpeek(c) != '"') {
		JSYNTAX(c, "expected a string");
		return -1;
	}
	i = c->i + 1;
	/* the decoded text is never longer than the source */
	for (start = i; i < c->len && c->s[i] != '"'; i++)
		if (c->s[i] == '\\')
			i++;
	if (i >= c->len) {
		c->i = c->len;
		JSYNTAX(c, "unterminated string");
		return -1;
	}
	if ((p = malloc(i - start + 1)) == NULL) {
		jfail(c, RTI_ERR_NO_MEMORY, "out of memory");
		return -1;
	}
	for (i = start; c->s[i] != '"';) {
		unsigned char ch = (unsigned char)c->s[i];
		uint32_t cp;
		if (ch < 0x20) {
			c->i = i;
			free(p);
			JSYNTAX(c, "control character in a string");
			return -1;
		}
		if (ch >= 0x80) {
			size_t k = i;
			if (hla_utf8_next((const uint8_t *)c->s, c->len, &k,
			    &cp) < 0) {
				c->i = i;
				free(p);
				JSYNTAX(c, "invalid UTF-8 in a string");
				return -1;
			}
			memcpy(p + o, c->s + i, k - i);
			o += k - i;
			i = k;
			continue;
		}
		if (ch != '\\') {
			p[o++] = (char)ch;
			i++;
			continue;
		}
		switch (c->s[i + 1]) {
		case '"': p[o++] = '"'; break;
		case '\\': p[o++] = '\\'; break;
		case '/': p[o++] = '/'; break;
		case 'b': p[o++] = '\b'; break;
		case 'f': p[o++] = '\f'; break;
		case 'n': p[o++] = '\n'; break;
		case 'r': p[o++] = '\r'; break;
		case 't': p[o++] = '\t'; break;
		case 'u': {
			int32_t u = jhex4(c, i + 2), lo;
			if (u < 0)
				goto bad_escape;
			cp = (uint32_t)u;
			if (u >= 0xdc00 && u <= 0xdfff)
				goto bad_surrogate;
			if (u >= 0xd800 && u <= 0xdbff) {
				if (c->len - i < 12 || c->s[i + 6] != '\\' ||
				    c->s[i + 7] != 'u' ||
				    (lo = jhex4(c, i + 8)) < 0xdc00 ||
				    lo > 0xdfff)
					goto bad_surrogate;
				cp = 0x10000 + (((uint32_t)u - 0xd800) << 10) +
				    ((uint32_t)lo - 0xdc00);
				i += 6;
			}
			o += hla_utf8_put(cp, (uint8_t *)p + o);
			i += 6;
			continue;
		}
		default:
			goto bad_escape;
		}
		i += 2;
	}
	p[o] = '\0';
	c->i = i + 1;
	*out = p;
	*n = o;
	return 0;
bad_escape:
	c->i = i;
	free(p);
	JSYNTAX(c, "invalid escape in a string");
	return -1;
bad_surrogate:
	c->i = i;
	free(p);
	JSYNTAX(c, "unpaired UTF-16 surrogate escape in a string");
	return -1;
}

/* The extent of a JSON number at c->i: [c->i, *end); *isint when it has
 * neither fraction nor exponent.  -1 when it is not a number. */
static int
jnumber(struct jctx *c, size_t *end, int *isint)
{
	size_t i = c->i;
	const char *s = c->s;

	*isint = 1;
	if (i < c->len && s[i] == '-')
		i++;
	if (i >= c->len || s[i] < '0' || s[i] > '9')
		return -1;
	if (s[i] == '0')
		i++;
	else
		while (i < c->len && s[i] >= '0' && s[i] <= '9')
			i++;
	if (i < c->len && s[i] == '.') {
		*isint = 0;
		if (++i >= c->len || s[i] < '0' || s[i] > '9')
			return -1;
		while (i < c->len && s[i] >= '0' && s[i] <= '9')
			i++;
	}
	if (i < c->len && (s[i] == 'e' || s[i] == 'E')) {
		*isint = 0;
		i++;
		if (i < c->len && (s[i] == '+' || s[i] == '-'))
			i++;
		if (i >= c->len || s[i] < '0' || s[i] > '9')
			return -1;
		while (i < c->len && s[i] >= '0' && s[i] <= '9')
			i++;
	}
	*end = i;
	return 0;
}

/* The integer literal s[a, e) exactly: *neg and magnitude *mag; -1 when it
 * exceeds 2^64 - 1. */
static int
jint_exact(const char *s, size_t a, size_t e, int *neg, uint64_t *mag)
{
	uint64_t m = 0;

	*neg = s[a] == '-';
	for (a += (size_t)*neg; a < e; a++) {
		unsigned d = (unsigned)(s[a] - '0');
		if (m > (UINT64_MAX - d) / 10)
			return -1;
		m = m * 10 + d;
	}
	*mag = m;
	return 0;
}

/* Skip a literal word (true, false, null) at c->i. */
static int
jword(struct jctx *c, const char *w)
{
	size_t n = strlen(w);

	if (c->len - c->i >= n && memcmp(c->s + c->i, w, n) == 0) {
		c->i += n;
		return 1;
	}
	return 0;
}

/* What the next JSON value is, for "expected X, got Y". */
static const char *
jwhat(struct jctx *c)
{
	switch (jpeek(c)) {
	case '"':
		return "a string";
	case '{':
		return "an object";
	case '[':
		return "an array";
	case 't':
	case 'f':
		return "a boolean";
	case 'n':
		return "null";
	case -1:
		return "the end of the text";
	}
	return (jpeek(c) == '-' || (jpeek(c) >= '0' && jpeek(c) <= '9')) ?
	    "a number" : "something that is not JSON";
}

/* base64 text s[0..n) into bytes p (room for n / 4 * 3); their number or
 * -1. */
static long
unbase64(const char *s, size_t n, uint8_t *p)
{
	size_t i, o = 0;
	int k;

	if (n % 4)
		return -1;
	for (i = 0; i < n; i += 4) {
		uint32_t w = 0;
		int pad = 0;
		for (k = 0; k < 4; k++) {
			const char *q;
			char ch = s[i + k];
			if (ch == '=' && i + 4 == n && k >= 2) {
				pad++;
				w <<= 6;
				continue;
			}
			if (pad || ch == '\0' || (q = strchr(b64, ch)) == NULL)
				return -1;
			w = w << 6 | (uint32_t)(q - b64);
		}
		p[o++] = (uint8_t)(w >> 16);
		if (pad < 2)
			p[o++] = (uint8_t)(w >> 8);
		if (pad < 1)
			p[o++] = (uint8_t)w;
	}
	return (long)o;
}

static struct rti_value *jvalue(struct jctx *c, const struct fom_datatype *t,
    unsigned depth);

static struct rti_value *
jscalar(struct jctx *c, const struct fom_datatype *t, int vk)
{
	const struct fom_datatype *b = fom_value_basic(c->f, t);
	struct rti_value *v;
	size_t end;
	int isint, ch = jpeek(c);

	if (vk == FOM_VK_BOOL) {
		int val;
		if (jword(c, "true"))
			val = 1;
		else if (jword(c, "false"))
			val = 0;
		else
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected "
			    "true or false for %s, got %s", t->name,
			    jwhat(c));
		if ((v = jnode(c, RTI_VALUE_BOOLEAN, 0)) != NULL)
			v->s.i = val;
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
		m = unbase64(s, n, (uint8_t *)v->str);
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
	if (jnumber(c, &end, &isint) < 0)
		return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected %s for %s, "
		    "got %s", vk == FOM_VK_ENUM ? "an enumerator name or value" :
		    vk == FOM_VK_FLOAT ? "a number" : "an integer", t->name,
		    jwhat(c));
	if (vk == FOM_VK_FLOAT) {
		char tmp[400];
		size_t n = end - c->i;
		double d;
		if (n >= sizeof(tmp)) {
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "number of "
			    "more than %zu characters", sizeof(tmp) - 1);
		}
		memcpy(tmp, c->s + c->i, n);
		tmp[n] = '\0';
		d = strtod(tmp, NULL);
		if ((v = jnode(c, RTI_VALUE_FLOAT, 0)) == NULL)
			return NULL;
		v->s.d = d;
		c->i = end;
		return v;
	}
	{
		int neg;
		uint64_t mag;
		uint32_t bits = b->u.basic.bits;
		if (!isint)
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected an "
			    "integer for %s, got a number with a fraction or "
			    "exponent", t->name);
		if (jint_exact(c->s, c->i, end, &neg, &mag) < 0)
			return jfail(c, RTI_ERR_INVALID_ARGUMENT, "%.*s is out "
			    "of range for %s (%u-bit)", (int)(end - c->i >
			    40 ? 40 : end - c->i), c->s + c->i, t->name, bits);
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
					    "%s", (int)(end - c->i), c->s +
					    c->i, t->name);
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
		c->i = end;
		return v;
range:
		return jfail(c, RTI_ERR_INVALID_ARGUMENT, "%.*s is out of "
		    "range for %s (%u-bit %s)", (int)(end - c->i > 40 ? 40 :
		    end - c->i), c->s + c->i, t->name, bits,
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
		m = unbase64(s, len, (uint8_t *)v->str);
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

	if (jpeek(c) != '[')
		return jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected an array "
		    "for %s, got %s", t->name, jwhat(c));
	c->i++;
	if ((v = jnode(c, RTI_VALUE_ARRAY, 0)) == NULL)
		return NULL;
	if (jpeek(c) == ']') {
		c->i++;
	} else {
		for (;;) {
			jpush(c, NULL, 0, v->n);
			if ((k = jvalue(c, e, depth + 1)) == NULL ||
			    jattach(c, v, k) < 0) {
				if (k)
					fom_value_free_tree(k);
				fom_value_free_tree(v);
				return NULL;
			}
			c->n--;
			if (jpeek(c) == ',') {
				c->i++;
				continue;
			}
			if (jpeek(c) == ']') {
				c->i++;
				break;
			}
			fom_value_free_tree(v);
			return JSYNTAX(c, "expected ',' or ']' in an array");
		}
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

/* An object's members: calls `member` for each key (text borrowed from
 * the source when it has no escapes, else decoded).  Returns 0 or -1. */
static int
jobject(struct jctx *c, const char *what,
    int (*member)(struct jctx *, void *, const char *, size_t), void *arg)
{
	if (jpeek(c) != '{') {
		jfail(c, RTI_ERR_INVALID_ARGUMENT, "expected an object for %s, "
		    "got %s", what, jwhat(c));
		return -1;
	}
	c->i++;
	if (jpeek(c) == '}') {
		c->i++;
		return 0;
	}
	for (;;) {
		char *key;
		size_t klen;
		int rc;
		if (jpeek(c) != '"') {
			JSYNTAX(c, "expected a member name");
			return -1;
		}
		if (jstring(c, &key, &klen) < 0)
			return -1;
		if (jpeek(c) != ':') {
			free(key);
			JSYNTAX(c, "expected ':' after a member name");
			return -1;
		}
		c->i++;
		rc = member(c, arg, key, klen);
		free(key);
		if (rc < 0)
			return -1;
		if (jpeek(c) == ',') {
			c->i++;
			continue;
		}
		if (jpeek(c) == '}') {
			c->i++;
			return 0;
		}
		JSYNTAX(c, "expected ',' or '}' in an object");
		return -1;
	}
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
	c->s = json ? json : "";
	c->len = len;
	c->err = err;
	c->errcap = errcap;
	v = jvalue(c, fom_datatype(f, dt), 1);
	if (v && jpeek(c) != -1) {
		fom_value_free_tree(v);
		v = JSYNTAX(c, "text after the value");
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
