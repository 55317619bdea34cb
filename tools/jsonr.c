/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jsonr.c - the bounded JSON reader of jsonr.h: recursive descent, with
 * the depth and the number of values counted.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonr.h"

struct rd {
	const char *s, *end, *p;
	size_t nodes;
	char *err;
	size_t errlen;
	int failed;
};

static int
fail(struct rd *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int
fail(struct rd *r, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (r->failed)
		return -1;
	r->failed = 1;
	n = snprintf(r->err, r->errlen, "at byte %zu: ",
	    (size_t)(r->p - r->s));
	if (n >= 0 && (size_t)n < r->errlen) {
		va_start(ap, fmt);
		vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static void
ws(struct rd *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' ||
	    *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static void
free_inside(struct jr_val *v)
{
	size_t i;

	if (v->type == JR_STR)
		free(v->str);
	if (v->type == JR_ARR || v->type == JR_OBJ) {
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
jr_free(struct jr_val *v)
{
	if (!v)
		return;
	free_inside(v);
	free(v);
}

static int
hex4(struct rd *r, unsigned *out)
{
	unsigned v = 0;
	int i;

	if (r->end - r->p < 4)
		return fail(r, "short \\u escape");
	for (i = 0; i < 4; i++) {
		char c = *r->p++;

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return fail(r, "bad \\u escape");
	}
	*out = v;
	return 0;
}

static void
put_utf8(char *o, size_t *n, unsigned long cp)
{
	if (cp < 0x80) {
		o[(*n)++] = (char)cp;
	} else if (cp < 0x800) {
		o[(*n)++] = (char)(0xc0 | cp >> 6);
		o[(*n)++] = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		o[(*n)++] = (char)(0xe0 | cp >> 12);
		o[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
		o[(*n)++] = (char)(0x80 | (cp & 0x3f));
	} else {
		o[(*n)++] = (char)(0xf0 | cp >> 18);
		o[(*n)++] = (char)(0x80 | (cp >> 12 & 0x3f));
		o[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
		o[(*n)++] = (char)(0x80 | (cp & 0x3f));
	}
}

/* A string at r->p (the opening quote): malloc'd, its length in *len. */
static char *
string(struct rd *r, size_t *len)
{
	const char *q;
	char *o;
	size_t n = 0;

	r->p++;
	/* the decoded text is never longer than the encoded one */
	for (q = r->p; q < r->end && *q != '"'; q++)
		if (*q == '\\')
			q++;
	if (q >= r->end) {
		fail(r, "unterminated string");
		return NULL;
	}
	if (!(o = malloc((size_t)(q - r->p) + 1))) {
		fail(r, "out of memory");
		return NULL;
	}
	while (*r->p != '"') {
		unsigned char c = (unsigned char)*r->p++;
		unsigned u, lo;

		if (c < 0x20) {
			r->p--;
			fail(r, "control character in string");
			goto bad;
		}
		if (c != '\\') {
			o[n++] = (char)c;
			continue;
		}
		switch (*r->p++) {
		case '"': o[n++] = '"'; break;
		case '\\': o[n++] = '\\'; break;
		case '/': o[n++] = '/'; break;
		case 'b': o[n++] = '\b'; break;
		case 'f': o[n++] = '\f'; break;
		case 'n': o[n++] = '\n'; break;
		case 'r': o[n++] = '\r'; break;
		case 't': o[n++] = '\t'; break;
		case 'u':
			if (hex4(r, &u) < 0)
				goto bad;
			if (u == 0) {
				fail(r, "\\u0000 in string");
				goto bad;
			}
			if (u >= 0xd800 && u <= 0xdbff) {
				if (r->end - r->p < 6 || r->p[0] != '\\' ||
				    r->p[1] != 'u') {
					fail(r, "lone surrogate");
					goto bad;
				}
				r->p += 2;
				if (hex4(r, &lo) < 0)
					goto bad;
				if (lo < 0xdc00 || lo > 0xdfff) {
					fail(r, "bad surrogate pair");
					goto bad;
				}
				put_utf8(o, &n, 0x10000 + ((unsigned long)(u -
				    0xd800) << 10) + (lo - 0xdc00));
			} else if (u >= 0xdc00 && u <= 0xdfff) {
				fail(r, "lone surrogate");
				goto bad;
			} else {
				put_utf8(o, &n, u);
			}
			break;
		default:
			r->p--;
			fail(r, "bad escape");
			goto bad;
		}
	}
	r->p++;
	o[n] = '\0';
	*len = n;
	return o;
bad:
	free(o);
	return NULL;
}

static int
number(struct rd *r, double *out)
{
	const char *b = r->p;
	char buf[64], *end;
	size_t n;

	if (r->p < r->end && *r->p == '-')
		r->p++;
	if (r->p < r->end && *r->p == '0')
		r->p++;
	else if (r->p < r->end && *r->p >= '1' && *r->p <= '9')
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	else
		return fail(r, "bad number");
	if (r->p < r->end && *r->p == '.') {
		r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return fail(r, "bad number");
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return fail(r, "bad number");
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	n = (size_t)(r->p - b);
	if (n >= sizeof buf)
		return fail(r, "number too long");
	memcpy(buf, b, n);
	buf[n] = '\0';
	errno = 0;
	*out = strtod(buf, &end);
	return 0;
}

static int value(struct rd *r, struct jr_val *v, int depth);

/* Members of an array or object after its opening bracket. */
static int
members(struct rd *r, struct jr_val *v, int depth, int obj)
{
	size_t cap = 0;
	char close = obj ? '}' : ']';

	r->p++;
	ws(r);
	if (r->p < r->end && *r->p == close) {
		r->p++;
		return 0;
	}
	for (;;) {
		char *key = NULL;
		size_t klen;

		if (v->n == cap) {
			size_t nc = cap ? cap * 2 : 4;
			struct jr_val *ni = realloc(v->items,
			    nc * sizeof *ni);

			if (!ni)
				return fail(r, "out of memory");
			v->items = ni;
			if (obj) {
				char **nk = realloc(v->keys, nc * sizeof *nk);

				if (!nk)
					return fail(r, "out of memory");
				v->keys = nk;
			}
			cap = nc;
		}
		ws(r);
		if (obj) {
			if (r->p >= r->end || *r->p != '"')
				return fail(r, "expected a key");
			if (!(key = string(r, &klen)))
				return -1;
			ws(r);
			if (r->p >= r->end || *r->p != ':') {
				free(key);
				return fail(r, "expected ':'");
			}
			r->p++;
		}
		memset(&v->items[v->n], 0, sizeof v->items[v->n]);
		if (obj)
			v->keys[v->n] = key;
		v->n++;
		if (value(r, &v->items[v->n - 1], depth + 1) < 0)
			return -1;
		ws(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == close) {
			r->p++;
			return 0;
		}
		return fail(r, "expected ',' or '%c'", close);
	}
}

static int
literal(struct rd *r, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
		return fail(r, "bad literal");
	r->p += n;
	return 0;
}

static int
value(struct rd *r, struct jr_val *v, int depth)
{
	if (depth > JR_MAX_DEPTH)
		return fail(r, "nested deeper than %d", JR_MAX_DEPTH);
	if (++r->nodes > JR_MAX_NODES)
		return fail(r, "more than %d values", JR_MAX_NODES);
	ws(r);
	if (r->p >= r->end)
		return fail(r, "expected a value");
	switch (*r->p) {
	case '{':
		v->type = JR_OBJ;
		return members(r, v, depth, 1);
	case '[':
		v->type = JR_ARR;
		return members(r, v, depth, 0);
	case '"':
		v->type = JR_STR;
		return (v->str = string(r, &v->n)) ? 0 : -1;
	case 't':
		v->type = JR_BOOL;
		v->b = 1;
		return literal(r, "true");
	case 'f':
		v->type = JR_BOOL;
		return literal(r, "false");
	case 'n':
		v->type = JR_NULL;
		return literal(r, "null");
	default:
		v->type = JR_NUM;
		return number(r, &v->num);
	}
}

int
jr_parse(const char *s, size_t len, struct jr_val **out, char *err,
    size_t errlen)
{
	struct rd r = { s, s + len, s, 0, err, errlen, 0 };
	struct jr_val *v = calloc(1, sizeof *v);

	*out = NULL;
	if (errlen)
		err[0] = '\0';
	if (!v) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (value(&r, v, 0) == 0) {
		ws(&r);
		if (r.p == r.end) {
			*out = v;
			return 0;
		}
		fail(&r, "text after the value");
	}
	jr_free(v);
	return -1;
}

const struct jr_val *
jr_get(const struct jr_val *v, const char *key)
{
	size_t i;

	if (!v || v->type != JR_OBJ)
		return NULL;
	for (i = 0; i < v->n; i++)
		if (strcmp(v->keys[i], key) == 0)
			return &v->items[i];
	return NULL;
}

const struct jr_val *
jr_path(const struct jr_val *v, const char *path)
{
	const char *dot;
	size_t n, i;

	while (v && *path) {
		dot = strchr(path, '.');
		n = dot ? (size_t)(dot - path) : strlen(path);
		if (v->type != JR_OBJ)
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

const struct jr_val *
jr_at(const struct jr_val *v, size_t i)
{
	return v && v->type == JR_ARR && i < v->n ? &v->items[i] : NULL;
}

const char *
jr_str(const struct jr_val *v, const char *dflt)
{
	return v && v->type == JR_STR ? v->str : dflt;
}

double
jr_num(const struct jr_val *v, double dflt)
{
	return v && v->type == JR_NUM ? v->num : dflt;
}

int
jr_bool(const struct jr_val *v, int dflt)
{
	return v && v->type == JR_BOOL ? v->b : dflt;
}
