/* SPDX-License-Identifier: Apache-2.0 */
/*
 * json_read.c - the JSON reader of json.h: the pull reader (one token at
 * a time, bounded by the text it is given), and the tree built with it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hla.h"
#include "json.h"

/* ---- pull reader ---- */

void
json_r_init(struct json_r *r, const char *s, size_t len)
{
	r->s = s ? s : "";
	r->len = s ? len : 0;
	r->i = 0;
	r->what = NULL;
}

/* Fail at byte `at` saying `what`: -1. */
static int
fail(struct json_r *r, size_t at, const char *what)
{
	r->i = at;
	r->what = what;
	return -1;
}

const char *
json_r_what(struct json_r *r)
{
	int c = json_r_peek(r);

	switch (c) {
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
	return c == '-' || (c >= '0' && c <= '9') ? "a number" :
	    "something that is not JSON";
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
hex4(const struct json_r *r, size_t i)
{
	int32_t u = 0;
	int k, h;

	if (r->len - i < 4)
		return -1;
	for (k = 0; k < 4; k++) {
		if ((h = hexval((unsigned char)r->s[i + k])) < 0)
			return -1;
		u = u << 4 | h;
	}
	return u;
}

/* The escape at s[*i] ('\\' there) into p + *o: 0 with *i and *o moved
 * past it, or -1 with the reason in *why. */
static int
escape(const struct json_r *r, size_t *i, char *p, size_t *o,
    const char **why)
{
	size_t at = *i;
	int32_t u, lo;
	uint32_t cp;
	char c;

	switch (at + 1 < r->len ? r->s[at + 1] : 0) {
	case '"': c = '"'; break;
	case '\\': c = '\\'; break;
	case '/': c = '/'; break;
	case 'b': c = '\b'; break;
	case 'f': c = '\f'; break;
	case 'n': c = '\n'; break;
	case 'r': c = '\r'; break;
	case 't': c = '\t'; break;
	case 'u':
		if ((u = hex4(r, at + 2)) < 0)
			goto bad;
		cp = (uint32_t)u;
		if (u >= 0xdc00 && u <= 0xdfff)
			goto lone;
		if (u >= 0xd800 && u <= 0xdbff) {
			if (r->len - at < 12 || r->s[at + 6] != '\\' ||
			    r->s[at + 7] != 'u' ||
			    (lo = hex4(r, at + 8)) < 0xdc00 || lo > 0xdfff)
				goto lone;
			cp = 0x10000 + (((uint32_t)u - 0xd800) << 10) +
			    ((uint32_t)lo - 0xdc00);
			at += 6;
		}
		*o += hla_utf8_put(cp, (uint8_t *)p + *o);
		*i = at + 6;
		return 0;
	default:
		goto bad;
	}
	p[(*o)++] = c;
	*i = at + 2;
	return 0;
bad:
	*why = "invalid escape in a string";
	return -1;
lone:
	*why = "unpaired UTF-16 surrogate escape in a string";
	return -1;
}

int
json_r_string(struct json_r *r, char **out, size_t *n)
{
	size_t i, o = 0, start;
	const char *why;
	uint32_t cp;
	char *p;

	if (json_r_peek(r) != '"')
		return fail(r, r->i, "expected a string");
	/* the decoded text is never longer than the source */
	for (i = start = r->i + 1; i < r->len && r->s[i] != '"'; i++)
		if (r->s[i] == '\\')
			i++;
	if (i >= r->len)
		return fail(r, r->len, "unterminated string");
	if ((p = malloc(i - start + 1)) == NULL) {
		r->what = "out of memory";
		return JSON_ENOMEM;
	}
	for (i = start; r->s[i] != '"';) {
		unsigned char ch = (unsigned char)r->s[i];
		size_t k = i;

		if (ch >= 0x20 && ch < 0x80 && ch != '\\') {
			p[o++] = (char)ch;
			i++;
			continue;
		}
		if (ch < 0x20) {
			why = "control character in a string";
			goto bad;
		}
		if (ch == '\\') {
			if (escape(r, &i, p, &o, &why) < 0)
				goto bad;
			continue;
		}
		if (hla_utf8_next((const uint8_t *)r->s, r->len, &k, &cp) < 0) {
			why = "invalid UTF-8 in a string";
			goto bad;
		}
		memcpy(p + o, r->s + i, k - i);
		o += k - i;
		i = k;
	}
	p[o] = '\0';
	r->i = i + 1;
	*out = p;
	*n = o;
	return 0;
bad:
	free(p);
	return fail(r, i, why);
}

int
json_r_number(struct json_r *r, struct json_num *num)
{
	size_t i;
	const char *s = r->s;

	json_r_peek(r);
	i = r->i;
	num->is_int = 1;
	if (i < r->len && s[i] == '-')
		i++;
	if (i >= r->len || s[i] < '0' || s[i] > '9')
		return fail(r, r->i, "expected a number");
	if (s[i] == '0')
		i++;
	else
		while (i < r->len && s[i] >= '0' && s[i] <= '9')
			i++;
	if (i < r->len && s[i] == '.') {
		num->is_int = 0;
		if (++i >= r->len || s[i] < '0' || s[i] > '9')
			return fail(r, r->i, "expected a number");
		while (i < r->len && s[i] >= '0' && s[i] <= '9')
			i++;
	}
	if (i < r->len && (s[i] == 'e' || s[i] == 'E')) {
		num->is_int = 0;
		i++;
		if (i < r->len && (s[i] == '+' || s[i] == '-'))
			i++;
		if (i >= r->len || s[i] < '0' || s[i] > '9')
			return fail(r, r->i, "expected a number");
		while (i < r->len && s[i] >= '0' && s[i] <= '9')
			i++;
	}
	num->s = s + r->i;
	num->n = i - r->i;
	r->i = i;
	return 0;
}

int
json_num_int(const struct json_num *num, int *neg, uint64_t *mag)
{
	uint64_t m = 0;
	size_t a = 0;

	*neg = num->s[0] == '-';
	for (a = (size_t)*neg; a < num->n; a++) {
		unsigned d = (unsigned)(num->s[a] - '0');

		if (m > (UINT64_MAX - d) / 10)
			return -1;
		m = m * 10 + d;
	}
	*mag = m;
	return 0;
}

int
json_num_double(const struct json_num *num, double *d)
{
	char tmp[JSON_NUM_MAX + 1];

	if (num->n > JSON_NUM_MAX)
		return -1;
	memcpy(tmp, num->s, num->n);
	tmp[num->n] = '\0';
	*d = strtod(tmp, NULL);
	return 0;
}

int
json_r_literal(struct json_r *r)
{
	static const char *const words[] = { "false", "true", "null" };
	size_t n;
	int k;

	json_r_peek(r);
	for (k = 0; k < 3; k++) {
		n = strlen(words[k]);
		if (r->len - r->i >= n && memcmp(r->s + r->i, words[k], n) == 0) {
			r->i += n;
			return k;
		}
	}
	return fail(r, r->i, "expected true, false or null");
}

int
json_r_open(struct json_r *r, int bracket)
{
	if (json_r_peek(r) != bracket)
		return fail(r, r->i, bracket == '{' ? "expected an object" :
		    "expected an array");
	r->i++;
	return 0;
}

int
json_r_more(struct json_r *r, int close, int first)
{
	int c = json_r_peek(r);

	if (c == close) {
		r->i++;
		return 0;
	}
	if (first)
		return 1;
	if (c == ',') {
		r->i++;
		return 1;
	}
	return fail(r, r->i, close == '}' ? "expected ',' or '}' in an object" :
	    "expected ',' or ']' in an array");
}

int
json_r_key(struct json_r *r, char **key, size_t *klen)
{
	int rc;

	if (json_r_peek(r) != '"')
		return fail(r, r->i, "expected a member name");
	if ((rc = json_r_string(r, key, klen)) < 0)
		return rc;
	if (json_r_peek(r) != ':') {
		free(*key);
		*key = NULL;
		return fail(r, r->i, "expected ':' after a member name");
	}
	r->i++;
	return 0;
}

int
json_r_end(struct json_r *r)
{
	return json_r_peek(r) == -1 ? 0 : fail(r, r->i,
	    "text after the value");
}

/* The value of base64 digit ch, or -1. */
static int
b64val(int ch)
{
	if (ch >= 'A' && ch <= 'Z')
		return ch - 'A';
	if (ch >= 'a' && ch <= 'z')
		return ch - 'a' + 26;
	if (ch >= '0' && ch <= '9')
		return ch - '0' + 52;
	return ch == '+' ? 62 : ch == '/' ? 63 : -1;
}

long
json_base64_decode(const char *s, size_t n, uint8_t *out)
{
	size_t i, o = 0;
	int k, d;

	if (n % 4)
		return -1;
	for (i = 0; i < n; i += 4) {
		uint32_t w = 0;
		int pad = 0;

		for (k = 0; k < 4; k++) {
			if (s[i + k] == '=' && i + 4 == n && k >= 2) {
				pad++;
				w <<= 6;
				continue;
			}
			if (pad || (d = b64val((unsigned char)s[i + k])) < 0)
				return -1;
			w = w << 6 | (uint32_t)d;
		}
		out[o++] = (uint8_t)(w >> 16);
		if (pad < 2)
			out[o++] = (uint8_t)(w >> 8);
		if (pad < 1)
			out[o++] = (uint8_t)w;
	}
	return (long)o;
}

/* ---- tree ---- */

#define STR_(x) #x
#define STR(x) STR_(x)

struct tree {
	struct json_r r;
	size_t nodes;
};

static void
free_inside(struct json_val *v)
{
	size_t i;

	if (v->type == JSON_STR)
		free(v->str);
	if (v->type == JSON_ARR || v->type == JSON_OBJ) {
		for (i = 0; i < v->n; i++) {
			free_inside(&v->items[i]);
			if (v->keys)
				free(v->keys[i]);
		}
		free(v->items);
		free(v->keys);
	}
}

void
json_free(struct json_val *v)
{
	if (!v)
		return;
	free_inside(v);
	free(v);
}

static int value(struct tree *t, struct json_val *v, int depth);

/* A string with no U+0000 (keys and values are C strings). */
static int
c_string(struct tree *t, char **out, size_t *n, int key)
{
	size_t at;
	int rc;

	json_r_peek(&t->r);
	at = t->r.i;
	rc = key ? json_r_key(&t->r, out, n) : json_r_string(&t->r, out, n);
	if (rc < 0)
		return rc;
	if (memchr(*out, '\0', *n)) {
		free(*out);
		*out = NULL;
		return fail(&t->r, at, "U+0000 in a string");
	}
	return 0;
}

/* The members of an object or array, its bracket next. */
static int
members(struct tree *t, struct json_val *v, int depth, int obj)
{
	int close = obj ? '}' : ']', more, rc;
	size_t cap = 0;

	if ((rc = json_r_open(&t->r, obj ? '{' : '[')) < 0)
		return rc;
	while ((more = json_r_more(&t->r, close, v->n == 0)) == 1) {
		char *key = NULL;
		size_t klen;

		if (v->n == cap) {
			size_t nc = cap ? cap * 2 : 4;
			struct json_val *ni = realloc(v->items,
			    nc * sizeof *ni);
			char **nk;

			if (!ni)
				goto oom;
			v->items = ni;
			if (obj) {
				if (!(nk = realloc(v->keys, nc * sizeof *nk)))
					goto oom;
				v->keys = nk;
			}
			cap = nc;
		}
		if (obj && (rc = c_string(t, &key, &klen, 1)) < 0)
			return rc;
		memset(&v->items[v->n], 0, sizeof v->items[v->n]);
		if (obj)
			v->keys[v->n] = key;
		v->n++;
		if ((rc = value(t, &v->items[v->n - 1], depth + 1)) < 0)
			return rc;
	}
	return more;
oom:
	t->r.what = "out of memory";
	return JSON_ENOMEM;
}

static int
value(struct tree *t, struct json_val *v, int depth)
{
	struct json_num num;
	int rc;

	if (depth > JSON_MAX_DEPTH)
		return fail(&t->r, t->r.i, "nested deeper than "
		    STR(JSON_MAX_DEPTH));
	if (++t->nodes > JSON_MAX_NODES)
		return fail(&t->r, t->r.i, "more than " STR(JSON_MAX_NODES)
		    " values");
	switch (json_r_peek(&t->r)) {
	case '{':
	case '[':
		v->type = t->r.s[t->r.i] == '{' ? JSON_OBJ : JSON_ARR;
		return members(t, v, depth, v->type == JSON_OBJ);
	case '"':
		v->type = JSON_STR;
		return c_string(t, &v->str, &v->n, 0);
	case 't':
	case 'f':
	case 'n':
		if ((rc = json_r_literal(&t->r)) < 0)
			return rc;
		v->type = rc == JSON_LNULL ? JSON_NULL : JSON_BOOL;
		v->b = rc == JSON_TRUE;
		return 0;
	case -1:
		return fail(&t->r, t->r.i, "expected a value");
	}
	v->type = JSON_NUM;
	if ((rc = json_r_number(&t->r, &num)) < 0)
		return rc;
	if (json_num_double(&num, &v->num) < 0)
		return fail(&t->r, (size_t)(num.s - t->r.s),
		    "number of more than " STR(JSON_NUM_MAX) " characters");
	v->exact = num.is_int && json_num_int(&num, &v->neg, &v->mag) == 0;
	return 0;
}

int
json_parse(const char *s, size_t len, struct json_val **out, char *err,
    size_t errlen)
{
	struct tree t;
	struct json_val *v = calloc(1, sizeof *v);

	*out = NULL;
	if (errlen)
		err[0] = '\0';
	if (!v) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	json_r_init(&t.r, s, len);
	t.nodes = 0;
	if (value(&t, v, 0) == 0 && json_r_end(&t.r) == 0) {
		*out = v;
		return 0;
	}
	snprintf(err, errlen, "at byte %zu: %s", t.r.i, t.r.what);
	json_free(v);
	return -1;
}

const struct json_val *
json_get(const struct json_val *v, const char *key)
{
	size_t i;

	if (!v || v->type != JSON_OBJ)
		return NULL;
	for (i = 0; i < v->n; i++)
		if (strcmp(v->keys[i], key) == 0)
			return &v->items[i];
	return NULL;
}

const struct json_val *
json_path(const struct json_val *v, const char *path)
{
	const char *dot;
	size_t n, i;

	while (v && *path) {
		dot = strchr(path, '.');
		n = dot ? (size_t)(dot - path) : strlen(path);
		if (v->type != JSON_OBJ)
			return NULL;
		for (i = 0; i < v->n; i++)
			if (strncmp(v->keys[i], path, n) == 0 &&
			    v->keys[i][n] == '\0')
				break;
		v = i < v->n ? &v->items[i] : NULL;
		path += n + (dot != NULL);
	}
	return v;
}

const struct json_val *
json_at(const struct json_val *v, size_t i)
{
	return v && v->type == JSON_ARR && i < v->n ? &v->items[i] : NULL;
}

const char *
json_str(const struct json_val *v, const char *dflt)
{
	return v && v->type == JSON_STR ? v->str : dflt;
}

double
json_num(const struct json_val *v, double dflt)
{
	return v && v->type == JSON_NUM ? v->num : dflt;
}

uint64_t
json_u64(const struct json_val *v, uint64_t dflt)
{
	return v && v->type == JSON_NUM && v->exact && (!v->neg || !v->mag) ?
	    v->mag : dflt;
}

int
json_bool(const struct json_val *v, int dflt)
{
	return v && v->type == JSON_BOOL ? v->b : dflt;
}
