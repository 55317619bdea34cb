/* SPDX-License-Identifier: Apache-2.0 */
/*
 * json_write.c - the JSON writer of json.h: values appended to a growable
 * buffer, commas put by the writer, strings escaped and kept UTF-8,
 * integers exact, doubles in their shortest round-tripping form.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hla.h"
#include "json.h"

void
json_w_init(struct json_w *w, unsigned flags)
{
	memset(w, 0, sizeof *w);
	w->flags = flags;
}

void
json_w_free(struct json_w *w)
{
	free(w->p);
	json_w_init(w, w->flags);
}

/* Room for n more bytes and a NUL: 0, or -1 with w->err set. */
static int
reserve(struct json_w *w, size_t n)
{
	size_t cap;
	char *q;

	if (w->err)
		return -1;
	if (w->cap - w->len > n)
		return 0;
	cap = w->cap ? w->cap : 256;
	while (cap - w->len <= n) {
		if (cap > SIZE_MAX / 2) {
			w->err = JSON_ENOMEM;
			return -1;
		}
		cap *= 2;
	}
	if ((q = realloc(w->p, cap)) == NULL) {
		w->err = JSON_ENOMEM;
		return -1;
	}
	w->p = q;
	w->cap = cap;
	return 0;
}

static void
put(struct json_w *w, const char *s, size_t n)
{
	if (reserve(w, n) < 0)
		return;
	memcpy(w->p + w->len, s, n);
	w->len += n;
}

static inline void
put_c(struct json_w *w, char c)
{
	if (w->cap - w->len > 1 || reserve(w, 1) == 0)
		w->p[w->len++] = c;
}

/* 1 when byte c of a string is written as it is: ASCII but controls,
 * '"' and '\\' (and with JSON_W_HTML, '<', '>', '&' and DEL). */
static inline int
plain(unsigned char c)
{
	return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

static inline int
plain_html(unsigned char c)
{
	return plain(c) && c != '<' && c != '>' && c != '&' && c != 0x7f;
}

/* s[0..n) as the inside of a JSON string. */
static void
put_escaped(struct json_w *w, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const uint8_t *u = (const uint8_t *)s;
	int html = (w->flags & JSON_W_HTML) != 0;
	size_t i = 0, run;
	uint32_t cp;

	while (i < n) {
		run = i;
		if (html)
			while (run < n && plain_html(u[run]))
				run++;
		else
			while (run < n && plain(u[run]))
				run++;
		put(w, s + i, run - i);
		if ((i = run) >= n)
			break;
		if (u[i] >= 0x80) {
			if (hla_utf8_next(u, n, &run, &cp) == 0) {
				put(w, s + i, run - i);
				i = run;
			} else {
				put(w, "\\ufffd", 6);
				i++;
			}
			continue;
		}
		switch (u[i]) {
		case '"':
			put(w, "\\\"", 2);
			break;
		case '\\':
			put(w, "\\\\", 2);
			break;
		case '\n':
			put(w, "\\n", 2);
			break;
		case '\r':
			put(w, "\\r", 2);
			break;
		case '\t':
			put(w, "\\t", 2);
			break;
		default: {
			char e[6] = { '\\', 'u', '0', '0', hex[u[i] >> 4],
			    hex[u[i] & 15] };
			put(w, e, 6);
		}
		}
		i++;
	}
}

/* The comma and the key before a value. */
static void
member(struct json_w *w, const char *key)
{
	if (w->comma)
		put_c(w, ',');
	w->comma = 1;
	if (key) {
		put_c(w, '"');
		put_escaped(w, key, strlen(key));
		put(w, "\":", 2);
	}
}

static void
open_(struct json_w *w, const char *key, char c)
{
	member(w, key);
	put(w, &c, 1);
	w->depth++;
	w->comma = 0;
}

static void
close_(struct json_w *w, char c)
{
	if (w->depth == 0) {
		if (!w->err)
			w->err = JSON_EMISUSE;
		return;
	}
	put(w, &c, 1);
	w->depth--;
	w->comma = 1;
}

void
json_w_obj(struct json_w *w, const char *key)
{
	open_(w, key, '{');
}

void
json_w_obj_end(struct json_w *w)
{
	close_(w, '}');
}

void
json_w_arr(struct json_w *w, const char *key)
{
	open_(w, key, '[');
}

void
json_w_arr_end(struct json_w *w)
{
	close_(w, ']');
}

void
json_w_strn(struct json_w *w, const char *key, const char *s, size_t n)
{
	member(w, key);
	put_c(w, '"');
	put_escaped(w, s, n);
	put_c(w, '"');
}

void
json_w_str(struct json_w *w, const char *key, const char *s)
{
	json_w_strn(w, key, s ? s : "", s ? strlen(s) : 0);
}

/* The decimal digits of m into t (room for 20); their number. */
static int
digits(uint64_t m, char *t)
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

void
json_w_u64(struct json_w *w, const char *key, uint64_t v)
{
	char t[20];

	member(w, key);
	put(w, t, (size_t)digits(v, t));
}

void
json_w_i64(struct json_w *w, const char *key, int64_t v)
{
	char t[21];

	member(w, key);
	if (v < 0) {
		t[0] = '-';
		put(w, t, 1 + (size_t)digits((uint64_t)0 - (uint64_t)v, t + 1));
	} else {
		put(w, t, (size_t)digits((uint64_t)v, t));
	}
}

/*
 * The fast path of json_w_double: d (not 0, finite) as a decimal with the
 * fewest fraction digits k <= 6 such that m / 10^k == d for an integer m
 * below 2^53.  Both m and 10^k are exact doubles, so the division is
 * correctly rounded, as strtod is: the text reads back to d exactly.  It
 * is also the shortest form there is with k fraction digits.  Writes t
 * (room for 32) and returns the length, or 0 when no such m exists (then
 * %g is used).
 */
static int
double_fixed(double d, char *t)
{
	static const double p10[] = { 1, 10, 100, 1e3, 1e4, 1e5, 1e6 };
	double a = fabs(d), x;
	char dig[24];
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
	nd = digits(m, dig);
	if (d < 0)
		t[o++] = '-';
	if (nd <= k) {          /* 0.00ddd */
		t[o++] = '0';
		t[o++] = '.';
		for (i = nd; i < k; i++)
			t[o++] = '0';
		memcpy(t + o, dig, (size_t)nd);
		o += nd;
	} else {
		memcpy(t + o, dig, (size_t)(nd - k));
		o += nd - k;
		if (k) {
			t[o++] = '.';
			memcpy(t + o, dig + nd - k, (size_t)k);
			o += k;
		}
	}
	t[o] = '\0';
	return o;
}

void
json_w_double(struct json_w *w, const char *key, double d)
{
	char t[40];
	int prec, n = 0;

	member(w, key);
	if (!isfinite(d)) {
		put(w, "null", 4);
		return;
	}
	if (d == 0) {
		if (signbit(d))
			put(w, "-0.0", 4);
		else
			put(w, "0", 1);
		return;
	}
	if ((n = double_fixed(d, t)) > 0) {
		put(w, t, (size_t)n);
		return;
	}
	for (prec = 15; prec <= 17; prec++) {
		n = snprintf(t, sizeof t, "%.*g", prec, d);
		if (strtod(t, NULL) == d)
			break;
	}
	put(w, t, (size_t)n);
}

void
json_w_bool(struct json_w *w, const char *key, int v)
{
	member(w, key);
	if (v)
		put(w, "true", 4);
	else
		put(w, "false", 5);
}

void
json_w_null(struct json_w *w, const char *key)
{
	member(w, key);
	put(w, "null", 4);
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void
json_w_base64(struct json_w *w, const char *key, const void *data,
    size_t n)
{
	const uint8_t *p = data;
	size_t i;
	char *o;

	member(w, key);
	if (n > (SIZE_MAX - 8) / 4 * 3 || reserve(w, (n + 2) / 3 * 4 + 2) < 0) {
		if (!w->err)
			w->err = JSON_ENOMEM;
		return;
	}
	o = w->p + w->len;
	*o++ = '"';
	for (i = 0; i + 2 < n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 |
		    p[i + 2];
		*o++ = b64[v >> 18];
		*o++ = b64[(v >> 12) & 63];
		*o++ = b64[(v >> 6) & 63];
		*o++ = b64[v & 63];
	}
	if (i < n) {
		uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ?
		    (uint32_t)p[i + 1] << 8 : 0);
		*o++ = b64[v >> 18];
		*o++ = b64[(v >> 12) & 63];
		*o++ = i + 1 < n ? b64[(v >> 6) & 63] : '=';
		*o++ = '=';
	}
	*o++ = '"';
	w->len = (size_t)(o - w->p);
}

void
json_w_number(struct json_w *w, const char *key, const char *text)
{
	struct json_r r;
	struct json_num num;
	size_t n = strlen(text);

	json_r_init(&r, text, n);
	if (n == 0 || (text[0] != '-' && (text[0] < '0' || text[0] > '9')) ||
	    json_r_number(&r, &num) < 0 || r.i != n) {
		if (!w->err)
			w->err = JSON_EMISUSE;
		return;
	}
	member(w, key);
	put(w, text, n);
}

int
json_w_finish(struct json_w *w, char **out, size_t *len)
{
	int err = w->err;

	*out = NULL;
	if (!err && w->depth)
		err = JSON_EMISUSE;
	if (!err && reserve(w, 0) < 0)
		err = w->err;
	if (err) {
		json_w_free(w);
		return err;
	}
	w->p[w->len] = '\0';
	*out = w->p;
	if (len)
		*len = w->len;
	w->p = NULL;
	json_w_init(w, w->flags);
	return 0;
}
